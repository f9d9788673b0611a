"""Doc comments of the TypeScript/JavaScript extractor: the JSDoc/TSDoc block of a
declaration, and the other comments grouped as Java's are (tool directives, licenses,
commented-out code and TODO notes left out)."""

from __future__ import annotations

import re

from tree_sitter import Node

from docfact.index import common
from docfact.index.common import SourceFile
from docfact.index.java import block_comment_lines, looks_like_java_code
from docfact.model import DocBlock, FileIndex

_LICENSE_TAG = re.compile(rb"@license|@preserve|@copyright|@file|@fileoverview|@module|@packageDocumentation|Copyright|SPDX-License")


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
    start, end = f.so(node.start_byte), f.so(node.end_byte)
    if error_ranges and common.in_ranges(error_ranges, start, end):
        return None
    text, pieces = common.clean_lines(block_comment_lines(f.text[start:end], start), first_line_free=True)
    if not text.strip():
        return None
    return common.make_block("jsdoc", text, pieces, owner, f.path, f.lines, start, end)


_DIRECTIVE = re.compile(r"\s*(?:eslint|@ts-|tslint|istanbul|prettier-|jshint|jscs|global\b|c8\b|webpack|#(?:region|endregion)|@jsx|@flow|@vite|@refresh|biome-)")


def comment_blocks(
    f: SourceFile,
    fi: FileIndex,
    comments: list[Node],
    root: Node,
    scope_at,  # type: ignore[no-untyped-def]
    error_ranges: list[tuple[int, int]],
    doc_nodes: set[int],
) -> list[DocBlock]:
    """Line and block comments that are not doc comments of a declaration, grouped like Java's."""
    text = f.text
    first_code = next((c.start_point.row for c in root.named_children if c.type not in ("comment", "hash_bang_line")), 1 << 30)
    groups: list[list[tuple[Node, list[common.RawLine], bool]]] = []
    for node in comments:
        if node.start_byte in doc_nodes:
            continue
        s, e = f.so(node.start_byte), f.so(node.end_byte)
        raw = text[s:e]
        ignore_file, codes = common.parse_suppression(raw)
        if ignore_file:
            fi.ignore_file = True
        if codes is not None:
            common.add_suppression(fi.suppressions, node.start_point.row, codes)
        ls = text.rfind("\n", 0, s) + 1
        standalone = not text[ls:s].strip()
        if raw.startswith("//"):
            content = raw[2:]
            if content.startswith("/"):
                content = content.lstrip("/")
            if common.is_skipped_comment_line(content) or _DIRECTIVE.match(content):
                continue
            line = (content, e - len(content))
            if standalone and groups:
                prev_node, _, prev_standalone = groups[-1][-1]
                first_content = groups[-1][0][1][0][0] if groups[-1][0][1] else ""
                marker_group = common.is_marker_comment(first_content)
                continues = len(content) - len(content.lstrip()) > len(first_content) - len(first_content.lstrip())
                if (prev_standalone and (prev_node.text or b"").startswith(b"//")
                        and prev_node.start_point.row + 1 == node.start_point.row
                        and prev_node.start_point.column == node.start_point.column
                        and not common.is_marker_comment(content)
                        and (not marker_group or continues)):
                    groups[-1].append((node, [line], True))
                    continue
            groups.append([(node, [line], standalone)])
        else:
            if _DIRECTIVE.match(raw[2:]):
                continue
            groups.append([(node, block_comment_lines(raw, s), standalone)])
    out: list[DocBlock] = []
    for g in groups:
        first, last = g[0][0], g[-1][0]
        start, end = f.so(first.start_byte), f.so(last.end_byte)
        if error_ranges and common.in_ranges(error_ranges, start, end):
            continue
        lines = [ln for _, ls_, _ in g for ln in ls_]
        cleaned, pieces = common.clean_lines(lines)
        if not cleaned.strip() or common.is_marker_comment(cleaned):
            continue
        if last.end_point.row < first_code and common.is_license_text(cleaned):
            continue
        if common.is_skipped_comment_line(cleaned) or looks_like_java_code(cleaned):
            continue
        owner = scope_at(first.start_byte).local_name
        if g[0][2]:
            sib = last.next_named_sibling
            while sib is not None and sib.type == "comment":
                sib = sib.next_named_sibling
            target = (sib.start_point.row, sib.end_point.row) if sib is not None else None
        else:
            target = (first.start_point.row, first.start_point.row)
        out.append(common.make_block("comment", cleaned, pieces, owner, f.path, f.lines, start, end, target))
    return out
