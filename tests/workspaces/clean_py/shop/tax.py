"""Tax rules."""

from __future__ import annotations


def tax_for(lines: list[tuple[str, float]], rate: float) -> float:
    """The tax due on ``lines`` at ``rate``.

    Raises:
        ValueError: if ``rate`` is negative.
    """
    if rate < 0:
        raise ValueError("negative rate")
    return sum(p for _, p in lines) * rate
