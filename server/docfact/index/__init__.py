"""Parsing and extraction with tree-sitter: entities, imports, docs, per language.

``index_file`` is the entry point: it dispatches on the file extension (.py/.pyi -> Python,
.java -> Java, .ts/.tsx/.js/.jsx/.mjs/.cjs -> TypeScript/JavaScript) and returns a ``FileIndex``. Workspace code is only parsed, never imported.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from docfact.index.nesting import TooDeep
from docfact.index.source import Parsed
from docfact.index.workspace import language_for_path, module_name
from docfact.model import FileIndex

__all__ = ["default_module", "index_file", "index_file_reusing", "language_for_path"]


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


def index_file(path: str, text: str, module: str | None = None) -> FileIndex:
    """Parse ``text`` (the content of ``path``) and extract its entities, imports and docs.

    Raises ValueError for a path of no supported language, and its subclass
    :class:`~docfact.index.nesting.TooDeep`, with the reason, for a text that nests too deeply
    to parse or index.
    """
    lang = language_for_path(path)
    if module is None:
        module = default_module(path)
    if lang is None:
        raise ValueError(f"no index language for {path!r}")
    if lang in ("typescript", "javascript"):
        return index_file_reusing(path, text, module, None)[0]  # also notes the packages it read
    try:
        return _extractor(lang)(path, text, module)
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
    lang = language_for_path(path)
    if lang not in ("python", "typescript", "javascript"):
        return index_file(path, text, module), None
    if module is None:
        module = default_module(path)
    try:
        if lang == "python":
            from docfact.index import python

            return python.extract_reusing(path, text, module, previous, old)
        from docfact.index import typescript
        from docfact.lang.typescript.modules import packages_read

        name = module
        (index, parsed), packages = packages_read(lambda: typescript.extract_reusing(path, text, name, previous),
                                                  module, path)
    except RecursionError:
        raise TooDeep(_RECURSION) from None
    index.packages = packages
    return index, parsed


# an expression nested deeper than the extractors' recursive readers go (``"a" + x + x ...``
# with ~500 terms): the file is skipped with this reason rather than with a stack trace
_RECURSION = "too deeply nested: an expression nests deeper than docfact reads"


@cache
def _extractor(lang: str) -> Callable[[str, str, str], FileIndex]:
    """The extract function of ``lang``, imported on first use (once: a function-level
    import statement costs a few microseconds on every call)."""
    if lang == "python":
        from docfact.index import python

        return python.extract
    if lang == "java":
        from docfact.index import java

        return java.extract
    raise ValueError(f"no index language {lang!r}")
