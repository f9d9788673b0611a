"""Shopping carts."""

from __future__ import annotations

from .tax import tax_for


class Cart:
    """A cart of priced lines.

    Attributes:
        lines (list): The priced lines.
        owner (str): Who owns the cart.
    """

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.lines: list[tuple[str, float]] = []

    def add_line(self, name: str, price: float) -> None:
        """Add one line.

        Args:
            name (str): The product name.
            price (float): The unit price.
        """
        self.lines.append((name, price))

    def total(self, rate: float = 0.2) -> float:
        """Sum the cart, then add tax through `tax_for()`."""
        return sum(p for _, p in self.lines) + tax_for(self.lines, rate)

    def names(self, count: int) -> list[str]:
        """Names of the first lines.

        Args:
            count (int): How many names.
        """
        return [n for n, _ in self.lines[:count]]

    def is_empty(self) -> bool:
        """Return True when the cart has no lines."""
        return not self.lines

    def remove(self, name: str) -> None:
        """Remove a line by name.

        Raises:
            LookupError: if no line has that name.
        """
        if name not in [n for n, _ in self.lines]:
            raise LookupError(name)
        self.lines = [(n, p) for n, p in self.lines if n != name]

    def checkout(self) -> str:
        """Charge the owner."""
        return f"charged {self.owner}"

    def flatten(self, groups: list[list[str]]) -> list[str]:
        """Flattens the groups of names into one list."""
        out: list[str] = []
        for g in groups:
            out.extend(g)
        return out

    def each_name(self) -> list[str]:
        """Return each product name in order."""
        return [n for n, _ in self.lines]

    def discount(self, percent: int = 5) -> float:
        """Apply a discount.

        Args:
            percent (int): The discount in percent. Defaults to 5.
        """
        return self.total() * (1 - percent / 100)

    def describe(self) -> str:
        """Describe the cart.

        The result names the owner.
        """
        return f"cart of {self.owner}"

    def count(self) -> int:
        """Count the lines.

        Each line counts once.
        """
        return len(self.lines)

    def audit(self) -> int:
        """Audit the cart and return the number of lines."""
        return len(self.lines)


def make_cart(owner: str) -> Cart:
    """The `make_cart` function creates an empty cart for ``owner``."""
    return Cart(owner)
