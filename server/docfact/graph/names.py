"""What a project entity uses, in the order its code first uses it, and the entities the graph
derives from a file's index (instance fields, the module entity): helpers of
:mod:`docfact.graph.graph`."""

from __future__ import annotations

import re

from docfact.graph.resolved import clean_name, type_names
from docfact.model import Entity, FileIndex, Pos, Range


def entity_uses(e: Entity) -> list[tuple[str, list[str]]]:
    """The names an entity uses, per relation kind."""
    types: list[str] = []
    for p in e.params:
        if p.annotation:
            types.extend(type_names(p.annotation))
    if e.returns:
        types.extend(type_names(e.returns))
    if e.annotation:
        types.extend(type_names(e.annotation))
    return [
        ("inherits", e.bases),
        ("typeof", types),
        ("calls", e.calls),
        ("as", e.catches),
        ("refers", e.raises),
        ("assigns", [a for a in e.assigns if "." in a or a not in e.locals]),
        ("refers", e.refs),
    ]


_WORD = re.compile(r"[\w.]+")


_ORDER_CACHE: dict[int, tuple[Entity, list[str]]] = {}  # id -> (the entity, its names in order)


def in_code_order(e: Entity) -> list[str]:
    """All names ``e`` uses, ordered by their first occurrence in its code (kept per entity
    object: the docs inside one large function each ask for it)."""
    got = _ORDER_CACHE.get(id(e))
    if got is not None and got[0] is e:
        return got[1]
    if len(_ORDER_CACHE) > 4096:
        _ORDER_CACHE.clear()
    order = _ordered_names(e)
    _ORDER_CACHE[id(e)] = (e, order)
    return order


def _ordered_names(e: Entity) -> list[str]:
    names: dict[str, None] = {}
    for _, group in entity_uses(e):
        for n in group:
            c = clean_name(n)
            if not c:
                continue
            parts = c.split(".")
            if len(parts) > 2 and parts[0] in ("self", "cls", "this"):
                names.setdefault(".".join(parts[:2]), None)  # the field before what it does
            names.setdefault(c, None)
    code = e.code
    if not code:
        return list(names)
    first: dict[str, int] = {}
    big = len(code) + 1
    for n in names:
        i = _find_word(code, n)
        first[n] = i if i >= 0 else big
    return sorted(names, key=lambda n: first[n])  # stable: ties keep source-list order


def _find_word(code: str, name: str) -> int:
    """Where ``name`` first appears in ``code`` as a whole word (not inside a longer name nor
    after a dot), or -1."""
    start = 0
    for _ in range(64):
        i = code.find(name, start)
        if i < 0:
            return -1
        before = code[i - 1] if i else " "
        after = code[i + len(name)] if i + len(name) < len(code) else " "
        if not (before.isalnum() or before in "_.") and not (after.isalnum() or after == "_"):
            return i
        start = i + 1
    # a short name inside many longer ones (``e`` in minified code): the same test in one search
    m = re.compile(rf"(?<![\w.]){re.escape(name)}(?!\w)").search(code, start)
    return m.start() if m else -1


# ``self.x = ...``, ``self.x: T = ...`` and a bare declaration ``self.x: T`` (set later, by name)
_SELF_ASSIGN = re.compile(r"^[ \t]*self\.([A-Za-z_]\w*)[ \t]*"
                          r"(?::[ \t]*([^=\n#]+?)[ \t]*(?:=(?!=)|(?:#[^\n]*)?$)|=(?!=))", re.M)


def instance_fields(fi: FileIndex) -> list[Entity]:
    """The fields of ``self.x = ...`` assignments of a Python file (see :func:`_instance_fields`),
    computed once per index and kept on it."""
    if fi.instance_fields is None:
        fi.instance_fields = _instance_fields(fi.entities)
    return fi.instance_fields


def _instance_fields(entities: list[Entity]) -> list[Entity]:
    """Fields for ``self.x = ...`` assignments and ``self.x: T`` declarations in methods that the
    class does not declare, so ``self.items`` resolves and renders like a declared field (first
    assignment wins)."""
    classes = {e.local_name: e for e in entities if e.kind == "class"}
    known = {e.local_name for e in entities}
    out: list[Entity] = []
    for m in entities:
        cls = classes.get(m.parent or "") if m.kind in ("method", "function") else None
        if cls is None or not any(a.startswith("self.") for a in m.assigns):
            continue
        for match in _SELF_ASSIGN.finditer(m.code):
            name, annotation = match.group(1), match.group(2)
            local_name = f"{cls.local_name}.{name}"
            if local_name in known:
                continue
            known.add(local_name)
            line_no = m.code.count("\n", 0, match.start(1))
            line_start = m.code.rfind("\n", 0, match.start(1)) + 1
            line_end = m.code.find("\n", match.start(1))
            code = m.code[line_start : line_end if line_end >= 0 else len(m.code)].strip()
            start = Pos(m.range.start.line + line_no, 0)
            out.append(Entity(
                kind="field", name=name, local_name=local_name, module=m.module, path=m.path,
                language=m.language, range=Range(start, Pos(start.line, len(code))), code=code,
                signature=code, annotation=annotation.strip() if annotation else None,
                parent=cls.local_name,
            ))
    return out


def module_prefixes(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def module_entity(fi: FileIndex) -> Entity:
    return Entity(
        kind="module",
        name=fi.module.rsplit(".", 1)[-1],
        local_name="",
        module=fi.module,
        path=fi.path,
        language=fi.language,
        range=Range(Pos(0, 0), Pos(fi.text.count("\n"), 0)),
    )
