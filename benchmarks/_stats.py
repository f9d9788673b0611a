"""Small helpers shared by the benchmark reports."""

from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, interpolated linearly between neighbours."""
    values = sorted(values)
    k = (len(values) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def met(good: bool) -> str:
    """A report table's "met" cell."""
    return "yes" if good else "**no**"
