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


def _readme_local_hook() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("# .pre-commit-config.yaml\nrepos:\n  - repo: local")
    return text[start:text.index("```", start)]


def test_the_readmes_local_hook_works_as_written_with_a_baseline(tmp_path: Path) -> None:
    """The README's `repo: local` snippet, verbatim: old findings are in the baseline, a new wrong
    docstring fails the commit."""
    pytest.importorskip("pre_commit", reason="pre-commit is a test dependency (pip install -e '.[test]')")
    project = _project(tmp_path / "proj", {"double.py": CLEAN, ".pre-commit-config.yaml": _readme_local_hook()})
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update({"PRE_COMMIT_HOME": str(tmp_path / "home"), "NO_COLOR": "1",
                "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"})
    docfact = [sys.executable, "-m", "docfact"]
    subprocess.run([*docfact, "check", ".", "--write-baseline", ".docfact-baseline.json"], cwd=project, env=env,
                   check=True, capture_output=True, timeout=120)
    run = [sys.executable, "-m", "pre_commit", "run", "--all-files", "--color", "never"]
    _git(project, "add", ".")
    good = subprocess.run(run, cwd=project, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert good.returncode == 0, good.stdout + good.stderr
    (project / "scale.py").write_text(PLANTED, encoding="utf-8")
    _git(project, "add", ".")
    bad = subprocess.run(run, cwd=project, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "`ratio` is not a parameter of `scale`" in bad.stdout + bad.stderr
