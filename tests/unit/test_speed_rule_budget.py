"""benchmarks/rule_budget.py reads the ``--profile`` table and holds every budget above its figure."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("rule_budget", ROOT / "benchmarks" / "rule_budget.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


TABLE = """docfact: CPU seconds by stage (this process and its worker processes)
  stage                                      cpu s   share
  start-up                                   0.104    1.3%
  store read                                 0.009    0.1%
  index                                      2.636   31.7%
  judge                                      5.171   62.3%
    segment                                  0.965   11.6%
    rule C1.unknown-name                     1.256   15.1%
    rule C3.not-async                        0.061    0.6%
  other                                      0.344    3.4%
  total                                      8.316  100.0%"""


def test_reads_stages_segmenting_and_rules() -> None:
    row = _module()._ROW
    got = {m.group(2): float(m.group(4)) for line in TABLE.splitlines() if (m := row.match(line))}
    got.pop("stage", None)
    got.pop("total", None)
    assert got == {"start-up": 1.3, "store read": 0.1, "index": 31.7, "judge": 62.3, "segment": 11.6,
                   "C1.unknown-name": 15.1, "C3.not-async": 0.6, "other": 3.4}


def test_every_budget_leaves_room_over_its_measured_share() -> None:
    mod = _module()
    for name, (budget, measured) in mod.BUDGETS.items():
        assert budget > measured, name
    assert mod.DEFAULT_RULE_BUDGET >= 1.0
