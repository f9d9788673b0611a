"""C2.return-type, the class a Returns item names: a project class that no ``return`` of a plain
function builds, neither itself nor a class derived from it."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.annotation_kinds import GENERIC_ARGS, METACLASS, QUOTES, project_class
from docfact.judges.base import JudgeContext
from docfact.judges.return_claims import Claim
from docfact.judges.return_kinds import plain_returner, statement_evidence
from docfact.judges.rules.c2_types import RETURN_TYPE
from docfact.judges.types import kinds
from docfact.model import Entity, Finding, Segment

# a Returns type that names one class: "SimpleTable instance", ":class:`~pkg.mod.Results`"
# (a compound name: "Results instance" may be English for any results object; a one-word name
# counts alone in the type slot: "Grouper")
_CLASS_CLAIM = re.compile(r"^(?::\w+:)?`{0,2}~?((?:[A-Za-z_]\w*\.)*([A-Z]\w*[a-z]\w*[A-Z]\w*))`{0,2}"
                          r"(?:\s+(?:instance|object))?\.?$|^(?::\w+:)?`{0,2}~?((?:[A-Za-z_]\w*\.)*([A-Z][a-z]+))`{0,2}$")


def other_class(ctx: JudgeContext, seg: Segment, e: Entity, claim: Claim) -> Iterator[Finding]:
    """A Returns item naming a class of the project (``SimpleTable``) when every ``return`` of a
    plain function builds an object of a class that neither is it nor derives from it
    (``DataFrame(...)``, ``PredictionResultsDelta(...)``)."""
    m = _CLASS_CLAIM.match(claim.written)
    if m is None or claim.prose or kinds(claim.written) is not None or not plain_returner(e):
        return
    name = m.group(2) or m.group(4)
    claimed = [c for c in ctx.graph.entities_named(name) if c.kind == "class"]
    if not claimed:
        return  # not a class of the project: another library's, or a name C1 checks
    rks = [rk for rk in e.return_kinds if rk != "name:NotImplemented"]
    if not rks or not all(rk.startswith("call:") for rk in rks):
        return
    built = []
    for rk in dict.fromkeys(rks):
        got = _built_by(ctx, rk[5:], e)
        if got is None:
            return
        ancestries, shown, annotated = got
        if any(name in a for a in ancestries):
            return
        if annotated is not None and any(annotated in (_class_names(ctx, c.name, c) or {annotated}) for c in claimed):
            return  # the claimed class derives from the annotated one: the function may return it
        built.append(shown)
    yield ctx.finding(seg, RETURN_TYPE,
                      f"documented to return `{claim.written}`, but it returns {', '.join(built)}, "
                      f"which is not a `{name}` nor derived from it",
                      evidence=statement_evidence(e, "return", "the return statement")
                      or ctx.evidence_of(e, "its returns"))


def _built_by(ctx: JudgeContext, callee: str, at: Entity) -> tuple[list[set[str]], str, str | None] | None:
    """The classes (each as its ancestry, :func:`_class_names`) a call builds, how to show the
    call, and the class a called function is annotated to return (None when the classes are
    exactly known): a class, or one hop into a project function annotated with a class
    (``-> Resampler``) or whose every ``return`` builds one. None when unknown; a method of
    ``self`` is not followed (a subclass may override it)."""
    ancestry = _class_names(ctx, callee, at)
    if ancestry is not None:
        return [ancestry], f"`{callee}(...)`", None
    if not re.fullmatch(r"[A-Za-z_][\w.]*", callee) or callee.split(".", 1)[0] in ("self", "cls", "super"):
        return None
    f = ctx.graph.project_entity(callee, at)
    if f is None or f.kind not in ("function", "method"):
        return None
    ctx.reads_code_of(f)
    if f.returns:
        ann = f.returns.strip().strip(QUOTES)
        if not re.fullmatch(r"(?:[A-Za-z_]\w*\.)*[A-Z]\w*", ann) or project_class(ctx, ann, f) is None:
            return None  # ``-> Any``, a TypeVar, another library's class: what it stands for is open
        ancestry = _class_names(ctx, ann, f)
        if ancestry is None:
            return None
        return [ancestry], f"`{callee}(...)`, annotated to return `{ann}`", ann.rsplit(".", 1)[-1]
    if not plain_returner(f):
        return None
    rks = [rk for rk in f.return_kinds if rk != "name:NotImplemented"]
    if not rks or not all(rk.startswith("call:") for rk in rks):
        return None
    ancestries = []
    for rk in dict.fromkeys(rks):
        ancestry = _class_names(ctx, rk[5:], f)
        if ancestry is None:
            return None
        ancestries.append(ancestry)
    made = ", ".join(f"`{rk[5:]}(...)`" for rk in dict.fromkeys(rks))
    return ancestries, f"`{callee}(...)`, which returns {made}", None


def _class_names(ctx: JudgeContext, callee: str, at: Entity) -> set[str] | None:
    """The names of the class a call builds and of all its ancestors; None when the callee may
    not be a class or an ancestor is unknown. An outside class (``pandas.DataFrame``) counts by
    its own name: it cannot derive from a class of the project."""
    if not re.fullmatch(r"(?:[A-Za-z_]\w*\.)*[A-Z]\w*", callee):
        return None
    try:
        res = ctx.graph.resolve(callee, at)
    except Exception:
        return None
    if res is None or res.rest:
        return None
    if res.kind == "external":
        return {res.qualname.rsplit(".", 1)[-1]}
    if res.kind != "project" or res.entity is None or res.entity.kind != "class":
        return None
    names: set[str] = set()
    todo, seen = [res.entity], 0
    while todo and seen < 32:
        cls = todo.pop()
        ctx.reads_code_of(cls)
        seen += 1
        names.add(cls.name)
        if any(f"{cls.local_name}.{m}" in cls.members for m in ("__new__", "__getattr__", "__getattribute__")) \
                or METACLASS.search(cls.signature):
            return None  # a call of it may build something else, or a proxy that stands for one
        for base in cls.bases:
            plain = GENERIC_ARGS.sub("", base).strip()
            if plain in ("object", "ABC", "abc.ABC", "Generic", "typing.Generic"):
                continue
            parent = project_class(ctx, plain, cls)
            if parent is not None:
                todo.append(parent)
                continue
            try:
                got = ctx.graph.resolve(plain, cls)
            except Exception:
                return None
            if got is None or got.kind not in ("external", "builtin") or got.rest:
                return None
            names.add(got.qualname.rsplit(".", 1)[-1])
    return names if not todo else None
