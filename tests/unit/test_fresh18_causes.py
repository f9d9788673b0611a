"""The causes of false findings the fresh18 audit found in the rules then stable (the set is
studied now, so spent), each with invented code: a trap written anew that stays quiet and a
planted case that is still found. Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _regression(remark: str) -> dict[str, str]:
    return one_module("spatial/regions.py", f'''
        """Regionalized regression."""


        class RegionModel:
            """Regions that make a regression fit well.

            Parameters
            ----------
            dissimilarity : callable
                How unlike two regions are.
            reduction : callable
                How the scores of the regions are combined.

            {remark}: Optimization runs on a dissimilarity, so smaller scores are better.
            """

            def __init__(self, dissimilarity, reduction):
                self.dissimilarity = dissimilarity
                self.reduction = reduction
        ''')


def _table(returns: str) -> dict[str, str]:
    return one_module("groups/tables.py", f'''
        """Character tables."""


        def print_table(group):
            """Print the character table of ``group``.

            Returns
            -------
            {returns}
            """
            print(group)
        ''')


CASES = [
    pytest.param(_regression("NOTE"), "spatial/regions.py", [], id="remark-in-capitals-trap"),
    pytest.param(_regression("reductoin"), "spatial/regions.py", ["C1.unknown-param"], id="misspelt-entry-planted"),
    pytest.param(_table("Prints the character table for the point group."), "groups/tables.py", [],
                 id="side-effect-sentence-trap"),
    pytest.param(_table("Table\n                The character table."), "groups/tables.py", ["C2.return-type"],
                 id="table-never-returned-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh18_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
