"""The shop package: re-exports the store and helpers."""

from .store import Store
from .util import parse as parse_line
from shop.util.text import *  # noqa: F403
