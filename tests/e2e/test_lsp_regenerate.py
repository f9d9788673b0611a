"""The offline docstring fixes (docfact.regenerate): "Repair docstring", one case per docstring
style, "Add missing parameters", and the property that a repair never makes a docstring worse.

Each case judges a small file with the engine, repairs the flagged docstring, checks the text,
and judges the repaired file again: the repaired findings are gone and nothing else changed.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from docfact.engine import Engine
from docfact.model import DocResult
from docfact.positions import LineIndex
from docfact.regenerate import add_missing, regenerate

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
 * @throws {TypeError} when negative
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
    pytest.param("m.py", GOOGLE, GOOGLE_NEW, id="google: drop C4, fix a name, add nothing"),
    pytest.param("m.py", NUMPY, NUMPY_NEW, id="numpy: drop a C4 sentence sharing the summary's line"),
    pytest.param("src/com/acme/Greeter.java", JAVA, JAVA_NEW, id="javadoc: fix a name and an exception"),
    pytest.param("src/scale.ts", TS, TS_NEW, id="jsdoc: fix a name"),
])
def test_repair_styles(tmp_path, name, source, expected):
    new, engine, path = regenerated(tmp_path, name, source)
    assert expected in new, new
    engine.update_file(path, new)
    assert engine.check_file(path).findings == []


def test_a_plain_docstring_keeps_its_quotes_and_its_summary(tmp_path):
    new, engine, path = regenerated(tmp_path, "m.py", PLAIN)
    assert new == PLAIN.replace(" This is particularly useful in web crawlers.", "")
    engine.update_file(path, new)
    assert engine.check_file(path).findings == []


def _judged(tmp_path: Path, name: str, source: str) -> tuple[Engine, str, list[DocResult]]:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source)
    engine = Engine(tmp_path)
    engine.load()
    return engine, str(path), [d for d in engine.check_file(str(path)).docs if d.findings]


def test_a_type_claim_without_a_fix_is_left_to_the_llm(tmp_path):
    _, _, flagged = _judged(tmp_path, "m.py", SPHINX)
    assert [f.rule for f in flagged[0].findings] == ["C2.return-type"]
    assert regenerate(flagged[0], LineIndex(SPHINX)) is None  # never a template, never filler


ONLY = '''\
def save(path: str) -> None:
    """Write the stock to disk asynchronously."""
    open(path, "w").close()
'''


def test_a_flagged_summary_is_never_replaced_by_a_template(tmp_path):
    _, _, flagged = _judged(tmp_path, "m.py", ONLY)
    assert flagged and regenerate(flagged[0], LineIndex(ONLY)) is None


def test_add_missing_parameters_in_the_docstrings_style(tmp_path):
    _, _, flagged = _judged(tmp_path, "m.py", NUMPY)
    fix = add_missing(flagged[0], LineIndex(NUMPY))
    assert fix is not None and fix.title == "Add missing parameters"
    assert "            The item.\n        count : int\n        \"\"\"" in fix.new_text
    _, _, flagged = _judged(tmp_path, "g.py", GOOGLE)
    fix = add_missing(flagged[0], LineIndex(GOOGLE))
    assert fix is None  # factor is documented as "fctor": a rename, offered by the repair


WORKSPACES = Path(__file__).resolve().parents[1] / "workspaces"


def _sentences(doc: DocResult) -> list[str]:
    return [s.text for s in doc.segments]


@pytest.mark.parametrize("workspace", ["planted_py", "planted_java", "planted_ts", "planted_js", "lspproj"])
def test_a_repair_removes_what_it_repairs_and_keeps_every_other_sentence(tmp_path, workspace):
    """For every flagged doc of the planted workspaces: apply the offered repair; the findings it
    repairs are gone, no finding is new, and every unflagged sentence is still there as written."""
    root = tmp_path / workspace
    shutil.copytree(WORKSPACES / workspace, root)
    engine = Engine(root)
    engine.load()
    paths = sorted(p for p in root.rglob("*") if p.suffix in (".py", ".java", ".ts", ".js") and p.is_file())
    repaired = 0
    for path in paths:
        source = path.read_text()
        for doc in [d for d in engine.check_file(str(path)).docs if d.findings]:
            fix = regenerate(doc, LineIndex(source))
            if fix is None:
                continue
            new = source[: fix.start] + fix.new_text + source[fix.end:]
            engine.update_file(str(path), new)
            after = next((d for d in engine.check_file(str(path)).docs
                          if d.doc.range.start == doc.doc.range.start), None)
            engine.update_file(str(path), source)
            assert after is not None, (path, doc.symbol)
            before_rules = Counter((f.criterion, f.rule) for f in doc.findings)
            after_rules = Counter((f.criterion, f.rule) for f in after.findings)
            assert not (after_rules - before_rules), (path, doc.symbol, after.findings)  # nothing new
            assert sum(after_rules.values()) < sum(before_rules.values()), (path, doc.symbol)
            flagged = {f.segment.text for f in doc.findings}
            kept = [t for t in _sentences(doc) if t not in flagged]
            assert all(t in _sentences(after) for t in kept), (path, doc.symbol)
            repaired += 1
    assert repaired >= 1


def test_the_offline_repair_never_deletes_a_sentence_only_a_model_flagged(tmp_path):
    """The offline repair removes sentences that static rules prove wrong or irrelevant; the same
    finding from the LLM judge alone leaves the sentence where it is."""
    from dataclasses import replace

    _, _, flagged = _judged(tmp_path, "m.py", PLAIN)
    doc = flagged[0]
    assert regenerate(doc, LineIndex(PLAIN)) is not None  # the static C4 finding: removed
    by_model = replace(doc, findings=[replace(f, judge="llm:test-model") for f in doc.findings])
    assert regenerate(by_model, LineIndex(PLAIN)) is None
