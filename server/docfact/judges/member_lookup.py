"""Whether a member the docs name exists on its owner: a project class or module that is a closed
world without it (:mod:`docfact.judges.world`), a member its known owner lacks, an owner whose
names docfact cannot list; and the attribute names a class is known to have, its project bases
included. The name lookup (:mod:`docfact.judges.name_lookup`) and the C1 rules ask here."""

from __future__ import annotations

import re
from typing import cast

from docfact.judges import world
from docfact.judges.attribute_lists import all_members_known, only_project_class, takes_any_names
from docfact.judges.base import JudgeContext
from docfact.judges.gates import word_start_matches
from docfact.model import Entity


def closed_owner_lacks(ctx: JudgeContext, owner: str, last: str) -> bool:
    """Whether ``owner`` is a project module or class whose names docfact can list
    (:func:`_owner_closed`), without ``last``, and no project code uses ``owner.last``."""
    ent = world.resolved_entity(ctx, owner) if owner else None
    if ent is None or ent.kind not in ("module", "class") or _code_uses(ctx, f"{owner}.{last}") \
            or not _owner_closed(ctx, owner, last):
        return False
    return ent.kind == "module" or last not in (known_class_attributes(ctx, ent, complete=False) or {last})


def closed_enum_owner(ctx: JudgeContext, dotted: str, scope: Entity) -> bool:
    """Whether ``dotted``'s owner is a project enum (a class on the standard library's enum) whose
    attributes docfact lists and which lacks the last name: the resolver's way into the enum base
    is not a member (``pkg.limits.Limits.MAX_X`` on an ``IntEnum``)."""
    owner, _, last = dotted.rpartition(".")
    cls = world.resolved_entity(ctx, owner, scope)
    return cls is not None and cls.kind == "class" and world.enum_based(ctx, cls) \
        and world.class_attributes_closed(ctx, cls, last)


def has_member(ctx: JudgeContext, cls: Entity, name: str, depth: int = 0) -> bool:
    """Whether project class ``cls`` defines or sets ``name``, or inherits it from a project
    base class (``DiGraph.edge_subgraph`` defined on its base ``Graph``)."""
    if ctx.graph.find(cls.path, f"{cls.local_name}.{name}") is not None or f"self.{name}" in cls.code:
        return True
    if depth > 8:
        return False
    for base in cls.bases:
        parent = only_project_class(ctx, base.split(".")[-1].split("[")[0])
        if parent is not None and parent is not cls and has_member(ctx, parent, name, depth + 1):
            return True
    return False


def proven_missing_member(ctx: JudgeContext, dotted: str, project_head: bool) -> bool:
    """Whether ``a.b`` names a member that its known owner does not have (``project_head``:
    ``a`` is a project class or module whose names docfact can list)."""
    owner_name, _, last = dotted.rpartition(".")
    if project_head:
        return _owner_closed(ctx, owner_name, last)
    head = dotted.split(".")[0]
    cls = only_project_class(ctx, head)
    if cls is not None and all_members_known(ctx, cls) and world.class_attributes_closed(ctx, cls, last):
        return True
    try:
        return ctx.graph.external_exists(dotted) is False \
            and ctx.graph.external_exists(dotted.rsplit(".", 1)[0]) is True
    except Exception:
        return False


def _attribute_of_class(ctx: JudgeContext, cls_name: str, name: str) -> bool:
    """Whether ``cls_name`` resolves to a project class that has (or may have) an attribute
    ``name`` that is not a member entity (an instance attribute set in its or a base's code)."""
    found = world.resolved_entity(ctx, cls_name)
    # a class the documented module does not import is still the project's (``MText`` in a
    # module that only mentions it): any project class of that name
    classes = [found] if found is not None else \
        [c for c in ctx.graph.entities_named(cls_name.rsplit(".", 1)[-1]) if c.kind == "class"]
    for cls in classes:
        if cls.kind != "class":
            continue
        known = known_class_attributes(ctx, cls, complete=False) or set()
        if name in known or not world.class_attributes_closed(ctx, cls, name):
            return True
    return False


def _owner_closed(ctx: JudgeContext, owner_name: str, last: str) -> bool:
    """Whether the project class or module ``owner_name`` names is a closed world without
    ``last`` (:mod:`docfact.judges.world`); True when the owner does not resolve from here."""
    if ctx.entity is None:
        return True
    try:
        owner = ctx.graph.resolve(owner_name, ctx.entity)
    except Exception:
        return False
    ent = owner.entity if owner is not None else None
    if ent is None:
        # the owner is missing too, unless the project's code uses it by that path (set at run
        # time: ``pkg.session = Proxy()`` in a function), or the nearest module or class on the
        # path that docfact finds is open (a module ``__getattr__`` building ``pkg.api.signals``)
        if _code_uses(ctx, owner_name):
            return False
        head, _, missing = owner_name.rpartition(".")
        if head and _attribute_of_class(ctx, head, missing):
            return False  # ``MText.dxf.char_height``: ``dxf`` is a value of a type docfact does not know
        return _owner_closed(ctx, head, missing) if head else True
    if ent.kind == "class":
        return world.class_attributes_closed(ctx, ent, last)
    if ent.kind == "module":
        return world.module_binds(ctx, ent.path, last) is False and not _code_uses(ctx, f"{owner_name}.{last}")
    if ent.kind in ("function", "method"):
        return True  # ``func.attr``: a function's attributes are rare enough to call a slip
    # a value (``MText.dxf``: a field of some type): closed only when its annotation names a
    # project class whose attributes are closed
    cls = only_project_class(ctx, (ent.annotation or "").strip("'\"").split("[")[0].rsplit(".", 1)[-1]) \
        if ent.annotation else None
    return cls is not None and world.class_attributes_closed(ctx, cls, last) \
        and last not in (known_class_attributes(ctx, cls, complete=False) or set())


def _code_uses(ctx: JudgeContext, dotted: str) -> bool:
    """Whether the project's code uses ``dotted`` (``pkg.session``), written in full or from its
    module's own name (``session`` of ``web`` as ``web.session``)."""
    ctx.reads_every_word()
    parts = dotted.split(".")
    return any(".".join(parts[i:]) in ctx.known_words for i in range(len(parts) - 1))


def opaque_owner(ctx: JudgeContext, dotted: str) -> bool:
    """Whether the project module that ``dotted`` names a member of may bind names docfact
    cannot list (``from _curses import *`` of a compiled module, a module ``__getattr__``)."""
    if ctx.entity is None:
        return False
    try:
        owner = ctx.graph.resolve(dotted.rsplit(".", 1)[0], ctx.entity)
        return owner is not None and owner.entity is not None and owner.entity.kind == "module" \
            and world.module_binds(ctx, owner.entity.path, dotted.rsplit(".", 1)[1]) is not False
    except Exception:
        return True


# ``self.x = ...``, where ``self`` starts a word (word_start_matches)
_SELF_SET = re.compile(r"self\.([A-Za-z_]\w*)\s*(?::[^=\n]+)?=(?!=)")


def _self_set_names(code: str) -> set[str]:
    """The names ``code`` assigns as ``self.name = ...``."""
    return {m.group(1) for m in word_start_matches(_SELF_SET, code)}


_SELF_DECLARED = re.compile(r"^[ \t]*self\.([A-Za-z_]\w*)[ \t]*:[^=\n]+$", re.M)


def class_attributes(ctx: JudgeContext, cls: Entity) -> set[str] | None:
    """The attribute names a class has: members, class-level fields and ``self.x`` assignments;
    None when an external base may add more (computed once per class and run)."""
    key = ("class-attributes", cls.qualname, id(cls))
    if key not in ctx.run_cache:
        ctx.run_cache[key] = None  # asked again while computing: a cycle of bases, an open world
        ctx.run_cache[key] = known_class_attributes(ctx, cls)
    return cast("set[str] | None", ctx.run_cache[key])


def known_class_attributes(ctx: JudgeContext, cls: Entity, complete: bool = True,
                           _seen: frozenset[str] = frozenset(), _bases: set[str] | None = None) -> set[str] | None:
    """With ``complete=False``: the attributes the class's own code and project bases show,
    even when more may come from elsewhere (dynamic ``setattr``, an external base); with
    ``complete=True`` None when they may (an external base, ``self.__dict__.update(...)``).
    ``_bases`` (complete=False) collects the qualified names of the bases met on the way."""
    ctx.reads_code_of(cls)
    if complete and (not all_members_known(ctx, cls) or takes_any_names(cls)
                     or not world.class_attributes_closed(ctx, cls)):
        return None
    names = {m.rsplit(".", 1)[-1] for m in cls.members}
    # the code without its docstrings: a NumPy ``name : type`` line of the docs defines nothing
    code = cls.docless_code or cls.code
    names |= _self_set_names(code)
    names |= set(_SELF_DECLARED.findall(code))  # ``self.context: Context``, set later by name
    # class-level names are written at the class body's own indent: deeper lines are a method's
    # locals, its docstring's ``name : type`` entries or the parameters of a signature on
    # several lines, none of which the class has
    body = _body_indent(code)
    names |= set(re.findall(rf"^{body}([A-Za-z_]\w*)\s*(?::[^=\n]+)?=(?!=)", code, re.M))
    names |= set(re.findall(rf"^{body}([A-Za-z_]\w*)\s*:", code, re.M))
    for chain in re.findall(rf"^{body}((?:[A-Za-z_]\w*[ \t]*=(?!=)[ \t]*\\?[ \t]*)+)", code, re.M):
        names |= set(re.findall(r"([A-Za-z_]\w*)[ \t]*=", chain))  # ``a = b = \`` chains
    at_body = re.compile(body)
    for m in _TUPLE_ASSIGNMENT.finditer(code):
        line = m.group(1)
        class_level = at_body.fullmatch(code[m.start():m.start(1)]) is not None
        for target in _ASSIGN_SIGN.split(line)[:-1]:  # ``a, b = c, d = 1, 2``
            # ``a, b = ...`` at the class level, ``self.a, self.b = ...`` anywhere
            if _NAME_TUPLE.fullmatch(target) and (class_level or "self." in target):
                names |= set(re.findall(r"[A-Za-z_]\w*", target.replace("self.", "")))
    for base in cls.bases:
        parent = only_project_class(ctx, base.split(".")[-1].split("[")[0])
        if parent is not None and parent is not cls:
            if parent.qualname == cls.qualname:
                continue
            if _bases is not None:
                _bases.add(parent.qualname)
            if parent.qualname in _seen:
                continue  # bases that lead back to this class (two classes of one name, by name only)
            inherited = class_attributes(ctx, parent) if complete else \
                _shown_by_base(ctx, parent, _seen | {cls.qualname}, _bases)
            if inherited is None:
                return None
            names |= inherited
    return names


def _shown_by_base(ctx: JudgeContext, base: Entity, seen: frozenset[str], bases: set[str] | None) -> set[str]:
    """``known_class_attributes(ctx, base, False, seen)``, computed once per class and run (a
    base shared by many classes was read again for each): the value computed without ``seen``
    is the same whenever none of the bases met computing it is in ``seen`` (only those are
    looked up there); otherwise it is computed for ``seen``. The bases met go to ``bases``."""
    busy = cast("set[int]", ctx.memo.setdefault("class-attributes-shown-busy", set()))
    if id(base) in busy:  # a cycle of bases by name: computed here, with what was seen
        return known_class_attributes(ctx, base, False, seen, bases) or set()
    key = ("class-attributes-shown-base", base.qualname, id(base))
    got = ctx.run_cache.get(key)
    if got is None:
        met: set[str] = set()
        busy.add(id(base))
        try:
            names = known_class_attributes(ctx, base, False, frozenset(), met) or set()
        finally:
            busy.discard(id(base))
        got = ctx.run_cache[key] = (names, frozenset(met))
    shown, met_there = cast("tuple[set[str], frozenset[str]]", got)
    if bases is not None:
        bases |= met_there
    if not met_there.isdisjoint(seen):
        return known_class_attributes(ctx, base, False, seen, bases) or set()
    return shown


def _body_indent(code: str) -> str:
    """A pattern for the indent of a class's body (its first indented line), or any indent."""
    m = re.search(r"^([ \t]+)\S", code, re.M)
    return re.escape(m.group(1)) + r"(?![ \t])" if m else r"[ \t]+"


_TUPLE_ASSIGNMENT = re.compile(r"^[ \t]+((?:self\.)?[A-Za-z_]\w*[ \t]*,[^\n]*?(?<![=!<>])=(?!=)[^\n]*)$", re.M)
_ASSIGN_SIGN = re.compile(r"(?<![=!<>])=(?!=)")
_NAME_TUPLE = re.compile(r"\s*\(?\s*(?:self\.)?[A-Za-z_]\w*(?:\s*,\s*(?:self\.)?[A-Za-z_]\w*)*\s*,?\s*\)?\s*")
