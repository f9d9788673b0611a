"""The one place where text offsets become (line, UTF-16 column) positions and back.

LSP columns count UTF-16 code units; Python ``str`` indices count code points. Characters
outside the Basic Multilingual Plane (emoji, some CJK) are one code point but two UTF-16 units.
"""

from __future__ import annotations

import bisect
import operator
import re
from itertools import accumulate, count

from docfact.model import Pos, Range


def utf16_len(s: str) -> int:
    """Number of UTF-16 code units needed to encode ``s``."""
    n = len(s)
    if s.isascii():
        return n
    return n + sum(1 for ch in s if ord(ch) > 0xFFFF)


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")
_LONE_CR = re.compile(r"\r(?!\n)")


def lone_cr_to_lf(text: str) -> str:
    """``text`` with every carriage return that ends a line alone (classic Mac OS line ends)
    turned into a line feed, which the parsers and the line index split on. The text keeps its
    length, so every offset stays, and its lines are the ones LSP counts (``\\r``, ``\\n`` and
    ``\\r\\n`` each end a line)."""
    if "\r" not in text or _LONE_CR.search(text) is None:
        return text
    return _LONE_CR.sub("\n", text)


class LineIndex:
    """Maps offsets in one text to positions and back, in O(log lines)."""

    def __init__(self, text: str) -> None:
        self.text = text
        # start of line i = the lengths of the lines before it + i newlines (at C speed)
        # (a line that ends with a lone carriage return is a line: see lone_cr_to_lf)
        starts = list(map(operator.add, accumulate(map(len, lone_cr_to_lf(text).split("\n")), initial=0), count()))
        starts.pop()
        self.line_starts: list[int] = starts
        # str offsets of the characters outside the BMP (two UTF-16 units each), found once:
        # a minified file's one long line would otherwise be walked again for every position
        self._astral: list[int] | None = None if not text.isascii() else []

    def _astral_offsets(self) -> list[int]:
        if self._astral is None:
            self._astral = [m.start() for m in _ASTRAL.finditer(self.text)]
        return self._astral

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.line_starts, offset) - 1

    def pos(self, offset: int) -> Pos:
        """The (line, UTF-16 column) of a str offset."""
        offset = max(0, min(offset, len(self.text)))
        line = self.line_of(offset)
        start = self.line_starts[line]
        astral = self._astral_offsets()
        if not astral:
            return Pos(line, offset - start)
        return Pos(line, offset - start + bisect.bisect_left(astral, offset) - bisect.bisect_left(astral, start))

    def range(self, start: int, end: int) -> Range:
        return Range(self.pos(start), self.pos(end))

    def offset(self, pos: Pos) -> int:
        """The str offset of a (line, UTF-16 column) position, clamped to the text."""
        if pos.line >= len(self.line_starts):
            return len(self.text)
        if pos.line < 0:
            return 0
        start = self.line_starts[pos.line]
        end = self.line_starts[pos.line + 1] - 1 if pos.line + 1 < len(self.line_starts) else len(self.text)
        astral = self._astral_offsets()
        col = max(pos.col, 0)
        extra = 0  # astral characters before the column: one str index, two UTF-16 units
        for k in astral[bisect.bisect_left(astral, start):bisect.bisect_left(astral, end)]:
            u = k - start + extra  # the UTF-16 column where that character starts
            if col <= u:
                break
            if col == u + 1:
                return k + 1  # inside a surrogate pair: the character after it
            extra += 1
        return min(start + col - extra, end)

    def line_text(self, line: int) -> str:
        if line < 0 or line >= len(self.line_starts):
            return ""
        start = self.line_starts[line]
        end = self.line_starts[line + 1] - 1 if line + 1 < len(self.line_starts) else len(self.text)
        return self.text[start:end]


def byte_to_str_offsets(data: bytes, text: str) -> list[int] | None:
    """Return None when byte offsets equal str offsets (pure ASCII), else a byte->str table.

    tree-sitter reports byte offsets into the UTF-8 encoding; for ASCII text they already are
    str offsets, which is the common and fast case.
    """
    if len(data) == len(text):
        return None
    table = [0] * (len(data) + 1)
    b = 0
    for i, ch in enumerate(text):
        n = len(ch.encode("utf-8"))
        for k in range(n):
            table[b + k] = i
        b += n
    table[b] = len(text)
    return table
