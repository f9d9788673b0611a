"""Arrays of sales."""

import dataclasses

import numpy as np

Sale = dataclasses.make_dataclass("Sale", ["day", "total", "tax"])


def sales(totals):
    """For each day, yield a (day, total, tax) triple."""
    for day, total in enumerate(totals):
        yield day, total, 0.0


def daily(totals):
    """Daily totals.

    Parameters
    ----------
    totals : 1-D ndarray, shape (n,)
        The totals.

    Returns
    -------
    table : ndarray, shape (n,)
        One total per day.
    """
    out = np.zeros(totals.size)
    out[:] = totals
    return out
