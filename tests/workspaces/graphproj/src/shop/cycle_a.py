"""Half of an import cycle: neither module defines `thing`."""

from .cycle_b import thing  # noqa: F401


def use() -> None:
    thing()
