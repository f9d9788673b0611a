"""The files of a check: those given (``scan``), and the rest of the packages they belong to."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from docfact.config import Settings

# a file to judge or to hold in the graph: its real path, its text, its path as the user gave it
Target = tuple[Path, str, str]

# a package larger than this is not read whole for a partial check (its imports still are)
_CONTEXT_LIMIT = 20_000


def display(path: Path, given: Path) -> str:
    """Paths as the user gave them: relative when the argument was relative."""
    if given.is_absolute():
        return str(path)
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def collect_targets(given: list[Path], settings: Settings) -> tuple[list[Target], list[tuple[str, str]]]:
    """The source files under ``given`` (files or folders, in that order; each real file once),
    read once, and the paths skipped with the reason (unreadable, oversized, excluded, ...)."""
    from docfact.index.workspace import language_for_path, read_source, scan
    from docfact.lang import not_a_source

    targets: list[Target] = []
    skipped: list[tuple[str, str]] = []
    seen: set[Path] = set()
    for g in given:
        if not g.is_dir():  # a file, or a pipe, socket or broken symlink that read_source refuses
            if language_for_path(g) is None:
                skipped.append((str(g), not_a_source()))
                continue
            text, reason = read_source(g, settings.max_file_size)
            if text is None:
                skipped.append((str(g), reason or "unreadable"))
            elif (real := g.resolve()) not in seen:
                seen.add(real)
                targets.append((real, text, str(g)))
            continue
        for item in scan(g.resolve(), settings.exclude, settings.max_file_size):
            if item.text is None:
                skipped.append((display(item.path, g), item.reason or "skipped"))
            elif item.language is not None:
                real = item.path.resolve() if item.linked else item.path  # under a resolved root
                if real not in seen:
                    seen.add(real)
                    targets.append((real, item.text, display(item.path, g)))
    return targets, skipped


def with_package_context(given: list[Path], targets: list[Target], settings: Settings) -> list[Target]:
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
    out: list[Target] = []
    placed: set[Path] = set()
    for top in tops:
        found: list[Target] = []
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
