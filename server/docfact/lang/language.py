"""The :class:`Language` record: what the rest of docfact needs from one language, so the
scanner, the index, the store and the messages never name a language themselves. Each
``lang/<language>/__init__.py`` builds its record; :mod:`docfact.lang` registers them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tree_sitter import Parser

    from docfact.index.source import Parsed
    from docfact.model import FileIndex

# (path, text, module) -> the file's index
Extract = Callable[[str, str, str], "FileIndex"]
# (path, text, module, what the last call returned for the path, the index it returned)
#   -> (the index, what to pass next time)
ExtractReusing = Callable[[str, str, str, "Parsed | None", "FileIndex | None"], "tuple[FileIndex, Parsed | None]"]


@dataclass(frozen=True)
class Language:
    """One language docfact reads. The callables import the language's extractor on first use,
    so reading the registry (the scanner, the store stamp) stays cheap."""

    name: str  # ``FileIndex.language`` and ``Entity.language``; what rules list in ``languages``
    title: str  # for people: "Python", in messages such as a skipped file's reason
    extensions: tuple[str, ...]  # lower-case file suffixes, with the dot
    grammars: tuple[str, ...]  # the tree-sitter packages it parses with (in the store's code stamp)
    extract: Extract  # the extractor: raises RecursionError on a text nested too deeply
    parser: Callable[[str], Parser]  # the tree-sitter parser for a file name (``example.tsx``)
    builtins: frozenset[str]  # names its files use without defining or importing them
    example_file: str  # the name a rule's example in this language is judged under
    comment: str  # what starts a line comment (a suppression comment's marker)
    # the dotted module name of a file from its path's parts relative to the workspace root
    # (folders, then the file name); None: Python's rules (the enclosing packages, or the path
    # with a leading ``src`` dropped; :func:`docfact.index.workspace.module_name`)
    module_name: Callable[[list[str]], str] | None = None
    # incremental re-extraction after an edit; None: extracted from scratch each time
    extract_reusing: ExtractReusing | None = None
    # file names besides its sources that change how its files are read (``tsconfig.json``)
    config_files: tuple[str, ...] = ()
    # (path, module) -> a digest of what extracting the file reads besides its text (the configs
    # that map its import specifiers): part of the stored index's key
    resolution_stamp: Callable[[str, str], str] | None = None
    # (path, workspace root) -> a digest of the configs that decide what the file's imports name:
    # part of what the file is to the project, beside its text
    config_stamp: Callable[[str, str], str] | None = None
