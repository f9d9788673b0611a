"""Causes of the false findings a blind reviewer found on the spent unseen test set (issue 28):
for each, a trap written anew (invented look-alike code) that must stay quiet, and where the cause
could hide a real error, a planted case that is still found. Each case is (files, target,
expected rule ids among C1-C3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules

CASES = [
    # ---- a property's "Raises" speaks for its setter too ----------------------------------------
    pytest.param({"ui/clock.py": '''
        def _check_period(value):
            if not isinstance(value, (int, float)):
                raise TypeError("period must be a number")
            if value <= 0:
                raise ValueError("period must be positive")
            return float(value)


        class Ticker:
            def __init__(self):
                self._period = 1.0

            @property
            def period(self):
                """Seconds between two ticks.

                Raises:
                    TypeError: if set to something that is not a number.
                    ValueError: if set to zero or less.
                """
                return self._period

            @period.setter
            def period(self, value):
                self._period = _check_period(value)
        '''}, "ui/clock.py", [], id="property-setter-raises-trap"),
    pytest.param({"ui/clock.py": '''
        class Ticker:
            def __init__(self):
                self._period = 1.0

            @property
            def period(self):
                """Seconds between two ticks.

                Raises:
                    KeyError: if set to zero or less.
                """
                return self._period

            @period.setter
            def period(self, value):
                if value <= 0:
                    raise ValueError("period must be positive")
                self._period = value
        '''}, "ui/clock.py", ["C3.raises-not-raised"], id="property-setter-raises-planted"),
    # ---- a method of an object docfact cannot type may be a library object's --------------------
    pytest.param({"tags/chunks.py": '''
        def skip_to_end(stream, size):
            """Move the stream's position to its end.

            Raises:
                OSError: if the stream cannot seek.
            """
            if size < 0:
                raise ValueError("negative size")
            stream.seek(size, 0)


        class Reader:
            def seek(self, offset, whence):
                return offset
        '''}, "tags/chunks.py", [], id="unknown-receiver-may-raise-oserror-trap"),
    pytest.param({"term/screen.py": '''
        from typing import Protocol


        class Writer(Protocol):
            def write(self, data: str) -> object:
                """Write ``data``."""


        class Screen:
            out: Writer

            def send(self, data):
                self.out.write(data)

            def setup(self):
                """Switch the terminal to graphics mode.

                :raises OSError: the terminal could not be written to.
                """
                self.send("G1")
        '''}, "term/screen.py", [], id="protocol-method-may-raise-oserror-trap"),
    # ---- a converter handed to map() raises ValueError ------------------------------------------
    pytest.param({"cli/ranges.py": '''
        class RangeError(Exception):
            pass


        def parse_ranges(texts):
            """Read "first-last" line ranges.

            Raises:
                ValueError: if a range is not two numbers.
            """
            out = []
            for text in texts:
                pair = list(map(int, text.split("-", 1)))
                if pair[0] > pair[1]:
                    raise RangeError(text)
                out.append(tuple(pair))
            return out
        '''}, "cli/ranges.py", [], id="converter-passed-to-map-trap"),
    pytest.param({"cli/margins.py": '''
        def check_margin(value):
            """Raise ValueError if ``value`` is not a whole number or None."""
            if not isinstance(value, int) and value is not None:
                raise TypeError("margin must be an integer")
        '''}, "cli/margins.py", ["C3.raises-not-raised"], id="isinstance-type-is-no-converter-planted"),
    # ---- recursion over a directory tree through a helper ---------------------------------------
    pytest.param({"lint/api.py": '''
        import os


        def _source_files(paths):
            for path in paths:
                for folder, _dirs, names in os.walk(path):
                    for name in names:
                        yield os.path.join(folder, name)


        def lint_tree(paths):
            """Recursively lint every Python file under ``paths``.

            Returns:
                int: The number of files.
            """
            count = 0
            for name in _source_files(paths):
                count += len(name) > 0
            return count
        '''}, "lint/api.py", [], id="recursively-through-walking-helper-trap"),
    pytest.param({"lint/api.py": '''
        def _source_files(paths):
            return [p for p in paths if p.endswith(".py")]


        def lint_tree(paths):
            """Recursively lint every Python file under ``paths``.

            Returns:
                int: The number of files.
            """
            count = 0
            for name in _source_files(paths):
                count += len(name) > 0
            return count
        '''}, "lint/api.py", ["C3.not-recursive"], id="recursively-without-any-recursion-planted"),
    pytest.param({"fs/remote.py": '''
        class RemoteFile:
            def __init__(self, shell, path):
                self.shell = shell
                self.path = path

            def remove(self):
                """Remove this file.

                Unlike :meth:`purge`, this refuses to recursively delete a folder.
                """
                self.shell.run_rm(self.path)

            def purge(self):
                """Remove this file or folder and everything in it."""
                self.shell.run_rm(self.path, "-r")
        '''}, "fs/remote.py", [], id="refuses-recursion-trap"),
    # ---- two names of one enum value are one member; a default combined before use --------------
    pytest.param({"sorting/flags.py": '''
        import enum


        class alg(enum.IntFlag):
            DEFAULT = 0
            NUMBER = NUM = 0
            CASE = 1
            LOCALE = 2


        def smart_sort(items, flags=alg.DEFAULT):
            """Sort items.

            Args:
                flags: The algorithm flags. Defaults to ``alg.NUMBER``.
            """
            return sorted(items)


        def locale_sort(items, flags=alg.DEFAULT):
            """Sort items by the current locale.

            Args:
                flags: The algorithm flags. Defaults to ``alg.LOCALE``.
            """
            return smart_sort(items, flags | alg.LOCALE)
        '''}, "sorting/flags.py", [], id="enum-alias-and-combined-default-trap"),
    pytest.param({"sorting/flags.py": '''
        import enum


        class alg(enum.IntFlag):
            DEFAULT = 0
            CASE = 1
            LOCALE = 2


        def smart_sort(items, flags=alg.DEFAULT):
            """Sort items.

            Args:
                flags: The algorithm flags. Defaults to ``alg.CASE``.
            """
            return sorted(items, key=str.lower if flags else None)
        '''}, "sorting/flags.py", ["C3.wrong-default"], id="enum-other-member-default-planted"),
    # ---- a class docstring describing the call a factory makes of it ----------------------------
    pytest.param({"design/curves.py": '''
        class Spline:
            """A spline basis, used in formulas as ``spline(x, knots=None, order=3)``.

            Parameters
            ----------
            knots : list, optional
                The inner knots.
            order : int
                The order of the pieces.
            """

            def __init__(self):
                self._seen = []

            def remember(self, x, knots=None, order=3):
                self._seen.append(x)

            def transform(self, x, knots=None, order=3):
                return [v * order for v in x]


        class Smooth:
            """A smooth of several variables, used as ``smooth(a, b, penalty=None)``.

            Parameters
            ----------
            penalty : float, optional
                The penalty.
            """

            def __init__(self):
                self._n = 0

            def remember(self, *args, **kwargs):
                self._n += 1
        '''}, "design/curves.py", [], id="class-doc-describes-factory-call-trap"),
    # ---- inherited dataclass fields from a base docfact cannot single out -----------------------
    pytest.param({
        "units/base.py": '''
        from dataclasses import dataclass
        from external_parser import Statement


        @dataclass(frozen=True)
        class Parsed(Statement):
            pass
        ''',
        "units/definitions.py": '''
        from dataclasses import dataclass


        @dataclass(frozen=True)
        class UnitDef:
            name: str
            reference: str
        ''',
        "units/text/plain.py": '''
        from dataclasses import dataclass

        from ... import definitions
        from ..base import Parsed


        @dataclass(frozen=True)
        class UnitDef(Parsed, definitions.UnitDef):
            """A unit read from text.

            Parameters
            ----------
            reference : str
                The reference units.
            """
        '''}, "units/text/plain.py", [], id="dataclass-base-through-module-trap"),
    # ---- names that do not exist on purpose -----------------------------------------------------
    pytest.param({"pkg/writers.py": '''
        class _ZipPackageWriter:
            pass


        class _Writer:
            @classmethod
            def factory(cls, target):
                """Return the writer for ``target``.

                Today the only writer is `_ZipPackageWriter`, but a `_DirPackageWriter` could be implemented.
                """
                return _ZipPackageWriter()
        '''}, "pkg/writers.py", [], id="hypothetical-name-trap"),
    pytest.param({"pkg/visit.py": '''
        class NodeVisitor:
            def parse(self, text):
                """Parse and visit ``text``.

                ``SomeVisitor().parse(text)`` is short for ``SomeVisitor().visit(grammar(text))``.
                """
                return self.visit(text)

            def visit(self, node):
                return node
        '''}, "pkg/visit.py", [], id="placeholder-class-trap"),
    pytest.param({"pkg/xml.py": '''
        class Child:
            def _add_r(self):
                return 1

            def _add_adder(self):
                """Add an ``_add_x()`` method to the element class for this child."""
                return self._add_r
        '''}, "pkg/xml.py", [], id="one-letter-placeholder-trap"),
    pytest.param({"pkg/paths.py": '''
        class Builder:
            def add_points(self, points, close=True):
                """Add points; ``close`` says whether the shape ends up `closed` or left `open`."""
                return close
        '''}, "pkg/paths.py", [], id="english-form-of-a-name-trap"),
    pytest.param({"pkg/paths.py": '''
        class Builder:
            def add_points(self, points, close=True):
                """Add points, then call `finsh_shape` on the result."""
                return self.finish_shape(points)

            def finish_shape(self, points):
                return points
        '''}, "pkg/paths.py", ["C1.unknown-name"], id="typo-still-found-planted"),
    # ---- a stand-in type the package's manual defines, used across its modules ------------------
    pytest.param({
        "tagpkg/__init__.py": '',
        "tagpkg/a.py": '''
        def title(tags):
            """The title.

            Returns:
                tagpkg.text: the title, or None.
            """
            return tags.get("title")
        ''',
        "tagpkg/b.py": '''
        def artist(tags):
            """The artist.

            Returns:
                tagpkg.text: the artist.
            """
            return tags.get("artist")
        ''',
        "tagpkg/c.py": '''
        def album(tags):
            """The album, a `tagpkg.text`."""
            return tags.get("album")
        '''}, "tagpkg/c.py", [], id="doc-only-stand-in-type-trap"),
    pytest.param({
        "tagpkg/__init__.py": '',
        "tagpkg/a.py": '''
        class Tags:
            pass
        ''',
        "tagpkg/c.py": '''
        def album(tags):
            """The album of a `tagpkg.Tagz`."""
            return tags.get("album")
        '''}, "tagpkg/c.py", ["C1.unknown-name"], id="one-off-missing-name-planted"),
    # ---- attributes set on instances outside the class ------------------------------------------
    pytest.param({"fit/result.py": '''
        import copy


        class FitResult:
            """The result of a fit."""

            def __init__(self, **kws):
                for key, val in kws.items():
                    self.__dict__[key] = val


        class Fitter:
            def __init__(self, params):
                self.params = params

            def run(self):
                """Run the fit; the best values end up in `FitResult.params`."""
                result = FitResult()
                result.params = copy.deepcopy(self.params)
                return result
        '''}, "fit/result.py", [], id="attribute-set-on-instance-elsewhere-trap"),
    # ---- the fixes above stay narrow: real errors of the development corpus, written anew -------
    pytest.param({"ui/actions.py": '''
        class Accept:
            """What happens on Enter.

            :param handler: called with the buffer.
            :param render_done: whether to render the screen once more.
            """

            def __init__(self, handler):
                self.handler = handler

            def run(self, buffer, render_done=False):
                return self.handler(buffer)
        '''}, "ui/actions.py", ["C1.unknown-param"], id="constructor-with-arguments-documents-another-methods-planted"),
    pytest.param({"model/split.py": '''
        def _checked(folds):
            return int(folds)


        def make_folds(data, folds=5):
            """Split the data.

            Args:
                folds: How many folds. Defaults to None.
            """
            folds = _checked(folds)
            return [data[i::folds] for i in range(folds)]
        '''}, "model/split.py", ["C3.wrong-default"], id="rebinding-is-no-combined-default-planted"),
    pytest.param({
        "stat/__init__.py": '',
        "stat/api.py": '''
        def rlm(data):
            return data
        ''',
        "stat/a.py": '''
        def psi(z):
            """The derivative. See `stat.rlm` for more."""
            return z
        ''',
        "stat/b.py": '''
        def rho(z):
            """The loss. See `stat.rlm` for more."""
            return z
        ''',
        "stat/c.py": '''
        def weights(z):
            """The weights. See `stat.rlm` for more."""
            return z
        '''}, "stat/c.py", ["C1.unknown-name"], id="stale-path-repeated-across-files-planted"),
    pytest.param({"kf/results.py": '''
        class FilterResults:
            """Results of a filter.

            Attributes
            ----------
            forecast_error_cov : list
                The covariances.
            """

            _options = ["filter_method", "stability_method"]

            def __init__(self, model):
                for name in self._options:
                    setattr(self, name, getattr(model, name, None))
                self.forecasts_error_cov = None
        '''}, "kf/results.py", ["C1.unknown-attribute"], id="plural-slip-in-a-class-set-from-a-list-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_blind_audit_trap(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
