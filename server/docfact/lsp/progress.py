"""Work-done progress: one async context manager, a no-op when the client lacks support.

The reporter it yields may be called from a worker thread (indexing reports per file); it hops
back to the event loop to send, and only sends when the percentage changes. ``cancelled`` turns
true when the client sends ``window/workDoneProgress/cancel`` for our token.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)


class Reporter:
    """Reports percentages for one progress token (or does nothing without a token)."""

    def __init__(self, server: LanguageServer | None, token: str | None,
                 loop: asyncio.AbstractEventLoop | None) -> None:
        self._server = server
        self._token = token
        self._loop = loop
        self._last = -1

    @property
    def cancelled(self) -> bool:
        if self._server is None or self._token is None:
            return False
        fut = self._server.work_done_progress.tokens.get(self._token)
        return fut is not None and fut.cancelled()

    def report(self, done: int, total: int, message: str = "") -> None:
        """Thread-safe: send ``done/total`` as a percentage when it changed."""
        if self._server is None or self._token is None or self._loop is None:
            return
        pct = int(100 * done / total) if total else 100
        if pct == self._last:
            return
        self._last = pct
        value = types.WorkDoneProgressReport(percentage=pct, message=message or None)
        server, token = self._server, self._token
        try:
            on_loop = asyncio.get_running_loop() is self._loop
        except RuntimeError:
            on_loop = False
        if on_loop:
            server.work_done_progress.report(token, value)
            return
        try:
            self._loop.call_soon_threadsafe(server.work_done_progress.report, token, value)
        except RuntimeError:  # loop closed while shutting down
            pass


def supported(server: LanguageServer) -> bool:
    window = server.client_capabilities.window
    return bool(window and window.work_done_progress)


@asynccontextmanager
async def progress(server: LanguageServer, title: str, cancellable: bool = True) -> AsyncIterator[Reporter]:
    """Begin a progress bar, yield its reporter, end it (also on errors and cancellation)."""
    if not supported(server):
        yield Reporter(None, None, None)
        return
    token = f"docfact-{uuid.uuid4()}"
    try:
        await server.work_done_progress.create_async(token)
    except Exception as exc:  # the client refused: carry on without a progress bar
        log.info("docfact: no progress bar (%s)", exc)
        yield Reporter(None, None, None)
        return
    server.work_done_progress.begin(
        token, types.WorkDoneProgressBegin(title=title, cancellable=cancellable, percentage=0))
    reporter = Reporter(server, token, asyncio.get_running_loop())
    try:
        yield reporter
    finally:
        message = "cancelled" if reporter.cancelled else "done"
        server.work_done_progress.end(token, types.WorkDoneProgressEnd(message=message))
        server.work_done_progress.tokens.pop(token, None)
