"""The kinds an annotation stands for, through the project's type aliases and classes: what an
instance of a project class is (a container, a callable, a number, an awaitable or a plain
object), read from its bases and the protocol methods it defines. The C2 type rules compare
these kinds with the documented ones (:mod:`docfact.judges.types`)."""

from __future__ import annotations

import re

from docfact.judges.base import JudgeContext
from docfact.judges.types import INSTANCE, PLAIN_INSTANCE, accepts, kinds, split_union
from docfact.model import Entity

_ALIAS_HEAD = re.compile(r"\s*[\"']?([A-Za-z_]\w*)")


def kinds_through_alias(ctx: JudgeContext, e: Entity, annotation: str) -> set[str] | None:
    """The kinds of a Python annotation as its module reads it: a name the project binds as a type
    alias (``Array = NDArray[Any]``) stands for its value, read one step; None when the alias's
    value cannot be read (an alias is never taken for the builtin or library type it shadows)."""
    if e.language != "python":
        return kinds(annotation)
    m = _ALIAS_HEAD.match(annotation)
    if m is None or m.group(1) in ("None", "str", "int", "float", "bool", "bytes", "list", "dict", "tuple", "set"):
        return kinds(annotation)
    try:
        r = ctx.graph.resolve(m.group(1), e)
    except Exception:
        return None
    target = r.entity if r is not None and r.kind == "project" and not r.rest else None
    if target is None or target.kind not in ("variable", "field"):
        return kinds(annotation)
    value = re.split(r"=", target.code, maxsplit=1)
    if len(value) != 2 or annotation.strip() != m.group(1):
        return None  # ``Array[int]`` of a generic alias, or an alias written in a way not read here
    return kinds(value[1].strip())


def annotation_kinds(ctx: JudgeContext, e: Entity, annotation: str) -> set[str] | None:
    """The kinds of a Python annotation whose alternatives are builtin types or project classes
    (``str | SessionRunner``); None when one is unknown."""
    found: set[str] = set()
    for alt in split_union(annotation.strip().strip(QUOTES)):
        k = kinds(alt)
        if k is None:
            k = annotated_class_kinds(ctx, e, alt)
        if k is None:
            return None
        found |= k
    return found


def excluded_alternatives(doc: set[str] | None, code: set[str] | None) -> list[str]:
    """The documented alternatives no annotated alternative admits (``Callable`` of
    ``Union[str, Callable]`` against ``str | SessionRunner``); never ``None`` (an old-style
    ``x: int = None`` means Optional)."""
    if doc is None or code is None or len(doc - {"none"}) < 2:
        return []
    return sorted(d for d in doc - {"none"} if not any(accepts(c, d) or accepts(d, c) for c in code))


_BUILTIN_BASES = {"dict": "dict", "OrderedDict": "dict", "defaultdict": "dict", "list": "list",
                  "str": "str", "bytes": "bytes", "bytearray": "bytes", "set": "set", "frozenset": "set",
                  "tuple": "tuple", "int": "int", "float": "float"}


_PLAIN_CLASS_DECORATORS = ("dataclass", "dataclasses.dataclass", "total_ordering", "functools.total_ordering",
                            "attr.s", "attr.attrs", "attrs.define", "attrs.frozen", "attr.define", "define",
                            "frozen", "final", "typing.final")


def _instance_kinds(ctx: JudgeContext, cls: Entity, depth: int) -> set[str] | None:
    """What an instance of a project class is: ``class Headers(dict)`` gives dicts; a class
    whose every ancestor is a project class (or ``object``) and that defines no ``__new__``
    gives plain objects; anything else (an external base, a metaclass) is unknown."""
    ctx.reads_code_of(cls)  # its members, bases and decorators
    if depth > 8 or f"{cls.local_name}.__new__" in cls.members or METACLASS.search(cls.signature):
        return None
    if any(not d.startswith(_PLAIN_CLASS_DECORATORS) for d in cls.decorators):
        return None  # ``@add_metaclass(M)``, ``@singleton``: the call may not build an instance
    found: set[str] = set()
    for base in cls.bases:
        if base in ("object", "ABC", "abc.ABC") or base.startswith(("Generic[", "typing.Generic[")):
            continue
        builtin = _BUILTIN_BASES.get(base.removeprefix("collections.").removeprefix("builtins."))
        if builtin is not None:
            found.add(builtin)
            continue
        parent = project_class(ctx, base, cls)
        if parent is None:
            return None
        inherited = _instance_kinds(ctx, parent, depth + 1)
        if inherited is None:
            return None
        found |= inherited
    if found != {INSTANCE}:
        found.discard(INSTANCE)  # a subclass of a project dict subclass is a dict
    return (found or {INSTANCE}) if len(found) <= 1 else None


# a metaclass other than ``ABCMeta`` may make a call of the class return anything
METACLASS = re.compile(r"\bmetaclass\s*=\s*(?!(?:abc\.)?ABCMeta\b)")
GENERIC_ARGS = re.compile(r"\[.*\]$", re.S)


def project_class(ctx: JudgeContext, spelling: str, at: Entity) -> Entity | None:
    """The project class a base or an annotation names (``Listener[T]`` is ``Listener``)."""
    name = GENERIC_ARGS.sub("", spelling.strip().strip(QUOTES)).strip()
    if not re.fullmatch(r"[A-Za-z_][\w.]*", name):
        return None
    found = ctx.graph.project_entity(name, at)
    return found if found is not None and found.kind == "class" else None


# methods that let an object pass for a container, an iterator, a function, a path, an array or
# a number, or answer any attribute
_PROTOCOL_METHODS = ("__iter__", "__getitem__", "__len__", "__contains__", "__next__", "__aiter__", "__anext__",
                     "__call__", "__fspath__", "__array__", "__getattr__", "__getattribute__", "__add__", "__radd__",
                     "__mul__", "__float__", "__int__", "__index__", "__complex__")


def object_kinds(ctx: JudgeContext, cls: Entity) -> set[str] | None:
    """What an instance of a project class is (:func:`_instance_kinds`); a plain object when
    neither the class nor an ancestor defines a protocol method."""
    if _awaitable(ctx, cls, 0):
        return None  # ``await qs.contains(x)`` gives a bool: the docs may describe the awaited value
    found = _instance_kinds(ctx, cls, 0)
    if found == {INSTANCE} and _protocol_free(ctx, cls, 0):
        return {PLAIN_INSTANCE}
    return found


def _awaitable(ctx: JudgeContext, cls: Entity, depth: int) -> bool:
    """Whether the class or a project ancestor defines ``__await__``."""
    if depth > 8:
        return False
    if f"{cls.local_name}.__await__" in cls.members:
        return True
    return any(parent is not None and _awaitable(ctx, parent, depth + 1)
               for parent in (project_class(ctx, base, cls) for base in cls.bases))


def _protocol_free(ctx: JudgeContext, cls: Entity, depth: int) -> bool:
    ctx.reads_code_of(cls)
    if depth > 8 or any(f"{cls.local_name}.{m}" in cls.members for m in _PROTOCOL_METHODS):
        return False
    for base in cls.bases:
        if base in ("object", "ABC", "abc.ABC") or base.startswith(("Generic[", "typing.Generic[")):
            continue
        parent = project_class(ctx, base, cls)
        if parent is None or not _protocol_free(ctx, parent, depth + 1):
            return False
    return True


def annotated_class_kinds(ctx: JudgeContext, e: Entity, annotation: str) -> set[str] | None:
    """The kinds of a return annotation that names one project class (``-> MultiListener[T]``)."""
    cls = project_class(ctx, annotation, e)
    return object_kinds(ctx, cls) if cls is not None else None


QUOTES = "\"'"
