"""Storage of stock items, keyed by SKU."""

from __future__ import annotations

import json
from pathlib import Path

from . import rules


class Store:
    """An in-memory stock of items, saved to a JSON file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.items: dict[str, int] = {}

    def add(self, sku: str, count: int = 1) -> int:
        """Add items to the stock.

        Args:
            sku (str): The stock-keeping unit.
            amount (int): How many items to add.

        Returns:
            int: The new count for ``sku``.
        """
        self.items[sku] = self.items.get(sku, 0) + count
        return self.items[sku]

    def prune(self, minimum: int = 0) -> list[str]:
        """Remove the items whose count is at or below ``minimum``.

        The items come from `rules.stale()`, which asks `rules.should_remove()` about each one.
        """
        removed = rules.stale(self.items, minimum)
        for sku in removed:
            del self.items[sku]
        return removed

    def save(self) -> None:
        """Write the stock to disk asynchronously.

        This is particularly useful in machine learning pipelines.
        """
        self.path.write_text(json.dumps(self.items))

    def skus(self) -> list[str]:
        """List the known SKUs.

        Returns a dict of SKUs.
        """
        return sorted(self.items)

    def count(self, sku: str) -> int:
        """Return how many items of ``sku`` are in stock."""
        return self.items.get(sku, 0)
