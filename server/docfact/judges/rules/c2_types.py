"""C2 rules: documented types of parameters, return values and yields against annotations, the
values the code returns, and what the body does with its arguments."""

from __future__ import annotations

from docfact.judges.rule import Example, Rule

RETURN_ON_VOID = Rule(
    "C2.return-on-void",
    "A documented return value on a function that returns nothing.",
    "Javadoc `@return` on a `void` method or a constructor, JSDoc `@returns` with a value on a "
    "function declared to return nothing (or whose every path returns nothing), and a `Returns` "
    "section on a Python `__init__`, describe a value no caller ever gets.",
    Example("""\
import java.util.ArrayList;
import java.util.List;

public final class Example {
    private final List<String> entries = new ArrayList<>();

    /**
     * Forgets every entry.
     *
     * @return the number of entries forgotten
     */
    public void clear() {
        entries.clear();
    }
}
""", "java"),
    Example("""\
import java.util.ArrayList;
import java.util.List;

public final class Example {
    private final List<String> entries = new ArrayList<>();

    /**
     * Forgets every entry.
     */
    public void clear() {
        entries.clear();
    }
}
""", "java"),
    supersedes=("C2.param-type",),
)

PARAM_TYPE = Rule(
    "C2.param-type",
    "A documented parameter type that contradicts its annotation.",
    "The doc gives a parameter a type (`count (str)`, `:type count: str`, JSDoc `{string}`) that "
    "the annotation rules out. Types are compared by what their values can be: a union matches "
    "when each documented alternative is admitted, `None` is never held against an old-style "
    "optional default, and a project class counts as what its instances are (a `dict` subclass is "
    "a dict).",
    Example('''\
def names(lines: list, count: int) -> list:
    """Names of the first lines.

    Args:
        lines (list): The lines.
        count (str): How many names.
    """
    return lines[:count]
'''),
    Example('''\
def names(lines: list, count: int) -> list:
    """Names of the first lines.

    Args:
        lines (list): The lines.
        count (int): How many names.
    """
    return lines[:count]
'''),
    languages=("python", "typescript"),
    supersedes=("C2.return-type",),
)

RETURN_TYPE = Rule(
    "C2.return-type",
    "A documented return type that contradicts the return annotation or every returned value.",
    "The doc says what the function returns (\"Returns a list of ...\", a `Returns:` item, "
    "`:rtype:`, `@return`, `@returns {T}`) and the return annotation, or the kind of every value "
    "the code returns (literals, comparisons, constructors, returned locals, one call into a "
    "project function), says otherwise. When the code's kinds cannot be told, the rule is silent.",
    Example('''\
def is_empty(lines: list) -> bool:
    """Returns a list of the empty lines."""
    return not lines
'''),
    Example('''\
def is_empty(lines: list) -> bool:
    """Returns whether there are no lines."""
    return not lines
'''),
    supersedes=("C2.generator-return",),
)

GENERATOR_RETURN = Rule(
    "C2.generator-return",
    "A Returns type a generator function cannot return: calling it gives a generator.",
    "A function with `yield` in its body returns a generator when called, whatever it yields. A "
    "`Returns:` section that names another type (`dict`, `list`) describes one yielded item as if "
    "it were the result; it belongs under `Yields:`.",
    Example('''\
def receipt_rows(lines: list):
    """The rows of a receipt, one per line.

    Returns:
        dict: the name and price of one line.
    """
    for name, price in lines:
        yield {"name": name, "price": price}
'''),
    Example('''\
def receipt_rows(lines: list):
    """The rows of a receipt, one per line.

    Yields:
        dict: the name and price of one line.
    """
    for name, price in lines:
        yield {"name": name, "price": price}
'''),
    languages=("python",),
    supersedes=("C2.param-type-default",),
)

PARAM_TYPE_DEFAULT = Rule(
    "C2.param-type-default",
    "A documented parameter type that the parameter's own default contradicts.",
    "An unannotated parameter documented as `ndarray` (or another type) whose default is a value "
    "of another kind (`weight=1`) and which the body uses without converting it: the documented "
    "type leaves out what the function is called with by default.",
    Example('''\
def smooth(totals, weight=1):
    """Smoothed totals.

    Parameters
    ----------
    totals : ndarray
        The past totals.
    weight : ndarray, optional
        One weight per total.
    """
    return totals * weight
'''),
    Example('''\
def smooth(totals, weight=1):
    """Smoothed totals.

    Parameters
    ----------
    totals : ndarray
        The past totals.
    weight : float or ndarray, optional
        One weight per total.
    """
    return totals * weight
'''),
    languages=("python",),
    supersedes=("C2.scalar-return-of-array",),
)

SCALAR_RETURN_OF_ARRAY = Rule(
    "C2.scalar-return-of-array",
    "A Returns entry typed as one number when the code computes an array, or the reverse.",
    "The return is documented as a single number (`float`, `int`, `scalar`) while every `return` "
    "computes element by element on an argument documented as `ndarray`, so the result is an "
    "array; or it is documented as `ndarray` while every `return` reduces the whole array to one "
    "number (`np.sum(x)` without `axis`).",
    Example('''\
def spread(totals, weights):
    """Weighted squared deviations of the totals.

    Parameters
    ----------
    totals : ndarray
        The past totals.
    weights : ndarray
        One weight per total.

    Returns
    -------
    float
        The weighted squared deviations.
    """
    return weights * (totals - totals.mean()) ** 2
'''),
    Example('''\
def spread(totals, weights):
    """Weighted squared deviations of the totals.

    Parameters
    ----------
    totals : ndarray
        The past totals.
    weights : ndarray
        One weight per total.

    Returns
    -------
    ndarray
        The weighted squared deviations.
    """
    return weights * (totals - totals.mean()) ** 2
'''),
    languages=("python",),
    supersedes=("C2.param-type-use",),
)

PARAM_TYPE_USE = Rule(
    "C2.param-type-use",
    "A documented parameter type whose values the body cannot take as passed.",
    "A parameter documented as `array_like`, `sequence`, `list` or a number, which a statement "
    "that runs on every call uses as only a NumPy array can be used (`.shape`, `.ndim`, `x[:, 0]`) "
    "before anything converts it. A list passed as documented would fail there. Annotated "
    "parameters are left to `C2.param-type`.",
    Example('''\
def rows(totals):
    """How many rows the totals have.

    Parameters
    ----------
    totals : array_like
        The past totals.
    """
    return totals.shape[0]
'''),
    Example('''\
def rows(totals):
    """How many rows the totals have.

    Parameters
    ----------
    totals : ndarray
        The past totals.
    """
    return totals.shape[0]
'''),
    languages=("python",),
    supersedes=("C2.yield-type",),
)

YIELD_TYPE = Rule(
    "C2.yield-type",
    "A documented yield type that contradicts what the generator yields.",
    "The doc of a generator says what each item is (a `Yields:` entry, \"yield a (day, total) "
    "pair\") and every `yield` gives a value of another kind, or the annotation's item type "
    "disagrees.",
    Example('''\
class Sale:
    def __init__(self, day: int, total: float) -> None:
        self.day = day
        self.total = total


def sales(totals):
    """For each day, yield a (day, total) pair."""
    for day, total in enumerate(totals):
        yield Sale(day, total)
'''),
    Example('''\
class Sale:
    def __init__(self, day: int, total: float) -> None:
        self.day = day
        self.total = total


def sales(totals):
    """For each day, yield a `Sale`."""
    for day, total in enumerate(totals):
        yield Sale(day, total)
'''),
    languages=("python",),
    supersedes=("C2.return-shape",),
)

RETURN_SHAPE = Rule(
    "C2.return-shape",
    "A documented array shape the returned array cannot have.",
    "The doc gives the returned array a number of dimensions (`ndarray, shape (n, 2)`) and the "
    "code builds the array it returns with another number of dimensions, read from the "
    "constructor call (`np.zeros(n)`) or from a parameter documented with its shape.",
    Example('''\
import numpy as np


def daily(totals):
    """Daily totals.

    Parameters
    ----------
    totals : 1-D ndarray, shape (n,)
        The totals.

    Returns
    -------
    table : ndarray, shape (n, 2)
        One row per day.
    """
    out = np.zeros(totals.size)
    out[:] = totals
    return out
'''),
    Example('''\
import numpy as np


def daily(totals):
    """Daily totals.

    Parameters
    ----------
    totals : 1-D ndarray, shape (n,)
        The totals.

    Returns
    -------
    table : ndarray, shape (n,)
        One value per day.
    """
    out = np.zeros(totals.size)
    out[:] = totals
    return out
'''),
    languages=("python",),
    supersedes=("C2.unknown-type",),
)
