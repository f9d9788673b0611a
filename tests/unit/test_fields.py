"""Field-list parsing for Google, NumPy, Sphinx and Javadoc docstrings, and style detection."""

from __future__ import annotations

import pytest

from docfact.docs.fields import docstring_style
from docfact.docs.layout import layout, parse_fields
from docfact.model import FieldItem

Row = tuple[str, str | None, str | None, str]  # section, name, type, description


def rows(text: str) -> list[Row]:
    return [(f.section, f.name, f.type, f.description) for f in parse_fields(text)]


def check_spans(text: str, item: FieldItem) -> None:
    if item.name_span:
        assert text[item.name_span[0] : item.name_span[1]] == item.name
    else:
        assert item.name is None
    if item.type_span:
        assert text[item.type_span[0] : item.type_span[1]] == item.type
    else:
        assert item.type is None


GOOGLE = """\
Summary.

Args:
    path (str): Where to read.
    count (int, optional): How many
        lines to read.
    mapping (dict[str, tuple[int, int]]): Nested brackets.
    flag: No type here.
    *args: Extra positional.
    **kwargs (Any): Extra keywords.

Returns:
    list of str: The lines,
    without newlines.

Raises:
    ValueError: If count is negative.
    OSError, KeyError: When reading fails.

Attributes:
    name (str): The name.

Yields:
    int: Line numbers.
"""

NUMPY = """\
Summary.

Parameters
----------
path : str
    Where to read.
count : int, optional
    How many lines
    to read.
x, y : float
    Coordinates.
flag
    No type.
weight: str, optional
    Written without a space before the colon.

Returns
-------
list of str
    The lines.
total : int
    The total.

Yields
------
int
    Numbers.

Raises
------
ValueError
    If count is negative.

Attributes
----------
name : str
    The name.

See Also
--------
other_func : Does the other thing.
"""

SPHINX = """\
Summary.

:param str path: Where to read.
:param count: How many lines
    to read.
:type count: int
:returns: The lines.
:rtype: list[str]
:raises ValueError: If count is negative.
:yields: Numbers.
:ivar name: The name.
:vartype name: str
"""

JAVADOC = """\
Reads lines from {@code path}.

@param path where to read
@param count how many lines,
    at most
@param <T> the element type
@return the lines, see {@link List#get}
@throws IOException if reading fails
@exception IllegalStateException when closed
@see Reader#read()
@since 1.4
@author Someone
@deprecated use {@link #readAll}
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            GOOGLE,
            [
                ("param", "path", "str", "Where to read."),
                ("param", "count", "int", "How many lines to read."),
                ("param", "mapping", "dict[str, tuple[int, int]]", "Nested brackets."),
                ("param", "flag", None, "No type here."),
                ("param", "*args", None, "Extra positional."),
                ("param", "**kwargs", "Any", "Extra keywords."),
                ("returns", None, "list of str", "The lines, without newlines."),
                ("raises", "ValueError", None, "If count is negative."),
                ("raises", "OSError, KeyError", None, "When reading fails."),
                ("attribute", "name", "str", "The name."),
                ("yields", None, "int", "Line numbers."),
            ],
            id="google",
        ),
        pytest.param(
            NUMPY,
            [
                ("param", "path", "str", "Where to read."),
                ("param", "count", "int", "How many lines to read."),
                ("param", "x, y", "float", "Coordinates."),
                ("param", "flag", None, "No type."),
                ("param", "weight", "str", "Written without a space before the colon."),
                ("returns", None, "list of str", "The lines."),
                ("returns", "total", "int", "The total."),
                ("yields", None, "int", "Numbers."),
                ("raises", "ValueError", None, "If count is negative."),
                ("attribute", "name", "str", "The name."),
                ("other", "other_func", None, "Does the other thing."),
            ],
            id="numpy",
        ),
        pytest.param(
            SPHINX,
            [
                ("param", "path", "str", "Where to read."),
                ("param", "count", None, "How many lines to read."),
                ("type", "count", "int", ""),
                ("returns", None, None, "The lines."),
                ("rtype", None, "list[str]", ""),
                ("raises", "ValueError", None, "If count is negative."),
                ("yields", None, None, "Numbers."),
                ("attribute", "name", None, "The name."),
                ("type", "name", "str", ""),
            ],
            id="sphinx",
        ),
        pytest.param(
            JAVADOC,
            [
                ("param", "path", None, "where to read"),
                ("param", "count", None, "how many lines, at most"),
                ("param", "<T>", None, "the element type"),
                ("returns", None, None, "the lines, see {@link List#get}"),
                ("raises", "IOException", None, "if reading fails"),
                ("raises", "IllegalStateException", None, "when closed"),
                ("other", "Reader#read()", None, ""),
                ("other", None, None, "1.4"),
                ("other", None, None, "Someone"),
                ("other", None, None, "use {@link #readAll}"),
            ],
            id="javadoc",
        ),
        pytest.param(
            "Returns:\n    The number of lines: always positive.\n",
            [("returns", None, None, "The number of lines: always positive.")],
            id="google-returns-prose-is-not-a-type",
        ),
        pytest.param(
            "Returns:\n    bool\n",
            [("returns", None, "bool", "")],
            id="google-returns-bare-type",
        ),
        pytest.param(
            "Args:\n    x: First line\n    wrapped at the same indent.\n    y: Second.\n",
            [
                ("param", "x", None, "First line wrapped at the same indent."),
                ("param", "y", None, "Second."),
            ],
            id="google-wrapped-at-item-indent",
        ),
        pytest.param(
            "Keyword Args:\n    timeout (float, default 3.0): Seconds.\n",
            [("param", "timeout", "float", "Seconds.")],
            id="google-keyword-args-default",
        ),
        pytest.param("Just prose. No fields: none at all.\n", [], id="plain"),
    ],
)
def test_fields(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected
    for item in parse_fields(text):
        check_spans(text, item)


@pytest.mark.parametrize(
    ("text", "tags"),
    [
        pytest.param(GOOGLE, ["Args"] * 6 + ["Returns", "Raises", "Raises", "Attributes", "Yields"],
                     id="google"),
        pytest.param(JAVADOC, ["param", "param", "param", "return", "throws", "exception", "see",
                               "since", "author", "deprecated"], id="javadoc"),
    ],
)
def test_tags_as_written(text: str, tags: list[str]) -> None:
    assert [f.tag for f in parse_fields(text)] == tags


def test_each_item_is_one_block_with_its_continuation_lines() -> None:
    blocks = [b for b in layout(GOOGLE) if b.kind == "field"]
    assert GOOGLE[blocks[1].start : blocks[1].end] == (
        "count (int, optional): How many\n        lines to read."
    )
    # Section headers are not part of any block
    assert all("Args:" not in GOOGLE[b.start : b.end] for b in layout(GOOGLE))


@pytest.mark.parametrize(
    ("text", "prose"),
    [
        pytest.param(
            "Summary.\n\nExamples:\n    >>> f()\n    Not prose.\n\nNote:\n    A note.\n",
            ["Summary.", "A note."],
            id="google-example-and-note",
        ),
        pytest.param(
            "Summary.\n\nExamples\n--------\n>>> f()\n1\n\nNotes\n-----\nA note.\n",
            ["Summary.", "A note."],
            id="numpy-examples-and-notes",
        ),
        pytest.param(
            "Summary.\n\n>>> f()\n... g()\n1\n\nAfter.\n",
            ["Summary.", "After."],
            id="doctest",
        ),
        pytest.param(
            "Summary::\n\n    code = 1\n\nAfter.\n",
            ["Summary::", "After."],
            id="literal-block",
        ),
        pytest.param(
            "Summary.\n\n::\n\n    code = 1\n\nAfter.\n",
            ["Summary.", "After."],
            id="bare-literal-marker",
        ),
        pytest.param(
            "Use it like:\n\n    result = f(1)\n\nAfter.\n",
            ["Use it like:", "After."],
            id="indented-code-after-colon",
        ),
        pytest.param(
            "Summary.\n\n    x = compute(1)\n    print(x)\n\nAfter.\n",
            ["Summary.", "After."],
            id="indented-code-looks-like-code",
        ),
        pytest.param(
            "Summary.\n\n    A quoted remark, not code.\n",
            ["Summary.\n\n    A quoted remark, not code."],  # one prose run; paragraphs split later
            id="indented-prose-kept",
        ),
        pytest.param(
            "Summary.\n\n```python\nx.y()\n```\nAfter.\n",
            ["Summary.", "After."],
            id="fenced",
        ),
        pytest.param(
            "Summary.\n\n.. code-block:: python\n\n    x = 1\n\n.. note:: Mind it.\n\n.. warning::\n\n    Really.\n",
            ["Summary.", "Mind it.", "Really."],
            id="directives",
        ),
    ],
)
def test_excluded_and_prose_blocks(text: str, prose: list[str]) -> None:
    assert [text[b.start : b.end] for b in layout(text) if b.kind == "prose"] == prose


@pytest.mark.parametrize(
    ("text", "style"),
    [
        pytest.param(GOOGLE, "google", id="google"),
        pytest.param(NUMPY, "numpy", id="numpy"),
        pytest.param(SPHINX, "sphinx", id="sphinx"),
        pytest.param(JAVADOC, "javadoc", id="javadoc"),
        pytest.param("Just a summary.\n\nAnd more words.", "plain", id="plain"),
        pytest.param("Summary.\n\nOverview\n--------\nText.", "plain", id="rst-title-is-plain"),
    ],
)
def test_docstring_style(text: str, style: str) -> None:
    assert docstring_style(text) == style


def test_sphinx_raises_without_name_takes_the_leading_exception() -> None:
    from docfact.docs.layout import parse_fields

    [item] = parse_fields(":raises: TypeError: When the input is bad.\n")
    assert (item.section, item.name, item.description) == ("raises", "TypeError", "When the input is bad.")
