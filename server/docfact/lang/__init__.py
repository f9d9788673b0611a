"""The languages docfact reads, each a folder (``lang/python/``, ``lang/java/``,
``lang/typescript/``) behind one :class:`~docfact.lang.language.Language` record, registered
here. The scanner picks files by the registered extensions, :func:`docfact.index.index_file`
calls the record's extractor, the store's code stamp covers the records' grammars, and the
skip message names the registered languages. Adding a language is adding its folder and its
record to :data:`LANGUAGES`.

Importing this module imports no extractor and no grammar: the records load them on first use.
"""

from __future__ import annotations

import os

from docfact.lang.java import JAVA
from docfact.lang.language import Language
from docfact.lang.python import PYTHON
from docfact.lang.typescript import JAVASCRIPT, TYPESCRIPT

__all__ = ["LANGUAGES", "Language", "by_name", "for_path", "not_a_source", "source_suffixes", "titles"]

LANGUAGES: tuple[Language, ...] = (PYTHON, JAVA, TYPESCRIPT, JAVASCRIPT)

_BY_EXTENSION: dict[str, Language] = {ext: lang for lang in LANGUAGES for ext in lang.extensions}
_BY_NAME: dict[str, Language] = {lang.name: lang for lang in LANGUAGES}


def for_path(path: str | os.PathLike[str]) -> Language | None:
    """The language of a file by its extension (case-insensitive), or None."""
    return _BY_EXTENSION.get(os.path.splitext(os.fspath(path))[1].lower())


def by_name(name: str) -> Language:
    """The registered language called ``name`` (``"python"``); KeyError for another name."""
    return _BY_NAME[name]


def source_suffixes() -> tuple[str, ...]:
    """Every registered extension, in registration order."""
    return tuple(_BY_EXTENSION)


def titles() -> str:
    """The registered languages for a sentence: "Python, Java, TypeScript or JavaScript"."""
    names = [lang.title for lang in LANGUAGES]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def not_a_source() -> str:
    """Why a file of no registered language is skipped: "not a Python, Java, TypeScript or
    JavaScript file"."""
    return f"not a {titles()} file"
