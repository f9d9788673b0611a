"""C2.scalar-return-of-array: a ``Returns`` entry typed as one number when every ``return``
computes element by element on an argument documented as ``ndarray``, and the reverse, an
``ndarray`` documented when every ``return`` is a full reduction (``np.sum(x)``); listed in the
checks of :mod:`docfact.judges.c2_param_use`."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from docfact.judges.argument_uses import first_rebinding, line_evidence, names_it, type_words
from docfact.judges.base import JudgeContext
from docfact.judges.function_ast import body_nodes, parse_function
from docfact.judges.rules.c2_types import SCALAR_RETURN_OF_ARRAY
from docfact.model import Entity, Finding, Segment

# NumPy functions that work element by element: given an array, they return an array
ELEMENTWISE = frozenset({
    "log", "log1p", "log2", "log10", "exp", "expm1", "exp2", "sqrt", "square", "sign", "abs", "absolute", "where",
    "clip", "power", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "floor", "ceil",
    "round", "rint", "maximum", "minimum", "fmax", "fmin", "multiply", "divide", "add", "subtract", "negative",
    "reciprocal", "isnan", "isfinite", "isinf", "logical_and", "logical_or", "logical_not", "cbrt", "heaviside",
    "gammaln", "digamma", "xlogy", "xlog1py", "expit", "logit", "erf", "erfc", "ndtr", "ndtri",
})
_ARRAY_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_SCALAR_RETURN = frozenset({"float", "int", "scalar", "number"})


def _array_valued(node: ast.AST, arrays: set[str]) -> bool:
    """Whether an expression is an array because an operand is: arithmetic with an array, or an
    elementwise NumPy function of one (``np.log(endog) * w``); reductions and calls of anything
    else are not followed."""
    if isinstance(node, ast.Name):
        return node.id in arrays
    if isinstance(node, ast.BinOp) and isinstance(node.op, _ARRAY_OPS):
        return _array_valued(node.left, arrays) or _array_valued(node.right, arrays)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return _array_valued(node.operand, arrays)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ELEMENTWISE \
            and isinstance(node.func.value, ast.Name) and node.func.value.id in ("np", "numpy", "special", "sc"):
        return any(_array_valued(a, arrays) for a in node.args) and not node.keywords
    return False


def _array_names(fn: ast.AST, params: set[str]) -> set[str]:
    """The documented ``ndarray`` parameters and every local that some assignment makes an array
    (repeated until nothing changes: ``dev = endog - mu`` then ``out = 2 * dev``)."""
    arrays = set(params)
    changed = True
    while changed:
        changed = False
        for n in ast.walk(fn):
            target = None
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
                target, value = n.targets[0].id, n.value
            elif isinstance(n, (ast.AugAssign, ast.AnnAssign)) and isinstance(n.target, ast.Name) \
                    and n.value is not None:
                target, value = n.target.id, n.value
            if target is not None and target not in arrays and _array_valued(value, arrays):
                arrays.add(target)
                changed = True
    return arrays


# NumPy reductions: without an ``axis`` they return one value, whatever the array's shape
_REDUCTIONS = frozenset({
    "sum", "nansum", "mean", "nanmean", "prod", "nanprod", "max", "min", "amax", "amin", "nanmax", "nanmin",
    "std", "nanstd", "var", "nanvar", "median", "nanmedian", "argmax", "argmin", "nanargmax", "nanargmin",
    "all", "any", "count_nonzero", "ptp", "average",
})
_ARRAY_RETURN = frozenset({"ndarray", "np.ndarray", "numpy.ndarray", "array"})


def _full_reduction(node: ast.AST) -> str | None:
    """``np.sum(x)`` (one argument, no ``axis``): the reduction's name, else None."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _REDUCTIONS \
            and isinstance(node.func.value, ast.Name) and node.func.value.id in ("np", "numpy") \
            and len(node.args) == 1 and not isinstance(node.args[0], ast.Starred) \
            and all(k.arg == "dtype" for k in node.keywords):
        return node.func.attr
    return None


def returns_of(ctx: JudgeContext, seg: Segment) -> tuple[str, Entity] | None:
    """The documented type of a lone ``Returns`` item of a plain Python function, and the function."""
    item = seg.field
    if item is None or item.section != "returns" or ctx.doc.kind == "comment":
        return None
    doc_type = (item.type or (item.name if not item.description.strip() or item.type is None else "") or "").strip()
    e = ctx.entity
    if e is None or not ctx.is_python or e.kind not in ("function", "method") or e.is_generator or e.returns:
        return None
    if sum(1 for s in ctx.segments if s.field is not None and s.field.section == "returns") > 1:
        return None  # named items describe the elements of a returned tuple
    return doc_type, e


def scalar_return_of_array(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A Returns entry typed as one number (``float``) when every ``return`` computes element by
    element on an argument documented as ``ndarray``: the result is an array. And the reverse:
    an ``ndarray`` documented when every ``return`` is a full reduction (``np.sum(x)``)."""
    got = returns_of(ctx, seg)
    if got is None:
        return
    doc_type, e = got
    if doc_type.lower().rstrip(".") in _ARRAY_RETURN:
        yield from _reduced_return(ctx, seg, doc_type, e)
        return
    if doc_type.lower().rstrip(".") not in _SCALAR_RETURN:
        return
    documented = {s.field.name.strip(): s.field.type for s in ctx.segments
                  if s.field is not None and s.field.section == "param" and s.field.name and s.field.type}
    arrays = {n for n, t in documented.items() if type_words(t) == ("ndarray",)
              and any(p.name == n and not p.annotation for p in e.params)}
    if not arrays:
        return
    fn = parse_function(ctx, e)
    if fn is None:
        return
    for name in arrays:
        if first_rebinding(fn, name) < 10**9:
            return  # an argument bound again may be anything
    returns = [n for n, _ in body_nodes(fn) if isinstance(n, ast.Return)]
    values = [r.value for r in returns if r.value is not None]
    if not returns or len(values) < len(returns):
        return
    known = _array_names(fn, arrays)
    if not all(_array_valued(v, known) for v in values):
        return
    first = returns[0]
    code_line = ast.unparse(first)
    used = sorted(n for n in arrays if any(names_it(v, n) for v in values)) or sorted(arrays)
    yield ctx.finding(
        seg, SCALAR_RETURN_OF_ARRAY,
        f"the return value is documented as `{doc_type}`, but the code computes it element by element "
        f"from `{used[0]}`, documented as `ndarray`: it returns an array",
        evidence=line_evidence(e, first.lineno, code_line, "the return statement"))


_RETURNS_REDUCTION = re.compile(r"\breturn\s+(?:np|numpy)\.(?:" + "|".join(sorted(_REDUCTIONS)) + r")\(")


def _reduced_return(ctx: JudgeContext, seg: Segment, doc_type: str, e: Entity) -> Iterator[Finding]:
    if not _RETURNS_REDUCTION.search(e.code):
        return  # no ``return np.sum(`` anywhere: nothing to parse
    fn = parse_function(ctx, e)
    if fn is None:
        return
    returns = [n for n, _ in body_nodes(fn) if isinstance(n, ast.Return)]
    if not returns or any(r.value is None or _full_reduction(r.value) is None for r in returns):
        return
    first = returns[0]
    code_line = ast.unparse(first)
    reduction = _full_reduction(first.value) if first.value is not None else None
    yield ctx.finding(
        seg, SCALAR_RETURN_OF_ARRAY,
        f"the return value is documented as `{doc_type}`, but the code returns `np.{reduction}(...)` "
        "over the whole array (no `axis`): one number, not an array",
        evidence=line_evidence(e, first.lineno, code_line, "the return statement"))
