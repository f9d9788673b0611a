"""C3.not-self: a method documented to return the instance itself that returns something else."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files

CLASS = '''
class KernelPCA:
    """PCA with kernels."""

    def _fit(self, X):
        self.X = X
        return self
'''


@pytest.mark.parametrize(("method", "flagged"), [
    pytest.param('''
    def transform(self, X):
        """Transform.

        Returns
        -------
        X_new : ndarray of shape (n_samples, n_components)
            Returns the instance itself.
        """
        X_new = X * 2
        return X_new
''', True, id="instance-itself-but-returns-a-value"),
    pytest.param('''
    def fit(self, X):
        """Fit.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        if X is None:
            return None
        return X
''', True, id="self-item-but-returns-the-argument"),
    pytest.param('''
    def fit(self, X):
        """Fit.

        Returns
        -------
        self : object
            Returns the instance itself.
        """
        if X is None:
            return self
        self.X = X
        return self
''', False, id="trap-returns-self"),
    pytest.param('''
    def fit(self, X):
        """Fit.

        Returns
        -------
        self : object
            Returns the instance itself.
        """
        return self._fit(X)
''', False, id="trap-a-call-may-return-self"),
    pytest.param('''
    def transform(self, X):
        """Transform.

        Returns
        -------
        X_new : ndarray of shape (n_samples, n_components)
            Returns the instance itself.
        """
        K = self._kernel(X)
        alphas = self.alphas
        return np.dot(K, alphas)
''', True, id="instance-itself-but-returns-a-call-without-self"),
    pytest.param('''
    def fit(self, X):
        """Fit.

        Returns
        -------
        self : object
            Returns the instance itself.
        """
        return check_fitted(self, X)
''', False, id="trap-a-call-given-self-may-return-it"),
    pytest.param('''
    def transform(self, X):
        """Transform.

        Returns
        -------
        X_new : ndarray
            The transformed data, not the instance itself.
        """
        return X * 2
''', False, id="trap-other-words"),
])
def test_documented_self_that_is_not_returned(tmp_path: Path, method: str, flagged: bool) -> None:
    result = judge_files(tmp_path, {"mod.py": CLASS + method}, "mod.py")
    got = [f.message for f in result.findings if f.rule == "C3.not-self"]
    assert len(got) == (1 if flagged else 0), [f.message for f in result.findings]
    if flagged:
        assert "never `self`" in got[0]
