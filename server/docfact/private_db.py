"""Opening docfact's own databases without trusting their contents.

The store and the LLM cache live in a per-user cache directory that only the user's own
configuration chooses (see :mod:`docfact.config`), but a file there could still have been put
by someone else. Three checks keep a planted database from doing anything:

- :func:`foreign_reason`: the directory and the file belong to this user and nobody else can
  write them, and the file is not a symbolic link;
- :func:`schema_reason`: the database holds exactly the tables docfact creates (no trigger, view
  or other table, which SQLite would run or read on docfact's behalf);
- :func:`safe_loads`: the rows are read by an unpickler that builds only docfact's plain data
  classes and a few builtin containers. Any other global, ``os.system`` included, is refused, so
  a row cannot name code to run: it can only describe data.

The store keeps pickle's encoding because it is what makes loading a project's indexes cheap
(objects are built in C and most fields stay packed until read); the allowlist makes it a data
format.
"""

from __future__ import annotations

import dataclasses
import enum
import io
import os
import pickle
import sqlite3
import stat
from functools import cache
from pathlib import Path
from typing import Any

# the modules whose data classes a stored row may contain
_DATA_MODULES = (
    "docfact.model", "docfact.indexed", "docfact.cli.report", "docfact.deps", "docfact.lang.python.symbols")
_BUILTINS = frozenset({"set", "frozenset", "bytearray", "complex", "slice", "range"})


class ForeignDatabase(Exception):
    """A database file docfact did not make for this user (:func:`require_private`,
    :func:`require_schema`); its message says why."""


def require_private(path: Path) -> None:
    """Raise :class:`ForeignDatabase` unless ``path`` is (or will be) this user's private file."""
    reason = foreign_reason(path)
    if reason is not None:
        raise ForeignDatabase(reason)


def require_schema(db: sqlite3.Connection, expected_sql: str) -> None:
    """Raise :class:`ForeignDatabase` unless the open database holds exactly ``expected_sql``'s
    tables (call it before anything writes: a planted trigger would run)."""
    reason = schema_reason(db, expected_sql)
    if reason is not None:
        raise ForeignDatabase(reason)


class RefusedData(pickle.UnpicklingError):
    """A stored row named something other than docfact's data classes."""


@cache
def _allowed(module: str, name: str) -> Any:
    if module == "builtins" and name in _BUILTINS:
        import builtins

        return getattr(builtins, name)
    if module not in _DATA_MODULES or "." in name or name.startswith("__"):
        return None
    import importlib

    obj = getattr(importlib.import_module(module), name, None)
    if not isinstance(obj, type) or obj.__module__ != module:
        return None
    if dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum):
        return obj
    return None


class _DataUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        obj = _allowed(module, name)
        if obj is None:
            raise RefusedData(f"a stored row names {module}.{name}, which is not docfact data")
        return obj


def safe_loads(data: bytes) -> Any:
    """Unpickle ``data`` allowing only docfact's data classes (raises :class:`RefusedData`)."""
    return _DataUnpickler(io.BytesIO(data)).load()


def foreign_reason(path: Path) -> str | None:
    """Why the database at ``path`` (and its folder) is not this user's private file, or None.
    A file that does not exist yet is fine: docfact creates it."""
    if os.name == "nt":  # no POSIX owners and modes: the per-user profile folder protects it
        return None
    uid = os.geteuid()
    for p, what in ((path.parent, "folder"), (path, "file")):
        try:
            st = os.lstat(p)
        except FileNotFoundError:
            continue
        except OSError as exc:
            return f"cannot inspect its {what} ({exc.strerror or exc})"
        if stat.S_ISLNK(st.st_mode):
            return f"its {what} is a symbolic link"
        if st.st_uid != uid:
            return f"its {what} belongs to another user (uid {st.st_uid})"
        if st.st_mode & 0o022:
            return f"its {what} is writable by other users (mode {stat.S_IMODE(st.st_mode):o})"
    return None


def _normal(sql: str | None) -> str:
    return " ".join((sql or "").replace("IF NOT EXISTS ", "").split())


def schema_reason(db: sqlite3.Connection, expected_sql: str) -> str | None:
    """Why the open database's schema is not exactly what ``expected_sql`` creates, or None.

    Tables must match their CREATE statements; the only other objects allowed are the indexes
    SQLite makes for primary keys. Triggers and views are refused by name in the reason."""
    want = {}
    for stmt in expected_sql.split(";"):
        stmt = stmt.strip()
        if stmt:
            name = stmt.split("(")[0].split()[-1]
            want[name] = _normal(stmt)
    for kind, name, table, sql in db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"):
        if kind == "table" and name in want:
            if _normal(sql) != want[name]:
                return f"its table {name} is not the one docfact creates"
        elif kind == "index" and sql is None and name.startswith("sqlite_autoindex_") and table in want:
            continue
        else:
            return f"it holds a {kind} {name!r} that docfact does not create"
    return None
