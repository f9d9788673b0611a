"""C2, documented types that the body's own use of the values contradicts.

``x : array_like`` promises that a plain list works; a body that reads ``x.shape`` before
anything converts ``x`` fails on a list. Likewise ``x : float`` with ``x.reshape(...)`` or
``x[0]``, and ``params : ndarray`` unpacked as ``**params``. Only a use of the argument as
passed that runs on every call counts: none after the name is bound again
(``x = np.asarray(x)``), none after a call that asks what it is (``isinstance``, ``hasattr``,
``np.isscalar``), none in a branch, a later operand of ``and``/``or``, a ``try`` or ``with``.

A ``Returns`` entry typed as one number is contradicted when every ``return`` computes element
by element on an argument documented as ``ndarray``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.argument_uses import (
    ARRAY_ATTRS,
    CONVERTING,
    NOT_A_MAPPING,
    PASSES,
    TUPLE_LACKS,
    contradicting_use,
    judged_function,
    line_evidence,
    type_words,
)
from docfact.judges.base import JudgeContext
from docfact.judges.c2_param_default import param_type_default
from docfact.judges.c2_scalar_return import scalar_return_of_array
from docfact.judges.function_ast import parse_function
from docfact.judges.rule import Check
from docfact.judges.rules.c2_types import PARAM_TYPE_DEFAULT, PARAM_TYPE_USE, SCALAR_RETURN_OF_ARRAY
from docfact.model import Entity, Finding, Segment

_ATTR_USE = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\.\s*(" + "|".join(sorted(ARRAY_ATTRS | TUPLE_LACKS)) + r")\b")
_INDEX_USE = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\[")
_UNPACK_USE = re.compile(r"\*\*\s*([A-Za-z_]\w*)\b")


def _may_use(ctx: JudgeContext, e: Entity, name: str, members: tuple[str, ...]) -> bool:
    """Whether the source text has a use the rule could report: a cheap test before parsing
    (the names read with an array attribute, indexed or unpacked, once per function)."""
    key = ("param-use-text", e.local_name)
    if key not in ctx.memo:
        ctx.memo[key] = ({m.group(1) for m in _ATTR_USE.finditer(e.code)},
                         {m.group(1) for m in _INDEX_USE.finditer(e.code)},
                         {m.group(1) for m in _UNPACK_USE.finditer(e.code)})
    attrs, indexed, unpacked = ctx.memo[key]
    if any(w in PASSES for w in members) and (name in attrs or name in indexed):
        return True
    return any(w in NOT_A_MAPPING for w in members) and name in unpacked


def param_type_use(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    item = seg.field
    if item is None or item.section not in ("param", "type") or not item.name or not item.type:
        return
    e = judged_function(ctx)
    name = item.name.strip().lstrip("*")
    param = next((p for p in e.params if p.name == name), None) if e is not None else None
    if e is None or param is None or param.kind in ("self", "vararg", "kwarg") or param.annotation:
        return  # an annotation is the type's contract: C2.param-type compares the two
    if e.name.startswith("_") and not e.name.endswith("__"):
        return  # a private helper: the project's own callers decide what it is given, not its doc
    if any(CONVERTING.search(d) for d in e.decorators):
        return
    members = type_words(item.type)
    if not members or not _may_use(ctx, e, name, members):
        return
    fn = parse_function(ctx, e)
    if fn is None:
        return
    got = contradicting_use(fn, name, members)
    if got is None:
        return
    line, what, bad, failing = got
    code_line = e.code.split("\n")[line - 1].strip() if line - 1 < len(e.code.split("\n")) else ""
    passed = {list: "a list", tuple: "a tuple", float: "a float", int: "an int", bool: "a bool", str: "a str"}
    kind = passed.get(failing, f"a `{bad}` value")
    shown = item.type.strip().rstrip("\\").strip()  # a type continued on the next line ends in "\\"
    yield ctx.finding(
        seg, PARAM_TYPE_USE,
        f"`{name}` is documented as `{shown}`, but the code {what} before converting it, "
        f"which fails when {kind} is passed",
        evidence=line_evidence(e, line, code_line, f"the first use of `{name}`"))




CHECKS: tuple[Check, ...] = (
    Check(PARAM_TYPE_DEFAULT, param_type_default),
    Check(SCALAR_RETURN_OF_ARRAY, scalar_return_of_array),
    Check(PARAM_TYPE_USE, param_type_use),
)
