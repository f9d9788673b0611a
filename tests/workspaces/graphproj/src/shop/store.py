"""Storage of items."""

import os.path
import json as js
from collections import OrderedDict
from typing import Optional

import numpy_not_installed as npx

from . import util
from .util.text import slugify, Token as Tok
from ..outside import nothing  # noqa: F401
from .base import BaseStore

LIMIT = 3


def helper(name: str) -> str:
    """Normalize a name."""
    return slugify(name).lower()


class Store(BaseStore):
    """Keeps items in memory."""

    capacity: int = 10

    def __init__(self, path: str) -> None:
        self.path = path
        self.items: list[str] = []

    def save(self, item: str) -> None:
        """Add an item and persist it."""
        self.items.append(helper(item))
        self.flush()

    def flush(self) -> Optional[str]:
        """Write items to disk."""
        target = os.path.join(self.path, "items.json")
        with open(target, "w") as fh:
            fh.write(js.dumps(self.items))
        return target

    def prune(self, n: int = LIMIT) -> list[Tok]:
        """Drop old items."""
        try:
            data = util.parse(self.path)
        except ValueError as exc:
            raise KeyError(str(exc)) from exc
        cache = OrderedDict()
        npx.array(data)
        self.validate()
        return [Tok(x) for x in data[:n]] + list(cache)
