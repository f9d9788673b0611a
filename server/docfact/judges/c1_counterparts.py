"""C1.wrong-counterpart: the doc says the code uses one project class of a pair whose names
differ in one CamelCase part (``DecisionTreeRegressor`` / ``DecisionTreeClassifier``), and the
code uses the other one only.

Docs mention related classes for good reasons (comparisons, alternatives, the other task), so
the rule speaks only when the sentence claims a use (the "underlying", "uses", "wraps", "built
on" class), and neither the documented code, nor its project bases, nor the functions it calls
ever name the class the doc names, while the documented code itself names exactly one class that
differs from it in one part.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.attribute_lists import only_project_class
from docfact.judges.base import JudgeContext
from docfact.judges.gates import Gated
from docfact.judges.mentions import MARKED, find_mentions
from docfact.judges.name_prose import HISTORY, TWO_HUMPS
from docfact.judges.rule import Check
from docfact.judges.rules.c1_references import WRONG_COUNTERPART
from docfact.model import Entity, Finding, Segment

# the documented code (not the reader) uses the class named right after
_USE_CUE = Gated(re.compile(
    r"\b(?:underlying|uses|using|wraps|wrapping|built\s+(?:on|upon)|based\s+on|delegates\s+to|calls|calling)"
    r"\s+(?:(?:the|a|an|its|one|each)\s+)?(?:\w+\s+)?$", re.I),
    ("underlying", "uses", "using", "wrap", "built", "based", "delegates", "call"))
_ROLE_TAIL = re.compile(r"(?::[\w:]+:)?`*[~!]?$")
# the same cue anywhere in the sentence, before a name marked as code (one search per sentence)
_CUE_BEFORE_CODE = Gated(re.compile(
    r"\b(?:underlying|uses|using|wraps|wrapping|built\s+(?:on|upon)|based\s+on|delegates\s+to|calls|calling)"
    r"\s+(?:\w+\s+){0,2}(?::[\w:]+:)?`", re.I), _USE_CUE.words)
# the sentence sets the class beside another one on purpose
_CONTRAST = Gated(re.compile(
    r"\b(?:unlike|compar\w*|similar\w*|versus|vs|instead|alternatives?|counterparts?|analogous\w*|rather|"
    r"whereas|opposed|other|see|subclass\w*|overrid\w*|you|your|user|can|may|might|should|must|e\.g|without|copy|"
    r"used\s+by|passed\s+to|consider\w*|prefer\w*|recommend\w*|suggest\w*|advis\w*|switch\w*|migrat\w*|"
    r"deprecat\w*|replac\w*)\b", re.I),
    ("unlike", "compar", "similar", "versus", "vs", "instead", "alternative", "counterpart", "analogous", "rather",
     "whereas", "opposed", "other", "see", "subclass", "overrid", "you", "user", "can", "may", "might", "should",
     "must", "e.g", "without", "copy", "used", "passed", "consider", "prefer", "recommend", "suggest", "advis",
     "switch", "migrat", "deprecat", "replac"))
_CLASS_WORD = re.compile(r"\b_?[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b")
_PART = re.compile(r"[A-Z][a-z0-9]*")


def _parts(name: str) -> list[str]:
    return _PART.findall(name.lstrip("_"))


def _one_part_apart(a: str, b: str) -> bool:
    """``DecisionTreeRegressor`` / ``DecisionTreeClassifier``: as many parts, one of them other
    (a word, not a number: ``Tree2`` beside ``Tree3`` is a numbered sibling)."""
    pa, pb = _parts(a), _parts(b)
    if len(pa) != len(pb) or len(pa) < 2 or a.startswith("_") != b.startswith("_"):
        return False
    diff = [(x, y) for x, y in zip(pa, pb) if x != y]
    return len(diff) == 1 and len(diff[0][0]) >= 3 and len(diff[0][1]) >= 3 \
        and diff[0][0].lower() != diff[0][1].lower()


def _names_class(code: str, name: str) -> bool:
    return name in code and re.search(rf"\b{re.escape(name)}\b", code) is not None


def _code_names(ctx: JudgeContext, e: Entity, name: str) -> bool:
    """Whether the code of ``e``, of its project bases or of what it calls names ``name``."""
    seen: list[Entity] = [e, *ctx.related_entities]
    todo = [e]
    while todo and len(seen) < 16:
        for base in todo.pop().bases:
            parent = only_project_class(ctx, base.split(".")[-1].split("[")[0])
            if parent is not None and all(parent.qualname != s.qualname for s in seen):
                seen.append(parent)
                todo.append(parent)
    ctx.reads_code_of(*seen[1:])
    return any(_names_class(s.docless_code or s.code, name) for s in seen)


def wrong_counterpart(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or e.kind not in ("class", "function", "method") or ctx.doc.kind == "comment" \
            or not ctx.is_python:
        return
    if "`" not in seg.text or not _CUE_BEFORE_CODE.search(seg.text) or _CONTRAST.search(seg.text) \
            or HISTORY.search(seg.text):
        return
    item = seg.field
    if item is not None and item.tag.lower() in ("see also", "see"):
        return
    code = e.docless_code or e.code
    for m in find_mentions(seg.text):
        if m.strength != MARKED:
            continue
        name = m.name.rsplit(".", 1)[-1]
        own = {e.name, *(c.name for c in (ctx.owner_class,) if c is not None)}
        if not TWO_HUMPS.match(name) or name in own:
            continue
        if not _USE_CUE.pattern.search(_ROLE_TAIL.sub("", seg.text[:m.start])):
            continue  # the sentence does not say the code uses this class
        if only_project_class(ctx, name) is None or _names_class(code, name):
            continue
        used = {w for w in set(_CLASS_WORD.findall(code)) if w not in own and _one_part_apart(name, w)}
        used = {w for w in used if only_project_class(ctx, w) is not None}
        if len(used) != 1 or _code_names(ctx, e, name):
            continue
        real = used.pop()
        yield ctx.finding(
            seg, WRONG_COUNTERPART,
            f"the code does not use `{name}` anywhere (nor do its bases or callees); it uses `{real}`",
            evidence=ctx.evidence_of(e, f"the code names `{real}`"),
            fix=ctx.fix_replace(seg, m.end - len(name), m.end, real, f"Replace `{name}` with `{real}`"))
        return


CHECKS: tuple[Check, ...] = (
    Check(WRONG_COUNTERPART, wrong_counterpart),
)
