"""The Python extractor: one tree-sitter query pass per file, then per-scope aggregation.

Scopes are the function and class definitions, sorted by start; every capture (call, raise,
return, ...) goes to the innermost scope containing it, found by bisect plus a walk up the
parent chain. Identifiers and attribute names are read by regex from the scope's text with
strings and comments blanked out, which is much cheaper than one Python object per
identifier node.

Decisions a caller relies on:

- ``local_name`` nests: ``Class.method``, ``outer.inner``; the module entity has ``""``.
- ``@overload`` variants keep the implementation's ``local_name`` and are marked
  ``is_abstract``; in ``FileIndex.entities`` they come right *after* the implementation, so
  ``FileIndex.entity(name)`` returns the implementation. Property setters likewise come after
  the getter.
- Comment blocks: ``owner`` is the function/class *containing* the comment ("" at module
  level), ``target_lines`` the statement that follows (for a comment above ``def f`` that is
  ``f``'s lines while the owner is the enclosing scope).

This module parses and walks the file; the entities of definitions live in ``py_entities``,
return kinds in ``py_returns``, docstrings and comments in ``py_docs``.
"""

from __future__ import annotations

import keyword
import operator
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree

from docfact.index import tokens
from docfact.index.nesting import TooDeep, refuse_deep, refuse_deep_tree, too_deep
from docfact.index.py_docs import (
    _body_docstring,
    _comments,
    _docless_cut,
)
from docfact.index.py_entities import (
    _assignments,
    _definition_entity,
    _fill_scope_lists,
    _order_overloads,
    _Scope,
)
from docfact.index.py_returns import _pattern_names
from docfact.index.scopes import ScopeFinder, nest
from docfact.index.source import Parsed, reparse, sort_nodes
from docfact.index.source import SourceFile as _File
from docfact.index.source import compact as _compact
from docfact.index.source import error_lines as _error_lines
from docfact.index.source import masked_text as _masked_text
from docfact.model import DocBlock, Entity, FileIndex, Import
from docfact.positions import lone_cr_to_lf

_KEYWORDS = frozenset(keyword.kwlist)
_START_BYTE = operator.attrgetter("start_byte")
_END_BYTE = operator.attrgetter("end_byte")
@lru_cache(maxsize=1)
def _tools() -> tuple[Parser, Query]:
    import tree_sitter_python

    lang = Language(tree_sitter_python.language())
    src = (Path(__file__).parent / "queries" / "python.scm").read_text(encoding="utf-8")
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
    cursor = QueryCursor(_tools()[1])
    if end is not None:
        cursor.set_byte_range(start, end)
    caps = cursor.captures(root)
    for key in ("call", "assign", "comment", "import", "raise", "except", "return"):
        if key in caps:
            # outer before inner for nodes that start together (``a.b(x).c`` before
            # ``a.b``): the cursor's own order for them varies from run to run
            sort_nodes(caps[key])
    return caps


def extract(path: str, text: str, module: str) -> FileIndex:
    """Index one Python source text."""
    return extract_reusing(path, text, module, None)[0]


def extract_reusing(path: str, text: str, module: str, previous: Parsed | None,
                    old: FileIndex | None = None) -> tuple[FileIndex, Parsed]:
    """Like :func:`extract`, reparsing incrementally from ``previous`` (the bytes and tree of
    an earlier version of the file, consumed); also returns this version's bytes and tree.
    ``old``: the index of that earlier version; when the edit lies inside one method's or
    function's body, the rest of it is kept (:func:`docfact.index.py_splice.splice`).
    Raises :class:`~docfact.index.nesting.TooDeep` for a text that nests too deeply to parse or index."""
    text = lone_cr_to_lf(text)
    refuse_deep("python", text)  # tree-sitter-python crashes the process on 511 nested blocks
    prs = _tools()[0]
    f = _File(path, text, module)
    tree, edit = reparse(prs, f.data, previous)
    refuse_deep_tree(tree.root_node)  # a chain of calls or operators thousands long
    if old is not None and edit is not None and previous is not None:
        from docfact.index.py_splice import splice

        spliced = splice(f, tree, old, previous[0], edit)
        if spliced is not None:
            return spliced, (f.data, tree)
    root = tree.root_node
    caps = captures(root)
    fi = FileIndex(path=path, module=module, language="python", text=text)

    error_ranges: list[tuple[int, int]] = []
    if root.has_error:
        fi.syntax_error_lines = _error_lines(root, error_ranges)
        # a function with an error inside is mid-edit: its docs are not judged either
        error_ranges += [(n.start_byte, n.end_byte) for n in caps.get("def", []) if n.has_error]
        error_ranges = [(f.so(s), f.so(e)) for s, e in error_ranges]

    scopes = _build_scopes(f, caps.get("def", []), caps.get("class", []))
    mod_scope = _Scope(root, 0, len(f.data), False)
    finder = ScopeFinder(scopes, mod_scope)
    owners = finder.owners
    scope_at = finder.at

    _collect(f, caps, owners)

    masked = _masked_text(f, caps.get("strc", []), caps.get("comment", []))
    module_entity = Entity(
        kind="module", name=module.rsplit(".", 1)[-1], local_name="", module=module, path=path,
        language="python", range=f.whole_range(),
    )
    _fill_scope_lists(module_entity, mod_scope)
    fi.entities.append(module_entity)

    entities, docs = _definitions(f, scopes, range(len(scopes)), error_ranges)
    _refs_for_scopes(f, masked, scopes, module_entity, root)

    module_doc = _body_docstring(f, root, "", error_ranges)
    if module_doc is not None:
        module_entity.doc = module_doc[0]
        module_entity.code_in(text, 0, len(text), _docless_cut(text, 0, module_doc))
        docs.append(module_doc[0])
    else:
        module_entity.code_in(text, 0, len(text))
    variables = _assignments(f, root, None, error_ranges)  # module-level assignments
    docs += [v.doc for v in variables if v.doc is not None]
    module_entity.members = list(
        dict.fromkeys([sc.local_name for sc in scopes if sc.parent < 0] + [v.local_name for v in variables])
    )

    all_entities = entities + variables
    all_entities.sort(key=lambda e: (e.range.start.line, e.range.start.col))
    fi.entities.extend(_order_overloads(all_entities))

    fi.imports = [imp for node in caps.get("import", []) for imp in _imports(f, node)]
    docs.extend(_comments(f, fi, caps.get("comment", []), root, scope_at, error_ranges))
    docs.sort(key=lambda d: (d.range.start.line, d.range.start.col))
    fi.docs = docs
    return fi, (f.data, tree)


def _definitions(f: _File, scopes: list[_Scope], which: Iterable[int],
                 error_ranges: list[tuple[int, int]]) -> tuple[list[Entity], list[DocBlock]]:
    """The entities of the definitions ``scopes[i]`` for ``i`` in ``which`` (increasing: a
    class before what it holds), each with its docstring, then those of the fields of the
    classes among them; and the docstrings found. Sets each scope's ``entity`` and each class's
    ``members`` (its nested definitions and fields, in source order)."""
    entities: list[Entity] = []
    docs: list[DocBlock] = []
    classes: list[tuple[_Scope, Entity]] = []
    for i in which:
        sc = scopes[i]
        ent = sc.entity = _definition_entity(f, sc, scopes)
        entities.append(ent)
        doc = _body_docstring(f, sc.body, ent.local_name, error_ranges) if sc.body is not None else None
        if doc is not None:
            ent.doc = doc[0]
            docs.append(doc[0])
            start = f.so(sc.outer.start_byte)  # type: ignore[union-attr]
            ent.code_in(f.text, start, f.so(sc.node.end_byte), _docless_cut(ent.code, start, doc))
        if sc.is_class:
            classes.append((sc, ent))
    fields: list[Entity] = []
    for sc, ent in classes:
        own = _assignments(f, sc.body, sc, error_ranges) if sc.body is not None else []
        fields += own
        docs += [v.doc for v in own if v.doc is not None]
        ent.members = list(dict.fromkeys([scopes[c].local_name for c in sc.children] + [v.local_name for v in own]))
    return entities + fields, docs


# -- scopes -------------------------------------------------------------------------------


def _outer(node: Node) -> Node:
    """The decorated_definition wrapping ``node``, or ``node`` itself."""
    parent = node.parent
    if parent is not None and parent.type == "decorated_definition":
        return parent
    return node


def _build_scopes(f: _File, defs: list[Node], classes: list[Node]) -> list[_Scope]:
    scopes = [_Scope(n, n.start_byte, n.end_byte, False) for n in defs]
    scopes += [_Scope(n, n.start_byte, n.end_byte, True) for n in classes]
    scopes.sort(key=lambda s: s.start)
    for sc in scopes:
        node = sc.node
        sc.outer = _outer(node)
        sc.body = node.child_by_field_name("body")
        name_node = node.child_by_field_name("name")
        if name_node is not None:
            sc.name = f.src(name_node)
        sc.head = name_node if sc.is_class else node.child_by_field_name("parameters")
    nest(scopes)
    return scopes


# callee texts of one file, in characters, past which it is not indexed: each call of a chain
# ``a.b().b().b()...`` has the chain so far as its callee, so their sum grows with the square of
# the chain (real code: at most 0.7 times the file, and 25 KB)
_CALLEE_TEXT = 4

def _collect(f: _File, caps: dict[str, list[Node]], owners) -> None:  # type: ignore[no-untyped-def]
    src = f.src
    calls = caps.get("call", [])
    spanned = sum(map(_END_BYTE, calls)) - sum(map(_START_BYTE, calls))
    if spanned > _CALLEE_TEXT * len(f.data) + 100_000:
        raise TooDeep(f"too deeply chained calls: their callee expressions add up to {spanned:,} bytes, "
                      f"more than {_CALLEE_TEXT} times the file")
    text = f.text
    compact = _compact
    if f.ascii:
        for sc, node in zip(owners(calls), calls):
            sc.calls.append(compact(text[node.start_byte : node.end_byte]))
    else:
        so = f.so
        for sc, node in zip(owners(calls), calls):
            sc.calls.append(compact(text[so(node.start_byte) : so(node.end_byte)]))
    raises = caps.get("raise", [])
    for sc, node in zip(owners(raises), raises):
        exc = node.named_children[0] if node.named_child_count else None
        if exc is None or exc.type == "comment":
            sc.bare_raise = True
            continue
        if exc.type == "call":
            fn = exc.child_by_field_name("function")
            sc.raises.append(_compact(src(fn)) if fn is not None else src(exc))
        elif exc.type in ("identifier", "attribute"):
            name = _compact(src(exc))
            last = name.rsplit(".", 1)[-1]
            if last[:1].isupper():
                sc.raises.append(name)
            else:
                sc.bare_raise = True
        else:
            sc.bare_raise = True
    excepts = caps.get("except", [])
    for sc, node in zip(owners(excepts), excepts):
        value = node.child_by_field_name("value")
        if value is None:
            for ch in node.named_children:
                if ch.type != "block":
                    value = ch
                    break
        if value is None:
            sc.catches.append("BaseException")
            continue
        if value.type == "as_pattern":
            value = value.named_children[0]
        items = value.named_children if value.type in ("tuple", "parenthesized_expression", "expression_list") else [value]
        for it in items:
            if it.type in ("identifier", "attribute"):
                sc.catches.append(_compact(src(it)))
    returns = caps.get("return", [])
    for sc, node in zip(owners(returns), returns):
        sc.returns.append(node)
    for node in caps.get("yield", []):
        p = node.parent
        while p is not None and p.type not in ("function_definition", "lambda", "class_definition"):
            p = p.parent
        if p is not None and p.type == "function_definition":
            owners([node])[0].generator = True
    subscripts = caps.get("subscript", [])
    for sc, node in zip(owners(subscripts), subscripts):
        if sc.subscript:
            continue
        if _is_subscript_read(node):
            sc.subscript = True
    assigns = caps.get("assign", [])
    for sc, node in zip(owners(assigns), assigns):
        t = node.type
        if t == "identifier":  # no whitespace in it
            name = src(node)
            sc.assigns.append(name)
            sc.locals.append(name)
            sc.bound.setdefault(name, []).append(node)
            continue
        if t == "attribute":
            sc.assigns.append(compact(src(node)))
            continue
        if t != "subscript":
            for ident in _pattern_names(node):
                sc.bound.setdefault(src(ident), []).append(None)
        targets = node.named_children if t == "list_splat_pattern" else [
            c for c in node.named_children if c.type in ("identifier", "attribute")
        ]
        for tn in targets:
            name = compact(src(tn))
            sc.assigns.append(name)
            if tn.type == "identifier":
                sc.locals.append(name)


def _is_subscript_read(node: Node) -> bool:
    parent = node.parent
    if parent is not None and parent.type in ("assignment", "augmented_assignment"):
        if parent.child_by_field_name("left") == node and parent.type == "assignment":
            return False
    p = parent
    while p is not None:
        t = p.type
        if t == "type":
            return False
        if t in ("block", "module", "function_definition", "class_definition"):
            return True
        p = p.parent
    return True


# -- entities -----------------------------------------------------------------------------


def _refs_for_scopes(f: _File, masked: str, scopes: list[_Scope], module_entity: Entity, root: Node) -> None:
    for sc in scopes:
        _scope_refs(f, masked, sc, scopes)
    so = f.so
    pos = 0
    chunks = []
    for sc in scopes:
        if sc.parent >= 0:
            continue
        outer = sc.outer or sc.node
        chunks.append(masked[pos : so(outer.start_byte)])
        # decorators belong to the module level
        if outer is not sc.node:
            chunks.append(masked[so(outer.start_byte) : so(sc.node.start_byte)])
        pos = so(sc.node.end_byte)
    chunks.append(masked[pos:])
    module_entity.refs, module_entity.attributes = tokens.names(chunks, _KEYWORDS)


def _scope_refs(f: _File, masked: str, sc: _Scope, scopes: list[_Scope]) -> None:
    """The names and attribute names ``sc``'s own code uses (its nested definitions left out),
    read from ``masked`` (the text with strings and comments blanked), into its entity."""
    first = sc.head
    if first is None or sc.entity is None:
        return
    so = f.so
    pos = so(first.start_byte) if not sc.is_class else so(first.end_byte)
    end = so(sc.node.end_byte)
    chunks = []
    for c in sc.children:
        child = scopes[c].outer or scopes[c].node
        chunks.append(masked[pos : so(child.start_byte)])
        pos = so(child.end_byte)
    chunks.append(masked[pos:end])
    sc.entity.refs, sc.entity.attributes = tokens.names(chunks, _KEYWORDS)


# -- docs ---------------------------------------------------------------------------------


# a docstring and the str offsets of its literal, quotes included
def _imports(f: _File, node: Node) -> list[Import]:
    src = f.src
    line = node.start_point.row
    out: list[Import] = []
    if node.type == "import_statement":
        for ch in node.named_children:
            if ch.type == "dotted_name":
                out.append(Import(module=_compact(src(ch)), name=None, alias=None, line=line))
            elif ch.type == "aliased_import":
                nm = ch.child_by_field_name("name")
                al = ch.child_by_field_name("alias")
                out.append(Import(module=_compact(src(nm)) if nm else "", name=None,
                                  alias=src(al) if al else None, line=line))
        return out
    if node.type == "future_import_statement":
        mod, level = "__future__", 0
        names = node.children_by_field_name("name")
    else:
        mn = node.child_by_field_name("module_name")
        mod, level = "", 0
        if mn is not None:
            if mn.type == "relative_import":
                for ch in mn.named_children:
                    if ch.type == "import_prefix":
                        level = len(src(ch).strip())
                    elif ch.type == "dotted_name":
                        mod = _compact(src(ch))
            else:
                mod = _compact(src(mn))
        names = node.children_by_field_name("name")
        if any(ch.type == "wildcard_import" for ch in node.named_children):
            return [Import(module=mod, name="*", alias=None, level=level, line=line)]
    for ch in names:
        if ch.type == "aliased_import":
            nm = ch.child_by_field_name("name")
            al = ch.child_by_field_name("alias")
            out.append(Import(module=mod, name=_compact(src(nm)) if nm else "",
                              alias=src(al) if al else None, level=level, line=line))
        else:
            out.append(Import(module=mod, name=_compact(src(ch)), alias=None, level=level, line=line))
    return out
