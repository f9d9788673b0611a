"""A test-only slow extraction: :func:`installed` wraps the Python extractor so that a file
holding :data:`MARKER` runs a regular expression that backtracks for ever before it is indexed,
and :func:`site_dir` does the same in a CLI or language server process (through a
``sitecustomize``), with the indexing bound lowered to :data:`SECONDS`. Every other file is
indexed by the real extractor. Nothing in docfact can turn it on."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from docfact.lang import by_name

MARKER = "SLOW_TO_INDEX"
SECONDS = 0.5  # the lowered bound
HERE = Path(__file__).resolve().parent
_BLOW_UP = re.compile(r"(a+)+$")


def install() -> Callable[[], None]:
    """Put the slow extractor in place of Python's (both the whole-file and the incremental
    one); returns what puts the real ones back."""
    lang = by_name("python")
    real, real_reusing = lang.extract, lang.extract_reusing

    def slow(path: str, text: str, *args: Any) -> Any:
        if MARKER in text:
            _BLOW_UP.match("a" * 60 + "!")  # never returns
        return real(path, text, *args)

    def slow_reusing(path: str, text: str, *args: Any) -> Any:
        if MARKER in text:
            _BLOW_UP.match("a" * 60 + "!")
        assert real_reusing is not None
        return real_reusing(path, text, *args)

    object.__setattr__(lang, "extract", slow)  # a frozen dataclass: the test swaps it all the same
    object.__setattr__(lang, "extract_reusing", slow_reusing)

    def restore() -> None:
        object.__setattr__(lang, "extract", real)
        object.__setattr__(lang, "extract_reusing", real_reusing)

    return restore


@contextmanager
def installed() -> Iterator[None]:
    restore = install()
    try:
        yield
    finally:
        restore()


def site_dir(where: Path) -> Path:
    """A folder holding a ``sitecustomize`` that installs the slow extractor and lowers the
    indexing bound to :data:`SECONDS`: put it first on a docfact process's PYTHONPATH, with this
    folder."""
    where.mkdir(parents=True, exist_ok=True)
    (where / "sitecustomize.py").write_text(
        "import slow_index\n\nslow_index.install()\n"
        f"import docfact.index.nesting\n\ndocfact.index.nesting.INDEX_SECONDS = {SECONDS}\n", encoding="utf-8")
    return where
