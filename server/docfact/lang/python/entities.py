"""The entities of a Python file's definitions: the entity of each definition (a function or
class, read from its :class:`~docfact.lang.python.scope.PyScope`) with its parameters, decorators
and return kinds, module- and class-level assignments, and overload order (part of the Python
extractor, :mod:`docfact.lang.python.extract`)."""

from __future__ import annotations

from tree_sitter import Node

from docfact.index.source import SourceFile as _File
from docfact.index.source import compact as _compact
from docfact.index.source import statements
from docfact.lang.python.docs import string_statement_doc
from docfact.lang.python.returns import expr_kind, falls_through, returned_kinds
from docfact.lang.python.scope import PyScope
from docfact.model import Entity, Param

_ABSTRACT_DECORATORS = frozenset(
    {"abstractmethod", "abc.abstractmethod", "overload", "typing.overload", "abstractproperty",
     "abc.abstractproperty", "typing_extensions.overload"}
)
_OVERLOAD = frozenset({"overload", "typing.overload", "typing_extensions.overload"})


def _unique(items: list[str]) -> list[str]:
    """``items`` without repeats; a list too short to repeat is returned itself."""
    return list(dict.fromkeys(items)) if len(items) > 1 else items


def fill_scope_lists(ent: Entity, sc: PyScope) -> None:
    ent.calls = _unique(sc.calls)
    ent.raises = _unique(sc.raises)
    ent.catches = _unique(sc.catches)
    ent.assigns = _unique(sc.assigns)
    ent.has_subscript = sc.subscript
    ent.has_bare_raise = sc.bare_raise


def is_protocol(bases: list[str]) -> bool:
    """Whether a class with these bases (as written) is a ``Protocol``, whose methods are
    abstract."""
    return any(b.rsplit(".", 1)[-1].split("[", 1)[0] == "Protocol" for b in bases)


def definition_entity(f: _File, sc: PyScope, scopes: list[PyScope]) -> Entity:
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
        signature=header,
        decorators=decorators,
        parent=parent.local_name if parent is not None else None,
    )
    ent.code_in(f.text, start, end)  # ``f.text[start:end]``, sliced when read
    fill_scope_lists(ent, sc)
    if sc.is_class:
        sup = node.child_by_field_name("superclasses")
        if sup is not None:
            ent.bases = [_compact(src(c)) for c in sup.named_children
                         if c.type not in ("keyword_argument", "comment", "list_splat", "dictionary_splat")]
            sc.protocol = is_protocol(ent.bases)
        return ent
    ent.is_async = node.child(0).type == "async"
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
             for k in returned_kinds(f, sc, r.named_children[0] if r.named_child_count else None, param_names)]
    if not ent.is_generator and not abstract and body is not None and falls_through(body):
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
    for c in statements(body):
        stmts.append(c)
        if len(stmts) == 3:
            break
    if (stmts and stmts[0].type == "expression_statement" and stmts[0].named_child_count == 1
            and stmts[0].named_children[0].type == "string"):
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


def assignment_entities(f: _File, block: Node, sc: PyScope | None, error_ranges: list[tuple[int, int]]) -> list[Entity]:
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
        start, end = f.so(stmt.start_byte), f.so(stmt.end_byte)
        ent = Entity(
            kind="field" if sc is not None else "variable",
            name=name,
            local_name=prefix + name,
            module=f.module,
            path=f.path,
            language="python",
            range=f.node_range(stmt, stmt),
            signature=f.text[start:end].split("\n", 1)[0],
            annotation=f.src(ty) if ty is not None else None,
            value_kind=expr_kind(f, right) if right is not None else None,
            parent=sc.local_name if sc is not None else None,
        )
        ent.code_in(f.text, start, end)
        if idx + 1 < len(children):
            doc = string_statement_doc(f, children[idx + 1], ent.local_name, error_ranges)
            if doc is not None:
                ent.doc = doc[0]
        out.append(ent)
    return out


def order_overloads(entities: list[Entity]) -> list[Entity]:
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
