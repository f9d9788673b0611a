"""The Java extractor: one tree-sitter query pass per file, then per-scope aggregation.

Naming: ``module`` is the declared package plus the file stem (``com.acme.util.Strings``;
the stem alone when there is no package declaration), ``local_name`` is the path of types
and members inside the file (``Strings``, ``Strings.trim``, ``Strings.Builder.add``);
constructors are named after their class (``Strings.Strings``). Overloaded methods share
one ``local_name`` and are kept in source order. Modifiers and annotations are listed in
``decorators`` (``["Override", "public", "static"]``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from tree_sitter import Language, Node, Parser, Query

from docfact.index.c_comments import CommentSyntax, group_comments
from docfact.index.scopes import Scope, ScopeFinder, collect_bindings, nest
from docfact.index.source import SourceFile, compact, masked_text
from docfact.index.tokens import names as token_names
from docfact.lang.java.entities import (
    definition,
    field_entities,
    javadoc,
    javadoc_node,
    strip_generics,
)
from docfact.lang.java.jdk import wildcard_jdk_imports
from docfact.lang.parse_text import open_text, sorted_captures, syntax_errors
from docfact.model import DocBlock, Entity, FileIndex, Import

_KEYWORDS = frozenset(
    """abstract assert boolean break byte case catch char class const continue default do double
    else enum extends final finally float for goto if implements import instanceof int interface
    long native new package private protected public return short static strictfp super switch
    synchronized this throw throws transient try void volatile while true false null var record
    yield sealed permits non""".split()
)
# the captures kept in source order (outer before inner at the same start)
_SORTED = ("call", "new", "assign", "local", "comment", "import", "raise", "except", "return")


@lru_cache(maxsize=1)
def _tools() -> tuple[Parser, Query]:
    import tree_sitter_java

    lang = Language(tree_sitter_java.language())
    src = (Path(__file__).parent / "queries.scm").read_text(encoding="utf-8")
    return Parser(lang), Query(lang, src)


def parser() -> Parser:
    """The cached Java parser."""
    return _tools()[0]


def extract(path: str, text: str, module: str) -> FileIndex:
    """Index one Java source text; raises :class:`~docfact.index.nesting.TooDeep` for a text
    that nests too deeply to parse or index."""
    prs, query = _tools()
    f, tree, _ = open_text("java", path, text, module, prs)
    text = f.text
    root = tree.root_node
    caps = sorted_captures(query, root, _SORTED)

    package = _package(f, caps)
    stem = Path(path).stem
    if package:
        module = f"{package}.{stem}"
    elif not module:
        module = stem
    f.module = module
    fi = FileIndex(path=path, module=module, language="java", text=text, package=package)

    error_ranges = syntax_errors(f, root, fi, caps.get("def", []))

    scopes = _scopes(f, caps)
    mod_scope = Scope(root, 0, len(f.data), False)
    scope_at = ScopeFinder(scopes, mod_scope).at

    _collect(f, caps, scope_at)
    masked = masked_text(f, caps.get("strc", []), caps.get("comment", []))

    module_entity = Entity(
        kind="module", name=stem, local_name="", module=module, path=path, language="java",
        range=f.lines.range(0, len(text)), code=text, docless_code=text,
    )
    fi.entities.append(module_entity)
    docs: list[DocBlock] = []
    javadoc_nodes: set[int] = set()
    entities = _definitions(f, scopes, error_ranges, javadoc_nodes, docs)
    fields = _members_and_refs(f, scopes, masked, error_ranges, javadoc_nodes, docs)
    module_entity.members = [sc.local_name for sc in scopes if sc.parent < 0]
    top_chunks = []
    pos = 0
    for sc in scopes:
        if sc.parent < 0:
            top_chunks.append(masked[pos : f.so(sc.node.start_byte)])
            pos = f.so(sc.node.end_byte)
    top_chunks.append(masked[pos:])
    module_entity.refs, module_entity.attributes = token_names(top_chunks, _KEYWORDS)
    module_entity.calls = list(dict.fromkeys(mod_scope.calls))

    all_entities = entities + fields
    all_entities.sort(key=lambda e: (e.range.start.line, e.range.start.col))
    fi.entities.extend(all_entities)
    fi.imports = [_import(f, n) for n in caps.get("import", [])]
    fi.imports.extend(wildcard_jdk_imports(fi.imports, text))  # ``java.util.*`` binds ``LinkedList``
    docs.extend(group_comments(f, fi, caps.get("comment", []), root, scope_at, error_ranges,
                               javadoc_nodes, _JAVA_COMMENTS))
    docs.sort(key=lambda d: (d.range.start.line, d.range.start.col))
    fi.docs = docs
    return fi


def _package(f: SourceFile, caps: dict[str, list[Node]]) -> str:
    """The file's ``package`` name ("" in the default package)."""
    package = ""
    for node in caps.get("package", []):
        for ch in node.named_children:
            if ch.type in ("scoped_identifier", "identifier"):
                package = compact(f.src(ch))
    return package


def _scopes(f: SourceFile, caps: dict[str, list[Node]]) -> list[Scope]:
    """The scopes of the file's classes and methods, named, in source order and nested."""
    scopes = [Scope(n, n.start_byte, n.end_byte, True) for n in caps.get("class", [])]
    scopes += [Scope(n, n.start_byte, n.end_byte, False) for n in caps.get("def", [])]
    scopes.sort(key=lambda s: s.start)
    for sc in scopes:
        nm = sc.node.child_by_field_name("name")
        sc.name = f.src(nm) if nm is not None else "?"
    nest(scopes)
    return scopes


def _definitions(f: SourceFile, scopes: list[Scope], error_ranges: list[tuple[int, int]],
                 javadoc_nodes: set[int], docs: list[DocBlock]) -> list[Entity]:
    """The entity of each class and method scope (set on the scope too), with its Javadoc; the
    docs are added to ``docs`` and their comment nodes' starts to ``javadoc_nodes``."""
    entities: list[Entity] = []
    for sc in scopes:
        ent = definition(f, sc, scopes)
        sc.entity = ent
        entities.append(ent)
        doc_node = javadoc_node(sc.node)
        if doc_node is not None:
            doc = javadoc(f, doc_node, ent.local_name, error_ranges)
            if doc is not None:
                javadoc_nodes.add(doc_node.start_byte)
                ent.doc = doc
                docs.append(doc)
    return entities


def _members_and_refs(f: SourceFile, scopes: list[Scope], masked: str,
                      error_ranges: list[tuple[int, int]], javadoc_nodes: set[int],
                      docs: list[DocBlock]) -> list[Entity]:
    """The field entities of every class (their docs go to ``docs``), each class's members,
    and the names and attributes each scope's own code refers to (nested scopes left out, in
    ``masked``: strings and comments blanked)."""
    fields: list[Entity] = []
    for sc in scopes:
        if sc.is_class:
            fs = field_entities(f, sc, error_ranges, javadoc_nodes, docs)
            fields.extend(fs)
            assert sc.entity is not None
            names = [scopes[c].local_name for c in sc.children] + [v.local_name for v in fs]
            sc.entity.members = list(dict.fromkeys(names))
        body_start = (sc.node.child_by_field_name("parameters")
                      or sc.node.child_by_field_name("name"))
        if sc.entity is not None and body_start is not None:
            pos = f.so(body_start.start_byte)
            chunks = []
            for c in sc.children:
                cs = scopes[c].node
                chunks.append(masked[pos : f.so(cs.start_byte)])
                pos = f.so(cs.end_byte)
            chunks.append(masked[pos : f.so(sc.node.end_byte)])
            sc.entity.refs, sc.entity.attributes = token_names(chunks, _KEYWORDS)
    return fields


def _collect(f: SourceFile, caps: dict[str, list[Node]], scope_at) -> None:  # type: ignore[no-untyped-def]
    src = f.src
    calls: list[tuple[int, str]] = []
    for node in caps.get("call", []):
        name_node = node.child_by_field_name("name")
        obj = node.child_by_field_name("object")
        callee = src(name_node) if name_node is not None else "?"
        if obj is not None and obj.type in ("identifier", "this", "super", "field_access", "scoped_identifier"):
            callee = f"{compact(src(obj))}.{callee}"
        calls.append((node.start_byte, callee))
    for node in caps.get("new", []):
        ty = node.child_by_field_name("type")
        if ty is not None:
            calls.append((node.start_byte, strip_generics(src(ty))))
    calls.sort()
    for start, callee in calls:
        scope_at(start).calls.append(callee)
    for node in caps.get("raise", []):
        sc = scope_at(node.start_byte)
        exc = node.named_children[0] if node.named_child_count else None
        if exc is not None and exc.type == "object_creation_expression":
            ty = exc.child_by_field_name("type")
            if ty is not None:
                sc.raises.append(strip_generics(src(ty)))
                continue
        sc.bare_raise = True
    for node in caps.get("except", []):
        sc = scope_at(node.start_byte)
        for ch in node.named_children:
            if ch.type == "catch_formal_parameter":
                for ct in ch.named_children:
                    if ct.type == "catch_type":
                        sc.catches.extend(strip_generics(src(t)) for t in ct.named_children)
    for node in caps.get("return", []):
        scope_at(node.start_byte).returns.append(node)
    collect_bindings(f, caps, scope_at)


# IntelliJ's suppression comments are directives
_JAVA_COMMENTS = CommentSyntax(frozenset({"line_comment", "block_comment"}), re.compile(r"\s*noinspection"))


def _import(f: SourceFile, node: Node) -> Import:
    wildcard = any(ch.type == "asterisk" for ch in node.children)
    name_node = next((ch for ch in node.named_children if ch.type in ("scoped_identifier", "identifier")), None)
    full = compact(f.src(name_node)) if name_node is not None else ""
    line = node.start_point.row
    if wildcard:
        return Import(module=full, name="*", alias=None, line=line)
    mod, _, name = full.rpartition(".")
    # `import static a.B.c;` reads as module "a.B", name "c"
    return Import(module=mod, name=name, alias=None, line=line)
