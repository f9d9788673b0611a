"""Parsing and extraction with tree-sitter: entities, imports, docs, per language.

``index_file`` is the entry point: it finds the file's language by its extension in the
registry (:mod:`docfact.lang`), calls that language's extractor and returns a ``FileIndex``.
Workspace code is only parsed, never imported.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from docfact.index import nesting
from docfact.index.nesting import TooDeep, TooSlow
from docfact.index.source import Parsed
from docfact.index.workspace import language_for_path, module_name
from docfact.lang import Language, for_path
from docfact.model import FileIndex
from docfact.watchdog import Overran, Watchdog

__all__ = ["default_module", "index_bound", "index_file", "index_file_reusing", "language_for_path"]


def default_module(path: str) -> str:
    """The module name of ``path`` when the caller gives none.

    Absolute paths walk up through packages (``__init__.py``); relative paths are read as
    relative to the current workspace, so ``pkg/mod.py`` is ``pkg.mod``.
    """
    p = Path(path)
    if p.is_absolute():
        if language_for_path(path) == "python" and (p.parent / "__init__.py").is_file():
            return module_name(Path(p.anchor), p)
        return p.stem
    return module_name(Path("."), p)


def _language(path: str) -> Language:
    lang = for_path(path)
    if lang is None:
        raise ValueError(f"no index language for {path!r}")
    return lang


def index_file(path: str, text: str, module: str | None = None) -> FileIndex:
    """Parse ``text`` (the content of ``path``) and extract its entities, imports and docs.

    Raises ValueError for a path of no supported language, and its subclass
    :class:`~docfact.index.nesting.TooDeep`, with the reason, for a text that nests too deeply
    to parse or index.
    """
    lang = _language(path)
    if module is None:
        module = default_module(path)
    try:
        return lang.extract(path, text, module)
    except RecursionError:
        raise TooDeep(_RECURSION) from None


def index_file_reusing(
    path: str, text: str, module: str | None, previous: Parsed | None, old: FileIndex | None = None
) -> tuple[FileIndex, Parsed | None]:
    """:func:`index_file` for a new version of a file: reparses incrementally from
    ``previous`` (what the last call returned for this path; it is consumed) and returns the
    bytes and tree to pass next time (None for languages without incremental reparsing).
    ``old``: the index that call returned, kept where the edit did not reach (Python). The
    index is the same as :func:`index_file`'s. Java is parsed from scratch each time."""
    lang = _language(path)
    if lang.extract_reusing is None:
        return index_file(path, text, module), None
    if module is None:
        module = default_module(path)
    try:
        return lang.extract_reusing(path, text, module, previous, old)
    except RecursionError:
        raise TooDeep(_RECURSION) from None


@contextmanager
def index_bound(watchdog: Watchdog | None = None) -> Iterator[None]:
    """Bound the indexing in the block (parse and extraction of one file) to
    :data:`~docfact.index.nesting.INDEX_SECONDS` of CPU time with ``watchdog`` (a new one when None): past it
    the block is stopped and :class:`~docfact.index.nesting.TooSlow` raised, whose message is the
    reason the file is skipped. Like every watchdog bound, it guards the main thread only, and a
    bound inside another one guards nothing more (:meth:`Watchdog.bound`). What indexing caches
    across files is written so that a stop at any point leaves it whole
    (:mod:`docfact.index.tokens`)."""
    seconds = nesting.INDEX_SECONDS
    try:
        with (watchdog or Watchdog()).bound(seconds):
            yield
    except Overran:
        raise TooSlow(f"indexing took more than {seconds:g} s of CPU time") from None


# an expression nested deeper than the extractors' recursive readers go (``"a" + x + x ...``
# with ~500 terms): the file is skipped with this reason rather than with a stack trace
_RECURSION = "too deeply nested: an expression nests deeper than docfact reads"
