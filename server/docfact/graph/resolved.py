"""What a name in the code refers to (:class:`Resolved`), the name an expression starts with,
the names a type expression mentions, and the memo of one file's resolutions (used by
:mod:`docfact.graph.resolve`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from docfact.model import Entity

ResolvedKind = Literal["project", "external", "builtin", "local"]

_DOTTED = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")
_TYPE_NAMES = re.compile(r"[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*")
_TYPE_SKIP = frozenset({"None", "True", "False", "extends", "super", "final", "import"})



@dataclass(frozen=True)
class Resolved:
    """What a name refers to.

    ``kind``: "project" (an entity of the workspace, ``entity`` set), "external" (imported from
    outside the project; ``qualname`` is the dotted name), "builtin" (Python builtins,
    ``java.lang``, Java primitives) or "local" (a parameter or local variable of the scope).
    ``rest``: the attribute tail that could not be followed statically
    (``self.items.append`` → the field ``items`` with rest ``"append"``).
    """

    kind: ResolvedKind
    qualname: str
    entity: Entity | None = None
    rest: str = ""
    type_hint: str = ""  # locals: the declared type as written, if any


def clean_name(name: str) -> str | None:
    """The leading dotted identifier of an expression as written, or None.

    ``"foo(x).bar"`` → ``"foo"``, ``"super().save"`` → ``"super().save"`` (kept: it is
    resolved specially), ``"'sep'.join"`` → None.
    """
    name = name.strip()
    if name.startswith("super()."):
        rest = _DOTTED.match(name, 8)
        return "super()." + rest.group(0) if rest else None
    m = _DOTTED.match(name)
    if m is None:
        return None
    return m.group(0)


def type_names(annotation: str | None) -> list[str]:
    """The (dotted) names a type expression mentions: ``"dict[str, list[Store]]"`` →
    ``["dict", "str", "list", "Store"]``; Java ``"List<? extends Item>"`` → ``["List", "Item"]``."""
    if not annotation:
        return []
    if annotation.isidentifier():
        return [] if annotation in _TYPE_SKIP else [annotation]
    out: dict[str, None] = {}
    for m in _TYPE_NAMES.findall(annotation):
        if " " in m or "\n" in m or "\t" in m:
            m = re.sub(r"\s+", "", m)
        if m not in _TYPE_SKIP:
            out[m] = None
    return list(out)


class ResolveCache:
    """Memo for many resolutions in one file while the graph does not change."""

    def __init__(self) -> None:
        self.module: dict[str, Resolved | None] = {}  # module-level names
        self.members: dict[tuple[str, str], Resolved | None] = {}  # (class, "self.x.y")
        self.locals: dict[int, frozenset[str]] = {}  # id(entity) -> params and locals
        self.clean: dict[str, str | None] = {}
        # project modules looked into that are not loaded yet: answers may change when they are
        self.missing_modules: set[str] = set()
