"""Keeping the graph current and judging documents: the work behind the diagnostics.

Engine work runs on the server's single engine thread (the engine is not thread-safe; one
thread also keeps the event loop free). A document's result is published only when the
document still has the version it was computed for. Docs whose text, code and 1-hop context
are unchanged reuse their previous verdict (see :func:`doc_key`).
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docfact.engine import Slice
from docfact.index.nesting import too_deep
from docfact.index.workspace import language_for_path, read_source
from docfact.lang import not_a_source
from docfact.lang.typescript.modules import forget_configs
from docfact.lang.typescript.names import CONFIG_FILES
from docfact.model import (
    DocBlock,
    DocResult,
    Entity,
    FileIndex,
    FileResult,
    aggregate_score,
)
from docfact.positions import LineIndex, lone_cr_to_lf
from docfact.project.indexing import file_words

from . import convert
from .doc_cache import changed_qualnames, doc_key, entity_codes, forget_codes, imports_key, relocate
from .early import EarlyResults

if TYPE_CHECKING:
    from .host import Host
    from .state import Folder

log = logging.getLogger(__name__)
_SLICE_S = 0.1  # engine time one file's judging takes before work queued meanwhile runs


@dataclass
class _Judging:
    """One file being judged in slices: what :meth:`Checker.judge` keeps between them."""

    folder: Folder
    index: FileIndex
    lines: LineIndex
    part: Slice
    world: str  # Engine.world() when judging began
    old: dict[tuple[str, ...], DocResult]  # the file's cached verdicts by doc key
    keys: dict[int, tuple[str, ...]] = field(default_factory=dict)  # id(doc) -> its key
    reused: int = 0
    result: FileResult = field(default_factory=lambda: FileResult(path=""))
    reuse: Callable[[DocBlock, Entity | None, tuple[str, ...]], DocResult | None] | None = None
    judged: tuple[FileResult, LineIndex] | None = None  # set once every doc is through

    def __post_init__(self) -> None:
        self.result.path = self.index.path


class Checker:
    """Updates engines with editor/disk text, judges files and publishes their diagnostics."""

    def __init__(self, server: Host) -> None:
        self.server = server
        self._worlds: dict[str, str] = {}  # path -> Engine.world() when its last result was made
        self.early = EarlyResults(server, self.skip_reason)  # what shows before the first full check

    # ---- engine thread --------------------------------------------------------------------------
    def update(self, folder: Folder, path: str, text: str | None,
               force: bool = False) -> tuple[FileIndex | None, set[str]]:
        """Put ``text`` (None: the file is gone) into the graph; return the index and changed
        entities (``force``: index it again even when the text is the one indexed)."""
        engine = folder.engine
        old = engine.graph.file(path)
        if text is not None and old is not None and old.text == text and not force:
            return old, set()
        before = entity_codes(old)
        signatures = {e.qualname: e.signature for e in old.entities} if old is not None else {}
        old_words = file_words(old) if old is not None else set()
        if text is None:
            engine.remove_file(path)
            forget_codes(path)
            index = None
        else:
            index = engine.update_file(path, text)
        new_words = file_words(index) if index is not None else set()
        changed = changed_qualnames(before, entity_codes(index))
        body_only = {e.qualname for e in (index.entities if index is not None else [])
                     if e.qualname in changed and signatures.get(e.qualname) == e.signature}
        self.invalidate(folder, changed, old_words ^ new_words, body_only)
        return index, changed

    def invalidate(self, folder: Folder, changed: set[str], words: set[str],
                   body_only: set[str] | None = None) -> None:
        """Forget cached verdicts that may depend on what changed: docs of the changed entities
        and of their dependents (1-hop users, any file), and docs that mention a name which
        appeared in or disappeared from the project's vocabulary. A member whose body changed
        but not its signature looks the same to its class's users: only its own users re-check."""
        if not changed and not words:
            return
        graph = folder.engine.graph
        stale = set(changed)
        for q in changed:
            stale |= graph.dependents(q, class_users=q not in (body_only or ()))
        alternatives = "|".join(map(re.escape, sorted(words)))
        mention = re.compile(rf"(?<![\w])(?:{alternatives})(?![\w])") if words else None
        for cache in folder.doc_cache.values():
            for key, res in list(cache.items()):
                if (res.entity is not None and res.entity.qualname in stale) or (
                        mention is not None and mention.search(res.doc.text)):
                    del cache[key]

    def judge(self, folder: Folder, index: FileIndex, force: bool = False) -> tuple[FileResult, LineIndex]:
        """Judge every doc of ``index``, reusing cached verdicts of unchanged docs."""
        job = self._begin(folder, index, force, slice_seconds=float("inf"))
        self._step(job)
        return job.judged or self._finish(job)

    async def judge_in_slices(self, folder: Folder, path: str, text: str | None = None,
                              force: bool = False) -> tuple[FileResult, LineIndex, FileIndex] | None:
        """:meth:`judge` from the event loop, a slice of docs (about ``_SLICE_S`` of engine time)
        per engine task (with the index judged), so work queued for other files (their checks, after a slow doc here)
        runs in between instead of waiting for the whole file; a file judged within one slice
        takes one engine task. With ``text``, the file is first updated with it, in the same
        task. None when the file has no index. The docs are those of the index the check began
        with even if the file is indexed again meanwhile; a result made while other files
        changed is not kept across restarts (see :meth:`_finish`)."""
        job = await self.server.in_engine(self._start, folder, path, text, force)
        if job is None:
            return None
        while job.judged is None:
            await self.server.in_engine(self._step, job)
        return (*job.judged, job.index)

    def _start(self, folder: Folder, path: str, text: str | None, force: bool) -> _Judging | None:
        index = self.update(folder, path, text)[0] if text is not None else folder.engine.graph.file(path)
        if index is None:
            return None
        job = self._begin(folder, index, force, _SLICE_S)
        self._step(job)
        return job

    def _begin(self, folder: Folder, index: FileIndex, force: bool, slice_seconds: float) -> _Judging:
        engine = folder.engine
        job = _Judging(folder, index, LineIndex(index.text), Slice(seconds=slice_seconds), engine.world(),
                       {} if force else folder.doc_cache.get(index.path, {}))
        imports = imports_key(index)

        def reuse(doc: DocBlock, entity: Entity | None, crits: tuple[str, ...]) -> DocResult | None:
            key = job.keys[id(doc)] = doc_key(index, doc, entity, engine.settings, crits, imports)
            res = job.old.get(key)
            res = relocate(res, doc, entity) if res is not None else None
            job.reused += res is not None
            return res

        job.reuse = reuse
        return job

    def _step(self, job: _Judging) -> None:
        got = job.folder.engine.judge_index(job.index, lines=job.lines, reuse=job.reuse, part=job.part)
        job.result.docs.extend(got.docs)
        if got.error:
            job.result.error = f"{job.result.error}; {got.error}" if job.result.error else got.error
        if job.part.done:
            job.judged = self._finish(job)

    def _finish(self, job: _Judging) -> tuple[FileResult, LineIndex]:
        engine, path, result = job.folder.engine, job.index.path, job.result
        job.folder.doc_cache[path] = {job.keys[id(d.doc)]: d for d in result.docs if id(d.doc) in job.keys}
        ignored = engine.ignored_criteria(path)
        if not job.index.ignore_file and any(c not in ignored for c in engine.settings.criteria):
            log.info("docfact: checked %s: %d docs, %d judged, %d reused in %.0f ms", Path(path).name,
                     len(result.docs), len(result.docs) - job.reused, job.reused, 1000 * job.part.spent)
        if engine.world() == job.world:  # no other file changed while this one was judged
            self._worlds[path] = job.world  # the workspace state the result belongs to
        else:
            self._worlds.pop(path, None)
        return result, job.lines

    def dependent_paths(self, folder: Folder, changed: set[str]) -> set[str]:
        graph = folder.engine.graph
        out: set[str] = set()
        for q in changed:
            for d in graph.dependents(q):
                e = graph.entity(d)
                if e is not None:
                    out.add(e.path)
        return out

    # ---- event loop ---------------------------------------------------------------------------
    def skip_reason(self, folder: Folder, path: str, text: str) -> str | None:
        if language_for_path(path) is None:
            return not_a_source()
        if folder.excluded(path):
            return "excluded by the exclude setting"
        size = len(text.encode("utf-8", "surrogatepass")) if not text.isascii() else len(text)
        if size > folder.settings.max_file_size:
            return f"oversized ({size} bytes > maxFileSize {folder.settings.max_file_size})"
        if "\0" in text:
            return "binary file (contains NUL bytes)"
        return too_deep(language_for_path(path), lone_cr_to_lf(text))  # parsing it could crash the server

    async def check_document(self, uri: str, *, force: bool = False, after_save: bool = False) -> FileResult | None:
        """Update the graph with the editor's text of ``uri``, judge it and publish if still current."""
        server = self.server
        st = server.docs.get(uri)
        if st is None or st.path is None:
            return None
        doc = server.workspace.get_text_document(uri)
        version, text = doc.version, doc.source
        folder = await server.folder_for(st.path)
        reason = self.skip_reason(folder, st.path, text)
        if reason is not None:
            if st.skipped_reason != reason:
                st.skipped_reason = reason
                log.info("docfact: %s not checked: %s", st.path, reason)
            st.result, st.result_version, st.lines = None, version, None
            server.publish(uri)
            return None
        st.skipped_reason = None
        judged = await self.judge_in_slices(folder, st.path, text, force)
        result, lines, index = judged if judged is not None else (None, None, None)
        if uri not in server.docs or server.workspace.get_text_document(uri).version != version:
            log.debug("docfact: dropped a stale result for %s (version %s)", uri, version)
            return None
        st.result, st.result_version, st.lines = result, version, lines
        if result is not None and result.error:
            log.info("docfact: %s: %s", st.path, result.error)
        server.publish(uri)
        world = self._worlds.pop(st.path, None)
        if result is not None and world is not None and folder.store is not None and folder.indexed \
                and not folder.settings.llm.enabled:
            self.early.keep(folder, st.path, world, result)
        if after_save:
            new = entity_codes(index)
            changed = changed_qualnames(st.saved_entities, new)
            st.saved_entities = new
            await self.recheck_dependents(folder, changed, skip_uri=uri)
        return result

    async def recheck_dependents(self, folder: Folder, changed: set[str], skip_uri: str | None) -> None:
        """Re-judge the open files that depend on entities in ``changed`` (cache bypassed)."""
        if not changed or not any(uri != skip_uri and st.path is not None and folder.owns(st.path)
                                  for uri, st in self.server.docs.items()):
            return  # no other open file of this folder: nothing to re-check, no engine time
        paths = await self.server.in_engine(self.dependent_paths, folder, changed)
        rechecked = False
        for other_uri, other in list(self.server.docs.items()):
            if other_uri != skip_uri and other.path in paths:
                await self.check_document(other_uri, force=True)
                rechecked = True
        if rechecked:
            self.server.refresh_pulled()

    async def file_changed_on_disk(self, path: str, deleted: bool) -> None:
        """A watched file changed outside the editor: update the graph, re-check dependents."""
        if os.path.basename(path) in CONFIG_FILES:
            await self.resolution_config_changed(path)
            return
        if language_for_path(path) is None:
            return
        uri = convert.path_to_uri(path)
        if uri in self.server.docs and not deleted:
            return  # the editor's text is authoritative for open files
        if deleted and Path(path).exists():
            deleted = False  # e.g. a document closed without saving: back to the disk text
        folder = await self.server.folder_for(path)
        text: str | None = None
        if not deleted:
            text, reason = await self.server.in_engine(read_source, Path(path), folder.settings.max_file_size)
            if text is None:
                log.info("docfact: %s not indexed: %s", path, reason)
                return
        _, changed = await self.server.in_engine(self.update, folder, path, text)
        await self.recheck_dependents(folder, changed, skip_uri=None)

    async def resolution_config_changed(self, path: str) -> None:
        """A ``tsconfig.json``, ``jsconfig.json`` or ``package.json`` changed: what the imports of
        TypeScript and JavaScript files name may have changed, so those files are indexed again
        and the open ones judged again."""
        folder = await self.server.folder_for(path)

        def reindex() -> set[str]:
            forget_configs()
            changed: set[str] = set()
            for fi in folder.engine.graph.files():
                if fi.language in ("typescript", "javascript"):
                    changed |= self.update(folder, fi.path, fi.text, force=True)[1]
            return changed

        changed = await self.server.in_engine(reindex)
        for uri, st in list(self.server.docs.items()):
            if (st.path is not None and folder.owns(st.path)
                    and language_for_path(st.path) in ("typescript", "javascript")):
                await self.check_document(uri, force=True)
        await self.recheck_dependents(folder, changed, skip_uri=None)
        self.server.refresh_pulled()

    async def check_workspace(self) -> dict[str, Any]:
        """Judge every indexed file of every folder, publishing as it goes; cancellable."""
        server = self.server
        files = findings = 0
        docs: list[DocResult] = []
        cancelled = False
        async with server.work_done("docfact: checking the workspace") as reporter:
            todo: list[tuple[Folder, str]] = []
            for folder in await server.all_folders():
                for fi in await server.in_engine(folder.engine.graph.files):
                    todo.append((folder, fi.path))
            for i, (folder, path) in enumerate(todo):
                if reporter.cancelled:
                    cancelled = True
                    break
                uri = convert.path_to_uri(path)
                result: FileResult | None = None
                if uri in server.docs:
                    result = await self.check_document(uri)
                else:
                    judged = await self.judge_in_slices(folder, path)
                    if judged is not None:
                        result = judged[0]
                        server.publish_result(uri, judged[0], judged[1], folder.settings)
                if result is not None:
                    await server.llm_pass(uri, server.docs[uri].result_version if uri in server.docs else None, result)
                files += 1
                if result is not None:
                    findings += len(result.findings)
                    docs.extend(result.docs)
                reporter.report(i + 1, len(todo), Path(path).name)
        return {"files": files, "total": len(todo), "findings": findings,
                "score": round(aggregate_score(docs), 4) if docs else None, "cancelled": cancelled}
