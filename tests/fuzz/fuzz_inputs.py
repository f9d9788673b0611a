"""Input generators of the fuzz suite: docstrings of every style, Python and Java sources.

Built from fragments of real docstrings and code (section headers, field items, doctests,
directives, Javadoc tags, nesting, decorators) mixed with arbitrary text, so that generated
inputs reach deep into the parsers instead of stopping at the first error. Generators are plain
functions of a ``random.Random``: fast (Hypothesis' composite strategies cost ~10 ms per input,
these ~0.1 ms) and reproducible: case ``i`` of a test is ``random.Random(f"{seed}:{name}:{i}")``.

Profiles: ``DOCFACT_FUZZ_PROFILE=ci`` (default: seed 0, bounded case counts) or ``long``
(10x the cases and a seed from the clock, printed with every failure);
``DOCFACT_FUZZ_SCALE`` multiplies the case counts, ``DOCFACT_FUZZ_SEED`` sets the seed.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator

from hypothesis import HealthCheck, settings

PROFILE = os.environ.get("DOCFACT_FUZZ_PROFILE", "ci")
SCALE = float(os.environ.get("DOCFACT_FUZZ_SCALE", "10" if PROFILE == "long" else "1"))
SEED = os.environ.get("DOCFACT_FUZZ_SEED") or ("0" if PROFILE != "long" else str(time.time_ns()))


def count(n: int) -> int:
    """The number of cases of a test that runs ``n`` in the CI profile."""
    return max(1, int(n * SCALE))


def hypothesis_cases(n: int) -> settings:
    """Hypothesis settings for ``n`` cases (CI: derandomized, no example database)."""
    return settings(max_examples=count(n), derandomize=PROFILE != "long", database=None,
                    deadline=None, suppress_health_check=list(HealthCheck))


def generated(name: str, n: int, make: Callable[[random.Random], str]) -> Iterator[tuple[str, str]]:
    """``(case id, input)`` for the ``count(n)`` cases of test ``name``."""
    for i in range(count(n)):
        case = f"{SEED}:{name}:{i}"
        yield case, make(random.Random(case))


def text(r: random.Random, max_size: int = 20) -> str:
    """Arbitrary text: ASCII, controls, Unicode from every plane, now and then a lone surrogate
    (an editor can send one in a JSON string)."""
    n = r.randint(0, max_size)
    kind = r.random()
    if kind < 0.4:
        return "".join(chr(r.randint(32, 126)) for _ in range(n))
    if kind < 0.6:
        return "".join(chr(r.randint(0, 31)) for _ in range(n))
    out = []
    for _ in range(n):
        c = r.choice((r.randint(0, 0x7F), r.randint(0x80, 0x7FF), r.randint(0x800, 0xD7FF),
                      r.randint(0xE000, 0xFFFF), r.randint(0x10000, 0x10FFFF),
                      r.randint(0xD800, 0xDFFF) if r.random() < 0.1 else 0x20))  # lone surrogates: JSON allows them
        out.append(chr(c))
    return "".join(out)


# -- docstrings -----------------------------------------------------------------------------

WORDS = ["Return", "the", "value", "of", "``x``", "x", "y", "e.g.", "i.e.", "etc.", "vs.",
         "3.11", "f()", "a.b.c", "None", "True", "int", "list[str]", "dict", "async",
         "asynchronously", "recursively", "raises", "ValueError", "KeyError", "yields", "web",
         "crawlers", "Mr.", "Dr.", "U.S.", "...", "?", "!", ":", ";", "—", "é", "日本", "\u200b",
         "\u202e", "\t", "`", "``", "*", "**", "_", "{@code x}", "{@link Foo#bar}", "<p>",
         "@param", ":param", "->", "(", ")", "[", "]", "{", "}", "'", '"', "\\", "\\n"]

LINES = [
    "Args:", "Arguments:", "Parameters:", "Returns:", "Return:", "Yields:", "Raises:",
    "Attributes:", "Examples:", "Example:", "Note:", "Notes:", "See Also:", "Keyword Args:",
    "    x (int): The x value.", "    y: The y.", "    *args: More.", "    **kwargs: Options.",
    "    ValueError: If x is negative.", "    int: The result.", "    x (list[int], optional): Items.",
    "Parameters", "----------", "Returns", "-------", "Raises", "------", "Examples", "--------",
    "x : int", "    The x value.", "y : str, optional", "int", "    The result.",
    ":param x: The x.", ":param int x: The x.", ":type x: int", ":returns: The result.",
    ":rtype: int", ":raises ValueError: If bad.", ":ivar a: An attribute.", ":param:",
    "@param x the x", "@return the value", "@throws IOException when it fails", "@see Foo",
    "@exception X", "@param", "@return", "@author me", "{@inheritDoc}",
    ">>> f(1)", "1", ">>> for i in range(3):", "...     print(i)", "... ", ">>>", "Traceback (most recent call last):",
    ".. code-block:: python", ".. code-block::", "::", "    x = 1", ".. note::", ".. versionadded:: 1.0",
    "```python", "```", "~~~", "<pre>{@code", "}</pre>", "<pre>", "</pre>",
    "# docfact: ignore", "# docfact: ignore[C4]", "TODO: fix", "", " ", "\t", "    ", "        ",
]


def prose(r: random.Random) -> str:
    words = [r.choice(WORDS) if r.random() < 0.8 else text(r, 8) for _ in range(r.randint(0, 14))]
    return "".join(w + r.choice((" ", " ", " ", ". ", ", ", "\n", "  ")) for w in words)


def docstring_text(r: random.Random) -> str:
    """A docstring body: lines of section headers, field items, examples and prose."""
    parts = []
    for _ in range(r.randint(0, 16)):
        x = r.random()
        parts.append(r.choice(LINES) if x < 0.55 else prose(r) if x < 0.9 else text(r, 30))
    indent = r.choice(("", "    ", "  ", "\t"))
    out = "\n".join(indent + p if i else p for i, p in enumerate(parts))
    if r.random() < 0.2:
        out = out.replace("\n", r.choice(("\r\n", "\r", "\n\n")))
    return out


def py_string_body(text: str) -> str:
    """``text`` made safe inside a triple-quoted Python string (no early close)."""
    body = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"').replace("'''", "\\'\\'\\'")
    return body[:-1] + "\\" + body[-1] if body.endswith(('"', "'")) else body


def java_comment_body(text: str) -> str:
    return text.replace("*/", "* /")


# -- Python sources -------------------------------------------------------------------------

NAMES = ["f", "g", "x", "y", "value", "Store", "add", "_p", "__init__", "self", "cls", "run",
         "déjà", "async_", "match", "case", "type"]
EXPRS = ["x", "1", "None", "'s'", "b'b'", "f'{x}'", "[1, 2]", "{1: 2}", "(x, y)", "x + y",
         "g(x)", "self.items", "await g()", "lambda: 0", "[i for i in x]", "x if y else 1",
         "(yield x)", "*x", "not x", "x[0]", "x.y.z()", "...", "f'{x!r:>{y}}'", "0x_1", "1e9j"]
ANNOTATIONS = ["", ": int", ": str | None", ": list[int]", ": 'Store'", ": Callable[..., int]"]
DEFAULTS = ["", " = 1", "=None", " = 'a'"]


def python_params(r: random.Random) -> str:
    ps = [f"{name}{r.choice(ANNOTATIONS)}{r.choice(DEFAULTS)}"
          for name in r.sample(NAMES, r.randint(0, 4))]
    star = r.choice(("", "", "*args", "*", "/", "**kw"))
    if star:
        ps.append(star)
    return ", ".join(ps)


def python_statement(r: random.Random, depth: int = 0) -> list[str]:
    """One statement as lines (indented relative to its block)."""
    kind = r.randint(0, 12 if depth < 3 else 6)
    e = r.choice(EXPRS)
    if kind == 0:
        return [f"return {e}"]
    if kind == 1:
        return [f"raise {r.choice(('ValueError', 'KeyError(x)', 'Err()', ''))}"]
    if kind == 2:
        return [f"{r.choice(NAMES)}{r.choice(ANNOTATIONS)} = {e}"]
    if kind == 3:
        return [f"yield {e}"]
    if kind == 4:
        return ["# " + prose(r).replace("\n", " ").replace("\r", " ")]
    if kind == 5:
        return [r.choice(("import os", "from . import x", "from .m import (a as b, c)",
                          "from pkg.mod import *", "import a.b.c as d", "pass", "..."))]
    if kind == 6:
        return [e]
    body = python_block(r, depth + 1)
    if kind in (7, 8):
        return python_def(r, body, cls=kind == 8)
    if kind == 9:
        return [f"if {e}:", *body, "else:", *body]
    if kind == 10:
        return ["try:", *body, f"except {r.choice(('ValueError', '(A, B) as e', ''))}:",
                *body, "finally:", "    pass"]
    if kind == 11:
        return [f"with {e} as {r.choice(NAMES)}:", *body]
    return [f"for {r.choice(NAMES)} in {e}:", *body]


QUOTES = ['"""', "'''", 'r"""']


def python_def(r: random.Random, body: list[str], cls: bool) -> list[str]:
    name = r.choice(NAMES)
    deco = r.choice(("", "", "@property", "@staticmethod", "@overload", "@abc.abstractmethod",
                     "@functools.cache", "@app.route('/x')"))
    head = (f"class {name}({r.choice(('', 'Base', 'Protocol', 'Exception'))}):" if cls else
            f"{r.choice(('', 'async '))}def {name}({python_params(r)})"
            f"{r.choice(('', ' -> int', ' -> None', ' -> Iterator[str]'))}:")
    lines = [deco, head] if deco else [head]
    if r.random() < 0.6:
        q = r.choice(QUOTES)
        raw = docstring_text(r).replace("\r", "")
        doc = raw.replace(q[-3:], "").replace("\\", "") if q.startswith("r") else py_string_body(raw)
        doc_lines = doc.split("\n")
        lines.append(f"    {q}{doc_lines[0]}")
        lines += ["    " + d if d.strip() else d for d in doc_lines[1:]]
        lines[-1] += q[-3:]
    return lines + body


def python_block(r: random.Random, depth: int = 0) -> list[str]:
    stmts = [python_statement(r, depth) for _ in range(r.randint(1, 4))]
    return ["    " + line if line else line for s in stmts for line in s]


def python_source(r: random.Random) -> str:
    """A Python module: mostly well-formed, sometimes cut, spliced or sprinkled with noise."""
    lines: list[str] = []
    if r.random() < 0.5:
        lines.append(f'"""{py_string_body(docstring_text(r))}"""')
    for _ in range(r.randint(1, 6)):
        lines += python_statement(r, 0)
    return damaged(r, "\n".join(lines) + "\n")


NOISE = ["(", ")", '"""', "'", "\\", "\t", "\x0c", "\ufeff", "\u2028", "\x85", "\r", "\0", "#",
         "/*", "*/", "{", "}", "\udcff"]


def damaged(r: random.Random, src: str) -> str:
    """``src`` as is, or cut, with a span deleted, with noise inserted or with other newlines."""
    how = r.randint(0, 7)
    if how <= 2 or not src:
        return src
    i = r.randint(0, len(src))
    if how == 3:
        return src[:i]
    if how == 4:
        return src[:i] + src[r.randint(i, len(src)):]
    if how == 5:
        return src[:i] + (r.choice(NOISE) if r.random() < 0.7 else text(r, 10)) + src[i:]
    if how == 6:
        return src.replace("\n", "\r\n")
    return "\ufeff" + src


# -- Java sources ---------------------------------------------------------------------------

JTYPES = ["int", "void", "String", "List<String>", "Map<K, V>", "int[]", "T", "Object..."]
JVALUES = ["0", "null", "new X()", '"s"', "'c'", "1L"]
JNAMES = ["run", "add", "value", "x", "Store", "get", "_y", "$z", "größe"]
JSTATEMENTS = ["return x;", 'throw new IllegalArgumentException("x");', "x.y(z);", "// a comment",
               "if (x) { return; }", "for (;;) {}",
               "try { a(); } catch (IOException | RuntimeException e) { }", ""]


def javadoc(r: random.Random, indent: str) -> list[str]:
    body = java_comment_body(docstring_text(r)).replace("\r", "")
    star = r.choice((" * ", " *", "   ", " ** "))
    return [f"{indent}/**", *[f"{indent}{star}{line}" for line in body.split("\n")], f"{indent} */"]


def java_member(r: random.Random, depth: int) -> list[str]:
    ind = "    " * (depth + 1)
    lines = javadoc(r, ind) if r.random() < 0.6 else []
    kind = r.randint(0, 3 if depth < 2 else 2)
    mods = r.choice(("", "public ", "private static ", "protected final ", "abstract ", "default "))
    if kind == 0:
        lines.append(f"{ind}{mods}{r.choice(JTYPES)} {r.choice(JNAMES)} = {r.choice(JVALUES)};")
    elif kind in (1, 2):
        params = ", ".join(f"{r.choice(JTYPES)} {r.choice(JNAMES)}" for _ in range(r.randint(0, 3)))
        throws = r.choice(("", " throws IOException", " throws A, B"))
        lines += [f"{ind}{mods}{r.choice(JTYPES)} {r.choice(JNAMES)}({params}){throws} {{",
                  f"{ind}    {r.choice(JSTATEMENTS)}", f"{ind}}}"]
    else:
        lines += java_class(r, depth + 1)
    return lines


def java_class(r: random.Random, depth: int) -> list[str]:
    ind = "    " * depth
    kw = r.choice(("class", "interface", "enum", "record", "@interface"))
    rec = "(int a)" if kw == "record" else ""
    body: list[str] = [f"{ind}    A, B;"] if kw == "enum" else []
    for _ in range(r.randint(0, 3)):
        body += java_member(r, depth)
    return [f"{ind}public {kw} {r.choice(JNAMES)}{rec} {{", *body, f"{ind}}}"]


def java_source(r: random.Random) -> str:
    lines = [r.choice(("", "package com.example;", "package a.b.c;")),
             r.choice(("", "import java.util.*;", "import static x.Y.z;"))]
    if r.random() < 0.5:
        lines += javadoc(r, "")
    lines += java_class(r, 0)
    return damaged(r, "\n".join(lines) + "\n")


# -- pathological docs (issue 27): markup repeated, long tokens, deep nesting -------------------

# units whose repetition once made a pattern scan the same text again and again
PATHOLOGICAL_UNITS = [
    " ", "\t", "a", "a_", "a.", "aB", "1.", "a1", "a-", ":a", "``a``", "``a`` ", "`", "``", ":meth:",
    ":meth:`a", ":py:", "{@code ", "{@link ", "{@link a} ", "{@", "L{", "C{", "L{a <", "<pre>", "<p ",
    "<p>", "</pre>", "(", ")", "[", "{", "<", "a://", "...", "x.y(", "f()", ":param x: y\n",
    ":param", "@param x y\n", "    x (int): y\n", "- a\n", "Returns the value. ", ", default",
    "é", "\u2026", ",", ":", "*",
]


def pathological_doc(r: random.Random, max_size: int = 12_000) -> str:
    """A doc made of one to three pathological units repeated up to ``max_size`` characters,
    after an optional field opener (``:param``, ``Args:``), or markup nested deeply."""
    kind = r.random()
    size = r.randint(max_size // 8, max_size)
    if kind < 0.15:  # nesting: brackets, braces, inline tags inside each other
        opener, closer = r.choice((("(", ")"), ("[", "]"), ("{", "}"), ("{@link ", "}"), ("``", "``"),
                                   ("<p>", "</p>"), ("L{", "}"), ("<pre>", "</pre>")))
        depth = size // (len(opener) + len(closer))
        return "x " + opener * depth + "a" + closer * r.randint(0, depth)
    if kind < 0.3:  # one long token
        return r.choice(("Returns ", "Calls ", "See ", "")) + r.choice(("a", "a_", "a.", "aB", "1.", "a1", "ab-")) \
            * (size // 2) + r.choice((".", "() now.", "", "`"))
    units = r.sample(PATHOLOGICAL_UNITS, r.randint(1, 3))
    head = r.choice(("", ":param", ":type x", "Args:\n    x (", "@param ", "See ", "Summary.\n\n"))
    body = "".join(units)
    return head + body * max(1, size // len(body)) + r.choice(("", "x", ":", "`", "}", ")", "\n"))
