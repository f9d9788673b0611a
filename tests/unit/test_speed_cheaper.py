"""The work a cold check skips (issue 31) leaves every answer as it was."""

from __future__ import annotations

import gc

import pytest

from docfact.docs import sentences
from docfact.docs.sentences import chunk_sentences, mask_code, split_sentences
from docfact.project.indexing import no_collection


def _mask_slow(text: str) -> str:
    """mask_code as it was written before its fast path (one character at a time)."""

    def repl(m):  # type: ignore[no-untyped-def]
        s = m.group(0)
        if m.lastgroup == "word" or sentences._INITIALS.match(s):
            return s
        first = sentences._LETTER.search(s)
        head = "X" if first and first.group(0).isupper() else "x"
        return "".join(ch if ch.isspace() else (head if i == 0 else "x") for i, ch in enumerate(s))

    return sentences._PROTECT.sub(repl, text)


@pytest.mark.parametrize("text", [
    "Call ``os.path.join(a, b)`` then see e.g. the docs. Done.",
    "Use :py:meth:`Foo.bar` and `x y` here.\u00a0Then f(a,\tb) runs.",
    "Version v2.0.1 of https://example.org/a.b works... Yes! Really?",
    "A ``literal with spaces`` and foo.bar.baz() and {@link A#b c}.",
    "\u00c9t\u00e9 `caf\u00e9 au lait` and obj.\u00e9l\u00e9ment.",
])
def test_mask_code_fast_path_equals_the_character_loop(text: str) -> None:
    assert mask_code(text) == _mask_slow(text)
    assert len(mask_code(text)) == len(text)


def test_a_chunk_without_a_break_is_not_masked(monkeypatch: pytest.MonkeyPatch) -> None:
    chunk_sentences.cache_clear()

    def no_mask(text: str) -> str:
        raise AssertionError("masked a chunk where no sentence can end")

    monkeypatch.setattr(sentences, "mask_code", no_mask)
    text = "Return the value of ``os.path.join`` for the given key."
    assert split_sentences(text) == [(0, len(text))]
    assert chunk_sentences("  one sentence, then e.g  ") == ((2, 24),)
    chunk_sentences.cache_clear()


def test_sentences_are_the_same_when_a_chunk_recurs() -> None:
    chunk_sentences.cache_clear()
    sentences._split.cache_clear()
    text = "First one. Then ``a.b`` is read.\n\nFirst one. Then ``a.b`` is read."
    first = split_sentences(text)
    again = split_sentences("Intro.\n\n" + text)
    assert [text[a:b] for a, b in first] == ["First one.", "Then ``a.b`` is read."] * 2
    assert [("Intro.\n\n" + text)[a:b] for a, b in again][1:] == [text[a:b] for a, b in first]
    assert chunk_sentences.cache_info().hits >= 2


def test_no_collection_leaves_everything_collectable_and_nothing_frozen() -> None:
    if gc.get_freeze_count():
        pytest.skip("something in this process froze objects already")
    assert gc.isenabled()

    class Node:
        other: object = None

    with no_collection():
        assert not gc.isenabled()
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle only the collector frees
        keep = [[i] for i in range(5000)]
        del a, b
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    assert gc.get_count()[0] < 700  # no young collection owed for what loading made
    assert gc.collect() >= 2  # the cycle is still found by a full collection
    assert len(keep) == 5000


def test_no_collection_keeps_what_its_owner_froze() -> None:
    if gc.get_freeze_count():
        pytest.skip("something in this process froze objects already")
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with no_collection():
            _ = [[i] for i in range(100)]
        assert gc.isenabled()
        assert gc.get_freeze_count() >= frozen
    finally:
        gc.unfreeze()


def test_nested_no_collection_enables_only_at_the_outer_exit() -> None:
    with no_collection():
        with no_collection():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()
