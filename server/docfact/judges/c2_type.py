"""C2, type inconsistency: documented parameter and return types that the code contradicts."""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterator

from docfact.docs.fields import top_level
from docfact.judges import world
from docfact.judges.base import JudgeContext, member_of
from docfact.judges.function_ast import body_nodes, parse_function
from docfact.judges.return_claims import Claim, claimed_return
from docfact.judges.rule import Check, Rule
from docfact.judges.rules.c2_types import GENERATOR_RETURN, PARAM_TYPE, RETURN_TYPE
from docfact.judges.types import (
    INSTANCE,
    PLAIN_INSTANCE,
    accepts,
    base_kind,
    contradicts,
    contradicts_kinds,
    kinds,
    method_kind,
    return_kind_to_kind,
    scalar_mismatch,
    split_top,
    split_union,
)
from docfact.judges.world import signature_closed
from docfact.lang.python.builtins import PY_BUILTIN_NAMES
from docfact.model import Entity, Evidence, Finding, Pos, Range, Segment


def param_type(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    item = seg.field
    e = ctx.entity
    if item is not None and item.section == "attribute" and e is not None and e.kind == "class":
        yield from _attribute_type(ctx, seg, e)
        return
    if item is None or item.section not in ("param", "type") or not item.name or not item.type or e is None:
        return
    target = e
    if e.kind == "class":
        target = member_of(ctx.file, e, "__init__") or e
    for p in target.params:
        if p.name.lstrip("*") != item.name.strip().lstrip("*") or not p.annotation:
            continue
        doc = kinds(item.type)
        code = _kinds_through_alias(ctx, target, p.annotation)
        if code is None and doc is not None and target.language == "python" and p.kind not in ("vararg", "kwarg"):
            code = _annotation_kinds(ctx, target, p.annotation)
        if code is not None and p.kind in _COLLECTED:
            code = code | _COLLECTED[p.kind]  # ``**kwargs: Callable``: the doc may type the whole dict
        extra = (_excluded_alternatives(doc, code) or scalar_mismatch(doc, code)) \
            if not contradicts_kinds(doc, code) else []
        if (contradicts_kinds(doc, code) or extra) and doc is not None and code is not None \
                and doc <= code | _tested_kinds(target, p.name.lstrip("*")):
            return  # ``isinstance(cols, (str, list))`` under ``cols: list``: the code takes what the doc says
        if extra and not contradicts_kinds(doc, code) and _handed_on(ctx, target, p.name.lstrip("*"), extra):
            # ``method: str`` documented "str or callable" and passed on to ``frame.corr(method=method)``:
            # what the callee accepts decides, and the annotation alone does not prove the doc wrong
            return
        if contradicts_kinds(doc, code) or extra:
            fix = None
            if item.type_span:
                rel = item.type_span[0] - seg.start
                fix = ctx.fix_replace(seg, rel, rel + (item.type_span[1] - item.type_span[0]),
                                      p.annotation, f"Change the type to `{p.annotation}`")
            also = f", which admits no {' or '.join(f'`{k}`' for k in extra)}" if extra else ""
            yield ctx.finding(
                seg, PARAM_TYPE,
                f"`{p.name}` is documented as `{item.type.strip()}` but annotated `{p.annotation}`{also}",
                evidence=ctx.evidence_of(target, f"the annotation of `{p.name}`"), fix=fix)
        return


def _handed_on(ctx: JudgeContext, fn: Entity, name: str, extra: list[str]) -> bool:
    """Whether the body passes parameter ``name`` on unchanged as an argument of a call that may
    take the ``extra`` documented kinds: a call of another library's (``frame.corr(method=method)``)
    or of a project function whose parameter there is unannotated or admits them. A project
    callee annotated as narrowly as ``fn`` (``notify(target: str | Runner)``) proves nothing new."""
    if fn.language != "python" or name not in fn.code:
        return False
    tree = parse_function(ctx, fn)
    if tree is None:
        return False
    for node, _ in body_nodes(tree):
        if not isinstance(node, ast.Call) or (isinstance(node.func, ast.Name) and node.func.id in PY_BUILTIN_NAMES):
            continue
        where = _argument_place(node, name)
        if where is not None and _callee_may_take(ctx, node, where, extra):
            return True
    return False


def _argument_place(call: ast.Call, name: str) -> int | str | None:
    """Where ``call`` passes the name ``name``: its position, its keyword, or None."""
    for k in call.keywords:
        if k.arg is not None and isinstance(k.value, ast.Name) and k.value.id == name:
            return k.arg
    for i, a in enumerate(call.args):
        if isinstance(a, ast.Name) and a.id == name:
            return i
    return None


def _callee_may_take(ctx: JudgeContext, call: ast.Call, where: int | str, extra: list[str]) -> bool:
    func = call.func
    callee = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if callee is None:
        return True
    candidates = [f for f in ctx.graph.entities_named(callee) if f.kind in ("function", "method")]
    if not candidates:
        return True  # another library's function: what it accepts decides
    for f in candidates:
        params = [p for p in f.params if p.name not in ("self", "cls")]
        p = next((q for q in params if q.name == where), None) if isinstance(where, str) else \
            (params[where] if where < len(params) and params[where].kind == "positional" else None)
        allowed = (kinds(p.annotation) or _annotation_kinds(ctx, f, p.annotation)) if p is not None and p.annotation else None
        if allowed is None or "any" in allowed or any(accepts(a, d) or accepts(d, a) for d in extra for a in allowed):
            return True
    return False


def _tested_kinds(fn: Entity, name: str) -> set[str]:
    """The kinds the function's body tests its parameter for: ``isinstance(name, (str, int))``."""
    if "isinstance" not in fn.code:
        return set()
    out: set[str] = set()
    # ``(str, int, type(None))``: one level of calls inside the tuple
    for m in re.finditer(rf"\bisinstance\(\s*{re.escape(name)}\s*,\s*(\((?:[^()]|\([^()]*\))*\)|[\w.]+)", fn.code):
        inner = m.group(1)[1:-1] if m.group(1).startswith("(") else m.group(1)
        for t in re.sub(r"\([^()]*\)", "", inner).split(","):
            got = kinds(t.strip()) if t.strip() else None
            out |= got or set()
    return out


# ``*args: int`` and ``**kwargs: str`` annotate each value; the doc may describe what collects them
_COLLECTED = {"vararg": {"tuple", "list", "sequence", "iterable"}, "kwarg": {"dict", "mapping"}}


def _field_annotation(signature: str) -> str | None:
    """The annotation of a class-level field ``name: T = value`` (an ``=`` inside brackets or
    quotes belongs to ``T``)."""
    m = re.match(r"[A-Za-z_]\w*\s*:", signature)
    if m is None:
        return None
    rest = signature[m.end():]
    cut = next((i for i, ch in top_level(rest) if ch == "="), len(rest))
    return rest[:cut].strip() or None


def _attribute_type(ctx: JudgeContext, seg: Segment, cls: Entity) -> Iterator[Finding]:
    """An Attributes item whose type contradicts the class-level annotation of that name
    (``count (str)`` for ``count: int``)."""
    item = seg.field
    if item is None or not item.name or not item.type or cls.language != "python":
        return
    name = item.name.strip()
    field = ctx.file.entity(f"{cls.local_name}.{name}")
    if field is None and _ATTRIBUTE_NAME.fullmatch(name):
        yield from _assigned_attribute_type(ctx, seg, cls, name)
        return
    if field is None or field.kind not in ("field", "variable"):
        return
    annotation = _field_annotation(field.signature or "")
    if not annotation:
        return
    doc, code = kinds(item.type), _kinds_through_alias(ctx, cls, annotation)
    if code is None and doc is not None:
        code = _annotation_kinds(ctx, cls, annotation)
    extra = (_excluded_alternatives(doc, code) or scalar_mismatch(doc, code)) if not contradicts_kinds(doc, code) else []
    if not contradicts_kinds(doc, code) and not extra:
        return
    fix = None
    if item.type_span:
        rel = item.type_span[0] - seg.start
        fix = ctx.fix_replace(seg, rel, rel + (item.type_span[1] - item.type_span[0]), annotation,
                              f"Change the type to `{annotation}`")
    also = f", which admits no {' or '.join(f'`{k}`' for k in extra)}" if extra else ""
    yield ctx.finding(seg, PARAM_TYPE,
                      f"attribute `{name}` is documented as `{item.type.strip().strip('`')}` but annotated `{annotation}`{also}",
                      evidence=ctx.evidence_of(field, f"the annotation of `{name}`"), fix=fix)


_ATTRIBUTE_NAME = re.compile(r"[A-Za-z_]\w*")
# a DataFrame or a Series of pandas: none of the builtin kinds, nor a NumPy array
_FRAME = "pandas-frame"
_FRAME_CLASSES = {"pandas.DataFrame": "DataFrame", "pandas.Series": "Series",
                  "pandas.core.frame.DataFrame": "DataFrame", "pandas.core.series.Series": "Series"}
_NOT_A_FRAME = frozenset({"str", "bytes", "int", "float", "bool", "none", "list", "tuple", "dict", "set",
                          "ndarray", "callable", "path", "Path", "generator", "iterator"})
# NumPy functions that always build a new array
_NUMPY_ARRAYS = frozenset({"array", "asarray", "zeros", "ones", "empty", "full", "arange", "linspace",
                           "zeros_like", "ones_like", "empty_like", "full_like", "eye", "identity",
                           "vstack", "hstack", "column_stack", "concatenate", "stack"})


def _assigned_attribute_type(ctx: JudgeContext, seg: Segment, cls: Entity, name: str) -> Iterator[Finding]:
    """An Attributes item of an attribute the class (or a project base class) only assigns in
    its methods (``self.names_ = []``): reported when every assignment the class hierarchy makes
    gives one provable kind (``None`` placeholders aside) that the documented type excludes, and
    the hierarchy is closed (project bases only, no ``__getattr__``/``__setattr__``, no
    ``setattr``, ``__dict__`` or ``vars`` writes, no other code assigning the name)."""
    item = seg.field
    if item is None or not item.type:
        return
    doc = kinds(item.type)
    if doc is None or "any" in doc:
        return
    assigned, by_name = _attribute_assignments(ctx, cls)
    found = assigned.get(name)
    if not found or any(k is None for k, _w, _l in found):
        return
    if name in by_name:
        return  # a write by a computed name (``setattr(self, key, v)``) may give it another value
    code: set[str] = set()
    for kind, _where, _line in found:
        if kind is None:
            return
        code.add(kind)
    if code <= {"none"}:
        return  # only ever None here: a placeholder users or subclasses fill
    code.discard("none")  # ``self.x_ = None`` until fitted: the documented value is the other one
    if len(code) != 1:
        return  # one provable kind, or nothing is said
    if _FRAME in code:
        if code != {_FRAME} or not doc <= _NOT_A_FRAME:
            return
        shown = sorted({line for kind, _w, line in found if kind == _FRAME})[0]
    elif not contradicts_kinds(doc, code):
        return
    else:
        shown = sorted({line for kind, _w, line in found if kind != "none"})[0]
    ctx.reads_every_word()  # what other files write decides it
    if _set_elsewhere(ctx, cls, name):
        return
    where = next(w for k, w, line in found if line == shown)
    written = item.type.strip().strip("`")
    yield ctx.finding(seg, PARAM_TYPE,
                      f"attribute `{name}` is documented as `{written}` but the code assigns it `{shown.strip()}`",
                      evidence=ctx.evidence_of(where, f"the assignment of `{name}`", shown.strip()))


def _attribute_assignments(ctx: JudgeContext, cls: Entity) -> tuple[dict[str, list[tuple[str | None, Entity, str]]], frozenset[str]]:
    """Every ``self.name = value`` of the methods of ``cls`` and of its project base classes, by
    name: (the value's kind or None when not provable, the class, the assignment's line), and the
    names the hierarchy may also write by a computed name (:func:`_names_set_by_name`). Empty
    when the hierarchy may set attributes another way."""
    key = ("c2-attribute-assignments", cls.qualname, id(cls))
    got = ctx.run_cache.get(key)
    if got is not None:
        return got
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
        if _WRITES_BY_NAME.search(c.code):
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
            parent = _project_class(ctx, base, c)
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
            or re.search(r"__dict__\s*\[[^\]\n]*\]\s*=(?!=)|__dict__\.(?:update|setdefault)\(|\bvars\([^)]*\)\.update\(|__slots__", code):
        return None
    names: set[str] = set()
    for var in set(_SETATTR_VAR.findall(code)):
        loop = re.search(rf"\bfor\s+\(?\s*{var}\b[^\n]*?\bin\s+(?:zip\(\s*)?(?:self|cls|type\(self\))\.([A-Za-z_]\w*)", code)
        if loop is None:
            return None
        listed = None
        for holder in (c, cls):
            m = re.search(rf"^[ \t]+(?:self\.)?{loop.group(1)}\s*(?::[^=\n]+)?=\s*[\[(]([^\])]*)[\])]", holder.code, re.M)
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


def _opaque_class(cls: Entity) -> bool:
    """A class decorator docfact does not know or a metaclass that is not a plain one: either
    may add or replace attributes."""
    if any(d.split("(", 1)[0].strip().rsplit(".", 1)[-1] not in world.KNOWN_CLASS_DECORATORS for d in cls.decorators):
        return True
    m = re.search(r"\bmetaclass\s*=\s*([\w.]+)", cls.signature)
    return m is not None and m.group(1).rsplit(".", 1)[-1] not in ("ABCMeta", "type")


def _set_elsewhere(ctx: JudgeContext, cls: Entity, name: str) -> bool:
    """Whether code outside the methods of ``cls`` and its bases may set attribute ``name``:
    ``obj.name = ...`` on another owner, ``setattr(obj, "name", ...)``, or a project subclass
    whose code writes the name (it documents its own value)."""
    key = ("c2-attribute-set-elsewhere", cls.qualname, id(cls), name)
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = _set_outside(ctx, name) or \
            any(re.search(rf"\b{re.escape(name)}\b", sub.code) for sub in _descendants(ctx, cls))
    return bool(got)


def _set_outside(ctx: JudgeContext, name: str) -> bool:
    """Whether any project file writes ``.name`` on an owner other than ``self``/``cls`` or
    ``setattr(..., "name", ...)`` (once per run and name)."""
    key = ("c2-attribute-set-outside", id(ctx.graph), name)
    got = ctx.run_cache.get(key)
    if got is not None:
        return bool(got)
    outside = re.compile(rf"(?<!\bself)(?<!\bcls)\.{re.escape(name)}[ \t]*(?::[^=\n]+)?(?<![=!<>])=(?!=)|"
                         rf"setattr\([^,\n]+,\s*[\"']{re.escape(name)}[\"']")
    got = any(fi.language == "python" and name in fi.text and outside.search(fi.text) for fi in ctx.graph.files())
    ctx.run_cache[key] = got
    return got


def _descendants(ctx: JudgeContext, cls: Entity) -> list[Entity]:
    """The project classes that derive from ``cls`` (by the last name of their bases)."""
    key = ("c2-subclasses", id(ctx.graph))
    table = ctx.run_cache.get(key)
    if table is None:
        table = {}
        for fi in ctx.graph.files():
            for e in fi.entities:
                if e.kind == "class":
                    for b in e.bases:
                        table.setdefault(b.split("[")[0].rsplit(".", 1)[-1].strip(), []).append(e)
        ctx.run_cache[key] = table
    out: list[Entity] = []
    stack, seen = [cls.name], {cls.name}
    while stack and len(out) < 500:
        for sub in table.get(stack.pop(), ()):
            if sub.name not in seen:
                seen.add(sub.name)
                out.append(sub)
                stack.append(sub.name)
    return out


def _class_assignments(ctx: JudgeContext, cls: Entity, out: dict[str, list[tuple[str | None, Entity, str]]]) -> bool:
    try:
        tree = ast.parse(textwrap.dedent(" " * cls.range.start.col + cls.code))
    except (SyntaxError, ValueError):
        return False
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.ClassDef):
        return False
    lines = (" " * cls.range.start.col + cls.code).split("\n")
    for stmt in node.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for t in targets:
                if isinstance(t, ast.Name):  # a class-level value of the name: read as an assignment too
                    out.setdefault(t.id, []).append((_value_kind(ctx, cls, stmt.value), cls,
                                                     lines[stmt.lineno - 1] if stmt.lineno <= len(lines) else ""))
    for fn in node.body:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        out.setdefault(fn.name, []).append((None, cls, ""))  # a method or property of the name: no value
        method = ctx.graph.find(cls.path, f"{cls.local_name}.{fn.name}")
        for sub in _own_nodes(fn):
            if isinstance(sub, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
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
                            kind = _value_kind(ctx, method or cls, sub.value)
                        line = lines[sub.lineno - 1] if sub.lineno <= len(lines) else ""
                        if kind == "":  # an augmented assignment that keeps the kind
                            continue
                        out.setdefault(leaf.attr, []).append((kind, cls, line))
    return True


def _own_nodes(fn: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a method's body, without those of the classes and functions defined in it
    (where ``self`` may be another object)."""
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))


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
    if not isinstance(value, ast.Call):
        return None
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
            return _FRAME
        module, _, last = qual.rpartition(".")
        if module == "numpy" and last in _NUMPY_ARRAYS:
            return "ndarray"
        return None
    if res is not None and res.kind == "builtin":
        k = return_kind_to_kind(f"call:{callee}")
        return k if k in _CONSTRUCTOR_KINDS.values() else None
    if res is None or res.kind != "project":
        return None
    found = _callee_kinds(ctx, at, callee)
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


_ALIAS_HEAD = re.compile(r"\s*[\"']?([A-Za-z_]\w*)")


def _kinds_through_alias(ctx: JudgeContext, e: Entity, annotation: str) -> set[str] | None:
    """The kinds of a Python annotation as its module reads it: a name the project binds as a type
    alias (``Array = NDArray[Any]``) stands for its value, read one step; None when the alias's
    value cannot be read (an alias is never taken for the builtin or library type it shadows)."""
    if e.language != "python":
        return kinds(annotation)
    m = _ALIAS_HEAD.match(annotation)
    if m is None or m.group(1) in ("None", "str", "int", "float", "bool", "bytes", "list", "dict", "tuple", "set"):
        return kinds(annotation)
    try:
        r = ctx.graph.resolve(m.group(1), e)
    except Exception:
        return None
    target = r.entity if r is not None and r.kind == "project" and not r.rest else None
    if target is None or target.kind not in ("variable", "field"):
        return kinds(annotation)
    value = re.split(r"=", target.code, maxsplit=1)
    if len(value) != 2 or annotation.strip() != m.group(1):
        return None  # ``Array[int]`` of a generic alias, or an alias written in a way not read here
    return kinds(value[1].strip())


def _annotation_kinds(ctx: JudgeContext, e: Entity, annotation: str) -> set[str] | None:
    """The kinds of a Python annotation whose alternatives are builtin types or project classes
    (``str | SessionRunner``); None when one is unknown."""
    found: set[str] = set()
    for alt in split_union(annotation.strip().strip(_QUOTES)):
        k = kinds(alt)
        if k is None:
            k = _annotated_class_kinds(ctx, e, alt)
        if k is None:
            return None
        found |= k
    return found


def _excluded_alternatives(doc: set[str] | None, code: set[str] | None) -> list[str]:
    """The documented alternatives no annotated alternative admits (``Callable`` of
    ``Union[str, Callable]`` against ``str | SessionRunner``); never ``None`` (an old-style
    ``x: int = None`` means Optional)."""
    if doc is None or code is None or len(doc - {"none"}) < 2:
        return []
    return sorted(d for d in doc - {"none"} if not any(accepts(c, d) or accepts(d, c) for c in code))


def code_return_type(ctx: JudgeContext, e: Entity) -> tuple[set[str], str] | None:
    """What the code returns, as (kinds, where it comes from); None when unknown."""
    if e.is_generator:
        return _generator_type(e)
    if e.returns and _GENERATOR_ANNOTATION.fullmatch(e.returns.strip()):
        # a stub or abstract method annotated ``Generator[Y, S, R]``: its Returns documents ``R``
        return _generator_type(e)
    if e.returns and e.returns.strip() not in ("", "..."):
        where = "it is declared to return" if e.language == "java" else "it is annotated to return"
        annotated = _kinds_through_alias(ctx, e, e.returns)
        source = f"{where} `{e.returns}`"
        if annotated is None and e.language == "python":
            annotated = _annotated_class_kinds(ctx, e, e.returns)
            source += ", a class of this project" + (
                " with no container, call or number methods" if annotated == {PLAIN_INSTANCE} else "")
        return (annotated, source) if annotated is not None else None
    if e.is_abstract or _stub(e) or not signature_closed(ctx, e) or e.path.endswith(".pyi"):
        # a hook's placeholder ``return None``, a body a decorator replaces, a stub: the docs
        # state a contract for what runs instead
        return None
    # ``return NotImplemented`` hands a binary operation to the other operand: no value of its own
    rks = [rk for rk in e.return_kinds if rk != "name:NotImplemented"]
    found = _inferred_kinds(ctx, e, rks, hop=True)
    if not found:
        return None
    if set(rks) == {"name:self"}:
        return found, f"it returns `self`, an instance of `{e.parent}`"
    shown = " | ".join(sorted("an object" if k in (INSTANCE, PLAIN_INSTANCE) else k for k in found))
    return found, f"it returns `{shown}` (" + ", ".join(_pretty_kinds(rks)) + ")"


def _inferred_kinds(ctx: JudgeContext, e: Entity, rks: list[str], hop: bool) -> set[str] | None:
    """The kinds of every returned expression of ``e``; None when one is unknown. ``hop``: a
    call may be followed into the project function it calls (once)."""
    if not rks:
        return None
    found: set[str] = set()
    for rk in rks:
        k = return_kind_to_kind(rk)
        if k is not None:
            found.add(k)
            continue
        ks: set[str] | None = None
        if rk == "name:self":
            ks = _self_kinds(ctx, e)
        elif rk.startswith("name:"):
            ks = _parameter_kinds(e, rk[5:])
        elif rk.startswith("call:") and hop:
            ks = _callee_kinds(ctx, e, rk[5:])
        if ks is None:
            return None
        found |= ks
    return found


def _self_kinds(ctx: JudgeContext, e: Entity) -> set[str] | None:
    """``return self`` in a method: what an instance of its class is (:func:`_object_kinds`)."""
    if e.kind != "method" or "self" in e.assigns or not e.params or e.params[0].kind != "self" \
            or e.params[0].name != "self" or not e.parent or e.language != "python":
        return None
    try:
        cls = ctx.graph.find(e.path, e.parent)
    except Exception:
        return None
    return _object_kinds(ctx, cls) if cls is not None and cls.kind == "class" else None


def _parameter_kinds(e: Entity, name: str) -> set[str] | None:
    """A parameter returned as it came in: the kinds of its annotation."""
    if name in e.assigns:
        return None
    for p in e.params:
        if p.name.lstrip("*") == name and p.kind in ("positional", "keyword"):
            return kinds(p.annotation)
    return None


# decorators that leave what a call of the function returns as it is
_PLAIN_DECORATORS = frozenset({"staticmethod", "classmethod", "property", "override", "typing.override",
                               "abstractmethod", "abc.abstractmethod", "final", "typing.final"})


def _callee_kinds(ctx: JudgeContext, e: Entity, callee: str) -> set[str] | None:
    """What a call returns: a project function's annotation or the kinds its own returns have
    (through ``self``, not a None that a subclass's override may replace); an instance of a
    project class; a string method called on a value docfact does not know
    (``name.startswith(...)``). A method of a call's result (``Inspector(self).properties``)
    is not followed: the name resolves to the first callee, not the method."""
    if "(" in callee.removeprefix("super()"):
        k = method_kind(callee)
        return {k} if k is not None else None
    try:
        res = ctx.graph.resolve(callee, e)
    except Exception:
        return None
    if res is None or res.kind != "project":
        k = method_kind(callee)
        return {k} if k is not None else None
    target = res.entity
    if target is None or res.rest:
        return None
    if target.kind == "class":
        return _object_kinds(ctx, target)
    if target.kind not in ("function", "method"):
        return None
    if target.returns:
        return kinds(target.returns)
    if target.is_abstract or not set(target.decorators) <= _PLAIN_DECORATORS:
        return None
    if target.is_generator:
        return {"generator"}
    found = _inferred_kinds(ctx, target, [rk for rk in target.return_kinds if rk != "name:NotImplemented"], hop=False)
    if found is not None and "none" in found and callee.split(".", 1)[0] in ("self", "cls", "super()"):
        return None  # a hook that returns nothing until a subclass overrides it
    return found


_BUILTIN_BASES = {"dict": "dict", "OrderedDict": "dict", "defaultdict": "dict", "list": "list",
                  "str": "str", "bytes": "bytes", "bytearray": "bytes", "set": "set", "frozenset": "set",
                  "tuple": "tuple", "int": "int", "float": "float"}


_PLAIN_CLASS_DECORATORS = ("dataclass", "dataclasses.dataclass", "total_ordering", "functools.total_ordering",
                            "attr.s", "attr.attrs", "attrs.define", "attrs.frozen", "attr.define", "define",
                            "frozen", "final", "typing.final")


def _instance_kinds(ctx: JudgeContext, cls: Entity, depth: int) -> set[str] | None:
    """What an instance of a project class is: ``class Headers(dict)`` gives dicts; a class
    whose every ancestor is a project class (or ``object``) and that defines no ``__new__``
    gives plain objects; anything else (an external base, a metaclass) is unknown."""
    ctx.reads_code_of(cls)  # its members, bases and decorators
    if depth > 8 or f"{cls.local_name}.__new__" in cls.members or _METACLASS.search(cls.signature):
        return None
    if any(not d.startswith(_PLAIN_CLASS_DECORATORS) for d in cls.decorators):
        return None  # ``@add_metaclass(M)``, ``@singleton``: the call may not build an instance
    found: set[str] = set()
    for base in cls.bases:
        if base in ("object", "ABC", "abc.ABC") or base.startswith(("Generic[", "typing.Generic[")):
            continue
        builtin = _BUILTIN_BASES.get(base.removeprefix("collections.").removeprefix("builtins."))
        if builtin is not None:
            found.add(builtin)
            continue
        parent = _project_class(ctx, base, cls)
        if parent is None:
            return None
        inherited = _instance_kinds(ctx, parent, depth + 1)
        if inherited is None:
            return None
        found |= inherited
    if found != {INSTANCE}:
        found.discard(INSTANCE)  # a subclass of a project dict subclass is a dict
    return (found or {INSTANCE}) if len(found) <= 1 else None


# a metaclass other than ``ABCMeta`` may make a call of the class return anything
_METACLASS = re.compile(r"\bmetaclass\s*=\s*(?!(?:abc\.)?ABCMeta\b)")
_GENERIC_ARGS = re.compile(r"\[.*\]$", re.S)


def _project_class(ctx: JudgeContext, spelling: str, at: Entity) -> Entity | None:
    """The project class a base or an annotation names (``Listener[T]`` is ``Listener``)."""
    name = _GENERIC_ARGS.sub("", spelling.strip().strip(_QUOTES)).strip()
    if not re.fullmatch(r"[A-Za-z_][\w.]*", name):
        return None
    found = ctx.graph.project_entity(name, at)
    return found if found is not None and found.kind == "class" else None


# methods that let an object pass for a container, an iterator, a function, a path, an array or
# a number, or answer any attribute
_PROTOCOL_METHODS = ("__iter__", "__getitem__", "__len__", "__contains__", "__next__", "__aiter__", "__anext__",
                     "__call__", "__fspath__", "__array__", "__getattr__", "__getattribute__", "__add__", "__radd__",
                     "__mul__", "__float__", "__int__", "__index__", "__complex__")


def _object_kinds(ctx: JudgeContext, cls: Entity) -> set[str] | None:
    """What an instance of a project class is (:func:`_instance_kinds`); a plain object when
    neither the class nor an ancestor defines a protocol method."""
    if _awaitable(ctx, cls, 0):
        return None  # ``await qs.contains(x)`` gives a bool: the docs may describe the awaited value
    found = _instance_kinds(ctx, cls, 0)
    if found == {INSTANCE} and _protocol_free(ctx, cls, 0):
        return {PLAIN_INSTANCE}
    return found


def _awaitable(ctx: JudgeContext, cls: Entity, depth: int) -> bool:
    """Whether the class or a project ancestor defines ``__await__``."""
    if depth > 8:
        return False
    if f"{cls.local_name}.__await__" in cls.members:
        return True
    return any(parent is not None and _awaitable(ctx, parent, depth + 1)
               for parent in (_project_class(ctx, base, cls) for base in cls.bases))


def _protocol_free(ctx: JudgeContext, cls: Entity, depth: int) -> bool:
    ctx.reads_code_of(cls)
    if depth > 8 or any(f"{cls.local_name}.{m}" in cls.members for m in _PROTOCOL_METHODS):
        return False
    for base in cls.bases:
        if base in ("object", "ABC", "abc.ABC") or base.startswith(("Generic[", "typing.Generic[")):
            continue
        parent = _project_class(ctx, base, cls)
        if parent is None or not _protocol_free(ctx, parent, depth + 1):
            return False
    return True


def _annotated_class_kinds(ctx: JudgeContext, e: Entity, annotation: str) -> set[str] | None:
    """The kinds of a return annotation that names one project class (``-> MultiListener[T]``)."""
    cls = _project_class(ctx, annotation, e)
    return _object_kinds(ctx, cls) if cls is not None else None


_QUOTES = "\"'"
_GENERATOR_ANNOTATION = re.compile(r"(?:typing\.|collections\.abc\.)?(Async)?Generator\[(.*)\]")


def _generator_value(annotation: str) -> str:
    """``R`` of ``Generator[Y, S, R]``: None when absent (PEP 696), for an async generator or
    another annotation."""
    m = _GENERATOR_ANNOTATION.fullmatch(annotation.strip())
    if m is None or m.group(1):
        return "None"
    args = split_top(m.group(2), ",")
    return args[2] if len(args) >= 3 else "None"


def _generator_type(e: Entity) -> tuple[set[str], str] | None:
    """What calling a generator function gives: a generator, whose own return value (what a
    Returns section of ``-> Generator[Y, S, R]`` describes) is ``R``. Silent when a decorator
    may turn it into something else (``@contextmanager``, ``@gen.coroutine``,
    ``@pytest.fixture``) or, unannotated, when it returns a value (an old-style coroutine's
    result may be what its docs describe)."""
    if not set(e.decorators) <= _PLAIN_DECORATORS:
        return None
    what = "an async generator" if e.is_async else "a generator"
    ann = (e.returns or "").strip()
    if not ann:
        if any(rk != "none" for rk in e.return_kinds):
            return None
        return {"generator", "none"}, f"it contains `yield`: calling it returns {what}"
    if _GENERATOR_ANNOTATION.fullmatch(ann):
        returned = _generator_value(ann)
        value = kinds(returned)
        if value is None:
            return None
        return {"generator"} | value, f"it is {what} annotated `{ann}`, which returns `{returned}` when done"
    if kinds(ann) in ({"iterator"}, {"iterable"}, {"generator"}):
        values = [rk for rk in e.return_kinds if rk != "none"]
        if values:
            # ``return "done"`` in the generator: a Returns item documents that value
            got = {return_kind_to_kind(rk) for rk in values}
            if None in got or not set(e.decorators) <= _PLAIN_DECORATORS:
                return None
            shown = ", ".join(_pretty_kinds(values))
            return {"generator"} | {k for k in got if k is not None}, \
                f"it is {what} (annotated `{ann.strip(_QUOTES)}`) whose `return` gives `{shown}` when done"
        return {"generator", "none"}, f"it contains `yield`: calling it returns {what} (annotated `{ann.strip(_QUOTES)}`)"
    return None


def _pretty_kinds(rks: list[str]) -> list[str]:
    out: list[str] = []
    for rk in rks:
        s = rk.replace("call:", "").replace("name:", "") + ("()" if rk.startswith("call:") else "")
        if s not in out:
            out.append(s)
    return out[:5]


def _checked_claim(ctx: JudgeContext, seg: Segment) -> tuple[Entity, Claim] | None:
    """The documented function and the return type ``seg`` claims for it, when there is one to
    check (once per segment: two rules ask)."""
    key = ("checked-claim", seg.index)
    if key not in ctx.memo:
        ctx.memo[key] = _find_checked_claim(ctx, seg)
    return ctx.memo[key]


def _find_checked_claim(ctx: JudgeContext, seg: Segment) -> tuple[Entity, Claim] | None:
    e = ctx.entity
    if e is None or e.kind not in ("function", "method") or ctx.doc.kind == "comment":
        return None
    if e.name in ("__init__", "__new__", "__post_init__", "setUp", "tearDown") or e.name.startswith("test"):
        return None  # a test's docs say what the code under test returns
    claim = claimed_return(seg, e.name)
    if claim is None:
        return None
    if seg.field is not None and seg.field.section == "returns" and sum(
            1 for s in ctx.segments if s.field is not None and s.field.section == "returns") > 1:
        return None  # NumPy-style named items: each describes one element of a returned tuple
    if seg.field is not None and seg.field.section == "returns" and "," in (seg.field.name or ""):
        return None  # "predecessor, distance : dictionaries": a tuple, typed by its elements
    if seg.field is not None and seg.field.section == "returns" and re.fullmatch(r"[a-z_][a-z0-9_]*", claim.written) \
            and claim.written not in _TYPE_WORDS:
        return None  # "path" alone under Returns: the value's name, in a style that types it elsewhere
    if seg.field is None and seg is next((s for s in ctx.segments if s.kind == "prose"), None) \
            and any(s.field is not None and s.field.section in ("returns", "rtype") for s in ctx.segments):
        return None  # the summary "Return list of workers." above a Returns section: the section is the claim
    if _is_setter(ctx, e):
        # a setter's docs describe the property's value, which its getter returns
        getter = _property_getter(ctx, e)
        return (getter, claim) if getter is not None else None
    return e, claim


def _is_setter(ctx: JudgeContext, e: Entity) -> bool:
    """Whether ``e`` is a property's setter (``@x.setter``, or ``x = property(get, e)``)."""
    if any(d.endswith((".setter", ".deleter")) for d in e.decorators):
        return True
    cls = ctx.owner_class
    return cls is not None and e.name in _property_setters(ctx, cls)


_PROPERTY_CALL = re.compile(r"\bproperty\(\s*(?:fget\s*=\s*)?(\w+)\s*,\s*(?:fset\s*=\s*)?(\w+)\b")


def _property_setters(ctx: JudgeContext, cls: Entity) -> dict[str, str]:
    """Each setter of a ``property(get, set)`` call in class ``cls``, to its getter (read once per
    class: a large class's code is long)."""
    key = ("property-setters", cls.qualname, cls.range.start.line)
    got = ctx.file_cache.get(key)
    if got is None:
        got = ctx.file_cache[key] = ({m.group(2): m.group(1) for m in _PROPERTY_CALL.finditer(cls.code)}
                                     if "property(" in cls.code else {})
    return got


def _property_getter(ctx: JudgeContext, e: Entity) -> Entity | None:
    """The getter of the property whose setter is ``e``: ``@property def x`` for ``@x.setter``,
    ``get`` for ``x = property(get, e)``."""
    cls = ctx.owner_class
    if cls is None:
        return None
    name = (_property_setters(ctx, cls).get(e.name)
            or next((d.rsplit(".", 1)[0] for d in e.decorators if d.endswith(".setter")), None))
    if name is None:
        return None
    found = [x for x in ctx.graph.entities_named(name) if x.kind in ("function", "method") and x.path == e.path
             and x.parent == e.parent and x is not e and not any(d.endswith(".setter") for d in x.decorators)]
    return found[0] if len(found) == 1 else None


_LISTS_ITEMS = re.compile(r",|\band\b")


def _contradiction(ctx: JudgeContext, seg: Segment, e: Entity, claim: Claim, rule: Rule, note: str = "") -> Iterator[Finding]:
    code = code_return_type(ctx, e)
    if code is None:
        return
    code_kinds, source = code
    doc_kinds = kinds(claim.type)
    if doc_kinds is None and _documents_a_value(claim) and code_kinds == {"none"} and _plain_returner(e) \
            and not _NO_VALUE.match(seg.field.name or "" if seg.field is not None else "") and not _stub(e):
        # a type docfact cannot read ("ndarray, int8, 2d", a class), but a value all the same
        yield ctx.finding(seg, rule, f"documented to return `{claim.written}`, but no `return` of "
                          f"`{e.name}` gives a value: it returns `None`",
                          evidence=_statement_evidence(e, "return", source) or ctx.evidence_of(e, source))
        return
    if doc_kinds is None:
        return
    if code_kinds == {"bool"} and "(comparison)" in source and ("ndarray" in doc_kinds or _ARRAY_WORD.search(claim.written)):
        return  # ``a != b`` of arrays is an array of bool, as documented: a comparison is not always one bool
    if not contradicts_kinds(doc_kinds, code_kinds) and not (
            not claim.prose and e.returns and not e.is_generator and source.startswith("it is annotated")
            and scalar_mismatch(doc_kinds, code_kinds)):
        return
    if code_kinds <= {INSTANCE, PLAIN_INSTANCE, "none"} and doc_kinds & _argument_kinds(e.returns or ""):
        return  # "Returns a list of values" for ``-> SearchStrategy[list[T]]``: the object makes lists
    if claim.prose and "tuple" in code_kinds and (doc_kinds <= {"none", "bool"} or _LISTS_ITEMS.search(seg.text)):
        # prose about a returned tuple may name its items: "Returns string, baseline ...", "If
        # there is no such factor, None is returned" (one item of the tuple)
        return
    if doc_kinds == {"none"} and code_kinds & {"iterator", "iterable", "generator"}:
        return  # "Nothing will be returned if the input is short": an iterator that yields nothing
    if claim.prose and any(base_kind(m.group(1)) in code_kinds for m in _AS_A.finditer(seg.text)):
        return  # "Return a list of the attributes as a dictionary": the sentence names the code's type too
    fix = None
    if claim.span and e.returns:
        fix = ctx.fix_replace(seg, claim.span[0], claim.span[1], e.returns, f"Change the return type to `{e.returns}`")
    keyword = "yield" if e.is_generator and not e.returns else "return" if not e.returns else ""
    evidence = (_statement_evidence(e, keyword, source) if keyword else None) or ctx.evidence_of(e, source)
    yield ctx.finding(seg, rule, f"documented to return `{claim.written}`, but {source}{note}",
                      evidence=evidence, fix=fix)


_AS_A = re.compile(r"\b(?:as|in)\s+(?:an?\s+|the\s+form\s+of\s+(?:an?\s+)?)?([A-Za-z]\w*)")
_ARRAY_WORD = re.compile(r"\b(?:n?d?array|array_like|Series|DataFrame|Tensor|mask)\b", re.I)
# lower-case words a Returns item uses as a type; any other bare lower-case word there is the
# returned value's name (a Returns section that gives names only: "path", "result")
_TYPE_WORDS = frozenset({
    "int", "float", "complex", "str", "bytes", "bytearray", "bool", "list", "dict", "tuple", "set", "frozenset",
    "object", "none", "ndarray", "array", "string", "integer", "boolean", "number", "scalar", "iterator",
    "iterable", "generator", "sequence", "mapping", "callable", "function", "dataframe", "series", "tensor",
    "matrix", "vector", "type", "class", "module", "file", "dictionary", "double", "long", "char", "any",
})
# a Returns item that documents no value: "None", "Nothing", "self" (C3.not-self's), "N/A"
_NO_VALUE = re.compile(r"^\W*(?:none|nothing|self|n/a|void)\b", re.I)
_MAY_BE_NONE = re.compile(r"\bNone\b|\boptional\b", re.I)


def _argument_kinds(annotation: str) -> set[str]:
    """The kinds named inside an annotation's brackets (``Strategy[list[int]]``: list, int)."""
    inner = annotation[annotation.find("[") + 1:] if "[" in annotation else ""
    return {k for w in re.findall(r"[A-Za-z_][\w.]*", inner) if (k := base_kind(w)) is not None}


def _documents_a_value(claim: Claim) -> bool:
    """Whether a Returns/rtype item's type (not a sentence) names some value (and not None as
    one alternative: "Module, None")."""
    return not claim.prose and bool(claim.written) and not _NO_VALUE.match(claim.written) \
        and not _MAY_BE_NONE.search(claim.written)


def _stub(e: Entity) -> bool:
    """A body that is one ``return``, ``return None``, ``pass``, ``...`` or
    ``NotImplementedError(...)`` (after its docstring): a default that subclasses override, whose
    docs may describe what the overrides return."""
    try:
        # the first line starts at the entity's column: a decorated method's ``@classmethod``
        # line is followed by an indented ``def``
        node = ast.parse(textwrap.dedent(" " * e.range.start.col + e.code)).body[0]
    except (SyntaxError, IndexError, ValueError):
        return True
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return True
    body = node.body[1:] if node.body and isinstance(node.body[0], ast.Expr) \
        and isinstance(node.body[0].value, ast.Constant) and isinstance(node.body[0].value.value, str) else node.body
    if len(body) != 1:
        return False
    stmt = body[0]
    if isinstance(stmt, (ast.Raise, ast.Expr)):
        # ``NotImplementedError("in subclasses")`` (raised or, by a slip, only built), ``...``
        thrown = stmt.exc if isinstance(stmt, ast.Raise) else stmt.value
        called = thrown.func if isinstance(thrown, ast.Call) else thrown
        return (isinstance(called, ast.Name) and called.id == "NotImplementedError") or \
            (isinstance(thrown, ast.Constant) and thrown.value is Ellipsis)
    return isinstance(stmt, ast.Pass) or (isinstance(stmt, ast.Return) and (
        stmt.value is None or (isinstance(stmt.value, ast.Constant) and stmt.value.value is None)))


def _plain_returner(e: Entity) -> bool:
    """A plain (not async) Python function whose decorators leave its result alone and that
    defines no ``return`` annotation: its inferred return kinds are all it returns."""
    return e.language == "python" and not e.is_async and not e.is_generator and not e.returns \
        and not e.is_abstract and set(e.decorators) <= _PLAIN_DECORATORS


def _statement_evidence(e: Entity, keyword: str, description: str) -> Evidence | None:
    """The first ``return``/``yield`` statement of ``e``'s own body (not of a function nested
    in it, nor a line of its docstring), as evidence."""
    doc = e.doc.range if e.doc is not None else None
    nested: int | None = None  # the indentation of a nested ``def`` being skipped
    lines = e.code.split("\n")
    for i, line in enumerate(lines[1:], start=1):
        row = e.range.start.line + i
        if doc is not None and doc.start.line <= row <= doc.end.line:
            continue
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if nested is not None and (indent > nested or not stripped):
            continue
        nested = None
        if re.match(r"(?:async\s+)?def\s|class\s", stripped):
            nested = indent
        elif re.match(rf"{keyword}\b", stripped):
            return Evidence(description=description, path=e.path,
                            range=Range(Pos(row, indent), Pos(row, len(line.rstrip()))), excerpt=stripped.rstrip())
    return None


def return_type(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    if seg.field is not None and seg.field.section == "yields":
        if ctx.entity is not None and ctx.doc.kind != "comment":
            yield from _yield_type(ctx, seg, ctx.entity)
        return
    checked = _checked_claim(ctx, seg)
    if checked is not None and _an_element_of_the_tuple(checked[0], checked[1]):
        return  # "frozenset[int]: the indices. bool: whether ...": the items name the tuple's parts
    if checked is not None and not _returns_a_generator(checked[0]):
        found = list(_contradiction(ctx, seg, *checked, RETURN_TYPE))
        yield from found or _other_class(ctx, seg, *checked)


_TUPLE_ANNOTATION = re.compile(r"^(?:typing\.)?[Tt]uple\[(.*)\]$")


def _an_element_of_the_tuple(e: Entity, claim: Claim) -> bool:
    """Whether the claimed type is one element of the tuple ``e`` is annotated to return
    (``-> tuple[frozenset[int], bool]`` documented item by item)."""
    m = _TUPLE_ANNOTATION.match((e.returns or "").strip())
    if m is None or claim.prose:
        return False
    written = re.sub(r"\s+", "", claim.written)
    return any(re.sub(r"\s+", "", part) == written for part in split_top(m.group(1), ","))


# a Returns type that names one class: "SimpleTable instance", ":class:`~pkg.mod.Results`"
# (a compound name: "Results instance" may be English for any results object; a one-word name
# counts alone in the type slot: "Grouper")
_CLASS_CLAIM = re.compile(r"^(?::\w+:)?`{0,2}~?((?:[A-Za-z_]\w*\.)*([A-Z]\w*[a-z]\w*[A-Z]\w*))`{0,2}"
                          r"(?:\s+(?:instance|object))?\.?$|^(?::\w+:)?`{0,2}~?((?:[A-Za-z_]\w*\.)*([A-Z][a-z]+))`{0,2}$")


def _other_class(ctx: JudgeContext, seg: Segment, e: Entity, claim: Claim) -> Iterator[Finding]:
    """A Returns item naming a class of the project (``SimpleTable``) when every ``return`` of a
    plain function builds an object of a class that neither is it nor derives from it
    (``DataFrame(...)``, ``PredictionResultsDelta(...)``)."""
    m = _CLASS_CLAIM.match(claim.written)
    if m is None or claim.prose or kinds(claim.written) is not None or not _plain_returner(e):
        return
    name = m.group(2) or m.group(4)
    claimed = [c for c in ctx.graph.entities_named(name) if c.kind == "class"]
    if not claimed:
        return  # not a class of the project: another library's, or a name C1 checks
    rks = [rk for rk in e.return_kinds if rk != "name:NotImplemented"]
    if not rks or not all(rk.startswith("call:") for rk in rks):
        return
    built = []
    for rk in dict.fromkeys(rks):
        got = _built_by(ctx, rk[5:], e)
        if got is None:
            return
        ancestries, shown, annotated = got
        if any(name in a for a in ancestries):
            return
        if annotated is not None and any(annotated in (_class_names(ctx, c.name, c) or {annotated}) for c in claimed):
            return  # the claimed class derives from the annotated one: the function may return it
        built.append(shown)
    yield ctx.finding(seg, RETURN_TYPE,
                      f"documented to return `{claim.written}`, but it returns {', '.join(built)}, "
                      f"which is not a `{name}` nor derived from it",
                      evidence=_statement_evidence(e, "return", "the return statement") or ctx.evidence_of(e, "its returns"))


def _built_by(ctx: JudgeContext, callee: str, at: Entity) -> tuple[list[set[str]], str, str | None] | None:
    """The classes (each as its ancestry, :func:`_class_names`) a call builds, how to show the
    call, and the class a called function is annotated to return (None when the classes are
    exactly known): a class, or one hop into a project function annotated with a class
    (``-> Resampler``) or whose every ``return`` builds one. None when unknown; a method of
    ``self`` is not followed (a subclass may override it)."""
    ancestry = _class_names(ctx, callee, at)
    if ancestry is not None:
        return [ancestry], f"`{callee}(...)`", None
    if not re.fullmatch(r"[A-Za-z_][\w.]*", callee) or callee.split(".", 1)[0] in ("self", "cls", "super"):
        return None
    f = ctx.graph.project_entity(callee, at)
    if f is None or f.kind not in ("function", "method"):
        return None
    ctx.reads_code_of(f)
    if f.returns:
        ann = f.returns.strip().strip(_QUOTES)
        if not re.fullmatch(r"(?:[A-Za-z_]\w*\.)*[A-Z]\w*", ann) or _project_class(ctx, ann, f) is None:
            return None  # ``-> Any``, a TypeVar, another library's class: what it stands for is open
        ancestry = _class_names(ctx, ann, f)
        if ancestry is None:
            return None
        return [ancestry], f"`{callee}(...)`, annotated to return `{ann}`", ann.rsplit(".", 1)[-1]
    if not _plain_returner(f):
        return None
    rks = [rk for rk in f.return_kinds if rk != "name:NotImplemented"]
    if not rks or not all(rk.startswith("call:") for rk in rks):
        return None
    ancestries = []
    for rk in dict.fromkeys(rks):
        ancestry = _class_names(ctx, rk[5:], f)
        if ancestry is None:
            return None
        ancestries.append(ancestry)
    made = ", ".join(f"`{rk[5:]}(...)`" for rk in dict.fromkeys(rks))
    return ancestries, f"`{callee}(...)`, which returns {made}", None


def _class_names(ctx: JudgeContext, callee: str, at: Entity) -> set[str] | None:
    """The names of the class a call builds and of all its ancestors; None when the callee may
    not be a class or an ancestor is unknown. An outside class (``pandas.DataFrame``) counts by
    its own name: it cannot derive from a class of the project."""
    if not re.fullmatch(r"(?:[A-Za-z_]\w*\.)*[A-Z]\w*", callee):
        return None
    try:
        res = ctx.graph.resolve(callee, at)
    except Exception:
        return None
    if res is None or res.rest:
        return None
    if res.kind == "external":
        return {res.qualname.rsplit(".", 1)[-1]}
    if res.kind != "project" or res.entity is None or res.entity.kind != "class":
        return None
    names: set[str] = set()
    todo, seen = [res.entity], 0
    while todo and seen < 32:
        cls = todo.pop()
        ctx.reads_code_of(cls)
        seen += 1
        names.add(cls.name)
        if any(f"{cls.local_name}.{m}" in cls.members for m in ("__new__", "__getattr__", "__getattribute__")) \
                or _METACLASS.search(cls.signature):
            return None  # a call of it may build something else, or a proxy that stands for one
        for base in cls.bases:
            plain = _GENERIC_ARGS.sub("", base).strip()
            if plain in ("object", "ABC", "abc.ABC", "Generic", "typing.Generic"):
                continue
            parent = _project_class(ctx, plain, cls)
            if parent is not None:
                todo.append(parent)
                continue
            try:
                got = ctx.graph.resolve(plain, cls)
            except Exception:
                return None
            if got is None or got.kind not in ("external", "builtin") or got.rest:
                return None
            names.add(got.qualname.rsplit(".", 1)[-1])
    return names if not todo else None


def _returns_a_generator(e: Entity) -> bool:
    """A generator function whose docs cannot mean a value it returns when done (annotated
    ``Generator[Y, S, R]`` with an ``R``, they may: that is a plain return type)."""
    return e.is_generator and _generator_value(e.returns or "") == "None"


def generator_return(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    checked = _checked_claim(ctx, seg)
    if checked is not None and checked[0].name in ("__iter__", "__aiter__", "__reversed__"):
        return  # iteration's own method: "Get a list of the members" speaks of what iterating gives
    if checked is not None and _returns_a_generator(checked[0]) and not checked[1].passive:
        code = code_return_type(ctx, checked[0])
        note = "; what it yields belongs under `Yields`" if code is not None and "none" in code[0] else ""
        yield from _contradiction(ctx, seg, *checked, GENERATOR_RETURN, note)


_YIELDED = re.compile(r"^(?:typing\.|collections\.abc\.)?(?:Iterator|Iterable|Generator|AsyncIterator|AsyncGenerator|AsyncIterable)\[\s*(.+?)\s*(?:,.*)?\]$")


_CANNOT_YIELD = frozenset({"None", "int", "float", "bool", "complex", "NoReturn", "Never"})


def _yield_type(ctx: JudgeContext, seg: Segment, e: Entity) -> Iterator[Finding]:
    """``Yields: int`` against ``-> Iterator[str]`` / ``Generator[str, None, None]``."""
    item = seg.field
    if item is None or not item.type or not e.returns:
        return
    if not e.is_generator:
        # ``-> None`` (a stub, whose annotation is all there is): nothing it gives can be iterated
        ann = e.returns.strip().strip(_QUOTES)
        if ann in _CANNOT_YIELD and e.kind in ("function", "method") and not e.is_async:
            yield ctx.finding(seg, RETURN_TYPE,
                              f"documented to yield `{item.type.strip()}`, but it has no `yield` and is annotated "
                              f"to return `{ann}`, which cannot be iterated",
                              evidence=ctx.evidence_of(e, "the return annotation"))
        return
    m = _YIELDED.match(e.returns.strip())
    if m is None:
        return
    yielded = m.group(1)
    inner = _YIELDED.match(item.type.strip())
    if inner is not None and "".join(inner.group(1).split()) == "".join(yielded.split()) \
            and "".join(item.type.split()) == "".join(e.returns.split()) \
            and not (kinds(yielded) or set()) & {"iterator", "iterable", "generator"}:
        # ``Yields: Iterable[str]`` for ``-> Iterable[str]``: the generator's type, not a yielded value's
        yield ctx.finding(seg, RETURN_TYPE,
                          f"documented to yield `{item.type.strip()}`, the type of the generator itself, but "
                          f"each value it yields is annotated `{yielded}`",
                          evidence=ctx.evidence_of(e, "the return annotation"))
        return
    if contradicts(item.type, yielded) or scalar_mismatch(kinds(item.type), kinds(yielded)):
        fix = None
        if item.type_span:
            rel = item.type_span[0] - seg.start
            fix = ctx.fix_replace(seg, rel, rel + (item.type_span[1] - item.type_span[0]), yielded,
                                  f"Change the yielded type to `{yielded}`")
        yield ctx.finding(seg, RETURN_TYPE,
                          f"documented to yield `{item.type.strip()}`, but it is annotated to yield `{yielded}`",
                          evidence=ctx.evidence_of(e, "the return annotation"), fix=fix)


CHECKS: tuple[Check, ...] = (
    Check(PARAM_TYPE, param_type, where="not-ts"),
    Check(RETURN_TYPE, return_type, where="not-ts"),
    Check(GENERATOR_RETURN, generator_return, where="not-ts"),
)
