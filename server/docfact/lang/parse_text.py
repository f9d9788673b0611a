"""The opening every extractor shares: normalise a source text, refuse one that nests too deeply,
parse it (incrementally when an earlier tree is given), run the language's query with its
captures in a stable order, and note the lines and byte ranges of syntax errors."""

from __future__ import annotations

from collections.abc import Iterable

from tree_sitter import Node, Parser, Query, QueryCursor, Tree

from docfact.index.nesting import refuse_deep, refuse_deep_tree
from docfact.index.source import Edit, Parsed, SourceFile, error_lines, reparse, sort_nodes
from docfact.model import FileIndex
from docfact.positions import lone_cr_to_lf


def open_text(language: str, path: str, text: str, module: str, parser: Parser,
              previous: Parsed | None = None) -> tuple[SourceFile, Tree, Edit | None]:
    """The file state and syntax tree of ``text`` (lone CRs read as line ends), and the edit from
    ``previous`` when the tree was reparsed from it. Raises
    :class:`~docfact.index.nesting.TooDeep` for a text that nests too deeply to parse or index."""
    text = lone_cr_to_lf(text)
    refuse_deep(language, text)
    f = SourceFile(path, text, module)
    tree, edit = reparse(parser, f.data, previous)
    refuse_deep_tree(tree.root_node)  # a chain of calls or operators thousands long
    return f, tree, edit


def sorted_captures(query: Query, root: Node, keys: Iterable[str] | None = None,
                    start: int = 0, end: int | None = None) -> dict[str, list[Node]]:
    """The captures of ``query`` under ``root`` (those meeting bytes ``start:end`` when ``end``
    is given); the lists named in ``keys`` (all when None) sorted in source order."""
    cursor = QueryCursor(query)
    if end is not None:
        cursor.set_byte_range(start, end)
    caps = cursor.captures(root)
    for key in caps if keys is None else keys:
        if key in caps:
            # outer before inner for nodes that start together (``a.b(x).c`` before
            # ``a.b``): the cursor's own order for them varies from run to run
            sort_nodes(caps[key])
    return caps


def syntax_errors(f: SourceFile, root: Node, fi: FileIndex, broken: Iterable[Node] = ()) -> list[tuple[int, int]]:
    """The text ranges of the tree's syntax errors, and of each ``broken`` node that holds one;
    sets ``fi.syntax_error_lines``. Empty for an error-free tree."""
    error_ranges: list[tuple[int, int]] = []
    if root.has_error:
        fi.syntax_error_lines = error_lines(root, error_ranges)
        error_ranges += [(n.start_byte, n.end_byte) for n in broken if n.has_error]
        error_ranges = [(f.so(s), f.so(e)) for s, e in error_ranges]
    return error_ranges
