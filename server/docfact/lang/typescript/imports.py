"""The imports of a TypeScript/JavaScript file as :class:`~docfact.model.Import` records:
``import``, ``export ... from``, ``export default``/``export { a as b }`` (bound in the module
itself) and ``require``; specifiers become dotted modules (:mod:`docfact.lang.typescript.modules`)."""

from __future__ import annotations

from tree_sitter import Node

from docfact.index.source import SourceFile
from docfact.lang.typescript.modules import resolve_specifier
from docfact.model import Import


def _string_value(f: SourceFile, node: Node | None) -> str | None:
    if node is None or node.type != "string":
        return None
    return f.src(node)[1:-1]


def read_imports(f: SourceFile, caps: dict[str, list[Node]], path: str, module: str) -> list[Import]:
    """The file's imports: its ``import`` statements, then its ``export`` statements, then its
    ``require`` calls bound to a variable, each in source order."""
    out: list[Import] = []
    for node in caps.get("import", []):
        _import_statement(f, node, path, module, out)
    for node in caps.get("export", []):
        _export_statement(f, node, path, module, out)
    for node in caps.get("call", []):  # const x = require("m")
        _require_call(f, node, path, module, out)
    return out


def _import_statement(f: SourceFile, node: Node, path: str, module: str, out: list[Import]) -> None:
    """``import d, * as ns, { a, b as c } from "m"``: each binding it makes."""
    spec = _string_value(f, node.child_by_field_name("source"))
    if spec is None:
        return
    target = resolve_specifier(spec, module, path)
    line = node.start_point.row
    clause = next((c for c in node.named_children if c.type == "import_clause"), None)
    if clause is None:
        return
    for c in clause.named_children:
        if c.type == "identifier":
            out.append(Import(module=target, name="default", alias=f.src(c), line=line))
        elif c.type == "namespace_import":
            nm = next((x for x in c.named_children if x.type == "identifier"), None)
            if nm is not None:
                out.append(Import(module=target, name=None, alias=f.src(nm), line=line))
        elif c.type == "named_imports":
            for spec_node in c.named_children:
                if spec_node.type != "import_specifier":
                    continue
                nm = spec_node.child_by_field_name("name")
                alias = spec_node.child_by_field_name("alias")
                if nm is not None:
                    out.append(Import(module=target, name=f.src(nm).strip("'\""),
                                      alias=f.src(alias) if alias is not None else None,
                                      line=line))


def _export_statement(f: SourceFile, node: Node, path: str, module: str, out: list[Import]) -> None:
    """An ``export`` statement that re-exports: ``export * [as ns] from "m"``, ``export { a as
    b } [from "m"]`` (a renaming within the module included), ``export default name``."""
    line = node.start_point.row
    spec = _string_value(f, node.child_by_field_name("source"))
    target = resolve_specifier(spec, module, path) if spec is not None else module
    clause = next((c for c in node.named_children if c.type == "export_clause"), None)
    if spec is not None and clause is None:
        ns = next((c for c in node.named_children if c.type == "namespace_export"), None)
        if ns is not None:  # export * as ns from "m"
            nm = next((x for x in ns.named_children if x.type in ("identifier", "string")), None)
            if nm is not None:
                out.append(Import(module=target, name=None, alias=f.src(nm).strip("'\""),
                                  line=line))
        else:
            out.append(Import(module=target, name="*", alias=None, line=line))
        return
    if clause is not None:
        for s in clause.named_children:
            if s.type != "export_specifier":
                continue
            nm = s.child_by_field_name("name")
            alias = s.child_by_field_name("alias")
            if nm is None:
                continue
            name = f.src(nm).strip("'\"")
            bound = f.src(alias).strip("'\"") if alias is not None else None
            if spec is None and (bound is None or bound == name):
                continue  # ``export { a }``: the name is already the module's own
            out.append(Import(module=target, name=name, alias=bound, line=line))
        return
    if any(c.type == "default" for c in node.children):
        decl = node.child_by_field_name("declaration") or node.child_by_field_name("value")
        nm = (decl.child_by_field_name("name")
              if decl is not None and decl.type != "identifier" else decl)
        if nm is not None and nm.type in ("identifier", "type_identifier"):
            out.append(Import(module=module, name=f.src(nm), alias="default", line=line))


def _require_call(f: SourceFile, node: Node, path: str, module: str, out: list[Import]) -> None:
    """A call; when it is ``require("m")`` assigned to a variable (``const x = ...``) or a
    destructuring (``const { a, b: c } = ...``), the bindings it makes."""
    fn = node.child_by_field_name("function")
    if fn is None or fn.type != "identifier" or f.src(fn) != "require":
        return
    args = node.child_by_field_name("arguments")
    arg = args.named_children[0] if args is not None and args.named_child_count else None
    spec = _string_value(f, arg)
    decl = node.parent
    if spec is None or decl is None or decl.type != "variable_declarator":
        return
    target = resolve_specifier(spec, module, path)
    nm = decl.child_by_field_name("name")
    line = node.start_point.row
    if nm is not None and nm.type == "identifier":
        out.append(Import(module=target, name=None, alias=f.src(nm), line=line))
    elif nm is not None and nm.type == "object_pattern":
        for p in nm.named_children:
            if p.type == "shorthand_property_identifier_pattern":
                out.append(Import(module=target, name=f.src(p), alias=None, line=line))
            elif p.type == "pair_pattern":
                k, v = p.child_by_field_name("key"), p.child_by_field_name("value")
                if k is not None and v is not None and v.type == "identifier":
                    out.append(Import(module=target, name=f.src(k), alias=f.src(v), line=line))
