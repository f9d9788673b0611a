"""What the checker, the LLM service and position lookups need from the language server.

:class:`Host` is the server as those parts see it: open documents, the editor's workspace, the
engine thread, folders and publishing. ``DocfactServer`` satisfies it; depending on this protocol
instead of the server class keeps the imports one-way (the server builds the checker and the LLM
service, they never import the server), and a test can hand them a small stand-in.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from lsprotocol import types

if TYPE_CHECKING:
    from pygls.workspace import Workspace

    from docfact.config import Settings
    from docfact.model import FileResult
    from docfact.positions import LineIndex

    from .progress import Reporter
    from .state import DocState, Folder

T = TypeVar("T")


class Host(Protocol):
    """The language server, as seen by the parts it owns."""

    docs: dict[str, DocState]  # uri -> open document

    @property
    def workspace(self) -> Workspace: ...

    def run_task(self, coro: Coroutine[Any, Any, T], name: str) -> asyncio.Task[T]: ...

    async def in_engine(self, fn: Callable[..., T], *args: Any) -> T: ...

    async def folder_for(self, path: str) -> Folder: ...

    async def all_folders(self) -> list[Folder]: ...

    def publish(self, uri: str) -> None: ...

    def publish_result(self, uri: str, result: FileResult, lines: LineIndex, settings: Settings) -> None: ...

    def refresh_pulled(self) -> None: ...

    async def llm_pass(self, uri: str, version: int | None, result: FileResult) -> None: ...

    def window_show_message(self, params: types.ShowMessageParams) -> None: ...

    def work_done(self, title: str, cancellable: bool = True) -> AbstractAsyncContextManager[Reporter]:
        """A work-done progress in the editor for the block it guards."""
        ...
