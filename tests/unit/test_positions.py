"""Offsets to (line, UTF-16 column) and back: the same answers as walking the text character by
character, for text with characters outside the BMP (two UTF-16 units each)."""

from __future__ import annotations

import random

from docfact.model import Pos
from docfact.positions import LineIndex


def _walked_pos(text: str, offset: int) -> tuple[int, int]:
    offset = max(0, min(offset, len(text)))
    start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset), sum(2 if ord(c) > 0xFFFF else 1 for c in text[start:offset])


def _walked_offset(text: str, line: int, col: int) -> int:
    lines = text.split("\n")
    if line >= len(lines):
        return len(text)
    if line < 0:
        return 0
    start = sum(len(x) + 1 for x in lines[:line])
    units = 0
    for i, ch in enumerate(lines[line]):
        if units >= col:
            return start + i
        units += 2 if ord(ch) > 0xFFFF else 1
    return start + len(lines[line])


def test_positions_match_a_character_walk() -> None:
    rng = random.Random(1)
    alphabet = ["a", " ", "\n", "é", "中", "😀", "\U0001d4b3"]
    for _ in range(1500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        index = LineIndex(text)
        for offset in range(len(text) + 2):
            p = index.pos(offset)
            assert (p.line, p.col) == _walked_pos(text, offset), (text, offset)
        for line in range(-1, text.count("\n") + 2):
            for col in range(40):
                assert index.offset(Pos(line, col)) == _walked_offset(text, line, col), (text, line, col)


def test_one_long_line_is_not_walked_per_position() -> None:
    """A minified file: 200,000 characters on one line, 😀 every 1,000; every position is
    mapped (the old character walk per position took minutes here)."""
    text = ("x" * 999 + "😀") * 200
    index = LineIndex(text)
    cols = [index.pos(off).col for off in range(0, len(text), 97)]
    assert cols[-1] == _walked_pos(text, (len(text) - 1) // 97 * 97)[1]
    assert index.offset(index.pos(150_000)) == 150_000
