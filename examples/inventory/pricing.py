"""Price rules."""

from __future__ import annotations


def apply_discount(total: float, rate: float = 0.1) -> float:
    """Take ``rate`` off ``total``.

    Raises:
        ValueError: if ``rate`` is not between 0 and 1.
    """
    if not 0 <= rate <= 1:
        raise ValueError(f"bad discount rate {rate}")
    return total * (1 - rate)
