"""Fuzzing the Python and Java indexers and the static judging of whole files.

Properties: indexing never raises and every range it reports lies inside the file; on sources
that Python's own parser accepts, every top-level and class-level ``def``/``class`` is an
entity and has its docstring; judging (the path ``docfact check`` takes, with incremental
updates of a small project) logs no error and reports findings inside their docstring.
"""

from __future__ import annotations

import ast
import random
import warnings
from pathlib import Path

import pytest
from fuzz_inputs import SCALE, generated, java_source, python_source

from docfact.engine import Engine
from docfact.index import index_file
from docfact.model import FileIndex, Range
from docfact.positions import LineIndex

pytestmark = pytest.mark.timeout(int(120 * max(1.0, SCALE)))

def within(lines: LineIndex, r: Range, text: str) -> None:
    a, b = lines.offset(r.start), lines.offset(r.end)
    assert 0 <= a <= b <= len(text), (r, len(text))
    assert lines.pos(a) == r.start and lines.pos(b) == r.end, r  # a real position, not clamped


def check_index(index: FileIndex, text: str) -> None:
    lines = LineIndex(text)
    for e in index.entities:
        within(lines, e.range, text)
        if e.doc is not None:
            assert e.doc in index.docs
    for d in index.docs:
        within(lines, d.range, text)
        assert 0 <= d.start_line <= d.end_line <= text.count("\n") + text.count("\r") + 1
        for t_off, f_off in d.pieces:
            assert 0 <= t_off <= len(d.text) and 0 <= f_off <= len(text)


def ast_defs(tree: ast.Module) -> dict[str, bool]:
    """Local name -> has a docstring, for top-level and class-level definitions."""
    out: dict[str, bool] = {}

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for n in body:
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.setdefault(prefix + n.name, ast.get_docstring(n, clean=False) is not None)
                if isinstance(n, ast.ClassDef) and not prefix:
                    walk(n.body, n.name + ".")

    walk(tree.body, "")
    return out


def test_python_indexer(cases) -> None:
    for case, src in generated("py-index", 3000, python_source):
        try:
            index = index_file("pkg/m.py", src, "pkg.m")
            check_index(index, src)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # invalid escapes in generated strings
                    tree = ast.parse(src)
            except (SyntaxError, ValueError):
                tree = None
            if tree is not None:
                for name, has_doc in ast_defs(tree).items():
                    entity = index.entity(name)
                    assert entity is not None, f"{name} not indexed"
                    if has_doc:
                        assert any(e.doc is not None for e in index.entities if e.local_name == name), \
                            f"the docstring of {name} is missing"
        except Exception as exc:
            raise AssertionError(f"case {case}: {src!r}") from exc
        cases.add()


def test_java_indexer(cases) -> None:
    for case, src in generated("java-index", 2000, java_source):
        try:
            check_index(index_file("src/A.java", src, "A"), src)
        except Exception as exc:
            raise AssertionError(f"case {case}: {src!r}") from exc
        cases.add()


SLOTS = ("pkg/__init__.py", "pkg/a.py", "pkg/b.py", "pkg/sub/c.py", "src/com/example/A.java",
         "src/com/example/B.java")


def project_file(r: random.Random) -> str:
    slot = r.choice(SLOTS)
    src = java_source(r) if slot.endswith(".java") else python_source(r)
    return f"{slot}\0{src}"


def test_judging_a_changing_project(tmp_path: Path, cases, logged_errors) -> None:
    """Each case rewrites one file of a small project (incremental graph update) and judges it."""
    engine = Engine(tmp_path)
    for case, item in generated("judge", 1500, project_file):
        slot, src = item.split("\0", 1)
        path = str(tmp_path / slot)
        try:
            index = engine.update_file(path, src)
            assert index is not None
            result = engine.judge_index(index)
            lines = LineIndex(src)
            for doc in result.docs:
                assert 0.0 <= doc.score <= 1.0
                for f in doc.findings:
                    within(lines, f.segment.range, src)
                    assert f.criterion in ("C1", "C2", "C3", "C4")
            assert not logged_errors, logged_errors[0].getMessage()
        except Exception as exc:
            raise AssertionError(f"case {case}: {slot} {src!r}") from exc
        cases.add()
