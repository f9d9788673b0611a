"""C3.copied-from-sibling: a sentence copied from the docstring of a sibling that describes the
sibling, not the documented function.

A method's summary, parameter or return text that appears word for word in the docstring of
another method of the same class (a function of the same module), and that names what sets the
sibling apart from the documented one (``hessian`` in the ``params`` item of ``score``, "pdf
values" under ``Returns`` of ``cdf``, "Set the font weight." on ``get_weight``), while it names
nothing that sets the documented one apart, was carried over with the copy and describes the
sibling's behaviour. Names are compared by their words (``get_weight``: get, weight); a word
written as code or as the sibling's full name is a reference to it, not a copy.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import cast

from docfact.judges.base import JudgeContext, name_words
from docfact.judges.function_ast import function_ast, statements_after_doc
from docfact.judges.rule import Check
from docfact.judges.rules.c3_behaviour import COPIED_FROM_SIBLING
from docfact.model import Entity, Finding, Segment

# plain words; an identifier with underscores (``__getitem__``) names code, not the sibling's work
_TEXT_WORD = re.compile(r"(?<!\w)(?<!\w\.)[A-Za-z][A-Za-z0-9]*(?!\w|\.\w)")
# words that name a type in a return item: "list", "a string", not a sibling's work
_TYPE_WORDS = frozenset({"list", "dict", "str", "string", "strings", "tuple", "set", "int", "float", "bool", "array",
                         "frame", "series", "index", "none", "object", "bytes", "unicode"})
_MARKED = re.compile(r"``?[^`]+``?|:\w+:`[^`]+`")


@dataclass(frozen=True)
class _Sibling:
    entity: Entity
    words: frozenset[str]  # the words of its name, lower case
    text: str  # its docstring, whitespace collapsed, lower case


def _name_words(name: str) -> frozenset[str]:
    return frozenset(w for w in name_words(name) if len(w) >= 3)


def _flat(text: str) -> str:
    return " ".join(text.split()).lower()


def _siblings(ctx: JudgeContext, e: Entity) -> dict[str, list[_Sibling]]:
    """The documented functions beside ``e`` (members of its class, or the module's functions),
    by each word of their names; built once per scope and file."""
    key = ("copied-siblings", e.parent or "")
    got = ctx.file_cache.get(key)
    if got is not None:
        return cast("dict[str, list[_Sibling]]", got)
    if e.parent:
        owner = ctx.file.entity(e.parent)
        members = [ctx.file.entity(m) for m in owner.members] if owner is not None and owner.kind == "class" else []
    else:
        members = [x for x in ctx.file.entities if x.parent is None and x.kind == "function"]
    got = {}
    for m in members:
        if m is None or m.kind not in ("function", "method") or m.doc is None:
            continue
        sib = _Sibling(m, _name_words(m.name), _flat(m.doc.text))
        for w in sib.words:
            got.setdefault(w, []).append(sib)
    ctx.file_cache[key] = got
    return got


def _overlap(theirs: frozenset[str], mine: frozenset[str]) -> bool:
    """Whether a word of one name is part of a word of the other (``bar``/``barh``,
    ``point``/``points``, ``loglike``/``nloglike``)."""
    return any(a in b or b in a for a in theirs for b in mine)


def _evaluates(text: str, word: str) -> bool:
    """Whether the text says ``word`` is evaluated or computed, ending a clause: "when evaluating
    the Hessian.", "at which cdf is evaluated", not "to compute the forecast components"."""
    w = re.escape(word)
    return re.search(rf"(?i)\b(?:evaluat|comput|calculat)\w*\s+(?:the\s+)?{w}"
                     rf"(?:\s*[.,;:)]|\s*$|\s+(?:at|for|with|of|in|on)\b)"
                     rf"|\b{w}\s+(?:is|are)\s+(?:evaluated|computed|calculated)\b", text) is not None


_EVALUATES = re.compile(r"(?i)evaluat|comput|calculat")


def _shapes(e: Entity) -> list[tuple[object, ...]]:
    """Keys that names built alike share (see :func:`_parallel`): the words with one left out,
    for each position; one word: the parameter names."""
    words = name_words(e.name)
    if len(words) == 1:
        return [("params", tuple(p.name for p in e.params))]
    return [(i, *words[:i], *words[i + 1:]) for i in range(len(words))]


def _parallel_siblings(ctx: JudgeContext, e: Entity, siblings: dict[str, list[_Sibling]]) -> bool:
    """Whether any sibling's name is built like ``e``'s (an index per scope and file)."""
    key = ("copied-shapes", e.parent or "")
    shapes = ctx.file_cache.get(key)
    if shapes is None:
        shapes = {}
        for sib in {id(s): s for group in siblings.values() for s in group}.values():
            for shape in _shapes(sib.entity):
                shapes.setdefault(shape, set()).add(sib.entity.name)
        ctx.file_cache[key] = shapes
    return any(shapes.get(shape, set()) - {e.name} for shape in _shapes(e))


def _parallel(e: Entity, s: Entity) -> bool:
    """Names built alike: as many words, one of them different (``get_weight``/``set_weight``,
    ``_eval_is_subset``/``_eval_is_superset``), or one word each with the same parameters
    (``cdf(self, x)``/``pdf(self, x)``, two properties)."""
    a, b = name_words(e.name), name_words(s.name)
    if len(a) != len(b):
        return False
    if len(a) == 1:
        return [p.name for p in e.params] == [p.name for p in s.params]
    return sum(x != y for x, y in zip(a, b, strict=True)) == 1


def _body(e: Entity) -> str | None:
    """The statements of ``e`` after its docstring, as code (None when it does not parse). Names
    stay as they are: ``self.distr.pdf(x)`` and ``self.distr.cdf(x)`` are different work, and so
    are ``get("plural_form")`` and ``get("ordinal_form")``."""
    fn = function_ast(e)
    if fn is None:
        return None
    return "\n".join(ast.unparse(stmt) for stmt in statements_after_doc(fn))


def _variants(e: Entity, s: Entity) -> bool:
    """Whether ``e`` and ``s`` are variants of one function, so that a sentence true of one is true
    of the other: a decorator of one names the other (``@wraps(other)``, "copy the docs of"), or
    both run the same body, word for word, and it does work (calls something, or computes more
    than a placeholder: ``return self.kind == FUNDAMENTAL``): an alias kept as a copy. Two
    placeholder bodies (``return x``) say nothing about what either one does."""
    for a, b in ((e, s), (s, e)):
        if any(re.search(rf"(?<![\w]){re.escape(b.name)}\b", d.split("(", 1)[-1]) for d in a.decorators if "(" in d):
            return True
    if e.decorators != s.decorators:
        return False
    body = _body(e)
    return body is not None and bool(body) and body == _body(s) and (bool(e.calls) or not _placeholder(body))


_PLACEHOLDER = re.compile(r"(?:pass|\.\.\.|return(?: \w+)?|raise NotImplementedError\b.*)")


def _placeholder(body: str) -> bool:
    """A body that does no work: ``pass``, ``...``, ``return x``, ``raise NotImplementedError``."""
    return "\n" not in body and _PLACEHOLDER.fullmatch(body) is not None


_FAMILY_AFTER = re.compile(r"\s*(?:and|or)\s+(?:related|similar|other|derived)\b|-like\b|-type\b", re.I)
# a condition on how the code is used ("if using simulation or bootstrap"), not the claim's own
# condition ("True if reader was removed")
_CONDITION_BEFORE = re.compile(r"\b(?:if|unless|when)\s+(?:using|used|run|called)\b[^,;.]*$", re.I)


def _hedged(text: str, word: str) -> bool:
    """Whether every mention of the sibling's ``word`` in ``text`` is broadened to a family ("GARCH
    and related models") or sits in a condition ("if using simulation or bootstrap")."""
    found = list(re.finditer(rf"\b{re.escape(word)}\b", text, re.I))
    return bool(found) and all(_FAMILY_AFTER.match(text, m.end()) or _CONDITION_BEFORE.search(text, 0, m.start())
                               for m in found)


# a denial just before a word: "have not been stopped", "never reset", "non-blocking", "not
# stopped or removed"
_DENIED_BEFORE = re.compile(r"\b(?:not|never|no|non|without)\b(?:[\s-]+\w+){0,3}[\s-]+$", re.I)


def _negated(text: str, word: str) -> bool:
    """Whether every mention of the sibling's ``word`` in ``text`` is denied ("not been stopped")."""
    found = list(re.finditer(rf"\b{re.escape(word)}\b", text, re.I))
    return bool(found) and all(_DENIED_BEFORE.search(text, max(0, m.start() - 40), m.start()) for m in found)


def _explained(ctx: JudgeContext, seg: Segment, siblings: dict[str, list[_Sibling]], sib: _Sibling, copied: str,
               theirs: frozenset[str]) -> bool:
    """Whether the text ``copied`` that the doc shares with sibling ``sib`` is no stray copy after
    all: the doc speaks of the sibling's words elsewhere too (its topic), the sibling hands its
    work to this function, the sibling's summary says more after the same verb, or three or more
    siblings share the summary (a template)."""
    e, s = ctx.entity, sib.entity
    if seg.field is None and sib.text.startswith(copied) and sib.text[len(copied):len(copied) + 1] == " " \
            and re.fullmatch(r"_*[a-z]+", s.name) and copied.split(" ", 1)[0] == s.name.strip("_"):
        # "Stop the motor" of ``kill`` beside ``stop``'s "Stop the motor during movement": the
        # verb is English for both, and the sibling's summary says what sets it apart
        return True
    rest = _flat(ctx.doc.text[: seg.start] + " " + ctx.doc.text[seg.end:])
    if e is None or any(re.search(rf"\b{re.escape(w)}\b", rest) for w in theirs):
        return True  # the doc speaks of "aspect" elsewhere too: its topic, not a stray copy
    ctx.reads_code_of(s)
    if any(c == e.name or c.endswith("." + e.name) for c in s.calls) \
            or re.search(rf"\b(?:self|cls)\.{re.escape(e.name)}\b", s.docless_code or s.code):
        return True  # ``write`` is ``len(self.transfer(data))``: the sibling's work is done by this one
    others = {id(x.entity): x for group in siblings.values() for x in group if x.entity is not e}
    ctx.reads_docs_of(*(x.entity for x in others.values()))
    if sum(copied in x.text and not x.words & theirs for x in others.values()) >= 2:
        return True  # "Decoded Requirement Yogi REST response." of ``update_user`` and ``get_dashboards`` too:
        # a line of the whole API (a product's name), not the work of the ``*_requirement`` methods
    if seg.field is not None:
        return False  # a Returns item shared by many ("the new annotation created") is still copied
    # the summary "Calculate starting value for parameter ..." of every ``start_*``: a template
    return sum(copied in x.text for x in others.values()) >= 3


def _dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def copied_from_sibling(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """The summary line, or a parameter, return or yield item, of a Python function whose text is
    also in the docstring of a sibling and speaks of that sibling's work, not its own."""
    e = ctx.entity
    got = _judged_text(ctx, seg)
    if e is None or got is None:
        return
    text, param_item = got
    item = seg.field
    siblings = _siblings(ctx, e)
    if not siblings:
        return
    if not param_item:
        parallel = ctx.memo.get("copied-parallel")
        if parallel is None:
            parallel = ctx.memo["copied-parallel"] = _parallel_siblings(ctx, e, siblings)
        if not parallel:
            return
    plain = _MARKED.sub(" ", text) if "`" in text else text
    words = {w.lower() for w in _TEXT_WORD.findall(plain)}
    if not words & siblings.keys() or any("fixture" in d for d in e.decorators):
        return  # fixtures too repeat one another's summaries on purpose
    own = _name_words(e.name)
    if len(words) < 2:
        return
    copied = _flat(text).rstrip(".:; ")
    if len(copied) < 10:
        return
    seen: set[str] = set()
    for w in sorted(words & siblings.keys()):
        for sib in siblings[w]:
            s = sib.entity
            if s.name == e.name or s.name in seen or _dunder(s.name):
                continue
            seen.add(s.name)
            theirs = _sibling_work(e, sib, own, words, plain, text, param_item, item is not None)
            if theirs is None:
                continue
            ctx.reads_docs_of(s)  # its doc's text (which members have docs, and their names and
            # parameters, are in the file's outline: docfact.doc_inputs.file_outline)
            if copied not in sib.text:
                continue
            if _explained(ctx, seg, siblings, sib, copied, theirs):
                continue
            said = ", ".join(f"“{x}”" for x in sorted(theirs))
            yield ctx.finding(seg, COPIED_FROM_SIBLING,
                              f"this text is also in the docstring of `{s.name}` and speaks of {said}, which is "
                              f"`{s.name}`'s work, not `{e.name}`'s: it looks copied from there",
                              evidence=ctx.evidence_of(s, f"the docstring of `{s.name}`"))
            return


def _judged_text(ctx: JudgeContext, seg: Segment) -> tuple[str, bool] | None:
    """The text of a sentence the rule judges, and whether it is a parameter item's; None for a
    doc or sentence it leaves alone."""
    e = ctx.entity
    if e is None or e.kind not in ("function", "method") or ctx.doc.kind == "comment" or e.language != "python" \
            or e.name.startswith("test") or _dunder(e.name):
        return None  # tests repeat one another's summaries on purpose; ``__bytes__`` is "the encoded
        # contents" in the words of the methods that make them: a protocol, described by its siblings
    item = seg.field
    if (item is None and seg.index != 0) or (item is not None and item.section not in ("param", "returns", "yields")):
        return None  # the summary line, or a parameter, return or yield item
    param_item = item is not None and item.section == "param"
    text = (item.description or seg.text) if param_item and item is not None else seg.text
    if item is not None and item.section in ("returns", "yields") and item.name and (item.description or "").strip():
        text = item.description or ""  # "xyz : DataArray": the value's name is no work of a ``*_xyz`` sibling
    if param_item and not _EVALUATES.search(text):
        return None  # a parameter item counts only when it says something is evaluated or computed
    return text, param_item


def _sibling_work(e: Entity, sib: _Sibling, own: frozenset[str], words: set[str], plain: str, text: str,
                  param_item: bool, is_item: bool) -> frozenset[str] | None:
    """The words of the sibling's name (not of ``e``'s, ``own``) that the text (its ``words``;
    ``plain`` without marked code) speaks of, when they name the sibling's work and not ``e``'s
    own: None when one name holds the other, the words are a type, ``e`` does that work too (it
    calls the sibling, takes such a parameter, is a variant of it), or the text hedges or refers
    to the sibling."""
    s = sib.entity
    theirs, mine = sib.words - own, own - sib.words
    if not theirs or not mine or not theirs <= words or words & mine or _overlap(theirs, mine):
        return None  # ``fit`` beside ``fit_transform``, ``bar`` beside ``barh``: one name holds the other
    if param_item:
        if not any(_evaluates(plain, w) for w in theirs):
            return None  # a parameter's text must say the sibling's work is done with it
    elif not _parallel(e, s) or (is_item and theirs & _TYPE_WORDS):
        return None  # "results : list" beside ``compute_list_like``: a type, not the sibling's work
    if any(c == s.name or c.endswith("." + s.name) for c in e.calls) \
            or re.search(rf"\b(?:self|cls)\.{re.escape(s.name)}\b", e.docless_code or e.code):
        return None  # ``cla`` calls ``__clear``, ``return self.cell_normals``: the sibling's work is done here too
    if all(_negated(plain, w) for w in theirs):
        return None  # "particles that have not been stopped": the sibling's work, denied
    if theirs & {w for p in e.params for w in _name_words(p.name)}:
        return None  # "Process SNMP PDU response" of a method that takes the ``pdu``: its work too
    if _variants(e, s):
        return None  # an alias kept as a copy, ``@wraps(sibling)``: one does what the other does
    if all(_hedged(plain, w) for w in theirs):
        return None  # "GARCH and related models", "if using bootstrap": a family or a condition
    if re.search(rf"(?<![\w.]){re.escape(s.name)}(?!\w)", text) and "_" in s.name:
        return None  # "use fit_transform instead": a reference to the sibling, not a copy
    return theirs


CHECKS: tuple[Check, ...] = (
    Check(COPIED_FROM_SIBLING, copied_from_sibling),
)
