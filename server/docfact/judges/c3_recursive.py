"""C3.not-recursive: a claim that the function works recursively ("recursively", "calls
itself") when neither it nor a function it calls calls it again; listed in the checks of
:mod:`docfact.judges.c3_functionality`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges import world
from docfact.judges.base import JudgeContext
from docfact.judges.c3_claims import (
    NEG,
    about_a_parameter,
    about_the_function,
    calls_an_unfollowed_method,
)
from docfact.judges.gates import Gated
from docfact.judges.mentions import strip_code
from docfact.judges.rules.c3_behaviour import NOT_RECURSIVE
from docfact.judges.world import may_call_back
from docfact.model import Entity, Finding, Segment


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
_HEDGED_AFTER = re.compile(r"\s+(?:could|might|may|can|would)\b", re.I)
# calls of helpers that recurse themselves: the docs may describe what they do
_RECURSIVE_HELPER = re.compile(r"walk|rglob|glob|copytree|rmtree|recurs|travers|visit|deep|tree|flatten|scan|crawl|"
                               r"descend|children", re.I)
_GUARDS = re.compile(r"\b(?:prevent(?:s|ing)?|avoid(?:s|ing)?|detect(?:s|ing)?|guard(?:s|ing)?\s+against|"
                     r"break(?:s|ing)?|stop(?:s|ping)?|limit(?:s|ing)?|infinite|endless|maximum|max)"
                     r"\s+(?:\w+\s+){0,2}$", re.I)


def _is_property(e: Entity) -> bool:
    return any(d.split("(")[0].rsplit(".", 1)[-1] in ("property", "cached_property", "setter", "getter", "deleter")
               for d in e.decorators)


def not_recursive(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if ctx.doc.kind == "comment":
        return  # a comment talks about the statements below it, not the whole function
    if e is None or e.kind not in ("function", "method") or _is_property(e):
        return  # a property's docs describe a value
    prose = strip_code(seg.text)
    m = _RECURSIVE.search(prose)
    if not m or NEG.search(prose[: m.start()]) or about_a_parameter(e, seg.text[: m.start()]):
        return
    if not world.behaviour_closed(ctx, e):
        return  # a hook that returns ``[]`` for overrides (asked after the words: it reads the body)
    if _GUARDS.search(prose[: m.start()]) or _HEDGED_AFTER.match(prose, m.end()) \
            or _OTHER_ACTOR.search(prose[: m.start()]):
        return  # "To prevent recursion", "where recursion could happen": no claim that it recurses
    if not about_the_function(prose):
        return  # "Since the parser can be called recursively": another subject
    owner = e.parent.rsplit(".", 1)[-1] if e.parent else None
    if any(_calls_by_name(c, e.name) or (owner is not None and c == f"{owner}.{e.name}") for c in e.calls):
        return  # ``Walker.visit(child)`` inside ``Walker.visit``: recursion through the class
    if re.search(r"\bwhile\b", e.code) or _descends_in_a_loop(e):
        return  # a work-list loop, ``for part in path: value = get(value, part)``: iterative descent
    if _may_recurse_unseen(ctx, e):
        return
    yield ctx.finding(seg, NOT_RECURSIVE,
                      f"says `{e.name}` works recursively, but neither it nor a function it calls "
                      f"calls `{e.name}` again",
                      evidence=ctx.evidence_of(e, "the calls it makes",
                                               ", ".join(dict.fromkeys(e.calls)) or "no calls"))


def _may_recurse_unseen(ctx: JudgeContext, e: Entity) -> bool:
    """Whether ``e`` may recurse through code docfact cannot list: a callable argument or local,
    a helper that recurses itself, a method of a value it cannot type, a project class or a
    callee that calls further in, or a parameter that asks for recursion."""
    # Only speak when every call is understood: external helpers (os.walk, copytree) may
    # recurse, and so may a callable held in a parameter or a local variable.
    variables = {p.name.lstrip("*") for p in e.params} | set(e.locals) | set(e.assigns)
    for c in e.calls:
        if c in variables:
            return True  # a callback could call back
        if _RECURSIVE_HELPER.search(c):
            return True  # a helper that recurses itself: the docs may describe that
    if calls_an_unfollowed_method(ctx, e):
        return True  # ``sm.run()`` on a state machine built at run time: it may come back here
    if may_call_back(ctx, e):
        return True  # a dispatch table, ``getattr(self, "visit_" + tag)``, ``child.walk()``, ``map(Node.total, kids)``
    for dep in ctx.related_entities:
        if dep.kind in ("function", "method") and any(_RECURSIVE_HELPER.search(c) for c in dep.calls):
            return True  # "checks files recursively" through a helper that walks the tree (``os.walk``)
        if dep.kind == "class" or (dep.kind in ("function", "method") and dep.calls and dep.path == e.path
                                   and any(c.split(".")[0] in ("self", "cls") for c in dep.calls)):
            return True  # a project class or a method that calls further in: recursion may sit there
        if any(c.rsplit(".", 1)[-1] == e.name for c in dep.calls):
            return True  # mutual recursion through a direct callee (``_clone(v)`` calls ``v.deep_clone()``)
        if any(_calls_by_name(c, dep.name) for c in dep.calls):
            return True  # the callee itself recurses: the docs may describe that
    if any(p.name.lower() in ("recursive", "recurse", "depth", "deep") for p in e.params):
        return True
    return False


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
