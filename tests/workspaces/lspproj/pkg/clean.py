"""Helpers without any documentation problem."""

from __future__ import annotations


def double(value: int) -> int:
    """Return ``value`` times two."""
    return value * 2
