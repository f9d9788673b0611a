"""C3.raises-not-raised: an exception the docs say is raised that neither the body, its
decorators nor the project functions it calls (followed a few hops) can raise; Python and Java
exception hierarchies, implicit raises (subscripts, arithmetic), and code that may raise anything."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import NamedTuple

from docfact.judges import world
from docfact.judges.base import JudgeContext, name_words
from docfact.judges.function_ast import parse_function
from docfact.judges.may_raise import (
    covers,
    deep_raises,
    project_bases,
    raised_names,
    returns_an_object,
)
from docfact.judges.rules.c3_behaviour import RAISES_NOT_RAISED
from docfact.lang.typescript import judging as ts_judging
from docfact.lang.typescript.globals import TS_LANGUAGES
from docfact.model import Entity, Finding, Segment

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

_JAVA_ARRAY_EXCEPTIONS = frozenset({"ArrayIndexOutOfBoundsException", "IndexOutOfBoundsException",
                                    "ArrayStoreException", "NegativeArraySizeException"})

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


def _is_project_class(ctx: JudgeContext, name: str) -> bool:
    return any(x.kind == "class" for x in ctx.graph.entities_named(name))


def raises_not_raised(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or e.kind not in ("function", "method") or e.is_abstract or ctx.doc.kind == "comment":
        return
    claimed = _claimed(seg)
    if not claimed:
        return
    code = _code_raises(ctx, e)
    if code is None:
        return
    explicit = code.explicit
    for name, span in claimed:
        simple = name.split(".")[-1]
        if _accounted_for(ctx, e, seg, simple, code) or _accounted_for_deeper(ctx, e, seg, simple, explicit):
            continue
        what = ", ".join(f"`{r}`" for r in sorted(explicit)) if explicit else "no exception"
        msg = f"documented to raise `{simple}`, but the code and the functions it calls raise {what}"
        fix = None
        if span and len(explicit) == 1:
            new = next(iter(explicit))
            fix = ctx.fix_replace(seg, span[0], span[1], new, f"Replace `{simple}` with `{new}`")
        yield ctx.finding(seg, RAISES_NOT_RAISED, msg,
                          evidence=ctx.evidence_of(e, "what the code raises", _raise_lines(e)), fix=fix)


def _claimed(seg: Segment) -> list[tuple[str, tuple[int, int] | None]]:
    """The exceptions ``seg`` says are raised, each with where its name lies in the segment's
    text when found: the names of a ``Raises`` item, or those of "Raises X" and "raises X if
    ..." in a sentence (not after "not", "never", "instead of")."""
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
    return claimed


class _CodeRaises(NamedTuple):
    """What a function's claims of raises are judged against: what it and its 1-hop callees
    may raise (with a property's other accessors), what it raises itself, and the calls whose
    raises the project cannot show (externals; among them, in Java, the JDK's)."""

    raised: set[str]
    explicit: set[str]
    externals: list[str]
    jdk_calls: list[str]


def _code_raises(ctx: JudgeContext, e: Entity) -> _CodeRaises | None:
    """What ``e`` may raise, or None when it may raise anything."""
    raised, uncertain = raised_names(ctx, e)
    if uncertain or (e.language in TS_LANGUAGES and ts_judging.throws_unknown(ctx, e)):
        return None
    accessors = _property_accessors(ctx, e)
    for acc in accessors:
        # a property's docstring speaks for the whole attribute: its setter (and deleter)
        # raise what "Raises" lists as much as the getter does
        more, more_uncertain = raised_names(ctx, acc)
        deep, deep_uncertain, _ = deep_raises(ctx, acc)
        if more_uncertain or deep_uncertain:
            return None
        raised |= more | deep
    explicit = {r.split(".")[-1] for r in e.raises}
    externals = [r.qualname for r in ctx.related if r.kind == "external"]
    externals += [c for c in e.calls if not ctx.is_known(c.split(".")[0])]
    jdk_calls: list[str] = []
    if e.language == "java":
        # the JDK's own classes (System.arraycopy, Objects.requireNonNull, ...) throw what
        # their docs say; the project cannot show it
        jdk_calls = [c for c in e.calls if c[:1].isupper() and not _is_project_class(ctx, c.split(".")[0])
                     and not re.search(r"(?:Exception|Error|Throwable)$", c)]  # ``new XException(...)``
        externals += jdk_calls
    return _CodeRaises(raised, explicit, externals, jdk_calls)


def _accounted_for(ctx: JudgeContext, e: Entity, seg: Segment, simple: str, code: _CodeRaises) -> bool:
    """Whether ``e`` may raise ``simple`` as far as its own code and 1-hop callees show: an
    exception anything may raise, one the virtual machine or the JDK throws, one raised (or a
    subclass of it), one an external call may raise, or one caught."""
    java = e.language == "java"
    if (simple in _IMPLICIT_ANY and not (simple == "Exception" and _cannot_raise(ctx, e))) \
            or (e.language in TS_LANGUAGES and simple == "TypeError"):
        return True  # JavaScript: any property access or call of a wrong value throws TypeError
    if java and (simple.endswith("Error") or (simple in _JAVA_ARRAY_EXCEPTIONS and "[" in e.code)):
        return True  # thrown by the virtual machine: errors, array access and stores
    if java and (code.jdk_calls or "{@inheritDoc}" in seg.text or re.search(r"\b(?:this|super)\s*\(", e.code)
                 or any(c in (e.name, f"this.{e.name}") for c in e.calls)):  # an overload of it
        return True  # a JDK call, the inherited contract, or the constructor it delegates to may throw it
    if any(covers(simple, r) or simple in project_bases(ctx, r) for r in code.raised):
        return True
    # An external call may raise anything: then only speak when the docs describe the
    # code's own raises and this one is a different, unrelated exception.
    if code.externals and not code.explicit:
        return True
    caught = {c.split(".")[-1] for c in e.catches}
    return simple in caught


def _accounted_for_deeper(ctx: JudgeContext, e: Entity, seg: Segment, simple: str, explicit: set[str]) -> bool:
    """Whether ``e`` may raise ``simple`` through what it calls a few hops deep
    (:func:`~docfact.judges.may_raise.deep_raises`), a library function docfact does not model,
    a callback, or an object it hands back that raises later."""
    deep, deep_uncertain, deep_external = deep_raises(ctx, e)
    if deep_uncertain or any(covers(simple, r) or simple in project_bases(ctx, r) for r in deep):
        return True
    if any(covers(simple, r.split(".")[-1]) or s.has_bare_raise for s in _setters_run(ctx, e) for r in s.raises):
        return True  # ``self.matching = m`` runs the property's setter, which validates and raises
    if deep_external and not _is_project_class(ctx, simple) and (not explicit or e.language == "python"):
        # a builtin or library exception may come from a library function docfact does
        # not model (``ast.parse`` raises SyntaxError), however many raises the code has
        return True
    # a callable from a table, a hook handed to a library (``object_hook=self._check``): it may
    # raise it
    if world.may_call_back(ctx, e, same_name=False):  # its own name on another object is any method
        return True
    # "when reading", "on access": the object handed back raises it later, in code docfact cannot see
    return deep_external and returns_an_object(e) and _speaks_of_later_use(e, seg.text)


_SELF_ASSIGN = re.compile(r"\bself\.(\w+)\s*=(?!=)")


def _setters_run(ctx: JudgeContext, e: Entity) -> list[Entity]:
    """The property setters of ``e``'s class that ``e`` runs by assigning ``self.x = ...``."""
    cls = ctx.owner_class
    if e.language != "python" or cls is None or ".setter" not in cls.code:
        return []
    assigned = set(_SELF_ASSIGN.findall(e.docless_code or e.code))
    return [x for x in ctx.file.entities if x.parent == cls.local_name and x.local_name.rsplit(".", 1)[-1] in assigned
            and any(d.endswith(".setter") for d in x.decorators)]


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
