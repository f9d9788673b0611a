"""C1.unknown-name in prose: a sentence that calls a name an argument ("the ``caller_type``
argument") when the documented function has no such parameter but a near one; part of the C1
parameter rules (:mod:`docfact.judges.c1_params`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges import world
from docfact.judges.base import JudgeContext
from docfact.judges.c1_params import NOT_PARAMS
from docfact.judges.param_signatures import documented_signatures, keyword_takers
from docfact.judges.rules.c1_names import UNKNOWN_NAME
from docfact.model import Finding, Segment

# "the caller_type argument", "its ``score_method`` parameter", "the keyword argument ``mode``": a
# sentence that says a name is an argument (snake_case with an underscore when not marked)
_PARAM_WORD = r"(?:keyword\s+argument|argument|parameter|kwarg|keyword)"
_NAMED_AS_PARAM = re.compile(
    r"\b(?:[Tt]he|[Ii]ts|[Tt]his)\s+(?:(?P<m1>`{1,2})(?P<n1>[A-Za-z_]\w*)(?P=m1)|(?P<n2>[a-z]\w*_\w*))\s+"
    + _PARAM_WORD + r"\b(?!\s+(?:of|to|for|in|from|on)\b)"
    r"|\b(?:[Tt]he|[Ii]ts|[Tt]his)\s+" + _PARAM_WORD
    + r"\s+(?P<m3>`{1,2})(?P<n3>[A-Za-z_]\w*)(?P=m3)(?!\s+(?:of|to|for|in|from|on)\b)")


def prose_parameter_claims(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A sentence of a function's or class's docs that calls a name an argument ("the
    ``caller_type`` argument") when no function of the project takes a parameter of that name,
    the documented signature is the one callers use, and the sentence names no other callable
    whose argument it may be, and the documented function has a near parameter (a rename; without
    one the name is as often a protocol's, a callback's or another object's parameter). Reported
    as a name that does not exist (C1.unknown-name), with the fix to that parameter."""
    e = ctx.entity
    if e is None or e.language != "python" or e.kind not in ("function", "method", "class") \
            or ctx.doc.kind == "comment" or ("argument" not in seg.text and "parameter" not in seg.text
                                             and "kwarg" not in seg.text and "keyword" not in seg.text):
        return
    for m in _NAMED_AS_PARAM.finditer(seg.text):
        name = m.group("n1") or m.group("n2") or m.group("n3")
        if name is None or len(name) < 3 or name in ctx.params or name in NOT_PARAMS:
            continue
        sigs = documented_signatures(ctx)
        if any(name in {p.name.lstrip("*") for p in s.params} for s in sigs) \
                or name in _project_param_names(ctx):
            continue
        if not sigs or not all(world.signature_closed(ctx, s) for s in sigs):
            return
        if any(p.kind == "kwarg" for s in sigs for p in s.params) and \
                {world.keyword_fate(ctx, s, name) for s in keyword_takers(ctx)} - {"refused", "ignored"}:
            continue  # it may reach the code through **kwargs
        if re.search(r"\w\(|\w\.\w", seg.text.replace(name, "")):
            continue  # "the ``timeout`` argument of ``connect()``": another callable's
        near = ctx.suggest(name, [p for p in ctx.params if p not in ("self", "cls")], cutoff=0.6)
        if near is None:
            continue  # a protocol's, a callback's or another object's parameter, as often as not
        start = m.start("n1") if m.group("n1") else m.start("n2") if m.group("n2") else m.start("n3")
        yield ctx.finding(seg, UNKNOWN_NAME, f"`{name}` is not a parameter of `{e.name}`; did you mean `{near}`?",
                          fix=ctx.fix_replace(seg, start, start + len(name), near, f"Replace `{name}` with `{near}`"))


def _project_param_names(ctx: JudgeContext) -> frozenset[str]:
    """Every parameter name of every project function (once per run)."""
    key = ("project-param-names", id(ctx.graph))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = frozenset(
            p.name.lstrip("*") for fi in ctx.graph.files() for x in fi.entities
            if x.kind in ("function", "method") for p in x.params)
    return got

