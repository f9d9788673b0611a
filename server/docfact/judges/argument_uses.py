"""How a function's body uses an argument as passed, read from its AST for the C2 rules that
compare documented parameter types with the code (:mod:`docfact.judges.c2_param_use`,
:mod:`docfact.judges.c2_param_default`, :mod:`docfact.judges.c2_scalar_return`,
:mod:`docfact.judges.c2_shapes`): the documented type's words, where the body binds a name
again, which uses run on every call, and what each documented type lets a caller pass."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import lru_cache

from docfact.judges.base import JudgeContext, member_of
from docfact.judges.function_ast import body_nodes, nodes_under
from docfact.judges.types import MEMORYVIEW, split_union
from docfact.model import Entity, Evidence, Pos, Range

# attributes of NumPy arrays and pandas objects that no list, tuple or Python number has
ARRAY_ATTRS = frozenset({
    "shape", "ndim", "T", "dtype", "reshape", "astype", "ravel", "flatten", "squeeze", "size",
    "std", "var", "mean", "cumsum", "cumprod", "argmax", "argmin", "argsort", "nonzero",
    "transpose", "swapaxes", "iloc", "loc", "values", "columns", "any", "all", "sum", "prod",
    "min", "max", "dot", "tolist", "item", "fill", "clip", "flat", "repeat", "take",
})
# methods a list and an ndarray have but a tuple lacks: ``x.copy()`` on an ``array_like`` or a
# ``sequence`` fails when a tuple is passed
TUPLE_LACKS = frozenset({"copy", "sort"})
_TUPLES_PASS = frozenset({"array_like", "array-like", "arraylike", "sequence"})
# what each documented type word lets a caller pass, as the Python type the body then sees
PASSES: dict[str, type] = {
    "array_like": list, "array-like": list, "arraylike": list, "list": list, "sequence": list,
    "tuple": tuple, "float": float, "int": int, "integer": int, "scalar": float, "number": float,
    "bool": bool, "boolean": bool, "str": str, "string": str,
}
NOT_A_MAPPING = frozenset({"array_like", "array-like", "arraylike", "list", "sequence", "tuple", "ndarray",
                            "float", "int", "integer", "scalar", "number", "bool", "boolean", "str", "string"})
_WORD = re.compile(r"^[`:~\w.-]*?([\w-]+)`?$")
_TEST_CALLS = frozenset({"isinstance", "hasattr", "getattr", "isscalar", "is_scalar", "issparse", "type", "callable",
                         "is_list_like", "ndim", "asarray", "asanyarray", "array", "atleast_1d", "atleast_2d"})
# decorators that may convert the arguments before the body sees them
CONVERTING = re.compile(r"array|convert|coerce|vectori|jit|cast|ensure|dispatch|wraps|validate", re.I)


@lru_cache(maxsize=4096)
def type_words(doc_type: str) -> tuple[str, ...]:
    """The documented type's alternatives as lower-case words (``None`` and ``optional`` dropped);
    empty when an alternative is more than one word (``list of int`` is kept as ``list``)."""
    out = []
    text = re.sub(r",?\s*\boptional\b|\(.*?\)|\bdefault\b.*$|,\s*shape\b.*$", "", doc_type, flags=re.I)
    for part in split_union(text.strip().strip(",")):
        part = part.strip().lower()
        if MEMORYVIEW.search(part):
            out.append("ndarray")  # ``float[:]``: a typed memoryview, an array
            continue
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


def line_evidence(e: Entity, line: int, code_line: str, description: str) -> Evidence:
    """Evidence of one statement of ``e``: ``line`` counts from the first line of its code (1)."""
    at = e.range.start.line + line - 1
    return Evidence(description=description, path=e.path, range=Range(Pos(at, 0), Pos(at, len(code_line))),
                    excerpt=code_line)


def names_it(node: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


def first_rebinding(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> int:
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
        if line < lines.get(name, 10**9) and not fills_none(name, parents):
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


def none_tests(test: ast.AST) -> list[tuple[str, bool]] | None:
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


def fills_none(name: str, parents: list[ast.AST]) -> bool:
    """Whether a binding of ``name`` sits in the body of ``if name is None [and ...]:``."""
    for i, p in enumerate(parents[:-1]):
        if isinstance(p, ast.If) and parents[i + 1] in p.body:
            tests = none_tests(p.test)
            if tests is not None and (name, True) in tests:
                return True
    return False




class _Uses:
    """What the body does with one argument, against the types its documentation lets a caller
    pass."""

    def __init__(self, fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str, members: tuple[str, ...]) -> None:
        self.fn, self.name, self.members = fn, name, members
        self.passes = [(w, PASSES[w]) for w in members if w in PASSES]
        self.params = {a.arg: d for a, d in _defaults(fn.args)}

    def use(self, node: ast.AST) -> tuple[str, str, type] | None:
        """(what the code does, which documented type cannot do it, the type passed for it that
        fails) when ``node`` is such a use."""
        name, passes = self.name, self.passes
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name \
                and node.attr in ARRAY_ATTRS:
            bad = next((w for w, t in passes if not hasattr(t, node.attr)), None)
            if bad is not None:
                return f"reads `{name}.{node.attr}`", bad, PASSES.get(bad, object)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name \
                and node.attr in TUPLE_LACKS:
            bad = next((w for w in self.members if w in _TUPLES_PASS), None)
            if bad is not None:
                return f"calls `{name}.{node.attr}()`", bad, tuple
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name \
                and isinstance(node.ctx, ast.Load):
            if isinstance(node.slice, ast.Tuple):
                bad = next((w for w, t in passes if t in (list, tuple, float, int, bool)), None)
                if bad is not None:
                    return f"indexes `{ast.unparse(node)}` with a tuple", bad, PASSES.get(bad, object)
            else:
                bad = next((w for w, t in passes if t in (float, int, bool)), None)
                if bad is not None:
                    return f"indexes `{ast.unparse(node)}`", bad, PASSES.get(bad, object)
                made = self.index_array(node.slice, node.lineno)
                bad = next((w for w, t in passes if t in (list, tuple)), None)
                if made is not None and bad is not None:
                    return f"indexes `{ast.unparse(node)}` with an array ({made})", bad, PASSES.get(bad, object)
        elif isinstance(node, ast.keyword) and node.arg is None and isinstance(node.value, ast.Name) \
                and node.value.id == name:
            bad = next((w for w in self.members if w in NOT_A_MAPPING), None)
            if bad is not None:
                return f"unpacks `**{name}` as keyword arguments", bad, PASSES.get(bad, object)
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
        tests = none_tests(test)
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
        limit = first_rebinding(self.fn, self.name)
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
        return isinstance(call, ast.Call) and numpy_call(call) in ("nonzero", "where") and len(call.args) == 1
    return isinstance(node, ast.Call) and numpy_call(node) in _INDEX_ARRAYS and bool(node.args)


def numpy_call(node: ast.Call) -> str | None:
    f = node.func
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in ("np", "numpy"):
        return f.attr
    return None


def tested_before(fn: ast.AST, name: str, line: int) -> bool:
    """Whether a call before ``line`` asks what the argument is (``isinstance(x, ...)``,
    ``hasattr(x, ...)``, ``np.isscalar(x)``) or converts it in place of a rebinding."""
    for n in ast.walk(fn):
        if isinstance(n, ast.Call) and getattr(n, "lineno", line) <= line:
            callee = n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", "")
            if callee in _TEST_CALLS and any(names_it(a, name) for a in n.args):
                return True
    return False


def contradicting_use(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str,
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
            limit = first_rebinding(fn, name)
        if line >= limit and not _in_rebinding_value(node, parents, name, limit):
            continue
        if uses.guarded(node, parents) or tested_before(fn, name, line):
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




def judged_function(ctx: JudgeContext) -> Entity | None:
    """The function whose parameters a doc of Python code documents: the function itself, or a
    class's ``__init__``; None when there is none or it is abstract."""
    e = ctx.entity
    if e is None or not ctx.is_python:
        return None
    if e.kind == "class":
        e = member_of(ctx.file, e, "__init__")
    if e is None or e.kind not in ("function", "method") or e.is_abstract:
        return None
    return e

