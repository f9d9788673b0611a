"""Stock keeping: names the code uses, written in forms the rules were not tuned on."""

from __future__ import annotations

from dataclasses import dataclass


def restock(count, policy="lazy"):
    """Order more items.

    Pass ``polcy='eager'`` to order at once.
    """
    return count, policy


class Shelf:
    """A shelf of items."""

    def clear(self):
        """Take every item off; see :meth:`.clear_every_row`."""
        return None


def weigh(item):
    """Weigh an item.

    :param item: what to weigh.
    :type item: str
    :type scale: float
    """
    return len(item)


@dataclass
class Slot:
    """A place on a shelf."""

    row: int = 0


@dataclass
class LabelledSlot(Slot):
    """A slot with a label.

    Parameters
    ----------
    row : int
        The row (a field of the base class).
    label : str
        The label.
    """

    label: str = ""


def stack(*crates, height=2):
    """Stack crates.

    Parameters
    ----------
    crate1, crate2, ... : Crate
        The crates.
    height : int
        How many per stack.
    """
    return crates, height


def slot_for(label: str):
    """The slot that holds a label.

    Returns
    -------
    LabeledSlot
        A new slot.
    """
    return LabelledSlot(label)
