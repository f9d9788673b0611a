"""The JSON-RPC protocol, answering malformed requests instead of dropping them.

pygls logs a request whose params cannot be read and sends nothing back, which leaves the
client waiting forever. Here such a request gets an InvalidParams error response naming the
method; malformed notifications are logged and dropped, and so are changes to a document that
is not open (pygls raised a KeyError, reported as an internal error). Requests after
``shutdown`` get the InvalidRequest error the LSP specification asks for (pygls dropped them).
A malformed answer to one of the server's own requests fails that request (pygls dropped it,
and the command waiting for it, e.g. an applyEdit, waited forever).
The future of every handler leaves pygls' table of running requests when it is done: pygls
removed only the futures of requests, and kept one for every didOpen/didChange/didClose
(and each handler they run) forever, about 2 KB per edit.
A didChange with many edits is applied to a list of lines, each edit in time of its lines, not
of the document (pygls rebuilds the whole text per edit: 20,000 edits blocked the server 39 s);
one with more than :data:`MAX_CHANGES` edits is applied from its last full text, if any, and
otherwise ignored with a warning.
"""

from __future__ import annotations

import logging
from collections.abc import Generator, Sequence
from typing import Any
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcInvalidRequest
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.workspace import TextDocument

log = logging.getLogger(__name__)

MAX_CHANGES = 10_000  # edits in one didChange; more is a client out of step, not typing
_FAST_FROM = 16  # fewer edits: pygls applies them (the same result)


class _Rejected:
    """Stands for a message that could not be read; pygls ignores it (unknown jsonrpc version)."""

    jsonrpc = "rejected"


class DocfactProtocol(LanguageServerProtocol):
    def structure_message(self, data: dict[str, Any]) -> Any:
        # an answer to one of our own requests (workspace/applyEdit, workspace/configuration)
        answer = (isinstance(data, dict) and "id" in data and "method" not in data
                  and _hashable(data["id"]) and data["id"] in self._result_types)
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            method = data.get("method", "?") if isinstance(data, dict) else "?"
            if isinstance(data, dict) and "id" in data and "method" in data:
                error = JsonRpcInvalidParams(message=f"docfact: invalid params for {method}: {exc.__cause__ or exc}")
                self._send_response(data["id"], None, error.to_response_error())
            elif answer:  # whoever awaits the answer gets an error rather than waiting forever
                future = self._request_futures.pop(data["id"], None)
                if future is not None and not future.done():
                    future.set_exception(JsonRpcInvalidParams(
                        message=f"docfact: the client's answer is malformed: {exc.__cause__ or exc}"))
                method = "response"
            log.warning("docfact: ignored a malformed %s message", method)
            return _Rejected()

    def _execute_handler(self, msg_id: Any, handler: Any, callback: Any,
                         args: Any = None, kwargs: Any = None) -> None:
        super()._execute_handler(msg_id, handler, callback, args=args, kwargs=kwargs)
        future = self._request_futures.get(msg_id)
        if future is not None:
            def forget(done: Any) -> None:
                if self._request_futures.get(msg_id) is done:
                    del self._request_futures[msg_id]

            future.add_done_callback(forget)

    def handle_message(self, message: Any) -> None:
        if (self._shutdown and getattr(message, "jsonrpc", None) == self.VERSION
                and getattr(message, "method", types.EXIT) != types.EXIT and hasattr(message, "id")):
            error = JsonRpcInvalidRequest(message=f"docfact: the server is shutting down; {message.method} refused")
            self._send_response(message.id, None, error.to_response_error())
            return
        super().handle_message(message)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Generator[Any, Any, None]:
        """pygls' didChange, for open documents only, with many edits applied in bounded time."""
        uri = params.text_document.uri
        doc = self.workspace.text_documents.get(unquote(uri))
        if doc is None:
            log.warning("docfact: ignored a change to %s, which is not open", uri)
            return
        changes = params.content_changes
        if len(changes) > MAX_CHANGES:
            full = max((i for i, c in enumerate(changes)
                        if isinstance(c, types.TextDocumentContentChangeWholeDocument)), default=None)
            if full is None or len(changes) - full > MAX_CHANGES:
                log.warning("docfact: ignored a change of %d edits to %s (at most %d are applied, or those after "
                            "a full text); reopen the document to check it again", len(changes), uri, MAX_CHANGES)
                return
            changes = changes[full:]
        if len(changes) >= _FAST_FROM and doc._is_sync_kind_incremental:
            apply_changes(doc, changes)
            doc.version = params.text_document.version
            changes = []
        params = types.DidChangeTextDocumentParams(text_document=params.text_document, content_changes=changes)
        yield from super().lsp_text_document__did_change(params)


def apply_changes(doc: TextDocument, changes: Sequence[types.TextDocumentContentChangeEvent]) -> None:
    """Apply ``changes`` to ``doc`` as pygls' ``apply_change`` would one by one (the same text,
    its quirks included), on a list of lines: an edit costs the lines it touches plus a copy of
    the list's references, instead of a rebuild of the whole text."""
    codec = doc.position_codec
    lines = doc.source.splitlines(True)
    for change in changes:
        if not isinstance(change, types.TextDocumentContentChangePartial):
            lines = change.text.splitlines(True)
            continue
        rng = codec.range_from_client_units(lines, change.range)
        sl, sc, el, ec = rng.start.line, rng.start.character, rng.end.line, rng.end.character
        if sl == len(lines):  # an empty document: pygls appends
            lines = (("".join(lines)) + change.text).splitlines(True)
            continue
        if el < sl:  # pygls writes every line unchanged
            continue
        # the edited lines with one neighbour each side, split again: a line the edit left
        # without its line break joins the next one, and "\r" + "\n" become one break
        lo = max(sl - 1, 0)
        hi = min(el + 2, len(lines))
        window = "".join(lines[lo:sl]) + lines[sl][:sc] + change.text + lines[el][ec:] + "".join(lines[el + 1:hi])
        lines[lo:hi] = window.splitlines(True)
    doc._source = "".join(lines)


def _hashable(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool)) or value is None
