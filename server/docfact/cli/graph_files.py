"""The files a check's graph holds besides the judged ones: the rest of their Python packages,
and the project modules their imports name (followed through re-exports)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from docfact.config import Settings

if TYPE_CHECKING:
    from docfact.engine import Engine
    from docfact.store import Store


# a package larger than this is not read whole for a partial check (its imports still are)
_CONTEXT_LIMIT = 20_000


def with_package_context(given: list[Path], targets: list[tuple[Path, str, str]],
                         settings: Settings) -> list[tuple[Path, str, str]]:
    """The files the graph holds: the judged ones, and with them every file of each Python
    package they belong to (the top folder of its ``__init__.py`` chain), in the order a check
    of that package adds them, so that lookups list entities as they do there. A package that a
    folder on the command line already covers is not scanned again; a file outside any package
    is judged with the modules it imports."""
    from docfact.index.workspace import scan

    dirs = [str(g.resolve()) for g in given if g.is_dir()]
    tops: dict[str, None] = {}
    top_of: dict[str, str | None] = {}  # folder -> the top of its package (None: not in one)
    for path, _, _ in targets:
        folder = os.path.dirname(path)
        if folder not in top_of:
            top: str | None = None
            if path.suffix in (".py", ".pyi") and os.path.isfile(os.path.join(folder, "__init__.py")):
                top = folder
                while os.path.isfile(os.path.join(os.path.dirname(top), "__init__.py")) and os.path.dirname(top) != top:
                    top = os.path.dirname(top)
                if any(top == d or top.startswith(d + os.sep) for d in dirs):
                    top = None  # a folder on the command line already covers it
            top_of[folder] = top
        top = top_of[folder]
        if top is not None:
            tops[top] = None
    if not tops:
        return targets
    judged = {path: i for i, (path, _, _) in enumerate(targets)}
    out: list[tuple[Path, str, str]] = []
    placed: set[Path] = set()
    for top in tops:
        found: list[tuple[Path, str, str]] = []
        for item in scan(Path(top), settings.exclude, settings.max_file_size):
            if item.text is None or item.language is None:
                continue
            real = item.path.resolve() if item.linked else item.path
            if real in placed:
                continue
            i = judged.get(real)
            found.append(targets[i] if i is not None else (real, item.text, str(item.path)))
            if len(found) > _CONTEXT_LIMIT:
                print(f"docfact: {top} has more than {_CONTEXT_LIMIT} source files; judging with the "
                      "modules the files import only (check the whole folder for the package's context)",
                      file=sys.stderr)
                found = []
                break
        out.extend(found)
        placed.update(p for p, _, _ in found)
    out.extend(t for t in targets if t[0] not in placed)
    return out


# re-export chains followed from the judged files' imports (``from pkg import Thing`` where
# ``pkg/__init__.py`` imports ``Thing`` from ``pkg.things``), at most this many files
_REEXPORT_LOADS = 400


def load_imported_modules(engine: Engine, root: Path, paths: list[Path], store: Store | None = None) -> None:
    """Index the project modules the judged files import, when they are not loaded yet: the
    modules named by their imports (1 hop), and for an imported name, the module it is
    re-exported from (``from pkg import Thing`` reads ``pkg/__init__.py``, then the module
    that ``__init__`` imports ``Thing`` from, and so on)."""
    from docfact.index.workspace import DirListings, read_source

    is_file = DirListings().is_file  # most candidate paths do not exist
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
    graph = engine.graph

    def load(mod: str) -> list:
        """The indexes of module ``mod`` (a module file and/or a package ``__init__``)."""
        parts = [part for part in mod.split(".") if part]
        if not parts:
            return []
        rel = os.path.join(*parts)
        found = []
        for base in bases:
            for cand in (os.path.join(base, rel + ".py"), os.path.join(base, rel, "__init__.py")):
                index = graph.file(cand)
                if index is None and is_file(cand):
                    real = os.path.realpath(cand)
                    index = graph.file(real)
                    if index is None:
                        text, _ = read_source(Path(cand), engine.settings.max_file_size)
                        if text is not None:
                            _index_one(engine, store, real, text)
                            index = graph.file(real)
                if index is not None:
                    found.append(index)
        return found

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
            for imp in index.imports:  # where the module takes ``name`` from
                pairs: list[tuple[str, str | None]]
                if imp.name == "*":
                    pairs = [(absolute(imp, index), name)]
                elif (imp.alias or imp.name) != name:
                    continue
                elif imp.name is None:  # import a.b as name
                    pairs = [(absolute(imp, index), None)]
                else:  # from x import y as name: y in x, or the submodule x.y
                    nxt = absolute(imp, index)
                    pairs = [(nxt, imp.name), (f"{nxt}.{imp.name}", None)]
                for pair in pairs:
                    if pair not in seen:
                        seen.add(pair)
                        todo.append(pair)


def _index_one(engine: Engine, store: Store | None, path: str, text: str) -> None:
    """Index one file, from the store when it holds this text (and save it there when not)."""
    module = engine.module_for(path)
    stored = store.load_indexes([(path, module, text)]) if store is not None else {}
    if path in stored:
        engine.add_index(stored[path])
        return
    index = engine.update_file(path, text)
    if store is not None and index is not None:
        store.save_indexes([index])
