"""Turn a DocBlock into the segments the judges see: sentences and field-list items.

Prose is split into sentences (:mod:`docfact.docs.sentences`); each field-list item, with its
continuation lines, is one segment carrying its parsed :class:`~docfact.model.FieldItem`.
Examples, doctests and code blocks produce no segments (:mod:`docfact.docs.layout`).
Every segment keeps its exact range in the file.
"""

from __future__ import annotations

from docfact.docs.fields import docstring_style
from docfact.docs.layout import layout
from docfact.docs.sentences import split_sentences
from docfact.model import DocBlock, FieldItem, Range, Segment
from docfact.positions import LineIndex

__all__ = ["doc_range", "docstring_style", "segment_doc", "split_sentences"]


def doc_range(doc: DocBlock, lines: LineIndex, start: int, end: int) -> Range:
    """The file range of ``doc.text[start:end]`` (a non-empty span).

    The end is mapped from the last character plus one, because the offset one past the end can
    fall in a gap between pieces (the next line's indentation or comment prefix).
    """
    file_start = doc.file_offset(start)
    file_end = doc.file_offset(end - 1) + 1 if end > start else file_start
    return lines.range(file_start, file_end)


def segment_doc(doc: DocBlock, lines: LineIndex) -> list[Segment]:
    """The sentences and field items of ``doc`` in document order, indexed from 0."""
    spans: list[tuple[int, int, FieldItem | None]] = []
    for block in layout(doc.text):
        if block.kind == "field":
            spans.append((block.start, block.end, block.field))
            continue
        for a, b in split_sentences(doc.text[block.start : block.end]):
            spans.append((block.start + a, block.start + b, None))
    spans.sort(key=lambda s: s[0])
    return [
        Segment(
            index=i,
            text=doc.text[start:end],
            start=start,
            end=end,
            range=doc_range(doc, lines, start, end),
            field=item,
        )
        for i, (start, end, item) in enumerate(spans)
    ]
