"""Cheap tests in front of costly patterns: a case-insensitive pattern that every sentence is
searched with can only match where the sentence holds one of its literal words, and looking for
a few words is several times faster than running the pattern."""

from __future__ import annotations

import re
from collections.abc import Iterator


def may_hold(text: str, words: tuple[str, ...]) -> bool:
    """Whether ``text`` holds one of ``words`` (lower-case ASCII) in any case; always true for
    text outside ASCII, where case-insensitive matching knows more forms (the long s, U+017F,
    matches ``s``)."""
    if not text.isascii():
        return True
    low = text.lower()
    for w in words:  # a loop, not any() over a generator: this runs for every sentence
        if w in low:
            return True
    return False


class Gated:
    """A compiled pattern searched only in texts that hold one of ``words``: each match of the
    pattern must contain one of them (in any case), so the answer is the pattern's own."""

    def __init__(self, pattern: re.Pattern[str], words: tuple[str, ...]) -> None:
        self.pattern = pattern
        self.words = words

    def search(self, text: str) -> re.Match[str] | None:
        return self.pattern.search(text) if may_hold(text, self.words) else None


def word_start_matches(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """The matches of ``pattern`` that start a word (as ``\\b`` before the pattern would ask):
    ``pattern`` begins with a literal, which Python's ``re`` finds by a fast scan, where a pattern
    that begins with ``\\b`` is tried at every character of a long text. A match inside a longer
    word is skipped and the search goes on from the next character."""
    pos = 0
    while (m := pattern.search(text, pos)) is not None:
        before = text[m.start() - 1] if m.start() else " "
        if before.isalnum() or before == "_":
            pos = m.start() + 1
            continue
        yield m
        pos = max(m.end(), m.start() + 1)
