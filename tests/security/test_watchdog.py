"""A rule that never returns does not stall a check (issue 31): the watchdog stops the judging
of that doc after its CPU-time bound, the doc is skipped with the reason, and the run goes on:
the file's earlier docs and every other file keep their findings. The runaway rule is a real
check wrapped by a test-only module (``runaway_rule``: a regular expression that backtracks for
ever on a marked sentence), installed in this process or, through a ``sitecustomize``, in the
CLI (judging in-process and in forked workers) and the language server it starts."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import runaway_rule

import docfact.engine as engine_module
from docfact.engine import WATCHDOG_SECONDS, Engine
from docfact.lsp.llm import judge_replacement
from docfact.positions import LineIndex
from docfact.watchdog import Overran, Watchdog
from lsp_raw import LSPPROJ, RawServer, hover_store, open_store

SERVER = Path(__file__).resolve().parents[2] / "server"
BLOW_UP = re.compile(r"(a+)+$")  # on "a" * 60 + "!": about 2**60 steps, never done

pytestmark = pytest.mark.timeout(180)

HOSTILE = f'''def before(a):
    """Add one.

    :param b: the value.
    """
    return a + 1


def patho(x):
    """{runaway_rule.MARKER} sentence: the rule stuck on it never returns.

    :param x: the value.
    """
    return x


def after(a):
    """Add two.

    :param c: the value.
    """
    return a + 2
'''

PLANTED = '''def planted(a):
    """Add one.

    :param b: the value.
    """
    return a + 1
'''


def _burn(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


# ---- the watchdog itself ---------------------------------------------------------------------
def test_a_regular_expression_that_never_ends_is_stopped() -> None:
    started = time.monotonic()
    with pytest.raises(Overran, match=r"stopped after 0\.3 s"), Watchdog().bound(0.3):
        BLOW_UP.match("a" * 60 + "!")
    assert time.monotonic() - started < 3
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)  # nothing left armed


def test_stops_at_any_point_of_a_block_leave_the_watchdog_armable() -> None:
    """Blocks that end about when their bound does are stopped anywhere, the way out of the
    block included; the watchdog still stops the next runaway and leaves no timer behind."""
    watchdog = Watchdog()
    stopped = 0
    for i in range(100):
        try:
            with watchdog.bound(0.01):  # CPU timers tick in a few milliseconds: blocks of 5-25 ms
                _burn(0.005 + 0.002 * (i % 11))
        except Overran:
            stopped += 1
    assert stopped > 0
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    with pytest.raises(Overran), watchdog.bound(0.2):
        BLOW_UP.match("a" * 60 + "!")


def test_an_except_exception_in_a_rule_cannot_swallow_the_stop() -> None:
    def stubborn() -> None:
        while True:
            try:
                BLOW_UP.match("a" * 60 + "!")
            except Exception:  # what judge_static does with a failing rule
                pass

    with pytest.raises(Overran), Watchdog().bound(0.2):
        stubborn()


def test_time_spent_on_shared_values_is_not_counted() -> None:
    """``exempt()`` (the values every later doc shares) is left out: a block of 0.6 s with 0.5 s
    exempt runs to its end under a bound of 0.3 s."""
    began = time.thread_time()
    with Watchdog().bound(0.3, lambda: min(time.thread_time() - began, 0.5)):
        _burn(0.6)


def test_a_block_within_its_bound_runs_and_leaves_nothing_armed() -> None:
    watchdog = Watchdog()
    for _ in range(3):
        with watchdog.bound(0.5):
            _burn(0.01)
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_off_the_main_thread_the_bound_stands_aside() -> None:
    """Signal handlers run on the main thread only: elsewhere the block is not guarded (the
    soft bounds remain), and it neither fails nor disturbs the main thread."""
    done: list[bool] = []

    def work() -> None:
        with Watchdog().bound(0.05):
            _burn(0.2)
        done.append(True)

    t = threading.Thread(target=work)
    t.start()
    t.join(10)
    assert done == [True]


# ---- the engine, in this process -------------------------------------------------------------
def _project(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "hostile.py").write_text(HOSTILE, encoding="utf-8")
    (root / "other.py").write_text(PLANTED, encoding="utf-8")
    return root


def test_the_engine_skips_the_runaway_doc_and_keeps_every_other_finding(tmp_path: Path) -> None:
    root = _project(tmp_path / "proj")
    engine = Engine(root)
    engine.load()
    started = time.monotonic()
    with runaway_rule.installed():
        hostile = engine.check_file(str(root / "hostile.py"))
        other = engine.check_file(str(root / "other.py"))
    assert time.monotonic() - started < 4 * WATCHDOG_SECONDS
    assert hostile.error is not None
    assert (f"the doc at line 10 was skipped: its judging stopped after {WATCHDOG_SECONDS:g} s of CPU time "
            f"(in rule {runaway_rule.RULE}, at sentence 1)") in hostile.error
    # the doc before it keeps its finding; the file's own bound (spent now) skips the one after
    assert [(d.symbol, [f.rule for f in d.findings]) for d in hostile.docs] == [("before", ["C1.unknown-param"])]
    assert "1 doc(s) from line 18 on were skipped" in hostile.error
    assert [f.rule for d in other.docs for f in d.findings] == ["C1.unknown-param"]
    assert other.error is None
    # the engine stays usable: the file is judged in full once the rule returns again
    again = engine.check_file(str(root / "hostile.py"))
    assert again.error is None and [d.symbol for d in again.docs] == ["before", "patho", "after"]


def _shared_value(ctx: Any, seconds: float) -> None:
    """A value every later doc shares (a project-wide table), computed for ``seconds`` of CPU."""
    key = ("test-table", seconds)
    if ctx.run_cache.get(key) is None:
        _burn(seconds)
        ctx.run_cache[key] = True


def test_time_computing_shared_values_is_allowed_up_to_its_own_bound(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A large project's shared table may take longer than a doc's bound: the doc that needs it
    first is not stopped for it (which would stop every doc needing it), up to
    WATCHDOG_SHARED_SECONDS; a rule stuck while computing one is stopped once that is spent."""
    monkeypatch.setattr(engine_module, "WATCHDOG_SECONDS", 0.3)
    monkeypatch.setattr(engine_module, "WATCHDOG_SHARED_SECONDS", 1.0)
    root = _project(tmp_path / "proj")
    engine = Engine(root)
    engine.load()
    with runaway_rule.installed(lambda ctx: _shared_value(ctx, 0.6)):
        fine = engine.check_file(str(root / "hostile.py"))
    assert fine.error is None or "stopped after" not in fine.error
    assert "patho" in [d.symbol for d in fine.docs]

    def stuck_in_a_table(ctx: Any) -> None:
        if ctx.run_cache.get(("test-stuck-table",)) is None:
            BLOW_UP.match("a" * 60 + "!")

    began = time.thread_time()
    with runaway_rule.installed(stuck_in_a_table):
        stopped = engine.check_file(str(root / "hostile.py"))
    spent = time.thread_time() - began
    assert stopped.error is not None and "the doc at line 10 was skipped: its judging stopped after" in stopped.error
    assert 1.2 <= spent < 4, spent  # 0.3 s of its own and the 1 s allowance


def test_a_regenerated_docstring_whose_judging_is_stopped_falls_back_to_the_offline_fix(tmp_path: Path) -> None:
    """The language server judges a model's docstring before offering it: stopped, it is not
    offered (None: the offline repair is), and the command does not fail."""
    root = _project(tmp_path / "proj")
    engine = Engine(root)
    engine.load()
    doc = engine.check_file(str(root / "other.py")).docs[0]
    lines = LineIndex(PLANTED)
    start, end = lines.offset(doc.doc.range.start), lines.offset(doc.doc.range.end)
    assert judge_replacement(engine, doc, lines, start, end, '"""Add one to the value."""') is not None
    with runaway_rule.installed():
        stuck = f'"""{runaway_rule.MARKER} sentence."""'
        assert judge_replacement(engine, doc, lines, start, end, stuck) is None


# ---- the CLI -----------------------------------------------------------------------------------
def _check(target: Path, cwd: Path, *extra: str, timeout: float = 90) -> tuple[subprocess.CompletedProcess[str], float]:
    site = runaway_rule.site_dir(cwd / "site")
    started = time.monotonic()
    # the runaway rule is selected by id: it runs whatever its maturity
    proc = subprocess.run([sys.executable, "-m", "docfact", "check", str(target), "--format", "json", "--no-cache",
                           "--no-progress", "--select", runaway_rule.RULE, *extra], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout,
                          env={"PYTHONPATH": f"{site}:{runaway_rule.HERE}:{SERVER}", "PATH": "/usr/bin:/bin",
                               "HOME": str(cwd)})
    return proc, time.monotonic() - started


def _planted(report: dict[str, object]) -> set[str]:
    findings = report["findings"]
    assert isinstance(findings, list)
    return {f"{Path(f['path']).stem}:{f['symbol']}" for f in findings if f["rule"] == "C1.unknown-param"}


def test_the_cli_finishes_with_the_doc_skipped_and_the_other_findings_reported(tmp_path: Path) -> None:
    root = _project(tmp_path / "proj")
    proc, took = _check(root, tmp_path, "-j", "1")
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert took < 30, f"{took:.1f} s"  # the stuck rule alone would never end
    assert _planted(json.loads(proc.stdout)) == {"hostile:before", "other:planted"}
    assert "hostile.py: the doc at line 10 was skipped: its judging stopped after" in proc.stderr
    assert f"(in rule {runaway_rule.RULE}, at sentence 1)" in proc.stderr
    text, _ = _check(root, tmp_path, "-j", "1", "--format", "text")
    assert "hostile.py: note: the doc at line 10 was skipped: its judging stopped after" in text.stdout


def test_forked_judging_workers_stop_the_runaway_doc_too(tmp_path: Path) -> None:
    """A run of 120 files judges in forked workers (``-j 2``; cli/workers.py) and in the parent:
    four hostile files spread over the run are each stopped, wherever they are judged."""
    root = tmp_path / "proj"
    root.mkdir()
    hostile = {0, 41, 82, 119}
    for i in range(120):
        (root / f"m{i:03d}.py").write_text(HOSTILE if i in hostile else PLANTED, encoding="utf-8")
    proc, took = _check(root, tmp_path, "-j", "2", timeout=150)
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert took < 90, f"{took:.1f} s"
    expected = {f"m{i:03d}:{'before' if i in hostile else 'planted'}" for i in range(120)}
    assert _planted(json.loads(proc.stdout)) == expected
    stopped = re.findall(r"(m\d+)\.py: the doc at line 10 was skipped: its judging stopped after", proc.stderr)
    assert sorted(stopped) == [f"m{i:03d}" for i in sorted(hostile)]


# ---- the language server -----------------------------------------------------------------------
async def test_the_language_server_stops_the_runaway_doc_and_keeps_serving(tmp_path: Path) -> None:
    """The server judges on its main thread, where the watchdog works: the hostile file gets its
    other diagnostics with the skip in the log, another file's diagnostics and a hover come, and
    the server answers afterwards as before."""
    ws = tmp_path / "lspproj"
    shutil.copytree(LSPPROJ, ws)
    (ws / "pkg" / "hostile.py").write_text(HOSTILE, encoding="utf-8")
    (ws / "pkg" / "other.py").write_text(PLANTED, encoding="utf-8")
    site = runaway_rule.site_dir(tmp_path / "site")
    env = {"PYTHONPATH": f"{site}:{runaway_rule.HERE}:{SERVER}"}
    async with RawServer(ws, tmp_path / "home" / "cache", env=env) as server:
        await server.initialize()
        await open_store(server, ws)
        t0 = time.monotonic()
        hostile_uri = server.open(ws / "pkg" / "hostile.py")
        await asyncio.sleep(0.3)  # the runaway doc is being judged
        other_uri = server.open(ws / "pkg" / "other.py")
        await server.wait_for(lambda: server.diagnostics(hostile_uri) is not None, 30, "the diagnostics of hostile.py")
        await server.wait_for(lambda: server.diagnostics(other_uri), 30, "the diagnostics of other.py")
        took = time.monotonic() - t0
        assert took < 20, f"{took:.1f} s"
        codes = [(d["code"], d["range"]["start"]["line"]) for d in server.diagnostics(hostile_uri) or []]
        assert codes == [("C1.unknown-param", 3)]  # before's; patho's was stopped, after's skipped
        assert any(d["code"] == "C1.unknown-param" for d in server.diagnostics(other_uri) or [])
        assert any("the doc at line 10 was skipped: its judging stopped after" in m for m in server.log_messages())
        await hover_store(server, ws)  # still serving
        assert server.alive
