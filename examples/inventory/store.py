"""Storage of stock items, keyed by SKU."""

from __future__ import annotations

import json
from pathlib import Path

from .pricing import apply_discount


class Store:
    """An in-memory stock of items, saved to a JSON file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.items: dict[str, int] = {}

    def add(self, sku: str, count: int = 1) -> int:
        """Add items to the stock.

        Args:
            sku (str): The stock-keeping unit.
            amount (int): How many items to add. Defaults to 10.

        Returns:
            int: The new count for ``sku``.
        """
        self.items[sku] = self.items.get(sku, 0) + count
        return self.items[sku]

    def prune(self, minimum: int = 0) -> list[str]:
        """Remove the items whose count is at or below ``minimum``.

        Calls `shuold_remove()` for every item and returns a dict of removed SKUs.
        Raises ValueError if the store is empty.
        """
        removed = [sku for sku, n in self.items.items() if self.should_remove(n, minimum)]
        for sku in removed:
            del self.items[sku]
        return removed

    @staticmethod
    def should_remove(count: int, minimum: int) -> bool:
        """Whether a count is low enough to drop the item."""
        return count <= minimum

    def save(self) -> None:
        """Write the stock to disk asynchronously.

        This is particularly useful in machine learning pipelines.
        """
        self.path.write_text(json.dumps(self.items))

    def price(self, sku: str, unit_price: float) -> float:
        """Return the discounted price of all items of ``sku``, via `apply_discount`."""
        return apply_discount(unit_price * self.items.get(sku, 0))
