"""C2, type inconsistency: documented return types that the code contradicts (C2.return-type,
C2.generator-return), and the list of the C2 type checks. Documented parameter and attribute
types are :mod:`docfact.judges.c2_param_type` and :mod:`docfact.judges.c2_attribute_type`; what
the code returns is :mod:`docfact.judges.return_kinds`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import cast

from docfact.judges.annotation_kinds import QUOTES
from docfact.judges.base import JudgeContext
from docfact.judges.c2_param_type import param_type
from docfact.judges.c2_returned_class import other_class
from docfact.judges.return_claims import Claim, claimed_return
from docfact.judges.return_kinds import (
    code_return_type,
    generator_value,
    is_stub,
    plain_returner,
    returns_only_ints,
    statement_evidence,
)
from docfact.judges.rule import Check, Rule
from docfact.judges.rules.c2_types import GENERATOR_RETURN, PARAM_TYPE, RETURN_TYPE
from docfact.judges.types import (
    INSTANCE,
    PLAIN_INSTANCE,
    base_kind,
    contradicts,
    contradicts_kinds,
    kinds,
    scalar_mismatch,
    split_top,
)
from docfact.model import Entity, Finding, Segment


def _checked_claim(ctx: JudgeContext, seg: Segment) -> tuple[Entity, Claim] | None:
    """The documented function and the return type ``seg`` claims for it, when there is one to
    check (once per segment: two rules ask)."""
    key = ("checked-claim", seg.index)
    if key not in ctx.memo:
        ctx.memo[key] = _find_checked_claim(ctx, seg)
    return cast("tuple[Entity, Claim] | None", ctx.memo[key])


def _field_items(ctx: JudgeContext, section: str) -> int:
    """How many field items of ``section`` ("returns", "yields") the doc has."""
    return sum(1 for s in ctx.segments if s.field is not None and s.field.section == section)


def _find_checked_claim(ctx: JudgeContext, seg: Segment) -> tuple[Entity, Claim] | None:
    e = ctx.entity
    if e is None or e.kind not in ("function", "method") or ctx.doc.kind == "comment":
        return None
    if e.name in ("__init__", "__new__", "__post_init__", "setUp", "tearDown") or e.name.startswith("test"):
        return None  # a test's docs say what the code under test returns
    claim = claimed_return(seg, e.name)
    if claim is None:
        return None
    if seg.field is not None and seg.field.section == "returns" and _field_items(ctx, "returns") > 1:
        return None  # NumPy-style named items: each describes one element of a returned tuple
    if seg.field is not None and seg.field.section == "returns" and "," in (seg.field.name or ""):
        return None  # "predecessor, distance : dictionaries": a tuple, typed by its elements
    if seg.field is not None and seg.field.section == "rtype" and (seg.field.name or _field_items(ctx, "rtype") > 1) \
            and (code_return_type(ctx, e) or (None, ""))[0] != {"none"}:
        return None  # ``:rtype count: int`` beside ``:rtype names: list``: each types one element of a tuple
    if seg.field is not None and seg.field.section == "rtype" and _type_list(claim.written):
        return None  # ``:rtype: ndarray, ndarray``: the parts of a returned tuple
    if seg.field is not None and seg.field.section == "returns" and re.fullmatch(r"[a-z_][a-z0-9_]*", claim.written) \
            and claim.written not in _TYPE_WORDS:
        return None  # "path" alone under Returns: the value's name, in a style that types it elsewhere
    if seg.field is None and seg is next((s for s in ctx.segments if s.kind == "prose"), None) \
            and any(s.field is not None and s.field.section in ("returns", "rtype") for s in ctx.segments):
        return None  # the summary "Return list of workers." above a Returns section: the section is the claim
    if _is_setter(ctx, e):
        if kinds(claim.written) == {"none"}:
            return None  # a setter's own "Returns: None": it returns nothing, as a setter does
        # a setter's docs describe the property's value, which its getter returns
        getter = _property_getter(ctx, e)
        return (getter, claim) if getter is not None else None
    return e, claim


def _type_list(written: str) -> bool:
    """Whether a written type is a list of two or more types (``ndarray, ndarray``), not one
    type with its details (``ndarray, int8, 2d``, ``int, optional``)."""
    parts = split_top(written, ",")
    return len(parts) > 1 and " or " not in written and all(kinds(p.strip()) is not None for p in parts)


def _is_setter(ctx: JudgeContext, e: Entity) -> bool:
    """Whether ``e`` is a property's setter (``@x.setter``, or ``x = property(get, e)``)."""
    if any(d.endswith((".setter", ".deleter")) for d in e.decorators):
        return True
    cls = ctx.owner_class
    return cls is not None and e.name in _property_setters(ctx, cls)


_PROPERTY_CALL = re.compile(r"\bproperty\(\s*(?:fget\s*=\s*)?(\w+)\s*,\s*(?:fset\s*=\s*)?(\w+)\b")


def _property_setters(ctx: JudgeContext, cls: Entity) -> dict[str, str]:
    """Each setter of a ``property(get, set)`` call in class ``cls``, to its getter (read once per
    class: a large class's code is long)."""
    key = ("property-setters", cls.qualname, cls.range.start.line)
    got = ctx.file_cache.get(key)
    if got is None:
        got = ctx.file_cache[key] = ({m.group(2): m.group(1) for m in _PROPERTY_CALL.finditer(cls.code)}
                                     if "property(" in cls.code else {})
    return got


def _property_getter(ctx: JudgeContext, e: Entity) -> Entity | None:
    """The getter of the property whose setter is ``e``: ``@property def x`` for ``@x.setter``,
    ``get`` for ``x = property(get, e)``."""
    cls = ctx.owner_class
    if cls is None:
        return None
    name = (_property_setters(ctx, cls).get(e.name)
            or next((d.rsplit(".", 1)[0] for d in e.decorators if d.endswith(".setter")), None))
    if name is None:
        return None
    found = [x for x in ctx.graph.entities_named(name) if x.kind in ("function", "method") and x.path == e.path
             and x.parent == e.parent and x is not e and not any(d.endswith(".setter") for d in x.decorators)]
    return found[0] if len(found) == 1 else None


_LISTS_ITEMS = re.compile(r",|\band\b")


def _contradiction(ctx: JudgeContext, seg: Segment, e: Entity, claim: Claim, rule: Rule,
                   note: str = "") -> Iterator[Finding]:
    code = code_return_type(ctx, e)
    if code is None:
        return
    code_kinds, source = code
    doc_kinds = kinds(claim.type)
    if doc_kinds is None and _documents_a_value(claim) and code_kinds == {"none"} and plain_returner(e) \
            and not _NO_VALUE.match(seg.field.name or "" if seg.field is not None else "") and not is_stub(ctx, e):
        # a type docfact cannot read ("ndarray, int8, 2d", a class), but a value all the same
        yield ctx.finding(seg, rule, f"documented to return `{claim.written}`, but no `return` of "
                          f"`{e.name}` gives a value: it returns `None`",
                          evidence=statement_evidence(e, "return", source) or ctx.evidence_of(e, source))
        return
    if doc_kinds is None:
        return
    if code_kinds == {"bool"} and "(comparison)" in source \
            and ("ndarray" in doc_kinds or _ARRAY_WORD.search(claim.written)):
        return  # ``a != b`` of arrays is an array of bool, as documented: a comparison is not always one bool
    if not contradicts_kinds(doc_kinds, code_kinds) and not (
            not claim.prose and e.returns and not e.is_generator and source.startswith("it is annotated")
            and scalar_mismatch(doc_kinds, code_kinds, tower=returns_only_ints(ctx, e))):
        # a Returns ``int`` under ``-> float`` is true only of a body that returns ints (a
        # function made to return floats whose docs still say int is the usual case)
        return
    if code_kinds <= {INSTANCE, PLAIN_INSTANCE, "none"} and doc_kinds & _argument_kinds(e.returns or ""):
        return  # "Returns a list of values" for ``-> SearchStrategy[list[T]]``: the object makes lists
    if claim.prose and "tuple" in code_kinds and (doc_kinds <= {"none", "bool"} or _LISTS_ITEMS.search(seg.text)):
        # prose about a returned tuple may name its items: "Returns string, baseline ...", "If
        # there is no such factor, None is returned" (one item of the tuple)
        return
    if doc_kinds == {"none"} and code_kinds & {"iterator", "iterable", "generator"}:
        return  # "Nothing will be returned if the input is short": an iterator that yields nothing
    if claim.prose and doc_kinds == {"none"} and claim.written.lower() == "nothing" \
            and code_kinds & {"list", "tuple", "set", "dict", "iterable", "sequence"}:
        return  # "if it is ignored, return nothing" of ``return []``: an empty collection, in prose
    if claim.prose and any(base_kind(m.group(1)) in code_kinds for m in _AS_A.finditer(seg.text)):
        return  # "Return a list of the attributes as a dictionary": the sentence names the code's type too
    fix = None
    if claim.span and e.returns:
        fix = ctx.fix_replace(seg, claim.span[0], claim.span[1], e.returns, f"Change the return type to `{e.returns}`")
    keyword = "yield" if e.is_generator and not e.returns else "return" if not e.returns else ""
    evidence = (statement_evidence(e, keyword, source) if keyword else None) or ctx.evidence_of(e, source)
    yield ctx.finding(seg, rule, f"documented to return `{claim.written}`, but {source}{note}",
                      evidence=evidence, fix=fix)


_AS_A = re.compile(r"\b(?:as|in)\s+(?:an?\s+|the\s+form\s+of\s+(?:an?\s+)?)?([A-Za-z]\w*)")
_ARRAY_WORD = re.compile(r"\b(?:n?d?array|array_like|Series|DataFrame|Tensor|mask)\b", re.I)
# lower-case words a Returns item uses as a type; any other bare lower-case word there is the
# returned value's name (a Returns section that gives names only: "path", "result")
_TYPE_WORDS = frozenset({
    "int", "float", "complex", "str", "bytes", "bytearray", "bool", "list", "dict", "tuple", "set", "frozenset",
    "object", "none", "ndarray", "array", "string", "integer", "boolean", "number", "scalar", "iterator",
    "iterable", "generator", "sequence", "mapping", "callable", "function", "dataframe", "series", "tensor",
    "matrix", "vector", "type", "class", "module", "file", "dictionary", "double", "long", "char", "any",
})
# a Returns item that documents no value: "None", "Nothing", "self" (C3.not-self's), "N/A"
_NO_VALUE = re.compile(r"^\W*(?:none|nothing|self|n/a|void)\b", re.I)
# a Returns "type" that is a sentence about a side effect, such as a change made in place: "The wavefront object is
# modified to have the right pixel scale." names no returned value
_SIDE_EFFECT_NOTE = re.compile(r"\b(?:is|are|gets?|will\s+be)\s+(?:\w+\s+)?(?:modified|updated|changed|altered|"
                            r"mutated|overwritten|replaced|resized|resampled)\b|\bin[- ]place\b"
                            # or a sentence about a side effect: "Prints the character table.",
                            # "Updates the representation of the file by removing lines."
                            r"|^\s*(?:Updates|Prints|Modifies|Writes|Saves|Shows|Displays|Plots|Draws|Sets|Changes|"
                            r"Stores|Logs|Removes|Adds|Appends|Fills|Edits|Deletes)\s+(?:\S+\s+){2,}", re.I)
_MAY_BE_NONE = re.compile(r"\bNone\b|\boptional\b", re.I)


def _argument_kinds(annotation: str) -> set[str]:
    """The kinds named inside an annotation's brackets (``Strategy[list[int]]``: list, int)."""
    inner = annotation[annotation.find("[") + 1:] if "[" in annotation else ""
    return {k for w in re.findall(r"[A-Za-z_][\w.]*", inner) if (k := base_kind(w)) is not None}


def _documents_a_value(claim: Claim) -> bool:
    """Whether a Returns/rtype item's type (not a sentence) names some value (and not None as
    one alternative: "Module, None")."""
    return not claim.prose and bool(claim.written) and not _NO_VALUE.match(claim.written) \
        and not _MAY_BE_NONE.search(claim.written) and not _SIDE_EFFECT_NOTE.search(claim.written)


def return_type(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    if seg.field is not None and seg.field.section == "yields":
        if ctx.entity is not None and ctx.doc.kind != "comment":
            yield from _yield_type(ctx, seg, ctx.entity)
        return
    checked = _checked_claim(ctx, seg)
    if checked is not None and seg.field is not None and seg.field.section == "returns" \
            and _one_typed_part_of_the_tuple(ctx, checked[0], checked[1]):
        return  # "frozenset[int]: the indices. bool: whether ...": the items name the tuple's parts
    if checked is not None and not _returns_a_generator(checked[0]):
        found = list(_contradiction(ctx, seg, *checked, RETURN_TYPE))
        yield from found or other_class(ctx, seg, *checked)


_TUPLE_ANNOTATION = re.compile(r"^(?:typing\.)?[Tt]uple\[(.*)\]$")


def _one_typed_part_of_the_tuple(ctx: JudgeContext, e: Entity, claim: Claim) -> bool:
    """Whether the claimed type is one part of the tuple ``e`` is annotated to return and the
    Returns section types another part too, on a line of its own (``frozenset[int]: ...`` then
    ``bool: ...``: Google style keeps the section as one item). ``int`` alone for ``Tuple[int,
    bool]`` types no other part: it is wrong. (A section of two or more items never gets here:
    :func:`_find_checked_claim` leaves such items unchecked.)"""
    m = _TUPLE_ANNOTATION.match((e.returns or "").strip())
    if m is None or claim.prose:
        return False
    written = re.sub(r"\s+", "", claim.written)
    parts = [p.strip() for p in split_top(m.group(1), ",")]
    if not any(re.sub(r"\s+", "", p) == written for p in parts):
        return False
    others = [p for p in parts if p and re.sub(r"\s+", "", p) != written]
    return any(re.search(rf"^[ \t]*{re.escape(p)}[ \t]*:", ctx.doc.text, re.M) for p in others)


def _returns_a_generator(e: Entity) -> bool:
    """A generator function whose docs cannot mean a value it returns when done (annotated
    ``Generator[Y, S, R]`` with an ``R``, they may: that is a plain return type)."""
    return e.is_generator and generator_value(e.returns or "") == "None"


def generator_return(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    checked = _checked_claim(ctx, seg)
    if checked is not None and checked[0].name in ("__iter__", "__aiter__", "__reversed__"):
        return  # iteration's own method: "Get a list of the members" speaks of what iterating gives
    if checked is not None and _returns_a_generator(checked[0]) and not checked[1].passive:
        if seg.field is None and _PER_ITEM.search(seg.text):
            return  # "Iterates ... and returns a tuple for each line": prose about what each step gives
        code = code_return_type(ctx, checked[0])
        note = "; what it yields belongs under `Yields`" if code is not None and "none" in code[0] else ""
        yield from _contradiction(ctx, seg, *checked, GENERATOR_RETURN, note)


_YIELDED = re.compile(r"^(?:typing\.|collections\.abc\.)?"
                      r"(?:Iterator|Iterable|Generator|AsyncIterator|AsyncGenerator|AsyncIterable)\[\s*(.+)\s*\]$")


_PER_ITEM = re.compile(r"(?i)\b(?:for\s+(?:each|every)|per|one\s+at\s+a\s+time|line\s+by\s+line|in\s+turn)\b")
_CANNOT_YIELD = frozenset({"None", "int", "float", "bool", "complex", "NoReturn", "Never"})


def _yield_type(ctx: JudgeContext, seg: Segment, e: Entity) -> Iterator[Finding]:
    """``Yields: int`` against ``-> Iterator[str]`` / ``Generator[str, None, None]``."""
    item = seg.field
    if item is None or not item.type or not e.returns:
        return
    if not e.is_generator:
        # ``-> None`` (a stub, whose annotation is all there is): nothing it gives can be iterated
        ann = e.returns.strip().strip(QUOTES)
        if ann in _CANNOT_YIELD and e.kind in ("function", "method") and not e.is_async:
            yield ctx.finding(seg, RETURN_TYPE,
                              f"documented to yield `{item.type.strip()}`, but it has no `yield` and is annotated "
                              f"to return `{ann}`, which cannot be iterated",
                              evidence=ctx.evidence_of(e, "the return annotation"))
        return
    m = _YIELDED.match(e.returns.strip())
    if m is None:
        return
    yielded = split_top(m.group(1), ",")[0].strip()  # ``Generator[Y, S, R]``: the yield type first
    if _field_items(ctx, "yields") > 1 \
            and (kinds(yielded) or set()) & {"tuple"}:
        return  # "header : str" and "sequence : str" under Yields: the parts of each yielded tuple
    inner = _YIELDED.match(item.type.strip())
    if inner is not None and "".join(inner.group(1).split()) == "".join(yielded.split()) \
            and "".join(item.type.split()) == "".join(e.returns.split()) \
            and not (kinds(yielded) or set()) & {"iterator", "iterable", "generator"}:
        # ``Yields: Iterable[str]`` for ``-> Iterable[str]``: the generator's type, not a yielded value's
        yield ctx.finding(seg, RETURN_TYPE,
                          f"documented to yield `{item.type.strip()}`, the type of the generator itself, but "
                          f"each value it yields is annotated `{yielded}`",
                          evidence=ctx.evidence_of(e, "the return annotation"))
        return
    if contradicts(item.type, yielded) or scalar_mismatch(kinds(item.type), kinds(yielded)):
        fix = None
        if item.type_span:
            rel = item.type_span[0] - seg.start
            fix = ctx.fix_replace(seg, rel, rel + (item.type_span[1] - item.type_span[0]), yielded,
                                  f"Change the yielded type to `{yielded}`")
        yield ctx.finding(seg, RETURN_TYPE,
                          f"documented to yield `{item.type.strip()}`, but it is annotated to yield `{yielded}`",
                          evidence=ctx.evidence_of(e, "the return annotation"), fix=fix)


CHECKS: tuple[Check, ...] = (
    Check(PARAM_TYPE, param_type, where="not-ts"),
    Check(RETURN_TYPE, return_type, where="not-ts"),
    Check(GENERATOR_RETURN, generator_return, where="not-ts"),
)
