"""C1 rules about what a doc points at: cross-references, callees, counterpart classes and the
entries of prose lists."""

from __future__ import annotations

from docfact.judges.rule import Example, Rule

SELF_REFERENCE = Rule(
    "C1.self-reference",
    "A `See Also` or `@see` entry that points at the documented entity itself.",
    "A `See Also` list (or a Javadoc `@see`) exists to send the reader elsewhere; an entry naming "
    "the class or function it sits in is a copy-paste slip from a sibling's docstring. The rule "
    "stays quiet when another project entity has the same name, or when the list is a family list "
    "whose entries share the entity's owner or words.",
    Example('''\
class TreeClassifier:
    """A tree that predicts classes."""


class ForestClassifier:
    """A forest of classification trees.

    See Also
    --------
    ForestClassifier : A forest of classification trees.
    TreeClassifier : One tree.
    """
'''),
    Example('''\
class TreeClassifier:
    """A tree that predicts classes."""


class ForestClassifier:
    """A forest of classification trees.

    See Also
    --------
    TreeClassifier : One tree.
    """
'''),
    languages=("python", "java"),
    supersedes=("C1.unknown-reference",),
)

UNKNOWN_REFERENCE = Rule(
    "C1.unknown-reference",
    "A cross-reference (`See Also`, `:func:`, `{@link}`, `@see`) whose target does not exist.",
    "Cross-references are resolved as the documentation tools resolve them (Sphinx roles, NumPy "
    "`See Also`, epytext `L{}`, Javadoc `@see` and `{@link}`, JSDoc `{@link}`): a leading dot or "
    "`#` searches the class and module first, then any project name ending with the target. A "
    "target that resolves to nothing, or a member that its class or module does not have, is a "
    "broken link; a near miss of a real name is offered as the fix.",
    Example('''\
def tax_for(lines: list, rate: float) -> float:
    return sum(lines) * rate


def receipt(lines: list, rate: float) -> str:
    """Format a receipt with its tax.

    See Also
    --------
    tax_fro : the tax on the lines.
    """
    return f"{tax_for(lines, rate)}"
'''),
    Example('''\
def tax_for(lines: list, rate: float) -> float:
    return sum(lines) * rate


def receipt(lines: list, rate: float) -> str:
    """Format a receipt with its tax.

    See Also
    --------
    tax_for : the tax on the lines.
    """
    return f"{tax_for(lines, rate)}"
'''),
    supersedes=("C1.wrong-callee",),
)

WRONG_CALLEE = Rule(
    "C1.wrong-callee",
    "The doc names a project function the code hands its work to, but the code calls a sibling.",
    "The doc says the work is done by project function `X` (\"built by `X()`\"), yet neither the "
    "code nor what it calls uses `X`; it calls `Y`, a function of the same shape whose name "
    "differs in a word. The doc names the sibling of the function really called.",
    Example('''\
def build_forward_lines(lines: list) -> list:
    """Lines in order."""
    return list(lines)


def build_reverse_lines(lines: list) -> list:
    """Lines last first."""
    return list(reversed(lines))


class ReverseReceipt:
    """A receipt printed backwards.

    Its lines are built by ``build_forward_lines()``.
    """

    def lines(self, items: list) -> list:
        return build_reverse_lines(items)
'''),
    Example('''\
def build_forward_lines(lines: list) -> list:
    """Lines in order."""
    return list(lines)


def build_reverse_lines(lines: list) -> list:
    """Lines last first."""
    return list(reversed(lines))


class ReverseReceipt:
    """A receipt printed backwards.

    Its lines are built by ``build_reverse_lines()``.
    """

    def lines(self, items: list) -> list:
        return build_reverse_lines(items)
'''),
    languages=("python",),
    supersedes=("C1.unknown-param",),
)

WRONG_COUNTERPART = Rule(
    "C1.wrong-counterpart",
    "The doc says the code uses project class `X`, but the code uses its counterpart.",
    "\"The underlying :class:`TreeRegressor`\", \"wraps `X`\", \"delegates to `X`\": the doc names "
    "a project class the code, its bases and its callees never name, while the code uses exactly "
    "one class that differs from it in one CamelCase word (`TreeClassifier`). Sentences that "
    "compare or contrast the two classes are left alone.",
    Example('''\
class TreeClassifier:
    """A tree that predicts classes."""

    def fit(self, rows):
        return rows


class TreeRegressor:
    """A tree that predicts numbers."""

    def fit(self, rows):
        return rows


class ForestClassifier:
    """A forest of classification trees.

    Each tree is an underlying :class:`TreeRegressor` fitted on a sample.
    """

    def fit(self, samples):
        self.trees = [TreeClassifier().fit(s) for s in samples]
        return self
'''),
    Example('''\
class TreeClassifier:
    """A tree that predicts classes."""

    def fit(self, rows):
        return rows


class TreeRegressor:
    """A tree that predicts numbers."""

    def fit(self, rows):
        return rows


class ForestClassifier:
    """A forest of classification trees.

    Each tree is an underlying :class:`TreeClassifier` fitted on a sample.
    """

    def fit(self, samples):
        self.trees = [TreeClassifier().fit(s) for s in samples]
        return self
'''),
    languages=("python",),
    supersedes=("C1.condition-on-unknown",),
)

DUPLICATE_ENTRY = Rule(
    "C1.duplicate-entry",
    "A prose definition list that names one entry twice with two different descriptions.",
    "In a list of names with their descriptions (each name on its own line, the description "
    "indented below), one name appears twice and is described differently each time: one of the "
    "two was meant to be another entry, typically a constant of the same family that the list "
    "leaves out, which the message suggests.",
    Example('''\
MEMORY_CONSERVE = 0x01
MEMORY_NO_FORECAST = 0x02
MEMORY_NO_SMOOTHING = 0x20
MEMORY_NO_STD_FORECAST = 0x40


def memory_options():
    """The memory options.

    MEMORY_CONSERVE
        Keep as little as possible.
    MEMORY_NO_FORECAST
        Do not keep forecasts.
    MEMORY_NO_SMOOTHING
        Do not keep smoothed values.
    MEMORY_NO_SMOOTHING
        Do not keep standardized forecast errors.
    """
    return (MEMORY_CONSERVE, MEMORY_NO_FORECAST, MEMORY_NO_SMOOTHING, MEMORY_NO_STD_FORECAST)
'''),
    Example('''\
MEMORY_CONSERVE = 0x01
MEMORY_NO_FORECAST = 0x02
MEMORY_NO_SMOOTHING = 0x20
MEMORY_NO_STD_FORECAST = 0x40


def memory_options():
    """The memory options.

    MEMORY_CONSERVE
        Keep as little as possible.
    MEMORY_NO_FORECAST
        Do not keep forecasts.
    MEMORY_NO_SMOOTHING
        Do not keep smoothed values.
    MEMORY_NO_STD_FORECAST
        Do not keep standardized forecast errors.
    """
    return (MEMORY_CONSERVE, MEMORY_NO_FORECAST, MEMORY_NO_SMOOTHING, MEMORY_NO_STD_FORECAST)
'''),
)
