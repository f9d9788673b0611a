"""What a Python function returns: the kind of each returned expression (``str``, ``list``,
``call:helper``, ``name:x``, ...), a body that can fall off its end, and the kinds a returned
local was assigned (part of the Python extractor, :mod:`docfact.lang.python.extract`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tree_sitter import Node

from docfact.index.source import SourceFile as _File
from docfact.index.source import compact as _compact
from docfact.index.source import statements

if TYPE_CHECKING:
    from docfact.lang.python.scope import PyScope

_LITERAL_KINDS = {
    "integer": "int", "float": "float", "true": "bool", "false": "bool", "none": "none",
    "list": "list", "list_comprehension": "list", "dictionary": "dict",
    "dictionary_comprehension": "dict", "set": "set", "set_comprehension": "set",
    "generator_expression": "generator",
    "tuple": "tuple", "expression_list": "tuple", "lambda": "lambda", "await": "await",
    "comparison_operator": "comparison", "not_operator": "comparison",
}


def falls_through(block: Node) -> bool:
    """True when control can reach the end of ``block`` (a conservative approximation)."""
    last = next(statements(block, last=True), None)
    if last is None:
        return True
    t = last.type
    if t in ("return_statement", "raise_statement"):
        return False
    if t == "if_statement":
        return _if_falls_through(last)
    if t == "while_statement":
        cond = last.child_by_field_name("condition")
        return not (cond is not None and cond.type == "true")
    if t == "try_statement":
        return _try_falls_through(last)
    if t == "with_statement":
        body = last.child_by_field_name("body")
        return body is None or falls_through(body)
    if t == "match_statement":
        return True
    return True


def _if_falls_through(node: Node) -> bool:
    """Whether control can pass an ``if`` statement: it has no ``else``, or a branch can."""
    cons = node.child_by_field_name("consequence")
    branches = [cons] if cons is not None else []
    has_else = False
    for alt in node.children_by_field_name("alternative"):
        if alt.type == "else_clause":
            has_else = True
        b = alt.child_by_field_name("body") or alt.child_by_field_name("consequence")
        if b is not None:
            branches.append(b)
    return not has_else or any(falls_through(b) for b in branches)


def _try_falls_through(node: Node) -> bool:
    """Whether control can pass a ``try`` statement: its ``finally`` block does not end it,
    and its body (unless it has an ``else``), a handler or its ``else`` can."""
    body = node.child_by_field_name("body")
    blocks = [body] if body is not None else []
    for ch in node.named_children:
        if ch.type == "finally_clause":
            fb = ch.named_children[-1] if ch.named_child_count else None
            if fb is not None and fb.type == "block" and not falls_through(fb):
                return False
        elif ch.type in ("except_clause", "except_group_clause", "else_clause"):
            b = ch.named_children[-1] if ch.named_child_count else None
            if b is not None and b.type == "block":
                blocks.append(b)
    has_else = any(ch.type == "else_clause" for ch in node.named_children)
    if has_else and body is not None:
        blocks = [b for b in blocks if b is not body]
    return any(falls_through(b) for b in blocks)


def expr_kind(f: _File, node: Node | None) -> str:
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
        kinds = {expr_kind(f, c) for c in (node.child_by_field_name("left"), node.child_by_field_name("right"))}
        return "comparison" if kinds <= {"comparison", "bool"} else "other"
    if t == "unary_operator":
        arg = node.child_by_field_name("argument")
        inner = expr_kind(f, arg)
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
    left = expr_kind(f, node.child_by_field_name("left"))
    if op is None:
        return "other"
    if op.type == "%":
        return left if left in _TEXT_KINDS else "other"
    if op.type == "+":
        if left in (*_TEXT_KINDS, "list", "tuple"):
            return left
        right = expr_kind(f, node.child_by_field_name("right"))
        if right in _TEXT_KINDS:
            return right
    return "other"


def pattern_names(node: Node) -> list[Node]:
    """The identifiers an unpacking target binds: ``a, (b, *c)`` -> a, b, c (not ``x.y``/``x[0]``)."""
    if node.type == "identifier":
        return [node]
    if node.type in ("pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern",
                     "parenthesized_expression", "tuple", "list", "expression_list"):
        return [n for c in node.named_children for n in pattern_names(c)]
    return []


# a name rebound by a statement the assignment captures do not see: docfact stays unsure of it
_OTHER_BINDING = re.compile(r"\b(?:global|nonlocal|import|def|class|as)\b([^\n]*)")
_CASE = re.compile(r"^[ \t]*case\b", re.M)
_WORD = re.compile(r"\w+")


def _other_bindings(f: _File, sc: PyScope) -> frozenset[str]:
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


def returned_kinds(f: _File, sc: PyScope, node: Node | None, params: set[str]) -> list[str]:
    """What one ``return`` can give back: ``a if c else b`` gives both, and a local name gives
    the kinds of every value assigned to it (``result = []`` ... ``return result`` is a list)."""
    if node is None:
        return ["none"]
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    if node.type == "conditional_expression" and node.named_child_count == 3:
        a, _, b = node.named_children
        return [*returned_kinds(f, sc, a, params), *returned_kinds(f, sc, b, params)]
    kind = expr_kind(f, node)
    if node.type == "identifier":
        return _local_kinds(f, sc, f.src(node), params) or [kind]
    return [kind]


def _local_kinds(f: _File, sc: PyScope, name: str, params: set[str]) -> list[str] | None:
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
        kind = expr_kind(f, value)
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
