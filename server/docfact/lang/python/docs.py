"""Docstrings and comments of a Python file: the string statement that documents a module,
class or function, the comment blocks and the statement each one talks about, and whether a
comment is commented-out code (part of the Python extractor, :mod:`docfact.lang.python.extract`)."""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable

from tree_sitter import Node

from docfact.index.common import (
    add_suppression,
    clean_lines,
    in_ranges,
    is_coding_cookie,
    is_license_text,
    is_marker_comment,
    is_skipped_comment_line,
    parse_suppression,
    string_literal_lines,
)
from docfact.index.nesting import too_deep
from docfact.index.source import SourceFile as _File
from docfact.index.source import statements
from docfact.lang.python.parser import parser
from docfact.lang.python.scope import PyScope
from docfact.model import DocBlock, DocKind, FileIndex, Pieces, Range

_KEYWORDS = frozenset(keyword.kwlist)
_CODE_START = re.compile(
    r"\s*(?:return|import|from|def|class|if|elif|else|for|while|try|except|with|raise|"
    r"yield|del|pass|break|continue|assert|print)\b"
)
_STRING_LIT = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"[^"\n]*"|\'[^\'\n]*\'')
_COMMENT = re.compile(r"#[^\n]*")
_WORD_PAIR = re.compile(r"(?<!\w)(\w+|[)\]}])[ \t]+(?=([^\W\d]\w*))")
_LABEL = re.compile(r"(?:^|\n)[ \t]*([^\W\d]\w*)[ \t]*:[ \t]*$|[=\-*#~^]{4}")
_CODE_WORDS = _KEYWORDS | {"match", "case", "type", "print", "exec"}
_STMT_PARENTS = frozenset({"module", "block"})


_Docstring = tuple[DocBlock, int, int]


def _doc_block(
    kind: DocKind,
    text: str,
    pieces: Pieces,
    owner: str,
    path: str,
    rng: Range,
    target_lines: tuple[int, int] | None = None,
) -> DocBlock:
    """Like ``common.make_block`` for a span whose range is already known."""
    return DocBlock(kind, text, owner, path, rng, pieces, rng.start.line, rng.end.line, target_lines)


def string_statement_doc(f: _File, stmt: Node, owner: str, error_ranges: list[tuple[int, int]]) -> _Docstring | None:
    if stmt.type != "expression_statement" or stmt.named_child_count != 1:
        return None
    s = stmt.named_children[0]
    if s.type != "string":
        return None
    start = f.so(s.start_byte)
    end = f.so(s.end_byte)
    if error_ranges and in_ranges(error_ranges, start, end):
        return None
    raw = string_literal_lines(f.text[start:end], start)
    if raw is None:
        return None
    text, pieces = clean_lines(raw, first_line_free=True)
    return _doc_block("docstring", text, pieces, owner, f.path, f.node_range(s, s)), start, end


def body_docstring(f: _File, body: Node, owner: str, error_ranges: list[tuple[int, int]]) -> _Docstring | None:
    for ch in statements(body):
        return string_statement_doc(f, ch, owner, error_ranges)
    return None


def docless(code: str, code_start: int, doc: _Docstring) -> str:
    """``code`` (starting at file offset ``code_start``) without ``doc``'s literal and the
    blank rest of its lines."""
    s, e = docless_cut(code, code_start, doc)
    return code[: s - code_start] + code[e - code_start :]


def docless_cut(code: str, code_start: int, doc: _Docstring) -> tuple[int, int]:
    """The file offsets of what :func:`docless` removes from ``code``: ``doc``'s literal and
    the blank rest of its lines."""
    s = doc[1] - code_start
    e = doc[2] - code_start
    ls = code.rfind("\n", 0, s) + 1
    if not code[ls:s].strip():
        s = ls
    le = code.find("\n", e)
    le = len(code) if le == -1 else le + 1
    if not code[e:le].strip():
        e = le
    return code_start + s, code_start + e


def looks_like_code(text: str) -> bool:
    """Heuristic for commented-out code: parses as Python without errors and has code shape."""
    # code shape: "=", "(" or "[", a trailing ":", or a line starting with a statement keyword
    if not ("=" in text or "(" in text or "[" in text or text.rstrip().endswith(":")
            or any(map(_CODE_START.match, text.split("\n")))):
        return False
    # two plain words in a row ("the value") never occur in valid Python: prose, no parse needed
    # (string literals, docstrings included, and comments inside commented-out code are not code shape)
    bare = _COMMENT.sub("", _STRING_LIT.sub('""', text))
    if not bare.strip():
        return False
    for m in _WORD_PAIR.finditer(bare):
        if m.group(1) not in _CODE_WORDS and m.group(2) not in _CODE_WORDS:
            return False
    # a "Label:" line or a rule such as "====": prose
    label = _LABEL.search(bare)
    if label and (label.group(1) is None or label.group(1) not in _KEYWORDS):
        return False
    if too_deep("python", text) is not None:
        return False  # never parsed: deep nesting can crash the parser
    tree = parser().parse(text.encode("utf-8", "surrogatepass"))
    root = tree.root_node
    if root.has_error:
        # a trailing block opener such as `if x:` or `else:` does not parse alone
        stripped = text.rstrip()
        if stripped.endswith(":"):
            tree = parser().parse((stripped + "\n    pass\n").encode("utf-8", "surrogatepass"))
            if not tree.root_node.has_error:
                return True
            if re.match(r"\s*(?:else|elif\b.*|except\b.*|finally|try)\s*:$", stripped.split("\n")[-1]):
                return True
        return False
    # a lone name or a bare word list is prose, not code
    kinds = {c.type for c in root.named_children}
    if kinds <= {"expression_statement"}:
        exprs = [c.named_children[0].type for c in root.named_children if c.named_child_count]
        if all(t in ("identifier", "string", "integer", "float", "comparison_operator",
                     "boolean_operator", "not_operator") for t in exprs):
            return False
    return True


# one comment line: (row, col, content, content_offset, start, end, standalone, node)
_Entry = tuple[int, int, str, int, int, int, bool, Node]


def comment_docs(
    f: _File,
    fi: FileIndex,
    comments: list[Node],
    root: Node,
    scope_at: Callable[[int], PyScope],
    error_ranges: list[tuple[int, int]],
) -> list[DocBlock]:
    """The ``#`` comments of a Python file as comment blocks: consecutive standalone comment
    lines in one column form one block; shebangs, coding cookies, markers, licences before the
    first code and commented-out code are left out. Suppression comments are recorded in
    ``fi`` on the way."""
    first_code = _first_code_line(root)
    out: list[DocBlock] = []
    for g in _group_entries(_comment_entries(f, fi, comments)):
        start, end = g[0][4], g[-1][5]
        if error_ranges and in_ranges(error_ranges, start, end):
            continue
        cleaned, pieces = clean_lines([(c[2], c[3]) for c in g])
        if not cleaned.strip() or is_marker_comment(cleaned):
            continue
        if g[0][6] and g[-1][0] < first_code and is_license_text(cleaned):
            continue
        if looks_like_code(cleaned):
            continue
        sc = scope_at(g[0][7].start_byte)
        owner = sc.local_name
        below = _definition_below(g[-1][7], _TAGS.search(cleaned) is not None) if g[0][6] else None
        if below is not None:  # a comment right above a def or class is about that definition
            owner = scope_at(below).local_name
        if g[0][6]:
            target = _next_sibling_lines(g[-1][7]) or _following_statement(f, root, g[-1][0] + 1)
        else:
            target = (g[0][0], g[0][0])
        out.append(_doc_block("comment", cleaned, pieces, owner, f.path,
                              f.node_range(g[0][7], g[-1][7]), target))
    return out


def _comment_entries(f: _File, fi: FileIndex, comments: list[Node]) -> list[_Entry]:
    """Each comment that may be prose (not a shebang, coding cookie or skipped line) as an
    entry; suppression comments are recorded in ``fi``."""
    text = f.text
    entries: list[_Entry] = []
    for node in comments:
        s = f.so(node.start_byte)
        e = f.so(node.end_byte)
        raw = text[s:e]
        row = node.start_point.row
        ignore_file, codes = parse_suppression(raw)
        if ignore_file:
            fi.ignore_file = True
        if codes is not None:
            add_suppression(fi.suppressions, row, codes)
        if row == 0 and raw.startswith("#!"):
            continue
        if row <= 1 and is_coding_cookie(raw):
            continue
        hashes = len(raw) - len(raw.lstrip("#"))
        content = raw[hashes:]
        if is_skipped_comment_line(content):
            continue
        ls = text.rfind("\n", 0, s) + 1
        standalone = not text[ls:s].strip()
        entries.append((row, s - ls, content, s + hashes, s, e, standalone, node))
    return entries


def _group_entries(entries: list[_Entry]) -> list[list[_Entry]]:
    """Comment entries grouped: a standalone line joins the standalone line right above it in
    the same column, unless it is a marker (TODO ...); after a marker line only its indented
    continuation lines join."""
    groups: list[list[_Entry]] = []
    for ent in entries:
        if ent[6] and groups and groups[-1][-1][6]:
            prev = groups[-1][-1]
            if prev[0] + 1 == ent[0] and prev[1] == ent[1]:
                # a TODO line starts its own (skipped) block; only its indented
                # continuation lines stay with it
                marker_group = is_marker_comment(groups[-1][0][2])
                indent = len(ent[2]) - len(ent[2].lstrip())
                first = groups[-1][0][2]
                continues = indent > len(first) - len(first.lstrip())
                if not is_marker_comment(ent[2]) and (not marker_group or continues):
                    groups[-1].append(ent)
                    continue
        groups.append([ent])
    return groups


# parameter and return tags: a comment that has them documents a callable (Javadoc-style ports)
_TAGS = re.compile(r"(?:^|\n)\s*(?:@(?:param|return|returns|throws)\b|:param\s)")


def _definition_below(node: Node, tagged: bool) -> int | None:
    """The byte offset inside the body of the function or class that starts on the line right
    after the comment ``node`` (decorators included), or one blank line further when the comment
    carries ``@param``/``@return`` tags; None otherwise."""
    sib = node.next_named_sibling
    if sib is None or not (sib.start_point.row == node.end_point.row + 1
                           or (tagged and sib.start_point.row == node.end_point.row + 2)):
        return None
    if sib.type == "decorated_definition":
        sib = sib.child_by_field_name("definition")
    if sib is None or sib.type not in ("function_definition", "class_definition"):
        return None
    body = sib.child_by_field_name("body")
    return None if body is None else body.start_byte


def _next_sibling_lines(node: Node) -> tuple[int, int] | None:
    sib = node.next_named_sibling
    while sib is not None and sib.type == "comment":
        sib = sib.next_named_sibling
    if sib is not None and sib.type == "block":  # leading comments sit before the body block
        sib = next((c for c in sib.named_children if c.type != "comment"), None)
    if sib is None or sib.start_point.row <= node.start_point.row:
        return None
    return (sib.start_point.row, sib.end_point.row)


def _first_code_line(root: Node) -> int:
    for ch in root.named_children:
        if ch.type != "comment":
            return ch.start_point.row
    return root.end_point.row + 1


def _following_statement(f: _File, root: Node, row: int) -> tuple[int, int] | None:
    nlines = len(f.lines.line_starts)
    while row < nlines:
        line = f.lines.line_text(row)
        stripped = line.lstrip()
        if stripped and not stripped.startswith("#"):
            break
        row += 1
    else:
        return None
    line = f.lines.line_text(row)
    col = len(line) - len(line.lstrip())
    col_bytes = len(line[:col].encode("utf-8", "surrogatepass"))
    node = root.descendant_for_point_range((row, col_bytes), (row, col_bytes))
    if node is None:
        return None
    while node.parent is not None and node.parent.type not in _STMT_PARENTS:
        node = node.parent
    if node.type in _STMT_PARENTS:
        return (row, row)
    return (node.start_point.row, node.end_point.row)


# -- imports ------------------------------------------------------------------------------
