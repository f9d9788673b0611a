"""The project graph's tables (files, entities by file and simple name, modules and their dotted
prefixes, Java classes by package, imports by file), kept current as files come and go, and the
lookups that read them, each reported to the graph's recorder (:mod:`docfact.deps`).
:class:`~docfact.graph.graph.ProjectGraph` creates the tables; this base class keeps and reads them
(it implements :class:`~docfact.graph.lookups.ProjectLookups`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docfact.graph.digraph import MultiDiGraph
from docfact.graph.names import module_prefixes
from docfact.model import Entity, FileIndex, Import

if TYPE_CHECKING:
    from docfact.deps import Recorder


class Lookups:
    """The tables of :class:`~docfact.graph.graph.ProjectGraph` (a base of it) and their lookups."""

    # the graph's tables (set by ProjectGraph.__init__)
    _g: MultiDiGraph
    _files: dict[str, FileIndex]
    _local: dict[str, dict[str, Entity]]
    _imports: dict[str, tuple[dict[str, Import], list[Import]]]
    _modules: dict[str, str]
    _prefixes: dict[str, int]
    _by_name: dict[str, list[Entity]]
    _java: dict[str, dict[str, Entity]]
    _names_cache: set[str] | None
    recorder: Recorder | None

    def files(self) -> list[FileIndex]:
        """All indexed files, in the order they were added."""
        if self.recorder is not None:
            self.recorder.top.everything = True
        return list(self._files.values())

    def file(self, path: str) -> FileIndex | None:
        if self.recorder is not None:
            self.recorder.top.files.add(path)
        return self._files.get(path)

    def entity(self, qualname: str) -> Entity | None:
        """The entity with this qualified name (None for placeholders and externals)."""
        if self.recorder is not None:
            self.recorder.top.qualnames.add(qualname)
        data = self._g.nodes.get(qualname)
        return data.entity if data is not None else None

    def find(self, path: str, local_name: str) -> Entity | None:
        """The entity ``local_name`` ("Store.prune"; "" for the module) of file ``path``."""
        if self.recorder is not None:
            self.recorder.top.files.add(path)
        local = self._local.get(path)
        return local.get(local_name) if local is not None else None

    def children(self, owner: Entity) -> list[Entity]:
        """Entities directly inside ``owner`` (a class, function or module), in file order."""
        if self.recorder is not None:
            self.recorder.top.files.add(owner.path)
        local = self._local.get(owner.path, {})
        parent = owner.local_name or None
        return [e for e in local.values() if e.parent == parent and e.kind != "module"]

    def imports_of(self, path: str) -> tuple[dict[str, Import], list[Import]]:
        """The file's imports: bound name -> import (last one wins), and star imports."""
        if self.recorder is not None:
            self.recorder.top.files.add(path)
        return self._imports.get(path, ({}, []))

    def module_entity(self, path: str) -> Entity | None:
        return self.find(path, "")

    def module_path(self, module: str) -> str | None:
        if self.recorder is not None:
            self.recorder.top.modules.add(module)
        return self._modules.get(module)

    def is_project_module(self, name: str) -> bool:
        """A module or (possibly namespace) package of the project."""
        if self.recorder is not None:
            self.recorder.top.modules.add(name)
        return name in self._modules or name in self._prefixes

    def is_project_name(self, dotted: str) -> bool:
        """True when the top-level package of ``dotted`` belongs to the project."""
        top = dotted.split(".", 1)[0]
        if self.recorder is not None:
            self.recorder.top.modules.add(top)
        return top in self._prefixes

    def java_class(self, package: str, name: str) -> Entity | None:
        if self.recorder is not None:
            self.recorder.top.java.add((package, name))
        pkg = self._java.get(package)
        return pkg.get(name) if pkg is not None else None

    def is_java_package(self, package: str) -> bool:
        if self.recorder is not None:
            self.recorder.top.java.add((package, ""))
        return package in self._java

    def entities_named(self, simple_name: str) -> list[Entity]:
        """Every project entity with this simple name, in the order files were added."""
        if self.recorder is not None:
            self.recorder.top.names.add(simple_name)
        return list(self._by_name.get(simple_name, ()))

    def project_names(self) -> set[str]:
        """Simple names of all project entities (for existence checks and "did you mean")."""
        if self.recorder is not None:
            self.recorder.top.all_names = True
        if self._names_cache is None:
            self._names_cache = set(self._by_name)
        return self._names_cache

    # -- keeping the tables -------------------------------------------------------------------

    def _add_module(self, fi: FileIndex) -> list[str]:
        """Register a Python or TypeScript file's module and its dotted prefixes; returns the
        top-level packages new to the project."""
        new_tops: list[str] = []
        if fi.language != "java" and fi.module and fi.module not in self._modules:
            self._modules[fi.module] = fi.path
            for prefix in module_prefixes(fi.module):
                if prefix not in self._prefixes and "." not in prefix:
                    new_tops.append(prefix)
                self._prefixes[prefix] = self._prefixes.get(prefix, 0) + 1
        return new_tops

    def _forget_module(self, fi: FileIndex) -> None:
        """Undo :meth:`_add_module` for a removed file that registered its module."""
        if fi.language != "java" and self._modules.get(fi.module) == fi.path:
            del self._modules[fi.module]
            for prefix in module_prefixes(fi.module):
                n = self._prefixes.get(prefix, 0) - 1
                if n <= 0:
                    self._prefixes.pop(prefix, None)
                else:
                    self._prefixes[prefix] = n

    def _add_java_class(self, package: str, cls: Entity) -> bool:
        """Register a top-level Java class of ``package``; False when the package has one of
        that name already (the first stays)."""
        classes = self._java.setdefault(package, {})
        if cls.name in classes:
            return False
        classes[cls.name] = cls
        return True

    def _forget_names(self, fi: FileIndex, local: dict[str, Entity]) -> None:
        """Drop a removed file's entities (``local``) from the simple-name and Java class tables."""
        gone = {id(e) for e in local.values()}
        for name in {e.name for e in local.values()}:
            names = self._by_name.get(name)
            if names is not None:
                names[:] = [e for e in names if id(e) not in gone]
                if not names:
                    del self._by_name[name]
        for e in local.values():
            if fi.language == "java" and e.kind == "class" and e.parent is None:
                pkg = self._java.get(fi.package)
                if pkg is not None and pkg.get(e.name) is e:
                    del pkg[e.name]
                    if not pkg:
                        del self._java[fi.package]

    def _add_imports(self, fi: FileIndex) -> None:
        """Register the file's imports: bound name -> import (the last binding wins), and stars."""
        bound: dict[str, Import] = {}
        stars: list[Import] = []
        for imp in fi.imports:
            if imp.name == "*":
                stars.append(imp)
            else:
                bound[imp.bound_name] = imp  # the last binding wins
        self._imports[fi.path] = (bound, stars)
