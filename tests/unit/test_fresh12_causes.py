"""The causes of false findings the fresh12 audit found (the set is studied now, so spent), each
with invented code: a trap written anew that stays quiet and a planted case that is still found.
Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _nested(item: str) -> dict[str, str]:
    return one_module("causal/nest.py", f'''
        """Nesting."""


        def flatten(nested):
            """Flatten the mapping.

            Parameters
            ----------
            {item}
                The mapping to flatten.
            """
            return {{k: dict(v) for k, v in nested.items()}}
        ''')


def _agg(test: str) -> dict[str, str]:
    return one_module("trackkit/traj.py", f'''
        """Trajectories."""


        def summary(rows, agg=False):
            """Summarize the rows.

            Parameters
            ----------
            agg : dict
                Column names mapped to the aggregation to apply.
            """
            out = {{}}
            {test}
                for col, how in agg.items():
                    out[col] = how
            return out
        ''')


def _venn(summary: str) -> dict[str, str]:
    return one_module("conform/venn.py", f'''
        """Calibration."""


        def calibrate(scores, labels):
            """Compute the two calibration bounds.

            {summary}
            """
            low = min(scores)
            high = max(labels)
            return low, high
        ''')


def _estimator(returns: str) -> dict[str, str]:
    return one_module("conform/wrap.py", f'''
        """Wrapping."""


        class Wrapper:
            """A wrapper."""

            def check(self, estimator=None):
                """Check the estimator.

                Returns
                -------
                object
                    {returns}
                """
                if estimator is None:
                    return Default()
                return estimator


        class Default:
            """A default estimator."""
        ''')


def _fixed(build: str) -> dict[str, str]:
    return one_module("gridkit/constraints.py", f'''
        """Constraints."""


        def fix_operation(net, attr="p"):
            """Fix the operation of the components.

            If `p_set` is given, the dispatch is fixed to it.
            """
            values = net.data.get({build})
            return values
        ''')


def _scan(call: str) -> dict[str, str]:
    return one_module("webkit/setup.py", f'''
        """Setup."""
        import importscan


        def autoscan(packages):
            """Scan the packages.

            This function recursively imports everything in those packages.
            """
            for package in packages:
                {call}
            return packages
        ''')


def _returns(doc: str, annotation: str) -> dict[str, str]:
    return one_module("asgikit/kwargs.py", f'''
        """Keyword arguments."""


        def to_kwargs(names) -> {annotation}:
            """Build the arguments.

            Returns:
                {doc}
            """
            return {{n: n for n in names}} if "dict" in "{annotation}" else [str(n) for n in names]
        ''')


def _callee(sentence: str) -> dict[str, str]:
    return one_module("docking/text.py", f'''
        """Text changes."""


        def make_forward_index_table(rows):
            """Index forwards."""
            return list(rows)


        def make_reverse_index_table(rows):
            """Index backwards."""
            return list(reversed(rows))


        def build(rows):
            """Build the table.

            {sentence}
            """
            return make_reverse_index_table(rows)
        ''')


def _mixin(dotted: str) -> dict[str, str]:
    return {
        "odkit/__init__.py": '"""A package."""\n',
        "odkit/mixins.py": '"""Mixins."""\n\n\nclass ParaMixin:\n    """Paragraph helpers."""\n\n'
                           '    def set_mark(self, name):\n        """Set a mark."""\n        return name\n',
        "odkit/paragraph.py": '"""Paragraphs."""\nfrom odkit.mixins import ParaMixin\n\n\n'
                              'class Paragraph(ParaMixin):\n    """A paragraph."""\n\n'
                              '    def get_mark(self, name):\n        """Get a mark."""\n        return name\n',
        "odkit/marks.py": f'''
            """Marks."""


            class MarkStart:
                """The start of a mark.

                It is best made with the helper `{dotted}()`.
                """

                def __init__(self, name):
                    self.name = name
            ''',
    }


def _props(define: str) -> dict[str, str]:
    return {
        "tockit/__init__.py": '"""A package."""\n',
        "tockit/element.py": f'''
            """Elements."""


            class Element:
                """An element."""

                _names: tuple[str, ...] = ()

                @classmethod
                def define_properties(cls):
                    """Make a property of each name."""
                    for name in cls._names:
                        {define}
            ''',
        "tockit/toc.py": '''
            """Tables of contents."""
            from tockit.element import Element


            class TOC(Element):
                """A table of contents.

                Attributes:
                    xml_id (str): The XML identifier.
                """

                _names = ("xml_id",)


            TOC.define_properties()
            ''',
    }


def _exported(name: str) -> dict[str, str]:
    return {
        "climkit/__init__.py": '"""A package."""\n',
        "climkit/core/__init__.py": '"""Core."""\nfrom climkit.core._types import *\n',
        "climkit/core/_types.py": '"""Types."""\n__all__ = ["VARIABLES"]\n\nwith open("v.yml") as f:\n'
                                  '    VARIABLES = f.read()\n',
        "climkit/flags.py": f'''
            """Flags."""


            def flags(x):
                """Check the flags.

                The names are those of :py:data:`climkit.core.{name}`.
                """
                return x
            ''',
    }


def _params_doc(name: str) -> dict[str, str]:
    return one_module("lenskit/groups.py", f'''
        """Parameter groups."""


        class SingleParam:
            """One parameter.

            Subclasses should define:

            :param on: Whether it is sampled.
            :param {name}: Upper bounds of each parameter.
            """

            def __init__(self, on):
                self._on = bool(on)

            def upper(self):
                """The upper bounds."""
                return self._kwargs_upper if self._on else {{}}
        ''')


def _notation(sentence: str) -> dict[str, str]:
    return one_module("lenskit/profile.py", f'''
        """Profiles."""


        def concentration(rho0, scale):
            """Compute the concentration.

            {sentence}
            """
            return rho0 * scale
        ''')


def _laconic(writes: str) -> dict[str, str]:
    return {
        "shortkit/__init__.py": '"""A package."""\n',
        "shortkit/models.py": '"""Models."""\n\n\nclass ImageModel:\n    """An image model."""\n',
        "shortkit/util.py": f'''
            """Shortcuts."""


            def laconic():
                """Put every model under the package.

                >>> import shortkit as sk
                >>> sk.laconic()
                >>> model = sk.ImageModel()
                """
                import shortkit
                from shortkit import models
                for key in ("ImageModel",):
                    {writes}
            ''',
    }


def _motor(kill_doc: str) -> dict[str, str]:
    return one_module("labkit/motor.py", f'''
        """A motor."""


        class Motor:
            """A motor."""

            def __init__(self, port):
                self.port = port

            def stop(self):
                """Stop the motor during movement."""
                self.port.write("S")

            def kill(self):
                """{kill_doc}"""
                self.port.write("K")
        ''')


def _scans(first: str) -> dict[str, str]:
    return one_module("orbkit/geometry.py", f'''
        """Scan geometry."""


        def scan_geometry(scans_nb, scan_points=None):
            """Scan geometry of the instrument.

            Parameters:
               {first} | int -  number of scan lines

             Keywords:
             * scan_points - the points to sample

            Returns:
               a geometry
            """
            return scans_nb, scan_points
        ''')


def _dist(cdf_returns: str) -> dict[str, str]:
    return one_module("probkit/dist.py", f'''
        """Distributions."""


        class Dist:
            """A distribution."""

            def __init__(self, grid):
                self.grid = grid

            def cdf(self, x):
                """Cdf values evaluated at x.

                Returns
                -------
                {cdf_returns}
                """
                return sum(g for g in self.grid if g <= x)

            def pdf(self, x):
                """Pdf values evaluated at x.

                Returns
                -------
                pdf values
                """
                return [g for g in self.grid if g == x]
        ''')


CASES = [
    pytest.param(_scans("scans_nb"), "orbkit/geometry.py", [], id="keywords-heading-trap"),
    pytest.param(_scans("scan_nb"), "orbkit/geometry.py", ["C1.unknown-name"], id="keywords-heading-planted"),
    pytest.param(_nested("nested : default dictionary of default dictionaries"), "causal/nest.py", [],
                 id="default-dictionary-trap"),
    pytest.param(_nested("nested : dict, default None"), "causal/nest.py", ["C3.required-documented-optional"],
                 id="default-dictionary-planted"),
    pytest.param(_agg("if agg:"), "trackkit/traj.py", [], id="false-sentinel-trap"),
    pytest.param(_agg("if rows:"), "trackkit/traj.py", ["C2.param-type-default"], id="false-sentinel-planted"),
    pytest.param(_venn("Yields significantly faster computation for large inputs."), "conform/venn.py", [],
                 id="yields-as-gives-trap"),
    pytest.param(_venn("Yields the two bounds."), "conform/venn.py", ["C3.not-generator"], id="yields-as-gives-planted"),
    pytest.param(_estimator("The estimator itself or a default instance."), "conform/wrap.py", [],
                 id="argument-itself-trap"),
    pytest.param(_estimator("The instance itself."), "conform/wrap.py", ["C3.not-self"], id="argument-itself-planted"),
    pytest.param(_fixed('f"{attr}_set"'), "gridkit/constraints.py", [], id="built-name-trap"),
    pytest.param(_fixed('"q_value"'), "gridkit/constraints.py", ["C1.condition-on-unknown"], id="built-name-planted"),
    pytest.param(_scan("importscan.scan(package)"), "webkit/setup.py", [], id="scanning-callee-trap"),
    pytest.param(_scan("print(package)"), "webkit/setup.py", ["C3.not-recursive"], id="scanning-callee-planted"),
    pytest.param(_returns("A string keyed dictionary of the arguments.", "dict[str, str]"), "asgikit/kwargs.py", [],
                 id="string-keyed-trap"),
    pytest.param(_returns("a string for each name", "list[str]"), "asgikit/kwargs.py", [], id="string-for-each-trap"),
    pytest.param(_returns("A string of the arguments.", "dict[str, str]"), "asgikit/kwargs.py", ["C2.return-type"],
                 id="string-planted"),
    pytest.param(_callee("Consider using `make_forward_index_table()` for a more general approach."),
                 "docking/text.py", [], id="recommended-callee-trap"),
    pytest.param(_callee("It calls `make_forward_index_table()` on the rows."), "docking/text.py",
                 ["C1.wrong-callee", "C3.calls-missing"], id="recommended-callee-planted"),
    pytest.param(_mixin("odkit.paragraph.set_mark"), "odkit/marks.py", [], id="method-through-module-trap"),
    pytest.param(_mixin("odkit.paragraph.set_markk"), "odkit/marks.py", ["C1.unknown-name"],
                 id="method-through-module-planted"),
    pytest.param(_props("setattr(cls, name, property(lambda self: self))"), "tockit/toc.py", [],
                 id="properties-by-name-trap"),
    pytest.param(_props("print(name)"), "tockit/toc.py", ["C1.unknown-attribute"], id="properties-by-name-planted"),
    pytest.param({**_props("setattr(cls, name, property(lambda self: self))"),
                  "tockit/toc.py": _props("")["tockit/toc.py"].replace('_names = ("xml_id",)', '_names = ("style",)')},
                 "tockit/toc.py", ["C1.unknown-attribute"], id="properties-by-name-not-in-the-table-planted"),
    pytest.param(_exported("VARIABLES"), "climkit/flags.py", [], id="listed-in-all-trap"),
    pytest.param(_exported("VARIABLE"), "climkit/flags.py", ["C1.unknown-reference"], id="listed-in-all-planted"),
    pytest.param(_params_doc("_kwargs_upper"), "lenskit/groups.py", [], id="private-attribute-param-trap"),
    pytest.param(_params_doc("_kwargs_uper"), "lenskit/groups.py", ["C1.unknown-param"],
                 id="private-attribute-param-planted"),
    pytest.param(_notation("The density normalization rho_0 is in h^2/Mpc^3."), "lenskit/profile.py", [],
                 id="greek-subscript-trap"),
    pytest.param(_notation("Each name follows '${param}_scale_factor'."), "lenskit/profile.py", [],
                 id="name-template-trap"),
    pytest.param(_notation("The density normalization ``rho_0`` is in h^2/Mpc^3."), "lenskit/profile.py",
                 ["C1.unknown-name"], id="greek-subscript-planted"),
    pytest.param(_laconic("setattr(shortkit, key, getattr(models, key))"), "shortkit/util.py", [],
                 id="package-written-by-name-trap"),
    pytest.param(_laconic("print(shortkit, models, key)"), "shortkit/util.py",
                 ["C1.example-attribute", "C1.example-attribute"], id="package-written-by-name-planted"),
    pytest.param(_motor("Stop the motor"), "labkit/motor.py", [], id="shorter-sibling-summary-trap"),
    pytest.param(_motor("Stop the motor during movement."), "labkit/motor.py", ["C3.copied-from-sibling"],
                 id="shorter-sibling-summary-planted"),
    pytest.param(_dist("cdf values"), "probkit/dist.py", [], id="sibling-named-returns-item"),
    pytest.param(_dist("pdf values"), "probkit/dist.py", ["C3.copied-from-sibling"],
                 id="sibling-named-returns-item-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh12_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
