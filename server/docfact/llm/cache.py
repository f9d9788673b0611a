"""A disk cache of LLM answers (diskcache), keyed by everything that changes the answer.

The key is the SHA-256 of a canonical JSON of: endpoint identity (base URL, model, API
version), template name and version, the rendered messages, the request parameters
(temperature, top_p, max_tokens, the requested response_format) and the docfact version. The
API key is never part of a key or a value. The directory (``<cache dir>/llm``) is created
with mode 0700 and its files are made 0600 because it holds code and documentation excerpts.

A cache never breaks a run: a damaged database (truncated, overwritten) is replaced by an
empty one, and a cache that cannot be opened, read or written is logged once and then used
as far as it works (misses instead of hits, answers not stored). SQLite's journal keeps the
database whole when a run is killed in the middle of a write.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
from pathlib import Path
from typing import Any

import diskcache

from docfact import __version__
from docfact.config import Settings, cache_dir

log = logging.getLogger(__name__)


def cache_key(**parts: Any) -> str:
    """SHA-256 hex digest of the canonical JSON of ``parts`` plus the docfact version."""
    payload = json.dumps(
        {"docfact": __version__, **parts}, sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _make_private_dir(path: Path) -> None:
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(path, 0o700)  # mkdir's mode is filtered by the umask, and exist_ok keeps old modes


def _make_private_files(path: Path) -> None:
    """Mode 0600 for the files of the cache (SQLite gives its journal the database's mode)."""
    for entry in os.scandir(path):
        if entry.is_file(follow_symlinks=False):
            os.chmod(entry.path, 0o600)


_INLINE_MAX = 16_000_000  # bytes: every answer (at most 4 MB) stays inside the database file
_DB_FILES = ("cache.db", "cache.db-wal", "cache.db-shm", "cache.db-journal")


class LlmCache:
    """Cached answers (strings). ``enabled=False`` makes every lookup a miss and stores nothing."""

    def __init__(self, directory: str | Path | None, *, enabled: bool = True) -> None:
        self.enabled = enabled and directory is not None
        self.directory = Path(directory) if directory is not None else None
        self.hits = 0
        self.misses = 0
        self._cache: diskcache.Cache | None = None
        self._warned: set[str] = set()
        if self.enabled and self.directory is not None:
            self._cache = self._open(self.directory)
            self.enabled = self._cache is not None

    def _open(self, directory: Path) -> diskcache.Cache | None:
        try:
            _make_private_dir(directory)
            cache = diskcache.Cache(str(directory), disk_min_file_size=_INLINE_MAX)
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError):  # locked, read-only, disk full
                log.warning("docfact: LLM cache disabled, cannot use %s: %s", directory, exc)
                return None
            log.warning("docfact: the LLM cache in %s is damaged (%s); starting an empty one", directory, exc)
            try:
                for name in _DB_FILES:
                    (directory / name).unlink(missing_ok=True)
                cache = diskcache.Cache(str(directory), disk_min_file_size=_INLINE_MAX)
            except (OSError, sqlite3.Error) as again:
                log.warning("docfact: LLM cache disabled, cannot use %s: %s", directory, again)
                return None
        except OSError as exc:
            log.warning("docfact: LLM cache disabled, cannot use %s: %s", directory, exc)
            return None
        try:
            _make_private_files(directory)
        except OSError as exc:
            self._warn_once("mode", "docfact: cannot make the LLM cache files private: %s", exc)
        return cache

    def _warn_once(self, what: str, message: str, exc: Exception) -> None:
        if what not in self._warned:
            self._warned.add(what)
            log.warning(message, exc)

    @classmethod
    def from_settings(cls, settings: Settings) -> LlmCache:
        """The cache in ``<cache dir>/llm`` as configured by ``settings.cache``."""
        return cls(cache_dir(settings) / "llm", enabled=settings.cache.enabled)

    def get(self, key: str) -> str | None:
        if self._cache is None:
            self.misses += 1
            return None
        try:
            value = self._cache.get(key)
        except Exception as exc:  # a corrupt cache must never break a run
            self._warn_once("read", "docfact: LLM cache read failed (answers are asked again): %s", exc)
            value = None
        if isinstance(value, str):
            self.hits += 1
            return value
        self.misses += 1
        return None

    def set(self, key: str, value: str) -> None:
        if self._cache is None:
            return
        try:
            self._cache.set(key, value)
        except Exception as exc:
            self._warn_once("write", "docfact: LLM cache write failed (answers are not kept): %s", exc)

    def close(self) -> None:
        if self._cache is not None:
            try:
                self._cache.close()
            except Exception as exc:
                self._warn_once("close", "docfact: closing the LLM cache failed: %s", exc)
            self._cache = None

    def __enter__(self) -> LlmCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
