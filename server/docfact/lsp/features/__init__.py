"""LSP features: each module registers thin handlers that delegate to the server's services."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from docfact.lsp.server import DocfactServer


def register_all(server: DocfactServer) -> None:
    from . import code_actions, commands, documents, hover, lifecycle

    for module in (lifecycle, documents, hover, code_actions, commands):
        module.register(server)
