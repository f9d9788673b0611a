"""Safe start-up: docfact started in a folder whose files are named like the standard library's
modules (``collections.py``, ``re.py``, ...) or like docfact itself (a ``docfact/`` package) runs
none of them. Each trap writes a marker file when it runs.

``python -m`` puts the current directory first on ``sys.path`` before any docfact code runs, so
what the interpreter imports before ``docfact/__main__.py`` (``runpy`` imports ``importlib``,
``contextlib``, ``warnings`` when no ``.pth`` file did; then the ``docfact`` package) can only be
kept out by ``-P`` / ``PYTHONSAFEPATH=1`` (Python 3.11+) or by the ``docfact`` and ``docfact-ls``
commands, whose first ``sys.path`` entry is their own directory. Those are tested with every
trap; plain ``python -m docfact`` with the traps of the modules imported after its guard.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parents[2] / "server"
BIN = Path(sys.executable).parent
STDLIB_TRAPS = ("collections", "functools", "types", "warnings", "enum", "re", "os", "contextlib", "importlib",
                "abc", "typing", "pathlib", "json", "logging", "argparse", "dataclasses", "inspect", "__future__",
                "asyncio", "threading", "tokenize", "codecs", "io", "site", "runpy", "string", "textwrap")
SAFE_PATH = sys.version_info >= (3, 11)

pytestmark = pytest.mark.timeout(120)


def _trap(markers: Path, name: str) -> str:
    return f"import pathlib\npathlib.Path({str(markers / name)!r}).write_text('ran')\n"


def workspace(tmp_path: Path, names: tuple[str, ...], package: bool = True) -> tuple[Path, Path]:
    ws, markers = tmp_path / "ws", tmp_path / "markers"
    ws.mkdir()
    markers.mkdir()
    for name in names:
        (ws / f"{name}.py").write_text(_trap(markers, name))
    if package:  # a root docfact/ package in place of docfact
        (ws / "docfact").mkdir()
        (ws / "docfact" / "__init__.py").write_text(_trap(markers, "docfact"))
        (ws / "docfact" / "__main__.py").write_text(_trap(markers, "docfact.__main__"))
        (ws / "docfact" / "cli").mkdir()
        (ws / "docfact" / "cli" / "__init__.py").write_text(_trap(markers, "docfact.cli"))
    (ws / "mod.py").write_text('def add(x: int) -> int:\n    """Add one to ``x`` asynchronously."""\n    return x + 1\n')
    return ws, markers


def env(ws: Path, **extra: str) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if k not in ("PYTHONSAFEPATH", "PYTHONPATH")}
    return {**out, "HOME": str(ws.parent), "XDG_CACHE_HOME": str(ws.parent / "cache"), **extra}


def check(cmd: list[str], ws: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([*cmd, "check", ".", "--no-cache", "--no-progress", "--format", "json"], cwd=ws,
                          env=env(ws, **extra), capture_output=True, text=True, timeout=90)
    assert proc.returncode == 1, proc.stderr  # the finding on mod.py: docfact itself ran
    assert any(f["path"] == "mod.py" for f in json.loads(proc.stdout)["findings"])
    return proc


def serve(cmd: list[str], ws: Path, **extra: str) -> None:
    """Start the language server on the folder, initialize, shut it down."""
    def frame(msg: dict[str, object]) -> bytes:
        body = json.dumps(msg).encode()
        return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)

    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": ws.as_uri(), "capabilities": {},
                    "workspaceFolders": [{"uri": ws.as_uri(), "name": "ws"}]}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": (ws / "mod.py").as_uri(), "languageId": "python", "version": 1,
                                     "text": (ws / "mod.py").read_text()}}},
    ]
    proc = subprocess.Popen(cmd, cwd=ws, env=env(ws, **extra), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"".join(frame(m) for m in messages))
    proc.stdin.flush()
    seen = b""
    while b"publishDiagnostics" not in seen:  # the server ran its check of mod.py
        chunk = proc.stdout.read1(65536)  # type: ignore[attr-defined]
        assert chunk, proc.stderr.read().decode() if proc.stderr else ""
        seen += chunk
    proc.stdin.write(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
                     + frame({"jsonrpc": "2.0", "method": "exit"}))
    proc.stdin.close()
    try:
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        if proc.stderr is not None:
            proc.stderr.close()


def ran(markers: Path) -> list[str]:
    return sorted(p.name for p in markers.iterdir())


@pytest.mark.skipif(not SAFE_PATH, reason="-P and PYTHONSAFEPATH are Python 3.11+")
def test_python_dash_p_runs_no_workspace_module(tmp_path: Path) -> None:
    ws, markers = workspace(tmp_path, STDLIB_TRAPS)
    check([sys.executable, "-P", "-m", "docfact"], ws, PYTHONPATH=str(SERVER))
    check([sys.executable, "-m", "docfact"], ws, PYTHONPATH=str(SERVER), PYTHONSAFEPATH="1")
    serve([sys.executable, "-P", "-m", "docfact", "serve"], ws, PYTHONPATH=str(SERVER))
    assert ran(markers) == []


@pytest.mark.parametrize("script", ["docfact", "docfact-ls"])
def test_console_scripts_run_no_workspace_module(tmp_path: Path, script: str) -> None:
    path = BIN / script
    if not path.exists():
        pytest.skip(f"{script} is not installed next to {sys.executable}")
    ws, markers = workspace(tmp_path, STDLIB_TRAPS)
    if script == "docfact":
        check([str(path)], ws)
        serve([str(path), "serve"], ws)
    else:
        serve([str(path)], ws)
    assert ran(markers) == []


def test_plain_python_m_runs_no_module_imported_after_its_guard(tmp_path: Path) -> None:
    # what this interpreter imports before docfact's code under -m (site, .pth files, runpy)
    # cannot be guarded by docfact; every other trap must stay unrun
    probe = subprocess.run([sys.executable, "-I", "-c", "import runpy, sys; print('\\n'.join(sys.modules))"],
                           capture_output=True, text=True, check=True)
    early = set(probe.stdout.split())
    names = tuple(n for n in STDLIB_TRAPS if n not in early and n != "runpy")
    assert "__future__" in names  # docfact's package imports nothing before the guard
    ws, markers = workspace(tmp_path, names, package=False)
    check([sys.executable, "-m", "docfact"], ws, PYTHONPATH=str(SERVER))
    serve([sys.executable, "-m", "docfact", "serve"], ws, PYTHONPATH=str(SERVER))
    assert ran(markers) == []
