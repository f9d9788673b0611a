"""Utilities."""

from .parsing import parse
