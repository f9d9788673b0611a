"""No workspace code is imported or executed in any mode, and the server writes nothing outside
its cache directory.

The workspace is booby-trapped: a package with side effects at import, a ``conftest.py``, a
``setup.py``, a ``pyproject.toml`` whose in-tree build backend has side effects, and modules
named like docfact's own dependencies (``python -m docfact`` run in a folder puts that folder
first on ``sys.path``; editors start the server there). Each trap writes a marker file when it
runs. docfact is run in the workspace folder as a CLI (check, check --llm, context) and as the
language server (open, change, save, hover, code actions, whole-workspace check).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from llm_fake_server import FakeLlmServer
from lsp_raw import RawServer

SERVER = Path(__file__).resolve().parents[2] / "server"
SHADOWS = ("networkx", "regex", "nltk", "httpx", "diskcache", "tree_sitter", "tree_sitter_python",
           "lsprotocol", "pygls", "cattrs", "attrs", "json", "tomllib", "sqlite3", "sitecustomize",
           "usercustomize", "docfact_plugin")

pytestmark = pytest.mark.timeout(120)


def trap(markers: Path, name: str) -> str:
    return f"import pathlib\npathlib.Path({str(markers / name)!r}).write_text('ran')\n"


@pytest.fixture
def trapped(tmp_path: Path) -> tuple[Path, Path]:
    ws, markers = tmp_path / "ws", tmp_path / "markers"
    markers.mkdir()
    (ws / "pkg").mkdir(parents=True)
    (ws / "pkg" / "__init__.py").write_text(trap(markers, "pkg-init") + '"""The package."""\n')
    (ws / "pkg" / "mod.py").write_text(trap(markers, "pkg-mod") + '''
from pkg.helpers import helper


def add(x: int, y: int = 1) -> int:
    """Add ``y`` to ``x`` asynchronously.

    Args:
        x (int): A number.
        z (int): Another one.
    """
    return helper(x) + y
''')
    (ws / "pkg" / "helpers.py").write_text('def helper(x):\n    """Return ``x``."""\n    return x\n')
    (ws / "conftest.py").write_text(trap(markers, "conftest"))
    (ws / "setup.py").write_text(trap(markers, "setup") + "from setuptools import setup\nsetup()\n")
    (ws / "evil_backend.py").write_text(trap(markers, "build-backend"))
    (ws / "pyproject.toml").write_text('[build-system]\nrequires = []\nbuild-backend = "evil_backend"\n'
                                       'backend-path = ["."]\n\n[tool.docfact]\ncheck_comments = true\n')
    for name in SHADOWS:
        (ws / f"{name}.py").write_text(trap(markers, f"shadow-{name}"))
    return ws, markers


def snapshot(root: Path) -> dict[str, str]:
    """Relative path -> content hash of every file and directory under ``root``."""
    out = {}
    for p in sorted(root.rglob("*")):
        rel = str(p.relative_to(root))
        out[rel] = "dir" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def environment(tmp_path: Path) -> dict[str, str]:
    home = tmp_path / "home"
    (tmp_path / "tmpdir").mkdir(exist_ok=True)
    home.mkdir(exist_ok=True)
    return {**os.environ, "PYTHONPATH": str(SERVER), "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"),
            "TMPDIR": str(tmp_path / "tmpdir"), "PYTHONDONTWRITEBYTECODE": "", "DOCFACT_KEY": "sk-nothing"}


def docfact(ws: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "docfact", *args], cwd=ws, env=env, capture_output=True,
                          text=True, timeout=60, check=False)


def test_the_cli_runs_no_workspace_code(trapped: tuple[Path, Path], tmp_path: Path) -> None:
    ws, markers = trapped
    env = environment(tmp_path)
    before = snapshot(ws)
    check = docfact(ws, env, "check", ".", "--format", "json")
    assert check.returncode == 1, check.stderr
    assert {f["criterion"] for f in json.loads(check.stdout)["findings"]} >= {"C1", "C3"}
    with FakeLlmServer() as fake:
        # --no-cache: the results cache of the plain run above would answer this one (reported)
        llm = docfact(ws, env, "check", ".", "--no-cache", "--llm", "--llm-base-url", fake.base_url,
                      "--llm-model", "m", "--llm-api-key-env", "DOCFACT_KEY")
        assert fake.count() > 0
    assert llm.returncode == 1, llm.stderr
    context = docfact(ws, env, "context", "pkg/mod.py::add")
    assert context.returncode == 0 and "helper" in context.stdout, context.stderr
    assert sorted(p.name for p in markers.iterdir()) == []
    assert snapshot(ws) == before  # nothing written into the workspace either (no __pycache__)
    assert list((tmp_path / "tmpdir").iterdir()) == []


async def test_the_server_runs_no_workspace_code_and_writes_only_its_cache(trapped: tuple[Path, Path],
                                                                         tmp_path: Path) -> None:
    ws, markers = trapped
    env = environment(tmp_path)
    home = Path(env["HOME"])
    before_ws, before_home = snapshot(ws), snapshot(home)
    async with RawServer(ws, home / "cache", env=env) as server:
        await server.initialize()
        uri = server.open(ws / "pkg" / "mod.py")
        await server.wait_for(lambda: server.diagnostics(uri), 60, "diagnostics of mod.py")
        assert await server.hover(uri, 7, 30) is not None
        actions = await server.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": {"start": {"line": 10, "character": 0},
                                                     "end": {"line": 10, "character": 20}},
            "context": {"diagnostics": []}})
        assert "error" not in actions
        server.send({"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": uri}}})
        summary = await server.request("workspace/executeCommand",
                                       {"command": "docfact.checkWorkspace", "arguments": []}, 60)
        assert summary["result"]["files"] >= 3, summary
        server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": {"changes": [
            {"uri": (ws / "conftest.py").as_uri(), "type": 2}, {"uri": (ws / "setup.py").as_uri(), "type": 2}]}})
        assert await server.hover(uri, 7, 30) is not None
    assert sorted(p.name for p in markers.iterdir()) == []
    assert snapshot(ws) == before_ws
    after_home = snapshot(home)
    written = {p for p in set(after_home) - set(before_home)}
    assert all(p == "cache" or p.startswith(("cache/docfact", "cache" + os.sep + "docfact")) for p in written), written
    assert list((tmp_path / "tmpdir").iterdir()) == []
