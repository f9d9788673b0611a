"""TypeScript and JavaScript (one grammar family, two records): the extractor (``extract``,
with ``syntax``, ``entities``, ``members``, ``imports``, ``cjs``, ``docs`` and the queries in
``queries/``), module names and import specifiers (``names``, ``modules``), the reader of
installed packages' typings (``externals``), the global names (``globals``), the example reader
(``examples``) and the TypeScript-only rules (``rules``, ``types``, with ``judging`` for what
the generic rules ask). :data:`TYPESCRIPT` and :data:`JAVASCRIPT` are its records in
:mod:`docfact.lang`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docfact.lang.java.builtins import JAVA_LANG
from docfact.lang.language import Language
from docfact.lang.typescript.globals import TS_GLOBALS
from docfact.lang.typescript.names import CONFIG_FILES, module_of_parts

if TYPE_CHECKING:
    from tree_sitter import Parser

    from docfact.index.source import Parsed
    from docfact.model import FileIndex


def _extract(path: str, text: str, module: str) -> FileIndex:
    return _extract_reusing(path, text, module, None, None)[0]


def _extract_reusing(path: str, text: str, module: str, previous: Parsed | None,
                     old: FileIndex | None) -> tuple[FileIndex, Parsed | None]:
    """The file's index (reparsed incrementally from ``previous``; ``old`` is not needed), with
    ``packages`` set to a digest of the workspace packages its specifiers were resolved among."""
    from docfact.lang.typescript.extract import extract_reusing
    from docfact.lang.typescript.modules import packages_read

    (index, parsed), packages = packages_read(lambda: extract_reusing(path, text, module, previous), module, path)
    index.packages = packages
    return index, parsed


def _parser(name: str) -> Parser:
    from docfact.lang.typescript.extract import parser

    return parser(name)


def _resolution_stamp(path: str, module: str) -> str:
    from docfact.lang.typescript.modules import resolution_stamp

    return resolution_stamp(path, module)


def _config_stamp(path: str, root: str) -> str:
    from docfact.lang.typescript.modules import stamp_under

    return stamp_under(path, root)


_GRAMMARS = ("tree_sitter_typescript", "tree_sitter_javascript")
# the globals, and the core names JavaScript shares with Java (String, length, equals), which
# the name rules have always taken as known in these files
_BUILTINS = TS_GLOBALS | JAVA_LANG

TYPESCRIPT = Language(
    name="typescript", title="TypeScript", extensions=(".ts", ".tsx", ".mts", ".cts"), grammars=_GRAMMARS,
    extract=_extract, extract_reusing=_extract_reusing, parser=_parser, builtins=_BUILTINS,
    example_file="example.ts", comment="//", config_files=CONFIG_FILES, module_name=module_of_parts,
    resolution_stamp=_resolution_stamp, config_stamp=_config_stamp,
)
JAVASCRIPT = Language(
    name="javascript", title="JavaScript", extensions=(".js", ".jsx", ".mjs", ".cjs"), grammars=_GRAMMARS,
    extract=_extract, extract_reusing=_extract_reusing, parser=_parser, builtins=_BUILTINS,
    example_file="example.js", comment="//", config_files=CONFIG_FILES, module_name=module_of_parts,
    resolution_stamp=_resolution_stamp, config_stamp=_config_stamp,
)
