from .cycle_a import thing  # noqa: F401
