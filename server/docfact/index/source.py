"""One source file during extraction (:class:`SourceFile`: its text, UTF-8 bytes, byte to
character offsets and ranges), incremental reparsing of its next version, and helpers over its
syntax tree: error lines, text with strings and comments blanked out, names without white space."""

from __future__ import annotations

import bisect
import operator
import re
from collections.abc import Callable, Iterator
from functools import cached_property

from tree_sitter import Node, Parser, Point, Tree

from docfact.model import Pos, Range
from docfact.positions import LineIndex

# A file's UTF-8 bytes and their tree, kept to reparse the next version incrementally.
Parsed = tuple[bytes, Tree]

_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_START_BYTE = operator.attrgetter("start_byte")
_END_BYTE = operator.attrgetter("end_byte")


# What an edit changed of a file's bytes: the offset where the old and new bytes first
# differ, and where the rest (the same in both) begins in the old and in the new bytes.
Edit = tuple[int, int, int]


def edit_span(old: bytes, new: bytes) -> Edit:
    """The :data:`Edit` between two versions of a file: the span between their common prefix
    and their common suffix."""
    start = _common_prefix(old, new)
    tail = _common_suffix(old, new, min(len(old), len(new)) - start)
    return start, len(old) - tail, len(new) - tail


def reparse(parser: Parser, data: bytes, previous: Parsed | None) -> tuple[Tree, Edit | None]:
    """``parser.parse(data)``, reusing the unchanged parts of ``previous`` when it helps; also
    the edit from ``previous`` when the tree was reparsed from it (None: parsed from scratch).

    The edit is the span between the common prefix and suffix of the old and new bytes. Only
    error-free trees are reused or kept: where tree-sitter recovers from errors, an
    incremental parse may differ from a fresh one, so such texts are parsed from scratch.
    """
    if previous is None:
        return parser.parse(data), None
    old, tree = previous
    if tree.root_node.has_error:
        return parser.parse(data), None
    if old == data:
        return tree, (0, 0, 0)
    span = start, old_end, new_end = edit_span(old, data)
    tree.edit(
        start_byte=start,
        old_end_byte=old_end,
        new_end_byte=new_end,
        start_point=_point(old, start),
        old_end_point=_point(old, old_end),
        new_end_point=_point(data, new_end),
    )
    new = parser.parse(data, tree)
    if new.root_node.has_error:
        return parser.parse(data), None
    return new, span


def _point(data: bytes, offset: int) -> Point:
    line_start = data.rfind(b"\n", 0, offset) + 1
    return Point(data.count(b"\n", 0, offset), offset - line_start)


def _common_prefix(a: bytes, b: bytes) -> int:
    """Length of the common prefix (binary search on slice equality: memcmp speed)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _common_suffix(a: bytes, b: bytes, limit: int) -> int:
    """Length of the common suffix, at most ``limit``."""
    la, lb = len(a), len(b)
    lo, hi = 0, limit
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[la - mid : la - lo] == b[lb - mid : lb - lo]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def byte_table(data: bytes, text: str) -> list[int] | None:
    """Like positions.byte_to_str_offsets, but ASCII stretches are filled at C speed."""
    if len(data) == len(text):
        return None
    table: list[int] = []
    pos = 0
    for m in _NON_ASCII.finditer(text):
        start, end = m.span()
        table.extend(range(pos, start))
        for i in range(start, end):
            table.extend([i] * len(text[i].encode("utf-8", "surrogatepass")))
        pos = end
    table.extend(range(pos, len(text) + 1))
    return table


class SourceFile:
    """Per-file state of one extraction run."""

    def __init__(self, path: str, text: str, module: str) -> None:
        self.path = path
        self.text = text
        self.module = module
        self.data = text.encode("utf-8", "surrogatepass")
        table = byte_table(self.data, text)
        self.ascii = table is None
        self.so = (lambda b: b) if table is None else table.__getitem__

    @cached_property
    def lines(self) -> LineIndex:
        """The text's line index (built on first use: ASCII text rarely needs it)."""
        return _AsciiLineIndex(self.text) if self.ascii else LineIndex(self.text)

    def src(self, node: Node) -> str:
        """The text of ``node``."""
        if self.ascii:
            return self.text[node.start_byte : node.end_byte]
        return self.text[self.so(node.start_byte) : self.so(node.end_byte)]

    def node_range(self, first: Node, last: Node) -> Range:
        """The range from the start of ``first`` to the end of ``last``.

        In ASCII text tree-sitter's points (row, byte column) already are (line, UTF-16
        column), so no offset lookup is needed.
        """
        if self.ascii:
            return Range(_POSITIONS[first.start_point], _POSITIONS[last.end_point])
        return self.lines.range(self.so(first.start_byte), self.so(last.end_byte))

    def whole_range(self) -> Range:
        """The range of the whole text."""
        text = self.text
        if self.ascii:
            return Range(Pos(0, 0), Pos(text.count("\n"), len(text) - text.rfind("\n") - 1))
        return self.lines.range(0, len(text))


class _PosCache(dict):  # type: ignore[type-arg]
    """(line, col) -> Pos, one shared instance per position (Pos is immutable).

    Emptied at 50,000 entries (~6 MB): a long editing session makes new positions all the
    time, and at the former 200,000 the server's memory grew by ~25 MB before leveling off.
    """

    def __missing__(self, key: tuple[int, int]) -> Pos:
        if len(self) > 50_000:
            self.clear()
        pos = self[key] = Pos(*key)
        return pos


_POSITIONS = _PosCache()


def forget_positions() -> None:
    """Empty the shared positions' table (the positions stay with the ranges that hold them):
    after a bulk load judging never reads it."""
    _POSITIONS.clear()


class _AsciiLineIndex(LineIndex):
    """LineIndex for ASCII text, where a column is just the distance to the line start."""

    def pos(self, offset: int) -> Pos:
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self.line_starts, offset) - 1
        return Pos(line, offset - self.line_starts[line])


def compact(s: str) -> str:
    if " " in s or "\n" in s or "\t" in s:
        return "".join(s.split())
    return s


def statements(block: Node, last: bool = False) -> Iterator[Node]:
    """The named children of ``block`` that are not comments, from the first (or with ``last``
    from the last). ``Node.named_child(i)`` counts from the first child on every call, so a
    loop over ``i`` costs the square of the children (1 s for a file of 18,000 comment lines
    before its first statement); past the first few (past the last one) they are listed once."""
    n = block.named_child_count
    if last:
        c = block.named_child(n - 1) if n else None
        if c is not None and c.type != "comment":
            yield c
        yield from (c for c in reversed(block.named_children[: n - 1]) if c.type != "comment")
        return
    for i in range(min(n, _PROBES)):
        c = block.named_child(i)
        if c is not None and c.type != "comment":
            yield c
    if n > _PROBES:
        yield from (c for c in block.named_children[_PROBES:] if c.type != "comment")


_PROBES = 8  # children read one by one before the rest are listed


def sort_nodes(nodes: list[Node]) -> None:
    """Sort ``nodes`` by start, outer before inner for nodes that start together (``a.b(x).c``
    before ``a.b``), keeping their order where both ends are the same: the order of the key
    ``(start_byte, -end_byte)``, from two stable sorts with C-level keys (no tuple per node)."""
    nodes.sort(key=_END_BYTE, reverse=True)
    nodes.sort(key=_START_BYTE)


def error_lines(root: Node, ranges: list[tuple[int, int]]) -> list[int]:
    """Lines of ERROR and MISSING nodes (walks only subtrees that contain an error)."""
    lines: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error:
            ranges.append((node.start_byte, node.end_byte))
            lines.update(range(node.start_point.row, node.end_point.row + 1))
        elif node.is_missing:
            lines.add(node.start_point.row)
        if node.has_error:
            stack.extend(node.children)
    return sorted(lines)


def masked_text(f: SourceFile, strings: list[Node], comments: list[Node]) -> str:
    nodes = [*strings, *comments]
    if not nodes:
        return f.text
    starts = map(_START_BYTE, nodes)
    ends = map(_END_BYTE, nodes)
    if not f.ascii:
        starts, ends = map(f.so, starts), map(f.so, ends)
    spans = sorted(zip(starts, ends))
    parts: list[str] = []
    pos = 0
    text = f.text
    for s, e in spans:
        if s < pos:
            continue
        parts.append(text[pos:s])
        parts.append(" " * (e - s))
        pos = e
    parts.append(text[pos:])
    return "".join(parts)


def binary_kind(node: Node, comparisons: frozenset[str], kind_of: Callable[[Node | None], str]) -> str:
    """The return kind of a C-family ``binary_expression``: a comparison (one of ``comparisons``,
    or ``&&``/``||`` of comparisons and booleans; ``kind_of`` classifies an operand) or "other"."""
    op = node.child_by_field_name("operator")
    o = op.type if op is not None else ""
    if o in comparisons:
        return "comparison"
    if o in ("&&", "||"):
        kinds = {kind_of(node.child_by_field_name("left")), kind_of(node.child_by_field_name("right"))}
        return "comparison" if kinds <= {"comparison", "bool"} else "other"
    return "other"
