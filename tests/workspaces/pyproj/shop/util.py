"""Small helpers shared by the store and the command line."""

from __future__ import annotations

import json
import os.path

DEFAULT_NAME = "inventory.json"
"""File name used when a store is created without one."""


def slugify(title: str, sep: str = "-") -> str:
    """Return ``title`` in lower case with runs of spaces replaced by ``sep``."""
    return sep.join(title.lower().split())


def load_config(path: str) -> dict:
    """Read the JSON object stored in ``path``.

    Raises:
        FileNotFoundError: if ``path`` does not exist.
    """
    if not os.path.exists(path):
        raise FileNotFoundError(path)
    with open(path, encoding="utf-8") as fh:
        return json.loads(fh.read())


def data_path(root: str, name: str = DEFAULT_NAME) -> str:
    """Join ``root`` and ``name`` into the path of a data file."""
    return os.path.join(root, name)
