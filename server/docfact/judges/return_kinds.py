"""What the code returns, for the C2 return-type rules: the kinds a function's annotation or
its ``return`` statements give (following a call into the project function it calls once),
what a generator gives when done, whether a function is a stub or a plain returner, and where
its ``return`` statement is."""

from __future__ import annotations

import ast
import re

from docfact.judges.annotation_kinds import (
    QUOTES,
    annotated_class_kinds,
    kinds_through_alias,
    object_kinds,
)
from docfact.judges.base import JudgeContext
from docfact.judges.function_ast import shared_function_ast, statements_after_doc
from docfact.judges.types import (
    INSTANCE,
    PLAIN_INSTANCE,
    kinds,
    method_kind,
    return_kind_to_kind,
    split_top,
)
from docfact.judges.world import signature_closed
from docfact.model import Entity, Evidence, Pos, Range


def code_return_type(ctx: JudgeContext, e: Entity) -> tuple[set[str], str] | None:
    """What the code returns, as (kinds, where it comes from); None when unknown."""
    if e.is_generator:
        return _generator_type(e)
    if e.returns and _GENERATOR_ANNOTATION.fullmatch(e.returns.strip()):
        # a stub or abstract method annotated ``Generator[Y, S, R]``: its Returns documents ``R``
        return _generator_type(e)
    if e.returns and e.returns.strip() not in ("", "..."):
        where = "it is declared to return" if e.language == "java" else "it is annotated to return"
        annotated = kinds_through_alias(ctx, e, e.returns)
        source = f"{where} `{e.returns}`"
        if annotated is None and e.language == "python":
            annotated = annotated_class_kinds(ctx, e, e.returns)
            source += ", a class of this project" + (
                " with no container, call or number methods" if annotated == {PLAIN_INSTANCE} else "")
        return (annotated, source) if annotated is not None else None
    if e.is_abstract or is_stub(ctx, e) or not signature_closed(ctx, e) or e.path.endswith(".pyi"):
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


def returns_only_ints(ctx: JudgeContext, e: Entity) -> bool:
    """Whether every ``return`` of ``e`` gives an int (or a bool), as far as docfact can tell."""
    rks = [rk for rk in e.return_kinds if rk != "name:NotImplemented"]
    found = _inferred_kinds(ctx, e, rks, hop=True)
    return bool(found) and found is not None and found <= {"int", "bool"}


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
            ks = callee_kinds(ctx, e, rk[5:])
        if ks is None:
            return None
        found |= ks
    return found


def _self_kinds(ctx: JudgeContext, e: Entity) -> set[str] | None:
    """``return self`` in a method: what an instance of its class is (:func:`object_kinds`)."""
    if e.kind != "method" or "self" in e.assigns or not e.params or e.params[0].kind != "self" \
            or e.params[0].name != "self" or not e.parent or e.language != "python":
        return None
    try:
        cls = ctx.graph.find(e.path, e.parent)
    except Exception:
        return None
    return object_kinds(ctx, cls) if cls is not None and cls.kind == "class" else None


def _parameter_kinds(e: Entity, name: str) -> set[str] | None:
    """A parameter returned as it came in: the kinds of its annotation."""
    if name in e.assigns:
        return None
    for p in e.params:
        if p.name.lstrip("*") == name and p.kind in ("positional", "keyword"):
            return kinds(p.annotation)
    return None


# decorators that leave what a call of the function returns as it is
PLAIN_DECORATORS = frozenset({"staticmethod", "classmethod", "property", "override", "typing.override",
                               "abstractmethod", "abc.abstractmethod", "final", "typing.final"})


def callee_kinds(ctx: JudgeContext, e: Entity, callee: str) -> set[str] | None:
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
        return object_kinds(ctx, target)
    if target.kind not in ("function", "method"):
        return None
    if target.returns:
        return kinds(target.returns)
    if target.is_abstract or not set(target.decorators) <= PLAIN_DECORATORS:
        return None
    if target.is_generator:
        return {"generator"}
    found = _inferred_kinds(ctx, target, [rk for rk in target.return_kinds if rk != "name:NotImplemented"], hop=False)
    if found is not None and "none" in found and callee.split(".", 1)[0] in ("self", "cls", "super()"):
        return None  # a hook that returns nothing until a subclass overrides it
    return found


_GENERATOR_ANNOTATION = re.compile(r"(?:typing\.|collections\.abc\.)?(Async)?Generator\[(.*)\]")


def generator_value(annotation: str) -> str:
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
    if not set(e.decorators) <= PLAIN_DECORATORS:
        return None
    what = "an async generator" if e.is_async else "a generator"
    ann = (e.returns or "").strip()
    if not ann:
        if any(rk != "none" for rk in e.return_kinds):
            return None
        return {"generator", "none"}, f"it contains `yield`: calling it returns {what}"
    if _GENERATOR_ANNOTATION.fullmatch(ann):
        returned = generator_value(ann)
        value = kinds(returned)
        if value is None:
            return None
        return {"generator"} | value, f"it is {what} annotated `{ann}`, which returns `{returned}` when done"
    if kinds(ann) in ({"iterator"}, {"iterable"}, {"generator"}):
        values = [rk for rk in e.return_kinds if rk != "none"]
        if values:
            # ``return "done"`` in the generator: a Returns item documents that value
            got = {return_kind_to_kind(rk) for rk in values}
            if None in got or not set(e.decorators) <= PLAIN_DECORATORS:
                return None
            shown = ", ".join(_pretty_kinds(values))
            return {"generator"} | {k for k in got if k is not None}, \
                f"it is {what} (annotated `{ann.strip(QUOTES)}`) whose `return` gives `{shown}` when done"
        return {"generator", "none"}, \
            f"it contains `yield`: calling it returns {what} (annotated `{ann.strip(QUOTES)}`)"
    return None


def _pretty_kinds(rks: list[str]) -> list[str]:
    out: list[str] = []
    for rk in rks:
        s = rk.replace("call:", "").replace("name:", "") + ("()" if rk.startswith("call:") else "")
        if s not in out:
            out.append(s)
    return out[:5]


def is_stub(ctx: JudgeContext, e: Entity) -> bool:
    """A body that is one ``return``, ``return None``, ``pass``, ``...`` or
    ``NotImplementedError(...)`` (after its docstring): a default that subclasses override, whose
    docs may describe what the overrides return."""
    node = shared_function_ast(ctx, e)
    if node is None:
        return True  # code that does not parse as one Python function: nothing to hold it to
    body = statements_after_doc(node)
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


def plain_returner(e: Entity) -> bool:
    """A plain (not async) Python function whose decorators leave its result alone and that
    defines no ``return`` annotation: its inferred return kinds are all it returns."""
    return e.language == "python" and not e.is_async and not e.is_generator and not e.returns \
        and not e.is_abstract and set(e.decorators) <= PLAIN_DECORATORS


def statement_evidence(e: Entity, keyword: str, description: str) -> Evidence | None:
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
