"""The project modules the judged files import, indexed when the graph does not hold them yet
(a check of a few files, or the language server's first check of an open file)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from docfact.model import FileIndex, Import
    from docfact.project.indexing import Loading
    from docfact.store import Store


# re-export chains followed from the judged files' imports (``from pkg import Thing`` where
# ``pkg/__init__.py`` imports ``Thing`` from ``pkg.things``), at most this many files
_REEXPORT_LOADS = 400


def load_imported_modules(engine: Loading, root: Path, paths: list[Path], store: Store | None = None) -> None:
    """Index the project modules the judged files import, when they are not loaded yet: the
    modules named by their imports (1 hop), and for an imported name, the module it is
    re-exported from (``from pkg import Thing`` reads ``pkg/__init__.py``, then the module
    that ``__init__`` imports ``Thing`` from, and so on)."""
    from docfact.index.workspace import DirListings

    is_file = DirListings().is_file  # most candidate paths do not exist
    load = _ModuleLoader(engine, store, _search_bases(root, paths, is_file), is_file)
    graph = engine.graph
    absolute = graph.resolver.absolute
    # (module, name imported from it or None)
    wanted: set[tuple[str, str | None]] = set()
    for p in paths:
        index = graph.file(str(p))
        if index is None or index.language != "python":
            continue
        for imp in index.imports:
            mod = absolute(imp, index)
            wanted.add((mod, None))
            if imp.name and imp.name != "*":
                wanted.add((f"{mod}.{imp.name}", None))
                wanted.add((mod, imp.name))
    todo = sorted(wanted, key=lambda x: (x[0], x[1] or ""))
    seen = set(todo)
    loads = 0
    while todo and loads < _REEXPORT_LOADS:
        mod, name = todo.pop()
        loads += 1
        for index in load(mod):
            if name is None or index.language != "python" or index.entity(name) is not None:
                continue
            for pair in _sources_of(index, name, absolute):
                if pair not in seen:
                    seen.add(pair)
                    todo.append(pair)


def _search_bases(root: Path, paths: list[Path], is_file: Callable[[str], bool]) -> set[str]:
    """The folders imported modules are looked for in: the root, its ``src`` folder, and the
    folder above the outermost package around each judged file."""
    # plain strings throughout: thousands of candidate paths, most of them missing
    bases = {str(root), str(root / "src")}
    package_roots: dict[str, str] = {}
    for p in paths:
        d = str(p.parent)
        top = package_roots.get(d)
        if top is None:
            top = d
            while is_file(os.path.join(top, "__init__.py")) and top != os.path.dirname(top):
                top = os.path.dirname(top)
            package_roots[d] = top
        bases.add(top)
    return bases


class _ModuleLoader:
    """Finds a dotted module in the search folders and indexes it when the graph does not hold
    it yet (from the store when it can)."""

    def __init__(self, engine: Loading, store: Store | None, bases: set[str],
                 is_file: Callable[[str], bool]) -> None:
        self.engine = engine
        self.store = store
        self.bases = bases
        self.is_file = is_file

    def __call__(self, mod: str) -> list[FileIndex]:
        """The indexes of module ``mod`` (a module file and/or a package ``__init__``)."""
        from docfact.index.workspace import read_source

        engine, graph, is_file = self.engine, self.engine.graph, self.is_file
        parts = [part for part in mod.split(".") if part]
        if not parts:
            return []
        rel = os.path.join(*parts)
        found = []
        for base in self.bases:
            for cand in (os.path.join(base, rel + ".py"), os.path.join(base, rel, "__init__.py")):
                index = graph.file(cand)
                if index is None and is_file(cand):
                    real = os.path.realpath(cand)
                    index = graph.file(real)
                    if index is None:
                        text, _ = read_source(Path(cand), engine.settings.max_file_size)
                        if text is not None:
                            _index_from_store(engine, self.store, real, text)
                            index = graph.file(real)
                if index is not None:
                    found.append(index)
        return found


def _sources_of(index: FileIndex, name: str,
                absolute: Callable[[Import, FileIndex], str]) -> list[tuple[str, str | None]]:
    """Where module ``index`` takes ``name`` from, as (module, name or None) pairs, by each of
    its imports: a star import, ``import a.b as name`` (the module), ``from x import y as
    name`` (``y`` in ``x``, or the submodule ``x.y``)."""
    out: list[tuple[str, str | None]] = []
    for imp in index.imports:
        if imp.name == "*":
            out.append((absolute(imp, index), name))
        elif (imp.alias or imp.name) != name:
            continue
        elif imp.name is None:  # import a.b as name
            out.append((absolute(imp, index), None))
        else:  # from x import y as name: y in x, or the submodule x.y
            nxt = absolute(imp, index)
            out += [(nxt, imp.name), (f"{nxt}.{imp.name}", None)]
    return out


def _index_from_store(engine: Loading, store: Store | None, path: str, text: str) -> None:
    """Index one file, from the store when it holds this text (and save it there when not)."""
    module = engine.module_for(path)
    stored = store.load_indexes([(path, module, text)]) if store is not None else {}
    if path in stored:
        engine.add_index(stored[path])
        return
    index = engine.update_file(path, text)
    if store is not None and index is not None:
        store.save_indexes([index])
