"""Following the imports of project modules: the absolute module an import names, what a name
means as seen from a project module (definitions, re-exports followed transitively, submodules,
star imports), what a star import binds, and whether a module may bind names docfact cannot list.
:class:`~docfact.graph.resolve.Resolver` builds on it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docfact.graph.resolved import Resolved
from docfact.model import Entity, FileIndex, Import

if TYPE_CHECKING:
    from docfact.graph.lookups import ProjectLookups

# ``__all__ = ["a", 'b',]`` (or a tuple), comments allowed; ``__all__ += ...`` elsewhere in the file
_LITERAL_NAMES = re.compile(r"""\s*[\[(](?:\s|#[^\n]*|,|"[^"\n]*"|'[^'\n]*')*[\])]\s*""")
_QUOTED_NAME = re.compile(r"""["']([^"'\n]*)["']""")
_ALL_GROWN = re.compile(r"^\s*__all__\s*(?:\+=|\.(?:extend|append|insert)\b|=.*__all__)", re.M)


class ImportFollower:
    """Looks names up through the imports of the modules of one
    :class:`~docfact.graph.graph.ProjectGraph`; while ``missing`` is a set, project modules
    looked into but not loaded are recorded in it."""

    def __init__(self, graph: ProjectLookups) -> None:
        self.g = graph
        # while set, project modules looked into but not loaded are recorded here
        self.missing: set[str] | None = None
        self._all_cache: dict[str, tuple[Entity, frozenset[str] | None]] = {}

    def absolute(self, imp: Import, fi: FileIndex) -> str:
        """The absolute module an import of file ``fi`` names (``from ..x import y`` in
        ``pkg.sub.mod`` -> ``pkg.x``)."""
        if imp.level == 0:
            return imp.module
        base = fi.module.split(".") if fi.module else []
        if not fi.path.endswith(("__init__.py", "__init__.pyi")):
            base = base[:-1]
        if imp.level > 1:
            base = base[: max(0, len(base) - (imp.level - 1))]
        return ".".join([*base, imp.module] if imp.module else base)

    def _import_target(self, imp: Import, fi: FileIndex, seen: set[str] | None = None) -> Resolved | None:
        g = self.g
        module = self.absolute(imp, fi)
        if imp.name is None:
            # import a.b.c binds a; import a.b as c binds a.b
            target = module if imp.alias else module.split(".")[0]
            if imp.level == 0 and not g.is_project_name(target):
                return Resolved("external", target)
            return self._module_ref(target)
        if imp.level == 0 and not g.is_project_name(module):
            return Resolved("external", f"{module}.{imp.name}" if module else imp.name)
        return self.member_of_module(module, imp.name, seen if seen is not None else set())

    def _module_ref(self, module: str) -> Resolved:
        ent = self.g.entity(module)
        if ent is None and self.missing is not None:
            self.missing.add(module)
        return Resolved("project", module, ent)

    def member_of_module(self, module: str, name: str, seen: set[str]) -> Resolved | None:
        """``name`` as seen from project module ``module``: its definitions, its imports
        (re-exports, followed transitively), its submodules, its star imports."""
        g = self.g
        key = f"{module}.{name}"
        if key in seen or len(seen) > 4096:
            return Resolved("project", key) if g.is_project_name(module) else None
        seen.add(key)
        ent = g.entity(key)
        if ent is not None:
            return Resolved("project", key, ent)
        path = g.module_path(module)
        fi = g.file(path) if path else None
        if fi is None and self.missing is not None:
            self.missing.add(module)
        bound, stars = g.imports_of(fi.path) if fi is not None else ({}, [])
        imp = bound.get(name)
        if fi is not None and imp is not None:
            target = self._import_target(imp, fi, seen)
            if target is not None and target.kind == "project" and target.entity is None:
                deeper = self._follow_missing(target, seen)
                if deeper is not None:
                    return deeper
            return target
        if g.is_project_module(key):
            return self._module_ref(key)
        if fi is not None:
            for imp in reversed(stars):  # the last star import binds a name last
                base = self.absolute(imp, fi)
                if g.is_project_name(base) and self.star_exports(base, name):
                    found = self.member_of_module(base, name, seen)
                    if found is not None and (found.entity is not None or found.kind != "project"):
                        return found
        if g.is_project_name(module):
            return Resolved("project", key)  # missing: edges keep the name
        return None

    def opaque_module(self, path: str) -> bool:
        """Whether project module ``path`` may bind names docfact cannot list: it has a module
        ``__getattr__``, replaces itself in ``sys.modules`` (Twisted's ``reactor``), writes its
        own ``globals()``, or star-imports a module outside the project."""
        fi = self.g.file(path)
        if fi is None or self.g.find(path, "__getattr__") is not None or \
                any(k in fi.text for k in ("sys.modules[", "globals()[", "globals().update", "setattr(sys.modules")):
            return True
        _, stars = self.g.imports_of(path)
        return any(not self.g.is_project_module(self.absolute(imp, fi)) for imp in stars)

    def star_exports(self, module: str, name: str) -> bool:
        """Whether ``from module import *`` binds ``name``: listed in the module's ``__all__``
        when that is a literal list, else any name without a leading underscore."""
        names = self._all_names(module)
        return name in names if names is not None else not name.startswith("_")

    def _all_names(self, module: str) -> frozenset[str] | None:
        """The names of a literal ``__all__`` of project module ``module`` (None: it has none,
        or one that is built up in code)."""
        ent = self.g.entity(f"{module}.__all__")
        if ent is None or ent.kind != "variable":
            return None
        fi = self.g.file(ent.path)  # read (and recorded, see docfact.deps) even when cached
        hit = self._all_cache.get(module)
        if hit is not None and hit[0] is ent:
            return hit[1]
        names: frozenset[str] | None = None
        value = ent.code.partition("=")[2]
        if _LITERAL_NAMES.fullmatch(value) and not (fi is not None and _ALL_GROWN.search(fi.text)):
            names = frozenset(_QUOTED_NAME.findall(value))
        self._all_cache[module] = (ent, names)
        return names

    def _follow_missing(self, target: Resolved, seen: set[str]) -> Resolved | None:
        mod, _, name = target.qualname.rpartition(".")
        if mod and self.g.is_project_module(mod):
            return self.member_of_module(mod, name, seen)
        return None
