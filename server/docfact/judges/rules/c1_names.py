"""C1 rules about names a sentence uses: parameters, type parameters, attributes, keys, the
documented entity's own name, and code names in prose."""

from __future__ import annotations

from docfact.judges.rule import Example, Rule

UNKNOWN_TYPE_PARAM = Rule(
    "C1.unknown-type-param",
    "`@param <T>` for a type parameter the method or class does not declare.",
    "Javadoc documents a generic method's or class's type parameters with `@param <T>`. When the "
    "method (or, for a class comment, the class) declares no type parameter of that name, the tag "
    "describes something that is not there, usually a parameter renamed in the code and not in "
    "the comment. The compiler's own declaration is the evidence, so the rule needs no guessing.",
    Example("""\
import java.util.List;

public final class Example {
    /**
     * Books each item.
     *
     * @param <T> the type of the items
     * @param items the items to book
     */
    public <E> void bookAll(List<E> items) {
        items.clear();
    }
}
""", "java"),
    Example("""\
import java.util.List;

public final class Example {
    /**
     * Books each item.
     *
     * @param <E> the type of the items
     * @param items the items to book
     */
    public <E> void bookAll(List<E> items) {
        items.clear();
    }
}
""", "java"),
    languages=("java",),
    supersedes=("C1.self-reference",),
)

UNKNOWN_PARAM = Rule(
    "C1.unknown-param",
    "A documented parameter that the signature does not have.",
    "A parameter entry (a Google or NumPy item, Sphinx `:param x:`, epytext `@param`, Javadoc or "
    "JSDoc `@param`) names a parameter the function does not take. This is the most common trace "
    "of a rename: the code changed and the doc kept the old name. When the function takes "
    "`**kwargs` (or a rest parameter), only a near miss of a real parameter is reported, since the "
    "entry may describe a keyword passed through. The message suggests the parameter the doc "
    "leaves out when there is one.",
    Example('''\
def load(filename):
    """Read a file.

    Args:
        path: Where the file is.
    """
    return open(filename).read()
'''),
    Example('''\
def load(filename):
    """Read a file.

    Args:
        filename: Where the file is.
    """
    return open(filename).read()
'''),
    supersedes=("C1.unknown-attribute",),
)

UNKNOWN_ATTRIBUTE = Rule(
    "C1.unknown-attribute",
    "A documented class attribute that the class does not define.",
    "An `Attributes:` entry of a class docstring, or a sentence that names an attribute of the "
    "class, names something neither the class nor its project base classes define, set or read. "
    "The rule reads members, fields and `self.x = ...` assignments; where an attribute is probably "
    "provided from outside (set on instances elsewhere, dynamic attribute access, an open class) "
    "it stays silent unless the name is a slip of one the class really has.",
    Example('''\
class Cart:
    """A shopping cart.

    Attributes:
        total_due (float): What the owner pays.
    """

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.total = 0.0
'''),
    Example('''\
class Cart:
    """A shopping cart.

    Attributes:
        total (float): What the owner pays.
    """

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.total = 0.0
'''),
    languages=("python",),
    supersedes=("C1.wrong-subject",),
)

WRONG_SUBJECT = Rule(
    "C1.wrong-subject",
    "The docstring names the documented function or class by another name.",
    "The summary says what \"the `build_cart` function\" does, but the function it documents is "
    "`make_cart` and nothing in the project is called `build_cart`; or a sentence names the "
    "documented function by its own words in another order. Either way the reader is pointed at "
    "an entity that does not exist, usually the name before a rename.",
    Example('''\
def make_cart(owner: str) -> dict:
    """The `build_cart` function makes an empty cart for the owner."""
    return {"owner": owner, "lines": []}
'''),
    Example('''\
def make_cart(owner: str) -> dict:
    """The `make_cart` function makes an empty cart for the owner."""
    return {"owner": owner, "lines": []}
'''),
    supersedes=("C1.unknown-name",),
)

UNKNOWN_NAME = Rule(
    "C1.unknown-name",
    "A code name in a sentence that exists nowhere in the code, its 1-hop context or the project.",
    "A name written as code (``x``, `f()`, a snake_case or CamelCase identifier) that is not in "
    "scope, not in the code's direct dependencies, not defined anywhere in the project, not a "
    "builtin or standard-library name and not in an imported package. Such a name points the "
    "reader at nothing; when a name in scope is one slip away, the message offers it. Names in "
    "files whose world is open (star imports of unreadable modules, module `__getattr__`) are "
    "left alone.",
    Example('''\
def should_remove(item: str) -> bool:
    return item.startswith("-")


def prune(items: list) -> list:
    """Drop the items marked for removal.

    Calls `shold_remove()` on each item first.
    """
    return [i for i in items if not should_remove(i)]
'''),
    Example('''\
def should_remove(item: str) -> bool:
    return item.startswith("-")


def prune(items: list) -> list:
    """Drop the items marked for removal.

    Calls `should_remove()` on each item first.
    """
    return [i for i in items if not should_remove(i)]
'''),
    supersedes=("C1.unknown-key",),
)

UNKNOWN_KEY = Rule(
    "C1.unknown-key",
    "A documented key of `**kwargs` or an options mapping that the function never reads.",
    "The doc lists a keyword (or a key of an options dict) by a name the body never reads, while "
    "the body reads one key the doc leaves out that is close to it: the doc spells the key the "
    "code does not use. Parameters handed on whole to another function are not judged, since the "
    "callee may read any key.",
    Example('''\
def ship(weight, **options):
    """Ship a parcel.

    - ``max_day`` (int): the latest delivery, in days.
    - ``insured`` (bool): whether the parcel is insured.
    """
    days = options.get("max_days", 5)
    return weight * days if options.get("insured") else weight
'''),
    Example('''\
def ship(weight, **options):
    """Ship a parcel.

    - ``max_days`` (int): the latest delivery, in days.
    - ``insured`` (bool): whether the parcel is insured.
    """
    days = options.get("max_days", 5)
    return weight * days if options.get("insured") else weight
'''),
    languages=("python",),
    supersedes=("C1.wrong-counterpart",),
)

CONDITION_ON_UNKNOWN = Rule(
    "C1.condition-on-unknown",
    "\"If `x` is None/given\" about an `x` the function does not take.",
    "A sentence conditions the behaviour on a name (\"If `ax` is None, ...\", \"When `callback` "
    "is given, ...\") that is no parameter of a function with a fixed signature, that the body "
    "never tests, and that is no attribute, module, function or class the code can reach. The "
    "condition describes an argument that was removed or renamed.",
    Example('''\
def draw(values, fig=None):
    """Draw the values.

    If `ax` is None, a new figure is made.
    """
    if fig is None:
        fig = object()
    return fig, list(values)
'''),
    Example('''\
def draw(values, fig=None):
    """Draw the values.

    If `fig` is None, a new figure is made.
    """
    if fig is None:
        fig = object()
    return fig, list(values)
'''),
    languages=("python",),
    supersedes=("C1.duplicate-entry",),
)
