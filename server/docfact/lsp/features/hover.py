"""Hover: why a sentence is flagged (criterion, reason, evidence, judge, score), or the score."""

from __future__ import annotations

import re
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


# Markdown that would make a hover fetch or link something, or change its layout: escaped in text
# that comes from the checked files or from a model (a remote image in a hover is a request)
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>!#|~{}()])")
_CODE_SPAN = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)


def escape_markdown(text: str, keep_code: bool = False) -> str:
    """``text`` shown literally in Markdown. With ``keep_code``, backtick code spans stay code
    spans (their content is literal already) and only the text between them is escaped."""
    if not keep_code:
        return _MD_SPECIAL.sub(r"\\\1", text)
    out, at = [], 0
    for m in _CODE_SPAN.finditer(text):
        out.append(_MD_SPECIAL.sub(r"\\\1", text[at:m.start()]))
        out.append(m.group(0).replace("\n", " "))
        at = m.end()
    out.append(_MD_SPECIAL.sub(r"\\\1", text[at:]))
    return "".join(out)


def _ticks(text: str) -> int:
    """The length of the longest run of backticks in ``text``."""
    return max((len(m) for m in re.findall(r"`+", text)), default=0)


def _fence(code: str) -> str:
    """A backtick fence longer than any run of backticks in ``code``."""
    return "`" * max(3, _ticks(code) + 1)


def _code_span(text: str) -> str:
    """``text`` as one inline code span, whatever backticks it holds."""
    text = text.replace("\n", " ")
    ticks = "`" * (_ticks(text) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _finding(f: Finding) -> str:
    lines = [
        f"**docfact {f.criterion}: {CRITERION_NAMES[f.criterion]}**",
        f"_{CRITERION_MEANINGS[f.criterion].capitalize()}._",
        # static messages quote names in code spans; a model's text is escaped whole
        f"**Why:** {escape_markdown(f.message, keep_code=f.judge == 'static')}",
    ]
    if f.reason:
        lines.append(escape_markdown(f.reason))
    ev = f.evidence
    if ev is not None:
        where = ""
        if ev.path and ev.range is not None:
            where = f" — {_code_span(f'{Path(ev.path).name}:{ev.range.start.line + 1}')}"
        lines.append(f"**Evidence:** {escape_markdown(ev.description, keep_code=True)}{where}")
        if ev.excerpt:
            lang = (language_for_path(ev.path) if ev.path else None) or "python"
            fence = _fence(ev.excerpt)
            lines.append(f"{fence}{lang}\n{ev.excerpt}\n{fence}")
    judge = f"static rule `{f.rule}`" if f.judge == "static" else f"{f.judge} (`{f.rule}`)"
    lines.append(f"**Judged by:** {judge}")
    if f.fix is not None:
        lines.append(f"**Quick fix:** {f.fix.title}")
    return "\n\n".join(lines)
