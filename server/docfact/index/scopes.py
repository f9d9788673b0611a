"""Scopes of an extractor: the functions and classes of one file while it is being indexed,
nested by their byte ranges, and the innermost one around a byte offset (bisect plus a walk up
the parent chain). Python, Java and TypeScript/JavaScript share them; the Python and
TypeScript scopes add fields of their own."""

from __future__ import annotations

import bisect
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from tree_sitter import Node

from docfact.index.source import SourceFile, compact
from docfact.model import Entity

_START_BYTE = operator.attrgetter("start_byte")


@dataclass
class Scope:
    """A function or class (or the module) and what its body calls, throws, catches, binds and
    returns; ``parent`` and ``children`` are indexes into the sorted list of scopes."""

    node: Node
    start: int  # byte offsets of the definition node
    end: int
    is_class: bool
    name: str = "?"
    parent: int = -1
    local_name: str = ""
    entity: Entity | None = None
    calls: list[str] = field(default_factory=list)
    raises: list[str] = field(default_factory=list)
    catches: list[str] = field(default_factory=list)
    assigns: list[str] = field(default_factory=list)
    locals: list[str] = field(default_factory=list)
    returns: list[Node] = field(default_factory=list)
    subscript: bool = False
    bare_raise: bool = False
    children: list[int] = field(default_factory=list)


S = TypeVar("S", bound=Scope)


def nest(scopes: Sequence[S], qualify: Callable[[S], bool] | None = None) -> None:
    """Link each scope of ``scopes`` (sorted by start) to the innermost one around it and set its
    ``local_name``: the enclosing scope's local name, a dot and its name, or its name alone at
    the top or where ``qualify`` says no."""
    stack: list[int] = []
    for i, sc in enumerate(scopes):
        while stack and scopes[stack[-1]].end <= sc.start:
            stack.pop()
        if stack:
            sc.parent = stack[-1]
            scopes[sc.parent].children.append(i)
            if qualify is None or qualify(sc):
                sc.local_name = f"{scopes[sc.parent].local_name}.{sc.name}"
            else:
                sc.local_name = sc.name
        else:
            sc.local_name = sc.name
        stack.append(i)


def collect_bindings(f: SourceFile, caps: dict[str, list[Node]], scope_at: Callable[[int], Scope]) -> None:
    """Mark subscripts and add assignments and local names (``subscript``, ``assign`` and
    ``local`` captures) to the innermost scope of each."""
    src = f.src
    for node in caps.get("subscript", []):
        scope_at(node.start_byte).subscript = True
    for node in caps.get("assign", []):
        scope_at(node.start_byte).assigns.append(compact(src(node)))
    for node in caps.get("local", []):
        sc = scope_at(node.start_byte)
        name = src(node)
        sc.assigns.append(name)
        sc.locals.append(name)


def fill_from_scope(ent: Entity, sc: Scope) -> None:
    """Copy what the scope's body calls, catches, assigns and binds to its entity, without
    repeats, and whether it subscripts or re-raises."""
    ent.calls = list(dict.fromkeys(sc.calls))
    ent.catches = list(dict.fromkeys(sc.catches))
    ent.assigns = list(dict.fromkeys(sc.assigns))
    ent.locals = list(dict.fromkeys(sc.locals))
    ent.has_subscript = sc.subscript
    ent.has_bare_raise = sc.bare_raise


class ScopeFinder(Generic[S]):
    """The innermost scope containing a byte offset; ``module`` where no scope does."""

    def __init__(self, scopes: Sequence[S], module: S) -> None:
        self.starts = [s.start for s in scopes]
        self.ends = [s.end for s in scopes]
        self.parents = [s.parent for s in scopes]
        # index -1 (no enclosing definition) is the module scope
        self.table = [*scopes, module]

    def at(self, b: int) -> S:
        """The innermost scope containing byte ``b``."""
        starts, ends, parents = self.starts, self.ends, self.parents
        i = bisect.bisect_right(starts, b) - 1
        while i >= 0 and ends[i] <= b:
            i = parents[i]
        return self.table[i]

    def owners(self, nodes: list[Node]) -> list[S]:
        """The innermost scope containing the start of each node."""
        starts, ends, parents, table = self.starts, self.ends, self.parents, self.table
        out = []
        bisect_right = bisect.bisect_right
        for b in map(_START_BYTE, nodes):
            i = bisect_right(starts, b) - 1
            while i >= 0 and ends[i] <= b:
                i = parents[i]
            out.append(table[i])
        return out
