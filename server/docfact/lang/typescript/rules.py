"""The TypeScript/JavaScript pieces of the rules: JSDoc types against TypeScript annotations,
``[x=3]`` defaults, ``@returns`` on functions that return nothing, ``@async`` claims, and what
may throw. What the generic rules ask about these files (is it one, may a function throw what
docfact cannot list, ...) is :mod:`docfact.lang.typescript.judging`, below both.

Types are compared by :mod:`docfact.lang.typescript.types`; on an async function, ``Promise<T>`` on
either side is compared as ``T``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.docs.jsdoc import default_span
from docfact.judges import c1_name, c1_params
from docfact.judges.base import JudgeContext
from docfact.judges.rule import Check
from docfact.judges.rules.c1_names import UNKNOWN_NAME, UNKNOWN_PARAM
from docfact.judges.rules.c2_types import PARAM_TYPE, RETURN_ON_VOID, RETURN_TYPE
from docfact.judges.rules.c3_behaviour import NOT_ASYNC, WRONG_DEFAULT
from docfact.lang.typescript.judging import is_ts, promise_like
from docfact.lang.typescript.types import contradicts, unwrap_promise
from docfact.model import Entity, Finding, Param, Segment

# -- types against annotations --------------------------------------------------------------


def _param(e: Entity, name: str) -> Param | None:
    for p in e.params:
        if p.name == name:
            return p
    return None


def param_type(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    item = seg.field
    if not is_ts(ctx) or e is None or item is None or item.section != "param" or not item.type or not item.name:
        return
    p = _param(e, item.name)
    if p is None or not p.annotation:
        return
    optional = p.optional or p.default is not None or "[" in seg.text[: seg.text.find(item.name)]
    if p.kind == "vararg":
        doc_t = item.type[3:] if item.type.startswith("...") else item.type
        code_t = p.annotation
        if code_t.endswith("[]"):
            code_t = code_t[:-2]
        elif re.fullmatch(r"(?:Array|ReadonlyArray)<.+>", code_t):
            code_t = code_t[code_t.index("<") + 1 : -1]
        if not contradicts(doc_t, code_t) or not contradicts(item.type, p.annotation):
            return
    elif not contradicts(item.type, p.annotation, optional=optional):
        return
    span = item.type_span
    fix = None
    if span is not None:
        fix = ctx.fix_replace(seg, span[0] - seg.start, span[1] - seg.start, p.annotation,
                              f"Change the type to `{p.annotation}`")
    yield ctx.finding(seg, PARAM_TYPE,
                      f"`{item.name}` is documented as `{item.type}`, but it is declared `{p.annotation}`",
                      evidence=ctx.evidence_of(e, f"`{item.name}` is declared `{p.annotation}`"), fix=fix)


_KIND_TYPES = {"str": "string", "fstring": "string", "int": "number", "float": "number", "bool": "boolean",
               "comparison": "boolean", "list": "array", "none": "undefined"}


def return_type(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    item = seg.field
    if not is_ts(ctx) or e is None or item is None or item.section != "returns" or not item.type:
        return
    if e.kind not in ("function", "method") or e.is_generator or "overload" in e.decorators:
        return
    doc_t = item.type
    if e.returns:
        code_t = e.returns
        if e.is_async:
            code_t, doc_t = unwrap_promise(code_t), unwrap_promise(doc_t)
        if not contradicts(doc_t, code_t):
            return
        where = f"it is declared to return `{e.returns}`"
    else:
        if e.is_async or e.is_abstract or not e.return_kinds or e.name == "constructor" or \
                set(e.return_kinds) == {"none"}:
            return  # returning nothing at all is C2.return-on-void's finding
        found = set()
        for rk in e.return_kinds:
            t = _KIND_TYPES.get(rk)
            if t is None:
                return
            found.add(t)
        code_t = " | ".join(sorted(found))
        if not contradicts(doc_t, code_t):
            return
        where = f"every value it returns is `{code_t}`"
    span = item.type_span
    fix = None
    if span is not None and e.returns:
        fix = ctx.fix_replace(seg, span[0] - seg.start, span[1] - seg.start, e.returns,
                              f"Change the return type to `{e.returns}`")
    yield ctx.finding(seg, RETURN_TYPE, f"documented to return `{item.type}`, but {where}",
                      evidence=ctx.evidence_of(e, "the definition"), fix=fix)


# -- returns on a function that returns nothing -----------------------------------------------

_NOTHING = re.compile(r"^\s*(?:void|undefined|never|Promise<\s*void\s*>|this)?\s*$")


def returns_nothing(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    item = seg.field
    if not is_ts(ctx) or e is None or item is None or item.section != "returns":
        return
    if e.kind not in ("function", "method") or e.is_abstract or e.is_generator or e.is_async:
        return
    if item.type is not None and (_NOTHING.match(item.type) or item.type.strip() in ("any", "*", "unknown", "?")):
        return
    if e.name[:1].isupper() or ("this." in e.code and re.search(r"\bnew\.target\b|\.call\(this\b", e.code)):
        return  # a constructor function: ``new`` gives the object it builds
    if item.type is None and not item.description:
        return
    if item.type is None and re.match(r"(?i)\s*(?:nothing|never|void|undefined|none|no value)\b", item.description):
        return
    declared_void = e.returns is not None and e.returns.strip() in ("void", "never", "undefined")
    if e.returns is not None and not declared_void:
        return
    if not declared_void and (set(e.return_kinds) != {"none"} or e.name == "constructor"):
        return
    if e.name == "constructor" or "set" in e.decorators:
        return
    what = f"it is declared `{e.returns}`" if declared_void else "no `return` in it gives a value"
    yield ctx.finding(seg, RETURN_ON_VOID,
                      f"documents a return value, but `{e.name}` returns nothing: {what}",
                      evidence=ctx.evidence_of(e, "the definition"))


# -- async ------------------------------------------------------------------------------------


def async_tag(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    item = seg.field
    if not is_ts(ctx) or e is None or item is None or item.tag != "async":
        return
    if e.kind not in ("function", "method") or e.is_abstract or e.is_generator or promise_like(e):
        return
    yield ctx.finding(seg, NOT_ASYNC,
                      f"`@async` on `{e.name}`, which is not `async`, returns no Promise and schedules no work",
                      evidence=ctx.evidence_of(e, "the definition"))


# -- defaults ---------------------------------------------------------------------------------


def _literal(s: str) -> tuple[str, object] | None:
    s = s.strip()
    if re.fullmatch(r"'[^'\\]*'|\"[^\"\\]*\"|`[^`\\$]*`", s):
        return ("str", s[1:-1])
    if re.fullmatch(r"[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?", s):
        return ("num", float(s.replace("_", "")))
    if s in ("true", "false"):
        return ("bool", s == "true")
    if s in ("null", "undefined"):
        return ("null", s)
    if s in ("[]", "{}"):
        return ("empty", s)
    return None


def wrong_default(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    item = seg.field
    if not is_ts(ctx) or e is None or item is None or item.section != "param" or not item.name:
        return
    span = default_span(ctx.doc.text, item)
    if span is None:
        return
    p = _param(e, item.name)
    if p is None or p.default is None:
        return
    documented = ctx.doc.text[span[0] : span[1]]
    a, b = _literal(documented), _literal(p.default)
    if a is None or b is None or a == b:
        return
    yield ctx.finding(seg, WRONG_DEFAULT,
                      f"documented default of `{item.name}` is `{documented}`, "
                      f"but the signature's default is `{p.default}`",
                      evidence=ctx.evidence_of(e, f"`{item.name}` defaults to `{p.default}`"),
                      fix=ctx.fix_replace(seg, span[0] - seg.start, span[1] - seg.start, p.default,
                                          f"Change the default to `{p.default}`"))


# -- names of other packages ---------------------------------------------------------------

# the sentence speaks of code that builds on this one: framework adapters, bindings, plugins
_USERS_OF_THIS = re.compile(
    r"\b(?:builds?|built|rel(?:y|ies)|depends?|depending|layers?|layered|sits?)\s+on\s+(?:top\s+of\s+)?"
    r"(?:it|this|them|these|us)\b|\b(?:adapters?|bindings?|wrappers?|integrations?|plugins?|dependents?|"
    r"consumers?|downstream)\b", re.I)


# the sentence names the arguments a callback receives: their names are the callback author's
_CALLBACK_ARGUMENTS = re.compile(
    r"\b(?:is|are|gets?|will\s+be)\s+(?:passed|called\s+with|invoked\s+with|given)\b[^.;]*\b(?:arguments?|parameters?)\b|"
    r"\b(?:receives?|takes?)\s+(?:\w+\s+)?(?:arguments?|parameters?)\s*:", re.I)


def unknown_name(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """The generic unknown-name rule, except in a sentence about the code that builds on this
    one ("framework adapters (e.g. `useWatchers`) build on it"): those names are other
    packages', and a near name of this package is no correction for them; nor for the names a
    sentence gives the arguments a callback receives ("the listener is passed two arguments:
    `label`, `value`"), which each callback names as it likes."""
    if _USERS_OF_THIS.search(seg.text) or _CALLBACK_ARGUMENTS.search(seg.text):
        return
    yield from c1_name.unknown_name(ctx, seg)


def unknown_param(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """The generic unknown-parameter rule, except for ``@param this``: it documents the object
    the function runs on (TypeScript's ``this:`` parameter, which no compiled ``.js`` keeps),
    never a parameter the signature lacks; and except for a setter's value documented under
    the property's own name (callers never name a setter's parameter)."""
    if seg.field is not None and seg.field.name == "this":
        return
    e = ctx.entity
    if seg.field is not None and e is not None and "set" in e.decorators and seg.field.name == e.name:
        return  # ``@param etag`` on ``set etag(value)``: the value, under the property's name
    yield from c1_params.unknown_param(ctx, seg)


CHECKS: tuple[Check, ...] = (
    Check(UNKNOWN_PARAM, unknown_param, where="ts", supersedes=("C1.unknown-name",)),
    Check(UNKNOWN_NAME, unknown_name, where="ts"),
    Check(PARAM_TYPE, param_type, where="ts", supersedes=("C2.return-type",)),
    Check(RETURN_TYPE, return_type, where="ts", supersedes=("C2.return-on-void",)),
    Check(RETURN_ON_VOID, returns_nothing, where="ts"),
    Check(NOT_ASYNC, async_tag, where="ts", supersedes=("C3.wrong-default",)),
    Check(WRONG_DEFAULT, wrong_default, where="ts"),
)
