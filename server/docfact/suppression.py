"""Suppression: whether a ``docfact: ignore`` comment on a doc's lines, its definition line or
a docstring's opening line silences a finding.
"""

from __future__ import annotations

from docfact.model import DocBlock, Entity, FileIndex, Finding


def suppressed(index: FileIndex, doc: DocBlock, entity: Entity | None, finding: Finding) -> bool:
    """Whether a ``docfact: ignore`` comment on the doc's lines (or its definition line) silences it."""
    lines = set(range(doc.start_line, doc.end_line + 1))
    lines.add(finding.segment.range.start.line)
    if entity is not None and doc.kind != "comment":
        lines.add(entity.range.start.line)
    for line in lines:
        crits = index.suppressions.get(line)
        if crits and ("*" in crits or finding.criterion in crits):
            return True
    if doc.kind == "docstring":  # a marker on the opening line is inside the string: read it there
        crits = _opening_line_marker(index, doc)
        if crits and ("*" in crits or finding.criterion in crits or finding.rule in crits):
            return True
    return False


def _opening_line_marker(index: FileIndex, doc: DocBlock) -> set[str] | None:
    """The codes of a ``docfact: ignore`` written on a docstring's opening line (after the
    quotes, where a ``#`` comment would be part of the string), or None."""
    from docfact.index.common import parse_suppression

    text = index.text
    if not text or "docfact:" not in text:  # the common case: no marker anywhere in the file
        return None
    a = 0
    for _ in range(doc.start_line):
        a = text.find("\n", a) + 1
        if a == 0:
            return None
    b = text.find("\n", a)
    line = text[a:] if b == -1 else text[a:b]
    return parse_suppression(line)[1] if "docfact:" in line else None
