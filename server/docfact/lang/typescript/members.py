"""Entities of the TypeScript/JavaScript extractor besides functions and classes: class
fields, interface properties, enum members, parameter properties, module-level variables and
type aliases; and the merging of overload signatures with their implementation."""

from __future__ import annotations

from tree_sitter import Node

from docfact.index.source import SourceFile
from docfact.lang.typescript.syntax import FUNCTION_VALUES, TsScope, expr_kind, modifiers, type_text
from docfact.model import Entity, Param


def merge_overloads(entities: list[Entity]) -> list[Entity]:
    """One entity per overloaded name: the implementation (or the last signature), with the
    parameter names of every signature and the types all of them agree on."""
    groups: dict[tuple[str, str], list[Entity]] = {}
    for e in entities:
        if e.kind in ("function", "method"):
            groups.setdefault((e.local_name, "get" if "get" in e.decorators else
                               "set" if "set" in e.decorators else ""), []).append(e)
    drop: set[int] = set()
    for group in groups.values():
        if len(group) < 2:
            continue
        impls = [e for e in group if not (e.is_abstract and e.signature and e.code.rstrip().endswith(";"))]
        main = impls[-1] if impls else group[-1]
        others = [e for e in group if e is not main]
        first = group[0]
        main.range = type(main.range)(first.range.start, main.range.end) if first.range.start < main.range.start \
            else main.range
        names = {p.name for p in main.params}
        types: dict[str, set[str | None]] = {p.name: {p.annotation} for p in main.params}
        rets = {main.returns}
        for o in others:
            for p in o.params:
                types.setdefault(p.name, set()).add(p.annotation)
                if p.name not in names:
                    names.add(p.name)
                    main.params.append(Param(name=p.name, annotation=p.annotation, kind=p.kind,
                                             optional=True))
            rets.add(o.returns)
            main.raises = list(dict.fromkeys([*main.raises, *o.raises]))
            drop.add(id(o))
        for p in main.params:
            if len(types.get(p.name, set())) > 1:
                p.annotation = None
        if len(rets) > 1:
            main.returns = None
        main.code = main.docless_code = "\n".join(e.code for e in group)  # signatures first
        main.decorators = list(dict.fromkeys([*main.decorators, "overload"]))
        main.is_abstract = all(e.is_abstract for e in group)
    return [e for e in entities if id(e) not in drop]


def class_fields(f: SourceFile, sc: TsScope, language: str) -> list[tuple[Entity, Node]]:
    """Class fields, interface properties, enum members and parameter properties."""
    node = sc.node
    body = node.child_by_field_name("body")
    out: list[tuple[Entity, Node]] = []
    if body is None:
        return out
    for m in body.named_children:
        name_node: Node | None = None
        ann: str | None = None
        value: Node | None = None
        if m.type in ("public_field_definition", "field_definition", "property_signature"):
            name_node = m.child_by_field_name("name") or m.child_by_field_name("property")
            ann = type_text(f, m.child_by_field_name("type"))
            value = m.child_by_field_name("value")
            if value is not None and value.type in FUNCTION_VALUES:
                continue  # a method written as a field: a scope of its own
        elif m.type == "enum_assignment":
            name_node = m.child_by_field_name("name")
            value = m.child_by_field_name("value")
            ann = sc.name
        elif m.type == "property_identifier" and node.type == "enum_declaration":
            name_node = m
            ann = sc.name
        elif m.type == "method_definition":
            nm = m.child_by_field_name("name")
            if nm is not None and f.src(nm) == "constructor":
                params = m.child_by_field_name("parameters")
                for p in params.named_children if params is not None else []:
                    if p.type in ("required_parameter", "optional_parameter") and \
                            any(c.type in ("accessibility_modifier", "readonly") for c in p.children):
                        pat = p.child_by_field_name("pattern")
                        if pat is not None and pat.type == "identifier":
                            typ = type_text(f, p.child_by_field_name("type"))
                            out.append((_field_entity(f, sc.local_name, p, pat, typ, None, language), p))
            continue
        else:
            continue
        if name_node is None:
            continue
        out.append((_field_entity(f, sc.local_name, m, name_node, ann, value, language), m))
    return out


def _field_entity(f: SourceFile, owner: str, m: Node, name_node: Node, ann: str | None,
                  value: Node | None, language: str) -> Entity:
    name = f.src(name_node).strip("'\"")
    start, end = f.so(m.start_byte), f.so(m.end_byte)
    code = f.text[start:end]
    ent = Entity(
        kind="field", name=name, local_name=f"{owner}.{name}", module=f.module, path=f.path,
        language=language, range=f.lines.range(start, end), code=code, signature=" ".join(code.split()),
        annotation=ann, value_kind=expr_kind(f, value) if value is not None else None,
        decorators=modifiers(f, m), parent=owner,
    )
    ent.docless_code = code
    return ent


def module_variables(f: SourceFile, root: Node, language: str) -> list[tuple[Entity, Node]]:
    """Module-level constants and variables that are not functions; type aliases as variables."""
    out: list[tuple[Entity, Node]] = []
    for stmt in root.named_children:
        decl = stmt
        if stmt.type == "export_statement":
            inner = stmt.child_by_field_name("declaration")
            if inner is None:
                continue
            decl = inner
        if decl.type == "type_alias_declaration":
            nm = decl.child_by_field_name("name")
            if nm is not None:
                value = decl.child_by_field_name("value")
                out.append((_variable(f, stmt, f.src(nm), None, value, language, "type"), stmt))
            continue
        if decl.type not in ("lexical_declaration", "variable_declaration"):
            continue
        for d in decl.named_children:
            if d.type != "variable_declarator":
                continue
            nm = d.child_by_field_name("name")
            value = d.child_by_field_name("value")
            if nm is None or nm.type != "identifier" or (value is not None and value.type in FUNCTION_VALUES):
                continue
            out.append((_variable(f, stmt, f.src(nm), type_text(f, d.child_by_field_name("type")), value,
                             language, None), stmt))
    return out


def _variable(f: SourceFile, stmt: Node, name: str, ann: str | None, value: Node | None, language: str,
         kind: str | None) -> Entity:
    start, end = f.so(stmt.start_byte), f.so(stmt.end_byte)
    code = f.text[start:end]
    ent = Entity(
        kind="variable", name=name, local_name=name, module=f.module, path=f.path, language=language,
        range=f.lines.range(start, end), code=code, signature=" ".join(code.split())[:200],
        annotation=ann, value_kind=kind or (expr_kind(f, value) if value is not None else None),
    )
    ent.docless_code = code
    return ent


def assigned_members(f: SourceFile, root: Node, classes: set[str], language: str) -> list[tuple[Entity, Node]]:
    """Members a file's top level assigns to its own classes after their bodies, that are not
    functions (those are methods already): ``Palette.NAMES = {...}`` (static) and
    ``Palette.prototype.size = 0``."""
    out: list[tuple[Entity, Node]] = []
    seen: set[str] = set()
    for stmt in root.named_children:
        expr = stmt.named_children[0] if stmt.type == "expression_statement" and stmt.named_child_count else None
        if expr is None or expr.type != "assignment_expression":
            continue
        left = expr.child_by_field_name("left")
        value = expr.child_by_field_name("right")
        if left is None or left.type != "member_expression" or (value is not None and value.type in FUNCTION_VALUES):
            continue
        obj = left.child_by_field_name("object")
        prop = left.child_by_field_name("property")
        if obj is None or prop is None or prop.type != "property_identifier":
            continue
        static = True
        if obj.type == "member_expression" and f.src(obj).endswith(".prototype"):
            obj = obj.child_by_field_name("object")
            static = False
        owner = f.src(obj) if obj is not None and obj.type == "identifier" else None
        if owner not in classes or f"{owner}.{f.src(prop)}" in seen:
            continue
        seen.add(f"{owner}.{f.src(prop)}")
        ent = _field_entity(f, owner, stmt, prop, None, value, language)
        if static:
            ent.decorators = ["static"]
        out.append((ent, stmt))
    return out
