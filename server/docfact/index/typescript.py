"""The TypeScript/JavaScript extractor: one tree-sitter query pass per file, then per-scope
aggregation (the grammar follows the extension: .ts/.mts/.cts, .tsx, .js/.jsx/.mjs/.cjs).

Naming: ``module`` comes from the path (:mod:`docfact.index.ts_modules`); ``local_name`` is the
path of classes and members inside the file (``Store``, ``Store.save``, ``Store.constructor``).
Functions are declarations and function values bound to a name: ``const f = () => ...``,
``exports.f = function ...``, ``Router.prototype.handle = function ...`` (``Router.handle``);
an anonymous ``export default`` function or class and ``module.exports = function (...)``
are named ``default``.
Overload signatures and their implementation are one entity: the implementation's code and
parameters, plus the names only an overload uses; parameter types that differ between the
signatures are dropped. Modifiers and decorators are listed in ``decorators`` (``["export",
"static", "get"]``). Parameter properties (``constructor(private x: T)``) are also fields.
"""

from __future__ import annotations

import bisect
from functools import lru_cache
from pathlib import Path

from tree_sitter import Language, Node, Parser, Query, QueryCursor

from docfact.index import common
from docfact.index.common import SourceFile, compact, error_lines, masked_text
from docfact.index.ts_docs import comment_blocks, doc_comment, jsdoc_block
from docfact.index.ts_imports import read_imports
from docfact.index.ts_members import class_fields, merge_overloads, module_variables
from docfact.index.ts_syntax import (
    CLASS_TYPES,
    FUNCTIONS,
    SIGNATURES,
    Scope,
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
from docfact.model import DocBlock, Entity, EntityKind, FileIndex, Param

_KEYWORDS = frozenset(
    """abstract any as async await boolean break case catch class const constructor continue
    debugger declare default delete do else enum export extends false finally for from function
    get if implements import in infer instanceof interface is keyof let module namespace never new
    null number object of package private protected public readonly require return satisfies set
    static string super switch symbol this throw true try type typeof undefined unique unknown var
    void while with yield""".split()
)


def language_of(path: str) -> str:
    """"typescript" for .ts/.tsx/.mts/.cts files, "javascript" otherwise."""
    return "typescript" if Path(path).suffix.lower() in (".ts", ".tsx", ".mts", ".cts") else "javascript"


@lru_cache(maxsize=3)
def _tools(grammar: str) -> tuple[Parser, Query]:
    queries = Path(__file__).parent / "queries"
    src = (queries / "javascript.scm").read_text(encoding="utf-8")
    if grammar == "javascript":
        import tree_sitter_javascript

        lang = Language(tree_sitter_javascript.language())
        src += (queries / "javascript_only.scm").read_text(encoding="utf-8")
    else:
        import tree_sitter_typescript

        lang = Language(tree_sitter_typescript.language_tsx() if grammar == "tsx"
                        else tree_sitter_typescript.language_typescript())
        src += (queries / "typescript.scm").read_text(encoding="utf-8")
    return Parser(lang), Query(lang, src)


def _grammar(path: str) -> str:
    suffix = Path(path).suffix.lower()
    if suffix == ".tsx":
        return "tsx"
    if suffix in (".ts", ".mts", ".cts"):
        return "typescript"
    return "javascript"


def parser(path: str) -> Parser:
    """The cached parser for the grammar of ``path``."""
    return _tools(_grammar(path))[0]


def _function_owner(node: Node) -> Node | None:
    """The nearest function node enclosing ``node`` (None at module level)."""
    p = node.parent
    while p is not None and p.type not in FUNCTIONS and p.type not in CLASS_TYPES:
        p = p.parent
    return p if p is not None and p.type in FUNCTIONS else None


def extract(path: str, text: str, module: str) -> FileIndex:
    """Index one TypeScript or JavaScript source text."""
    prs, query = _tools(_grammar(path))
    language = language_of(path)
    f = SourceFile(path, text, module)
    tree = prs.parse(f.data)
    root = tree.root_node
    caps = QueryCursor(query).captures(root)
    for key in caps:
        caps[key].sort(key=lambda n: (n.start_byte, -n.end_byte))
    fi = FileIndex(path=path, module=module, language=language, text=text)
    error_ranges: list[tuple[int, int]] = []
    if root.has_error:
        fi.syntax_error_lines = error_lines(root, error_ranges)
        error_ranges = [(f.so(s), f.so(e)) for s, e in error_ranges]

    scopes: list[Scope] = []
    fn_scope: dict[int, int] = {}  # start byte of a function node -> scope index
    for n in caps.get("class", []):
        nm = n.child_by_field_name("name")
        if nm is None and (n.parent is None or n.parent.type != "export_statement"):
            continue  # an anonymous class expression
        # ``export default class { ... }`` is the module's ``default``
        name = f.src(nm) if nm is not None else "default"
        scopes.append(Scope(n, doc_anchor(n), n.start_byte, n.end_byte, True, name))
    for n in caps.get("def", []):
        sc = _def_scope(f, n)
        if sc is not None:
            scopes.append(sc)
    scopes.sort(key=lambda s: (s.start, -s.end))
    stack: list[int] = []
    for i, sc in enumerate(scopes):
        while stack and scopes[stack[-1]].end <= sc.start:
            stack.pop()
        if stack and not sc.name.startswith(("#", "[")) and "." not in sc.name:
            sc.parent = stack[-1]
            scopes[sc.parent].children.append(i)
            sc.local_name = f"{scopes[sc.parent].local_name}.{sc.name}"
        else:
            if stack:
                sc.parent = stack[-1]
                scopes[sc.parent].children.append(i)
            sc.local_name = sc.name
        stack.append(i)
        fn_scope[sc.node.start_byte] = i
    starts = [s.start for s in scopes]
    mod_scope = Scope(root, root, 0, len(f.data), False, "")

    def scope_at(b: int) -> Scope:
        i = bisect.bisect_right(starts, b) - 1
        while i >= 0 and scopes[i].end <= b:
            i = scopes[i].parent
        return mod_scope if i < 0 else scopes[i]

    def owner_scope(node: Node) -> Scope | None:
        fn = _function_owner(node)
        if fn is None:
            return mod_scope
        i = fn_scope.get(fn.start_byte, -1)
        return scopes[i] if i >= 0 and scopes[i].node == fn else None

    _collect(f, caps, scope_at, owner_scope)
    masked = masked_text(f, caps.get("strc", []), caps.get("comment", []))
    stem = Path(path).name
    module_entity = Entity(
        kind="module", name=stem, local_name="", module=module, path=path, language=language,
        range=f.whole_range(), code=text, docless_code=text,
    )
    fi.entities.append(module_entity)
    docs: list[DocBlock] = []
    doc_nodes: set[int] = set()
    entities: list[Entity] = []
    for sc in scopes:
        ent = _definition(f, sc, scopes, language)
        sc.entity = ent
        entities.append(ent)
    fields: list[tuple[Entity, Node]] = []
    for sc in scopes:
        if sc.is_class:
            assert sc.entity is not None
            fields.extend(class_fields(f, sc, language))
    entities = merge_overloads(entities)
    for sc in scopes:
        if sc.entity is None:
            continue
        body_start = sc.node.child_by_field_name("parameters") or sc.node.child_by_field_name("name") or sc.node
        pos = f.so(body_start.start_byte)
        chunks = []
        for c in sc.children:
            cs = scopes[c].node
            if cs.start_byte >= body_start.start_byte:
                chunks.append(masked[pos : f.so(cs.start_byte)])
                pos = max(pos, f.so(cs.end_byte))
        chunks.append(masked[pos : f.so(sc.node.end_byte)])
        refs, attrs = common.names(chunks, _KEYWORDS)
        sc.entity.refs = list(dict.fromkeys([*sc.entity.refs, *refs]))
        sc.entity.attributes = list(dict.fromkeys([*sc.entity.attributes, *attrs]))
    kept = {id(e) for e in entities}
    by_local: dict[str, Entity] = {e.local_name: e for e in entities}
    for sc in scopes:
        scope_ent = sc.entity
        if scope_ent is None:
            continue
        target = by_local.get(scope_ent.local_name, scope_ent) if id(scope_ent) not in kept else scope_ent
        doc_node = doc_comment(sc.anchor)
        if doc_node is not None and doc_node.start_byte not in doc_nodes:
            doc = jsdoc_block(f, doc_node, target.local_name, error_ranges)
            if doc is not None:
                doc_nodes.add(doc_node.start_byte)
                docs.append(doc)
                if target.doc is None:
                    target.doc = doc
    for ent, anchor in fields:
        doc_node = doc_comment(anchor)
        if doc_node is not None and doc_node.start_byte not in doc_nodes:
            doc = jsdoc_block(f, doc_node, ent.local_name, error_ranges)
            if doc is not None:
                doc_nodes.add(doc_node.start_byte)
                docs.append(doc)
                ent.doc = doc
    for var, anchor in module_variables(f, root, language):
        if var.local_name in by_local:
            continue
        fields.append((var, anchor))
        doc_node = doc_comment(anchor)
        if doc_node is not None and doc_node.start_byte not in doc_nodes:
            doc = jsdoc_block(f, doc_node, var.local_name, error_ranges)
            if doc is not None:
                doc_nodes.add(doc_node.start_byte)
                docs.append(doc)
                var.doc = doc
    members: dict[str, list[str]] = {}
    for e in [*entities, *(x for x, _ in fields)]:
        if e.parent is not None:
            members.setdefault(e.parent, []).append(e.local_name)
    for e in entities:
        if e.kind == "class":
            e.members = list(dict.fromkeys(members.get(e.local_name, [])))
    module_entity.members = [e.local_name for e in entities if e.parent is None] + \
        [v.local_name for v, _ in fields if v.parent is None]
    top_chunks = []
    pos = 0
    for sc in scopes:
        if sc.parent < 0:
            s = f.so(sc.node.start_byte)
            if s >= pos:
                top_chunks.append(masked[pos:s])
                pos = f.so(sc.node.end_byte)
    top_chunks.append(masked[pos:])
    module_entity.refs, module_entity.attributes = common.names(top_chunks, _KEYWORDS)
    module_entity.calls = list(dict.fromkeys(mod_scope.calls))
    module_entity.raises = list(dict.fromkeys(mod_scope.raises))
    all_entities = entities + [x for x, _ in fields]
    all_entities.sort(key=lambda e: (e.range.start.line, e.range.start.col))
    fi.entities.extend(all_entities)
    fi.imports = read_imports(f, caps, path, module)
    docs.extend(comment_blocks(f, fi, caps.get("comment", []), root, scope_at, error_ranges, doc_nodes))
    docs.sort(key=lambda d: (d.range.start.line, d.range.start.col))
    fi.docs = docs
    return fi


# -- scopes -------------------------------------------------------------------------------


def _def_scope(f: SourceFile, n: Node) -> Scope | None:
    t = n.type
    if t == "variable_declarator":
        nm = n.child_by_field_name("name")
        fn = n.child_by_field_name("value")
        if nm is None or fn is None or nm.type != "identifier":
            return None
        return Scope(fn, doc_anchor(n), fn.start_byte, fn.end_byte, False, f.src(nm))
    if t == "export_statement":  # ``export default function (...) {}``, ``export default () => ...``
        fn = n.child_by_field_name("value")
        if fn is None:
            return None
        fn_name = fn.child_by_field_name("name")
        return Scope(fn, n, fn.start_byte, fn.end_byte, False, f.src(fn_name) if fn_name is not None else "default")
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
        return Scope(fn, doc_anchor(n), fn.start_byte, fn.end_byte, False, name)
    if t in ("public_field_definition", "field_definition"):
        nm = n.child_by_field_name("name") or n.child_by_field_name("property")
        fn = n.child_by_field_name("value")
        if nm is None or fn is None:
            return None
        return Scope(fn, n, fn.start_byte, fn.end_byte, False, f.src(nm))
    nm = n.child_by_field_name("name")
    if nm is None:
        return None
    name = f.src(nm)
    if nm.type in ("string", "computed_property_name"):
        name = name.strip("'\"[]")
    return Scope(n, doc_anchor(n), n.start_byte, n.end_byte, False, name)


def _definition(f: SourceFile, sc: Scope, scopes: list[Scope], language: str) -> Entity:
    node = sc.node
    src = f.src
    parent = scopes[sc.parent] if sc.parent >= 0 else None
    anchor_start = sc.anchor.start_byte if sc.anchor.start_byte <= node.start_byte else node.start_byte
    start, end = f.so(anchor_start), f.so(node.end_byte)
    body = node.child_by_field_name("body")
    decorators = modifiers(f, node, sc.anchor)
    if sc.anchor.type in ("public_field_definition", "field_definition"):  # ``static f = () => ...``
        decorators = list(dict.fromkeys([*modifiers(f, sc.anchor), *decorators]))
    sig_end = f.so(body.start_byte) if body is not None and body.type in ("statement_block", "class_body",
                                                                         "interface_body", "enum_body",
                                                                         "object_type") else end
    if body is not None and body.type not in ("statement_block", "class_body", "interface_body", "enum_body", "object_type"):
        arrow = next((c for c in node.children if c.type == "=>"), None)
        sig_end = f.so(arrow.end_byte) if arrow is not None else sig_end
    signature = " ".join(f.text[start:sig_end].split()).rstrip(";").rstrip("{").rstrip()
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
    ent.calls = list(dict.fromkeys(sc.calls))
    ent.catches = list(dict.fromkeys(sc.catches))
    ent.assigns = list(dict.fromkeys(sc.assigns))
    ent.locals = list(dict.fromkeys(sc.locals))
    ent.has_subscript = sc.subscript
    ent.has_bare_raise = sc.bare_raise
    ent.raises = list(dict.fromkeys(sc.raises))
    if sc.is_class:
        bases: list[str] = []
        for ch in node.named_children:
            if ch.type in ("class_heritage", "extends_type_clause"):
                for clause in ch.named_children if ch.type == "class_heritage" else [ch]:
                    for t in clause.named_children:
                        bases.append(strip_generics(src(t)))
                if ch.type == "class_heritage" and not any(c.type in ("extends_clause", "implements_clause")
                                                           for c in ch.named_children):
                    bases.extend(strip_generics(src(t)) for t in ch.named_children)
        ent.bases = [b for b in dict.fromkeys(bases) if b]
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
    kinds = [expr_kind(f, r.named_children[0] if r.named_child_count else None) for r in sc.returns]
    if body is not None and body.type != "statement_block":
        kinds.append(expr_kind(f, body))  # an arrow function's expression body
    elif body is not None and falls_through(body) and not ent.is_generator:
        kinds.append("none")
    if sc.name.rsplit(".", 1)[-1] == "constructor" and in_class:
        kinds = ["none"]
    ent.return_kinds = list(dict.fromkeys(kinds))
    return ent


def _collect(f: SourceFile, caps: dict[str, list[Node]], scope_at, owner_scope) -> None:  # type: ignore[no-untyped-def]
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
        sc = scope_at(node.start_byte)
        exc = node.named_children[0] if node.named_child_count else None
        while exc is not None and exc.type == "parenthesized_expression" and exc.named_child_count:
            exc = exc.named_children[0]
        if exc is not None and exc.type == "new_expression":
            ctor = exc.child_by_field_name("constructor")
            if ctor is not None and ctor.type in ("identifier", "member_expression"):
                sc.raises.append(strip_generics(src(ctor)))
                continue
        sc.bare_raise = True
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
    for node in caps.get("subscript", []):
        scope_at(node.start_byte).subscript = True
    for node in caps.get("assign", []):
        scope_at(node.start_byte).assigns.append(compact(src(node)))
    for node in caps.get("local", []):
        sc = scope_at(node.start_byte)
        name = src(node)
        sc.assigns.append(name)
        sc.locals.append(name)



