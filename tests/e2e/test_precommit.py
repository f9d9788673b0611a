"""The pre-commit hook of .pre-commit-hooks.yaml, run by pre-commit itself.

`pre-commit try-repo <this repository> docfact` in a small git project with one planted finding:
pre-commit installs the hook from this repository (the working tree, uncommitted changes
included) into its own environment, runs it on the project's files, prints the finding and fails.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GIT = shutil.which("git")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(600),
    pytest.mark.skipif(GIT is None, reason="git is not installed"),
]

PLANTED = '''"""A tiny module with one wrong docstring."""


def scale(value: float, factor: float = 2.0) -> float:
    """Multiply a value.

    Args:
        value: The number to scale.
        ratio: How much to scale it by.
    """
    return value * factor
'''

CLEAN = '''"""A tiny module whose docstring is right."""


def double(value: float) -> float:
    """Return twice ``value``."""
    return 2 * value
'''


def _git(cwd: Path, *args: str) -> None:
    assert GIT is not None
    subprocess.run([GIT, *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def _project(root: Path, files: dict[str, str]) -> Path:
    root.mkdir()
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    _git(root, "init", "-q")
    _git(root, "add", ".")
    return root


def _try_repo(project: Path, home: Path) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("pre_commit", reason="pre-commit is a test dependency (pip install -e '.[test]')")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update({"PRE_COMMIT_HOME": str(home), "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
                "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid", "NO_COLOR": "1"})
    return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "docfact", "--all-files",
                           "--verbose", "--color", "never"],
                          cwd=project, env=env, capture_output=True, text=True, timeout=540, check=False)


def test_hook_reports_the_planted_finding_and_fails_then_passes_on_clean_code(tmp_path: Path) -> None:
    home = tmp_path / "pre-commit-home"  # the hook's environment, shared by both runs
    bad = _try_repo(_project(tmp_path / "bad", {"scale.py": PLANTED}), home)
    out = bad.stdout + bad.stderr
    assert bad.returncode == 1, out[-4000:]
    assert "docfact (docstrings that are no longer true)" in out and "Failed" in out, out[-4000:]
    assert "scale.py:9:9: C1 `ratio` is not a parameter of `scale`" in out, out[-4000:]

    good = _try_repo(_project(tmp_path / "good", {"double.py": CLEAN}), home)
    out = good.stdout + good.stderr
    assert good.returncode == 0, out[-4000:]
    assert "Passed" in out, out[-4000:]
