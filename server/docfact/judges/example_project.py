"""What a project lets Python example code use: the names its modules may bind, the
attributes its classes have, the signatures its calls bind to.

Each answer errs towards "may exist": a name written anywhere in a module's code, a module that
binds globals in code or star-imports from one that may, a class with a base outside the
project, a metaclass, a class decorator, ``__getattr__``, ``__new__`` or attribute writes by
name all make docfact say it cannot tell.
"""

from __future__ import annotations

import re
from typing import cast

from docfact.judges import world
from docfact.judges.base import JudgeContext
from docfact.judges.gates import word_start_matches
from docfact.judges.member_lookup import class_attributes
from docfact.lang.python.builtins import PY_BUILTIN_NAMES, STDLIB_MODULES
from docfact.model import Entity, FileIndex
from docfact.positions import LineIndex

# members every object, class and exception has (``args``, ``mro``, ``__name__``, ...)
ALWAYS = frozenset(dir(type) + dir(BaseException) + dir(object))
# class decorators that add no attribute and take no argument away from ``__init__``
_PLAIN_CLASS_DECORATORS = frozenset({"final", "total_ordering", "unique", "runtime_checkable"})
# function decorators that keep the signature the ``def`` shows
_PLAIN_FUNCTION_DECORATORS = frozenset({
    "staticmethod", "classmethod", "abstractmethod", "final", "override", "deprecated",
})
_CLASS_SWAP = re.compile(r"\bself\.__class__\s*=(?!=)")
# code that writes a module's globals by name: any name may exist there
_DYNAMIC_MODULE = re.compile(r"\bglobals\(\)|\bsys\.modules\[|\bexec\(|\b__getattr__\b|\blocals\(\)\.update")


def module_may_bind(ctx: JudgeContext, module: str, name: str, depth: int = 0) -> bool:
    """Whether project module ``module`` may bind ``name`` without docfact seeing it: the
    name is written somewhere in its source (a conditional definition, ``__all__``), or
    the module binds names in code or star-imports from a module that may."""
    g = ctx.graph
    path = g.module_path(module)
    fi = g.file(path) if path else None
    if fi is None or world.module_binds(ctx, fi.path, name) is not False or _DYNAMIC_MODULE.search(fi.text):
        return True
    if re.search(rf"\b{re.escape(name)}\b", code_text(ctx, fi)) or depth > 6:
        return True
    _, stars = g.imports_of(fi.path)
    return any(module_may_bind(ctx, g.resolver.absolute(imp, fi), name, depth + 1) for imp in stars)


def code_text(ctx: JudgeContext, fi: FileIndex) -> str:
    """The file's text with its docstrings and comments blanked out: a name its own docs
    mention is not a name it binds."""
    key = ("example-code-text", fi.path, id(fi))
    got = ctx.run_cache.get(key)
    if got is None:
        lines = LineIndex(fi.text)
        chars = list(fi.text)
        for doc in fi.docs:
            start, end = lines.offset(doc.range.start), lines.offset(doc.range.end)
            chars[start:end] = " " * (end - start)
        got = ctx.run_cache[key] = "".join(chars)
    return got


def module_names(ctx: JudgeContext, module: str) -> set[str]:
    g = ctx.graph
    path = g.module_path(module)
    ent = g.module_entity(path) if path else None
    names = {e.name for e in g.children(ent)} if ent is not None else set()
    if path:
        names |= set(g.imports_of(path)[0])
    return names | submodules(ctx, module)


def submodules(ctx: JudgeContext, package: str) -> set[str]:
    key = ("example-submodules", package, len(ctx.graph.files()))
    got = ctx.run_cache.get(key)
    if got is None:
        prefix = package + "."
        got = {f.module[len(prefix):].split(".")[0] for f in ctx.graph.files()
               if f.module.startswith(prefix)}
        ctx.run_cache[key] = got
    return got


# ``import X as name``, where ``import`` starts a word (word_start_matches)
_IMPORT_AS = re.compile(r"import[ \t]+([A-Za-z_][\w.]*)[ \t]+as[ \t]+([A-Za-z_]\w*)")


def _imports_as(text: str) -> list[tuple[str, str]]:
    """The (module, alias) of each ``import X as alias`` in ``text``, in order."""
    return [(m.group(1), m.group(2)) for m in word_start_matches(_IMPORT_AS, text)]


def package_alias(ctx: JudgeContext, name: str) -> str | None:
    """The project module that ``name`` stands for as the project's own import alias: every
    ``import X as name`` the project writes (in code, doctests or example blocks) imports the
    same project module ``X`` (``import geomkit as gk``). None when no such import exists, or
    ``name`` also aliases another module somewhere."""
    key = ("example-package-aliases", id(ctx.graph))
    table = ctx.run_cache.get(key)
    if table is None:
        seen: dict[str, set[str]] = {}
        files: dict[str, int] = {}
        for fi in ctx.graph.files():
            if fi.language != "python" or " as " not in fi.text:
                continue
            pairs = _imports_as(fi.text)
            for module, alias in pairs:
                seen.setdefault(alias, set()).add(module)
            for alias in {alias for _module, alias in pairs}:
                files[alias] = files.get(alias, 0) + 1
        # a convention is written more than once, or names the top package (``import geomkit as
        # gk``); one file's ``import pkg.models.model as model`` leaves ``model`` a reader's variable
        table = ctx.run_cache[key] = {
            alias: next(iter(mods)) for alias, mods in seen.items()
            if len(mods) == 1 and ctx.graph.is_project_module(next(iter(mods)))
            and (files[alias] > 1 or "." not in next(iter(mods)))}
    return _recorded(ctx, name, table.get(name))


def _recorded(ctx: JudgeContext, name: str, got: str | None) -> str | None:
    """Note what an answer drawn from every project file depends on: all files when it names a
    module, the word itself (its appearing anywhere) when it does not."""
    if got is not None:
        ctx.reads_every_word()
    else:
        ctx.is_known(name)
    return got


def unique_submodule(ctx: JudgeContext, name: str) -> str | None:
    """The one project module (outside tests) whose last part is ``name`` (``geo`` for
    ``geomkit.geo``): a reference may write a subpackage path from its short name. None when no
    module or more than one has that name."""
    key = ("example-module-last-names", id(ctx.graph))
    table = ctx.run_cache.get(key)
    if table is None:
        found: dict[str, set[str]] = {}
        for fi in ctx.graph.files():
            if fi.language == "python" and fi.module and "test" not in fi.module:
                found.setdefault(fi.module.rsplit(".", 1)[-1], set()).add(fi.module)
        table = ctx.run_cache[key] = {k: next(iter(v)) for k, v in found.items() if len(v) == 1 and k != "__init__"}
    got = table.get(name)
    return _recorded(ctx, name, got if got is not None and "." in got else None)


# base names that :func:`mro` passes over
_NOT_PROJECT_BASES = frozenset({"object", "Generic", "Protocol", "Exception", "BaseException"})


def mro(ctx: JudgeContext, cls: Entity) -> list[Entity] | None:
    """The class and its project bases (depth first); None when a base is outside the
    project or cannot be told apart from another class of its name."""
    key = ("example-mro", cls.qualname, id(cls))
    if key in ctx.run_cache:
        return cast("list[Entity] | None", ctx.run_cache[key])
    out: list[Entity] | None = [cls]
    stack = [cls]
    seen = {cls.qualname}
    while stack and out is not None:
        cur = stack.pop(0)
        for base in cur.bases:
            simple = base.split("[")[0].strip()
            if simple.split(".")[-1] in _NOT_PROJECT_BASES:
                continue
            found = None
            try:
                found = ctx.graph.resolve(simple, ctx.graph.module_entity(cur.path) or cur)
            except Exception:
                pass
            if found is None or found.entity is None or found.entity.kind != "class":
                out = None
                break
            if found.entity.qualname not in seen:
                seen.add(found.entity.qualname)
                out.append(found.entity)
                stack.append(found.entity)
    ctx.run_cache[key] = out
    return out


def plain_class(ctx: JudgeContext, cls: Entity | None) -> bool:
    """A project class whose attributes and constructor the code shows in full: project
    bases only, no metaclass, no class decorator that adds members, no ``__getattr__``,
    ``__new__``, ``__init_subclass__`` or attribute writes by name (answered once per class
    and run)."""
    if cls is None:
        return False
    key = ("example-plain-class", cls.qualname, id(cls))
    if key not in ctx.run_cache:
        chain = mro(ctx, cls)
        ctx.reads_code_of(*(chain or ()))
        ctx.run_cache[key] = chain is not None and not any(_opaque_class(c) for c in chain)
    return cast("bool", ctx.run_cache[key])


def _opaque_class(cls: Entity) -> bool:
    if "metaclass" in cls.signature:
        return True
    if any(d.split("(")[0].split(".")[-1] not in _PLAIN_CLASS_DECORATORS for d in cls.decorators):
        return True
    code = cls.code
    return any(word in code for word in ("__getattr__", "__getattribute__", "def __new__", "setattr(",
                                         "__dict__", "vars(", "__init_subclass__"))


def class_names(ctx: JudgeContext, cls: Entity) -> set[str] | None:
    """Every attribute name class ``cls`` (with its project bases) may have; None when docfact
    cannot list them. A class that changes ``self.__class__`` (Django's ``OGRGeometry`` becomes
    a ``MultiPoint``) may have the attributes of any of its project subclasses."""
    key = ("example-class-names", cls.qualname, id(cls))
    if key not in ctx.run_cache:
        ctx.run_cache[key] = _class_names(ctx, cls)
    return cast("set[str] | None", ctx.run_cache[key])


def _class_names(ctx: JudgeContext, cls: Entity) -> set[str] | None:
    if not plain_class(ctx, cls):
        return None
    chain = mro(ctx, cls) or []
    ctx.reads_code_of(*chain)
    if not any(_CLASS_SWAP.search(c.code) for c in chain):
        return _own_names(ctx, cls)
    names: set[str] = set()
    for sub in subclasses(ctx, [c for c in chain if _CLASS_SWAP.search(c.code)]):
        got = _own_names(ctx, sub) if plain_class(ctx, sub) else None
        if got is None:
            return None
        names |= got
    return names


def subclasses(ctx: JudgeContext, classes: list[Entity]) -> list[Entity]:
    """Every project class whose project bases include one of ``classes`` (themselves too).

    Only classes that may be one are resolved (:func:`mro`): a class whose base is written with
    the name of a class already in the running, with an import alias, or with a name that is
    no project class's (an assignment, an outside class), in rounds until no class joins."""
    wanted = {c.qualname for c in classes}
    names = {c.name for c in classes}
    class_names = _class_names_of(ctx)
    pending: list[tuple[int, Entity, set[str]]] = []
    for fi in ctx.graph.files():
        aliases: set[str] | None = None
        for e in fi.entities:
            if e.kind != "class" or not (e.bases or e.qualname in wanted):
                continue
            written = [b.split("[")[0].strip().split(".") for b in e.bases]
            parts = {w[-1] for w in written} - _NOT_PROJECT_BASES
            if aliases is None:
                aliases = {i.alias for i in fi.imports if i.alias}
            if any(w[0] in aliases or w[-1] in aliases for w in written):
                parts.add("")  # no class's name: resolved
            if parts or e.qualname in wanted:
                pending.append((len(pending), e, parts))
    maybe: list[tuple[int, Entity]] = []
    grew = True
    while grew:
        grew = False
        rest = []
        for n, e, parts in pending:
            if e.qualname in wanted or parts & names or not parts <= class_names:
                maybe.append((n, e))
                names.add(e.name)
                grew = True
            else:
                rest.append((n, e, parts))
        pending = rest
    out = []
    for _, e in sorted(maybe, key=lambda m: m[0]):
        line = mro(ctx, e)
        if line is not None and any(c.qualname in wanted for c in line):
            out.append(e)
    return out


def _class_names_of(ctx: JudgeContext) -> set[str]:
    """The simple name of every project class (once per run)."""
    key = ("example-class-names-all", len(ctx.graph.files()))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = {e.name for fi in ctx.graph.files() for e in fi.entities if e.kind == "class"}
    return got


def returned_class(ctx: JudgeContext, fn: Entity) -> Entity | None:
    """The project class a function's return annotation names, when the value can be only an
    instance of it: a plain class name (no union, no string, no generic) of a class that no
    project class extends (a subclass instance may have more attributes)."""
    annotation = (fn.returns or "").strip().strip("'\"")  # ``-> "Cart"`` as well
    if not re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*", annotation) or fn.decorators:
        return None
    try:
        found = ctx.graph.resolve(annotation, fn)
    except Exception:
        return None
    cls = found.entity if found is not None and found.kind == "project" and not found.rest else None
    if cls is None or cls.kind != "class" or cls.name in _base_names(ctx):
        return None
    return cls


def _base_names(ctx: JudgeContext) -> set[str]:
    """The simple names of every base class written in the project (once per run)."""
    key = ("example-base-names", len(ctx.graph.files()))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = {b.split("[")[0].split(".")[-1].strip() for fi in ctx.graph.files()
                                    for e in fi.entities if e.kind == "class" for b in e.bases}
    return got


def _own_names(ctx: JudgeContext, cls: Entity) -> set[str] | None:
    names = class_attributes(ctx, cls)
    if names is None:
        return None
    names = set(names)
    for c in mro(ctx, cls) or []:
        names |= set(re.findall(r"\b(?:self|cls)\.([A-Za-z_]\w*)", c.code))
        names |= {m.rsplit(".", 1)[-1] for m in c.members}
        fi = ctx.graph.file(c.path)
        if fi is not None:  # ``Cart.tax = ...`` set from outside the class
            names |= set(re.findall(rf"\b{re.escape(c.name)}\.([A-Za-z_]\w*)", fi.text))
    return names


def member(ctx: JudgeContext, cls: Entity, name: str) -> Entity | None:
    for c in mro(ctx, cls) or []:
        found = ctx.graph.find(c.path, f"{c.local_name}.{name}")
        if found is not None:
            return found
    return None


def signature_of(ctx: JudgeContext, ent: Entity) -> tuple[Entity | None, str]:
    """The function whose signature a call of project function or class ``ent`` binds its
    arguments to, and how to name it; None when a decorator, ``__new__`` or a base outside the
    project may change it."""
    if ent.kind in ("function", "method"):
        if any(d.split("(")[0].split(".")[-1] not in _PLAIN_FUNCTION_DECORATORS for d in ent.decorators):
            return None, ""
        if ent.is_abstract or ent.language != "python":
            return None, ""
        return ent, f"`{ent.name}`"
    if ent.kind == "class" and plain_class(ctx, ent):
        for c in mro(ctx, ent) or []:
            init = ctx.graph.find(c.path, f"{c.local_name}.__init__")
            if init is not None:
                if init.decorators or init.is_abstract:
                    return None, ""
                return init, f"`{ent.name}` (its `__init__`)"
    return None, ""


def outside_package_too(ctx: JudgeContext, head: str) -> bool:
    """Whether ``head``, the short name of a project module (``interfaces/gstools.py``), is also
    a package the project imports from outside (``import gstools``, installed or not): a
    reference may mean either (answered once per run)."""
    if head == ctx.file.module.split(".")[0]:
        return False  # the project's own top-level package
    key = ("outside-package", head)
    if key not in ctx.run_cache:
        ctx.run_cache[key] = any(imp.level == 0 and imp.module.split(".")[0] == head
                                 for fi in ctx.graph.files() for imp in fi.imports) \
            and ctx.graph.module_path(head) is None
    return bool(ctx.run_cache[key])


def through_package(ctx: JudgeContext, target: str) -> tuple[bool, str | None] | None:
    """A target written from the project's import alias of its own package (``gk.area`` where
    the project writes ``import geomkit as gk``) or from a subpackage's short name
    (``geo.distance`` for ``geomkit.geo.distance``), whose head the documented module does not
    bind: (missing, suggestion) when the path leads through project modules to one that is
    closed and does not bind the last name (:func:`docfact.judges.world.module_binds`, no
    mention of the name in its code either); None when docfact cannot tell."""
    parts = target.split(".")
    head = parts[0]
    if head in STDLIB_MODULES or head in PY_BUILTIN_NAMES:
        return None  # ``json.loads``: the standard library's, whatever the project calls a module
    module = package_alias(ctx, head) or unique_submodule(ctx, head)
    if module is None or ctx.entity is None:
        return None  # (what the documented module imports does not matter: the path's modules are checked)
    try:
        if not module.startswith(head) and (ctx.graph.external_exists(head) or outside_package_too(ctx, head)):
            return None  # a package of that name from outside may be meant
    except Exception:
        return None
    try:
        if ctx.graph.resolve(head, ctx.entity) is not None:
            return None  # the module binds the head as something else
    except Exception:
        return None
    for part in parts[1:-1]:  # ``gk.geo.old``: through project submodules only
        if not ctx.graph.is_project_module(f"{module}.{part}"):
            return None
        module = f"{module}.{part}"
    last = parts[-1]
    if len(last) < 3 or module_may_bind(ctx, module, last):
        return None
    names = module_names(ctx, module)
    near = ctx.suggest(last, {n for n in names if not n.startswith("_")}, cutoff=0.8)
    return True, (".".join(parts[:-1]) + "." + near) if near else None
