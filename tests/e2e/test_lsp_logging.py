"""The server's log reaches the editor with its real level (window/logMessage); stderr, which
editors such as Neovim record as errors, carries only errors and crashes once the client is
initialized."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from lsp_raw import LSPPROJ, STORE, RawServer

pytestmark = pytest.mark.timeout(90)


def test_normal_log_lines_go_to_the_client_not_stderr(tmp_path: Path) -> None:
    root = tmp_path / "lspproj"
    shutil.copytree(LSPPROJ, root)

    async def run() -> None:
        async with RawServer(root, tmp_path / "cache") as srv:
            await srv.initialize()
            uri = srv.open(root / STORE)
            await srv.wait_for(lambda: srv.diagnostics(uri), what="diagnostics")
            await srv.wait_for(lambda: any("checked store.py" in m for m in srv.log_messages(4)),
                               what="the check's log line")
            info = [n["params"] for n in srv.notifications if n.get("method") == "window/logMessage"
                    and "checked store.py" in n["params"]["message"]]
            assert info and all(p["type"] >= 3 for p in info)  # Info or Log, never Error
            await asyncio.sleep(0.2)
            assert b"checked store.py" not in srv.stderr, srv.stderr.decode()
    asyncio.run(run())


def test_docfact_ls_help_prints_help_instead_of_waiting() -> None:
    import subprocess

    proc = subprocess.run([sys.executable, "-c", "import sys; from docfact.lsp.app import main; "
                           "sys.argv = ['docfact-ls', '--help']; main()"],
                          capture_output=True, text=True, timeout=30, stdin=subprocess.PIPE, check=False)
    assert proc.returncode == 0 and "usage: docfact-ls" in proc.stdout
