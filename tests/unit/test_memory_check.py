"""What ``docfact check`` drops or keeps compact to bound its memory (issue 31) gives the same
answers as before: the project's words without each file's set, the "did you mean" ratios kept
per word, report rows without the sentences' spans that only the HTML report reads, and judging
workers that send their rows a few files at a time."""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import docfact
from docfact.cli.report import DocRow, FileRow, FindingRow, Report, emit
from docfact.cli.reporters import as_json, json_parts
from docfact.config import Settings
from docfact.engine import Engine
from docfact.judges import similarity as base

_FILES = {
    "a.py": 'def alpha(x):\n    """Return ``x``."""\n    return beta(x)\n',
    "b.py": 'def beta(y):\n    """Return ``y``."""\n    label = "gamma_word"\n    return y\n',
}


def _engine(root: Path) -> Engine:
    engine = Engine(root, Settings())
    for name, text in _FILES.items():
        (root / name).write_text(text)
        engine.update_file(str(root / name), text)
    return engine


def test_forgetting_each_file_s_words_keeps_the_project_s_words(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    before = set(engine.known_words)
    live = engine.known_words
    engine.forget_file_words()
    assert engine.known_words is live and set(live) == before
    assert all(index.words is None for index in engine.graph.files())
    (tmp_path / "c.py").write_text("def delta():\n    pass\n")
    engine.update_file(str(tmp_path / "c.py"), "def delta():\n    pass\n")  # a new file: its words join
    assert "delta" in live and engine._words.uncounted is not None


def test_a_swap_after_forgetting_counts_every_file_again(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    engine.forget_file_words()
    engine.update_file(str(tmp_path / "b.py"), 'def beta(y):\n    """Return ``y``."""\n    return y\n')
    fresh = Engine(tmp_path, Settings())
    for name, text in (("a.py", _FILES["a.py"]), ("b.py", 'def beta(y):\n    """Return ``y``."""\n    return y\n')):
        fresh.update_file(str(tmp_path / name), text)
    assert set(engine.known_words) == set(fresh.known_words)
    assert "gamma_word" not in engine.known_words and "alpha" in engine.known_words
    engine.remove_file(str(tmp_path / "a.py"))
    assert "alpha" not in engine.known_words and "beta" in engine.known_words


@pytest.mark.parametrize("cutoff", [0.6, 0.75])
def test_close_ratio_is_difflib_s(cutoff: float) -> None:
    words = ["load_file", "loadfile", "load_files", "read_file", "xyz", "l", "file_load", "loader"]
    for _ in range(2):  # computed, then kept
        for w in words:
            for c in words:
                want = difflib.SequenceMatcher(None, c, w).ratio()
                assert base.close_ratio(w, c, cutoff) == (want if want >= cutoff else 0.0)


def test_the_ratios_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "_RATIOS_MAX", 10)
    for n in range(50):
        base.close_ratio("name", f"candidate{n}", 0.75)
    local = base._MATCHERS.__dict__
    assert local["size"] <= 10
    assert sum(len(ratios) for _, ratios in local["by_word"].values()) <= 10


def _package(root: Path, n: int) -> Path:
    pkg = root / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for i in range(n):
        (pkg / f"m{i}.py").write_text(
            f'def f{i}(x: int) -> int:\n    """Return ``x`` plus {i}; see ``f{i + 1}``. Calls ``helpr``."""\n'
            f'    return x + {i}\n\n\ndef helper():\n    """Nothing."""\n')
    (root / "pyproject.toml").write_text('[project]\nname = "p"\nversion = "0"\n')
    return pkg


def _check(path: Path, out: Path, *more: str) -> dict[str, object]:
    """``docfact check`` in a process of its own (it freezes the collector), of this docfact."""
    env = {**os.environ, "PYTHONPATH": str(Path(docfact.__file__).resolve().parents[1])}
    subprocess.run([sys.executable, "-m", "docfact", "check", str(path), "--no-cache", "--preview", "--format",
                    "json", "--fail-on", "never", "--no-progress", "-o", str(out), *more],
                   check=True, env=env, cwd=path.parent, timeout=300)
    data: dict[str, object] = json.loads(out.read_text())
    return data


def test_workers_sending_rows_batch_by_batch_give_a_serial_run_s_report(tmp_path: Path) -> None:
    pkg = _package(tmp_path, 130)  # enough files for judging in forked workers
    serial = _check(pkg, tmp_path / "serial.json", "-j", "1")
    forked = _check(pkg, tmp_path / "forked.json", "-j", "3")
    assert serial == forked
    assert serial["findings"] and len(serial["docs"]) == 260  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [0, 1, 1000, 2501])
def test_the_json_report_written_in_pieces_is_the_contract_text(tmp_path: Path, n: int) -> None:
    docs = [DocRow(f"p{i % 7}.py", f"f{i}", i + 1, "docstring", i % 5, round(1 / (i + 1), 4)) for i in range(n)]
    finding = FindingRow("p.py", 1, 2, 1, 9, "C1", "C1.unknown-name", "static", "m", "s", "f", "warning", fix="y")
    slow = FileRow("p.py", 0.5, 1, 1, "a note", skipped_docs=((4, "g", "judging stopped after 2 s of CPU time"),))
    rep = Report(files=[slow], docs=docs, findings=[finding], skipped=[("bin.py", "binary file")], score=0.5)
    whole = {"version": 1, "files": 1, "docstrings": n, "score": 0.5,
             "docs": [{"path": d.path, "symbol": d.symbol, "line": d.line, "kind": d.kind,
                       "sentences": d.sentences, "score": d.score} for d in docs],
             "findings": [finding.as_json()], "skipped": [{"path": "bin.py", "reason": "binary file"}],
             "skipped_docs": [{"path": "p.py", "line": 4, "symbol": "g",
                               "reason": "judging stopped after 2 s of CPU time"}]}
    want = json.dumps(whole, indent=2) + "\n"
    assert as_json(rep) == want
    out = tmp_path / "out.json"
    assert emit(json_parts(rep), str(out), ["warning"], "warning") == 1
    assert out.read_bytes() == want.encode()
