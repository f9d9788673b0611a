"""What the generic rules ask about TypeScript/JavaScript code: whether a doc belongs to such a
file, whether a function takes arguments its parameter list does not name, hands work to later,
or may throw what docfact cannot list, and whether a word is an English form of an identifier.
The TypeScript checks (:mod:`docfact.lang.typescript.rules`) build on it and on the generic
rules; the generic rules import only this module, so neither imports the other back."""

from __future__ import annotations

import re

from docfact.judges.base import JudgeContext
from docfact.lang.typescript.globals import TS_LANGUAGES
from docfact.model import Entity

# calls that hand work to later: a function making them is asynchronous in effect
_SCHEDULES = re.compile(
    r"(?:^|\.)(?:then|catch|finally|setTimeout|setImmediate|setInterval|nextTick|queueMicrotask|"
    r"requestAnimationFrame|requestIdleCallback|emit|on|once|addEventListener|postMessage|fetch|"
    r"pipe|write|end|listen|resolve|reject|all|allSettled|race|any|defer|schedule\w*)$"
)
_PROMISE_TYPE = re.compile(r"\b(?:Promise|PromiseLike|Thenable|Observable|AsyncIterable\w*|AsyncGenerator|Awaitable)\b")
_CALLBACK = re.compile(r"^(?:cb|callback|done|next|fn|handler|listener|resolve|reject|on[A-Z]\w*"
                       r"|\w*(?:Callback|Handler|Listener))$")


def loose_params(e: Entity) -> bool:
    """Whether a function takes arguments its parameter list does not name: a rest parameter,
    JavaScript's ``arguments``, parameters written as comments (``area(/* scale */)``: an
    overridable method that ignores what its overrides take), or an abstract method without
    parameters (``@abstract``: what its doc lists is what the overrides take)."""
    if any(p.kind == "vararg" for p in e.params) or re.search(r"\barguments\b", e.code) is not None:
        return True
    if _COMMENTED_PARAM.search(e.signature) is not None:
        return True
    return not e.params and e.kind == "method" and e.doc is not None and _ABSTRACT_TAG.search(e.doc.text) is not None


# a comment inside the parameter list: ``f(/* scale */)``, ``f(a, /* b, */)``, ``f(a // b``
_COMMENTED_PARAM = re.compile(r"\((?:[^()]|\([^()]*\))*?(?:/\*|//)")
_ABSTRACT_TAG = re.compile(r"^\s*@(?:abstract|virtual)\b", re.M)


_INFLECTIONS = ("s", "es", "ed", "d", "ing", "er", "ers", "able")


def inflected(word: str, name: str) -> bool:
    """Whether ``word`` is an English form of the identifier ``name`` (``refCounted``)."""
    return word != name and word.startswith(name) and word[len(name):] in _INFLECTIONS


def is_ts(ctx: JudgeContext) -> bool:
    """Whether the doc belongs to a TypeScript or JavaScript file."""
    return ctx.file.language in TS_LANGUAGES


def promise_like(e: Entity) -> bool:
    """Whether a function hands back or schedules work for later: declared to return a Promise,
    returns one (``new Promise``, ``.then``), calls a scheduler, or takes a callback."""
    if e.is_async or _PROMISE_TYPE.search(e.returns or ""):
        return True
    if any(rk.startswith("call:") and (rk[5:] in ("Promise", "Promise.resolve", "Promise.reject", "Promise.all")
                                       or rk.endswith((".then", ".catch", ".finally")))
           for rk in e.return_kinds):
        return True
    if any(_SCHEDULES.search(c) for c in e.calls):
        return True
    return any(_CALLBACK.match(p.name) or "=>" in (p.annotation or "") or "Function" in (p.annotation or "")
               for p in e.params)


# how deep and how wide the walk of :func:`throws_unknown` goes
_THROW_HOPS = 3
_THROW_LIMIT = 64


def throws_unknown(ctx: JudgeContext, e: Entity) -> bool:
    """Whether ``e``, or a project function it calls (a few hops deep), calls code whose errors
    docfact cannot list: anything that is not a project function or class (a builtin such as
    ``JSON.parse``, a package, a method of a value), or awaits something."""
    seen = {id(e)}
    frontier = [e]
    for _ in range(_THROW_HOPS):
        nxt: list[Entity] = []
        for ent in frontier:
            if "await" in ent.code or ent.has_bare_raise:
                return True
            for call in ent.calls:
                if call.endswith(("Error", "Exception")):
                    continue  # constructing the error it throws
                try:
                    r = ctx.graph.resolve(call, ent)
                except Exception:
                    return True
                if r is None or r.kind != "project" or r.entity is None or r.rest:
                    return True
                target = r.entity
                if target.kind == "class":
                    ctor = ctx.graph.entity(f"{target.qualname}.constructor")
                    if ctor is None:
                        continue
                    target = ctor
                if target.kind not in ("function", "method") or target.is_abstract:
                    return True
                if id(target) not in seen:
                    seen.add(id(target))
                    nxt.append(target)
        if len(seen) > _THROW_LIMIT:
            return True
        frontier = nxt
    return bool(frontier)  # the walk stopped before the end of the chain
