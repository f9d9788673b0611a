"""Where a suppression comment goes, as the README says: the ``def``/``class`` line, the
docstring's closing line, and its opening line (where a ``#`` is part of the string)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(90)
SERVER = Path(__file__).resolve().parents[2] / "server"

CASES = {
    "opening line": '''def scale(value: float) -> float:
    """Multiply a value. This is useful in machine learning pipelines.  # docfact: ignore[C4]"""
    return value * 2
''',
    "opening quotes alone": '''def scale(value: float) -> float:
    """  # docfact: ignore
    Multiply a value. This is useful in machine learning pipelines.
    """
    return value * 2
''',
    "def line": '''def scale(value: float) -> float:  # docfact: ignore[C4.speculative]
    """Multiply a value. This is useful in machine learning pipelines."""
    return value * 2
''',
    "closing line": '''def scale(value: float) -> float:
    """Multiply a value.

    This is useful in machine learning pipelines.
    """  # docfact: ignore[C4]
    return value * 2
''',
}


def findings(tmp_path: Path, source: str) -> list[dict]:
    (tmp_path / "m.py").write_text(source)
    proc = subprocess.run([sys.executable, "-m", "docfact", "check", "m.py", "--format", "json", "--no-cache",
                           "--preview", "--fail-on", "never"], cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(SERVER)}, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)["findings"]


@pytest.mark.parametrize("where", list(CASES))
def test_each_place_of_a_suppression_comment(tmp_path: Path, where: str) -> None:
    assert findings(tmp_path, CASES[where]) == []
    unmarked = CASES[where].replace("# docfact: ignore[C4.speculative]", "").replace("# docfact: ignore[C4]", "") \
        .replace("# docfact: ignore", "")
    assert [f["rule"] for f in findings(tmp_path, unmarked)] == ["C4.speculative"]
