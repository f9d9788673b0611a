"""A Python function's body as a syntax tree, for the rules that read what the code does with a
value (how a parameter is used, what a function returns or yields, whether a default is replaced).

Parsed once per function and judging context (``ctx.memo``); nested functions, classes and lambdas
are skipped by the walks, since their bodies run at another time.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator
from typing import cast

from docfact.judges.base import JudgeContext
from docfact.model import Entity


def function_ast(fn: Entity) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The syntax tree of Python function ``fn`` (None when its code does not parse as one
    function), parsed anew: callers that ask often go through :func:`parse_function`."""
    if fn.language != "python":
        return None
    try:
        node = ast.parse(textwrap.dedent(" " * fn.range.start.col + fn.code)).body[0]
    except (SyntaxError, IndexError, ValueError):
        return None
    return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def shared_function_ast(ctx: JudgeContext, fn: Entity) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """:func:`function_ast` of ``fn``, kept until another function is asked for: the rules that
    ask of one function in turn (is it a stub, a placeholder, does it call itself back) share
    one parse, and the file's judging holds one tree at a time (in ``ctx.file_cache``, a plain
    dict: the parse reads nothing but ``fn``'s code, no lookup to record)."""
    key = ("function-ast-last",)
    last = ctx.file_cache.get(key)
    if last is not None and last[0] is fn:
        return cast("ast.FunctionDef | ast.AsyncFunctionDef | None", last[1])
    node = function_ast(fn)
    ctx.file_cache[key] = (fn, node)
    return node


def statements_after_doc(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
    """The statements of ``fn``'s body after its docstring (all of them when it has none)."""
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[1:]
    return body


def parse_function(ctx: JudgeContext, e: Entity) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """:func:`function_ast` of ``e``, parsed once per judging context."""
    key = ("param-use-ast", e.local_name)
    if key not in ctx.memo:
        ctx.memo[key] = shared_function_ast(ctx, e)
    return cast("ast.FunctionDef | ast.AsyncFunctionDef | None", ctx.memo[key])


def body_nodes(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[ast.AST, list[ast.AST]]]:
    """Every node of the body (nested functions and classes aside) with its ancestors."""
    yield from nodes_under(fn.body, [fn])


def nodes_under(stmts: list[ast.stmt], parents: list[ast.AST]) -> Iterator[tuple[ast.AST, list[ast.AST]]]:
    """Every node under ``stmts`` (nested functions, classes and lambdas aside) with its
    ancestors, ``parents`` first."""
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(s, parents) for s in reversed(stmts)]
    while stack:
        node, above = stack.pop()
        yield node, above
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        for child in reversed(list(ast.iter_child_nodes(node))):
            stack.append((child, [*above, node]))
