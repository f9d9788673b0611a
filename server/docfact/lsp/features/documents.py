"""didOpen / didChange / didSave / didClose and pull diagnostics: update the graph and judge."""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import TYPE_CHECKING

from lsprotocol import types
from lsprotocol.converters import get_converter

from docfact.lsp import convert
from docfact.lsp.doc_cache import entity_codes
from docfact.lsp.state import DocState

if TYPE_CHECKING:
    from docfact.lsp.server import DocfactServer

converter = get_converter()


def register(server: DocfactServer) -> None:
    """Register the document notifications and the pull diagnostics request on ``server``."""
    _register_notifications(server)
    _register_pull(server)


def _register_notifications(server: DocfactServer) -> None:
    """didOpen, didChange (debounced), didSave and didClose."""

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: DocfactServer, params: types.DidOpenTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.docs[uri] = DocState(uri=uri, path=convert.uri_to_path(uri))
        ls.run_task(_open(ls, uri), f"open {uri}")

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: DocfactServer, params: types.DidChangeTextDocumentParams) -> None:
        st = ls.docs.get(params.text_document.uri)
        if st is None or st.path is None:
            return
        if st.timer is not None:
            st.timer.cancel()
        delay = ls.settings_of(st.path).debounce_ms / 1000
        st.timer = asyncio.get_running_loop().call_later(delay, _changed, ls, st.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    async def did_save(ls: DocfactServer, params: types.DidSaveTextDocumentParams) -> None:
        st = ls.docs.get(params.text_document.uri)
        if st is None:
            return
        if st.timer is not None:
            st.timer.cancel()
            st.timer = None
        if ls.settings_of(st.path).trigger != "manual":
            ls.run_task(_saved(ls, st.uri), f"save {st.uri}")

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: DocfactServer, params: types.DidCloseTextDocumentParams) -> None:
        st = ls.docs.pop(params.text_document.uri, None)
        if st is not None and st.timer is not None:
            st.timer.cancel()
        ls.clear(params.text_document.uri)
        if st is not None and st.path is not None:  # unsaved edits leave the graph: read the disk
            ls.run_task(ls.checker.file_changed_on_disk(st.path, deleted=True), f"close {st.uri}")


def _register_pull(server: DocfactServer) -> None:
    """textDocument/diagnostic: the document's diagnostics, judged first when out of date."""

    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC,
                    types.DiagnosticOptions(identifier="docfact", inter_file_dependencies=True,
                                            workspace_diagnostics=False))
    async def pull(ls: DocfactServer, params: types.DocumentDiagnosticParams,
                   ) -> types.FullDocumentDiagnosticReport | types.UnchangedDocumentDiagnosticReport:
        uri = params.text_document.uri
        st = ls.docs.get(uri)
        if st is None:
            return types.FullDocumentDiagnosticReport(items=[])
        version = ls.workspace.get_text_document(uri).version
        if st.result_version != version and ls.settings_of(st.path).trigger != "manual":
            await ls.checker.check_document(uri)
        items = convert.diagnostics(st.result, ls.settings_of(st.path), st.lines, ls.baselined(st.path))
        # the id names the diagnostics themselves (ranges included): an edit, a re-check, a
        # settings or baseline change that leaves them as they were answers "unchanged"
        result_id = _fingerprint(items)
        if params.previous_result_id == result_id:
            return types.UnchangedDocumentDiagnosticReport(result_id=result_id)
        return types.FullDocumentDiagnosticReport(items=items, result_id=result_id)


def _fingerprint(items: list[types.Diagnostic]) -> str:
    data = json.dumps(converter.unstructure(items), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(data.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


async def _open(ls: DocfactServer, uri: str) -> None:
    st = ls.docs.get(uri)
    if st is None or st.path is None:
        return
    folder = await ls.folder_for(st.path)
    if folder.settings.trigger == "manual":
        await _update_only(ls, uri)  # keep the graph current; judge on command only
        return
    result = await ls.checker.check_document(uri)
    if result is not None:
        path = st.path
        st.saved_entities = await ls.in_engine(lambda: entity_codes(folder.engine.graph.file(path)))


def _changed(ls: DocfactServer, uri: str) -> None:
    st = ls.docs.get(uri)
    if st is None:
        return
    st.timer = None
    trigger = ls.settings_of(st.path).trigger
    if trigger == "onType":
        ls.run_task(ls.checker.check_document(uri), f"check {uri}")
    elif trigger == "onSave":
        ls.run_task(_update_only(ls, uri), f"update {uri}")


async def _update_only(ls: DocfactServer, uri: str) -> None:
    """Keep the graph current while typing without judging (trigger onSave)."""
    st = ls.docs.get(uri)
    if st is None or st.path is None:
        return
    text = ls.workspace.get_text_document(uri).source
    folder = await ls.folder_for(st.path)
    if ls.checker.skip_reason(folder, st.path, text) is None:
        await ls.in_engine(ls.checker.update, folder, st.path, text)


async def _saved(ls: DocfactServer, uri: str) -> None:
    result = await ls.checker.check_document(uri, after_save=True)
    st = ls.docs.get(uri)
    if result is not None and st is not None:
        await ls.llm_pass(uri, st.result_version, result)
