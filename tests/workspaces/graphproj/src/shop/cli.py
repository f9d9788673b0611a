"""Command line entry."""

import shop
import shop.util.text
from shop import Store as S, parse_line
from shop import slugify
from shop.store import helper as h


def main(argv: list[str]) -> int:
    """Run the shop."""
    store = S(argv[0])
    store.save(h(argv[1]))
    parse_line(argv[0])
    shop.util.text.slugify("x")
    shop.store.helper("y")
    slugify("z")
    return len(argv)


def run(store: S, count: int = 1) -> None:
    """Save one item through a typed parameter."""
    store.save(str(count))


class SafeStore(S):
    """A store that validates before saving."""

    def save(self, item: str) -> None:
        """Validate, then save."""
        self.validate()
        super().save(item)
