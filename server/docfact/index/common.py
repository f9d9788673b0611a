"""Language-neutral helpers of the index: doc text cleaning with exact offsets, comment rules.

Every cleaned doc keeps ``pieces``: one ``(text_offset, file_offset)`` pair per kept line, so
each character of ``DocBlock.text`` maps back to the file character it came from.
"""

from __future__ import annotations

import bisect
import operator
import re
from collections.abc import Sequence
from functools import cached_property
from itertools import accumulate, chain, count

from tree_sitter import Node, Parser, Point, Tree

from docfact.model import DocBlock, DocKind, Pos, Range
from docfact.positions import LineIndex

# A file's UTF-8 bytes and their tree, kept to reparse the next version incrementally.
Parsed = tuple[bytes, Tree]

# A raw doc line: its content (delimiters/prefixes already removed) and the file offset of
# the content's first character.
RawLine = tuple[str, int]

WORDS_ASCII = re.compile(r"[\w.]+", re.ASCII)
WORDS = re.compile(r"[\w.]+")
# byte table turning every ASCII character outside WORDS_ASCII's class into a space: the
# ``split()`` of ASCII text translated by it is ``WORDS_ASCII.findall`` at a fraction of the cost
_NON_WORD_ASCII = bytes(i if chr(i).isalnum() or chr(i) in "_." else 32 for i in range(128)) + b" " * 128
_SKIP_MARKER = re.compile(r"\s*(?:TODO|FIXME|XXX|HACK)\b")
_PRAGMA = re.compile(
    r"\s*(?:type:|noqa\b|pylint:|fmt:|pragma\b|docfact:|mypy:|isort:|pyright:|ruff:|"
    r"nosec\b|NOSONAR\b|CHECKSTYLE|\$NON-NLS|@formatter:|spotless:)",
    re.IGNORECASE,
)
_CODING = re.compile(r"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
_LICENSE = re.compile(r"copyright|licen[cs]e|spdx-license-identifier|all rights reserved", re.I)
_SUPPRESS = re.compile(r"docfact:\s*ignore(-file)?(?:\[([A-Za-z0-9_,\s]*)\])?")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_START_BYTE = operator.attrgetter("start_byte")
_END_BYTE = operator.attrgetter("end_byte")


def reparse(parser: Parser, data: bytes, previous: Parsed | None) -> Tree:
    """``parser.parse(data)``, reusing the unchanged parts of ``previous`` when it helps.

    The edit is the span between the common prefix and suffix of the old and new bytes. Only
    error-free trees are reused or kept: where tree-sitter recovers from errors, an
    incremental parse may differ from a fresh one, so such texts are parsed from scratch.
    """
    if previous is None:
        return parser.parse(data)
    old, tree = previous
    if old == data and not tree.root_node.has_error:
        return tree
    if tree.root_node.has_error:
        return parser.parse(data)
    start = _common_prefix(old, data)
    limit = min(len(old), len(data)) - start
    tail = _common_suffix(old, data, limit)
    old_end = len(old) - tail
    new_end = len(data) - tail
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
        return parser.parse(data)
    return new


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


def clean_lines(lines: Sequence[RawLine], first_line_free: bool = False) -> tuple[str, list[tuple[int, int]]]:
    """Join raw lines into cleaned text, removing the common indentation, keeping the mapping.

    Trailing whitespace is dropped per line, blank lines at both ends are dropped. With
    ``first_line_free`` (docstrings) the first line is left-stripped and does not count for
    the common indentation, as ``inspect.cleandoc`` does (tabs are not expanded, so the
    mapping stays one to one).
    """
    if len(lines) == 1 and not first_line_free:
        # one line (most comments): its own indentation is the margin
        content, off = lines[0]
        content = content.rstrip()
        if not content:
            return "", []
        stripped = content.lstrip()
        return stripped, [(0, off + len(content) - len(stripped))]
    texts = [content.rstrip() for content, _ in lines]
    offsets = [off for _, off in lines]
    first = 0
    if first_line_free and texts:
        stripped = texts[0].lstrip()
        offsets[0] += len(texts[0]) - len(stripped)
        texts[0] = stripped
        first = 1
    margin = min([len(t) - len(t.lstrip()) for t in texts[first:] if t], default=0)
    if margin:
        offsets[first:] = [off + margin if t else off for t, off in zip(texts[first:], offsets[first:])]
        texts[first:] = [t[margin:] for t in texts[first:]]
    lo, hi = 0, len(texts)
    while lo < hi and not texts[lo]:
        lo += 1
    while hi > lo and not texts[hi - 1]:
        hi -= 1
    texts = texts[lo:hi]
    # the text offset of line i: the lengths of the lines before it plus i newlines
    starts = map(operator.add, accumulate(map(len, texts), initial=0), count())
    return "\n".join(texts), list(zip(starts, offsets[lo:hi]))


def make_block(
    kind: DocKind,
    text: str,
    pieces: list[tuple[int, int]],
    owner: str,
    path: str,
    lines: LineIndex,
    start: int,
    end: int,
    target_lines: tuple[int, int] | None = None,
    rng: Range | None = None,
) -> DocBlock:
    """A DocBlock for the file span ``start:end`` (str offsets, delimiters included);
    ``rng``, when given, is that span's range already computed."""
    if rng is None:
        rng = lines.range(start, end)
    return DocBlock(
        kind=kind,
        text=text,
        owner=owner,
        path=path,
        range=rng,
        pieces=pieces,
        start_line=rng.start.line,
        end_line=rng.end.line,
        target_lines=target_lines,
    )


def string_literal_lines(literal: str, offset: int) -> list[RawLine] | None:
    """Split a Python string literal (prefix and quotes included) into raw content lines."""
    i = 0
    n = len(literal)
    while i < n and literal[i].isalpha():
        i += 1
    quote = literal[i : i + 3]
    if quote not in ('"""', "'''"):
        quote = literal[i : i + 1]
    if quote not in ('"', "'", '"""', "'''") or "f" in literal[:i].lower():
        return None
    body_start = i + len(quote)
    body_end = n - len(quote) if literal.endswith(quote) and n - len(quote) >= body_start else n
    result: list[RawLine] = []
    pos = body_start
    while True:
        nl = literal.find("\n", pos, body_end)
        if nl == -1:
            result.append((literal[pos:body_end], offset + pos))
            break
        result.append((literal[pos:nl], offset + pos))
        pos = nl + 1
    return result


def is_skipped_comment_line(content: str) -> bool:
    """True for pragma lines (``type: ignore``, ``noqa``, ``docfact:`` ...) inside comments."""
    return bool(_PRAGMA.match(content))


def is_marker_comment(text: str) -> bool:
    """True for TODO/FIXME/XXX/HACK comments, which are notes rather than claims."""
    return bool(_SKIP_MARKER.match(text))


def is_license_text(text: str) -> bool:
    """True when a comment block reads like a license or copyright header."""
    return bool(_LICENSE.search(text))


def is_coding_cookie(line: str) -> bool:
    """True for a PEP 263 coding declaration comment line."""
    return bool(_CODING.match(line))


def parse_suppression(comment: str) -> tuple[bool, set[str] | None]:
    """Read a ``docfact: ignore`` comment: ``(ignore_file, criteria)``.

    ``criteria`` is None when the comment suppresses nothing, ``{"*"}`` for everything.
    """
    if "docfact:" not in comment:  # what _SUPPRESS needs; most comments lack it
        return False, None
    m = _SUPPRESS.search(comment)
    if not m:
        return False, None
    if m.group(1):
        return True, None
    if m.group(2) is not None:
        codes = {c.strip().upper() for c in m.group(2).split(",") if c.strip()}
        return False, codes or {"*"}
    return False, {"*"}


def add_suppression(suppressions: dict[int, set[str]], line: int, codes: set[str]) -> None:
    """Merge ``codes`` into the suppressions of ``line``."""
    suppressions.setdefault(line, set()).update(codes)


def in_ranges(ranges: Sequence[tuple[int, int]], start: int, end: int) -> bool:
    """True when ``start:end`` lies inside one of ``ranges`` (few ranges, linear scan)."""
    return any(s <= start and end <= e for s, e in ranges)


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


class _TokenCache(dict):  # type: ignore[type-arg]
    """token -> (ref or "", attribute names) for one keyword set, filled on first sight."""

    def __init__(self, keywords: frozenset[str]) -> None:
        super().__init__()
        self.keywords = keywords
        self.attrs: dict[str, tuple[str, ...]] = {}

    def __missing__(self, tok: str) -> str:
        keywords = self.keywords
        ref = ""
        attrs: tuple[str, ...] = ()
        if "." not in tok:
            if tok not in keywords and not tok[0].isdigit():
                ref = tok
        else:
            first = tok[0]
            if not first.isdigit():
                parts = [p for p in tok.split(".") if p]
                if parts and not parts[0][0].isdigit():
                    attrs = tuple(dict.fromkeys(parts if first == "." else parts[1:]))
                    if first != ".":
                        joined = ".".join(parts)
                        if joined not in keywords:
                            ref = joined
        if len(self) > 500_000:
            self.clear()
            self.attrs.clear()
        self[tok] = ref
        self.attrs[tok] = attrs
        return ref


_TOKEN_CACHES: dict[frozenset[str], _TokenCache] = {}


def names(chunks: list[str], keywords: frozenset[str]) -> tuple[list[str], list[str]]:
    """Identifiers and dotted names (refs) and attribute names in code with strings masked.

    One cheap regex pass collects word-and-dot runs; numbers are dropped, ``a.b.c`` gives the
    ref ``a.b.c`` and the attributes ``b`` and ``c``, ``f().x`` gives the attribute ``x``.
    Each distinct token is classified once per process (a cache per keyword set).
    """
    # "\n" never joins two runs; WORDS and WORDS_ASCII agree on ASCII text
    joined = "\n".join(chunks)
    if joined.isascii():
        tokens = dict.fromkeys(joined.encode("ascii").translate(_NON_WORD_ASCII).decode("ascii").split())
    else:
        tokens = dict.fromkeys(WORDS.findall(joined))
    cache = _TOKEN_CACHES.get(keywords)
    if cache is None:
        cache = _TOKEN_CACHES[keywords] = _TokenCache(keywords)
    refs = list(dict.fromkeys(filter(None, map(cache.__getitem__, tokens))))
    attrs = cache.attrs
    return refs, list(dict.fromkeys(chain.from_iterable(map(attrs.__getitem__, tokens))))
