"""C3, functionality inconsistency: behaviour the docs claim and the code does not have."""

from __future__ import annotations

import builtins
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from docfact.graph.ts_globals import TS_LANGUAGES
from docfact.judges import jdk_exceptions, ts_rules
from docfact.judges.base import JudgeContext, Rule
from docfact.judges.defaults import required_documented_optional, wrong_default
from docfact.judges.mentions import MARKED, find_mentions, strip_code
from docfact.model import Entity, Finding, Segment

if TYPE_CHECKING:
    from docfact.graph.resolve import Resolved

# ---- raises ---------------------------------------------------------------------------------

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
    if e.has_subscript:
        raised |= {"KeyError", "IndexError", "LookupError", "TypeError"}
    return raised, any(c in _RUNS_ANY_CODE for c in e.calls)


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
            found = [m for m in graph.entities_named(method) if m.kind in ("function", "method")]
            uncertain |= len(found) > _DEEP_CANDIDATES
            return found
        target = r.entity
        if target is None:
            return []
        if target.kind in ("function", "method"):
            if not decorator:
                return [target]
            fi = graph.file(target.path)
            nested = [x for x in fi.entities if x.local_name.startswith(target.local_name + ".")] if fi else []
            return [target, *nested]
        if target.kind == "class" and target.language == "java":  # its constructors
            return [m for m in graph.entities_named(target.name) if m.kind in ("function", "method")
                    and m.path == target.path]
        if target.kind == "class":
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
    if uncertain or (e.language in TS_LANGUAGES and ts_rules.throws_unknown(ctx, e)):
        return
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
        if simple in _IMPLICIT_ANY or (e.language in TS_LANGUAGES and simple == "TypeError"):
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
        if deep_external and not explicit and not _is_project_class(ctx, simple):
            continue  # a builtin or library exception may come from the library called deeper
        what = ", ".join(f"`{r}`" for r in sorted(explicit)) if explicit else "no exception"
        msg = f"documented to raise `{simple}`, but the code and the functions it calls raise {what}"
        fix = None
        if span and len(explicit) == 1:
            new = next(iter(explicit))
            fix = ctx.fix_replace(seg, span[0], span[1], new, f"Replace `{simple}` with `{new}`")
        yield ctx.finding(seg, "C3", "C3.raises-not-raised", msg,
                          evidence=ctx.evidence_of(e, "what the code raises", _raise_lines(e)), fix=fix)


def _imported(ctx: JudgeContext) -> set[str]:
    return {imp.bound_name for imp in ctx.file.imports}


def _raise_lines(e: Entity) -> str:
    lines = [ln.strip() for ln in e.code.splitlines() if re.match(r"\s*(raise|throw)\b", ln)]
    return "\n".join(lines[:4]) if lines else (e.signature or "")


# ---- async, recursion, generators -------------------------------------------------------------

# the function itself is claimed to be asynchronous: an adverb, "is/returns a coroutine", work
# that goes on after it returns. "Non-blocking" and "without blocking" alone are not such
# claims: a plain try-lock or a ``nowait`` put is non-blocking and synchronous.
_ASYNC_WORDS = re.compile(
    r"\basynchronously\b|\b(?:is|returns?)\s+(?:a|an)\s+(?:coroutine|awaitable)\b|^\s*(?:An?\s+)?(?:coroutine|awaitable)\s+(?:that|which)\b"
    r"|\bin\s+the\s+background\b(?!\s+(?:threads?|process(?:es)?|tasks?|workers?|loops?|jobs?)\b)"
    r"|\breturns?\s+(?:immediately\s+)?(?:before|while)\s+(?:the\s+)?(?:work|operation|task|job|request|transfer)\s+"
    r"(?:is\s+(?:done|finished|complete)|(?:finishes|completes|runs|continues|goes\s+on))\b",
    re.I,
)
_NEG = re.compile(r"(?:(?<![\w-])(?:not|never|no|isn't|doesn't|without|synchronous(?:ly)?|blocking|cannot|avoid|instead\s+of|might|may|could)\b|n't\b)[^.]{0,30}$", re.I)
_CONCURRENCY_HINT = re.compile(r"thread|executor|submit|task|future|async|callback|schedule|queue|loop|spawn|pool|defer|signal|emit|post", re.I)


def not_async(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if ctx.doc.kind == "comment":
        return  # a comment talks about the statements below it, not the whole function
    if e is None or e.kind not in ("function", "method") or e.is_async or e.is_abstract or e.is_generator:
        return  # a generator is how coroutines were written before ``async def``
    prose = strip_code(seg.text)
    m = _ASYNC_WORDS.search(prose)
    if not m or _NEG.search(prose[: m.start()]) or _PASSIVE_OTHER.search(prose[: m.start()]):
        return  # "getwch is used asynchronously", "events are handled in the background": another subject
    if "background" in m.group(0) and not _about_the_function(prose):
        return  # "... because event loops running in the background ..."
    if _about_a_parameter(e, seg.text):
        return  # "Receivers can be asynchronous": the sentence is about an argument
    if any(_CONCURRENCY_HINT.search(x) for x in (*e.calls, *e.decorators, e.returns or "", *e.return_kinds)):
        return
    if e.language in TS_LANGUAGES and ts_rules.promise_like(e):
        return
    if any(_CONCURRENCY_HINT.search(p.annotation or "") for p in e.params):
        return
    yield ctx.finding(seg, "C3", "C3.not-async",
                      f"claims asynchronous behaviour (\"{m.group(0)}\"), but `{e.name}` is a plain {e.kind}: not `async` and it schedules no concurrent work",
                      evidence=ctx.evidence_of(e, "the definition"))


def _about_a_parameter(e: Entity, text: str) -> bool:
    """Whether the sentence names one of the parameters or local variables (also in the plural
    or capitalised): then it is about that value, not about what the function does."""
    tokens = set(re.findall(r"[A-Za-z_]\w*", text))
    words = {w.lower() for w in tokens}
    names = {p.name.lstrip("*") for p in e.params} | set(e.locals) | set(e.assigns)
    # an identifier-shaped word that the code uses, e.g. a dict key ("select_fields is filled")
    names |= {t for t in tokens if "_" in t.strip("_") and t != e.name and t in e.code}
    for raw in names:
        name = raw.lower()
        if len(name) > 2 and name not in ("self", "cls") and (name in words or name + "s" in words):
            return True
    return False


_OTHER_SUBJECT = re.compile(
    r"^\s*(?:since|because|as|if|when|whenever|while|although|though|unless|note|this|that|these|"
    r"those|it|its|they|we|our|you|each|every|any|all|some|the|a|an|there|here|so|such)\b(?!\s+(?:function|method)\b)",
    re.I,
)


def _about_the_function(prose: str) -> bool:
    """Whether a sentence is about the documented function: it starts with a verb (a summary
    line, "Walks the tree ...") or with "This function/method"."""
    return not _OTHER_SUBJECT.match(prose)


def _calls_by_name(call: str, name: str) -> bool:
    """Whether a call expression calls ``name`` itself (``name()``, ``self.name()``, ``cls.name()``),
    not a same-named method of some other object (``session.request()``)."""
    return call == name or call in (f"self.{name}", f"cls.{name}", f"this.{name}", f"super().{name}")


# "recursively", "uses recursion", "calls itself", "is recursive", "a recursive walk"; not
# "non-recursive", nor "recursive" of something else ("a recursive loop", "recursive lists")
_RECURSIVE = re.compile(
    r"(?<![\w-])(?:recursively|recursion(?!\s+(?:limit|depth|error)))\b|\bcalls\s+itself\b|\bis\s+recursive\b"
    r"|(?<![\w-])recursive\s+(?:function|method|call|calls|algorithm|implementation|descent|walk|"
    r"traversal|search|scan|visit|version|helper)\b",
    re.I,
)


# "... when they recursively refer to themselves": another subject does it
_OTHER_ACTOR = re.compile(r"\b(?:they|these|those|which|who|whose|children|callers?|users?)\s+(?:\w+\s+)?$", re.I)
_PASSIVE_OTHER = re.compile(r"\b(?:are|were)\s+(?:\w+\s+){0,2}$", re.I)
_HEDGED_AFTER = re.compile(r"\s+(?:could|might|may|can|would)\b", re.I)
_GUARDS = re.compile(r"\b(?:prevent(?:s|ing)?|avoid(?:s|ing)?|detect(?:s|ing)?|guard(?:s|ing)?\s+against|break(?:s|ing)?|stop(?:s|ping)?|limit(?:s|ing)?|infinite|endless|maximum|max)\s+(?:\w+\s+){0,2}$", re.I)


def _unfollowed_method(call: str, r: Resolved) -> str | None:
    """The method name of ``call`` when its receiver is a value whose type docfact cannot
    follow (``sm.run()`` on a local, ``self._lock.acquire_nowait()`` on an attribute): any
    project method of that name may be the one called."""
    if r.rest or (r.kind == "local" and "." in call):
        return call.rsplit(".", 1)[-1]
    return None


def _calls_an_unfollowed_method(ctx: JudgeContext, e: Entity) -> bool:
    """Whether ``e`` calls a method on a value whose type docfact cannot follow (a local, an
    attribute) while the project defines a method of that name."""
    from docfact.graph.resolve import ResolveCache

    cache = ResolveCache()
    for call in e.calls:
        if "." not in call:
            continue
        try:
            r = ctx.graph.resolver.resolve(call, e, cache)
        except Exception:
            return True
        method = _unfollowed_method(call, r) if r is not None else None
        if method is not None and any(m.kind == "method" for m in ctx.graph.entities_named(method)):
            return True
    return False


def not_recursive(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if ctx.doc.kind == "comment":
        return  # a comment talks about the statements below it, not the whole function
    if e is None or e.kind not in ("function", "method") or e.is_abstract:
        return
    prose = strip_code(seg.text)
    m = _RECURSIVE.search(prose)
    if not m or _NEG.search(prose[: m.start()]) or _about_a_parameter(e, seg.text[: m.start()]):
        return
    if _GUARDS.search(prose[: m.start()]) or _HEDGED_AFTER.match(prose, m.end()) \
            or _OTHER_ACTOR.search(prose[: m.start()]):
        return  # "To prevent recursion", "where recursion could happen": no claim that it recurses
    if not _about_the_function(prose):
        return  # "Since the parser can be called recursively": another subject
    if any(_calls_by_name(c, e.name) for c in e.calls):
        return
    if re.search(r"\bwhile\b", e.code):
        return  # a work-list loop is how iterative code walks a tree "recursively"
    # Only speak when every call is understood: external helpers (os.walk, copytree) may
    # recurse, and so may a callable held in a parameter or a local variable.
    variables = {p.name.lstrip("*") for p in e.params} | set(e.locals) | set(e.assigns)
    for c in e.calls:
        if c in variables:
            return  # a callback could call back
        if re.search(r"walk|rglob|glob|copytree|rmtree|recurs|travers|visit|deep|tree|flatten|descend|children", c, re.I):
            return  # a helper that recurses itself: the docs may describe that
    if _calls_an_unfollowed_method(ctx, e):
        return  # ``sm.run()`` on a state machine built at run time: it may come back here
    for dep in ctx.related_entities:
        if dep.kind == "class" or (dep.kind in ("function", "method") and dep.calls and dep.path == e.path
                                   and any(c.split(".")[0] in ("self", "cls") for c in dep.calls)):
            return  # a project class or a method that calls further in: recursion may sit there
        if any(c.rsplit(".", 1)[-1] == e.name for c in dep.calls):
            return  # mutual recursion through a direct callee (``_clone(v)`` calls ``v.deep_clone()``)
        if any(_calls_by_name(c, dep.name) for c in dep.calls):
            return  # the callee itself recurses: the docs may describe that
    if any(p.name.lower() in ("recursive", "recurse", "depth", "deep") for p in e.params):
        return
    yield ctx.finding(seg, "C3", "C3.not-recursive",
                      f"says `{e.name}` works recursively, but neither it nor a function it calls calls `{e.name}` again",
                      evidence=ctx.evidence_of(e, "the calls it makes",
                                               ", ".join(dict.fromkeys(e.calls)) or "no calls"))


_YIELDS = re.compile(r"^\s*(?:Yields?\b(?!\s+(?:from|statements?|expressions?|keyword)\b)|Lazily\s+yields?\b|(?:It|This(?:\s+function|\s+method)?)\s+(?:lazily\s+)?yields\b)|\b(?:is|returns?)\s+a\s+generator\b|^\s*(?:A\s+)?generator\s+(?:that|which|of|over)\b", re.I)


def not_generator(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if ctx.doc.kind == "comment":
        return  # a comment talks about the statements below it, not the whole function
    if e is None or e.kind not in ("function", "method") or e.is_generator or e.is_abstract or e.is_async:
        return
    item = seg.field
    claims = (item is not None and item.section == "yields") or (item is None and _YIELDS.search(strip_code(seg.text)))
    if not claims:
        return
    if e.language in TS_LANGUAGES and item is None and _YIELDS_A_VALUE.search(seg.text):
        return  # "Yields true for both native and observable Map": English for "returns"
    ann = (e.returns or "").lower()
    if re.search(r"iter|generator|stream|sequence|collection|flux|observable", ann):
        return
    if any(rk not in ("none", "str", "int", "float", "bool", "dict", "list", "tuple", "set", "bytes", "comparison", "fstring") for rk in e.return_kinds):
        return  # returns something we cannot see into (a call, a name): it may be a generator
    if re.search(r"[\"']yield\b", e.code):
        return  # a code generator that writes ``yield`` statements: "Yield or write ..."
    yield ctx.finding(seg, "C3", "C3.not-generator",
                      f"says `{e.name}` yields values, but it has no `yield` and returns "
                      + (", ".join(sorted(set(e.return_kinds))) or "nothing"),
                      evidence=ctx.evidence_of(e, "the definition"))


# ---- calls -------------------------------------------------------------------------------------

_YIELDS_A_VALUE = re.compile(r"(?i)\byields?\s+(?:`?(?:true|false|null|undefined)`?|an?\s+(?:boolean|number|string)|whether)\b")
_CALLS_VERB = re.compile(r"\b(?:calls|invokes|delegates\s+to|dispatches\s+to|uses|relies\s+on|wraps)\s+$", re.I)


def calls_missing(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if ctx.doc.kind == "comment":
        return  # a comment talks about the statements below it, not the whole function
    if e is None or e.kind not in ("function", "method") or e.is_abstract or seg.field is not None:
        return
    used: set[str] | None = None
    for m in find_mentions(seg.text):
        if m.strength != MARKED and not m.is_call:
            continue
        if _about_a_parameter(e, seg.text[: m.start]):
            continue  # "when queryset uses prefetch_related()": another subject
        before = seg.text[max(0, m.start - 30): m.start].rstrip("`~ ")
        before = re.sub(r"(?:\{@\w+|:(?:py:)?\w+:)$", "", before).rstrip() + " "
        if not _CALLS_VERB.search(before):
            continue
        if e.language in TS_LANGUAGES and not _about_the_function(strip_code(seg.text[: m.start])):
            continue  # "The {@link asyncScheduler} uses `setTimeout`": another subject
        last = m.name.split(".")[-1]
        if used is None:  # only now worth collecting: a "calls X" sentence
            used = set()
            for x in (*e.calls, *e.refs, *e.attributes):
                used.update(x.split("."))
            for dep in ctx.related_entities:
                for x in (*dep.calls, *dep.refs):
                    used.update(x.split("."))
        if last in used or m.name in used:
            continue
        targets = ctx.graph.entities_named(last) if hasattr(ctx.graph, "entities_named") else []
        target = next((t for t in targets if t.kind in ("function", "method", "class")), None)
        if target is None:
            continue  # a name that exists nowhere is C1's business
        calls = ", ".join(f"`{c}`" for c in dict.fromkeys(e.calls)) or "nothing"
        yield ctx.finding(seg, "C3", "C3.calls-missing",
                          f"says it uses `{m.name}`, but `{e.name}` never calls or references it (it calls {calls})",
                          evidence=ctx.evidence_of(target, f"`{m.name}` is defined here"))


RULES = (
    Rule("C3.raises-not-raised", "C3", "A documented exception that neither the code nor its direct callees raise.",
         "`Raises: KeyError` when the body only raises `ValueError`", raises_not_raised),
    Rule("C3.not-async", "C3", "Claims of asynchronous behaviour on a plain function that schedules nothing.",
         "\"Fetches the page asynchronously.\" on `def fetch(url)`", not_async),
    Rule("C3.not-recursive", "C3", "Claims of recursion when nothing calls the function again.",
         "\"Recursively walks the tree.\" on a loop-only function", not_recursive),
    Rule("C3.not-generator", "C3", "Claims of yielding values when the function has no `yield`.",
         "`Yields: str` on a function that returns a list literal", not_generator),
    Rule("C3.wrong-default", "C3", "A documented default value that differs from the signature or the field default.",
         "`timeout: ... Defaults to 30.` for `timeout=10`", wrong_default),
    Rule("C3.required-documented-optional", "C3",
         "A parameter documented as optional or with a default that the signature requires.",
         "`start_params : array_like, optional` for `def fit(f, start_params)`", required_documented_optional),
    Rule("C3.calls-missing", "C3", "\"Calls/uses X\" where X exists in the project but the code never uses it.",
         "\"Uses `validate()` first.\" when `validate` is never called", calls_missing),
)
