"""How each doc of one :meth:`~docfact.engine.Engine.judge_index` call is judged within the
file's time: what every doc of the call shares (:class:`FileJob`), a doc judged in its own
recorder frame so that every lookup it made is its own, or a verdict kept from an earlier check
reused. The judging itself (``judge``) is the engine's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from docfact.deps import Deps, Recorder
from docfact.model import DocBlock, DocResult, Entity, FileIndex, FileResult, SkippedDoc
from docfact.positions import LineIndex
from docfact.time_bounds import FileClock

log = logging.getLogger(__name__)

Reuse = Callable[[DocBlock, Entity | None, tuple[str, ...]], DocResult | None]
# the engine's bounded judging of one doc: (index, doc, lines, criteria, the file's scope names,
# the values the file's docs share) -> (the result, the time of a failed first try)
Judge = Callable[
    [FileIndex, DocBlock, LineIndex, tuple[str, ...], frozenset[str], dict[Hashable, Any]],
    tuple[DocResult, float]]


@dataclass
class FileJob:
    """What every doc of one :meth:`~docfact.engine.Engine.judge_index` call is judged with: the
    file, its line index, the criteria, the names in the file's scope and the values its docs
    share."""

    index: FileIndex
    lines: LineIndex
    crits: tuple[str, ...]
    names: frozenset[str]
    shared: dict[Hashable, Any] = field(default_factory=dict)


def documented_entity(index: FileIndex, doc: DocBlock) -> Entity | None:
    """The entity a docstring belongs to; for a comment, the entity it sits in."""
    if doc.kind != "comment":
        owner = index.documented(doc)
        if owner is not None:
            return owner
    return index.entity(doc.owner)


def doc_symbol(index: FileIndex, doc: DocBlock) -> str:
    """The name of what ``doc`` documents, as :attr:`~docfact.model.DocResult.symbol` gives it."""
    entity = documented_entity(index, doc)
    if entity is not None:
        return entity.local_name or entity.module or "<module>"
    return doc.owner or "<module>"


def note_skipped(result: FileResult, index: FileIndex, skipped: list[tuple[DocBlock, str]],
                 late: list[DocBlock], file_seconds: float) -> None:
    """Record the docs of ``result``'s file that time bounds skipped: each in
    ``result.skipped_docs`` (with its reason), and the reasons in ``result.error`` and the log
    (``late``: the docs left once the file's time, ``file_seconds``, ran out)."""
    reasons = [f"the doc at line {doc.start_line + 1} was skipped: {why}" for doc, why in skipped]
    if late:
        reasons.append(f"judging stopped after {file_seconds:g} s: {len(late)} doc(s) from line "
                       f"{late[0].start_line + 1} on were skipped")
    for reason in reasons:
        log.warning("docfact: %s: %s", result.path, reason)
    if reasons:
        result.error = "; ".join([*([result.error] if result.error else []), *reasons])
    late_reason = f"the file's judging stopped after {file_seconds:g} s of CPU time"
    every = sorted([*((doc, why.removeprefix("its ")) for doc, why in skipped), *((doc, late_reason) for doc in late)],
                   key=lambda x: x[0].start_line)
    result.skipped_docs.extend(SkippedDoc(doc.start_line + 1, doc_symbol(index, doc), why) for doc, why in every)


def judge_own_frame(judge: Judge, job: FileJob, n: int, clock: FileClock, recorder: Recorder,
                    per_doc: list[tuple[int, Deps]]) -> DocResult | None:
    """Judge the doc at position ``n`` in its own recorder frame and with no file-wide values,
    so that what it read is all its own, and append its lookups to ``per_doc``; None when the
    file's time ran out before it."""
    if clock.late():
        return None
    recorder.push(("doc", n))
    try:
        got, lost = judge(job.index, job.index.docs[n], job.lines, job.crits, job.names, {})
        clock.deadline += lost
    finally:
        deps = recorder.pop_to(("doc", n))
    per_doc.append((n, deps or Deps()))
    return got


def judge_or_reuse(judge: Judge, job: FileJob, doc: DocBlock, clock: FileClock,
                   reuse: Reuse | None) -> DocResult | None:
    """The verdict ``reuse`` keeps for ``doc``, else ``doc`` judged with the file's shared
    values; None when there was no kept verdict and the file's time ran out before it."""
    kept = (reuse(doc, documented_entity(job.index, doc), job.crits)
            if reuse is not None else None)
    if kept is None and clock.late():
        return None
    if kept is None:
        kept, lost = judge(job.index, doc, job.lines, job.crits, job.names, job.shared)
        clock.deadline += lost
    return kept
