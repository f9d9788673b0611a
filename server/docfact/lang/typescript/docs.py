"""Doc comments of the TypeScript/JavaScript extractor: the JSDoc/TSDoc block of a
declaration, and the comment syntax by which the other comments are grouped as Java's are
(:func:`docfact.index.c_comments.group_comments`; its tool directives are left out)."""

from __future__ import annotations

import re

from tree_sitter import Node

from docfact.index.c_comments import CommentSyntax, doc_comment_block
from docfact.index.source import SourceFile
from docfact.model import DocBlock

_LICENSE_TAG = re.compile(rb"@license|@preserve|@copyright|@file|@fileoverview|@module|@packageDocumentation"
                          rb"|Copyright|SPDX-License")


def doc_comment(anchor: Node) -> Node | None:
    """The ``/** */`` comment above a declaration: line comments and up to two blank lines may
    come between (TypeScript attaches a JSDoc comment across blank lines too), not a license."""
    prev = anchor.prev_sibling
    while prev is not None and prev.type == "comment" and not (prev.text or b"").startswith(b"/*"):
        prev = prev.prev_sibling
    while prev is not None and prev.type == "decorator":
        prev = prev.prev_sibling
    if prev is not None and prev.type == "comment" and prev.end_point.row + 3 >= anchor.start_point.row:
        raw = prev.text or b""
        if raw.startswith(b"/**") and raw != b"/**/" and not (
                prev.end_point.row + 1 < anchor.start_point.row and _LICENSE_TAG.search(raw)):
            return prev
    return None


def jsdoc_block(f: SourceFile, node: Node, owner: str, error_ranges: list[tuple[int, int]]) -> DocBlock | None:
    """The DocBlock of a ``/** */`` comment owned by ``owner`` (None when empty or inside broken code)."""
    return doc_comment_block(f, node, owner, error_ranges, "jsdoc")


# comments of one type, "comment"; a directive may be a block comment (``/* eslint-disable */``)
COMMENTS = CommentSyntax(frozenset({"comment"}),
                         re.compile(r"\s*(?:eslint|@ts-|tslint|istanbul|prettier-|jshint|jscs|global\b|c8\b"
                                    r"|webpack|#(?:region|endregion)|@jsx|@flow|@vite|@refresh|biome-)"),
                         directive_blocks=True)
