"""The language server's entry point (``docfact serve``, ``docfact-ls``): builds the server and
registers its handlers.

This is the one module that knows both :class:`~docfact.lsp.server.DocfactServer` and the
handlers of ``docfact.lsp.features``, so the server never imports its handlers and the imports
stay one-way (features -> server -> checker/llm -> host).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys

from docfact import __version__

from .features import register_all
from .server import DocfactServer


def create_server() -> DocfactServer:
    """A server with every handler registered, not yet serving."""
    server = DocfactServer()
    register_all(server)
    return server


def main(argv: list[str] | None = None) -> int:
    """Run the language server on stdio (``docfact serve``, ``docfact-ls``)."""
    parser = argparse.ArgumentParser(
        prog="docfact-ls", description="The docfact language server. It speaks the Language Server Protocol on "
        "stdin/stdout: start it from your editor (see the README's Editors section), not by hand.",
        epilog="Environment: DOCFACT_LOG_LEVEL (default INFO) sets what is sent to the editor's log.")
    parser.add_argument("--version", action="version", version=f"docfact {__version__}")
    parser.add_argument("--stdio", action="store_true", help="use stdin/stdout (the default and only transport)")
    parser.parse_known_args(sys.argv[1:] if argv is None else argv)  # editors may add their own flags
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    level = os.environ.get("DOCFACT_LOG_LEVEL", "INFO").upper()
    logging.getLogger("docfact").setLevel(getattr(logging, level, logging.INFO))
    for noisy in ("pygls", "docfact.graph", "docfact.index"):
        logging.getLogger(noisy).setLevel(os.environ.get("DOCFACT_PYGLS_LOG_LEVEL", "WARNING").upper())
    server = create_server()
    server.warm_up.start()
    server.start_io()
    if server.input is not None and server.input.error is not None:
        sys.exit(1)  # docfact serve too (its caller ignores the return value); the error is logged
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
