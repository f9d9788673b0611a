"""C3.copied-from-sibling: text copied from a sibling's docstring that describes the sibling."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files

MODEL = '''
class Model:
    """A model."""

    def hessian(self, params):
        """
        Hessian of the log-likelihood.

        Parameters
        ----------
        params : ndarray
            The parameters to use when evaluating the Hessian.
        """
        return params

    def set_weight(self, weight):
        """Set the font weight.

        Parameters
        ----------
        weight : int
            The weight.
        """
        self._weight = weight

    def pdf(self, x):
        """Density.

        Returns
        -------
        pdf values
        """
        return x

    def set_aspect(self, aspect):
        """Set how the Axes adjusts to achieve the required aspect ratio."""
        self._aspect = aspect

    def predict(self, X):
        """Predict.

        Parameters
        ----------
        X : iterable
            Data to predict on.
        """
        return X
'''


@pytest.mark.parametrize(("method", "sibling"), [
    pytest.param('''
    def score(self, params):
        """
        Score vector of the model.

        Parameters
        ----------
        params : ndarray
            The parameters to use when evaluating the Hessian.
        """
        return params
''', "hessian", id="parameter-evaluates-the-siblings-quantity"),
    pytest.param('''
    def get_weight(self):
        """Set the font weight."""
        return self._weight
''', "set_weight", id="getter-with-the-setters-summary"),
    pytest.param('''
    def cdf(self, x):
        """Distribution function.

        Returns
        -------
        pdf values
        """
        return x
''', "pdf", id="returns-item-of-a-parallel-method"),
])
def test_a_copied_sentence_is_reported(tmp_path: Path, method: str, sibling: str) -> None:
    result = judge_files(tmp_path, {"mod.py": MODEL + method}, "mod.py")
    got = [f for f in result.findings if f.rule == "C3.copied-from-sibling"]
    assert len(got) == 1, [f.message for f in result.findings]
    assert f"docstring of `{sibling}`" in got[0].message
    assert got[0].evidence is not None and got[0].evidence.excerpt is not None and sibling in got[0].evidence.excerpt


@pytest.mark.parametrize("method", [
    pytest.param('''
    def set_adjustable(self, adjustable):
        """Set how the Axes adjusts to achieve the required aspect ratio.

        The aspect ratio stays as set by set_aspect.
        """
        self._adjustable = adjustable
''', id="trap-the-doc-speaks-of-the-word-elsewhere"),
    pytest.param('''
    def decision_function(self, X):
        """Decision function.

        Parameters
        ----------
        X : iterable
            Data to predict on.
        """
        return X
''', id="trap-a-parameter-item-that-does-not-say-the-work-is-done"),
    pytest.param('''
    def get_weight(self):
        """Set the font weight."""
        return self.set_weight(None)
''', id="trap-it-calls-the-sibling"),
    pytest.param('''
    def pdf2(self, x):
        """Density, again.

        Returns
        -------
        pdf values
        """
        return x
''', id="trap-a-variant-of-the-siblings-name"),
    pytest.param('''
    def score(self, params):
        """
        Score vector of the model.

        Parameters
        ----------
        params : ndarray
            The parameters at which the score is evaluated.
        """
        return params
''', id="trap-own-words"),
])
def test_shared_text_that_fits_the_function_is_quiet(tmp_path: Path, method: str) -> None:
    result = judge_files(tmp_path, {"mod.py": MODEL + method}, "mod.py")
    assert [f.message for f in result.findings if f.rule == "C3.copied-from-sibling"] == []
