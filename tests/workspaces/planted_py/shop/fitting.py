"""Fitting a price model to past receipts."""

from __future__ import annotations


def fit_prices(totals: list[float], start: float, steps: int = 10) -> float:
    """Fit one price to past totals.

    Parameters
    ----------
    totals : list of float
        The past totals.
    start : float, optional
        The first guess.
    steps : int, default=10
        How many refinements to make.
    """
    guess = start
    for _ in range(steps):
        guess = (guess + sum(totals) / max(len(totals), 1)) / 2
    return guess


class PriceModel:
    """A price learnt from receipts."""

    def __init__(self) -> None:
        self.price = 0.0

    def fit(self, totals: list[float]) -> PriceModel:
        """Learn the price.

        Returns
        -------
        self : PriceModel
            The fitted model.
        """
        self.price = fit_prices(totals, 0.0)
        return self

    def predict(self, n: int) -> float:
        """Price of ``n`` items.

        Returns
        -------
        total : float
            Returns the instance itself.
        """
        total = self.price * n
        return total


def spread(totals, weights):
    """Weighted squared deviations of the totals.

    Parameters
    ----------
    totals : array_like
        The past totals.
    weights : ndarray
        One weight per total.

    Returns
    -------
    float
        The weighted squared deviations.
    """
    rows = totals.shape[0]
    return weights * (totals - totals.mean()) ** 2 / rows


def smooth(totals, weight=1):
    """Smoothed totals.

    Parameters
    ----------
    totals : ndarray
        The past totals.
    weight : ndarray, optional
        One weight per total.
    """
    return totals * weight


class Receipts:
    """Receipts of one shop."""

    def __init__(self) -> None:
        self._tax = 0.0

    def set_tax(self, tax: float) -> None:
        """Set the tax of the receipts."""
        self._tax = tax

    def get_tax(self) -> float:
        """Set the tax of the receipts."""
        return self._tax
