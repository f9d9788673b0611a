"""What the editor shows of a folder before its first whole-workspace check: the results kept from
the last session (when every file is as it was then, see ``Engine.world``), and a provisional
check of each open document with only the project modules it imports. Both are published only
while the document is unchanged and not checked since."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from docfact.model import FileResult
from docfact.positions import LineIndex
from docfact.store import code_stamp, digest, text_digest

if TYPE_CHECKING:
    from .host import Host
    from .state import Folder

log = logging.getLogger(__name__)
_KEEP_AFTER_S = 2.0  # idle time before the latest results go to the store
# rules that prove a name exists nowhere in the project: a first check that has read only the
# modules a file imports leaves their findings out (on SQLAlchemy and scikit-learn files, such a
# check both adds and misses findings of these rules against the whole-workspace check)
_NEEDS_WORKSPACE = frozenset({"C1.unknown-name", "C1.unknown-reference", "C1.wrong-callee",
                              "C1.example-import", "C1.example-attribute", "C1.example-keyword"})


class EarlyResults:
    """Keeps the latest results for the next session and shows kept and provisional results
    while a folder loads."""

    def __init__(self, server: Host, skip_reason: Callable[[Folder, str, str], str | None]) -> None:
        self.server = server
        self.skip_reason = skip_reason  # why a document is not checked (Checker.skip_reason), or None
        self._to_keep: dict[str, tuple[Folder, str, str, FileResult]] = {}
        self._keep_timer: asyncio.TimerHandle | None = None

    @staticmethod
    def _result_key(folder: Folder, path: str, world: str) -> str:
        return digest("lsp-result", code_stamp(), digest(repr(folder.settings)), world, path)

    def keep(self, folder: Folder, path: str, world: str, result: FileResult) -> None:
        """Keep ``result`` of ``path`` (judged in ``world``) for the next start, written to the
        store once checks pause (not on the way of the next save)."""
        self._to_keep[path] = (folder, path, world, result)
        if self._keep_timer is not None:
            self._keep_timer.cancel()
        self._keep_timer = asyncio.get_running_loop().call_later(
            _KEEP_AFTER_S, lambda: self.server.run_task(self.keep_results(), "keep results"))

    async def keep_results(self) -> None:
        """Store the latest result of each checked document, for the next start (also called at
        shutdown)."""
        if self._keep_timer is not None:
            self._keep_timer.cancel()
            self._keep_timer = None
        pending, self._to_keep = self._to_keep, {}
        if pending:
            await self.server.in_engine(self._write_kept, list(pending.values()))

    def _write_kept(self, items: list[tuple[Folder, str, str, FileResult]]) -> None:
        for folder, path, world, result in items:
            if folder.store is not None:
                folder.store.put_many("verdicts", [(self._result_key(folder, path, world), result)])

    def stored_results(self, folder: Folder, hashes: dict[str, str], world: str) -> list[tuple[str, FileResult]]:
        """Engine thread, while the folder loads: the kept results of the open documents whose
        text is the one on disk, when every file of the workspace is as it was then."""
        if folder.store is None or folder.settings.llm.enabled:
            return []
        server = self.server
        wanted: dict[str, str] = {}
        for uri, st in list(server.docs.items()):
            if st.path is None or st.result is not None or st.path not in hashes:
                continue
            try:
                text = server.workspace.get_text_document(uri).source
            except Exception:
                continue
            if text_digest(text) == hashes[st.path]:
                wanted[self._result_key(folder, st.path, world)] = uri
        got = folder.store.get_many("verdicts", list(wanted))
        return [(wanted[k], r) for k, r in got.items() if isinstance(r, FileResult)]

    def provisional(self, folder: Folder, skip: set[str]) -> list[tuple[str, FileResult, LineIndex, int | None]]:
        """Engine thread, before the folder is indexed: each open document of the folder (but
        ``skip``) judged with only the project modules it imports, as ``docfact check FILE``
        judges it, so the editor shows something while the whole workspace loads."""
        from docfact.engine import Engine
        from docfact.project.imported import load_imported_modules

        out = []
        for uri, st in list(self.server.docs.items()):
            if uri in skip or st.path is None or st.result is not None or not folder.owns(st.path):
                continue
            try:
                doc = self.server.workspace.get_text_document(uri)
                if self.skip_reason(folder, st.path, doc.source) is not None:
                    continue
                engine = Engine(folder.root, folder.settings)
                if engine.update_file(st.path, doc.source) is None:
                    continue
                load_imported_modules(engine, folder.root, [Path(st.path)], folder.store)
                result = engine.check_file(st.path)
                for d in result.docs:  # what only the whole workspace can prove waits for it
                    d.findings = [f for f in d.findings if f.rule not in _NEEDS_WORKSPACE]
                out.append((uri, result, LineIndex(doc.source), doc.version))
            except Exception:
                log.exception("docfact: the first check of %s failed; it waits for the workspace", st.path)
        return out

    def show_provisional(self, uri: str, result: FileResult, lines: LineIndex, version: int | None) -> None:
        """Event loop: publish a first result unless the document changed or was checked since."""
        st = self.server.docs.get(uri)
        if st is None or st.result is not None or self.server.workspace.get_text_document(uri).version != version:
            return
        st.result, st.result_version, st.lines = result, version, lines
        log.info("docfact: %s: first diagnostics from the file and the modules it imports; the "
                 "whole workspace is being indexed", Path(result.path).name)
        self.server.publish(uri)

    def show_stored(self, uri: str, result: FileResult, text_hash: str) -> None:
        """Event loop: publish a kept result unless the document changed or was checked since."""
        st = self.server.docs.get(uri)
        if st is None or st.result is not None:
            return
        doc = self.server.workspace.get_text_document(uri)
        if text_digest(doc.source) != text_hash:
            return
        st.result, st.result_version, st.lines = result, doc.version, LineIndex(doc.source)
        log.info("docfact: %s: diagnostics kept from the last session (the workspace is unchanged)",
                 Path(result.path).name)
        self.server.publish(uri)
