"""C3.calls-missing: a sentence that says the function calls or uses a project function
("calls `reschedule`") that neither it nor the code it runs calls or references; listed in the
checks of :mod:`docfact.judges.c3_functionality`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext
from docfact.judges.c3_claims import (
    CALLS_VERB,
    about_a_parameter,
    about_the_function,
    clause_about_the_function,
    noun_before_verb,
    unfollowed_calls,
)
from docfact.judges.mentions import MARKED, Mention, find_mentions, strip_code
from docfact.judges.rules.c3_behaviour import CALLS_MISSING
from docfact.judges.world import may_call_back, signature_closed
from docfact.lang.typescript.globals import TS_LANGUAGES
from docfact.model import Entity, Finding, Segment


def calls_missing(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if ctx.doc.kind == "comment":
        return  # a comment talks about the statements below it, not the whole function
    if e is None or e.kind not in ("function", "method") or e.is_abstract or seg.field is not None:
        return
    if not _calls_closed(ctx, e):
        return
    used: set[str] | None = None
    for m in find_mentions(seg.text):
        if _not_a_call_claim(ctx, seg, e, m):
            continue
        last = m.name.split(".")[-1]
        if used is None:  # only now worth collecting: a "calls X" sentence
            used = _names_used(ctx, e)
        if last in used or m.name in used:
            continue
        targets = ctx.graph.entities_named(last) if hasattr(ctx.graph, "entities_named") else []
        target = next((t for t in targets if t.kind in ("function", "method", "class")), None)
        if target is None:
            continue  # a name that exists nowhere is C1's business
        if may_call_back(ctx, e, same_name=False):
            return  # a callable from a table, ``self`` handed to a callee: calls docfact cannot list
        calls = ", ".join(f"`{c}`" for c in dict.fromkeys(e.calls)) or "nothing"
        yield ctx.finding(seg, CALLS_MISSING,
                          f"says it uses `{m.name}`, but `{e.name}` never calls or references it (it calls {calls})",
                          evidence=ctx.evidence_of(target, f"`{m.name}` is defined here"))


def _not_a_call_claim(ctx: JudgeContext, seg: Segment, e: Entity, m: Mention) -> bool:
    """Whether the mention ``m`` is not what the sentence says ``e`` calls: not marked or called,
    no "calls"/"uses" right before it, a subject other than the function, the function's own
    name, or another package's function."""
    if m.strength != MARKED and not m.is_call:
        return True
    before = seg.text[max(0, m.start - 30): m.start].rstrip("`~ ")
    before = re.sub(r"(?:\{@\w+|:(?:py:)?\w+:)$", "", before).rstrip() + " "
    if not CALLS_VERB.search(before):
        return True
    # after the cheap test above: this one reads the whole sentence before the mention
    if about_a_parameter(e, seg.text[: m.start]):
        return True  # "when queryset uses prefetch_related()": another subject
    if e.language in TS_LANGUAGES and not about_the_function(strip_code(seg.text[: m.start])):
        return True  # "The {@link asyncScheduler} uses `setTimeout`": another subject
    lead = seg.text[: m.start].rstrip("`~:").rstrip().removesuffix(":func").removesuffix(":meth") + " "
    if not clause_about_the_function(e, lead):
        return True  # "a test that uses `setUp`", "\"Someone\" calls `reschedule`": another subject
    if noun_before_verb(lead):
        return True  # "Overridden because the base implementation uses `x`": another subject
    last = m.name.split(".")[-1]
    if last == e.name:
        return True  # "Basically calls `Base.run`": the overridden or a sibling version, not a call
    head = m.name.split(".")[0]
    if "." in m.name and head not in (ctx.file.module.split(".")[0], "self", "cls", "this") \
            and ctx.file.entity(head) is None and not ctx.graph.entities_named(head):
        return True  # ``matplotlib.pyplot.hist``: another package's function, not the project's ``hist``
    return False


def _names_used(ctx: JudgeContext, e: Entity) -> set[str]:
    """Every name part that ``e`` and the code it runs (its callees, the special methods its
    syntax runs, methods of values it cannot type, what it builds) call or reference."""
    used: set[str] = set()
    for x in (*e.calls, *e.refs, *e.attributes):
        used.update(x.split("."))
    for dep in (*_run_by(ctx), *_dispatched_dunders(ctx, e), *_methods_of_unfollowed(ctx, e),
                *_methods_of_built(ctx)):
        for x in (*dep.calls, *dep.refs):
            used.update(x.split("."))
    return used


# a call whose target is a name computed at run time
_DYNAMIC_CALL = re.compile(r"\b(?:getattr|methodcaller|attrgetter|__getattribute__|vars|globals|locals)\s*\(")
_DYNAMIC_WORDS = ("getattr", "methodcaller", "attrgetter", "vars", "globals", "locals")  # see _calls_closed
# syntax that runs a special method of some object, and the special methods it may run
_DISPATCH = (
    (re.compile(r"[\w)\]]\["), ("__getitem__", "__setitem__", "__delitem__", "__missing__")),
    (re.compile(r"\b[fF]['\"]|\.format\(|\b(?:str|repr|format|print)\(|%\s*[\w(]"),
     ("__str__", "__repr__", "__format__")),
    (re.compile(r"\bin\b"), ("__contains__", "__iter__", "__next__")),
    (re.compile(r"\blen\("), ("__len__",)),
    (re.compile(r"\bwith\b"), ("__enter__", "__exit__", "__aenter__", "__aexit__")),
    (re.compile(r"[-+*/@%&|^<>=]=?|\bnot\b"), ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__add__",
                                             "__sub__", "__mul__", "__truediv__", "__bool__", "__hash__")),
)


_STRINGS = re.compile(r"(?:\"\"\"|\'\'\')[\s\S]*?(?:\"\"\"|\'\'\')|#[^\n]*")


def _calls_closed(ctx: JudgeContext, e: Entity) -> bool:
    """Whether docfact can list the calls ``e`` makes: its signature and body are the ones
    that run (no decorator it cannot follow) and no call targets a name computed at run time
    (``getattr(self, "on_" + kind)()``)."""
    if not signature_closed(ctx, e) or e.path.endswith(".pyi"):
        return False
    if e.language != "python":
        return True
    code = e.code
    # the words every match holds, looked for first: the pattern begins with ``\b``, so a search
    # is tried at every character of the code
    return not (any(w in code for w in _DYNAMIC_WORDS) and _DYNAMIC_CALL.search(code))


def _dispatched_dunders(ctx: JudgeContext, e: Entity) -> Iterator[Entity]:
    """The project's special methods that ``e``'s syntax may run without naming them:
    ``shard[key] = value`` runs some ``__setitem__``, ``f"{self.x}"`` some ``__str__``."""
    if e.language != "python":
        return
    body = _STRINGS.sub("", e.code.split("\n", 1)[-1])
    for pattern, names in _DISPATCH:
        if pattern.search(body):
            for name in names:
                yield from (x for x in ctx.graph.entities_named(name) if x.kind == "method" and x is not e)


def _methods_of_unfollowed(ctx: JudgeContext, e: Entity) -> Iterator[Entity]:
    """The project methods a call of ``e`` on a value whose type docfact cannot follow may run
    (``self.sink.put(...)``: every project method ``put``)."""
    for method in unfollowed_calls(ctx, e):
        if method is not None:
            yield from (m for m in ctx.graph.entities_named(method) if m.kind == "method" and m is not e)


def _run_by(ctx: JudgeContext) -> Iterator[Entity]:
    """The 1-hop dependencies whose code runs when the documented code uses them: a function
    or method itself, a class through its constructor (``__init__``, ``__new__``,
    ``__post_init__``), not every method the class defines."""
    for dep in ctx.related_entities:
        if dep.kind != "class":
            yield dep
            continue
        for init in ("__init__", "__new__", "__post_init__"):
            found = ctx.graph.find(dep.path, f"{dep.local_name}.{init}")
            if found is not None:
                yield found


def _methods_of_built(ctx: JudgeContext) -> Iterator[Entity]:
    """The methods of the project classes the documented code builds: what a factory returns
    does the work its docs describe ("now uses the metric frame internally", in ``__call__``)."""
    for dep in ctx.related_entities:
        if dep.kind == "class":
            for member in dep.members:
                found = ctx.graph.find(dep.path, member)
                if found is not None and found.kind in ("function", "method"):
                    yield found
