"""The causes of false findings the fresh11 audit found (the set is studied now, so spent), each
with invented code: a trap written anew that stays quiet and a planted case that is still found.
Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _ind(doc: str) -> str:
    """Docstring lines for a template whose function body is indented by 12 spaces."""
    return textwrap.indent(textwrap.dedent(doc), " " * 12)


def _checks(sentence: str) -> dict[str, str]:
    return one_module("checkers/numbers.py", f'''
        """Number checks."""


        def is_integer(value):
            """Whether ``value`` is an integer."""
            return isinstance(value, int)


        def is_whole(value):
            """Whether ``value`` is a whole number.

            {sentence}
            """
            return is_integer(value) or float(value).is_integer()
        ''')


def _operator(sentence: str) -> dict[str, str]:
    return one_module("reduce/operator.py", f'''
        """Reduced operators."""


        class Reduced:
            """A reduced operator."""

            def __init__(self, matrix):
                self._Atilde = matrix

            @property
            def as_array(self):
                """{sentence}"""
                return self._Atilde
        ''')


def _mask(layout: str) -> dict[str, str]:
    return one_module("fitkit/mask.py", f'''
        """Masks."""


        def mask(weights, mode="fast"):
            """Pick the weights to keep.

{_ind(layout)}
            """
            return [w for w in weights if w > 0 and w == w]
        ''')


def _raises(doc: str, body: str) -> dict[str, str]:
    return one_module("soapkit/lookup.py", f'''
        """Lookups."""
        import warnings


        class NotFound(Exception):
            """Nothing of that name."""


        class SlowWarning(UserWarning):
            """A slow lookup."""


        def find(table, name):
            """Find ``name`` in ``table``.

{_ind(doc)}
            """
            {body}
            if name not in table:
                raise NotFound(name)
            return name
        ''')


def _pair(doc: str, ret: str = "first, second") -> dict[str, str]:
    return one_module("dmdkit/costs.py", f'''
        """Costs."""
        import numpy as np


        def split(data):
            """Split ``data`` in two.

{_ind(doc)}
            """
            first = np.asarray(data)[:1]
            second = np.asarray(data)[1:]
            return {ret}
        ''')


def _pos(read: str) -> dict[str, str]:
    return one_module("plotkit/place.py", f'''
        """Placing."""


        def place(pos):
            """Place the label.

            Args:
                pos (str): Where: any of "center", "top" and "left".
            """
            x = y = 0
            {read}
                x = y = 0.5
            if "top" in pos:
                y = 1
            if "left" in pos:
                x = -1
            return x, y
        ''')


def _outside(imports_outside: bool) -> dict[str, str]:
    bridge = ("    try:\n        import gridtools as gt\n    except ImportError:\n        return None\n"
              "    return gt.Model(model)\n") if imports_outside else "    return model\n"
    return {
        "fieldkit/__init__.py": '"""Fields."""\n',
        "fieldkit/interfaces/__init__.py": '"""Interfaces."""\n',
        "fieldkit/interfaces/gridtools.py": '"""Bridge."""\n\n\ndef convert(model):\n    """Convert it."""\n' + bridge,
        "fieldkit/samples.py": '''
            """Samples."""


            def field():
                """Load the sample field.

                The field was drawn with :any:`gridtools.SRF`.
                """
                return 1
            ''',
    }


def _bus(write_body: str) -> dict[str, str]:
    return one_module("buskit/spi.py", f'''
        """A bus."""


        class Bus:
            """A bus."""

            def __init__(self, port):
                self._port = port

            def transfer(self, data):
                """Write data to the bus interface."""
                return [self._port.exchange(word) for word in data]

            def write(self, data):
                """Write data to the bus interface."""
                {write_body}
        ''')


def _masks(tracked_summary: str) -> dict[str, str]:
    return one_module("trackkit/tracker.py", f'''
        """Tracking."""


        class Tracker:
            """A tracker."""

            def __init__(self, x, v):
                self.x = x
                self.v = v

            def _stopped_mask(self):
                """{tracked_summary}"""
                return [b == 0 for b in self.v]

            def _tracked_mask(self):
                """{tracked_summary}"""
                return [a == a for a in self.x]
        ''')


def _case(sentence: str) -> dict[str, str]:
    return one_module("jsonkit/keys.py", f'''
        """Key transformers."""


        def snakecase(s):
            """{sentence}"""
            return s.lower()
        ''')


def _starts(names: list[str]) -> dict[str, str]:
    funcs = "".join(f'''

        def start_{n}_imp(model, values):
            """Calculate starting value for parameter in data given data in model."""
            return model.get("{n}", values)
        ''' for n in names)
    return one_module("semkit/starting.py", '"""Starting values."""' + funcs)


CASES = [
    # a change note names what is gone on purpose
    pytest.param(_checks("Removed alias ``is_int``."), "checkers/numbers.py", [], id="removed-alias-trap"),
    pytest.param(_checks("Same as ``is_integr`` for floats."), "checkers/numbers.py", ["C1.unknown-name"],
                 id="removed-alias-planted"),
    # a naming style is no name of the code
    pytest.param(_case("Return ``s`` in snake_case."), "jsonkit/keys.py", [], id="naming-style-trap"),
    pytest.param(_case("Return ``s`` like ``snakecse`` does."), "jsonkit/keys.py", ["C1.unknown-name"],
                 id="naming-style-planted"),
    # notation: a letter with its accent spelled out
    pytest.param(_operator("Get the reduced operator A_tilde."), "reduce/operator.py", [], id="accent-trap"),
    pytest.param(_operator("Get the reduced operator ``_Atlde``."), "reduce/operator.py", ["C1.unknown-name"],
                 id="accent-planted"),
    # prose laid out on lines is no definition list
    pytest.param(_mask("    Keeps the weights that are\n        positive\n    and\n        not NaN\n    and\n"
                       "        finite."), "fitkit/mask.py", [], id="connective-lines-trap"),
    pytest.param(_mask("    Modes:\n\n    fast\n        Quick.\n    slow\n        Careful.\n    fast\n"
                       "        Thorough."), "fitkit/mask.py", ["C1.duplicate-entry"], id="connective-lines-planted"),
    # epytext links in @raise and a Warns section
    pytest.param(_raises("    @param table: The table.\n    @raise L{NotFound}: When missing.",
                         "pass"), "soapkit/lookup.py", [], id="epytext-raise-trap"),
    pytest.param(_raises("    @param table: The table.\n    @raise L{KeyError}: When missing.",
                         "pass"), "soapkit/lookup.py", ["C3.raises-not-raised"], id="epytext-raise-planted"),
    pytest.param(_raises("    Warns\n    -----\n    SlowWarning\n        When the table is big.",
                         "if len(table) > 9:\n                warnings.warn('big', SlowWarning)"), "soapkit/lookup.py", [],
                 id="warns-section-trap"),
    pytest.param(_raises("    Raises\n    ------\n    SlowWarning\n        When the table is big.",
                         "if len(table) > 9:\n                warnings.warn('big', SlowWarning)"), "soapkit/lookup.py",
                 ["C3.raises-not-raised"], id="warns-section-planted"),
    # Sphinx return types of each part of a returned tuple
    pytest.param(_pair("    :return first: The head.\n    :rtype first: numpy.ndarray\n"
                       "    :return second: The tail.\n    :rtype second: numpy.ndarray"), "dmdkit/costs.py", [],
                 id="named-rtype-trap"),
    pytest.param(_pair("    :return: The head and the tail.\n    :rtype: numpy.ndarray, numpy.ndarray"),
                 "dmdkit/costs.py", [], id="listed-rtype-trap"),
    pytest.param(_pair("    :return: The head and the tail.\n    :rtype: int"), "dmdkit/costs.py",
                 ["C2.return-type"], id="rtype-planted"),
    pytest.param(_pair("    :return first: The head.\n    :rtype first: numpy.ndarray", ret="None"),
                 "dmdkit/costs.py", ["C2.return-type"], id="named-rtype-of-nothing-planted"),
    # a key tested as part of a word
    pytest.param(_pos('if "cent" in pos:'), "plotkit/place.py", [], id="part-of-word-key-trap"),
    pytest.param(_pos('if pos["cent"]:'), "plotkit/place.py", ["C1.unknown-key"], id="part-of-word-key-planted"),
    # an outside package named like one of the project's modules
    pytest.param(_outside(True), "fieldkit/samples.py", [], id="outside-package-trap"),
    pytest.param(_outside(False), "fieldkit/samples.py", ["C1.unknown-reference"], id="outside-package-planted"),
    # copied summaries that are no copy
    pytest.param(_bus("return len(self.transfer(data))"), "buskit/spi.py", [], id="delegating-sibling-trap"),
    pytest.param(_bus("self._port.send(data)"), "buskit/spi.py", ["C3.copied-from-sibling"],
                 id="delegating-sibling-planted"),
    pytest.param(_masks("Mask of the particles that have not been stopped."), "trackkit/tracker.py", [],
                 id="denied-word-trap"),
    pytest.param(_masks("Mask of the particles that have not been stopped or removed."), "trackkit/tracker.py", [],
                 id="denied-words-trap"),
    pytest.param(_masks("Mask of the particles that have been stopped."), "trackkit/tracker.py",
                 ["C3.copied-from-sibling"], id="denied-word-planted"),
    pytest.param(_starts(["beta", "data", "gamma", "lambda"]), "semkit/starting.py", [], id="template-trap"),
    pytest.param(_starts(["beta", "data"]), "semkit/starting.py", ["C3.copied-from-sibling"], id="template-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh11_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
