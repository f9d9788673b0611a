"""C2.param-type-default: a parameter documented with one type whose default in the signature
is a literal of a kind that type rules out (``sigma2 : ndarray`` with ``sigma2=1``), or a
``bool`` the body fills with a count when it is not given; listed in the checks of
:mod:`docfact.judges.c2_param_use`."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from docfact.judges.argument_uses import (
    CONVERTING,
    judged_function,
    line_evidence,
    none_tests,
    numpy_call,
    tested_before,
    type_words,
)
from docfact.judges.base import JudgeContext
from docfact.judges.default_values import sentinel_test
from docfact.judges.function_ast import body_nodes, parse_function
from docfact.judges.rules.c2_types import PARAM_TYPE_DEFAULT
from docfact.model import Entity, Finding, Segment

# documented type word -> the kinds of literal default it rules out (a ``str`` default is left
# out but for ``str`` itself: "auto", "warn" and "deprecated" are sentinels handled elsewhere)
_DEFAULT_CLASHES: dict[str, frozenset[str]] = {
    "ndarray": frozenset({"int", "float", "bool"}),
    "str": frozenset({"int", "float", "bool", "list", "dict", "tuple"}),
    "string": frozenset({"int", "float", "bool", "list", "dict", "tuple"}),
    "int": frozenset({"list", "dict", "tuple"}),
    "integer": frozenset({"list", "dict", "tuple"}),
    "float": frozenset({"list", "dict", "tuple"}),
    "dict": frozenset({"int", "float", "bool", "list", "tuple"}),
    "list": frozenset({"int", "float", "bool", "dict"}),
    "callable": frozenset({"int", "float", "bool", "list", "dict", "tuple"}),
}


# one type word, with "optional" or a default after it: "ndarray, optional", "str, default 'a'"
_ONE_WORD = re.compile(r"^\s*`*[\w.]+`*\s*(?:,\s*(?:optional|default\b.*)|\(default.*\)|\boptional)?\s*$", re.I)


# words of a description that allow a default of that kind beside the documented type
_KIND_WORDS = {k: re.compile(p, re.I) for k, p in {
    "int": r"\b(?:scalars?|numbers?|floats?|ints?|integers?)\b", "float": r"\b(?:scalars?|numbers?|floats?)\b",
    "bool": r"\b(?:bool|boolean|flag)\b", "str": r"\b(?:str|strings?|names?)\b",
    "list": r"\b(?:lists?|sequences?|iterables?|pairs)\b",
    "tuple": r"\b(?:lists?|tuples?|sequences?|iterables?|pairs)\b",
    "dict": r"\b(?:dicts?|dictionary|mappings?)\b",
}.items()}


# a description that makes a zero default mean "not given"
_ZERO_MEANS_NONE = re.compile(r"\boptional\b|\bnon-?zero\b|\bif\s+(?:given|provided|supplied|set)\b", re.I)


_FALSY = frozenset({"False", "0", "0.0", "''", '""'})


def _literal_kind(text: str) -> str | None:
    """The kind of a literal default as written (``1`` int, ``'a'`` str, ``[]`` list), else None."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    for kind in (bool, int, float, str, list, dict, tuple):
        if type(value) is kind:
            return kind.__name__
    return None


def param_type_default(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A parameter documented with one type (``sigma2 : ndarray, optional``) whose default in the
    signature is a literal of a kind that type rules out (``sigma2=1``)."""
    item = seg.field
    if item is None or item.section not in ("param", "type") or not item.name or not item.type \
            or ctx.doc.kind == "comment" or not ctx.is_python:
        return
    e = judged_function(ctx)
    name = item.name.strip().lstrip("*")
    param = next((p for p in e.params if p.name == name), None) if e is not None else None
    if e is None or param is None or param.default is None or param.annotation \
            or param.kind in ("self", "vararg", "kwarg"):
        return
    if param.default == "None":
        yield from _filled_count(ctx, seg, e, name, item.type)
        return
    members = type_words(item.type)
    if len(members) != 1 or members[0] not in _DEFAULT_CLASHES or not _ONE_WORD.match(item.type):
        return  # "list of float" may take one float too
    kind = _literal_kind(param.default)
    if kind is None or kind not in _DEFAULT_CLASHES[members[0]]:
        return
    if _KIND_WORDS[kind].search(item.description or ""):
        return  # "An OMD, dict, or list of pairs": the description widens the type to the default's kind
    if re.search(rf"(?<![\w.]){re.escape(param.default)}(?![\w.])", item.description or ""):
        return  # "a filename, or False to disable (default)": the description names the default value
    if param.default in ("0", "0.0", "0.") and _ZERO_MEANS_NONE.search(f"{item.type} {item.description or ''}"):
        return  # ``u : ndarray, optional`` "if non-zero, ...": zero is the "not given" value
    owner = ctx.entity if ctx.entity is not None and ctx.entity.kind == "class" else e
    code = owner.docless_code or owner.code
    if sentinel_test(name, param.default).search(code):
        return  # ``if title == 0:``: a sentinel the body replaces
    if param.default in _FALSY and re.search(rf"\b(?:el)?if\s+{re.escape(name)}\s*:|\b{re.escape(name)}\s+and\b", code):
        return  # ``agg=False`` then ``if agg:``: "not given", a dict when it is
    if any(CONVERTING.search(d) for d in e.decorators):
        return
    shown = item.type.strip().rstrip("\\").strip()
    yield ctx.finding(
        seg, PARAM_TYPE_DEFAULT,
        f"`{name}` is documented as `{shown}`, but its default `{param.default}` is {'an' if kind == 'int' else 'a'} "
        f"`{kind}`",
        evidence=ctx.evidence_of(e, "the signature"))


_FLAG_TYPE = re.compile(r"^\s*`*(?:bool|boolean)`*\s*(?:,\s*optional)?\s*$", re.I)
# arithmetic that treats a value as a number, not as a flag
_NUMBER_OPS = (ast.Sub, ast.Div, ast.FloorDiv, ast.Pow, ast.Mod)


def _count(node: ast.AST) -> bool:
    """Whether an expression counts something: ``len(x)``, ``a.size``/``a.ndim`` of a NumPy call,
    ``x.shape[0]``, or one of them passed through ``np.asarray``/``int``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("len", "int") \
            and len(node.args) == 1 and not node.keywords:
        return node.func.id == "len" or _count(node.args[0])
    if isinstance(node, ast.Call) and numpy_call(node) in ("asarray", "array", "int64", "intp") \
            and len(node.args) == 1 and not node.keywords:
        return _count(node.args[0])
    if isinstance(node, ast.Attribute) and node.attr in ("size", "ndim") and isinstance(node.value, ast.Call):
        return numpy_call(node.value) is not None
    return isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "shape" \
        and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int)


def _filled_count(ctx: JudgeContext, seg: Segment, e: Entity, name: str, doc_type: str) -> Iterator[Finding]:
    """A parameter documented as a ``bool`` that the body, when it is not given, sets to a count
    (``if n is None: n = len(x)``) and then uses in arithmetic (``n - 1``): it is a number."""
    if not _FLAG_TYPE.match(doc_type) or f"{name} is None" not in e.code:
        return
    fn = parse_function(ctx, e)
    if fn is None:
        return
    fill = None
    for node, _ in body_nodes(fn):
        if isinstance(node, ast.If) and none_tests(node.test) == [(name, True)]:
            for st in node.body:
                if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) \
                        and st.targets[0].id == name and _count(st.value):
                    fill = st
            break
    if fill is None or tested_before(fn, name, 10**9):
        return
    use = next((n for n, _ in body_nodes(fn) if isinstance(n, ast.BinOp) and isinstance(n.op, _NUMBER_OPS)
                and n.lineno > fill.lineno
                and any(isinstance(x, ast.Name) and x.id == name for x in (n.left, n.right))), None)
    if use is None or any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
                          and n.lineno != fill.lineno for n in ast.walk(fn)):
        return
    code_line = ast.unparse(fill)
    yield ctx.finding(
        seg, PARAM_TYPE_DEFAULT,
        f"`{name}` is documented as `{doc_type.strip()}`, but when it is not given the code sets it to a count "
        f"(`{code_line}`) and computes `{ast.unparse(use)}` with it: it is a number, not a flag",
        evidence=line_evidence(e, fill.lineno, code_line, f"the value the body gives a missing `{name}`"))
