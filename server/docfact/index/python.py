"""The Python extractor: one tree-sitter query pass per file, then per-scope aggregation.

Scopes are the function and class definitions, sorted by start; every capture (call, raise,
return, ...) goes to the innermost scope containing it, found by bisect plus a walk up the
parent chain. Identifiers and attribute names are read by regex from the scope's text with
strings and comments blanked out, which is much cheaper than one Python object per
identifier node.

Decisions a caller relies on:

- ``local_name`` nests: ``Class.method``, ``outer.inner``; the module entity has ``""``.
- ``@overload`` variants keep the implementation's ``local_name`` and are marked
  ``is_abstract``; in ``FileIndex.entities`` they come right *after* the implementation, so
  ``FileIndex.entity(name)`` returns the implementation. Property setters likewise come after
  the getter.
- Comment blocks: ``owner`` is the function/class *containing* the comment ("" at module
  level), ``target_lines`` the statement that follows (for a comment above ``def f`` that is
  ``f``'s lines while the owner is the enclosing scope).
"""

from __future__ import annotations

import bisect
import keyword
import operator
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree

from docfact.index import common
from docfact.index.common import SourceFile as _File
from docfact.index.common import compact as _compact
from docfact.index.common import error_lines as _error_lines
from docfact.index.common import masked_text as _masked_text
from docfact.model import DocBlock, DocKind, Entity, FileIndex, Import, Param, Range

_KEYWORDS = frozenset(keyword.kwlist)
_ABSTRACT_DECORATORS = frozenset(
    {"abstractmethod", "abc.abstractmethod", "overload", "typing.overload", "abstractproperty",
     "abc.abstractproperty", "typing_extensions.overload"}
)
_OVERLOAD = frozenset({"overload", "typing.overload", "typing_extensions.overload"})
_LITERAL_KINDS = {
    "integer": "int", "float": "float", "true": "bool", "false": "bool", "none": "none",
    "list": "list", "list_comprehension": "list", "dictionary": "dict",
    "dictionary_comprehension": "dict", "set": "set", "set_comprehension": "set",
    "generator_expression": "generator",
    "tuple": "tuple", "expression_list": "tuple", "lambda": "lambda", "await": "await",
    "comparison_operator": "comparison", "not_operator": "comparison",
}
_CODE_START = re.compile(
    r"\s*(?:return|import|from|def|class|if|elif|else|for|while|try|except|with|raise|"
    r"yield|del|pass|break|continue|assert|print)\b"
)
_STMT_PARENTS = frozenset({"module", "block"})
_STRING_LIT = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'")
_WORD_PAIR = re.compile(r"(?<!\w)(\w+|[)\]}])[ \t]+(?=([^\W\d]\w*))")
_LABEL = re.compile(r"(?:^|\n)[ \t]*([^\W\d]\w*)[ \t]*:[ \t]*$|[=\-*#~^]{4}")
_CODE_WORDS = _KEYWORDS | {"match", "case", "type", "print", "exec"}


@dataclass
class _Scope:
    node: Node
    start: int  # byte offsets of the definition node
    end: int
    is_class: bool
    parent: int = -1
    name: str = "?"
    local_name: str = ""
    entity: Entity | None = None
    calls: list[str] = field(default_factory=list)
    raises: list[str] = field(default_factory=list)
    catches: list[str] = field(default_factory=list)
    assigns: list[str] = field(default_factory=list)
    locals: list[str] = field(default_factory=list)
    returns: list[Node] = field(default_factory=list)
    # name -> the left-hand identifier of each plain assignment to it (None: bound otherwise)
    bound: dict[str, list[Node | None]] = field(default_factory=dict)
    generator: bool = False
    subscript: bool = False
    bare_raise: bool = False
    children: list[int] = field(default_factory=list)
    outer: Node | None = None  # the decorated_definition around node, or node
    body: Node | None = None
    head: Node | None = None  # the parameters (function) or name (class) node
    protocol: bool = False  # a class with a Protocol base
    other_bound: frozenset[str] | None = None  # see _other_bindings


@lru_cache(maxsize=1)
def _tools() -> tuple[Parser, Query]:
    import tree_sitter_python

    lang = Language(tree_sitter_python.language())
    src = (Path(__file__).parent / "queries" / "python.scm").read_text(encoding="utf-8")
    return Parser(lang), Query(lang, src)


def parser() -> Parser:
    """The cached Python parser (for callers that only need a raw parse)."""
    return _tools()[0]


@lru_cache(maxsize=256)
def parse_snippet(data: bytes) -> Tree:
    """A parse of a short piece of Python (an example in a docstring), kept for the next caller
    of the same bytes (the example segmenter and the example rules both read them). Treat the
    tree as read-only."""
    return _tools()[0].parse(data)


def extract(path: str, text: str, module: str) -> FileIndex:
    """Index one Python source text."""
    return extract_reusing(path, text, module, None)[0]


def extract_reusing(path: str, text: str, module: str, previous: common.Parsed | None) -> tuple[FileIndex, common.Parsed]:
    """Like :func:`extract`, reparsing incrementally from ``previous`` (the bytes and tree of
    an earlier version of the file, consumed); also returns this version's bytes and tree."""
    prs, query = _tools()
    f = _File(path, text, module)
    tree = common.reparse(prs, f.data, previous)
    root = tree.root_node
    caps = QueryCursor(query).captures(root)
    for key in ("call", "assign", "comment", "import", "raise", "except", "return"):
        if key in caps:
            # outer before inner for nodes that start together (``a.b(x).c`` before
            # ``a.b``): the cursor's own order for them varies from run to run; two stable
            # C-keyed sorts give the order of the key (start_byte, -end_byte)
            nodes = caps[key]
            nodes.sort(key=_END_BYTE, reverse=True)
            nodes.sort(key=_START_BYTE)
    fi = FileIndex(path=path, module=module, language="python", text=text)

    error_ranges: list[tuple[int, int]] = []
    if root.has_error:
        fi.syntax_error_lines = _error_lines(root, error_ranges)
        # a function with an error inside is mid-edit: its docs are not judged either
        error_ranges += [(n.start_byte, n.end_byte) for n in caps.get("def", []) if n.has_error]
        error_ranges = [(f.so(s), f.so(e)) for s, e in error_ranges]

    scopes = _build_scopes(f, caps.get("def", []), caps.get("class", []))
    starts = [s.start for s in scopes]
    ends = [s.end for s in scopes]
    parents = [s.parent for s in scopes]
    mod_scope = _Scope(root, 0, len(f.data), False)
    # index -1 (no enclosing definition) is the module scope
    table = [*scopes, mod_scope]

    def owners(nodes: list[Node]) -> list[_Scope]:
        """The innermost scope containing the start of each node."""
        out = []
        bisect_right = bisect.bisect_right
        for b in map(_START_BYTE, nodes):
            i = bisect_right(starts, b) - 1
            while i >= 0 and ends[i] <= b:
                i = parents[i]
            out.append(table[i])
        return out

    def scope_at(b: int) -> _Scope:
        i = bisect.bisect_right(starts, b) - 1
        while i >= 0 and ends[i] <= b:
            i = parents[i]
        return table[i]

    _collect(f, caps, owners)

    masked = _masked_text(f, caps.get("strc", []), caps.get("comment", []))
    module_entity = Entity(
        kind="module", name=module.rsplit(".", 1)[-1], local_name="", module=module, path=path,
        language="python", range=f.whole_range(), code=text,
    )
    _fill_scope_lists(module_entity, mod_scope)
    fi.entities.append(module_entity)

    entities: list[Entity] = []
    for sc in scopes:
        ent = _definition_entity(f, sc, scopes)
        sc.entity = ent
        entities.append(ent)
    _refs_for_scopes(f, masked, scopes, module_entity, root)

    docs: list[DocBlock] = []
    module_doc = _body_docstring(f, root, "", error_ranges)
    if module_doc is not None:
        module_entity.doc = module_doc[0]
        module_entity.docless_code = _docless(module_entity.code, 0, module_doc)
        docs.append(module_doc[0])
    else:
        module_entity.docless_code = text
    for sc, ent in zip(scopes, entities):
        body = sc.body
        doc = _body_docstring(f, body, ent.local_name, error_ranges) if body is not None else None
        if doc is not None:
            ent.doc = doc[0]
            docs.append(doc[0])
            code_start = f.so(sc.outer.start_byte)  # type: ignore[union-attr]
            ent.docless_code = _docless(ent.code, code_start, doc)
        else:
            ent.docless_code = ent.code

    # module- and class-level assignments
    variables = _assignments(f, root, None, error_ranges)
    members: dict[int, list[Entity]] = {}
    for i, sc in enumerate(scopes):
        if sc.is_class:
            body = sc.body
            if body is not None:
                members[i] = _assignments(f, body, sc, error_ranges)
    for v in variables:
        if v.doc:
            docs.append(v.doc)
    for fields_ in members.values():
        for v in fields_:
            if v.doc:
                docs.append(v.doc)

    # class members in source order (methods, nested classes and fields)
    for i, sc in enumerate(scopes):
        if sc.is_class and sc.entity is not None:
            names = [scopes[c].local_name for c in sc.children]
            names += [v.local_name for v in members.get(i, [])]
            sc.entity.members = list(dict.fromkeys(names))
    module_entity.members = list(
        dict.fromkeys([sc.local_name for sc in scopes if sc.parent < 0] + [v.local_name for v in variables])
    )

    all_entities = entities + variables + [v for fs in members.values() for v in fs]
    all_entities.sort(key=lambda e: (e.range.start.line, e.range.start.col))
    fi.entities.extend(_order_overloads(all_entities))

    fi.imports = [imp for node in caps.get("import", []) for imp in _imports(f, node)]
    docs.extend(_comments(f, fi, caps.get("comment", []), root, scope_at, error_ranges))
    docs.sort(key=lambda d: (d.range.start.line, d.range.start.col))
    fi.docs = docs
    return fi, (f.data, tree)


# -- scopes -------------------------------------------------------------------------------


def _outer(node: Node) -> Node:
    """The decorated_definition wrapping ``node``, or ``node`` itself."""
    parent = node.parent
    if parent is not None and parent.type == "decorated_definition":
        return parent
    return node


def _build_scopes(f: _File, defs: list[Node], classes: list[Node]) -> list[_Scope]:
    scopes = [_Scope(n, n.start_byte, n.end_byte, False) for n in defs]
    scopes += [_Scope(n, n.start_byte, n.end_byte, True) for n in classes]
    scopes.sort(key=lambda s: s.start)
    stack: list[int] = []
    for i, sc in enumerate(scopes):
        while stack and scopes[stack[-1]].end <= sc.start:
            stack.pop()
        node = sc.node
        sc.outer = _outer(node)
        sc.body = node.child_by_field_name("body")
        name_node = node.child_by_field_name("name")
        if name_node is not None:
            sc.name = f.src(name_node)
        sc.head = name_node if sc.is_class else node.child_by_field_name("parameters")
        if stack:
            sc.parent = stack[-1]
            scopes[sc.parent].children.append(i)
            sc.local_name = f"{scopes[sc.parent].local_name}.{sc.name}"
        else:
            sc.local_name = sc.name
        stack.append(i)
    return scopes


def _collect(f: _File, caps: dict[str, list[Node]], owners) -> None:  # type: ignore[no-untyped-def]
    src = f.src
    calls = caps.get("call", [])
    text = f.text
    compact = _compact
    if f.ascii:
        for sc, node in zip(owners(calls), calls):
            sc.calls.append(compact(text[node.start_byte : node.end_byte]))
    else:
        so = f.so
        for sc, node in zip(owners(calls), calls):
            sc.calls.append(compact(text[so(node.start_byte) : so(node.end_byte)]))
    raises = caps.get("raise", [])
    for sc, node in zip(owners(raises), raises):
        exc = node.named_children[0] if node.named_child_count else None
        if exc is None or exc.type == "comment":
            sc.bare_raise = True
            continue
        if exc.type == "call":
            fn = exc.child_by_field_name("function")
            sc.raises.append(_compact(src(fn)) if fn is not None else src(exc))
        elif exc.type in ("identifier", "attribute"):
            name = _compact(src(exc))
            last = name.rsplit(".", 1)[-1]
            if last[:1].isupper():
                sc.raises.append(name)
            else:
                sc.bare_raise = True
        else:
            sc.bare_raise = True
    excepts = caps.get("except", [])
    for sc, node in zip(owners(excepts), excepts):
        value = node.child_by_field_name("value")
        if value is None:
            for ch in node.named_children:
                if ch.type != "block":
                    value = ch
                    break
        if value is None:
            sc.catches.append("BaseException")
            continue
        if value.type == "as_pattern":
            value = value.named_children[0]
        items = value.named_children if value.type in ("tuple", "parenthesized_expression", "expression_list") else [value]
        for it in items:
            if it.type in ("identifier", "attribute"):
                sc.catches.append(_compact(src(it)))
    returns = caps.get("return", [])
    for sc, node in zip(owners(returns), returns):
        sc.returns.append(node)
    for node in caps.get("yield", []):
        p = node.parent
        while p is not None and p.type not in ("function_definition", "lambda", "class_definition"):
            p = p.parent
        if p is not None and p.type == "function_definition":
            owners([node])[0].generator = True
    subscripts = caps.get("subscript", [])
    for sc, node in zip(owners(subscripts), subscripts):
        if sc.subscript:
            continue
        if _is_subscript_read(node):
            sc.subscript = True
    assigns = caps.get("assign", [])
    for sc, node in zip(owners(assigns), assigns):
        t = node.type
        if t == "identifier":  # no whitespace in it
            name = src(node)
            sc.assigns.append(name)
            sc.locals.append(name)
            sc.bound.setdefault(name, []).append(node)
            continue
        if t == "attribute":
            sc.assigns.append(compact(src(node)))
            continue
        if t != "subscript":
            for ident in _pattern_names(node):
                sc.bound.setdefault(src(ident), []).append(None)
        targets = node.named_children if t == "list_splat_pattern" else [
            c for c in node.named_children if c.type in ("identifier", "attribute")
        ]
        for tn in targets:
            name = compact(src(tn))
            sc.assigns.append(name)
            if tn.type == "identifier":
                sc.locals.append(name)


_START_BYTE = operator.attrgetter("start_byte")
_END_BYTE = operator.attrgetter("end_byte")


def _is_subscript_read(node: Node) -> bool:
    parent = node.parent
    if parent is not None and parent.type in ("assignment", "augmented_assignment"):
        if parent.child_by_field_name("left") == node and parent.type == "assignment":
            return False
    p = parent
    while p is not None:
        t = p.type
        if t == "type":
            return False
        if t in ("block", "module", "function_definition", "class_definition"):
            return True
        p = p.parent
    return True


# -- entities -----------------------------------------------------------------------------


def _unique(items: list[str]) -> list[str]:
    """``items`` without repeats; a list too short to repeat is returned itself."""
    return list(dict.fromkeys(items)) if len(items) > 1 else items


def _fill_scope_lists(ent: Entity, sc: _Scope) -> None:
    ent.calls = _unique(sc.calls)
    ent.raises = _unique(sc.raises)
    ent.catches = _unique(sc.catches)
    ent.assigns = _unique(sc.assigns)
    ent.has_subscript = sc.subscript
    ent.has_bare_raise = sc.bare_raise


def _definition_entity(f: _File, sc: _Scope, scopes: list[_Scope]) -> Entity:
    node = sc.node
    outer = sc.outer or node
    src = f.src
    start = f.so(outer.start_byte)
    end = f.so(node.end_byte)
    decorators = []
    if outer is not node:
        for ch in outer.named_children:
            if ch.type == "decorator":
                decorators.append(_compact(src(ch))[1:])
    parent = scopes[sc.parent] if sc.parent >= 0 else None
    body = sc.body
    header_end = f.so(body.start_byte) if body is not None else end
    header = f.text[f.so(node.start_byte) : header_end].rstrip()
    if header.endswith(":"):
        header = header[:-1].rstrip()
    ent = Entity(
        kind="class" if sc.is_class else ("method" if parent is not None and parent.is_class else "function"),
        name=sc.name,
        local_name=sc.local_name,
        module=f.module,
        path=f.path,
        language="python",
        range=f.node_range(outer, node),
        code=f.text[start:end],
        signature=header,
        decorators=decorators,
        parent=parent.local_name if parent is not None else None,
    )
    _fill_scope_lists(ent, sc)
    if sc.is_class:
        sup = node.child_by_field_name("superclasses")
        if sup is not None:
            ent.bases = [_compact(src(c)) for c in sup.named_children if c.type not in ("keyword_argument", "comment", "list_splat", "dictionary_splat")]
            sc.protocol = any(b.rsplit(".", 1)[-1].split("[", 1)[0] == "Protocol" for b in ent.bases)
        return ent
    ent.is_async = node.child(0).type == "async"  # type: ignore[union-attr]
    ent.is_generator = sc.generator
    ent.locals = _unique(sc.locals)
    params = sc.head
    in_class = parent is not None and parent.is_class
    ent.params = _params(f, params, in_class, decorators) if params is not None else []
    rt = node.child_by_field_name("return_type")
    ent.returns = src(rt) if rt is not None else None
    abstract = bool(decorators) and bool({d.split("(", 1)[0] for d in decorators} & _ABSTRACT_DECORATORS)
    if not abstract and parent is not None:
        abstract = parent.protocol
    if not abstract and body is not None:
        abstract = _stub_body(f, body)
    ent.is_abstract = abstract
    param_names = {p.name.lstrip("*") for p in ent.params}
    kinds = [k for r in sc.returns
             for k in _returned_kinds(f, sc, r.named_children[0] if r.named_child_count else None, param_names)]
    if not ent.is_generator and not abstract and body is not None and _falls_through(body):
        kinds.append("none")
    ent.return_kinds = list(dict.fromkeys(kinds))
    return ent


def _params(f: _File, node: Node, in_class: bool, decorators: list[str]) -> list[Param]:
    src = f.src
    out: list[Param] = []
    keyword_only = False
    static = "staticmethod" in decorators
    for ch in node.named_children:
        t = ch.type
        ann: str | None = None
        default: str | None = None
        kind = "keyword" if keyword_only else "positional"
        if t == "identifier":
            name = src(ch)
        elif t in ("default_parameter", "typed_default_parameter"):
            nm = ch.child_by_field_name("name")
            name = src(nm) if nm is not None else src(ch)
            ty = ch.child_by_field_name("type")
            ann = src(ty) if ty is not None else None
            val = ch.child_by_field_name("value")
            default = src(val) if val is not None else None
        elif t == "keyword_separator":
            keyword_only = True
            continue
        elif t in ("positional_separator", "comment"):
            continue
        else:
            target = ch
            if t == "typed_parameter":
                ty = ch.child_by_field_name("type")
                ann = src(ty) if ty is not None else None
                target = ch.named_children[0]
            tt = target.type
            if tt == "list_splat_pattern":
                name = src(target).lstrip("*").strip()
                kind = "vararg"
                keyword_only = True
            elif tt == "dictionary_splat_pattern":
                name = src(target).lstrip("*").strip()
                kind = "kwarg"
            else:
                name = src(target)
        if not out and in_class and not static and kind == "positional" and name in ("self", "cls", "mcs", "klass"):
            kind = "self"
        out.append(Param(name, ann, default, kind))
    return out


def _stub_body(f: _File, body: Node) -> bool:
    # at most three statements matter (a docstring, one statement, and whether more follow)
    stmts: list[Node] = []
    for i in range(body.named_child_count):
        c = body.named_child(i)
        if c is not None and c.type != "comment":
            stmts.append(c)
            if len(stmts) == 3:
                break
    if stmts and stmts[0].type == "expression_statement" and stmts[0].named_child_count == 1 and stmts[0].named_children[0].type == "string":
        stmts = stmts[1:]
    if not stmts:
        return True
    if len(stmts) != 1:
        return False
    s = stmts[0]
    if s.type == "pass_statement":
        return True
    if s.type == "expression_statement" and s.named_child_count == 1 and s.named_children[0].type == "ellipsis":
        return True
    if s.type == "raise_statement":
        return "NotImplementedError" in f.src(s)
    return False


def _falls_through(block: Node) -> bool:
    """True when control can reach the end of ``block`` (a conservative approximation)."""
    last = None
    for i in range(block.named_child_count - 1, -1, -1):
        c = block.named_child(i)
        if c is not None and c.type != "comment":
            last = c
            break
    if last is None:
        return True
    t = last.type
    if t in ("return_statement", "raise_statement"):
        return False
    if t == "if_statement":
        cons = last.child_by_field_name("consequence")
        branches = [cons] if cons is not None else []
        has_else = False
        for alt in last.children_by_field_name("alternative"):
            if alt.type == "else_clause":
                has_else = True
            b = alt.child_by_field_name("body") or alt.child_by_field_name("consequence")
            if b is not None:
                branches.append(b)
        return not has_else or any(_falls_through(b) for b in branches)
    if t == "while_statement":
        cond = last.child_by_field_name("condition")
        return not (cond is not None and cond.type == "true")
    if t == "try_statement":
        body = last.child_by_field_name("body")
        blocks = [body] if body is not None else []
        for ch in last.named_children:
            if ch.type == "finally_clause":
                fb = ch.named_children[-1] if ch.named_child_count else None
                if fb is not None and fb.type == "block" and not _falls_through(fb):
                    return False
            elif ch.type in ("except_clause", "except_group_clause", "else_clause"):
                b = ch.named_children[-1] if ch.named_child_count else None
                if b is not None and b.type == "block":
                    blocks.append(b)
        has_else = any(ch.type == "else_clause" for ch in last.named_children)
        if has_else and body is not None:
            blocks = [b for b in blocks if b is not body]
        return any(_falls_through(b) for b in blocks)
    if t == "with_statement":
        body = last.child_by_field_name("body")
        return body is None or _falls_through(body)
    if t == "match_statement":
        return True
    return True


def _expr_kind(f: _File, node: Node | None) -> str:
    if node is None:
        return "none"
    t = node.type
    while t == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
        t = node.type
    kind = _LITERAL_KINDS.get(t)
    if kind is not None:
        return kind
    if t in ("string", "concatenated_string"):
        first = node.named_children[0] if t == "concatenated_string" else node
        prefix = f.src(first)[:3].lower()
        prefix = prefix[: len(prefix) - len(prefix.lstrip("rbuf"))] if prefix else ""
        if "f" in prefix:
            return "fstring"
        return "bytes" if "b" in prefix else "str"
    if t == "call":
        fn = node.child_by_field_name("function")
        if fn is None:
            return "other"
        return _codec_call_kind(f, fn, node.child_by_field_name("arguments")) or f"call:{_compact(f.src(fn))}"
    if t == "binary_operator":
        return _binary_kind(f, node)
    if t == "identifier":
        return f"name:{f.src(node)}"
    if t == "boolean_operator":
        kinds = {_expr_kind(f, c) for c in (node.child_by_field_name("left"), node.child_by_field_name("right"))}
        return "comparison" if kinds <= {"comparison", "bool"} else "other"
    if t == "unary_operator":
        arg = node.child_by_field_name("argument")
        inner = _expr_kind(f, arg)
        return inner if inner in ("int", "float") else "other"
    return "other"


# ``x.encode("utf-8")`` is bytes and ``x.decode()`` is str when the arguments are a codec's: no
# argument, a string literal or ``encoding=``/``errors=`` (``JSONEncoder().encode(obj)`` is not)
_CODEC_METHODS = {"encode": "bytes", "decode": "str"}


def _codec_call_kind(f: _File, fn: Node, args: Node | None) -> str | None:
    if fn.type != "attribute":
        return None
    attr = fn.child_by_field_name("attribute")
    kind = _CODEC_METHODS.get(f.src(attr)) if attr is not None else None
    receiver = fn.child_by_field_name("object")
    if kind is None or receiver is None or f.src(receiver) in ("self", "cls", "super()"):
        return None
    for a in args.named_children if args is not None else ():
        if a.type == "keyword_argument":
            key = a.child_by_field_name("name")
            if key is None or f.src(key) not in ("encoding", "errors"):
                return None
        elif a.type != "string":
            return None
    return kind


_TEXT_KINDS = ("str", "fstring", "bytes")


def _binary_kind(f: _File, node: Node) -> str:
    """``"%s" % x`` and ``x + "\\n"`` are text like their literal; ``[a] + rest`` is a list like
    its left literal (an array on the left of ``+ [a]`` would not make a list)."""
    op = node.child_by_field_name("operator")
    left = _expr_kind(f, node.child_by_field_name("left"))
    if op is None:
        return "other"
    if op.type == "%":
        return left if left in _TEXT_KINDS else "other"
    if op.type == "+":
        if left in (*_TEXT_KINDS, "list", "tuple"):
            return left
        right = _expr_kind(f, node.child_by_field_name("right"))
        if right in _TEXT_KINDS:
            return right
    return "other"


def _pattern_names(node: Node) -> list[Node]:
    """The identifiers an unpacking target binds: ``a, (b, *c)`` -> a, b, c (not ``x.y``/``x[0]``)."""
    if node.type == "identifier":
        return [node]
    if node.type in ("pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern",
                     "parenthesized_expression", "tuple", "list", "expression_list"):
        return [n for c in node.named_children for n in _pattern_names(c)]
    return []


# a name rebound by a statement the assignment captures do not see: docfact stays unsure of it
_OTHER_BINDING = re.compile(r"\b(?:global|nonlocal|import|def|class|as)\b([^\n]*)")
_CASE = re.compile(r"^[ \t]*case\b", re.M)
_WORD = re.compile(r"\w+")


def _other_bindings(f: _File, sc: _Scope) -> frozenset[str]:
    """The words after ``global``, ``nonlocal``, ``import``, ``def``, ``class`` or ``as`` on a
    line of the scope's code (names such a statement may rebind), and ``"case"`` when the code
    has a ``match`` case, as ``"match-case"`` (its patterns bind names); once per scope."""
    if sc.other_bound is None:
        code = f.text[f.so(sc.node.start_byte) : f.so(sc.node.end_byte)]
        words = {w for m in _OTHER_BINDING.finditer(code) for w in _WORD.findall(m.group(1))}
        if _CASE.search(code):
            words.add("match-case")
        sc.other_bound = frozenset(words)
    return sc.other_bound


def _returned_kinds(f: _File, sc: _Scope, node: Node | None, params: set[str]) -> list[str]:
    """What one ``return`` can give back: ``a if c else b`` gives both, and a local name gives
    the kinds of every value assigned to it (``result = []`` ... ``return result`` is a list)."""
    if node is None:
        return ["none"]
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    if node.type == "conditional_expression" and node.named_child_count == 3:
        a, _, b = node.named_children
        return [*_returned_kinds(f, sc, a, params), *_returned_kinds(f, sc, b, params)]
    kind = _expr_kind(f, node)
    if node.type == "identifier":
        return _local_kinds(f, sc, f.src(node), params) or [kind]
    return [kind]


def _local_kinds(f: _File, sc: _Scope, name: str, params: set[str]) -> list[str] | None:
    """The kinds of the values assigned to local ``name``, or None when one is not a plain
    ``name = value`` of a known kind (a parameter, an unpacking, a loop target, ``+=`` on what
    may be a number, a ``global`` ...)."""
    targets = sc.bound.get(name)
    if not targets or name in params or None in targets:
        return None
    kinds: list[str] = []
    augmented: set[str] = set()
    for target in targets:
        parent = target.parent  # type: ignore[union-attr]
        if parent is None:
            return None
        if parent.type == "augmented_assignment":
            op = parent.child_by_field_name("operator")
            augmented.add(op.type if op is not None else "?")
            continue
        if parent.type != "assignment":
            return None  # a for target, a with target, a walrus
        value = parent.child_by_field_name("right")
        while value is not None and value.type == "assignment":  # a = b = []
            value = value.child_by_field_name("right")
        if value is None:
            continue  # ``x: int`` declares, it does not bind
        kind = _expr_kind(f, value)
        if kind in ("other", "await") or kind.startswith("name:"):
            return None
        kinds.append(kind)
    if not kinds:
        return None
    # ``s += "x"`` keeps a str a str and ``items += more`` a list; ``n += 0.5`` may not keep an int
    if augmented - {"+=", "|="}:
        return None
    if "+=" in augmented and not set(kinds) <= {"str", "fstring", "bytes", "list", "tuple"}:
        return None
    if "|=" in augmented and not set(kinds) <= {"set", "dict"}:
        return None
    # last, as it is the dearest test: a binding the scope table does not list
    other = _other_bindings(f, sc)
    if name in other or "match-case" in other:
        return None
    return kinds


def _assignments(f: _File, block: Node, sc: _Scope | None, error_ranges: list[tuple[int, int]]) -> list[Entity]:
    """Module variables (``sc`` None) or class fields from direct assignment statements."""
    out: list[Entity] = []
    children = block.named_children
    prefix = f"{sc.local_name}." if sc is not None else ""
    for idx, stmt in enumerate(children):
        if stmt.type != "expression_statement" or not stmt.named_child_count:
            continue
        asg = stmt.named_children[0]
        if asg.type != "assignment":
            continue
        left = asg.child_by_field_name("left")
        if left is None or left.type != "identifier":
            continue
        right = asg.child_by_field_name("right")
        while right is not None and right.type == "assignment":  # a = b = 1
            right = right.child_by_field_name("right")
        ty = asg.child_by_field_name("type")
        name = f.src(left)
        code = f.text[f.so(stmt.start_byte) : f.so(stmt.end_byte)]
        ent = Entity(
            kind="field" if sc is not None else "variable",
            name=name,
            local_name=prefix + name,
            module=f.module,
            path=f.path,
            language="python",
            range=f.node_range(stmt, stmt),
            code=code,
            signature=code.split("\n", 1)[0],
            annotation=f.src(ty) if ty is not None else None,
            value_kind=_expr_kind(f, right) if right is not None else None,
            parent=sc.local_name if sc is not None else None,
            docless_code=code,
        )
        if idx + 1 < len(children):
            doc = _string_statement_doc(f, children[idx + 1], ent.local_name, error_ranges)
            if doc is not None:
                ent.doc = doc[0]
        out.append(ent)
    return out


def _order_overloads(entities: list[Entity]) -> list[Entity]:
    """Put every implementation before its @overload variants (same local_name)."""
    overloads = [bool(e.decorators) and bool({d.split("(", 1)[0] for d in e.decorators} & _OVERLOAD) for e in entities]
    if not any(overloads):
        return entities
    impl = {e.local_name for e, is_overload in zip(entities, overloads) if not is_overload}
    out: list[Entity] = []
    pending: dict[str, list[Entity]] = {}
    for e, is_overload in zip(entities, overloads):
        if is_overload and e.local_name in impl:
            pending.setdefault(e.local_name, []).append(e)
            continue
        out.append(e)
        out.extend(pending.pop(e.local_name, []))
    for rest in pending.values():
        out.extend(rest)
    return out


# -- refs ---------------------------------------------------------------------------------


def _refs_for_scopes(f: _File, masked: str, scopes: list[_Scope], module_entity: Entity, root: Node) -> None:
    so = f.so
    for sc in scopes:
        node = sc.node
        first = sc.head
        if first is None:
            continue
        pos = so(first.start_byte) if not sc.is_class else so(first.end_byte)
        end = so(node.end_byte)
        chunks = []
        for c in sc.children:
            child = scopes[c].outer or scopes[c].node
            cs = so(child.start_byte)
            chunks.append(masked[pos:cs])
            pos = so(child.end_byte)
        chunks.append(masked[pos:end])
        if sc.entity is not None:
            sc.entity.refs, sc.entity.attributes = common.names(chunks, _KEYWORDS)
    pos = 0
    chunks = []
    for sc in scopes:
        if sc.parent >= 0:
            continue
        outer = sc.outer or sc.node
        chunks.append(masked[pos : so(outer.start_byte)])
        # decorators belong to the module level
        if outer is not sc.node:
            chunks.append(masked[so(outer.start_byte) : so(sc.node.start_byte)])
        pos = so(sc.node.end_byte)
    chunks.append(masked[pos:])
    module_entity.refs, module_entity.attributes = common.names(chunks, _KEYWORDS)


# -- docs ---------------------------------------------------------------------------------


# a docstring and the str offsets of its literal, quotes included
_Docstring = tuple[DocBlock, int, int]


def _doc_block(
    kind: DocKind,
    text: str,
    pieces: list[tuple[int, int]],
    owner: str,
    path: str,
    rng: Range,
    target_lines: tuple[int, int] | None = None,
) -> DocBlock:
    """Like ``common.make_block`` for a span whose range is already known."""
    return DocBlock(kind, text, owner, path, rng, pieces, rng.start.line, rng.end.line, target_lines)


def _string_statement_doc(f: _File, stmt: Node, owner: str, error_ranges: list[tuple[int, int]]) -> _Docstring | None:
    if stmt.type != "expression_statement" or stmt.named_child_count != 1:
        return None
    s = stmt.named_children[0]
    if s.type != "string":
        return None
    start = f.so(s.start_byte)
    end = f.so(s.end_byte)
    if error_ranges and common.in_ranges(error_ranges, start, end):
        return None
    raw = common.string_literal_lines(f.text[start:end], start)
    if raw is None:
        return None
    text, pieces = common.clean_lines(raw, first_line_free=True)
    return _doc_block("docstring", text, pieces, owner, f.path, f.node_range(s, s)), start, end


def _body_docstring(f: _File, body: Node, owner: str, error_ranges: list[tuple[int, int]]) -> _Docstring | None:
    for i in range(body.named_child_count):
        ch = body.named_child(i)
        if ch is None or ch.type == "comment":
            continue
        return _string_statement_doc(f, ch, owner, error_ranges)
    return None


def _docless(code: str, code_start: int, doc: _Docstring) -> str:
    """``code`` (starting at file offset ``code_start``) without ``doc``'s literal and the
    blank rest of its lines."""
    s = doc[1] - code_start
    e = doc[2] - code_start
    ls = code.rfind("\n", 0, s) + 1
    if not code[ls:s].strip():
        s = ls
    le = code.find("\n", e)
    le = len(code) if le == -1 else le + 1
    if not code[e:le].strip():
        e = le
    return code[:s] + code[e:]


def looks_like_code(text: str) -> bool:
    """Heuristic for commented-out code: parses as Python without errors and has code shape."""
    # code shape: "=", "(" or "[", a trailing ":", or a line starting with a statement keyword
    if not ("=" in text or "(" in text or "[" in text or text.rstrip().endswith(":")
            or any(map(_CODE_START.match, text.split("\n")))):
        return False
    # two plain words in a row ("the value") never occur in valid Python: prose, no parse needed
    bare = _STRING_LIT.sub('""', text)
    for m in _WORD_PAIR.finditer(bare):
        if m.group(1) not in _CODE_WORDS and m.group(2) not in _CODE_WORDS:
            return False
    # a "Label:" line or a rule such as "====": prose
    label = _LABEL.search(text)
    if label and (label.group(1) is None or label.group(1) not in _KEYWORDS):
        return False
    tree = parser().parse(text.encode("utf-8", "surrogatepass"))
    root = tree.root_node
    if root.has_error:
        # a trailing block opener such as `if x:` or `else:` does not parse alone
        stripped = text.rstrip()
        if stripped.endswith(":"):
            tree = parser().parse((stripped + "\n    pass\n").encode("utf-8", "surrogatepass"))
            if not tree.root_node.has_error:
                return True
            if re.match(r"\s*(?:else|elif\b.*|except\b.*|finally|try)\s*:$", stripped.split("\n")[-1]):
                return True
        return False
    # a lone name or a bare word list is prose, not code
    kinds = {c.type for c in root.named_children}
    if kinds <= {"expression_statement"}:
        exprs = [c.named_children[0].type for c in root.named_children if c.named_child_count]
        if all(t in ("identifier", "string", "integer", "float", "comparison_operator", "boolean_operator", "not_operator") for t in exprs):
            return False
    return True


def _comments(
    f: _File,
    fi: FileIndex,
    comments: list[Node],
    root: Node,
    scope_at,  # type: ignore[no-untyped-def]
    error_ranges: list[tuple[int, int]],
) -> list[DocBlock]:
    text = f.text
    first_code = _first_code_line(root)
    # (row, col, content, content_offset, start, end, standalone, node)
    entries: list[tuple[int, int, str, int, int, int, bool, Node]] = []
    for node in comments:
        s = f.so(node.start_byte)
        e = f.so(node.end_byte)
        raw = text[s:e]
        row = node.start_point.row
        ignore_file, codes = common.parse_suppression(raw)
        if ignore_file:
            fi.ignore_file = True
        if codes is not None:
            common.add_suppression(fi.suppressions, row, codes)
        if row == 0 and raw.startswith("#!"):
            continue
        if row <= 1 and common.is_coding_cookie(raw):
            continue
        hashes = len(raw) - len(raw.lstrip("#"))
        content = raw[hashes:]
        if common.is_skipped_comment_line(content):
            continue
        ls = text.rfind("\n", 0, s) + 1
        standalone = not text[ls:s].strip()
        entries.append((row, s - ls, content, s + hashes, s, e, standalone, node))

    groups: list[list[tuple[int, int, str, int, int, int, bool, Node]]] = []
    for ent in entries:
        if ent[6] and groups and groups[-1][-1][6]:
            prev = groups[-1][-1]
            if prev[0] + 1 == ent[0] and prev[1] == ent[1]:
                # a TODO line starts its own (skipped) block; only its indented
                # continuation lines stay with it
                marker_group = common.is_marker_comment(groups[-1][0][2])
                indent = len(ent[2]) - len(ent[2].lstrip())
                first = groups[-1][0][2]
                continues = indent > len(first) - len(first.lstrip())
                if not common.is_marker_comment(ent[2]) and (not marker_group or continues):
                    groups[-1].append(ent)
                    continue
        groups.append([ent])

    out: list[DocBlock] = []
    for g in groups:
        start, end = g[0][4], g[-1][5]
        if error_ranges and common.in_ranges(error_ranges, start, end):
            continue
        cleaned, pieces = common.clean_lines([(c[2], c[3]) for c in g])
        if not cleaned.strip() or common.is_marker_comment(cleaned):
            continue
        if g[0][6] and g[-1][0] < first_code and common.is_license_text(cleaned):
            continue
        if looks_like_code(cleaned):
            continue
        sc = scope_at(g[0][7].start_byte)
        owner = sc.local_name
        if g[0][6]:
            target = _next_sibling_lines(g[-1][7]) or _following_statement(f, root, g[-1][0] + 1)
        else:
            target = (g[0][0], g[0][0])
        out.append(_doc_block("comment", cleaned, pieces, owner, f.path, f.node_range(g[0][7], g[-1][7]), target))
    return out


def _next_sibling_lines(node: Node) -> tuple[int, int] | None:
    sib = node.next_named_sibling
    while sib is not None and sib.type == "comment":
        sib = sib.next_named_sibling
    if sib is not None and sib.type == "block":  # leading comments sit before the body block
        sib = next((c for c in sib.named_children if c.type != "comment"), None)
    if sib is None or sib.start_point.row <= node.start_point.row:
        return None
    return (sib.start_point.row, sib.end_point.row)


def _first_code_line(root: Node) -> int:
    for ch in root.named_children:
        if ch.type != "comment":
            return ch.start_point.row
    return root.end_point.row + 1


def _following_statement(f: _File, root: Node, row: int) -> tuple[int, int] | None:
    nlines = len(f.lines.line_starts)
    while row < nlines:
        line = f.lines.line_text(row)
        stripped = line.lstrip()
        if stripped and not stripped.startswith("#"):
            break
        row += 1
    else:
        return None
    line = f.lines.line_text(row)
    col = len(line) - len(line.lstrip())
    col_bytes = len(line[:col].encode("utf-8", "surrogatepass"))
    node = root.descendant_for_point_range((row, col_bytes), (row, col_bytes))
    if node is None:
        return None
    while node.parent is not None and node.parent.type not in _STMT_PARENTS:
        node = node.parent
    if node.type in _STMT_PARENTS:
        return (row, row)
    return (node.start_point.row, node.end_point.row)


# -- imports ------------------------------------------------------------------------------


def _imports(f: _File, node: Node) -> list[Import]:
    src = f.src
    line = node.start_point.row
    out: list[Import] = []
    if node.type == "import_statement":
        for ch in node.named_children:
            if ch.type == "dotted_name":
                out.append(Import(module=_compact(src(ch)), name=None, alias=None, line=line))
            elif ch.type == "aliased_import":
                nm = ch.child_by_field_name("name")
                al = ch.child_by_field_name("alias")
                out.append(Import(module=_compact(src(nm)) if nm else "", name=None,
                                  alias=src(al) if al else None, line=line))
        return out
    if node.type == "future_import_statement":
        mod, level = "__future__", 0
        names = node.children_by_field_name("name")
    else:
        mn = node.child_by_field_name("module_name")
        mod, level = "", 0
        if mn is not None:
            if mn.type == "relative_import":
                for ch in mn.named_children:
                    if ch.type == "import_prefix":
                        level = len(src(ch).strip())
                    elif ch.type == "dotted_name":
                        mod = _compact(src(ch))
            else:
                mod = _compact(src(mn))
        names = node.children_by_field_name("name")
        if any(ch.type == "wildcard_import" for ch in node.named_children):
            return [Import(module=mod, name="*", alias=None, level=level, line=line)]
    for ch in names:
        if ch.type == "aliased_import":
            nm = ch.child_by_field_name("name")
            al = ch.child_by_field_name("alias")
            out.append(Import(module=mod, name=_compact(src(nm)) if nm else "",
                              alias=src(al) if al else None, level=level, line=line))
        else:
            out.append(Import(module=mod, name=_compact(src(ch)), alias=None, level=level, line=line))
    return out
