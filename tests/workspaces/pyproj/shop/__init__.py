"""A tiny inventory package: a JSON-backed ``Store`` of items and a few helpers."""

from .store import Store
from .util import slugify as make_slug

__all__ = ["Store", "make_slug"]
