"""C2, type inconsistency: documented parameter and return types that the code contradicts."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext, Rule
from docfact.judges.types import contradicts, kinds, return_kind_to_kind, split_top
from docfact.model import Entity, Finding, Segment


def param_type(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    item = seg.field
    e = ctx.entity
    if item is None or item.section not in ("param", "type") or not item.name or not item.type or e is None:
        return
    target = e
    if e.kind == "class":
        target = ctx.file.entity(f"{e.local_name}.__init__") or e
    for p in target.params:
        if p.name.lstrip("*") != item.name.strip().lstrip("*") or not p.annotation:
            continue
        if contradicts(item.type, p.annotation):
            fix = None
            if item.type_span:
                rel = item.type_span[0] - seg.start
                fix = ctx.fix_replace(seg, rel, rel + (item.type_span[1] - item.type_span[0]),
                                      p.annotation, f"Change the type to `{p.annotation}`")
            yield ctx.finding(
                seg, "C2", "C2.param-type",
                f"`{p.name}` is documented as `{item.type.strip()}` but annotated `{p.annotation}`",
                evidence=ctx.evidence_of(target, f"the annotation of `{p.name}`"), fix=fix)
        return


_PROSE_RETURN = re.compile(
    r"^\s*(?:@return\s+|Returns?:?\s+|Gets?\s+|Builds?\s+and\s+returns?\s+|Creates?\s+and\s+returns?\s+)"
    r"(?:(?:a|an|the)\s+)?(?:new\s+|sorted\s+|single\s+|empty\s+|python\s+|plain\s+|flat\s+|shallow\s+|deep\s+|copy\s+of\s+(?:the\s+)?)*"
    r"(?P<t>list|dict|dictionary|mapping|set|tuple|string|str|integer|int|float|boolean|bool|bytes|"
    r"generator|iterator|none|nothing)" + r"(?=\s*$|\s*[.,;:)]|\s+(?:of|that|which|if|when|for|with|from|containing|"
    r"indicating|describing|representing|where|whose|to|in|or|and|on|unless|otherwise|object|instance|value)\b)",
    re.I,
)
_PROSE_BOOL = re.compile(r"^\s*(?:@return\s+|Returns?:?\s+)(?:`{0,2})(?:True|False|true|false)(?:`{0,2})\b(?:\s+(?:if|when|iff|unless|on|for)\b|\s*$)")
_AND_RETURNS = re.compile(
    r"^[^,;]*?\b(?:and|then)\s+returns?\s+(?:(?:a|an|the)\s+)?(?:new\s+|sorted\s+)?"
    r"(?P<t>list|dict|dictionary|mapping|set|tuple|string|integer|boolean|bytes|generator|iterator)"
    r"(?=\s*$|\s*[.,;:)]|\s+(?:of|that|which|with|containing)\b)",
    re.I,
)
_RELATIVE = re.compile(r"\b(?:that|which|who|whose|function|callable|callback)\b", re.I)
_AS_TYPE = re.compile(
    r"\bas\s+(?:a|an)\s+(?:new\s+)?(?P<t>list|dict|dictionary|mapping|set|tuple|string|str|integer|int|"
    r"float|boolean|bool|bytes)\b(?!\s*(?:-|_|\w*\())",
    re.I,
)
_WHETHER = re.compile(r"^\s*Returns?\s+whether\b", re.I)


def claimed_return(seg: Segment) -> tuple[str, tuple[int, int] | None] | None:
    """The return type a segment claims, with its span in the segment text (for a fix)."""
    item = seg.field
    if item is not None and item.section in ("returns", "rtype"):
        if item.type:
            span = None
            if item.type_span:
                span = (item.type_span[0] - seg.start, item.type_span[1] - seg.start)
            return item.type, span
        desc = item.description or ""
        text = "Returns " + desc.strip()
        m = _PROSE_BOOL.match(text)
        if m:
            return "bool", None
        m = _PROSE_RETURN.match(text) or _AS_TYPE.search(text)
        if m and item.section == "returns":
            return m.group("t"), None
        return None
    if item is not None:
        return None
    if _PROSE_BOOL.match(seg.text) or _WHETHER.match(seg.text):
        return "bool", None
    m = _PROSE_RETURN.match(seg.text)
    if m is None:
        m = _AND_RETURNS.search(seg.text)
        if m is not None and _RELATIVE.search(seg.text[: m.start("t")]):
            m = None  # "a function that ... returns a string" describes something else
    if m:
        return m.group("t"), None  # a type word in prose: no mechanical fix reads well
    return None


def code_return_type(ctx: JudgeContext, e: Entity) -> tuple[str, str] | None:
    """What the code returns, as (type spelling, where it comes from); None when unknown."""
    if e.is_generator:
        # Without an annotation a generator's "Returns" often describes each yielded value (the
        # Yields are checked apart). With one, the return value is the generator's: the third
        # argument of Generator[Y, S, R] (None when absent, PEP 696), None for AsyncGenerator.
        return _generator_return(e.returns) if e.returns else None
    if e.returns and e.returns.strip() not in ("", "..."):
        where = "it is declared to return" if e.language == "java" else "it is annotated to return"
        return e.returns, f"{where} `{e.returns}`"
    if e.is_abstract or not e.return_kinds:
        return None
    found: list[str] = []
    for rk in e.return_kinds:
        k = return_kind_to_kind(rk)
        if k is None and rk.startswith("call:"):
            k = _annotated_callee_kind(ctx, e, rk[5:])
        if k is None:
            return None
        found.append(k)
    uniq = sorted(set(found))
    shown = " | ".join(uniq)
    return shown, f"it returns `{shown}` (" + ", ".join(_pretty_kinds(e.return_kinds)) + ")"


def _generator_return(annotation: str) -> tuple[str, str] | None:
    m = re.fullmatch(r"(?:typing\.|collections\.abc\.)?(Async)?Generator\[(.*)\]", annotation.strip())
    if m is None:
        return None
    args = split_top(m.group(2), ",")
    returned = "None" if m.group(1) or len(args) < 3 else args[2]
    return returned, f"it is a generator annotated `{annotation.strip()}`, which returns `{returned}`"


def _pretty_kinds(rks: list[str]) -> list[str]:
    out: list[str] = []
    for rk in rks:
        s = rk.replace("call:", "").replace("name:", "") + ("()" if rk.startswith("call:") else "")
        if s not in out:
            out.append(s)
    return out[:5]


def _annotated_callee_kind(ctx: JudgeContext, e: Entity, callee: str) -> str | None:
    try:
        res = ctx.graph.resolve(callee, e)
    except Exception:
        return None
    target = getattr(res, "entity", None) if res is not None else None
    if target is None:
        return None
    if target.kind == "class":
        return None  # an instance of a project class: unknown kind, stay silent
    if target.returns:
        ks = kinds(target.returns)
        if ks and len(ks) == 1:
            return next(iter(ks))
    return None


def return_type(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or e.kind not in ("function", "method") or ctx.doc.kind == "comment":
        return
    if e.name in ("__init__", "__new__", "__post_init__", "setUp", "tearDown"):
        return
    if seg.field is not None and seg.field.section == "yields":
        yield from _yield_type(ctx, seg, e)
        return
    claim = claimed_return(seg)
    if claim is None:
        return
    if seg.field is not None and seg.field.section == "returns" and sum(
            1 for s in ctx.segments if s.field is not None and s.field.section == "returns") > 1:
        return  # NumPy-style named items: each describes one element of a returned tuple
    if seg.field is not None and seg.field.section == "returns" and "," in (seg.field.name or ""):
        return  # "predecessor, distance : dictionaries": a tuple, typed by its elements
    doc_type, span = claim
    code = code_return_type(ctx, e)
    if code is None:
        return
    code_type, source = code
    if not contradicts(doc_type, code_type):
        return
    fix = None
    if span and e.returns:
        fix = ctx.fix_replace(seg, span[0], span[1], e.returns, f"Change the return type to `{e.returns}`")
    yield ctx.finding(
        seg, "C2", "C2.return-type",
        f"documented to return `{doc_type.strip()}`, but {source}",
        evidence=ctx.evidence_of(e, source), fix=fix)


_YIELDED = re.compile(r"^(?:typing\.|collections\.abc\.)?(?:Iterator|Iterable|Generator|AsyncIterator|AsyncGenerator|AsyncIterable)\[\s*(.+?)\s*(?:,.*)?\]$")


def _yield_type(ctx: JudgeContext, seg: Segment, e: Entity) -> Iterator[Finding]:
    """``Yields: int`` against ``-> Iterator[str]`` / ``Generator[str, None, None]``."""
    item = seg.field
    if item is None or not item.type or not e.returns or not e.is_generator:
        return
    m = _YIELDED.match(e.returns.strip())
    if m is None:
        return
    yielded = m.group(1)
    if contradicts(item.type, yielded):
        fix = None
        if item.type_span:
            rel = item.type_span[0] - seg.start
            fix = ctx.fix_replace(seg, rel, rel + (item.type_span[1] - item.type_span[0]), yielded,
                                  f"Change the yielded type to `{yielded}`")
        yield ctx.finding(seg, "C2", "C2.return-type",
                          f"documented to yield `{item.type.strip()}`, but it is annotated to yield `{yielded}`",
                          evidence=ctx.evidence_of(e, "the return annotation"), fix=fix)


RULES = (
    Rule("C2.param-type", "C2", "A documented parameter type that contradicts its annotation.",
         "`count (str): ...` for `count: int`", param_type),
    Rule("C2.return-type", "C2", "A documented return type that contradicts the return annotation or every returned value.",
         "\"Returns a list of names.\" when the code returns a dict", return_type),
)
