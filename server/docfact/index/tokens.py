"""The names code uses: identifiers, dotted names and attribute names read from code text with
its strings and comments blanked out (one regex pass, each distinct token classified once)."""

from __future__ import annotations

import re
from itertools import chain

WORDS_ASCII = re.compile(r"[\w.]+", re.ASCII)
WORDS = re.compile(r"[\w.]+")
# byte table turning every ASCII character outside WORDS_ASCII's class into a space: the
# ``split()`` of ASCII text translated by it is ``WORDS_ASCII.findall`` at a fraction of the cost
_NON_WORD_ASCII = bytes(i if chr(i).isalnum() or chr(i) in "_." else 32 for i in range(128)) + b" " * 128

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
        # attrs first: a watchdog stop between the two (docfact.index.index_bound) leaves a token
        # that is missing here, computed again next time, never one without its attributes
        self.attrs[tok] = attrs
        self[tok] = ref
        return ref


_TOKEN_CACHES: dict[frozenset[str], _TokenCache] = {}


def forget_tokens() -> None:
    """Empty the per-process token caches: after a bulk load they hold every distinct token of
    the project (20 MB on 3,000 files) that judging never reads; edits fill them again."""
    for cache in _TOKEN_CACHES.values():
        cache.clear()
        cache.attrs.clear()


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
