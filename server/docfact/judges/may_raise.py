"""What a function may raise, for C3.raises-not-raised (:mod:`docfact.judges.c3_raises`): its
own raises and its 1-hop project callees' (:func:`raised_names`), what ordinary operations raise
without a raise statement (:func:`implicit_raises`), the Python and Java exception hierarchies
(:func:`covers`, :func:`project_bases`), and the walk a few hops deep through decorators and
chains of project calls (:func:`deep_raises`) that runs only before a finding is reported."""

from __future__ import annotations

import builtins
import re
from typing import TYPE_CHECKING, cast

from docfact.judges import world
from docfact.judges.base import JudgeContext
from docfact.lang.java import jdk_exceptions
from docfact.model import Entity

if TYPE_CHECKING:
    from docfact.graph.resolve import Resolved

_BY_CALL = {
    "int": {"ValueError", "TypeError"}, "float": {"ValueError", "TypeError"},
    "open": {"OSError", "IOError", "FileNotFoundError", "PermissionError", "IsADirectoryError", "UnicodeDecodeError"},
    "next": {"StopIteration"}, "getattr": {"AttributeError"}, "iter": {"TypeError"},
    # builtins that refuse arguments of the wrong type or value: ``str(b, "utf-8")`` raises a
    # TypeError when ``b`` is already text, and a UnicodeDecodeError on bad bytes
    "str": {"TypeError", "UnicodeDecodeError", "UnicodeError", "ValueError"},
    "bytes": {"TypeError", "UnicodeEncodeError", "UnicodeError", "ValueError"},
    "bytearray": {"TypeError", "UnicodeEncodeError", "UnicodeError", "ValueError"},
    "complex": {"ValueError", "TypeError"}, "chr": {"ValueError", "TypeError", "OverflowError"},
    "ord": {"TypeError"}, "len": {"TypeError"}, "hash": {"TypeError"}, "sorted": {"TypeError"},
    "dict": {"TypeError", "ValueError"},
    "Integer.parseInt": {"NumberFormatException"}, "Long.parseLong": {"NumberFormatException"},
    "Double.parseDouble": {"NumberFormatException"},
}

_CONVERTER_PASSED = re.compile(r"\b(?:map|starmap)\(\s*(int|float)\s*,|\bkey\s*=\s*(int|float)\b")
# calls that run code docfact cannot see, which may raise anything
_RUNS_ANY_CODE = frozenset({"eval", "exec", "__import__", "importlib.import_module", "runpy.run_path"})


def _builtin_exc(name: str) -> type[BaseException] | None:
    obj = getattr(builtins, name, None)
    return obj if isinstance(obj, type) and issubclass(obj, BaseException) else None


def covers(documented: str, raised: str) -> bool:
    """Whether raising ``raised`` makes "raises ``documented``" true: the same class or a
    subclass of it (builtins). Raising ``LookupError`` does not make "raises KeyError" true."""
    if documented == raised:
        return True
    cd, cr = _builtin_exc(documented), _builtin_exc(raised)
    if cd is not None and cr is not None:
        return issubclass(cr, cd)
    return _jdk_subclass(raised, documented)


def _jdk_subclass(sub: str, sup: str) -> bool:
    """Whether every JDK exception class named ``sub`` descends from one named ``sup``
    (``FileNotFoundException`` from ``IOException``)."""
    parents = jdk_exceptions.superclasses()
    found = jdk_exceptions.by_simple_name().get(sub, ())
    for q in found:
        cur: str | None = q
        while cur is not None and cur.rsplit(".", 1)[-1] != sup:
            cur = parents.get(cur)
        if cur is None:
            return False
    return bool(found)


def project_bases(ctx: JudgeContext, name: str, depth: int = 0) -> set[str]:
    """Names of the project exception class and its ancestors (by simple name)."""
    out = {name}
    if depth > 5:
        return out
    for ent in ctx.graph.entities_named(name) if hasattr(ctx.graph, "entities_named") else []:
        if ent.kind == "class":
            for base in ent.bases:
                simple = base.split(".")[-1].split("[")[0].split("<")[0]
                out |= project_bases(ctx, simple, depth + 1)
    return out


def implicit_raises(e: Entity) -> tuple[set[str], bool]:
    """What ``e`` raises without a raise statement (``int(x)`` a ValueError, ``d[k]`` a
    KeyError), and whether it runs code docfact cannot see (``eval``)."""
    raised = {x for c in e.calls for x in _BY_CALL.get(c, ())}
    if e.language == "python" and ("int" in e.code or "float" in e.code):
        # a converter handed over to be called (``map(int, parts)``, ``key=float``)
        for m in _CONVERTER_PASSED.finditer(e.code):
            raised |= _BY_CALL[m.group(1) or m.group(2)]
    if e.has_subscript:
        raised |= {"KeyError", "IndexError", "LookupError", "TypeError"}
    if e.language == "python" and _divides(e):
        raised |= {"ZeroDivisionError", "ArithmeticError"}
    return raised, any(c in _RUNS_ANY_CODE for c in e.calls)


_STRING_OR_COMMENT = re.compile(r"#[^\n]*|(?:'{3}|\"{3}).*?(?:'{3}|\"{3})|'[^'\n]*'|\"[^\"\n]*\"", re.S)
_DIVISION = re.compile(r"(?<![/*])/{1,2}(?![/*])|%(?!\()")


def _divides(e: Entity) -> bool:
    """Whether the code divides (``a / b``, ``a // b``, ``a % b``): a ZeroDivisionError may come
    out of it without a raise statement."""
    code = e.docless_code or e.code
    if "/" not in code and "%" not in code:
        return False
    return _DIVISION.search(_STRING_OR_COMMENT.sub("", code)) is not None


def raised_names(ctx: JudgeContext, e: Entity) -> tuple[set[str], bool]:
    """Exceptions raised by the code and its 1-hop project callees; second: anything unknown may raise."""
    raised = {r.split(".")[-1] for r in e.raises}
    uncertain = e.has_bare_raise
    for dep in ctx.related_entities:
        if dep.kind in ("function", "method"):
            raised |= {r.split(".")[-1] for r in dep.raises}
            uncertain |= dep.has_bare_raise
        elif dep.kind == "class":
            # an instance may raise from any of its methods (validators raise in __call__)
            for member in dep.members:
                m = ctx.graph.entity(f"{dep.module}.{member}")
                if m is not None:
                    raised |= {r.split(".")[-1] for r in m.raises}
                    uncertain |= m.has_bare_raise
    deps = [e, *ctx.related_entities]
    for dep in ctx.related_entities:
        if dep.kind == "class":
            deps += [m for m in (ctx.graph.entity(f"{dep.module}.{x}") for x in dep.members) if m is not None]
    for ent in deps:
        if calls_a_callable_value(ctx, ent):
            uncertain = True  # a callback or a stored validator may raise anything
    implicit, runs_any = implicit_raises(e)
    raised |= implicit
    uncertain |= runs_any
    if re.search(r"^\s*[\w.]+\s*,\s*[\w.*]+(?:\s*,\s*[\w.*]+)*\s*=(?!=)", e.code, re.M):
        raised |= {"ValueError"}  # tuple unpacking raises it when the counts differ
    if overridden(ctx, e):
        uncertain = True  # a base method documents the contract its overrides implement
    if e.attributes:
        raised |= {"AttributeError"}
    return raised, uncertain



_DEEP_HOPS = 4
_DEEP_LIMIT = 300
_DEEP_CANDIDATES = 12
_CONSTRUCTION = ("__init__", "__new__", "__post_init__")


def deep_raises(ctx: JudgeContext, e: Entity) -> tuple[set[str], bool, bool]:
    """What ``e`` may raise through its decorators and chains of project calls, a few hops
    deep: the exceptions (simple names), whether some function on the way may raise anything
    (a bare ``raise``, a call of a callable value, too many candidates), and whether one calls
    an external.

    A method called on an attribute or a local whose type docfact cannot follow
    (``self._lock.acquire_nowait()``), or a project name whose definition it cannot find, may
    be any project function of that name. A decorator counts with the functions nested in it
    (``@not_implemented_for("directed")`` raises from its wrapper). Only run when a finding is
    about to be reported: the 1-hop answer is the common, cheap case."""
    key = ("deep-raises", id(e))  # Java overloads share a qualified name
    hit = ctx.file_cache.get(key)
    if hit is not None:
        return cast("tuple[set[str], bool, bool]", hit)
    walk = _DeepWalk(ctx, e)
    walk.run(e)
    out = ctx.file_cache[key] = (walk.raised, walk.uncertain, walk.external)
    return out


class _DeepWalk:
    """One walk of :func:`deep_raises` from one entity: what the functions reached so far
    raise, whether one may raise anything, and whether one calls an external."""

    def __init__(self, ctx: JudgeContext, e: Entity) -> None:
        from docfact.graph.resolve import ResolveCache

        self.ctx = ctx
        self.graph = ctx.graph
        self.cache = ResolveCache()
        self.raised: set[str] = set()
        self.uncertain = self.external = False
        self.seen = {id(e)}
        # an object built on the way and handed back: its methods run later, in the caller's hands
        self.hands_back = returns_an_object(e)

    def run(self, e: Entity) -> None:
        """Follow the calls (and, from ``e`` itself, the decorators) hop by hop, until nothing
        new is reached, :data:`_DEEP_HOPS` hops are done, or anything may be raised."""
        frontier = [e]
        for hop in range(_DEEP_HOPS):
            nxt: list[Entity] = []
            for ent in frontier:
                names = [(c, False) for c in ent.calls]
                if hop == 0:
                    names += [(d, True) for d in ent.decorators]
                for name, decorator in names:
                    for t in self.targets_of(name, ent, decorator):
                        if id(t) in self.seen:
                            continue
                        self.seen.add(id(t))
                        self._take(t)
                        nxt.append(t)
                self.uncertain |= len(self.seen) > _DEEP_LIMIT
                if self.uncertain:
                    break
            if self.uncertain or not nxt:
                break
            frontier = nxt

    def _take(self, t: Entity) -> None:
        """Add what the function ``t``, newly reached, raises."""
        ctx = self.ctx
        implicit, runs_any = implicit_raises(t)
        if not world.behaviour_closed(ctx, t):
            # a protocol's, an abstract or a stub's method: what runs is an
            # implementation docfact may not see, and it may raise the project's errors
            self.external = True
            self.uncertain |= t.is_abstract or t.path.endswith(".pyi") or protocol_method(ctx, t)
        self.raised |= {x.split(".")[-1] for x in t.raises} | implicit
        self.uncertain |= t.has_bare_raise or calls_a_callable_value(ctx, t) or runs_any

    def targets_of(self, name: str, ent: Entity, decorator: bool) -> list[Entity]:
        """The project functions that calling (or decorating with) ``name`` in ``ent`` may run."""
        try:
            r = self.graph.resolver.resolve(name, ent, self.cache)
        except Exception:
            r = None
        if r is None:
            # Java: a call docfact cannot resolve (a static call of a class it cannot see, an
            # overload) may throw anything
            self.external |= ent.language == "java" or not self.ctx.is_known(name.split(".")[0])
            return []
        if r.kind == "external":
            self.external = True
            return []
        if r.kind not in ("local", "project"):
            return []
        method = unfollowed_method(name, r)
        if method is None and r.kind == "project" and r.entity is None:
            method = r.qualname.rsplit(".", 1)[-1]  # a project name whose definition is not found
        if method is not None:
            # the receiver may as well be a library object (a file, a socket) whose method
            # raises what the library documents: that counts as an external call
            self.external = True
            found = [m for m in self.graph.entities_named(method) if m.kind in ("function", "method")]
            self.uncertain |= len(found) > _DEEP_CANDIDATES
            return found
        target = r.entity
        if target is None:
            return []
        if target.kind in ("function", "method"):
            return self._function_targets(target, name, decorator)
        if target.kind == "class":
            return self._class_targets(target, decorator)
        return []

    def _function_targets(self, target: Entity, name: str, decorator: bool) -> list[Entity]:
        """What calling the project function ``target`` as ``name`` runs: with its overrides
        when called on ``self``, with the functions nested in it when it decorates."""
        if not decorator and name.startswith(("self.", "cls.")):
            # ``self.execute()`` in a mixin may run a subclass's ``execute``
            overrides, known = world.overrides_of(self.ctx, target)
            self.uncertain |= not known or len(overrides) > _DEEP_CANDIDATES
            return [target, *overrides]
        if not decorator:
            return [target]
        fi = self.graph.file(target.path)
        nested = [x for x in fi.entities if x.local_name.startswith(target.local_name + ".")] if fi else []
        return [target, *nested]

    def _class_targets(self, target: Entity, decorator: bool) -> list[Entity]:
        """What calling the project class ``target`` runs: a Java class's constructors; a Python
        class's construction (and ``__call__`` when it decorates), or all its methods when the
        object built is handed back."""
        graph = self.graph
        if target.language == "java":  # its constructors
            return [m for m in graph.entities_named(target.name) if m.kind in ("function", "method")
                    and m.path == target.path]
        if self.hands_back and not decorator:
            built = (graph.entity(f"{target.module}.{m}") for m in target.members)
            return [m for m in built if m is not None and m.kind in ("function", "method")]
        members = (*_CONSTRUCTION, "__call__") if decorator else _CONSTRUCTION
        return [m for m in (graph.entity(f"{target.qualname}.{n}") for n in members) if m is not None]


# return kinds of values that are no object with methods of their own
_PLAIN_RETURNS = frozenset({"none", "str", "bytes", "int", "float", "bool", "list", "dict", "set", "tuple",
                            "fstring", "comparison", "await"})
_PLAIN_CALLS = frozenset({"str", "int", "float", "bool", "bytes", "len", "list", "dict", "set", "tuple", "repr",
                          "sorted", "sum", "min", "max", "abs", "round", "isinstance", "hash", "format"})


def returns_an_object(e: Entity) -> bool:
    """Whether ``e`` hands back something whose methods may run later (an object it builds, a
    closure, what a call returns), not a plain value (a number, a string, a container literal)."""
    for kind in e.return_kinds:
        if kind in _PLAIN_RETURNS:
            continue
        if kind.startswith("call:") and kind[5:] in _PLAIN_CALLS:
            continue
        return True
    return False


def protocol_method(ctx: JudgeContext, m: Entity) -> bool:
    """Whether method ``m`` belongs to a ``Protocol`` or an abstract base class of the project:
    an interface whose implementations may live outside it."""
    if m.kind != "method" or not m.parent:
        return False
    cls = ctx.graph.entity(f"{m.module}.{m.parent}")
    return cls is not None and any(b.split("[")[0].rsplit(".", 1)[-1] in ("Protocol", "ABC") or "metaclass=ABCMeta" in b
                                   for b in cls.bases)


def calls_a_callable_value(ctx: JudgeContext, e: Entity) -> bool:
    """Whether ``e`` calls a parameter or an instance attribute that is not a method."""
    params = {p.name.lstrip("*") for p in e.params}
    members: set[str] | None = None
    for call in e.calls:
        parts = call.split(".")
        if len(parts) == 1 and parts[0] in params:
            return True
        if len(parts) == 2 and parts[0] in ("self", "this"):
            if members is None:
                cls = ctx.graph.entity(f"{e.module}.{e.parent}") if e.parent else None
                members = {m.rsplit(".", 1)[-1] for m in cls.members} if cls is not None else set()
            if parts[1] not in members:
                return True
            member = ctx.graph.entity(f"{e.module}.{e.parent}.{parts[1]}") if e.parent else None
            if member is not None and member.kind in ("field", "variable"):
                return True
    return False


def overridden(ctx: JudgeContext, e: Entity) -> bool:
    """Whether a project subclass overrides method ``e``."""
    if e.kind != "method" or not e.parent:
        return False
    owner = e.parent.rsplit(".", 1)[-1]
    for other in ctx.graph.entities_named(e.name):
        if other is e or other.kind != "method" or not other.parent:
            continue
        cls = ctx.graph.entity(f"{other.module}.{other.parent}")
        if cls is not None and any(b.split(".")[-1].split("[")[0] == owner for b in cls.bases):
            return True
    return False


def unfollowed_method(call: str, r: Resolved) -> str | None:
    """The method name of ``call`` when its receiver is a value whose type docfact cannot
    follow (``sm.run()`` on a local, ``self._lock.acquire_nowait()`` on an attribute, ``f().x.get()``
    on what a call returns): any
    project method of that name may be the one called."""
    if r.rest or (r.kind == "local" and "." in call):
        return call.rsplit(".", 1)[-1]
    for closer in (")", "]"):
        tail = call.rsplit(closer, 1)[-1] if closer in call else ""
        if tail.startswith(".") and "(" not in tail and "[" not in tail:
            # ``require_context().connections.get``, ``self.messages[-1].get_result``: a method of
            # what a call gave back or of an item of a container
            return tail.rsplit(".", 1)[-1]
    return None
