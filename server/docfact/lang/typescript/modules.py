"""The modules that TypeScript/JavaScript import specifiers name.

A file's module is its path relative to the workspace root as dots, without the extension
(``src/util/strings.ts`` -> ``src.util.strings``; see :mod:`docfact.lang.typescript.names`);
``index.ts`` names its folder, as ``__init__.py`` names a Python package, and dots inside a
file or folder name become ``_``. So ``./a`` names ``a.ts``, ``a.tsx``, ``a.d.ts``, ``a.js``
and ``a/index.ts`` alike, and ``./a.js`` written for ``a.ts`` names it too. Specifiers that
are not relative go through the ``baseUrl``/``paths`` of the nearest
``tsconfig.json``/``jsconfig.json`` (read as JSON, with comments and trailing commas allowed),
then the packages of the workspace itself (a monorepo's ``package.json`` names, to their entry
file), and otherwise name a package: ``lodash/fp`` -> ``lodash.fp``. Nothing is executed;
config files are only read.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import PurePosixPath
from typing import TypeVar

from docfact.index.reading import read_bytes
from docfact.lang.typescript.names import (
    CONFIGS,
    INDEX_STEM,
    module_of_parts,
    name_part,
    strip_extension,
)

# strings and comments of a JSONC file; every alternative matches once it has started (an unclosed
# string or comment runs to the end), so no input makes the scan quadratic
_COMMENTS = re.compile(r'"(?:\\.|\\\Z|[^"\\])*+(?:"|\Z)|//[^\n]*+|/\*(?:[^*]++|\*(?!/))*+(?:\*/|\Z)', re.S)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
T = TypeVar("T")


def package_of(module: str, path: str) -> list[str]:
    """The folder of a file as module parts: its module without the file's own name
    (an ``index`` file's module already is its folder)."""
    parts = module.split(".") if module else []
    if strip_extension(os.path.basename(path)) == INDEX_STEM:
        return parts
    return parts[:-1]


def _relative(base: list[str], spec: str) -> str:
    parts = list(base)
    segs = [s for s in spec.split("/") if s]
    for i, seg in enumerate(segs):
        if seg == ".":
            continue
        if seg == "..":
            if parts:
                parts.pop()
            continue
        name = strip_extension(seg) if i == len(segs) - 1 else seg
        if i == len(segs) - 1 and name == INDEX_STEM:
            continue
        parts.append(name_part(name))
    return ".".join(parts)


def resolve_specifier(spec: str, module: str, path: str) -> str:
    """The dotted module an import specifier of file ``path`` (module ``module``) names."""
    if spec.startswith("."):
        return _relative(package_of(module, path), spec)
    mapped = _via_config(spec, module, path)
    if mapped is not None:
        return mapped
    mapped = _via_workspace_package(spec, module, path)
    if mapped is not None:
        return mapped
    return ".".join(s for s in spec.split("/") if s)




def resolution_stamp(path: str, module: str) -> str:
    """What resolving the specifiers of file ``path`` (module ``module``) reads besides the file
    itself and the workspace's packages (see :func:`stamp_under`)."""
    root = root_of(module, path)
    return stamp_under(path, root) if root is not None else ""


def stamp_under(path: str, root: str) -> str:
    """A digest of the ``tsconfig.json``/``jsconfig.json`` that maps the specifiers of file
    ``path`` in the workspace ``root`` (the nearest one and those it ``extends``: their places
    and texts): a stored index of the file holds for the same text only while this is the same.
    The workspace's packages are not in it: reading them walks the whole workspace, and few
    files need them (see :func:`packages_read`)."""
    cfg = _nearest_config(path, root)
    if cfg is None:
        return ""
    h = hashlib.blake2b(digest_size=12)
    for c in _chain(cfg, root):
        h.update(c.encode("utf-8", "surrogatepass") + b"\0" + (_config_bytes(c) or b"?") + b"\0")
    return h.hexdigest()


def packages_read(extract: Callable[[], T], module: str, path: str) -> tuple[T, str]:
    """``extract()`` (the indexing of file ``path``), and a digest of the workspace's packages
    when resolving its specifiers looked a name up among them ("" when it did not)."""
    before = _package_lookups[0]
    got = extract()
    if _package_lookups[0] == before:
        return got, ""
    root = root_of(module, path)
    return got, packages_digest(root) if root is not None else ""


def packages_digest(root: str) -> str:
    """A digest of the workspace's packages (names, folders, entry files) as resolution sees them."""
    got = _package_digests.get(root)
    if got is None:
        table = repr(sorted(_workspace_packages(root).items()))
        got = _package_digests[root] = hashlib.blake2b(table.encode("utf-8", "surrogatepass"),
                                                       digest_size=8).hexdigest()
    return got


_package_lookups = [0]  # how many specifiers were looked up among the workspace's packages
_package_digests: dict[str, str] = {}


def forget_configs() -> None:
    """Read the workspace packages again (a ``package.json`` changed; configs are keyed by time)."""
    _workspace_packages.cache_clear()
    _package_digests.clear()
    _read_bytes.cache_clear()


def root_of(module: str, path: str) -> str | None:
    """The workspace root a file's module was computed from (its folder, walked up)."""
    depth = len(package_of(module, path))
    d = os.path.dirname(os.path.abspath(path))
    for _ in range(depth):
        d = os.path.dirname(d)
    return d


def _via_config(spec: str, module: str, path: str) -> str | None:
    root = root_of(module, path)
    if root is None:
        return None
    cfg = _nearest_config(path, root)
    return _map(spec, cfg, root) if cfg is not None else None


def _nearest_config(path: str, root: str) -> str | None:
    """The ``tsconfig.json`` (or ``jsconfig.json``) nearest to the file, up to the root."""
    d = os.path.dirname(os.path.abspath(path))
    while True:
        for name in CONFIGS:
            cfg = os.path.join(d, name)
            if os.path.isfile(cfg):
                return cfg
        if d == root or os.path.dirname(d) == d:
            return None
        d = os.path.dirname(d)


def _map(spec: str, cfg: str, root: str) -> str | None:
    chain = _chain(cfg, root)
    try:
        times = tuple(os.stat(c).st_mtime_ns for c in chain)
    except OSError:
        return None
    base, paths = _compiler_options(tuple(chain), times)
    if base is None:
        return None
    for pattern, targets in paths:
        star = None
        if pattern.endswith("*") and spec.startswith(pattern[:-1]):
            star = spec[len(pattern) - 1 :]
        elif pattern != spec:
            continue
        for target in targets[:1]:
            mapped = target.replace("*", star or "")
            return _from_root(os.path.normpath(os.path.join(base, mapped)), root)
    if spec.split("/")[0] and os.path.isdir(os.path.join(base, spec.split("/")[0])):
        return _from_root(os.path.normpath(os.path.join(base, spec)), root)
    return None


def _via_workspace_package(spec: str, module: str, path: str) -> str | None:
    """A package of the workspace itself (a monorepo's ``packages/utils`` named
    ``@acme/utils``): its entry file's module, or the module of a subpath inside it."""
    root = root_of(module, path)
    if root is None or "node_modules" in path:
        return None
    _package_lookups[0] += 1
    packages = _workspace_packages(root)
    parts = spec.split("/")
    n = 2 if spec.startswith("@") else 1
    found = packages.get("/".join(parts[:n]))
    if found is None:
        return None
    folder, entry = found
    rest = [p for p in parts[n:] if p]
    if not rest:
        return _from_root(entry, root) if entry else _from_root(folder, root)
    return _from_root(os.path.join(folder, *rest), root)


_ENTRY_FIELDS = ("types", "typings", "source", "module", "main")
_PACKAGE_SKIP = frozenset({"node_modules", ".git", "dist", "build", "out", "coverage", ".next", ".turbo"})


@lru_cache(maxsize=8)
def _workspace_packages(root: str) -> dict[str, tuple[str, str | None]]:
    """``package.json`` names below ``root`` (node_modules and build folders left out) ->
    (the package's folder, its entry file without extension: ``src/index`` before a built
    ``dist/index`` when the sources are there). Read once per root and process."""
    found: dict[str, tuple[str, str | None]] = {}
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in _PACKAGE_SKIP and not x.startswith("."))
        if "package.json" not in files:
            continue
        raw, _ = read_bytes(os.path.join(d, "package.json"), 1_000_000)  # a regular file only: a pipe never blocks
        if raw is None:
            continue
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):  # not UTF-8, not JSON, or nested past the parser
            continue
        name = data.get("name") if isinstance(data, dict) else None
        if not isinstance(name, str) or not name or name in found:
            continue
        found[name] = (d, _entry(d, data))
    return found


def _entry(folder: str, data: dict) -> str | None:  # type: ignore[type-arg]
    """The entry file of a workspace package (as a path without extension), preferring sources."""
    for stem in ("src/index", "index", "lib/index"):
        if any(os.path.isfile(os.path.join(folder, stem + ext)) for ext in (".ts", ".tsx", ".mts", ".js", ".mjs")):
            return os.path.join(folder, stem)
    for key in _ENTRY_FIELDS:
        value = data.get(key)
        if isinstance(value, str) and value:
            return os.path.join(folder, strip_extension(value.lstrip("./")) if not value.endswith("/") else value)
    return None


def _from_root(target: str, root: str) -> str | None:
    try:
        rel = os.path.relpath(target, root)
    except ValueError:
        return None
    if rel.startswith(".."):
        return None
    return module_of_parts(list(PurePosixPath(rel.replace(os.sep, "/")).parts))


_MAX_EXTENDS = 8  # configs followed through "extends" (a cycle or a long chain stops there)


def _chain(cfg: str, root: str) -> list[str]:
    """The config and those it ``extends`` (a relative path, or a package in the root's
    ``node_modules``; a list extends them in order), in the order their options apply: the
    furthest base first, ``cfg`` last."""
    out: list[str] = []

    def visit(c: str, depth: int) -> None:
        if c in out or depth > _MAX_EXTENDS:
            return
        data = _read_config(c)
        bases = data.get("extends") if isinstance(data, dict) else None
        for base in [bases] if isinstance(bases, str) else bases if isinstance(bases, list) else []:
            found = _extended(base, c, root) if isinstance(base, str) else None
            if found is not None:
                visit(found, depth + 1)
        if c not in out:
            out.append(c)

    visit(cfg, 0)
    return out


def _extended(spec: str, cfg: str, root: str) -> str | None:
    """The file an ``extends`` value names, or None when there is none to read."""
    if spec.startswith(".") or os.path.isabs(spec):
        found = os.path.normpath(os.path.join(os.path.dirname(cfg), spec))
    else:
        found = os.path.join(root, "node_modules", *spec.split("/"))
        if os.path.isdir(found):
            found = os.path.join(found, "tsconfig.json")
    if not os.path.isfile(found) and not found.endswith(".json"):
        found += ".json"
    return found if os.path.isfile(found) else None


def _read_config(cfg: str) -> object:
    """A config file as JSON (comments and trailing commas allowed); None when unreadable."""
    data = _config_bytes(cfg)
    if data is None:
        return None
    try:
        text = _COMMENTS.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", data.decode("utf-8"))
        return json.loads(_TRAILING_COMMA.sub(r"\1", text))
    except (ValueError, RecursionError):  # not UTF-8, not JSON, or nested past the parser
        return None


def _config_bytes(cfg: str) -> bytes | None:
    """The bytes of a config file (at most 1 MB), read once per version of the file in a process
    (every script file of a folder asks for the same configs); None when unreadable."""
    try:
        st = os.stat(cfg)
    except OSError:
        return None
    return _read_bytes(cfg, st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=64)
def _read_bytes(cfg: str, mtime_ns: int, size: int) -> bytes | None:
    return read_bytes(cfg, 1_000_000)[0]  # a regular file only, size-checked


@lru_cache(maxsize=64)
def _compiler_options(chain: tuple[str, ...], mtimes: tuple[int, ...]
                      ) -> tuple[str | None, tuple[tuple[str, tuple[str, ...]], ...]]:
    """``(the folder specifiers are resolved from, paths)`` of a config and those it extends
    (``chain``, see :func:`_chain`): a later config's ``baseUrl`` and ``paths`` replace an
    earlier one's; ``baseUrl`` is relative to the config that sets it, and ``paths`` without a
    ``baseUrl`` to the config that sets them. ``(None, ())`` when none sets either. ``mtimes``
    keys the cache."""
    base: str | None = None
    pairs: tuple[tuple[str, tuple[str, ...]], ...] = ()
    paths_folder: str | None = None
    for cfg in chain:
        data = _read_config(cfg)
        opts = data.get("compilerOptions") if isinstance(data, dict) else None
        if not isinstance(opts, dict):
            continue
        folder = os.path.dirname(cfg)
        if isinstance(opts.get("baseUrl"), str):
            base = os.path.normpath(os.path.join(folder, opts["baseUrl"]))
        if isinstance(opts.get("paths"), dict):
            paths_folder = folder
            pairs = tuple((k, tuple(x for x in v if isinstance(x, str)))
                          for k, v in opts["paths"].items() if isinstance(k, str) and isinstance(v, list))
    if base is None and paths_folder is None:
        return None, ()
    return base if base is not None else paths_folder, pairs
