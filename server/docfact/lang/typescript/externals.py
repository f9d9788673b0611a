"""Static documentation of names imported from npm packages: the ``.d.ts`` files under the
workspace's ``node_modules``, read and parsed, never executed.

A dotted external name as TypeScript/JavaScript imports spell it (``zod.z``,
``lodash.fp.map``, ``@scope.pkg.Thing``) is split into a package (``node_modules/zod``,
``node_modules/@scope/pkg``), a subpath and the exported name. The package's typings are found
the way TypeScript finds them: ``exports`` (``types`` conditions), ``types``/``typings``,
``index.d.ts``, then ``node_modules/@types/<name>``. Re-exports (``export * from``,
``export { a as b } from``) are followed a few files deep. :class:`ExternalsWithTs` answers
from Python's :class:`~docfact.graph.externals.Externals` first and from here when it finds
nothing, so the project graph can own one object for both.
"""

from __future__ import annotations

import json
import os
from pathlib import Path, PurePosixPath

from docfact.graph.externals import ExternalDoc, Externals
from docfact.index.reading import read_bytes
from docfact.lang.python.symbols import MAX_DOC, MAX_SIGNATURE
from docfact.model import FileIndex

MAX_FOLLOW = 6  # re-export hops followed
MAX_TYPINGS = 2_000_000  # bytes of a .d.ts file read at most
_TYPINGS = (".d.ts", ".d.mts", ".d.cts")


class TsExternals:
    """Reads npm packages' typings below ``root/node_modules`` (cached per file)."""

    def __init__(self, root: Path | str | None) -> None:
        self.modules = Path(root) / "node_modules" if root is not None else None
        self._files: dict[str, FileIndex | None] = {}
        self._docs: dict[str, ExternalDoc | None] = {}

    def describe(self, dotted: str) -> ExternalDoc | None:
        """Signature and JSDoc of an exported name of an installed package, or None."""
        if dotted not in self._docs:
            self._docs[dotted] = self._describe(dotted, 0)
        return self._docs[dotted]

    def _describe(self, dotted: str, depth: int) -> ExternalDoc | None:
        if self.modules is None or depth > MAX_FOLLOW or not dotted:
            return None
        parts = dotted.split(".")
        n = 2 if parts[0].startswith("@") and len(parts) > 1 else 1
        pkg_dir = self.modules.joinpath(*parts[:n]) if n == 1 else self.modules / parts[0] / parts[1]
        if not pkg_dir.is_dir():
            return None
        for cut in range(len(parts), n - 1, -1):  # the longest subpath with typings
            typings = self._typings(pkg_dir, "/".join(parts[n:cut]), "/".join(parts[:n]))
            if typings is None:
                continue
            names = parts[cut:]
            if not names:
                return ExternalDoc(name=dotted, kind="module", path=str(typings))
            return self._lookup(dotted, pkg_dir.resolve(), typings, names, depth)
        return None

    def _typings(self, pkg_dir: Path, sub: str, package: str) -> Path | None:
        """The typings file of ``package`` (subpath ``sub``, "" for the package itself)."""
        manifest = _manifest(pkg_dir)
        key = "./" + sub if sub else "."
        target = _types_of(manifest.get("exports"), key) if isinstance(manifest, dict) else None
        if target is None and not sub and isinstance(manifest, dict):
            t = manifest.get("types") or manifest.get("typings")
            target = t if isinstance(t, str) else None
        candidates = [target] if target else []
        base = sub or "index"
        candidates += [base + ext for ext in _TYPINGS] + [f"{sub}/index{ext}" for ext in _TYPINGS if sub]
        for c in candidates:
            p = (pkg_dir / c).resolve()
            if p.is_file() and str(p).startswith(str(pkg_dir.resolve())):
                return p
        if not sub and self.modules is not None and not package.startswith("@types/"):
            at = self.modules / "@types" / package.lstrip("@").replace("/", "__")
            if at.is_dir():
                return self._typings(at, "", "@types/" + package)
        return None

    def _index(self, pkg_dir: Path, path: Path) -> FileIndex | None:
        key = str(path)
        if key not in self._files:
            from docfact.index import index_file
            from docfact.lang.typescript.names import module_of_parts

            data, _ = read_bytes(path, MAX_TYPINGS)
            fi = None
            if data is not None:
                try:
                    # modules relative to the package folder: ``./x`` in ``lib/a.d.ts`` is ``lib.x``
                    rel = list(path.relative_to(pkg_dir).parts) if path.is_relative_to(pkg_dir) else [path.name]
                    fi = index_file(key, data.decode("utf-8", "replace"), module_of_parts(rel))
                except Exception:
                    fi = None
            self._files[key] = fi
        return self._files[key]

    def _lookup(self, dotted: str, pkg_dir: Path, path: Path, names: list[str], depth: int) -> ExternalDoc | None:
        fi = self._index(pkg_dir, path)
        if fi is None or depth > MAX_FOLLOW:
            return None
        ent = fi.entity(".".join(names))
        if ent is not None and ent.kind != "module":
            doc = (ent.doc.text.split("\n\n", 1)[0] if ent.doc is not None else "")[:MAX_DOC]
            kind = ent.kind if ent.kind in ("function", "class", "variable") else \
                "function" if ent.kind == "method" else "variable"
            return ExternalDoc(name=dotted, kind=kind, signature=ent.signature[:MAX_SIGNATURE], doc=doc,
                               defined_in=f"{fi.path}:{ent.local_name}", path=fi.path)
        head = names[0]
        for imp in fi.imports:
            bound = imp.alias or imp.name
            if imp.name == "*" or bound != head:
                continue
            found = self._follow(dotted, pkg_dir, imp.module, [imp.name, *names[1:]] if imp.name else names[1:],
                                 depth)
            if found is not None:
                return found
        for imp in fi.imports:
            if imp.name == "*":
                found = self._follow(dotted, pkg_dir, imp.module, names, depth)
                if found is not None:
                    return found
        return None

    def _follow(self, dotted: str, pkg_dir: Path, module: str, names: list[str], depth: int) -> ExternalDoc | None:
        """``names`` in the module (relative to the package folder) an import names."""
        rel = PurePosixPath(*module.split(".")) if module else PurePosixPath(".")
        cands = [f"{rel}{ext}" for ext in _TYPINGS] + [f"{rel}/index{ext}" for ext in _TYPINGS]
        if not module:
            cands = [f"index{ext}" for ext in _TYPINGS]
        for cand in cands:
            p = (pkg_dir / cand).resolve()
            if p.is_file() and p.is_relative_to(pkg_dir):
                if not names:
                    return ExternalDoc(name=dotted, kind="module", path=str(p))
                return self._lookup(dotted, pkg_dir, p, names, depth + 1)
        if names:  # another package's name
            return self._describe(".".join([module, *names]), depth + 1)
        return None


def _manifest(pkg_dir: Path) -> dict:  # type: ignore[type-arg]
    data, _ = read_bytes(pkg_dir / "package.json", 1_000_000)
    if data is None:
        return {}
    try:
        got = json.loads(data.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return {}
    return got if isinstance(got, dict) else {}


def _types_of(exports: object, key: str) -> str | None:
    """The ``types`` target of one subpath of a package.json ``exports`` field."""
    if isinstance(exports, str) or exports is None:
        return None
    if isinstance(exports, dict) and key in exports:
        return _types_in(exports[key])
    if isinstance(exports, dict) and key == "." and not any(k.startswith(".") for k in exports):
        return _types_in(exports)  # conditions of the package itself
    return None


def _types_in(entry: object) -> str | None:
    if isinstance(entry, str):
        return entry if entry.endswith(_TYPINGS) else None
    if isinstance(entry, dict):
        for cond in ("types", "typings", "import", "require", "default", "node"):
            if cond in entry:
                got = _types_in(entry[cond])
                if got is not None:
                    return got
    if isinstance(entry, list):
        for e in entry:
            got = _types_in(e)
            if got is not None:
                return got
    return None


class ExternalsWithTs(Externals):
    """Python's externals, then npm packages' typings for what Python does not know."""

    def __init__(self, root: Path | str | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.ts = TsExternals(root if root is not None and os.path.isdir(root) else None)

    def describe(self, dotted: str) -> ExternalDoc | None:
        """Python's answer, else the typings of an npm package in ``node_modules``."""
        return super().describe(dotted) or self.ts.describe(dotted)
