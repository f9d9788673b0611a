"""gitignore-style matching: one folder's ``.gitignore`` lines as rules, and whether the rules
of the folders above a path ignore it.

A ``.gitignore`` comes with the checked repository, so a pattern is hostile input. Each one
becomes a regular expression that cannot backtrack its way into super-linear time: a ``*``
between two literal parts finds the leftmost place of the part after it and keeps it (an atomic
group), which is all a glob needs, and ``**`` does the same over whole path components. Character
classes are parsed as git parses them; a pattern git would never match (an unclosed ``[``, an
unknown ``[:name:]``, a trailing backslash) and a class that can match no character (``[z-a]``)
never match here either, and :attr:`IgnoreRules.invalid` says why, for one warning.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

MAX_PATTERN = 4096  # characters; a longer line never matches (no path is that long)

_POSIX = {
    "alnum": "a-zA-Z0-9", "alpha": "a-zA-Z", "blank": " \\t", "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9", "graph": "!-~", "lower": "a-z", "print": " -~",
    "punct": "!-/:-@\\[-`{-~", "space": " \\t\\n\\r\\f\\v", "upper": "A-Z", "xdigit": "0-9A-Fa-f",
}
_STAR = "*"  # an atom: any run of characters but "/"
_SEP = "/"  # an atom: the separator of path components
_DOUBLE = "**"  # a segment: any number of whole components
_ANY_COMPONENT = "[^/]+/"
_COMPONENTS = "(?:[^/]*/)*"


@dataclass(frozen=True)
class _Rule:
    regex: re.Pattern[str] | None  # matched against the relative path + "/"; None: never matches
    negate: bool
    dir_only: bool
    invalid: str | None = None  # why the pattern never matches (or has a part that cannot)


class _Invalid(ValueError):
    pass


@lru_cache(maxsize=1024)
def _compile(pattern: str) -> _Rule | None:
    """Translate one gitignore line into a rule matched against '/'-separated relative paths
    (None for a blank or comment line)."""
    line = pattern.rstrip("\n").rstrip("\r")
    if not line.strip() or line.startswith("#"):
        return None
    if not line.endswith("\\ "):
        line = line.rstrip(" ")
    negate = line.startswith("!")
    if negate:
        line = line[1:]
    elif line.startswith("\\!") or line.startswith("\\#"):
        line = line[1:]
    dir_only = line.endswith("/")
    line = line.rstrip("/")
    if not line:
        return None
    if len(line) > MAX_PATTERN:
        return _Rule(None, negate, dir_only, f"longer than {MAX_PATTERN} characters")
    anchored = "/" in line
    notes: list[str] = []
    try:
        atoms = _atoms(line.lstrip("/"), notes)
    except _Invalid as exc:
        return _Rule(None, negate, dir_only, str(exc))
    if atoms is None:
        return _Rule(None, negate, dir_only, notes[0] if notes else "matches nothing")
    segments = _segments(atoms)
    if not anchored:
        segments = [_DOUBLE, *segments]  # a name: matched at any depth
    if segments[-1] == _DOUBLE:
        segments[-1:] = [_ANY_COMPONENT, _DOUBLE]  # ``dir/**``: everything inside, not dir itself
    return _Rule(re.compile(_path_regex(segments), re.DOTALL), negate, dir_only, notes[0] if notes else None)


def _atoms(line: str, notes: list[str]) -> list[str] | None:
    """The pattern as atoms: a regex of one character, :data:`_STAR` or :data:`_SEP`; None
    when one of them can match no character at all. Raises _Invalid where git gives up."""
    atoms: list[str] = []
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if c == "\\":
            if i + 1 >= n:
                raise _Invalid("ends with a backslash")
            atoms.append(re.escape(line[i + 1]))
            i += 2
            continue
        if c == "[":
            cls, i = _char_class(line, i + 1, notes)
            if cls is None:
                return None
            atoms.append(cls)
            continue
        atoms.append(_STAR if c == "*" else _SEP if c == "/" else "[^/]" if c == "?" else re.escape(c))
        i += 1
    return atoms


def _char_class(line: str, i: int, notes: list[str]) -> tuple[str | None, int]:
    """The regex of the class that starts at ``line[i]`` (after its ``[``) and where the pattern
    goes on; None for a class that matches no character. Follows git's wildmatch: ``!`` or
    ``^`` negates, a ``]`` first is literal, ``a-z`` ranges, ``[:alpha:]`` names; it never
    matches "/"."""
    n = len(line)
    negate = i < n and line[i] in "!^"
    if negate:
        i += 1
    members: list[str] = []
    first = True
    while True:
        if i >= n:
            raise _Invalid("unclosed [")
        c = line[i]
        if c == "]" and not first:
            i += 1
            break
        first = False
        if c == "\\":
            i += 1
            if i >= n:
                raise _Invalid("unclosed [")
            c = line[i]
        elif c == "[" and line.startswith(":", i + 1) and (end := line.find(":]", i + 2)) != -1:
            name = line[i + 2 : end]
            if name not in _POSIX:
                raise _Invalid(f"unknown class [:{name}:]")
            members.append(_POSIX[name])
            i = end + 2
            continue
        i += 1
        if i + 1 < n and line[i] == "-" and line[i + 1] != "]":
            hi = line[i + 1]
            i += 2
            if hi == "\\":
                if i >= n:
                    raise _Invalid("unclosed [")
                hi = line[i]
                i += 1
            if c > hi:
                notes.append(f"reversed range {c}-{hi}")  # git: it matches no character
                continue
            members.append(f"{re.escape(c)}-{re.escape(hi)}")
        else:
            members.append(re.escape(c))
    if negate:
        return "[^/" + "".join(members) + "]", i
    if not members:
        return None, i
    return "(?!/)[" + "".join(members) + "]", i


def _segments(atoms: list[str]) -> list[str]:
    """The regex of each path component of the pattern (each followed by "/"), or
    :data:`_DOUBLE` for a component that is ``**`` alone."""
    out: list[str] = []
    part: list[str] = []
    for a in [*atoms, _SEP]:
        if a != _SEP:
            part.append(a)
            continue
        if len(part) >= 2 and all(x == _STAR for x in part):
            out.append(_DOUBLE)
        else:
            out.append(_component_regex(part) + "/")
        part = []
    return out


def _component_regex(atoms: list[str]) -> str:
    """One component's glob: the literal parts between its stars, each one after the first
    found at its leftmost place and kept (atomic), the last one ending at the component's end."""
    chunks: list[list[str]] = [[]]
    for a in atoms:
        if a == _STAR:
            chunks.append([])
        else:
            chunks[-1].append(a)
    if len(chunks) == 1:
        return "".join(chunks[0])
    head, *middle, last = ("".join(c) for c in chunks)
    return head + "".join(f"(?>[^/]*?{m})" for m in middle if m) + "[^/]*" + last


def _path_regex(segments: list[str]) -> str:
    """The regex of a whole pattern: its components in order, a ``**`` skipping whole
    components (the groups between two of them found at their leftmost place and kept)."""
    groups: list[list[str]] = [[]]
    for s in segments:
        if s == _DOUBLE:
            groups.append([])
        else:
            groups[-1].append(s)
    if len(groups) == 1:
        return "".join(groups[0])
    head, *middle, last = ("".join(g) for g in groups)
    return head + "".join(f"(?>{_COMPONENTS}?{m})" for m in middle if m) + _COMPONENTS + last


class IgnoreRules:
    """gitignore rules of one directory, matched against paths relative to it; ``invalid``:
    the patterns that never match (or have a part that cannot), each with the reason."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.rules: list[_Rule] = []
        self.invalid: dict[str, str] = {}
        for line in lines:
            rule = _compile(line)
            if rule is None:
                continue
            if rule.invalid is not None:
                self.invalid[line.strip()[:200]] = rule.invalid
            if rule.regex is not None:
                self.rules.append(rule)

    def match(self, rel: str, is_dir: bool) -> bool | None:
        """True ignored, False re-included by a negation, None when no rule matches."""
        result: bool | None = None
        path = rel + "/"
        for rule in self.rules:
            if rule.dir_only and not is_dir:
                continue
            if rule.regex.fullmatch(path):  # type: ignore[union-attr]
                result = not rule.negate
        return result


def excluded(rules: list[tuple[str, IgnoreRules]], path: str, is_dir: bool) -> bool:
    """Whether the rules of the folders above ``path`` ignore it (the last rule that matches
    decides); ``rules``: (folder, its rules), folders as strings like ``path``."""
    ignored = False
    for base, rs in rules:
        if not path.startswith(base) or path[len(base):len(base) + 1] not in (os.sep, "/"):
            continue
        rel = path[len(base) + 1:]
        if os.sep != "/":
            rel = rel.replace(os.sep, "/")
        m = rs.match(rel, is_dir)
        if m is not None:
            ignored = m
    return ignored
