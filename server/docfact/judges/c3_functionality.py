"""C3, functionality inconsistency: behaviour the docs claim and the code does not have (the
raises rule lives in :mod:`docfact.judges.c3_raises`, defaults in :mod:`docfact.judges.defaults`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges import world
from docfact.judges.base import JudgeContext
from docfact.judges.c3_raises import raises_not_raised
from docfact.judges.defaults import required_documented_optional, wrong_default
from docfact.judges.gates import Gated
from docfact.judges.may_raise import unfollowed_method as _unfollowed_method
from docfact.judges.mentions import MARKED, find_mentions, strip_code
from docfact.judges.rule import Check
from docfact.judges.rules.c3_behaviour import (
    CALLS_MISSING,
    NOT_ASYNC,
    NOT_GENERATOR,
    NOT_RECURSIVE,
    RAISES_NOT_RAISED,
    REQUIRED_DOCUMENTED_OPTIONAL,
    WRONG_DEFAULT,
)
from docfact.judges.world import may_call_back, project_decorators, signature_closed
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
_NEG = re.compile(r"(?:(?<![\w-])(?:not|never|no|isn't|doesn't|without|synchronous(?:ly)?|blocking|cannot|avoid|instead\s+of|might|may|could|refuses?|refusing|declines?|unlike)\b|n't\b)[^.]{0,30}$", re.I)
_DEFERS = re.compile(r"(?i)schedul|\b(?:en)?queue[sd]?\b|\bdefer|later\b|_later|_soon\b|\bsoon\b")
_CONCURRENCY_HINT = re.compile(r"thread|executor|submit|task|future|async|callback|schedule|queue|loop|spawn|pool|defer|signal|emit|post|await|coroutine", re.I)


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
    if not m or _NEG.search(prose[: m.start()]) or _PASSIVE_OTHER.search(prose[: m.start()]):
        return  # "getwch is used asynchronously", "events are handled in the background": another subject
    if "background" in m.group(0) and not _about_the_function(prose):
        return  # "... because event loops running in the background ..."
    if not _clause_about_the_function(e, prose[: m.start()]):
        return  # "the termination is delivered asynchronously", "the SDK ships events in the background"
    if re.search(r"\bcoroutine\s+functions?\b", prose, re.I) or _defines_a_function(e):
        return  # a factory or decorator: the sentence may describe the function it returns
    if not signature_closed(ctx, e) or e.path.endswith(".pyi"):
        return  # a decorator docfact cannot follow may make it a coroutine
    if _DEFERS.search(prose) or _DEFERS.search(e.name):
        return  # "asynchronously schedule a call", ``call_later``: the call it defers is the asynchrony
    if _CALLBACK_STYLE.search(ctx.doc.text) or any(_takes_a_callback(p) for p in e.params):
        return  # "Upon completion, ``on_done`` is called": asynchrony through a callback
    if _calls_a_library(ctx, e) or _calls_an_unfollowed_method(ctx, e):
        return  # a third-party call, or a method of a value docfact cannot type, may start the work
    if any(_may_schedule(dep) for dep in ctx.related_entities):
        return  # ``send`` hands the message to ``send_with_options``, which enqueues it
    if any(d.is_async or _CONCURRENCY_HINT.search(" ".join(d.calls)) for d in project_decorators(ctx, e)):
        return  # a project decorator whose wrapper is a coroutine or hands the call to a thread
    if _about_a_parameter(e, seg.text):
        return  # "Receivers can be asynchronous": the sentence is about an argument
    if any(_CONCURRENCY_HINT.search(x) for x in (*e.calls, *e.decorators, e.returns or "", *e.return_kinds)):
        return
    if e.language in TS_LANGUAGES and ts_judging.promise_like(e):
        return
    if any(_CONCURRENCY_HINT.search(p.annotation or "") for p in e.params):
        return
    yield ctx.finding(seg, NOT_ASYNC,
                      f"claims asynchronous behaviour (\"{m.group(0)}\"), but `{e.name}` is a plain {e.kind}: not `async` and it schedules no concurrent work",
                      evidence=ctx.evidence_of(e, "the definition"))


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


# a clause boundary: what follows has its own subject
_CLAUSE_BREAK = re.compile(r"[;:()]|\s[-\u2013\u2014]+\s|,\s*(?:but|and|while|whereas|so|yet)\b|\s(?:but|and|while|whereas)\s", re.I)
# the documented function as a subject ("It", "This method", "The call")
_OWN_SUBJECT = re.compile(r"^\s*(?:it|(?:this|the)\s+(?:function|method|call|routine|helper|coroutine))\b", re.I)
# a subject that is not the documented function: a noun phrase, a pronoun, an indefinite
_NOUN_SUBJECT = re.compile(r"^\s*[\"'`*]*(?:someone|somebody|something|one|nobody|everyone|callers?|users?|clients?|"
                           r"(?:since|because|as|if|when|whenever|while|although|though|unless|note|this|that|these|"
                           r"those|its|they|we|our|you|each|every|any|all|some|the|a|an|there|here|so|such|in|on|"
                           r"at|for|with|after|before|once|during)\b)", re.I)
# a relative or complement clause right before the verb: "a test that uses", "make sure that X calls"
_RELATIVE_BEFORE = re.compile(r"\b(?:that|which|who|whose|whom|where)\b(?:\s+\S+){0,3}\s*$", re.I)
# the sentence speaks of an equivalent or similar thing, not of what the code does
_EQUIVALENCE = re.compile(r"^\s*(?:(?:it\s+is|this\s+is)\s+)?(?:equivalent|similar|analogous|identical|comparable)\s+to\b|"
                          r"\b(?:basically|essentially|in\s+effect|conceptually|roughly|like|as\s+if|as\s+though)\s+(?:\S+\s+){0,2}$", re.I)


# a determiner's noun phrase that ends right before the verb: the verb's own subject
_SUBJECT_BEFORE_VERB = re.compile(r"\b(?:the|a|an|its|their|our|your|that|those|these|each|every|some|any|other)"
                                  r"(?:\s+(?!(?:then|also|and|or|first|finally|next|now|only|it)\b)[\w-]+){1,3}\s*$", re.I)


def _noun_before_verb(before: str) -> bool:
    """Whether the verb that ends ``before`` ("... uses ") has a noun phrase of its own as its
    subject, right before it ("the base implementation uses"), other than the function itself."""
    clause = _CLAUSE_BREAK.split(before)[-1]
    subject = _SUBJECT_BEFORE_VERB.search(_CALLS_VERB.sub("", clause))
    return subject is not None and not _OWN_SUBJECT.match(subject.group(0))


def _clause_about_the_function(e: Entity, before: str) -> bool:
    """Whether the clause that holds a claim (``before``: the sentence up to the claim) has the
    documented function as its subject: the clause starts with a verb (a summary, "Fetch the
    page asynchronously") or with "It", "This method", "The call", or the function's name;
    not another noun ("the SDK ships ..."), a relative clause ("a test that uses ..."), or an
    equivalence ("Equivalent to a pass that calls ...", "Basically calls ...")."""
    if _EQUIVALENCE.search(before) or _RELATIVE_BEFORE.search(before):
        return False
    parts = _CLAUSE_BREAK.split(before)
    clause = parts[-1] if parts else before
    if not clause.strip() and len(parts) > 1:
        clause = parts[-2]
    for text in (before, clause):
        if _OWN_SUBJECT.match(text) or re.match(rf"^\s*[`*]*{re.escape(e.name)}\b", text):
            continue
        if _NOUN_SUBJECT.match(text):
            return False
    return True


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


def _calls_by_name(call: str, name: str) -> bool:
    """Whether a call expression calls ``name`` itself (``name()``, ``self.name()``, ``cls.name()``),
    not a same-named method of some other object (``session.request()``)."""
    return call == name or call in (f"self.{name}", f"cls.{name}", f"this.{name}", f"super().{name}",
                                    f"type(self).{name}", f"self.__class__.{name}")


# "recursively", "uses recursion", "calls itself", "is recursive", "a recursive walk"; not
# "non-recursive", nor "recursive" of something else ("a recursive loop", "recursive lists")
_RECURSIVE = Gated(re.compile(
    # (not "backward recursion", "a three-term recursion formula": a recurrence relation, often a loop)
    # the noun only as the means ("uses recursion", "by recursion"), not a name ("Recursion Desired")
    r"(?<![\w-])(?:recursively|(?:\b(?:uses?|using|employs?|via|by|through|with)\s+(?:(?!backward|forward)\w+\s+)?)recursion"
    r"(?!\s+(?:limit|depth|error|formula|relation|coefficients?)))\b|\bcalls\s+itself\b|\bis\s+recursive\b"
    r"|(?<![\w-])recursive\s+(?:function|method|call|calls|algorithm|implementation|descent|walk|"
    r"traversal|search|scan|visit|version|helper)\b",
    re.I,
), ("recursi", "itself"))


# "... when they recursively refer to themselves": another subject does it
_OTHER_ACTOR = re.compile(r"\b(?:they|these|those|which|who|whose|children|callers?|users?)\s+(?:\w+\s+)?$", re.I)
_PASSIVE_OTHER = re.compile(r"\b(?:are|were|will\s+be)\s+(?:\w+\s+){0,2}$", re.I)
_HEDGED_AFTER = re.compile(r"\s+(?:could|might|may|can|would)\b", re.I)
# calls of helpers that recurse themselves: the docs may describe what they do
_RECURSIVE_HELPER = re.compile(r"walk|rglob|glob|copytree|rmtree|recurs|travers|visit|deep|tree|flatten|descend|children", re.I)
_GUARDS = re.compile(r"\b(?:prevent(?:s|ing)?|avoid(?:s|ing)?|detect(?:s|ing)?|guard(?:s|ing)?\s+against|break(?:s|ing)?|stop(?:s|ping)?|limit(?:s|ing)?|infinite|endless|maximum|max)\s+(?:\w+\s+){0,2}$", re.I)


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


def _is_property(e: Entity) -> bool:
    return any(d.split("(")[0].rsplit(".", 1)[-1] in ("property", "cached_property", "setter", "getter", "deleter")
               for d in e.decorators)


def not_recursive(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if ctx.doc.kind == "comment":
        return  # a comment talks about the statements below it, not the whole function
    if e is None or e.kind not in ("function", "method") or not world.behaviour_closed(ctx, e) or _is_property(e):
        return  # a hook that returns ``[]`` for overrides; a property's docs describe a value
    prose = strip_code(seg.text)
    m = _RECURSIVE.search(prose)
    if not m or _NEG.search(prose[: m.start()]) or _about_a_parameter(e, seg.text[: m.start()]):
        return
    if _GUARDS.search(prose[: m.start()]) or _HEDGED_AFTER.match(prose, m.end()) \
            or _OTHER_ACTOR.search(prose[: m.start()]):
        return  # "To prevent recursion", "where recursion could happen": no claim that it recurses
    if not _about_the_function(prose):
        return  # "Since the parser can be called recursively": another subject
    owner = e.parent.rsplit(".", 1)[-1] if e.parent else None
    if any(_calls_by_name(c, e.name) or (owner is not None and c == f"{owner}.{e.name}") for c in e.calls):
        return  # ``Walker.visit(child)`` inside ``Walker.visit``: recursion through the class
    if re.search(r"\bwhile\b", e.code) or _descends_in_a_loop(e):
        return  # a work-list loop, ``for part in path: value = get(value, part)``: iterative descent
    # Only speak when every call is understood: external helpers (os.walk, copytree) may
    # recurse, and so may a callable held in a parameter or a local variable.
    variables = {p.name.lstrip("*") for p in e.params} | set(e.locals) | set(e.assigns)
    for c in e.calls:
        if c in variables:
            return  # a callback could call back
        if _RECURSIVE_HELPER.search(c):
            return  # a helper that recurses itself: the docs may describe that
    if _calls_an_unfollowed_method(ctx, e):
        return  # ``sm.run()`` on a state machine built at run time: it may come back here
    if may_call_back(ctx, e):
        return  # a dispatch table, ``getattr(self, "visit_" + tag)``, ``child.walk()``, ``map(Node.total, kids)``
    for dep in ctx.related_entities:
        if dep.kind in ("function", "method") and any(_RECURSIVE_HELPER.search(c) for c in dep.calls):
            return  # "checks files recursively" through a helper that walks the tree (``os.walk``)
        if dep.kind == "class" or (dep.kind in ("function", "method") and dep.calls and dep.path == e.path
                                   and any(c.split(".")[0] in ("self", "cls") for c in dep.calls)):
            return  # a project class or a method that calls further in: recursion may sit there
        if any(c.rsplit(".", 1)[-1] == e.name for c in dep.calls):
            return  # mutual recursion through a direct callee (``_clone(v)`` calls ``v.deep_clone()``)
        if any(_calls_by_name(c, dep.name) for c in dep.calls):
            return  # the callee itself recurses: the docs may describe that
    if any(p.name.lower() in ("recursive", "recurse", "depth", "deep") for p in e.params):
        return
    yield ctx.finding(seg, NOT_RECURSIVE,
                      f"says `{e.name}` works recursively, but neither it nor a function it calls calls `{e.name}` again",
                      evidence=ctx.evidence_of(e, "the calls it makes",
                                               ", ".join(dict.fromkeys(e.calls)) or "no calls"))


_YIELDS = re.compile(r"^\s*(?:Yields?\b(?!\s+(?:from|statements?|expressions?|keyword|control|execution|the\s+(?:processor|cpu|thread|event\s+loop|floor))\b)|Lazily\s+yields?\b|(?:It|This(?:\s+function|\s+method)?)\s+(?:lazily\s+)?yields\b)|\b(?:is|returns?)\s+a\s+generator\b|^\s*(?:A\s+)?generator\s+(?:that|which|of|over)\b", re.I)


_NOUN_BEFORE_IS = re.compile(r"\b(?:the|a|an|each|every|its|their|whose)\s+(?:[\w-]+\s+){0,2}?([\w-]+)\s+$", re.I)
_OWN_NOUNS = frozenset(("function", "method", "call", "result", "value", "output", "it", "this"))


def _other_noun_is(before: str) -> bool:
    """Whether a noun phrase other than the function or its result is the subject of the "is"
    that ends ``before`` ("... where the first item is")."""
    m = _NOUN_BEFORE_IS.search(before)
    return m is not None and m.group(1).lower() not in _OWN_NOUNS


def not_generator(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if ctx.doc.kind == "comment":
        return  # a comment talks about the statements below it, not the whole function
    if e is None or e.kind not in ("function", "method") or e.is_generator or e.is_abstract or e.is_async:
        return
    item = seg.field
    if item is None:
        prose = strip_code(seg.text)
        m = _YIELDS.search(prose)
        if m is None or _other_noun_is(prose[: m.start()]):
            return  # no claim, or "a tuple where the first item is a generator": another subject
    elif item.section != "yields":
        return
    if e.language in TS_LANGUAGES and item is None and _YIELDS_A_VALUE.search(seg.text):
        return  # "Yields true for both native and observable Map": English for "returns"
    ann = (e.returns or "").lower()
    if re.search(r"iter|generator|stream|sequence|collection|flux|observable", ann):
        return
    annotated_plain = e.language == "python" and e.returns is not None \
        and re.fullmatch(r"\s*(?:str|int|float|bool|bytes|None|dict|list|tuple|set)\b[^|]*", e.returns) is not None
    if not annotated_plain and any(rk not in ("none", "str", "int", "float", "bool", "dict", "list", "tuple", "set", "bytes",
                                              "comparison", "fstring") for rk in e.return_kinds):
        return  # returns something we cannot see into (a call, a name): it may be a generator
    if re.search(r"[\"']yield\b", e.code):
        return  # a code generator that writes ``yield`` statements: "Yield or write ..."
    yield ctx.finding(seg, NOT_GENERATOR,
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
    if not _calls_closed(ctx, e):
        return
    used: set[str] | None = None
    for m in find_mentions(seg.text):
        if m.strength != MARKED and not m.is_call:
            continue
        before = seg.text[max(0, m.start - 30): m.start].rstrip("`~ ")
        before = re.sub(r"(?:\{@\w+|:(?:py:)?\w+:)$", "", before).rstrip() + " "
        if not _CALLS_VERB.search(before):
            continue
        # after the cheap test above: this one reads the whole sentence before the mention
        if _about_a_parameter(e, seg.text[: m.start]):
            continue  # "when queryset uses prefetch_related()": another subject
        if e.language in TS_LANGUAGES and not _about_the_function(strip_code(seg.text[: m.start])):
            continue  # "The {@link asyncScheduler} uses `setTimeout`": another subject
        lead = seg.text[: m.start].rstrip("`~:").rstrip().removesuffix(":func").removesuffix(":meth") + " "
        if not _clause_about_the_function(e, lead):
            continue  # "a test that uses `setUp`", "\"Someone\" calls `reschedule`": another subject
        if _noun_before_verb(lead):
            continue  # "Overridden because the base implementation uses `x`": another subject
        last = m.name.split(".")[-1]
        if last == e.name:
            continue  # "Basically calls `Base.run`": the overridden or a sibling version, not a call
        head = m.name.split(".")[0]
        if "." in m.name and head not in (ctx.file.module.split(".")[0], "self", "cls", "this") \
                and ctx.file.entity(head) is None and not ctx.graph.entities_named(head):
            continue  # ``matplotlib.pyplot.hist``: another package's function, not the project's ``hist``
        if used is None:  # only now worth collecting: a "calls X" sentence
            used = set()
            for x in (*e.calls, *e.refs, *e.attributes):
                used.update(x.split("."))
            for dep in (*_run_by(ctx), *_dispatched_dunders(ctx, e), *_methods_of_unfollowed(ctx, e),
                        *_methods_of_built(ctx)):
                for x in (*dep.calls, *dep.refs):
                    used.update(x.split("."))
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


# a call whose target is a name computed at run time
_DYNAMIC_CALL = re.compile(r"\b(?:getattr|methodcaller|attrgetter|__getattribute__|vars|globals|locals)\s*\(")
# syntax that runs a special method of some object, and the special methods it may run
_DISPATCH = (
    (re.compile(r"[\w)\]]\["), ("__getitem__", "__setitem__", "__delitem__", "__missing__")),
    (re.compile(r"\b[fF]['\"]|\.format\(|\b(?:str|repr|format|print)\(|%\s*[\w(]"), ("__str__", "__repr__", "__format__")),
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
    return e.language != "python" or not _DYNAMIC_CALL.search(e.code)


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
    from docfact.graph.resolve import ResolveCache

    cache = ResolveCache()
    for call in e.calls:
        if "." not in call:
            continue
        try:
            r = ctx.graph.resolver.resolve(call, e, cache)
        except Exception:
            continue
        method = _unfollowed_method(call, r) if r is not None else None
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


_ASSIGNMENT = re.compile(r"^[ \t]+(\w+)[ \t]*=(?!=)(.*)$", re.M)


def _descends_in_a_loop(e: Entity) -> bool:
    """Whether a ``for`` loop replaces a value with something reached from it (``value =
    get(value, part)``): the loop walks down a nested path that the docs call recursive."""
    code = e.docless_code or e.code
    if not re.search(r"\bfor\b", code):
        return False
    for m in _ASSIGNMENT.finditer(code):
        name, value = re.escape(m.group(1)), m.group(2).strip()
        # ``value = get(value, part)``, ``node = node.parent``, ``item = item[key]`` (not ``n = n + 1``)
        if re.match(rf"{name}\s*[.\[]", value) or re.match(rf"[\w.]+\(\s*{name}\b", value):
            return True
    return False


def _methods_of_built(ctx: JudgeContext) -> Iterator[Entity]:
    """The methods of the project classes the documented code builds: what a factory returns
    does the work its docs describe ("now uses the metric frame internally", in ``__call__``)."""
    for dep in ctx.related_entities:
        if dep.kind == "class":
            for member in dep.members:
                found = ctx.graph.find(dep.path, member)
                if found is not None and found.kind in ("function", "method"):
                    yield found


CHECKS: tuple[Check, ...] = (
    Check(RAISES_NOT_RAISED, raises_not_raised),
    Check(NOT_ASYNC, not_async),
    Check(NOT_RECURSIVE, not_recursive),
    Check(NOT_GENERATOR, not_generator),
    Check(WRONG_DEFAULT, wrong_default),
    Check(REQUIRED_DOCUMENTED_OPTIONAL, required_documented_optional),
    Check(CALLS_MISSING, calls_missing),
)
