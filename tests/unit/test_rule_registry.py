"""The rule registry (issue 30): every rule id has one declaration whose bad example the real
engine flags with that id and whose good example it leaves without findings; precedence comes
from what rules supersede; docs/rules.md is the registry's Markdown."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.unit.judging import judge_files

from docfact.judges import maturity, registry
from docfact.judges.rule import Example, Rule
from docfact.judges.static import ALL_CHECKS, ALL_RULES

ROOT = Path(__file__).resolve().parents[2]


def _judge(tmp_path: Path, example: Example) -> list[tuple[int, str, str]]:
    res = judge_files(tmp_path, {example.path: example.code}, example.path)
    return [(f.segment.range.start.line + 1, f.rule, f.message) for f in res.findings]


@pytest.mark.parametrize("rule", registry.RULES, ids=lambda r: r.id)
def test_the_bad_example_fires_with_the_rule_id(rule: Rule, tmp_path: Path) -> None:
    found = _judge(tmp_path, rule.bad)
    assert rule.id in {r for _, r, _ in found}, found


@pytest.mark.parametrize("rule", registry.RULES, ids=lambda r: r.id)
def test_the_good_example_stays_quiet(rule: Rule, tmp_path: Path) -> None:
    assert _judge(tmp_path, rule.good) == []


@pytest.mark.parametrize("rule", registry.RULES, ids=lambda r: r.id)
def test_examples_are_in_a_language_the_rule_judges(rule: Rule) -> None:
    for ex in (rule.bad, rule.good):
        assert not rule.languages or ex.language in rule.languages, rule.id
    assert rule.bad.code != rule.good.code


def test_every_rule_id_is_declared_once_and_has_checks_and_a_maturity() -> None:
    ids = [r.id for r in registry.RULES]
    assert len(ids) == len(set(ids))
    assert set(ids) == set(maturity.MATURITY)
    assert {c.id for c in ALL_CHECKS} == set(ids)
    assert ALL_RULES == registry.RULES
    for rid in ids:  # one generic check per rule id, and at most one TypeScript/JavaScript check
        assert len([c for c in ALL_CHECKS if c.id == rid and c.where != "ts"]) <= 1, rid
        assert len([c for c in ALL_CHECKS if c.id == rid and c.where == "ts"]) <= 1, rid
    for c in ALL_CHECKS:
        assert c.rule is registry.BY_ID[c.id]


def _outranks(rules: tuple[Rule, ...]) -> set[tuple[str, str]]:
    """The transitive closure of ``supersedes``."""
    pairs = {(r.id, s) for r in rules for s in r.supersedes}
    while True:
        more = {(a, d) for a, b in pairs for c, d in pairs if b == c} - pairs
        if not more:
            return pairs
        pairs |= more


def test_supersedes_orders_every_two_rules_of_a_criterion_that_judge_the_same_segments() -> None:
    """Which finding wins a (sentence, criterion) pair never falls back to declaration order."""
    order = _outranks(registry.RULES)
    for a in registry.RULES:
        for b in registry.RULES:
            if a.id < b.id and a.criterion == b.criterion and a.judges == b.judges:
                assert (a.id, b.id) in order or (b.id, a.id) in order, (a.id, b.id)
    assert not any((b, a) in order for a, b in order)  # no cycle
    for r in registry.RULES:
        assert all(registry.BY_ID[s].criterion == r.criterion for s in r.supersedes), r.id
    # the static judge weighs generic checks in that order
    rank = {c.id: i for i, c in enumerate(c for c in ALL_CHECKS if c.where != "ts")}
    assert all(rank[a] < rank[b] for a, b in order)


def test_typescript_checks_rank_after_the_generic_ones_and_are_ordered() -> None:
    ts = [c for c in ALL_CHECKS if c.where == "ts"]
    assert ts and ALL_CHECKS[-len(ts):] == tuple(ts)
    for c in ts:
        for s in c.supersedes:
            assert [x.id for x in ts].index(c.id) < [x.id for x in ts].index(s)
    by_crit: dict[str, list[str]] = {}
    for c in ts:
        by_crit.setdefault(c.rule.criterion, []).append(c.id)
    closure = {(c.id, s) for c in ts for s in c.supersedes}
    for ids in by_crit.values():
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                assert (a, b) in closure or any((a, m) in closure and (m, b) in closure for m in ids), (a, b)


def test_docs_rules_md_is_generated_from_the_registry() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert text == registry.markdown(), "docs/rules.md is stale: run `docfact rules --markdown > docs/rules.md`"
    for r in registry.RULES:
        assert f"\n## {r.id}\n" in text


def test_a_rule_written_as_one_unit_is_registered_by_its_file_alone() -> None:
    """Every module of ``judges/units/`` is found without being listed anywhere: its declaration
    is in the registry and its checks run in the static judge (``C3.not-self`` lives there)."""
    from docfact.judges import static
    from docfact.judges.rule import Rule
    from docfact.judges.units import unit_modules

    modules = unit_modules()
    assert "docfact.judges.units.c3_not_self" in {m.__name__ for m in modules}
    for module in modules:
        declared = [v for v in vars(module).values() if isinstance(v, Rule)]
        assert declared and all(registry.BY_ID[r.id] is r for r in declared), module.__name__
        assert module.CHECKS and all(c in static.ALL_CHECKS for c in module.CHECKS), module.__name__
