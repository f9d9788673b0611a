"""C2.param-type: a documented parameter type that the parameter's annotation contradicts, unless
the body tests for the documented kinds or hands the value on to a callee that may take them.
An Attributes item of a class is judged by :mod:`docfact.judges.c2_attribute_type`."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from docfact.judges.annotation_kinds import (
    annotation_kinds,
    excluded_alternatives,
    kinds_through_alias,
)
from docfact.judges.base import JudgeContext, member_of
from docfact.judges.c2_attribute_type import attribute_type
from docfact.judges.function_ast import body_nodes, parse_function
from docfact.judges.rules.c2_types import PARAM_TYPE
from docfact.judges.types import accepts, contradicts_kinds, kinds, scalar_mismatch
from docfact.lang.python.builtins import PY_BUILTIN_NAMES
from docfact.model import Entity, Finding, Segment


def param_type(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    item = seg.field
    e = ctx.entity
    if item is not None and item.section == "attribute" and e is not None and e.kind == "class":
        yield from attribute_type(ctx, seg, e)
        return
    if item is None or item.section not in ("param", "type") or not item.name or not item.type or e is None:
        return
    target = e
    if e.kind == "class":
        target = member_of(ctx.file, e, "__init__") or e
    for p in target.params:
        if p.name.lstrip("*") != item.name.strip().lstrip("*") or not p.annotation:
            continue
        doc = kinds(item.type)
        code = kinds_through_alias(ctx, target, p.annotation)
        if code is None and doc is not None and target.language == "python" and p.kind not in ("vararg", "kwarg"):
            code = annotation_kinds(ctx, target, p.annotation)
        if code is not None and p.kind in _COLLECTED:
            code = code | _COLLECTED[p.kind]  # ``**kwargs: Callable``: the doc may type the whole dict
        extra = (excluded_alternatives(doc, code) or scalar_mismatch(doc, code)) \
            if not contradicts_kinds(doc, code) else []
        if (contradicts_kinds(doc, code) or extra) and doc is not None and code is not None \
                and doc <= code | _tested_kinds(target, p.name.lstrip("*")):
            return  # ``isinstance(cols, (str, list))`` under ``cols: list``: the code takes what the doc says
        if extra and not contradicts_kinds(doc, code) and _handed_on(ctx, target, p.name.lstrip("*"), extra):
            # ``method: str`` documented "str or callable" and passed on to ``frame.corr(method=method)``:
            # what the callee accepts decides, and the annotation alone does not prove the doc wrong
            return
        converted = rf"\b(?:str|int|float|repr|bool)\(\s*{re.escape(p.name.lstrip('*'))}\s*\)"
        if extra and not contradicts_kinds(doc, code) and re.search(converted, target.docless_code or target.code):
            return  # "str or int" under ``name: str``, read as ``table[str(name)]``: the code takes both
        if contradicts_kinds(doc, code) or extra:
            fix = None
            if item.type_span:
                rel = item.type_span[0] - seg.start
                fix = ctx.fix_replace(seg, rel, rel + (item.type_span[1] - item.type_span[0]),
                                      p.annotation, f"Change the type to `{p.annotation}`")
            also = f", which admits no {' or '.join(f'`{k}`' for k in extra)}" if extra else ""
            yield ctx.finding(
                seg, PARAM_TYPE,
                f"`{p.name}` is documented as `{item.type.strip()}` but annotated `{p.annotation}`{also}",
                evidence=ctx.evidence_of(target, f"the annotation of `{p.name}`"), fix=fix)
        return


def _handed_on(ctx: JudgeContext, fn: Entity, name: str, extra: list[str]) -> bool:
    """Whether the body passes parameter ``name`` on unchanged as an argument of a call that may
    take the ``extra`` documented kinds: a call of another library's (``frame.corr(method=method)``)
    or of a project function whose parameter there is unannotated or admits them. A project
    callee annotated as narrowly as ``fn`` (``notify(target: str | Runner)``) proves nothing new."""
    if fn.language != "python" or name not in fn.code:
        return False
    tree = parse_function(ctx, fn)
    if tree is None:
        return False
    for node, _ in body_nodes(tree):
        if not isinstance(node, ast.Call) or (isinstance(node.func, ast.Name) and node.func.id in PY_BUILTIN_NAMES):
            continue
        where = _argument_place(node, name)
        if where is not None and _callee_may_take(ctx, node, where, extra):
            return True
    return False


def _argument_place(call: ast.Call, name: str) -> int | str | None:
    """Where ``call`` passes the name ``name``: its position, its keyword, or None."""
    for k in call.keywords:
        if k.arg is not None and isinstance(k.value, ast.Name) and k.value.id == name:
            return k.arg
    for i, a in enumerate(call.args):
        if isinstance(a, ast.Name) and a.id == name:
            return i
    return None


def _callee_may_take(ctx: JudgeContext, call: ast.Call, where: int | str, extra: list[str]) -> bool:
    func = call.func
    callee = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if callee is None:
        return True
    candidates = [f for f in ctx.graph.entities_named(callee) if f.kind in ("function", "method")]
    if not candidates:
        return True  # another library's function: what it accepts decides
    for f in candidates:
        params = [p for p in f.params if p.name not in ("self", "cls")]
        p = next((q for q in params if q.name == where), None) if isinstance(where, str) else \
            (params[where] if where < len(params) and params[where].kind == "positional" else None)
        allowed = (kinds(p.annotation) or annotation_kinds(ctx, f, p.annotation)) \
            if p is not None and p.annotation else None
        if allowed is None or "any" in allowed or any(accepts(a, d) or accepts(d, a) for d in extra for a in allowed):
            return True
    return False


def _tested_kinds(fn: Entity, name: str) -> set[str]:
    """The kinds the function's body tests its parameter for: ``isinstance(name, (str, int))``."""
    if "isinstance" not in fn.code:
        return set()
    out: set[str] = set()
    # ``(str, int, type(None))``: one level of calls inside the tuple
    for m in re.finditer(rf"\bisinstance\(\s*{re.escape(name)}\s*,\s*(\((?:[^()]|\([^()]*\))*\)|[\w.]+)", fn.code):
        inner = m.group(1)[1:-1] if m.group(1).startswith("(") else m.group(1)
        for t in re.sub(r"\([^()]*\)", "", inner).split(","):
            got = kinds(t.strip()) if t.strip() else None
            out |= got or set()
    return out


# ``*args: int`` and ``**kwargs: str`` annotate each value; the doc may describe what collects them
_COLLECTED = {"vararg": {"tuple", "list", "sequence", "iterable"}, "kwarg": {"dict", "mapping"}}
