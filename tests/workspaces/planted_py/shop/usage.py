"""How the shop is used."""

from __future__ import annotations

from .cart import Cart


def first_cart(owner: str) -> Cart:
    """Make the first cart of ``owner``.

    >>> from shop.cart import Basket
    >>> cart = first_cart(ownr="ann")
    >>> cart.add_line("pear", 2.0)
    >>> cart.totl()
    2.4
    >>> frist_cart("bob").total()
    0
    """
    return Cart(owner)
