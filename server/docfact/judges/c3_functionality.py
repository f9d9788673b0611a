"""C3, functionality inconsistency: behaviour the docs claim and the code does not have. This
module holds the family's checks and C3.not-generator; the other rules live in
:mod:`docfact.judges.c3_async`, :mod:`docfact.judges.c3_recursive`, :mod:`docfact.judges.c3_calls`,
:mod:`docfact.judges.c3_raises` and :mod:`docfact.judges.defaults`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext
from docfact.judges.c3_async import not_async
from docfact.judges.c3_calls import calls_missing
from docfact.judges.c3_raises import raises_not_raised
from docfact.judges.c3_recursive import not_recursive
from docfact.judges.c3_required_optional import required_documented_optional
from docfact.judges.defaults import wrong_default
from docfact.judges.mentions import strip_code
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
from docfact.lang.typescript.globals import TS_LANGUAGES
from docfact.model import Finding, Segment

_YIELDS = re.compile(r"^\s*(?:Yields?\b(?!\s+(?:from|statements?|expressions?|keyword|control|execution|"
                     r"the\s+(?:processor|cpu|thread|event\s+loop|floor))\b)"
                     # "Yields significantly faster computation", "yields better results": English for "gives"
                     r"(?!\s+(?:\w+ly\s+)?(?:faster|slower|better|worse|more|less|fewer|higher|lower|improved|"
                     r"similar|comparable|identical|the\s+same|good|poor|accurate|stable)\b)|Lazily\s+yields?\b|(?:It|"
                     r"This(?:\s+function|\s+method)?)\s+(?:lazily\s+)?yields\b)|\b(?:is|returns?)\s+a\s+generator\b|"
                     r"^\s*(?:A\s+)?generator\s+(?:that|which|of|over)\b", re.I)


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
    if not annotated_plain and any(rk not in ("none", "str", "int", "float", "bool", "dict", "list", "tuple", "set",
                                              "bytes", "comparison", "fstring") for rk in e.return_kinds):
        return  # returns something we cannot see into (a call, a name): it may be a generator
    if re.search(r"[\"']yield\b", e.code):
        return  # a code generator that writes ``yield`` statements: "Yield or write ..."
    yield ctx.finding(seg, NOT_GENERATOR,
                      f"says `{e.name}` yields values, but it has no `yield` and returns "
                      + (", ".join(sorted(set(e.return_kinds))) or "nothing"),
                      evidence=ctx.evidence_of(e, "the definition"))


_YIELDS_A_VALUE = re.compile(r"(?i)\byields?\s+(?:`?(?:true|false|null|undefined)`?|an?\s+(?:boolean|"
                             r"number|string)|whether)\b")


CHECKS: tuple[Check, ...] = (
    Check(RAISES_NOT_RAISED, raises_not_raised),
    Check(NOT_ASYNC, not_async),
    Check(NOT_RECURSIVE, not_recursive),
    Check(NOT_GENERATOR, not_generator),
    Check(WRONG_DEFAULT, wrong_default),
    Check(REQUIRED_DOCUMENTED_OPTIONAL, required_documented_optional),
    Check(CALLS_MISSING, calls_missing),
)
