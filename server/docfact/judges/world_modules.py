"""Is this module closed? The closed-world answers about modules (:mod:`docfact.judges.world`
names them all): whether docfact can list every name a module binds, whether a module binds a
name, and whether the checked tree lacks a project module its own code imports."""

from __future__ import annotations

import os
import re
from typing import cast

from docfact.judges.base import JudgeContext

_LAZY = re.compile(r"\b(?:lazy_loader|attach_stub|lazy\.attach|LazyModule|LazyLoader|_LazyModule)\b|"
                   r"^(?:[\w \t,]*,[ \t]*)?__getattr__\b[\w \t,]*=(?!=)", re.M)
_COMPILED = (".so", ".pyd", ".pyx", ".pxd", ".dll", ".dylib")


# ---- modules ----------------------------------------------------------------------------------

def _module_path(ctx: JudgeContext, module: str) -> str | None:
    if module.endswith((".py", ".pyi")) and ctx.graph.file(module) is not None:
        return module
    return ctx.graph.module_path(module)


def stub_path(ctx: JudgeContext, path: str) -> str | None:
    """The ``.pyi`` twin of project module file ``path`` when the project has one."""
    if path.endswith(".pyi"):
        return None
    twin = os.path.splitext(path)[0] + ".pyi"
    return twin if ctx.graph.file(twin) is not None else None


def module_names_closed(ctx: JudgeContext, module: str) -> bool:
    """Whether docfact can list every name ``module`` (dotted, or a project file path) binds.

    A project module is open when it has a module ``__getattr__`` (defined or assigned, as
    ``lazy_loader.attach`` does), loads lazily, writes ``globals()`` / ``sys.modules``, or
    star-imports a module that is not a closed project module (a compiled extension, another
    package). An external module is closed when its source was found and it has neither a
    module ``__getattr__`` nor star imports. A name of the project's own package that no file
    defines may be compiled: open."""
    key = ("world-module", module)
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = _module_closed(ctx, module, 0)
    return got


def _module_closed(ctx: JudgeContext, module: str, depth: int) -> bool:
    path = _module_path(ctx, module)
    if path is None:
        if module.endswith((".py", ".pyi")) or ctx.graph.is_project_name(module):
            return False  # a compiled module of the project, or a package without files
        return _external_closed(ctx, module)
    fi = ctx.graph.file(path)
    if fi is None or depth > 6:
        return False
    try:
        if ctx.graph.resolver.opaque_module(path):
            return False
    except Exception:
        return False
    if _LAZY.search(fi.text):
        return False
    if fi.module in _written_by_name(ctx):
        return False  # ``setattr(pkg, key, value)`` in some project function: names come at run time
    base = os.path.splitext(path)[0]
    folder = os.path.dirname(path)
    if os.path.basename(base) == "__init__" and _has_compiled(folder):
        return False  # a package with extension modules: a star import or lazy attach may reach them
    _, stars = ctx.graph.imports_of(path)
    for imp in stars:
        try:
            target = ctx.graph.resolver.absolute(imp, fi)
        except Exception:
            return False
        if not _module_closed(ctx, target, depth + 1):
            return False
    return True


# ``setattr(target, name, ...)`` with a name that is not a literal
_SETATTR_BY_NAME = re.compile(r"\bsetattr\(\s*([A-Za-z_][\w.]*)\s*,\s*(?![\"'\s])")


def _written_by_name(ctx: JudgeContext) -> frozenset[str]:
    """The project modules some project code gives attributes by a computed name
    (``import pkg`` ... ``setattr(pkg, key, value)``): their names are not all in their source
    (answered once per run)."""
    key = ("world-modules-written",)
    got = ctx.run_cache.get(key)
    if got is None:
        out: set[str] = set()
        for fi in ctx.graph.files():
            if "setattr(" not in fi.text:
                continue
            bound = {imp.bound_name: imp for imp in fi.imports if imp.name != "*"}
            for target in _SETATTR_BY_NAME.findall(fi.text):
                imp = bound.get(target.split(".")[0])
                if imp is None:
                    continue
                try:
                    module = ctx.graph.resolver.absolute(imp, fi) if imp.level else imp.module
                except Exception:
                    continue
                if imp.name is not None:
                    module = f"{module}.{imp.name}"
                out.add(".".join([module, *target.split(".")[1:]]))
        got = ctx.run_cache[key] = frozenset(out)
    return got


def _has_compiled(folder: str) -> bool:
    try:
        return any(n.endswith(_COMPILED) for n in os.listdir(folder))
    except OSError:
        return False


def _external_closed(ctx: JudgeContext, module: str) -> bool:
    try:
        ext = ctx.graph.externals
        mod = ext._module(module)  # the parsed module, or None when not found
        if mod is None or mod.path is None:
            return False
        if not mod.parsed:
            ext._exists_uncached(f"{module}.__docfact_probe__")
        return not mod.dynamic and not mod.stars
    except Exception:
        return False


def module_binds(ctx: JudgeContext, module: str, name: str) -> bool | None:
    """Whether ``module`` (dotted or a project file path) binds ``name``: True when its source or
    its ``.pyi`` stub binds it, False when it does not and the module is closed, None when docfact
    cannot tell (the module is open or not a project module)."""
    path = _module_path(ctx, module)
    if path is None:
        return None
    for where in (path, stub_path(ctx, path)):
        if where is None:
            continue
        scope = ctx.graph.module_entity(where)
        if scope is None:
            continue
        if ctx.graph.find(where, name) is not None:
            return True
        bound, _ = ctx.graph.imports_of(where)
        if name in bound:
            return True
        try:
            got = ctx.graph.resolve(name, scope)
            if got is not None and got.kind != "builtin":
                return True  # (a builtin is in scope everywhere, but no attribute of the module)
        except Exception:
            return None
        if ctx.graph.is_project_module(f"{ctx.graph.file(where).module}.{name}"):  # type: ignore[union-attr]
            return True
        if name in _exported(ctx, where, 0):
            return True  # listed in ``__all__`` (its own or a star-imported module's): bound where docfact did not look
        if name in assigned_in(ctx, where):
            return True  # ``(\n  rate,\n  rate_spec,\n) = register(...)``: unpacked over several lines
    return False if module_names_closed(ctx, path) else None


# the targets of an assignment as its source writes them: ``a =``, ``a, b =``, ``a: int =``, and a
# parenthesized or bracketed target list, over several lines too (``(\n    a,\n    b,\n) = f()``)
ASSIGNED = re.compile(r"^[ \t]*((?:[\w.]+[ \t]*,[ \t]*)*[\w.]+)[ \t]*(?::[^=\n]*)?=(?!=)", re.M)
# (``(?:,\s*)?``, not ``,?\s*``: two runs of spaces side by side split a long run of blank lines in
# quadratically many ways before the match fails)
ASSIGNED_GROUP = re.compile(r"^[ \t]*[(\[]((?:\s*\*?[\w.]+\s*,)*\s*\*?[\w.]+\s*(?:,\s*)?)[)\]][ \t]*=(?!=)", re.M)


def assigned_names(text: str) -> set[str]:
    """The last part of every name an assignment of ``text`` binds (attribute targets included:
    ``self.x =`` gives ``x``)."""
    names: set[str] = set()
    for rx in (ASSIGNED, ASSIGNED_GROUP):
        for m in rx.finditer(text):
            names.update(p.strip().lstrip("*").rsplit(".", 1)[-1] for p in m.group(1).split(",") if p.strip())
    return names


def assigned_in(ctx: JudgeContext, path: str) -> frozenset[str]:
    """:func:`assigned_names` of the project file ``path`` (once per file and run)."""
    key = ("world-module-assigned", path)
    got = ctx.run_cache.get(key)
    if got is None:
        fi = ctx.graph.file(path)
        got = ctx.run_cache[key] = frozenset(assigned_names(fi.text)) if fi is not None else frozenset()
    return cast("frozenset[str]", got)


# ``__all__ = [...]`` / ``(...)`` / ``+= [...]`` with literal names
_ALL_LIST = re.compile(r"^__all__\s*\+?=\s*[\[(]([^\])]*)[\])]", re.M)
_LISTED = re.compile(r"[\"']([A-Za-z_]\w*)[\"']")


def _exported(ctx: JudgeContext, path: str, depth: int) -> frozenset[str]:
    """The names the literal ``__all__`` of project module ``path`` lists, with those of the
    project modules it star-imports (a star import re-exports them; once per module and run)."""
    key = ("world-module-all", path)
    got = ctx.run_cache.get(key)
    if got is not None:
        return cast("frozenset[str]", got)
    fi = ctx.graph.file(path)
    out: set[str] = set()
    if fi is not None and depth <= 6:
        if "__all__" in fi.text:
            for m in _ALL_LIST.finditer(fi.text):
                out.update(_LISTED.findall(m.group(1)))
        for imp in ctx.graph.imports_of(path)[1]:
            try:
                target = _module_path(ctx, ctx.graph.resolver.absolute(imp, fi))
            except Exception:
                continue
            if target is not None and target != path:
                out |= _exported(ctx, target, depth + 1)
    got = ctx.run_cache[key] = frozenset(out)
    return got


def project_tree_partial(ctx: JudgeContext) -> bool:
    """Whether the project's own code imports a project module the checked tree lacks (``from
    .testing import *`` with no ``testing`` module: a folder left out of the copy, a module
    generated at build time, a compiled extension): then a project module docfact does not
    find may exist all the same (once per run)."""
    key = ("world-tree-partial", id(ctx.graph))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = _finds_missing_module(ctx)
    return got


def _finds_missing_module(ctx: JudgeContext) -> bool:
    g = ctx.graph
    for fi in g.files():
        if fi.language != "python" or not fi.module:
            continue
        package = fi.module if fi.path.endswith("__init__.py") else fi.module.rpartition(".")[0]
        for imp in fi.imports:
            if imp.level:
                base = package.split(".")
                base = base[: len(base) - (imp.level - 1)] if imp.level > 1 else base
                if not imp.module or not base:
                    continue
                target = ".".join([*base, imp.module])
            elif g.is_project_name(imp.module):
                target = imp.module
            else:
                continue
            if not g.is_project_module(target):
                return True
    return False
