"""Verdicts kept from earlier checks, and when they still hold.

A judged file's verdicts are stored with the answers to every lookup its judging made
(:mod:`docfact.deps`). The next check reuses them when the file's text is the same and every
lookup, replayed against the project as it is now, has the same answer; an unchanged project
is answered from one manifest row, before any index is read. A file whose verdicts do not hold
brings its docs row: the verdicts of its docs one by one (``docfact.cli.workers.judge_recorded``
keeps those that still hold). The rows themselves are the caller's (report rows for the CLI).
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docfact.config import Settings
from docfact.project.files import Target
from docfact.store import code_stamp, digest, index_key, source_digest, text_digest

if TYPE_CHECKING:
    from docfact.deps import Answers
    from docfact.store import Store


def settings_key(s: Settings) -> str:
    """What of the settings changes a file's verdicts."""
    return hashlib.sha256(repr((s.criteria, sorted(s.severity.items()), s.check_comments,
                                sorted(s.per_file_ignores.items()), s.select, s.ignore, s.preview)
                               ).encode()).hexdigest()


def tree_stamp(root: Path) -> str:
    """Size and mtime of every source file under the project root: a change anywhere (an
    imported module outside the judged paths) invalidates the cached results."""
    from docfact.index.workspace import always_skipped
    from docfact.lang import LANGUAGES

    # the sources, the settings files (``pyproject.toml``, ``docfact.toml``) and what decides how
    # a language's files are read (``tsconfig.json``)
    watched = (*(ext for lang in LANGUAGES for ext in lang.extensions), ".toml",
               *dict.fromkeys(f for lang in LANGUAGES for f in lang.config_files))

    h = hashlib.sha256()
    stack = [str(root)]
    while stack:
        d = stack.pop()
        try:
            entries = sorted(os.scandir(d), key=lambda e: e.name)
        except OSError:
            continue
        for e in entries:
            try:
                if e.is_dir(follow_symlinks=False):
                    if not always_skipped(e.name, e.path) and not e.name.startswith("."):
                        stack.append(e.path)
                elif e.name.endswith(watched):
                    st = e.stat()
                    h.update(f"{e.path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
            except OSError:
                continue
    return h.hexdigest()


def environment_stamp() -> str:
    """The Python and its installed packages (their folders' modification times): judging
    reads installed modules, so a ``pip install`` invalidates kept verdicts."""
    parts = [sys.version, sys.executable]
    here = os.getcwd()
    for entry in sys.path:
        if not entry or entry == here:
            continue  # the working folder: the project, not an installation
        try:
            parts.append(f"{entry}\0{os.stat(entry or '.').st_mtime_ns}")
        except OSError:
            parts.append(entry)
    return digest(*parts)


class KeptVerdicts:
    """The store rows of one check's files: per file (by position in ``targets``) its verdicts
    row (kept whole when every recorded lookup has the same answer) and its docs row (kept doc
    by doc); and the manifest row of the whole run. Without ``record`` (no store, or the LLM
    judge on) nothing is read or written."""

    def __init__(self, store: Store | None, record: bool, targets: list[Target], root: Path,
                 settings: Settings) -> None:
        self.store = store if record else None
        self.text_hashes = {str(path): text_digest(text) for path, text, _ in targets}
        self.file_keys: list[str] = []
        self.docs_keys: list[str] = []
        self.manifest = ""
        if self.store is None:
            return
        root_dir = str(root.resolve())  # as the engine holds it
        hashes = [source_digest(str(path), self.text_hashes[str(path)], root_dir) for path, _, _ in targets]
        prefix = digest("verdicts", code_stamp(), settings_key(settings), environment_stamp(), str(root))
        self.file_keys = [digest(prefix, str(path), disp, hashes[i]) for i, (path, _, disp) in enumerate(targets)]
        # a file's docs row is kept by its path, whatever its text: an edit keeps what still holds
        self.docs_keys = [digest(prefix, str(path), disp, "docs") for path, _, disp in targets]
        self.manifest = digest(prefix, tree_stamp(root), *self.file_keys)

    def unchanged_run(self) -> dict[int, Any]:
        """Every file's rows when the manifest says the run is the one stored (nothing changed
        anywhere under the root); else nothing."""
        store = self.store
        if store is None or not store.get_many("verdicts", [self.manifest]):
            return {}
        kept = store.get_many("verdicts", self.file_keys)
        if len(kept) != len(self.file_keys):
            return {}
        return {i: kept[k]["rows"] for i, k in enumerate(self.file_keys)}

    def replay(self, answers: Answers, judged: Callable[[int], bool], targets: list[Target],
               engine_hashes: Mapping[str, str]) -> tuple[dict[int, Any], dict[int, object]]:
        """Per file: its rows when the lookups its judging recorded have the same answers now;
        for each other file that ``judged(i)``, the docs row stored when it was last judged with
        the stored index of the text it was judged in, when its text changed since (for
        ``judge_recorded``)."""
        from docfact.deps import still_valid
        from docfact.model import FileIndex

        store = self.store
        rows: dict[int, Any] = {}
        previous: dict[int, object] = {}
        if store is None:
            return rows, previous
        kept = store.get_many("verdicts", self.file_keys)
        stale: dict[str, int] = {}
        for i, key in enumerate(self.file_keys):
            got = kept.get(key)
            if isinstance(got, dict) and still_valid(got.get("deps", {}), answers):
                rows[i] = got["rows"]
            elif judged(i):
                stale[self.docs_keys[i]] = i
        rows_of_path = {stale[key]: got for key, got in store.get_many("verdicts", list(stale)).items()}
        # a file edited since: its docs are matched in the stored index of the text they were judged in
        edited = {i: index_key(str(targets[i][0]), got["module"], got["digest"])
                  for i, got in rows_of_path.items()
                  if isinstance(got, dict) and got.get("text") != engine_hashes.get(str(targets[i][0]))
                  and isinstance(got.get("module"), str) and isinstance(got.get("digest"), str)}
        old = store.get_many("indexes", list(edited.values())) if edited else {}
        for i, got in rows_of_path.items():
            index = old.get(edited[i]) if i in edited else None
            previous[i] = (got, index if isinstance(index, FileIndex) and index.path == str(targets[i][0]) else None)
        return rows, previous

    def save(self, rows: list[tuple[int, bytes | None, bytes | None]]) -> None:
        """Store the pickled verdicts row and docs row of each file judged now (position, rows)."""
        if self.store is None:
            return
        saved: list[tuple[str, bytes]] = []
        for i, file_bytes, docs_bytes in rows:
            if file_bytes is not None and docs_bytes is not None:
                saved += [(self.file_keys[i], file_bytes), (self.docs_keys[i], docs_bytes)]
        self.store.put_pickled("verdicts", saved)

    def finish(self) -> None:
        """Record the whole run: the next check of the same project reads only the manifest row."""
        if self.store is not None:
            self.store.put_many("verdicts", [(self.manifest, True)])
