"""C1 rules that read the example code of a doc (doctest `>>>` lines, literal blocks, code fences,
Javadoc `<pre>{@code}`): imports, attributes, called names and keyword arguments it names that the
project does not have. They judge example lines only, so they never compete with the sentence rules."""

from __future__ import annotations

from docfact.judges.rule import Example, Rule

EXAMPLE_IMPORT = Rule(
    "C1.example-import",
    "An example imports a project module or name that does not exist.",
    "An example's import of a project module that does not exist, or of a name the project module "
    "does not define, would fail for the reader who copies it. Standard-library and installed "
    "modules are checked only for near misses of names they define, since docfact reads them "
    "statically and may not see everything they provide.",
    Example('''\
class Cart:
    """A shopping cart."""


def first_cart() -> Cart:
    """Make the first cart.

    >>> from example import Basket
    """
    return Cart()
'''),
    Example('''\
class Cart:
    """A shopping cart."""


def first_cart() -> Cart:
    """Make the first cart.

    >>> from example import Cart
    """
    return Cart()
'''),
    judges="examples",
    supersedes=("C1.example-attribute",),
)

EXAMPLE_ATTRIBUTE = Rule(
    "C1.example-attribute",
    "An example uses an attribute a project module, class or instance does not have.",
    "The example reads or calls an attribute of a project module, of a project class, or of an "
    "instance the example made earlier (`cart = Cart()`), and that attribute is defined nowhere on "
    "it or its project bases. Running the example would raise `AttributeError`.",
    Example('''\
class Cart:
    """A shopping cart.

    >>> cart = Cart()
    >>> cart.totl()
    0
    """

    def total(self) -> int:
        return 0
'''),
    Example('''\
class Cart:
    """A shopping cart.

    >>> cart = Cart()
    >>> cart.total()
    0
    """

    def total(self) -> int:
        return 0
'''),
    judges="examples",
    supersedes=("C1.example-keyword",),
)

EXAMPLE_KEYWORD = Rule(
    "C1.example-keyword",
    "An example passes a keyword argument the project function does not accept.",
    "A call in the example passes `name=...` to a project function or class whose signature has "
    "no such parameter and takes no `**kwargs`: the call would raise `TypeError`.",
    Example('''\
def first_cart(owner: str) -> list:
    """Make the first cart of ``owner``.

    >>> first_cart(ownr="ann")
    []
    """
    return []
'''),
    Example('''\
def first_cart(owner: str) -> list:
    """Make the first cart of ``owner``.

    >>> first_cart(owner="ann")
    []
    """
    return []
'''),
    languages=("python",),
    judges="examples",
    supersedes=("C1.example-name",),
)

EXAMPLE_NAME = Rule(
    "C1.example-name",
    "An example calls a misspelled name that neither the example nor the module defines.",
    "A doctest runs in the documented module's namespace: a bare name the example calls must be "
    "bound by the example itself, by the module (its definitions and imports) or be a builtin. "
    "docfact reports a called name that is none of these only when the module's names can all be "
    "listed (no star import of an unreadable module, no module `__getattr__`, no writes to "
    "`globals()`), the name is defined nowhere in the project, and it is one slip away from a name "
    "the module or the example does bind: running the example would raise `NameError`.",
    Example('''\
def make_cart(owner: str) -> list:
    """Make a cart for ``owner``.

    >>> mkae_cart("ann")
    []
    """
    return []
'''),
    Example('''\
def make_cart(owner: str) -> list:
    """Make a cart for ``owner``.

    >>> make_cart("ann")
    []
    """
    return []
'''),
    languages=("python",),
    judges="examples",
)
