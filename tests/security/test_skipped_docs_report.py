"""A doc a time bound stops is in the report (issue 31): the JSON report lists it under
``skipped_docs`` with its path, line, symbol and reason, the text report says it, forked judging
workers report theirs the same way, and ``docfact merge`` keeps the list of every shard. The
runaway rule (``runaway_rule``) is installed in the CLI through a ``sitecustomize`` that also
lowers the watchdog's bound to 0.3 s, so each run is short."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import runaway_rule

SERVER = Path(__file__).resolve().parents[2] / "server"

pytestmark = pytest.mark.timeout(120)

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
'''

PLANTED = '''def planted(a):
    """Add one.

    :param b: the value.
    """
    return a + 1
'''


def _site(where: Path) -> Path:
    runaway_rule.site_dir(where)
    with (where / "sitecustomize.py").open("a", encoding="utf-8") as f:
        f.write("import docfact.engine\n\ndocfact.engine.WATCHDOG_SECONDS = 0.3\n")
    return where


def _check(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": f"{_site(cwd / 'site')}:{runaway_rule.HERE}:{SERVER}", "PATH": "/usr/bin:/bin",
           "HOME": str(cwd)}
    # the runaway rule is selected by id: it runs whatever its maturity
    quiet = ("--no-progress", "--select", runaway_rule.RULE) if args[0] == "check" else ()
    return subprocess.run([sys.executable, "-m", "docfact", *args, *quiet], cwd=cwd,
                          capture_output=True, text=True, timeout=90, env=env)


def test_the_json_report_lists_the_doc_stopped_for_time(tmp_path: Path) -> None:
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "hostile.py").write_text(HOSTILE, encoding="utf-8")
    (tmp_path / "proj" / "other.py").write_text(PLANTED, encoding="utf-8")
    started = time.monotonic()
    proc = _check(tmp_path, "check", "proj", "--format", "json", "--no-cache", "-j", "1")
    assert time.monotonic() - started < 60
    assert proc.returncode == 1, proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    assert report["skipped_docs"] == [{
        "path": "proj/hostile.py", "line": 10, "symbol": "patho",
        "reason": f"judging stopped after 0.3 s of CPU time (in rule {runaway_rule.RULE}, at sentence 1)"}]
    assert report["skipped"] == []  # the file itself was judged: its other doc keeps its finding
    assert sorted((f["path"], f["symbol"]) for f in report["findings"]) == [
        ("proj/hostile.py", "before"), ("proj/other.py", "planted")]
    assert [d["symbol"] for d in report["docs"] if d["path"] == "proj/hostile.py"] == ["before"]

    text = _check(tmp_path, "check", "proj", "--no-cache", "-j", "1")
    assert ("proj/hostile.py: note: the doc at line 10 was skipped: its judging stopped after 0.3 s of CPU time"
            in text.stdout)
    assert text.stdout.rstrip().endswith("; 1 doc not judged: skipped by a time bound (see the notes above)")


def test_a_clean_run_has_an_empty_list(tmp_path: Path) -> None:
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "other.py").write_text(PLANTED, encoding="utf-8")
    report = json.loads(_check(tmp_path, "check", "proj", "--format", "json", "--no-cache").stdout)
    assert report["skipped_docs"] == []


def test_forked_workers_and_shards_report_their_stopped_docs(tmp_path: Path) -> None:
    """120 files judged with ``-j 2`` (forked workers), and the same run in two shards merged."""
    root = tmp_path / "proj"
    root.mkdir()
    hostile = {3, 64, 117}
    for i in range(120):
        (root / f"m{i:03d}.py").write_text(HOSTILE if i in hostile else PLANTED, encoding="utf-8")
    expected = [(f"proj/m{i:03d}.py", 10, "patho") for i in sorted(hostile)]
    proc = _check(tmp_path, "check", "proj", "--format", "json", "--no-cache", "-j", "2")
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert [(x["path"], x["line"], x["symbol"]) for x in json.loads(proc.stdout)["skipped_docs"]] == expected
    for n in (1, 2):
        shard = _check(tmp_path, "check", "proj", "--format", "json", "--no-cache", "-j", "1", "--shard", f"{n}/2",
                       "-o", f"shard{n}.json", "--fail-on", "never")
        assert shard.returncode == 0, shard.stderr[-2000:]
    merged = _check(tmp_path, "merge", "shard1.json", "shard2.json", "--format", "json", "--fail-on", "never")
    assert merged.returncode == 0, merged.stderr[-2000:]
    assert [(x["path"], x["line"], x["symbol"]) for x in json.loads(merged.stdout)["skipped_docs"]] == expected


def test_sarif_names_the_stopped_doc_and_merge_keeps_it(tmp_path: Path) -> None:
    """SARIF carries what the run left unjudged as tool execution notifications (a skipped doc
    with its line, a skipped file), and ``docfact merge`` of SARIF shards keeps every one."""
    root = tmp_path / "proj"
    root.mkdir()
    (root / "hostile.py").write_text(HOSTILE, encoding="utf-8")
    (root / "other.py").write_text(PLANTED, encoding="utf-8")
    (root / "blob.py").write_bytes(b"x = 1\x00\x00\n")
    proc = _check(tmp_path, "check", "proj", "--format", "sarif", "--no-cache", "-j", "1", "--fail-on", "never")
    assert proc.returncode == 0, proc.stderr[-2000:]
    notes = json.loads(proc.stdout)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    doc_note = [n for n in notes if n["level"] == "warning"]
    assert len(doc_note) == 1 and "`patho`" in doc_note[0]["message"]["text"]
    place = doc_note[0]["locations"][0]["physicalLocation"]
    assert place["artifactLocation"]["uri"] == "proj/hostile.py" and place["region"]["startLine"] == 10
    assert [n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for n in notes if n["level"] == "note"] \
        == ["proj/blob.py"]
    for n in (1, 2):
        shard = _check(tmp_path, "check", "proj", "--format", "sarif", "--no-cache", "-j", "1", "--shard", f"{n}/2",
                       "-o", f"shard{n}.sarif", "--fail-on", "never")
        assert shard.returncode == 0, shard.stderr[-2000:]
    merged = _check(tmp_path, "merge", "shard1.sarif", "shard2.sarif", "--format", "sarif", "--fail-on", "never")
    assert merged.returncode == 0, merged.stderr[-2000:]
    merged_notes = json.loads(merged.stdout)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert sorted(n["message"]["text"] for n in merged_notes) == sorted(n["message"]["text"] for n in notes)
