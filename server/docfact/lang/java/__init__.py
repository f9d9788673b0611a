"""Java: the extractor (``extract``, with ``entities`` and the query ``queries.scm``), the JDK's
packages and classes (``jdk``, ``jdk_exceptions``), name resolution (``names``), the builtin
names (``builtins``), the example reader (``examples``) and the Java-only rules
(``contracts``). :data:`JAVA` is its record in :mod:`docfact.lang`."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from docfact.lang.java.builtins import JAVA_LANG
from docfact.lang.language import Language

if TYPE_CHECKING:
    from tree_sitter import Parser

    from docfact.model import FileIndex


def _extract(path: str, text: str, module: str) -> FileIndex:
    from docfact.lang.java.extract import extract

    return extract(path, text, module)


_SOURCE_ROOTS = (("src", "main", "java"), ("src", "test", "java"), ("src",), ("java",))


def _module_name(parts: list[str]) -> str:
    """The path below the source root (``src/main/java`` etc.) as dots: ``package.ClassName``
    (the extractor replaces it by the declared package)."""
    dirs = parts[:-1]
    for prefix in _SOURCE_ROOTS:
        n = len(prefix)
        if tuple(dirs[:n]) == prefix:
            dirs = dirs[n:]
            break
    return ".".join([*dirs, os.path.splitext(parts[-1])[0]])


def _parser(name: str) -> Parser:
    from docfact.lang.java.extract import parser

    return parser()


JAVA = Language(
    name="java", title="Java", extensions=(".java",), grammars=("tree_sitter_java",),
    extract=_extract, parser=_parser, builtins=JAVA_LANG, example_file="Example.java", comment="//",
    module_name=_module_name,
)
