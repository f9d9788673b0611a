"""A file refused by a per-file indexing bound (a chain of calls thousands deep, which the text
pre-scan cannot see) is listed as skipped with its reason, in one process and in several, and
the other files are still judged."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GOOD = '''def add(a, b):
    """Add two numbers.

    Args:
        a: the first.
        c: the second.
    """
    return a + b
'''


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_deep_chain_is_skipped_with_its_reason(tmp_path: Path, jobs: str) -> None:
    (tmp_path / "chain.py").write_text("x = a" + ".b()" * 50_000 + "\n", encoding="utf-8")
    count = 40 if jobs == "1" else 110  # with -j 2, enough files for worker processes to index them
    for i in range(count):
        (tmp_path / f"m{i}.py").write_text(GOOD, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "docfact", "check", str(tmp_path), "--format", "json",
                           "--no-cache", "-j", jobs, "--fail-on", "never"],
                          capture_output=True, text=True, timeout=240, check=False)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    skipped = {Path(s["path"]).name: s["reason"] for s in report["skipped"]}
    assert "chain.py" in skipped and "deep" in skipped["chain.py"], report["skipped"]
    assert "Traceback" not in proc.stderr
    assert sum(1 for f in report["findings"] if f["rule"] == "C1.unknown-param") == count
