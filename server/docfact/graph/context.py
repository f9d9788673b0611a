"""Related information for one documented entity: the definitions it directly depends on.

ReFEree found one hop of dependencies the most useful context, so ``hops=1`` is the default:
for each name the entity's code uses (in order of first use), one block
``# {qualified name} #\\n{content}`` with

- project functions, methods and variables: their code as written;
- project classes: header, docstring and one signature line per member;
- project modules: their docstring's first paragraph and top-level signatures;
- external names: signature and first docstring paragraph read statically from the installed
  source, or ``(unresolved external)`` when nothing can be found.

Builtins (``len``, ``ValueError``, ``java.lang.String``) get no block: every reader knows them.
Blocks are deduplicated, their order is deterministic, and the total rendered size stays within
``budget`` characters: a block that does not fit is truncated with a marker, the rest are
dropped and a final line says how many.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from docfact.model import Entity

if TYPE_CHECKING:
    from docfact.graph.graph import ProjectGraph
    from docfact.graph.resolve import Resolved

BlockKind = Literal["project", "external", "unresolved", "omitted"]

TRUNCATED = "… (truncated)"
UNRESOLVED = "(unresolved external)"
MIN_BLOCK = 120  # a truncated block shorter than this is not worth showing
BLOCK_CAP = 2000  # characters of content per block, before the overall budget applies
MAX_MEMBERS = 40


@dataclass(frozen=True)
class Block:
    """One dependency as a judge sees it."""

    name: str  # qualified (project) or dotted (external) name
    content: str
    kind: BlockKind = "project"
    hop: int = 1
    truncated: bool = False

    def render(self) -> str:
        if self.kind == "omitted":
            return self.content
        return f"# {self.name} #\n{self.content}"


def render(blocks: list[Block]) -> str:
    """The blocks as one text, separated by blank lines ("" when there are none)."""
    return "\n\n".join(b.render() for b in blocks)


def related_info(graph: ProjectGraph, entity: Entity, hops: int = 1, budget: int = 6000) -> list[Block]:
    """The definitions ``entity`` depends on, ``hops`` levels deep (0: none), as blocks whose
    rendering fits in ``budget`` characters."""
    if hops <= 0:
        return []
    cap = max(MIN_BLOCK, min(BLOCK_CAP, budget // 2))
    seen: set[str] = {entity.qualname}
    candidates: list[tuple[Resolved, int]] = []
    frontier: list[Entity] = [entity]
    for hop in range(1, hops + 1):
        nxt: list[Entity] = []
        for ent in frontier:
            for dep in graph.callees(ent):
                if dep.kind in ("builtin", "local") or dep.qualname in seen:
                    continue
                seen.add(dep.qualname)
                candidates.append((dep, hop))
                if dep.entity is not None and dep.entity.kind != "module":
                    nxt.append(dep.entity)
            if len(candidates) > 200:  # far beyond any budget: stop collecting
                break
        frontier = nxt
    return _fit([_block(graph, dep, hop, cap) for dep, hop in candidates], budget)


def _fit(blocks: list[Block], budget: int) -> list[Block]:
    out: list[Block] = []
    used = 0
    for i, b in enumerate(blocks):
        sep = 2 if out else 0
        size = len(b.render()) + sep
        left = len(blocks) - i - 1
        reserve = 60 if left else 0  # room for the omission line
        if used + size + reserve <= budget:
            out.append(b)
            used += size
            continue
        room = budget - used - sep - reserve - len(b.name) - 6 - len(TRUNCATED) - 1
        if room >= MIN_BLOCK:
            out.append(Block(b.name, _cut(b.content, room), b.kind, b.hop, True))
            left_out = left
        else:
            left_out = left + 1
        if left_out:
            out.append(Block("", f"({left_out} more related definition{'s' if left_out > 1 else ''} "
                                 "omitted: size budget)", "omitted"))
        break
    return out


def _cut(text: str, room: int) -> str:
    """``text`` shortened to about ``room`` characters, at a line end when one is near."""
    if len(text) <= room:
        return text
    head = text[:room]
    nl = head.rfind("\n")
    if nl >= room // 2:
        head = head[:nl]
    return head.rstrip() + "\n" + TRUNCATED


def _block(graph: ProjectGraph, dep: Resolved, hop: int, cap: int) -> Block:
    if dep.kind == "external":
        doc = graph.externals.describe(dep.qualname)
        if doc is None:
            return Block(dep.qualname, UNRESOLVED, "unresolved", hop)
        if doc.kind == "builtin":
            return Block(dep.qualname, "(compiled or built-in: no Python source)", "external", hop)
        parts = [p for p in (doc.signature, _quote(doc.doc)) if p]
        if doc.defined_in and doc.defined_in != dep.qualname:
            parts.append(f"(defined in {doc.defined_in})")
        return Block(dep.qualname, _capped("\n".join(parts) or doc.name, cap), "external", hop)
    ent = dep.entity
    assert ent is not None
    if ent.kind == "class":
        content = _class_summary(graph, ent)
    elif ent.kind == "module":
        content = _module_summary(graph, ent)
    else:
        content = _code(ent)
    truncated = len(content) > cap
    return Block(ent.qualname, _capped(content, cap), "project", hop, truncated)


def _code(e: Entity) -> str:
    """The entity's code as written, dedented as a whole (its first line starts at its column)."""
    code = e.code.strip("\n")
    if not code:
        return e.signature
    return textwrap.dedent(" " * e.range.start.col + code) if e.range.start.col else code


def _capped(text: str, cap: int) -> str:
    return text if len(text) <= cap else _cut(text, cap - len(TRUNCATED) - 1)


def _quote(doc: str) -> str:
    return f'"""{doc}"""' if doc else ""


def _first_line(text: str) -> str:
    return " ".join(text.strip().split("\n", 1)[0].split())


def _signature(e: Entity) -> str:
    sig = e.signature or _first_line(e.code)
    return " ".join(sig.split())


def _doc_of(e: Entity) -> str:
    if e.doc is None or not e.doc.text.strip():
        return ""
    return e.doc.text.strip()


def _members(graph: ProjectGraph, owner: Entity) -> list[Entity]:
    """Declared members in order, then members only the graph knows (``self.x`` fields)."""
    out: dict[str, Entity] = {}
    for local_name in owner.members:
        m = graph.find(owner.path, local_name)
        if m is not None:
            out[local_name] = m
    declared = sorted(out.values(), key=lambda m: m.range.start)
    extra = [m for m in graph.children(owner) if m.local_name not in out]
    return declared + extra


def _class_summary(graph: ProjectGraph, cls: Entity) -> str:
    lines = [_signature(cls)]
    doc = _doc_of(cls)
    if doc:
        lines.append(_indent(_quote(doc)))
    members = _members(graph, cls)
    for m in members[:MAX_MEMBERS]:
        lines.append(_indent(_signature(m)))
    if len(members) > MAX_MEMBERS:
        lines.append(_indent(f"… ({len(members) - MAX_MEMBERS} more members)"))
    return "\n".join(lines)


def _module_summary(graph: ProjectGraph, mod: Entity) -> str:
    lines = [f"module {mod.qualname}"]
    doc = _doc_of(mod)
    if doc:
        lines.append(_quote(doc.split("\n\n", 1)[0]))
    fi = graph.file(mod.path)
    tops = [e for e in (fi.entities if fi is not None else []) if e.parent is None and e.kind != "module"]
    for e in tops[:MAX_MEMBERS]:
        lines.append(_signature(e))
    return "\n".join(lines)


def _indent(text: str) -> str:
    return "\n".join("    " + line if line else line for line in text.split("\n"))
