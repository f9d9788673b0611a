"""initialize / initialized / configuration changes / watched-file registration."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from lsprotocol import types

from docfact.lang import LANGUAGES

if TYPE_CHECKING:
    from docfact.lsp.server import DocfactServer

log = logging.getLogger(__name__)



def _glob(names: tuple[str, ...]) -> str:
    """One glob alternative of several names: ``("py", "pyi")`` -> ``{py,pyi}``."""
    return names[0] if len(names) == 1 else "{" + ",".join(names) + "}"


_CONFIGS = tuple(dict.fromkeys(f for lang in LANGUAGES for f in lang.config_files))
# each registered language's sources, and the files that decide how they are read (the configs
# that map TypeScript/JavaScript import specifiers to files)
WATCH_GLOBS = (*(f"**/*.{_glob(tuple(e.lstrip('.') for e in lang.extensions))}" for lang in LANGUAGES),
               *((f"**/{_glob(_CONFIGS)}",) if _CONFIGS else ()))


def register(server: DocfactServer) -> None:
    @server.feature(types.INITIALIZE)
    def initialize(ls: DocfactServer, params: types.InitializeParams) -> None:
        ls.config.set_pushed(params.initialization_options)

    @server.feature(types.INITIALIZED)
    async def initialized(ls: DocfactServer, params: types.InitializedParams) -> None:
        from docfact.lsp.server import ClientLogHandler

        handler = ClientLogHandler(ls, asyncio.get_running_loop())
        ClientLogHandler.take_over(logging.getLogger("docfact"), handler)
        ls.run_task(ls.start_folders(), "index workspace folders")
        ls.run_task(register_watchers(ls), "register file watchers")

    @server.feature(types.SHUTDOWN)
    async def shutdown(ls: DocfactServer, params: None) -> None:
        ls.stopping = True
        for st in ls.docs.values():
            if st.timer is not None:
                st.timer.cancel()
        try:
            await ls.checker.early.keep_results()
        except Exception:
            logging.getLogger(__name__).exception("docfact: keeping results failed")
        await ls.llm.close()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(ls: DocfactServer, params: types.DidChangeConfigurationParams) -> None:
        ls.config.set_pushed(params.settings)
        ls.run_task(ls.reload_settings(), "reload settings")

    @server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    def did_change_folders(ls: DocfactServer, params: types.DidChangeWorkspaceFoldersParams) -> None:
        ev = params.event
        ls.run_task(ls.change_folders(list(ev.added or []), list(ev.removed or [])), "workspace folders")

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    async def did_change_watched_files(ls: DocfactServer, params: types.DidChangeWatchedFilesParams) -> None:
        from docfact.lsp.convert import uri_to_path

        for change in params.changes:
            path = uri_to_path(change.uri)
            if path is not None:
                deleted = change.type == types.FileChangeType.Deleted
                ls.run_task(ls.checker.file_changed_on_disk(path, deleted), f"watched {path}")


async def register_watchers(ls: DocfactServer) -> None:
    """Ask the client to watch Python, Java, TypeScript and JavaScript files when it supports dynamic registration."""
    ws = ls.client_capabilities.workspace
    if not (ws and ws.did_change_watched_files and ws.did_change_watched_files.dynamic_registration):
        return
    options = types.DidChangeWatchedFilesRegistrationOptions(
        watchers=[types.FileSystemWatcher(glob_pattern=g) for g in WATCH_GLOBS])
    reg = types.Registration(id="docfact-watch", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                             register_options=options)
    try:
        await ls.client_register_capability_async(types.RegistrationParams(registrations=[reg]))
    except Exception as exc:
        log.info("docfact: the client did not accept the file watcher (%s)", exc)
