"""The HTML report's escaping and source lines: untrusted text made safe for the page (control
characters shown, markup escaped), messages with their quoted names as code, and one source
line with the parts of its flagged sentences marked (sentence spans are in UTF-16 columns)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from docfact.cli.report import FindingRow, visible

Span = tuple[int, int, int, int, str]  # a sentence: start line, column, end line, column, criteria


def escape(text: str) -> str:
    """Untrusted text for HTML: control characters shown as escapes (a bidirectional override
    in a file name cannot make it read differently), then markup-escaped, quotes included."""
    return html.escape(visible(text), quote=True)


def prose(text: str) -> str:
    """A message or fix title, escaped; then each name it quotes in backquotes is shown as
    code (the match runs on the escaped text, so no markup from the text gets through)."""
    return _TICKS.sub(r"<code>\1</code>", escape(text))


_TICKS = re.compile(r"`([^`<>]+)`")


def span_of(f: FindingRow) -> tuple[int, int, int, int]:
    """The finding's range as a doc's sentence span is keyed (0-based lines and columns)."""
    return (f.line - 1, f.column - 1, f.end_line - 1, f.end_column - 1)


def source_line(line: str, ln: int, flagged: Iterable[Span], sid: dict[tuple[int, int, int, int], str]) -> str:
    """One source line with the parts of flagged sentences on it wrapped in ``<mark>``
    (span columns are UTF-16 units); the first line of a sentence's marks has ``data-start``."""
    units = _utf16_index(line)
    marks: list[tuple[int, int, Span, bool]] = []
    for s in flagged:
        sl, sc, el, ec, _ = s
        if ln < sl or ln > el:
            continue
        a = units.get(sc, 0) if ln == sl else 0
        b = units.get(ec, len(line)) if ln == el else len(line)
        marks.append((a, b, s, ln == sl))
    buf = ""
    pos = 0
    for a, b, s, first in sorted(marks):
        if a < pos:
            continue
        crit = s[4]
        buf += escape(line[pos:a])
        start = " data-start='1'" if first else ""  # a sentence over several lines: one mark per line
        buf += (f"<mark class='flag {escape(crit.split(',')[0])}' data-criteria='{escape(crit)}'{start} "
                f"data-s='{sid[s[:4]]}'>{escape(line[a:b])}</mark>")
        pos = b
    buf += escape(line[pos:])
    return f"<span class='l' data-n='{ln + 1}'>{buf}</span>"


def _utf16_index(line: str) -> dict[int, int]:
    """UTF-16 column -> str index for one line."""
    out = {}
    u = 0
    for i, ch in enumerate(line):
        out[u] = i
        u += 2 if ord(ch) > 0xFFFF else 1
    out[u] = len(line)
    return out
