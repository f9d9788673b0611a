"""Fuzzing ``docfact check`` on a folder of generated files, hostile ones included.

Properties: the run ends (exit 0 or 1), prints one JSON document, accounts for every source
file (judged or skipped with a reason), and writes no traceback or internal error to stderr.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from fuzz_inputs import SCALE, SEED, count, java_source, python_source, text

SERVER = Path(__file__).resolve().parents[2] / "server"

pytestmark = pytest.mark.timeout(int(240 * max(1.0, SCALE)))


def file_bytes(r: random.Random) -> tuple[str, bytes]:
    """A file name and its bytes: mostly generated sources, some binary or badly encoded."""
    x = r.random()
    if x < 0.55:
        return ".py", python_source(r).encode("utf-8", "surrogatepass" if r.random() < 0.5 else "replace")
    if x < 0.8:
        return ".java", java_source(r).encode("utf-8", "replace")
    if x < 0.85:
        return ".py", bytes(r.randint(0, 255) for _ in range(r.randint(0, 400)))  # random bytes
    if x < 0.9:
        return ".py", b"# -*- coding: latin-1 -*-\n" + text(r, 80).encode("latin-1", "replace")
    if x < 0.93:
        return ".py", b"\xef\xbb\xbf" + python_source(r).replace("\n", "\r\n").encode("utf-8", "replace")
    if x < 0.95:
        return ".py", ("(" * 5000 + ")" * 5000 + "\n").encode()  # deep nesting
    if x < 0.97:
        return ".py", "".join(f"{'    ' * i}def f{i}():\n" for i in range(300)).encode() + b"    " * 300 + b"pass\n"
    return ".py", b'def f():\n    """' + b"x" * r.randint(0, 200_000)  # an unterminated docstring


def test_check_a_folder_of_generated_files(tmp_path: Path, cases) -> None:
    r = random.Random(f"{SEED}:cli")
    root = tmp_path / "proj"
    sources = set()
    for i in range(count(1000)):
        ext, data = file_bytes(r)
        sub = root / r.choice(["", "pkg", "pkg/sub", "src/com/example"])
        sub.mkdir(parents=True, exist_ok=True)
        if r.random() < 0.3 and "pkg" in str(sub):
            (sub / "__init__.py").write_bytes(b"")
            sources.add(str((sub / "__init__.py").relative_to(root)))
        path = sub / f"m{i}{ext}"
        path.write_bytes(data)
        sources.add(str(path.relative_to(root)))
        cases.add()
    env = {**os.environ, "PYTHONPATH": str(SERVER), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    proc = subprocess.run([sys.executable, "-m", "docfact", "check", ".", "--format", "json", "--no-cache",
                           "--no-progress"], cwd=root, env=env, capture_output=True, text=True, timeout=int(200 * max(1.0, SCALE)),
                          check=False)
    assert proc.returncode in (0, 1), proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr[-3000:]
    data = json.loads(proc.stdout)
    skipped = {s["path"] for s in data["skipped"]}
    assert all(s["reason"] for s in data["skipped"])
    judged = {d["path"] for d in data["docs"]}
    assert judged <= sources and skipped <= sources
    assert data["files"] + len(skipped) == len(sources), (data["files"], len(skipped), len(sources))
