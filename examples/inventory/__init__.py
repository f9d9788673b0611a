"""A tiny inventory package that shows what docfact finds."""

from .store import Store

__all__ = ["Store"]
