"""The docstring quick fixes that need no model: repair what is provably wrong, add what is missing.

:func:`regenerate` ("Repair docstring") edits only the sentences and field items that have a
finding, and only in ways docfact can prove:

- applies the targeted fixes of the findings that have one (rename a parameter, correct a
  default, a type, a return kind, ...);
- removes a flagged C3 or C4 sentence or item that has no fix (a Raises entry the code cannot
  raise, a claim of asynchrony the code does not have, speculation), unless it is the docstring's
  only sentence: a summary is never replaced by a template;
- keeps everything else byte for byte (edits are made on the file's text, delimiters,
  indentation and unflagged sentences untouched), and drops a section heading whose items were
  all removed.

A C1 or C2 finding without a fix stays as it is: only the LLM ("Regenerate docstring (LLM)") may
rewrite prose. :func:`add_missing` ("Add missing parameters") adds the parameters a docstring
with a parameter list omits, in the docstring's own style, without inventing descriptions
(:mod:`docfact.doc_complete`); :mod:`docfact.doc_render` writes a new text back and refuses one
that would change code. Plain Python; no LSP import.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from docfact.doc_complete import UNDERLINE, complete, documented_names
from docfact.doc_render import breakout, render_doc
from docfact.docs.fields import docstring_style
from docfact.model import DocBlock, DocResult, Finding, Fix, Segment
from docfact.positions import LineIndex

TITLE = "Repair docstring"
ADD_TITLE = "Add missing parameters"
LLM_TITLE = "Regenerate docstring (LLM)"
# a section heading (Google or NumPy) whose items a repair may all remove
_HEADER = re.compile(r"^[ \t]*(Args|Arguments|Parameters|Params|Returns|Return|Yields|Raises|Attributes)"
                     r"[ \t]*:?[ \t]*$")


@dataclass
class _Edit:
    start: int  # offsets into DocBlock.text
    end: int
    new: str


def regenerate(result: DocResult, lines: LineIndex) -> Fix | None:
    """A Fix that repairs ``result.doc``'s flagged sentences (None when nothing can be proven)."""
    return repair(result, lines)[0]


def repair(result: DocResult, lines: LineIndex) -> tuple[Fix | None, set[int]]:
    """The repair Fix of ``result.doc`` and the indexes of the segments it repairs (a quick fix
    is offered on a finding only when it repairs that finding's sentence)."""
    fix, repaired = _repair(result, lines)
    return (fix, repaired) if fix is not None else (None, set())


def _repair(result: DocResult, lines: LineIndex) -> tuple[Fix | None, set[int]]:
    doc = result.doc
    edits, repaired = _edits(result, lines)
    if not edits:
        return None, repaired
    edits += _emptied_headings(doc.text, [e for e in edits if not e.new])
    start = lines.offset(doc.range.start)
    end = lines.offset(doc.range.end)
    new = _apply_to_file(doc, lines.text, start, end, edits)
    if new is None or new == lines.text[start:end] or breakout(doc, new) is not None:
        return None, repaired
    if not _apply(doc, edits).strip():
        return None, repaired  # every sentence was flagged: never replace a human summary
    return Fix(title=TITLE, start=start, end=end, new_text=new), repaired


def add_missing(result: DocResult, lines: LineIndex) -> Fix | None:
    """A Fix that adds the parameters a docstring omits to its parameter list, in its own style
    (None when the docstring has no parameter list or lists every parameter)."""
    doc, e = result.doc, result.entity
    if e is None or e.kind not in ("function", "method") or doc.kind == "comment":
        return None
    style = "jsdoc" if doc.kind == "jsdoc" else docstring_style(doc.text)
    listed, _ = documented_names(doc.text)
    if not listed or style == "plain":
        return None
    # a parameter documented under a misspelled name is a rename (Repair), not a missing one
    renamed = {f.fix.new_text for f in result.findings if f.fix is not None and f.fix.new_text}
    body = complete(doc.text, e, style, params_only=True, skip=renamed)
    if body == doc.text:
        return None
    new = render_doc(doc, body, lines)
    start, end = lines.offset(doc.range.start), lines.offset(doc.range.end)
    if new is None or new == lines.text[start:end]:
        return None
    return Fix(title=ADD_TITLE, start=start, end=end, new_text=new)


# ---- editing the cleaned text ----------------------------------------------------------------

def text_offset(doc: DocBlock, file_offset: int) -> int | None:
    """The DocBlock.text offset of a file offset (None when it falls outside every piece)."""
    if not doc.pieces:
        return file_offset
    best: int | None = None
    for i, (t0, f0) in enumerate(doc.pieces):
        t_end = doc.pieces[i + 1][0] if i + 1 < len(doc.pieces) else len(doc.text)
        if f0 <= file_offset <= f0 + (t_end - t0):
            best = t0 + (file_offset - f0)
    return best


def _edits(result: DocResult, lines: LineIndex) -> tuple[list[_Edit], set[int]]:
    """The provable repairs of the flagged segments, in DocBlock.text offsets, and the indexes
    of the segments they repair. When every sentence of the prose would go, the first (the
    summary) stays: its findings are left for the user or the LLM."""
    doc = result.doc
    edits: list[_Edit] = []
    repaired: set[int] = set()
    by_segment: dict[int, list[Finding]] = {}
    for f in result.findings:
        # only what static rules prove: a model's verdict alone is not proof enough to delete or
        # rewrite what someone wrote (the LLM regeneration, a separate action, handles those)
        if f.judge == "static":
            by_segment.setdefault(f.segment.index, []).append(f)
    prose = [s for s in result.segments if s.kind == "prose" and s.field is None]
    removals: list[Segment] = []
    for seg in result.segments:
        found = by_segment.get(seg.index, [])
        if not found:
            continue
        fixes = [f.fix for f in found if f.fix is not None and f.fix.new_text]
        removes = [f for f in found if f.fix is not None and not f.fix.new_text]
        droppable = [f for f in found if f.fix is None and f.criterion in ("C3", "C4")]
        if removes or droppable:
            removals.append(seg)
            continue
        if any(f.fix is None for f in found):
            continue  # a C1/C2 claim docfact cannot correct: left as it is
        planned: list[_Edit] = []
        for fix in fixes:
            a, b = text_offset(doc, fix.start), text_offset(doc, fix.end)
            if a is None or b is None or not (seg.start <= a <= b <= seg.end):
                planned = []
                break
            planned.append(_Edit(a, b, fix.new_text))
        if planned:
            edits += planned
            repaired.add(seg.index)
    gone = {s.index for s in removals}
    if prose and all(s.index in gone for s in prose):
        removals = [s for s in removals if s.index != prose[0].index]
    for seg in removals:
        edits.append(_removal(doc.text, seg.start, seg.end))
        repaired.add(seg.index)
    return edits, repaired


def _rows(text: str) -> list[tuple[int, int]]:
    """(start, end) of each row of ``text`` (end excludes the newline)."""
    out, at = [], 0
    for row in text.split("\n"):
        out.append((at, at + len(row)))
        at += len(row) + 1
    return out


def _emptied_headings(text: str, removals: list[_Edit]) -> list[_Edit]:
    """Removals of the section headings (and NumPy underlines) whose every item is removed."""
    def removed(a: int, b: int) -> bool:
        return any(e.start <= a and b <= e.end + 1 for e in removals)

    rows = _rows(text)
    out: list[_Edit] = []
    for i, (a, b) in enumerate(rows):
        if not _HEADER.match(text[a:b]):
            continue
        j = i + 1
        if j < len(rows) and UNDERLINE.match(text[rows[j][0]:rows[j][1]]):
            j += 1
        google = j == i + 1
        items = []
        k = j
        while k < len(rows):
            ra, rb = rows[k]
            row = text[ra:rb]
            if _HEADER.match(row) or (google and row.strip() and not row.startswith((" ", "\t"))):
                break
            if not google and k + 1 < len(rows) and UNDERLINE.match(text[rows[k + 1][0]:rows[k + 1][1]]):
                break
            if row.strip():
                items.append((ra, rb))
            k += 1
        if items and all(removed(ra, rb) for ra, rb in items):
            out.append(_Edit(a, min(rows[j - 1][1] + 1, len(text)), ""))
    return out


def _apply_to_file(doc: DocBlock, source: str, start: int, end: int, edits: list[_Edit]) -> str | None:
    """The doc block's file text with ``edits`` (DocBlock.text offsets) applied in place: a
    removal of whole cleaned lines removes their file lines (prefixes and indentation with
    them) unless a delimiter shares the line; everything else is kept byte for byte."""
    region = source[start:end]
    spans: list[tuple[int, int, str]] = []
    for e in edits:
        a, b = doc.file_offset(e.start) - start, doc.file_offset(e.end) - start
        if e.end > e.start and doc.text[e.end - 1:e.end] == "\n":
            b = doc.file_offset(e.end - 1) - start  # the newline is not inside one piece
            line_a = region.rfind("\n", 0, a) + 1
            line_b = region.find("\n", b)
            first_line = region.rfind("\n", 0, a) == -1
            if line_b != -1 and not first_line and not region[line_a:a].strip(" \t*#/"):
                a, b = line_a, line_b + 1
            else:
                b = b if line_b == -1 else line_b
        if not (0 <= a <= b <= len(region)):
            return None
        spans.append((a, b, e.new))
    last = len(region) + 1
    for a, b, new in sorted(spans, reverse=True):
        if b > last:
            continue  # overlaps an edit already applied
        region = region[:a] + new + region[b:]
        last = a
    # two blank lines left where a paragraph was removed become one
    region = re.sub(r"\n([ \t]*(?:\*|#|//)?[ \t]*\n)(?:[ \t]*(?:\*|#|//)?[ \t]*\n)+", r"\n\1", region)
    return region


def _removal(text: str, start: int, end: int) -> _Edit:
    """Remove ``text[start:end]`` with the spaces after it, and its whole line if it fills it;
    a sentence that ends its line takes the spaces before it instead."""
    while end < len(text) and text[end] in " \t":
        end += 1
    if not text[end:].strip():  # the doc's last words: the blank lines before them go too
        while start > 0 and text[start - 1] in " \t\n":
            start -= 1
        return _Edit(start, len(text), "")
    line_start = text.rfind("\n", 0, start) + 1
    if not text[line_start:start].strip() and (end == len(text) or text[end] == "\n"):
        return _Edit(line_start, min(end + 1, len(text)), "")
    if end == len(text) or text[end] == "\n":
        while start > line_start and text[start - 1] in " \t":
            start -= 1
    return _Edit(start, end, "")


def _apply(doc: DocBlock, edits: list[_Edit]) -> str:
    text = doc.text
    last = len(text) + 1
    for e in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        if e.end > last:  # overlaps an edit already applied
            continue
        text = text[: e.start] + e.new + text[e.end :]
        last = e.start
    return text
