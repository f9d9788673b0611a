"""The docfact language server: state and background work (the entry point is ``lsp.app``).

:class:`DocfactServer` owns everything mutable: one :class:`~docfact.engine.Engine` per
workspace folder (indexed in the background at start-up), the open documents, debounce timers
and background tasks. Handlers (``docfact.lsp.features``) are thin adapters over it.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import sys
import threading
from collections.abc import Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInternalError
from pygls.lsp.server import LanguageServer

from docfact import __version__
from docfact.baseline import fingerprint
from docfact.config import Settings, project_root
from docfact.engine import Engine
from docfact.model import DocResult, FileResult, Finding, Fix
from docfact.positions import LineIndex
from docfact.regenerate import regenerate
from docfact.store import open_store

from . import convert
from .checker import Checker
from .engine_thread import EngineThread
from .llm import LlmService
from .progress import Reporter, progress
from .protocol import DocfactProtocol
from .settings import ConfigService
from .state import DocState, Folder

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_HEADER_LINE = 8 * 1024  # bytes; a real header line is ~25 ("Content-Length: 1234")
MAX_CONTENT_LENGTH = 64 * 1024 * 1024  # bytes; a 64 MB didOpen is a 20-million-line file


class BoundedInput:
    """The server's stdin as pygls' reader sees it, with the protocol's limits: a header line
    over :data:`MAX_HEADER_LINE` bytes or a ``Content-Length`` over :data:`MAX_CONTENT_LENGTH`
    ends the input (pygls reads an empty answer as the end of the stream) after one error line,
    rather than a read of that size (``Content-Length: 100000000000`` was a MemoryError, a 200 MB
    header line 200 MB more memory). The stream cannot be resynchronised past such a message:
    its end is unknown, so the server stops and exits with code 1."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.error: str | None = None

    def readline(self) -> bytes:
        if self.error is not None:
            return b""
        line = self.stream.readline(MAX_HEADER_LINE + 1)
        if len(line) > MAX_HEADER_LINE:
            return self._refuse(f"a header line is longer than {MAX_HEADER_LINE} bytes")
        return line

    def read(self, n: int) -> bytes:
        if self.error is not None:
            return b""
        if n > MAX_CONTENT_LENGTH:
            return self._refuse(f"a message of {n} bytes (Content-Length) is over the limit of "
                                f"{MAX_CONTENT_LENGTH} bytes")
        return self.stream.read(n)

    def _refuse(self, what: str) -> bytes:
        self.error = f"docfact: the client's input is not a usable LSP stream: {what}; the server stops"
        log.error("%s", self.error)
        return b""


class DocfactServer(LanguageServer):
    """A pygls LanguageServer that keeps docfact engines current and publishes their verdicts."""

    def __init__(self) -> None:
        super().__init__("docfact", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         protocol_cls=DocfactProtocol)
        self.folders: dict[str, Folder] = {}  # root path -> folder
        self.docs: dict[str, DocState] = {}  # uri -> open document
        self.tasks: set[asyncio.Task[Any]] = set()
        self.stopping = False  # set on shutdown: long engine jobs stop early
        self.config = ConfigService(self)
        self.checker = Checker(self)
        self.llm = LlmService(self)
        # engine work runs on the main thread, where the watchdog can stop a runaway rule (start_io)
        self._engine_thread = EngineThread()
        # nltk and the parsers cost ~1 s to import: start while the client is still handshaking
        self.warm_up = threading.Thread(target=_warm_up, name="docfact-warm-up", daemon=True)
        self.input: BoundedInput | None = None  # set by start_io

    # ---- background work ------------------------------------------------------------------------
    def run_task(self, coro: Coroutine[Any, Any, T], name: str) -> asyncio.Task[T]:
        """Run ``coro`` in the background, keeping a reference and logging its failure."""
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self.tasks.add(task)

        def done(t: asyncio.Task[T]) -> None:
            self.tasks.discard(t)
            if not t.cancelled() and t.exception() is not None:
                log.error("docfact: %s failed", name, exc_info=t.exception())

        task.add_done_callback(done)
        return task

    def work_done(self, title: str, cancellable: bool = True) -> AbstractAsyncContextManager[Reporter]:
        """A work-done progress in the editor for the block it guards (``lsp.progress``)."""
        return progress(self, title, cancellable)

    async def in_engine(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on the engine thread (engines are used from that thread only)."""
        return await asyncio.get_running_loop().run_in_executor(self._engine_thread, fn, *args)

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
        """Serve on stdio (or the given streams) with the limits of :class:`BoundedInput`, until
        the client ends the session: the protocol on a thread of its own, the engine work on this
        one, the main thread, where the watchdog can stop a rule that never returns
        (:meth:`EngineThread.run_beside`)."""
        self.input = BoundedInput(stdin or sys.stdin.buffer)
        serve = functools.partial(LanguageServer.start_io, self,
                                  self.input, stdout)  # type: ignore[arg-type]  # duck-typed: readline, read
        self._engine_thread.run_beside(serve)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Errors outside a request: log them (window/logMessage), no pop-up. A message the
        client got wrong (not JSON, unknown method or command, bad params) is only a warning:
        it was answered with an error, or dropped when it was a notification."""
        if source is JsonRpcException or (isinstance(error, JsonRpcException)
                                          and not isinstance(error, JsonRpcInternalError)):
            log.warning("docfact: rejected a malformed message: %s", error)
            return
        log.error("docfact: internal error (%s): %s", getattr(source, "__name__", source), error)

    # ---- capabilities ---------------------------------------------------------------------------
    @property
    def pull_diagnostics(self) -> bool:
        td = self.client_capabilities.text_document
        return bool(td and td.diagnostic)

    # ---- workspace folders ----------------------------------------------------------------------
    def add_folder(self, root: Path, uri: str | None, indexed: bool) -> Folder:
        folder = Folder(uri=uri, root=root, engine=Engine(root, Settings()), indexed=indexed)
        self.folders[str(root)] = folder
        return folder

    async def start_folders(self) -> None:
        """Settings, then a background index of every workspace folder; tokenizer warm-up."""
        folders = list(self.workspace.folders.values())
        roots = [(Path(p), f.uri) for f in folders if (p := convert.uri_to_path(f.uri))]
        if not roots and self.workspace.root_uri and (p := convert.uri_to_path(self.workspace.root_uri)):
            roots = [(Path(p), self.workspace.root_uri)]
        for root, uri in roots:
            folder = self.add_folder(root, uri, indexed=True)
            folder.engine.settings = await self.config.settings_for(root, uri)
        await self.index_folders([f for f in self.folders.values() if f.indexed and not f.ready.is_set()])

    async def index_folders(self, folders: list[Folder]) -> None:
        async with progress(self, "docfact: indexing", cancellable=True) as reporter:
            if not self.warm_up.is_alive() and self.warm_up.ident is None:
                self.warm_up.start()
            await self.in_engine(self.warm_up.join)
            loop = asyncio.get_running_loop()
            for folder in folders:
                started = loop.time()
                store = folder.store = await self.in_engine(open_store, folder.settings)

                def on_read(hashes: dict[str, str], world: str, f: Folder = folder) -> None:
                    # open documents checked before in this very state of the workspace get
                    # their stored diagnostics now, while the index loads
                    kept = self.checker.early.stored_results(f, hashes, world)
                    for uri, result in kept:
                        loop.call_soon_threadsafe(self.checker.early.show_stored, uri, result, hashes[result.path])
                    # the others are judged with the modules they import, before the whole index
                    for uri, result, lines, version in self.checker.early.provisional(f, {uri for uri, _ in kept}):
                        loop.call_soon_threadsafe(self.checker.early.show_provisional, uri, result, lines, version)

                try:
                    await self.in_engine(lambda f=folder, s=store: f.engine.load(
                        progress=reporter.report, cancelled=lambda: reporter.cancelled or self.stopping,
                        store=s, on_read=on_read))
                except Exception:
                    log.exception("docfact: indexing %s failed", folder.root)
                finally:
                    folder.ready.set()
                # the documents waiting for the index are judged first (judging needs no edges):
                # let them queue their checks before the edges are resolved
                for _ in range(3):
                    await asyncio.sleep(0)
                try:
                    await self.in_engine(folder.engine.graph.flush)
                except Exception:
                    log.exception("docfact: resolving the relations of %s failed", folder.root)
                # the indexed graph lives as long as the server: exempt it from collections,
                # which would otherwise rescan it and pause a check now and then
                await self.in_engine(_freeze_heap)
                n = len(folder.engine.graph.files())
                log.info("docfact: indexed %d files of %s in %.1f s (%d from the store)%s", n, folder.root,
                         asyncio.get_running_loop().time() - started, folder.engine.from_store,
                         " (cancelled)" if reporter.cancelled else "")
                for path, reason in folder.engine.skipped:
                    log.info("docfact: skipped %s: %s", path, reason)
                folder.engine.skipped.clear()

    async def folder_for(self, path: str) -> Folder:
        """The folder owning ``path`` once its index is ready (an un-indexed one for stray files)."""
        best: Folder | None = None
        for folder in self.folders.values():
            if folder.owns(path) and (best is None or len(str(folder.root)) > len(str(best.root))):
                best = folder
        if best is None:
            root = project_root(Path(path))
            best = self.add_folder(root, None, indexed=False)
            best.engine.settings = await self.config.settings_for(root, convert.path_to_uri(str(root)))
            best.ready.set()
        await best.ready.wait()
        return best

    async def all_folders(self) -> list[Folder]:
        for folder in list(self.folders.values()):
            await folder.ready.wait()
        return list(self.folders.values())

    async def reload_settings(self) -> None:
        """Re-read every folder's settings; re-check the open documents of folders that changed."""
        changed: list[Folder] = []
        for folder in list(self.folders.values()):
            scope = folder.uri or convert.path_to_uri(str(folder.root))
            new = await self.config.settings_for(folder.root, scope)
            if new != folder.engine.settings:
                await self.in_engine(_apply_settings, folder, new)
                changed.append(folder)
        for uri, st in list(self.docs.items()):
            if st.path is not None and any(f.owns(st.path) for f in changed):
                await self.checker.check_document(uri, force=True)
        if changed:
            self.refresh_pulled()

    async def change_folders(self, added: list[types.WorkspaceFolder], removed: list[types.WorkspaceFolder]) -> None:
        """workspace/didChangeWorkspaceFolders: drop removed folders, index added ones."""
        for wf in removed:
            if (p := convert.uri_to_path(wf.uri)) is not None:
                self.folders.pop(p, None)
        new: list[Folder] = []
        for wf in added:
            if (p := convert.uri_to_path(wf.uri)) is not None and p not in self.folders:
                folder = self.add_folder(Path(p), wf.uri, indexed=True)
                folder.engine.settings = await self.config.settings_for(Path(p), wf.uri)
                new.append(folder)
        await self.index_folders(new)

    # ---- publishing -----------------------------------------------------------------------------
    def publish(self, uri: str) -> None:
        """Push the stored result of an open document (pull clients ask for it themselves)."""
        st = self.docs.get(uri)
        if st is None or self.pull_diagnostics:
            return
        settings = self.settings_of(st.path)
        diags = convert.diagnostics(st.result, settings, st.lines, self.baselined(st.path))
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diags, version=st.result_version))

    def publish_result(self, uri: str, result: FileResult, lines: LineIndex, settings: Settings) -> None:
        """Push diagnostics of a file that is not open (workspace check)."""
        diags = convert.diagnostics(result, settings, lines, self.baselined(result.path))
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=diags))

    def refresh_pulled(self) -> None:
        ws = self.client_capabilities.workspace
        if self.pull_diagnostics and ws and ws.diagnostics and ws.diagnostics.refresh_support:
            self.workspace_diagnostic_refresh(None)

    def clear(self, uri: str) -> None:
        if not self.pull_diagnostics:
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def baselined(self, path: str | None) -> Callable[[DocResult, Finding], bool] | None:
        """A filter hiding the findings recorded in the folder's ``baseline`` file (None: no baseline)."""
        folder = self.folder_of(path)
        if folder is None or not folder.settings.baseline:
            return None
        known = folder.baseline()
        if not known or path is None:
            return None
        rel = folder.relative(path)
        return lambda d, f: fingerprint(rel, d.symbol, f.criterion, f.rule, f.segment.text) in known

    def folder_of(self, path: str | None) -> Folder | None:
        for folder in sorted(self.folders.values(), key=lambda f: -len(str(f.root))):
            if path is not None and folder.owns(path):
                return folder
        return None

    def settings_of(self, path: str | None) -> Settings:
        for folder in sorted(self.folders.values(), key=lambda f: -len(str(f.root))):
            if path is not None and folder.owns(path):
                return folder.settings
        return Settings()

    # ---- LLM seam -------------------------------------------------------------------------------
    async def llm_pass(self, uri: str, version: int | None, result: FileResult) -> None:
        """After static diagnostics (on save and on the check commands, never while typing):
        start the LLM judge for ``result`` in the background when ``llm.enabled``."""
        if self.settings_of(convert.uri_to_path(uri)).llm.enabled:
            self.llm.start(uri, version, result)

    async def regenerate_doc(self, doc: DocResult, lines: LineIndex) -> Fix | None:
        """The "Regenerate docstring" command's edit: the model's docstring, judged before it is
        offered, when ``llm.enabled``; else the offline repair (``docfact.regenerate``). Code
        actions stay offline: they must answer fast."""
        folder = await self.folder_for(doc.doc.path)
        if folder.settings.llm.enabled:
            return await self.llm.regenerate(doc, lines, folder.engine)
        return regenerate(doc, lines)


def _freeze_heap() -> None:
    gc.collect()
    gc.freeze()
    _return_free_memory()


def _return_free_memory() -> None:
    """Give the C heap's free pages back to the system (glibc's ``malloc_trim``; elsewhere
    nothing). Indexing a workspace frees much of what it allocated (parse trees, the store's
    rows) between objects that live on; glibc keeps such holes resident: 40-60 MB of the
    server's memory after indexing the Django sdist."""
    try:
        import ctypes

        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError, ImportError):  # not glibc
        return
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    trim(0)


def _warm_up() -> None:
    """Import nltk and build the sentence tokenizer now rather than on the first check (~1 s),
    and load the parsers."""
    try:
        from docfact.docs.sentences import sentence_tokenizer
        from docfact.lang import LANGUAGES

        sentence_tokenizer()
        for lang in LANGUAGES:
            lang.parser(lang.example_file)
    except Exception:
        log.exception("docfact: warm-up failed; the first check will be slower")


def _apply_settings(folder: Folder, settings: Settings) -> None:
    folder.engine.settings = settings
    folder.doc_cache.clear()


class ClientLogHandler(logging.Handler):
    """Forwards log records to the client as window/logMessage (thread-safe)."""

    LEVELS = ((logging.ERROR, types.MessageType.Error), (logging.WARNING, types.MessageType.Warning),
              (logging.INFO, types.MessageType.Info))

    def __init__(self, server: DocfactServer, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(logging.INFO)
        self.server = server
        self.loop = loop

    @staticmethod
    def take_over(logger: logging.Logger, handler: ClientLogHandler) -> None:
        """From now on ``logger``'s records go to the client with their real level
        (window/logMessage); stderr, which editors log as errors, keeps only errors and crashes."""
        crashes = logging.StreamHandler(sys.stderr)
        crashes.setLevel(logging.ERROR)
        crashes.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        logger.addHandler(handler)
        logger.addHandler(crashes)
        logger.propagate = False

    def emit(self, record: logging.LogRecord) -> None:
        try:
            msg = self.format(record)
            kind = next((t for lvl, t in self.LEVELS if record.levelno >= lvl), types.MessageType.Log)
            params = types.LogMessageParams(type=kind, message=msg)
            self.loop.call_soon_threadsafe(self.server.window_log_message, params)
        except Exception:  # logging must never take the server down
            pass
