"""The item store: items kept in memory and saved to a JSON file."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from . import util
from .util import data_path, slugify


@dataclass
class Item:
    """One stock item."""

    name: str
    count: int = 0
    tags: list[str] = field(default_factory=list)


class Store:
    """Items by slug, persisted as JSON under ``root``."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.items: dict[str, Item] = {}

    def add(self, name: str, count: int = 1) -> Item:
        """Add ``count`` units of ``name`` and return the updated item."""
        key = slugify(name)
        item = self.items.setdefault(key, Item(name))
        item.count += count
        return item

    def get(self, name: str) -> Item:
        """Return the item called ``name``.

        Raises:
            KeyError: if there is no such item.
        """
        return self.items[slugify(name)]

    def prune(self, minimum: int = 1) -> list[str]:
        """Remove items with fewer than ``minimum`` units and return their slugs."""
        gone = [key for key, item in self.items.items() if item.count < minimum]
        for key in gone:
            del self.items[key]
        return gone

    def save(self) -> str:
        """Write all items to the store's JSON file and return its path."""
        path = data_path(self.root)
        payload = {key: item.count for key, item in self.items.items()}
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(payload, indent=2))
        return path

    @classmethod
    def load(cls, root: str) -> Store:
        """Create a store from the JSON file under ``root``."""
        store = cls(root)
        for key, count in util.load_config(data_path(root)).items():
            store.items[key] = Item(key, count)
        return store
