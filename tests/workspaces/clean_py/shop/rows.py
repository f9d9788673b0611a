"""Rows of a receipt."""

from __future__ import annotations


def receipt_rows(lines: list[tuple[str, float]]):
    """The rows of a receipt, one per line.

    Yields:
        dict: the name and price of one line.
    """
    for name, price in lines:
        yield {"name": name, "price": price}
