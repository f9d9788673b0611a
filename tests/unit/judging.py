"""Write a small project into a temporary folder and judge one of its files (shared by the rule tests)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from docfact.engine import Engine
from docfact.model import FileResult


def judge_files(root: Path, files: dict[str, str], target: str) -> FileResult:
    """Write ``files`` (dedented) under ``root``, index the project and judge ``target``."""
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    engine = Engine(root)
    engine.load()
    return engine.check_file(str(root / target))
