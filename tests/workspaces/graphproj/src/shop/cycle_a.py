from .cycle_b import thing  # noqa: F401
