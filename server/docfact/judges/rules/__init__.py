"""The rule declarations, one :class:`~docfact.judges.rule.Rule` per rule id, grouped by criterion
and family; :mod:`docfact.judges.registry` collects them.

``supersedes`` is transitive: within one criterion every two rules that judge the same kind of
segment are ordered by it (``tests/unit/test_rule_registry.py`` checks this), so which finding
wins a (sentence, criterion) pair never depends on the order modules are listed in.
"""
