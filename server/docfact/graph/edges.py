"""The relation edges of the project graph: resolving the names each file's entities use into
edges (source, target, kind), keeping them current as files change, and reading them back
(:meth:`Edges.dependents`, :meth:`Edges.edges_of`). :class:`~docfact.graph.graph.ProjectGraph`
holds the tables; this base class holds what it does with edges."""

from __future__ import annotations

from typing import Any

from docfact.graph.digraph import MultiDiGraph
from docfact.graph.lookup_tables import Lookups
from docfact.graph.names import entity_uses
from docfact.graph.resolve import ResolveCache, Resolver
from docfact.model import Entity, FileIndex

EDGE_KINDS = ("contains", "calls", "refers", "typeof", "inherits", "imports", "assigns", "as")
# Each (source, target) pair gets one edge: the first of these relations that applies.
EDGE_PRIORITY = ("imports", "contains", "inherits", "typeof", "calls", "as", "assigns", "refers")
# Relations through which an entity depends on another (what dependents() follows backwards).
DEPENDENCY_KINDS = frozenset({"calls", "refers", "typeof", "inherits", "assigns", "as"})
EXTERNAL_PREFIX = "external:"
# the resolution memo of one file: (scope qualname, name, the scope's locals) -> target
_Memo = dict[tuple[str, str, frozenset[str] | None], str | None]


class Edges(Lookups):
    """Edge resolution and reading for :class:`~docfact.graph.graph.ProjectGraph` (its base)."""

    # the graph's tables (set by ProjectGraph.__init__; those the lookups read are declared there)
    _out: dict[str, list[tuple[str, str, str]]]
    _pending: dict[str, set[str]]
    _dirty: dict[str, None]
    _java_users: dict[str, set[str]]
    _ext_users: dict[str, set[str]]
    _deferred: dict[str, None] | None
    _memo: tuple[str, tuple[Any, ...], _Memo, set[str]] | None
    _edge_attrs: dict[str, dict[str, str]]
    resolver: Resolver

    @property
    def g(self) -> MultiDiGraph:
        """The graph of nodes and edges, with every pending re-resolution done. Read-only for callers;
        edge attribute dicts are shared per relation kind."""
        if self.recorder is not None:
            self.recorder.top.everything = True
        self.flush()
        return self._g

    def flush(self) -> None:
        """Resolve the edges still pending: of files loaded in a :meth:`deferred` block, and of
        files waiting for modules that have appeared since."""
        while self._dirty:
            path = next(iter(self._dirty))
            del self._dirty[path]
            fi = self._files.get(path)
            if fi is not None and (self._deferred is None or path not in self._deferred):
                self._remove_edges(path)
                self._add_edges(fi, use_memo=False)

    def _add_edges(self, fi: FileIndex, use_memo: bool = True) -> None:
        """Resolve the names the file's entities use and add one edge per (source, target);
        ``use_memo``: reuse and keep the resolutions of the file edited last (see ``_memo``)."""
        path = fi.path
        g = self._g
        cache = ResolveCache()
        self.resolver.missing = cache.missing_modules
        try:
            edges, externals = self._resolve_edges(fi, cache, use_memo)
        finally:
            self.resolver.missing = None
        for _, v, _ in edges:
            if v not in g:
                kind = "external" if v.startswith(EXTERNAL_PREFIX) else "unresolved"
                g.add_node(v, entity=None, kind=kind, path=None)
        # straight into the adjacency dicts (no method call per edge); edge attribute dicts
        # are shared per kind: read-only
        succ, pred, attrs = g._succ, g._pred, self._edge_attrs
        for u, v, k in edges:
            if u not in succ:
                g.add_node(u, entity=None, kind="unresolved", path=None)
            keys = succ[u].get(v)
            if keys is None:
                keys = succ[u][v] = {}
                pred[v][u] = keys
            keys[k] = attrs[k]
        self._out[path] = edges
        for module in cache.missing_modules:
            self._pending.setdefault(module, set()).add(path)
        for top in externals:
            self._ext_users.setdefault(top, set()).add(path)
        if fi.language == "java":
            packages = {fi.package}
            for imp in fi.imports:
                packages.add(imp.module)
                packages.add(imp.module.rpartition(".")[0])  # static and nested-class imports
            for pkg in packages:
                self._java_users.setdefault(pkg, set()).add(path)

    def _resolve_edges(self, fi: FileIndex, cache: ResolveCache,
                       use_memo: bool = True) -> tuple[list[tuple[str, str, str]], set[str]]:
        """The file's edges (source, target, kind) and the top-level external names it uses."""
        local = self._local[fi.path]
        edges: dict[tuple[str, str, str], None] = {}
        module_ent = local.get("")
        module_q = module_ent.qualname if module_ent is not None else fi.module
        memo = self._memo_for(fi) if use_memo else None
        targets = _Targets(self.resolver, cache, memo)
        pairs: set[tuple[str, str]] = set()
        if module_ent is not None:
            for imp in fi.imports:
                if imp.name == "*":
                    continue
                t = targets.of(imp.bound_name, module_ent)
                if t is not None and t != module_q and (module_q, t) not in pairs:
                    pairs.add((module_q, t))
                    edges[(module_q, t, "imports")] = None
        for e in local.values():
            _entity_edges(e, module_q, cache, targets, pairs, edges)
        if memo is not None:
            # a memo hit skips the lookups that would record the unloaded modules it depends
            # on: every module the memo's answers ever looked into counts for this file
            seen = self._memo[3]  # type: ignore[index]
            seen |= cache.missing_modules
            cache.missing_modules |= seen
        return list(edges), targets.externals

    def _memo_for(self, fi: FileIndex) -> _Memo | None:
        """The resolution memo for ``fi`` when its outline (imports, entities and their declared
        types and bases) is the one the memo was built for; a fresh memo otherwise. None during
        bulk loads."""
        if self._deferred is not None:
            return None
        # a function's plain-name assignments are its locals, already part of every memo key
        # of its own scope; other scopes see them only when they nest inside it
        enclosing = {e.parent for e in fi.entities if e.parent and e.kind in ("function", "method", "class")}
        outline = (
            tuple((i.module, i.name, i.alias, i.level) for i in fi.imports),
            tuple((e.local_name, e.kind, e.annotation, e.returns, tuple(e.bases),
                   tuple(e.assigns) if e.kind not in ("function", "method") or e.local_name in enclosing
                   else tuple(a for a in e.assigns if "." in a),
                   tuple((p.name, p.annotation) for p in e.params)) for e in fi.entities),
        )
        if self._memo is None or self._memo[0] != fi.path or self._memo[1] != outline:
            self._memo = (fi.path, outline, {}, set())
        return self._memo[2]

    def _remove_edges(self, path: str) -> None:
        """Drop the edges ``path`` added, then externals and placeholders left unreferenced.

        Works on the adjacency dicts directly: removing a file's edges one by one
        through the public API costs several times more, and update_file is on the typing path.
        """
        g = self._g
        succ, pred = g._succ, g._pred
        targets: set[str] = set()
        for u, v, k in self._out.pop(path, []):
            keys = succ.get(u, {}).get(v)
            if keys is None or k not in keys:
                continue
            del keys[k]
            if not keys:
                del succ[u][v]
                del pred[v][u]
            targets.add(v)
        for v in targets:
            if v in g and not pred[v] and not succ[v] and g.nodes[v].get("entity") is None:
                g.remove_node(v)  # an external or placeholder nobody points to any more

    def dependents(self, qualname: str, class_users: bool = True) -> set[str]:
        """Qualified names of entities that call, reference, type-use or inherit ``qualname``
        (through reverse edges). Users of a class count for its members too, since a class's
        context shows its members' signatures (``class_users=False`` leaves them out: for a
        member whose signature did not change)."""
        if self.recorder is not None:
            self.recorder.top.everything = True  # the edges come from every file
        g = self.g
        out: set[str] = set()
        targets = [qualname]
        ent = self.entity(qualname)
        if class_users and ent is not None and ent.parent is not None:
            parent = self.find(ent.path, ent.parent)
            if parent is not None and parent.kind == "class":
                targets.append(parent.qualname)
        for t in targets:
            if t not in g:
                continue
            for u, _, k in g.in_edges(t, keys=True):
                if k in DEPENDENCY_KINDS and g.nodes[u].get("entity") is not None:
                    out.add(u)
        out.discard(qualname)
        return out

    def edges_of(self, qualname: str, kind: str | None = None) -> list[tuple[str, str]]:
        """Outgoing (target, kind) pairs of a node, for inspection and tests."""
        if self.recorder is not None:
            self.recorder.top.everything = True
        g = self.g
        if qualname not in g:
            return []
        return [(v, k) for _, v, k in g.out_edges(qualname, keys=True) if kind is None or k == kind]


class _Targets:
    """The targets of the names one file's entities use: a qualname, ``EXTERNAL_PREFIX`` and a
    qualname for an external, None for locals, builtins and what does not resolve; answered
    from the file's resolution memo when there is one. Collects the top-level external names
    met on the way."""

    def __init__(self, resolver: Resolver, cache: ResolveCache, memo: _Memo | None) -> None:
        self.resolver = resolver
        self.cache = cache
        self.memo = memo
        self.externals: set[str] = set()

    def of(self, name: str, scope: Entity) -> str | None:
        """The target of ``name`` as used in ``scope``."""
        memo = self.memo
        key = (scope.qualname, name, self.cache.locals.get(id(scope)))
        if memo is not None and key in memo:
            t = memo[key]
            if t is not None and t.startswith(EXTERNAL_PREFIX):
                self.externals.add(t[len(EXTERNAL_PREFIX):].split(".", 1)[0])
            return t
        r = self.resolver.resolve(name, scope, self.cache)
        if r is None or r.kind in ("local", "builtin"):
            t = None
        elif r.kind == "external":
            self.externals.add(r.qualname.split(".", 1)[0])
            t = EXTERNAL_PREFIX + r.qualname
        else:
            t = r.qualname
        if memo is not None:
            memo[key] = t
        return t


def _entity_edges(e: Entity, module_q: str, cache: ResolveCache, targets: _Targets,
                  pairs: set[tuple[str, str]], edges: dict[tuple[str, str, str], None]) -> None:
    """Add the edges of entity ``e`` to ``edges``: "contains" from its parent, and one edge per
    target of the names it uses that is not its own local, itself, or already linked to it
    (``pairs`` holds the (source, target) pairs linked so far)."""
    src = e.qualname if e.kind != "module" else module_q
    if e.kind != "module":
        parent = module_q if e.parent is None else f"{e.module}.{e.parent}"
        edges[(parent, src, "contains")] = None
        pairs.add((parent, src))
    own = cache.locals.get(id(e))
    if own is None:
        own = cache.locals[id(e)] = frozenset([*e.locals, *(p.name for p in e.params)])
    done: set[str] = set()
    for kind, names in entity_uses(e):
        for name in names:
            if name in done or name in own:
                continue
            done.add(name)
            t = targets.of(name, e)
            if t is None or t == src or (src, t) in pairs:
                continue
            pairs.add((src, t))
            edges[(src, t, kind)] = None
