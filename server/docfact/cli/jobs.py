"""How many processes ``docfact check`` uses when ``-j`` is not given (issue 31: bound memory).

Judging workers are forked from the process that holds the project's graph; each starts with
every page of it and grows by its judging caches (a quarter more, measured on 1,400 files), so
each costs about as much memory as the parent (index workers, forked before the graph is built,
likewise cost about the parent's memory then). By default the run uses one process per CPU
(at most 8), and forks index and judging workers only while they fit in half of the memory
available now: the machine's (its available memory in ``/proc/meminfo``) or, in a container with a
memory limit (cgroup v2 ``memory.max``, or v1 ``memory.limit_in_bytes``), what is left of that
limit. A CI runner with many cores and little memory then judges in fewer processes instead of
being killed for memory.
An explicit ``-j N`` is obeyed as given.
"""

from __future__ import annotations

import os
from pathlib import Path

MAX_DEFAULT_JOBS = 8
SMALL_RUN = 200  # fewer files than this are checked in one process by default
GROWTH = 1.25  # a judging worker's memory at its peak, relative to its parent's when forked
SHARE = 0.5  # the part of the available memory the judging workers may take


def default_jobs(files: int) -> int:
    """Processes for a run of ``files`` files when ``-j`` is not given: 1 below SMALL_RUN files,
    else the CPUs this process may run on, at most MAX_DEFAULT_JOBS."""
    if files < SMALL_RUN:
        return 1
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, MAX_DEFAULT_JOBS))


def jobs_that_fit(jobs: int, root: Path = Path("/")) -> int:
    """At most ``jobs`` processes, this one and the workers forked from it that fit in SHARE of
    the memory available now, each counted at GROWTH times this process's resident memory
    (``root``: where ``/proc`` and ``/sys`` are, for tests). Where the figures cannot be read,
    ``jobs``."""
    if jobs <= 1:
        return jobs
    rss = _resident(root)
    available = available_memory(root)
    if rss is None or available is None:
        return jobs
    workers = int(available * SHARE // (rss * GROWTH))
    return max(1, min(jobs, workers + 1))


def available_memory(root: Path = Path("/")) -> int | None:
    """Bytes this process could still take: the machine's available memory, or less when a
    cgroup memory limit leaves less (None when neither can be read)."""
    out = _meminfo_available(root)
    limit = _cgroup_left(root)
    if limit is not None:
        out = limit if out is None else min(out, limit)
    return out


def _resident(root: Path) -> int | None:
    try:
        pages = int((root / "proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE") if pages > 0 else None


def _meminfo_available(root: Path) -> int | None:
    try:
        text = (root / "proc/meminfo").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("MemAvailable:"):
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                return int(parts[1]) * 1024
    return None


def _cgroup_left(root: Path) -> int | None:
    """What the cgroup's memory limit leaves (limit less usage), v2 then v1; None: no limit."""
    for limit_file, usage_file in (("sys/fs/cgroup/memory.max", "sys/fs/cgroup/memory.current"),
                                   ("sys/fs/cgroup/memory/memory.limit_in_bytes",
                                    "sys/fs/cgroup/memory/memory.usage_in_bytes")):
        try:
            limit_text = (root / limit_file).read_text().strip()
            usage = int((root / usage_file).read_text().strip())
        except (OSError, ValueError):
            continue
        if not limit_text.isdigit() or int(limit_text) >= 1 << 60:  # "max", or v1's "no limit"
            return None
        return max(int(limit_text) - usage, 0)
    return None
