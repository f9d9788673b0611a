"""C2, documented types that the body's own use of the values contradicts.

``x : array_like`` promises that a plain list works; a body that reads ``x.shape`` before
anything converts ``x`` fails on a list. Likewise ``x : float`` with ``x.reshape(...)`` or
``x[0]``, and ``params : ndarray`` unpacked as ``**params``. Only a use of the argument as
passed that runs on every call counts: none after the name is bound again
(``x = np.asarray(x)``), none after a call that asks what it is (``isinstance``, ``hasattr``,
``np.isscalar``), none in a branch, a later operand of ``and``/``or``, a ``try`` or ``with``.

A ``Returns`` entry typed as one number is contradicted when every ``return`` computes element
by element on an argument documented as ``ndarray``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import lru_cache

from docfact.judges.base import JudgeContext, member_of
from docfact.judges.default_values import sentinel_test
from docfact.judges.function_ast import body_nodes, nodes_under, parse_function
from docfact.judges.rule import Check
from docfact.judges.rules.c2_types import PARAM_TYPE_DEFAULT, PARAM_TYPE_USE, SCALAR_RETURN_OF_ARRAY
from docfact.judges.types import split_union
from docfact.model import Entity, Evidence, Finding, Pos, Range, Segment

# attributes of NumPy arrays and pandas objects that no list, tuple or Python number has
_ARRAY_ATTRS = frozenset({
    "shape", "ndim", "T", "dtype", "reshape", "astype", "ravel", "flatten", "squeeze", "size",
    "std", "var", "mean", "cumsum", "cumprod", "argmax", "argmin", "argsort", "nonzero",
    "transpose", "swapaxes", "iloc", "loc", "values", "columns", "any", "all", "sum", "prod",
    "min", "max", "dot", "tolist", "item", "fill", "clip", "flat", "repeat", "take",
})
# methods a list and an ndarray have but a tuple lacks: ``x.copy()`` on an ``array_like`` or a
# ``sequence`` fails when a tuple is passed
_TUPLE_LACKS = frozenset({"copy", "sort"})
_TUPLES_PASS = frozenset({"array_like", "array-like", "arraylike", "sequence"})
# what each documented type word lets a caller pass, as the Python type the body then sees
_PASSES: dict[str, type] = {
    "array_like": list, "array-like": list, "arraylike": list, "list": list, "sequence": list,
    "tuple": tuple, "float": float, "int": int, "integer": int, "scalar": float, "number": float,
    "bool": bool, "boolean": bool, "str": str, "string": str,
}
_NOT_A_MAPPING = frozenset({"array_like", "array-like", "arraylike", "list", "sequence", "tuple", "ndarray",
                            "float", "int", "integer", "scalar", "number", "bool", "boolean", "str", "string"})
_WORD = re.compile(r"^[`:~\w.-]*?([\w-]+)`?$")
_TEST_CALLS = frozenset({"isinstance", "hasattr", "getattr", "isscalar", "is_scalar", "issparse", "type", "callable",
                         "is_list_like", "ndim", "asarray", "asanyarray", "array", "atleast_1d", "atleast_2d"})
# decorators that may convert the arguments before the body sees them
_CONVERTING = re.compile(r"array|convert|coerce|vectori|jit|cast|ensure|dispatch|wraps|validate", re.I)


@lru_cache(maxsize=4096)
def _members(doc_type: str) -> tuple[str, ...]:
    """The documented type's alternatives as lower-case words (``None`` and ``optional`` dropped);
    empty when an alternative is more than one word (``list of int`` is kept as ``list``)."""
    out = []
    text = re.sub(r",?\s*\boptional\b|\(.*?\)|\bdefault\b.*$|,\s*shape\b.*$", "", doc_type, flags=re.I)
    for part in split_union(text.strip().strip(",")):
        part = part.strip().lower()
        part = re.sub(r"\s+of\s+.*$|\[.*$", "", part)
        dotted = part.strip("`~:.").split(":")[-1].strip("`~")
        if "." in dotted:
            head, _, last = dotted.rpartition(".")
            # ``np.ndarray`` is NumPy's array; ``dask.array-like`` is another library's kind
            out.append(last if head in ("np", "numpy") else dotted)
            continue
        m = _WORD.match(part)
        if m is None:
            return ()
        word = m.group(1)
        if word in ("none", "nonetype"):
            continue
        out.append(word)
    return tuple(out)




def _line_evidence(e: Entity, line: int, code_line: str, description: str) -> Evidence:
    """Evidence of one statement of ``e``: ``line`` counts from the first line of its code (1)."""
    at = e.range.start.line + line - 1
    return Evidence(description=description, path=e.path, range=Range(Pos(at, 0), Pos(at, len(code_line))),
                    excerpt=code_line)


def _names_it(node: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


def _first_rebinding(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> int:
    """The first line (of the parsed text) where the body binds ``name`` again, or a huge number."""
    return _rebindings(fn).get(name, 10**9)


_REBOUND: dict[int, tuple[ast.AST, dict[str, int]]] = {}


def _rebindings(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, int]:
    """Name -> the first line the body binds it (assignment, ``del``, ``global``, a nested
    def's parameter), in one walk per function (the last function asked is remembered). A
    binding under ``if name is None:`` does not count: it replaces only a missing argument."""
    got = _REBOUND.get(0)
    if got is not None and got[0] is fn:
        return got[1]
    lines: dict[str, int] = {}
    own = {id(a) for a in ast.walk(fn.args)}

    def bound(name: str, line: int, parents: list[ast.AST]) -> None:
        if line < lines.get(name, 10**9) and not _fills_none(name, parents):
            lines[name] = line

    stack: list[tuple[ast.AST, list[ast.AST]]] = [(fn, [])]
    while stack:
        n, parents = stack.pop()
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            bound(n.id, n.lineno, parents)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            for name in n.names:
                bound(name, n.lineno, [])
        elif isinstance(n, ast.arg) and id(n) not in own:
            bound(n.arg, n.lineno, [])
        inner = [*parents, n]
        stack.extend((child, inner) for child in ast.iter_child_nodes(n))
    _REBOUND[0] = (fn, lines)
    return lines


def _none_tests(test: ast.AST) -> list[tuple[str, bool]] | None:
    """``a is None and b is not None`` as [(a, True), (b, False)]; None when the test is anything
    else."""
    atoms = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    out = []
    for a in atoms:
        if not (isinstance(a, ast.Compare) and len(a.ops) == 1 and isinstance(a.ops[0], (ast.Is, ast.IsNot))
                and isinstance(a.left, ast.Name) and isinstance(a.comparators[0], ast.Constant)
                and a.comparators[0].value is None):
            return None
        out.append((a.left.id, isinstance(a.ops[0], ast.Is)))
    return out


def _fills_none(name: str, parents: list[ast.AST]) -> bool:
    """Whether a binding of ``name`` sits in the body of ``if name is None [and ...]:``."""
    for i, p in enumerate(parents[:-1]):
        if isinstance(p, ast.If) and parents[i + 1] in p.body:
            tests = _none_tests(p.test)
            if tests is not None and (name, True) in tests:
                return True
    return False




class _Uses:
    """What the body does with one argument, against the types its documentation lets a caller
    pass."""

    def __init__(self, fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str, members: tuple[str, ...]) -> None:
        self.fn, self.name, self.members = fn, name, members
        self.passes = [(w, _PASSES[w]) for w in members if w in _PASSES]
        self.params = {a.arg: d for a, d in _defaults(fn.args)}

    def use(self, node: ast.AST) -> tuple[str, str, type] | None:
        """(what the code does, which documented type cannot do it, the type passed for it that
        fails) when ``node`` is such a use."""
        name, passes = self.name, self.passes
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name \
                and node.attr in _ARRAY_ATTRS:
            bad = next((w for w, t in passes if not hasattr(t, node.attr)), None)
            if bad is not None:
                return f"reads `{name}.{node.attr}`", bad, _PASSES.get(bad, object)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name \
                and node.attr in _TUPLE_LACKS:
            bad = next((w for w in self.members if w in _TUPLES_PASS), None)
            if bad is not None:
                return f"calls `{name}.{node.attr}()`", bad, tuple
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name \
                and isinstance(node.ctx, ast.Load):
            if isinstance(node.slice, ast.Tuple):
                bad = next((w for w, t in passes if t in (list, tuple, float, int, bool)), None)
                if bad is not None:
                    return f"indexes `{ast.unparse(node)}` with a tuple", bad, _PASSES.get(bad, object)
            else:
                bad = next((w for w, t in passes if t in (float, int, bool)), None)
                if bad is not None:
                    return f"indexes `{ast.unparse(node)}`", bad, _PASSES.get(bad, object)
                made = self.index_array(node.slice, node.lineno)
                bad = next((w for w, t in passes if t in (list, tuple)), None)
                if made is not None and bad is not None:
                    return f"indexes `{ast.unparse(node)}` with an array ({made})", bad, _PASSES.get(bad, object)
        elif isinstance(node, ast.keyword) and node.arg is None and isinstance(node.value, ast.Name) \
                and node.value.id == name:
            bad = next((w for w in self.members if w in _NOT_A_MAPPING), None)
            if bad is not None:
                return f"unpacks `**{name}` as keyword arguments", bad, _PASSES.get(bad, object)
        return None

    def index_array(self, index: ast.AST, line: int) -> str | None:
        """How an index is a NumPy array of more than one dimension's worth of positions
        (``np.argsort(t)``, or a local last bound to one on every path before ``line``), which a
        list or tuple refuses as an index; None otherwise."""
        if _makes_index_array(index):
            return f"`{ast.unparse(index)}`"
        if not isinstance(index, ast.Name):
            return None
        last: ast.AST | None = None
        for s in self.fn.body:  # the body's own statements: a binding in a branch may not run
            if s.lineno >= line:
                break
            for n in ast.walk(s):
                if isinstance(n, ast.Name) and n.id == index.id and isinstance(n.ctx, (ast.Store, ast.Del)):
                    last = s
        if isinstance(last, ast.Assign) and len(last.targets) == 1 and isinstance(last.targets[0], ast.Name) \
                and _makes_index_array(last.value):
            return f"`{index.id} = {ast.unparse(last.value)}`"
        return None

    def guarded(self, node: ast.AST, parents: list[ast.AST]) -> bool:
        """Whether the use may be skipped on a call that passes a non-None argument: it sits in a
        branch of an ``if`` (unless the test only asks which arguments are None, or the other
        branch makes the same use), a conditional expression, a ``while``, a ``match``, a later
        operand of ``and``/``or``, a comprehension's condition, a ``try`` or ``with`` block."""
        chain = [*parents, node]
        for i, p in enumerate(parents):
            child = chain[i + 1]
            if isinstance(p, (ast.If, ast.IfExp)) and child is not p.test:
                in_body = child in p.body if isinstance(p, ast.If) else child is p.body
                if self.none_branch(p.test, in_body):
                    continue
                if isinstance(p, ast.If) and in_body and self.used_in(p.orelse):
                    continue
                return True
            if isinstance(p, ast.While) and child is not p.test:
                return True
            if isinstance(p, ast.BoolOp) and child is not p.values[0]:
                before = p.values[:next(j for j, v in enumerate(p.values) if v is child)]
                if isinstance(p.op, ast.And) and all(self.none_branch(v, True) for v in before):
                    continue
                return True
            if isinstance(p, (ast.Try, ast.With, ast.Match)) or type(p).__name__ == "TryStar":
                return True
            if isinstance(p, ast.comprehension) and child is not p.iter:
                return True
        return False

    def none_branch(self, test: ast.expr, in_body: bool) -> bool:
        """Whether a caller that passes this argument can steer the test to the branch by which
        arguments it leaves None: the test is ``x is not None`` (its body) or ``x is None`` (its
        ``else``), or a None test of another parameter whose default is None, not bound before."""
        tests = _none_tests(test)
        if tests is None or (not in_body and len(tests) > 1):
            return False
        rebound = _rebindings(self.fn)
        for arg, is_none in tests:
            wants_none = is_none == in_body
            if arg == self.name:
                if wants_none:
                    return False
            elif arg not in self.params or rebound.get(arg, 10**9) < test.lineno \
                    or (wants_none and self.params[arg] != "None"):
                return False
        return True

    def used_in(self, stmts: list[ast.stmt]) -> bool:
        """Whether ``stmts`` (an ``else`` branch) make such a use on every path through them,
        before the name is bound again."""
        limit = _first_rebinding(self.fn, self.name)
        return any(getattr(n, "lineno", limit) < limit and self.use(n) is not None and not self.guarded(n, above)
                   for n, above in nodes_under(stmts, []))


def _defaults(args: ast.arguments) -> Iterator[tuple[ast.arg, str | None]]:
    """Each parameter with its default as written (None when it has none)."""
    positional = [*args.posonlyargs, *args.args]
    pad: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults))
    for a, d in zip(positional, [*pad, *args.defaults]):
        yield a, None if d is None else ast.unparse(d)
    for a, kd in zip(args.kwonlyargs, args.kw_defaults):
        yield a, None if kd is None else ast.unparse(kd)


# NumPy functions whose result is an array of positions: ``x[np.argsort(t)]`` needs an array ``x``
_INDEX_ARRAYS = frozenset({"argsort", "flatnonzero", "argwhere", "lexsort", "arange"})


def _makes_index_array(node: ast.AST) -> bool:
    """``np.argsort(t)``, ``np.arange(n)``, ``np.nonzero(m)[0]``, ``np.where(m)[0]``."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int):
        call = node.value
        return isinstance(call, ast.Call) and _numpy_call(call) in ("nonzero", "where") and len(call.args) == 1
    return isinstance(node, ast.Call) and _numpy_call(node) in _INDEX_ARRAYS and bool(node.args)


def _numpy_call(node: ast.Call) -> str | None:
    f = node.func
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in ("np", "numpy"):
        return f.attr
    return None


def _tested_before(fn: ast.AST, name: str, line: int) -> bool:
    """Whether a call before ``line`` asks what the argument is (``isinstance(x, ...)``,
    ``hasattr(x, ...)``, ``np.isscalar(x)``) or converts it in place of a rebinding."""
    for n in ast.walk(fn):
        if isinstance(n, ast.Call) and getattr(n, "lineno", line) <= line:
            callee = n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", "")
            if callee in _TEST_CALLS and any(_names_it(a, name) for a in n.args):
                return True
    return False


def _contradicting_use(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str,
                       members: tuple[str, ...]) -> tuple[int, str, str, type] | None:
    """(line, what the code does, which documented type cannot do it, what fails) for the first use of the
    argument as passed that a documented alternative cannot support; None when there is none.
    The value of the statement that first binds the name again still sees the argument
    (``x = x.reshape(1, -1)``)."""
    uses = _Uses(fn, name, members)
    limit: int | None = None  # found when a use is (most functions have none)
    for node, parents in body_nodes(fn):
        line = getattr(node, "lineno", 0)
        if not line:
            continue
        found = uses.use(node)
        if found is None:
            continue
        if limit is None:
            limit = _first_rebinding(fn, name)
        if line >= limit and not _in_rebinding_value(node, parents, name, limit):
            continue
        if uses.guarded(node, parents) or _tested_before(fn, name, line):
            continue
        return line, found[0], found[1], found[2]
    return None


def _in_rebinding_value(node: ast.AST, parents: list[ast.AST], name: str, limit: int) -> bool:
    """Whether ``node`` is in the value of the assignment that first binds ``name`` again."""
    for i, p in enumerate(parents):
        if isinstance(p, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and p.value is not None:
            targets = p.targets if isinstance(p, ast.Assign) else [p.target]
            binds = any(isinstance(n, ast.Name) and n.id == name and n.lineno == limit
                        for t in targets for n in ast.walk(t))
            return binds and ([*parents, node][i + 1] is p.value)
    return False


_ATTR_USE = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\.\s*(" + "|".join(sorted(_ARRAY_ATTRS | _TUPLE_LACKS)) + r")\b")
_INDEX_USE = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\[")
_UNPACK_USE = re.compile(r"\*\*\s*([A-Za-z_]\w*)\b")


def _may_use(ctx: JudgeContext, e: Entity, name: str, members: tuple[str, ...]) -> bool:
    """Whether the source text has a use the rule could report: a cheap test before parsing
    (the names read with an array attribute, indexed or unpacked, once per function)."""
    key = ("param-use-text", e.local_name)
    if key not in ctx.memo:
        ctx.memo[key] = ({m.group(1) for m in _ATTR_USE.finditer(e.code)},
                         {m.group(1) for m in _INDEX_USE.finditer(e.code)},
                         {m.group(1) for m in _UNPACK_USE.finditer(e.code)})
    attrs, indexed, unpacked = ctx.memo[key]
    if any(w in _PASSES for w in members) and (name in attrs or name in indexed):
        return True
    return any(w in _NOT_A_MAPPING for w in members) and name in unpacked


def _target(ctx: JudgeContext) -> Entity | None:
    e = ctx.entity
    if e is None or not ctx.is_python:
        return None
    if e.kind == "class":
        e = member_of(ctx.file, e, "__init__")
    if e is None or e.kind not in ("function", "method") or e.is_abstract:
        return None
    return e


def param_type_use(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    item = seg.field
    if item is None or item.section not in ("param", "type") or not item.name or not item.type:
        return
    e = _target(ctx)
    name = item.name.strip().lstrip("*")
    param = next((p for p in e.params if p.name == name), None) if e is not None else None
    if e is None or param is None or param.kind in ("self", "vararg", "kwarg") or param.annotation:
        return  # an annotation is the type's contract: C2.param-type compares the two
    if e.name.startswith("_") and not e.name.endswith("__"):
        return  # a private helper: the project's own callers decide what it is given, not its doc
    if any(_CONVERTING.search(d) for d in e.decorators):
        return
    members = _members(item.type)
    if not members or not _may_use(ctx, e, name, members):
        return
    fn = parse_function(ctx, e)
    if fn is None:
        return
    got = _contradicting_use(fn, name, members)
    if got is None:
        return
    line, what, bad, failing = got
    code_line = e.code.split("\n")[line - 1].strip() if line - 1 < len(e.code.split("\n")) else ""
    passed = {list: "a list", tuple: "a tuple", float: "a float", int: "an int", bool: "a bool", str: "a str"}
    kind = passed.get(failing, f"a `{bad}` value")
    shown = item.type.strip().rstrip("\\").strip()  # a type continued on the next line ends in "\\"
    yield ctx.finding(
        seg, PARAM_TYPE_USE,
        f"`{name}` is documented as `{shown}`, but the code {what} before converting it, "
        f"which fails when {kind} is passed",
        evidence=_line_evidence(e, line, code_line, f"the first use of `{name}`"))


# NumPy functions that work element by element: given an array, they return an array
_ELEMENTWISE = frozenset({
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
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _ELEMENTWISE \
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
            elif isinstance(n, (ast.AugAssign, ast.AnnAssign)) and isinstance(n.target, ast.Name) and n.value is not None:
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


def _returns_of(ctx: JudgeContext, seg: Segment) -> tuple[str, Entity] | None:
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
    got = _returns_of(ctx, seg)
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
    arrays = {n for n, t in documented.items() if _members(t) == ("ndarray",)
              and any(p.name == n and not p.annotation for p in e.params)}
    if not arrays:
        return
    fn = parse_function(ctx, e)
    if fn is None:
        return
    for name in arrays:
        if _first_rebinding(fn, name) < 10**9:
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
    used = sorted(n for n in arrays if any(_names_it(v, n) for v in values)) or sorted(arrays)
    yield ctx.finding(
        seg, SCALAR_RETURN_OF_ARRAY,
        f"the return value is documented as `{doc_type}`, but the code computes it element by element "
        f"from `{used[0]}`, documented as `ndarray`: it returns an array",
        evidence=_line_evidence(e, first.lineno, code_line, "the return statement"))


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
        evidence=_line_evidence(e, first.lineno, code_line, "the return statement"))


# documented type word -> the kinds of literal default it rules out (a ``str`` default is left
# out but for ``str`` itself: "auto", "warn" and "deprecated" are sentinels handled elsewhere)
_DEFAULT_CLASHES: dict[str, frozenset[str]] = {
    "ndarray": frozenset({"int", "float", "bool"}),
    "str": frozenset({"int", "float", "bool", "list", "dict", "tuple"}),
    "string": frozenset({"int", "float", "bool", "list", "dict", "tuple"}),
    "int": frozenset({"list", "dict", "tuple"}),
    "integer": frozenset({"list", "dict", "tuple"}),
    "float": frozenset({"list", "dict", "tuple"}),
    "dict": frozenset({"int", "float", "bool", "list", "tuple"}),
    "list": frozenset({"int", "float", "bool", "dict"}),
    "callable": frozenset({"int", "float", "bool", "list", "dict", "tuple"}),
}


# one type word, with "optional" or a default after it: "ndarray, optional", "str, default 'a'"
_ONE_WORD = re.compile(r"^\s*`*[\w.]+`*\s*(?:,\s*(?:optional|default\b.*)|\(default.*\)|\boptional)?\s*$", re.I)


# words of a description that allow a default of that kind beside the documented type
_KIND_WORDS = {k: re.compile(p, re.I) for k, p in {
    "int": r"\b(?:scalars?|numbers?|floats?|ints?|integers?)\b", "float": r"\b(?:scalars?|numbers?|floats?)\b",
    "bool": r"\b(?:bool|boolean|flag)\b", "str": r"\b(?:str|strings?|names?)\b",
    "list": r"\b(?:lists?|sequences?|iterables?|pairs)\b", "tuple": r"\b(?:lists?|tuples?|sequences?|iterables?|pairs)\b",
    "dict": r"\b(?:dicts?|dictionary|mappings?)\b",
}.items()}


# a description that makes a zero default mean "not given"
_ZERO_MEANS_NONE = re.compile(r"\boptional\b|\bnon-?zero\b|\bif\s+(?:given|provided|supplied|set)\b", re.I)


def _literal_kind(text: str) -> str | None:
    """The kind of a literal default as written (``1`` int, ``'a'`` str, ``[]`` list), else None."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    for kind in (bool, int, float, str, list, dict, tuple):
        if type(value) is kind:
            return kind.__name__
    return None


def param_type_default(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A parameter documented with one type (``sigma2 : ndarray, optional``) whose default in the
    signature is a literal of a kind that type rules out (``sigma2=1``)."""
    item = seg.field
    if item is None or item.section not in ("param", "type") or not item.name or not item.type \
            or ctx.doc.kind == "comment" or not ctx.is_python:
        return
    e = _target(ctx)
    name = item.name.strip().lstrip("*")
    param = next((p for p in e.params if p.name == name), None) if e is not None else None
    if e is None or param is None or param.default is None or param.annotation \
            or param.kind in ("self", "vararg", "kwarg"):
        return
    if param.default == "None":
        yield from _filled_count(ctx, seg, e, name, item.type)
        return
    members = _members(item.type)
    if len(members) != 1 or members[0] not in _DEFAULT_CLASHES or not _ONE_WORD.match(item.type):
        return  # "list of float" may take one float too
    kind = _literal_kind(param.default)
    if kind is None or kind not in _DEFAULT_CLASHES[members[0]]:
        return
    if _KIND_WORDS[kind].search(item.description or ""):
        return  # "An OMD, dict, or list of pairs": the description widens the type to the default's kind
    if re.search(rf"(?<![\w.]){re.escape(param.default)}(?![\w.])", item.description or ""):
        return  # "a filename, or False to disable (default)": the description names the default value
    if param.default in ("0", "0.0", "0.") and _ZERO_MEANS_NONE.search(f"{item.type} {item.description or ''}"):
        return  # ``u : ndarray, optional`` "if non-zero, ...": zero is the "not given" value
    owner = ctx.entity if ctx.entity is not None and ctx.entity.kind == "class" else e
    if sentinel_test(name, param.default).search(owner.docless_code or owner.code):
        return  # ``if title == 0:``: a sentinel the body replaces
    if any(_CONVERTING.search(d) for d in e.decorators):
        return
    shown = item.type.strip().rstrip("\\").strip()
    yield ctx.finding(
        seg, PARAM_TYPE_DEFAULT,
        f"`{name}` is documented as `{shown}`, but its default `{param.default}` is {'an' if kind == 'int' else 'a'} "
        f"`{kind}`",
        evidence=ctx.evidence_of(e, "the signature"))


_FLAG_TYPE = re.compile(r"^\s*`*(?:bool|boolean)`*\s*(?:,\s*optional)?\s*$", re.I)
# arithmetic that treats a value as a number, not as a flag
_NUMBER_OPS = (ast.Sub, ast.Div, ast.FloorDiv, ast.Pow, ast.Mod)


def _count(node: ast.AST) -> bool:
    """Whether an expression counts something: ``len(x)``, ``a.size``/``a.ndim`` of a NumPy call,
    ``x.shape[0]``, or one of them passed through ``np.asarray``/``int``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("len", "int") \
            and len(node.args) == 1 and not node.keywords:
        return node.func.id == "len" or _count(node.args[0])
    if isinstance(node, ast.Call) and _numpy_call(node) in ("asarray", "array", "int64", "intp") \
            and len(node.args) == 1 and not node.keywords:
        return _count(node.args[0])
    if isinstance(node, ast.Attribute) and node.attr in ("size", "ndim") and isinstance(node.value, ast.Call):
        return _numpy_call(node.value) is not None
    return isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "shape" \
        and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int)


def _filled_count(ctx: JudgeContext, seg: Segment, e: Entity, name: str, doc_type: str) -> Iterator[Finding]:
    """A parameter documented as a ``bool`` that the body, when it is not given, sets to a count
    (``if n is None: n = len(x)``) and then uses in arithmetic (``n - 1``): it is a number."""
    if not _FLAG_TYPE.match(doc_type) or f"{name} is None" not in e.code:
        return
    fn = parse_function(ctx, e)
    if fn is None:
        return
    fill = None
    for node, _ in body_nodes(fn):
        if isinstance(node, ast.If) and _none_tests(node.test) == [(name, True)]:
            for st in node.body:
                if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) \
                        and st.targets[0].id == name and _count(st.value):
                    fill = st
            break
    if fill is None or _tested_before(fn, name, 10**9):
        return
    use = next((n for n, _ in body_nodes(fn) if isinstance(n, ast.BinOp) and isinstance(n.op, _NUMBER_OPS)
                and n.lineno > fill.lineno
                and any(isinstance(x, ast.Name) and x.id == name for x in (n.left, n.right))), None)
    if use is None or any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
                          and n.lineno != fill.lineno for n in ast.walk(fn)):
        return
    code_line = ast.unparse(fill)
    yield ctx.finding(
        seg, PARAM_TYPE_DEFAULT,
        f"`{name}` is documented as `{doc_type.strip()}`, but when it is not given the code sets it to a count "
        f"(`{code_line}`) and computes `{ast.unparse(use)}` with it: it is a number, not a flag",
        evidence=_line_evidence(e, fill.lineno, code_line, f"the value the body gives a missing `{name}`"))


CHECKS: tuple[Check, ...] = (
    Check(PARAM_TYPE_DEFAULT, param_type_default),
    Check(SCALAR_RETURN_OF_ARRAY, scalar_return_of_array),
    Check(PARAM_TYPE_USE, param_type_use),
)
