"""``docfact merge`` reads reports as hostile input: a 300-byte report stating a billion shards,
damaged fields, deep nesting and oversized numbers are refused with one line and exit 2, fast
and in bounded memory (RLIMIT_AS)."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parents[2] / "server"
LIMIT = 1 << 30  # 1 GiB of address space: the run that grew to 20 GB dies long before

pytestmark = pytest.mark.timeout(120)


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def merge(tmp_path: Path, *docs: object | str) -> subprocess.CompletedProcess[str]:
    paths = []
    for i, doc in enumerate(docs):
        p = tmp_path / f"r{i}.json"
        p.write_text(doc if isinstance(doc, str) else json.dumps(doc))
        paths.append(str(p))
    return subprocess.run([sys.executable, "-P", "-m", "docfact", "merge", *paths], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60, preexec_fn=_limit,
                          env={"PYTHONPATH": str(SERVER), "PATH": "/usr/bin:/bin"})


def report(**shard: object) -> dict[str, object]:
    record = {"index": 1, "count": 1, "total_files": 1, "criteria": 4, "files": [[0, "a.py"]], **shard}
    return {"version": 1, "files": 1, "docstrings": 0, "score": 1.0, "docs": [], "findings": [],
            "skipped": [], "shard": record}


def refused(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("docfact: error: "), proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    for w in words:
        assert w in lines[0]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="-P is Python 3.11+")
def test_a_billion_shards_stated_in_300_bytes(tmp_path: Path) -> None:
    small = json.dumps(report(count=1e9))
    assert len(small) < 300
    refused(merge(tmp_path, small), "count")
    # stated as a whole number: shards missing, five listed, nothing allocated per shard
    refused(merge(tmp_path, report(count=10**9)), "2/1000000000", "999999994 more", "missing")


@pytest.mark.skipif(sys.version_info < (3, 11), reason="-P is Python 3.11+")
@pytest.mark.parametrize("shard", [
    {"index": 0}, {"index": 2}, {"index": True}, {"count": "3"}, {"criteria": 99}, {"total_files": -1},
    {"files": [[5, "a.py"]]}, {"files": [["0", "a.py"]]}, {"files": [[0]]}, {"files": "a.py"},
])
def test_damaged_shard_records(tmp_path: Path, shard: dict[str, object]) -> None:
    refused(merge(tmp_path, report(**shard)), "shard record is damaged")


@pytest.mark.skipif(sys.version_info < (3, 11), reason="-P is Python 3.11+")
@pytest.mark.parametrize("field,value", [
    ("docs", [{"path": "a.py", "symbol": "f", "line": 1, "kind": "docstring", "sentences": 1e12, "score": 1}]),
    ("docs", [{"path": "a.py", "symbol": "f", "line": 1, "kind": "docstring", "sentences": 1, "score": 7}]),
    ("findings", [{"path": "a.py"}]),
    ("findings", ["x"]),
    ("skipped", [{"path": 1}]),
])
def test_damaged_entries(tmp_path: Path, field: str, value: object) -> None:
    doc = report()
    doc[field] = value
    refused(merge(tmp_path, doc), "damaged")


@pytest.mark.skipif(sys.version_info < (3, 11), reason="-P is Python 3.11+")
def test_nesting_and_non_reports(tmp_path: Path) -> None:
    refused(merge(tmp_path, "[" * 200_000 + "]" * 200_000), "nested too deeply")
    refused(merge(tmp_path, "1" * 5000), "not JSON")
    refused(merge(tmp_path, '{"runs": [{"results": [{"locations": "x"}]}]}'), "damaged")
    (tmp_path / "dir.json").mkdir()
    proc = subprocess.run([sys.executable, "-P", "-m", "docfact", "merge", "dir.json"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60, env={"PYTHONPATH": str(SERVER)})
    refused(proc, "not a regular file")
