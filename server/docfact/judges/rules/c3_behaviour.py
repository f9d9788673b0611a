"""C3 rules: claims of behaviour the code does not have (exceptions, asynchrony, recursion,
generators, defaults, calls) and docs copied from a sibling. Returning the instance is a rule
written as one unit: :mod:`docfact.judges.units.c3_not_self`."""

from __future__ import annotations

from docfact.judges.rule import Example, Rule

UNDECLARED_CHECKED_EXCEPTION = Rule(
    "C3.undeclared-checked-exception",
    "`@throws X` for a checked exception the method neither declares nor can throw.",
    "In Java a checked exception must be declared in the method's `throws` clause to escape it. A "
    "`@throws` tag naming a checked exception (one that derives from `Exception` but not from "
    "`RuntimeException`, read from the JDK or the project) that the `throws` clause does not cover "
    "documents an exception the compiler guarantees never leaves the method.",
    Example("""\
import java.io.IOException;
import java.io.Writer;

public final class Example {
    /**
     * Writes the entry.
     *
     * @param out where the entry goes
     * @throws InterruptedException if the writer is interrupted
     */
    public void flush(Writer out) throws IOException {
        out.write("entry");
    }
}
""", "java"),
    Example("""\
import java.io.IOException;
import java.io.Writer;

public final class Example {
    /**
     * Writes the entry.
     *
     * @param out where the entry goes
     * @throws IOException if the writer fails
     */
    public void flush(Writer out) throws IOException {
        out.write("entry");
    }
}
""", "java"),
    languages=("java",),
    supersedes=("C3.raises-not-raised",),
)

RAISES_NOT_RAISED = Rule(
    "C3.raises-not-raised",
    "A documented exception that neither the code nor its direct callees raise.",
    "A `Raises:` entry, `:raises X:`, `@throws X` or a sentence (\"raises `KeyError` if ...\") "
    "names an exception that no `raise` of the function and no function it calls directly can "
    "produce, taking subclasses into account. Where a callee cannot be followed (external code "
    "docfact cannot read, dynamic calls) the rule stays silent.",
    Example('''\
def remove(lines: list, name: str) -> list:
    """Remove a line by name.

    Raises:
        KeyError: if no line has that name.
    """
    if name not in lines:
        raise LookupError(name)
    return [n for n in lines if n != name]
'''),
    Example('''\
def remove(lines: list, name: str) -> list:
    """Remove a line by name.

    Raises:
        LookupError: if no line has that name.
    """
    if name not in lines:
        raise LookupError(name)
    return [n for n in lines if n != name]
'''),
    supersedes=("C3.not-async",),
)

NOT_ASYNC = Rule(
    "C3.not-async",
    "Claims of asynchronous behaviour on a plain function that schedules nothing.",
    "The doc says the function works asynchronously (or JSDoc marks it `@async`), but it is not "
    "`async`, returns no awaitable or Promise, and hands no work to a thread, an event loop, a "
    "callback or a scheduler.",
    Example('''\
class Cart:
    """A shopping cart."""

    def __init__(self, owner: str) -> None:
        self.owner = owner

    def checkout(self) -> str:
        """Charge the owner asynchronously."""
        return f"charged {self.owner}"
'''),
    Example('''\
class Cart:
    """A shopping cart."""

    def __init__(self, owner: str) -> None:
        self.owner = owner

    def checkout(self) -> str:
        """Charge the owner."""
        return f"charged {self.owner}"
'''),
    supersedes=("C3.not-recursive",),
)

NOT_RECURSIVE = Rule(
    "C3.not-recursive",
    "Claims of recursion when nothing calls the function again.",
    "The doc says the function works recursively, yet it does not call itself, directly or "
    "through a function it calls, and hands itself to nothing that could.",
    Example('''\
def flatten(groups: list) -> list:
    """Recursively flattens the groups of names."""
    out = []
    for g in groups:
        out.extend(g)
    return out
'''),
    Example('''\
def flatten(groups: list) -> list:
    """Flattens one level of the groups of names."""
    out = []
    for g in groups:
        out.extend(g)
    return out
'''),
    supersedes=("C3.not-generator",),
)

NOT_GENERATOR = Rule(
    "C3.not-generator",
    "Claims of yielding values when the function has no `yield`.",
    "\"Yields each ...\" or a `Yields:` section on a function that contains no `yield` and "
    "returns no iterator: the caller gets one value, not a stream of them.",
    Example('''\
def each_name(lines: list) -> list:
    """Yields each product name in order."""
    return [n for n, _ in lines]
'''),
    Example('''\
def each_name(lines: list) -> list:
    """Returns each product name in order."""
    return [n for n, _ in lines]
'''),
    languages=("python", "typescript", "javascript"),
    supersedes=("C3.wrong-default",),
)

WRONG_DEFAULT = Rule(
    "C3.wrong-default",
    "A documented default value that differs from the signature or the field default.",
    "The doc states a parameter's default (\"Defaults to 10\", `default=10`, JSDoc `[n=10]`) and "
    "the signature (or the dataclass field) gives another value. Defaults replaced in the body "
    "(`if x is None: x = ...`) are followed, so a documented effective default is not flagged.",
    Example('''\
def discount(total: float, percent: int = 5) -> float:
    """Apply a discount.

    Args:
        total (float): The amount.
        percent (int): The discount in percent. Defaults to 10.
    """
    return total * (1 - percent / 100)
'''),
    Example('''\
def discount(total: float, percent: int = 5) -> float:
    """Apply a discount.

    Args:
        total (float): The amount.
        percent (int): The discount in percent. Defaults to 5.
    """
    return total * (1 - percent / 100)
'''),
    languages=("python", "typescript", "javascript"),
    supersedes=("C3.required-documented-optional",),
)

REQUIRED_DOCUMENTED_OPTIONAL = Rule(
    "C3.required-documented-optional",
    "A parameter documented as optional that has no default, so every call must pass it.",
    "The doc marks a parameter `optional` (or gives it a default) while the signature gives it "
    "none and it takes no `*args`: leaving it out raises `TypeError`.",
    Example('''\
def fit_prices(totals: list, start: float, steps: int = 10) -> float:
    """Fit one price to past totals.

    Parameters
    ----------
    totals : list of float
        The past totals.
    start : float, optional
        The first guess.
    steps : int, default=10
        How many refinements to make.
    """
    guess = start
    for _ in range(steps):
        guess = (guess + sum(totals) / max(len(totals), 1)) / 2
    return guess
'''),
    Example('''\
def fit_prices(totals: list, start: float, steps: int = 10) -> float:
    """Fit one price to past totals.

    Parameters
    ----------
    totals : list of float
        The past totals.
    start : float
        The first guess.
    steps : int, default=10
        How many refinements to make.
    """
    guess = start
    for _ in range(steps):
        guess = (guess + sum(totals) / max(len(totals), 1)) / 2
    return guess
'''),
    languages=("python",),
    supersedes=("C3.calls-missing",),
)

CALLS_MISSING = Rule(
    "C3.calls-missing",
    "\"Calls/uses X\" where X exists in the project but the code never uses it.",
    "The doc says the code calls or uses a project function (\"Calls `tax_for()` to ...\"), and "
    "neither the code nor anything it calls directly names it. Functions passed around or "
    "reached dynamically (`getattr`, registries) keep the rule silent.",
    Example('''\
def tax_for(lines: list) -> float:
    return 0.2 * len(lines)


def audit(lines: list) -> int:
    """Calls `tax_for()` to audit the lines and returns their number."""
    return len(lines)
'''),
    Example('''\
def tax_for(lines: list) -> float:
    return 0.2 * len(lines)


def audit(lines: list) -> int:
    """Returns the number of lines to audit."""
    return len(lines)
'''),
    supersedes=("C3.not-self",),
)


COPIED_FROM_SIBLING = Rule(
    "C3.copied-from-sibling",
    "A summary copied from a sibling method that does something else (a getter documented as the setter).",
    "Two methods of one class share a summary word for word, the summary's verb is the other "
    "method's name (\"Set the tax\" on `get_tax` beside `set_tax`), and the code of the two "
    "differs as their names do. The doc was copied and not adapted.",
    Example('''\
class Receipts:
    """Receipts of one shop."""

    def __init__(self) -> None:
        self._tax = 0.0

    def set_tax(self, tax: float) -> None:
        """Set the tax of the receipts."""
        self._tax = tax

    def get_tax(self) -> float:
        """Set the tax of the receipts."""
        return self._tax
'''),
    Example('''\
class Receipts:
    """Receipts of one shop."""

    def __init__(self) -> None:
        self._tax = 0.0

    def set_tax(self, tax: float) -> None:
        """Set the tax of the receipts."""
        self._tax = tax

    def get_tax(self) -> float:
        """Get the tax of the receipts."""
        return self._tax
'''),
    languages=("python",),
)
