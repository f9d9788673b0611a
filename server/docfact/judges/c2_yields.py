"""C2, what a generator yields: the documented items against its ``yield`` statements.

A NumPy ``Yields`` section of two or more named items describes each yielded value as a tuple
of that many values, and "For each line, yield a (number, text) pair" says the same in prose;
one typed item (``Yields: str``) names the kind of each value. An unannotated generator whose
every ``yield`` gives a tuple of another length, an object that cannot be unpacked (a plain
project class, a dataclass, a number, ``None``), a namedtuple of another arity or, for one typed
item, a value of a contradicting kind, contradicts them. (An annotated generator is
C2.return-type's: ``Yields: int`` against ``-> Iterator[str]``.)
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from docfact.judges.annotation_kinds import object_kinds
from docfact.judges.base import JudgeContext
from docfact.judges.function_ast import body_nodes, parse_function
from docfact.judges.return_claims import RELATIVE
from docfact.judges.return_kinds import PLAIN_DECORATORS
from docfact.judges.rule import Check
from docfact.judges.rules.c2_types import YIELD_TYPE
from docfact.judges.types import (
    PLAIN_INSTANCE,
    contradicts_kinds,
    kinds,
    return_kind_to_kind,
    split_top,
)
from docfact.model import Entity, Evidence, Finding, Pos, Range, Segment

_WORDS = {"pair": 2, "pairs": 2, "triple": 3, "triples": 3, "triplet": 3, "triplets": 3}
_TUPLE_WORD = r"(?:pairs?|triples?|triplets?|tuples?|[2-9]-tuples?)"
# "For each character, yield a (glyph, x) pair", "Yields (key, value) tuples", "It yields pairs
# (name, value)", "yields 3-tuples"; the verb opens the sentence or follows one leading clause
_PROSE = re.compile(
    r"^\s*(?P<lead>(?:for\s+(?:each|every)|while|as|until|when|if|once|then)\b[^.;:]*?,\s*)?"
    r"(?:(?:this\s+(?:function|method|generator)|it)\s+)?(?:then\s+)?yields?\s+(?:(?:a|an|one)\s+)?"
    r"(?:(?P<paren>\([^()]*\))\s*(?P<word>" + _TUPLE_WORD + r")\b"
    r"|(?P<word2>" + _TUPLE_WORD + r")(?:\s+(?:of\s+)?(?P<paren2>\([^()]*\)))?(?!\s*(?:of|from|with|for)\b))",
    re.I)
# "..., or (start, stop, step) when a step is given": the sentence names another shape too
_OTHERWISE = re.compile(r"\b(?:or|otherwise|else|unless|depending|if)\b|\(", re.I)
_ITEM_NAME = re.compile(r"[A-Za-z_][\w-]*|\*")


@dataclass(frozen=True)
class _Yielded:
    kind: str  # a kind of :mod:`docfact.judges.types`, or PLAIN_INSTANCE ("dataclass" objects too)
    arity: int | None  # how many values unpacking it gives; None when it cannot be unpacked
    shown: str  # the yielded expression, shortened
    note: str = ""  # what the class is: "a dataclass made by `make_dataclass`"


def _arity(text: str, word: str) -> int | None:
    """How many values a prose phrase names: "(a, b) pair" 2, "3-tuples" 3; None when the words
    disagree or name fewer than two."""
    from_word = _WORDS.get(word.lower())
    m = re.match(r"([2-9])-tuples?$", word, re.I)
    if m:
        from_word = int(m.group(1))
    from_paren = None
    if text:
        inner = text[1:-1]
        if re.search(r"\.\.\.|…|\bor\b|\betc\b|\*|=", inner):
            return None
        parts = split_top(inner, ",")
        if len(parts) < 2 or not all(re.fullmatch(r"[\w`*'\".\-\s]+", p) and len(p.split()) <= 3 for p in parts):
            return None
        from_paren = len(parts)
    if from_word is not None and from_paren is not None and from_word != from_paren:
        return None
    got = from_word or from_paren
    return got if got is not None and got >= 2 else None


def _claim(ctx: JudgeContext, seg: Segment) -> tuple[str, int | None, set[str] | None] | None:
    """(how the doc words it, the arity it claims, the kinds it claims) for a segment that
    states what each yielded value is."""
    item = seg.field
    if item is not None:
        if item.section != "yields":
            return None
        items = [s.field for s in ctx.segments if s.field is not None and s.field.section == "yields"]
        if any(it.tag.lower() == "ytype" for it in items):
            items = [it for it in items if it.tag.lower() == "ytype"]  # ``:yields: desc`` + ``:ytype: T``
            if item not in items:
                return None
        if item is not items[0]:
            return None  # one finding per section, on its first item
        if len(items) >= 2:
            if not all(it.name and _ITEM_NAME.fullmatch(it.name.strip()) for it in items):
                return None  # not NumPy named items: Google-style alternatives or prose lines
            names = ", ".join(it.name.strip() for it in items if it.name)
            return f"({names})", len(items), None
        doc_kinds = kinds(item.type) if item.type else None
        if doc_kinds is None or doc_kinds & {"generator", "iterator", "iterable"}:
            return None  # "A generator of tuples ...": the item describes the generator itself
        return (item.type or "").strip(), None, doc_kinds
    text = seg.text
    m = _PROSE.match(text)
    if m is None or (m.group("lead") and RELATIVE.search(m.group("lead"))) or _OTHERWISE.search(text, m.end()):
        return None
    word = m.group("word") or m.group("word2")
    paren = m.group("paren") or m.group("paren2") or ""
    n = _arity(paren, word)
    if n is None:
        return None
    return (f"{paren} {word}" if m.group("paren") else f"{word} {paren}").strip(), n, None


_MAKERS = {"make_dataclass": "dataclass", "dataclasses.make_dataclass": "dataclass",
           "namedtuple": "namedtuple", "collections.namedtuple": "namedtuple"}
# keywords of make_dataclass that leave its objects plain (``bases``, ``namespace`` may not)
_PLAIN_KEYWORDS = frozenset({"init", "repr", "eq", "order", "unsafe_hash", "frozen", "match_args", "kw_only",
                             "slots", "weakref_slot", "module"})


def _made_class(ctx: JudgeContext, var: Entity) -> tuple[str, int | None] | None:
    """``X = make_dataclass("X", [...])``: ("dataclass", None); ``X = namedtuple("X", "a b")``:
    ("namedtuple", 2); None for any other variable."""
    maker = _MAKERS.get((var.value_kind or "").removeprefix("call:"))
    if maker is None:
        return None
    ctx.reads_code_of(var)
    try:
        node = ast.parse(var.code.strip()).body[0]
    except (SyntaxError, IndexError, ValueError):
        return None
    if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Call) or len(node.value.args) < 2:
        return None
    call = node.value
    if maker == "dataclass":
        if any(k.arg not in _PLAIN_KEYWORDS for k in call.keywords):
            return None
        return "dataclass", None
    fields = call.args[1]
    if any(k.arg not in ("rename", "defaults", "module") for k in call.keywords):
        return None
    if isinstance(fields, ast.Constant) and isinstance(fields.value, str):
        return "namedtuple", len(fields.value.replace(",", " ").split())
    if isinstance(fields, (ast.List, ast.Tuple)) and not any(isinstance(f, ast.Starred) for f in fields.elts):
        return "namedtuple", len(fields.elts)
    return None


def _yielded(ctx: JudgeContext, e: Entity, node: ast.expr | None) -> _Yielded | None:
    """What one ``yield`` gives; None when docfact cannot tell."""
    if node is None:
        return _Yielded("none", None, "None")
    shown = ast.unparse(node)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    if isinstance(node, ast.Tuple):
        if any(isinstance(x, ast.Starred) for x in node.elts):
            return None
        return _Yielded("tuple", len(node.elts), f"({shown})" if not shown.startswith("(") else shown)
    if isinstance(node, ast.Constant):
        value = node.value
        for t, kind in ((bool, "bool"), (int, "int"), (float, "float")):
            if type(value) is t:
                return _Yielded(kind, None, shown)
        if value is None:
            return _Yielded("none", None, shown)
        return None  # a string unpacks into its characters
    if isinstance(node, ast.Call):
        return _called(ctx, e, node, shown)
    return None


def _called(ctx: JudgeContext, e: Entity, node: ast.Call, shown: str) -> _Yielded | None:
    """What a yielded call builds: an object of a plain project class or of a class made by
    ``make_dataclass``/``namedtuple``, or a builtin's value (``len(x)``)."""
    try:
        callee = ast.unparse(node.func)
    except (ValueError, AttributeError):
        return None
    if not re.fullmatch(r"[A-Za-z_][\w.]*", callee):
        return None
    short = f"{callee}(...)"
    builtin = return_kind_to_kind("call:" + callee)
    if builtin in ("int", "float", "bool"):
        return _Yielded(builtin, None, short)
    if not callee.rsplit(".", 1)[-1][:1].isupper():
        return None  # a function's result: another rule's business
    target = ctx.graph.project_entity(callee, e)
    if target is None:
        return None
    if target.kind == "class":
        if object_kinds(ctx, target) != {PLAIN_INSTANCE}:
            return None
        return _Yielded(PLAIN_INSTANCE, None, short, "an object of a project class with no `__iter__` or `__getitem__`")
    if target.kind == "variable":
        made = _made_class(ctx, target)
        if made is None:
            return None
        if made[0] == "dataclass":
            return _Yielded(PLAIN_INSTANCE, None, short, "a dataclass made by `make_dataclass`")
        return _Yielded("tuple", made[1], short, f"a namedtuple of {made[1]} fields")
    return None


_NOT_UNPACKABLE = frozenset({PLAIN_INSTANCE, "int", "float", "bool", "none"})


def yield_type(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or not e.is_generator or e.returns or not ctx.is_python or ctx.doc.kind == "comment":
        return
    if seg.field is None and "yield" not in seg.text.lower():
        return
    if e.kind not in ("function", "method") or e.is_abstract or not set(e.decorators) <= PLAIN_DECORATORS:
        return
    claim = _claim(ctx, seg)
    if claim is None:
        return
    written, arity, doc_kinds = claim
    if arity is None and doc_kinds is None:
        return
    fn = parse_function(ctx, e)
    if fn is None:
        return
    nodes = [n for n, _ in body_nodes(fn) if isinstance(n, (ast.Yield, ast.YieldFrom))]
    if not nodes or any(isinstance(n, ast.YieldFrom) for n in nodes):
        return
    got = []
    for n in nodes:
        y = _yielded(ctx, e, n.value)
        if y is None:
            return
        got.append(y)
    if arity is not None:
        if not all((y.arity is None and y.kind in _NOT_UNPACKABLE) or (y.arity is not None and y.arity != arity)
                   for y in got):
            return
        what = _described(got, True)
        message = f"documented to yield tuples of {arity} values (`{written}`), but it yields {what}"
    else:
        if not contradicts_kinds(doc_kinds, {y.kind for y in got}):
            return
        message = f"documented to yield `{written}`, but it yields {_described(got, False)}"
    first = nodes[0]
    at = e.range.start.line + first.lineno - 1
    line = e.code.split("\n")[first.lineno - 1] if first.lineno - 1 < len(e.code.split("\n")) else ""
    yield ctx.finding(seg, YIELD_TYPE, message,
                      evidence=Evidence(description="the yield statement", path=e.path,
                                        range=Range(Pos(at, len(line) - len(line.lstrip())),
                                                    Pos(at, len(line.rstrip()))),
                                        excerpt=line.strip()))


def _described(got: list[_Yielded], unpacking: bool) -> str:
    """The yielded values in words: "`LayoutItem(...)`, a dataclass made by ..., which cannot
    be unpacked", "`(a, b, c)` (3 values)"."""
    out = []
    for y in dict.fromkeys(got):
        if y.arity is not None:
            out.append(f"`{y.shown}`" + (f", {y.note}" if y.note else f" ({y.arity} values)"))
        elif y.note:
            out.append(f"`{y.shown}`, {y.note}" + (", which cannot be unpacked" if unpacking else ""))
        else:
            out.append(f"`{y.shown}` (`{y.kind}`)")
    return "; ".join(out[:3])


CHECKS: tuple[Check, ...] = (
    Check(YIELD_TYPE, yield_type),
)
