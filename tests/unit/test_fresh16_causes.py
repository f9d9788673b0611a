"""The causes of false findings the fresh16 audit found (the set is studied now, so spent), each
with invented code: a trap written anew that stays quiet and a planted case that is still found.
Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _optics(returns: str) -> dict[str, str]:
    return one_module("optics/wave.py", f'''
        """Wavefronts."""


        class Wavefront:
            """A wavefront."""

            def __init__(self, n):
                self.n = n

            def resample(self, scale):
                """Resample the wavefront to another pixel scale.

                Returns
                -------
                {returns}
                """
                self.n = int(self.n * scale)
        ''')


def _lines(sentence: str) -> dict[str, str]:
    return one_module("speech/text.py", f'''
        """Text helpers."""


        def join_lines(text) -> str:
            """{sentence}"""
            return "\\n".join(text)
        ''')


def _endpoints(sentence: str) -> dict[str, str]:
    return one_module("sensors/api.py", f'''
        """A client of a sensor web API."""


        class Client:
            """The client."""

            def get(self, path):
                """Get ``path``."""
                return path

            def property(self, property_id):
                """Get a property.

                {sentence}
                """
                return self.get(f"properties/{{property_id}}")
        ''')


def _settings(sentence: str) -> dict[str, str]:
    return one_module("linkage/config.py", f'''
        """Settings."""
        from contextlib import contextmanager

        _SETTINGS = {{}}


        @contextmanager
        def prefixed(prefix):
            """Use ``prefix`` for every key set inside the block."""
            yield prefix


        def set_option(key, value):
            """Set an option.

            {sentence}
            """
            _SETTINGS[key] = value
        ''')


def _ensembles(module_doc: str) -> dict[str, str]:
    return {
        "forecast/__init__.py": '"""A package."""\n',
        "forecast/classes.py": '''
            """Ensembles."""


            class Ensemble:
                """Forecasts of several members."""

                def scores(self):
                    """Verify every member."""
                    return [self.verify(m) for m in range(3)]


            class Hindcast(Ensemble):
                """Forecasts of the past."""

                def verify(self, member):
                    """Score ``member`` against observations."""
                    return member


            class PerfectModel(Ensemble):
                """Forecasts of a model against itself."""

                def verify(self, member):
                    """Score ``member`` against the control run."""
                    return -member
            ''',
        "forecast/metrics.py": f'''
            """{module_doc}"""
            from forecast.classes import Ensemble


            def verif(ensemble: Ensemble):
                """Check ``ensemble``."""
                return ensemble


            def rmse(ensemble: Ensemble):
                """The root mean square error of ``ensemble``."""
                return verif(ensemble)
            ''',
    }


CASES = [
    pytest.param(_optics("The wavefront object is modified to have the new pixel scale."), "optics/wave.py", [],
                 id="in-place-note-under-returns-trap"),
    pytest.param(_optics("Wavefront\n                    The resampled wavefront."), "optics/wave.py",
                 ["C2.return-type"], id="returned-value-never-returned-planted"),
    pytest.param(_lines("Returns the list of lines ``text`` as a single string separated by newlines."),
                 "speech/text.py", [], id="input-list-returned-as-string-trap"),
    pytest.param(_lines("Returns the lines of ``text`` as a list."), "speech/text.py", ["C2.return-type"],
                 id="claimed-list-planted"),
    pytest.param(_endpoints("Implements /properties/{propertyId} of the API."), "sensors/api.py", [],
                 id="url-template-placeholder-trap"),
    pytest.param(_settings("``prefixed`` is a context_manager (use it in a ``with`` block)."), "linkage/config.py", [],
                 id="words-joined-in-prose-trap"),
    pytest.param(_settings("Use ``prefixd`` for several keys."), "linkage/config.py", ["C1.unknown-name"],
                 id="misspelt-helper-planted"),
    pytest.param(_ensembles("Metrics for ``Ensemble.verify()``."), "forecast/metrics.py", [],
                 id="method-every-subclass-defines-trap"),
    pytest.param(_ensembles("Metrics for ``Ensemble.verfy()``."), "forecast/metrics.py", ["C1.unknown-name"],
                 id="method-nobody-defines-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh16_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
