"""The state of ``docfact llm-batch``: ``<cache dir>/llm-batch/state.json`` lists the batches
submitted and the exports written (their endpoint, never the key), replaced atomically; each
has an answer-kinds file (``<local id>.kinds.json``: what a valid answer looks like per
custom_id)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docfact.cli.errors import UsageError
from docfact.config import Settings, cache_dir


@dataclass
class State:
    """The batches submitted (and exports written) from this cache directory."""

    directory: Path
    entries: list[dict[str, Any]] = field(default_factory=list)

    @property
    def path(self) -> Path:
        return self.directory / "state.json"

    @classmethod
    def load(cls, settings: Settings) -> State:
        state = cls(cache_dir(settings) / "llm-batch")
        try:
            data = json.loads(state.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return state
        except (OSError, ValueError, RecursionError) as exc:
            raise UsageError(f"{state.path}: the batch state cannot be read ({exc}); move it away to start "
                             "afresh (answers already collected stay in the cache)") from None
        if not isinstance(data, dict) or not isinstance(data.get("batches"), list):
            raise UsageError(f"{state.path}: not a docfact batch state; move it away to start afresh")
        state.entries = [e for e in data["batches"] if valid_entry(e)]
        dropped = len(data["batches"]) - len(state.entries)
        if dropped:
            print(f"docfact: {state.path}: {dropped} entries that docfact did not write were ignored", file=sys.stderr)
        return state

    def save(self) -> None:
        """Write the state, keeping the entries another docfact process added meanwhile (the
        read and the replacement happen under a lock where the system has ``fcntl``)."""
        self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        with _locked(self.directory / ".lock"):
            try:
                on_disk = json.loads(self.path.read_text(encoding="utf-8")).get("batches", [])
            except (OSError, ValueError, AttributeError, RecursionError):
                on_disk = []
            mine = {e["id"] for e in self.entries}
            others = [e for e in on_disk
                      if isinstance(e, dict) and isinstance(e.get("id"), str) and e["id"] not in mine]
            self.entries = others + self.entries if others else self.entries
            write_atomic(self.path, json.dumps({"version": 1, "batches": self.entries}, indent=1) + "\n")

    def kinds_path(self, entry: dict[str, Any]) -> Path:
        local = entry.get("local")
        if not isinstance(local, str) or not _LOCAL_ID.fullmatch(local):  # a file name inside directory only
            raise UsageError(f"{self.path}: a batch entry has an invalid local id {local!r}")
        return self.directory / f"{local}.kinds.json"

    def kinds(self, entries: Iterable[dict[str, Any]]) -> dict[str, str]:
        out: dict[str, str] = {}
        for e in entries:
            try:
                got = json.loads(self.kinds_path(e).read_text(encoding="utf-8"))
            except (OSError, ValueError, RecursionError):
                continue
            if isinstance(got, dict):
                out.update(got)
        return out

    def open_batches(self) -> list[dict[str, Any]]:
        return [e for e in self.entries if e.get("type") == "batch" and not e.get("collected")]


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` while the block runs (none without ``fcntl``)."""
    try:
        import fcntl
    except ImportError:  # Windows: two submits at the same moment may lose an entry
        yield
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


# what :func:`new_local_id` makes: a plain file name, never a path
_LOCAL_ID = re.compile(r"[0-9A-Za-z][0-9A-Za-z_-]{0,79}")
# a batch id as endpoints give them (it becomes part of a request path: no slashes, no "..")
_BATCH_ID = re.compile(r"[0-9A-Za-z_:-][0-9A-Za-z_:.-]{0,199}(?<!\.)")


def valid_entry(e: Any) -> bool:
    """Whether a state entry has the shape docfact writes: an id, a local id that is a plain
    file name, and an endpoint of strings (checked again before any request, see
    :func:`docfact.cli.llm_batch._api_for`)."""
    if not (isinstance(e, dict) and isinstance(e.get("id"), str) and _BATCH_ID.fullmatch(e["id"])):
        return False
    if not (isinstance(e.get("local"), str) and _LOCAL_ID.fullmatch(e["local"])):
        return False
    ep = e.get("endpoint", {})
    return isinstance(ep, dict) and all(isinstance(v, str) for v in ep.values())


def new_local_id() -> str:
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{time.monotonic_ns():x}"
