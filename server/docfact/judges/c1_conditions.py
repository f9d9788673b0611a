"""C1.condition-on-unknown: the doc of a function makes its behaviour depend on a name being
None or given ("If `ax` is None, a new figure is created"), but the function has no such
parameter, takes no ``*args``/``**kwargs`` that could carry it, its class has no such attribute,
and its code never tests the name: the condition is about a parameter of another function
(often the one the text was copied from). The name is marked as code, or unmarked and shaped
like an identifier ("If make_grid is true")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges import world
from docfact.judges.attribute_lists import shown_attributes
from docfact.judges.base import JudgeContext, file_scope_names
from docfact.judges.gates import Gated
from docfact.judges.rule import Check
from docfact.judges.rules.c1_names import CONDITION_ON_UNKNOWN
from docfact.model import Finding, Segment

# the name marked as code, or unmarked and shaped like an identifier (``make_grid``); a flag's
# truth ("If make_grid is true") conditions on it as much as its absence does
_CONDITION = Gated(re.compile(
    r"\b(?:if|when|unless|whether)\s+(?:the\s+)?(?:(`{1,2})([A-Za-z_]\w*)\1|([a-z][a-z0-9]*_\w*))\s+(?:is|are)\s+(?:not\s+)?"
    r"(?:None|given|provided|specified|passed|supplied|omitted|true|false)\b", re.I),
    ("if", "when", "unless", "whether"))
# decorators that leave the signature as written
_PLAIN_DECORATOR = re.compile(
    r"(?:^|\.)(?:staticmethod|classmethod|property|cached_property|abstractmethod|lru_cache|cache|setter|getter|"
    r"deleter|Appender|Substitution|doc|docstring\w*|dedent\w*|overload|override|final)(?:\(|$)")


def _built_by_name(name: str, code: str) -> bool:
    """Whether ``code`` builds ``name`` from a template whose literal tail is the name's tail
    after its first word (``f"{attr}_set"`` for ``p_set``)."""
    if "_" not in name.strip("_"):
        return False
    tail = name[name.index("_", 1):]
    return re.search(rf"\}}{re.escape(tail)}[\"']", code) is not None


def condition_on_unknown(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or e.kind not in ("function", "method") or not ctx.is_python or ctx.doc.kind == "comment":
        return
    if "`" not in seg.text and "_" not in seg.text:
        return
    m = _CONDITION.search(seg.text)
    if m is None:
        return
    name = m.group(2) or m.group(3)
    params = {p.name.lstrip("*") for p in e.params}
    if name in params or name in ("self", "cls", e.name) or len(name) < 2 or name[0].isupper():
        return
    if any(p.kind in ("kwarg", "vararg") for p in e.params) or not any(p.kind != "self" for p in e.params):
        return  # ``**kwargs`` may carry it; a function without arguments speaks of another's (a test's doc)
    if any(not _PLAIN_DECORATOR.search(d.strip("@ ")) for d in world.unknown_decorators(ctx, e)):
        return  # a decorator may add parameters the signature does not show
    word = re.compile(rf"\b{re.escape(name)}\b")
    if any(s.field is not None and s.field.section == "param" and word.search(s.text) for s in ctx.segments):
        return  # a parameter's item names it: a part of that argument ("``(max_alpha, min_alpha)``")
    if re.search(rf"\([^()]*,[^()]*\b{re.escape(name)}\b[^()]*\)|\([^()]*\b{re.escape(name)}\b[^()]*,[^()]*\)",
                 ctx.doc.text):
        return  # "a datatuple of (subject, message, from_email, recipient_list)": a part of a value
    code = e.docless_code or e.code
    body = code[len(e.signature):] if e.signature and code.startswith(e.signature) else code
    if re.search(rf"[\"']{re.escape(name)}[\"']|\bdef\s+\w+\([^)]*\*", code) or _built_by_name(name, code):
        # read as a key (``"dims" in kwargs``), an inner function (a decorator's) takes any
        # argument, or the code builds the name (``f"{attr}_set"`` is ``p_set`` for ``attr="p"``)
        return
    if re.search(rf"\b{re.escape(name)}\s+is\b|\b(?:if|elif|while|not|and|or)\s+{re.escape(name)}\b"
                 rf"|\b{re.escape(name)}\s*(?:[!=]=|\bif\b|\band\b|\bor\b)", body):
        return  # the code tests it: a local or a global the sentence may mean
    if name in (ctx.file_names if ctx.file_names is not None else file_scope_names(ctx.file)):
        return  # a module-level name of the file: a setting the doc may mean
    if any(x.kind in ("method", "class") or (x.kind == "function" and not x.parent)
           for x in ctx.graph.entities_named(name)):
        return  # "if `predict_proba` is provided": the output of that function, passed as an argument
    cls = ctx.owner_class
    if cls is not None:
        ctx.reads_code_of(cls)  # the class's code and attributes (its other methods) decide
        attrs = shown_attributes(ctx, cls) or frozenset()
        if name in attrs or f".{name}" in cls.code:
            return  # an attribute of the instance
    yield ctx.finding(
        seg, CONDITION_ON_UNKNOWN,
        f"the sentence depends on `{name}` being {m.group(0).split()[-1]}, but `{name}` is not a parameter of "
        f"`{e.name}` (parameters: {', '.join(p.name for p in e.params if p.kind != 'self') or 'none'}) "
        "and its code never tests it",
        evidence=ctx.evidence_of(e, "the signature", e.signature or None))


CHECKS: tuple[Check, ...] = (
    Check(CONDITION_ON_UNKNOWN, condition_on_unknown),
)
