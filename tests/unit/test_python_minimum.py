"""The oldest Python docfact supports is one fact, stated alike everywhere it matters.

docfact's patterns use possessive quantifiers and atomic groups (Python 3.11+) to keep every
scan linear, so a Python older than ``requires-python`` cannot even import it: the package
metadata, the linters' target, the VS Code extension's launcher and interpreter check, and the
Pythons the extension bundles libraries for must all agree.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _minimum() -> tuple[int, int]:
    m = re.fullmatch(r">=(\d+)\.(\d+)", _pyproject()["project"]["requires-python"])
    assert m, "requires-python is a plain lower bound"
    return int(m.group(1)), int(m.group(2))


def test_this_interpreter_is_supported() -> None:
    assert sys.version_info[:2] >= _minimum()


def test_linters_check_against_the_oldest_supported_python() -> None:
    major, minor = _minimum()
    tool = _pyproject()["tool"]
    assert tool["ruff"]["target-version"] == f"py{major}{minor}"
    assert tool["mypy"]["python_version"] == f"{major}.{minor}"


def test_the_vscode_extension_asks_for_the_same_python() -> None:
    major, minor = _minimum()
    launch = (ROOT / "client-vscode" / "bundled" / "launch.py").read_text(encoding="utf-8")
    assert f"MINIMUM = ({major}, {minor})" in launch
    interpreter = (ROOT / "client-vscode" / "src" / "interpreter.ts").read_text(encoding="utf-8")
    assert f"export const MIN_PYTHON = {{ major: {major}, minor: {minor} }};" in interpreter
    bundle = (ROOT / "client-vscode" / "scripts" / "bundle_server.py").read_text(encoding="utf-8")
    pythons = re.search(r"^PYTHONS = \(([^)]*)\)", bundle, re.M)
    assert pythons and pythons.group(1).split(",")[0].strip().strip('"') == f"{major}.{minor}"


def test_the_readme_states_it() -> None:
    major, minor = _minimum()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"Python ≥ {major}.{minor}" in readme
    assert f"Python ≥ {major}.{minor - 1}" not in readme
