"""C3.copied-from-sibling stays silent when the two functions are variants of one another, so a
sentence true of one is true of the other: both have the same body (an alias kept as a copy, a
second spelling), or a decorator ties one to the other
(``@wraps(other)``, a "copy the docs of" decorator). A copied sentence between functions that do
different work is still reported. Each case is (files, target, expected rule ids among C1-C3);
the code is invented for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules

CASES = [
    # ---- two spellings of one method, the body kept twice ---------------------------------------
    pytest.param({"geo/tint.py": '''
        class Tint:
            def __init__(self, rgb):
                self.rgb = rgb

            def colour_name(self):
                """Return the color name nearest to the tint."""
                return _nearest(self.rgb, _TABLE)

            def color_name(self):
                """Return the color name nearest to the tint."""
                return _nearest(self.rgb, _TABLE)


        _TABLE = {"red": (255, 0, 0)}


        def _nearest(rgb, table):
            return min(table, key=lambda k: sum(abs(a - b) for a, b in zip(rgb, table[k])))
        '''}, "geo/tint.py", [], id="same-body-alias-trap"),
    # ---- a decorator ties one to the other ------------------------------------------------------
    pytest.param({"geo/docs.py": '''
        import functools


        def load_points(path):
            """Load points from a file, one pair per line."""
            with open(path) as fh:
                return [tuple(map(float, ln.split())) for ln in fh]


        @functools.wraps(load_points)
        def save_points(path, points):
            """Load points from a file, one pair per line."""
            with open(path, "w") as fh:
                fh.writelines(f"{a} {b}\\n" for a, b in points)
        '''}, "geo/docs.py", [], id="decorator-names-the-sibling-trap"),
    # ---- planted: different work, the sibling's words copied ------------------------------------
    pytest.param({"geo/axis.py": '''
        class Axis:
            def __init__(self):
                self._low = 0
                self._high = 1

            def lower_bound(self):
                """Return the upper end of the axis."""
                return min(self._low, self._high)

            def upper_bound(self):
                """Return the upper end of the axis."""
                return max(self._low, self._high)
        '''}, "geo/axis.py", ["C3.copied-from-sibling"], id="different-bodies-planted"),
    pytest.param({"geo/stub.py": '''
        class Shape:
            def inner_area(self, x):
                """Compute the outer area."""
                return x

            def outer_area(self, x):
                """Compute the outer area."""
                return x
        '''}, "geo/stub.py", ["C3.copied-from-sibling"], id="same-placeholder-body-planted"),
    pytest.param({"geo/keys.py": '''
        class Locale:
            def __init__(self, data):
                self._data = data

            @property
            def short_name(self):
                """The long name of the locale."""
                return self._data.get("short_name", "")

            @property
            def long_name(self):
                """The long name of the locale."""
                return self._data.get("long_name", "")
        '''}, "geo/keys.py", ["C3.copied-from-sibling"], id="own-name-as-a-key-is-no-same-body-planted"),
    pytest.param({"geo/dist.py": '''
        class Latent:
            def __init__(self, distr):
                self.distr = distr

            def lower_tail(self, x):
                """Upper tail evaluated at ``x``, calling the upper tail of the distribution."""
                return self.distr.lower_tail(x)

            def upper_tail(self, x):
                """Upper tail evaluated at ``x``, calling the upper tail of the distribution."""
                return self.distr.upper_tail(x)
        '''}, "geo/dist.py", ["C3.copied-from-sibling"], id="same-shape-delegating-to-own-names-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_copied_variants(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
