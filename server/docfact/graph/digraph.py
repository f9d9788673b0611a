"""A directed multigraph with keyed edges: the part of networkx's ``MultiDiGraph`` the project
graph uses (nodes with attributes, one edge per key between two nodes, in/out edges).

docfact used networkx for this; importing it took a third of the time a re-check after a
one-file edit spends outside judging, and the graph never ran one of its algorithms. The
adjacency layout is networkx's (``_succ[u][v][key] -> attributes``, ``_pred`` its mirror), so
the code that writes edges straight into it stays as it was; a node's own adjacency dicts are
made at its first edge (see :class:`_Adjacency`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

Attrs = dict[str, Any]
Neighbours = dict[str, dict[str, Attrs]]


class Node:
    """A node's attributes: ``entity``, ``kind`` and ``path`` (the project graph's three), as
    slots rather than a dict (60 bytes instead of 150, for every entity of a project), read like
    a dict too: ``node["kind"]``, ``node.get("entity")``, ``node.update(kind=...)``."""

    __slots__ = ("entity", "kind", "path")

    def __init__(self, entity: Any = None, kind: str | None = None, path: str | None = None) -> None:
        self.entity = entity
        self.kind = kind
        self.path = path

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key) if key in Node.__slots__ else default

    def __getitem__(self, key: str) -> Any:
        if key not in Node.__slots__:
            raise KeyError(key)
        return getattr(self, key)

    def update(self, attrs: Attrs | None = None, **more: Any) -> None:
        for key, value in (*(attrs or {}).items(), *more.items()):
            if key not in Node.__slots__:
                raise KeyError(key)
            setattr(self, key, value)

    def __repr__(self) -> str:
        return f"Node(entity={self.entity!r}, kind={self.kind!r}, path={self.path!r})"


class _Adjacency(dict[str, Neighbours]):
    """node -> neighbour -> key -> attributes, where a node has its dict from its first edge on:
    every node of the graph is ``in`` it, and reading one without edges makes its (empty) dict.
    A check never resolves edges (see ProjectGraph.deferred), and two empty dicts per node were
    20 MB of a 3,000-file project."""

    __slots__ = ("_nodes",)

    def __init__(self, nodes: dict[str, Node]) -> None:
        super().__init__()
        self._nodes = nodes

    def __contains__(self, node: object) -> bool:
        return node in self._nodes

    def __missing__(self, node: str) -> Neighbours:
        if node not in self._nodes:
            raise KeyError(node)
        made: Neighbours = {}
        self[node] = made
        return made

    def get(self, node: str, default: Any = None) -> Any:
        try:
            return self[node]
        except KeyError:
            return default


class MultiDiGraph:
    """Nodes with attributes (:class:`Node`); edges ``(u, v, key)`` with shared attribute dicts."""

    def __init__(self) -> None:
        self.nodes: dict[str, Node] = {}
        self._succ = _Adjacency(self.nodes)
        self._pred = _Adjacency(self.nodes)

    def __contains__(self, node: object) -> bool:
        return node in self.nodes

    def add_node(self, node: str, **attrs: Any) -> None:
        """Add ``node`` (its attributes updated when it exists)."""
        data = self.nodes.get(node)
        if data is None:
            self.nodes[node] = Node(**attrs)
        else:
            data.update(attrs)

    def add_node_attrs(self, node: str, attrs: Node) -> None:
        """Add a new ``node`` with these attributes (kept, not copied)."""
        self.nodes[node] = attrs

    def remove_node(self, node: str) -> None:
        """Remove ``node`` and every edge into or out of it."""
        del self.nodes[node]
        for v in self._succ.pop(node, {}):
            del self._pred[v][node]
        for u in self._pred.pop(node, {}):
            if u != node:  # a loop went with the node's own successors
                del self._succ[u][node]

    def in_degree(self, node: str) -> int:
        return sum(len(keys) for keys in self._pred[node].values())

    def in_edges(self, node: str, keys: bool = True) -> Iterator[tuple[str, str, str]]:
        """``(u, node, key)`` for every edge into ``node``."""
        for u, ks in self._pred.get(node, {}).items():
            for k in ks:
                yield u, node, k

    def out_edges(self, node: str, keys: bool = True) -> Iterator[tuple[str, str, str]]:
        """``(node, v, key)`` for every edge out of ``node`` (none for an unknown node)."""
        for v, ks in self._succ.get(node, {}).items():
            for k in ks:
                yield node, v, k

    def edges(self, keys: bool = True) -> Iterator[tuple[str, str, str]]:
        """Every edge as ``(u, v, key)``."""
        for u, nbrs in self._succ.items():
            for v, ks in nbrs.items():
                for k in ks:
                    yield u, v, k

    def number_of_nodes(self) -> int:
        return len(self.nodes)

    def number_of_edges(self) -> int:
        return sum(len(ks) for nbrs in self._succ.values() for ks in nbrs.values())
