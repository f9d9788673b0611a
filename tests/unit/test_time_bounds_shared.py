"""The per-file time bound charges a file for its own judging, not for the project-wide tables
the first file of a run happens to build for every later one: otherwise whether a large file's
last docs are judged depends on which file was judged first."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import docfact.engine as engine_module
from docfact.deps import RunCache
from docfact.engine import Engine


def _burn(seconds: float) -> None:
    """Spend CPU time (the bounds read this thread's CPU clock, not the wall clock)."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_run_cache_counts_the_outermost_computation_once() -> None:
    cache = RunCache()
    assert cache.get("names") is None
    _burn(0.05)
    assert "classes" not in cache  # a computation inside the first one
    _burn(0.05)
    cache["classes"] = {}
    cache["names"] = set()
    assert 0.1 <= cache.shared_seconds < 0.5
    cache.get("names")  # a hit costs nothing
    assert cache.shared_seconds < 0.5


def test_a_miss_left_unfilled_does_not_stop_the_count() -> None:
    cache = RunCache()
    assert cache.get("never stored") is None
    cache.forget_pending()  # the engine does this as each doc begins
    assert cache.get("table") is None
    _burn(0.05)
    cache["table"] = 1
    assert cache.shared_seconds >= 0.05


_TWO_SLIPS = '''
def first(a):
    """Add one.

    :param b: the value.
    """
    return a + 1


def second(c):
    """Add two.

    :param d: the value.
    """
    return c + 2
'''


@pytest.mark.parametrize("shared", [True, False])
def test_a_table_built_for_the_whole_run_does_not_use_up_the_files_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shared: bool) -> None:
    real = engine_module.judge_static

    def judge_static(ctx, *args, **kwargs):  # the first doc pays for a project-wide table
        if shared and ctx.run_cache.get("project-wide table") is None:
            _burn(0.6)
            ctx.run_cache["project-wide table"] = True
        elif not shared and not ctx.file_cache.get("burnt"):
            _burn(0.6)  # the file's own work
            ctx.file_cache["burnt"] = True
        return real(ctx, *args, **kwargs)

    monkeypatch.setattr(engine_module, "judge_static", judge_static)
    monkeypatch.setattr(engine_module, "FILE_SECONDS", 0.3)
    monkeypatch.setattr(engine_module, "DOC_SECONDS", 5.0)
    engine = Engine(tmp_path)
    index = engine.update_file(str(tmp_path / "m.py"), _TWO_SLIPS)
    assert index is not None
    result = engine.judge_index(index)
    flagged = sorted(f.message.split("`")[1] for f in result.findings if f.rule == "C1.unknown-param")
    if shared:
        assert flagged == ["b", "d"] and not result.error
    else:  # the file's own work still counts: the second doc is skipped, and the user is told
        assert flagged == ["b"]
        assert "judging stopped" in (result.error or "")


def test_a_doc_that_builds_a_shared_table_is_not_cut_short(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine_module.judge_static

    def judge_static(ctx, *args, **kwargs):
        if ctx.run_cache.get("project-wide table") is None:
            _burn(0.5)
            ctx.run_cache["project-wide table"] = True
        return real(ctx, *args, **kwargs)

    monkeypatch.setattr(engine_module, "judge_static", judge_static)
    monkeypatch.setattr(engine_module, "DOC_SECONDS", 0.2)
    monkeypatch.setattr(engine_module, "RETRY_CHARS", 0)  # no second try: the first must hold
    engine = Engine(tmp_path)
    index = engine.update_file(str(tmp_path / "m.py"), _TWO_SLIPS)
    assert index is not None
    result = engine.judge_index(index)
    flagged = sorted(f.message.split("`")[1] for f in result.findings if f.rule == "C1.unknown-param")
    assert flagged == ["b", "d"] and not result.error
