"""gitignore-style matching: one folder's ``.gitignore`` lines as rules, and whether the rules
of the folders above a path ignore it."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class _Rule:
    regex: re.Pattern[str]
    negate: bool
    dir_only: bool


@lru_cache(maxsize=1024)
def _compile(pattern: str) -> _Rule | None:
    """Translate one gitignore line into a rule matched against '/'-separated relative paths."""
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
    anchored = "/" in line
    line = line.lstrip("/")
    out: list[str] = []
    i = 0
    n = len(line)
    while i < n:
        c = line[i]
        if c == "*":
            if line.startswith("**", i):
                at_start = i == 0 or line[i - 1] == "/"
                after = line[i + 2 : i + 3]
                if at_start and after == "/":
                    out.append("(?:.*/)?")
                    i += 3
                    continue
                if at_start and after == "":
                    out.append(".*")
                    i += 2
                    continue
                out.append("[^/]*")
                i += 2
                continue
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            j = line.find("]", i + 1)
            if j == -1:
                out.append(re.escape(c))
            else:
                cls = line[i + 1 : j]
                if cls.startswith("!"):
                    cls = "^" + cls[1:]
                out.append(f"[{cls}]")
                i = j
        elif c == "\\" and i + 1 < n:
            i += 1
            out.append(re.escape(line[i]))
        else:
            out.append(re.escape(c))
        i += 1
    body = "".join(out)
    regex = f"^{body}$" if anchored else f"^(?:.*/)?{body}$"
    return _Rule(re.compile(regex, re.DOTALL), negate, dir_only)


class IgnoreRules:
    """gitignore rules of one directory, matched against paths relative to it."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.rules = [r for r in (_compile(line) for line in lines) if r is not None]

    def match(self, rel: str, is_dir: bool) -> bool | None:
        """True ignored, False re-included by a negation, None when no rule matches."""
        result: bool | None = None
        for rule in self.rules:
            if rule.dir_only and not is_dir:
                continue
            if rule.regex.match(rel):
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
