"""Where an external module's source lives, found without importing it: the search paths
(``sys.path`` and the interpreter's install paths), a module's file or package under one of them,
and which modules are the standard library's or compiled into the interpreter."""

from __future__ import annotations

import os
import sys
import sysconfig
from collections.abc import Callable


def builtin_module_names(name: str) -> frozenset[str] | None:
    """The names a module compiled into this interpreter binds (``posix``, ``time``,
    ``itertools``: nothing a repository can write), read from the module object the interpreter
    already loaded; None for any other module."""
    if name not in sys.builtin_module_names:
        return None
    loaded = sys.modules.get(name)
    return frozenset(dir(loaded)) if loaded is not None else None


def is_stdlib_module(name: str) -> bool:
    """True when the top-level package of ``name`` belongs to the standard library."""
    top = name.split(".", 1)[0]
    return top in sys.stdlib_module_names or top in sys.builtin_module_names


def default_search_paths() -> list[str]:
    """``sys.path`` (without the current directory) followed by the interpreter's lib paths."""
    paths: list[str] = []
    for p in sys.path:
        if p and p not in paths and os.path.isdir(p):
            paths.append(p)
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        lib = sysconfig.get_paths().get(key)
        if lib and lib not in paths and os.path.isdir(lib):
            paths.append(lib)
    return paths


_EXT_SUFFIXES = (".so", ".pyd")


def find_in(base: str, parts: list[str],
             listing: Callable[[str], dict[str, tuple[bool, bool]]]) -> tuple[str | None, bool] | None:
    """(source path or None, is_package) of the module ``parts`` under ``base``, or None;
    ``listing(dir)`` gives a directory's entries as (is a directory, is a file)."""
    here = base
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        entries = listing(here)
        pkg = os.path.join(here, part)
        if entries.get(part, (False, False))[0]:
            inside = listing(pkg)
            for init in ("__init__.py", "__init__.pyi"):
                if inside.get(init, (False, False))[1]:
                    if last:
                        return os.path.join(pkg, init), True
                    break
            else:
                if last:  # namespace package: exists, no source of its own
                    return None, True
            here = pkg
            continue
        if not last:
            return None
        for suffix in (".py", ".pyi"):
            if entries.get(part + suffix, (False, False))[1]:
                return pkg + suffix, False
        prefix = part + "."
        for n in entries:
            if n.startswith(prefix) and n.endswith(_EXT_SUFFIXES):
                return None, False
        return None
    return None
