"""The tree-sitter Python parser and the Python extractor's query (``queries.scm`` beside it), each
built once: for the extractor (:mod:`docfact.lang.python.extract`), its helpers, and callers that only
need a raw parse of a piece of Python."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tree_sitter import Language, Node, Parser, Query, Tree

from docfact.index.nesting import too_deep
from docfact.lang.parse_text import sorted_captures

# the captures kept in source order
_SORTED = ("call", "assign", "comment", "import", "raise", "except", "return")


@lru_cache(maxsize=1)
def _tools() -> tuple[Parser, Query]:
    import tree_sitter_python

    lang = Language(tree_sitter_python.language())
    src = (Path(__file__).parent / "queries.scm").read_text(encoding="utf-8")
    return Parser(lang), Query(lang, src)


def parser() -> Parser:
    """The cached Python parser (for callers that only need a raw parse)."""
    return _tools()[0]


@lru_cache(maxsize=256)
def parse_snippet(data: bytes) -> Tree:
    """A parse of a short piece of Python (an example in a docstring), kept for the next caller
    of the same bytes (the example segmenter and the example rules both read them). Treat the
    tree as read-only. A piece that nests too deeply to parse safely gets the tree of an empty
    text."""
    if too_deep("python", data.decode("utf-8", "replace")) is not None:
        data = b""
    return _tools()[0].parse(data)


def captures(root: Node, start: int = 0, end: int | None = None) -> dict[str, list[Node]]:
    """The extractor query's captures under ``root`` (those meeting bytes ``start:end`` when
    given), each list in a stable order."""
    return sorted_captures(_tools()[1], root, _SORTED, start, end)
