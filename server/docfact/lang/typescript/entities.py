"""The entities of a TypeScript/JavaScript file's functions and classes: the scope of each
definition (declarations and function values bound to a name), what each body calls, throws,
returns and binds, and the entity of each scope (part of the extractor,
:mod:`docfact.lang.typescript.extract`)."""

from __future__ import annotations

from tree_sitter import Node

from docfact.index.scopes import collect_bindings, fill_from_scope
from docfact.index.source import SourceFile
from docfact.lang.typescript.syntax import (
    CLASS_TYPES,
    FUNCTIONS,
    SIGNATURES,
    TsScope,
    callee_of,
    doc_anchor,
    expr_kind,
    falls_through,
    member_name,
    modifiers,
    read_params,
    strip_generics,
    type_text,
)
from docfact.model import Entity, EntityKind, Param


def function_owner(node: Node) -> Node | None:
    """The nearest function node enclosing ``node`` (None at module level)."""
    p = node.parent
    while p is not None and p.type not in FUNCTIONS and p.type not in CLASS_TYPES:
        p = p.parent
    return p if p is not None and p.type in FUNCTIONS else None


def def_scope(f: SourceFile, n: Node) -> TsScope | None:
    """The scope of a ``def`` capture, named; None when it binds no function to a name."""
    t = n.type
    if t == "variable_declarator":
        nm = n.child_by_field_name("name")
        fn = n.child_by_field_name("value")
        if nm is None or fn is None or nm.type != "identifier":
            return None
        return TsScope(fn, fn.start_byte, fn.end_byte, False, f.src(nm), anchor=doc_anchor(n))
    if t == "export_statement":  # ``export default function (...) {}``, ``export default () => ...``
        fn = n.child_by_field_name("value")
        if fn is None:
            return None
        fn_name = fn.child_by_field_name("name")
        fn_text = f.src(fn_name) if fn_name is not None else "default"
        return TsScope(fn, fn.start_byte, fn.end_byte, False, fn_text, anchor=n)
    if t == "assignment_expression":
        left = n.child_by_field_name("left")
        fn = n.child_by_field_name("right")
        name = member_name(f, left) if left is not None else None
        if fn is None or not name:
            return None
        for prefix in ("module.exports.", "exports.", "this."):
            if name.startswith(prefix):
                name = name[len(prefix):]
        if name in ("module.exports", "exports", "this") or not name:
            fn_name = fn.child_by_field_name("name")
            if fn_name is None and name != "module.exports":
                return None
            # ``module.exports = function (...)``: CommonJS's default export
            name = f.src(fn_name) if fn_name is not None else "default"
        return TsScope(fn, fn.start_byte, fn.end_byte, False, name, anchor=doc_anchor(n))
    if t in ("public_field_definition", "field_definition"):
        nm = n.child_by_field_name("name") or n.child_by_field_name("property")
        fn = n.child_by_field_name("value")
        if nm is None or fn is None:
            return None
        return TsScope(fn, fn.start_byte, fn.end_byte, False, f.src(nm), anchor=n)
    nm = n.child_by_field_name("name")
    if nm is None:
        return None
    name = f.src(nm)
    if nm.type in ("string", "computed_property_name"):
        name = name.strip("'\"[]")
    return TsScope(n, n.start_byte, n.end_byte, False, name, anchor=doc_anchor(n))


def definition(f: SourceFile, sc: TsScope, scopes: list[TsScope], language: str) -> Entity:
    """The entity of a function or class scope."""
    node = sc.node
    src = f.src
    parent = scopes[sc.parent] if sc.parent >= 0 else None
    anchor_start = sc.anchor.start_byte if sc.anchor.start_byte <= node.start_byte else node.start_byte
    start, end = f.so(anchor_start), f.so(node.end_byte)
    body = node.child_by_field_name("body")
    decorators = modifiers(f, node, sc.anchor)
    if sc.anchor.type in ("public_field_definition", "field_definition"):  # ``static f = () => ...``
        decorators = list(dict.fromkeys([*modifiers(f, sc.anchor), *decorators]))
    signature = _signature(f, node, body, start, end)
    in_class = parent is not None and parent.is_class
    kind: EntityKind = "class" if sc.is_class else ("method" if in_class else "function")
    ent = Entity(
        kind=kind, name=sc.name.rsplit(".", 1)[-1], local_name=sc.local_name, module=f.module,
        path=f.path, language=language, range=f.lines.range(start, end), code=f.text[start:end],
        signature=signature, decorators=decorators,
        parent=parent.local_name if parent is not None and "." not in sc.name else None,
    )
    if "." in sc.name and ent.parent is None:
        owner = sc.name.rsplit(".", 1)[0]
        if any(s.local_name == owner and s.is_class for s in scopes):
            ent.parent = owner
            ent.kind = "method"
    ent.docless_code = ent.code
    fill_from_scope(ent, sc)
    ent.raises = list(dict.fromkeys(sc.raises))
    if sc.is_class:
        ent.bases = _bases(f, node)
        if node.type in ("interface_declaration", "abstract_class_declaration"):
            ent.is_abstract = True
        return ent
    ent.is_async = any(c.type == "async" for c in node.children)
    ent.is_generator = node.type in ("generator_function_declaration", "generator_function") or \
        any(c.type == "*" for c in node.children) or sc.yields
    params = node.child_by_field_name("parameters")
    if params is None:
        single = node.child_by_field_name("parameter")  # ``x => x + 1``
        ent.params = [Param(name=src(single))] if single is not None else []
    else:
        ent.params = read_params(f, params)
    ent.returns = type_text(f, node.child_by_field_name("return_type"))
    ent.is_abstract = node.type in SIGNATURES or "abstract" in decorators or \
        (parent is not None and parent.node.type == "interface_declaration")
    ent.return_kinds = _return_kinds(f, sc, body, ent.is_generator, in_class)
    return ent


_BLOCK_BODIES = ("statement_block", "class_body", "interface_body", "enum_body", "object_type")


def _signature(f: SourceFile, node: Node, body: Node | None, start: int, end: int) -> str:
    """The text of a definition from ``start`` to its body (an arrow function's ``=>``
    included), on one line, without a trailing ``;`` or ``{``."""
    sig_end = f.so(body.start_byte) if body is not None and body.type in _BLOCK_BODIES else end
    if body is not None and body.type not in _BLOCK_BODIES:
        arrow = next((c for c in node.children if c.type == "=>"), None)
        sig_end = f.so(arrow.end_byte) if arrow is not None else sig_end
    return " ".join(f.text[start:sig_end].split()).rstrip(";").rstrip("{").rstrip()


def _bases(f: SourceFile, node: Node) -> list[str]:
    """The classes and interfaces a class or interface extends or implements, without their
    type arguments, each once."""
    src = f.src
    bases: list[str] = []
    for ch in node.named_children:
        if ch.type in ("class_heritage", "extends_type_clause"):
            for clause in ch.named_children if ch.type == "class_heritage" else [ch]:
                for t in clause.named_children:
                    bases.append(strip_generics(src(t)))
            if ch.type == "class_heritage" and not any(
                    c.type in ("extends_clause", "implements_clause") for c in ch.named_children):
                bases.extend(strip_generics(src(t)) for t in ch.named_children)
    return [b for b in dict.fromkeys(bases) if b]


def _return_kinds(f: SourceFile, sc: TsScope, body: Node | None, generator: bool,
                  in_class: bool) -> list[str]:
    """The kinds of what a function returns, each once: its returned expressions, an arrow
    function's expression body, and "none" when its body can end without a return (or it is
    a class's constructor)."""
    kinds = [expr_kind(f, r.named_children[0] if r.named_child_count else None) for r in sc.returns]
    if body is not None and body.type != "statement_block":
        kinds.append(expr_kind(f, body))  # an arrow function's expression body
    elif body is not None and falls_through(body) and not generator:
        kinds.append("none")
    if sc.name.rsplit(".", 1)[-1] == "constructor" and in_class:
        kinds = ["none"]
    return list(dict.fromkeys(kinds))


def collect(f: SourceFile, caps: dict[str, list[Node]], scope_at, owner_scope) -> None:  # type: ignore[no-untyped-def]
    """Add the calls, throws, returns, yields and bindings of the captures to their scopes."""
    src = f.src
    calls: list[tuple[int, str]] = []
    for node in caps.get("call", []):
        callee = callee_of(f, node.child_by_field_name("function"))
        if callee is not None and not callee.startswith("?."):
            calls.append((node.start_byte, callee))
    for node in caps.get("new", []):
        ctor = node.child_by_field_name("constructor")
        if ctor is not None and ctor.type in ("identifier", "member_expression"):
            calls.append((node.start_byte, strip_generics(src(ctor))))
    calls.sort()
    for start, callee in calls:
        scope_at(start).calls.append(callee)
    for node in caps.get("raise", []):
        # a throw inside a callback may still leave through the function that runs it
        _collect_throw(f, scope_at(node.start_byte), node)
    for node in caps.get("except", []):
        sc = scope_at(node.start_byte)
        param = node.child_by_field_name("parameter")
        if param is not None:
            sc.locals.append(src(param))
    for node in caps.get("return", []):
        sc = owner_scope(node)
        if sc is not None:
            sc.returns.append(node)
    for node in caps.get("yield", []):
        sc = owner_scope(node)
        if sc is not None:
            sc.yields = True
    collect_bindings(f, caps, scope_at)


def _collect_throw(f: SourceFile, sc: TsScope, node: Node) -> None:
    """A ``throw`` statement of ``sc``: the class of a ``throw new E(...)``, else a throw of a
    value docfact cannot name."""
    exc = node.named_children[0] if node.named_child_count else None
    while exc is not None and exc.type == "parenthesized_expression" and exc.named_child_count:
        exc = exc.named_children[0]
    if exc is not None and exc.type == "new_expression":
        ctor = exc.child_by_field_name("constructor")
        if ctor is not None and ctor.type in ("identifier", "member_expression"):
            sc.raises.append(strip_generics(f.src(ctor)))
            return
    sc.bare_raise = True
