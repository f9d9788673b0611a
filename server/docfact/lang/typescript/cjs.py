"""The CommonJS exports of a JavaScript file, as compilers (tsc, Babel) and people write them.

Read from the file's top-level statements, never executed:

- ``exports.x = value`` and ``module.exports.x = value`` (also tsc's ``exports.a = exports.b =
  void 0`` list) define ``x``; ``exports.x = m_1.y`` with ``m_1 = require("./m")`` (bare or
  wrapped: ``__importStar(require(...))``) re-exports ``y`` of ``./m`` as ``x``;
- ``Object.defineProperty(exports, "x", { get: function () { return m_1.y; } })`` likewise, and
  with ``value:`` it defines ``x``;
- ``__exportStar(require("./m"), exports)`` (``tslib.__exportStar``, older tsc's ``__export``)
  and ``module.exports = require("./m")`` re-export everything of ``./m``;
- ``module.exports = { a, b: c }`` defines ``a`` and ``b``.

Exports that cannot be listed (``exports[name] = ...``, ``Object.assign(exports, ...)``, a
spread in ``module.exports = {...}``, ``module.exports = someValue``) make the module open: a
star import of :data:`OPEN_MODULE`, a module no project has, so the module's names are never
judged complete (see ``ImportResolver.opaque_module``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tree_sitter import Node

from docfact.index.source import SourceFile
from docfact.lang.typescript.modules import resolve_specifier
from docfact.lang.typescript.syntax import expr_kind, member_parts
from docfact.model import Entity, Import

OPEN_MODULE = "<commonjs-dynamic>"  # the module an open export list star-imports
_STAR_HELPERS = frozenset({"__exportStar", "__export"})


@dataclass
class CommonJsExports:
    """What a file's CommonJS exports add to its index."""

    imports: list[Import] = field(default_factory=list)
    names: list[tuple[str, Node, Node | None]] = field(default_factory=list)  # (name, statement, value)


def _string(f: SourceFile, node: Node | None) -> str | None:
    if node is None or node.type not in ("string", "template_string"):
        return None
    text = f.src(node)
    return text[1:-1] if "${" not in text else None


def _required(f: SourceFile, node: Node | None) -> tuple[str, str | None] | None:
    """(specifier, member) of ``require("m")``, ``require("m").y``, ``helper(require("m"))``."""
    if node is None:
        return None
    if node.type == "member_expression":
        inner = _required(f, node.child_by_field_name("object"))
        prop = node.child_by_field_name("property")
        if inner is not None and inner[1] is None and prop is not None:
            return inner[0], f.src(prop)
        return None
    if node.type != "call_expression":
        return None
    fn = node.child_by_field_name("function")
    args = node.child_by_field_name("arguments")
    first = args.named_children[0] if args is not None and args.named_child_count else None
    if fn is not None and fn.type == "identifier" and f.src(fn) == "require":
        spec = _string(f, first)
        return (spec, None) if spec is not None else None
    return _required(f, first) if first is not None and first.type == "call_expression" else None


def _callee(f: SourceFile, node: Node | None) -> str:
    """The last name of a callee: ``tslib_1.__exportStar`` -> ``__exportStar``."""
    if node is None:
        return ""
    if node.type == "member_expression":
        prop = node.child_by_field_name("property")
        obj = node.child_by_field_name("object")
        return f"{f.src(obj)}.{f.src(prop)}" if obj is not None and obj.type == "identifier" and \
            f.src(obj) == "Object" and prop is not None else (f.src(prop) if prop is not None else "")
    return f.src(node) if node.type == "identifier" else ""


def _export_target(f: SourceFile, node: Node | None) -> str | None:
    """``x`` of ``exports.x`` / ``module.exports.x``; ``""`` for ``module.exports`` itself;
    ``"[]"`` for a computed ``exports[...]``; None for anything else."""
    if node is None:
        return None
    if node.type == "subscript_expression":
        obj = node.child_by_field_name("object")
        return "[]" if obj is not None and f.src(obj) in ("exports", "module.exports") else None
    parts = member_parts(node)
    if parts is None:
        return None
    obj, prop = parts
    if obj.type == "identifier" and f.src(obj) == "module" and f.src(prop) == "exports":
        return ""
    if f.src(obj) in ("exports", "module.exports"):
        return f.src(prop)
    return None


def read_commonjs(f: SourceFile, root: Node, path: str, module: str) -> CommonJsExports:
    """The CommonJS exports of a file's top-level statements (see the module docstring)."""
    out = CommonJsExports()
    if "exports" not in f.text:
        return out
    reader = _CommonJsReader(f, path, module, out)
    data = f.data
    for stmt in root.named_children:
        if stmt.type in ("lexical_declaration", "variable_declaration"):
            if data.find(b"require", stmt.start_byte, stmt.end_byte) >= 0:
                reader.declaration(stmt)
            continue
        if stmt.type != "expression_statement" or not _MAY_EXPORT.match(data, stmt.start_byte):
            continue
        expr = stmt.named_children[0]
        if expr.type == "assignment_expression":
            reader.assignment(stmt, expr)
        elif expr.type == "call_expression":
            reader.call(stmt, expr)
    text = f.text
    if any(not (m.start() and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_$"))
           and not _in_helper(text, m.start()) for m in _COMPUTED_EXPORT.finditer(text)):
        reader.opened(root)  # ``exports[name] = ...`` anywhere, say in a loop
    return out


class _CommonJsReader:
    """Reads one file's top-level statements into its :class:`CommonJsExports`, remembering the
    locals bound to ``require(...)`` calls on the way."""

    def __init__(self, f: SourceFile, path: str, module: str, out: CommonJsExports) -> None:
        self.f = f
        self.path = path
        self.module = module
        self.out = out
        self.bindings: dict[str, tuple[str, str | None]] = {}  # local -> (specifier, member)

    def target_of(self, spec: str) -> str:
        """The module a ``require`` specifier names."""
        return resolve_specifier(spec, self.module, self.path)

    def opened(self, stmt: Node) -> None:
        """The export list is open from ``stmt`` on: names docfact cannot list are exported."""
        self.out.imports.append(Import(module=OPEN_MODULE, name="*", alias=None,
                                       line=stmt.start_point.row))

    def declaration(self, stmt: Node) -> None:
        """A ``const``/``let``/``var`` declaration: remember each local bound to a ``require``."""
        f = self.f
        for d in stmt.named_children:
            nm = d.child_by_field_name("name") if d.type == "variable_declarator" else None
            req = _required(f, d.child_by_field_name("value")) if nm is not None else None
            if nm is not None and nm.type == "identifier" and req is not None:
                self.bindings[f.src(nm)] = req

    def assignment(self, stmt: Node, expr: Node) -> None:
        """``exports.a = exports.b = value``: every target, then the one value they all get."""
        targets: list[Node | None] = []
        value: Node | None = expr
        while value is not None and value.type == "assignment_expression":
            left = value.child_by_field_name("left")
            value = value.child_by_field_name("right")
            targets.append(left)
        for left in targets:
            name = _export_target(self.f, left)
            if name is None:
                continue
            if name == "[]":
                self.opened(stmt)
            elif name:
                self.reexport(name, stmt, value)
            else:
                _module_exports(self.f, stmt, value, self.out, self.target_of, self.opened,
                                self.reexport)

    def call(self, stmt: Node, expr: Node) -> None:
        """A call statement that may export: a star re-export helper (``__exportStar(require(
        ...), exports)``), ``Object.defineProperty(exports, ...)``, ``Object.assign(exports, ...)``
        or ``Object.defineProperties(exports, ...)``."""
        f = self.f
        callee = _callee(f, expr.child_by_field_name("function"))
        args = expr.child_by_field_name("arguments")
        argv = args.named_children if args is not None else []
        if callee in _STAR_HELPERS and argv:
            self.star(stmt, argv[0])
        elif (callee == "Object.defineProperty" and len(argv) >= 3
              and f.src(argv[0]) in ("exports", "module.exports")):
            name = _string(f, argv[1])
            if name is None:
                self.opened(stmt)
            elif name != "__esModule":
                self.reexport(name, stmt, _property_value(f, argv[2]))
        elif callee in ("Object.assign", "Object.defineProperties") and argv and \
                f.src(argv[0]) in ("exports", "module.exports"):
            self.opened(stmt)

    def star(self, stmt: Node, source: Node) -> None:
        """A star re-export of ``source``: a required module (directly or through a local bound
        to it) is star-imported; anything else opens the export list."""
        f = self.f
        req = _required(f, source)
        if req is not None and req[1] is None:
            self.out.imports.append(Import(module=self.target_of(req[0]), name="*", alias=None,
                                           line=stmt.start_point.row))
        elif source.type == "identifier" and f.src(source) in self.bindings:
            spec, member = self.bindings[f.src(source)]
            if member is None:
                self.out.imports.append(Import(module=self.target_of(spec), name="*", alias=None,
                                               line=stmt.start_point.row))
            else:
                self.opened(stmt)
        else:
            self.opened(stmt)

    def reexport(self, name: str, stmt: Node, value: Node | None) -> None:
        """``name`` is exported with ``value``: a re-export when it is read from a required
        module or a local of another name, else a definition."""
        f, out, bindings, target_of = self.f, self.out, self.bindings, self.target_of
        line = stmt.start_point.row
        if value is not None and value.type == "member_expression":
            obj = value.child_by_field_name("object")
            prop = value.child_by_field_name("property")
            if (obj is not None and prop is not None and obj.type == "identifier"
                    and f.src(obj) in bindings):
                spec, member = bindings[f.src(obj)]
                if member is None:
                    out.imports.append(Import(module=target_of(spec), name=f.src(prop), alias=name,
                                              line=line))
                    return
        req = _required(f, value)
        if req is not None:
            spec, member = req
            out.imports.append(Import(module=target_of(spec), name=member, alias=name, line=line))
            return
        if value is not None and value.type == "identifier" and f.src(value) != name:
            local = f.src(value)
            if local in bindings:
                spec, member = bindings[local]
                out.imports.append(Import(module=target_of(spec), name=member, alias=name,
                                          line=line))
            elif local not in ("undefined",):
                out.imports.append(Import(module=self.module, name=local, alias=name, line=line))
            return
        out.names.append((name, stmt, value))


# how a statement that may export starts: ``exports.``, ``module.exports``, ``Object.defineProperty``,
# ``Object.assign``, a re-export helper (``__exportStar(``, ``tslib_1.__exportStar(``)
_MAY_EXPORT = re.compile(rb"\(?\s*(?:exports\b|module\s*\.|Object\s*\.|(?:\w+\.)?__export|\(0,)")

# ``exports[name] = ...`` (not ``==``), and tsc's helpers that copy a star re-export that way
_COMPUTED_EXPORT = re.compile(r"exports\s*\[[^\]\n]*\]\s*=(?!=)")  # (a literal start: a fast scan)
_HELPER = re.compile(r"__export\w*|__createBinding")


def _in_helper(text: str, at: int) -> bool:
    """Whether offset ``at`` lies in a compiler's re-export helper (within its line or the
    three lines before it)."""
    start = at
    for _ in range(4):
        start = text.rfind("\n", 0, start)
        if start < 0:
            break
    end = text.find("\n", at)
    return _HELPER.search(text[start + 1 : end if end >= 0 else len(text)]) is not None


def _property_value(f: SourceFile, descriptor: Node) -> Node | None:
    """What a property descriptor ``{ value: v }`` or ``{ get() { return v; } }`` gives."""
    if descriptor.type != "object":
        return None
    for p in descriptor.named_children:
        key = p.child_by_field_name("key") if p.type in ("pair", "method_definition") else None
        if key is None:
            key = p.child_by_field_name("name")
        if key is None or f.src(key) not in ("value", "get"):
            continue
        fn = p.child_by_field_name("value") if p.type == "pair" else p
        if f.src(key) == "value":
            return fn
        body = fn.child_by_field_name("body") if fn is not None else None
        if body is not None and body.type != "statement_block":
            return body  # ``get: () => m_1.y``
        ret = next((s for s in body.named_children if s.type == "return_statement"), None) if body is not None else None
        return ret.named_children[0] if ret is not None and ret.named_child_count else None
    return None


def _module_exports(f: SourceFile, stmt: Node, value: Node | None, out: CommonJsExports,  # type: ignore[no-untyped-def]
                    target_of, opened, reexport) -> None:
    """``module.exports = value``."""
    if value is None:
        return
    req = _required(f, value)
    if req is not None and req[1] is None:
        out.imports.append(Import(module=target_of(req[0]), name="*", alias=None, line=stmt.start_point.row))
        return
    if value.type != "object":
        # a function, a class or any other value: the names importers take from it are its
        # properties, which are not listed here
        opened(stmt)
        return
    for p in value.named_children:
        if p.type == "shorthand_property_identifier":
            reexport(f.src(p), stmt, None)
        elif p.type == "pair":
            key = p.child_by_field_name("key")
            if key is None or key.type == "computed_property_name":
                opened(stmt)
                continue
            reexport(f.src(key).strip("'\""), stmt, p.child_by_field_name("value"))
        elif p.type == "method_definition":
            nm = p.child_by_field_name("name")
            if nm is not None:
                reexport(f.src(nm).strip("'\""), stmt, None)
        elif p.type == "spread_element":
            opened(stmt)


def exported_variables(f: SourceFile, cjs: CommonJsExports, defined: set[str],
                       language: str) -> list[tuple[Entity, Node]]:
    """Module variables for the names CommonJS exports define that the file does not define
    otherwise (``exports.VERSION = "1.2"``), each anchored at its statement."""
    out: list[tuple[Entity, Node]] = []
    seen = set(defined) | {i.alias for i in cjs.imports if i.alias}  # a re-export is not a definition
    for name, stmt, value in cjs.names:
        if name in seen or not name.isidentifier():
            continue
        seen.add(name)
        start, end = f.so(stmt.start_byte), f.so(stmt.end_byte)
        code = f.text[start:end]
        kind = expr_kind(f, value) if value is not None and not f.src(value).startswith("void") else None
        ent = Entity(kind="variable", name=name, local_name=name, module=f.module, path=f.path, language=language,
                     range=f.lines.range(start, end), code=code, signature=" ".join(code.split())[:200],
                     value_kind=kind)
        ent.docless_code = code
        out.append((ent, stmt))
    return out
