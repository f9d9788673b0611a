"""Language-server round trips: start ``docfact serve`` on stdio and drive it like an editor.

Every test gets a fresh copy of tests/workspaces/lspproj and a fresh server, started with the
capabilities of a real client (pytest-lsp's recorded VS Code and Neovim profiles). Helpers wait
for diagnostics with a deadline so that no test can hang.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from pytest_lsp.client import make_test_lsp_client

from docfact.positions import LineIndex

LSPPROJ = Path(__file__).resolve().parents[1] / "workspaces" / "lspproj"
# VS Code as recorded by pytest-lsp, and Neovim 0.7 (Debian's 0.7.2 is the editor we test for
# real): neither pulls diagnostics; the pull path is tested with the latest Neovim profile.
PROFILES = ("visual-studio-code@v1.65.2", "neovim@v0.7.0")
SERVER = [sys.executable, "-m", "docfact", "serve"]


@dataclass
class Editor:
    """A started client plus the small amount of editor behaviour the tests need."""

    client: LanguageClient
    root: Path
    profile: str
    versions: dict[str, int] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    applied: list[types.ApplyWorkspaceEditParams] = field(default_factory=list)
    registrations: list[types.RegistrationParams] = field(default_factory=list)
    init_result: types.InitializeResult | None = None

    def uri(self, rel: str) -> str:
        return (self.root / rel).as_uri()

    @property
    def pull(self) -> bool:
        caps = self.client.capabilities
        return bool(caps and caps.text_document and caps.text_document.diagnostic)

    def open(self, rel: str, text: str | None = None) -> str:
        uri = self.uri(rel)
        text = (self.root / rel).read_text(encoding="utf-8") if text is None else text
        self.versions[uri] = 1
        self.texts[uri] = text
        lang = {".java": "java", ".ts": "typescript", ".tsx": "typescriptreact", ".js": "javascript",
                ".jsx": "javascriptreact"}.get(Path(rel).suffix, "python")
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=lang, version=1, text=text)))
        return uri

    def change(self, uri: str, text: str) -> None:
        """Replace the whole text (one full-content change)."""
        self.versions[uri] += 1
        self.texts[uri] = text
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))

    def save(self, uri: str, write: bool = True) -> None:
        if write:
            Path(types_uri_path(uri)).write_text(self.texts[uri], encoding="utf-8")
        self.client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))

    def edit_and_save(self, uri: str, text: str) -> None:
        self.change(uri, text)
        self.save(uri)

    def apply(self, uri: str, edit: types.WorkspaceEdit) -> str:
        """Apply a WorkspaceEdit for ``uri`` to our copy of the text, send it and save."""
        edits: list[types.TextEdit] = []
        if edit.changes:
            edits += edit.changes.get(uri, [])
        for dc in edit.document_changes or []:
            assert isinstance(dc, types.TextDocumentEdit)
            if dc.text_document.uri == uri:
                assert dc.text_document.version in (None, self.versions[uri]), "edit for an old version"
                edits += [e for e in dc.edits if isinstance(e, types.TextEdit)]
        text = apply_edits(self.texts[uri], edits)
        self.edit_and_save(uri, text)
        return text

    async def diagnostics(self, uri: str, until: Callable[[list[types.Diagnostic]], bool] = lambda d: True,
                          timeout: float = 15.0) -> list[types.Diagnostic]:
        """Wait until the diagnostics of ``uri`` (pushed, or pulled) satisfy ``until``."""
        deadline = asyncio.get_running_loop().time() + timeout
        last: list[types.Diagnostic] | None = None
        while True:
            if self.pull:
                report = await self.client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
                    text_document=types.TextDocumentIdentifier(uri=uri)))
                last = list(getattr(report, "items", None) or [])
            elif uri in self.client.diagnostics:
                last = list(self.client.diagnostics[uri])
            if last is not None and until(last):
                return last
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"timed out waiting for diagnostics of {uri}; last: {summary(last or [])}")
            await asyncio.sleep(0.05)

    @staticmethod
    def summary(diags: list[types.Diagnostic]) -> list[tuple[str, int]]:
        return summary(diags)

    async def command(self, name: str, *args: Any) -> Any:
        return await self.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command=name, arguments=list(args)))


def types_uri_path(uri: str) -> str:
    from urllib.parse import unquote, urlparse

    return unquote(urlparse(uri).path)


def apply_edits(text: str, edits: list[types.TextEdit]) -> str:
    lines = LineIndex(text)
    spans = []
    for e in edits:
        a = lines.offset(_pos(e.range.start))
        b = lines.offset(_pos(e.range.end))
        spans.append((a, b, e.new_text))
    for a, b, new in sorted(spans, reverse=True):
        text = text[:a] + new + text[b:]
    return text


def _pos(p: types.Position) -> Any:
    from docfact.model import Pos

    return Pos(p.line, p.character)


def summary(diags: list[types.Diagnostic]) -> list[tuple[str, int]]:
    """(code, 1-based line) pairs, sorted: what the tests usually assert."""
    return sorted((str(d.code), d.range.start.line + 1) for d in diags)


def capabilities(profile: str, pull: bool = False) -> types.ClientCapabilities:
    caps = client_capabilities(profile)
    if pull:
        td = caps.text_document or types.TextDocumentClientCapabilities()
        td.diagnostic = types.DiagnosticClientCapabilities(related_document_support=False)
        caps.text_document = td
    return caps


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "lspproj"
    shutil.copytree(LSPPROJ, root)
    return root


Starter = Callable[..., Any]


@pytest_asyncio.fixture
async def start(workspace: Path) -> AsyncIterator[Starter]:
    """``await start(profile, init_options=None, config=None, pull=False)`` -> Editor."""
    started: list[Editor] = []

    async def _start(profile: str, init_options: Any = None, config: dict[str, Any] | None = None,
                     pull: bool = False, root: Path | None = None) -> Editor:
        client = make_test_lsp_client()
        editor = Editor(client=client, root=root or workspace, profile=profile)

        @client.feature(types.WORKSPACE_APPLY_EDIT)
        def apply_edit(params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
            editor.applied.append(params)
            return types.ApplyWorkspaceEditResult(applied=True)

        @client.feature(types.CLIENT_REGISTER_CAPABILITY)
        def register_capability(params: types.RegistrationParams) -> None:
            editor.registrations.append(params)

        if config is not None:
            client.set_configuration(config, section="docfact")
        await client.start_io(*SERVER)
        started.append(editor)
        uri = editor.root.as_uri()
        editor.init_result = await client.initialize_session(types.InitializeParams(
            capabilities=capabilities(profile, pull),
            root_uri=uri,
            workspace_folders=[types.WorkspaceFolder(uri=uri, name=editor.root.name)],
            initialization_options=init_options,
        ))
        return editor

    yield _start
    for editor in started:
        try:
            await asyncio.wait_for(editor.client.shutdown_session(), 10)
        except Exception:
            pass
        await editor.client.stop()


@pytest.fixture(params=PROFILES)
def profile(request: pytest.FixtureRequest) -> str:
    return str(request.param)
