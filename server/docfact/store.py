"""The persistent store: each file's index, and each file's verdicts with what they depended on.

One SQLite database per cache directory (``store-v1.sqlite3``). SQLite rather than diskcache:
one file, transactions that make every write atomic (a run killed mid-write leaves the last
committed state), write-ahead logging so a CLI run and a language server can read and write the
same store at once, and a single ``used`` column that makes least-recently-used eviction one
query. Nothing here is trusted blindly: every key carries the docfact code stamp and the grammar
versions (an index of another docfact or grammar is never read), a row that does not unpickle is
a miss, and a store that cannot be opened, is corrupt or read-only gives one warning and the run
goes on without it (results are always computed correctly; the store only saves time).

Rows (their keys and the stored form of an index: :mod:`docfact.store_keys`, whose names are
importable from here too):

- ``indexes``: key = digest(code stamp, path, module, file text) -> the :class:`FileIndex`,
  with its text once and its entities' code as where it lies in that text (on load, the
  caller's equal text takes its place: :func:`docfact.model.attach_text`).
- ``verdicts``: key = digest(code stamp, settings, path, file text) -> the file's report rows and
  the fingerprint of what judging them read (see :mod:`docfact.deps`).
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import sqlite3
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docfact.config import Settings, cache_dir
from docfact.model import FileIndex, attach_text
from docfact.private_db import ForeignDatabase, require_private, require_schema, safe_loads
from docfact.store_keys import code_stamp as code_stamp
from docfact.store_keys import digest as digest
from docfact.store_keys import index_key as index_key
from docfact.store_keys import index_row as index_row
from docfact.store_keys import source_digest as source_digest
from docfact.store_keys import text_digest as text_digest

if TYPE_CHECKING:
    from docfact.lang.python.symbols import ExternalModule

log = logging.getLogger(__name__)

FILENAME = "store-v1.sqlite3"
DEFAULT_LIMIT = 512 * 2**20  # bytes of database pages in use; the least recently used rows go first
# seconds: how recent a row's "used" mark must be for a read to leave it as it is (eviction tells
# rows apart by the hour they were last read, then by the order they were written)
USED_STEP = 3600
_SCHEMA = """
CREATE TABLE IF NOT EXISTS indexes (key TEXT PRIMARY KEY, data BLOB NOT NULL, used INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, data BLOB NOT NULL, used INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS modules (key TEXT PRIMARY KEY, data BLOB NOT NULL, used INTEGER NOT NULL);
"""
_TABLES = ("indexes", "verdicts", "modules")


def open_store(settings: Settings, warn: Any = None) -> Store | None:
    """The store of the settings' cache directory, or None when caching is off or the store
    cannot be used (after one warning)."""
    if not settings.cache.enabled:
        return None
    store = Store(cache_dir(settings), warn=warn)
    return store if store.usable else None


def _is_corruption(exc: Exception) -> bool:
    text = str(exc).lower()
    return any(k in text for k in ("not a database", "malformed", "corrupt", "no such table"))


def _truncated(path: Path) -> bool:
    """Whether the database file is shorter than the size its header records: SQLite would find
    out only when a query reaches a missing page, perhaps never in a run that reads little."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
            size = os.fstat(f.fileno()).st_size
    except OSError:
        return False
    if len(head) < 100 or not head.startswith(b"SQLite format 3\0") or head[24:28] != head[92:96]:
        return False  # new, or a header whose size field is not kept up to date
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    return int.from_bytes(head[28:32], "big") * page > size



class ParsedModules:
    """The store's shelf of parsed external modules (:class:`docfact.graph.externals.ModuleShelf`):
    what an installed module's source parses to, by the digest of that source. A run that judges
    a few docs reads the same stdlib and package modules as the last one; their parse was a tenth
    of its time."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.parsed: list[tuple[str, ExternalModule]] = []  # missed, so parsed now: (key, module)

    @staticmethod
    def key(data: bytes) -> str:
        return digest("module", code_stamp(), hashlib.blake2b(data, digest_size=16).hexdigest())

    def restore(self, data: bytes, mod: ExternalModule) -> bool:
        key = self.key(data)
        got = self.store.get_many("modules", [key])
        kept = next(iter(got.values()), None)
        if not (isinstance(kept, tuple) and len(kept) == 3 and isinstance(kept[0], dict)):
            self.parsed.append((key, mod))  # its caller parses it: :meth:`save` keeps what that gives
            return False
        mod.symbols, mod.stars, mod.dynamic = kept
        return True

    def save(self) -> None:
        """Keep the modules parsed in this run (those :meth:`restore` did not have)."""
        self.store.put_many("modules", [(key, (mod.symbols, mod.stars, mod.dynamic)) for key, mod in self.parsed])
        self.parsed.clear()


class Store:
    """The store of one cache directory; every method is safe to call after a failure (it
    then does nothing and returns misses)."""

    def __init__(self, directory: Path, limit: int = DEFAULT_LIMIT, warn: Any = None) -> None:
        self.path = directory / FILENAME
        self.limit = limit
        self._warn = warn or (lambda msg: log.warning("%s", msg))
        self._db: sqlite3.Connection | None = None
        self.read_only = False
        self._open()

    # ---- opening and failures -----------------------------------------------------------------
    def _open(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            self._db = self._connect()
        except ForeignDatabase as exc:
            self._fail(f"store {self.path} was not created by docfact for this user ({exc})")
        except sqlite3.DatabaseError as exc:
            if _is_corruption(exc):
                self._set_aside(exc)
            else:
                self._fail(f"store {self.path} cannot be opened ({exc})")
        except OSError as exc:
            self._fail(f"store {self.path} cannot be opened ({exc.strerror or exc})")

    def _connect(self) -> sqlite3.Connection:
        require_private(self.path)
        try:
            old_umask = os.umask(0o077)  # the store and its journal: readable by their owner only
            try:
                db = sqlite3.connect(str(self.path), timeout=5, isolation_level=None, check_same_thread=False)
                db.execute("PRAGMA busy_timeout=5000")
                try:
                    require_schema(db, _SCHEMA)
                except ForeignDatabase:
                    db.close()
                    raise
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                db.executescript(_SCHEMA)
            finally:
                os.umask(old_umask)
        except sqlite3.OperationalError as exc:
            if not self.path.is_file() or _is_corruption(exc):
                raise
            # a store on a read-only disk or owned by someone else: read it, save nothing
            db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5, isolation_level=None,
                                 check_same_thread=False)
            self.read_only = True
            self._warn(f"docfact: store {self.path} is read-only ({exc}); using it without saving")
        db.execute("SELECT count(*) FROM indexes WHERE key = ''").fetchone()  # a corrupt file fails here
        if _truncated(self.path):
            db.close()
            raise sqlite3.DatabaseError("database disk image is malformed (the file is shorter than its header says)")
        return db

    def _set_aside(self, exc: Exception) -> None:
        """A damaged store: move it aside (kept for a bug report) and start an empty one."""
        aside = self.path.with_name(f"{self.path.name}.damaged-{int(time.time())}")
        self._warn(f"docfact: store {self.path} is damaged ({exc}); moved to {aside.name}, starting afresh")
        try:
            for suffix in ("", "-wal", "-shm"):
                p = Path(str(self.path) + suffix)
                if p.exists():
                    p.replace(Path(str(aside) + suffix))
            self._db = self._connect()
        except (OSError, sqlite3.DatabaseError) as exc2:
            self._fail(f"store {self.path} cannot be recreated ({exc2})")

    def _fail(self, message: str) -> None:
        self.close()
        self._warn(f"docfact: {message}; continuing without it")

    @property
    def usable(self) -> bool:
        return self._db is not None

    def close(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None

    # ---- rows ---------------------------------------------------------------------------------
    def get_many(self, table: str, keys: list[str]) -> dict[str, Any]:
        """The unpickled rows of ``keys`` that exist and load; a row that does not load is
        dropped (a miss). A row read is marked used now when its mark is older than
        :data:`USED_STEP` (in one transaction: a run that reads a thousand rows writes once)."""
        assert table in _TABLES
        if self._db is None or not keys:
            return {}
        out: dict[str, Any] = {}
        bad: list[str] = []
        now = int(time.time())
        stale: list[tuple[int, str]] = []
        try:
            for i in range(0, len(keys), 500):
                chunk = keys[i:i + 500]
                marks = ",".join("?" * len(chunk))
                for key, data, used in self._db.execute(f"SELECT key, data, used FROM {table} WHERE key IN ({marks})",
                                                        chunk):
                    try:
                        out[key] = safe_loads(data)
                    except Exception:
                        bad.append(key)
                        continue
                    if used < now - USED_STEP:
                        stale.append((now, key))
            if stale and not self.read_only:
                with self._transaction():
                    self._db.executemany(f"UPDATE {table} SET used = ? WHERE key = ?", stale)
        except sqlite3.DatabaseError as exc:
            self._damaged(exc)
            return {}
        if bad:
            self._warn(f"docfact: {len(bad)} damaged rows in the store {self.path}; recomputed")
            self.delete(table, bad)
        return out

    def put_many(self, table: str, rows: Iterable[tuple[str, Any]]) -> None:
        """Write rows in one transaction (all or nothing), then evict beyond the size limit."""
        if self._db is None or self.read_only:
            return
        self.put_pickled(table, [(key, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)) for key, value in rows])

    def put_pickled(self, table: str, rows: list[tuple[str, bytes]]) -> None:
        """:meth:`put_many` for rows whose values are pickled already."""
        assert table in _TABLES
        if self._db is None or self.read_only or not rows:
            return
        now = int(time.time())
        try:
            with self._transaction():
                self._db.executemany(f"INSERT OR REPLACE INTO {table} (key, data, used) VALUES (?, ?, ?)",
                                     [(key, data, now) for key, data in rows])
            self._evict()
        except sqlite3.DatabaseError as exc:
            self._damaged(exc)

    def delete(self, table: str, keys: list[str]) -> None:
        if self._db is None or self.read_only or not keys:
            return
        try:
            with self._transaction():
                self._db.executemany(f"DELETE FROM {table} WHERE key = ?", [(k,) for k in keys])
        except sqlite3.DatabaseError as exc:
            self._damaged(exc)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction: committed whole, or rolled back on any error."""
        db = self._db
        assert db is not None
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def size(self) -> int:
        """Bytes of row data held."""
        if self._db is None:
            return 0
        try:
            return sum(self._db.execute(f"SELECT coalesce(sum(length(data)), 0) FROM {t}").fetchone()[0]
                       for t in _TABLES)
        except sqlite3.DatabaseError:
            return 0

    def _pages_in_use(self) -> int:
        """Bytes of the database's pages in use: at least the row data, read in constant time
        (:meth:`size` reads every row's length)."""
        if self._db is None:
            return 0
        try:
            pages = (self._db.execute("PRAGMA page_count").fetchone()[0]
                     - self._db.execute("PRAGMA freelist_count").fetchone()[0])
            return int(pages * self._db.execute("PRAGMA page_size").fetchone()[0])
        except sqlite3.DatabaseError:
            return 0

    def _evict(self) -> None:
        """Drop the least recently used rows until the pages in use (the row data and SQLite's
        overhead) fit in 80% of the limit; rows are listed only when the limit is exceeded."""
        total = self._pages_in_use()
        if total <= self.limit or self._db is None:
            return
        target = int(self.limit * 0.8)
        rows = []
        for t in _TABLES:  # least recently used first; of one second, the earliest written first
            rows += [(used, rowid, t, key, n) for key, used, n, rowid in
                     self._db.execute(f"SELECT key, used, length(data), rowid FROM {t}")]
        rows.sort()
        drop: dict[str, list[str]] = {t: [] for t in _TABLES}
        for _used, _rowid, t, key, n in rows:
            if total <= target:
                break
            drop[t].append(key)
            total -= n
        for t, keys in drop.items():
            self.delete(t, keys)
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.DatabaseError:
            pass

    def _damaged(self, exc: Exception) -> None:
        if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
            self._warn(f"docfact: store {self.path} is busy ({exc}); this run does not save to it")
            self.read_only = True
            return
        self.close()
        if _is_corruption(exc):
            self._set_aside(exc)
        else:
            self._fail(f"store {self.path} failed ({exc})")

    # ---- file indexes -------------------------------------------------------------------------
    def load_indexes(self, files: list[tuple[str, str, str]],
                     text_hashes: Mapping[str, str] | None = None) -> dict[str, FileIndex]:
        """path -> its stored index, for the (path, module, text) triples found in the store;
        ``text_hashes``: the :func:`text_digest` of some of those paths' texts, when the caller has them."""
        known = text_hashes or {}
        keys = {index_key(p, m, known.get(p) or text_digest(t)): (p, t) for p, m, t in files}
        got = self.get_many("indexes", list(keys))
        out: dict[str, FileIndex] = {}
        for key, index in got.items():
            path, text = keys[key]
            if isinstance(index, FileIndex) and index.path == path:
                if index.packages:  # its imports name workspace packages: are they the same?
                    from docfact.lang.typescript.modules import packages_digest, root_of

                    root = root_of(index.module, path)
                    if root is None or packages_digest(root) != index.packages:
                        continue
                attach_text(index, text)
                out[path] = index
        return out

    def save_indexes(self, indexes: Iterable[FileIndex], rows: Mapping[str, bytes] | None = None,
                     text_hashes: Mapping[str, str] | None = None) -> None:
        """Store the indexes; ``rows``: path -> :func:`index_row` made elsewhere (by the index
        workers, in parallel) for some of them; ``text_hashes`` as for :meth:`load_indexes`."""
        made, known = rows or {}, text_hashes or {}
        self.put_pickled("indexes", [
            (index_key(index.path, index.module, known.get(index.path) or text_digest(index.text)),
             made.get(index.path) or index_row(index))
            for index in indexes])
