"""The parameters a doc may name: the documented function's, or for a class its constructor's
(with a callable's, a dataclass's fields, a Java class's constructors), and whether that
signature is the one callers use; what the C1 parameter rules (:mod:`docfact.judges.c1_params`,
:mod:`docfact.judges.c1_param_prose`) compare a doc's names with."""

from __future__ import annotations

from docfact.judges import world
from docfact.judges.base import JudgeContext, member_of
from docfact.lang.typescript.globals import TS_LANGUAGES
from docfact.model import Entity


def documented_params(ctx: JudgeContext) -> list[str] | None:
    """The names a parameter list in this doc may use; None when we cannot know them."""
    e = ctx.entity
    if e is None:
        return None
    if e.kind in ("function", "method"):
        return [p.name.lstrip("*") for p in e.params]
    if e.kind == "class" and e.language in TS_LANGUAGES:
        # JSDoc on a class documents its constructor's parameters
        ctor = ctx.file.entity(f"{e.local_name}.constructor")
        return [p.name for p in ctor.params] if ctor is not None else None
    if e.kind == "class":
        # a callable class may document the arguments of its calls in the class docstring
        call = member_of(ctx.file, e, "__call__")
        extra = [p.name.lstrip("*") for p in call.params] if call is not None else []
        init = member_of(ctx.file, e, "__init__") or member_of(ctx.file, e, "__new__")
        if init is not None:
            return [p.name.lstrip("*") for p in init.params] + extra
        kinds = {d.split("(")[0].rsplit(".", 1)[-1] for d in e.decorators}
        if kinds & {"dataclass", "define", "frozen", "mutable", "attrs", "s"}:
            inherited = world.constructor_fields(ctx, e)  # the fields of dataclass bases come first
            if inherited is not None:
                return inherited + extra
            if any(b.split("[")[0].split(".")[-1] not in ("object", "Generic", "Protocol", "ABC")
                   for b in e.bases):
                return None  # a base docfact cannot read may bring fields of its own
            fields = [m.rsplit(".", 1)[-1] for m in e.members
                      if (f := ctx.file.entity(m)) is None or f.kind not in ("function", "method", "class")]
            if kinds - {"dataclass"}:  # attrs: the argument of a private field ``_x`` is ``x``
                fields += [f.lstrip("_") for f in fields if f.startswith("_") and not f.startswith("__")]
            return fields + extra
        if extra and all(b.split("[")[0].split(".")[-1] in ("object", "Generic", "Protocol")
                         for b in e.bases):
            return extra  # no base to inherit an ``__init__`` from
        if e.language == "java":
            ctors = [ctx.file.entity(m) for m in e.members if m.rsplit(".", 1)[-1] == e.name]
            names = [p.name for c in ctors if c is not None for p in c.params]
            return names or None
    return None


def other_methods_params(ctx: JudgeContext, cls: Entity) -> set[str] | None:
    """For a class whose constructor takes no argument, the parameters of its other methods: its
    docstring may describe the call a factory makes of them (``bs(x, df=4)`` served by
    ``transform(x, df)``); None when a method also takes ``**kwargs`` (every documented argument
    may be read from there). Empty when the constructor takes arguments of its own."""
    names: set[str] = set()
    any_keyword = False
    init_params: list[str] | None = None
    for m in cls.members:
        method = ctx.file.entity(m)
        if method is None or method.kind not in ("function", "method"):
            continue
        own = [p for p in method.params if p.name not in ("self", "cls")]
        if method.name in ("__init__", "__new__"):
            init_params = [p.name for p in own]
            continue
        names |= {p.name.lstrip("*") for p in own if p.kind not in ("vararg", "kwarg")}
        any_keyword |= any(p.kind == "kwarg" for p in own)
    if init_params:
        return set()  # a constructor with arguments of its own: the docstring documents those
    if any_keyword:
        return None
    return names


def accepts_any_keyword(ctx: JudgeContext) -> bool:
    return ctx.entity is None or any(p.kind == "kwarg" for t in documented_signatures(ctx) for p in t.params)


def documented_signatures(ctx: JudgeContext) -> list[Entity]:
    """The documented function, or a class's constructor (``__init__``, ``__new__``, ``__call__``)."""
    e = ctx.entity
    if e is None:
        return []
    if e.kind == "class":
        return [x for x in (member_of(ctx.file, e, n) for n in ("__init__", "__new__", "__call__"))
                if x is not None] or [e]
    return [e]


def renamed_param(ctx: JudgeContext, name: str, undocumented: list[str]) -> bool:
    """Whether a documented name that no parameter holds reads as a parameter's old name: the
    body keeps it as a local (``x = clean(p)``), or it is the one entry left when every other
    parameter is documented and exactly one is not."""
    takers = keyword_takers(ctx)
    if any(name in t.locals or name in t.assigns for t in takers):
        return True
    starred = {p.name.lstrip("*") for t in takers for p in t.params if p.kind in ("vararg", "kwarg")}
    return len([p for p in undocumented if p not in starred]) == 1


def keyword_takers(ctx: JudgeContext) -> list[Entity]:
    """The documented functions that take ``**kwargs``."""
    return [t for t in documented_signatures(ctx)
            if t.kind in ("function", "method") and any(p.kind == "kwarg" for p in t.params)]


def method_params(ctx: JudgeContext, cls: Entity) -> frozenset[str]:
    """The parameter names of the class's own methods (its constructor's aside)."""
    fi = ctx.file
    out: set[str] = set()
    for m in cls.members:
        last = m.rsplit(".", 1)[-1]
        if last == "__init__":
            continue
        fn = fi.entity(f"{cls.local_name}.{last}")
        if fn is not None and fn.kind in ("function", "method"):
            out.update(p.name.lstrip("*") for p in fn.params)
    return frozenset(out)


def documented_signature_closed(ctx: JudgeContext, e: Entity) -> bool:
    """Whether the documented signature is the one callers use (for a class: its constructor's)."""
    if not world.signature_closed(ctx, e):
        return False
    if e.kind == "class":
        init = member_of(ctx.file, e, "__init__") or member_of(ctx.file, e, "__new__")
        return init is None or world.signature_closed(ctx, init)
    return True

