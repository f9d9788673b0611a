"""Is this world closed? One answer for every rule that fires on an absence.

A rule that reports a name, attribute, parameter, call or raise docfact did *not* find may speak
only when the place it looked in is closed: docfact can list everything that place holds. This
module is the one place that decides that, for the four kinds of place rules look in:

- :func:`module_names_closed` — a module's names (open: a module ``__getattr__``, lazy loading
  through ``lazy_loader`` / ``__getattr__`` + ``__all__``, star imports of modules docfact cannot
  read such as compiled extensions, writes to ``globals()`` / ``sys.modules``);
- :func:`module_binds` — whether a module binds a name: True (in its source or in its ``.pyi``
  stub, read as the interface it is), False (absent and the module is closed), None (open);
- :func:`class_attributes_closed` — a class's attributes (open: an external base, a class
  decorator or metaclass docfact cannot follow, ``__getattr__`` / ``__getattribute__``,
  ``setattr(Class, ...)`` anywhere in the project; for one name also when a subclass or code
  outside the class sets it);
- :func:`signature_closed` — a function's signature (open: a decorator docfact cannot follow may
  replace it, e.g. a deprecation alias that renames arguments);
- :func:`behaviour_closed` — a function's behaviour (open as the signature, and when the code is
  a ``.pyi`` stub, abstract, or a placeholder/dispatcher body that only returns its arguments,
  ``None`` or ``NotImplemented``, or raises ``NotImplementedError``);
- :func:`constructor_fields` — the constructor arguments of a dataclass / attrs class, fields
  of its project base classes included;
- :func:`overload_params` — the parameters of a function's ``@overload`` signatures (each one
  exists);
- :func:`unknown_decorators` — the decorators of an entity docfact cannot follow;
- :func:`doc_convention` — a dotted name the docs of several files use alike (a stand-in the
  project's manual defines).

Every answer is computed from the project's index and graph, once per run (``ctx.run_cache``).
"""

from __future__ import annotations

import ast
import enum
import os
import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext, member_of
from docfact.judges.function_ast import function_ast
from docfact.model import Entity

# decorators of functions and methods that keep the signature and the body docfact reads
KNOWN_FUNCTION_DECORATORS = frozenset({
    "property", "staticmethod", "classmethod", "cached_property", "wraps", "lru_cache", "cache",
    "total_ordering", "singledispatch", "singledispatchmethod", "contextmanager", "asynccontextmanager",
    "abstractmethod", "abstractproperty", "abstractclassmethod", "abstractstaticmethod", "overload",
    "override", "final", "setter", "getter", "deleter", "register", "no_type_check", "dataclass",
    "runtime_checkable", "unique", "typing.overload", "reify", "cachedproperty", "lazy_property",
})
# class decorators that add nothing docfact would have to see (beyond the fields it reads)
KNOWN_CLASS_DECORATORS = frozenset({
    "dataclass", "total_ordering", "final", "unique", "runtime_checkable", "dataclass_transform",
    "define", "frozen", "mutable", "s", "attrs", "deprecated", "public", "export", "register",
    "implementer", "provider", "python_2_unicode_compatible", "override",
})
_DATACLASS = frozenset({"dataclass", "define", "frozen", "mutable", "attrs", "s", "dataclass_transform"})
_PLAIN_METACLASSES = frozenset({"ABCMeta", "type", "EnumMeta", "EnumType"})
_LAZY = re.compile(r"\b(?:lazy_loader|attach_stub|lazy\.attach|LazyModule|LazyLoader|_LazyModule)\b|"
                   r"^(?:[\w \t,]*,[ \t]*)?__getattr__\b[\w \t,]*=(?!=)", re.M)
_COMPILED = (".so", ".pyd", ".pyx", ".pxd", ".dll", ".dylib")
# a project decorator that rewrites the arguments it passes on (a deprecation alias)
_REWRITES_ARGS = re.compile(r"\bkwargs\s*\[|\bkwargs\.(?:pop|get|setdefault|update)\(|\bdel\s+kwargs\b|"
                            r"\bsignature\b|__signature__|deprecat|renam|alias", re.I)


def _last(decorator: str) -> str:
    return decorator.split("(", 1)[0].strip().rsplit(".", 1)[-1]


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
    return False if module_names_closed(ctx, path) else None


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


# ---- classes ----------------------------------------------------------------------------------

def _project_class(ctx: JudgeContext, name: str) -> Entity | None:
    classes = [x for x in ctx.graph.entities_named(name) if x.kind == "class"]
    return classes[0] if len(classes) == 1 else None


def _metaclass(cls: Entity) -> str | None:
    m = re.search(r"\bmetaclass\s*=\s*([\w.]+)", cls.signature)
    return m.group(1).rsplit(".", 1)[-1] if m else None


def _project_scan(ctx: JudgeContext) -> tuple[frozenset[str], frozenset[tuple[str, str]], dict[str, list[Entity]]]:
    """Once per run: the names passed to ``setattr(Name, ...)``, the ``(Owner, attr)`` pairs the
    project assigns as ``Owner.attr = ...`` outside ``self``/``cls``, and each class name's
    project subclasses."""
    key = ("world-project-scan", id(ctx.graph))
    got = ctx.run_cache.get(key)
    if got is not None:
        return got
    setattr_owners: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    subclasses: dict[str, list[Entity]] = {}
    for fi in ctx.graph.files():
        if fi.language != "python":
            continue
        text = fi.text
        if "setattr(" in text:
            setattr_owners.update(m.rsplit(".", 1)[-1] for m in
                                  re.findall(r"\bsetattr\(\s*([A-Za-z_][\w.]*)\s*,", text))
        for owner, attr in re.findall(r"^[ \t]*([A-Za-z_]\w*)\.([A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=(?!=)", text, re.M):
            if owner not in ("self", "cls"):
                pairs.add((owner, attr))
        for e in fi.entities:
            if e.kind == "class":
                for b in e.bases:
                    subclasses.setdefault(b.split("[")[0].rsplit(".", 1)[-1], []).append(e)
    got = ctx.run_cache[key] = (frozenset(setattr_owners), frozenset(pairs), subclasses)
    return got


def class_attributes_closed(ctx: JudgeContext, cls: Entity, name: str | None = None) -> bool:
    """Whether docfact can list every attribute of project class ``cls`` (its project bases
    included): no external base, no class decorator or metaclass it cannot follow, no
    ``__getattr__`` / ``__getattribute__``, and no ``setattr(Class, ...)`` anywhere in the
    project. With ``name``: also open when a project subclass defines ``name`` or code outside
    the class assigns ``Class.name`` (attributes a base documents for its subclasses)."""
    key = ("world-class", cls.qualname, id(cls))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = _class_closed(ctx, cls, 0)
    if not got or name is None:
        return got
    if name in ENUM_API and enum_based(ctx, cls):
        return False  # ``Color.value``: the standard library's enum gives it
    _, pairs, subclasses = _project_scan(ctx)
    if (cls.name, name) in pairs or name in _loose_attributes(ctx, pairs):
        return False
    return not _subclass_defines(ctx, cls, name, subclasses, 0)


def doc_convention(ctx: JudgeContext, name: str, at_least: int = 3) -> bool:
    """Whether the docs of ``at_least`` project files spell the dotted ``name`` (``pkg.text``
    as a type in every module's docstrings): a name the project's documentation defines for
    itself (Sphinx stand-ins declared with ``.. class::`` in its manual), not a slip in one doc;
    never when the project has a class, function or module of that last name.
    Asked only before reporting a name with no near miss; once per run and name."""
    key = ("world-doc-convention", id(ctx.graph), name)
    got = ctx.run_cache.get(key)
    if got is None and any(e.kind in ("class", "function", "method", "module")
                           for e in ctx.graph.entities_named(name.rsplit(".", 1)[-1])):
        # ``pkg.rlm`` beside a real function ``rlm`` elsewhere: a stale path to a real thing,
        # however many files repeat it
        got = ctx.run_cache[key] = False
    if got is None:
        pattern = re.compile(rf"(?<![\w.]){re.escape(name)}(?![\w(])")
        count = 0
        for fi in ctx.graph.files():
            if name in fi.text and pattern.search(fi.text):
                count += 1
                if count >= at_least:
                    break
        got = ctx.run_cache[key] = count >= at_least
    return got


def _loose_attributes(ctx: JudgeContext, pairs: frozenset[tuple[str, str]]) -> frozenset[str]:
    """Attribute names the project sets on values of types docfact does not follow
    (``result.params = ...`` on a local): any class may get them that way."""
    key = ("world-loose-attributes", id(ctx.graph))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = frozenset(a for o, a in pairs if o[:1].islower() or o[:1] == "_")
    return got


def _subclass_defines(ctx: JudgeContext, cls: Entity, name: str, subclasses: dict[str, list[Entity]],
                      depth: int) -> bool:
    from docfact.judges.name_lookup import shown_attributes  # here: name_lookup imports this module

    if depth > 6:
        return False
    for sub in subclasses.get(cls.name, ()):
        if sub is cls:
            continue
        shown = shown_attributes(ctx, sub) or frozenset()
        if name in shown or re.search(rf"\b{re.escape(name)}\b", sub.code) or \
                _subclass_defines(ctx, sub, name, subclasses, depth + 1):
            return True
    return False


# the standard library's enum classes and the names they give every enum (``enum.Enum``'s
# ``name``, ``value``, ``_missing_``, ...; ``int``'s for IntEnum): listed from the enum module
ENUM_BASES = frozenset({"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "ReprEnum"})
ENUM_API = frozenset(n for b in (enum.Enum, enum.IntEnum, enum.Flag, enum.IntFlag, enum.StrEnum)
                     for k in b.__mro__ for n in vars(k))  # ``name`` and ``value`` are in vars(), not dir()


def _stdlib_enum(ctx: JudgeContext, cls: Entity, base: str, simple: str) -> bool:
    """Whether base ``base`` of ``cls`` is one of the standard library's enum classes: by its
    name, and for a dotted base (``_enum.IntEnum``) by the module it resolves to."""
    if simple not in ENUM_BASES:
        return False
    name = base.split("[")[0]
    try:
        r = ctx.graph.resolve(name, cls)
    except Exception:
        r = None
    if r is not None and r.kind != "project":
        return r.qualname.startswith("enum.")  # not ``otherlib.IntEnum``
    return "." not in name


def enum_based(ctx: JudgeContext, cls: Entity, depth: int = 0) -> bool:
    """Whether ``cls`` derives from one of the standard library's enum classes."""
    if depth > 8:
        return True
    for base in cls.bases:
        simple = base.split("[")[0].rsplit(".", 1)[-1]
        parent = _project_class(ctx, simple)
        if parent is cls:
            parent = None  # ``class IntEnum(_enum.IntEnum)``: a project class named after its base
        if (parent is None and _stdlib_enum(ctx, cls, base, simple)) \
                or (parent is not None and enum_based(ctx, parent, depth + 1)):
            return True
    return False


# names a class body binds in ways the class's members do not list: a tuple unpacked into class
# attributes, or the class namespace written as a dict
# (every repetition needs its comma: no two ways to split a name, so no backtracking blow-up)
_UNPACKING = re.compile(r"\(?[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)+[ \t]*,?[ \t]*\)?[ \t]*=(?!=)")
_NAMESPACE_WRITE = re.compile(r"\b(?:locals|vars)\(\s*\)\s*(?:\.update\b|\[)")


def _binds_names_unlisted(code: str) -> bool:
    """Whether a class body (``code`` from its ``class`` line) binds names at its own level in
    ways docfact does not list as members: tuple unpacking, or writing ``locals()``."""
    if "," not in code and "locals" not in code and "vars" not in code:
        return False
    lines = code.replace("\\\n", " ").splitlines()[1:]  # a statement continued with backslashes is one line
    indent = next((len(x) - len(x.lstrip()) for x in lines if x.strip() and not x.lstrip().startswith("#")), 0)
    for line in lines:
        if line.strip() and len(line) - len(line.lstrip()) == indent:
            body = line.lstrip()
            if _UNPACKING.match(body) or _NAMESPACE_WRITE.match(body):
                return True
    return False


def _class_closed(ctx: JudgeContext, cls: Entity, depth: int) -> bool:
    if cls.language != "python":
        return True
    if depth > 8:
        return False
    if any(_last(d) not in KNOWN_CLASS_DECORATORS for d in cls.decorators):
        return False
    meta = _metaclass(cls)
    if meta is not None and meta not in _PLAIN_METACLASSES:
        return False
    members = {m.rsplit(".", 1)[-1] for m in cls.members}
    if members & {"__getattr__", "__getattribute__", "__init_subclass__"}:
        return False
    setattr_owners, _, _ = _project_scan(ctx)
    if cls.name in setattr_owners:
        return False
    if _binds_names_unlisted(cls.code):
        return False  # ``CONNECT, CONNACK = range(2)``, ``locals().update(...)`` in the class body
    fi = ctx.graph.file(cls.path)
    if fi is not None and not cls.parent and any(imp.bound_name == cls.name for imp in fi.imports):
        return False  # a stand-in for an imported class (``try: from lib import Spec`` / ``except: class Spec``)
    for base in cls.bases:
        simple = base.split("[")[0].split("<")[0].rsplit(".", 1)[-1]
        if "=" in base:
            continue  # a keyword of the class statement (``metaclass=``, ``total=False``)
        if simple in ("object", "Exception", "BaseException", "ABC") or simple.startswith(("Generic", "Protocol")):
            continue
        parent = _project_class(ctx, simple)
        if parent is cls:
            parent = None  # ``class IntEnum(_enum.IntEnum)``: the base is the library's class of that name
        if parent is None and _stdlib_enum(ctx, cls, base, simple):
            continue  # the standard library's enum: its own names are ENUM_API (class_attributes_closed)
        if parent is None:
            return False
        if not _class_closed(ctx, parent, depth + 1):
            return False
    return True


# ---- functions --------------------------------------------------------------------------------

def unknown_decorators(ctx: JudgeContext, ent: Entity) -> list[str]:
    """The decorators of ``ent`` docfact cannot follow: neither a known stdlib decorator (nor
    ``x.setter``, ``f.register``) nor a project decorator that passes its arguments on
    untouched through ``functools.wraps``."""
    known = KNOWN_CLASS_DECORATORS if ent.kind == "class" else KNOWN_FUNCTION_DECORATORS
    out = []
    for d in ent.decorators:
        last = _last(d)
        if last in known or (ent.kind == "class" and last in _DATACLASS):
            continue
        if ent.kind != "class" and _followable_project_decorator(ctx, d):
            continue
        out.append(d)
    return out


def _followable_project_decorator(ctx: JudgeContext, decorator: str) -> bool:
    name = _last(decorator)
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
        meta = _metaclass(fn)
        return not unknown_decorators(ctx, fn) and (meta is None or meta in _PLAIN_METACLASSES)
    return not unknown_decorators(ctx, fn)


def _placeholder_body(fn: Entity) -> bool:
    """A body (after its docstring) that only returns its arguments, ``None``, an empty literal
    (``[]``, ``""``) or ``NotImplemented``: a dispatcher stub or a hook for overrides."""
    node = function_ast(fn)
    if node is None:
        return False
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
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
            and signature_closed(ctx, fn) and (fn.kind == "class" or not _placeholder_body(fn))
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
    for impl, _known in _subclass_versions(ctx, cls, method):
        if impl is not None:
            out.update(p.name.lstrip("*") for p in impl.params if p.kind in ("vararg", "kwarg"))
    return out


_SUBCLASS_WALK = 200  # subclasses visited at most; past it the walk gives up (``None`` below)


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
    for impl, ok in _subclass_versions(ctx, cls, method.name):
        known &= ok
        if impl is not None and impl.kind in ("function", "method"):
            found.append(impl)
    return found, known


def _subclass_versions(ctx: JudgeContext, cls: Entity, method: str) -> Iterator[tuple[Entity | None, bool]]:
    """For each project subclass of ``cls`` (at any depth): its own ``method`` (None when it
    defines none) and whether that answer is known (False when its file is not in the graph, or,
    once, when the walk stops after ``_SUBCLASS_WALK`` subclasses)."""
    _, _, subclasses = _project_scan(ctx)
    stack, seen = [cls], {cls.qualname}
    while stack:
        for sub in subclasses.get(stack.pop().name, ()):
            if sub.qualname in seen:
                continue
            if len(seen) >= _SUBCLASS_WALK:
                yield None, False
                return
            seen.add(sub.qualname)
            stack.append(sub)
            sub_fi = ctx.graph.file(sub.path)
            if sub_fi is None:
                yield None, False
            else:
                yield sub_fi.entity(f"{sub.local_name}.{method}"), True


def constructor_fields(ctx: JudgeContext, cls: Entity, depth: int = 0) -> list[str] | None:
    """The constructor arguments of a dataclass or attrs class: its own fields after those of
    its project dataclass bases; None when a base is not one docfact can read."""
    kinds = {_last(d) for d in cls.decorators}
    if not kinds & _DATACLASS or depth > 8:
        return None
    fi = ctx.graph.file(cls.path)
    fields: list[str] = []
    for base in cls.bases:
        simple = base.split("[")[0].rsplit(".", 1)[-1]
        if "=" in base or simple in ("object", "ABC") or simple.startswith(("Generic", "Protocol")):
            continue
        parent = _project_class(ctx, simple)
        if parent is None:
            return None
        inherited = constructor_fields(ctx, parent, depth + 1)
        if inherited is None:
            return None
        fields += [f for f in inherited if f not in fields]
    for m in cls.members:
        ent = fi.entity(m) if fi is not None else None
        if ent is None or ent.kind not in ("function", "method", "class"):
            name = m.rsplit(".", 1)[-1]
            if name not in fields:
                fields.append(name)
    if kinds - {"dataclass"}:  # attrs: the argument of a private field ``_x`` is ``x``
        fields += [f.lstrip("_") for f in fields if f.startswith("_") and not f.startswith("__")]
    return fields


# ---- calls that could come back ----------------------------------------------------------------

# builtins that take ``self`` and call none of its methods that could lead back to the caller
_INERT_WITH_SELF = frozenset({"isinstance", "issubclass", "id", "type", "hash", "super", "callable", "hasattr",
                              "getattr", "setattr", "delattr", "vars", "dir", "object.__setattr__",
                              "object.__getattribute__", "object.__new__", "weakref.ref", "copy.copy"})
_NAME_BUILDERS = frozenset({"getattr", "methodcaller", "attrgetter", "operator.methodcaller", "operator.attrgetter",
                            "__getattribute__", "object.__getattribute__"})


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return None if head is None else f"{head}.{node.attr}"
    return None


def _method_of_own_class(ctx: JudgeContext, fn: Entity, name: str) -> bool:
    if not fn.parent:
        return False
    member = ctx.graph.entity(f"{fn.module}.{fn.parent}.{name}")
    return member is not None and member.kind in ("function", "method")


def may_call_back(ctx: JudgeContext, fn: Entity, same_name: bool = True) -> str | None:
    """Why a call ``fn`` makes could lead back into ``fn`` without docfact seeing it (None when
    its calls are a closed world for that question): it calls a callable taken from a container
    or returned by a call (``RULES[kind](node)``, ``getattr(self, "on_" + tag)(node)``), builds a
    method name at run time (``getattr``/``methodcaller`` with a computed name), calls a method of
    its own name on another object (``child.walk()``, ``self.items[i].walk()``: an instance of the
    same class, or of a type docfact cannot know), or hands itself, a bound method of its class or
    ``self`` to a callee that may call it (``map(Node.total, kids)``, ``lib.rebuild(t, self.prune)``).
    ``same_name=False`` leaves out the method of its own name on another object: a rule that asks
    which calls run (not whether ``fn`` runs again) reads those methods itself."""
    if fn.language != "python":
        return None
    key = ("world-call-back", fn.qualname, id(fn), same_name)
    if key in ctx.run_cache:
        return ctx.run_cache[key]
    tree = function_ast(fn)
    reason: str | None = None if tree is not None else "its code does not parse"
    owner = fn.parent.rsplit(".", 1)[-1] if fn.parent else None
    own_refs = {fn.name, f"self.{fn.name}", f"cls.{fn.name}"} | ({f"{owner}.{fn.name}"} if owner else set())
    for node in ast.walk(tree) if tree is not None else ():
        if reason is not None:
            break
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        callee = _dotted(func)
        if not isinstance(func, (ast.Name, ast.Attribute)):
            reason = "it calls a callable taken from a container or returned by a call"
        elif same_name and isinstance(func, ast.Attribute) and func.attr == fn.name and callee not in own_refs:
            reason = f"it calls `.{fn.name}()` of another object, which may be of its own class"
        elif callee in _NAME_BUILDERS and node.args[1:2] and not (
                isinstance(node.args[1], ast.Constant) and node.args[1].value != fn.name):
            reason = "it looks a method up by a name computed at run time"
        elif callee in ("methodcaller", "attrgetter", "operator.methodcaller", "operator.attrgetter") and node.args \
                and not (isinstance(node.args[0], ast.Constant) and node.args[0].value != fn.name):
            reason = "it looks a method up by a name computed at run time"
        else:
            for arg in (*node.args, *(k.value for k in node.keywords)):
                if isinstance(arg, ast.Starred):
                    arg = arg.value
                text = _dotted(arg)
                if text is None:
                    continue
                if text in own_refs:
                    reason = f"it hands `{text}` to `{callee or 'a callee'}`, which may call it"
                elif text in ("self", "cls") and callee not in _INERT_WITH_SELF:
                    reason = f"it hands `{text}` to `{callee or 'a callee'}`, which may call back"
                elif text.startswith(("self.", "cls.")) and text.count(".") == 1 \
                        and _method_of_own_class(ctx, fn, text.split(".", 1)[1]):
                    reason = f"it hands the bound method `{text}` to `{callee or 'a callee'}`, which may call back"
                if reason is not None:
                    break
    ctx.run_cache[key] = reason
    return reason


def project_decorators(ctx: JudgeContext, fn: Entity) -> list[Entity]:
    """The project functions that decorate ``fn`` (by the decorator's last name), with the
    functions nested in them (the wrapper that replaces ``fn``)."""
    out: list[Entity] = []
    for d in fn.decorators:
        for dec in ctx.graph.entities_named(_last(d)):
            if dec.kind not in ("function", "method") or dec is fn:
                continue
            out.append(dec)
            fi = ctx.graph.file(dec.path)
            if fi is not None:
                out += [x for x in fi.entities if x.local_name.startswith(dec.local_name + ".")
                        and x.kind in ("function", "method")]
    return out


# ---- keywords handed on ------------------------------------------------------------------------

def resolved_entity(ctx: JudgeContext, name: str, scope: Entity | None = None) -> Entity | None:
    """The project entity ``name`` refers to from ``scope`` (the documented entity by default);
    None when it names none or the resolver fails (a resolver problem is not a finding)."""
    scope = scope or ctx.entity
    if scope is None:
        return None
    try:
        got = ctx.graph.resolve(name, scope)
    except Exception:
        return None
    return got.entity if got is not None else None


def keyword_fate(ctx: JudgeContext, fn: Entity, name: str) -> str:
    """What becomes of a keyword ``name`` that reaches ``fn`` through its ``**kwargs``:

    - ``"taken"``: ``fn`` reads that key itself (``kwargs.get("desc")``), or hands its keywords on
      to a call whose parameters include ``name``, take any keyword, or cannot be read (another
      library, a name docfact cannot resolve, ``super()``);
    - ``"refused"``: ``fn`` uses its ``**kwargs`` only to hand them on, and every callee is a
      project function or class whose closed signature lacks ``name`` (calling ``fn`` with it
      raises ``TypeError``);
    - ``"ignored"``: ``fn``'s body never names its ``**kwargs`` (nor reads its frame), its
      signature is the one callers use, it is no stub and no project subclass overrides it: a
      keyword passed there is swallowed unread;
    - ``"kept"``: anything else (the keywords are stored or iterated): docfact cannot tell.
    """
    kwarg = next((p.name.lstrip("*") for p in fn.params if p.kind == "kwarg"), None)
    if kwarg is None:
        return "kept"
    if re.search(rf"\b{re.escape(kwarg)}\s*(?:\[|\.(?:get|pop|setdefault)\()\s*['\"]{re.escape(name)}['\"]", fn.code):
        return "taken"
    node = function_ast(fn)
    if node is None:
        return "taken"
    forwards = uses = 0
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id == kwarg:
            uses += 1
        elif isinstance(n, ast.Call):
            handed = sum(1 for k in n.keywords if k.arg is None and isinstance(k.value, ast.Name) and k.value.id == kwarg)
            if handed and not _callee_refuses(ctx, fn, n, name):
                return "taken"
            forwards += handed
    if uses == 0:
        return "ignored" if _swallows_keywords(ctx, fn, node) else "kept"
    return "refused" if forwards and uses == forwards else "kept"


_READS_FRAME = re.compile(r"\b(?:locals|vars)\(\s*\)|\b_getframe\b|\binspect\.|\bcurrentframe\b")


def _swallows_keywords(ctx: JudgeContext, fn: Entity, node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether keywords that reach ``fn``'s unread ``**kwargs`` are dropped for certain: not a
    stub (an interface documents what implementations take), no decorator or frame reading
    that could use them, and no project subclass with its own version of the method."""
    body = node.body[1:] if node.body and isinstance(node.body[0], ast.Expr) \
        and isinstance(node.body[0].value, ast.Constant) else node.body
    stub = all(isinstance(b, (ast.Pass, ast.Raise)) or (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant))
               for b in body)
    if stub or fn.is_abstract or _placeholder_body(fn) or _READS_FRAME.search(fn.code) or not signature_closed(ctx, fn):
        return False
    cls = ctx.owner_class if ctx.entity is fn or fn.kind == "method" else None
    if fn.kind == "method" and cls is None:
        return False
    return cls is None or (_plain_hierarchy(ctx, cls) and not _overridden_below(ctx, cls, fn.name))


def _plain_hierarchy(ctx: JudgeContext, cls: Entity) -> bool:
    """Whether no metaclass or class decorator of ``cls`` or its bases can see a call's
    arguments before ``__init__`` does: every base is a project class (or ``object``) that
    docfact reads whole, each with a plain metaclass and no decorator it cannot follow."""
    stack, seen = [cls], set()
    while stack:
        c = stack.pop()
        if c.qualname in seen:
            continue
        seen.add(c.qualname)
        if len(seen) > 50 or not signature_closed(ctx, c):
            return False
        for base in c.bases:
            name = base.split("[")[0].rsplit(".", 1)[-1].strip()
            if name in ("object", "ABC", "Generic", "Protocol") or name.startswith("metaclass="):
                continue
            found = _project_class(ctx, name)
            if found is None:
                return False
            stack.append(found)
    return True


def _overridden_below(ctx: JudgeContext, cls: Entity, method: str) -> bool:
    """Whether a project subclass of ``cls`` (at any depth) defines ``method`` itself."""
    return any(impl is not None or not known for impl, known in _subclass_versions(ctx, cls, method))


def _callee_refuses(ctx: JudgeContext, fn: Entity, call: ast.Call, name: str) -> bool:
    """Whether the callee of ``call`` is a project function or class whose closed signature
    takes neither ``name`` nor any keyword."""
    callee = _dotted(call.func)
    if callee is None or callee.startswith(("super", "self.", "cls.")):
        return False  # ``super().__init__(**kw)``, a method of the instance: not followed
    target = resolved_entity(ctx, callee, fn)
    if target is None:
        return False
    if target.kind == "class":
        fi = ctx.graph.file(target.path)
        init = member_of(fi, target, "__init__") if fi is not None else None
        if init is None:
            return False
        target = init
    return target.kind in ("function", "method") and signature_closed(ctx, target) \
        and not any(p.kind == "kwarg" or p.name.lstrip("*") == name for p in target.params)
