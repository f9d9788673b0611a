"""Configuration files a repository ships (tsconfig.json, package.json, a baseline) cannot stall
or crash a run: unclosed JSONC strings and comments are read in linear time, and JSON nested
past the parser's depth is an unreadable file, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from docfact.lang.typescript import modules as ts_modules

pytestmark = pytest.mark.timeout(120)
SERVER = Path(__file__).resolve().parents[2] / "server"
TS = "/** Add one.\n * @param y the value\n */\nexport function inc(x: number): number { return x + 1; }\n"


@pytest.mark.parametrize("text", ['{"a": "' + '\\"' * 40_000, "{" + "/* a" * 40_000, '{"a": "b\\'])
def test_unclosed_jsonc_strings_and_comments_are_linear(tmp_path: Path, text: str) -> None:
    cfg = tmp_path / "tsconfig.json"
    cfg.write_text(text)
    t0 = time.process_time()
    assert ts_modules._read_config(str(cfg)) is None  # not JSON: unreadable, as before
    assert time.process_time() - t0 < 1.0


def test_deeply_nested_json_files_are_unreadable_not_fatal(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.ts").write_text(TS)
    deep = "[" * 200_000 + "]" * 200_000
    (tmp_path / "tsconfig.json").write_text('{"compilerOptions": {"paths": ' + deep + "}}")
    (tmp_path / "package.json").write_text('{"name": "x", "exports": ' + deep + "}")
    (tmp_path / "baseline.json").write_text(deep)
    env = {**os.environ, "PYTHONPATH": str(SERVER)}
    run = subprocess.run([sys.executable, "-m", "docfact", "check", ".", "--format", "json", "--no-cache", "--preview",
                          "--fail-on", "never"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=90)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert [f["rule"] for f in json.loads(run.stdout)["findings"]] == ["C1.unknown-param"]
    base = subprocess.run([sys.executable, "-m", "docfact", "check", ".", "--baseline", "baseline.json"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=90)
    assert base.returncode == 2 and "Traceback" not in base.stderr and "baseline" in base.stderr
