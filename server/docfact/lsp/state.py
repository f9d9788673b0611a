"""What the server remembers: workspace folders (an Engine each) and open documents."""

from __future__ import annotations

import asyncio
import fnmatch
import logging
from dataclasses import dataclass, field
from pathlib import Path

from docfact.baseline import Fingerprint
from docfact.baseline import load as load_baseline
from docfact.config import Settings
from docfact.engine import Engine
from docfact.model import DocResult, FileResult
from docfact.positions import LineIndex
from docfact.store import Store

log = logging.getLogger(__name__)


@dataclass
class Folder:
    """One workspace folder: its engine, settings and the judged-doc cache of its files."""

    uri: str | None
    root: Path
    engine: Engine
    indexed: bool = False  # whole folder loaded (ad-hoc folders for stray files are not)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    # path -> doc cache key -> DocResult (only the docs of the latest check of that file)
    doc_cache: dict[str, dict[tuple[str, ...], DocResult]] = field(default_factory=dict)
    store: Store | None = None  # the persistent store of the folder's cache dir (None: off)

    _baseline: tuple[str, float, frozenset[Fingerprint]] | None = None

    @property
    def settings(self) -> Settings:
        return self.engine.settings

    def baseline(self) -> frozenset[Fingerprint]:
        """The fingerprints of the ``baseline`` file (re-read when it changes; empty when unset
        or unreadable, with one log line per problem)."""
        name = self.settings.baseline
        if not name:
            return frozenset()
        path = Path(name) if Path(name).is_absolute() else self.root / name
        try:
            mtime = path.stat().st_mtime
        except OSError:
            log.warning("docfact: baseline %s not found; reporting every finding", path)
            self._baseline = (str(path), -1.0, frozenset())
            return frozenset()
        if self._baseline is None or self._baseline[:2] != (str(path), mtime):
            try:
                prints = load_baseline(path)
            except ValueError as exc:
                log.warning("docfact: %s; reporting every finding", exc)
                prints = frozenset()
            self._baseline = (str(path), mtime, prints)
        return self._baseline[2]

    def relative(self, path: str) -> str:
        try:
            return Path(path).relative_to(self.root).as_posix()
        except ValueError:
            return path

    def owns(self, path: str) -> bool:
        try:
            Path(path).relative_to(self.root)
        except ValueError:
            return False
        return True

    def excluded(self, path: str) -> bool:
        try:
            rel = Path(path).relative_to(self.root).as_posix()
        except ValueError:
            return False
        return any(fnmatch.fnmatch(rel, g) or fnmatch.fnmatch(rel, g.rstrip("/") + "/*")
                   for g in self.settings.exclude)


@dataclass
class DocState:
    """An open document: the latest published result and the snapshot of its last save."""

    uri: str
    path: str | None
    result: FileResult | None = None
    result_version: int | None = None
    lines: LineIndex | None = None  # of the text the result was computed on
    saved_entities: dict[str, str] = field(default_factory=dict)  # qualname -> code at open/save
    timer: asyncio.TimerHandle | None = None
    task: asyncio.Task[FileResult | None] | None = None
    skipped_reason: str | None = None  # logged once per reason
