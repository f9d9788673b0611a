"""The causes of false findings the fresh13 audit found (the set is studied now, so spent), each
with invented code: a trap written anew that stays quiet and a planted case that is still found.
Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _settings(key: str) -> dict[str, str]:
    return one_module("hydro/series.py", f'''
        """Time series."""


        class Series:
            """A time series.

            Parameters
            ----------
            values : list
                The values.
            settings : dict, optional
                How to extend the series.

            Other Parameters
            ----------------
            {key} : str
                How to extend the series into the future.
            """

            def __init__(self, values, settings=None):
                self.values = values
                self.settings = settings or {{}}

            def extend(self):
                """Extend the series."""
                return self.settings.get("fill_after", "mean")
        ''')


def _csv(sentence: str) -> dict[str, str]:
    return one_module("physio/csv.py", f'''
        """CSV files."""


        def read(path, sig_name=None):
            """Read a CSV file of signals.

            The header holds {sentence} in this order.
            """
            return path, sig_name
        ''')


def _events(name: str) -> dict[str, str]:
    return {
        "chirp/__init__.py": '"""A package."""\n',
        "chirp/tweet.py": '"""Tweets."""\n\n\nclass Tweet:\n    """A tweet."""\n',
        "chirp/client.py": '"""A client."""\n\n\ndef get(params):\n    """Get."""\n'
                           '    params["tweet.fields"] = "id"\n    return params\n',
        "chirp/events.py": f'''
            """Events."""
            from chirp.tweet import Tweet


            class Event:
                """An event.

                Attributes
                ----------
                tweets : list[Tweet] | None
                    The tweets. To expand them, include ``tweets.id`` as an expansion and use
                    the ``{name}`` query parameter to pick their fields.
                """

                def __init__(self, data):
                    self.tweets = [Tweet()] if data else None
            ''',
    }


def _manual(role: str) -> dict[str, str]:
    return one_module("gmtkit/triangulate.py", f'''
        """Triangulation."""


        class triangulate:  # noqa: N801
            """Triangulation of points."""

            @staticmethod
            def delaunay_triples(points):
                """Triangulate the points.

                Full docs at {role}.
                """
                return points
        ''')


def _polar(sibling: str, description: str) -> dict[str, str]:
    return one_module("radar/polar.py", f'''
        """Polar coordinates."""


        def spherical_to_xyz(r, phi):
            """Turn spherical into cartesian coordinates.

            Returns
            -------
            xyz : list
                {sibling}
            """
            return [r, phi, 0]


        def spherical_to_polyvert(r, phi):
            """Turn spherical coordinates into polygon vertices.

            Returns
            -------
            xyz : list
                {description}
            """
            return [[r, phi, 0]] * 5
        ''')


def _results(args_doc: str) -> dict[str, str]:
    return one_module("hydro/fit.py", f'''
        """Fitting."""


        class Fit:
            """A fit."""

            def __init__(self):
                self.results = {{}}

            def minimize(self):
                """Minimize.

                Args:
                    {args_doc}
                """
                self.results["min_value"] = 0.0
                return self.results
        ''')


def _summary(doc_name: str) -> dict[str, str]:
    return one_module("hydro/summary.py", f'''
        """Summaries."""


        class Results:
            """Results."""

            def __init__(self, results):
                self.results = results

            def summary(self, show_contrast=False):
                """Summarize.

                Parameters
                ----------
                {doc_name} : bool
                    Whether to show the contrast matrix.
                """
                return [r["contrast"] for r in self.results] if show_contrast else []
        ''')


CASES = [
    pytest.param(_summary("contrast"), "hydro/summary.py", ["C1.unknown-param"],
                 id="key-of-another-mapping-planted"),
    pytest.param(_summary("show_contrast"), "hydro/summary.py", [], id="key-of-another-mapping-right-name"),
    pytest.param(_results("min_value (float): the minimum."), "hydro/fit.py", ["C1.unknown-param"],
                 id="written-key-is-no-parameter-planted"),
    pytest.param(_settings("fill_after"), "hydro/series.py", [], id="settings-key-trap"),
    pytest.param(_settings("fill_before"), "hydro/series.py", ["C1.unknown-param"], id="settings-key-planted"),
    pytest.param(_csv("sig_1_name,sig_2_name,..."), "physio/csv.py", [], id="numbered-series-trap"),
    pytest.param(_csv("``sig_nme``"), "physio/csv.py", ["C1.unknown-name"], id="numbered-series-planted"),
    pytest.param(_events("tweet.fields"), "chirp/events.py", [], id="string-parameter-trap"),
    pytest.param(_events("tweet.feilds"), "chirp/events.py", ["C1.unknown-name"], id="string-parameter-planted"),
    pytest.param(_manual(":gmt-docs:`triangulate.html`"), "gmtkit/triangulate.py", [], id="manual-page-trap"),
    pytest.param(_manual(":func:`gmtkit.triangulate.triangulate.delaunay_tripels`"), "gmtkit/triangulate.py",
                 ["C1.unknown-reference"], id="manual-page-planted"),
    pytest.param(_polar(*["Array of shape (..., 3). Contains cartesian coordinates."] * 2), "radar/polar.py", [],
                 id="returned-value-name-trap"),
    pytest.param(_polar(*["Array of shape (..., 3). Contains the xyz coordinates."] * 2), "radar/polar.py",
                 ["C3.copied-from-sibling"], id="returned-value-name-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh13_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
