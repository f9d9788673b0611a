"""How a rule is declared: one :class:`Rule` per rule id, and the :class:`Check` functions that
report through it.

A ``Rule`` is the rule's one declaration, as Ruff's violation types are: its id (the criterion is
the id's prefix), the languages it judges, its default severity, the rules it supersedes, a
one-line summary, a paragraph that explains it, and a bad and a good example. ``docfact rules``,
``docs/rules.md``, SARIF's rule descriptors and the examples test all read it. Maturity and the
audit figures stay in :mod:`docfact.judges.maturity`, which the lead engineer edits after audits.

A ``Check`` is one function that judges a segment and reports findings of its rule. A rule has one
generic check and, when TypeScript/JavaScript need their own reading of the same claim, one ``ts``
check; the generic check of a rule whose TypeScript check replaces it runs only outside those
languages (``where="not-ts"``).

This module imports nothing of docfact but the model (and the language registry, to name an
example's file), so the registry loads without the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from docfact.model import Finding

Severity = Literal["error", "warning", "information", "hint"]
Where = Literal["all", "not-ts", "ts"]


@dataclass(frozen=True)
class Example:
    """A small file in one language: code with its doc, judged under its language's
    ``example_file`` (:class:`docfact.lang.language.Language`)."""

    code: str
    language: str = "python"

    @property
    def path(self) -> str:
        from docfact.lang import by_name

        return by_name(self.language).example_file


@dataclass(frozen=True)
class Rule:
    """One rule id's declaration (see the module docstring)."""

    id: str  # "C1.unknown-param": the criterion, a dot, the rule's name in kebab case
    summary: str  # one line: what a flagged sentence says that the code contradicts
    explanation: str  # one paragraph: what the rule proves and where it stays silent on purpose
    bad: Example  # a doc the rule flags
    good: Example  # the same code with a doc that is true of it: the rule stays quiet
    languages: tuple[str, ...] = ()  # empty: every language docfact reads
    supersedes: tuple[str, ...] = ()  # ids of the same criterion whose finding this one outranks
    severity: Severity | None = None  # None: the criterion's default (C4 information, else warning)
    judges: Literal["sentences", "examples"] = "sentences"  # prose and field items, or example code

    @property
    def criterion(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def default_severity(self) -> Severity:
        if self.severity is not None:
            return self.severity
        return "information" if self.criterion == "C4" else "warning"

    @property
    def name(self) -> str:
        """The id's name in CamelCase (``C1.unknown-param`` -> ``UnknownParam``), as SARIF names rules."""
        return "".join(p.title() for p in self.id.split(".", 1)[-1].split("-"))


# ``(ctx: JudgeContext, segment: Segment) -> Iterable[Finding]`` (``judges.base.RuleFn``), spelt
# loosely here so this module does not import the judge's context
CheckFn = Callable[..., Iterable["Finding"]]


@dataclass(frozen=True)
class Check:
    """A function that judges one segment for ``rule``. ``where`` says in which files it runs:
    everywhere, outside TypeScript/JavaScript (a ``ts`` check replaces it there), or only there.
    A ``ts`` check ranks after every generic check of its criterion; among ``ts`` checks the
    ``supersedes`` of the checks decide."""

    rule: Rule
    fn: CheckFn = field(compare=False)
    where: Where = "all"
    supersedes: tuple[str, ...] = ()  # only for ``ts`` checks: the ``ts`` checks this one outranks

    @property
    def id(self) -> str:
        return self.rule.id
