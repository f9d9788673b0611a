"""A documented ``int`` return under a ``-> float`` annotation (pydoclint's DOC203): true only of
a body that returns ints, so found unless every ``return`` gives one. Parameters keep the
numeric tower: ``x: float`` accepts the ints its docs ask for. Each case is (files, target,
expected C1-C3 ids); the code is invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules


def _mod(code: str) -> dict[str, str]:
    return {"gauge/__init__.py": '"""Gauges."""\n', "gauge/read.py": '"""Readings."""\n' + code}


GOOGLE = '''

def level(tank: str) -> float:
    """Read the level of a tank.

    Returns:
        int: The level in litres.
    """
    {body}
'''

SPHINX = '''

def level(tank: str) -> float:
    """Read the level of a tank.

    :param tank: The tank's name.
    :return: The level in litres.
    :rtype: int
    """
    {body}
'''

PARAM = '''

def fill(litres: float) -> None:
    """Fill the tank.

    Args:
        litres (int): How much to pour in.
    """
    print(litres)
'''

CASES = [
    # planted: the annotation was widened to float and the docs still say int
    (_mod(GOOGLE.format(body="return sensor(tank) / 2.5")), "gauge/read.py", ["C2.return-type"]),
    (_mod(GOOGLE.format(body="return READINGS[tank]")), "gauge/read.py", ["C2.return-type"]),
    (_mod(SPHINX.format(body="return READINGS[tank]")), "gauge/read.py", ["C2.return-type"]),
    # traps: every return gives an int, so the docs are true of the code
    (_mod(GOOGLE.format(body="return len(tank)")), "gauge/read.py", []),
    (_mod(GOOGLE.format(body="if not tank:\n        return 0\n    return int(tank)")), "gauge/read.py", []),
    # trap: a float parameter accepts an int
    (_mod(PARAM), "gauge/read.py", []),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_int_documented_for_a_float_annotation(tmp_path: Path, files: dict[str, str], target: str,
                                               expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
