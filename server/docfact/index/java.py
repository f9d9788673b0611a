"""The Java extractor: one tree-sitter query pass per file, then per-scope aggregation.

Naming: ``module`` is the declared package plus the file stem (``com.acme.util.Strings``;
the stem alone when there is no package declaration), ``local_name`` is the path of types
and members inside the file (``Strings``, ``Strings.trim``, ``Strings.Builder.add``);
constructors are named after their class (``Strings.Strings``). Overloaded methods share
one ``local_name`` and are kept in source order. Modifiers and annotations are listed in
``decorators`` (``["Override", "public", "static"]``).
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
from docfact.model import DocBlock, DocKind, Entity, FileIndex, Import, Param

_CLASS_TYPES = frozenset(
    {"class_declaration", "interface_declaration", "enum_declaration", "record_declaration",
     "annotation_type_declaration"}
)
_DECL_TYPES = _CLASS_TYPES | {
    "method_declaration", "constructor_declaration", "compact_constructor_declaration",
    "field_declaration", "constant_declaration", "annotation_type_element_declaration",
}
_KEYWORDS = frozenset(
    """abstract assert boolean break byte case catch char class const continue default do double
    else enum extends final finally float for goto if implements import instanceof int interface
    long native new package private protected public return short static strictfp super switch
    synchronized this throw throws transient try void volatile while true false null var record
    yield sealed permits non""".split()
)
_COMPARISON_OPS = frozenset({"==", "!=", "<", ">", "<=", ">="})
_LITERALS = {
    "string_literal": "str", "text_block": "str", "character_literal": "other",
    "decimal_integer_literal": "int", "hex_integer_literal": "int", "octal_integer_literal": "int",
    "binary_integer_literal": "int", "decimal_floating_point_literal": "float",
    "hex_floating_point_literal": "float", "true": "bool", "false": "bool", "null_literal": "none",
    "lambda_expression": "lambda", "instanceof_expression": "comparison",
}
_CODE_LINE = re.compile(r"[;{}]\s*$|^\s*[{}]|^\s*@\w+\s*$")


@dataclass
class _Scope:
    node: Node
    start: int
    end: int
    is_class: bool
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
    children: list[int] = field(default_factory=list)


@lru_cache(maxsize=1)
def _tools() -> tuple[Parser, Query]:
    import tree_sitter_java

    lang = Language(tree_sitter_java.language())
    src = (Path(__file__).parent / "queries" / "java.scm").read_text(encoding="utf-8")
    return Parser(lang), Query(lang, src)


def parser() -> Parser:
    """The cached Java parser."""
    return _tools()[0]


def extract(path: str, text: str, module: str) -> FileIndex:
    """Index one Java source text."""
    prs, query = _tools()
    f = SourceFile(path, text, module)
    tree = prs.parse(f.data)
    root = tree.root_node
    caps = QueryCursor(query).captures(root)
    for key in ("call", "new", "assign", "local", "comment", "import", "raise", "except", "return"):
        if key in caps:
            # source order, outer before inner at the same start: the cursor's own order varies
            caps[key].sort(key=lambda n: (n.start_byte, -n.end_byte))

    package = ""
    for node in caps.get("package", []):
        for ch in node.named_children:
            if ch.type in ("scoped_identifier", "identifier"):
                package = compact(f.src(ch))
    stem = Path(path).stem
    if package:
        module = f"{package}.{stem}"
    elif not module:
        module = stem
    f.module = module
    fi = FileIndex(path=path, module=module, language="java", text=text, package=package)

    error_ranges: list[tuple[int, int]] = []
    if root.has_error:
        fi.syntax_error_lines = error_lines(root, error_ranges)
        error_ranges += [(n.start_byte, n.end_byte) for n in caps.get("def", []) if n.has_error]
        error_ranges = [(f.so(s), f.so(e)) for s, e in error_ranges]

    scopes = [_Scope(n, n.start_byte, n.end_byte, True) for n in caps.get("class", [])]
    scopes += [_Scope(n, n.start_byte, n.end_byte, False) for n in caps.get("def", [])]
    scopes.sort(key=lambda s: s.start)
    stack: list[int] = []
    for i, sc in enumerate(scopes):
        while stack and scopes[stack[-1]].end <= sc.start:
            stack.pop()
        nm = sc.node.child_by_field_name("name")
        name = f.src(nm) if nm is not None else "?"
        if stack:
            sc.parent = stack[-1]
            scopes[sc.parent].children.append(i)
            sc.local_name = f"{scopes[sc.parent].local_name}.{name}"
        else:
            sc.local_name = name
        stack.append(i)
    starts = [s.start for s in scopes]
    mod_scope = _Scope(root, 0, len(f.data), False)

    def scope_at(b: int) -> _Scope:
        i = bisect.bisect_right(starts, b) - 1
        while i >= 0 and scopes[i].end <= b:
            i = scopes[i].parent
        return mod_scope if i < 0 else scopes[i]

    _collect(f, caps, scope_at)
    masked = masked_text(f, caps.get("strc", []), caps.get("comment", []))

    module_entity = Entity(
        kind="module", name=stem, local_name="", module=module, path=path, language="java",
        range=f.lines.range(0, len(text)), code=text, docless_code=text,
    )
    fi.entities.append(module_entity)
    docs: list[DocBlock] = []
    javadoc_nodes: set[int] = set()
    entities: list[Entity] = []
    for sc in scopes:
        ent = _definition(f, sc, scopes)
        sc.entity = ent
        entities.append(ent)
        doc_node = _javadoc_node(sc.node)
        if doc_node is not None:
            doc = _javadoc(f, doc_node, ent.local_name, error_ranges)
            if doc is not None:
                javadoc_nodes.add(doc_node.start_byte)
                ent.doc = doc
                docs.append(doc)
    fields: list[Entity] = []
    for sc in scopes:
        if sc.is_class:
            fs = _fields(f, sc, error_ranges, javadoc_nodes, docs)
            fields.extend(fs)
            assert sc.entity is not None
            names = [scopes[c].local_name for c in sc.children] + [v.local_name for v in fs]
            sc.entity.members = list(dict.fromkeys(names))
        body_start = sc.node.child_by_field_name("parameters") or sc.node.child_by_field_name("name")
        if sc.entity is not None and body_start is not None:
            pos = f.so(body_start.start_byte)
            chunks = []
            for c in sc.children:
                cs = scopes[c].node
                chunks.append(masked[pos : f.so(cs.start_byte)])
                pos = f.so(cs.end_byte)
            chunks.append(masked[pos : f.so(sc.node.end_byte)])
            sc.entity.refs, sc.entity.attributes = common.names(chunks, _KEYWORDS)
    module_entity.members = [sc.local_name for sc in scopes if sc.parent < 0]
    top_chunks = []
    pos = 0
    for sc in scopes:
        if sc.parent < 0:
            top_chunks.append(masked[pos : f.so(sc.node.start_byte)])
            pos = f.so(sc.node.end_byte)
    top_chunks.append(masked[pos:])
    module_entity.refs, module_entity.attributes = common.names(top_chunks, _KEYWORDS)
    module_entity.calls = list(dict.fromkeys(mod_scope.calls))

    all_entities = entities + fields
    all_entities.sort(key=lambda e: (e.range.start.line, e.range.start.col))
    fi.entities.extend(all_entities)
    fi.imports = [_import(f, n) for n in caps.get("import", [])]
    docs.extend(_comments(f, fi, caps.get("comment", []), root, scope_at, error_ranges, javadoc_nodes))
    docs.sort(key=lambda d: (d.range.start.line, d.range.start.col))
    fi.docs = docs
    return fi


def _strip_generics(s: str) -> str:
    i = s.find("<")
    return compact(s if i == -1 else s[:i])


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
            calls.append((node.start_byte, _strip_generics(src(ty))))
    calls.sort()
    for start, callee in calls:
        scope_at(start).calls.append(callee)
    for node in caps.get("raise", []):
        sc = scope_at(node.start_byte)
        exc = node.named_children[0] if node.named_child_count else None
        if exc is not None and exc.type == "object_creation_expression":
            ty = exc.child_by_field_name("type")
            if ty is not None:
                sc.raises.append(_strip_generics(src(ty)))
                continue
        sc.bare_raise = True
    for node in caps.get("except", []):
        sc = scope_at(node.start_byte)
        for ch in node.named_children:
            if ch.type == "catch_formal_parameter":
                for ct in ch.named_children:
                    if ct.type == "catch_type":
                        sc.catches.extend(_strip_generics(src(t)) for t in ct.named_children)
    for node in caps.get("return", []):
        scope_at(node.start_byte).returns.append(node)
    for node in caps.get("subscript", []):
        scope_at(node.start_byte).subscript = True
    for node in caps.get("assign", []):
        scope_at(node.start_byte).assigns.append(compact(src(node)))
    for node in caps.get("local", []):
        sc = scope_at(node.start_byte)
        name = src(node)
        sc.assigns.append(name)
        sc.locals.append(name)


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


def _definition(f: SourceFile, sc: _Scope, scopes: list[_Scope]) -> Entity:
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
    ent.calls = list(dict.fromkeys(sc.calls))
    ent.catches = list(dict.fromkeys(sc.catches))
    ent.assigns = list(dict.fromkeys(sc.assigns))
    ent.locals = list(dict.fromkeys(sc.locals))
    ent.has_subscript = sc.subscript
    ent.has_bare_raise = sc.bare_raise
    if sc.is_class:
        bases: list[str] = []
        for field_name in ("superclass", "interfaces"):
            b = node.child_by_field_name(field_name)
            if b is not None:
                for t in _type_nodes(b):
                    bases.append(_strip_generics(src(t)))
        for ch in node.named_children:
            if ch.type == "extends_interfaces":
                bases.extend(_strip_generics(src(t)) for t in _type_nodes(ch))
        ent.bases = bases
        ent.raises = list(dict.fromkeys(sc.raises))
        return ent
    raises = list(sc.raises)
    for ch in node.named_children:
        if ch.type == "throws":
            raises.extend(_strip_generics(src(t)) for t in ch.named_children)
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
        return f"call:{_strip_generics(f.src(ty))}" if ty is not None else "other"
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
        return _expr_kind(f, node.child_by_field_name("operand")) if op is not None and op.type == "-" else "other"
    if t == "array_creation_expression":
        return "list"
    return "other"


def _fields(
    f: SourceFile, sc: _Scope, error_ranges: list[tuple[int, int]], javadoc_nodes: set[int], docs: list[DocBlock]
) -> list[Entity]:
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
        doc_node = _javadoc_node(m)
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
                doc = shared or _javadoc(f, doc_node, ent.local_name, error_ranges)
                shared = doc
                if doc is not None:
                    ent.doc = doc
                    if doc_node.start_byte not in javadoc_nodes:
                        javadoc_nodes.add(doc_node.start_byte)
                        docs.append(doc)
            out.append(ent)
    return out


# -- docs ---------------------------------------------------------------------------------


def _javadoc_node(decl: Node) -> Node | None:
    prev = decl.prev_sibling
    while prev is not None and prev.type == "line_comment":
        prev = prev.prev_sibling
    if prev is not None and prev.type == "block_comment" and prev.end_point.row + 1 >= decl.start_point.row:
        if prev.text is not None and prev.text.startswith(b"/**") and prev.text != b"/**/":
            return prev
    return None


def block_comment_lines(raw: str, offset: int) -> list[common.RawLine]:
    """Raw lines of a ``/* */`` or ``/** */`` comment without delimiters and leading ``*``."""
    open_len = 3 if raw.startswith("/**") else 2
    body_end = len(raw) - 2 if raw.endswith("*/") and len(raw) >= open_len + 2 else len(raw)
    lines: list[common.RawLine] = []
    pos = open_len
    first = True
    while True:
        nl = raw.find("\n", pos, body_end)
        stop = body_end if nl == -1 else nl
        line = raw[pos:stop]
        off = offset + pos
        if not first:
            stripped = line.lstrip()
            if stripped.startswith("*"):
                cut = len(line) - len(stripped) + 1
                line = line[cut:]
                off += cut
        lines.append((line, off))
        first = False
        if nl == -1:
            break
        pos = nl + 1
    return lines


def _javadoc(f: SourceFile, node: Node, owner: str, error_ranges: list[tuple[int, int]]) -> DocBlock | None:
    return doc_comment_block(f, node, owner, error_ranges, "javadoc")


def doc_comment_block(f: SourceFile, node: Node, owner: str, error_ranges: list[tuple[int, int]],
                      kind: DocKind) -> DocBlock | None:
    """The DocBlock of a ``/** */`` comment owned by ``owner`` (None when empty or inside broken
    code); ``kind``: "javadoc" or "jsdoc"."""
    start, end = f.so(node.start_byte), f.so(node.end_byte)
    if error_ranges and common.in_ranges(error_ranges, start, end):
        return None
    text, pieces = common.clean_lines(block_comment_lines(f.text[start:end], start), first_line_free=True)
    if not text.strip():
        return None
    return common.make_block(kind, text, pieces, owner, f.path, f.lines, start, end)


def looks_like_java_code(text: str) -> bool:
    """Heuristic for commented-out Java: most lines end with ``;``, ``{`` or ``}``."""
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if not lines:
        return False
    code = sum(1 for ln in lines if _CODE_LINE.search(ln))
    return code * 2 > len(lines)


_JAVA_COMMENTS = frozenset({"line_comment", "block_comment"})
_JAVA_DIRECTIVE = re.compile(r"\s*noinspection")  # IntelliJ's suppression comments


def _comments(
    f: SourceFile,
    fi: FileIndex,
    comments: list[Node],
    root: Node,
    scope_at,  # type: ignore[no-untyped-def]
    error_ranges: list[tuple[int, int]],
    javadoc_nodes: set[int],
) -> list[DocBlock]:
    return group_comments(f, fi, comments, root, scope_at, error_ranges, javadoc_nodes,
                          comment_types=_JAVA_COMMENTS, directive=_JAVA_DIRECTIVE)


def group_comments(
    f: SourceFile,
    fi: FileIndex,
    comments: list[Node],
    root: Node,
    scope_at,  # type: ignore[no-untyped-def]
    error_ranges: list[tuple[int, int]],
    doc_nodes: set[int],
    *,
    comment_types: frozenset[str],
    directive: re.Pattern[str],
    directive_blocks: bool = False,
) -> list[DocBlock]:
    """The ``//`` and ``/* */`` comments of a C-family file that are not doc comments of a
    declaration (``doc_nodes``), as comment blocks: consecutive line comments in one column
    form one block; tool directives (``directive``, also in block comments when
    ``directive_blocks``), markers, licences before the first code and commented-out code are
    left out. Java and TypeScript/JavaScript differ only in the keyword arguments."""
    text = f.text
    first_code = next((c.start_point.row for c in root.named_children
                       if c.type not in comment_types and c.type != "hash_bang_line"), 1 << 30)
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
            if common.is_skipped_comment_line(content) or directive.match(content):
                continue
            line = (content, e - len(content))
            if standalone and groups:
                prev_node, _, prev_standalone = groups[-1][-1]
                first_content = groups[-1][0][1][0][0] if groups[-1][0][1] else ""
                marker_group = common.is_marker_comment(first_content)
                continues = len(content) - len(content.lstrip()) > len(first_content) - len(first_content.lstrip())
                if (prev_standalone and text.startswith("//", f.so(prev_node.start_byte))
                        and prev_node.start_point.row + 1 == node.start_point.row
                        and prev_node.start_point.column == node.start_point.column
                        and not common.is_marker_comment(content)
                        and (not marker_group or continues)):
                    groups[-1].append((node, [line], True))
                    continue
            groups.append([(node, [line], standalone)])
        else:
            if directive_blocks and directive.match(raw[2:]):
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
            while sib is not None and sib.type in comment_types:
                sib = sib.next_named_sibling
            target = (sib.start_point.row, sib.end_point.row) if sib is not None else None
        else:
            target = (first.start_point.row, first.start_point.row)
        out.append(common.make_block("comment", cleaned, pieces, owner, f.path, f.lines, start, end, target))
    return out


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
