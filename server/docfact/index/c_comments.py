"""Comments of C-family files (Java, TypeScript/JavaScript): the lines of a ``/* */`` comment,
the doc block of a ``/** */`` comment, and the grouping of the other ``//`` and ``/* */``
comments into comment blocks."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from tree_sitter import Node

from docfact.index.common import (
    RawLine,
    add_suppression,
    clean_lines,
    in_ranges,
    is_license_text,
    is_marker_comment,
    is_skipped_comment_line,
    make_block,
    parse_suppression,
)
from docfact.index.source import SourceFile
from docfact.model import DocBlock, DocKind, FileIndex

_CODE_LINE = re.compile(r"[;{}]\s*$|^\s*[{}]|^\s*@\w+\s*$")



def block_comment_lines(raw: str, offset: int) -> list[RawLine]:
    """Raw lines of a ``/* */`` or ``/** */`` comment without delimiters and leading ``*``."""
    open_len = 3 if raw.startswith("/**") else 2
    body_end = len(raw) - 2 if raw.endswith("*/") and len(raw) >= open_len + 2 else len(raw)
    lines: list[RawLine] = []
    pos = open_len
    first = True
    while True:
        nl = raw.find("\n", pos, body_end)
        stop = body_end if nl == -1 else nl
        line = raw[pos:stop]
        off = offset + pos
        if not first:
            stripped = line.lstrip()
            if stripped.startswith("*"):
                cut = len(line) - len(stripped) + 1
                line = line[cut:]
                off += cut
        lines.append((line, off))
        first = False
        if nl == -1:
            break
        pos = nl + 1
    return lines


def doc_comment_block(f: SourceFile, node: Node, owner: str, error_ranges: list[tuple[int, int]],
                      kind: DocKind) -> DocBlock | None:
    """The DocBlock of a ``/** */`` comment owned by ``owner`` (None when empty or inside broken
    code); ``kind``: "javadoc" or "jsdoc"."""
    start, end = f.so(node.start_byte), f.so(node.end_byte)
    if error_ranges and in_ranges(error_ranges, start, end):
        return None
    text, pieces = clean_lines(block_comment_lines(f.text[start:end], start), first_line_free=True)
    if not text.strip():
        return None
    return make_block(kind, text, pieces, owner, f.path, f.lines, start, end)


def looks_like_java_code(text: str) -> bool:
    """Heuristic for commented-out Java: most lines end with ``;``, ``{`` or ``}``."""
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if not lines:
        return False
    code = sum(1 for ln in lines if _CODE_LINE.search(ln))
    return code * 2 > len(lines)


@dataclass(frozen=True)
class CommentSyntax:
    """What tells one language's comments apart: the node types of comments, the pattern of a
    tool directive (``// eslint-disable``), and whether block comments can be directives too."""

    comment_types: frozenset[str]
    directive: re.Pattern[str]
    directive_blocks: bool = False


class _Scope(Protocol):
    """A language's scope record, as far as comments need it: the name of the comment's owner."""

    @property
    def local_name(self) -> str: ...


# one comment group: each comment's node, its lines, and whether it stands on a line of its own
_Group = list[tuple[Node, list[RawLine], bool]]


def group_comments(
    f: SourceFile,
    fi: FileIndex,
    comments: list[Node],
    root: Node,
    scope_at: Callable[[int], _Scope],
    error_ranges: list[tuple[int, int]],
    doc_nodes: set[int],
    syntax: CommentSyntax,
) -> list[DocBlock]:
    """The ``//`` and ``/* */`` comments of a C-family file that are not doc comments of a
    declaration (``doc_nodes``), as comment blocks: consecutive line comments in one column
    form one block; tool directives, markers, licences before the first code and commented-out
    code are left out. Java and TypeScript/JavaScript differ only in their ``syntax``."""
    first_code = next((c.start_point.row for c in root.named_children
                       if c.type not in syntax.comment_types and c.type != "hash_bang_line"),
                      1 << 30)
    out: list[DocBlock] = []
    for g in _comment_groups(f, fi, comments, doc_nodes, syntax):
        block = _group_block(f, g, first_code, scope_at, error_ranges, syntax.comment_types)
        if block is not None:
            out.append(block)
    return out


def _comment_groups(f: SourceFile, fi: FileIndex, comments: list[Node], doc_nodes: set[int],
                    syntax: CommentSyntax) -> list[_Group]:
    """The comments that are not doc comments nor directives, grouped (a line comment joins the
    group of the line comment right above it in the same column); suppression comments are
    recorded in ``fi`` on the way."""
    text = f.text
    groups: list[_Group] = []
    for node in comments:
        if node.start_byte in doc_nodes:
            continue
        s, e = f.so(node.start_byte), f.so(node.end_byte)
        raw = text[s:e]
        ignore_file, codes = parse_suppression(raw)
        if ignore_file:
            fi.ignore_file = True
        if codes is not None:
            add_suppression(fi.suppressions, node.start_point.row, codes)
        ls = text.rfind("\n", 0, s) + 1
        standalone = not text[ls:s].strip()
        if not raw.startswith("//"):
            if syntax.directive_blocks and syntax.directive.match(raw[2:]):
                continue
            groups.append([(node, block_comment_lines(raw, s), standalone)])
            continue
        content = raw[2:]
        if content.startswith("/"):
            content = content.lstrip("/")
        if is_skipped_comment_line(content) or syntax.directive.match(content):
            continue
        line = (content, e - len(content))
        if standalone and groups and _continues(f, groups[-1], node, content):
            groups[-1].append((node, [line], True))
            continue
        groups.append([(node, [line], standalone)])
    return groups


def _continues(f: SourceFile, group: _Group, node: Node, content: str) -> bool:
    """Whether the standalone line comment ``node`` (text ``content``) continues ``group``: the
    group's last comment is a standalone line comment on the line above, in the same column;
    ``node`` is no marker, and after a marker line it is indented further than the marker."""
    prev_node, _, prev_standalone = group[-1]
    first_content = group[0][1][0][0] if group[0][1] else ""
    marker_group = is_marker_comment(first_content)
    indent = len(content) - len(content.lstrip())
    continues = indent > len(first_content) - len(first_content.lstrip())
    return bool(prev_standalone and f.text.startswith("//", f.so(prev_node.start_byte))
                and prev_node.start_point.row + 1 == node.start_point.row
                and prev_node.start_point.column == node.start_point.column
                and not is_marker_comment(content)
                and (not marker_group or continues))


def _group_block(f: SourceFile, g: _Group, first_code: int, scope_at: Callable[[int], _Scope],
                 error_ranges: list[tuple[int, int]],
                 comment_types: frozenset[str]) -> DocBlock | None:
    """One comment group as a comment block, or None when it is left out (inside a syntax
    error, empty, a marker, a licence before the first code, skipped or commented-out code).
    A standalone group is about the next declaration after it; a trailing one about its line."""
    first, last = g[0][0], g[-1][0]
    start, end = f.so(first.start_byte), f.so(last.end_byte)
    if error_ranges and in_ranges(error_ranges, start, end):
        return None
    lines = [ln for _, ls_, _ in g for ln in ls_]
    cleaned, pieces = clean_lines(lines)
    if not cleaned.strip() or is_marker_comment(cleaned):
        return None
    if last.end_point.row < first_code and is_license_text(cleaned):
        return None
    if is_skipped_comment_line(cleaned) or looks_like_java_code(cleaned):
        return None
    owner = scope_at(first.start_byte).local_name
    if g[0][2]:
        sib = last.next_named_sibling
        while sib is not None and sib.type in comment_types:
            sib = sib.next_named_sibling
        target = (sib.start_point.row, sib.end_point.row) if sib is not None else None
    else:
        target = (first.start_point.row, first.start_point.row)
    return make_block("comment", cleaned, pieces, owner, f.path, f.lines, start, end, target)
