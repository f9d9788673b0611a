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
# Decided on 2026-11-29 (twelfth session) before the fresh20 set was chosen: a rule's figure pools
# its latest audit with the ones before it, newest first, until it holds at least POOL_TO findings
# of the rule (before: until MIN_AUDITED). With 10-15 findings per audit a rule right 90% of the
# time fell in and out of the default from one audit to the next (a 95% interval of +-0.15); with
# 25 the interval is about +-0.11, and the earlier audits pooled in measured older code, so the
# pooling can only make the gate stricter for a rule whose false findings were fixed since.
POOL_TO = 25


@dataclass(frozen=True)
class Audit:
    """One hand audit of a rule's findings on unseen packages."""

    true: int
    false: int
    source: str  # where the labels are: a file of the repository or an issue
    date: str  # empty when unknown
    commit: str = ""  # the code that produced the audited findings, when known
    # the single audits a pooled figure drew from, newest first (empty for a single audit), kept so
    # that pooling an older figure in adds its audits one by one rather than its whole pool
    history: tuple[Audit, ...] = ()

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
_FRESH3 = "benchmarks/unseen_labels_fresh3.jsonl"  # 23 packages chosen before docfact ran on them, labelled blind
_FRESH3_DATE, _FRESH3_COMMIT = "2026-11-28", "14e5c77"


_FRESH4 = "benchmarks/unseen_labels_fresh4.jsonl"  # 25 packages chosen before docfact ran on them, labelled blind
_FRESH4_DATE, _FRESH4_COMMIT = "2026-11-28", "5a4a840"


@dataclass(frozen=True)
class _AuditSet:
    """One blind audit set (its labels file, date and audited commit); called with a rule's
    true/false counts and the earlier audits, newest first, it gives the rule's figure: pooled
    with those earlier audits while it holds fewer than POOL_TO findings of the rule."""

    source: str
    date: str
    commit: str

    def __call__(self, true: int, false: int, *earlier: Audit) -> Audit:
        chain = (Audit(true, false, self.source, self.date, self.commit),
                 *(single for a in earlier for single in (a.history or (a,))))
        t = f = 0
        sources: list[str] = []
        commits: list[str] = []
        for a in chain:
            if t + f >= POOL_TO:
                break
            t, f = t + a.true, f + a.false
            sources.append(a.source)
            commits.append(a.commit)
        return Audit(t, f, " + ".join(sources), self.date, " + ".join(c for c in commits if c), chain)


# 25, 25, 25, 24, 26, 29, 30, 29, 28, 41, 32, 28, 30, 30 and 12 packages chosen before docfact ran on
# them, labelled blind
_f5 = _AuditSet("benchmarks/unseen_labels_fresh5.jsonl", "2026-11-28", "03111ad")
_f6 = _AuditSet("benchmarks/unseen_labels_fresh6.jsonl", "2026-11-28", "af912c8")
_f7 = _AuditSet("benchmarks/unseen_labels_fresh7.jsonl", "2026-11-29", "f7ca6e3")
_f8 = _AuditSet("benchmarks/unseen_labels_fresh8.jsonl", "2026-11-29", "6b32a86")
_f9 = _AuditSet("benchmarks/unseen_labels_fresh9.jsonl", "2026-11-29", "bc89f81")
_f10 = _AuditSet("benchmarks/unseen_labels_fresh10.jsonl", "2026-11-29", "ffb1e6b")
_f11 = _AuditSet("benchmarks/unseen_labels_fresh11.jsonl", "2026-11-29", "c5f22a3")
_f12 = _AuditSet("benchmarks/unseen_labels_fresh12.jsonl", "2026-11-29", "35b4ac6")
_f13 = _AuditSet("benchmarks/unseen_labels_fresh13.jsonl", "2026-11-29", "d754551")
_f14 = _AuditSet("benchmarks/unseen_labels_fresh14.jsonl", "2026-11-29", "e721ea4")
_f15 = _AuditSet("benchmarks/unseen_labels_fresh15.jsonl", "2026-11-29", "1fb0a78")
_f16 = _AuditSet("benchmarks/unseen_labels_fresh16.jsonl", "2026-11-29", "344f4c7")
_f17 = _AuditSet("benchmarks/unseen_labels_fresh17.jsonl", "2026-11-29", "07bbb6c")
_f18 = _AuditSet("benchmarks/unseen_labels_fresh18.jsonl", "2026-11-29", "12e98e7")
_f19 = _AuditSet("benchmarks/unseen_labels_fresh19.jsonl", "2026-11-29", "87f1788")
_f20 = _AuditSet("benchmarks/unseen_labels_fresh20.jsonl", "2026-11-29", "df5c16c")
_f21 = _AuditSet("benchmarks/unseen_labels_fresh21.jsonl", "2026-11-29", "75528ed")
_f22 = _AuditSet("benchmarks/unseen_labels_fresh22.jsonl", "2026-11-29", "817bf69")


def _f3(true: int, false: int) -> Audit:
    return Audit(true, false, _FRESH3, _FRESH3_DATE, _FRESH3_COMMIT)


def _f4(true: int, false: int) -> Audit:
    return Audit(true, false, _FRESH4, _FRESH4_DATE, _FRESH4_COMMIT)


def _f43(true4: int, false4: int, true3: int, false3: int) -> Audit:
    """fresh4 pooled with fresh3: the latest audit had fewer than MIN_AUDITED findings of the rule."""
    return Audit(true4 + true3, false4 + false3, f"{_FRESH4} + {_FRESH3}", _FRESH4_DATE,
                 f"{_FRESH4_COMMIT} + {_FRESH3_COMMIT}")


# One entry per rule id, with its latest blind audit on unseen code; when that audit holds fewer
# than POOL_TO findings of the rule, the audits before it are pooled in, newest first, until it
# has that many (fresh19 -> fresh18 -> ... -> fresh3 below). Under that gate (from 2026-11-29,
# twelfth session; before it the pooling stopped at MIN_AUDITED) C3.required-documented-optional
# (25/29 pooled over fresh18, fresh17, fresh16 and fresh15) went to preview. The fresh20 set
# (2026-11-29, twelfth session: 36 packages chosen after that change and before docfact ran on
# them, all rules on, code at df5c16c, five blind reviewers; the ten stable rules and six preview
# candidates up to 20 findings each) found every rule right 154 of 169 times (0.91) and the ten
# stable rules 77 of 80 (0.96; about 0.1 false findings per 100 docstrings). By it
# C3.copied-from-sibling (14/14, 24/26 with fresh18) and the new C2.unknown-type (12/12, its only
# audit) became stable; C3.required-documented-optional (16/16, 28/32 pooled), C2.return-type
# (12/14, 24/29) and C1.unknown-name (12/14, 31/38) stay preview. The fresh21 set (2026-11-29,
# twelfth session: 24 packages chosen after fresh20 was studied and before docfact ran on them,
# all rules on, code at 75528ed after the fixes of fresh20's causes, five blind reviewers; the
# twelve stable rules and three preview candidates up to 20 findings each) found every rule right
# 143 of 163 times (0.88) and the twelve stable rules 109 of 117 (0.93; C1 49/53, C2 43/43, C3
# 17/21; about 0.03 false findings per 100 docstrings). By it C3.copied-from-sibling (8/12, 22/26
# with fresh20) and C1.example-keyword (0/2: a printed object shown after "Will result in:", 13/15
# over every audit) went back to preview and C3.required-documented-optional (13/13, 29/29 with
# fresh20) became stable. Its one false C1.unknown-reference was made by the benchmark's copy
# (robotframework's model/testsuite.py stripped as a test file; fixed in unseen._is_test) and is
# counted all the same. The fresh22 set (2026-11-29, twelfth session: the 12 spares the pickers of
# fresh20 and fresh21 had checked, committed before docfact ran on them, code at 817bf69, two blind
# reviewers; only the eleven stable rules, up to 20 findings each) found them right 35 of 38 times
# (C1 16/19, C2 9/9, C3 10/10; about 0.14-0.19 false findings per 100 docstrings): no rule moved.
# The fresh19 set (2026-11-29,
# eleventh session: 12 packages the fresh18 picker had checked as spares, committed before docfact
# ran on them, two blind reviewers) measured only the two rules fresh18 sent to preview, after the
# fixes of their causes: C1.unknown-param 15/15 earns stable again; C2.return-type 3/4 (12/15
# pooled with fresh18) stays preview. The fresh18 set (2026-11-29,
# eleventh session: 30 packages chosen after the fixes of fresh17's causes and before docfact ran
# on them, all rules on, code at 12e98e7, four blind reviewers; the ten stable rules up to 12
# findings each, five preview rules up to 15) found the ten stable rules right 76 of 86 times:
# C1.unknown-param (9/11: a "NOTE:" paragraph read as an entry, a Returns type read as one),
# C2.return-type (9/11: Returns sections holding a sentence about a side effect) and
# C2.return-on-void (0/5: ``:return:`` of ``__init__`` describing the object the class call
# makes, in one package) went to preview; C1.unknown-reference (12/12), C2.generator-return (9/9,
# 39/43 pooled) and C3.required-documented-optional (8/8, 46/51 pooled) became stable. The fresh17 set (2026-11-29,
# eleventh session: 30 packages chosen after the fixes of fresh16's causes and before docfact ran
# on them, all rules on, code at 07bbb6c, four blind reviewers; the rules fresh15-16 sent back and
# the preview rules closest to stable up to 15 findings each, the stable rules up to 8) made
# C2.return-type (12/13) and C3.wrong-default (12/13) stable again and C1.example-keyword (10/10
# pooled) stable; C3.required-documented-optional (4/8: "optional" of required arguments annotated
# Optional[...], which the fresh17 reviewers read as right and those of fresh11-12 as wrong; 38/43
# pooled) went to preview; C1.unknown-reference 13/15 stays preview. The fresh16 set (2026-11-29,
# eleventh session: 28 packages chosen after the fixes of fresh15's causes and before docfact ran
# on them, all rules on, code at 344f4c7, four blind reviewers; the nine stable rules and the two
# fresh15 demoted up to 12 findings each) found the nine stable rules right 53 of 56 times;
# C2.return-type (6/8, 15/18 pooled with fresh15) went back to preview; C1.unknown-reference (9/9,
# 17/19 pooled) and C3.wrong-default (9/9, 13/19 pooled) stay preview although their causes were
# fixed, as pooling carries fresh15's figures. The fresh15 set (2026-11-29, eleventh
# session: 32 packages chosen after the fixes of fresh14's causes and before docfact ran on them, all
# rules on, code at 1fb0a78, four blind reviewers; every stable rule sampled up to 10 times) found
# the ten stable rules right 51 of 61 times: C1.unknown-reference (8/10: a dynamic attribute
# declared by annotation) and C3.wrong-default (4/10: six reST-emphasised defaults, '*unix*', in one
# package) went back to preview, C1.unknown-attribute (9/10) became stable. The fresh14 set (2026-11-29, tenth
# session: 41 packages the pickers of fresh11-13 had checked and kept as spares, committed before
# docfact ran on them, code at e721ea4, three blind reviewers) measured only the two rules fresh13
# left in preview after fixing their causes: C1.unknown-param 14/15 earns stable again;
# C3.copied-from-sibling 12/15 stays preview. The fresh13 set (2026-11-29, tenth
# session: 95 findings sampled per rule from 844 on 28 packages chosen after the fixes of fresh12's
# causes and before docfact ran on them, all rules on, code at d754551, three blind reviewers) found
# 0.89 overall (C1 0.91, C2 0.94, C3 0.76). By it C2.param-type-default (12/12, after its fix) and
# C2.return-type (11/11) earn stable; C1.unknown-param (7/8, 22/25 pooled) stays preview and
# C3.copied-from-sibling (3/5, 16/19 pooled: Returns items that name the value like a sibling)
# falls back to it; C1.unknown-reference holds (5/6, 19/21 pooled). The fresh12 set (2026-11-29, tenth
# session: 142 findings sampled per rule from 716 on 29 packages chosen after the fixes of fresh11's
# causes and before docfact ran on them, all rules on, code at 35b4ac6, four blind reviewers) found
# 0.81 overall (C1 0.79, C2 0.88, C3 0.79). By it C1.unknown-reference (14/15),
# C3.copied-from-sibling (13/14), C1.example-attribute (13/14) and C2.return-on-void (5/5, 11/12
# pooled) earn stable; C1.unknown-param (5/7, 15/17 pooled: a "Keywords:" sub-heading and a base's
# private attributes listed as ``:param:``) and C2.param-type-default (1/3, 14/16 pooled: a
# ``False`` default the body tests as "not given") fall to preview until an audit after their
# fixes. The fresh11 set (2026-11-29, tenth
# session: 120 findings sampled per rule from 358 on 30 packages chosen before docfact ran on them,
# all rules on, code at c5f22a3, three blind reviewers) measured the five stable rules again (41/41)
# and the three rules demoted by fresh9 and fresh10 after their fixes: C2.param-type-default earns
# stable (13/13); C1.unknown-reference (11/13) and C3.copied-from-sibling (9/14) stay preview.
# Overall 0.82 (C1 0.80, C2 0.84, C3 0.81). The fresh10 set (2026-11-29, ninth
# session: 71 findings sampled per rule from 188 on 29 packages chosen after the fixes of fresh9's
# causes and before docfact ran on them, all rules on, code at ffb1e6b) measured the six rules then
# stable on code they were not chosen on: 49/50 (C1.unknown-param 13/13, C2.param-type-use 11/11,
# C3.required-documented-optional 11/11, C3.wrong-default 14/14; C2.param-type-default 0/1, 9/11
# pooled, falls back to preview). Overall 0.89 (C1 0.90, C2 0.80, C3 0.93). The
# fresh9 set (2026-11-29, ninth session: 67 findings sampled per rule from 129 on 26 packages chosen
# before docfact ran on them, all rules on, code at bc89f81) measured the seven rules then stable on
# code they were not chosen on: 25/41. C1.unknown-reference (2/15: 12 of its 13 false findings one
# cause, a namespace folder inside a package that docfact did not name) and C3.copied-from-sibling
# (4/6, 27/31 pooled) fall to preview; C1.unknown-param (8/9, 20/22 pooled), C1.example-import
# (4/4, 20/20 pooled), C3.wrong-default (1/1, 13/13 pooled) and C3.required-documented-optional
# (6/6, 21/21 pooled) stay stable, and so does C2.param-type-use (no fresh9 finding);
# C2.param-type-default earns stable (1/1, 9/10 pooled with fresh6, fresh5, fresh4 and fresh3). Overall 0.66
# (C1 0.59, C2 1.00, C3 0.72). The fresh8 set
# (2026-11-29: 62 findings sampled per rule from 125 on 24 packages chosen after the fixes of
# fresh7's causes and before docfact ran on them, all rules on, code at 6b32a86) found 0.85 overall
# (C1 0.87, C2 0.71, C3 0.94). By it C1.unknown-param (12/13) and C3.wrong-default (12/12) earn
# stable; C2.return-type (5/8, 19/23 pooled with fresh7) falls back to preview. The fresh7 set
# (2026-11-29, eighth session: 132 findings sampled per rule from 244 on 25 packages chosen before
# docfact ran on them, all rules on, code at f7ca6e3) found 0.79 overall (C1 0.75, C2 0.91, C3
# 0.75). By it C2.return-type (14/15), C2.param-type-use (10/10) and
# C3.required-documented-optional (15/15) earn stable; C1.unknown-param (10/15: documented call
# forms of ``*args`` functions, a wrapped "optional") and C2.generator-return (0/2 on ``__iter__``,
# 14/16 pooled) fall to preview; C1.unknown-reference (15/15) stays stable, and so do
# C1.example-import (1/1, 15/15 pooled) and C3.copied-from-sibling (6/8, 18/20 pooled). The fresh6 set (2026-11-28,
# seventh session: 76 findings sampled per rule from 107 on 25 packages chosen before docfact ran
# on them, all rules on, code at af912c8) found 0.76 overall (C1 0.87, C2 0.92, C3 0.39); by it
# C1.unknown-param earned stable again (14/14), and the four stable rules held (17/17).
# The fresh5 set (2026-11-28, 120 findings sampled per rule from 444 on 25 packages chosen before
# docfact ran on them, all rules on, code at 03111ad) found 0.68 overall (C1 0.69, C2 0.56, C3
# 0.74). By it C1.unknown-param (10/12), C2.return-type (8/11) and C3.wrong-default (13/15) fell to
# preview, C3.copied-from-sibling earned stable (fresh5 6/6 with fresh4 4/4), C1.unknown-reference
# (14/14) stays stable and C2.generator-return (no fresh5 finding) keeps its fresh4 + fresh3 figure.
# The causes of the false findings in the demoted rules were fixed after the audit, so the next
# audit measures the fixed code. Rules with no finding in fresh5, fresh4 or fresh3 keep their figure
# from the fresh audit (17 packages, code at 1e44517), the earlier blind test audit (code at
# f0c101d), the dev set or the issue. Every blind audit's labels and per-rule figures:
# docs/benchmarks.md.
MATURITY: dict[str, RuleMaturity] = {
    # C1 - names
    "C1.unknown-name": RuleMaturity(
        "preview",
        _f21(7, 4, _f20(12, 2, _f18(7, 3, _f17(12, 2, _f16(5, 6, _f15(7, 7, _f13(6, 2, _f12(10, 4, _f11(8, 5,
            _f10(1, 1, _f9(6, 2,
            _f8(10, 3))))))))))))),
    "C1.unknown-param": RuleMaturity(
        "stable",
        _f22(11, 2, _f21(13, 0, _f20(14, 0, _f19(15, 0, _f18(9, 2, _f17(8, 0, _f16(11, 0, _f15(8, 1, _f14(14, 1,
            _f13(7, 1,
            _f12(5, 2,
            _f11(10, 0, _f10(13, 0)))))))))))))),
    "C1.unknown-reference": RuleMaturity(
        "stable",
        _f22(4, 0, _f21(18, 1, _f20(10, 1, _f18(12, 0, _f17(13, 2, _f16(9, 0, _f15(8, 2, _f13(5, 1, _f12(14, 1,
            _f11(11, 2,
            _f10(1, 1,
            _f9(2, 13, _f7(15, 0)))))))))))))),
    "C1.unknown-attribute": RuleMaturity(
        "stable",
        _f22(1, 1, _f21(5, 0, _f20(14, 0, _f18(9, 1, _f17(2, 0, _f16(5, 0, _f15(9, 1, _f13(6, 0, _f12(8, 5, _f11(2, 0,
            _f10(2, 0, _f9(1, 0,
            _f7(5, 5)))))))))))))),
    "C1.self-reference": RuleMaturity(
        "preview", _f21(1, 0, _f20(2, 0, _f17(2, 0, _f13(2, 0, _f12(2, 0, _f11(2, 0, _f10(1, 0, _f5(1, 2, _f4(1, 0),
            _f3(1, 0)))))))))),
    "C1.wrong-callee": RuleMaturity("preview", _f21(0, 1, _f18(1, 1, _f17(0, 1, _f12(0, 2))))),
    "C1.wrong-subject": RuleMaturity( "preview", _f21(0, 2, _f18(1, 0, _f17(0, 2, _f13(2, 0, _f5(1, 0, _f3(2, 0))))))),
    "C1.unknown-key": RuleMaturity("preview", _f20(0, 2, _f11(0, 1, _f9(0, 2)))),
    "C1.wrong-counterpart": RuleMaturity("preview", _f5(0, 1)),
    "C1.condition-on-unknown": RuleMaturity(
        "preview", _f21(0, 1, _f20(1, 1, _f18(1, 1, _f17(2, 3, _f16(1, 0, _f15(2, 0, _f13(2, 0, _f12(0, 1, _f9(2, 0,
            _f3(1, 0))))))))))),
    # ``KEY=VALUE`` items read as one name (fresh 0/1 before), prose "and ... and" as a list
    "C1.duplicate-entry": RuleMaturity("preview", _f11(0, 1, _f4(0, 4))),
    "C1.unknown-type-param": RuleMaturity("preview", None),
    # fresh5's nine findings of this rule are left out: the benchmark's copy lacked a library
    # package (``testing``) that it strips as tests and the package's doctests import
    "C1.example-import": RuleMaturity(
        "stable",
        _f21(5, 1, _f20(11, 0, _f18(9, 0, _f17(1, 0, _f16(3, 0, _f15(1, 0, _f13(5, 0, _f12(7, 0, _f11(2, 0, _f9(4, 0,
            _f8(1, 0, _f7(1, 0, _f6(4, 0, _f3(10, 0))))))))))))))),
    "C1.example-attribute": RuleMaturity(
        "stable",
        _f21(8, 0, _f20(2, 0, _f18(9, 0, _f17(4, 0, _f16(2, 0, _f15(3, 0, _f13(6, 0, _f12(13, 1, _f11(1, 0, _f10(1, 0,
            _f9(3, 0, _f8(3, 0, _f6(1, 2, _f5(4, 2, _f4(2, 2)))))))))))))))),
    "C1.example-name": RuleMaturity("preview", _f20(1, 0, _f18(1, 0, _f17(1, 0)))),
    "C1.example-keyword": RuleMaturity(
        "preview", _f21(0, 2, _f20(2, 0, _f18(1, 0, _f17(2, 0, _f15(1, 0, _f13(2, 0, _f12(1, 0, _f11(1, 0, _f5(1, 0,
            _f3(2, 0))))))))))),
    # C2 - types
    "C2.param-type": RuleMaturity(
        "preview",
        _f21(2, 0, _f20(2, 0, _f18(2, 0, _f17(2, 0, _f16(2, 0, _f15(2, 0, _f13(0, 2, _f12(2, 0, _f11(2, 2, _f10(1, 1,
            _f8(1, 1, _f7(4, 0, _f6(4, 0, _f5(0, 8, _f4(2, 2)))))))))))))))),
    "C2.return-type": RuleMaturity(
        "preview",
        _f21(9, 2, _f20(12, 2, _f19(3, 1, _f18(9, 2, _f17(12, 1, _f16(6, 2, _f15(9, 1, _f13(11, 0, _f12(13, 2,
            _f11(6, 4,
            _f10(1, 1, _f9(2, 0, _f8(5, 3, _f7(14, 1))))))))))))))),
    "C2.generator-return": RuleMaturity(
        "stable",
        _f22(2, 0, _f21(11, 0, _f20(9, 0, _f18(9, 0, _f17(5, 0, _f16(3, 1, _f15(2, 0, _f12(1, 0, _f11(1, 0, _f10(1, 1,
            _f9(1, 0, _f8(2, 0,
            _f7(0, 2, _f6(2, 0, _f43(9, 0, 3, 0)))))))))))))))),
    "C2.param-type-default": RuleMaturity(
        "stable", _f22(1, 0, _f21(9, 0, _f20(2, 0, _f18(6, 0, _f16(10, 0, _f15(2, 0, _f13(12, 0, _f12(1, 2,
            _f11(13, 0)))))))))),
    "C2.scalar-return-of-array": RuleMaturity("preview", _f18(1, 0, _f15(1, 0))),
    "C2.param-type-use": RuleMaturity(
        "stable", _f21(8, 0, _f20(3, 1, _f18(12, 0, _f17(1, 0, _f16(8, 1, _f15(10, 0, _f13(6, 0, _f12(7, 0, _f11(9, 0,
            _f10(11, 0))))))))))),
    "C2.yield-type": RuleMaturity("preview", None),
    # the type part of C1.unknown-name's findings until 2026-11-29 (twelfth session), now its own rule
    "C2.unknown-type": RuleMaturity("stable", _f22(6, 0, _f21(15, 0, _f20(12, 0)))),
    "C2.return-shape": RuleMaturity("preview", _f7(1, 0, _f3(0, 2))),
    "C2.return-on-void": RuleMaturity(
        "preview",
        _f21(2, 0, _f20(0, 1, _f18(0, 5, _f17(2, 0, _f15(1, 0, _f12(5, 0, _f11(1, 0, _f10(2, 0, _f9(1, 0, _f5(1, 0,
            _f4(0, 1),
            _f3(1, 0)))))))))))),
    # C3 - functionality
    "C3.raises-not-raised": RuleMaturity(
        "preview",
        _f21(0, 2, _f20(1, 1, _f18(0, 2, _f17(1, 1, _f16(0, 2, _f15(1, 1, _f13(0, 2, _f12(1, 1, _f11(0, 2, _f10(1, 1,
            _f9(0, 2, _f7(0, 5, _f6(0, 1, _f5(0, 2, _f4(3, 1), _f3(2, 0)))))))))))))))),
    # never right unseen
    "C3.not-async": RuleMaturity(
        "preview", _f18(0, 2, _f9(0, 1, _f7(0, 1, _f6(0, 4, _f5(0, 1, _f4(0, 1), _f3(0, 2))))))),
    "C3.calls-missing": RuleMaturity( "preview", _f20(0, 1, _f17(0, 2, _f8(0, 1, _f5(0, 1, Audit(0, 7, _ISSUE, "")))))),
    "C3.not-recursive": RuleMaturity(
        "preview", _f20(1, 1, _f17(0, 1, _f15(1, 1, _f12(0, 1, _f10(0, 1, _f7(1, 0, _f6(0, 4, _f5(0, 1,
            _f3(0, 1)))))))))),
    "C3.not-generator": RuleMaturity(
        "preview",
        _f20(1, 1, _f18(0, 2, _f17(1, 0, _f15(0, 1, _f12(0, 1, _f9(2, 0, _f7(2, 0, _f6(0, 1, _f5(1, 1,
            _f4(4, 0))))))))))),
    "C3.wrong-default": RuleMaturity(
        "stable", _f22(10, 0, _f21(9, 0, _f20(10, 1, _f18(12, 0, _f17(12, 1, _f16(9, 0, _f15(4, 6, _f13(5, 0, _f12(6, 0,
            _f11(10, 0))))))))))),
    "C3.required-documented-optional": RuleMaturity(
        "stable", _f21(13, 0, _f20(16, 0, _f18(8, 0, _f17(4, 4, _f16(8, 0, _f15(5, 0, _f13(5, 0, _f12(6, 1,
            _f11(10, 0)))))))))),
    "C3.not-self": RuleMaturity("preview", _f20(2, 0, _f15(1, 0, _f12(0, 2)))),
    "C3.copied-from-sibling": RuleMaturity(
        "preview", _f21(8, 4, _f20(14, 0, _f18(10, 2, _f17(8, 1, _f16(9, 3, _f15(6, 6, _f14(12, 3, _f13(3, 2,
            _f12(13, 1,
            _f11(9, 5))))))))))),
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
