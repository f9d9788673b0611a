"""Only regular files are read: named pipes, sockets, devices, directories named like source
files and broken symlinks are skipped with a one-line reason, and nothing blocks on them."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from docfact.config import SettingsError, load_pyproject
from docfact.engine import Engine
from docfact.index.reading import read_bytes
from docfact.index.workspace import read_source, scan

pytestmark = [
    pytest.mark.timeout(60),
    pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes"),
]

GOOD = 'def f(x: int) -> int:\n    """Return ``x``."""\n    return x\n'
# imports of pipes: the imported-module loading and the external-docs reader must not read them
IMPORTER = 'import fifo\nfrom pipes_pkg import thing\n\n\ndef g(x):\n    """Return ``fifo.f(x)``."""\n    return fifo.f(thing(x))\n'
SERVER = Path(__file__).resolve().parents[2] / "server"


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """A folder with one good file and every kind of path that is not a regular file."""
    (tmp_path / "good.py").write_text(GOOD)
    os.mkfifo(tmp_path / "fifo.py")
    os.mkfifo(tmp_path / "Pipe.java")
    (tmp_path / "d.py").mkdir()
    (tmp_path / "d.py" / "inner.py").write_text(GOOD)
    os.symlink("loop.py", tmp_path / "loop.py")
    os.symlink("nowhere.py", tmp_path / "dangling.py")
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(tmp_path / "sock.py"))
    except OSError:  # e.g. a path too long for a socket address
        pass
    finally:
        sock.close()
    os.symlink(os.devnull, tmp_path / "null.py")
    os.mkfifo(tmp_path / ".gitignore")  # a pipe where a .gitignore is expected
    (tmp_path / "importer.py").write_text(IMPORTER)
    (tmp_path / "pipes_pkg").mkdir()
    os.mkfifo(tmp_path / "pipes_pkg" / "__init__.py")
    return tmp_path


EXPECTED = {
    "fifo.py": "not a regular file: a named pipe (FIFO)",
    "Pipe.java": "not a regular file: a named pipe (FIFO)",
    "loop.py": "symlink loop",
    "dangling.py": "dangling symlink",
    "null.py": "not a regular file: a device",
}


def test_scan_skips_everything_but_regular_files(hostile: Path) -> None:
    items = list(scan(hostile, (), 1_000_000))
    read = {i.path.name for i in items if i.text is not None}
    reasons = {i.path.name: i.reason for i in items if i.text is None}
    assert read == {"good.py", "importer.py", "inner.py"}  # d.py/ is a folder: its files are read
    for name, reason in EXPECTED.items():
        assert reasons[name] == reason
    if (hostile / "sock.py").exists():
        assert reasons["sock.py"] == "not a regular file: a socket"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_read_source_refuses_without_blocking(hostile: Path, name: str) -> None:
    text, reason = read_source(hostile / name, 1_000_000)
    assert text is None
    assert reason == EXPECTED[name]


def test_read_source_of_a_folder_named_like_a_file(hostile: Path) -> None:
    assert read_source(hostile / "d.py", 1_000_000) == (None, "not a regular file: a directory")


def test_read_bytes_checks_the_size_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.py"
    big.write_bytes(b"x" * 2000)
    assert read_bytes(big, 1000) == (None, "oversized (2000 bytes > 1000)")
    assert read_bytes(big, 2000) == (b"x" * 2000, None)


def test_engine_load_of_a_pipe_given_by_name(hostile: Path) -> None:
    engine = Engine(hostile)
    engine.load([hostile / "fifo.py", hostile / "good.py"])
    assert engine.graph.file(str((hostile / "good.py").resolve())) is not None
    assert dict(engine.skipped)[str(hostile / "fifo.py")] == EXPECTED["fifo.py"]


def test_a_pipe_as_configuration_file_is_an_error_not_a_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pyproject.toml")
    with pytest.raises(SettingsError, match="not a regular file"):
        load_pyproject(tmp_path / "pyproject.toml", [])


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SERVER), "XDG_CACHE_HOME": str(cwd / ".cache")}
    return subprocess.run([sys.executable, "-m", "docfact", "check", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=30, check=False)


def test_cli_check_of_a_folder_with_a_pipe_returns_and_lists_it(hostile: Path) -> None:
    proc = run_cli(".", "--format", "json", "--no-cache", cwd=hostile)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["files"] == 3  # good.py, importer.py and d.py/inner.py (a folder named like a file is walked)
    skipped = {Path(s["path"]).name: s["reason"] for s in data["skipped"]}
    for name, reason in EXPECTED.items():
        assert skipped[name] == reason


def test_cli_check_of_a_pipe_and_a_loop_named_on_the_command_line(hostile: Path) -> None:
    proc = run_cli("fifo.py", "loop.py", "good.py", "--no-cache", cwd=hostile)
    assert proc.returncode == 0, proc.stderr
    assert "fifo.py: skipped: not a regular file: a named pipe (FIFO)" in proc.stdout
    assert "loop.py: skipped: symlink loop" in proc.stdout


def test_external_modules_that_are_pipes_are_not_read(tmp_path: Path) -> None:
    from docfact.graph.externals import Externals

    os.mkfifo(tmp_path / "pipemod.py")
    (tmp_path / "pipepkg").mkdir()
    os.mkfifo(tmp_path / "pipepkg" / "__init__.py")
    (tmp_path / "fine.py").write_text('def f(x):\n    """Return x."""\n    return x\n')
    ext = Externals(search_paths=[str(tmp_path)])
    assert ext.describe("pipemod.f") is None
    pkg = ext.describe("pipepkg.g")  # a package whose __init__ is a pipe: nothing read from it
    assert pkg is None or (pkg.path is None and pkg.doc == "")
    doc = ext.describe("fine.f")
    assert doc is not None and "Return x." in doc.doc
