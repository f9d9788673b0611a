"""Static documentation of names imported from outside the project (stdlib, installed packages).

Nothing here imports or executes the package it documents: module files are located by
scanning ``sys.path`` and the interpreter's install paths, parsed with tree-sitter, and the
signature and docstring of a ``def``/``class`` are read from the syntax tree
(:mod:`docfact.lang.python.symbols`). Names bound by
imports inside the module (``from .x import y``, ``import posixpath as path``, star imports)
are followed a few levels, with a cycle guard.

State (the parsed-module cache) lives on an :class:`Externals` instance, which the project
graph owns; there is no module-level mutable state.
"""

from __future__ import annotations

import builtins
import os
import re
import sys
from dataclasses import dataclass, replace
from typing import Literal, Protocol

import tree_sitter_python
from tree_sitter import Language, Parser

from docfact.graph.module_files import builtin_module_names, default_search_paths, find_in
from docfact.graph.module_files import is_stdlib_module as is_stdlib_module  # re-exported
from docfact.index.reading import read_bytes
from docfact.index.workspace import DirListings
from docfact.lang.python.symbols import ExternalModule, Symbol, read_symbols, writes_own_namespace

ExternalKind = Literal["function", "class", "module", "variable", "builtin"]

MAX_FOLLOW = 6  # import hops followed when looking a name up
MAX_FILE_SIZE = 2_000_000  # bytes; bigger module files are not parsed
_STAR_IMPORT = re.compile(rb"import[\s\\]*\*")


@dataclass
class ExternalDoc:
    """What the installed source says about one external name."""

    name: str  # the dotted name asked for: "os.path.join"
    kind: ExternalKind
    signature: str = ""  # "def join(a, *p)"; "" for builtins and modules
    doc: str = ""  # first docstring paragraph, bounded to lang.python.symbols.MAX_DOC characters
    defined_in: str = ""  # dotted name of the definition actually read: "posixpath.join"
    path: str | None = None  # source file read


class ModuleShelf(Protocol):
    """Parsed external modules kept between runs, by source text."""

    def restore(self, data: bytes, mod: ExternalModule) -> bool:
        """Fill ``mod``'s symbols as a parse of ``data`` would; False when not kept (the
        caller then parses ``mod``, and the shelf may keep what that gives)."""
        ...


class Externals:
    """Locates, parses and caches external module sources; answers name lookups statically."""

    def __init__(self, search_paths: list[str] | None = None, exclude: tuple[str, ...] = ()) -> None:
        self.search_paths = search_paths if search_paths is not None else default_search_paths()
        self.exclude = tuple(os.path.abspath(p) for p in exclude)
        self._modules: dict[str, ExternalModule | None] = {}
        self._docs: dict[str, ExternalDoc | None] = {}
        self._exists: dict[str, bool | None] = {}
        self._parser: Parser | None = None
        self._dirs = DirListings()
        # what a module's source parses to, kept between runs by content (docfact.store)
        self.shelf: ModuleShelf | None = None

    # -- public -------------------------------------------------------------------------------

    def describe(self, dotted: str) -> ExternalDoc | None:
        """Signature and docstring of ``dotted`` read from source, or None when not found."""
        if dotted in self._docs:
            return self._docs[dotted]
        doc = self._describe(dotted)
        self._docs[dotted] = doc
        return doc

    def exists(self, dotted: str) -> bool | None:
        """True when ``dotted`` is defined, False when its module is known not to define it,
        None when that cannot be decided statically (module not found, compiled, dynamic);
        answered once per name, like :meth:`describe`."""
        if dotted in self._exists:
            return self._exists[dotted]
        got = self._exists[dotted] = self._exists_uncached(dotted)
        return got

    def _exists_uncached(self, dotted: str) -> bool | None:
        mod, rest = self._split(dotted)
        if mod is None:
            return None
        if not rest:
            return True
        if mod.path is None:  # compiled: listable only when built into the interpreter
            names = builtin_module_names(mod.name)
            return None if names is None or len(rest) > 1 else rest[0] in names
        found = self._lookup(mod, rest[0], set())
        if found is None:
            if not mod.parsed:  # ruled out from the source text (see _absent)
                return False
            if mod.dynamic:
                return None
            return self._star_sources_lack(mod, rest[0], set()) if len(rest) == 1 else None
        sym_mod, sym = found
        if sym is None:
            if len(rest) == 1:
                return True
            return self.exists(".".join([sym_mod.name, *rest[1:]]))
        for part in rest[1:]:
            if sym.kind != "class":
                return None
            nxt = sym.members.get(part)
            if nxt is None:
                return None  # inherited members are not followed
            sym = nxt
        return True

    def _star_sources_lack(self, mod: ExternalModule, name: str, seen: set[str]) -> bool | None:
        """After a failed lookup: False when every module ``mod`` star-imports (and theirs) is
        one docfact can list, so ``name`` is provably absent; True when a module compiled into
        the interpreter binds it; None when a star-imported module cannot be listed."""
        if mod.name in seen or len(seen) > 20:
            return None
        seen.add(mod.name)
        for module, level in mod.stars:
            target = self._resolve_import(mod, module, level)
            src = self._module(target)
            if src is None:
                return None
            if not src.path:
                names = builtin_module_names(target)
                if names is None:
                    return None
                if name in names:
                    return True
                continue
            self._parse(src)
            if src.dynamic:
                return None
            got = self._star_sources_lack(src, name, seen)
            if got is not False:
                return got
        return False

    def module_file(self, module: str) -> str | None:
        """The source file of ``module`` ("" when it exists without Python source)."""
        found = self._module(module)
        if found is None:
            return None
        return found.path or ""

    # -- locating -----------------------------------------------------------------------------

    def _find(self, module: str) -> tuple[str | None, bool] | None:
        """(source path or None if compiled, is_package) for ``module``, or None if absent."""
        parts = module.split(".")
        if not all(p.isidentifier() for p in parts):
            return None
        if len(parts) == 1 and parts[0] in sys.builtin_module_names:
            return None, False
        for base in self.search_paths:
            if self.exclude and os.path.abspath(base).startswith(self.exclude):
                continue
            found = find_in(base, parts, self._dirs.entries)
            if found is not None:
                return found
        return None

    def _module(self, name: str) -> ExternalModule | None:
        if name in self._modules:
            return self._modules[name]
        found = self._find(name)
        mod: ExternalModule | None = None
        if found is not None:
            path, is_pkg = found
            mod = ExternalModule(name, path, is_pkg)
            if path:
                self._read(mod)
            else:
                mod.parsed = True
        self._modules[name] = mod
        return mod

    def _split(self, dotted: str) -> tuple[ExternalModule | None, list[str]]:
        """The longest module prefix of ``dotted`` and the remaining attribute parts."""
        parts = dotted.split(".")
        for i in range(len(parts), 0, -1):
            mod = self._module(".".join(parts[:i]))
            if mod is not None:
                return mod, parts[i:]
        return None, parts

    # -- parsing ------------------------------------------------------------------------------

    def _read(self, mod: ExternalModule) -> None:
        """Read the module's source; it is parsed when a lookup needs it (:meth:`_parse`)."""
        assert mod.path
        mod.data, _ = read_bytes(mod.path, MAX_FILE_SIZE)  # a regular file only, size-checked
        mod.parsed = mod.data is None  # unreadable or too big: nothing to find in it

    def _parse(self, mod: ExternalModule) -> None:
        if mod.parsed:
            return
        data, mod.data, mod.parsed = mod.data, None, True
        assert data is not None
        if self.shelf is not None and self.shelf.restore(data, mod):
            return
        if self._parser is None:
            self._parser = Parser(Language(tree_sitter_python.language()))
        tree = self._parser.parse(data)
        read_symbols(tree.root_node, data, mod)

    @staticmethod
    def _absent(mod: ExternalModule, name: str) -> bool:
        """Whether the unparsed source shows that ``mod`` binds no ``name`` and takes nothing
        from elsewhere: every binding's name is written in the source, and neither a star import,
        a module ``__getattr__`` nor a write of its own namespace is. Most lookups in imported
        modules are such misses, and the text answers them without a parse (whether the text
        takes names from elsewhere is read once per module)."""
        data = mod.data
        if data is None or not name.isascii() or name.startswith("__"):
            return False
        if name.encode() in data:
            return False
        if mod.text_open is None:
            mod.text_open = b"__getattr__" in data or _STAR_IMPORT.search(data) is not None \
                or writes_own_namespace(data)
        return not mod.text_open

    # -- lookup -------------------------------------------------------------------------------

    def _resolve_import(self, mod: ExternalModule, module: str, level: int) -> str:
        if level == 0:
            return module
        base = mod.name.split(".")
        if not mod.is_package:
            base = base[:-1]
        if level > 1:
            base = base[: len(base) - (level - 1)]
        return ".".join([*base, module] if module else base)

    def _lookup(
        self, mod: ExternalModule, name: str, seen: set[tuple[str, str]]
    ) -> tuple[ExternalModule, Symbol | None] | None:
        """Find ``name`` in ``mod``: (defining module, symbol) — symbol None for a submodule."""
        key = (mod.name, name)
        if key in seen or len(seen) > 40:
            return None
        seen.add(key)
        if not mod.parsed and self._absent(mod, name):
            # no binding and no star import: only a submodule can be it
            sub = self._module(f"{mod.name}.{name}") if mod.is_package else None
            return (sub, None) if sub is not None else None
        self._parse(mod)
        sym = mod.symbols.get(name)
        if sym is not None and sym.kind != "import":
            return mod, sym
        if sym is not None and sym.target is not None and len(seen) <= MAX_FOLLOW * 4:
            module, imported, level = sym.target
            target = self._resolve_import(mod, module, level)
            if imported is None:  # import a.b as name
                sub = self._module(target)
                return (sub, None) if sub is not None else None
            sub_name = f"{target}.{imported}" if target else imported
            src = self._module(target) if target else None
            if src is not None and src.path:
                found = self._lookup(src, imported, seen)
                if found is not None:
                    return found
            sub = self._module(sub_name)
            if sub is not None:
                return sub, None
            if src is None or not src.path:
                return mod, sym  # imported from a module that cannot be read (builtin, compiled)
            return None
        if mod.is_package:
            sub = self._module(f"{mod.name}.{name}")
            if sub is not None:
                return sub, None
        for module, level in mod.stars:
            src = self._module(self._resolve_import(mod, module, level))
            if src is not None and src.path:
                found = self._lookup(src, name, seen)
                if found is not None:
                    return found
        return None

    def _describe(self, dotted: str) -> ExternalDoc | None:
        mod, rest = self._split(dotted)
        if mod is None:
            if "." not in dotted and hasattr(builtins, dotted):
                return ExternalDoc(name=dotted, kind="builtin", defined_in=f"builtins.{dotted}")
            return None
        if mod.path is None:  # compiled: we know it exists, not what it says
            return ExternalDoc(name=dotted, kind="builtin", defined_in=dotted)
        self._parse(mod)
        if not rest:
            return ExternalDoc(
                name=dotted,
                kind="module",
                signature=f"module {mod.name}",
                doc=mod.symbols["__doc__"].doc if "__doc__" in mod.symbols else "",
                defined_in=mod.name,
                path=mod.path,
            )
        found = self._lookup(mod, rest[0], set())
        if found is None:
            if any(self.module_file(self._resolve_import(mod, m, lv)) == "" for m, lv in mod.stars):
                # star import from a compiled module (os: `from posix import *`)
                return ExternalDoc(name=dotted, kind="builtin", defined_in=dotted)
            return None
        owner, sym = found
        if sym is None:  # a submodule
            if owner.name == mod.name:
                return None
            sub = self._describe(".".join([owner.name, *rest[1:]]))
            if sub is not None:
                sub = replace(sub, name=dotted)
            return sub
        defined = f"{owner.name}.{sym.name or rest[0]}"
        for part in rest[1:]:
            nxt = sym.members.get(part) if sym.kind == "class" else None
            if nxt is None:
                return None
            sym = nxt
            defined += f".{part}"
        if owner.path is None:
            return ExternalDoc(name=dotted, kind="builtin", defined_in=defined)
        kind: ExternalKind = sym.kind if sym.kind in ("function", "class") else "variable"  # type: ignore[assignment]
        return ExternalDoc(
            name=dotted,
            kind=kind,
            signature=sym.signature,
            doc=sym.doc,
            defined_in=defined,
            path=owner.path,
        )


def describe_external(dotted: str, externals: Externals | None = None) -> ExternalDoc | None:
    """Signature and docstring of an external name, read statically (pass an
    :class:`Externals` to reuse its cache; the project graph owns one as ``graph.externals``)."""
    return (externals or Externals()).describe(dotted)


def external_exists(dotted: str, externals: Externals | None = None) -> bool | None:
    """Whether the installed module really defines ``dotted`` (None: cannot tell statically)."""
    return (externals or Externals()).exists(dotted)
