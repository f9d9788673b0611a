"""The cheap tests in front of costly patterns never change what the patterns find."""

from __future__ import annotations

import re

from docfact.docs.segments import split_sentences
from docfact.judges.gates import Gated, may_hold
from docfact.judges.mentions import find_mentions, strip_code
from docfact.judges.name_prose import HISTORY


def test_gate_answers_as_the_pattern() -> None:
    gated = Gated(re.compile(r"\brecursi\w*|\bcalls\s+itself\b", re.I), ("recursi", "itself"))
    for text in ("Walks the tree RECURSIVELY.", "It calls\nitself.", "Returns the sum.", "", "recursion"):
        assert bool(gated.search(text)) == bool(gated.pattern.search(text)), text


def test_non_ascii_text_always_reaches_the_pattern() -> None:
    # case-insensitive matching takes the long s (U+017F) for an s: a word test on the lower
    # case text would miss it, so text outside ASCII always goes to the pattern
    assert not may_hold("deprecated".replace("e", "x"), ("deprecated",))
    assert may_hold("u\u017feless", ("use",))
    assert HISTORY.search("It u\u017fed to count the rows.") is not None  # "used to", with a long s
    assert HISTORY.search("Counts the rows.") is None


def test_mentions_of_plain_prose_and_of_code() -> None:
    assert find_mentions("the rows are counted and returned") == ()
    names = [m.name for m in find_mentions("Calls os.path.join() on ``base_dir`` and the RowCounter.")]
    assert names == ["os.path.join", "base_dir", "RowCounter"]
    assert strip_code("no code here") == "no code here"
    assert strip_code("uses ``x`` here") == "uses       here"


def test_split_sentences_gives_a_fresh_list_each_time() -> None:
    text = "First sentence. Second one."
    spans = split_sentences(text)
    spans.append((0, 1))  # a caller's change must not reach the next caller
    assert split_sentences(text) == [(0, 15), (16, 27)]
