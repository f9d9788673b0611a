"""Python: the extractor (``extract``, with its helpers ``parser``, ``collect``, ``scope``,
``entities``, ``returns``, ``docs``, the query ``queries.scm``, and ``splice`` for re-indexing
an edited function), the reader of installed modules' names (``symbols``), the builtin names
(``builtins``) and the example reader (``examples``, ``example_imports``). :data:`PYTHON` is its
record in :mod:`docfact.lang`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docfact.lang.language import Language
from docfact.lang.python.builtins import PY_BUILTIN_NAMES, STDLIB_MODULES

if TYPE_CHECKING:
    from tree_sitter import Parser

    from docfact.index.source import Parsed
    from docfact.model import FileIndex


def _extract(path: str, text: str, module: str) -> FileIndex:
    from docfact.lang.python.extract import extract

    return extract(path, text, module)


def _extract_reusing(path: str, text: str, module: str, previous: Parsed | None,
                     old: FileIndex | None) -> tuple[FileIndex, Parsed | None]:
    from docfact.lang.python.extract import extract_reusing

    return extract_reusing(path, text, module, previous, old)


def _parser(name: str) -> Parser:
    from docfact.lang.python.parser import parser

    return parser()


PYTHON = Language(
    name="python", title="Python", extensions=(".py", ".pyi"), grammars=("tree_sitter_python",),
    extract=_extract, extract_reusing=_extract_reusing, parser=_parser,
    builtins=PY_BUILTIN_NAMES | STDLIB_MODULES, example_file="example.py", comment="#",
)
