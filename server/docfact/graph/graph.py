"""The project context graph: entities of every indexed file as nodes of a directed
multigraph (:mod:`docfact.graph.digraph`), their relations as edges, maintained incrementally one file at a time.

Nodes are keyed by qualified name (``pkg.mod.Store.prune``; modules by module name) with the
attributes ``entity``, ``kind`` and ``path``. Names imported from outside the project are nodes
``external:<dotted>`` of kind ``external``. Edges carry ``kind`` (also used as the edge key):
``contains``, ``calls``, ``refers``, ``typeof``, ``inherits``, ``imports``, ``assigns``, ``as``.

Decisions callers rely on:

- A file owns its nodes and every edge leaving them; ``update_file`` replaces exactly those,
  so its cost depends on that file (plus, rarely, the files whose imports of a brand-new
  top-level package must be re-resolved).
- Edges from other files into a changed file are kept by name. A node whose entity disappeared
  but that other files still point to stays as a placeholder (kind ``unresolved``, entity
  None): ``entity()`` returns None for it, ``dependents()`` still lists who used it, and it
  comes back to life when a definition of that name reappears.
- Edges are resolved when their own file is added; :meth:`ProjectGraph.resolve` always
  answers from the current state.
- Builtins and locals get no edges (``callees`` still reports builtins).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from docfact.graph.digraph import MultiDiGraph, Node
from docfact.graph.edges import EDGE_KINDS, Edges
from docfact.graph.externals import ExternalDoc
from docfact.graph.names import in_code_order, instance_fields, module_entity
from docfact.graph.resolve import ResolveCache, Resolved, Resolver
from docfact.lang.typescript.externals import ExternalsWithTs
from docfact.model import Entity, FileIndex, Import

if TYPE_CHECKING:
    from docfact.deps import Recorder
    from docfact.index.common import Parsed
    from docfact.watchdog import Watchdog

log = logging.getLogger(__name__)


Progress = Callable[[int, int, str], None]
_KEPT_TREES = 8  # files whose last tree is kept: the ones being edited


class ProjectGraph(Edges):
    """Entities and relations of a workspace; see the module docstring for the contract."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else None
        self._g = MultiDiGraph()
        self.skipped: list[tuple[str, str]] = []
        exclude = (str(self.root),) if self.root is not None else ()
        self.externals = ExternalsWithTs(self.root, exclude=exclude)  # npm typings in node_modules too
        self.resolver = Resolver(self)
        self._files: dict[str, FileIndex] = {}
        self._local: dict[str, dict[str, Entity]] = {}  # path -> local_name -> entity
        self._imports: dict[str, tuple[dict[str, Import], list[Import]]] = {}  # path -> bound, stars
        self._owned: dict[str, list[str]] = {}  # path -> nodes it defines
        self._out: dict[str, list[tuple[str, str, str]]] = {}  # path -> edges it added
        self._modules: dict[str, str] = {}  # python module name -> path
        self._prefixes: dict[str, int] = {}  # every dotted prefix of a module name -> count
        self._by_name: dict[str, list[Entity]] = {}  # simple name -> entities, in the order added
        self._java: dict[str, dict[str, Entity]] = {}  # package -> top-level class name -> class
        self._ext_users: dict[str, set[str]] = {}  # top-level external name -> files using it
        self._pending: dict[str, set[str]] = {}  # module not loaded yet -> files that looked in it
        self._dirty: dict[str, None] = {}  # files whose edges must be resolved (again)
        self._java_users: dict[str, set[str]] = {}  # Java package -> files that look names up in it
        self._deferred: dict[str, None] | None = None  # files whose edges wait for deferred()
        # Name resolutions of the file edited last, reused by its next edit when nothing they
        # depend on changed: (path, the file's outline, {(scope, name, scope locals): target},
        # the unloaded project modules those answers looked into). Any change to another file
        # drops it.
        self._memo = None
        self._names_cache: set[str] | None = None
        # path -> bytes and tree of its last update_file, for incremental reparsing (few)
        self._trees: dict[str, Parsed] = {}
        # one attribute dict per relation kind, shared by all edges of that kind (memory)
        self._edge_attrs: dict[str, dict[str, str]] = {k: {"kind": k} for k in EDGE_KINDS}
        # while set, every lookup below is reported to it (what judging a file read: docfact.deps)
        self.recorder: Recorder | None = None

    # -- loading ----------------------------------------------------------------------------

    @classmethod
    def from_root(
        cls,
        root: Path | str,
        exclude: Iterable[str] = (),
        max_size: int = 1_000_000,
        progress: Progress | None = None,
    ) -> ProjectGraph:
        """Index every source file under ``root`` (honouring ``exclude`` patterns and the size
        limit) and build the graph; files that cannot be read are listed in ``skipped``."""
        from docfact.index import index_file
        from docfact.index.workspace import module_name, scan

        root = Path(root)
        graph = cls(root)
        items = list(scan(root, tuple(exclude), max_size))
        total = len(items)
        with graph.deferred():
            for i, item in enumerate(items):
                if progress is not None:
                    progress(i, total, str(item.path))
                if item.text is None or item.language is None:
                    graph.skipped.append((str(item.path), item.reason or "skipped"))
                    continue
                try:
                    graph.add_file(index_file(str(item.path), item.text, module_name(root, item.path)))
                except Exception as exc:  # one broken file never stops the workspace
                    log.exception("indexing %s failed", item.path)
                    graph.skipped.append((str(item.path), f"index error: {exc}"))
        if progress is not None:
            progress(total, total, "")
        return graph

    def add_files(self, indexes: Iterable[FileIndex]) -> None:
        """Add many files; their edges are resolved once all of them are known (lazily, see
        :meth:`deferred`)."""
        with self.deferred():
            for fi in indexes:
                self.add_file(fi)

    @contextmanager
    def deferred(self) -> Iterator[None]:
        """Within this block, ``add_file``/``update_file`` only add nodes (use it to load a
        workspace). The files' edges are resolved once every file is known, at the first query
        of edges after the block (:meth:`flush`): judging reads nodes and resolves names, not
        edges, so a one-off check never pays for them."""
        if self._deferred is not None:
            yield
            return
        self._deferred = {}
        try:
            yield
        finally:
            paths, self._deferred = self._deferred, None
            self._dirty.update(paths)

    def add_file(self, index: FileIndex) -> None:
        """Add (or replace) one indexed file."""
        if self._memo is not None and self._memo[0] != index.path:
            self._memo = None
        if index.path in self._files:
            self.remove_file(index.path)
        new_tops = self._add_nodes(index)
        if self._deferred is not None:
            self._deferred[index.path] = None
            return
        self._dirty.pop(index.path, None)  # resolved now
        self._add_edges(index)
        # files that looked a name up in this module before it existed, or that took its
        # package for an external one, resolve again (lazily: at the next query of edges)
        waiting = set(self._pending.pop(index.module, ()))
        if index.language == "java" and new_tops:  # new classes: users of the package look again
            waiting |= self._java_users.get(index.package, set())
        for top in new_tops:
            if index.language != "java":
                waiting |= self._ext_users.pop(top, set())
        waiting.discard(index.path)
        self._dirty.update(dict.fromkeys(sorted(waiting)))

    def update_file(self, path: str, text: str, module: str | None = None,
                    watchdog: Watchdog | None = None) -> FileIndex:
        """Re-index ``path`` from ``text`` and replace its nodes and edges; with ``watchdog``,
        the indexing is bounded in time (:func:`docfact.index.index_bound`: past the bound,
        :class:`~docfact.index.nesting.TooSlow` is raised and the graph keeps the file as it was)."""
        from docfact.index import index_bound, index_file_reusing

        old = self._files.get(path)
        if module is None and old is not None:
            module = old.module
        # files edited one after the other reparse incrementally from their last tree; bulk
        # loads (deferred) keep no trees
        previous = self._trees.pop(path, None)
        with index_bound(watchdog) if watchdog is not None else nullcontext():
            index, parsed = index_file_reusing(path, text, module, previous, old if previous is not None else None)
        self.add_file(index)
        if parsed is not None and self._deferred is None:
            self._trees[path] = parsed
            while len(self._trees) > _KEPT_TREES:
                del self._trees[next(iter(self._trees))]
        return index

    def remove_file(self, path: str) -> None:
        """Drop the file's nodes and edges; nodes other files still point to stay as
        placeholders."""
        self._trees.pop(path, None)
        if self._memo is not None and self._memo[0] != path:
            self._memo = None
        fi = self._files.pop(path, None)
        if fi is None:
            return
        if self._deferred is not None:
            self._deferred.pop(path, None)
        self._names_cache = None
        self._remove_edges(path)
        g = self._g
        for node in self._owned.pop(path, []):
            if node not in g:
                continue
            data = g.nodes[node]
            if data.get("path") != path:
                continue
            if g.in_degree(node):
                data.update(entity=None, kind="unresolved", path=None)
            else:
                g.remove_node(node)
        self._imports.pop(path, None)
        self._forget_names(fi, self._local.pop(path, {}))
        self._forget_module(fi)

    # -- nodes and edges --------------------------------------------------------------------

    def _add_nodes(self, fi: FileIndex) -> list[str]:
        """Register the file and its entity nodes; returns the names new to the project that
        other files may have resolved differently (Python top-level packages, Java classes)."""
        self._files[fi.path] = fi
        self._names_cache = None
        g = self._g
        path = fi.path
        new_tops = self._add_module(fi)
        local: dict[str, Entity] = {}
        owned: list[str] = []
        entities = fi.entities
        if not any(e.kind == "module" for e in entities):
            entities = [module_entity(fi), *entities]
        if fi.language == "python":
            entities = [*entities, *instance_fields(fi)]
        java = fi.language == "java"
        nodes, by_name = g.nodes, self._by_name  # (a project's worth of entities pass here)
        for e in entities:
            local_name, kind = e.local_name, e.kind
            if local_name in local:
                continue  # overload variants and setters come after the definition
            local[local_name] = e
            q = e.qualname
            if kind == "module" and java:
                q = f"{q}::{path}" if q in g and nodes[q].get("path") not in (None, path) else q
            data = nodes.get(q)
            if data is None:
                g.add_node_attrs(q, Node(e, kind, path))
                owned.append(q)
            elif data.get("entity") is not None and data.get("path") != path:
                log.debug("%s is defined in %s and %s; keeping the first", q, data.get("path"), path)
            else:
                data.update(entity=e, kind=kind, path=path)
                owned.append(q)
            if kind != "module":
                names = by_name.get(e.name)
                if names is None:
                    by_name[e.name] = [e]
                else:
                    names.append(e)
            if java and kind == "class" and e.parent is None and self._add_java_class(fi.package, e):
                new_tops.append(f"{fi.package}.{e.name}")
        self._local[path] = local
        self._owned[path] = owned
        self._add_imports(fi)
        return new_tops

    # -- queries ----------------------------------------------------------------------------

    def resolve(self, name: str, scope: Entity) -> Resolved | None:
        """What ``name``, as written in the code or docs of ``scope``, refers to now.

        Project names that do not exist resolve to None.
        """
        r = self.resolver.resolve(name, scope)
        if r is None or (r.kind == "project" and r.entity is None):
            return None
        return r

    def project_entity(self, name: str, scope: Entity) -> Entity | None:
        """The project entity ``name`` names as a whole from ``scope`` (not a member past it, nor
        an external or local name); None too when the resolver cannot tell."""
        try:
            r = self.resolve(name, scope)
        except Exception:
            return None
        return r.entity if r is not None and r.kind == "project" and not r.rest else None

    def callees(self, entity: Entity, cache: ResolveCache | None = None) -> list[Resolved]:
        """The 1-hop dependencies of ``entity``: what it calls, references, uses as a type or
        inherits from — deduplicated, in order of first use in its code. Locals are left out;
        a name that cannot be followed past a local keeps its tail in ``rest``. ``cache`` may be
        shared by the entities of one file while the graph does not change."""
        out: dict[str, Resolved] = {}
        cache = cache if cache is not None else ResolveCache()
        own = set(entity.locals)
        own.update(p.name for p in entity.params)
        for name in in_code_order(entity):
            head = name.split(".", 1)[0]
            if head in own and "." not in name:
                continue
            r = self.resolver.resolve(name, entity, cache)
            if r is None or r.kind == "local":
                continue
            if r.kind == "project" and r.entity is None:
                continue
            if r.qualname == entity.qualname or r.qualname in out:
                continue
            if r.entity is not None and r.entity.kind == "module" and r.entity.path == entity.path:
                continue
            out[r.qualname] = r
        return list(out.values())

    def describe_external(self, dotted: str) -> ExternalDoc | None:
        """Signature and docstring of an external name, read statically (cached)."""
        return self.externals.describe(dotted)

    def external_exists(self, dotted: str) -> bool | None:
        """Whether an installed module defines ``dotted`` (None: cannot tell statically)."""
        return self.externals.exists(dotted)
