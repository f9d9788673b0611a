"""The time bounds of judging: how long a doc and a file may take (the constants, which
:mod:`docfact.engine` reads), the run cache that tells since when a shared value has been
computing, a file's clock and a file judged a slice at a time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from docfact.deps import RunCache

# Time bounds (issue 27): one doc whose segmenting and static rules run longer than DOC_SECONDS
# is abandoned; once a file's judging has run FILE_SECONDS, its remaining docs are skipped; a doc
# longer than MAX_DOC_CHARS is not judged at all (segmenting alone would take a large share of
# the bound). Each skip is logged (a warning: the CLI's stderr, the editor's log) and noted in
# FileResult.error; every other doc is judged. The clock is the judging thread's CPU time
# (time.thread_time: other processes on a busy machine do not make a doc late), read between
# blocks and sentences, never inside one, so the bounds are a little below the promised 0.5 s
# and 2 s. CPU time spent computing values that every later doc and file shares (project-wide
# tables, deps.RunCache.shared_seconds) is not charged to the doc or file that happened to ask
# first, up to DOC_SHARED_SECONDS / SHARED_SECONDS: otherwise which docs of a large file are
# judged would depend on the order files are judged in.
DOC_SECONDS = 0.4
FILE_SECONDS = 1.5
# time a file's docs spend computing values every later file shares (project-wide tables: see
# deps.RunCache.shared_seconds) is not charged to the file, up to this much
SHARED_SECONDS = 2.0
DOC_SHARED_SECONDS = 1.0  # the same for one doc
MAX_DOC_CHARS = 40_000
# a doc up to this long that runs out of time is judged once more (see
# docfact.engine.Engine._judge_bounded): with linear patterns such a doc takes milliseconds, so
# its time went to loading shared data
RETRY_CHARS = 8_000
# The hard bound (issue 31): the bounds above are read between sentences, so a rule that never
# returns (a regular expression backtracking without end) would never be stopped by them. The
# watchdog (docfact.watchdog) interrupts a doc's judging once it has used WATCHDOG_SECONDS of
# CPU time, not counting up to WATCHDOG_SHARED_SECONDS spent computing values every later doc
# shares (a project-wide table of a large project may take seconds; a rule stuck inside such a
# computation is stopped once the allowance is spent too). The doc is skipped with the reason,
# as for the bounds above, and not judged again.
WATCHDOG_SECONDS = 2.0
WATCHDOG_SHARED_SECONDS = 5.0
# The same hard bound on indexing one file (parse and extraction; issue 31) is
# docfact.index.nesting.INDEX_SECONDS (the index level imports nothing of judging).


class TimedRunCache(RunCache):
    """The run's judging cache, which can also tell since when the value it is computing now
    (the outermost one) has been computing: the watchdog does not count that time."""

    def building_since(self) -> float | None:
        """This thread's CPU time when the outermost computation under way began (None: none)."""
        return self._building[0][1] if self._building else None


@dataclass
class Slice:
    """A file judged a slice at a time (the language server's way to let other files' work run
    in between): the next doc position, the judging time spent so far (the per-file bound counts
    it all), and how long one call may run before it stops after the doc it is on."""

    seconds: float = 0.1
    next: int = 0
    spent: float = 0.0
    done: bool = False


@dataclass
class FileClock:
    """The per-file time bound of one :meth:`~docfact.engine.Engine.judge_index` call: the
    CPU-time deadline (moved on by the time of retried tries), and where the run's shared-value
    time stood when the file began (that time is not charged to the file, up to SHARED_SECONDS)."""

    run_cache: RunCache
    deadline: float
    shared_began: float

    def late(self) -> bool:
        """Whether the file's judging time has run out."""
        shared = min(self.run_cache.shared_seconds - self.shared_began, SHARED_SECONDS)
        return time.thread_time() - shared > self.deadline
