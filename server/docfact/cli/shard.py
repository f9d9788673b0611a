"""``docfact check --shard I/N``: which files one of N parallel jobs judges, and what its report
says about its place in the whole run.

A file belongs to shard ``1 + h mod N``, where ``h`` is the first 8 bytes of the SHA-256 of its
path relative to the project root (``/``-separated): a file stays in its shard when others are
added or removed, and every machine computes the same split. Every shard still reads and indexes
all files (the project graph is whole), so a file's findings are those of an unsharded run.

A shard's JSON report carries a ``shard`` object, and its SARIF log the run property
``docfact.shard``, with what ``docfact merge`` needs to rebuild the unsharded report exactly: the
position of each of its files in the whole run, the number of files and the number of criteria
(the project score weighs each doc by sentences x criteria).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path


class ShardError(ValueError):
    """A ``--shard`` value that is not I/N with 1 <= I <= N."""


@dataclass(frozen=True)
class Shard:
    index: int  # 1-based
    count: int

    def owns(self, path: Path, root: Path) -> bool:
        """Whether the file at ``path`` (resolved) is judged by this shard."""
        return shard_of(path, root, self.count) == self.index


def parse_shard(spec: str) -> Shard:
    """``"2/5"`` -> Shard(2, 5); a clear :class:`ShardError` for anything else."""
    head, sep, tail = spec.strip().partition("/")
    if not sep or not head.strip().isdigit() or not tail.strip().isdigit():
        raise ShardError(f"--shard expects I/N with whole numbers, e.g. 2/5 (got {spec!r})")
    index, count = int(head), int(tail)
    if count < 1:
        raise ShardError(f"--shard {spec}: the number of shards must be at least 1")
    if not 1 <= index <= count:
        raise ShardError(f"--shard {spec}: the shard number must be between 1 and {count} (shards count from 1)")
    return Shard(index, count)


def relative_key(path: Path, root: Path) -> str:
    """The path relative to the project root with ``/`` separators: what the split hashes."""
    try:
        rel = os.path.relpath(path, root)
    except ValueError:  # another drive (Windows)
        rel = str(path)
    return rel.replace(os.sep, "/")


def shard_of(path: Path, root: Path, count: int) -> int:
    """The 1-based shard of the file at ``path`` among ``count`` shards."""
    digest = hashlib.sha256(relative_key(path, root).encode("utf-8")).digest()
    return 1 + int.from_bytes(digest[:8], "big") % count


def select(shard: Shard, paths: list[Path], root: Path) -> set[int]:
    """The positions in ``paths`` of the files this shard judges."""
    return {i for i, p in enumerate(paths) if shard.owns(p, root)}


def describe(shard: Shard, displays: list[str], mine: set[int], criteria: int) -> dict[str, object]:
    """The ``shard`` record of a shard's report (``displays``: every file of the run, in order)."""
    return {
        "index": shard.index,
        "count": shard.count,
        "total_files": len(displays),
        "criteria": criteria,
        "files": [[i, displays[i]] for i in sorted(mine)],
    }


def annotate(text: str, fmt: str, record: dict[str, object]) -> str:
    """A JSON or SARIF report with the shard record added; other formats are returned as is."""
    if fmt not in ("json", "sarif"):
        return text
    doc = json.loads(text)
    if fmt == "json":
        doc["shard"] = record
    else:
        doc["runs"][0].setdefault("properties", {})["docfact.shard"] = record
    return json.dumps(doc, indent=2) + "\n"


def from_arg(spec: str | None) -> Shard | None:
    """The shard of a ``--shard`` option (None when absent); bad values are usage errors."""
    from docfact.cli.errors import UsageError

    if spec is None:
        return None
    try:
        return parse_shard(spec)
    except ShardError as exc:
        raise UsageError(str(exc)) from None
