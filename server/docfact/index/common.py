"""Language-neutral helpers of the index: doc text cleaning with exact offsets, comment rules.

Every cleaned doc keeps ``pieces`` (:class:`~docfact.model.Pieces`): one ``(text_offset,
file_offset)`` pair per kept line, so each character of ``DocBlock.text`` maps back to the file
character it came from.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from itertools import accumulate, count, islice

from docfact.index.source import Parsed as Parsed  # re-exported: graph.graph imports it from here
from docfact.model import NO_PIECES, DocBlock, DocKind, Pieces, Range
from docfact.positions import LineIndex

# A raw doc line: its content (delimiters/prefixes already removed) and the file offset of
# the content's first character.
RawLine = tuple[str, int]

_SKIP_MARKER = re.compile(r"\s*(?:TODO|FIXME|XXX|HACK)\b")
_PRAGMA = re.compile(
    r"\s*(?:type:|noqa\b|pylint:|fmt:|pragma\b|docfact:|mypy:|isort:|pyright:|ruff:|"
    r"nosec\b|NOSONAR\b|CHECKSTYLE|\$NON-NLS|@formatter:|spotless:)",
    re.IGNORECASE,
)
_CODING = re.compile(r"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
_LICENSE = re.compile(r"copyright|licen[cs]e|spdx-license-identifier|all rights reserved", re.I)
_SUPPRESS = re.compile(r"docfact:\s*ignore(-file)?(?:\[([A-Za-z0-9_.,\s-]*)\])?")


def clean_lines(lines: Sequence[RawLine], first_line_free: bool = False) -> tuple[str, Pieces]:
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
            return "", NO_PIECES
        stripped = content.lstrip()
        return stripped, Pieces.one(off + len(content) - len(stripped))
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
    return "\n".join(texts), Pieces.split(islice(starts, hi - lo), offsets[lo:hi])


def make_block(
    kind: DocKind,
    text: str,
    pieces: Pieces,
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

    ``criteria`` is None when the comment suppresses nothing, ``{"*"}`` for everything; it holds
    criteria (``C4``) and rule ids (``C1.unknown-name``), spelled as the registry spells them.
    """
    if "docfact:" not in comment:  # what _SUPPRESS needs; most comments lack it
        return False, None
    m = _SUPPRESS.search(comment)
    if not m:
        return False, None
    if m.group(1):
        return True, None
    if m.group(2) is not None:
        codes = {_code(c) for c in m.group(2).split(",") if c.strip()}
        return False, codes or {"*"}
    return False, {"*"}


def _code(code: str) -> str:
    """``c1`` -> ``C1``, ``c1.Unknown-Name`` -> ``C1.unknown-name``."""
    head, dot, tail = code.strip().partition(".")
    return head.upper() + (dot + tail.lower() if dot else "")


def add_suppression(suppressions: dict[int, set[str]], line: int, codes: set[str]) -> None:
    """Merge ``codes`` into the suppressions of ``line``."""
    suppressions.setdefault(line, set()).update(codes)


def in_ranges(ranges: Sequence[tuple[int, int]], start: int, end: int) -> bool:
    """True when ``start:end`` lies inside one of ``ranges`` (few ranges, linear scan)."""
    return any(s <= start and end <= e for s, e in ranges)
