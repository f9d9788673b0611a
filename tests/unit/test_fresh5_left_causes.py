"""The last causes of false findings left from the fresh5 audit (the set is studied, so spent), each
with invented code: a trap written anew that stays quiet and a planted case that is still found.
Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules


def _reader(doc: str, body: str = "self.handle = None") -> dict[str, str]:
    return {"tapekit/__init__.py": '"""Tapes."""\n', "tapekit/reader.py": f'''
        """Readers."""


        class Reader:
            """A reader."""

            def __init__(self):
                self.handle = object()

            def flush_buffer(self):
                """Wait until every byte is written."""
                return None

            def close(self):
                """Close the reader."""
                self.flush_buffer()
                self.handle = None


        class QuietReader(Reader):
            """A reader that never waits."""

            def close(self):
                """{doc}"""
                {body}
        '''}


def _codec(doc: str) -> dict[str, str]:
    return {"boxkit/__init__.py": '"""Boxes."""\n', "boxkit/codecs.py": '''
        """Codecs."""


        class FloatCodec:
            """Store numbers as floats."""

            def encode(self, value):
                """Encode a value."""
                return float(value)


        class DecimalCodec:
            """Store numbers as decimal strings."""

            def encode(self, value):
                """Encode a value."""
                return str(value)
        ''', "boxkit/fields.py": f'''
        """Fields."""
        from boxkit.codecs import FloatCodec


        class NumberField:
            """{doc}"""

            def __init__(self):
                self.codec = FloatCodec()
        '''}


def _points(name: str, y_type: str = "array-like of shape (n,)") -> dict[str, str]:
    return {"plotkit/__init__.py": '"""Plots."""\n', "plotkit/scatter.py": f'''
        """Scatter plots."""


        def {name}(pts, y):
            """Draw the points.

            Parameters
            ----------
            pts : array-like of shape (n, 2)
                The points to draw.
            y : {y_type}
                The target, which colours the points.
            """
            return [(row, y) for row in pts[:, 0]]
        '''}


CASES = [
    # ---- "the base implementation uses X": the sentence's subject is another implementation ----
    pytest.param(_reader("Close without waiting.\n\n                Overridden because the base implementation "
                         "uses ``flush_buffer()``, which blocks."), "tapekit/reader.py", [],
                 id="base-implementation-uses-trap"),
    pytest.param(_reader("Close the reader; calls ``flush_buffer()`` first."), "tapekit/reader.py",
                 ["C3.calls-missing"], id="own-clause-calls-planted"),
    pytest.param(_reader("Close the handle then calls ``flush_buffer()``."), "tapekit/reader.py",
                 ["C3.calls-missing"], id="noun-then-verb-still-own-planted"),
    # ---- "Consider using X": a recommendation of the counterpart, not a claim about the code ----
    pytest.param(_codec("A number field. It converts to float, so it loses precision.\n\n"
                        "            Consider using :class:`~boxkit.codecs.DecimalCodec` for exact values."),
                 "boxkit/fields.py", [], id="consider-using-counterpart-trap"),
    pytest.param(_codec("A number field that stores values using :class:`~boxkit.codecs.DecimalCodec`."),
                 "boxkit/fields.py", ["C1.wrong-counterpart"], id="uses-counterpart-planted"),
    # ---- a private helper: its callers are the project's own, the doc's loose words bind nobody --
    pytest.param(_points("_draw_points"), "plotkit/scatter.py", [], id="private-helper-array-like-trap"),
    pytest.param(_points("draw_points"), "plotkit/scatter.py", ["C2.param-type-use"],
                 id="public-array-like-indexed-planted"),
    pytest.param(_points("_draw_points", "array-like of shape (n,), optional"), "plotkit/scatter.py", [],
                 id="private-helper-optional-means-nullable-trap"),
    pytest.param(_points("draw_points", "array-like of shape (n,), optional"), "plotkit/scatter.py",
                 ["C2.param-type-use", "C3.required-documented-optional"], id="public-optional-required-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh5_left_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
