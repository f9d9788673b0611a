"""Per-rule maturity and configuration (issue 28): the registry, rule selection, settings."""

from __future__ import annotations

import pytest

from docfact.config import Settings, merge, resolve_criteria, severity_of
from docfact.index.common import parse_suppression
from docfact.judges import maturity
from docfact.judges.static import ALL_RULES, selected_rules


def test_every_rule_id_has_a_maturity_and_every_entry_is_a_rule() -> None:
    ids = {r.id for r in ALL_RULES}
    assert ids == set(maturity.MATURITY)


def test_no_rule_is_stable_without_the_audit_that_earns_it() -> None:
    for rid, m in maturity.MATURITY.items():
        if m.maturity == "stable":
            assert m.audit is not None and m.audit.earns_stable, rid


@pytest.mark.parametrize("rid", ["C3.calls-missing", "C3.not-async"])
def test_rules_never_right_on_unseen_code_are_preview(rid: str) -> None:
    m = maturity.MATURITY[rid]
    assert m.maturity == "preview" and m.audit is not None and m.audit.true == 0


def test_maturity_follows_the_latest_blind_audit() -> None:
    """A rule audited on 10 or more unseen findings is stable exactly when it reached 0.90: the
    latest blind audit of each rule (fresh19 or fresh18 for the rules they sampled), pooled with the ones before
    for rules it found fewer than 10 times of. fresh15 sent C1.unknown-reference (8/10) and
    C3.wrong-default (4/10) back to preview and made C1.unknown-attribute (9/10) stable; fresh16
    sent C2.return-type back (6/8, 15/18 with fresh15); fresh17 made C2.return-type (12/13),
    C3.wrong-default (12/13) and C1.example-keyword (10/10 pooled) stable and sent
    C3.required-documented-optional (38/43 pooled) to preview; fresh18 sent C1.unknown-param (9/11),
    C2.return-type (9/11) and C2.return-on-void (0/5) to preview and made C1.unknown-reference
    (12/12), C2.generator-return and C3.required-documented-optional (pooled) stable; fresh19
    (C1.unknown-param and C2.return-type only) made C1.unknown-param stable again (15/15). From the
    twelfth session the pooling goes on until 25 findings (maturity.POOL_TO), single audits one by
    one: C3.required-documented-optional (25/29 over fresh18-15) went to preview. fresh20 made
    C3.copied-from-sibling (24/26 with fresh18) and C2.unknown-type (12/12) stable; fresh21 sent
    C3.copied-from-sibling (22/26) and C1.example-keyword (13/15) back to preview and made
    C3.required-documented-optional (29/29) stable."""
    audited = {rid: m for rid, m in maturity.MATURITY.items() if m.audit is not None and m.audit.audited >= 10}
    assert {"C1.unknown-param", "C1.unknown-reference", "C3.wrong-default", "C2.param-type"} <= set(audited)
    for rid, m in audited.items():
        assert (m.maturity == "stable") == m.audit.earns_stable, rid  # type: ignore[union-attr]
    stable = {rid for rid, m in maturity.MATURITY.items() if m.maturity == "stable"}
    assert stable == {"C1.unknown-param", "C1.unknown-reference", "C1.unknown-attribute", "C1.example-import",
                      "C1.example-attribute", "C2.param-type-use", "C2.param-type-default", "C2.generator-return",
                      "C2.unknown-type", "C3.wrong-default", "C3.required-documented-optional"}
    assert maturity.MATURITY["C3.copied-from-sibling"].maturity == "preview"


def test_a_pooled_figure_adds_earlier_audits_one_at_a_time() -> None:
    """Pooling an earlier figure that was itself pooled takes its single audits newest first and
    stops at POOL_TO findings, instead of adding that earlier pool whole."""
    a = maturity._AuditSet("a", "", "")
    b = maturity._AuditSet("b", "", "")
    c = maturity._AuditSet("c", "", "")
    fig = c(12, 0, b(14, 0, a(0, 20)))
    assert (fig.true, fig.false, fig.source) == (26, 0, "c + b")
    assert not c(5, 0, b(14, 0, a(0, 20))).earns_stable  # 19/39: pooled with a, as b left it under 25
    assert c(5, 0, b(14, 0, a(0, 20))).audited == 39


def test_preview_rules_need_preview_or_their_id() -> None:
    crits = ("C1", "C2", "C3", "C4")
    assert "C3.calls-missing" not in selected_rules(crits, preview=False)
    assert "C3.calls-missing" in selected_rules(crits, preview=True)
    assert selected_rules(crits, ("C3.calls-missing",), preview=False) == {"C3.calls-missing"}
    # a criterion selects its rules, but not its preview ones without preview
    assert selected_rules(crits, ("C3",), preview=True) == {r for r in maturity.MATURITY if r.startswith("C3.")}
    assert "C3.calls-missing" not in selected_rules(crits, ("C3",), preview=False)


def test_ignore_wins_and_takes_rule_ids_or_criteria() -> None:
    crits = ("C1", "C2", "C3", "C4")
    every = selected_rules(crits, preview=True)
    assert every - selected_rules(crits, ignore=("C1.unknown-name",), preview=True) == {"C1.unknown-name"}
    assert not any(r.startswith("C4") for r in selected_rules(crits, ignore=("C4",), preview=True))
    assert not selected_rules(crits, ignore=("*",), preview=True)
    assert selected_rules(("C2",), preview=True) == {r for r in every if r.startswith("C2.")}


def test_settings_accept_rule_ids_and_report_misspellings_with_a_did_you_mean() -> None:
    problems: list[str] = []
    s = merge(Settings(), {"select": ["c1", "C3.Calls-Missing", "C1.unknwn-name"], "ignore": ["C4"],
                           "severity": {"C1.unknown-name": "error", "C3.wrong-defualt": "error"},
                           "per_file_ignores": {"tests/*": ["C1.unknown-param", "C4"]}},
              style="snake", problems=problems)
    assert s.select == ("C1", "C3.calls-missing")
    assert s.ignore == ("C4",)
    assert s.severity["C1.unknown-name"] == "error" and s.severity["C1"] == "warning"
    assert s.per_file_ignores == {"tests/*": ("C1.unknown-param", "C4")}
    assert any("'C1.unknwn-name'" in p and "did you mean C1.unknown-name?" in p for p in problems)
    assert any("did you mean C3.wrong-default?" in p for p in problems)
    assert len(problems) == 2


def test_a_rule_severity_beats_its_criterion() -> None:
    sev = {"C1": "warning", "C1.unknown-name": "error"}
    assert severity_of(sev, "C1", "C1.unknown-name") == "error"
    assert severity_of(sev, "C1", "C1.unknown-param") == "warning"


def test_select_and_ignore_narrow_the_scored_criteria() -> None:
    assert resolve_criteria(Settings(select=("C1.unknown-name", "C3"))).criteria == ("C1", "C3")
    assert resolve_criteria(Settings(ignore=("C4", "C1.unknown-name"))).criteria == ("C1", "C2", "C3")
    assert resolve_criteria(Settings(criteria=("C2",))).criteria == ("C2",)


def test_suppression_comments_take_rule_ids() -> None:
    assert parse_suppression("# docfact: ignore[C1.Unknown-Name, c4]") == (False, {"C1.unknown-name", "C4"})
    assert parse_suppression("// docfact: ignore[C3.not-async]") == (False, {"C3.not-async"})
