"""C2.param-type on a class's Attributes item: a documented attribute type that the class-level
annotation of that name contradicts, or that every value the code assigns to it contradicts
(:mod:`docfact.judges.attribute_assignments`), unless the attribute may be set elsewhere."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.docs.fields import top_level
from docfact.judges.annotation_kinds import (
    annotation_kinds,
    excluded_alternatives,
    kinds_through_alias,
)
from docfact.judges.attribute_assignments import FRAME, NOT_A_FRAME, attribute_assignments
from docfact.judges.base import JudgeContext
from docfact.judges.rules.c2_types import PARAM_TYPE
from docfact.judges.types import contradicts_kinds, kinds, scalar_mismatch
from docfact.model import Entity, Finding, Segment


def _field_annotation(signature: str) -> str | None:
    """The annotation of a class-level field ``name: T = value`` (an ``=`` inside brackets or
    quotes belongs to ``T``)."""
    m = re.match(r"[A-Za-z_]\w*\s*:", signature)
    if m is None:
        return None
    rest = signature[m.end():]
    cut = next((i for i, ch in top_level(rest) if ch == "="), len(rest))
    return rest[:cut].strip() or None


def attribute_type(ctx: JudgeContext, seg: Segment, cls: Entity) -> Iterator[Finding]:
    """An Attributes item whose type contradicts the class-level annotation of that name
    (``count (str)`` for ``count: int``)."""
    item = seg.field
    if item is None or not item.name or not item.type or cls.language != "python":
        return
    name = item.name.strip()
    field = ctx.file.entity(f"{cls.local_name}.{name}")
    if field is None and _ATTRIBUTE_NAME.fullmatch(name):
        yield from _assigned_attribute_type(ctx, seg, cls, name)
        return
    if field is None or field.kind not in ("field", "variable"):
        return
    annotation = _field_annotation(field.signature or "")
    if not annotation:
        return
    doc, code = kinds(item.type), kinds_through_alias(ctx, cls, annotation)
    if code is None and doc is not None:
        code = annotation_kinds(ctx, cls, annotation)
    extra = (excluded_alternatives(doc, code) or scalar_mismatch(doc, code)) \
        if not contradicts_kinds(doc, code) else []
    if not contradicts_kinds(doc, code) and not extra:
        return
    fix = None
    if item.type_span:
        rel = item.type_span[0] - seg.start
        fix = ctx.fix_replace(seg, rel, rel + (item.type_span[1] - item.type_span[0]), annotation,
                              f"Change the type to `{annotation}`")
    also = f", which admits no {' or '.join(f'`{k}`' for k in extra)}" if extra else ""
    yield ctx.finding(seg, PARAM_TYPE,
                      f"attribute `{name}` is documented as `{item.type.strip().strip('`')}` "
                      f"but annotated `{annotation}`{also}",
                      evidence=ctx.evidence_of(field, f"the annotation of `{name}`"), fix=fix)


_ATTRIBUTE_NAME = re.compile(r"[A-Za-z_]\w*")


def _assigned_attribute_type(ctx: JudgeContext, seg: Segment, cls: Entity, name: str) -> Iterator[Finding]:
    """An Attributes item of an attribute the class (or a project base class) only assigns in
    its methods (``self.names_ = []``): reported when every assignment the class hierarchy makes
    gives one provable kind (``None`` placeholders aside) that the documented type excludes, and
    the hierarchy is closed (project bases only, no ``__getattr__``/``__setattr__``, no
    ``setattr``, ``__dict__`` or ``vars`` writes, no other code assigning the name)."""
    item = seg.field
    if item is None or not item.type:
        return
    doc = kinds(item.type)
    if doc is None or "any" in doc:
        return
    assigned, by_name = attribute_assignments(ctx, cls)
    found = assigned.get(name)
    if not found or any(k is None for k, _w, _l in found):
        return
    if name in by_name:
        return  # a write by a computed name (``setattr(self, key, v)``) may give it another value
    code: set[str] = set()
    for kind, _where, _line in found:
        if kind is None:
            return
        code.add(kind)
    if code <= {"none"}:
        return  # only ever None here: a placeholder users or subclasses fill
    code.discard("none")  # ``self.x_ = None`` until fitted: the documented value is the other one
    if len(code) != 1:
        return  # one provable kind, or nothing is said
    if FRAME in code:
        if code != {FRAME} or not doc <= NOT_A_FRAME:
            return
        shown = sorted({line for kind, _w, line in found if kind == FRAME})[0]
    elif not contradicts_kinds(doc, code):
        return
    else:
        shown = sorted({line for kind, _w, line in found if kind != "none"})[0]
    ctx.reads_every_word()  # what other files write decides it
    if _set_elsewhere(ctx, cls, name):
        return
    where = next(w for k, w, line in found if line == shown)
    written = item.type.strip().strip("`")
    yield ctx.finding(seg, PARAM_TYPE,
                      f"attribute `{name}` is documented as `{written}` but the code assigns it `{shown.strip()}`",
                      evidence=ctx.evidence_of(where, f"the assignment of `{name}`", shown.strip()))


def _set_elsewhere(ctx: JudgeContext, cls: Entity, name: str) -> bool:
    """Whether code outside the methods of ``cls`` and its bases may set attribute ``name``:
    ``obj.name = ...`` on another owner, ``setattr(obj, "name", ...)``, or a project subclass
    whose code writes the name (it documents its own value)."""
    key = ("c2-attribute-set-elsewhere", cls.qualname, id(cls), name)
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = _set_outside(ctx, name) or \
            any(re.search(rf"\b{re.escape(name)}\b", sub.code) for sub in _descendants(ctx, cls))
    return bool(got)


def _set_outside(ctx: JudgeContext, name: str) -> bool:
    """Whether any project file writes ``.name`` on an owner other than ``self``/``cls`` or
    ``setattr(..., "name", ...)`` (once per run and name)."""
    key = ("c2-attribute-set-outside", id(ctx.graph), name)
    got = ctx.run_cache.get(key)
    if got is not None:
        return bool(got)
    outside = re.compile(rf"(?<!\bself)(?<!\bcls)\.{re.escape(name)}[ \t]*(?::[^=\n]+)?(?<![=!<>])=(?!=)|"
                         rf"setattr\([^,\n]+,\s*[\"']{re.escape(name)}[\"']")
    got = any(fi.language == "python" and name in fi.text and outside.search(fi.text) for fi in ctx.graph.files())
    ctx.run_cache[key] = got
    return got


def _descendants(ctx: JudgeContext, cls: Entity) -> list[Entity]:
    """The project classes that derive from ``cls`` (by the last name of their bases)."""
    key = ("c2-subclasses", id(ctx.graph))
    table = ctx.run_cache.get(key)
    if table is None:
        table = {}
        for fi in ctx.graph.files():
            for e in fi.entities:
                if e.kind == "class":
                    for b in e.bases:
                        table.setdefault(b.split("[")[0].rsplit(".", 1)[-1].strip(), []).append(e)
        ctx.run_cache[key] = table
    out: list[Entity] = []
    stack, seen = [cls.name], {cls.name}
    while stack and len(out) < 500:
        for sub in table.get(stack.pop(), ()):
            if sub.name not in seen:
                seen.add(sub.name)
                out.append(sub)
                stack.append(sub.name)
    return out
