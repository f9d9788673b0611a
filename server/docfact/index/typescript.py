"""The TypeScript/JavaScript extractor: one tree-sitter query pass per file, then per-scope
aggregation (the grammar follows the extension: .ts/.mts/.cts, .tsx, .js/.jsx/.mjs/.cjs).

Naming: ``module`` comes from the path (:mod:`docfact.index.ts_modules`); ``local_name`` is the
path of classes and members inside the file (``Store``, ``Store.save``, ``Store.constructor``).
Functions are declarations and function values bound to a name: ``const f = () => ...``,
``exports.f = function ...``, ``Router.prototype.handle = function ...`` (``Router.handle``).
Overload signatures and their implementation are one entity: the implementation's code and
parameters, plus the names only an overload uses; parameter types that differ between the
signatures are dropped. Modifiers and decorators are listed in ``decorators`` (``["export",
"static", "get"]``). Parameter properties (``constructor(private x: T)``) are also fields.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from tree_sitter import Language, Node, Parser, Query, QueryCursor

from docfact.index import common
from docfact.index.common import SourceFile, compact, error_lines, masked_text
from docfact.index.java import block_comment_lines, looks_like_java_code
from docfact.index.ts_modules import resolve_specifier
from docfact.model import DocBlock, Entity, EntityKind, FileIndex, Import, Param

_CLASS_TYPES = frozenset({"class_declaration", "abstract_class_declaration", "interface_declaration",
                          "enum_declaration", "class"})
_FUNCTION_VALUES = frozenset({"arrow_function", "function_expression", "generator_function", "function"})
_FUNCTIONS = _FUNCTION_VALUES | {
    "function_declaration", "generator_function_declaration", "method_definition",
    "function_signature", "method_signature", "abstract_method_signature",
}
_SIGNATURES = frozenset({"function_signature", "method_signature", "abstract_method_signature"})
_KEYWORDS = frozenset(
    """abstract any as async await boolean break case catch class const constructor continue
    debugger declare default delete do else enum export extends false finally for from function
    get if implements import in infer instanceof interface is keyof let module namespace never new
    null number object of package private protected public readonly require return satisfies set
    static string super switch symbol this throw true try type typeof undefined unique unknown var
    void while with yield""".split()
)
_COMPARISON_OPS = frozenset({"==", "!=", "===", "!==", "<", ">", "<=", ">=", "instanceof", "in"})
_LITERALS = {
    "string": "str", "template_string": "fstring", "true": "bool", "false": "bool", "null": "none",
    "undefined": "none", "array": "list", "object": "dict", "arrow_function": "lambda",
    "function_expression": "lambda", "function": "lambda", "await_expression": "await",
    "regex": "other", "class": "other",
}
_MODIFIERS = frozenset({"export", "default", "static", "async", "get", "set", "abstract", "readonly",
                        "declare", "override", "accessibility_modifier", "public", "private", "protected"})
_LICENSE_TAG = re.compile(rb"@license|@preserve|@copyright|@file|@fileoverview|@module|@packageDocumentation|Copyright|SPDX-License")
_DOC_GAP_TYPES = frozenset({"export_statement", "expression_statement", "lexical_declaration",
                            "variable_declaration", "ambient_declaration"})


@dataclass
class _Scope:
    node: Node  # the function or class node itself
    anchor: Node  # where its doc comment is looked for (the statement holding it)
    start: int
    end: int
    is_class: bool
    name: str
    parent: int = -1
    local_name: str = ""
    entity: Entity | None = None
    calls: list[str] = field(default_factory=list)
    raises: list[str] = field(default_factory=list)
    catches: list[str] = field(default_factory=list)
    assigns: list[str] = field(default_factory=list)
    locals: list[str] = field(default_factory=list)
    returns: list[Node] = field(default_factory=list)
    subscript: bool = False
    bare_raise: bool = False
    yields: bool = False
    children: list[int] = field(default_factory=list)


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
    while p is not None and p.type not in _FUNCTIONS and p.type not in _CLASS_TYPES:
        p = p.parent
    return p if p is not None and p.type in _FUNCTIONS else None


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

    scopes: list[_Scope] = []
    fn_scope: dict[int, int] = {}  # start byte of a function node -> scope index
    for n in caps.get("class", []):
        nm = n.child_by_field_name("name")
        if nm is None:
            continue
        scopes.append(_Scope(n, _anchor(n), n.start_byte, n.end_byte, True, f.src(nm)))
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
    mod_scope = _Scope(root, root, 0, len(f.data), False, "")

    def scope_at(b: int) -> _Scope:
        i = bisect.bisect_right(starts, b) - 1
        while i >= 0 and scopes[i].end <= b:
            i = scopes[i].parent
        return mod_scope if i < 0 else scopes[i]

    def owner_scope(node: Node) -> _Scope | None:
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
            fields.extend(_fields(f, sc, language))
    entities = _merge_overloads(entities)
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
        doc_node = _doc_node(sc.anchor)
        if doc_node is not None and doc_node.start_byte not in doc_nodes:
            doc = _jsdoc(f, doc_node, target.local_name, error_ranges)
            if doc is not None:
                doc_nodes.add(doc_node.start_byte)
                docs.append(doc)
                if target.doc is None:
                    target.doc = doc
    for ent, anchor in fields:
        doc_node = _doc_node(anchor)
        if doc_node is not None and doc_node.start_byte not in doc_nodes:
            doc = _jsdoc(f, doc_node, ent.local_name, error_ranges)
            if doc is not None:
                doc_nodes.add(doc_node.start_byte)
                docs.append(doc)
                ent.doc = doc
    for var, anchor in _variables(f, root, language):
        if var.local_name in by_local:
            continue
        fields.append((var, anchor))
        doc_node = _doc_node(anchor)
        if doc_node is not None and doc_node.start_byte not in doc_nodes:
            doc = _jsdoc(f, doc_node, var.local_name, error_ranges)
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
    fi.imports = _imports(f, caps, path, module)
    docs.extend(_comments(f, fi, caps.get("comment", []), root, scope_at, error_ranges, doc_nodes))
    docs.sort(key=lambda d: (d.range.start.line, d.range.start.col))
    fi.docs = docs
    return fi


# -- scopes -------------------------------------------------------------------------------


def _anchor(node: Node) -> Node:
    """The statement a declaration's doc comment sits above (``export``, ``declare`` included)."""
    cur = node
    p = node.parent
    while p is not None and p.type in _DOC_GAP_TYPES:
        cur = p
        p = p.parent
    return cur


def _member_name(f: SourceFile, node: Node) -> str | None:
    """``a.b.c`` of an assignment target; ``A.prototype.m`` -> ``A.m``; None when computed."""
    if node.type == "identifier":
        return f.src(node)
    if node.type != "member_expression":
        return None
    obj = node.child_by_field_name("object")
    prop = node.child_by_field_name("property")
    if obj is None or prop is None:
        return None
    base = _member_name(f, obj) if obj.type != "this" else "this"
    if base is None:
        return None
    name = f.src(prop)
    return base if name == "prototype" else f"{base}.{name}"


def _def_scope(f: SourceFile, n: Node) -> _Scope | None:
    t = n.type
    if t == "variable_declarator":
        nm = n.child_by_field_name("name")
        fn = n.child_by_field_name("value")
        if nm is None or fn is None or nm.type != "identifier":
            return None
        return _Scope(fn, _anchor(n), fn.start_byte, fn.end_byte, False, f.src(nm))
    if t == "assignment_expression":
        left = n.child_by_field_name("left")
        fn = n.child_by_field_name("right")
        name = _member_name(f, left) if left is not None else None
        if fn is None or not name:
            return None
        for prefix in ("module.exports.", "exports.", "this."):
            if name.startswith(prefix):
                name = name[len(prefix):]
        if name in ("module.exports", "exports", "this") or not name:
            fn_name = fn.child_by_field_name("name")
            if fn_name is None:
                return None
            name = f.src(fn_name)
        return _Scope(fn, _anchor(n), fn.start_byte, fn.end_byte, False, name)
    if t in ("public_field_definition", "field_definition"):
        nm = n.child_by_field_name("name") or n.child_by_field_name("property")
        fn = n.child_by_field_name("value")
        if nm is None or fn is None:
            return None
        return _Scope(fn, n, fn.start_byte, fn.end_byte, False, f.src(nm))
    nm = n.child_by_field_name("name")
    if nm is None:
        return None
    name = f.src(nm)
    if nm.type in ("string", "computed_property_name"):
        name = name.strip("'\"[]")
    return _Scope(n, _anchor(n), n.start_byte, n.end_byte, False, name)


def _modifiers(f: SourceFile, node: Node, anchor: Node | None = None) -> list[str]:
    """Decorators (without ``@``) then modifier keywords of a declaration; ``export`` and
    ``default`` when its statement ``anchor`` is an export."""
    decorators: list[str] = []
    keywords: list[str] = []
    for ch in node.children:
        if ch.type == "decorator":
            decorators.append(compact(f.src(ch))[1:])
        elif ch.type in _MODIFIERS:
            keywords.append(f.src(ch) if ch.type == "accessibility_modifier" else ch.type)
    prev = node.prev_sibling
    while prev is not None and prev.type == "decorator":  # class members: decorators before them
        decorators.insert(0, compact(f.src(prev))[1:])
        prev = prev.prev_sibling
    if anchor is not None and anchor.type == "export_statement":
        keywords[:0] = ["export", "default"] if any(c.type == "default" for c in anchor.children) else ["export"]
        decorators += [compact(f.src(c))[1:] for c in anchor.children if c.type == "decorator"]
    return decorators + keywords


def _type_text(f: SourceFile, node: Node | None) -> str | None:
    """A type annotation without its leading ``:``."""
    if node is None:
        return None
    s = f.src(node)
    if node.type in ("type_annotation", "opting_type_annotation", "asserts_annotation"):
        s = s.lstrip()[1:] if s.lstrip().startswith(":") else s
    return " ".join(s.split()) or None


def _definition(f: SourceFile, sc: _Scope, scopes: list[_Scope], language: str) -> Entity:
    node = sc.node
    src = f.src
    parent = scopes[sc.parent] if sc.parent >= 0 else None
    anchor_start = sc.anchor.start_byte if sc.anchor.start_byte <= node.start_byte else node.start_byte
    start, end = f.so(anchor_start), f.so(node.end_byte)
    body = node.child_by_field_name("body")
    decorators = _modifiers(f, node, sc.anchor)
    if sc.anchor.type in ("public_field_definition", "field_definition"):  # ``static f = () => ...``
        decorators = list(dict.fromkeys([*_modifiers(f, sc.anchor), *decorators]))
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
                        bases.append(_strip_generics(src(t)))
                if ch.type == "class_heritage" and not any(c.type in ("extends_clause", "implements_clause")
                                                           for c in ch.named_children):
                    bases.extend(_strip_generics(src(t)) for t in ch.named_children)
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
        ent.params = _params(f, params)
    ent.returns = _type_text(f, node.child_by_field_name("return_type"))
    ent.is_abstract = node.type in _SIGNATURES or "abstract" in decorators or \
        (parent is not None and parent.node.type == "interface_declaration")
    kinds = [_expr_kind(f, r.named_children[0] if r.named_child_count else None) for r in sc.returns]
    if body is not None and body.type != "statement_block":
        kinds.append(_expr_kind(f, body))  # an arrow function's expression body
    elif body is not None and _falls_through(body) and not ent.is_generator:
        kinds.append("none")
    if sc.name.rsplit(".", 1)[-1] == "constructor" and in_class:
        kinds = ["none"]
    ent.return_kinds = list(dict.fromkeys(kinds))
    return ent


def _falls_through(body: Node) -> bool:
    """Whether control can reach the end of a block (its last statement returns or throws not)."""
    last = None
    for ch in reversed(body.named_children):
        if ch.type != "comment":
            last = ch
            break
    if last is None:
        return True
    if last.type in ("return_statement", "throw_statement"):
        return False
    if last.type == "if_statement":
        cons = last.child_by_field_name("consequence")
        alt = last.child_by_field_name("alternative")
        if cons is None or alt is None:
            return True
        alt_body = alt.named_children[0] if alt.named_child_count else None
        return _branch_falls(cons) or alt_body is None or _branch_falls(alt_body)
    if last.type == "try_statement":
        b = last.child_by_field_name("body")
        h = last.child_by_field_name("handler")
        hb = h.child_by_field_name("body") if h is not None else None
        return b is None or _falls_through(b) or (hb is not None and _falls_through(hb))
    if last.type == "switch_statement":
        return True
    if last.type == "while_statement":
        cond = last.child_by_field_name("condition")
        return cond is None or (cond.text or b"").strip(b"() ") != b"true"
    return True


def _branch_falls(node: Node) -> bool:
    if node.type == "statement_block":
        return _falls_through(node)
    return node.type not in ("return_statement", "throw_statement")


def _strip_generics(s: str) -> str:
    i = s.find("<")
    return compact(s if i == -1 else s[:i])


def _params(f: SourceFile, node: Node) -> list[Param]:
    out: list[Param] = []
    for ch in node.named_children:
        t = ch.type
        optional = t == "optional_parameter"
        default: str | None = None
        ann: str | None = None
        pat = ch
        if t in ("required_parameter", "optional_parameter"):
            pat = ch.child_by_field_name("pattern") or ch
            ann = _type_text(f, ch.child_by_field_name("type"))
            value = ch.child_by_field_name("value")
            default = f.src(value) if value is not None else None
        if pat.type == "assignment_pattern":
            value = pat.child_by_field_name("right")
            default = f.src(value) if value is not None else None
            pat = pat.child_by_field_name("left") or pat
        if pat.type == "this":
            continue
        if pat.type == "rest_pattern":
            inner = pat.named_children[0] if pat.named_child_count else None
            name = f.src(inner) if inner is not None and inner.type == "identifier" else compact(f.src(pat))
            out.append(Param(name=name, annotation=ann, kind="vararg"))
            continue
        if pat.type in ("object_pattern", "array_pattern"):
            # a destructured parameter: documented under any name, or by its properties
            out.append(Param(name=compact(f.src(pat)), annotation=ann, default=default, kind="kwarg",
                             optional=optional or default is not None))
            for name in _bound_names(f, pat):
                out.append(Param(name=name, kind="keyword"))
            continue
        if t == "comment":
            continue
        out.append(Param(name=f.src(pat), annotation=ann, default=default, optional=optional))
    return out


def _bound_names(f: SourceFile, pat: Node) -> list[str]:
    out: list[str] = []
    stack = [pat]
    while stack:
        n = stack.pop()
        if n.type in ("identifier", "shorthand_property_identifier_pattern"):
            out.append(f.src(n))
            continue
        if n.type == "pair_pattern":
            v = n.child_by_field_name("value")
            if v is not None:
                stack.append(v)
            continue
        if n.type == "assignment_pattern":
            left = n.child_by_field_name("left")
            if left is not None:
                stack.append(left)
            continue
        stack.extend(reversed(n.named_children))
    return out


def _callee(f: SourceFile, fn: Node | None) -> str | None:
    if fn is None:
        return None
    if fn.type in ("identifier", "this", "super"):
        return f.src(fn)
    if fn.type == "member_expression":
        obj = fn.child_by_field_name("object")
        prop = fn.child_by_field_name("property")
        if obj is not None and prop is not None:
            if obj.type in ("identifier", "this", "super", "member_expression"):
                inner = _callee(f, obj) if obj.type == "member_expression" else f.src(obj)
                if inner is not None:
                    return f"{inner}.{f.src(prop)}"
            return f"?.{f.src(prop)}"
    return None


def _expr_kind(f: SourceFile, node: Node | None) -> str:
    if node is None:
        return "none"
    while node.type in ("parenthesized_expression", "as_expression", "satisfies_expression",
                        "non_null_expression") and node.named_child_count >= 1:
        node = node.named_children[0]
    t = node.type
    kind = _LITERALS.get(t)
    if kind is not None:
        return kind
    if t == "number":
        s = f.src(node)
        return "float" if ("." in s or "e" in s.lower()) and not s.lower().startswith("0x") else "int"
    if t == "identifier":
        s = f.src(node)
        return "none" if s == "undefined" else f"name:{s}"
    if t == "new_expression":
        ctor = node.child_by_field_name("constructor")
        return f"call:{_strip_generics(f.src(ctor))}" if ctor is not None else "other"
    if t == "call_expression":
        callee = _callee(f, node.child_by_field_name("function"))
        return f"call:{callee}" if callee else "other"
    if t == "binary_expression":
        op = node.child_by_field_name("operator")
        o = op.type if op is not None else ""
        if o in _COMPARISON_OPS:
            return "comparison"
        if o in ("&&", "||"):
            kinds = {_expr_kind(f, node.child_by_field_name("left")), _expr_kind(f, node.child_by_field_name("right"))}
            return "comparison" if kinds <= {"comparison", "bool"} else "other"
        return "other"
    if t == "unary_expression":
        op = node.child_by_field_name("operator")
        if op is not None and op.type == "!":
            return "comparison"
        if op is not None and op.type == "void":
            return "none"
        if op is not None and op.type == "typeof":
            return "str"
        return "other"
    return "other"


def _collect(f: SourceFile, caps: dict[str, list[Node]], scope_at, owner_scope) -> None:  # type: ignore[no-untyped-def]
    src = f.src
    calls: list[tuple[int, str]] = []
    for node in caps.get("call", []):
        callee = _callee(f, node.child_by_field_name("function"))
        if callee is not None and not callee.startswith("?."):
            calls.append((node.start_byte, callee))
    for node in caps.get("new", []):
        ctor = node.child_by_field_name("constructor")
        if ctor is not None and ctor.type in ("identifier", "member_expression"):
            calls.append((node.start_byte, _strip_generics(src(ctor))))
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
                sc.raises.append(_strip_generics(src(ctor)))
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


def _merge_overloads(entities: list[Entity]) -> list[Entity]:
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


def _fields(f: SourceFile, sc: _Scope, language: str) -> list[tuple[Entity, Node]]:
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
            ann = _type_text(f, m.child_by_field_name("type"))
            value = m.child_by_field_name("value")
            if value is not None and value.type in _FUNCTION_VALUES:
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
                            out.append((_field_entity(f, sc, p, pat, _type_text(f, p.child_by_field_name("type")),
                                                      None, language), p))
            continue
        else:
            continue
        if name_node is None:
            continue
        out.append((_field_entity(f, sc, m, name_node, ann, value, language), m))
    return out


def _field_entity(f: SourceFile, sc: _Scope, m: Node, name_node: Node, ann: str | None,
                  value: Node | None, language: str) -> Entity:
    name = f.src(name_node).strip("'\"")
    start, end = f.so(m.start_byte), f.so(m.end_byte)
    code = f.text[start:end]
    ent = Entity(
        kind="field", name=name, local_name=f"{sc.local_name}.{name}", module=f.module, path=f.path,
        language=language, range=f.lines.range(start, end), code=code, signature=" ".join(code.split()),
        annotation=ann, value_kind=_expr_kind(f, value) if value is not None else None,
        decorators=_modifiers(f, m), parent=sc.local_name,
    )
    ent.docless_code = code
    return ent


def _variables(f: SourceFile, root: Node, language: str) -> list[tuple[Entity, Node]]:
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
                out.append((_var(f, stmt, f.src(nm), None, decl.child_by_field_name("value"), language, "type"), stmt))
            continue
        if decl.type not in ("lexical_declaration", "variable_declaration"):
            continue
        for d in decl.named_children:
            if d.type != "variable_declarator":
                continue
            nm = d.child_by_field_name("name")
            value = d.child_by_field_name("value")
            if nm is None or nm.type != "identifier" or (value is not None and value.type in _FUNCTION_VALUES):
                continue
            out.append((_var(f, stmt, f.src(nm), _type_text(f, d.child_by_field_name("type")), value,
                             language, None), stmt))
    return out


def _var(f: SourceFile, stmt: Node, name: str, ann: str | None, value: Node | None, language: str,
         kind: str | None) -> Entity:
    start, end = f.so(stmt.start_byte), f.so(stmt.end_byte)
    code = f.text[start:end]
    ent = Entity(
        kind="variable", name=name, local_name=name, module=f.module, path=f.path, language=language,
        range=f.lines.range(start, end), code=code, signature=" ".join(code.split())[:200],
        annotation=ann, value_kind=kind or (_expr_kind(f, value) if value is not None else None),
    )
    ent.docless_code = code
    return ent


# -- imports ------------------------------------------------------------------------------


def _string_value(f: SourceFile, node: Node | None) -> str | None:
    if node is None or node.type != "string":
        return None
    return f.src(node)[1:-1]


def _imports(f: SourceFile, caps: dict[str, list[Node]], path: str, module: str) -> list[Import]:
    out: list[Import] = []
    for node in caps.get("import", []):
        spec = _string_value(f, node.child_by_field_name("source"))
        if spec is None:
            continue
        target = resolve_specifier(spec, module, path)
        line = node.start_point.row
        clause = next((c for c in node.named_children if c.type == "import_clause"), None)
        if clause is None:
            continue
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
                                          alias=f.src(alias) if alias is not None else None, line=line))
    for node in caps.get("export", []):
        line = node.start_point.row
        spec = _string_value(f, node.child_by_field_name("source"))
        target = resolve_specifier(spec, module, path) if spec is not None else module
        clause = next((c for c in node.named_children if c.type == "export_clause"), None)
        if spec is not None and clause is None:
            ns = next((c for c in node.named_children if c.type == "namespace_export"), None)
            if ns is not None:  # export * as ns from "m"
                nm = next((x for x in ns.named_children if x.type in ("identifier", "string")), None)
                if nm is not None:
                    out.append(Import(module=target, name=None, alias=f.src(nm).strip("'\""), line=line))
            else:
                out.append(Import(module=target, name="*", alias=None, line=line))
            continue
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
            continue
        if any(c.type == "default" for c in node.children):
            decl = node.child_by_field_name("declaration") or node.child_by_field_name("value")
            nm = decl.child_by_field_name("name") if decl is not None and decl.type != "identifier" else decl
            if nm is not None and nm.type in ("identifier", "type_identifier"):
                out.append(Import(module=module, name=f.src(nm), alias="default", line=line))
    for node in caps.get("call", []):  # const x = require("m")
        fn = node.child_by_field_name("function")
        if fn is None or fn.type != "identifier" or f.src(fn) != "require":
            continue
        args = node.child_by_field_name("arguments")
        arg = args.named_children[0] if args is not None and args.named_child_count else None
        spec = _string_value(f, arg)
        decl = node.parent
        if spec is None or decl is None or decl.type != "variable_declarator":
            continue
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
    return out


# -- docs ---------------------------------------------------------------------------------


def _doc_node(anchor: Node) -> Node | None:
    """The ``/** */`` comment above a declaration: line comments and up to two blank lines may
    come between (TypeScript attaches a JSDoc comment across blank lines too), not a license."""
    prev = anchor.prev_sibling
    while prev is not None and prev.type == "comment" and not (prev.text or b"").startswith(b"/*"):
        prev = prev.prev_sibling
    while prev is not None and prev.type == "decorator":
        prev = prev.prev_sibling
    if prev is not None and prev.type == "comment" and prev.end_point.row + 3 >= anchor.start_point.row:
        raw = prev.text or b""
        if raw.startswith(b"/**") and raw != b"/**/" and not (
                prev.end_point.row + 1 < anchor.start_point.row and _LICENSE_TAG.search(raw)):
            return prev
    return None


def _jsdoc(f: SourceFile, node: Node, owner: str, error_ranges: list[tuple[int, int]]) -> DocBlock | None:
    start, end = f.so(node.start_byte), f.so(node.end_byte)
    if error_ranges and common.in_ranges(error_ranges, start, end):
        return None
    text, pieces = common.clean_lines(block_comment_lines(f.text[start:end], start), first_line_free=True)
    if not text.strip():
        return None
    return common.make_block("jsdoc", text, pieces, owner, f.path, f.lines, start, end)


_DIRECTIVE = re.compile(r"\s*(?:eslint|@ts-|tslint|istanbul|prettier-|jshint|jscs|global\b|c8\b|webpack|#(?:region|endregion)|@jsx|@flow|@vite|@refresh|biome-)")


def _comments(
    f: SourceFile,
    fi: FileIndex,
    comments: list[Node],
    root: Node,
    scope_at,  # type: ignore[no-untyped-def]
    error_ranges: list[tuple[int, int]],
    doc_nodes: set[int],
) -> list[DocBlock]:
    """Line and block comments that are not doc comments of a declaration, grouped like Java's."""
    text = f.text
    first_code = next((c.start_point.row for c in root.named_children if c.type not in ("comment", "hash_bang_line")), 1 << 30)
    groups: list[list[tuple[Node, list[common.RawLine], bool]]] = []
    for node in comments:
        if node.start_byte in doc_nodes:
            continue
        s, e = f.so(node.start_byte), f.so(node.end_byte)
        raw = text[s:e]
        ignore_file, codes = common.parse_suppression(raw)
        if ignore_file:
            fi.ignore_file = True
        if codes is not None:
            common.add_suppression(fi.suppressions, node.start_point.row, codes)
        ls = text.rfind("\n", 0, s) + 1
        standalone = not text[ls:s].strip()
        if raw.startswith("//"):
            content = raw[2:]
            if content.startswith("/"):
                content = content.lstrip("/")
            if common.is_skipped_comment_line(content) or _DIRECTIVE.match(content):
                continue
            line = (content, e - len(content))
            if standalone and groups:
                prev_node, _, prev_standalone = groups[-1][-1]
                first_content = groups[-1][0][1][0][0] if groups[-1][0][1] else ""
                marker_group = common.is_marker_comment(first_content)
                continues = len(content) - len(content.lstrip()) > len(first_content) - len(first_content.lstrip())
                if (prev_standalone and (prev_node.text or b"").startswith(b"//")
                        and prev_node.start_point.row + 1 == node.start_point.row
                        and prev_node.start_point.column == node.start_point.column
                        and not common.is_marker_comment(content)
                        and (not marker_group or continues)):
                    groups[-1].append((node, [line], True))
                    continue
            groups.append([(node, [line], standalone)])
        else:
            if _DIRECTIVE.match(raw[2:]):
                continue
            groups.append([(node, block_comment_lines(raw, s), standalone)])
    out: list[DocBlock] = []
    for g in groups:
        first, last = g[0][0], g[-1][0]
        start, end = f.so(first.start_byte), f.so(last.end_byte)
        if error_ranges and common.in_ranges(error_ranges, start, end):
            continue
        lines = [ln for _, ls_, _ in g for ln in ls_]
        cleaned, pieces = common.clean_lines(lines)
        if not cleaned.strip() or common.is_marker_comment(cleaned):
            continue
        if last.end_point.row < first_code and common.is_license_text(cleaned):
            continue
        if common.is_skipped_comment_line(cleaned) or looks_like_java_code(cleaned):
            continue
        owner = scope_at(first.start_byte).local_name
        if g[0][2]:
            sib = last.next_named_sibling
            while sib is not None and sib.type == "comment":
                sib = sib.next_named_sibling
            target = (sib.start_point.row, sib.end_point.row) if sib is not None else None
        else:
            target = (first.start_point.row, first.start_point.row)
        out.append(common.make_block("comment", cleaned, pieces, owner, f.path, f.lines, start, end, target))
    return out
