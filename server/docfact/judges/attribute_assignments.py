"""What a class's code assigns to its attributes, for C2.param-type on an Attributes item:
every ``self.name = value`` of its methods and of its project base classes with the kind of the
value when docfact can prove it, and the names the hierarchy may write by a computed name."""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterator
from typing import cast

from docfact.judges import world
from docfact.judges.annotation_kinds import project_class
from docfact.judges.base import JudgeContext
from docfact.judges.return_kinds import callee_kinds
from docfact.judges.types import return_kind_to_kind
from docfact.model import Entity

# a DataFrame or a Series of pandas: none of the builtin kinds, nor a NumPy array
FRAME = "pandas-frame"
_FRAME_CLASSES = {"pandas.DataFrame": "DataFrame", "pandas.Series": "Series",
                  "pandas.core.frame.DataFrame": "DataFrame", "pandas.core.series.Series": "Series"}
NOT_A_FRAME = frozenset({"str", "bytes", "int", "float", "bool", "none", "list", "tuple", "dict", "set",
                          "ndarray", "callable", "path", "Path", "generator", "iterator"})
# NumPy functions that always build a new array
_NUMPY_ARRAYS = frozenset({"array", "asarray", "zeros", "ones", "empty", "full", "arange", "linspace",
                           "zeros_like", "ones_like", "empty_like", "full_like", "eye", "identity",
                           "vstack", "hstack", "column_stack", "concatenate", "stack"})


def attribute_assignments(ctx: JudgeContext,
                           cls: Entity) -> tuple[dict[str, list[tuple[str | None, Entity, str]]], frozenset[str]]:
    """Every ``self.name = value`` of the methods of ``cls`` and of its project base classes, by
    name: (the value's kind or None when not provable, the class, the assignment's line), and the
    names the hierarchy may also write by a computed name (:func:`_names_set_by_name`). Empty
    when the hierarchy may set attributes another way."""
    key = ("c2-attribute-assignments", cls.qualname, id(cls))
    got = ctx.run_cache.get(key)
    if got is not None:
        return cast("tuple[dict[str, list[tuple[str | None, Entity, str]]], frozenset[str]]", got)
    out: dict[str, list[tuple[str | None, Entity, str]]] = {}
    by_name: set[str] = set()
    stack: list[Entity] = [cls]
    seen: set[str] = set()
    while stack:
        c = stack.pop()
        if c.qualname in seen or len(seen) > 12:
            continue
        seen.add(c.qualname)
        ctx.reads_code_of(c)
        if any(f"{c.local_name}.{m}" in c.members for m in ("__setattr__", "__getattr__", "__getattribute__")) \
                or _opaque_class(c):
            out = {}
            break
        code = c.code
        if any(w in code for w in _WRITTEN_BY_NAME_WORDS) and _WRITES_BY_NAME.search(code):
            # ``for key, v in zip(self._param_names, values): setattr(self, key, v)`` with the
            # names listed in the class: only those can be written so
            listed = _names_set_by_name(c, cls)
            if listed is None:
                out = {}
                break
            by_name |= listed
        if not _class_assignments(ctx, c, out):
            out = {}
            break
        for base in c.bases:
            if "=" in base or base in ("object", "ABC", "abc.ABC") or base.startswith(("Generic[", "typing.Generic[")):
                continue
            parent = project_class(ctx, base, c)
            if parent is None:
                out = {}
                stack = []
                break
            stack.append(parent)
    got = ctx.run_cache[key] = (out, frozenset(by_name))
    return got


_SETATTR_VAR = re.compile(r"\bsetattr\(\s*self\s*,\s*([A-Za-z_]\w*)\s*,")
_STRINGS_ONLY = re.compile(r"\s*+(?:[rbu]?(?:'[^'\n]*+'|\"[^\"\n]*+\")\s*+,?\s*+)*+")  # possessive: linear


def _names_set_by_name(c: Entity, cls: Entity) -> set[str] | None:
    """The attribute names class ``c`` can write by a computed name, when every such write is
    ``setattr(self, key, ...)`` in a loop over a list of string literals that a class of
    ``cls``'s hierarchy (or ``c``) defines (``_param_names = ["alpha", "beta"]``); None when
    any computed write may name anything (keys from data, ``__dict__`` writes, ``vars``)."""
    code = c.code
    if len(_SETATTR_VAR.findall(code)) != len(re.findall(r"\bsetattr\(\s*\w+\s*,\s*(?![\"'])", code)) \
            or re.search(r"__dict__\s*\[[^\]\n]*\]\s*=(?!=)|__dict__\.(?:update|setdefault)\(|"
                         r"\bvars\([^)]*\)\.update\(|__slots__", code):
        return None
    names: set[str] = set()
    for var in set(_SETATTR_VAR.findall(code)):
        loop = re.search(rf"\bfor\s+\(?\s*{var}\b[^\n]*?\bin\s+(?:zip\(\s*)?(?:self|cls|type\(self\))\.([A-Za-z_]\w*)",
                         code)
        if loop is None:
            return None
        listed = None
        for holder in (c, cls):
            m = re.search(rf"^[ \t]+(?:self\.)?{loop.group(1)}\s*(?::[^=\n]+)?=\s*[\[(]([^\])]*)[\])]", holder.code,
                          re.M)
            if m is not None and _STRINGS_ONLY.fullmatch(m.group(1)):
                listed = {v[1:-1] for v in re.findall(r"'[^'\n]*'|\"[^\"\n]*\"", m.group(1))}
                break
        if listed is None:
            return None
        names |= listed
    return names


# code that writes attributes by a computed name (``setattr(self, key, v)``, ``__dict__[k] = v``,
# ``vars(self).update(...)``) or declares slots a descriptor fills
_WRITES_BY_NAME = re.compile(r"\bsetattr\(\s*\w+\s*,\s*(?![\"'])|__dict__\s*\[[^\]\n]*\]\s*=(?!=)|"
                             r"__dict__\.(?:update|setdefault)\((?!\s*state\b)|\bvars\([^)]*\)\.update\(|__slots__")
# the words every match of _WRITES_BY_NAME holds, looked for first (a pattern that begins with
# ``\b`` is tried at every character of a class's code)
_WRITTEN_BY_NAME_WORDS = ("setattr(", "__dict__", "vars(", "__slots__")


def _opaque_class(cls: Entity) -> bool:
    """A class decorator docfact does not know or a metaclass that is not a plain one: either
    may add or replace attributes."""
    if any(d.split("(", 1)[0].strip().rsplit(".", 1)[-1] not in world.KNOWN_CLASS_DECORATORS for d in cls.decorators):
        return True
    m = re.search(r"\bmetaclass\s*=\s*([\w.]+)", cls.signature)
    return m is not None and m.group(1).rsplit(".", 1)[-1] not in ("ABCMeta", "type")


def _class_assignments(ctx: JudgeContext, cls: Entity,
                       out: dict[str, list[tuple[str | None, Entity, str]]]) -> bool:
    """Add what class ``cls``'s own code assigns (:func:`_own_assignments`) to ``out``; False
    when its code does not parse as one class. Read once per class and run: a base class is
    read for each of its subclasses' hierarchies."""
    key = ("c2-class-assignments", cls.qualname, id(cls))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = _own_assignments(ctx, cls)
    if got is False:
        return False
    for name, entry in cast("list[tuple[str, tuple[str | None, Entity, str]]]", got):
        out.setdefault(name, []).append(entry)
    return True


def _own_assignments(ctx: JudgeContext, cls: Entity) -> list[tuple[str, tuple[str | None, Entity, str]]] | bool:
    """The names class ``cls``'s code assigns at class level and to ``self`` in its methods,
    with (the value's kind, the class, the line), in the order of its code; False when its code
    does not parse as one class."""
    try:
        tree = ast.parse(textwrap.dedent(" " * cls.range.start.col + cls.code))
    except (SyntaxError, ValueError):
        return False
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.ClassDef):
        return False
    found: dict[str, list[tuple[str | None, Entity, str]]] = {}
    order: list[tuple[str, tuple[str | None, Entity, str]]] = []
    lines = (" " * cls.range.start.col + cls.code).split("\n")
    for stmt in node.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for t in targets:
                if isinstance(t, ast.Name):  # a class-level value of the name: read as an assignment too
                    order.append((t.id, (_value_kind(ctx, cls, stmt.value), cls,
                                         lines[stmt.lineno - 1] if stmt.lineno <= len(lines) else "")))
    for fn in node.body:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        order.append((fn.name, (None, cls, "")))  # a method or property of the name: no value
        method = ctx.graph.find(cls.path, f"{cls.local_name}.{fn.name}")
        for sub in _own_statements(fn):
            if isinstance(sub, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                _self_assignments(ctx, cls, method or cls, sub, lines, found)
                for name, entries in found.items():
                    order.extend((name, entry) for entry in entries)
                found.clear()
    return order


def _self_assignments(ctx: JudgeContext, cls: Entity, at: Entity, sub: ast.Assign | ast.AnnAssign | ast.AugAssign,
                      lines: list[str], out: dict[str, list[tuple[str | None, Entity, str]]]) -> None:
    """Add the ``self.name`` targets of one assignment statement in a method of ``cls`` (``at``:
    the method, where its value's names resolve) to ``out``."""
    targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
    for t in targets:
        for leaf in (t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]):
            if isinstance(leaf, ast.Starred):
                leaf = leaf.value
            if not (isinstance(leaf, ast.Attribute) and isinstance(leaf.value, ast.Name)
                    and leaf.value.id == "self"):
                continue
            if leaf is not t:
                kind = None  # ``self.a, self.b = f()``
            elif isinstance(sub, ast.AugAssign):
                kind = _augmented_kind(sub)
            else:
                kind = _value_kind(ctx, at, sub.value)
            line = lines[sub.lineno - 1] if sub.lineno <= len(lines) else ""
            if kind == "":  # an augmented assignment that keeps the kind
                continue
            out.setdefault(leaf.attr, []).append((kind, cls, line))


# the fields of a statement (or an except clause, a case of a match) that hold statements
_BLOCK_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})


def _own_statements(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The statements of a method's body, without those of the classes and functions defined in
    it (where ``self`` may be another object); expressions hold no statements and are not walked."""
    stack: list[ast.AST] = list(fn.body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            for name in node._fields:
                if name in _BLOCK_FIELDS:
                    value = getattr(node, name, None)
                    if value.__class__ is list:
                        stack.extend(value)


def _augmented_kind(node: ast.AugAssign) -> str | None:
    """``self.n_ += 1`` keeps an int an int (and ``+= [x]`` a list a list): "" when the
    operation keeps the kind it is applied to, None when it may change it."""
    v = node.value
    if isinstance(node.op, ast.Add) and isinstance(v, ast.Constant) and type(v.value) is int:
        return ""
    if isinstance(node.op, ast.Add) and isinstance(v, (ast.List, ast.ListComp)):
        return ""
    return None


def _value_kind(ctx: JudgeContext, at: Entity, value: ast.expr | None) -> str | None:
    """The kind of an assigned expression when it is provable: a literal, a display or a
    comprehension, a builtin constructor, a NumPy array constructor, a pandas DataFrame or
    Series, or a call of a project function or class whose result docfact knows."""
    if value is None:
        return None
    if not isinstance(value, ast.Call):
        return _display_kind(value)
    return _call_kind(ctx, at, value)


def _display_kind(value: ast.expr) -> str | None:
    """The kind of a literal, a display, a comprehension or a lambda; None for anything else."""
    if isinstance(value, ast.Constant):
        v = value.value
        if v is None:
            return "none"
        return {bool: "bool", int: "int", float: "float", str: "str", bytes: "bytes"}.get(type(v))
    if isinstance(value, ast.JoinedStr):
        return "str"
    if isinstance(value, (ast.List, ast.ListComp)):
        return "list"
    if isinstance(value, (ast.Dict, ast.DictComp)):
        return "dict"
    if isinstance(value, (ast.Set, ast.SetComp)):
        return "set"
    if isinstance(value, ast.Tuple):
        return "tuple"
    if isinstance(value, ast.Lambda):
        return "callable"
    return None


def _call_kind(ctx: JudgeContext, at: Entity, value: ast.Call) -> str | None:
    """The kind of what a call returns: a builtin constructor, a NumPy array constructor, a
    pandas DataFrame or Series, or a project function or class whose result docfact knows."""
    callee = _dotted(value.func)
    if callee is None:
        return None
    if callee in _CONSTRUCTOR_KINDS:
        return _CONSTRUCTOR_KINDS[callee]
    try:
        res = ctx.graph.resolve(callee, at)
    except Exception:
        return None
    if res is not None and res.kind == "external" and not res.rest:
        qual = res.qualname
        if qual in _FRAME_CLASSES:
            return FRAME
        module, _, last = qual.rpartition(".")
        if module == "numpy" and last in _NUMPY_ARRAYS:
            return "ndarray"
        return None
    if res is not None and res.kind == "builtin":
        k = return_kind_to_kind(f"call:{callee}")
        return k if k in _CONSTRUCTOR_KINDS.values() else None
    if res is None or res.kind != "project":
        return None
    found = callee_kinds(ctx, at, callee)
    return next(iter(found)) if found is not None and len(found) == 1 else None


_CONSTRUCTOR_KINDS = {"list": "list", "dict": "dict", "set": "set", "frozenset": "set", "tuple": "tuple",
                      "str": "str", "int": "int", "float": "float", "bool": "bool", "sorted": "list",
                      "len": "int", "bytes": "bytes", "repr": "str", "OrderedDict": "dict",
                      "collections.OrderedDict": "dict", "defaultdict": "dict", "collections.defaultdict": "dict"}


def _dotted(node: ast.expr) -> str | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))
