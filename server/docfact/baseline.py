"""Baselines: record today's findings once, then report only new ones.

A finding's fingerprint is (path relative to the project root, symbol, criterion, rule,
sentence with whitespace collapsed): no line numbers, so moved code stays baselined. The CLI
(``--baseline``/``--write-baseline``) and the language server (setting ``baseline``) share it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from docfact import __version__

Fingerprint = tuple[str, str, str, str, str]


def fingerprint(path: str, symbol: str, criterion: str, rule: str, sentence: str) -> Fingerprint:
    return (path.replace("\\", "/"), symbol, criterion, rule, " ".join(sentence.split()))


def write(path: Path, prints: Iterable[Fingerprint]) -> int:
    rows = [list(p) for p in prints]
    data = {"version": 1, "tool": f"docfact {__version__}", "findings": rows}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return len(rows)


def load(path: Path) -> frozenset[Fingerprint]:
    """The fingerprints of a baseline file; ValueError with a clear reason when it is not one."""
    from docfact.index.reading import read_bytes

    raw, reason = read_bytes(path, 200_000_000)  # a regular file only: a pipe never blocks
    if raw is None:
        raise ValueError(f"{path}: not a docfact baseline file ({reason})")
    try:
        data = json.loads(raw.decode("utf-8"))
        return frozenset(fingerprint(*row) for row in data["findings"])
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
        raise ValueError(f"{path}: not a docfact baseline file ({exc})") from exc
