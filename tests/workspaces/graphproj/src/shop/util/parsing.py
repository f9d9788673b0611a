"""Parsing helpers."""


def parse(path):
    """Split a file into lines."""
    with open(path) as fh:
        return fh.read().splitlines()
