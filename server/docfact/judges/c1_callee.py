"""C1.wrong-callee: the doc says the code hands the work to project function ``X`` when the code
never uses ``X`` but calls ``Y``, a function of the same shape; listed in the checks of
:mod:`docfact.judges.c1_references`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext
from docfact.judges.gates import Gated
from docfact.judges.mentions import find_mentions
from docfact.judges.name_prose import NOT_THE_CODE
from docfact.judges.rules.c1_references import WRONG_CALLEE
from docfact.model import Finding, Segment

# the code hands the work to the name that follows ("delegated to a class built by X()")
_HANDS_VERB = (r"\b(?:calls|calling|invokes|invoking|uses|using|delegate[sd]?\s+to|delegating\s+to|"
               r"built\s+by|created\s+by|made\s+by|handled\s+by|implemented\s+by|done\s+by|wraps|wrapping)\b")
_HANDS_ANYWHERE = Gated(re.compile(_HANDS_VERB, re.I), ("calls", "calling", "invok", "uses", "using", "delegat",
                                                         "built", "created", "made", "handled", "implemented", "done",
                                                         "wrap"))
_HANDS_TO = re.compile(_HANDS_VERB + r"[^.;:]{0,60}$", re.I)
_CALLED = re.compile(r"(?<![\w.])(?:self\.|cls\.)?([A-Za-z_]\w*)\s*\(")


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"_|(?<=[a-z0-9])(?=[A-Z])", name.strip("_")) if w]


def _similar(a: str, b: str) -> bool:
    """Names of the same shape that differ in a word or two (``create_forward_many_to_many_manager``
    and ``create_reverse_many_to_one_manager``), not unrelated names."""
    wa, wb = _words(a.lower()), _words(b.lower())
    if len(wa) < 3 or len(wb) < 3:
        return False
    common = sum(1 for x in wa if x in wb)
    return common >= max(len(wa), len(wb)) - 2 and wa[0] == wb[0]


def wrong_callee(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """The doc says the code hands the work to project function ``X``; the code never uses ``X``
    (nor do the functions it calls) but calls ``Y``, a function of the same shape: ``X`` is the
    wrong name."""
    e = ctx.entity
    if e is None or e.kind not in ("function", "method", "class") or ctx.doc.kind == "comment" or not ctx.is_python:
        return
    if "`" not in seg.text or not _HANDS_ANYWHERE.search(seg.text) or NOT_THE_CODE.search(seg.text):
        return  # no marked name handed the work; "can be passed ... by using ``x()``": the reader's code
    for m in find_mentions(seg.text):
        if m.strength != "marked" or not _HANDS_TO.search(seg.text, 0, m.start):
            continue
        last = m.name.rsplit(".", 1)[-1]
        targets = [t for t in ctx.graph.entities_named(last) if t.kind in ("function", "method", "class")]
        if not targets or re.search(rf"\b{re.escape(last)}\b", e.docless_code or e.code):
            continue
        names = set(_CALLED.findall(e.docless_code or e.code))
        hop = [*ctx.related_entities, *(t for c in names for t in ctx.graph.entities_named(c))]
        if any(re.search(rf"\b{re.escape(last)}\b", r.docless_code or r.code) for r in hop):
            continue  # used one call away
        called = {c for c in names if c != last and _similar(last, c)
                  and any(t.kind in ("function", "method", "class") for t in ctx.graph.entities_named(c))}
        if len(called) != 1:
            continue
        real = called.pop()
        yield ctx.finding(
            seg, WRONG_CALLEE,
            f"the code does not use `{last}`; it calls `{real}`",
            evidence=ctx.evidence_of(e, f"the code calls `{real}`"),
            fix=ctx.fix_replace(seg, m.end - len(last), m.end, real, f"Replace `{last}` with `{real}`"),
        )
        return
