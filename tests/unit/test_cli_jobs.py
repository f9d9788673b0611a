"""The default number of processes of ``docfact check`` (issue 31: bound memory): one per CPU,
but only as many workers (index and judging) as fit in half of the memory available, the machine's or a
container's cgroup limit; an explicit ``-j`` and unreadable figures leave the count alone."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from docfact.cli.jobs import available_memory, default_jobs, jobs_that_fit

MB = 1 << 20
PAGE = os.sysconf("SC_PAGE_SIZE")


def _machine(root: Path, rss: int, available: int, cgroup: tuple[str, int] | None = None) -> Path:
    (root / "proc/self").mkdir(parents=True)
    (root / "proc/self/statm").write_text(f"{rss * 3 // PAGE} {rss // PAGE} 100 1 0 50 0\n")
    (root / "proc/meminfo").write_text(f"MemTotal: 99999999 kB\nMemFree: 1 kB\nMemAvailable: {available // 1024} kB\n")
    if cgroup is not None:
        (root / "sys/fs/cgroup").mkdir(parents=True)
        (root / "sys/fs/cgroup/memory.max").write_text(cgroup[0] + "\n")
        (root / "sys/fs/cgroup/memory.current").write_text(f"{cgroup[1]}\n")
    return root


def test_small_runs_use_one_process_and_large_ones_the_cpus_up_to_eight() -> None:
    assert default_jobs(10) == 1
    assert 1 <= default_jobs(5000) <= 8


@pytest.mark.parametrize(("available", "want"), [
    (64_000 * MB, 8),  # plenty: one process per CPU
    (2_000 * MB, 5),  # 1,000 MB for workers of 250 MB (200 MB resident, grown by a quarter): 4, and the parent
    (300 * MB, 1),  # not one worker fits: the parent judges alone
])
def test_judging_workers_fit_in_half_the_available_memory(tmp_path: Path, available: int, want: int) -> None:
    assert jobs_that_fit(8, _machine(tmp_path, 200 * MB, available)) == want


def test_a_container_memory_limit_counts_what_it_leaves(tmp_path: Path) -> None:
    root = _machine(tmp_path, 200 * MB, 64_000 * MB, (str(1_500 * MB), 500 * MB))
    assert available_memory(root) == 1_000 * MB
    assert jobs_that_fit(8, root) == 3  # 500 MB for workers of 250 MB: 2, and the parent
    (root / "sys/fs/cgroup/memory.max").write_text("max\n")  # no limit: the machine's memory
    assert jobs_that_fit(8, root) == 8


def test_unreadable_figures_and_one_job_leave_the_count_alone(tmp_path: Path) -> None:
    assert jobs_that_fit(6, tmp_path) == 6  # no /proc here
    assert jobs_that_fit(1, _machine(tmp_path, 200 * MB, 100 * MB)) == 1
