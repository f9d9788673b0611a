"""Arrays of sales."""

import dataclasses

import numpy as np

Sale = dataclasses.make_dataclass("Sale", ["day", "total", "tax"])


def sales(totals):
    """For each day, yield a (day, total) pair."""
    for day, total in enumerate(totals):
        yield Sale(day, total, 0.0)


def daily(totals):
    """Daily totals.

    Parameters
    ----------
    totals : 1-D ndarray, shape (n,)
        The totals.

    Returns
    -------
    table : ndarray, shape (n, 2)
        One row per day.
    """
    out = np.zeros(totals.size)
    out[:] = totals
    return out
