"""Text helpers."""

__all__ = ["slugify", "Token"]


def slugify(text: str) -> str:
    """Make a slug."""
    return "-".join(text.split())


class Token:
    """A word."""

    def __init__(self, text: str) -> None:
        self.text = text
