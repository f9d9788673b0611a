"""The entities of a Java file's declarations: types and members with their signatures,
modifiers, parameters, bases, throws and return kinds, fields and enum constants, and the
Javadoc above each (part of the Java extractor, :mod:`docfact.lang.java.extract`)."""

from __future__ import annotations

from tree_sitter import Node

from docfact.index.c_comments import doc_comment_block
from docfact.index.scopes import Scope, fill_from_scope
from docfact.index.source import SourceFile, binary_kind, compact
from docfact.model import DocBlock, Entity, Param

_COMPARISON_OPS = frozenset({"==", "!=", "<", ">", "<=", ">="})
_LITERALS = {
    "string_literal": "str", "text_block": "str", "character_literal": "other",
    "decimal_integer_literal": "int", "hex_integer_literal": "int", "octal_integer_literal": "int",
    "binary_integer_literal": "int", "decimal_floating_point_literal": "float",
    "hex_floating_point_literal": "float", "true": "bool", "false": "bool", "null_literal": "none",
    "lambda_expression": "lambda", "instanceof_expression": "comparison",
}

def strip_generics(s: str) -> str:
    """``s`` without its type arguments (``List<String>`` -> ``List``), white space removed."""
    i = s.find("<")
    return compact(s if i == -1 else s[:i])


def _modifiers(f: SourceFile, node: Node) -> tuple[list[str], int | None]:
    """Annotations (without ``@``) then modifier keywords; and the first keyword's offset."""
    annotations: list[str] = []
    keywords: list[str] = []
    first_kw: int | None = None
    for ch in node.children:
        if ch.type != "modifiers":
            continue
        for m in ch.children:
            if m.type in ("marker_annotation", "annotation"):
                annotations.append(compact(f.src(m))[1:])
            else:
                keywords.append(f.src(m))
                if first_kw is None:
                    first_kw = f.so(m.start_byte)
    return annotations + keywords, first_kw


def definition(f: SourceFile, sc: Scope, scopes: list[Scope]) -> Entity:
    """The entity of a type or method scope."""
    node = sc.node
    src = f.src
    parent = scopes[sc.parent] if sc.parent >= 0 else None
    nm = node.child_by_field_name("name")
    name = src(nm) if nm is not None else "?"
    start, end = f.so(node.start_byte), f.so(node.end_byte)
    decorators, first_kw = _modifiers(f, node)
    body = node.child_by_field_name("body")
    # the signature starts at the first modifier keyword or the first non-modifier child
    sig_start = first_kw
    if sig_start is None:
        for ch in node.children:
            if ch.type != "modifiers":
                sig_start = f.so(ch.start_byte)
                break
    sig_end = f.so(body.start_byte) if body is not None else end
    signature = " ".join(f.text[sig_start if sig_start is not None else start : sig_end].split()).rstrip(";").rstrip()
    ent = Entity(
        kind="class" if sc.is_class else "method",
        name=name,
        local_name=sc.local_name,
        module=f.module,
        path=f.path,
        language="java",
        range=f.lines.range(start, end),
        code=f.text[start:end],
        signature=signature,
        decorators=decorators,
        parent=parent.local_name if parent is not None else None,
    )
    ent.docless_code = ent.code
    fill_from_scope(ent, sc)
    if sc.is_class:
        bases: list[str] = []
        for field_name in ("superclass", "interfaces"):
            b = node.child_by_field_name(field_name)
            if b is not None:
                for t in _type_nodes(b):
                    bases.append(strip_generics(src(t)))
        for ch in node.named_children:
            if ch.type == "extends_interfaces":
                bases.extend(strip_generics(src(t)) for t in _type_nodes(ch))
        ent.bases = bases
        ent.raises = list(dict.fromkeys(sc.raises))
        return ent
    raises = list(sc.raises)
    for ch in node.named_children:
        if ch.type == "throws":
            raises.extend(strip_generics(src(t)) for t in ch.named_children)
    ent.raises = list(dict.fromkeys(raises))
    params = node.child_by_field_name("parameters")
    ent.params = _params(f, params) if params is not None else []
    if node.type == "compact_constructor_declaration" and parent is not None:
        rp = parent.node.child_by_field_name("parameters")
        ent.params = _params(f, rp) if rp is not None else []
    rtype = node.child_by_field_name("type")
    ent.returns = src(rtype) if rtype is not None else None
    in_interface = parent is not None and parent.node.type in ("interface_declaration", "annotation_type_declaration")
    ent.is_abstract = "abstract" in decorators or (
        body is None and node.type == "method_declaration" and "native" not in decorators
    ) or (in_interface and body is None)
    kinds = [_expr_kind(f, r.named_children[0] if r.named_child_count else None) for r in sc.returns]
    if rtype is not None and rtype.type == "void_type":
        kinds = ["none"]
    ent.return_kinds = list(dict.fromkeys(kinds))
    return ent


def _type_nodes(node: Node) -> list[Node]:
    out: list[Node] = []
    for ch in node.named_children:
        if ch.type == "type_list":
            out.extend(ch.named_children)
        else:
            out.append(ch)
    return out


def _params(f: SourceFile, node: Node) -> list[Param]:
    out: list[Param] = []
    for ch in node.named_children:
        if ch.type == "formal_parameter":
            ty = ch.child_by_field_name("type")
            nm = ch.child_by_field_name("name")
            ann = f.src(ty) if ty is not None else None
            dims = ch.child_by_field_name("dimensions")
            if dims is not None and ann is not None:
                ann += f.src(dims)
            out.append(Param(name=f.src(nm) if nm is not None else "?", annotation=ann))
        elif ch.type == "spread_parameter":
            spread_type: str | None = None
            name = "?"
            for c in ch.named_children:
                if c.type == "variable_declarator":
                    vn = c.child_by_field_name("name")
                    name = f.src(vn) if vn is not None else f.src(c)
                elif c.type not in ("modifiers",):
                    spread_type = f.src(c)
            ann = f"{spread_type}..." if spread_type else None
            out.append(Param(name=name, annotation=ann, kind="vararg"))
    return out


def _expr_kind(f: SourceFile, node: Node | None) -> str:
    if node is None:
        return "none"
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    t = node.type
    kind = _LITERALS.get(t)
    if kind is not None:
        return kind
    if t == "object_creation_expression":
        ty = node.child_by_field_name("type")
        return f"call:{strip_generics(f.src(ty))}" if ty is not None else "other"
    if t == "method_invocation":
        name = node.child_by_field_name("name")
        obj = node.child_by_field_name("object")
        callee = f.src(name) if name is not None else "?"
        if obj is not None and obj.type in ("identifier", "this", "super", "field_access"):
            callee = f"{compact(f.src(obj))}.{callee}"
        return f"call:{callee}"
    if t == "identifier":
        return f"name:{f.src(node)}"
    if t == "binary_expression":
        return binary_kind(node, _COMPARISON_OPS, lambda operand: _expr_kind(f, operand))
    if t == "unary_expression":
        op = node.child_by_field_name("operator")
        if op is not None and op.type == "!":
            return "comparison"
        return _expr_kind(f, node.child_by_field_name("operand")) if op is not None and op.type == "-" else "other"
    if t == "array_creation_expression":
        return "list"
    return "other"


def field_entities(
    f: SourceFile, sc: Scope, error_ranges: list[tuple[int, int]], javadoc_nodes: set[int], docs: list[DocBlock]
) -> list[Entity]:
    """The field and enum-constant entities of a class scope; each Javadoc block found is added
    to ``docs`` once (``javadoc_nodes``: start bytes of those already added)."""
    node = sc.node
    body = node.child_by_field_name("body")
    out: list[Entity] = []
    if body is None:
        return out
    members = list(body.named_children)
    for ch in body.named_children:
        if ch.type == "enum_body_declarations":
            members.extend(ch.named_children)
    class_name = sc.node.child_by_field_name("name")
    for m in members:
        decls: list[tuple[Node, str | None, Node | None]] = []
        if m.type in ("field_declaration", "constant_declaration"):
            ty = m.child_by_field_name("type")
            tys = f.src(ty) if ty is not None else None
            for d in m.children_by_field_name("declarator"):
                nm = d.child_by_field_name("name")
                if nm is not None:
                    decls.append((nm, tys, d.child_by_field_name("value")))
        elif m.type == "enum_constant":
            nm = m.child_by_field_name("name")
            if nm is not None:
                decls.append((nm, f.src(class_name) if class_name is not None else None, None))
        else:
            continue
        decorators, _ = _modifiers(f, m)
        doc_node = javadoc_node(m)
        shared: DocBlock | None = None
        for nm, tys, value in decls:
            name = f.src(nm)
            start, end = f.so(m.start_byte), f.so(m.end_byte)
            ent = Entity(
                kind="field", name=name, local_name=f"{sc.local_name}.{name}", module=f.module,
                path=f.path, language="java", range=f.lines.range(start, end),
                code=f.text[start:end], signature=" ".join(f.text[start:end].split()),
                annotation=tys, value_kind=_expr_kind(f, value) if value is not None else None,
                decorators=decorators, parent=sc.local_name,
            )
            ent.docless_code = ent.code
            if doc_node is not None:
                # one Javadoc over `int a, b;` documents both; its owner is the first
                doc = shared or javadoc(f, doc_node, ent.local_name, error_ranges)
                shared = doc
                if doc is not None:
                    ent.doc = doc
                    if doc_node.start_byte not in javadoc_nodes:
                        javadoc_nodes.add(doc_node.start_byte)
                        docs.append(doc)
            out.append(ent)
    return out


def javadoc_node(decl: Node) -> Node | None:
    """The ``/** */`` comment right above ``decl`` (line comments between may be skipped)."""
    prev = decl.prev_sibling
    while prev is not None and prev.type == "line_comment":
        prev = prev.prev_sibling
    if prev is not None and prev.type == "block_comment" and prev.end_point.row + 1 >= decl.start_point.row:
        if prev.text is not None and prev.text.startswith(b"/**") and prev.text != b"/**/":
            return prev
    return None


def javadoc(f: SourceFile, node: Node, owner: str, error_ranges: list[tuple[int, int]]) -> DocBlock | None:
    """The Javadoc block of ``node`` owned by ``owner``."""
    return doc_comment_block(f, node, owner, error_ranges, "javadoc")
