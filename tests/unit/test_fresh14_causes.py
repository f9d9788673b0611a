"""The causes of false findings the fresh14 audit found (the set is studied now, so spent), each
with invented code: a trap written anew that stays quiet and a planted case that is still found.
Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _parked(comment: str) -> dict[str, str]:
    """A class whose body ends in a comment block: a method parked as a comment, or prose."""
    return one_module("grids/solver.py", '''
        """Solvers."""


        class Solver:
            """A solver on a grid.

            Parameters
            ----------
            order : int
                The order of the scheme.
            """

            def __init__(self, order):
                self.order = order

            def step(self, values):
                """Advance the values by one step."""
                return [v * self.order for v in values]

''' + textwrap.indent(comment, " " * 8))


# a whole method parked as a comment: its docstring, its inner comments and its code
_PARKED_METHOD = '''
    # def coupled_boundary(self, upstream_values, downstream_values):
    #    """
    #    The flux between two coupled grids. Kept to show how a flux based
    #    boundary would be written; nothing calls it.
    #
    #    Parameters
    #    ----------
    #    upstream_values : list
    #        The values on the upstream grid
    #    downstream_values : list
    #        The values on the downstream grid
    #    """
    #    # the mean of the two one-sided fluxes
    #    flux_left = self.step(upstream_values)
    #    flux_right = self.step(downstream_values)
    #    return [(a + b) / 2 for a, b in zip(flux_left, flux_right)]
'''

# prose about the class, written as a comment block in its body with a parameter entry
_PROSE_ENTRY = '''
    # The solver reads one more setting from the environment:
    #
    # :param ordr: how many neighbours each update reads
'''


def _encoded(bytes_doc: str, text_doc: str) -> dict[str, str]:
    return one_module("ber/value.py", f'''
        """Encoded values."""


        class Pair:
            """Two encoded values one after the other."""

            def __init__(self, first, second):
                self.first = first
                self.second = second

            @property
            def contents(self):
                """
                :return:
                    A byte string of the encoded contents
                """
                return self.first + self.second

            def dump(self):
                """Encode both values."""
                return self.contents

            def __unicode__(self):
                """
                :return:
                    A unicode string
                """
                return repr(self)

            def __bytes__(self):
                """
                :return:
                    {bytes_doc}
                """
                return self.dump()

            def __repr__(self):
                """
                :return:
                    {text_doc}
                """
                return "<Pair %r %r>" % (self.first, self.second)
        ''')


CASES = [
    pytest.param(_parked(_PARKED_METHOD), "grids/solver.py", [], id="parked-method-trap"),
    pytest.param(_parked(_PROSE_ENTRY), "grids/solver.py", ["C1.unknown-param"], id="prose-comment-entry-planted"),
    pytest.param(_encoded("A byte string of the encoded contents", "A unicode string"), "ber/value.py", [],
                 id="protocol-method-trap"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh14_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
