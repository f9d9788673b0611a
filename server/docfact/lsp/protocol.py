"""The JSON-RPC protocol, answering malformed requests instead of dropping them.

pygls logs a request whose params cannot be read and sends nothing back, which leaves the
client waiting forever. Here such a request gets an InvalidParams error response naming the
method; malformed notifications are logged and dropped.
"""

from __future__ import annotations

import logging
from typing import Any

from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.protocol import LanguageServerProtocol

log = logging.getLogger(__name__)


class _Rejected:
    """Stands for a message that could not be read; pygls ignores it (unknown jsonrpc version)."""

    jsonrpc = "rejected"


class DocfactProtocol(LanguageServerProtocol):
    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            method = data.get("method", "?") if isinstance(data, dict) else "?"
            if isinstance(data, dict) and "id" in data and "method" in data:
                error = JsonRpcInvalidParams(message=f"docfact: invalid params for {method}: {exc.__cause__ or exc}")
                self._send_response(data["id"], None, error.to_response_error())
            log.warning("docfact: ignored a malformed %s message", method)
            return _Rejected()
