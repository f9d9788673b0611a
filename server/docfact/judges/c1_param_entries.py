"""C1.unknown-param for entries that are slips of form rather than of name: a parameter
documented twice where another is left out, and Sphinx's ``:param name type:`` written as
``:param type name:``; part of the C1 parameter rules (:mod:`docfact.judges.c1_params`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext
from docfact.judges.rules.c1_names import UNKNOWN_PARAM
from docfact.model import FieldItem, Finding, Segment


def documented_twice(ctx: JudgeContext, seg: Segment, item: FieldItem, raw: str, name: str,
                      params: list[str]) -> Iterator[Finding]:
    """A second entry for a parameter already described, in a doc that leaves exactly one
    parameter out: the second entry's name is a slip for the missing one (``@param brief`` twice
    on ``def notFound(brief, message)``)."""

    entries = ctx.memo.get("param-entries")
    if entries is None:  # once per doc: every parameter entry asks
        entries = ctx.memo["param-entries"] = [(s.index, re.split(r"\s*,\s*", s.field.name)) for s in ctx.segments
                                               if s.field and s.field.section == "param" and s.field.name]
    if not any(i < seg.index and name in names for i, names in entries):
        return
    documented = {n.strip().lstrip("*") for _, names in entries for n in names}
    missing = [p for p in params if p not in documented and p not in ("self", "cls")
               and not p.startswith("_")]
    e = ctx.entity
    if len(missing) != 1 or e is None or any(p.kind == "kwarg" and p.name.lstrip("*") in missing for p in e.params):
        return
    fix = None
    if item.name_span and item.name:
        rel = item.name_span[0] + item.name.find(raw) - seg.start
        fix = ctx.fix_replace(seg, rel, rel + len(raw), raw.replace(name, missing[0]),
                              f"Rename `{name}` to `{missing[0]}`")
    yield ctx.finding(
        seg, UNKNOWN_PARAM,
        f"`{name}` is documented twice and `{missing[0]}` not at all; did you mean `{missing[0]}`?",
        evidence=ctx.evidence_of(e, "the signature", e.signature or None), fix=fix)


def type_after_name(item: FieldItem, name: str, params: list[str]) -> str | None:
    """The parameter of ``:param category str:``: a Sphinx field that writes the type after the
    name (Sphinx reads the last word as the name, so it shows a parameter ``str`` typed
    ``category``); None for any other item."""
    from docfact.judges.types import base_kind

    if item.tag != "param" or item.type is None or item.type not in params or base_kind(name) is None:
        return None
    return item.type


def swapped_finding(ctx: JudgeContext, seg: Segment, item: FieldItem, written: str, param: str) -> Finding:
    msg = (f"`:param {param} {written}:` writes the type after the name: Sphinx reads `{written}` as the "
           f"parameter and `{param}` as its type; write `:param {written} {param}:`")
    fix = None
    if item.name_span is not None and item.type_span is not None:
        a, b = min(item.type_span[0], item.name_span[0]), max(item.type_span[1], item.name_span[1])
        rel = a - seg.start
        fix = ctx.fix_replace(seg, rel, rel + (b - a), f"{written} {param}", f"Write `:param {written} {param}:`")
    return ctx.finding(seg, UNKNOWN_PARAM, msg,
                       evidence=ctx.evidence_of(ctx.entity, "the signature",
                                                ctx.entity.signature if ctx.entity else None),
                       fix=fix)

