"""What a generator is documented to yield against its ``yield`` statements (C2.yield-type).

Each planted generator documents a tuple of N values (a NumPy ``Yields`` section of N named items,
"yield a (a, b) pair" in prose) or one kind, and every ``yield`` gives something else: a tuple of
another length, an object of a plain class or of a ``make_dataclass`` class (which cannot be
unpacked), a namedtuple of another arity. Each trap is what real generators do and stays quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files

_RECORD = '''
import collections
import dataclasses

Item = dataclasses.make_dataclass("Item", ["font", "char", "index", "x", "kern"])
Triple = collections.namedtuple("Triple", "key value weight")
Pair = collections.namedtuple("Pair", ["key", "value"])


class Plain:
    def __init__(self, a, b):
        self.a, self.b = a, b


class Iterable:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def __iter__(self):
        return iter((self.a, self.b))
'''


def c2(tmp_path: Path, body: str) -> list:
    files = {"records.py": _RECORD, "mod.py": "from records import Item, Triple, Pair, Plain, Iterable\n" + body}
    return [f for f in judge_files(tmp_path, files, "mod.py").findings if f.criterion == "C2"]


PLANTED = [
    pytest.param('''
def layout(string):
    """Lay out a string.

    For each character in *string*, yield a (glyph-index, x-position) pair.
    """
    x = 0
    for i, char in enumerate(string):
        yield Item(None, char, i, x, 0)
        x += 1
''', "For each character", ["`Item(...)`", "make_dataclass", "cannot be unpacked", "2 values"], id="prose-pair-dataclass"),
    pytest.param('''
def pairs(d):
    """Walk the mapping.

    Yields
    ------
    key : str
        The key.
    value : object
        Its value.
    """
    for k, v in d.items():
        yield k, v, len(k)
''', "key : str", ["`(k, v, len(k))` (3 values)", "2 values"], id="numpy-items-three-tuple"),
    pytest.param('''
def pairs(d):
    """Walk the mapping.

    Yields
    ------
    key : str
        The key.
    value : object
        Its value.
    """
    for k, v in d.items():
        yield Plain(k, v)
''', "key : str", ["`Plain(...)`", "cannot be unpacked"], id="numpy-items-plain-object"),
    pytest.param('''
def weighted(d):
    """Yields (key, value) pairs of the mapping."""
    for k, v in d.items():
        yield Triple(k, v, 1.0)
''', "Yields (key, value) pairs", ["`Triple(...)`", "namedtuple of 3 fields"], id="prose-pairs-namedtuple-of-three"),
    pytest.param('''
def names(d):
    """Walk the mapping.

    Yields
    ------
    int
        The length of each key.
    """
    for k, v in d.items():
        yield k, v
''', "int", ["`int`", "`(k, v)`"], id="one-kind-tuple-yielded"),
]


@pytest.mark.parametrize(("source", "sentence", "words"), PLANTED)
def test_planted_yield_mismatch_is_flagged(tmp_path: Path, source: str, sentence: str, words: list[str]) -> None:
    [f] = c2(tmp_path, source)
    assert (f.rule, f.criterion, f.judge) == ("C2.yield-type", "C2", "static")
    assert f.segment.text.startswith(sentence), f.segment.text
    for w in words:
        assert w in f.message, (w, f.message)
    assert f.evidence is not None and f.evidence.excerpt is not None and f.evidence.excerpt.startswith("yield ")


TRAPS = [
    pytest.param('''
def pairs(d):
    """Walk the mapping.

    Yields
    ------
    key : str
        The key.
    value : object
        Its value.
    """
    for k, v in d.items():
        yield k, v
''', id="numpy-items-pair"),
    pytest.param('''
def pairs(d):
    """Yields (key, value) pairs."""
    for k, v in d.items():
        yield Pair(k, v)
''', id="namedtuple-of-two"),
    pytest.param('''
def pairs(d):
    """Yields (key, value) pairs."""
    for k, v in d.items():
        yield Iterable(k, v)
''', id="object-with-iter"),
    pytest.param('''
def pairs(d):
    """Yields (key, value) pairs."""
    yield from d.items()
''', id="yield-from"),
    pytest.param('''
from typing import Iterator


def pairs(d) -> Iterator[Plain]:
    """Yields (key, value) pairs."""
    for k, v in d.items():
        yield Plain(k, v)
''', id="annotated-another-rules"),
    pytest.param('''
def transformers(d):
    """Walk the transformers.

    Yields
    ------
    A generator of tuples containing:
        - name : the name of the transformer
        - columns : its columns
    """
    for k, v in d.items():
        yield k, v, 1
''', id="item-describes-the-generator"),
    pytest.param('''
def apply(d, f):
    """Call *f*, a function that yields (key, value) pairs, on each item."""
    for k in d:
        yield Plain(k, f)
''', id="another-subject"),
    pytest.param('''
import external


def pairs(d):
    """Yields (key, value) pairs."""
    for k, v in d.items():
        yield external.Record(k, v)
''', id="outside-class-unknown"),
    pytest.param('''
import contextlib


@contextlib.contextmanager
def opened(d):
    """Yields a (key, value) pair."""
    yield Plain(d, d)
''', id="context-manager"),
    pytest.param('''
def pairs(d):
    """Yields (key, value) pairs."""
    for k, v in d.items():
        if v:
            yield k, v
        else:
            yield k, v, None
''', id="one-yield-fits"),
    pytest.param('''
def chunks(d):
    """Yields (start, stop) tuples of rows, or (start, stop, step) when *step* is given."""
    for k in d:
        yield k, k, 1
''', id="alternatives-in-the-sentence"),
]


@pytest.mark.parametrize("source", TRAPS)
def test_true_yield_doc_is_quiet(tmp_path: Path, source: str) -> None:
    assert c2(tmp_path, source) == []
