"""The "Regenerate docstring" generator (docfact.regenerate), one case per docstring style.

Each case judges a small file with the engine, regenerates the flagged docstring, checks the
text, and judges the regenerated file again: the docstring has no finding left.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from docfact.engine import Engine
from docfact.positions import LineIndex
from docfact.regenerate import regenerate

GOOGLE = '''\
def scale(value: float, factor: float = 2.0) -> float:
    """Multiply ``value`` by ``factor``.

    This is particularly useful in machine learning pipelines.

    Args:
        value (float): The number.
        fctor (float): How much.
    """
    if factor < 0:
        raise ValueError("negative")
    return value * factor
'''
GOOGLE_NEW = '''\
def scale(value: float, factor: float = 2.0) -> float:
    """Multiply ``value`` by ``factor``.

    Args:
        value (float): The number.
        factor (float): How much.

    Returns:
        float: The return value.

    Raises:
        ValueError: When the code raises it.
    """
'''

NUMPY = '''\
class Box:
    def put(self, item: str, count: int) -> None:
        """Put ``item`` in the box. This is particularly useful in machine learning pipelines.

        Parameters
        ----------
        item : str
            The item.
        """
        print(item, count)
'''
NUMPY_NEW = '''\
        """Put ``item`` in the box.

        Parameters
        ----------
        item : str
            The item.
        count : int
            The ``count`` argument.
        """
'''

SPHINX = '''\
def load(path: str) -> bytes:
    """Read ``path`` asynchronously.

    :param path: Where the file is.
    :returns: The content as a str.
    """
    with open(path, "rb") as f:
        return f.read()
'''
SPHINX_NEW = '''\
def load(path: str) -> bytes:
    """Read ``path`` asynchronously.

    :param path: Where the file is.
    :returns: The return value.
    :rtype: bytes
    """
'''

PLAIN = '''\
def double(value: int) -> int:
    \'Return ``value`` times two. This is particularly useful in web crawlers.\'
    return value * 2
'''

JAVA = '''\
package com.acme;

public class Greeter {
    /**
     * Greets one user.
     *
     * @param nam the user's name
     * @throws IllegalStateException if the name is empty
     */
    public String greet(String name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("empty name");
        }
        return "Hello " + name;
    }
}
'''
JAVA_NEW = '''\
    /**
     * Greets one user.
     *
     * @param name the user's name
     * @return the return value
     * @throws IllegalArgumentException if the name is empty
     */
'''


TS = """\
/**
 * Scales a value.
 *
 * @param {number} value the number
 * @param {number} fctor how much
 * @throws {TypeError} when negative
 */
export function scale(value: number, factor = 2): number {
  if (factor < 0) {
    throw new RangeError("negative");
  }
  return value * factor;
}
"""
TS_NEW = """\
/**
 * Scales a value.
 *
 * @param {number} value the number
 * @param {number} factor how much
 * @returns the return value
 * @throws {TypeError} when negative
 * @throws {RangeError} when the code throws it
 */
"""


def regenerated(tmp_path: Path, name: str, source: str) -> tuple[str, Engine, str]:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source)
    engine = Engine(tmp_path)
    engine.load()
    result = engine.check_file(str(path))
    flagged = [d for d in result.docs if d.findings]
    assert flagged, "the case needs a flagged docstring"
    lines = LineIndex(source)
    fix = regenerate(flagged[0], lines)
    assert fix is not None
    return source[: fix.start] + fix.new_text + source[fix.end :], engine, str(path)


@pytest.mark.parametrize(("name", "source", "expected"), [
    pytest.param("m.py", GOOGLE, GOOGLE_NEW, id="google: drop C4, fix name, complete returns and raises"),
    pytest.param("m.py", NUMPY, NUMPY_NEW, id="numpy: complete a parameter in its section"),
    pytest.param("m.py", SPHINX, SPHINX_NEW, id="sphinx: replace a wrong return description from the signature"),
    pytest.param("src/com/acme/Greeter.java", JAVA, JAVA_NEW, id="javadoc: fix tags and keep their order"),
    pytest.param("src/scale.ts", TS, TS_NEW, id="jsdoc: fix a name, complete returns and throws in JSDoc's form"),
])
def test_regenerate_styles(tmp_path, name, source, expected):
    new, engine, path = regenerated(tmp_path, name, source)
    assert expected in new, new
    engine.update_file(path, new)
    assert engine.check_file(path).findings == []


def test_plain_single_quoted_docstring_becomes_triple_quoted(tmp_path):
    new, engine, path = regenerated(tmp_path, "m.py", PLAIN)
    assert new.startswith('def double(value: int) -> int:\n    \'\'\'Return ``value`` times two')
    assert "    Args:\n        value (int): The ``value`` argument.\n" in new
    assert "    Returns:\n        int: The return value.\n    '''\n    return value * 2\n" in new
    engine.update_file(path, new)
    assert engine.check_file(path).findings == []
