"""``docfact check --profile``: the CPU seconds of each stage of a check and of each rule.

A stage's time is this process's CPU time (all its threads) plus that of the worker processes
that finished meanwhile (``RUSAGE_CHILDREN``: the index and judging pools are joined before
their stage ends), so a parallel run is charged what it costs, not its wall time. A stage
opened inside another is charged to itself only. The rules' times are measured inside judging
(``time.thread_time()`` around each rule, see :func:`docfact.judges.static.judge_static`) and
added up across the judging workers; they are part of the ``judge`` stage.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import TextIO

# the stages in the order a check runs them (the table lists them so, those that ran)
STAGES = ("start-up", "scan", "store read", "index", "imports", "replay", "judge", "llm", "store write", "report")


def cpu_seconds() -> float:
    """This process's CPU time and that of its finished (waited-for) children."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def total_seconds() -> float:
    """Everything this process has cost since it started, its finished children included."""
    import resource

    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


class Profile:
    """CPU seconds by stage of one check (nothing is measured unless ``enabled``)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.stages: dict[str, float] = {}
        self._inner: list[float] = []  # per open stage: the time of the stages opened inside it

    def stage(self, name: str) -> AbstractContextManager[object]:
        """Charge the CPU time of the ``with`` block to ``name``."""
        return self._measure(name) if self.enabled else nullcontext()

    @contextmanager
    def _measure(self, name: str) -> Iterator[None]:
        began = cpu_seconds()
        self._inner.append(0.0)
        try:
            yield
        finally:
            spent = cpu_seconds() - began
            inner = self._inner.pop()
            self.stages[name] = self.stages.get(name, 0.0) + max(spent - inner, 0.0)
            if self._inner:
                self._inner[-1] += spent

    def table(self, judging: dict[str, float] | None, total: float) -> str:
        """The report: each stage, the judging parts (segmenting, then each rule, the costliest
        first) under ``judge``, what no stage covers (interpreter start, settings), the total."""
        rows: list[tuple[str, float]] = []
        names = [s for s in STAGES if s in self.stages] + sorted(s for s in self.stages if s not in STAGES)
        for name in names:
            rows.append((name, self.stages[name]))
            if name == "judge" and judging:
                parts = sorted(judging.items(), key=lambda kv: (kv[0] != "segment", -kv[1], kv[0]))
                rows += [(f"  {'rule ' if key != 'segment' else ''}{key}", seconds) for key, seconds in parts]
        staged = sum(self.stages.values())
        rows.append(("other", max(total - staged, 0.0)))
        rows.append(("total", total))
        width = max(len(name) for name, _ in rows)
        lines = ["docfact: CPU seconds by stage (this process and its worker processes)",
                 f"  {'stage':<{width}}  {'cpu s':>8}  {'share':>6}"]
        for name, seconds in rows:
            share = f"{100 * seconds / total:5.1f}%" if total > 0 else "     -"
            lines.append(f"  {name:<{width}}  {seconds:8.3f}  {share:>6}")
        return "\n".join(lines)

    def print(self, judging: dict[str, float] | None, out: TextIO | None = None) -> None:
        """Write the table to stderr (``out``) when profiling."""
        if self.enabled:
            print(self.table(judging, total_seconds()), file=out or sys.stderr)
