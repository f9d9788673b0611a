"""A test-only runaway rule: :func:`installed` wraps one rule's check so that on a sentence
holding :data:`MARKER` it runs a regular expression that backtracks for ever (``(a+)+$`` on 60
``a`` and a ``!``: about 2**60 steps), as the class-body pattern fixed in e7e20e4 did on a hostile
docstring. Every other sentence is judged by the real check. Nothing in docfact can turn it on:
a test imports this module, in its own process or, through a ``sitecustomize`` (:func:`site_dir`),
in a CLI or language server process it starts."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from docfact.judges.static import ALL_CHECKS

MARKER = "Runaway"
RULE = "C1.unknown-param"  # Python prose: it runs on every sentence of a Python docstring (tests select it)
_BLOW_UP = re.compile(r"(a+)+$")


def _never_ends(ctx: Any) -> None:
    _BLOW_UP.match("a" * 60 + "!")  # never returns


def install(on_marker: Callable[[Any], None] = _never_ends) -> Callable[[], None]:
    """Put the runaway check in place of the real one (``on_marker(ctx)`` runs on a marked
    sentence; by default, for ever); returns what puts the real one back."""
    check = next(c for c in ALL_CHECKS if c.id == RULE)
    real = check.fn

    def runaway(ctx: Any, seg: Any) -> Any:
        if MARKER in seg.text:
            on_marker(ctx)
        return real(ctx, seg)

    object.__setattr__(check, "fn", runaway)  # a frozen dataclass: the test swaps it all the same
    return lambda: object.__setattr__(check, "fn", real)


@contextmanager
def installed(on_marker: Callable[[Any], None] = _never_ends) -> Iterator[None]:
    """The runaway check in place of the real one for the block."""
    restore = install(on_marker)
    try:
        yield
    finally:
        restore()


def site_dir(where: Path) -> Path:
    """A folder holding a ``sitecustomize`` that installs the runaway check: put it first on a
    docfact process's PYTHONPATH (with this folder) and the process judges with it from its start,
    the CLI and the language server alike."""
    where.mkdir(parents=True, exist_ok=True)
    (where / "sitecustomize.py").write_text("import runaway_rule\n\nrunaway_rule.install()\n", encoding="utf-8")
    return where


HERE = Path(__file__).resolve().parent
