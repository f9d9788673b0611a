"""Rules that decide which stock items go."""

from __future__ import annotations


def should_remove(count: int, minimum: int = 0) -> bool:
    """Tell whether ``count`` is at or below ``minimum``."""
    return count <= minimum


def stale(items: dict[str, int], minimum: int = 0) -> list[str]:
    """Return the SKUs of ``items`` for which `should_remove()` holds."""
    return [sku for sku, n in items.items() if should_remove(n, minimum)]
