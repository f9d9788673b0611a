"""Base classes."""


class BaseStore:
    """Common behaviour of stores."""

    def validate(self) -> bool:
        """Check the store is consistent."""
        return True

    def describe(self, verbose: bool = False) -> str:
        return "store"
