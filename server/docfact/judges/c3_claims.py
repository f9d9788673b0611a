"""What the C3 behaviour rules (:mod:`docfact.judges.c3_async`, :mod:`docfact.judges.c3_recursive`,
:mod:`docfact.judges.c3_calls`, :mod:`docfact.judges.c3_functionality`) share: whose a claim is
(the documented function, or a parameter, another noun, a relative clause: the sentence's
subject) and whether the function's calls reach methods docfact cannot follow."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext
from docfact.judges.may_raise import unfollowed_method as _unfollowed_method
from docfact.model import Entity

NEG = re.compile(r"(?:(?<![\w-])(?:not|never|no|isn't|doesn't|without|synchronous(?:ly)?|blocking|cannot|"
                 r"avoid|instead\s+of|might|may|could|refuses?|refusing|declines?|unlike)\b|n't\b)[^.]{0,30}$", re.I)
CALLS_VERB = re.compile(r"\b(?:calls|invokes|delegates\s+to|dispatches\s+to|uses|relies\s+on|wraps)\s+$", re.I)


def about_a_parameter(e: Entity, text: str) -> bool:
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


def about_the_function(prose: str) -> bool:
    """Whether a sentence is about the documented function: it starts with a verb (a summary
    line, "Walks the tree ...") or with "This function/method"."""
    return not _OTHER_SUBJECT.match(prose)


# a clause boundary: what follows has its own subject
_CLAUSE_BREAK = re.compile(r"[;:()]|\s[-\u2013\u2014]+\s|,\s*(?:but|and|while|whereas|so|yet)\b|\s(?:but|"
                           r"and|while|whereas)\s", re.I)
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
_EQUIVALENCE = re.compile(r"^\s*(?:(?:it\s+is|this\s+is)\s+)?"
                          r"(?:equivalent|similar|analogous|identical|comparable)\s+to\b|"
                          r"\b(?:basically|essentially|in\s+effect|conceptually|roughly|like|as\s+if|"
                          r"as\s+though)\s+(?:\S+\s+){0,2}$", re.I)


# a determiner's noun phrase that ends right before the verb: the verb's own subject
_SUBJECT_BEFORE_VERB = re.compile(r"\b(?:the|a|an|its|their|our|your|that|those|these|each|every|some|any|other)"
                                  r"(?:\s+(?!(?:then|also|and|or|first|finally|next|now|only|it)\b)[\w-]+)"
                                  r"{1,3}\s*$", re.I)


def noun_before_verb(before: str) -> bool:
    """Whether the verb that ends ``before`` ("... uses ") has a noun phrase of its own as its
    subject, right before it ("the base implementation uses"), other than the function itself."""
    clause = _CLAUSE_BREAK.split(before)[-1]
    subject = _SUBJECT_BEFORE_VERB.search(CALLS_VERB.sub("", clause))
    return subject is not None and not _OWN_SUBJECT.match(subject.group(0))


def clause_about_the_function(e: Entity, before: str) -> bool:
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


def unfollowed_calls(ctx: JudgeContext, e: Entity) -> Iterator[str | None]:
    """The name of each method ``e`` calls on a value whose type docfact cannot follow (a
    local, an attribute); None for a call the resolver failed on."""
    from docfact.graph.resolve import ResolveCache

    cache = ResolveCache()
    for call in e.calls:
        if "." not in call:
            continue
        try:
            r = ctx.graph.resolver.resolve(call, e, cache)
        except Exception:
            yield None
            continue
        method = _unfollowed_method(call, r) if r is not None else None
        if method is not None:
            yield method


def calls_an_unfollowed_method(ctx: JudgeContext, e: Entity) -> bool:
    """Whether ``e`` calls a method on a value whose type docfact cannot follow (a local, an
    attribute) while the project defines a method of that name (or a call docfact could not
    resolve at all)."""
    return any(method is None or any(m.kind == "method" for m in ctx.graph.entities_named(method))
               for method in unfollowed_calls(ctx, e))
