"""Re-indexing a Python file after an edit inside one function (``docfact.lang.python.splice``): the
index the language server gets while a user types must equal a full extraction of the same
text, whatever the edit; only then may it be cheaper."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import docfact.lang.python.splice as py_splice
from docfact.deps import entity_digest
from docfact.lang.python import extract as python

SERVER = Path(__file__).resolve().parents[2] / "server" / "docfact"


@pytest.fixture()
def spliced(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each re-extraction was spliced (True) or extracted whole (False)."""
    seen: list[bool] = []
    real = py_splice.splice

    def counting(*args):  # type: ignore[no-untyped-def]
        out = real(*args)
        seen.append(out is not None)
        return out

    monkeypatch.setattr(py_splice, "splice", counting)
    return seen


def _edit_twice(path: str, before: str, after: str):  # type: ignore[no-untyped-def]
    """The index of ``after`` re-extracted from ``before``'s, and its full extraction; the
    digests a run keeps on the old entities (``deps.entity_digest``) must not carry over."""
    old, parsed = python.extract_reusing(path, before, "pkg.mod", None)
    for e in old.entities:
        entity_digest(e)
    new, _ = python.extract_reusing(path, after, "pkg.mod", parsed, old)
    full = python.extract(path, after, "pkg.mod")
    assert [entity_digest(e) for e in new.entities] == [entity_digest(e) for e in full.entities]
    return new, full


MODULE = '''"""A module."""
import os

LIMIT = 3
"""How many."""


class Store:
    """Keeps items."""

    kind = "store"

    # Saves one item; the comment is about the method below.
    @staticmethod
    def save(item: str) -> None:
        """Save ``item``."""
        # write it
        os.write(1, item.encode())  # docfact: ignore[C3]
        return None

    def load(self, key):  # the loader
        """Load ``key``."""
        return {key: 1}

    size = 2
    """The size."""


# helpers below
def helper(x: int) -> int:
    """Double ``x``."""
    return 2 * x
'''


@pytest.mark.parametrize(("old", "new"), [
    pytest.param('        # write it\n', '        # write it\n        x = 1\n        y = 2\n', id="lines-added-above-later-definitions"),
    pytest.param('        # write it\n', '', id="a-comment-line-removed"),
    pytest.param('Save ``item``.', 'Save ``item`` to disk (éé).', id="docstring-word-non-ascii"),
    pytest.param('        return None\n', '        import sys\n        yield sys.argv\n', id="becomes-a-generator-with-an-import"),
    pytest.param('        return None\n', '        class Inner:\n            """Nested."""\n            z = 1\n'
                 '            """A field."""\n\n            def m(self):\n                return self.z\n', id="nested-class"),
    pytest.param('        return {key: 1}\n', '        # docfact: ignore[C1]\n        return {key: 2}\n', id="suppression-added"),
    pytest.param('    return 2 * x\n', '    x += 1\n    return 2 * x\n', id="top-level-function"),
    pytest.param('        return {key: 1}\n', '        return {key: 1}  # trailing\n', id="a-comment-on-the-last-line"),
    pytest.param('    kind = "store"\n', '    kind = "shelf"\n    extra: int = 0\n    """A new field."""\n', id="class-attributes"),
    pytest.param('"""Keeps items."""', '"""Keeps items.\n\n    Many of them.\n    """', id="a-class-docstring"),
])
def test_an_edit_inside_one_function_is_spliced_and_equals_a_full_extraction(spliced: list[bool], old: str, new: str) -> None:
    assert old in MODULE
    after = MODULE.replace(old, new, 1)
    got, full = _edit_twice("/w/pkg/mod.py", MODULE, after)
    assert spliced == [True]
    assert got == full
    # what a user sees of it: the kept comment above ``save`` still covers the whole method
    comment = next(d for d in got.docs if d.text.startswith("Saves one item"))
    save = got.entity("Store.save")
    assert save is not None and comment.target_lines == (save.range.start.line, save.range.end.line)


@pytest.mark.parametrize(("old", "new"), [
    pytest.param("    def load(self, key):", "    def load(self, key, default=None):", id="a-signature"),
    pytest.param("LIMIT = 3", "LIMIT = 4", id="module-level"),
    pytest.param('        return {key: 1}\n', '        return {key: 1\n', id="a-syntax-error"),
])
def test_other_edits_are_extracted_whole(spliced: list[bool], old: str, new: str) -> None:
    after = MODULE.replace(old, new, 1)
    got, full = _edit_twice("/w/pkg/mod.py", MODULE, after)
    assert got == full
    assert True not in spliced


NESTED = '''class Shop:
    """A shop."""

    def total(self, items):
        """Sum ``items``."""
        def price(item, rate=1):
            """One item's price."""
            return item.cost * rate

        return sum(price(i) for i in items)

    def name(self):
        return "shop"
'''


@pytest.mark.parametrize(("old", "new"), [
    pytest.param("            return item.cost * rate\n", "            if rate:\n                yield item\n", id="inside-a-nested-function"),
    pytest.param("def price(item, rate=1):", "def price(item, rate=2, *, tax=0):", id="a-nested-function-signature"),
    pytest.param("One item's price.", "One item's price, taxed.\n\n            More.", id="a-nested-docstring"),
])
def test_an_edit_in_a_nested_function_re_extracts_the_outer_one(spliced: list[bool], old: str, new: str) -> None:
    got, full = _edit_twice("/w/pkg/shop.py", NESTED, NESTED.replace(old, new, 1))
    assert spliced == [True]
    assert got == full
    assert got.entity("Shop.total.price") is not None


def test_a_method_beside_its_overloads_is_extracted_whole(spliced: list[bool]) -> None:
    text = ("from typing import overload\n\nclass A:\n    @overload\n    def f(self, x: int) -> int: ...\n"
            "    def f(self, x):\n        return x\n")
    got, full = _edit_twice("/w/pkg/mod.py", text, text.replace("return x", "return x + 1"))
    assert got == full and spliced == [False]


_LINE_EDITS = ("x = 1", "return None", "yield 1", "# a note", "import os", "'''A string.'''", "pass",
               "def inner():\n    return 1", "raise ValueError('no')", "# docfact: ignore[C2]", "Ω = 'é'")


def _random_edit(text: str, rnd: random.Random) -> str:
    lines = text.split("\n")
    k = rnd.randrange(len(lines))
    line = lines[k]
    indent = line[: len(line) - len(line.lstrip())]
    kind = rnd.randrange(4)
    if kind == 0:
        lines.insert(k, indent + rnd.choice(_LINE_EDITS).replace("\n", "\n" + indent))
    elif kind == 1 and len(lines) > 1:
        del lines[k]
    elif kind == 2:
        words = list(re.finditer(r"\w+", line))
        if words:
            m = rnd.choice(words)
            lines[k] = line[: m.start()] + rnd.choice(["renamed", "None", "ñame", ""]) + line[m.end():]
    else:
        c = rnd.randrange(len(line) + 1)
        lines[k] = line[:c] + rnd.choice("ab (]:#'\"=") + line[c:]
    return "\n".join(lines)


def test_random_edits_of_real_files_give_the_full_extraction(spliced: list[bool]) -> None:
    """Random edits (lines added, removed, words renamed, characters typed) applied one after
    the other to docfact's own modules, as an editor sends them; after each, the re-extracted
    index equals a full extraction of the same text."""
    rnd = random.Random(1234)
    files = sorted(SERVER.glob("index/*.py")) + sorted(SERVER.glob("lsp/*.py"))
    for path in files:
        text = path.read_text(encoding="utf-8")
        index, parsed = python.extract_reusing(str(path), text, "docfact.x", None)
        for _ in range(25):
            new = _random_edit(text, rnd)
            got, parsed2 = python.extract_reusing(str(path), new, "docfact.x", parsed, index)
            full = python.extract(str(path), new, "docfact.x")
            assert got == full, (path.name, new)
            if full.syntax_error_lines and rnd.random() < 0.9:  # most broken edits are undone
                index, parsed = python.extract_reusing(str(path), text, "docfact.x", parsed2, got)
                continue
            text, index, parsed = new, got, parsed2
    assert spliced.count(True) >= 150, spliced.count(True)  # the splice itself was exercised
