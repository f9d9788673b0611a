"""The one loading pipeline (``docfact.project``): the language server's and the tests'
``Engine.load`` and ``docfact check`` (in one process or in several) build the same project."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from docfact.config import CacheSettings, Settings
from docfact.engine import Engine
from docfact.project.files import collect_targets, with_package_context
from docfact.project.imported import load_imported_modules
from docfact.project.indexing import index_files
from docfact.store import open_store


def _project(root: Path, n: int = 110) -> Path:
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text('"""A package."""\nfrom pkg.mod0 import f0\n')
    for i in range(n):
        (pkg / f"mod{i}.py").write_text(
            f'"""Module {i}."""\n\nimport os\n\n\ndef f{i}(x: int) -> int:\n    """Return ``x`` plus {i}."""\n'
            f'    return x + {i}\n\n\nclass C{i}:\n    """A thing called C{i}."""\n\n    label = "name{i}"\n')
    return pkg


def _state(engine: Engine) -> tuple[list[str], set[str], dict[str, str], str]:
    return ([f.path for f in engine.graph.files()], set(engine.known_words), dict(engine.hashes), engine.world())


def test_every_way_of_loading_builds_the_same_project(tmp_path: Path) -> None:
    _project(tmp_path)
    settings = Settings()
    by_load = Engine(tmp_path, settings)
    by_load.load()  # the language server's and the tests' way
    targets, skipped = collect_targets([tmp_path], settings)
    assert skipped == [] and len(targets) == 111
    files = [(str(p), text) for p, text, _ in targets]
    serial, parallel = Engine(tmp_path, settings), Engine(tmp_path, settings)
    index_files(serial, files)
    index_files(parallel, files, jobs=2)  # indexed in two worker processes
    assert _state(by_load)[0][:3] == [str(tmp_path / "pkg" / n) for n in ("__init__.py", "mod0.py", "mod1.py")]
    assert _state(by_load) == _state(serial) == _state(parallel)
    assert len(by_load.graph.files()) == 111 and "label" in by_load.known_words


def test_a_second_load_takes_every_index_from_the_store(tmp_path: Path) -> None:
    _project(tmp_path / "ws", n=5)
    settings = replace(Settings(), cache=CacheSettings(dir=str(tmp_path / "cache")))
    store = open_store(settings)
    assert store is not None
    first = Engine(tmp_path / "ws", settings)
    first.load(store=store)
    assert first.from_store == 0
    again = Engine(tmp_path / "ws", settings)
    again.load(store=store)
    assert again.from_store == 6 and _state(again) == _state(first)
    (tmp_path / "ws" / "pkg" / "mod3.py").write_text('def g(y):\n    """Return ``y``."""\n    return y\n')
    edited = Engine(tmp_path / "ws", settings)
    edited.load(store=store)
    assert edited.from_store == 5 and edited.graph.file(str(tmp_path / "ws" / "pkg" / "mod3.py")) is not None
    assert "g" in edited.known_words and "f3" not in edited.known_words


def test_a_cancelled_load_stops_where_it_was_told(tmp_path: Path) -> None:
    _project(tmp_path, n=10)
    engine = Engine(tmp_path, Settings())
    seen: list[tuple[int, int]] = []
    engine.load(progress=lambda done, total, _path: seen.append((done, total)),
                cancelled=lambda: len(seen) >= 3)
    assert seen == [(1, 11), (2, 11), (3, 11)] and len(engine.graph.files()) == 3


def test_the_files_are_named_as_given_and_skips_say_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = _project(tmp_path, n=2)
    (pkg / "notes.txt").write_text("not code")
    (pkg / "big.py").write_text("x = 1\n" * 100)
    monkeypatch.chdir(tmp_path)
    settings = replace(Settings(), max_file_size=300)
    targets, skipped = collect_targets([Path("pkg"), Path("pkg/mod1.py"), Path("pkg/notes.txt")], settings)
    assert [d for _, _, d in targets] == [os.path.join("pkg", n) for n in ("__init__.py", "mod0.py", "mod1.py")]
    assert all(p.is_absolute() for p, _, _ in targets)  # each real file once, by its real path
    assert [(p, why.split(" (")[0]) for p, why in skipped] == [
        (os.path.join("pkg", "big.py"), "oversized"),
        ("pkg/notes.txt", "not a Python, Java, TypeScript or JavaScript file")]


def test_a_file_is_judged_with_its_package_and_the_modules_it_imports(tmp_path: Path) -> None:
    pkg = _project(tmp_path, n=3)
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "helpers.py").write_text('def helper():\n    """Help."""\n')
    (pkg / "mod0.py").write_text('"""Uses a helper."""\nfrom lib.helpers import helper\n')
    settings = Settings()
    targets, _ = collect_targets([pkg / "mod0.py"], settings)
    graph_files = with_package_context([pkg / "mod0.py"], targets, settings)
    assert [p.name for p, _, _ in graph_files] == ["__init__.py", "mod0.py", "mod1.py", "mod2.py"]
    engine = Engine(tmp_path, settings)
    index_files(engine, [(str(p), t) for p, t, _ in graph_files])
    assert engine.graph.entity("lib.helpers.helper") is None
    load_imported_modules(engine, tmp_path, [p for p, _, _ in targets])
    assert engine.graph.entity("lib.helpers.helper") is not None
