"""Names a reader takes for the same name written another way: a word abbreviated or derived
(``_modified_Newton`` / ``_modif_newton``, ``MetadataRouting`` / ``MetadataRouter``), a plural
inside a compound (``forecast_error_cov`` / ``forecasts_error_cov``), the words run together
or split (``_get_config_dir`` / ``get_configdir``), the same words in another order, or one
word more or less (``posterior_cov`` / ``posterior_cov_sparse``). The C1 rules ask here only
for names they have proven missing, to say which real name was meant."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from docfact.judges.base import name_words, osa_distance

# endings that turn one English word into another of the same stem (routing / router)
_ENDINGS = frozenset({"", "s", "es", "e", "ed", "er", "ers", "ing", "ion", "ions", "or", "ors", "ation",
                      "ations", "ment", "ments", "al", "ity", "ive"})


def _same_word(a: str, b: str) -> bool:
    """Whether two lower-case words are one word written in full and shortened (``modif`` /
    ``modified``), in the singular and the plural, or with two endings of one stem (``routing``
    / ``router``)."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if long_.startswith(short) and (len(short) >= 3 or long_[len(short):] in ("s", "es")):
        return long_[len(short):].isalpha()  # ``factor0`` / ``factor``: a numbered sibling
    stem = 0
    while stem < len(short) and short[stem] == long_[stem]:
        stem += 1
    return stem >= 4 and short[stem:] in _ENDINGS and long_[stem:] in _ENDINGS


@lru_cache(maxsize=65536)
def relation(written: str, real: str, extension: bool = True) -> str | None:
    """How ``written`` misnames ``real``: "word" (one word abbreviated, derived or in the
    plural), "order" (the same words in another order), "joined" (words run together or split
    at another place), "extension" (one word more or less, at either end; only with
    ``extension``) or "typo" (one edit, two in names of eight letters or more); None when they
    are not so related or differ only in case or in leading underscores."""
    if written == real or written.lower() == real.lower() or written.strip("_") == real.strip("_"):
        return None
    a, b = name_words(written), name_words(real)
    if not a or not b or (len(a) == 1 and len(b) == 1 and not _one_word_pair(a[0], b[0])):
        return None
    if "".join(a) == "".join(b):
        # words split at another place in one case style (``get_config_dir`` / ``get_configdir``);
        # ``NumPy`` beside ``numpy_`` is a word of prose beside a name
        return "joined" if len(a) != len(b) and _snake(written) == _snake(real) else None
    if len(a) == len(b):
        diff = [(i, x, y) for i, (x, y) in enumerate(zip(a, b)) if x != y]
        if len(diff) == 1 and len(a) >= 2 and _same_word(diff[0][1], diff[0][2]) \
                and not (diff[0][0] == len(a) - 1 and _plural_pair(diff[0][1], diff[0][2])):
            return "word"  # not a plural at the end: ``n_cluster`` is English for one of ``n_clusters``
        if len(a) >= 2 and sorted(a) == sorted(b):
            return "order"
    limit = 2 if min(len(written), len(real)) >= 8 else 1
    if min(len(written), len(real)) >= 4 and osa_distance(written.lower(), real.lower(), limit) <= limit:
        return "typo"
    if extension and min(len(a), len(b)) >= 2 and abs(len(a) - len(b)) == 1:
        short, long_ = (a, b) if len(a) < len(b) else (b, a)
        extra = long_[0] if long_[1:] == short else long_[-1] if long_[:-1] == short else ""
        if len(extra) >= 3 and extra.isalpha():  # not ``n_classes_`` beside ``classes_``
            return "extension"
    return None


def _snake(name: str) -> bool:
    core = name.strip("_")
    return "_" in core or core.islower()


def _plural_pair(a: str, b: str) -> bool:
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return long_ in (short + "s", short + "es")


def _one_word_pair(a: str, b: str) -> bool:
    """Single words are related only by a slip of a letter or two (``scale`` / ``scaled``)."""
    return min(len(a), len(b)) >= 4 and osa_distance(a, b, 1) <= 1


def relative(written: str, pool: Iterable[str], extension: bool = True) -> tuple[str, str] | None:
    """The one name of ``pool`` that ``written`` misnames, with the kind of slip (see
    :func:`relation`); None when none or several are."""
    found: tuple[str, str] | None = None
    # what every relation needs: a length within two (a typo), a word in common (a word, the
    # order, an extension) or the same letters (joined); most of a scope's names have none
    n = len(written)
    words = name_words(written)
    word_set, letters = set(words), "".join(words)
    for cand in pool:
        if abs(len(cand) - n) > 2:
            cand_words = name_words(cand)
            if word_set.isdisjoint(cand_words) and "".join(cand_words) != letters:
                continue
        kind = relation(written, cand, extension)
        if kind is None:
            continue
        if found is not None and found[0] != cand:
            return None
        found = (cand, kind)
    return found
