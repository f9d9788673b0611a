"""C1.wrong-subject: a sentence that calls the documented function, method or class by another
name ("The ``foo`` function" in the doc of ``bar``), or the function's own name with its words
in another order."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext, name_words
from docfact.judges.mentions import find_mentions
from docfact.judges.name_prose import HISTORY
from docfact.judges.name_relatives import relation
from docfact.judges.rules.c1_names import WRONG_SUBJECT
from docfact.model import Entity, Finding, Segment

_SUBJECT = re.compile(
    r"^\s*(?:The|This)\s+(?P<tick>`{1,2})?(?P<name>[A-Za-z_][\w.]*)(?P<call>\(\))?`{0,2}\s+"
    r"(?P<what>function|method|class|constructor|coroutine|helper|routine|property)\b"
)


def wrong_subject(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or ctx.doc.kind == "comment" or seg.field is not None:
        return
    m = _SUBJECT.match(seg.text)
    if not m:
        yield from _own_name_rearranged(ctx, seg, e)
        return
    name = m.group("name").split(".")[-1]
    if name in (e.name, e.local_name) or name in e.calls or name in e.refs:
        return
    if not (m.group("tick") or m.group("call") or "_" in name or re.search(r"[a-z][A-Z]", name)):
        return  # "The resulting class", "This helper method": English, not a name
    if seg.index != 0 or ctx.is_known(name):
        return  # another real entity may well be meant
    if name.lower() in ("following", "given", "current", "above", "below", "same", "main", "base"):
        return
    if any(name == c.split(".")[-1] for c in e.calls):
        return
    start, end = m.span("name")
    yield ctx.finding(
        seg, WRONG_SUBJECT,
        f"the sentence calls this {m.group('what')} `{name}`, but it is `{e.name}`",
        evidence=ctx.evidence_of(e, "the definition"),
        fix=ctx.fix_replace(seg, start, end, e.name, f"Replace `{name}` with `{e.name}`"),
    )


def _own_name_rearranged(ctx: JudgeContext, seg: Segment, e: Entity) -> Iterator[Finding]:
    """A snake_case name that is the documented function's own name with its words in another
    order (``fit_iterative`` in the doc of ``iterative_fit``), and that nothing
    this code can reach defines: the doc misnames its own subject, whatever else in the project
    bears that name."""
    if e.kind not in ("function", "method") or "_" not in e.name.strip("_"):
        return
    low = seg.text.lower()
    if not all(w in low for w in name_words(e.name)) or HISTORY.search(seg.text):
        return  # (the words of the name first: a cheap test that skips almost every sentence)
    for m in find_mentions(seg.text):
        if "_" not in m.name.strip("_") or m.name.lower() != m.name or "." in m.name \
                or relation(m.name, e.name, extension=False) != "order" \
                or m.name in ctx._near_pool:
            continue  # snake_case both: ``wxGraphicsContext`` beside ``GraphicsContextWx`` is another library's
        kind = e.kind
        yield ctx.finding(
            seg, WRONG_SUBJECT,
            f"`{m.name}` is not defined here: this {kind} is `{e.name}` (the same words, written another way)",
            evidence=ctx.evidence_of(e, "the definition"),
            fix=ctx.fix_replace(seg, m.start, m.end, e.name, f"Replace `{m.name}` with `{e.name}`"))
        return
