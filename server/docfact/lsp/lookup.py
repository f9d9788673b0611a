"""Finding what the last published result says at a position of an open document."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docfact.model import DocResult, Finding, Pos

from .convert import contains, overlaps

if TYPE_CHECKING:
    from .host import Host
    from .state import DocState


def current(ls: Host, uri: str) -> DocState | None:
    """The open document's state if its stored result matches the document's current text."""
    st = ls.docs.get(uri)
    if st is None or st.result is None or st.lines is None:
        return None
    if ls.workspace.get_text_document(uri).version != st.result_version:
        return None
    return st


def doc_at(st: DocState, pos: Pos, segments_only: bool = True) -> DocResult | None:
    """The judged doc with a segment at ``pos`` (or, unless ``segments_only``, containing it)."""
    if st.result is None:
        return None
    for d in st.result.docs:
        if any(contains(s.range, pos) for s in d.segments) or any(
                contains(f.segment.range, pos) for f in d.findings if f.segment.kind == "code"):
            return d  # a sentence, or an example line with a finding
    if segments_only:
        return None
    for d in st.result.docs:
        if contains(d.doc.range, pos):
            return d
    return None


def findings_in(st: DocState, start: Pos, end: Pos) -> list[tuple[DocResult, Finding]]:
    if st.result is None:
        return []
    return [(d, f) for d in st.result.docs for f in d.findings if overlaps(f.segment.range, start, end)]
