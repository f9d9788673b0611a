"""Rules written as one unit each: a module here declares its :class:`~docfact.judges.rule.Rule`
(summary, explanation, a flagged and a true example, languages, what it supersedes), its check and
its ``CHECKS``, and is found by :func:`unit_modules`: the registry takes the declaration, the
static judge the checks. Adding such a rule is this one file, its test and its line in
:mod:`docfact.judges.maturity` (docs/contributing.md walks through ``c3_not_self``)."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def unit_modules() -> tuple[ModuleType, ...]:
    """Every rule module of this package, in name order (docfact's own code, imported once)."""
    return tuple(importlib.import_module(f"{__name__}.{info.name}")
                 for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name))
