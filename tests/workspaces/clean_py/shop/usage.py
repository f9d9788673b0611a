"""How the shop is used."""

from __future__ import annotations

from .cart import Cart


def first_cart(owner: str) -> Cart:
    """Make the first cart of ``owner``.

    >>> from shop.cart import Cart
    >>> cart = first_cart(owner="ann")
    >>> cart.add_line("pear", 2.0)
    >>> cart.total()
    2.4
    >>> first_cart("bob").total()
    0
    """
    return Cart(owner)
