"""C4, irrelevant context: sentences that nothing in the code or its context can back.

Two shapes are recognised, and only when the sentence mentions nothing the code knows
(no identifier, parameter or name of the documented entity): speculation about where the code
is useful, and general lectures that define a concept instead of describing this code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext
from docfact.judges.mentions import find_mentions
from docfact.judges.rule import Check
from docfact.judges.rules.c4_context import GENERIC_LECTURE, SPECULATIVE
from docfact.model import Finding, Fix, Segment

_SPECULATIVE = re.compile(
    # useful in a generic setting (scenarios, applications, pipelines, ...), not useful for a
    # named purpose such as navigating long buffers, which says what the code is for
    # "useful when the function has many minima" is guidance on a condition of the input: only
    # "useful when working with/in ..." speculates
    r"\b(?:particularly|especially|extremely|very|quite|highly|incredibly)\s+(?:useful|handy|valuable|helpful|beneficial)\s+"
    r"(?:in|for|across|when\s+(?:working|dealing|developing|building|handling)\s+(?:with|in|on)?)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:scenarios?|situations?|cases|contexts?|applications?|environments?|projects?|pipelines?|workflows?|systems?|"
    r"tasks|domains?|fields|industr(?:y|ies)|settings|machine\s+learning|deep\s+learning|data\s+(?:science|analysis|processing)|"
    r"developers|programmers|users|many|various|numerous|a\s+(?:variety|wide|number))\b"
    r"|\b(?:commonly|widely|frequently|often|typically)\s+(?:used|employed|utili[sz]ed|found|applied)\s+(?:in|for|by|across|throughout)\s+"
    r"(?:[\w-]+\s+){0,4}(?:applications|pipelines|projects|systems|scenarios|industr(?:y|ies)|domains|development|frameworks|workflows|environments|software)\b"
    r"|\bcan\s+be\s+(?:used|employed|utili[sz]ed|applied|leveraged)\s+(?:in|for|across)\s+(?:a\s+)?(?:variety|range|number|wide|many|various|numerous|diverse|different|all\s+kinds)\b"
    r"|\b(?:useful|helpful|handy|ideal|perfect|essential|crucial|vital|invaluable)\s+(?:in|for)\s+(?:many|various|numerous|a\s+(?:variety|wide\s+range)|scenarios|applications|domains|fields|web\s+(?:crawl|scrap|develop|applications)|data\s+(?:science|analysis|processing|pipelines)|machine\s+learning|scientific)"
    r"|\b(?:in|for|by|across)\s+(?:[\w-]+\s+){0,3}(?:machine\s+learning|deep\s+learning|data\s+science|web\s+(?:crawlers?|scrapers?|development)|big\s+data|artificial\s+intelligence|financial|scientific\s+computing|game\s+development|blockchain)\s+"
    r"(?:pipelines|applications|projects|systems|workflows|tasks|scenarios|platforms|tools)\b"
    r"|^\s*Interestingly\b|^\s*Fun\s+fact\b"
    r"|\b(?:developers|programmers|engineers|data\s+scientists|users)\s+(?:often|frequently|commonly|typically|may)\s+(?:use|rely|need|find|prefer)\b"
    r"|\bin\s+(?:real-world|many|various|modern|production)\s+(?:applications|systems|projects|scenarios|software)\b",
    re.I,
)

# every alternative of _SPECULATIVE needs one of these words: a cheap test before the regex
_SPECULATIVE_WORDS = (
    "useful", "handy", "valuable", "helpful", "beneficial", "commonly", "widely", "frequently",
    "often", "typically", "can", "ideal", "perfect", "essential", "crucial", "vital", "invaluable",
    "learning", "science", "scientific", "web", "big", "artificial", "financial", "game",
    "blockchain", "interestingly", "fun", "developers", "programmers",
    "engineers", "scientists", "users", "applications", "systems", "projects", "scenarios",
    "software",
)

_LECTURE = re.compile(
    r"^\s*(?:In\s+(?:computer\s+science|programming|software\s+engineering|mathematics|general|Python|Java)\s*,\s*)?"
    r"(?:An?|The)\s+[a-z][a-z\s-]{2,40}\s+is\s+(?:a|an|one\s+of\s+the)\s+(?:\w+\s+){0,3}"
    r"(?:data\s+structure|design\s+pattern|technique|concept|paradigm|algorithm|approach|method\s+of|way\s+of|process\s+of|fundamental|common|popular|well-known|widely)\b"
    r"|^\s*In\s+(?:computer\s+science|programming|software\s+engineering|mathematics)\s*,",
    re.I,
)


def _mentions_code(ctx: JudgeContext, text: str) -> bool:
    """Whether the sentence refers to anything the code or its context names."""
    if find_mentions(text):
        return True
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    e = ctx.entity
    own = set(ctx.params)
    if e is not None:
        own.add(e.name)
        own.update(part for part in re.split(r"_|(?<=[a-z])(?=[A-Z])", e.name) if len(part) > 3)
    own |= {n for n in ctx.related_names if len(n) > 3}
    lowered = {w.lower() for w in words}
    if any(n in words or n.lower() in lowered for n in own if len(n) > 2):
        return True
    # a name shaped like code that exists (``OSError``, ``HTTPServer``): the sentence is
    # about the code's world even when that name is not in this code's context
    return any(_CODE_CAPITALS.search(w) and ctx.is_known(w) for w in words)


_CODE_CAPITALS = re.compile(r"[a-z0-9][A-Z]|[A-Z]{2,}[a-z]")


def speculative(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    if seg.field is not None:
        return
    folded = seg.text.casefold()
    if not any(w in folded for w in _SPECULATIVE_WORDS):
        return
    m = _SPECULATIVE.search(seg.text)
    if not m or _mentions_code(ctx, seg.text):
        return
    if ctx.doc.kind == "comment" and m.group(0).strip().lower().startswith(("interestingly", "fun")):
        return  # "Interestingly, musl sets no errno here": a comment giving the reason for the code
    yield ctx.finding(seg, SPECULATIVE,
                      f"speculates about uses (\"{m.group(0).strip()}\") that nothing in the code or its context shows",
                      fix=_remove_fix(ctx, seg))


def lecture(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    if seg.field is not None or ctx.doc.kind == "comment":
        return  # a comment that defines a term explains the notation of the code below it
    m = _LECTURE.search(seg.text)
    if not m or _mentions_code(ctx, seg.text):
        return
    yield ctx.finding(seg, GENERIC_LECTURE,
                      "explains a general concept instead of what this code does", fix=_remove_fix(ctx, seg))


def _remove_fix(ctx: JudgeContext, seg: Segment) -> Fix:
    """Remove the sentence and the whitespace after it (within the line)."""
    a = ctx.doc.file_offset(seg.start)
    b = ctx.doc.file_offset(seg.end - 1) + 1
    text = ctx.lines.text
    while b < len(text) and text[b] == " ":
        b += 1
    return Fix(title="Remove this sentence", start=a, end=b, new_text="")


CHECKS: tuple[Check, ...] = (
    Check(SPECULATIVE, speculative),
    Check(GENERIC_LECTURE, lecture),
)
