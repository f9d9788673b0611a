"""Syntax helpers of the TypeScript/JavaScript extractor (:mod:`docfact.lang.typescript.extract`):
the node types it groups, per-scope state, and readers of one node each (parameters,
modifiers, type annotations, callees, the kind of a returned expression, whether control
falls off the end of a block)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tree_sitter import Node

from docfact.index.scopes import Scope
from docfact.index.source import SourceFile, binary_kind, compact
from docfact.model import Param

CLASS_TYPES = frozenset({"class_declaration", "abstract_class_declaration", "interface_declaration",
                          "enum_declaration", "class"})
FUNCTION_VALUES = frozenset({"arrow_function", "function_expression", "generator_function", "function"})
FUNCTIONS = FUNCTION_VALUES | {
    "function_declaration", "generator_function_declaration", "method_definition",
    "function_signature", "method_signature", "abstract_method_signature",
}
SIGNATURES = frozenset({"function_signature", "method_signature", "abstract_method_signature"})
_COMPARISON_OPS = frozenset({"==", "!=", "===", "!==", "<", ">", "<=", ">=", "instanceof", "in"})
_LITERALS = {
    "string": "str", "template_string": "fstring", "true": "bool", "false": "bool", "null": "none",
    "undefined": "none", "array": "list", "object": "dict", "arrow_function": "lambda",
    "function_expression": "lambda", "function": "lambda", "await_expression": "await",
    "regex": "other", "class": "other",
}
_MODIFIERS = frozenset({"export", "default", "static", "async", "get", "set", "abstract", "readonly",
                        "declare", "override", "accessibility_modifier", "public", "private", "protected"})
DOC_GAP_TYPES = frozenset({"export_statement", "expression_statement", "lexical_declaration",
                            "variable_declaration", "ambient_declaration"})


@dataclass
class TsScope(Scope):
    """A function or class of a TypeScript/JavaScript file: also where its doc comment is looked
    for (``anchor``, the statement holding it) and whether it yields."""

    anchor: Node = field(kw_only=True)
    yields: bool = False


def doc_anchor(node: Node) -> Node:
    """The statement a declaration's doc comment sits above (``export``, ``declare`` included)."""
    cur = node
    p = node.parent
    while p is not None and p.type in DOC_GAP_TYPES:
        cur = p
        p = p.parent
    return cur


def member_parts(node: Node) -> tuple[Node, Node] | None:
    """The object and property of a member expression ``a.b``; None for any other node or one
    missing either."""
    if node.type != "member_expression":
        return None
    obj = node.child_by_field_name("object")
    prop = node.child_by_field_name("property")
    return (obj, prop) if obj is not None and prop is not None else None


def member_name(f: SourceFile, node: Node) -> str | None:
    """``a.b.c`` of an assignment target; ``A.prototype.m`` -> ``A.m``; None when computed."""
    if node.type == "identifier":
        return f.src(node)
    parts = member_parts(node)
    if parts is None:
        return None
    obj, prop = parts
    base = member_name(f, obj) if obj.type != "this" else "this"
    if base is None:
        return None
    name = f.src(prop)
    return base if name == "prototype" else f"{base}.{name}"


def modifiers(f: SourceFile, node: Node, anchor: Node | None = None) -> list[str]:
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


def type_text(f: SourceFile, node: Node | None) -> str | None:
    """A type annotation without its leading ``:``."""
    if node is None:
        return None
    s = f.src(node)
    if node.type in ("type_annotation", "opting_type_annotation", "asserts_annotation"):
        s = s.lstrip()[1:] if s.lstrip().startswith(":") else s
    return " ".join(s.split()) or None


def falls_through(body: Node) -> bool:
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
        return b is None or falls_through(b) or (hb is not None and falls_through(hb))
    if last.type == "switch_statement":
        return True
    if last.type == "while_statement":
        cond = last.child_by_field_name("condition")
        return cond is None or (cond.text or b"").strip(b"() ") != b"true"
    return True


def _branch_falls(node: Node) -> bool:
    if node.type == "statement_block":
        return falls_through(node)
    return node.type not in ("return_statement", "throw_statement")


def strip_generics(s: str) -> str:
    i = s.find("<")
    return compact(s if i == -1 else s[:i])


def read_params(f: SourceFile, node: Node) -> list[Param]:
    out: list[Param] = []
    for ch in node.named_children:
        t = ch.type
        optional = t == "optional_parameter"
        default: str | None = None
        ann: str | None = None
        pat = ch
        if t in ("required_parameter", "optional_parameter"):
            pat = ch.child_by_field_name("pattern") or ch
            ann = type_text(f, ch.child_by_field_name("type"))
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


def callee_of(f: SourceFile, fn: Node | None) -> str | None:
    if fn is None:
        return None
    if fn.type in ("identifier", "this", "super"):
        return f.src(fn)
    if fn.type == "member_expression":
        parts = member_parts(fn)
        if parts is not None:
            obj, prop = parts
            if obj.type in ("identifier", "this", "super", "member_expression"):
                inner = callee_of(f, obj) if obj.type == "member_expression" else f.src(obj)
                if inner is not None:
                    return f"{inner}.{f.src(prop)}"
            return f"?.{f.src(prop)}"
    return None


def expr_kind(f: SourceFile, node: Node | None) -> str:
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
        return f"call:{strip_generics(f.src(ctor))}" if ctor is not None else "other"
    if t == "call_expression":
        callee = callee_of(f, node.child_by_field_name("function"))
        return f"call:{callee}" if callee else "other"
    if t == "binary_expression":
        return binary_kind(node, _COMPARISON_OPS, lambda operand: expr_kind(f, operand))
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
