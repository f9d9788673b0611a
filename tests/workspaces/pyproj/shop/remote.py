"""Fetching a price list over HTTP."""

from __future__ import annotations

import httpx

import shop.store as st
from shop import Store


async def fetch_prices(url: str, timeout: float = 5.0) -> dict[str, float]:
    """Download the price list at ``url`` and return it as a dictionary."""
    async with httpx.AsyncClient(timeout=timeout) as client:
        response = await client.get(url)
        response.raise_for_status()
        return response.json()


def restock(store: st.Store, names: list[str]) -> int:
    """Add one unit of every name to ``store`` and return how many names were added."""
    for name in names:
        store.add(name)
    return len(names)


def empty_store(root: str) -> Store:
    """Return a new store under ``root`` with no items."""
    return Store(root)
