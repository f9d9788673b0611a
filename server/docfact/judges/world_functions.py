"""Is this function closed? The closed-world answers about a function's signature and body
(:mod:`docfact.judges.world` names them all): the decorators docfact cannot follow, whether the
signature it reads is the one callers use and whether the body it reads is what runs, and the
parameters that ``@overload`` variants and subclasses' versions take."""

from __future__ import annotations

import ast
import re

from docfact.judges.base import JudgeContext
from docfact.judges.function_ast import shared_function_ast, statements_after_doc
from docfact.judges.world_classes import (
    DATACLASS,
    KNOWN_CLASS_DECORATORS,
    PLAIN_METACLASSES,
    decorator_name,
    metaclass_of,
    subclass_versions,
)
from docfact.model import Entity

# decorators of functions and methods that keep the signature and the body docfact reads
KNOWN_FUNCTION_DECORATORS = frozenset({
    "property", "staticmethod", "classmethod", "cached_property", "wraps", "lru_cache", "cache",
    "total_ordering", "singledispatch", "singledispatchmethod", "contextmanager", "asynccontextmanager",
    "abstractmethod", "abstractproperty", "abstractclassmethod", "abstractstaticmethod", "overload",
    "override", "final", "setter", "getter", "deleter", "register", "no_type_check", "dataclass",
    "runtime_checkable", "unique", "typing.overload", "reify", "cachedproperty", "lazy_property",
})


# a project decorator that rewrites the arguments it passes on (a deprecation alias)
_REWRITES_ARGS = re.compile(r"\bkwargs\s*\[|\bkwargs\.(?:pop|get|setdefault|update)\(|\bdel\s+kwargs\b|"
                            r"\bsignature\b|__signature__|deprecat|renam|alias", re.I)


# ---- functions --------------------------------------------------------------------------------

def unknown_decorators(ctx: JudgeContext, ent: Entity) -> list[str]:
    """The decorators of ``ent`` docfact cannot follow: neither a known stdlib decorator (nor
    ``x.setter``, ``f.register``) nor a project decorator that passes its arguments on
    untouched through ``functools.wraps``."""
    known = KNOWN_CLASS_DECORATORS if ent.kind == "class" else KNOWN_FUNCTION_DECORATORS
    out = []
    for d in ent.decorators:
        last = decorator_name(d)
        if last in known or (ent.kind == "class" and last in DATACLASS):
            continue
        if ent.kind != "class" and _followable_project_decorator(ctx, d):
            continue
        out.append(d)
    return out


def _followable_project_decorator(ctx: JudgeContext, decorator: str) -> bool:
    name = decorator_name(decorator)
    key = ("world-decorator", name)
    got = ctx.run_cache.get(key)
    if got is None:
        funcs = [e for e in ctx.graph.entities_named(name) if e.kind in ("function", "method")]
        got = len(funcs) == 1 and "wraps(" in funcs[0].code and "*args" in funcs[0].code \
            and "**kw" in funcs[0].code and not _REWRITES_ARGS.search(funcs[0].code)
        ctx.run_cache[key] = got
    return got


def signature_closed(ctx: JudgeContext, fn: Entity) -> bool:
    """Whether the signature docfact reads is the one callers use: no decorator docfact cannot
    follow may replace it (for a class: no class decorator or metaclass it cannot follow)."""
    if fn.language != "python":
        return True
    if fn.kind == "class":
        meta = metaclass_of(fn)
        return not unknown_decorators(ctx, fn) and (meta is None or meta in PLAIN_METACLASSES)
    return not unknown_decorators(ctx, fn)


def placeholder_body(ctx: JudgeContext, fn: Entity) -> bool:
    """A body (after its docstring) that only returns its arguments, ``None``, an empty literal
    (``[]``, ``""``) or ``NotImplemented``: a dispatcher stub or a hook for overrides."""
    node = shared_function_ast(ctx, fn)
    if node is None:
        return False
    body = statements_after_doc(node)
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return False
    value = body[0].value
    args = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    if node.args.vararg:
        args.add(node.args.vararg.arg)
    if value is None or (isinstance(value, ast.Constant) and value.value in (None, "", b"")):
        return True
    if (isinstance(value, (ast.List, ast.Tuple, ast.Set)) and not value.elts) \
            or (isinstance(value, ast.Dict) and not value.keys):
        return True  # ``return []``: a hook whose overrides supply the items
    if isinstance(value, ast.Name):
        return value.id in args or value.id == "NotImplemented"
    if isinstance(value, ast.Tuple):
        return all(isinstance(v, ast.Name) and v.id in args for v in value.elts)
    return False


def behaviour_closed(ctx: JudgeContext, fn: Entity) -> bool:
    """Whether the body docfact reads is what runs: the signature is closed, the code is no
    ``.pyi`` stub, not abstract, and not a placeholder that only returns its arguments, ``None``
    or ``NotImplemented``."""
    if fn.language != "python":
        return True
    key = ("world-behaviour", fn.qualname, id(fn))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = not (fn.path.endswith(".pyi") or fn.is_abstract) \
            and signature_closed(ctx, fn) and (fn.kind == "class" or not placeholder_body(ctx, fn))
    return got


def overload_params(ctx: JudgeContext, fn: Entity) -> set[str]:
    """The parameter names of every ``@overload`` variant of ``fn`` (same local name)."""
    out: set[str] = set()
    fi = ctx.graph.file(fn.path)
    if fi is None:
        return out
    for e in fi.entities:
        if e.local_name == fn.local_name and e is not fn:
            out.update(p.name.lstrip("*") for p in e.params)
    return out


def override_params(ctx: JudgeContext, fn: Entity) -> set[str]:
    """The ``*args`` / ``**kwargs`` names that project subclasses' versions of ``fn`` take (for a
    class: their ``__init__``): an interface may document the extra arguments its implementations
    accept. Named parameters do not count: a base that documents one it does not take is stale."""
    cls = ctx.owner_class if ctx.entity is fn else None
    if cls is None and fn.kind == "class":
        cls = fn
    if cls is None or fn.language != "python":
        return set()
    method = "__init__" if fn.kind == "class" else fn.name
    out: set[str] = set()
    for impl, _known in subclass_versions(ctx, cls, method):
        if impl is not None:
            out.update(p.name.lstrip("*") for p in impl.params if p.kind in ("vararg", "kwarg"))
    return out


def overrides_of(ctx: JudgeContext, method: Entity) -> tuple[list[Entity], bool]:
    """The versions of ``method`` that project subclasses of its class define (what
    ``self.method()`` may run), and whether every subclass was read."""
    if method.kind != "method" or not method.parent or method.language != "python":
        return [], True
    cls = ctx.graph.entity(f"{method.module}.{method.parent}")
    if cls is None or cls.kind != "class":
        return [], True
    found: list[Entity] = []
    known = True
    for impl, ok in subclass_versions(ctx, cls, method.name):
        known &= ok
        if impl is not None and impl.kind in ("function", "method"):
            found.append(impl)
    return found, known
