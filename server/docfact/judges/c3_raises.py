"""C3.raises-not-raised: an exception the docs say is raised that neither the body, its
decorators nor the project functions it calls (followed a few hops) can raise; Python and Java
exception hierarchies, implicit raises (subscripts, arithmetic), and code that may raise anything."""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from docfact.judges import world
from docfact.judges.base import JudgeContext, name_words
from docfact.judges.function_ast import parse_function
from docfact.judges.rules.c3_behaviour import RAISES_NOT_RAISED
from docfact.lang.java import jdk_exceptions
from docfact.lang.typescript import judging as ts_judging
from docfact.lang.typescript.globals import TS_LANGUAGES
from docfact.model import Entity, Finding, Segment

if TYPE_CHECKING:
    from docfact.graph.resolve import Resolved

_EXC = r"`{0,2}(?P<exc>[A-Z][\w.]*(?:Error|Exception|Warning|Exit|Interrupt|Fault|Failure))`{0,2}"
# "Raises X ..." at the start of a sentence, or "raises X if/when ..." anywhere
_RAISES_PROSE = re.compile(
    r"^\s*(?:(?:It|This|Will|May|Can|Also)\s+)?(?i:raises?|throws?)\s+(?:an?\s+|the\s+)?" + _EXC
    + r"|\b(?i:raises|throws)\s+(?:an?\s+|the\s+)?" + _EXC.replace("exc>", "exc2>")
    + r"\s+(?:if|when|whenever|unless|on|for|in\s+case)\b"
)

# exceptions that an ordinary operation can raise without a raise statement
_IMPLICIT_ANY = {"Exception", "BaseException", "Throwable", "RuntimeException", "Error",
                 "MemoryError", "RecursionError", "KeyboardInterrupt", "SystemExit",
                 "NullPointerException", "ClassCastException", "AssertionError",
                 "StopIteration", "StopAsyncIteration", "GeneratorExit", "NotImplementedError"}
_BY_CALL = {
    "int": {"ValueError", "TypeError"}, "float": {"ValueError", "TypeError"},
    "open": {"OSError", "IOError", "FileNotFoundError", "PermissionError", "IsADirectoryError", "UnicodeDecodeError"},
    "next": {"StopIteration"}, "getattr": {"AttributeError"}, "iter": {"TypeError"},
    "Integer.parseInt": {"NumberFormatException"}, "Long.parseLong": {"NumberFormatException"},
    "Double.parseDouble": {"NumberFormatException"},
}


_JAVA_ARRAY_EXCEPTIONS = frozenset({"ArrayIndexOutOfBoundsException", "IndexOutOfBoundsException",
                                    "ArrayStoreException", "NegativeArraySizeException"})
_CONVERTER_PASSED = re.compile(r"\b(?:map|starmap)\(\s*(int|float)\s*,|\bkey\s*=\s*(int|float)\b")
# calls that run code docfact cannot see, which may raise anything
_RUNS_ANY_CODE = frozenset({"eval", "exec", "__import__", "importlib.import_module", "runpy.run_path"})


def _builtin_exc(name: str) -> type[BaseException] | None:
    obj = getattr(builtins, name, None)
    return obj if isinstance(obj, type) and issubclass(obj, BaseException) else None


def _covers(documented: str, raised: str) -> bool:
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


def _project_bases(ctx: JudgeContext, name: str, depth: int = 0) -> set[str]:
    """Names of the project exception class and its ancestors (by simple name)."""
    out = {name}
    if depth > 5:
        return out
    for ent in ctx.graph.entities_named(name) if hasattr(ctx.graph, "entities_named") else []:
        if ent.kind == "class":
            for base in ent.bases:
                simple = base.split(".")[-1].split("[")[0].split("<")[0]
                out |= _project_bases(ctx, simple, depth + 1)
    return out


def _implicit_raises(e: Entity) -> tuple[set[str], bool]:
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


def _raised_names(ctx: JudgeContext, e: Entity) -> tuple[set[str], bool]:
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
        if _calls_a_callable_value(ctx, ent):
            uncertain = True  # a callback or a stored validator may raise anything
    implicit, runs_any = _implicit_raises(e)
    raised |= implicit
    uncertain |= runs_any
    if re.search(r"^\s*[\w.]+\s*,\s*[\w.*]+(?:\s*,\s*[\w.*]+)*\s*=(?!=)", e.code, re.M):
        raised |= {"ValueError"}  # tuple unpacking raises it when the counts differ
    if _overridden(ctx, e):
        uncertain = True  # a base method documents the contract its overrides implement
    if e.attributes:
        raised |= {"AttributeError"}
    return raised, uncertain


# how far and how wide the walk behind a finding of C3.raises-not-raised goes
_DEEP_HOPS = 4
_DEEP_LIMIT = 300
_DEEP_CANDIDATES = 12
_CONSTRUCTION = ("__init__", "__new__", "__post_init__")


def _deep_raises(ctx: JudgeContext, e: Entity) -> tuple[set[str], bool, bool]:
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
        return hit
    from docfact.graph.resolve import ResolveCache

    graph = ctx.graph
    cache = ResolveCache()
    raised: set[str] = set()
    uncertain = external = False
    seen = {id(e)}
    # an object built on the way and handed back: its methods run later, in the caller's hands
    hands_back = _returns_an_object(e)

    def targets_of(name: str, ent: Entity, decorator: bool) -> list[Entity]:
        nonlocal uncertain, external
        try:
            r = graph.resolver.resolve(name, ent, cache)
        except Exception:
            r = None
        if r is None:
            # Java: a call docfact cannot resolve (a static call of a class it cannot see, an
            # overload) may throw anything
            external |= ent.language == "java" or not ctx.is_known(name.split(".")[0])
            return []
        if r.kind == "external":
            external = True
            return []
        if r.kind not in ("local", "project"):
            return []
        method = _unfollowed_method(name, r)
        if method is None and r.kind == "project" and r.entity is None:
            method = r.qualname.rsplit(".", 1)[-1]  # a project name whose definition is not found
        if method is not None:
            # the receiver may as well be a library object (a file, a socket) whose method
            # raises what the library documents: that counts as an external call
            external = True
            found = [m for m in graph.entities_named(method) if m.kind in ("function", "method")]
            uncertain |= len(found) > _DEEP_CANDIDATES
            return found
        target = r.entity
        if target is None:
            return []
        if target.kind in ("function", "method"):
            if not decorator and name.startswith(("self.", "cls.")):
                # ``self.execute()`` in a mixin may run a subclass's ``execute``
                overrides, known = world.overrides_of(ctx, target)
                uncertain |= not known or len(overrides) > _DEEP_CANDIDATES
                return [target, *overrides]
            if not decorator:
                return [target]
            fi = graph.file(target.path)
            nested = [x for x in fi.entities if x.local_name.startswith(target.local_name + ".")] if fi else []
            return [target, *nested]
        if target.kind == "class" and target.language == "java":  # its constructors
            return [m for m in graph.entities_named(target.name) if m.kind in ("function", "method")
                    and m.path == target.path]
        if target.kind == "class":
            if hands_back and not decorator:
                built = (graph.entity(f"{target.module}.{m}") for m in target.members)
                return [m for m in built if m is not None and m.kind in ("function", "method")]
            members = (*_CONSTRUCTION, "__call__") if decorator else _CONSTRUCTION
            return [m for m in (graph.entity(f"{target.qualname}.{n}") for n in members) if m is not None]
        return []

    frontier = [e]
    for hop in range(_DEEP_HOPS):
        nxt: list[Entity] = []
        for ent in frontier:
            names = [(c, False) for c in ent.calls]
            if hop == 0:
                names += [(d, True) for d in ent.decorators]
            for name, decorator in names:
                for t in targets_of(name, ent, decorator):
                    if id(t) in seen:
                        continue
                    seen.add(id(t))
                    implicit, runs_any = _implicit_raises(t)
                    if not world.behaviour_closed(ctx, t):
                        # a protocol's, an abstract or a stub's method: what runs is an
                        # implementation docfact may not see, and it may raise the project's errors
                        external = True
                        uncertain |= t.is_abstract or t.path.endswith(".pyi") or _protocol_method(ctx, t)
                    raised |= {x.split(".")[-1] for x in t.raises} | implicit
                    uncertain |= t.has_bare_raise or _calls_a_callable_value(ctx, t) or runs_any
                    nxt.append(t)
            uncertain |= len(seen) > _DEEP_LIMIT
            if uncertain:
                break
        if uncertain or not nxt:
            break
        frontier = nxt
    out = ctx.file_cache[key] = (raised, uncertain, external)
    return out


# return kinds of values that are no object with methods of their own
_PLAIN_RETURNS = frozenset({"none", "str", "bytes", "int", "float", "bool", "list", "dict", "set", "tuple",
                            "fstring", "comparison", "await"})
_PLAIN_CALLS = frozenset({"str", "int", "float", "bool", "bytes", "len", "list", "dict", "set", "tuple", "repr",
                          "sorted", "sum", "min", "max", "abs", "round", "isinstance", "hash", "format"})


def _returns_an_object(e: Entity) -> bool:
    """Whether ``e`` hands back something whose methods may run later (an object it builds, a
    closure, what a call returns), not a plain value (a number, a string, a container literal)."""
    for kind in e.return_kinds:
        if kind in _PLAIN_RETURNS:
            continue
        if kind.startswith("call:") and kind[5:] in _PLAIN_CALLS:
            continue
        return True
    return False


# the sentence speaks of a later use of what the function hands back
_LATER_USE = re.compile(
    r"\b(?:when|while|during|on|upon|once|if)\s+(?:(?:the|it|its|this|that)\s+(?:returned\s+)?(?:\w+\s+)?(?:is|are)\s+"
    r"(?:used|called|iterated|read|accessed|consumed|evaluated|opened|closed|invoked)\b"
    r"|(?:first\s+|later\s+)?(?:access|iteration|use|call|evaluation|consumption)\b"
    r"|(?P<verb>[a-z]{3,}ing)\b)"
    r"|\blater\b|\blazily\b|\bthe\s+returned\b", re.I)


def _speaks_of_later_use(e: Entity, text: str) -> bool:
    """Whether ``text`` says the exception comes when what ``e`` returns is used ("when
    reading a line", "on access", "when the checker is called"), not from ``e``'s own work: a verb
    in -ing that is the verb of ``e``'s name ("when decoding" on ``decode_all``) is its own work,
    while on a noun (``decoder``, ``reader``) it is the work of what it hands back."""
    first = (name_words(e.name) or [""])[0].lower()
    for m in _LATER_USE.finditer(text):
        verb = m.group("verb")
        if verb is None:
            return True
        stem = verb.lower()[:-3]
        own = len(stem) >= 3 and (first.startswith(stem) or stem.startswith(first[:4])) \
            and not first.endswith(("er", "or"))
        if not own:
            return True
    return False


def _protocol_method(ctx: JudgeContext, m: Entity) -> bool:
    """Whether method ``m`` belongs to a ``Protocol`` or an abstract base class of the project:
    an interface whose implementations may live outside it."""
    if m.kind != "method" or not m.parent:
        return False
    cls = ctx.graph.entity(f"{m.module}.{m.parent}")
    return cls is not None and any(b.split("[")[0].rsplit(".", 1)[-1] in ("Protocol", "ABC") or "metaclass=ABCMeta" in b
                                   for b in cls.bases)


def _calls_a_callable_value(ctx: JudgeContext, e: Entity) -> bool:
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


def _overridden(ctx: JudgeContext, e: Entity) -> bool:
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


def _is_project_class(ctx: JudgeContext, name: str) -> bool:
    return any(x.kind == "class" for x in ctx.graph.entities_named(name))


def raises_not_raised(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or e.kind not in ("function", "method") or e.is_abstract or ctx.doc.kind == "comment":
        return
    claimed: list[tuple[str, tuple[int, int] | None]] = []
    item = seg.field
    if item is not None and item.section == "raises" and item.name:
        for part in re.split(r"\s*(?:,|\bor\b|\|)\s*", item.name):
            part = part.strip().strip("`:~")
            # a class name (``ValueError``, ``errors.Timeout``), not a word of a sentence that
            # runs on from the name ("ImportError, if ... or because ...")
            if re.fullmatch(r"(?:[A-Za-z_][\w]*\.)*_?[A-Z][\w]*", part):
                off = seg.text.find(part)
                claimed.append((part, (off, off + len(part)) if off >= 0 else None))
    elif item is None:
        for m in _RAISES_PROSE.finditer(seg.text):
            group = "exc" if m.group("exc") else "exc2"
            before = seg.text[max(0, m.start() - 12): m.start()].lower()
            if re.search(r"\b(?:not|never|no|nor|instead of|rather than)\s*$", before):
                continue
            claimed.append((m.group(group), m.span(group)))
    if not claimed:
        return
    raised, uncertain = _raised_names(ctx, e)
    if uncertain or (e.language in TS_LANGUAGES and ts_judging.throws_unknown(ctx, e)):
        return
    accessors = _property_accessors(ctx, e)
    for acc in accessors:
        # a property's docstring speaks for the whole attribute: its setter (and deleter)
        # raise what "Raises" lists as much as the getter does
        more, more_uncertain = _raised_names(ctx, acc)
        deep, deep_uncertain, _ = _deep_raises(ctx, acc)
        if more_uncertain or deep_uncertain:
            return
        raised |= more | deep
    explicit = {r.split(".")[-1] for r in e.raises}
    externals = [r.qualname for r in ctx.related if r.kind == "external"]
    externals += [c for c in e.calls if not ctx.is_known(c.split(".")[0])]
    java = e.language == "java"
    jdk_calls: list[str] = []
    if java:
        # the JDK's own classes (System.arraycopy, Objects.requireNonNull, ...) throw what
        # their docs say; the project cannot show it
        jdk_calls = [c for c in e.calls if c[:1].isupper() and not _is_project_class(ctx, c.split(".")[0])
                     and not re.search(r"(?:Exception|Error|Throwable)$", c)]  # ``new XException(...)``
        externals += jdk_calls
    for name, span in claimed:
        simple = name.split(".")[-1]
        if (simple in _IMPLICIT_ANY and not (simple == "Exception" and _cannot_raise(ctx, e))) \
                or (e.language in TS_LANGUAGES and simple == "TypeError"):
            continue  # JavaScript: any property access or call of a wrong value throws TypeError
        if java and (simple.endswith("Error") or (simple in _JAVA_ARRAY_EXCEPTIONS and "[" in e.code)):
            continue  # thrown by the virtual machine: errors, array access and stores
        if java and (jdk_calls or "{@inheritDoc}" in seg.text or re.search(r"\b(?:this|super)\s*\(", e.code)
                     or any(c in (e.name, f"this.{e.name}") for c in e.calls)):  # an overload of it
            continue  # a JDK call, the inherited contract, or the constructor it delegates to may throw it
        if any(_covers(simple, r) or simple in _project_bases(ctx, r) for r in raised):
            continue
        # An external call may raise anything: then only speak when the docs describe the
        # code's own raises and this one is a different, unrelated exception.
        if externals and not explicit:
            continue
        caught = {c.split(".")[-1] for c in e.catches}
        if simple in caught:
            continue
        deep, deep_uncertain, deep_external = _deep_raises(ctx, e)
        if deep_uncertain or any(_covers(simple, r) or simple in _project_bases(ctx, r) for r in deep):
            continue
        if deep_external and not _is_project_class(ctx, simple) and (not explicit or e.language == "python"):
            # a builtin or library exception may come from a library function docfact does
            # not model (``ast.parse`` raises SyntaxError), however many raises the code has
            continue
        if world.may_call_back(ctx, e, same_name=False):  # its own name on another object is any method
            continue  # a callable from a table, a hook handed to a library (``object_hook=self._check``): it may raise it
        if deep_external and _returns_an_object(e) and _speaks_of_later_use(e, seg.text):
            continue  # "when reading", "on access": the object handed back raises it later, in code docfact cannot see
        what = ", ".join(f"`{r}`" for r in sorted(explicit)) if explicit else "no exception"
        msg = f"documented to raise `{simple}`, but the code and the functions it calls raise {what}"
        fix = None
        if span and len(explicit) == 1:
            new = next(iter(explicit))
            fix = ctx.fix_replace(seg, span[0], span[1], new, f"Replace `{simple}` with `{new}`")
        yield ctx.finding(seg, RAISES_NOT_RAISED, msg,
                          evidence=ctx.evidence_of(e, "what the code raises", _raise_lines(e)), fix=fix)


def _property_accessors(ctx: JudgeContext, e: Entity) -> list[Entity]:
    """The other accessors of a property whose getter is ``e``: ``@x.setter`` and
    ``@x.deleter`` methods of the same name in the same class."""
    if e.language != "python" or e.kind != "method" \
            or not any(d.rsplit(".", 1)[-1] in ("property", "cached_property") for d in e.decorators):
        return []
    return [x for x in ctx.file.entities if x is not e and x.local_name == e.local_name
            and x.kind in ("function", "method")]


# what a body may hold and raise nothing: ``return 2``, ``pass``, ``return None``, ``return x``
_INERT = (ast.Return, ast.Pass, ast.Expr, ast.Constant, ast.Name, ast.Load)


def _cannot_raise(ctx: JudgeContext, e: Entity) -> bool:
    """A Python function whose body only returns a constant or a name (no call, operation,
    subscript or attribute): even a broad ``Exception`` cannot come out of it."""
    if e.language != "python" or e.decorators or e.calls:
        return False
    fn = parse_function(ctx, e)
    if fn is None or fn.decorator_list:
        return False
    return all(isinstance(n, _INERT) for stmt in fn.body for n in ast.walk(stmt))


def _imported(ctx: JudgeContext) -> set[str]:
    return {imp.bound_name for imp in ctx.file.imports}


def _raise_lines(e: Entity) -> str:
    lines = [ln.strip() for ln in e.code.splitlines() if re.match(r"\s*(raise|throw)\b", ln)]
    return "\n".join(lines[:4]) if lines else (e.signature or "")


# ---- async, recursion, generators -------------------------------------------------------------


def _unfollowed_method(call: str, r: Resolved) -> str | None:
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
