"""A private helper's "optional" item is read as "the callers may pass None", unless the item also
names the value used when the argument is left out: then the signature must give it a default."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _fit(description: str) -> dict[str, str]:
    return one_module("optim/solvers.py", f'''
        """Solvers."""


        def _fit_newton(f, start_params, maxiter=100):
            """Minimize ``f`` by Newton steps.

            Parameters
            ----------
            f : callable
                The objective.
            start_params : array_like, optional
                {description}
            maxiter : int
                The most steps to take.
            """
            return f(start_params), maxiter
        ''')


@pytest.mark.parametrize(("description", "expected"), [
    pytest.param("Where the search starts. The default is an array of zeros.", ["C3.required-documented-optional"],
                 id="named-default-planted"),
    pytest.param("Where the search starts; defaults to zeros.", ["C3.required-documented-optional"],
                 id="defaults-to-planted"),
    pytest.param("Where the search starts.", [], id="optional-only-trap"),
])
def test_private_helper_defaults(tmp_path: Path, description: str, expected: list[str]) -> None:
    assert_rules(tmp_path, _fit(description), "optim/solvers.py", expected)
