"""Name resolution over the project graph: what does ``helper`` / ``self.save`` / ``np.array``
written inside one entity (or its docs) refer to?

Order (Python): local names and parameters of the scope and its enclosing functions →
``self.``/``cls.``/``super()`` members of the enclosing class (inherited members included) →
names defined in the same module → the file's imports (absolute, relative, aliases, star
imports, package ``__init__`` re-exports followed transitively with a cycle guard) → a fully
qualified project name → builtins → nothing.
Java: locals and parameters → members of the enclosing classes (``this.`` and unqualified,
inherited included) → classes of the same package → single-type imports → wildcard imports of
project packages → ``java.lang`` → wildcard imports from outside the project.

Names imported from outside the project resolve to ``external`` with the dotted name as the
import spells it (``np.array`` → ``numpy.array``). Attribute chains are followed through
modules and classes; through anything else (a variable, a call result) the unfollowed tail is
kept in :attr:`Resolved.rest`.
"""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING

from docfact.graph.imports import ImportFollower

# Resolved, ResolveCache, clean_name and type_names are imported from here by other modules
from docfact.graph.resolved import ResolveCache as ResolveCache
from docfact.graph.resolved import Resolved as Resolved
from docfact.graph.resolved import clean_name as clean_name
from docfact.graph.resolved import type_names as type_names
from docfact.lang.java.names import java_name
from docfact.lang.typescript.globals import TS_GLOBALS, TS_LANGUAGES
from docfact.model import Entity, FileIndex

if TYPE_CHECKING:
    from docfact.graph.lookups import ProjectLookups


PY_BUILTINS = frozenset(dir(builtins))


class Resolver(ImportFollower):
    """Resolves names against one :class:`~docfact.graph.graph.ProjectGraph`; ``strict``
    resolution returns None for project names that do not exist, the lenient one (used for
    edges) returns the qualname they would have (``entity`` None), so edges keyed by that name
    revive when it appears."""

    def __init__(self, graph: ProjectLookups) -> None:
        super().__init__(graph)
        self._typing: set[tuple[str, str]] = set()  # annotations being resolved (cycle guard)

    # -- entry point ------------------------------------------------------------------------

    def resolve(self, name: str, scope: Entity, cache: ResolveCache | None = None) -> Resolved | None:
        cleaned = _cleaned(name, cache)
        if cleaned is None:
            return None
        fi = self.g.file(scope.path)
        if fi is None:
            return None
        java = fi.language == "java"
        parts = cleaned.split(".")
        head = parts[0]
        if head in ("self", "cls", "this") or head == "super()":
            return self._resolve_member(cleaned, parts, scope, cache)
        if (cache is not None and not java and cleaned in cache.module
                and self._module_scoped(head, scope, cache)):
            return cache.module[cleaned]
        local = self._local(head, scope, java, cache)
        if local is not None:
            if len(parts) > 1 and local.kind == "local" and local.type_hint:
                typed = self._typed(local.type_hint, scope, cache)
                if typed is not None:
                    found = self._walk(typed, parts[1:], set())
                    if found is not None:
                        return found
            return self._walk(local, parts[1:], set())
        if cache is not None and cleaned in cache.module:
            return cache.module[cleaned]
        found = self._module_level(head, fi, scope, java)
        result = self._walk(found, parts[1:], set()) if found is not None else None
        if result is None:
            result = self._qualified(cleaned)
        if cache is not None:
            cache.module[cleaned] = result
        return result

    def _resolve_member(self, cleaned: str, parts: list[str], scope: Entity,
                        cache: ResolveCache | None) -> Resolved | None:
        """A name that starts with ``self``, ``cls``, ``this`` or ``super()``: the enclosing
        class itself, or the member the rest of the name reaches from it (through its bases for
        ``super()``); a local when there is no enclosing class."""
        head = parts[0]
        cls = self._enclosing_class(scope)
        if cls is None:
            return Resolved("local", head, rest=".".join(parts[1:]))
        if len(parts) == 1:
            return Resolved("project", cls.qualname, cls)
        key = (cls.qualname, cleaned)
        if cache is not None and key in cache.members:
            return cache.members[key]
        if head == "super()":
            result = self._via_bases(cls, parts[1:], set())
        else:
            result = self._walk(Resolved("project", cls.qualname, cls), parts[1:], set())
        if cache is not None:
            cache.members[key] = result
        return result

    # -- scopes -----------------------------------------------------------------------------

    def _parent(self, e: Entity) -> Entity | None:
        if e.parent is None:
            return None if e.kind == "module" else self.g.module_entity(e.path)
        return self.g.find(e.path, e.parent)

    def _enclosing_class(self, scope: Entity) -> Entity | None:
        e: Entity | None = scope
        while e is not None and e.kind != "class":
            e = self._parent(e)
        return e

    def _module_scoped(self, head: str, scope: Entity, cache: ResolveCache) -> bool:
        """True when ``head`` inside ``scope`` can only mean the module-level name (Python): not
        a parameter/local/nested definition, and no enclosing function that could bind it."""
        if scope.kind not in ("function", "method"):
            return False
        names = cache.locals.get(id(scope))
        if names is None:
            names = cache.locals[id(scope)] = frozenset([*scope.locals, *(p.name for p in scope.params)])
        if head in names or self.g.find(scope.path, f"{scope.local_name}.{head}") is not None:
            return False
        if scope.parent is None:
            return True
        parent = self.g.find(scope.path, scope.parent)
        return parent is not None and parent.kind == "class" and parent.parent is None

    def _local(self, head: str, scope: Entity, java: bool, cache: ResolveCache | None) -> Resolved | None:
        """Parameters, locals and nested definitions of the scope chain; Java class members."""
        e: Entity | None = scope
        first = True
        while e is not None and e.kind != "module":
            if e.kind in ("function", "method"):
                nested = self.g.find(e.path, f"{e.local_name}.{head}")
                if nested is not None:
                    return Resolved("project", nested.qualname, nested)
                if cache is not None:
                    names = cache.locals.get(id(e))
                    if names is None:
                        names = cache.locals[id(e)] = frozenset([*e.locals, *(p.name for p in e.params)])
                    if head not in names:
                        first = False
                        e = self._parent(e)
                        continue
                for p in e.params:
                    if p.name == head:
                        return Resolved("local", head, type_hint=p.annotation or "")
                if head in e.locals:
                    return Resolved("local", head)
            elif e.kind == "class" and java:
                # a member of the class or of a project base; a guess into a base outside the
                # project (``Cloneable.HashMap``) would hide the package's own ``HashMap``
                member = self._member(e, head, set())
                if member is not None and member.kind == "project":
                    return member
            elif e.kind == "class" and first:
                # a bare name in a Python class body sees what the body defined, not what the
                # bases define (those need ``self.``/``cls.``)
                own = self.g.find(e.path, f"{e.local_name}.{head}")
                if own is not None:
                    return Resolved("project", own.qualname, own)
            first = False
            e = self._parent(e)
        return None

    # -- module level -----------------------------------------------------------------------

    def _module_level(self, head: str, fi: FileIndex, scope: Entity, java: bool) -> Resolved | None:
        g = self.g
        own = g.find(fi.path, head)
        if own is not None and own.parent is None and own.kind != "module":
            return Resolved("project", own.qualname, own)
        if java:
            return java_name(g, head, fi, self._member)
        bound, stars = g.imports_of(fi.path)
        imp = bound.get(head)
        if imp is not None:
            return self._import_target(imp, fi)
        for imp in reversed(stars):  # the last star import binds a name last
            base = self.absolute(imp, fi)
            if g.is_project_module(base) and self.star_exports(base, head):
                found = self.member_of_module(base, head, set())
                if found is not None and found.entity is not None:
                    return found
        if fi.language in TS_LANGUAGES:
            return Resolved("builtin", head) if head in TS_GLOBALS else None
        if head in PY_BUILTINS:
            return Resolved("builtin", head)
        return None

    def _qualified(self, dotted: str) -> Resolved | None:
        """A fully qualified project name written out: ``pkg.mod.Store.save``."""
        g = self.g
        ent = g.entity(dotted)
        if ent is not None:
            return Resolved("project", dotted, ent)
        parts = dotted.split(".")
        for i in range(len(parts) - 1, 0, -1):
            prefix = ".".join(parts[:i])
            if g.is_project_module(prefix):
                return self._walk(self._module_ref(prefix), parts[i:], set())
            cls = g.java_class(prefix, parts[i]) if g.is_java_package(prefix) else None
            if cls is not None:  # Java: package.Class.member
                return self._walk(Resolved("project", cls.qualname, cls), parts[i + 1 :], set())
        return None

    # -- attribute walking ------------------------------------------------------------------

    def _walk(self, start: Resolved | None, rest: list[str], seen: set[str]) -> Resolved | None:
        cur = start
        for i, part in enumerate(rest):
            if cur is None:
                return None
            if cur.kind in ("external", "builtin"):
                return Resolved(cur.kind, ".".join([cur.qualname, *rest[i:]]))
            if cur.kind == "local":
                return Resolved("local", cur.qualname, rest=".".join(rest[i:]), type_hint=cur.type_hint)
            nxt = self._step(cur, part, seen)
            if nxt is None:
                return None
            if nxt.rest:  # could not follow further: keep the tail
                return Resolved(nxt.kind, nxt.qualname, nxt.entity, ".".join([nxt.rest, *rest[i + 1 :]]))
            cur = nxt
        return cur

    def _step(self, cur: Resolved, part: str, seen: set[str]) -> Resolved | None:
        g = self.g
        ent = cur.entity
        if ent is None:
            if g.is_project_module(cur.qualname):
                return self.member_of_module(cur.qualname, part, seen)
            if self.missing is not None:  # it may be a module that is not loaded yet
                self.missing.add(cur.qualname)
            return Resolved("project", f"{cur.qualname}.{part}")  # below a missing name
        if ent.kind == "module":
            if ent.language == "java":
                return self._member_java_module(ent, part)
            return self.member_of_module(ent.qualname, part, seen)
        if ent.kind == "class":
            found = self._member(ent, part, set())
            if found is not None:
                return found
            return Resolved("project", f"{ent.qualname}.{part}")
        if ent.kind in ("variable", "field") and ent.annotation:
            typed = self._typed(ent.annotation, ent)
            if typed is not None and typed.entity is not None:
                return self._step(typed, part, seen)
            if typed is not None and typed.kind in ("external", "builtin"):
                return Resolved(typed.kind, f"{typed.qualname}.{part}")
        return Resolved(cur.kind, cur.qualname, ent, rest=part)

    def _typed(self, annotation: str, scope: Entity, cache: ResolveCache | None = None) -> Resolved | None:
        """The class (project or external) a declared type names, if it is a plain one."""
        names = [n for n in type_names(annotation) if n not in ("Optional", "typing.Optional")]
        if not names:
            return None
        # An annotation names things of the enclosing module, not the function's locals:
        # ``def f(schema: schema.Table)`` means the module ``schema``, not the parameter.
        module = self.g.module_entity(scope.path)
        where = module if module is not None and module is not scope else scope
        key = (annotation, where.qualname)
        if key in self._typing:  # a type that names itself through a local: give up
            return None
        self._typing.add(key)
        try:
            typed = self.resolve(names[0], where, cache)
        finally:
            self._typing.discard(key)
        if typed is None or typed.kind == "local":
            return None
        if typed.kind == "project" and (typed.entity is None or typed.entity.kind != "class"):
            return None
        return typed

    def _member_java_module(self, ent: Entity, part: str) -> Resolved | None:
        found = self.g.find(ent.path, part)
        return Resolved("project", found.qualname, found) if found is not None else None

    def _member(self, cls: Entity, name: str, seen: set[str]) -> Resolved | None:
        """A member of a project class, looking through its bases (cycle-guarded)."""
        if cls.qualname in seen or len(seen) > 32:
            return None
        seen.add(cls.qualname)
        own = self.g.find(cls.path, f"{cls.local_name}.{name}")
        if own is not None:
            return Resolved("project", own.qualname, own)
        return self._via_bases(cls, [name], seen)

    def _via_bases(self, cls: Entity, parts: list[str], seen: set[str]) -> Resolved | None:
        external: Resolved | None = None
        for base in cls.bases:
            b = self.resolve(base, self._parent(cls) or cls)
            if b is None:
                continue
            if b.kind == "project" and b.entity is not None and b.entity.kind == "class":
                found = self._member(b.entity, parts[0], seen)
                if found is not None:
                    return self._walk(found, parts[1:], set())
            elif b.kind in ("external", "builtin") and external is None:
                external = Resolved(b.kind, ".".join([b.qualname, *parts]))
        return external


def _cleaned(name: str, cache: ResolveCache | None) -> str | None:
    """``name`` as :func:`clean_name` cleans it (None: not a name), kept in ``cache``."""
    if cache is None:
        return clean_name(name)
    cleaned = cache.clean.get(name, "")
    if cleaned == "":
        cleaned = cache.clean[name] = clean_name(name)
    return cleaned
