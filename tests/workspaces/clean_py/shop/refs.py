"""Receipts: cross-references and callees named in the docs."""

from __future__ import annotations

from shop.tax import tax_for


def build_forward_receipt_lines(lines: list) -> list:
    """Lines of a receipt printed in order."""
    return list(lines)


def build_reverse_receipt_lines(lines: list) -> list:
    """Lines of a receipt printed last line first."""
    return list(reversed(lines))


def receipt(lines: list, rate: float) -> str:
    """Format a receipt with its tax.

    See Also
    --------
    tax_for : the tax on the lines.
    """
    return f"{tax_for(lines, rate)}"


class ReverseReceipt:
    """A receipt printed backwards.

    Its lines are built by ``build_reverse_receipt_lines()``.
    """

    def lines(self, items: list) -> list:
        return build_reverse_receipt_lines(items)
