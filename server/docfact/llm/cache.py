"""A disk cache of LLM answers, keyed by everything that changes the answer.

The key is the SHA-256 of a canonical JSON of: endpoint identity (base URL, model, API
version), template name and version, the rendered messages, the request parameters
(temperature, top_p, max_tokens, the requested response_format) and the docfact version. The
API key is never part of a key or a value. The directory (``<cache dir>/llm``) is created
with mode 0700 and its files are made 0600 because it holds code and documentation excerpts.

One SQLite table of text keys and text answers (``answers.sqlite3``). Answers are strings, so
nothing is ever unpickled and no file name is ever taken from a row (diskcache, used before,
unpickles a row whose mode says so, opens the file a row names and applies PRAGMAs from its own
settings table: three ways a planted database could steer it). A database docfact did not create
for this user is refused with one warning (:mod:`docfact.private_db`).

A cache never breaks a run: a damaged database (truncated, overwritten) is replaced by an
empty one, a locked one is given up after a short wait with a warning, and a cache that cannot
be opened, read or written is logged once and then used as far as it works (misses instead of
hits, answers not stored). SQLite's journal keeps the database whole when a run is killed in
the middle of a write.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from docfact import __version__
from docfact.config import Settings, cache_dir
from docfact.private_db import ForeignDatabase, require_private, require_schema

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


FILENAME = "answers.sqlite3"
_DB_FILES = (FILENAME, f"{FILENAME}-wal", f"{FILENAME}-shm", f"{FILENAME}-journal")
_SCHEMA = "CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, value TEXT NOT NULL, used INTEGER NOT NULL)"
LOCK_TIMEOUT = 2.0  # seconds to wait for another process's write before giving up with a warning
MAX_ROWS = 200_000  # answers kept; the least recently used go first
_EVICT_EVERY = 1000  # writes between two checks of the row count


class LlmCache:
    """Cached answers (strings). ``enabled=False`` makes every lookup a miss and stores nothing."""

    def __init__(self, directory: str | Path | None, *, enabled: bool = True) -> None:
        self.enabled = enabled and directory is not None
        self.directory = Path(directory) if directory is not None else None
        self.hits = 0
        self.misses = 0
        self._db: sqlite3.Connection | None = None
        self._warned: set[str] = set()
        self._writes = 0
        if self.enabled and self.directory is not None:
            self._db = self._open(self.directory)
            self.enabled = self._db is not None

    def _connect(self, path: Path) -> sqlite3.Connection:
        require_private(path)
        old_umask = os.umask(0o077)
        try:
            db = sqlite3.connect(str(path), timeout=LOCK_TIMEOUT, isolation_level=None, check_same_thread=False)
            try:
                require_schema(db, _SCHEMA)
                db.execute(_SCHEMA)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                db.execute("SELECT count(*) FROM answers WHERE key = ''").fetchone()
            except BaseException:
                db.close()
                raise
        finally:
            os.umask(old_umask)
        return db

    def _open(self, directory: Path) -> sqlite3.Connection | None:
        path = directory / FILENAME
        try:
            _make_private_dir(directory)
            db = self._connect(path)
        except ForeignDatabase as exc:
            log.warning("docfact: LLM cache disabled: %s was not created by docfact for this user (%s)", path, exc)
            return None
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "malformed" not in str(exc):
                log.warning("docfact: LLM cache disabled, cannot use %s: %s", directory, exc)
                return None
            log.warning("docfact: the LLM cache in %s is damaged (%s); starting an empty one", directory, exc)
            try:
                for name in _DB_FILES:
                    (directory / name).unlink(missing_ok=True)
                db = self._connect(path)
            except (OSError, sqlite3.Error, ForeignDatabase) as again:
                log.warning("docfact: LLM cache disabled, cannot use %s: %s", directory, again)
                return None
        except OSError as exc:
            log.warning("docfact: LLM cache disabled, cannot use %s: %s", directory, exc)
            return None
        try:
            _make_private_files(directory)
        except OSError as exc:
            self._warn_once("mode", "docfact: cannot make the LLM cache files private: %s", exc)
        return db

    def _warn_once(self, what: str, message: str, exc: Exception) -> None:
        if what not in self._warned:
            self._warned.add(what)
            if "locked" in str(exc):
                message += f" (another docfact held the cache for more than {LOCK_TIMEOUT:g} s)"
            log.warning(message, exc)

    @classmethod
    def from_settings(cls, settings: Settings) -> LlmCache:
        """The cache in ``<cache dir>/llm`` as configured by ``settings.cache``."""
        return cls(cache_dir(settings) / "llm", enabled=settings.cache.enabled)

    def get(self, key: str) -> str | None:
        value: Any = None
        if self._db is not None:
            try:
                row = self._db.execute("SELECT value FROM answers WHERE key = ?", (key,)).fetchone()
                value = row[0] if row else None
            except Exception as exc:  # a corrupt cache must never break a run
                self._warn_once("read", "docfact: LLM cache read failed (answers are asked again): %s", exc)
        if isinstance(value, str):
            self.hits += 1
            return value
        self.misses += 1
        return None

    def set(self, key: str, value: str) -> None:
        if self._db is None:
            return
        try:
            self._write(key, value)
        except Exception as exc:
            self._warn_once("write", "docfact: LLM cache write failed (answers are not kept): %s", exc)

    def _write(self, key: str, value: str) -> None:
        assert self._db is not None
        self._db.execute("INSERT OR REPLACE INTO answers (key, value, used) VALUES (?, ?, ?)",
                         (key, value, int(time.time())))
        self._writes += 1
        if self._writes % _EVICT_EVERY == 0:
            (count,) = self._db.execute("SELECT count(*) FROM answers").fetchone()
            if count > MAX_ROWS:
                self._db.execute("DELETE FROM answers WHERE key IN (SELECT key FROM answers ORDER BY used, rowid "
                                 "LIMIT ?)", (count - MAX_ROWS,))

    def close(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except Exception as exc:
                self._warn_once("close", "docfact: closing the LLM cache failed: %s", exc)
            self._db = None

    def __enter__(self) -> LlmCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
