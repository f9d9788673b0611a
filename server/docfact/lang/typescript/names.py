"""Module names of TypeScript/JavaScript files, from their paths alone (no file is read).

A file's module is its path relative to the workspace root as dots, without the extension
(``src/util/strings.ts`` -> ``src.util.strings``); ``index.ts`` names its folder, and dots inside
a file or folder name become ``_``. The scanner (:mod:`docfact.index.workspace`) and the
specifier resolver (:mod:`docfact.lang.typescript.modules`) both name files this way. Also the
names of the files that decide what a specifier names (``tsconfig.json``, ``package.json``).
"""

from __future__ import annotations

EXTENSIONS = (".d.ts", ".d.mts", ".d.cts", ".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
INDEX_STEM = "index"  # the file stem that names its folder (``a/index.ts`` is module ``a``)
CONFIGS = ("tsconfig.json", "jsconfig.json")  # the configs whose ``paths`` map specifiers
CONFIG_FILES = (*CONFIGS, "package.json")  # what resolving a file's specifiers may read


def strip_extension(name: str) -> str:
    """``a.d.ts`` -> ``a``, ``b.js`` -> ``b``; other names unchanged."""
    lower = name.lower()
    for ext in EXTENSIONS:
        if lower.endswith(ext) and len(name) > len(ext):
            return name[: -len(ext)]
    return name


def name_part(name: str) -> str:
    """A file or folder name as one part of a module name: its dots become ``_``."""
    return name.replace(".", "_")


def module_of_parts(parts: list[str]) -> str:
    """The module of a file from its path parts relative to the root (the last is the file)."""
    if not parts:
        return ""
    *dirs, last = parts
    stem = strip_extension(last)
    names = [name_part(d) for d in dirs]
    if stem != INDEX_STEM:
        names.append(name_part(stem))
    return ".".join(names)
