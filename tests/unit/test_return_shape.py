"""A returned array's documented number of dimensions against what the code builds (C2.return-shape).

Each planted function documents a 2-D (or 1-D) result and builds every returned array with
another number of dimensions by itself (``np.ones(n) * h``, ``x.ravel()``, ``np.zeros((n, k))``);
each trap is a true shape or one the code does not fix (an argument of unknown shape, a call of
another function, a width that comes only from the documented arguments).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files


def c2(tmp_path: Path, source: str) -> list:
    return [f for f in judge_files(tmp_path, {"mod.py": source}, "mod.py").findings if f.criterion == "C2"]


def _fn(returns: str, body: str, params: str = "h : 1-D ndarray, shape (K,)\n        The bandwidths.") -> str:
    return f'''
import numpy as np


def kernel(h, Xi, x, num_levels=None):
    """Kernel.

    Parameters
    ----------
    {params}
    Xi : 2-D ndarray of ints, shape (nobs, K)
        The training set.
    x : 1-D ndarray, shape (K,)
        The point.
    num_levels : int, optional
        The number of levels.

    Returns
    -------
    kernel_value : {returns}
        The value of the kernel.
    """
    {body}
'''


_AITCHISON = """Xi = Xi.reshape(Xi.size)
    if num_levels is None:
        num_levels = np.asarray(np.unique(Xi).size)
    kernel_value = np.ones(Xi.size) * h / (num_levels - 1)
    idx = Xi == x
    kernel_value[idx] = (idx * (1 - h))[idx]
    return kernel_value"""

PLANTED = [
    pytest.param(_fn("ndarray, shape (nobs, K)", _AITCHISON), "1-D", id="ones-of-a-count-times-a-1d-argument"),
    pytest.param(_fn("ndarray, shape (nobs, K)", "return Xi.ravel() * 2"), "1-D", id="ravel"),
    pytest.param(_fn("1-D ndarray", "out = np.zeros((len(x), 3))\n    out[:, 0] = x\n    return out"), "2-D",
                 id="zeros-of-a-literal-shape"),
    pytest.param(_fn("ndarray (p x k x k)", "return np.arange(len(x)).reshape(-1, 2)"), "2-D", id="reshape-sizes"),
]


@pytest.mark.parametrize(("source", "dims"), PLANTED)
def test_planted_shape_mismatch_is_flagged(tmp_path: Path, source: str, dims: str) -> None:
    [f] = c2(tmp_path, source)
    assert (f.rule, f.criterion, f.judge) == ("C2.return-shape", "C2", "static")
    assert f.segment.field is not None and f.segment.field.section == "returns"
    assert f"a {dims} array" in f.message
    assert f.evidence is not None and f.evidence.excerpt is not None and f.evidence.excerpt.startswith("return")


TRAPS = [
    pytest.param(_fn("ndarray, shape (K,)", _AITCHISON), id="documented-1d"),
    pytest.param(_fn("ndarray, shape (nobs, K)", "return (Xi - x) / h"), id="width-from-the-arguments"),
    pytest.param(_fn("ndarray, shape (nobs, K)", "return np.ones(Xi.shape) * h"), id="shape-of-an-argument"),
    pytest.param(_fn("ndarray, shape (nobs, K)", "return helper(Xi) * np.ones(3)"), id="unknown-call"),
    pytest.param(_fn("ndarray, shape (nobs, K)", "out = np.ones(3)\n    for i in range(2):\n        out = out[:, None]\n"
                     "    return out"), id="bound-again"),
    pytest.param(_fn("ndarray, shape (n,) or (n, k)", "return np.zeros((2, 2))"), id="alternative-shapes"),
    pytest.param(_fn("float", "return np.ones(3)"), id="not-an-array-type"),
    pytest.param(_fn("ndarray, shape (nobs, K)", "return np.zeros(num_levels.size)"), id="size-of-something-else"),
    pytest.param(_fn("ndarray, shape (nobs, K)", "return np.ones(Xi.size) * h",
                     params="h : ndarray, shape (nobs, K)\n        The bandwidths."), id="argument-documented-wider"),
]


@pytest.mark.parametrize("source", TRAPS)
def test_true_or_open_shape_is_quiet(tmp_path: Path, source: str) -> None:
    assert [f for f in c2(tmp_path, source) if f.rule == "C2.return-shape"] == []
