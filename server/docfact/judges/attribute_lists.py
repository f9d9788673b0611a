"""The attributes a project class's own code shows: the names its code and its project bases
bind or spell as strings, read from the code alone (a docstring cannot vouch for itself), and
whether that list is complete (no external base, no class decorator that adds members, no
instance that takes any name from its caller). It imports neither the closed-world answers
(:mod:`docfact.judges.world`) nor the name lookup, which both build on it."""

from __future__ import annotations

import re
from typing import cast

from docfact.judges.base import JudgeContext
from docfact.model import Entity

QUOTED_NAME = re.compile(r"[\"']([A-Za-z_]\w*)[\"']")


def only_project_class(ctx: JudgeContext, name: str) -> Entity | None:
    """The project class of that name when there is exactly one."""
    classes = [x for x in ctx.graph.entities_named(name) if x.kind == "class"]
    return classes[0] if len(classes) == 1 else None


# class decorators that add no members docfact would have to see
_PLAIN_CLASS_DECORATORS = frozenset({
    "dataclass", "total_ordering", "final", "unique", "runtime_checkable", "dataclass_transform",
    "define", "frozen", "mutable", "s", "attrs", "deprecated", "public", "export",
    "register", "implementer", "provider", "python_2_unicode_compatible", "override",
})


def all_members_known(ctx: JudgeContext, cls: Entity, interface_ok: bool = False) -> bool:
    """Whether every base of a project class is a project class too (so its members are all
    visible): an external base may supply any member, and so may a class decorator that
    copies methods in (pandas' ``@inherit_names``)."""
    if any(d.split("(")[0].rsplit(".", 1)[-1] not in _PLAIN_CLASS_DECORATORS for d in cls.decorators):
        return False
    for base in cls.bases:
        simple = base.split(".")[-1].split("[")[0].split("<")[0]
        if simple in ("object", "Object", "Exception", "BaseException", "ABC") \
                or simple.startswith(("Generic", "Protocol")):
            continue
        if interface_ok and simple == "Interface" and only_project_class(ctx, simple) is None:
            continue  # zope.interface's Interface adds no methods a reference could name
        if only_project_class(ctx, simple) is None:
            return False
    return True


# ``self.__dict__.update(kwds)``: the instance takes whatever names the caller passes (not in
# ``__setstate__``, which restores the names a pickled instance had)
_DICT_UPDATE = re.compile(r"\b(?:self\.__dict__|vars\(\s*self\s*\))\s*\.\s*update\(")


_SETATTR_ANY = re.compile(r"\bsetattr\(\s*self\s*,\s*(?![\"'\s])")


def takes_any_names(cls: Entity) -> bool:
    """Whether the code of ``cls`` fills its instance's ``__dict__`` from outside names (an
    ``update`` of it, ``setattr(self, name, ...)`` with a name that is not a literal)."""
    code = cls.code
    if "setattr(" in code and _SETATTR_ANY.search(code):
        return True  # ``setattr(self, name, ...)`` over a list of names
    if "update(" not in code:
        return False
    for m in _DICT_UPDATE.finditer(code):
        defs = re.findall(r"\bdef[ \t]+(\w+)", code[: m.start()])
        if not defs or defs[-1] != "__setstate__":
            return True
    return False
_TRIPLE_QUOTED = re.compile(r"(?s)(\"\"\"|''').*?\1")
_SELF_TARGET = re.compile(r"\bself\.([A-Za-z_]\w*)")
_HEADER = re.compile(r"^[^\n]*:[ \t]*(?:#[^\n]*)?\n(?:[ \t]*(?:#[^\n]*)?\n)*([ \t]+)\S")


def set_attributes(ctx: JudgeContext, cls: Entity) -> frozenset[str] | None:
    """The attribute names the code of a class and its project bases gives it, docstrings left
    out (a NumPy ``name : type`` line of a docstring is not a field): members, every ``self.x``
    of the code, class-level names and names spelled as strings (``setattr`` and
    ``__slots__`` use them); None when an external base, a class decorator, ``__getattr__`` or
    ``self.__dict__.update`` may add more (computed once per class and run)."""
    key = ("set-attributes", cls.qualname, id(cls))
    if key not in ctx.run_cache:
        got = _class_names(ctx, cls, 0, True)
        ctx.run_cache[key] = None if got is None else got[0] | got[1]
    return cast("frozenset[str] | None", ctx.run_cache[key])


def shown_attributes(ctx: JudgeContext, cls: Entity, complete: bool = False) -> frozenset[str] | None:
    """The names :func:`set_attributes` finds in code, without names only spelled as strings;
    with ``complete=False`` also when more may come from elsewhere (once per class and run)."""
    key = ("shown-attributes", cls.qualname, id(cls), complete)
    if key not in ctx.run_cache:
        got = _class_names(ctx, cls, 0, complete)
        ctx.run_cache[key] = None if got is None else got[0]
    return cast("frozenset[str] | None", ctx.run_cache[key])


def _class_names(ctx: JudgeContext, cls: Entity, depth: int,
                 complete: bool) -> tuple[frozenset[str], frozenset[str]] | None:
    """(names the code of ``cls`` and its project bases binds, names they spell as strings),
    once per class and run."""
    key = ("class-names", cls.qualname, id(cls), complete)
    if key in ctx.run_cache:
        return cast("tuple[frozenset[str], frozenset[str]] | None", ctx.run_cache[key])
    got = ctx.run_cache[key] = _class_names_of(ctx, cls, depth, complete)
    return got


def _class_names_of(ctx: JudgeContext, cls: Entity, depth: int,
                    complete: bool) -> tuple[frozenset[str], frozenset[str]] | None:
    ctx.reads_code_of(cls)
    if depth > 8 or (complete and (not all_members_known(ctx, cls) or takes_any_names(cls))):
        return None
    members = {m.rsplit(".", 1)[-1] for m in cls.members}
    if complete and members & {"__getattr__", "__getattribute__"}:
        return None
    code = _TRIPLE_QUOTED.sub("", cls.code)
    # every ``self.x`` the code sets or reads (a read says it is set somewhere: in an unpacking
    # over several lines, by a helper, by a base docfact cannot see)
    names = members | set(_SELF_TARGET.findall(code))
    body = _HEADER.search(code)
    if body is not None:  # names bound at the class body's own indentation
        indent = re.escape(body.group(1))
        for lhs in re.findall(rf"^{indent}((?:[A-Za-z_]\w*[ \t]*,[ \t]*)*[A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=(?!=)", code,
                              re.M):
            names.update(part.strip() for part in lhs.split(","))
        names.update(re.findall(rf"^{indent}([A-Za-z_]\w*)[ \t]*:[ \t]*[A-Za-z_\"']", code, re.M))
    quoted = set(QUOTED_NAME.findall(code))
    for base in cls.bases:
        parent = only_project_class(ctx, base.split(".")[-1].split("[")[0])
        if parent is None or parent is cls or parent.qualname == cls.qualname:
            continue
        inherited = _class_names(ctx, parent, depth + 1, complete)
        if inherited is None:
            return None
        names |= inherited[0]
        quoted |= inherited[1]
    return frozenset(names), frozenset(quoted)


def assigned_on_others(ctx: JudgeContext) -> frozenset[str]:
    """The attribute names the project assigns on objects other than ``self``/``cls``
    (``estimator.n_features_in_ = n`` in a helper function): any class may have those."""
    ctx.reads_every_word()
    words = ctx.known_words
    key = ("assigned-on-others", id(words), len(words))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = frozenset(w.rsplit(".", 1)[1] for w in words
                                             if "." in w and not w.startswith(("self.", "cls.")))
    return got
