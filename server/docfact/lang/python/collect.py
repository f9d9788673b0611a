"""What the Python extractor gathers from its query's captures (part of the Python extractor,
:mod:`docfact.lang.python.extract`): the scopes of the definitions, what each one's body calls,
raises, catches, returns and assigns, the names and attribute names its own code uses, the
entities and docstrings of the definitions, and the import statements. The whole-file extractor
and :mod:`docfact.lang.python.splice` (one edited definition) both build on it."""

from __future__ import annotations

import keyword
import operator
from collections.abc import Iterable

from tree_sitter import Node

from docfact.index.nesting import TooDeep
from docfact.index.scopes import nest
from docfact.index.source import SourceFile as _File
from docfact.index.source import compact as _compact
from docfact.index.tokens import names as token_names
from docfact.lang.python.docs import body_docstring, docless_cut
from docfact.lang.python.entities import assignment_entities, definition_entity
from docfact.lang.python.returns import pattern_names
from docfact.lang.python.scope import PyScope
from docfact.model import DocBlock, Entity, Import

_KEYWORDS = frozenset(keyword.kwlist)
_START_BYTE = operator.attrgetter("start_byte")
_END_BYTE = operator.attrgetter("end_byte")


def definitions(f: _File, scopes: list[PyScope], which: Iterable[int],
                 error_ranges: list[tuple[int, int]]) -> tuple[list[Entity], list[DocBlock]]:
    """The entities of the definitions ``scopes[i]`` for ``i`` in ``which`` (increasing: a
    class before what it holds), each with its docstring, then those of the fields of the
    classes among them; and the docstrings found. Sets each scope's ``entity`` and each class's
    ``members`` (its nested definitions and fields, in source order)."""
    entities: list[Entity] = []
    docs: list[DocBlock] = []
    classes: list[tuple[PyScope, Entity]] = []
    for i in which:
        sc = scopes[i]
        ent = sc.entity = definition_entity(f, sc, scopes)
        entities.append(ent)
        doc = body_docstring(f, sc.body, ent.local_name, error_ranges) if sc.body is not None else None
        if doc is not None:
            ent.doc = doc[0]
            docs.append(doc[0])
            start = f.so(sc.outer.start_byte)  # type: ignore[union-attr]
            ent.code_in(f.text, start, f.so(sc.node.end_byte), docless_cut(ent.code, start, doc))
        if sc.is_class:
            classes.append((sc, ent))
    fields: list[Entity] = []
    for sc, ent in classes:
        own = assignment_entities(f, sc.body, sc, error_ranges) if sc.body is not None else []
        fields += own
        docs += [v.doc for v in own if v.doc is not None]
        ent.members = list(dict.fromkeys([scopes[c].local_name for c in sc.children] + [v.local_name for v in own]))
    return entities + fields, docs


# -- scopes -------------------------------------------------------------------------------


def outer_node(node: Node) -> Node:
    """The decorated_definition wrapping ``node``, or ``node`` itself."""
    parent = node.parent
    if parent is not None and parent.type == "decorated_definition":
        return parent
    return node


def build_scopes(f: _File, defs: list[Node], classes: list[Node]) -> list[PyScope]:
    """The scopes of the function definitions ``defs`` and class definitions ``classes``,
    sorted by start and nested, each with its name, body, head and decorated outer node."""
    scopes = [PyScope(n, n.start_byte, n.end_byte, False) for n in defs]
    scopes += [PyScope(n, n.start_byte, n.end_byte, True) for n in classes]
    scopes.sort(key=lambda s: s.start)
    for sc in scopes:
        node = sc.node
        sc.outer = outer_node(node)
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

def collect_captures(f: _File, caps: dict[str, list[Node]], owners) -> None:  # type: ignore[no-untyped-def]
    """Put each call, raise, except, return, yield, subscript and assignment capture into the
    scope ``owners`` finds for it. Raises :class:`~docfact.index.nesting.TooDeep` when the
    callee texts of the calls add up to far more than the file."""
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
        _collect_raise(f, sc, node)
    excepts = caps.get("except", [])
    for sc, node in zip(owners(excepts), excepts):
        _collect_except(f, sc, node)
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
        _collect_assign(f, sc, node)


def _collect_raise(f: _File, sc: PyScope, node: Node) -> None:
    """A ``raise`` statement of ``sc``: the class it raises (the callee of ``raise E(...)``, or a
    capitalised ``raise E``), else a bare re-raise (``raise``, ``raise err``, anything else)."""
    src = f.src
    exc = node.named_children[0] if node.named_child_count else None
    if exc is None or exc.type == "comment":
        sc.bare_raise = True
        return
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


def _collect_except(f: _File, sc: PyScope, node: Node) -> None:
    """An ``except`` clause of ``sc``: the names of the classes it catches (``BaseException`` for
    a bare ``except:``)."""
    value = node.child_by_field_name("value")
    if value is None:
        for ch in node.named_children:
            if ch.type != "block":
                value = ch
                break
    if value is None:
        sc.catches.append("BaseException")
        return
    if value.type == "as_pattern":
        value = value.named_children[0]
    grouped = value.type in ("tuple", "parenthesized_expression", "expression_list")
    items = value.named_children if grouped else [value]
    for it in items:
        if it.type in ("identifier", "attribute"):
            sc.catches.append(_compact(f.src(it)))


def _collect_assign(f: _File, sc: PyScope, node: Node) -> None:
    """An assignment target of ``sc``: the names it assigns (attributes included), the plain
    names among them as locals, and each name it binds with the node bound (None when the
    target is a pattern)."""
    src = f.src
    compact = _compact
    t = node.type
    if t == "identifier":  # no whitespace in it
        name = src(node)
        sc.assigns.append(name)
        sc.locals.append(name)
        sc.bound.setdefault(name, []).append(node)
        return
    if t == "attribute":
        sc.assigns.append(compact(src(node)))
        return
    if t != "subscript":
        for ident in pattern_names(node):
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


# -- names used ---------------------------------------------------------------------------


def refs_for_scopes(f: _File, masked: str, scopes: list[PyScope], module_entity: Entity, root: Node) -> None:
    """The names and attribute names each scope's own code uses (:func:`scope_refs`), and into
    ``module_entity`` those of the module level (decorators of top-level definitions included)."""
    for sc in scopes:
        scope_refs(f, masked, sc, scopes)
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
    module_entity.refs, module_entity.attributes = token_names(chunks, _KEYWORDS)


def scope_refs(f: _File, masked: str, sc: PyScope, scopes: list[PyScope]) -> None:
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
    sc.entity.refs, sc.entity.attributes = token_names(chunks, _KEYWORDS)


# -- imports ------------------------------------------------------------------------------


def read_imports(f: _File, node: Node) -> list[Import]:
    """The imports of one import statement ``node``: one per module or name it binds (a single
    ``*`` import for a wildcard)."""
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
