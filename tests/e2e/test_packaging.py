"""The package as a user gets it: `python -m build` makes an sdist and a wheel, and the wheel,
installed into a fresh virtual environment (dependencies from the package index, nothing from
this checkout), checks the bundled example project.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import docfact

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


def _env() -> dict[str, str]:
    """This environment without PYTHONPATH, so that nothing is imported from the checkout."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def _run(cmd: list[str], cwd: Path, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=timeout, check=False)


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sdist and wheel built by `python -m build` from a copy of the project's sources."""
    pytest.importorskip("build", reason="`build` is a test dependency (pip install -e '.[test]')")
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "server", src / "server", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    out = tmp_path_factory.mktemp("dist")
    # Default mode: the sdist first, then the wheel built from the unpacked sdist.
    proc = _run([sys.executable, "-m", "build", "--outdir", str(out), str(src)], cwd=src)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return out


def test_build_makes_sdist_and_wheel_of_this_version(dist: Path) -> None:
    version = docfact.__version__
    sdists = list(dist.glob("docfact-*.tar.gz"))
    wheels = list(dist.glob("docfact-*-py3-none-any.whl"))
    assert [p.name for p in sdists] == [f"docfact-{version}.tar.gz"]
    assert [p.name for p in wheels] == [f"docfact-{version}-py3-none-any.whl"]
    with zipfile.ZipFile(wheels[0]) as z:
        names = set(z.namelist())
        metadata = z.read(f"docfact-{version}.dist-info/METADATA").decode()
        entry_points = z.read(f"docfact-{version}.dist-info/entry_points.txt").decode()
    assert f"Version: {version}\n" in metadata
    assert "docfact = docfact.cli.main:run" in entry_points
    assert "docfact-ls = docfact.lsp.app:main" in entry_points
    for data in ("docfact/py.typed", "docfact/lang/python/queries.scm", "docfact/lang/java/queries.scm", "docfact/lang/typescript/queries/typescript.scm"):
        assert data in names, f"{data} missing from the wheel"
    with tarfile.open(sdists[0]) as t:
        members = {m.name.split("/", 1)[1] for m in t.getmembers() if "/" in m.name}
    assert {"pyproject.toml", "README.md", "server/docfact/__init__.py"} <= members


def test_wheel_in_a_fresh_venv_checks_the_example(dist: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    proc = _run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    wheel = next(dist.glob("docfact-*.whl"))
    proc = _run([str(bindir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
                cwd=tmp_path, timeout=400)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]

    where = _run([str(bindir / "python"), "-c", "import docfact; print(docfact.__file__)"], cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout + where.stderr
    version = _run([str(bindir / "docfact"), "--version"], cwd=tmp_path)
    assert version.stdout.strip() == f"docfact {docfact.__version__}", version.stdout + version.stderr

    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    check = _run([str(bindir / "docfact"), "check", "examples", "--no-cache", "--no-progress"], cwd=tmp_path)
    assert check.returncode == 1, check.stdout[-3000:] + check.stderr[-3000:]
    assert "examples/inventory/store.py:23:13: C1 `amount` is not a parameter of `add`" in check.stdout, check.stdout
    assert "[C3.not-async]" in check.stdout, check.stdout
