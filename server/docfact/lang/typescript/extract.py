"""The TypeScript/JavaScript extractor: one tree-sitter query pass per file, then per-scope
aggregation (the grammar follows the extension: .ts/.mts/.cts, .tsx, .js/.jsx/.mjs/.cjs).

Naming: ``module`` comes from the path (:mod:`docfact.lang.typescript.modules`); ``local_name`` is the
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

import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from tree_sitter import Language, Node, Parser, Query

from docfact.index.c_comments import group_comments
from docfact.index.scopes import ScopeFinder, nest
from docfact.index.source import Parsed, SourceFile, masked_text
from docfact.index.tokens import names as token_names
from docfact.lang.parse_text import open_text, sorted_captures, syntax_errors
from docfact.lang.typescript.cjs import exported_variables, read_commonjs
from docfact.lang.typescript.docs import COMMENTS, doc_comment, jsdoc_block
from docfact.lang.typescript.entities import collect, def_scope, definition, function_owner
from docfact.lang.typescript.imports import read_imports
from docfact.lang.typescript.members import (
    assigned_members,
    class_fields,
    merge_overloads,
    module_variables,
)
from docfact.lang.typescript.syntax import TsScope, doc_anchor
from docfact.model import DocBlock, Entity, FileIndex

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
    # os.path, not pathlib: a Path per call cost more than the rest of a small file's naming
    return "typescript" if _suffix(path) in (".ts", ".tsx", ".mts", ".cts") else "javascript"


def _suffix(path: str) -> str:
    """The lower-case extension of ``path`` (``Path(path).suffix.lower()``)."""
    ext = os.path.splitext(path)[1].lower()
    return "" if ext == "." else ext


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
    suffix = _suffix(path)
    if suffix == ".tsx":
        return "tsx"
    if suffix in (".ts", ".mts", ".cts"):
        return "typescript"
    return "javascript"


def parser(path: str) -> Parser:
    """The cached parser for the grammar of ``path``."""
    return _tools(_grammar(path))[0]


def extract(path: str, text: str, module: str) -> FileIndex:
    """Index one TypeScript or JavaScript source text."""
    return extract_reusing(path, text, module, None)[0]


def extract_reusing(path: str, text: str, module: str, previous: Parsed | None) -> tuple[FileIndex, Parsed]:
    """Like :func:`extract`, reparsing incrementally from ``previous`` (the bytes and tree of
    an earlier version of the file, consumed); also returns this version's bytes and tree.
    Raises :class:`~docfact.index.nesting.TooDeep` for a text that nests too deeply to parse or index."""
    prs, query = _tools(_grammar(path))
    language = language_of(path)
    f, tree, _ = open_text(language, path, text, module, prs, previous)
    text = f.text
    root = tree.root_node
    caps = sorted_captures(query, root)
    fi = FileIndex(path=path, module=module, language=language, text=text)
    error_ranges = syntax_errors(f, root, fi)

    scopes = _scopes(f, caps)
    mod_scope = TsScope(root, 0, len(f.data), False, "", anchor=root)
    scope_at = ScopeFinder(scopes, mod_scope).at
    collect(f, caps, scope_at, _owner_scope(scopes, mod_scope))
    masked = masked_text(f, caps.get("strc", []), caps.get("comment", []))
    stem = os.path.basename(path)
    module_entity = Entity(
        kind="module", name=stem, local_name="", module=module, path=path, language=language,
        range=f.whole_range(), code=text, docless_code=text,
    )
    fi.entities.append(module_entity)
    entities: list[Entity] = []
    for sc in scopes:
        ent = definition(f, sc, scopes, language)
        sc.entity = ent
        entities.append(ent)
    fields: list[tuple[Entity, Node]] = []
    for sc in scopes:
        if sc.is_class:
            assert sc.entity is not None
            fields.extend(class_fields(f, sc, language))
    entities = merge_overloads(entities)
    _scope_refs(f, scopes, masked)
    by_local: dict[str, Entity] = {e.local_name: e for e in entities}
    docs = _DocComments(f, error_ranges)
    _attach_docs(docs, scopes, entities, by_local, fields)
    for var, anchor in module_variables(f, root, language):
        if var.local_name in by_local:
            continue
        fields.append((var, anchor))
        doc = docs.attach(anchor, var.local_name)
        if doc is not None:
            var.doc = doc
    classes = {sc.local_name for sc in scopes if sc.is_class and sc.parent < 0}
    if classes:  # ``Palette.NAMES = {...}`` after the class body
        own = {e.local_name for e in entities} | {v.local_name for v, _ in fields}
        fields.extend((v, a) for v, a in assigned_members(f, root, classes, language)
                      if v.local_name not in own)
    cjs = read_commonjs(f, root, path, module) if language == "javascript" else None
    if cjs is not None:  # names ``exports.x = ...`` defines are the module's own
        defined = set(by_local) | {v.local_name for v, _ in fields if v.parent is None}
        fields.extend(exported_variables(f, cjs, defined, language))
    _set_members(module_entity, entities, [x for x, _ in fields])
    _module_refs(f, scopes, masked, module_entity, mod_scope)
    all_entities = entities + [x for x, _ in fields]
    all_entities.sort(key=lambda e: (e.range.start.line, e.range.start.col))
    fi.entities.extend(all_entities)
    fi.imports = read_imports(f, caps, path, module) + (cjs.imports if cjs is not None else [])
    blocks = docs.blocks
    blocks.extend(group_comments(f, fi, caps.get("comment", []), root, scope_at, error_ranges,
                                 docs.nodes, COMMENTS))
    blocks.sort(key=lambda d: (d.range.start.line, d.range.start.col))
    fi.docs = blocks
    return fi, (f.data, tree)


def _scopes(f: SourceFile, caps: dict[str, list[Node]]) -> list[TsScope]:
    """The scopes of the file's named classes (and of ``export default class``) and functions,
    in source order (outer first) and nested."""
    scopes: list[TsScope] = []
    for n in caps.get("class", []):
        nm = n.child_by_field_name("name")
        if nm is None and (n.parent is None or n.parent.type != "export_statement"):
            continue  # an anonymous class expression
        # ``export default class { ... }`` is the module's ``default``
        name = f.src(nm) if nm is not None else "default"
        scopes.append(TsScope(n, n.start_byte, n.end_byte, True, name, anchor=doc_anchor(n)))
    for n in caps.get("def", []):
        sc = def_scope(f, n)
        if sc is not None:
            scopes.append(sc)
    scopes.sort(key=lambda s: (s.start, -s.end))
    # a dotted (``exports.f``), private or computed name is not prefixed with the enclosing scope's
    nest(scopes, lambda sc: not sc.name.startswith(("#", "[")) and "." not in sc.name)
    return scopes


def _owner_scope(scopes: list[TsScope], mod_scope: TsScope) -> Callable[[Node], TsScope | None]:
    """A function that tells the scope a return or yield belongs to: the scope of the function
    around it, the module's outside every function, None for a function with no scope."""
    fn_scope: dict[int, int] = {}  # start byte of a function node -> scope index
    for i, sc in enumerate(scopes):
        fn_scope[sc.node.start_byte] = i

    def owner_scope(node: Node) -> TsScope | None:
        fn = function_owner(node)
        if fn is None:
            return mod_scope
        i = fn_scope.get(fn.start_byte, -1)
        return scopes[i] if i >= 0 and scopes[i].node == fn else None

    return owner_scope


def _scope_refs(f: SourceFile, scopes: list[TsScope], masked: str) -> None:
    """Add to each scope's entity the names and attributes its own code refers to (from its
    parameters on, nested scopes left out, in ``masked``: strings and comments blanked)."""
    for sc in scopes:
        if sc.entity is None:
            continue
        body_start = (sc.node.child_by_field_name("parameters")
                      or sc.node.child_by_field_name("name") or sc.node)
        pos = f.so(body_start.start_byte)
        chunks = []
        for c in sc.children:
            cs = scopes[c].node
            if cs.start_byte >= body_start.start_byte:
                chunks.append(masked[pos : f.so(cs.start_byte)])
                pos = max(pos, f.so(cs.end_byte))
        chunks.append(masked[pos : f.so(sc.node.end_byte)])
        refs, attrs = token_names(chunks, _KEYWORDS)
        sc.entity.refs = list(dict.fromkeys([*sc.entity.refs, *refs]))
        sc.entity.attributes = list(dict.fromkeys([*sc.entity.attributes, *attrs]))


class _DocComments:
    """The doc comments of one file read so far: the blocks, and the start bytes of their
    comment nodes (a comment documents one declaration only)."""

    def __init__(self, f: SourceFile, error_ranges: list[tuple[int, int]]) -> None:
        self.f = f
        self.error_ranges = error_ranges
        self.blocks: list[DocBlock] = []
        self.nodes: set[int] = set()

    def attach(self, anchor: Node, local_name: str) -> DocBlock | None:
        """The doc comment before ``anchor`` as the doc of ``local_name``, when there is one
        that no other declaration took; it is added to the blocks."""
        doc_node = doc_comment(anchor)
        if doc_node is None or doc_node.start_byte in self.nodes:
            return None
        doc = jsdoc_block(self.f, doc_node, local_name, self.error_ranges)
        if doc is not None:
            self.nodes.add(doc_node.start_byte)
            self.blocks.append(doc)
        return doc


def _attach_docs(docs: _DocComments, scopes: list[TsScope], entities: list[Entity],
                 by_local: dict[str, Entity], fields: list[tuple[Entity, Node]]) -> None:
    """Give each function, class and field entity the doc comment before its declaration; an
    overload merged away (not in ``entities``) passes its doc to the entity that kept its name,
    unless that one has a doc already."""
    kept = {id(e) for e in entities}
    for sc in scopes:
        scope_ent = sc.entity
        if scope_ent is None:
            continue
        target = by_local.get(scope_ent.local_name, scope_ent) if id(scope_ent) not in kept \
            else scope_ent
        doc = docs.attach(sc.anchor, target.local_name)
        if doc is not None and target.doc is None:
            target.doc = doc
    for ent, anchor in fields:
        doc = docs.attach(anchor, ent.local_name)
        if doc is not None:
            ent.doc = doc


def _set_members(module_entity: Entity, entities: list[Entity], variables: list[Entity]) -> None:
    """Each class's members (the functions, classes and variables whose parent it is), and the
    module's (those without a parent)."""
    members: dict[str, list[str]] = {}
    for e in [*entities, *variables]:
        if e.parent is not None:
            members.setdefault(e.parent, []).append(e.local_name)
    for e in entities:
        if e.kind == "class":
            e.members = list(dict.fromkeys(members.get(e.local_name, [])))
    module_entity.members = [e.local_name for e in entities if e.parent is None] + \
        [v.local_name for v in variables if v.parent is None]


def _module_refs(f: SourceFile, scopes: list[TsScope], masked: str, module_entity: Entity,
                 mod_scope: TsScope) -> None:
    """The names and attributes the module level refers to (top-level scopes left out), and
    the calls and throws of the module level."""
    top_chunks = []
    pos = 0
    for sc in scopes:
        if sc.parent < 0:
            s = f.so(sc.node.start_byte)
            if s >= pos:
                top_chunks.append(masked[pos:s])
                pos = f.so(sc.node.end_byte)
    top_chunks.append(masked[pos:])
    module_entity.refs, module_entity.attributes = token_names(top_chunks, _KEYWORDS)
    module_entity.calls = list(dict.fromkeys(mod_scope.calls))
    module_entity.raises = list(dict.fromkeys(mod_scope.raises))
