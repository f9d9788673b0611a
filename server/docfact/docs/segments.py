"""Turn a DocBlock into the segments the judges see: sentences, field-list items, example lines.

Prose is split into sentences (:mod:`docfact.docs.sentences`); each field-list item, with its
continuation lines, is one segment carrying its parsed :class:`~docfact.model.FieldItem`.
Example code (doctests, literal blocks, code directives and fences of Python, ``<pre>{@code}``
blocks of Javadoc) is never a sentence: :func:`example_units` cuts it into the pieces a parser
reads, and :func:`example_segments` gives one ``code`` segment per source line, for the example
rules alone. Every segment keeps its exact range in the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from docfact.docs.fields import docstring_style
from docfact.docs.layout import Block, layout
from docfact.docs.sentences import one_sentence, split_sentences
from docfact.model import DocBlock, FieldItem, Range, Segment
from docfact.positions import LineIndex

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["CodeUnit", "doc_range", "docstring_style", "example_segments", "example_units",
           "segment_doc", "split_sentences"]

# languages of code blocks read as Python ("" : the text names none, judged only if it parses)
PYTHON_LANGS = frozenset({"", "python", "py", "python3", "py3", "pycon", "pycon3", "doctest", "ipython"})
# an IPython session's prompts: ``In [3]:`` opens an input, ``...:`` continues it
_IN_PROMPT = re.compile(r"In \[\d*\]:[ \t]?")
_IN_CONTINUE = re.compile(r"\.\.\.+:[ \t]?")
_PRE_CODE = re.compile(r"<pre>[ \t]*\{@code[ \t]*\n?", re.IGNORECASE)


def doc_range(doc: DocBlock, lines: LineIndex, start: int, end: int) -> Range:
    """The file range of ``doc.text[start:end]`` (a non-empty span).

    The end is mapped from the last character plus one, because the offset one past the end can
    fall in a gap between pieces (the next line's indentation or comment prefix).
    """
    file_start = doc.file_offset(start)
    file_end = doc.file_offset(end - 1) + 1 if end > start else file_start
    return lines.range(file_start, file_end)


def segment_doc(doc: DocBlock, lines: LineIndex, out_of_time: Callable[[], bool] | None = None) -> list[Segment]:
    """The sentences and field items of ``doc`` in document order, indexed from 0.

    ``out_of_time`` is asked after each block (a paragraph, a field item): when it says yes,
    :class:`TimeoutError` is raised and the doc has no segments."""
    spans: list[tuple[int, int, FieldItem | None]] = []
    simple = one_sentence(doc.text) if doc.kind != "jsdoc" else None
    if simple is not None:  # most comments: one sentence, without the layout and chunk scans
        if out_of_time is not None and out_of_time():
            raise TimeoutError(f"segmenting stopped at offset {simple[0]} of {len(doc.text)}")
        spans.append((simple[0], simple[1], None))
    for block in _blocks(doc) if simple is None else ():
        if out_of_time is not None and out_of_time():
            raise TimeoutError(f"segmenting stopped at offset {block.start} of {len(doc.text)}")
        if block.kind == "code":
            continue
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


def _blocks(doc: DocBlock) -> list[Block]:
    """The layout of a doc: JSDoc/TSDoc by its tags, everything else as docstrings."""
    if doc.kind == "jsdoc":
        from docfact.docs.jsdoc import jsdoc_layout

        return jsdoc_layout(doc.text)
    return layout(doc.text)


@dataclass(frozen=True)
class CodeUnit:
    """A piece of example code a parser reads on its own: one doctest example (a ``>>>`` line
    with its ``...`` continuations) or a whole literal block, directive body, fence or
    ``<pre>{@code}`` block. The units of one doc share one namespace, in order."""

    lang: str  # "python" | "java" | "typescript" | "javascript" (or a fence's name: "ts", "jsx")
    marked: bool  # the text names the language; unmarked code is judged only if it all parses
    # per source line: (offset of the line as shown, with its prompt; code start; code end),
    # offsets into DocBlock.text; the code of all lines, joined by newlines, is the source
    lines: tuple[tuple[int, int, int], ...]

    def source(self, text: str) -> str:
        return "\n".join(text[a:b] for _, a, b in self.lines)


def example_units(doc: DocBlock) -> list[CodeUnit]:
    """The example code of ``doc`` in document order: Python docstrings, Javadoc and JSDoc. Comments
    have none: code in a comment is more often commented out than an example."""
    text = doc.text
    if doc.kind == "comment":
        return []
    if doc.kind == "jsdoc":
        return _jsdoc_units(text)
    if doc.kind == "javadoc":
        return _java_units(text)
    units: list[CodeUnit] = []
    for block in layout(text):
        if block.kind != "code" or block.lang not in PYTHON_LANGS:
            continue
        rows = _rows(text, block.start, block.end)
        if any(text.startswith(">>>", c) for _, c, _ in rows):
            units.extend(_doctest_units(text, rows))
        elif block.lang == "ipython" and any(_IN_PROMPT.match(text, c) for _, c, _ in rows):
            units.extend(_ipython_units(text, rows))
        else:
            units.append(CodeUnit("python", block.lang != "", _dedented(text, rows)))
    return [u for u in units if u.lines]


def example_segments(doc: DocBlock, lines: LineIndex, first_index: int) -> list[Segment]:
    """One ``code`` segment per example source line of ``doc``, indexed from ``first_index``
    (after the sentences, so (index, criterion) pairs stay unique within the doc). A block
    that names no language counts only when it parses as Python."""
    out: list[Segment] = []
    for unit in example_units(doc):
        rows = unit.lines
        if not unit.marked:
            tree = _parse(unit.source(doc.text))
            if tree.has_error:  # a shell session, a config file, output: text shown as is, not code;
                rows = rows[:len(leading_import_rows(tree))]  # or Python with a slip below its imports
        for shown, start, end in rows:
            if start == end or not doc.text[start:end].strip():
                continue
            out.append(Segment(index=first_index + len(out), text=doc.text[shown:end], start=shown,
                               end=end, range=doc_range(doc, lines, shown, end), kind="code"))
    return out


def _parse(source: str) -> Node:
    from docfact.lang.python.parser import parse_snippet

    return parse_snippet(source.encode("utf-8", "surrogatepass")).root_node


def leading_import_rows(root: Node) -> list[Node]:
    """The import statements that open an example which does not parse as a whole, each on a
    line of its own at the left margin, up to the first statement that is anything else: a usage
    block whose imports are well formed is Python with a slip further down (an unclosed quote),
    and its imports can still be read."""
    out: list[Node] = []
    for stmt in root.named_children:
        if stmt.type not in ("import_statement", "import_from_statement") or stmt.has_error \
                or stmt.start_point.column != 0 or stmt.start_point.row != len(out) \
                or stmt.end_point.row != stmt.start_point.row:
            break
        out.append(stmt)
    return out


def _rows(text: str, start: int, end: int) -> list[tuple[int, int, int]]:
    """(line start, first non-blank character, line end) of each line of ``text[start:end]``."""
    rows = []
    pos = start
    while pos <= end:
        nl = text.find("\n", pos, end)
        stop = end if nl == -1 else nl
        line = text[pos:stop]
        rows.append((pos, pos + len(line) - len(line.lstrip()), pos + len(line.rstrip())))
        if nl == -1:
            break
        pos = nl + 1
    return rows


def _dedented(text: str, rows: list[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    """The rows' code without their common indentation (blank rows kept, empty)."""
    margin = min((c - s for s, c, e in rows if c < e), default=0)
    return tuple((s + margin, s + margin, e) if c < e else (c, c, c) for s, c, e in rows)


def _doctest_units(text: str, rows: list[tuple[int, int, int]]) -> list[CodeUnit]:
    """One unit per doctest example; expected output is not code, and a ``...`` line continues
    the source only right after a source line (after output it is output: an ellipsis)."""
    units: list[CodeUnit] = []
    cur: list[tuple[int, int, int]] | None = None
    for _, c, e in rows:
        if text.startswith(">>>", c) or (cur is not None and text.startswith("...", c)):
            code = c + 3 + (1 if c + 3 < e and text[c + 3] == " " else 0)
            if text.startswith(">>>", c):
                if cur:
                    units.append(CodeUnit("python", True, tuple(cur)))
                cur = []
            assert cur is not None
            cur.append((c, min(code, e), e))
            continue
        if cur:
            units.append(CodeUnit("python", True, tuple(cur)))
        cur = None
    if cur:
        units.append(CodeUnit("python", True, tuple(cur)))
    return units


def _ipython_units(text: str, rows: list[tuple[int, int, int]]) -> list[CodeUnit]:
    """One unit per IPython input (``In [n]:`` and its ``...:`` lines); ``Out[n]:`` and other
    lines are output, not code."""
    units: list[CodeUnit] = []
    cur: list[tuple[int, int, int]] | None = None
    for _, c, e in rows:
        opened = _IN_PROMPT.match(text, c, e)
        if opened is not None:
            if cur:
                units.append(CodeUnit("python", True, tuple(cur)))
            cur = [(c, opened.end(), e)]
            continue
        more = _IN_CONTINUE.match(text, c, e) if cur is not None else None
        if cur is not None and more is not None:
            cur.append((c, more.end(), e))
            continue
        if cur and c < e:
            units.append(CodeUnit("python", True, tuple(cur)))
            cur = None
    if cur:
        units.append(CodeUnit("python", True, tuple(cur)))
    return units


# languages of JSDoc ``@example`` code read as TypeScript/JavaScript ("": a body without a fence)
TS_LANGS = frozenset({"", "typescript", "javascript", "ts", "js", "tsx", "jsx", "mjs", "cjs"})


def _jsdoc_units(text: str) -> list[CodeUnit]:
    """The ``@example`` bodies of a JSDoc text (their fences, or the whole body), one unit each."""
    from docfact.docs.jsdoc import jsdoc_layout

    units: list[CodeUnit] = []
    for block in jsdoc_layout(text, ""):
        if block.kind == "code" and block.lang in TS_LANGS:
            rows = _rows(text, block.start, block.end)
            units.append(CodeUnit(block.lang or "typescript", True, _dedented(text, rows)))
    return [u for u in units if u.lines]


def _java_units(text: str) -> list[CodeUnit]:
    """The ``<pre>{@code ...}</pre>`` blocks of a Javadoc text: the code runs to the brace
    that closes ``{@code`` (braces inside it balance, as Javadoc requires)."""
    units: list[CodeUnit] = []
    for m in _PRE_CODE.finditer(text):
        depth = 1
        i = m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        if depth:
            continue
        rows = _rows(text, m.end(), i - 1)
        if rows and rows[-1][1] == rows[-1][2]:
            rows.pop()
        units.append(CodeUnit("java", True, _dedented(text, rows)))
    return units
