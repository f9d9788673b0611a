"""String similarity for "did you mean": the words of a name, edit distance with
transpositions, difflib's ratio kept per thread, the buckets that find a name's near neighbours
among many, and what counts as one name family rather than a misspelling.

:class:`~docfact.judges.base.JudgeContext` suggests and recognises names with these; the C1 name
rules call them directly.
"""

from __future__ import annotations

import difflib
import re
import threading
from collections.abc import Iterable
from functools import lru_cache


class NameIndex:
    """Names bucketed by their first and last two letters: one typo (an edit or a swap) in a
    name of six or more letters leaves one of the two intact, so these buckets hold every
    candidate within one edit; names of similar length are added for the ratio test."""

    def __init__(self, names: Iterable[str]) -> None:
        self.heads: dict[str, list[str]] = {}
        self.tails: dict[str, list[str]] = {}
        self.by_len: dict[int, list[str]] = {}
        self.by_letters: dict[str, list[str]] = {}
        self.by_lower: dict[str, list[str]] = {}  # CamelCase names of eight letters or more
        for n in names:
            if len(n) < 2:
                continue
            self.heads.setdefault(n[:2], []).append(n)
            self.tails.setdefault(n[-2:], []).append(n)
            self.by_len.setdefault(len(n), []).append(n)
            if ("_" in n.strip("_") or n[1:] != n[1:].lower()) and len(n) >= 8:
                self.by_letters.setdefault("".join(sorted(n.lower())), []).append(n)
                if "_" not in n:
                    self.by_lower.setdefault(n.lower(), []).append(n)

    def case_twins(self, name: str) -> list[str]:
        """The CamelCase names spelled like ``name`` but for the case of their letters."""
        return [n for n in self.by_lower.get(name.lower(), ()) if n != name]

    def candidates(self, name: str) -> set[str]:
        out = set(self.heads.get(name[:2], ())) | set(self.tails.get(name[-2:], ()))
        out.update(self.by_letters.get("".join(sorted(name.lower())), ()))  # words in another order
        return {c for c in out if abs(len(c) - len(name)) <= max(2, len(name) // 6)}


_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")


@lru_cache(maxsize=65536)
def name_words(name: str) -> tuple[str, ...]:
    """The words of a snake_case or CamelCase name, in lower case and in order
    (``getHTTPResponse`` -> get, http, response)."""
    return tuple(w.lower() for w in _WORD.findall(name))


@lru_cache(maxsize=65536)
def word_order_key(name: str) -> tuple[bool | str, ...] | None:
    """The words of a snake_case or CamelCase name, sorted (``fit_iterative`` and
    ``iterative_fit`` share one): None for a name of fewer than two words."""
    words = name_words(name)
    if len(words) < 2:
        return None
    return ("_" in name.strip("_"), *sorted(words))


def osa_distance(a: str, b: str, limit: int) -> int:
    """Edit distance with adjacent transpositions (optimal string alignment), cut off above
    ``limit`` (returns ``limit + 1`` as soon as it is exceeded)."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    if limit == 1:
        return _osa_within_one(a, b)
    # an edit adds at most two characters to the symmetric difference of the character sets
    if len(set(a).symmetric_difference(b)) > 2 * limit:
        return limit + 1
    prev2: list[int] | None = None
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if prev2 is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def _osa_within_one(a: str, b: str) -> int:
    """:func:`osa_distance` with limit 1 (lengths differ by at most one), without the table:
    past the common prefix, one substitution, transposition, insertion or deletion must make
    the rests equal."""
    if a == b:
        return 0
    i = 0
    shortest = min(len(a), len(b))
    while i < shortest and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        if a[i + 1:] == b[i + 1:]:
            return 1
        swapped = i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2:] == b[i + 2:]
        return 1 if swapped else 2
    if len(a) < len(b):
        return 1 if a[i:] == b[i + 1:] else 2
    return 1 if a[i + 1:] == b[i:] else 2


def same_family(name: str, other: str) -> bool:
    """Names that extend one another by a version digit, a plural, an acronym or a word (GeoIP /
    GeoIP2, ModelAdmin / ModelAdmins, GridSearch / GridSearchCV, watch_glob / _watch_glob)
    name a family, not a misspelling."""
    sa, sb = name.strip("_"), other.strip("_")
    shorter, longer = (sa, sb) if len(sa) <= len(sb) else (sb, sa)
    if longer.startswith(shorter) and longer[len(shorter):].isupper():
        return True
    a, b = sa.lower(), sb.lower()
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if short == long_:
        return True
    if long_.endswith(short):
        return True  # a prefix added: unquote_header_value / quote_header_value
    if not long_.startswith(short):
        return False
    tail = long_[len(short):]
    if tail in ("s", "es") and short.endswith("s"):
        return False  # "classs" is a typo, not a plural
    return tail.isdigit() or tail in ("s", "es") or tail.startswith("_") or tail.endswith("_") or len(tail) > 2


_MATCHERS = threading.local()


_RATIOS_MAX = 1 << 17  # ratios kept per thread (about 6 MB); all are dropped past it


def close_ratio(word: str, candidate: str, cutoff: float) -> float:
    """difflib's similarity ratio of ``candidate`` to ``word`` when it reaches ``cutoff``, else
    0.0, computed as :func:`difflib.get_close_matches` does. Kept per thread, by word: one
    unknown name meets the same in-scope names in doc after doc (a large package asks for each
    pair about 3 times). A ratio is one entry of its word's dict (most are the shared 0.0), not
    an LRU cache's key tuple and link (a large check's cache was 16 MB of a process). One matcher
    per word, as get_close_matches keeps one per call."""
    local = _MATCHERS.__dict__
    by_word = local.get("by_word")
    if by_word is None or local["size"] >= _RATIOS_MAX or len(by_word) > 4096:
        by_word = local["by_word"] = {}
        local["size"] = 0
    mine: tuple[difflib.SequenceMatcher[str], dict[str, float]] | None = by_word.get((word, cutoff))
    if mine is None:
        mine = by_word[(word, cutoff)] = (difflib.SequenceMatcher(None, "", word), {})
    s, ratios = mine
    got = ratios.get(candidate)
    if got is not None:
        return got
    r = 0.0
    s.set_seq1(candidate)
    if s.real_quick_ratio() >= cutoff and s.quick_ratio() >= cutoff:
        r = s.ratio()
        if r < cutoff:
            r = 0.0
    ratios[candidate] = r
    local["size"] += 1
    return r


def variants(name: str) -> tuple[str, ...]:
    out = [name]
    if name.endswith("s") and len(name) > 3:
        out.append(name[:-1])
        if name.endswith("es"):
            out.append(name[:-2])
    out.extend(["_" + name, "__" + name])
    return tuple(out)
