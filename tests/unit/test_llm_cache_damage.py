"""A damaged LLM cache gives a warning and correct results, never a failed run; its files are
readable by their owner only."""

from __future__ import annotations

import json
import logging
import os
import signal
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from docfact.llm.cache import FILENAME, LlmCache

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from llm_fake_server import FakeLlmServer

SERVER = Path(__file__).resolve().parents[2] / "server"


def filled(directory: Path, n: int = 20) -> None:
    with LlmCache(directory) as cache:
        for i in range(n):
            cache.set(f"k{i}", f"answer {i}")


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty"])
def test_a_damaged_database_is_replaced_by_an_empty_one(tmp_path: Path, damage: str,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    d = tmp_path / "llm"
    filled(d)
    db = d / FILENAME
    data = db.read_bytes()
    db.write_bytes({"truncated": data[: len(data) // 3], "garbage": os.urandom(len(data)),
                    "empty": b"\0" * 4096}[damage])
    with caplog.at_level(logging.WARNING, logger="docfact"):
        with LlmCache(d) as cache:
            assert cache.enabled
            assert cache.get("k1") is None  # a miss, asked again, never a wrong answer
            cache.set("k1", "fresh")
            assert cache.get("k1") == "fresh"
    assert len(warnings_of(caplog)) == 1 and "damaged" in warnings_of(caplog)[0]
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="docfact"), LlmCache(d) as cache:
        assert cache.get("k1") == "fresh"
    assert warnings_of(caplog) == []


def test_a_read_only_cache_is_read_and_warns_once(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    d = tmp_path / "llm"
    filled(d)
    if os.geteuid() == 0:  # root writes anywhere: make the database refuse writes as SQLite would
        def refuse(*args: object, **kwargs: object) -> None:
            raise sqlite3.OperationalError("attempt to write a readonly database")
        monkeypatch.setattr(LlmCache, "_write", refuse)
    else:
        for p in d.iterdir():
            p.chmod(0o400)
        d.chmod(0o500)
    try:
        with caplog.at_level(logging.WARNING, logger="docfact"), LlmCache(d) as cache:
            assert cache.get("k3") == "answer 3"
            for i in range(5):
                cache.set(f"new{i}", "x")  # not kept, no error
            assert cache.get("new0") is None
    finally:
        d.chmod(0o700)
    msgs = warnings_of(caplog)
    assert len(msgs) == 1 and "write failed" in msgs[0], msgs


def test_a_cache_deleted_during_a_run(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    d = tmp_path / "llm"
    with caplog.at_level(logging.WARNING, logger="docfact"), LlmCache(d) as cache:
        cache.set("a", "1")
        for p in sorted(d.rglob("*"), reverse=True):
            p.rmdir() if p.is_dir() else p.unlink()
        d.rmdir()
        cache.set("b", "2")
        assert cache.get("a") in ("1", None) and cache.get("b") in ("2", None)
    assert all("cache" in m for m in warnings_of(caplog))
    with LlmCache(d) as cache:  # the next run starts a new one
        cache.set("c", "3")
        assert cache.get("c") == "3"


WRITER = """
import sys
from docfact.llm.cache import FILENAME, LlmCache
cache = LlmCache(sys.argv[1])
i = 0
while True:
    cache.set(f"k{i}", f"value {i} " + "x" * (i % 5000))
    if i == 50:
        print("ready", flush=True)
    i += 1
"""


def test_a_run_killed_in_the_middle_of_writes_leaves_a_usable_cache(tmp_path: Path,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    d = tmp_path / "llm"
    env = {**os.environ, "PYTHONPATH": str(SERVER)}
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(d)], env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    time.sleep(0.3)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    with caplog.at_level(logging.WARNING, logger="docfact"), LlmCache(d) as cache:
        found = 0
        for i in range(100_000):
            value = cache.get(f"k{i}")
            if value is None:
                break
            assert value == f"value {i} " + "x" * (i % 5000)
            found += 1
        assert found > 50
        cache.set("after", "ok")
        assert cache.get("after") == "ok"
    assert warnings_of(caplog) == []


def test_cache_files_are_readable_by_their_owner_only(tmp_path: Path) -> None:
    d = tmp_path / "llm"
    with LlmCache(d) as cache:
        cache.set("big", "y" * 100_000)
        assert stat.S_IMODE(d.stat().st_mode) == 0o700
        files = [p for p in d.rglob("*") if p.is_file()]
        assert files and all(stat.S_IMODE(p.stat().st_mode) & 0o077 == 0 for p in files), \
            {str(p): oct(p.stat().st_mode) for p in files}


SOURCE = '''def ship(order_id: int) -> str:
    """Ship one order. It frobnicates the carrier record first."""
    return f"shipped {order_id}"
'''


def test_cli_with_a_garbage_cache_warns_and_gives_the_same_findings(tmp_path: Path) -> None:
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "orders.py").write_text(SOURCE)

    def run(base_url: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "PYTHONPATH": str(SERVER), "XDG_CACHE_HOME": str(tmp_path / "cache")}
        return subprocess.run([sys.executable, "-m", "docfact", "check", ".", "--format", "json", "--no-progress",
                               "--llm", "--llm-base-url", base_url, "--llm-model", "fake-model"],
                              cwd=tmp_path / "proj", env=env, capture_output=True, text=True, timeout=60, check=False)

    with FakeLlmServer() as fake:
        healthy = run(fake.base_url)
        db = tmp_path / "cache" / "docfact" / "llm" / FILENAME
        assert db.is_file()
        db.write_bytes(os.urandom(8192))
        damaged = run(fake.base_url)
    assert json.loads(damaged.stdout)["findings"] == json.loads(healthy.stdout)["findings"]
    assert any(f["judge"] == "llm:fake-model" for f in json.loads(damaged.stdout)["findings"])
    assert [line for line in damaged.stderr.splitlines() if "cache" in line.lower() and "damaged" in line]
    assert "Traceback" not in damaged.stderr
