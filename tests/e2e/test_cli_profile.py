"""``docfact check --profile``: the CPU seconds of each stage and each rule, on stderr."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tests.e2e.test_cli import WS, docfact

from docfact.judges.static import ALL_RULES

HEADER = "docfact: CPU seconds by stage (this process and its worker processes)"
ROW = re.compile(r"^  (?P<name>\s*\S.*?)\s+(?P<cpu>-?\d+\.\d{3})\s+(?P<share>-?\d+\.\d%|-)$")


def table(stderr: str) -> tuple[dict[str, float], dict[str, float]]:
    """The stage rows and the judging rows (segmenting and ``rule <id>``) of the table."""
    lines = stderr.splitlines()
    assert HEADER in lines, stderr
    stages: dict[str, float] = {}
    judging: dict[str, float] = {}
    for line in lines[lines.index(HEADER) + 2:]:
        m = ROW.match(line)
        assert m, f"not a row of the table: {line!r}"
        name, cpu = m["name"], float(m["cpu"])
        if name.startswith("  "):
            judging[name.strip().removeprefix("rule ")] = cpu
        else:
            stages[name] = cpu
    return stages, judging


def test_the_profile_shows_each_stage_and_each_rule_that_ran(tmp_path: Path) -> None:
    ws = tmp_path / "planted_py"
    shutil.copytree(WS / "planted_py", ws)
    plain = docfact("check", ".", "--format", "json", "--no-cache", "--preview", "-j", "1", cwd=ws)
    profiled = docfact("check", ".", "--format", "json", "--no-cache", "--preview", "-j", "1", "--profile", cwd=ws)
    assert HEADER not in plain.stderr
    assert profiled.returncode == plain.returncode == 1
    assert profiled.stdout == plain.stdout  # the report is the same
    stages, judging = table(profiled.stderr)
    assert {"start-up", "scan", "index", "imports", "replay", "judge", "report", "other", "total"} <= set(stages)
    assert all(v >= 0 for v in (*stages.values(), *judging.values()))
    staged = sum(v for k, v in stages.items() if k != "total")
    assert abs(staged - stages["total"]) <= 0.01  # 'other' is what no stage covers
    assert stages["judge"] > 0 and stages["index"] > 0
    # the judging rows: segmenting, and rules by their ids; every rule that found something ran
    ids = {r.id for r in ALL_RULES}
    assert "segment" in judging
    assert set(judging) - {"segment"} <= ids
    fired = {f["rule"] for f in json.loads(profiled.stdout)["findings"]}
    assert len(fired) > 5 and fired <= set(judging)
    assert sum(judging.values()) <= stages["judge"] + 0.02  # measured inside the judge stage


def test_a_run_from_the_store_profiles_its_reads_and_writes(tmp_path: Path) -> None:
    ws = tmp_path / "planted_py"
    shutil.copytree(WS / "planted_py", ws)
    cache = ["--cache-dir", str(tmp_path / "cache")]
    first = docfact("check", ".", "--format", "json", "--profile", *cache, cwd=ws)
    stages, _ = table(first.stderr)
    assert {"store read", "index", "judge", "store write"} <= set(stages)
    again = docfact("check", ".", "--format", "json", "--profile", *cache, cwd=ws)
    assert again.stdout == first.stdout
    stages, judging = table(again.stderr)
    # an unchanged project: answered from the store, nothing indexed or judged
    assert {"scan", "store read", "report"} <= set(stages)
    assert "index" not in stages and "judge" not in stages and not judging


def test_the_profile_adds_up_the_worker_processes(tmp_path: Path) -> None:
    """With two jobs the files are indexed and judged in worker processes: their CPU time and
    their rules' times reach the table."""
    for n in range(120):
        (tmp_path / f"mod{n}.py").write_text(
            f'def f{n}(x: int) -> int:\n    """Return ``x`` asynchronously."""\n    return x\n')
    proc = docfact("check", ".", "--format", "json", "--no-cache", "-j", "2", "--profile", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    fired = {f["rule"] for f in json.loads(proc.stdout)["findings"]}
    stages, judging = table(proc.stderr)
    assert stages["index"] > 0 and stages["judge"] > 0
    assert fired and fired <= set(judging)  # timed in the workers, summed in the parent
    assert all(judging[r] > 0 for r in fired)
