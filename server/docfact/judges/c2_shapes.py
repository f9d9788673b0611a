"""C2, the number of dimensions of a returned array against its documented shape.

``Returns: k : ndarray, shape (nobs, K)`` promises a 2-D array; a body whose every ``return``
gives an array the code itself makes 1-D (``np.ones(n) * h`` with ``h`` documented 1-D,
``x.ravel()``, ``np.arange(n)``) contradicts it. The number of dimensions is followed only
through what fixes it: NumPy constructors with a literal shape or a count, ``reshape`` with
literal sizes, ``ravel``, elementwise arithmetic and functions of operands whose dimensions are
known (numbers, parameters documented with a shape or as one number, locals bound once).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from docfact.judges.argument_uses import fills_none, line_evidence, numpy_call
from docfact.judges.base import JudgeContext
from docfact.judges.c2_scalar_return import ELEMENTWISE, returns_of
from docfact.judges.function_ast import body_nodes, parse_function
from docfact.judges.rule import Check
from docfact.judges.rules.c2_types import RETURN_SHAPE
from docfact.judges.types import split_top
from docfact.model import Entity, Finding, Segment

_ARRAY_WORD = re.compile(r"^\s*(?:[1-4]-?d\s+)?`*(?:np\.|numpy\.)?(?:ndarray|array)\b", re.I)
# what a body that builds arrays itself spells
_BUILDS = ("np.", "numpy.", ".ravel(", ".reshape(", ".flatten(")
_SHAPE = re.compile(r"\(([^()]*)\)")
_DIMS_WORD = re.compile(r"\b([1-4])[- ]?d\b", re.I)
_SCALAR_WORD = re.compile(r"^\s*`*(?:float|int|integer|scalar|bool|number)`*\s*(?:,\s*optional)?\s*$", re.I)


def documented_ndim(doc_type: str) -> int | None:
    """The number of dimensions an array type states: "ndarray, shape (n, k)" 2, "1-D ndarray"
    1, "ndarray (p x k x k)" 3; None when it states none, or states more than one."""
    if re.search(r"\bor\b|\|", doc_type):
        return None
    found = set()
    for m in _SHAPE.finditer(doc_type):
        inner = m.group(1).strip()
        if not inner or re.search(r"[^\w\s,*+\-/x.]", inner):
            continue
        parts = split_top(inner, ",")
        if len(parts) == 1 and re.search(r"\s+x\s+", parts[0]):
            parts = re.split(r"\s+x\s+", parts[0])  # "(p x k x k)"
        if all(re.fullmatch(r"[\w*+\-/. ]+", p) for p in parts):
            found.add(len(parts))
    for m in _DIMS_WORD.finditer(doc_type):
        found.add(int(m.group(1)))
    return found.pop() if len(found) == 1 else None


class _Ndim:
    """The number of dimensions of expressions of one function, as far as the code fixes it."""

    def __init__(self, fn: ast.FunctionDef | ast.AsyncFunctionDef, params: dict[str, int], arrays: set[str]) -> None:
        self.params = params
        self.arrays = arrays  # arguments documented as arrays
        self.bindings: dict[str, list[ast.expr | None]] = {}  # None: a binding of no plain value
        self.fills: dict[str, list[ast.expr]] = {}  # values under ``if name is None:``
        self.looped: set[str] = set()
        self.returns: list[ast.Return] = []  # the function's own (not a nested function's)
        for node, parents in body_nodes(fn):
            if isinstance(node, ast.Return):
                self.returns.append(node)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                parent = parents[-1] if parents else None
                value = parent.value if isinstance(parent, ast.Assign) and len(parent.targets) == 1 \
                    and parent.targets[0] is node else None
                if value is not None and node.id in params and fills_none(node.id, [*parents, node]):
                    self.fills.setdefault(node.id, []).append(value)
                    continue
                self.bindings.setdefault(node.id, []).append(value)
            elif isinstance(node, (ast.For, ast.comprehension, ast.With)):
                for n in ast.walk(getattr(node, "target", node)):
                    if isinstance(n, ast.Name):
                        self.looped.add(n.id)
        for a in [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]:
            if a.arg not in params:
                self.looped.add(a.arg)  # an argument of unknown shape
        self.seen: set[str] = set()

    def of(self, node: ast.AST) -> int | None:
        if isinstance(node, ast.Constant):
            return 0 if isinstance(node.value, (int, float, complex)) else None
        if isinstance(node, ast.Name):
            return self.name(node.id)
        if isinstance(node, ast.UnaryOp):
            return self.of(node.operand)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv,
                                                                ast.Mod, ast.Pow)):
            left, right = self.of(node.left), self.of(node.right)
            return None if left is None or right is None else max(left, right)
        if isinstance(node, ast.Attribute) and node.attr == "T":
            return self.of(node.value)
        if isinstance(node, (ast.Attribute, ast.Subscript)) \
                or (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            return 0 if self.count(node) else None
        if isinstance(node, ast.Call):
            return self.call(node)
        return None

    def name(self, name: str) -> int | None:
        if name in self.looped or name in self.seen:
            return None
        values = self.bindings.get(name, [])
        if name in self.params:
            if values:
                return None  # bound again: the argument is not what is returned
            if any(self.bound_to(name, v) != self.params[name] for v in self.fills.get(name, [])):
                return None  # a missing argument is replaced by a value of another shape
            return self.params[name]
        if len(values) != 1 or values[0] is None:
            return None
        return self.bound_to(name, values[0])

    def bound_to(self, name: str, value: ast.expr) -> int | None:
        self.seen.add(name)
        try:
            return self.of(value)
        finally:
            self.seen.discard(name)

    def call(self, node: ast.Call) -> int | None:
        f = node.func
        np_name = numpy_call(node)
        if np_name in ("zeros", "ones", "empty", "full") and node.args:
            return self.shape_arg(node.args[0])
        if np_name in ("zeros_like", "ones_like", "empty_like", "full_like") and node.args \
                and not any(k.arg == "shape" for k in node.keywords):
            return self.of(node.args[0])
        if np_name in ("arange", "linspace", "flatnonzero", "ravel") and not node.keywords:
            return 1
        if np_name in ("column_stack", "outer", "eye", "identity"):
            return 2
        if np_name in ("asarray", "array", "asanyarray") and len(node.args) == 1 and not node.keywords:
            return self.of(node.args[0]) if not isinstance(node.args[0], (ast.List, ast.Tuple)) else None
        if np_name in ELEMENTWISE and len(node.args) == 1 and not node.keywords:
            return self.of(node.args[0])
        if isinstance(f, ast.Attribute) and np_name is None:
            if f.attr in ("ravel", "flatten") and not node.args:
                return 1
            if f.attr in ("copy", "astype") and self.of(f.value) is not None:
                return self.of(f.value)
            if f.attr == "reshape" and node.args and not node.keywords:
                if len(node.args) == 1:
                    return self.shape_arg(node.args[0])
                return len(node.args) if all(self.count(a) for a in node.args) else None
        return None

    def shape_arg(self, node: ast.AST) -> int | None:
        """Dimensions of an array made with this shape: a tuple or list of sizes, or one count."""
        if isinstance(node, (ast.Tuple, ast.List)):
            return len(node.elts) if not any(isinstance(x, ast.Starred) for x in node.elts) else None
        return 1 if self.count(node) else None

    def is_array(self, node: ast.AST) -> bool:
        """A NumPy call's result, an argument documented as an array, or an expression the code
        makes an array."""
        if isinstance(node, ast.Call) and numpy_call(node) is not None:
            return True
        if isinstance(node, ast.Name) and node.id in self.arrays:
            return True
        got = self.of(node)
        return got is not None and got >= 1

    def count(self, node: ast.AST) -> bool:
        """Whether an expression is one whole number: a literal, ``len(x)``, ``a.size``,
        ``a.shape[0]``, ``int(...)``, arithmetic of them."""
        if isinstance(node, ast.Constant):
            return type(node.value) is int
        if isinstance(node, ast.UnaryOp):
            return self.count(node.operand)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv)):
            return self.count(node.left) and self.count(node.right)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("len", "int"):
            return True
        if isinstance(node, ast.Attribute) and node.attr in ("size", "ndim"):
            return self.is_array(node.value)  # an image's ``size`` is a pair
        return isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) \
            and node.value.attr == "shape" and isinstance(node.slice, (ast.Constant, ast.UnaryOp))


def _param_ndims(ctx: JudgeContext, e: Entity) -> dict[str, int]:
    """Parameters whose documented type fixes their dimensions: a shape, or one number."""
    out = {}
    for s in ctx.segments:
        item = s.field
        if item is None or item.section != "param" or not item.name or not item.type:
            continue
        name = item.name.strip()
        if not any(p.name == name and not p.annotation and p.kind in ("positional", "keyword") for p in e.params):
            continue
        if _SCALAR_WORD.match(item.type):
            out[name] = 0
        elif _ARRAY_WORD.match(item.type):
            n = documented_ndim(item.type)
            if n is not None:
                out[name] = n
    return out


def return_shape(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A Returns item typed as an array of N dimensions when every ``return`` gives an array the
    code makes with another number of dimensions."""
    item = seg.field
    if item is None or item.section != "returns" or not item.type \
            or ("(" not in item.type and "d" not in item.type.lower()):
        return
    got = returns_of(ctx, seg)
    if got is None:
        return
    doc_type, e = got
    if not _ARRAY_WORD.match(doc_type):
        return
    n = documented_ndim(doc_type)
    if n is None or not any(w in e.code for w in _BUILDS):
        return
    fn = parse_function(ctx, e)
    if fn is None:
        return
    params = _param_ndims(ctx, e)
    arrays = {name for name, k in params.items() if k >= 1}
    ndim = _Ndim(fn, params, arrays)  # one walk of the body: its bindings and its returns
    returns = ndim.returns
    if not returns or any(r.value is None for r in returns):
        return
    found = {ndim.of(r.value) for r in returns if r.value is not None}
    if len(found) != 1:
        return
    m = found.pop()
    if m is None or m == 0 or m == n:
        return
    # the code alone must make those dimensions: with every documented argument taken as one
    # number the result is the same (``(Xi - x) / h`` is only as wide as its documented arguments)
    if {_Ndim(fn, dict.fromkeys(params, 0), arrays).of(r.value) for r in returns if r.value is not None} != {m}:
        return
    first = returns[0]
    code_line = ast.unparse(first)
    how = ""
    if isinstance(first.value, ast.Name) and ndim.bindings.get(first.value.id):
        value = ndim.bindings[first.value.id][0]
        how = f" (`{first.value.id} = {ast.unparse(value)}`)" if value is not None else ""
    yield ctx.finding(
        seg, RETURN_SHAPE,
        f"the return value is documented as `{doc_type}`, {n}-dimensional, but `{code_line}` gives "
        f"a {m}-D array{how}",
        evidence=line_evidence(e, first.lineno, code_line, "the return statement"))


CHECKS: tuple[Check, ...] = (
    Check(RETURN_SHAPE, return_shape),
)
