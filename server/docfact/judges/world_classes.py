"""Is this class closed? The closed-world answers about classes (:mod:`docfact.judges.world`
names them all): whether docfact can list every attribute of a project class, whether a class
derives from the standard library's enum, the constructor fields of a dataclass or attrs class,
the versions of a method that project subclasses define, and dotted names the project's docs
use as a convention."""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterator
from typing import cast

from docfact.judges.attribute_lists import only_project_class, shown_attributes, takes_any_names
from docfact.judges.base import JudgeContext, osa_distance
from docfact.model import Entity

# class decorators that add nothing docfact would have to see (beyond the fields it reads)
KNOWN_CLASS_DECORATORS = frozenset({
    "dataclass", "total_ordering", "final", "unique", "runtime_checkable", "dataclass_transform",
    "define", "frozen", "mutable", "s", "attrs", "deprecated", "public", "export", "register",
    "implementer", "provider", "python_2_unicode_compatible", "override",
})
DATACLASS = frozenset({"dataclass", "define", "frozen", "mutable", "attrs", "s", "dataclass_transform"})
PLAIN_METACLASSES = frozenset({"ABCMeta", "type", "EnumMeta", "EnumType"})


def decorator_name(decorator: str) -> str:
    return decorator.split("(", 1)[0].strip().rsplit(".", 1)[-1]


# ---- classes ----------------------------------------------------------------------------------

def metaclass_of(cls: Entity) -> str | None:
    m = re.search(r"\bmetaclass\s*=\s*([\w.]+)", cls.signature)
    return m.group(1).rsplit(".", 1)[-1] if m else None


def _project_scan(ctx: JudgeContext) -> tuple[frozenset[str], frozenset[tuple[str, str]], dict[str, list[Entity]]]:
    """Once per run: the names passed to ``setattr(Name, ...)``, the ``(Owner, attr)`` pairs the
    project assigns as ``Owner.attr = ...`` outside ``self``/``cls``, and each class name's
    project subclasses."""
    key = ("world-project-scan", id(ctx.graph))
    got = ctx.run_cache.get(key)
    if got is not None:
        return cast("tuple[frozenset[str], frozenset[tuple[str, str]], dict[str, list[Entity]]]", got)
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
    ``__getattr__`` / ``__getattribute__``, no ``setattr(Class, ...)`` anywhere in the project
    and no attribute written by a computed name in its own code (``setattr(self, key, v)``).
    With ``name``: also open when a project subclass defines ``name`` or code outside the class
    assigns ``Class.name`` (attributes a base documents for its subclasses)."""
    key = ("world-class", cls.qualname, id(cls))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = _class_closed(ctx, cls, 0)
    if not got or name is None:
        return got
    if name in ENUM_API and enum_based(ctx, cls):
        return False  # ``Color.value``: the standard library's enum gives it
    if name in EXCEPTION_API and exception_based(ctx, cls):
        return False  # ``error.args``: every exception has it
    _, pairs, subclasses = _project_scan(ctx)
    if (cls.name, name) in pairs or name in _loose_attributes(ctx, pairs):
        return False
    return not _subclass_defines(ctx, cls, name, subclasses, 0)


def open_sibling_member(ctx: JudgeContext, name: str, near: str) -> bool:
    """Whether a missing ``name`` that looks like a slip of ``near``, a method of the documented
    class, may be a member the class gets from where docfact cannot read (a compiled base, a
    metaclass): ``transitivity()`` beside ``transitivity_local()`` in a class built on a C base."""
    cls = ctx.owner_class
    if not ctx.is_python or cls is None or osa_distance(name, near, 2) <= 2:
        return False  # a misspelling (``transofrm_params``) is a slip wherever the class gets its members
    # the near name is the class's own method, or is itself defined nowhere docfact reads (used as
    # ``self.transitivity_local()``: a member of the same unreadable base)
    params = {p.name.lstrip("*") for e in (ctx.entity, ctx.file.entity(f"{cls.local_name}.__init__"))
              if e is not None for p in e.params}
    near_member = near in {m.rsplit(".", 1)[-1] for m in cls.members} \
        or (near not in params and not ctx.graph.entities_named(near))
    return near_member and not class_attributes_closed(ctx, cls, name)


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


def subclass_defines(ctx: JudgeContext, cls: Entity, name: str) -> bool:
    """Whether a project subclass of ``cls`` (at any depth) defines ``name`` as a member or sets it
    on ``self`` (``verify`` of ``HindcastEnsemble`` for ``PredictionEnsemble.verify`` named in a
    doc); a subclass that only spells the name, in its docs, does not count."""
    return any(sub is not None and (any(m.rsplit(".", 1)[-1] == name for m in sub.members)
                                    or name in (shown_attributes(ctx, sub) or ()))
               for sub in _subclasses(ctx, cls))


def _subclass_defines(ctx: JudgeContext, cls: Entity, name: str, subclasses: dict[str, list[Entity]],
                      depth: int) -> bool:
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


def enum_based(ctx: JudgeContext, cls: Entity) -> bool:
    """Whether ``cls`` derives from one of the standard library's enum classes."""
    return _derives(ctx, cls, _stdlib_enum)


# what every exception gives its subclasses (``args``, ``with_traceback``, ``__cause__``, ...),
# listed from this interpreter's own BaseException
EXCEPTION_API = frozenset(dir(BaseException))


def exception_based(ctx: JudgeContext, cls: Entity) -> bool:
    """Whether ``cls`` derives from ``Exception`` or ``BaseException`` (through project classes)."""
    return _derives(ctx, cls, lambda _ctx, _cls, _base, simple: simple in ("Exception", "BaseException"))


def _derives(ctx: JudgeContext, cls: Entity, root: Callable[[JudgeContext, Entity, str, str], bool],
             depth: int = 0) -> bool:
    """Whether ``cls`` derives, directly or through project classes, from a class outside the
    project that ``root(ctx, klass, base, simple)`` accepts: ``base`` as ``klass``'s class
    statement writes it, ``simple`` its last name. A project class named after its own base
    (``class IntEnum(_enum.IntEnum)``) is asked of that base; past 8 levels the answer is yes."""
    if depth > 8:
        return True
    for base in cls.bases:
        simple = base.split("[")[0].rsplit(".", 1)[-1]
        parent = only_project_class(ctx, simple)
        if parent is cls:
            parent = None
        if (parent is None and root(ctx, cls, base, simple)) \
                or (parent is not None and _derives(ctx, parent, root, depth + 1)):
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
    if any(decorator_name(d) not in KNOWN_CLASS_DECORATORS for d in cls.decorators):
        return False
    meta = metaclass_of(cls)
    if meta is not None and meta not in PLAIN_METACLASSES:
        return False
    members = {m.rsplit(".", 1)[-1] for m in cls.members}
    if members & {"__getattr__", "__getattribute__", "__init_subclass__"}:
        return False
    setattr_owners, _, _ = _project_scan(ctx)
    if cls.name in setattr_owners:
        return False
    if takes_any_names(cls):
        return False  # ``setattr(self, key, value)`` over the caller's names, ``self.__dict__.update(kw)``
    if _binds_names_unlisted(cls.code):
        return False  # ``CONNECT, CONNACK = range(2)``, ``locals().update(...)`` in the class body
    fi = ctx.graph.file(cls.path)
    if fi is not None and not cls.parent and any(imp.bound_name == cls.name for imp in fi.imports):
        return False  # a stand-in for an imported class (``try: from lib import Spec`` / ``except: class Spec``)
    return _bases_closed(ctx, cls, depth)


def _bases_closed(ctx: JudgeContext, cls: Entity, depth: int) -> bool:
    """Whether every base of ``cls`` is a closed project class or the standard library's enum."""
    for base in cls.bases:
        simple = base.split("[")[0].split("<")[0].rsplit(".", 1)[-1]
        if "=" in base:
            continue  # a keyword of the class statement (``metaclass=``, ``total=False``)
        if simple in ("object", "Exception", "BaseException", "ABC") or simple.startswith(("Generic", "Protocol")):
            continue
        parent = only_project_class(ctx, simple)
        if parent is cls:
            parent = None  # ``class IntEnum(_enum.IntEnum)``: the base is the library's class of that name
        if parent is None and _stdlib_enum(ctx, cls, base, simple):
            continue  # the standard library's enum: its own names are ENUM_API (class_attributes_closed)
        if parent is None:
            return False
        if not _class_closed(ctx, parent, depth + 1):
            return False
    return True


_SUBCLASS_WALK = 200  # subclasses visited at most; past it the walk gives up (``None`` below)


def subclass_versions(ctx: JudgeContext, cls: Entity, method: str) -> Iterator[tuple[Entity | None, bool]]:
    """For each project subclass of ``cls`` (at any depth): its own ``method`` (None when it
    defines none) and whether that answer is known (False when its file is not in the graph, or,
    once, when the walk stops after ``_SUBCLASS_WALK`` subclasses)."""
    for sub in _subclasses(ctx, cls):
        sub_fi = ctx.graph.file(sub.path) if sub is not None else None
        if sub is None or sub_fi is None:
            yield None, False
        else:
            yield sub_fi.entity(f"{sub.local_name}.{method}"), True


def _subclasses(ctx: JudgeContext, cls: Entity) -> Iterator[Entity | None]:
    """Each project subclass of ``cls`` at any depth, once; None, last, when the walk stops after
    ``_SUBCLASS_WALK`` subclasses."""
    _, _, subclasses = _project_scan(ctx)
    stack, seen = [cls], {cls.qualname}
    while stack:
        for sub in subclasses.get(stack.pop().name, ()):
            if sub.qualname in seen:
                continue
            if len(seen) >= _SUBCLASS_WALK:
                yield None
                return
            seen.add(sub.qualname)
            stack.append(sub)
            yield sub


def constructor_fields(ctx: JudgeContext, cls: Entity, depth: int = 0) -> list[str] | None:
    """The constructor arguments of a dataclass or attrs class: its own fields after those of
    its project dataclass bases; None when a base is not one docfact can read."""
    kinds = {decorator_name(d) for d in cls.decorators}
    if not kinds & DATACLASS or depth > 8:
        return None
    fi = ctx.graph.file(cls.path)
    fields: list[str] = []
    for base in cls.bases:
        simple = base.split("[")[0].rsplit(".", 1)[-1]
        if "=" in base or simple in ("object", "ABC") or simple.startswith(("Generic", "Protocol")):
            continue
        parent = only_project_class(ctx, simple)
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
