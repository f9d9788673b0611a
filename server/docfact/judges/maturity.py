"""Every rule id's maturity and its measured precision on code nobody tuned it on (issue 28).

A rule is ``stable`` (on by default) only when a hand audit of its findings on packages that were
not used to tune it found precision >= 0.90 on at least 10 findings; every other rule is
``preview`` and runs only when the user asks for preview rules or selects it by id. To promote a
rule after an audit, fill in its :class:`Audit` and set it to ``stable``; ``tests/unit/
test_rule_config.py`` checks that this table and the registered rules (``judges.static``) name
the same ids and that no rule is stable without the evidence.

This module imports nothing of docfact, so settings can validate rule ids without loading rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Maturity = Literal["stable", "preview"]
MIN_PRECISION = 0.90
MIN_AUDITED = 10


@dataclass(frozen=True)
class Audit:
    """One hand audit of a rule's findings on unseen packages."""

    true: int
    false: int
    source: str  # where the labels are: a file of the repository or an issue
    date: str  # empty when unknown
    commit: str = ""  # the code that produced the audited findings, when known

    @property
    def audited(self) -> int:
        return self.true + self.false

    @property
    def precision(self) -> float:
        return self.true / self.audited if self.audited else 0.0

    @property
    def earns_stable(self) -> bool:
        return self.audited >= MIN_AUDITED and self.precision >= MIN_PRECISION


@dataclass(frozen=True)
class RuleMaturity:
    maturity: Maturity
    audit: Audit | None  # None: not measured on unseen code yet

    def precision_text(self) -> str:
        a = self.audit
        return "not measured" if a is None else f"{a.precision:.2f} ({a.true}/{a.audited})"


_TEST = "benchmarks/unseen_labels_test.jsonl"  # 30 unseen packages, labelled blind (two reviewers)
_TEST_DATE, _TEST_COMMIT = "2026-11-28", "f0c101d"
_DEV = "benchmarks/unseen_labels_dev.jsonl"  # 6 dev packages, labelled by helper-dev
_DEV_DATE, _DEV_COMMIT = "2026-11-28", "a153de0"
_ISSUE = "issue 28 (12 unseen packages, 125 findings)"
_FRESH = "benchmarks/unseen_labels_fresh.jsonl"  # 17 packages chosen before docfact ran on them, labelled blind
_FRESH_DATE, _FRESH_COMMIT = "2026-11-28", "1e44517"

# One entry per rule id, with its latest blind audit on unseen code. The fresh set (2026-11-28,
# 71 findings sampled from 101 on 17 packages chosen before docfact ran on them, all rules on, code
# at 1e44517) found 0.69 overall (C1 0.86, C2 0.67, C3 0.28) and 0.33 false findings per 100
# docstrings; C1.unknown-param (22/22) and C1.unknown-reference (12/12) earned `stable`. Rules with
# no finding in the fresh sample keep their figure from the earlier blind test audit (30 packages,
# code at f0c101d, before this session's precision fixes), the dev set or the issue.
MATURITY: dict[str, RuleMaturity] = {
    # C1 - names
    "C1.unknown-name": RuleMaturity("preview", Audit(4, 3, _FRESH, _FRESH_DATE, _FRESH_COMMIT)),  # blind fresh audit: 4/7
    "C1.unknown-param": RuleMaturity("stable", Audit(22, 0, _FRESH, _FRESH_DATE, _FRESH_COMMIT)),  # blind fresh audit: 22/22
    "C1.unknown-reference": RuleMaturity("stable", Audit(12, 0, _FRESH, _FRESH_DATE, _FRESH_COMMIT)),  # blind fresh audit: 12/12
    # the issue's audit (0/5) outweighs the blind test audit's single finding (1/1)
    "C1.unknown-attribute": RuleMaturity("preview", Audit(0, 2, _FRESH, _FRESH_DATE, _FRESH_COMMIT)),  # blind fresh audit: 0/2
    "C1.self-reference": RuleMaturity("preview", None),
    "C1.wrong-callee": RuleMaturity("preview", None),
    "C1.wrong-subject": RuleMaturity("preview", None),
    "C1.unknown-key": RuleMaturity("preview", None),
    "C1.wrong-counterpart": RuleMaturity("preview", None),
    "C1.condition-on-unknown": RuleMaturity("preview", Audit(1, 0, _TEST, _TEST_DATE, _TEST_COMMIT)),  # blind test audit: 1/1
    "C1.duplicate-entry": RuleMaturity("preview", Audit(0, 1, _FRESH, _FRESH_DATE, _FRESH_COMMIT)),  # blind fresh audit: 0/1
    "C1.unknown-type-param": RuleMaturity("preview", None),
    "C1.example-import": RuleMaturity("preview", Audit(2, 0, _TEST, _TEST_DATE, _TEST_COMMIT)),  # blind test audit: 2/2
    "C1.example-attribute": RuleMaturity("preview", Audit(0, 1, _DEV, _DEV_DATE, _DEV_COMMIT)),  # 1 audited
    "C1.example-keyword": RuleMaturity("preview", None),
    # C2 - types
    "C2.param-type": RuleMaturity("preview", Audit(1, 0, _TEST, _TEST_DATE, _TEST_COMMIT)),  # blind test audit: 1/1
    "C2.return-type": RuleMaturity("preview", Audit(4, 2, _FRESH, _FRESH_DATE, _FRESH_COMMIT)),  # blind fresh audit: 4/6
    "C2.generator-return": RuleMaturity("preview", Audit(2, 0, _FRESH, _FRESH_DATE, _FRESH_COMMIT)),  # blind fresh audit: 2/2
    "C2.param-type-default": RuleMaturity("preview", Audit(1, 0, _TEST, _TEST_DATE, _TEST_COMMIT)),  # blind test audit: 1/1
    "C2.scalar-return-of-array": RuleMaturity("preview", None),
    "C2.param-type-use": RuleMaturity("preview", None),
    "C2.yield-type": RuleMaturity("preview", None),
    "C2.return-shape": RuleMaturity("preview", None),
    "C2.return-on-void": RuleMaturity("preview", Audit(0, 1, _FRESH, _FRESH_DATE, _FRESH_COMMIT)),  # blind fresh audit: 0/1
    # C3 - functionality
    "C3.raises-not-raised": RuleMaturity("preview", Audit(1, 5, _FRESH, _FRESH_DATE, _FRESH_COMMIT)),  # blind fresh audit: 1/6
    "C3.not-async": RuleMaturity("preview", Audit(0, 4, _ISSUE, "")),  # never right unseen
    "C3.calls-missing": RuleMaturity("preview", Audit(0, 7, _ISSUE, "")),  # never right unseen
    "C3.not-recursive": RuleMaturity("preview", Audit(0, 4, _FRESH, _FRESH_DATE, _FRESH_COMMIT)),  # blind fresh audit: 0/4
    "C3.not-generator": RuleMaturity("preview", None),
    "C3.wrong-default": RuleMaturity("preview", Audit(3, 7, _TEST, _TEST_DATE, _TEST_COMMIT)),  # blind test audit: 3/10
    "C3.required-documented-optional": RuleMaturity("preview", None),
    "C3.not-self": RuleMaturity("preview", None),
    "C3.copied-from-sibling": RuleMaturity("preview", Audit(4, 4, _FRESH, _FRESH_DATE, _FRESH_COMMIT)),  # blind fresh audit: 4/8
    "C3.undeclared-checked-exception": RuleMaturity("preview", None),
    # C4 - irrelevant context (never audited on unseen code: issue 28 sampled C1-C3 only)
    "C4.speculative": RuleMaturity("preview", None),
    "C4.generic-lecture": RuleMaturity("preview", None),
}

CRITERIA = ("C1", "C2", "C3", "C4")


def is_preview(rule_id: str) -> bool:
    """Whether ``rule_id`` runs only on request (unknown ids count as preview)."""
    m = MATURITY.get(rule_id)
    return m is None or m.maturity == "preview"


def rules_of(selector: str) -> tuple[str, ...]:
    """The rule ids a selector names: every rule of a criterion, or the one rule id."""
    if selector in CRITERIA:
        return tuple(r for r in MATURITY if r.split(".", 1)[0] == selector)
    return (selector,) if selector in MATURITY else ()


def normalize(selector: str) -> str:
    """A selector as the registry spells it: criteria upper case (``c1`` -> ``C1``), rule ids with
    an upper-case criterion and a lower-case name (``c1.Unknown-Name`` -> ``C1.unknown-name``)."""
    s = selector.strip()
    head, dot, tail = s.partition(".")
    return head.upper() + (dot + tail.lower() if dot else "")


def unknown_selector_message(selector: str) -> str | None:
    """None for a criterion or known rule id; else a one-line message with a did-you-mean."""
    import difflib

    if normalize(selector) in CRITERIA or normalize(selector) in MATURITY:
        return None
    close = difflib.get_close_matches(normalize(selector), [*CRITERIA, *MATURITY], n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]}?" if close else " (see `docfact rules`)"
    return f"unknown rule or criterion {selector!r}{hint}"
