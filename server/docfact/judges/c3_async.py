"""C3.not-async: a claim that the function works asynchronously ("asynchronously", "returns a
coroutine", "in the background") when it is a plain function that schedules no concurrent
work; listed in the checks of :mod:`docfact.judges.c3_functionality`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext
from docfact.judges.c3_claims import (
    NEG,
    about_a_parameter,
    about_the_function,
    calls_an_unfollowed_method,
    clause_about_the_function,
)
from docfact.judges.gates import Gated
from docfact.judges.mentions import strip_code
from docfact.judges.rules.c3_behaviour import NOT_ASYNC
from docfact.judges.world import project_decorators, signature_closed
from docfact.lang.python.builtins import STDLIB_MODULES
from docfact.lang.typescript import judging as ts_judging
from docfact.lang.typescript.globals import TS_LANGUAGES
from docfact.model import Entity, Finding, Param, Segment

# the function itself is claimed to be asynchronous: an adverb, "is/returns a coroutine", work
# that goes on after it returns. "Non-blocking" and "without blocking" alone are not such
# claims: a plain try-lock or a ``nowait`` put is non-blocking and synchronous.
_ASYNC_WORDS = Gated(re.compile(
    r"\basynchronously\b|\b(?:is|returns?)\s+(?:a|an)\s+(?:coroutine|awaitable)\b|^\s*(?:An?\s+)?(?:coroutine|awaitable)\s+(?:that|which)\b"
    r"|\bin\s+the\s+background\b(?!\s+(?:threads?|process(?:es)?|tasks?|workers?|loops?|jobs?)\b)"
    r"|\breturns?\s+(?:immediately\s+)?(?:before|while)\s+(?:the\s+)?(?:work|operation|task|job|request|transfer)\s+"
    r"(?:is\s+(?:done|finished|complete)|(?:finishes|completes|runs|continues|goes\s+on))\b",
    re.I,
), ("asynchronously", "coroutine", "awaitable", "background", "before", "while"))
_DEFERS = re.compile(r"(?i)schedul|\b(?:en)?queue[sd]?\b|\bdefer|later\b|_later|_soon\b|\bsoon\b")
_CONCURRENCY_HINT = re.compile(r"thread|executor|submit|task|future|async|callback|schedule|queue|loop|"
                               r"spawn|pool|defer|signal|emit|post|await|coroutine", re.I)
_PASSIVE_OTHER = re.compile(r"\b(?:are|were|will\s+be)\s+(?:\w+\s+){0,2}$", re.I)


def not_async(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if ctx.doc.kind == "comment":
        return  # a comment talks about the statements below it, not the whole function
    if e is None or e.kind not in ("function", "method") or e.is_async or e.is_abstract or e.is_generator:
        return  # a generator is how coroutines were written before ``async def``
    if "async" in e.name.lower() and "callable" not in (e.returns or "").lower():
        return  # ``connect_async``: the project's own name for the variant that finishes later
    prose = strip_code(seg.text)
    m = _ASYNC_WORDS.search(prose)
    if not m or NEG.search(prose[: m.start()]) or _PASSIVE_OTHER.search(prose[: m.start()]):
        return  # "getwch is used asynchronously", "events are handled in the background": another subject
    if "background" in m.group(0) and not about_the_function(prose):
        return  # "... because event loops running in the background ..."
    if not clause_about_the_function(e, prose[: m.start()]):
        return  # "the termination is delivered asynchronously", "the SDK ships events in the background"
    if re.search(r"\bcoroutine\s+functions?\b", prose, re.I) or _defines_a_function(e):
        return  # a factory or decorator: the sentence may describe the function it returns
    if not signature_closed(ctx, e) or e.path.endswith(".pyi"):
        return  # a decorator docfact cannot follow may make it a coroutine
    if _asynchrony_accounted_for(ctx, seg, e, prose):
        return
    yield ctx.finding(seg, NOT_ASYNC,
                      f"claims asynchronous behaviour (\"{m.group(0)}\"), but `{e.name}` is a plain {e.kind}: "
                      "not `async` and it schedules no concurrent work",
                      evidence=ctx.evidence_of(e, "the definition"))


def _asynchrony_accounted_for(ctx: JudgeContext, seg: Segment, e: Entity, prose: str) -> bool:
    """Whether what the sentence calls asynchronous may well be so: the call defers work, reports
    through a callback, reaches code docfact cannot read or that schedules work, is wrapped by a
    concurrent decorator, or the sentence is about an argument."""
    if _DEFERS.search(prose) or _DEFERS.search(e.name):
        return True  # "asynchronously schedule a call", ``call_later``: the call it defers is the asynchrony
    if _CALLBACK_STYLE.search(ctx.doc.text) or any(_takes_a_callback(p) for p in e.params):
        return True  # "Upon completion, ``on_done`` is called": asynchrony through a callback
    if _calls_a_library(ctx, e) or calls_an_unfollowed_method(ctx, e):
        return True  # a third-party call, or a method of a value docfact cannot type, may start the work
    if any(_may_schedule(dep) for dep in ctx.related_entities):
        return True  # ``send`` hands the message to ``send_with_options``, which enqueues it
    if any(d.is_async or _CONCURRENCY_HINT.search(" ".join(d.calls)) for d in project_decorators(ctx, e)):
        return True  # a project decorator whose wrapper is a coroutine or hands the call to a thread
    if about_a_parameter(e, seg.text):
        return True  # "Receivers can be asynchronous": the sentence is about an argument
    if any(_CONCURRENCY_HINT.search(x) for x in (*e.calls, *e.decorators, e.returns or "", *e.return_kinds)):
        return True
    if e.language in TS_LANGUAGES and ts_judging.promise_like(e):
        return True
    if any(_CONCURRENCY_HINT.search(p.annotation or "") for p in e.params):
        return True
    return False


# the docs say how completion is reported: a callback, a "when done" notification
_CALLBACK_STYLE = re.compile(r"\bcall[\s-]?backs?\b|\b(?:up)?on\s+(?:its\s+)?completion\b|"
                             r"\bwhen\s+(?:it\s+)?(?:completes?|finishes|done|complete)\b", re.I)
_CALLBACK_PARAM = re.compile(r"^on_|callback|_cb$|^cb_|handler|listener|^done$|^then$", re.I)


def _takes_a_callback(p: Param) -> bool:
    """Whether a parameter is a function the code may call later (``on_done``, ``callback``,
    an annotation ``Callable[...]``)."""
    return _CALLBACK_PARAM.search(p.name.lstrip("*")) is not None or "callable" in (p.annotation or "").lower()


def _may_schedule(dep: Entity) -> bool:
    """Whether a direct callee may do the asynchronous part: it is a coroutine or abstract (an
    implementation docfact cannot pick supplies it), calls something that schedules work, or
    its own docs say it works asynchronously."""
    if dep.kind not in ("function", "method"):
        return False
    return dep.is_async or dep.is_abstract or dep.is_generator \
        or any(_CONCURRENCY_HINT.search(c) for c in (*dep.calls, *dep.decorators)) \
        or re.search(r"\basynchronous", dep.code, re.I) is not None


def _defines_a_function(e: Entity) -> bool:
    """Whether ``e`` defines a nested function or returns a lambda: a factory or a decorator."""
    return re.search(r"\n[ \t]+(?:async[ \t]+)?def[ \t]|\breturn[ \t]+lambda\b", e.code) is not None


def _calls_a_library(ctx: JudgeContext, e: Entity) -> bool:
    """Whether ``e`` calls a function of a third-party library (not the project, the builtins
    or the standard library): code docfact cannot read, which may do anything."""
    from docfact.graph.resolve import ResolveCache

    if e.language != "python":
        return False
    cache = ResolveCache()
    for call in e.calls:
        try:
            r = ctx.graph.resolver.resolve(call, e, cache)
        except Exception:
            return True
        if r is not None and r.kind == "external" and r.qualname.split(".")[0] not in STDLIB_MODULES:
            return True
    return False
