"""C4 rules: sentences that cannot be checked against the code because they are not about it."""

from __future__ import annotations

from docfact.judges.rule import Example, Rule

SPECULATIVE = Rule(
    "C4.speculative",
    "Speculation about where the code is useful, with no link to the code.",
    "\"This is particularly useful in machine learning pipelines\": a sentence that advertises "
    "where the code might be used, naming nothing the code contains or calls. Nothing in the "
    "code can confirm it, so it is irrelevant to what the code does.",
    Example('''\
def describe(owner: str) -> str:
    """Describe the cart.

    The result names the owner. This is particularly useful in machine learning pipelines.
    """
    return f"cart of {owner}"
'''),
    Example('''\
def describe(owner: str) -> str:
    """Describe the cart.

    The result names the owner.
    """
    return f"cart of {owner}"
'''),
    supersedes=("C4.generic-lecture",),
)

GENERIC_LECTURE = Rule(
    "C4.generic-lecture",
    "A general definition or lecture instead of a description of this code.",
    "A sentence that defines a general concept (\"A counter is a data structure that ...\") "
    "rather than saying what this code does. It may be true in general, but nothing in the code "
    "supports or needs it.",
    Example('''\
def count(lines: list) -> int:
    """Count the lines.

    A counter is a data structure that keeps track of how many times something happened.
    """
    return len(lines)
'''),
    Example('''\
def count(lines: list) -> int:
    """Count the lines."""
    return len(lines)
'''),
)
