"""Peer coverage: how many of pydoclint's factual violations on its own test data docfact reports.

    python benchmarks/peer_pydoclint.py          # ~5 s here (2 cores) once the sdist is cached
    python benchmarks/peer_pydoclint.py --json FILE   # results elsewhere (default: next to this file)

What it does (issue 28, "Everything the established peer proves"):

1. Uses pydoclint 0.12.0 (a benchmark-only dependency that this script imports: run it with a
   Python that has it, e.g. a virtual environment made with ``--system-site-packages``) and the ``tests/test_data`` folder of the pydoclint 0.12.0 **sdist**
   (downloaded from PyPI by ``_fetch.sdist`` into ``benchmarks/.cache``).
2. Runs pydoclint (``pydoclint.main._checkFile``, what its tests call) on every test-data file a test
   of pydoclint runs, with the options that test uses (``RUNS`` below, one row per test). Where a
   test is parametrized over several option sets, every set is run and the one giving the most
   factual violations is kept for that file (the set that "enables the most factual checks"; ties:
   the first set listed). Files no test runs (``sphinx/arg_defaults``, ``lib2to3_test_cases``,
   ``config_files``) are not used.
3. Classifies each violation as factual or not (``CODES`` below: a code is factual only when the
   docstring states something the code contradicts; completeness, order, placement and style do
   not count). Codes that mix both (DOC103/DOC503/DOC603: "in the docstring but not in the code"
   vs "in the code but not in the docstring"; DOC105/DOC203/DOC404/DOC605: a real mismatch vs two
   spellings of one type) are decided per violation from its message and the code, as written in
   ``classify``.
4. Runs ``python -m docfact check FOLDER --format json --no-cache --preview --fail-on never`` on
   each top-level test-data folder and keeps the findings on the files of step 2.
5. A factual violation is **covered** when docfact has a C1-C3 finding on the same function or
   class: a finding whose line lies between the first decorator line and the end of the docstring
   of the def pydoclint names (pydoclint reports the def line); for ``__init__`` the class's
   docstring counts too and for a class its ``__init__``'s docstring; for class-attribute codes,
   strings written under attributes in the class body count too. "Strict" coverage also requires
   the finding's rule to correspond to the code (``CODES``).
6. Prints a Markdown report and writes ``benchmarks/peer_pydoclint_results.json``: the summary, every
   miss (by code and by the capability docfact lacks) and every docfact finding there that no
   factual violation matched ("extras", keyed like ``peer_pydoclint_extras_labels.jsonl``, the
   hand audit of them).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import itertools
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _fetch import ensure_pydoclint, sdist

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PYDOCLINT = "0.12.0"
STYLES = ("google", "numpy", "sphinx")
LABELS = HERE / "peer_pydoclint_extras_labels.jsonl"



# =============================================================================================
# How pydoclint's own tests run each file (tests/test_main.py, test_edge_cases.py, ...)
# =============================================================================================


def grid(**choices: list[Any]) -> list[dict[str, Any]]:
    """Every combination of the parametrized options of one test."""
    keys = list(choices)
    return [dict(zip(keys, vals)) for vals in itertools.product(*(choices[k] for k in keys))]


FT = [False, True]
# (file glob under test_data/{style}/, option sets, the test of pydoclint that runs it, styles)
STYLE_RUNS: list[tuple[str, list[dict[str, Any]], str, tuple[str, ...]]] = [
    ("args/*.py", grid(checkArgOrder=FT, checkReturnTypes=[False]), "testArguments", STYLES),
    ("class_attributes/cases.py", grid(checkClassAttributes=FT), "testClassAttributes", STYLES),
    ("class_attributes/init_docstring.py", [{"checkClassAttributes": True, "allowInitDocstring": True}],
     "testClassAttributesWithSeparatedDocstrings", STYLES),
    ("class_attributes/inline_docstring.py",
     grid(requireInlineClassVarDocs=FT, argTypeHintsInDocstring=FT, skipCheckingShortDocstrings=[False]),
     "testInlineClassAttributeDocs", STYLES),
    ("returns/*.py", [{"skipCheckingShortDocstrings": True, "requireReturnSectionWhenReturningNothing": True}],
     "testReturns", STYLES),
    ("returns/py310+/*.py", [{"skipCheckingShortDocstrings": True, "requireReturnSectionWhenReturningNothing": True}],
     "testReturnsPy310plus", STYLES),
    ("returning_none/cases.py", grid(skipCheckingShortDocstrings=[True], requireReturnSectionWhenReturningNothing=FT),
     "testReturns_returningNone", STYLES),
    ("returning_noreturn/cases.py",
     grid(skipCheckingShortDocstrings=[True], requireReturnSectionWhenReturningNothing=FT),
     "testReturns_returningNoReturn", STYLES),
    ("short_docstrings/cases.py", grid(skipCheckingShortDocstrings=[True, False], checkReturnTypes=[True]),
     "testSkipCheckingShortDocstrings", STYLES),
    ("init/init.py", [{}], "testInit", STYLES),
    ("allow_init_docstring/cases.py", [{"allowInitDocstring": True}], "testAllowInitDocstring", STYLES),
    ("yields/cases.py", [{"checkReturnTypes": False}], "testYields", STYLES),
    ("yields/py310+/cases.py", [{"checkReturnTypes": False}], "testYieldsPy310plus", STYLES),
    ("return_and_yield/cases.py", [{"checkReturnTypes": True, "checkYieldTypes": True}], "testReturnAndYield", STYLES),
    ("raises/cases.py",
     grid(skipCheckingRaises=FT, shouldDeclareAssertErrorIfAssertStatementExists=FT,
          argTypeHintsInSignature=[False], argTypeHintsInDocstring=[False], checkReturnTypes=[False]),
     "testRaises", STYLES),
    ("raises/py310+/cases.py",
     grid(skipCheckingRaises=FT, argTypeHintsInSignature=[False], argTypeHintsInDocstring=[False],
          checkReturnTypes=[False]),
     "testRaisesPy310plus", STYLES),
    ("star_args/cases.py", [{}], "testStarsInArgumentList", STYLES),
    ("star_args/cases2.py",
     [{"argTypeHintsInSignature": True, "argTypeHintsInDocstring": False, "allowInitDocstring": True}],
     "testStarsInArgumentList2", STYLES),
    ("star_args/cases3.py", [{"omitStarsWhenDocumentingVarargs": True}], "testStarsInArgumentList3", STYLES),
    ("no_return_section/cases.py", grid(checkReturnTypes=[False], requireReturnSectionWhenReturningNothing=FT),
     "testNoReturnSection", STYLES),
    ("no_yield_section/cases.py", grid(requireYieldSectionWhenYieldingNothing=FT), "testNoYieldSection", STYLES),
    ("property_method/cases.py", [{"skipCheckingShortDocstrings": True}], "testPropertyMethod", STYLES),
    ("abstract_method/cases.py", grid(checkReturnTypes=FT), "testAbstractMethod", STYLES),
    ("stub_file/cases.pyi", [{}], "testStubFile", STYLES),
    ("stub_file/defaults.pyi", [{"checkArgDefaults": True, "checkClassAttributes": True}],
     "testStubFileArgDefaults", ("google", "numpy")),
    ("stub_file/untyped_defaults.pyi",
     [{"checkArgDefaults": True, "argTypeHintsInSignature": False, "argTypeHintsInDocstring": False}],
     "testStubFileUntypedArgDefaults", ("google", "numpy")),
    ("type_hints/cases.py", grid(argTypeHintsInSignature=FT, argTypeHintsInDocstring=FT), "testTypeHintChecking", STYLES),
    ("arg_defaults/cases.py", grid(argTypeHintsInDocstring=[True], checkArgDefaults=FT), "testArgDefaults",
     ("google", "numpy")),
    ("qualified_annotations/cases.py",
     [{}, *grid(skipCheckingShortDocstrings=[False], requireYieldSectionWhenYieldingNothing=FT)],
     "testQualifiedAnnotations / testQualifiedAnnotationsYieldingNothing", STYLES),
    ("qualified_annotations/cases.pyi", [{}], "testQualifiedAnnotations", STYLES),
]
_PARSING = {"checkStyleMismatch": True, "allowInitDocstring": True, "checkClassAttributes": False}
NAME_CAT = grid(ignorePrivateClassAttributes=FT, ignoreUnderscoreOnlyClassAttributes=FT,
                ignoreSpecialDunderClassAttributes=FT)
NAME_CAT_ARGS = grid(ignorePrivateArgs=FT, ignoreUnderscoreOnlyArgs=FT, ignoreSpecialDunderArgs=FT)
# (file under test_data/, option sets (each with its style), test)
OTHER_RUNS: list[tuple[str, list[dict[str, Any]], str]] = [
    ("google/parsing_errors/cases.py", [{"style": "google", **_PARSING}], "testParsingErrors_google"),
    ("sphinx/parsing_errors/cases.py", [{"style": "sphinx", **_PARSING}], "testParsingErrors_sphinx"),
    ("numpy/parsing_errors/cases.py",
     [{"style": "numpy", "argTypeHintsInDocstring": False, "argTypeHintsInSignature": False, **_PARSING}],
     "testParsingErrors_numpy"),
    ("common/style_mismatch.py", [{"style": s, "checkStyleMismatch": True} for s in STYLES], "testDocstringStyleMismatch"),
    ("common/property_method.py",
     [{"style": s, "skipCheckingShortDocstrings": False, "checkClassAttributes": False} for s in STYLES],
     "testNoReturnSectionInPropertyMethod"),
    ("common/non_ascii/non_ascii.py", [{"style": "numpy", "skipCheckingShortDocstrings": False}], "testNonAscii"),
    ("common/minimal.py", [{"style": "numpy"}], "test_parse_config / test_flake8_entry (defaults)"),
    *((f"style_mismatch/{f}", [{"style": s, "checkStyleMismatch": True} for s in STYLES],
       "testStyleMismatch*") for f in ("this_can_be_any_style.py", "google_pure.py", "numpy_pure.py",
                                       "sphinx_pure.py", "mixed_styles.py")),
    ("name_category_options/class_attributes.py",
     [{"style": "numpy", "argTypeHintsInDocstring": False, **o} for o in NAME_CAT],
     "testClassAttributeNameCategoryOptions"),
    ("name_category_options/documented_class_attributes.py",
     [{"style": "numpy", "argTypeHintsInDocstring": False, **o} for o in NAME_CAT],
     "testIgnoredClassAttributeNamesAreExactExtras"),
    ("name_category_options/function_arguments.py",
     [{"style": "google", "argTypeHintsInDocstring": False, **o} for o in NAME_CAT_ARGS],
     "testFunctionArgumentNameCategoryOptions"),
    ("name_category_options/argument_categories.py",
     [{"style": "google", "argTypeHintsInDocstring": False, **o} for o in NAME_CAT_ARGS],
     "test_flake8_entry (argument name categories)"),
    ("name_category_options/underscore_only_function_argument.py",
     [{"style": "google", "argTypeHintsInDocstring": False, "ignoreUnderscoreOnlyArgs": v} for v in (True, False)],
     "test_flake8_entry (underscore-only args)"),
    *((f"noqa/sample_{s}.py", [{"style": s, "nativeModeNoqaLocation": loc} for loc in ("docstring", "definition")],
       "test_native_mode_noqa") for s in STYLES),
    ("playground.py", [{"style": "google"}], "test_playground"),
]


def edge_case_runs(test_file: Path) -> list[tuple[str, list[dict[str, Any]], str]]:
    """The (file, options) pairs of ``testEdgeCases``, read from the test's parametrize literal."""
    tree = ast.parse(test_file.read_text(encoding="utf-8"))
    found: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) == 3 and isinstance(node.elts[0], ast.Constant) \
                and isinstance(node.elts[0].value, str) and isinstance(node.elts[1], ast.Dict):
            try:
                opts = ast.literal_eval(node.elts[1])
            except ValueError:
                continue
            found[node.elts[0].value].append(opts)
    return [(f"edge_cases/{name}", opts, "testEdgeCases") for name, opts in found.items()]


def all_runs(data: Path) -> list[tuple[Path, list[dict[str, Any]], str]]:
    runs: list[tuple[Path, list[dict[str, Any]], str]] = []
    for pattern, sets, test, styles in STYLE_RUNS:
        for style in styles:
            for p in sorted((data / style).glob(pattern)):
                runs.append((p, [{"style": style, **s} for s in sets], test))
    for rel, sets, test in [*OTHER_RUNS, *edge_case_runs(data.parent / "test_edge_cases.py")]:
        runs.append((data / rel, sets, test))
    return runs


# =============================================================================================
# Which pydoclint codes are factual
# =============================================================================================

# code -> (factual?, docfact rules that correspond (strict coverage), why)
CODES: dict[str, tuple[str, tuple[str, ...], str]] = {
    "DOC001": ("no", (), "the docstring could not be parsed: formatting, not content"),
    "DOC002": ("no", (), "the file has a syntax error"),
    "DOC003": ("no", (), "the docstring is written in another style than configured"),
    "DOC101": ("no", (), "an argument is missing from the docstring: completeness"),
    "DOC102": ("no", (), "count only (more documented than real); the names are reported by DOC103, counted there"),
    "DOC103": ("mixed", ("C1.unknown-param",),
               "factual only for names in the docstring but not in the signature (modulo `*`/`**`); "
               "names missing from the docstring are completeness"),
    "DOC104": ("no", (), "arguments documented in another order: style"),
    "DOC105": ("mixed", ("C2.param-type", "C2.param-type-default", "C2.param-type-use", "C3.wrong-default",
                         "C3.required-documented-optional"),
               "factual when a documented type (or `default=`) contradicts the annotation (or default); "
               "two spellings of one type (`List[int]`/`list[int]`, `Optional[X]`/`X | None`) are not"),
    "DOC106": ("no", (), "no type hints in the signature: an option about annotations"),
    "DOC107": ("no", (), "some signature type hints missing: an option about annotations"),
    "DOC108": ("no", (), "type hints present although the option says none: style"),
    "DOC109": ("no", (), "no types in the docstring: completeness"),
    "DOC110": ("no", (), "some docstring types missing: completeness"),
    "DOC111": ("no", (), "types in the docstring although the option says none: style"),
    "DOC201": ("no", (), "no Returns section: completeness"),
    "DOC202": ("yes", ("C2.return-type", "C2.generator-return", "C3.not-generator"),
               "a Returns section on a function that has no return value and no annotation "
               "(not counted for stub/abstract bodies or a documented `None`)"),
    "DOC203": ("mixed", ("C2.return-type", "C2.generator-return", "C2.return-shape"),
               "factual when both the documented and annotated return types exist and differ "
               "(a type missing on one side, or one type spelled two ways, is not)"),
    "DOC301": ("no", (), "__init__ has its own docstring: placement"),
    "DOC302": ("no", (), "Returns section in the class docstring: placement (calling a class does return an instance)"),
    "DOC303": ("yes", ("C2.return-type", "C2.return-on-void"),
               "a Returns section on __init__, which returns nothing"),
    "DOC304": ("no", (), "arguments in the class docstring instead of __init__: placement"),
    "DOC305": ("no", (), "Raises in the class docstring instead of __init__: placement"),
    "DOC306": ("yes", ("C3.not-generator", "C2.yield-type"),
               "a Yields section in a class docstring: calling a class never yields"),
    "DOC307": ("yes", ("C3.not-generator", "C2.yield-type"),
               "a Yields section on __init__, which cannot yield"),
    "DOC402": ("no", (), "no Yields section: completeness"),
    "DOC403": ("mixed", ("C3.not-generator", "C2.yield-type"),
               "factual when the function's own body has no `yield` and its annotation is not an iterator "
               "(a generator whose annotation is wrong is an annotation problem, not a false docstring)"),
    "DOC404": ("mixed", ("C2.yield-type",),
               "factual when both the documented and annotated yield types exist and differ"),
    "DOC405": ("no", (), "both return and yield: advice about the annotation"),
    "DOC501": ("no", (), "no Raises section: completeness"),
    "DOC502": ("yes", ("C3.raises-not-raised",),
               "a Raises section on a body with no raise (not counted for stub/abstract bodies or a documented "
               "AssertionError with an assert)"),
    "DOC503": ("mixed", ("C3.raises-not-raised",),
               "factual only for exceptions in the docstring that the body does not raise; "
               "raised-but-undocumented is completeness"),
    "DOC504": ("no", (), "asserts but no Raises section: completeness"),
    "DOC601": ("no", (), "class attributes missing from the docstring: completeness"),
    "DOC602": ("no", (), "count only; the names are reported by DOC603, counted there"),
    "DOC603": ("mixed", ("C1.unknown-attribute",),
               "factual only for documented attributes the class defines nowhere (class body, `self.x = ...`, "
               "properties); attributes missing from the docstring are completeness"),
    "DOC604": ("no", (), "attributes documented in another order: style"),
    "DOC605": ("mixed", ("C2.param-type",),
               "factual when a documented attribute type contradicts its annotation"),
    "DOC606": ("no", (), "an attribute documented inline instead of in the class docstring: placement"),
    "DOC607": ("no", (), "Attributes section although documented inline: placement"),
}

_ALIASES = {"List": "list", "Dict": "dict", "Tuple": "tuple", "Set": "set", "FrozenSet": "frozenset",
            "Type": "type", "DefaultDict": "defaultdict", "Deque": "deque", "Text": "str"}


def canon_type(s: str | None) -> str:
    """One spelling per type: typing aliases, `Optional`/`Union`/`|` as a sorted union, no quotes."""
    s = (s or "").strip().strip("`").strip()
    s = re.sub(r",?\s*\boptional\b\s*$", "", s).strip()
    s = re.sub(r"\b(?:typing|typing_extensions|collections\.abc|collections|t)\.", "", s)
    if not s:
        return ""
    try:
        node = ast.parse(s, mode="eval").body
    except SyntaxError:
        return re.sub(r"\s+", "", s)

    def members(n: ast.expr) -> list[str]:
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.BitOr):
            return members(n.left) + members(n.right)
        if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id in ("Union", "Optional"):
            elts = n.slice.elts if isinstance(n.slice, ast.Tuple) else [n.slice]
            out = [m for e in elts for m in members(e)]
            return [*out, "None"] if n.value.id == "Optional" else out
        return [one(n)]

    def one(n: ast.expr) -> str:
        if isinstance(n, ast.Constant):
            return "None" if n.value is None else (str(n.value) if isinstance(n.value, str) else repr(n.value))
        if isinstance(n, ast.Name):
            return _ALIASES.get(n.id, n.id)
        if isinstance(n, ast.Subscript):
            if isinstance(n.value, ast.Name) and n.value.id in ("Union", "Optional"):
                return "|".join(sorted(set(members(n))))
            elts = n.slice.elts if isinstance(n.slice, ast.Tuple) else [n.slice]
            return f"{one(n.value)}[{','.join(canon(e) for e in elts)}]"
        if isinstance(n, ast.Attribute):
            return f"{one(n.value)}.{n.attr}"
        if isinstance(n, (ast.List, ast.Tuple)):
            return "[" + ",".join(canon(e) for e in n.elts) + "]"
        return re.sub(r"\s+", "", ast.unparse(n))

    def canon(n: ast.expr) -> str:
        return "|".join(sorted(set(members(n))))

    return canon(node)


def same_type(a: str | None, b: str | None) -> bool:
    """One type spelled two ways, or one side `Any` where the other is specific (not a contradiction)."""
    ca, cb = canon_type(a), canon_type(b)
    if ca == cb:
        return True

    def pattern(c: str) -> str:
        return "^" + re.escape(c).replace("Any", "[^|]*?") + "$"
    return bool(re.match(pattern(ca), cb) or re.match(pattern(cb), ca))


def canon_default(s: str | None) -> str:
    s = (s or "").strip().strip("`").strip()
    try:
        return repr(ast.literal_eval(s))
    except (ValueError, SyntaxError):  # a bare word: the string written without quotes
        return repr(s) if re.fullmatch(r"[\w.-]+", s) and s not in ("None", "True", "False") else re.sub(r"\s+", "", s)


def _split_default(hint: str) -> tuple[str, str | None]:
    """``int, default=3`` / ``int, default 3`` / ``int, defaults to 3`` / ``int = 3`` -> (type, default),
    splitting only at the top level (not inside brackets or quotes: ``Annotated[int, 'a, default=3']``)."""
    hint = (hint or "").strip().strip("`").strip()
    depth, quote = 0, ""
    for i, ch in enumerate(hint):
        if quote:
            quote = "" if ch == quote else quote
            continue
        if ch in "'\"":
            quote = ch
        elif ch in "[(<{":
            depth += 1
        elif ch in "])>}":
            depth -= 1
        elif depth == 0 and ch in ",=":
            m = re.match(r"(?:,\s*defaults?(?:\s+to)?\s*[=:]?|=)\s*(.*)$", hint[i:], re.S | re.I)
            if m:
                return hint[:i].strip(), re.sub(r"\s*#.*$", "", m.group(1)).strip()
    return hint, None


def _list_items(s: str) -> list[str]:
    """Items of a printed list ``['a', 'b']`` or ``[a: int, b: str]`` (top-level commas only)."""
    s = s.strip()
    if s.startswith("[") and s.endswith("]"):
        s = s[1:-1]
    out, depth, cur, quote = [], 0, "", ""
    for ch in s:
        if quote:
            if ch == quote:
                quote = ""
            else:
                cur += ch
            continue
        if ch in "'\"":
            quote = ch
            continue
        depth += ch in "[(<{"
        depth -= ch in "])>}"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [x for x in [*out, cur.strip()] if x]


# =============================================================================================
# The code pydoclint names
# =============================================================================================

Def = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


class FileInfo:
    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.tree: ast.Module | None = ast.parse(path.read_text(encoding="utf-8-sig"))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            self.tree = None
        self.parent: dict[ast.AST, ast.AST] = {}
        self.defs: list[Def] = []
        if self.tree is not None:
            for n in ast.walk(self.tree):
                for ch in ast.iter_child_nodes(n):
                    self.parent[ch] = n
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    self.defs.append(n)

    def node_at(self, line: int, qual: str | None) -> Def | None:
        name = (qual or "").rsplit(".", 1)[-1]
        cands = [d for d in self.defs if d.lineno == line]
        named = [d for d in cands if d.name == name]
        return (named or cands or [None])[0]

    def doc_span(self, node: Def) -> tuple[int, int]:
        start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        end = node.body[0].lineno - 1 if node.body else node.lineno
        b0 = node.body[0] if node.body else None
        if isinstance(b0, ast.Expr) and isinstance(b0.value, ast.Constant) and isinstance(b0.value.value, str):
            end = b0.end_lineno or b0.lineno
        return start, max(end, node.lineno)

    def spans(self, node: Def, code: str) -> list[tuple[int, int]]:
        out = [self.doc_span(node)]
        par = self.parent.get(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "__init__" \
                and isinstance(par, ast.ClassDef):
            out.append(self.doc_span(par))
        if isinstance(node, ast.ClassDef):
            for ch in node.body:
                if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef)) and ch.name == "__init__":
                    out.append(self.doc_span(ch))
            if code.startswith("DOC6"):  # attributes documented inline, under the assignment
                for ch in node.body[1:]:
                    if isinstance(ch, ast.Expr) and isinstance(ch.value, ast.Constant) and isinstance(ch.value.value, str):
                        out.append((ch.lineno, ch.end_lineno or ch.lineno))
        return out


def _own_nodes(node: ast.AST) -> list[ast.AST]:
    """The nodes of a def's own body (not nested defs, classes or lambdas)."""
    out, stack = [], list(ast.iter_child_nodes(node))
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        out.append(n)
        stack.extend(ast.iter_child_nodes(n))
    return out


def _stub_body(node: Def) -> bool:
    """``...``, ``pass`` or ``raise NotImplementedError`` only (after the docstring), or abstract."""
    body = list(node.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    if any(re.search(r"abstract|overload", ast.unparse(d)) for d in node.decorator_list):
        return True
    for st in body:
        if isinstance(st, ast.Pass) or (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant)):
            continue
        if isinstance(st, ast.Raise) and st.exc is not None and "NotImplementedError" in ast.unparse(st.exc):
            continue
        return False
    return True


def _signature(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple[str | None, str | None]]:
    """name (stars stripped) -> (annotation, default) as source text."""
    a = node.args
    pos = [*a.posonlyargs, *a.args]
    defaults: dict[str, ast.expr | None] = {x.arg: None for x in pos}
    for x, d in zip(pos[len(pos) - len(a.defaults):], a.defaults):
        defaults[x.arg] = d
    for x, d in zip(a.kwonlyargs, a.kw_defaults):
        defaults[x.arg] = d
    out: dict[str, tuple[str | None, str | None]] = {}
    for x in [*pos, *a.kwonlyargs, *(v for v in (a.vararg, a.kwarg) if v)]:
        d = defaults.get(x.arg)
        out[x.arg] = (ast.unparse(x.annotation) if x.annotation else None, ast.unparse(d) if d is not None else None)
    return out


def _class_attrs(node: ast.ClassDef) -> dict[str, str | None]:
    """Names a class defines (class body, `self.x = ...` anywhere in it, methods/properties) -> annotation."""
    out: dict[str, str | None] = {}
    for n in ast.walk(node):
        if isinstance(n, ast.AnnAssign):
            t = n.target
            if isinstance(t, ast.Name) or (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                                           and t.value.id == "self"):
                out[t.id if isinstance(t, ast.Name) else t.attr] = ast.unparse(n.annotation)
        elif isinstance(n, (ast.Assign, ast.AugAssign)):
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                for e in (t.elts if isinstance(t, ast.Tuple) else [t]):
                    if isinstance(e, ast.Name):
                        out.setdefault(e.id, None)
                    elif isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "self":
                        out.setdefault(e.attr, None)
    for ch in node.body:
        if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.setdefault(ch.name, None)
    return out


def _docstring_parts(node: Def, style: str) -> Any:
    from pydoclint.utils.doc import Doc

    try:
        return Doc(ast.get_docstring(node) or "", style)
    except Exception:  # pydoclint's parser failing: nothing to compare
        return None


def _malformed(ann: str) -> bool:
    try:
        node = ast.parse(ann, mode="eval").body
    except SyntaxError:
        return False
    if not isinstance(node, ast.Subscript):
        return False
    name = ast.unparse(node.value).rsplit(".", 1)[-1]
    n = len(node.slice.elts) if isinstance(node.slice, ast.Tuple) else 1
    return (name in ("Generator",) and n > 3) or (name in ("Iterator", "Iterable", "AsyncIterator",
                                                                    "AsyncIterable") and n > 1)


def _documents_none(doc: Any) -> bool:
    """The Returns section says only `None` (as its type or as its whole text)."""
    rs = getattr(doc, "returnSection", None) or []
    return bool(rs) and all(canon_type(r.argType or r.argDescr or "") == "None" for r in rs)


_ITER = re.compile(r"\b(?:Iterator|Iterable|Generator|AsyncIterator|AsyncIterable|AsyncGenerator)\b")


def classify(v: dict[str, Any], fi: FileInfo) -> tuple[bool, str]:
    """(factual?, why) for one violation of a code marked mixed/yes; `why` names the detail."""
    code, msg, style = v["code"], v["message"], v["style"]
    kind = CODES.get(code, ("no", (), ""))[0]
    if kind == "no":
        return False, "not a factual code"
    node = fi.node_at(v["line"], v["qual"])
    if node is None:
        return False, "def not found at the reported line"
    if code == "DOC103":
        m = re.search(r"Arguments in the docstring but not in the function signature: (\[.*?\])\.", msg)
        if not m or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False, "only arguments missing from the docstring"
        real = {k.lstrip("*") for k in _signature(node)}
        extra = [e.split(":")[0].strip().lstrip("*").replace("\\", "") for e in _list_items(m.group(1))]
        extra = [e for e in extra if e not in real]
        return (True, "documented argument(s) not in the signature: " + ", ".join(extra)) if extra \
            else (False, "documented names exist in the signature (other spelling)")
    if code == "DOC105":
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False, "not a function"
        names = _list_items(msg.split("do not match:", 1)[-1].split(" . (Note")[0].strip().rstrip("."))
        pairs: list[tuple[str, str]] = []
        v["type_pairs"] = pairs
        doc = _docstring_parts(node, style)
        par = fi.parent.get(node)
        if (doc is None or not doc.argList.infoList) and node.name == "__init__" and isinstance(par, ast.ClassDef):
            doc = _docstring_parts(par, style)  # arguments of __init__ documented in the class docstring
        if doc is None:
            return False, "docstring not parsed"
        dargs = {a.name.lstrip("*").replace("\\", ""): a.typeHint for a in doc.argList.infoList}
        sig = {k.lstrip("*"): t for k, t in _signature(node).items()}
        wrong = []
        for name in names:
            name = name.lstrip("*")
            if name not in dargs or name not in sig:
                continue
            dtype, ddef = _split_default(dargs[name])
            ann, default = sig[name]
            if ann is not None and dtype and not same_type(dtype, ann):
                wrong.append(f"{name}: type `{dtype}` vs `{ann}`")
                pairs.append((dtype, ann))
            elif ddef and default is not None and "..." not in (ddef, default) \
                    and canon_default(ddef) != canon_default(default):
                wrong.append(f"{name}: default `{ddef}` vs `{default}`")
        return (True, "; ".join(wrong)) if wrong else (False, "same types, other spelling (or a side missing)")
    if code in ("DOC203", "DOC404"):
        m = re.search(r"(?:annotation types?|Iterator\[\.\.\.\]\)|AsyncIterator\[\.\.\.\]\)|\.\.\.\]\)):\s*(\[.*?\]|[^;]*);"
                      r"\s*docstring \"?(?:return|yields?)\"? section types?:\s*(\[.*?\]|.*?)\.?$", msg)
        if not m:
            return False, "count mismatch or unparsed message"
        code_t = [t for t in _list_items(m.group(1)) if t]
        doc_t = [t for t in _list_items(m.group(2)) if t]
        if not code_t or not doc_t:
            return False, "a type missing on one side"
        ann = ast.unparse(node.returns) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns \
            else ""
        if _malformed(ann):
            return False, "a malformed annotation (Generator without 3 arguments, Iterator with 2)"
        if code_t and all(re.fullmatch(r"(?:\w+\.)*(?:Async)?(?:Generator|Iterator|Iterable)", t) for t in code_t):
            return False, "a bare Generator/Iterator annotation: the item and return types are unknown"
        if (len(doc_t) == len(code_t) and all(same_type(a, b) for a, b in zip(doc_t, code_t))) \
                or same_type(", ".join(doc_t), ", ".join(code_t)) \
                or same_type(f"tuple[{', '.join(doc_t)}]", ", ".join(code_t)):
            return False, "same types, other spelling"
        v["type_pairs"] = [(", ".join(doc_t), ", ".join(code_t))]
        return True, f"documented `{', '.join(doc_t)}` vs annotated `{', '.join(code_t)}`"
    if code == "DOC202":
        if _stub_body(node) or fi.path.suffix == ".pyi":
            return False, "stub or abstract body"
        doc = _docstring_parts(node, style)
        if _documents_none(doc):
            return False, "documents a None return"
        return True, "Returns section, but no return value"
    if code == "DOC303":
        inits = [node] if isinstance(node, ast.FunctionDef) else \
            [ch for ch in node.body if isinstance(ch, ast.FunctionDef) and ch.name == "__init__"]
        if inits and _documents_none(_docstring_parts(inits[-1], style)):
            return False, "the __init__ docstring says it returns None, which is true"
    if code in ("DOC303", "DOC306", "DOC307"):
        return True, {"DOC303": "Returns on __init__", "DOC306": "Yields in a class docstring",
                      "DOC307": "Yields on __init__"}[code]
    if code == "DOC403":
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False, "not a function"
        if any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in _own_nodes(node)):
            return False, "the body yields (an annotation problem)"
        if node.returns is not None and _ITER.search(ast.unparse(node.returns)):
            return False, "annotated as an iterator"
        if (_stub_body(node) or fi.path.suffix == ".pyi") and node.returns is None:
            return False, "stub or abstract body without an annotation"
        nested = any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(node))
        return True, "Yields section, but no yield" + (" (only a nested function yields)" if nested else "")
    if code == "DOC502":
        if _stub_body(node) or fi.path.suffix == ".pyi":
            return False, "stub or abstract body"
        own = _own_nodes(node)
        doc = ast.get_docstring(node) or ""
        if any(isinstance(n, ast.Assert) for n in own) and re.search(r"\bAssertionError\b", doc):
            return False, "AssertionError documented beside an assert"
        if any(isinstance(n, ast.Raise) for n in own):
            return False, "the body raises"
        return True, "Raises section, but nothing raised"
    if code == "DOC503":
        m = re.search(r"in the docstring: (\[.*?\])\. Raised exceptions in the body: (\[.*?\])", msg)
        if not m:
            return False, "unparsed message"
        body = {x.split(".")[-1] for x in _list_items(m.group(2))}
        extra = [x for x in _list_items(m.group(1)) if x.split(".")[-1] not in body]
        return (True, "documented exception(s) not raised: " + ", ".join(extra)) if extra \
            else (False, "raised exceptions missing from the docstring only")
    if code == "DOC603":
        m = re.search(r"(?:Attributes|Arguments) in the docstring but not in the (?:class definition|actual class "
                      r"attributes): (\[.*?\])\.", msg)
        if not m or not isinstance(node, ast.ClassDef):
            return False, "only attributes missing from the docstring"
        have = _class_attrs(node)
        extra = [e.split(":")[0].strip().replace("\\", "") for e in _list_items(m.group(1))]
        extra = [e for e in extra if e not in have]
        return (True, "documented attribute(s) the class does not define: " + ", ".join(extra)) if extra \
            else (False, "documented attributes exist (instance attributes or methods)")
    if code == "DOC605":
        if not isinstance(node, ast.ClassDef):
            return False, "not a class"
        names = _list_items(msg.split("do not match:", 1)[-1].split("(Please")[0].strip().rstrip("."))
        doc = _docstring_parts(node, style)
        dattrs = {a.name: a.typeHint for a in doc.attrList.infoList} if doc is not None else {}
        have = _class_attrs(node)
        wrong = [f"{n}: `{dattrs[n]}` vs `{have[n]}`" for n in names
                 if n in dattrs and have.get(n) and _split_default(dattrs[n])[0]
                 and not same_type(_split_default(dattrs[n])[0], have[n])]
        v["type_pairs"] = [(_split_default(dattrs[n])[0], have[n] or "") for n in names
                           if n in dattrs and f"{n}: `" in "; ".join(wrong)]
        return (True, "; ".join(wrong)) if wrong else (False, "same types, other spelling (or a side missing)")
    return False, "unhandled"


# =============================================================================================
# Running pydoclint
# =============================================================================================

def run_pydoclint(path: Path, opts: dict[str, Any]) -> list[dict[str, Any]]:
    from pydoclint.main import _checkFile

    try:
        viols = _checkFile(filename=path, **opts)
    except Exception as exc:  # a crash of the peer on one file: say so, keep going
        print(f"peer_pydoclint.py: pydoclint failed on {path} with {opts}: {exc!r}", file=sys.stderr)
        return []
    out = []
    for v in viols:
        text = str(v)
        m = re.match(r"DOC\d+: (?:Method|Function|Class) `([^`]+)`", text)
        out.append({"code": v.fullErrorCode, "line": v.line, "message": text, "qual": m.group(1) if m else None,
                    "style": opts.get("style", "numpy")})
    return out


def peer_violations(data: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, FileInfo]]:
    """(every violation of the chosen option set per file, the run table, file infos)."""
    infos: dict[str, FileInfo] = {}
    chosen: list[dict[str, Any]] = []
    table: list[dict[str, Any]] = []
    for path, sets, test in all_runs(data):
        if not path.is_file():
            table.append({"file": str(path.relative_to(data)), "test": test, "skipped": "not a file"})
            continue
        rel = str(path.relative_to(data))
        fi = infos.setdefault(rel, FileInfo(path))
        best: tuple[int, int, list[dict[str, Any]], dict[str, Any]] | None = None
        for i, opts in enumerate(sets):
            viols = run_pydoclint(path, opts)
            for v in viols:
                v["file"] = rel
                v["factual"], v["detail"] = classify(v, fi)
            score = sum(v["factual"] for v in viols)
            if best is None or score > best[0]:
                best = (score, i, viols, opts)
        assert best is not None
        # one file may be run by several tests (e.g. a style and a common test): keep the best run
        prev = next((t for t in table if t.get("file") == rel and "factual" in t), None)
        if prev is not None:
            if prev["factual"] >= best[0]:
                continue
            chosen = [v for v in chosen if v["file"] != rel]
            table.remove(prev)
        # DOC403 on an __init__ whose class has DOC307 is the same sentence counted twice
        on307 = {v["qual"] for v in best[2] if v["code"] == "DOC307"}
        for v in best[2]:
            if v["code"] == "DOC403" and v["factual"] and (v["qual"] or "").endswith(".__init__") \
                    and v["qual"].rsplit(".", 1)[0] in on307:
                v["factual"], v["detail"] = False, "the same Yields section is counted as DOC307"
        chosen.extend(best[2])
        table.append({"file": rel, "test": test, "options": best[3], "option_sets_tried": len(sets),
                      "violations": len(best[2]), "factual": best[0]})
    return chosen, table, infos


# =============================================================================================
# Running docfact and matching
# =============================================================================================

def run_docfact(data: Path, files: set[str]) -> list[dict[str, Any]]:
    tops = sorted({f.split("/", 1)[0] for f in files})
    out: list[dict[str, Any]] = []
    for top in tops:
        target = data / top
        proc = subprocess.run([sys.executable, "-m", "docfact", "check", str(target), "--format", "json",
                               "--no-cache", "--preview", "--fail-on", "never", "--no-progress"],
                              capture_output=True, text=True, check=False, cwd=tempfile.gettempdir())
        try:
            res = json.loads(proc.stdout)
        except json.JSONDecodeError:
            raise SystemExit(f"docfact failed on {target}:\n{proc.stderr[-2000:]}") from None
        for f in res.get("findings", []):
            p = Path(f["path"])
            p = p if p.is_absolute() else Path(tempfile.gettempdir()) / p
            rel = str(p.resolve().relative_to(data.resolve()))
            if rel in files:
                out.append({**f, "file": rel})
    return out


def finding_key(f: dict[str, Any]) -> str:
    raw = f"{f['file']}|{f['line']}|{f['rule']}|{f.get('sentence') or ''}"
    return hashlib.sha1(raw.encode()).hexdigest()


_NUM = {"int", "float", "bool", "complex", "None"}


def type_gap(doc: str, code: str) -> str:
    """What kind of type difference docfact would have to see (for grouping misses)."""
    da, ca = set(canon_type(doc).split("|")), set(canon_type(code).split("|"))
    if da <= _NUM and ca <= _NUM and (da - {"None"}) and (ca - {"None"}):
        return "int/float/bool taken for each other"
    if (len(da) > 1 or len(ca) > 1) and da & ca:
        return "a union with a member missing on one side"
    if re.match(r"(?:Iterable|Iterator|Generator|list)\[", canon_type(doc)) and canon_type(code) in canon_type(doc):
        return "the container written for the yielded item"
    outer = {re.sub(r"\[.*", "", x) for x in da}
    if outer == {re.sub(r"\[.*", "", x) for x in ca} and any("[" in x for x in da | ca):
        return "same container, other item types"
    return "unrelated types"


# a short description of the capability a miss shows docfact lacks, from the violation's detail
def capability(v: dict[str, Any]) -> str:
    code, d = v["code"], v["detail"]
    gaps = sorted({type_gap(a, b) for a, b in v.get("type_pairs", [])})
    what = f" ({'; '.join(gaps)})" if gaps else ""
    if code == "DOC105":
        if "default" in d and "type" not in d:
            return "documented default vs the signature default"
        return "documented argument type vs annotation" + what
    if code == "DOC103":
        return "documented argument not in the signature"
    if code in ("DOC203",):
        return "documented return type vs annotation" + what
    if code == "DOC404":
        return "documented yield type vs annotation" + what
    if code in ("DOC202", "DOC303"):
        return "Returns documented on code that returns nothing"
    if code in ("DOC403", "DOC306", "DOC307"):
        return "Yields documented on code that does not yield"
    if code in ("DOC502", "DOC503"):
        return "documented exception that is not raised"
    if code == "DOC603":
        return "documented class attribute the class does not define"
    if code == "DOC605":
        return "documented class attribute type vs annotation" + what
    return code


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", default=str(HERE / "peer_pydoclint_results.json"))
    args = ap.parse_args()
    ensure_pydoclint(PYDOCLINT, "peer_pydoclint.py", in_process=True)
    data = sdist("pydoclint", PYDOCLINT) / "tests" / "test_data"
    viols, table, infos = peer_violations(data)
    files = {t["file"] for t in table if "factual" in t}
    findings = run_docfact(data, files)
    by_file: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for f in findings:
        by_file[f["file"]].append(f)

    factual = [v for v in viols if v["factual"]]
    matched: set[int] = set()
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    misses: list[dict[str, Any]] = []
    for v in factual:
        fi = infos[v["file"]]
        node = fi.node_at(v["line"], v["qual"])
        spans = fi.spans(node, v["code"]) if node is not None else [(v["line"], v["line"])]
        hits = [i for i, f in enumerate(by_file[v["file"]])
                if f["criterion"] in ("C1", "C2", "C3") and any(a <= f["line"] <= b for a, b in spans)]
        strict_rules = CODES[v["code"]][1]
        strict = [i for i in hits if by_file[v["file"]][i]["rule"] in strict_rules]
        v["covered"], v["covered_strict"] = bool(hits), bool(strict)
        v["docfact_rules"] = sorted({by_file[v["file"]][i]["rule"] for i in hits})
        matched.update((v["file"], i) for i in hits)  # type: ignore[misc]
        rows[v["code"]][0] += 1
        rows[v["code"]][1] += bool(hits)
        rows[v["code"]][2] += bool(strict)
        if not hits:
            misses.append({"file": v["file"], "line": v["line"], "code": v["code"], "qual": v["qual"],
                           "detail": v["detail"], "capability": capability(v), "message": v["message"]})
    extras = []
    for file, fs in sorted(by_file.items()):
        for i, f in enumerate(fs):
            if (file, i) in matched:
                continue
            fi = infos[file]
            near = [v["code"] for v in viols if v["file"] == file and not v["factual"]
                    and (n := fi.node_at(v["line"], v["qual"])) is not None
                    and any(a <= f["line"] <= b for a, b in fi.spans(n, v["code"]))]
            extras.append({"key": finding_key(f), "file": file, "line": f["line"], "rule": f["rule"],
                           "sentence": f.get("sentence"), "message": f.get("message"), "symbol": f.get("symbol"),
                           "pydoclint_nonfactual_here": sorted(set(near))})
    labels = {}
    if LABELS.exists():
        for line in LABELS.read_text().splitlines():
            if line.strip():
                rec = json.loads(line)
                labels[rec["key"]] = rec
    for e in extras:
        lab = labels.get(e["key"])
        e["label"] = lab["label"] if lab else None
        e["label_reason"] = lab["reason"] if lab else None

    total = len(factual)
    covered = sum(v["covered"] for v in factual)
    strict = sum(v["covered_strict"] for v in factual)
    by_cap = Counter(m["capability"] for m in misses)
    labelled = [e for e in extras if e["label"]]
    summary = {
        "pydoclint": PYDOCLINT, "files": len(files), "violations": len(viols), "factual": total,
        "covered": covered, "covered_pct": round(100 * covered / total, 1) if total else None,
        "covered_strict": strict, "covered_strict_pct": round(100 * strict / total, 1) if total else None,
        "docfact_findings": len(findings), "extras": len(extras),
        "extras_labelled": len(labelled), "extras_true": sum(e["label"] == "true" for e in labelled),
        "extras_false": sum(e["label"] == "false" for e in labelled),
    }
    nonfactual = Counter(v["code"] for v in viols if not v["factual"])
    Path(args.json).write_text(json.dumps({
        "summary": summary,
        "by_code": {k: {"factual": a, "covered": b, "covered_strict": c} for k, (a, b, c) in sorted(rows.items())},
        "not_counted": dict(sorted(nonfactual.items())),
        "not_counted_reasons": dict(Counter(f"{v['code']}: {v['detail']}" for v in viols
                                            if not v["factual"] and CODES.get(v["code"], ("no",))[0] != "no")),
        "misses_by_capability": dict(by_cap.most_common()),
        "misses": misses, "extras": extras, "runs": table,
    }, indent=1) + "\n")

    print(f"# docfact vs pydoclint {PYDOCLINT} on pydoclint's own test data\n")
    print(f"{len(files)} files of `tests/test_data` run as pydoclint's tests run them; {len(viols)} pydoclint "
          f"violations, **{total} factual**.\n")
    print(f"**Covered: {covered}/{total} ({summary['covered_pct']}%)** by any C1-C3 finding on the same def; "
          f"{strict}/{total} ({summary['covered_strict_pct']}%) by a corresponding rule.\n")
    print("| code | factual | covered | by corresponding rule | why it counts |\n|---|---:|---:|---:|---|")
    for k, (a, b, c) in sorted(rows.items()):
        print(f"| {k} | {a} | {b} | {c} | {CODES[k][2]} |")
    print("\nNot counted (completeness/style, or a mixed code's non-factual side): "
          + ", ".join(f"{k} {n}" for k, n in sorted(nonfactual.items())) + "\n")
    print("## Misses by missing capability\n\n| capability | misses |\n|---|---:|")
    for cap, n in by_cap.most_common():
        print(f"| {cap} | {n} |")
    print("\n## Misses by pydoclint code\n\n| code | misses |\n|---|---:|")
    for code, n in Counter(m["code"] for m in misses).most_common():
        print(f"| {code} | {n} |")
    print("\n## Every miss\n\n| file:line | code | def | detail |\n|---|---|---|---|")
    for m in misses:
        print(f"| {m['file']}:{m['line']} | {m['code']} | `{m['qual']}` | {m['detail']} |")
    print(f"\n## docfact findings no factual violation matched ({len(extras)}; "
          f"labelled {len(labelled)}: {summary['extras_true']} true, {summary['extras_false']} false)\n")
    print("| file:line | rule | label | sentence | message |\n|---|---|---|---|---|")
    for e in extras:
        sent = (e["sentence"] or "").replace("|", "\\|").replace("\n", " ")[:90]
        msg = (e["message"] or "").replace("|", "\\|").replace("\n", " ")[:110]
        print(f"| {e['file']}:{e['line']} | {e['rule']} | {e['label'] or '?'} | {sent} | {msg} |")
    print(f"\nWritten: {args.json}")


if __name__ == "__main__":
    main()
