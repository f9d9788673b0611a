"""Write a small project into a temporary folder and judge one of its files (shared by the rule tests)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from docfact.engine import Engine
from docfact.model import FileResult


def one_module(module: str, code: str) -> dict[str, str]:
    """A package of one module: ``module`` (``"pkg/mod.py"``) with ``code``, and its ``__init__.py``."""
    pkg = module.split("/")[0]
    return {f"{pkg}/__init__.py": '"""A package."""\n', module: code}


def judge_files(root: Path, files: dict[str, str], target: str) -> FileResult:
    """Write ``files`` (dedented) under ``root``, index the project and judge ``target``."""
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    engine = Engine(root)
    engine.load()
    return engine.check_file(str(root / target))


def assert_rules(root: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    """Judge ``target`` as :func:`judge_files` does; its C1-C3 rule ids, sorted, must be ``expected``."""
    result = judge_files(root, files, target)
    got = sorted(f.rule for f in result.findings if f.rule[:2] in ("C1", "C2", "C3"))
    assert got == expected, [(f.rule, f.message) for f in result.findings]
