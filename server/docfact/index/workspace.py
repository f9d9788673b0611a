"""Finding and reading workspace files: module names, decoding, .gitignore-aware scanning.

Nothing here imports or runs workspace code; files are only read as bytes and decoded.
"""

from __future__ import annotations

import codecs
import logging
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from docfact.index.gitignore import IgnoreRules, excluded
from docfact.index.nesting import too_deep
from docfact.index.reading import read_bytes
from docfact.lang import LANGUAGES as REGISTERED
from docfact.lang import for_path
from docfact.positions import lone_cr_to_lf

log = logging.getLogger(__name__)

# file extension -> language name, from the registry (:mod:`docfact.lang`)
LANGUAGES: dict[str, str] = {ext: lang.name for lang in REGISTERED for ext in lang.extensions}

ALWAYS_SKIPPED_DIRS = frozenset(
    {
        ".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", "build", "dist",
        "target", ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".eggs",
        "site-packages", ".gradle",
    }
)
# Output folders by name only: one that is a Python package (``pkg/build/__init__.py``, as in a
# library with a ``build`` module) is source code and is read like any other folder.
_OUTPUT_DIRS = frozenset({"build", "dist", "target"})


def always_skipped(name: str, path: str) -> bool:
    """Is the folder ``name`` (at ``path``) one docfact never reads: version control, caches,
    virtual environments, installed packages, build output (unless it is a Python package)?"""
    if name in ALWAYS_SKIPPED_DIRS or name.endswith(".egg-info"):
        return not (name in _OUTPUT_DIRS and os.path.isfile(os.path.join(path, "__init__.py")))
    return False
_MAX_IGNORE_FILE = 1_000_000  # bytes of a .gitignore file read at most
_COOKIE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.MULTILINE)


@dataclass(frozen=True)
class ScanItem:
    """One scanned path: a source file with its text, or a skipped path with a reason.

    ``language`` is None only for a directory: one that could not be listed, or one named like
    a source file (``d.py/``).
    """

    path: Path
    language: str | None
    text: str | None
    reason: str | None = None
    linked: bool = False  # reached through a symlink: ``path`` is not the real path


def language_for_path(path: str | os.PathLike[str]) -> str | None:
    """The index language of a path by extension (a registered language's name: "python",
    "java", "typescript", "javascript"), or None."""
    return LANGUAGES.get(os.path.splitext(os.fspath(path))[1].lower())


def module_name(root: str | os.PathLike[str], path: str | os.PathLike[str],
                packages: dict[str, tuple[str, ...]] | None = None) -> str:
    """The dotted module name of ``path`` inside the workspace ``root``.

    Python: when the file sits in packages (directories with ``__init__.py``) the name starts
    at the topmost package, so ``server/docfact/model.py`` is ``docfact.model``; otherwise
    it is the path relative to ``root`` with a leading ``src`` dropped. ``__init__`` names the
    package itself. A language whose record has a ``module_name`` names its files itself, from
    the path's parts relative to ``root`` (Java: the path below the source root as dots;
    TypeScript/JavaScript: see :mod:`docfact.lang.typescript.modules`). ``packages`` keeps each
    folder's package names across the calls of one batch (a project's files share their folders).
    """
    # plain strings: a project's worth of calls through pathlib cost more than the rest of
    # loading its stored indexes
    file = os.fspath(path)
    top = os.fspath(root)
    name = os.path.basename(file)
    stem = os.path.splitext(name)[0]
    lang = for_path(name)
    if file.startswith(top) and file[len(top):len(top) + 1] == os.sep:
        rel = file[len(top) + 1:]
    else:
        rel = os.path.relpath(file, top) if os.path.isabs(file) == os.path.isabs(top) else name
    rel_parts = [p for p in rel.split(os.sep) if p not in ("", ".")]
    if not rel_parts or rel_parts[0] == "..":
        rel_parts = [name]
    if lang is not None and lang.module_name is not None:
        return lang.module_name(rel_parts)
    folder = os.path.dirname(file)
    chain = packages.get(folder) if packages is not None else None
    if chain is None:
        chain = _package_chain(folder, os.path.dirname(top))
        if packages is not None:
            packages[folder] = chain
    if chain:
        return ".".join(chain if stem == "__init__" else (*chain, stem))
    dirs = rel_parts[:-1]
    if dirs and dirs[0] == "src":
        dirs = dirs[1:]
    parts = dirs if stem == "__init__" else [*dirs, stem]
    return ".".join(parts)


def _package_chain(d: str, root_parent: str) -> tuple[str, ...]:
    """The package names that folder ``d`` is inside of, outermost first (empty outside packages).

    A namespace folder (no ``__init__.py``) inside a package is part of the name, as Python
    imports it: ``flask/sansio/app.py`` is ``flask.sansio.app``, and
    ``pkg/hlapi/v1/__init__.py`` under a ``pkg`` package with no ``hlapi/__init__.py`` is
    ``pkg.hlapi.v1``. A ``src`` or ``lib`` folder is a source root, never a namespace."""
    chain: list[str] = []
    while d != root_parent and d != os.path.dirname(d) and is_package(d):
        chain.append(os.path.basename(d))
        d = os.path.dirname(d)
    names: list[str] = []
    while d != root_parent and d != os.path.dirname(d) and os.path.basename(d) not in ("src", "lib"):
        names.append(os.path.basename(d))
        if is_package(d):
            chain += names
            while (d := os.path.dirname(d)) != root_parent and d != os.path.dirname(d) and is_package(d):
                chain.append(os.path.basename(d))
            break
        d = os.path.dirname(d)
    chain.reverse()
    return tuple(chain)


def is_package(d: str | os.PathLike[str]) -> bool:
    """A folder with an ``__init__.py`` (or ``__init__.pyi``)."""
    return os.path.isfile(os.path.join(d, "__init__.py")) or os.path.isfile(os.path.join(d, "__init__.pyi"))


class DirListings:
    """Directory entries read once per directory, for lookups of many candidate paths that
    mostly do not exist (module files): name -> (is a directory, is a file), symlinks followed."""

    def __init__(self) -> None:
        self._dirs: dict[str, dict[str, tuple[bool, bool]]] = {}

    def entries(self, directory: str) -> dict[str, tuple[bool, bool]]:
        """The entries of ``directory`` (empty when it cannot be read)."""
        entries = self._dirs.get(directory)
        if entries is None:
            entries = {}
            try:
                with os.scandir(directory) as it:
                    for e in it:
                        try:
                            entries[e.name] = (e.is_dir(), e.is_file())
                        except OSError:
                            continue
            except OSError:
                pass
            self._dirs[directory] = entries
        return entries

    def is_file(self, path: str) -> bool:
        """``os.path.isfile(path)``, from the listing of its directory."""
        parent, name = os.path.split(path)
        return self.entries(parent).get(name, (False, False))[1]


def read_source(path: str | os.PathLike[str], max_size: int) -> tuple[str | None, str | None]:
    """Read and decode a source file: ``(text, None)`` or ``(None, one-line reason)``.

    Only regular files are read (see :func:`read_bytes`). Tries UTF-8, UTF-8 with BOM and a
    PEP 263 coding cookie; files with NUL bytes are binary, files over ``max_size`` bytes are
    skipped unread. Lines that end with a lone carriage return end with a line feed in the
    text (:func:`~docfact.positions.lone_cr_to_lf`), and a source file that nests too deeply to
    be parsed safely (:func:`~docfact.index.nesting.too_deep`) is refused with that reason.
    """
    text, reason = _decode(path, max_size)
    if text is None:
        return None, reason
    text = lone_cr_to_lf(text)
    reason = too_deep(language_for_path(path), text)
    return (None, reason) if reason is not None else (text, None)


def _decode(path: str | os.PathLike[str], max_size: int) -> tuple[str | None, str | None]:
    data, reason = read_bytes(path, max_size)
    if data is None:
        return None, reason
    if b"\0" in data:
        return None, "binary file (contains NUL bytes)"
    if data.startswith(codecs.BOM_UTF8):
        try:
            return data.decode("utf-8-sig"), None
        except UnicodeDecodeError:
            return None, "undecodable: invalid UTF-8 after BOM"
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        pass
    head = b"\n".join(data.split(b"\n", 2)[:2])
    m = _COOKIE.search(head)
    if m:
        enc = m.group(1).decode("ascii", "replace")
        try:
            return data.decode(enc), None
        except (LookupError, UnicodeDecodeError):
            return None, f"undecodable: not valid {enc} (coding cookie)"
    return None, "undecodable: not UTF-8 and no coding cookie"


def scan(root: Path, exclude: Sequence[str], max_size: int) -> Iterator[ScanItem]:
    """Yield the files of known languages under ``root``, in a stable (sorted) order.

    Honours ``.gitignore`` files (in ``root`` and below) and the ``exclude`` globs (gitignore
    syntax, relative to ``root``); always skips VCS, virtualenv, cache and build directories.
    Follows directory symlinks once per real directory, so symlink loops end, and never a
    symlink (to a folder or a file) that leads outside ``root``: such files are yielded with a
    reason, and one warning names how many links were not followed. Only regular files are
    read: named pipes, sockets, devices, dangling or looping symlinks, directories named like
    source files and unreadable files or directories are yielded with a reason instead of being
    read, and nothing raises.
    """
    top = os.fspath(root)
    walk = _Walk(top, IgnoreRules(list(exclude)) if exclude else None, max_size)
    yield from _walk(walk, top, [], False)
    walk.warn()


class _Walk:
    """What one :func:`scan` keeps across its folders."""

    def __init__(self, root: str, exclude: IgnoreRules | None, max_size: int) -> None:
        self.root = root
        real = os.path.realpath(root)
        self.real_root = real
        self.real_prefix = real if real.endswith(os.sep) else real + os.sep
        self.excludes = [(root, exclude)] if exclude is not None else []
        self.max_size = max_size
        self.seen: set[object] = set()
        self.outside: list[str] = []  # symlinks not followed
        self.invalid: dict[str, str] = {}  # ignore pattern -> why it never matches

    def leaves(self, path: str) -> bool:
        """Whether the symlink ``path`` leads outside the scanned root."""
        real = os.path.realpath(path)
        return real != self.real_root and not real.startswith(self.real_prefix)

    def rules(self, lines: list[str]) -> IgnoreRules:
        rules = IgnoreRules(lines)
        self.invalid.update(rules.invalid)
        return rules

    def warn(self) -> None:
        if self.outside:
            more = f" and {len(self.outside) - 1} more" if len(self.outside) > 1 else ""
            log.warning("docfact: not followed: symlinks that lead outside %s (%s%s)",
                        self.root, self.outside[0], more)
        if self.excludes:
            self.invalid.update(self.excludes[0][1].invalid)
        if self.invalid:
            pattern, why = next(iter(self.invalid.items()))
            more = f" and {len(self.invalid) - 1} more" if len(self.invalid) > 1 else ""
            log.warning("docfact: ignore patterns with a part that never matches: %r (%s)%s", pattern, why, more)


def _walk(w: _Walk, d: str, ignores: list[tuple[str, IgnoreRules]], linked: bool) -> Iterator[ScanItem]:
    """The source files under folder ``d`` (each once, whatever links lead there), with what was
    skipped and why; ``ignores`` are the ``.gitignore`` rules of the folders above, ``linked``
    whether a symlink led here."""
    # plain strings throughout (a Path per entry cost as much as the rest of the walk); a
    # directory's identity: its device and inode (one stat), or its real path where the file
    # system has no inode numbers
    try:
        st = os.stat(d)
        real: object = (st.st_dev, st.st_ino) if st.st_ino else os.path.realpath(d)
    except OSError:
        real = d
    if real in w.seen:
        return
    w.seen.add(real)
    try:
        with os.scandir(d) as it:
            entries = sorted(it, key=_entry_name)
    except OSError as exc:
        yield ScanItem(Path(d), None, None, f"unreadable directory: {exc.strerror or exc}")
        return
    if d != w.root and any(e.name == "pyvenv.cfg" for e in entries):
        return  # a virtual environment, whatever its name (``env/``, ``.py312/``)
    ignores = _with_gitignore(w, d, entries, ignores)
    rules = bool(ignores or w.excludes)
    subdirs: list[tuple[str, bool]] = []
    for e in entries:
        try:
            is_dir = e.is_dir()
        except OSError:
            is_dir = False
        if is_dir:
            _folder_entry(w, e, ignores, rules, linked, subdirs)
        else:
            yield from _file_entry(w, e, ignores, rules, linked)
    for sub, sub_linked in subdirs:
        yield from _walk(w, sub, ignores, sub_linked)


def _with_gitignore(w: _Walk, d: str, entries: list[os.DirEntry[str]],
                    ignores: list[tuple[str, IgnoreRules]]) -> list[tuple[str, IgnoreRules]]:
    """The ignore rules in force in folder ``d``: those of the folders above, and its own
    ``.gitignore`` when it has a readable one inside the checked folder."""
    for e in entries:
        if e.name == ".gitignore":
            if not (e.is_symlink() and w.leaves(e.path)):
                data, _ = read_bytes(e.path, _MAX_IGNORE_FILE)  # a pipe or device is not read
                if data is not None:
                    ignores = [*ignores, (d, w.rules(data.decode("utf-8", "replace").splitlines()))]
            break
    return ignores


def _folder_entry(w: _Walk, e: os.DirEntry[str], ignores: list[tuple[str, IgnoreRules]], rules: bool,
                  linked: bool, subdirs: list[tuple[str, bool]]) -> None:
    """A sub-folder of the walk: added to ``subdirs`` (with whether a link led there) unless it is
    always skipped, ignored, excluded or a link that leaves the checked folder. A folder named
    like a source file (``d.py/``) is a folder like any other: its files are read."""
    name, p = e.name, e.path
    excludes = w.excludes
    if always_skipped(name, p):
        return
    if rules and (excluded(ignores, p, True) or excluded(excludes, p, True)):
        return
    link = e.is_symlink()
    if link and w.leaves(p):
        w.outside.append(p)
        return
    subdirs.append((p, linked or link))


def _file_entry(w: _Walk, e: os.DirEntry[str], ignores: list[tuple[str, IgnoreRules]], rules: bool,
                linked: bool) -> Iterator[ScanItem]:
    """A file of the walk in a registered language, read (or skipped with its reason) unless it
    is ignored or excluded."""
    name, p = e.name, e.path
    excludes = w.excludes
    lang = LANGUAGES.get(os.path.splitext(name)[1].lower())
    if lang is None:
        return
    if rules and (excluded(ignores, p, False) or excluded(excludes, p, False)):
        return
    link = e.is_symlink()
    if link and w.leaves(p) and os.path.isfile(p):  # a pipe, device or broken link: its own reason
        w.outside.append(p)
        yield ScanItem(Path(p), lang, None, "symlink to a file outside the checked folder: not read")
        return
    text, reason = read_source(p, w.max_size)
    if text is not None and lang in ("javascript", "typescript"):
        why = minified(name, text)
        if why is not None:
            text, reason = None, why
    yield ScanItem(Path(p), lang, text, reason, linked or link)


def _entry_name(e: os.DirEntry[str]) -> str:
    return e.name


_MINIFIED_NAME = re.compile(r"[.-]min\.[cm]?js$|\.bundle\.[cm]?js$", re.I)
_LONG_LINE = 5000


def minified(name: str, text: str) -> str | None:
    """Why a JavaScript/TypeScript file is build output rather than source (``jquery.min.js``,
    a bundle, a file with a line of thousands of characters), or None: a folder scan skips it."""
    if _MINIFIED_NAME.search(name):
        return "minified file (by its name)"
    if len(text) > _LONG_LINE:
        longest = max(map(len, text.split("\n")))
        if longest > _LONG_LINE:
            return f"minified or generated (a line of {longest} characters)"
    return None
