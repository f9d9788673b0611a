"""Fuzz suite fixtures: a case counter reported at the end of the run, and a log watcher.

Profiles (see fuzz_inputs.py): ``DOCFACT_FUZZ_PROFILE=ci`` (default: seed 0, bounded) or
``long``; ``DOCFACT_FUZZ_REPORT=FILE`` writes ``{"cases": {test: n}, "total": n, "seed",
"profile"}`` there (benchmarks/fuzz.py reads it).
"""

from __future__ import annotations

import json
import logging
import os
from collections import Counter
from collections.abc import Iterator

import pytest
from fuzz_inputs import PROFILE, SEED

_CASES: Counter[str] = Counter()


class Cases:
    """Counts the cases a fuzz test ran (one per generated input or message)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def add(self, n: int = 1) -> None:
        _CASES[self.name] += n


@pytest.fixture
def cases(request: pytest.FixtureRequest) -> Cases:
    return Cases(request.node.nodeid)


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def logged_errors() -> Iterator[list[logging.LogRecord]]:
    """ERROR records of the docfact loggers: the engine logs (and skips) what it cannot handle,
    which a fuzz test counts as a failure."""
    handler = _Errors()
    logger = logging.getLogger("docfact")
    logger.addHandler(handler)
    try:
        yield handler.records
    finally:
        logger.removeHandler(handler)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _CASES:
        return
    total = sum(_CASES.values())
    terminalreporter.write_line(f"fuzz: {total} cases in {len(_CASES)} tests (profile {PROFILE}, seed {SEED})")
    out = os.environ.get("DOCFACT_FUZZ_REPORT")
    if out:
        with open(out, "w", encoding="utf-8") as f:
            json.dump({"cases": dict(_CASES), "total": total, "seed": SEED, "profile": PROFILE}, f, indent=1)
