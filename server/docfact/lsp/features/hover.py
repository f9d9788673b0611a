"""Hover: why a sentence is flagged (criterion, reason, evidence, judge, score), or the score."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from docfact.index.workspace import language_for_path
from docfact.lsp import lookup
from docfact.lsp.convert import contains, engine_pos
from docfact.model import CRITERION_MEANINGS, CRITERION_NAMES, DocResult, Finding

if TYPE_CHECKING:
    from docfact.lsp.server import DocfactServer


def register(server: DocfactServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: DocfactServer, params: types.HoverParams) -> types.Hover | None:
        st = lookup.current(ls, params.text_document.uri)
        if st is None:
            return None
        pos = engine_pos(params.position)
        doc = lookup.doc_at(st, pos)
        if doc is None:
            return None
        here = [f for f in doc.findings if contains(f.segment.range, pos)]
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                                        value=render(doc, here)))


def render(doc: DocResult, findings: list[Finding]) -> str:
    """The hover Markdown for one doc and the findings of the hovered sentence."""
    wrong_examples = doc.pairs - len(doc.segments) * len(doc.criteria)
    extra = f" + {wrong_examples} wrong example line{'s' if wrong_examples > 1 else ''}" if wrong_examples else ""
    score = (f"**Docstring score:** {doc.score:.2f} ({len(doc.segments)} sentences x {len(doc.criteria)} "
             f"criteria{extra})")
    if not findings:
        return f"docfact: no inconsistency found in this sentence.\n\n{score}"
    parts = [_finding(f) for f in findings]
    parts.append(score)
    return "\n\n---\n\n".join(parts)


def _finding(f: Finding) -> str:
    lines = [
        f"**docfact {f.criterion}: {CRITERION_NAMES[f.criterion]}**",
        f"_{CRITERION_MEANINGS[f.criterion].capitalize()}._",
        f"**Why:** {f.message}",
    ]
    if f.reason:
        lines.append(f.reason)
    ev = f.evidence
    if ev is not None:
        where = ""
        if ev.path and ev.range is not None:
            where = f" — `{Path(ev.path).name}:{ev.range.start.line + 1}`"
        lines.append(f"**Evidence:** {ev.description}{where}")
        if ev.excerpt:
            lang = (language_for_path(ev.path) if ev.path else None) or "python"
            lines.append(f"```{lang}\n{ev.excerpt}\n```")
    judge = f"static rule `{f.rule}`" if f.judge == "static" else f"{f.judge} (`{f.rule}`)"
    lines.append(f"**Judged by:** {judge}")
    if f.fix is not None:
        lines.append(f"**Quick fix:** {f.fix.title}")
    return "\n\n".join(lines)
