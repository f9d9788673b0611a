"""How deeply a source text nests, measured on its characters before any parse.

tree-sitter-python's parser crashes the whole process (a segmentation fault, not an exception)
on a file with 511 nested blocks, and every grammar parses and extracts deeply nested brackets in
time that grows faster than the file (20,000 nested TypeScript classes: 53 s). A file that nests
deeper than :data:`MAX_DEPTH` is therefore not parsed at all: :func:`too_deep` says why, and the
file is skipped with that reason like an unreadable one. The bound is far above real code (CPython
itself refuses more than 100 indentation levels and 200 nested brackets) and far below the crash.

Both measures are linear and run at C speed (regular expressions with possessive loops that
always succeed, so nothing backtracks): indentation by the number of distinct indentations, an
upper bound of the blocks open at once whatever the strings in between; brackets by a running
sum once strings and comments are dropped.

Code nests without brackets or indentation too: a chain of calls or operators
(``a.b().b().b()...``, ``x + x + x ...``, a union of thousands of string types, ``else if``
after ``else if``) gives a syntax tree as deep as the chain is long, which the parser builds in
linear time but which the extraction pays for more than linearly: a 200 KB chain of calls took
21 s to query in JavaScript (and tree-sitter's query cursor then silently drops captures past
32,767 nested ones) and 31 s and 4 GB of callee strings in Python. :func:`refuse_deep_tree`
measures the parsed tree's depth, opening only subtrees big enough to reach the bound, and the
extractors refuse a tree deeper than :data:`MAX_TREE_DEPTH` (real code: at most 246, a union of
240 string types, in Django, scikit-learn, textual, hono and fp-ts).
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tree_sitter import Node

MAX_DEPTH = 200
MAX_TREE_DEPTH = 2000  # levels of a syntax tree (see the module docstring)
# The hard bound on indexing one file (issue 31; docfact.index.index_bound): past this much CPU
# time, its parse and extraction are stopped by a watchdog and the file is skipped with the
# reason (TooSlow); everything else is still checked. Read at each use, so a test can lower it.
INDEX_SECONDS = 2.0

# every distinct indentation of a line with content: the parser's stack of open blocks holds
# strictly increasing indentations, so it never holds more entries than there are distinct ones
_INDENT = re.compile(r"^[ \t\f]*+(?=[^ \t\f\r\n])", re.MULTILINE)

# strings and comments, each alternative matching whatever follows its opening (an unclosed
# string runs to the end of its line or of the text), so a match never fails and never backtracks
_BODY = r"(?:[^{q}\\]++|\\(?:.|\Z){extra})*+"
_TRIPLE_DQ = r'"""' + _BODY.format(q='"', extra=r'|"(?!"")') + r'(?:"""|\Z)'
_TRIPLE_SQ = r"'''" + _BODY.format(q="'", extra=r"|'(?!'')") + r"(?:'''|\Z)"
_LINE_DQ = r'"' + r'(?:[^"\\\n]++|\\(?:.|\Z))*+' + r'(?:"|(?=\n)|\Z)'
_LINE_SQ = r"'" + r"(?:[^'\\\n]++|\\(?:.|\Z))*+" + r"(?:'|(?=\n)|\Z)"
# each also drops every run of other characters, so that only the brackets are left
_PY_SKIP = re.compile("|".join([r"\#[^\n]*+", _TRIPLE_DQ, _TRIPLE_SQ, _LINE_DQ, _LINE_SQ,
                                r"""[^()\[\]{}"'\#]++"""]), re.DOTALL)
_C_SKIP = re.compile(
    "|".join([
        r"""[^()\[\]{}"'`/]++""",
        r"/(?![/*])",
        r"//[^\n]*+",
        r"/\*(?:[^*]++|\*(?!/))*+(?:\*/|\Z)",
        _TRIPLE_DQ,  # a Java text block
        _LINE_DQ,
        _LINE_SQ,
        r"`(?:[^`\\]++|\\(?:.|\Z))*+(?:`|\Z)",  # a JavaScript template, its ${...} parts included
    ]),
    re.DOTALL,
)
_DELTA = {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}


class TooDeep(ValueError):
    """A text that :func:`too_deep` refuses; the message is the reason."""


def refuse_deep(language: str | None, text: str) -> None:
    """Raise :class:`TooDeep` when ``text`` nests too deeply to be parsed (see :func:`too_deep`):
    the extractors call it before every parse, whoever gave them the text."""
    reason = too_deep(language, text)
    if reason is not None:
        raise TooDeep(reason)


def too_deep(language: str | None, text: str) -> str | None:
    """Why ``text`` (a source file of ``language``: "python", "java", "typescript" or
    "javascript") nests too deeply to be parsed safely, or None when it does not."""
    if language == "python":
        return _indentation(text) or _brackets(text, _PY_SKIP)
    if language in ("java", "typescript", "javascript"):
        return _brackets(text, _C_SKIP)
    return None


def refuse_deep_tree(root: Node, limit: int = MAX_TREE_DEPTH) -> None:
    """Raise :class:`TooDeep` when the syntax tree under ``root`` is more than ``limit`` levels
    deep. Only subtrees that hold enough nodes to reach below ``limit`` are opened (a subtree of
    ``n`` nodes is at most ``n`` levels deep), so a tree of ordinary code costs a few of its
    biggest nodes' children, not a walk of every node."""
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if depth >= limit:
            raise TooDeep(f"too deeply nested: the syntax tree is more than {limit} levels deep "
                          "(a chain of calls or operators that long is not indexed)")
        room = limit - depth  # a child holding more nodes than this may reach below the limit
        stack.extend([(child, depth + 1) for child in node.children if child.descendant_count >= room])


def _indentation(text: str) -> str | None:
    if text.count("\n") < MAX_DEPTH:
        return None
    if "\t" not in text and "\f" not in text and "\n" + " " * MAX_DEPTH not in text \
            and not text.startswith(" " * MAX_DEPTH):
        return None  # indented by spaces only, less than MAX_DEPTH of them
    levels = len(set(_INDENT.findall(text)))
    if levels > MAX_DEPTH:
        return f"too deeply nested: {levels} different indentations (more than {MAX_DEPTH} levels are not parsed)"
    return None


def _brackets(text: str, skip: re.Pattern[str]) -> str | None:
    if text.count("(") + text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    brackets = skip.sub("", text)
    depth = max(accumulate(map(_DELTA.__getitem__, brackets)), default=0)
    if depth > MAX_DEPTH:
        return f"too deeply nested: brackets {depth} deep (more than {MAX_DEPTH} are not parsed)"
    return None


class TooSlow(TooDeep):
    """A file whose indexing ran past its CPU-time bound (:data:`INDEX_SECONDS`): refused
    like a file that nests too deeply (a :class:`TooDeep`, which every caller reports as skipped
    with the reason)."""
