"""The Python index: entities, imports, docstrings with exact offsets, comments, suppressions."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from docfact.index import index_file, language_for_path
from docfact.lang.python.docs import looks_like_code
from docfact.model import Entity, FileIndex, Import

PYPROJ = Path(__file__).parent.parent / "workspaces" / "pyproj"


def idx(src: str, path: str = "pkg/mod.py") -> FileIndex:
    return index_file(path, textwrap.dedent(src))


def ent(src: str, name: str) -> Entity:
    e = idx(src).entity(name)
    assert e is not None, name
    return e


# -- functions ----------------------------------------------------------------------------

PARAMS_SRC = """
class C:
    def m(self, a, b: int, c=1, d: "str | None" = None, *args: int, e, f: bool = True, **kw) -> list[str]:
        pass

    @classmethod
    def k(cls, x, /, y): ...

    @staticmethod
    def s(self_like): ...

def top(*, only): ...
"""


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        pytest.param(
            "C.m",
            [("self", None, None, "self"), ("a", None, None, "positional"),
             ("b", "int", None, "positional"), ("c", None, "1", "positional"),
             ("d", '"str | None"', "None", "positional"), ("args", "int", None, "vararg"),
             ("e", None, None, "keyword"), ("f", "bool", "True", "keyword"),
             ("kw", None, None, "kwarg")],
            id="all-kinds",
        ),
        pytest.param("C.k", [("cls", None, None, "self"), ("x", None, None, "positional"),
                             ("y", None, None, "positional")], id="classmethod-posonly"),
        pytest.param("C.s", [("self_like", None, None, "positional")], id="staticmethod"),
        pytest.param("top", [("only", None, None, "keyword")], id="keyword-only"),
    ],
)
def test_params(name: str, expected: list[tuple]) -> None:
    e = ent(PARAMS_SRC, name)
    assert [(p.name, p.annotation, p.default, p.kind) for p in e.params] == expected


def test_signature_returns_and_kind() -> None:
    e = ent(PARAMS_SRC, "C.m")
    assert e.kind == "method" and e.parent == "C"
    assert e.returns == "list[str]"
    assert e.signature.startswith("def m(self, a") and e.signature.endswith("-> list[str]")
    assert ent(PARAMS_SRC, "top").kind == "function"


FLAGS_SRC = """
import abc
from typing import Protocol, overload

async def fetch(): return await go()

def gen():
    yield 1

def not_gen():
    def inner():
        yield 2
    f = lambda: (yield)
    return inner

async def agen():
    yield 1

class Base(abc.ABC):
    @abc.abstractmethod
    def run(self): ...

    @property
    def size(self) -> int:
        return 3

    @size.setter
    def size(self, v): self._v = v

    def todo(self):
        raise NotImplementedError

class P(Protocol):
    def meth(self) -> int:
        return 1

@overload
def conv(x: int) -> int: ...
@overload
def conv(x: str) -> str: ...
def conv(x):
    return x
"""


@pytest.mark.parametrize(
    ("name", "attr", "value"),
    [
        pytest.param("fetch", "is_async", True, id="async"),
        pytest.param("gen", "is_async", False, id="sync"),
        pytest.param("gen", "is_generator", True, id="generator"),
        pytest.param("not_gen", "is_generator", False, id="nested-yield-not-counted"),
        pytest.param("not_gen.inner", "is_generator", True, id="nested-generator"),
        pytest.param("agen", "is_generator", True, id="async-generator"),
        pytest.param("Base.run", "is_abstract", True, id="abstractmethod"),
        pytest.param("Base.todo", "is_abstract", True, id="raise-not-implemented"),
        pytest.param("Base.size", "is_abstract", False, id="property-concrete"),
        pytest.param("Base.size", "decorators", ["property"], id="property-decorator"),
        pytest.param("P.meth", "is_abstract", True, id="protocol-member"),
        pytest.param("conv", "is_abstract", False, id="overload-implementation-first"),
        pytest.param("not_gen.inner", "parent", "not_gen", id="nested-parent"),
        pytest.param("not_gen.inner", "kind", "function", id="nested-kind"),
        pytest.param("Base", "bases", ["abc.ABC"], id="bases"),
        pytest.param("Base.run", "decorators", ["abc.abstractmethod"], id="decorators"),
    ],
)
def test_flags(name: str, attr: str, value: object) -> None:
    assert getattr(ent(FLAGS_SRC, name), attr) == value


def test_overloads_kept_after_implementation() -> None:
    fi = idx(FLAGS_SRC)
    convs = [e for e in fi.entities if e.local_name == "conv"]
    assert len(convs) == 3
    assert convs[0].decorators == [] and all(e.is_abstract for e in convs[1:])
    assert [p.annotation for e in convs[1:] for p in e.params] == ["int", "str"]
    cls = fi.entity("Base")
    assert cls is not None and cls.members == ["Base.run", "Base.size", "Base.todo"]


BODY_SRC = """
import os

def body(self, items, key):
    try:
        value = items[key]
    except (KeyError, IndexError) as exc:
        raise LookupError(key) from exc
    except ValueError:
        raise
    except os.error as err:
        raise err
    total: int = 0
    for i, x in enumerate(items):
        total += x
    self.count = total
    path = os.path.join("a", key)
    self.save(helper(path))
    if not key:
        raise errors.Missing
    return value.strip()

def writes(d):
    d["k"] = 1
"""


@pytest.mark.parametrize(
    ("attr", "expected"),
    [
        pytest.param("calls", ["LookupError", "enumerate", "os.path.join", "self.save", "helper", "value.strip"], id="calls"),
        pytest.param("raises", ["LookupError", "errors.Missing"], id="raises"),
        pytest.param("catches", ["KeyError", "IndexError", "ValueError", "os.error"], id="catches"),
        pytest.param("assigns", ["value", "total", "i", "x", "self.count", "path"], id="assigns"),
        pytest.param("locals", ["value", "total", "i", "x", "path"], id="locals"),
        pytest.param("has_bare_raise", True, id="bare-raise"),
        pytest.param("has_subscript", True, id="subscript-read"),
        pytest.param("return_kinds", ["call:value.strip"], id="return-kinds"),
    ],
)
def test_body_facts(attr: str, expected: object) -> None:
    assert getattr(ent(BODY_SRC, "body"), attr) == expected


def test_refs_and_attributes_skip_strings_and_comments() -> None:
    e = ent(
        """
        def f(a):
            # mentions ghost.name in a comment
            b = a.c.d("not.a.ref")
            return os.path.join(b, CONST)
        """,
        "f",
    )
    assert {"a", "a.c.d", "b", "os.path.join", "CONST"} <= set(e.refs)
    assert "ghost.name" not in e.refs and "not.a.ref" not in e.refs and "f" not in e.refs
    assert "return" not in e.refs
    assert {"c", "d", "path", "join"} <= set(e.attributes)


def test_subscript_write_and_annotation_are_not_reads() -> None:
    assert ent(BODY_SRC, "writes").has_subscript is False
    assert ent("def f(x: dict[str, int]) -> list[int]:\n    return []\n", "f").has_subscript is False


@pytest.mark.parametrize(
    ("body", "kinds"),
    [
        pytest.param("return 'a'", ["str"], id="str"),
        pytest.param("return b'a'", ["bytes"], id="bytes"),
        pytest.param("return f'{x}'", ["fstring"], id="fstring"),
        pytest.param("return 1", ["int"], id="int"),
        pytest.param("return -1.5", ["float"], id="float"),
        pytest.param("return True", ["bool"], id="bool"),
        pytest.param("return None", ["none"], id="none"),
        pytest.param("return", ["none"], id="bare-return"),
        pytest.param("x = 1", ["none"], id="falls-off-end"),
        pytest.param("return [1]", ["list"], id="list"),
        pytest.param("return [i for i in x]", ["list"], id="listcomp"),
        pytest.param("return {i: i for i in x}", ["dict"], id="dictcomp"),
        pytest.param("return {1}", ["set"], id="set"),
        pytest.param("return 1, 2", ["tuple"], id="tuple"),
        pytest.param("return x == 1", ["comparison"], id="comparison"),
        pytest.param("return not x", ["comparison"], id="not"),
        pytest.param("return x > 1 and x < 3", ["comparison"], id="and-of-comparisons"),
        pytest.param("return x or y", ["other"], id="or-of-names"),
        pytest.param("return dict(a=1)", ["call:dict"], id="call"),
        pytest.param("return self.helper()", ["call:self.helper"], id="method-call"),
        pytest.param("return x", ["name:x"], id="name"),
        pytest.param("return lambda: 1", ["lambda"], id="lambda"),
        pytest.param("return (yield)", ["other"], id="generator-no-implicit-none"),
        pytest.param("if x:\n        return 1\n    return 2", ["int"], id="all-paths-return"),
        pytest.param("if x:\n        return 1", ["int", "none"], id="if-without-else"),
        pytest.param("while True:\n        return 1", ["int"], id="while-true"),
        pytest.param("try:\n        return 1\n    except E:\n        raise", ["int"], id="try-except-raise"),
        pytest.param("...", [], id="stub-body"),
    ],
)
def test_return_kinds(body: str, kinds: list[str]) -> None:
    src = f"def f(x, y):\n    {body}\n"
    assert index_file("m.py", src).entity("f").return_kinds == kinds  # type: ignore[union-attr]


def test_await_return_kind() -> None:
    assert ent("async def f():\n    return await g()\n", "f").return_kinds == ["await"]


# -- variables and fields -----------------------------------------------------------------

FIELDS_SRC = '''
from dataclasses import dataclass, field

LIMIT: int = 10
"""Largest batch size."""
NAMES = ["a"]
a = b = 3.5

@dataclass
class Point:
    """A point."""

    x: int
    y: int = 0
    """The y coordinate."""
    tags: list[str] = field(default_factory=list)

    def norm(self) -> float:
        local = 1
        return local
'''


@pytest.mark.parametrize(
    ("name", "kind", "annotation", "value_kind", "doc"),
    [
        pytest.param("LIMIT", "variable", "int", "int", "Largest batch size.", id="annotated-module-var"),
        pytest.param("NAMES", "variable", None, "list", None, id="module-list"),
        pytest.param("a", "variable", None, "float", None, id="chained-assignment"),
        pytest.param("Point.x", "field", "int", None, None, id="dataclass-field-no-default"),
        pytest.param("Point.y", "field", "int", "int", "The y coordinate.", id="attribute-docstring"),
        pytest.param("Point.tags", "field", "list[str]", "call:field", None, id="field-factory"),
    ],
)
def test_variables(name: str, kind: str, annotation: str | None, value_kind: str | None, doc: str | None) -> None:
    e = ent(FIELDS_SRC, name)
    assert (e.kind, e.annotation, e.value_kind) == (kind, annotation, value_kind)
    assert (e.doc.text if e.doc else None) == doc


def test_class_members_and_locals_not_fields() -> None:
    fi = idx(FIELDS_SRC)
    point = fi.entity("Point")
    assert point is not None
    assert point.decorators == ["dataclass"]
    assert point.members == ["Point.norm", "Point.x", "Point.y", "Point.tags"]
    assert fi.entity("Point.norm.local") is None and fi.entity("local") is None


# -- imports ------------------------------------------------------------------------------

IMPORTS_SRC = """
from __future__ import annotations
import os
import os.path
import a.b as c, d
from x.y import z as w, v
from . import sibling
from ..pkg.mod import name
from ... import up
from .rel import *
def f():
    import json
"""


def test_imports_every_form() -> None:
    got = [(i.module, i.name, i.alias, i.level, i.line) for i in idx(IMPORTS_SRC).imports]
    assert got == [
        ("__future__", "annotations", None, 0, 1),
        ("os", None, None, 0, 2),
        ("os.path", None, None, 0, 3),
        ("a.b", None, "c", 0, 4),
        ("d", None, None, 0, 4),
        ("x.y", "z", "w", 0, 5),
        ("x.y", "v", None, 0, 5),
        ("", "sibling", None, 1, 6),
        ("pkg.mod", "name", None, 2, 7),
        ("", "up", None, 3, 8),
        ("rel", "*", None, 1, 9),
        ("json", None, None, 0, 11),
    ]


@pytest.mark.parametrize(
    ("imp", "bound"),
    [
        pytest.param(Import("os.path", None, None), "os", id="import-dotted-binds-first"),
        pytest.param(Import("a.b", None, "c"), "c", id="alias"),
        pytest.param(Import("x", "y", None), "y", id="from"),
    ],
)
def test_bound_names(imp: Import, bound: str) -> None:
    assert imp.bound_name == bound


# -- docstrings ---------------------------------------------------------------------------

DOCSTRINGS = [
    pytest.param('def f():\n    """One line."""\n', "f", "One line.", id="one-line"),
    pytest.param("def f():\n    '''Single quotes.'''\n", "f", "Single quotes.", id="single-triple"),
    pytest.param("def f():\n    'Plain quote.'\n", "f", "Plain quote.", id="plain-single"),
    pytest.param('def f():\n    "Plain double."\n', "f", "Plain double.", id="plain-double"),
    pytest.param('def f():\n    r"""Raw \\d+ text."""\n', "f", "Raw \\d+ text.", id="raw-prefix"),
    pytest.param('def f():\n    u"""Unicode prefix."""\n', "f", "Unicode prefix.", id="u-prefix"),
    pytest.param(
        'def f():\n    """Summary.\n\n    Details here\n      indented more.\n    """\n',
        "f", "Summary.\n\nDetails here\n  indented more.", id="multiline-dedent",
    ),
    pytest.param(
        'def f():\n    """\n    Starts on second line.\n    """\n', "f", "Starts on second line.", id="leading-newline",
    ),
    pytest.param(
        'def f():\n\t"""Tabbed.\n\n\tSecond\ttab line.\n\t"""\n', "f", "Tabbed.\n\nSecond\ttab line.", id="tabs",
    ),
    pytest.param(
        'class Ü:\n    """Ünïcödé 🎉 text.\n\n    More 🎉 here → ok.\n    """\n',
        "Ü", "Ünïcödé 🎉 text.\n\nMore 🎉 here → ok.", id="non-ascii-emoji",
    ),
    pytest.param('"""Module doc."""\nx = 1\n', "", "Module doc.", id="module"),
    pytest.param('# comment first\n"""Module doc after comment."""\n', "", "Module doc after comment.", id="module-after-comment"),
    pytest.param('class A:\n    """Class doc."""\n    x = 1\n', "A", "Class doc.", id="class"),
]


@pytest.mark.parametrize(("src", "owner", "text"), DOCSTRINGS)
def test_docstring_text(src: str, owner: str, text: str) -> None:
    fi = index_file("m.py", src)
    e = fi.entity(owner)
    assert e is not None and e.doc is not None
    assert e.doc.text == text
    assert e.doc.owner == owner and e.doc.kind == "docstring"
    assert e.doc in fi.docs


@pytest.mark.parametrize(("src", "owner", "text"), DOCSTRINGS)
def test_docstring_offsets_map_exactly(src: str, owner: str, text: str) -> None:
    fi = index_file("m.py", src)
    doc = fi.entity(owner).doc  # type: ignore[union-attr]
    assert doc is not None
    for i, ch in enumerate(doc.text):
        if ch != "\n":
            assert src[doc.file_offset(i)] == ch, (i, ch)


def test_offsets_exact_across_fixture_project() -> None:
    checked = 0
    for path in sorted(PYPROJ.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for doc in index_file(str(path), text).docs:
            for i, ch in enumerate(doc.text):
                if ch != "\n":
                    assert text[doc.file_offset(i)] == ch
                    checked += 1
    assert checked > 500


def test_non_docstring_string_is_not_a_doc() -> None:
    fi = idx('def f():\n    x = 1\n    "not a docstring"\n')
    assert fi.entity("f").doc is None  # type: ignore[union-attr]
    assert fi.docs == []


def test_docless_code_and_ranges() -> None:
    src = 'def f(a):\n    """Doc."""\n    return a\n'
    e = index_file("m.py", src).entity("f")
    assert e is not None
    assert e.code == src.rstrip("\n")
    assert e.docless_code == "def f(a):\n    return a"
    assert (e.range.start.line, e.range.end.line) == (0, 2)
    assert e.doc is not None and (e.doc.start_line, e.doc.end_line) == (1, 1)


def test_decorated_definition_code_includes_decorators() -> None:
    e = ent("@dec(1)\ndef f():\n    pass\n", "f")
    assert e.code.startswith("@dec(1)\n") and e.signature == "def f()" and e.decorators == ["dec(1)"]


def test_utf16_columns_in_ranges() -> None:
    src = 'x = "🎉"; y = 2\ndef f():\n    """Doc 🎉 after."""\n'
    doc = index_file("m.py", src).entity("f").doc  # type: ignore[union-attr]
    assert doc is not None and doc.range.start.col == 4


# -- comments -----------------------------------------------------------------------------

COMMENTS_SRC = """\
#!/usr/bin/env python
# -*- coding: utf-8 -*-
# Copyright 2024 Acme Inc.
# Licensed under the MIT license.
import os  # noqa: F401

# Limits for the batch job.
# Kept small on purpose.
LIMIT = 3


def run(items):
    # TODO: make this faster
    # Sort items before grouping them.
    items.sort()
    # x = compute(items)
    total = len(items)  # number of items
    total += 1  # type: ignore[operator]
    return total
"""


def comments(src: str) -> list[tuple[str, str, tuple[int, int] | None]]:
    return [(d.text, d.owner, d.target_lines) for d in index_file("m.py", src).docs if d.kind == "comment"]


def test_comment_blocks_attach_and_skip() -> None:
    assert comments(COMMENTS_SRC) == [
        ("Limits for the batch job.\nKept small on purpose.", "", (8, 8)),
        ("Sort items before grouping them.", "run", (14, 14)),
        ("number of items", "run", (16, 16)),
    ]


def test_comment_before_def_targets_the_def() -> None:
    src = "class A:\n    # Runs the job.\n    def go(self):\n        pass\n"
    assert comments(src) == [("Runs the job.", "A", (2, 3))]


def test_comment_offsets_map_exactly() -> None:
    src = "def f():\n    #   Indented  🎉 comment\n    #   second line\n    return 1\n"
    (doc,) = index_file("m.py", src).docs
    assert doc.text == "Indented  🎉 comment\nsecond line"
    for i, ch in enumerate(doc.text):
        if ch != "\n":
            assert src[doc.file_offset(i)] == ch


@pytest.mark.parametrize(
    ("text", "is_code"),
    [
        pytest.param("x = compute(items)", True, id="assignment"),
        pytest.param("return None", True, id="return"),
        pytest.param("import os", True, id="import"),
        pytest.param("self.save()", True, id="call"),
        pytest.param("if x > 1:", True, id="block-opener"),
        pytest.param("else:", True, id="else"),
        pytest.param('print("hello world")', True, id="call-with-prose-string"),
        pytest.param("for item in items:\n    total += item", True, id="loop"),
        pytest.param("Sort items before grouping them.", False, id="prose"),
        pytest.param("Example:", False, id="label"),
        pytest.param("Compute the total (see RFC 1234)", False, id="prose-with-parens"),
        pytest.param("Note: the value is cached", False, id="note"),
        pytest.param("items", False, id="lone-word"),
        pytest.param("=====", False, id="rule-line"),
        pytest.param("x == y means equal", False, id="mixed-prose"),
    ],
)
def test_looks_like_code(text: str, is_code: bool) -> None:
    assert looks_like_code(text) is is_code


@pytest.mark.parametrize(
    "comment",
    [
        pytest.param("# TODO: later", id="todo"),
        pytest.param("# FIXME broken", id="fixme"),
        pytest.param("# XXX odd", id="xxx"),
        pytest.param("# HACK around bug", id="hack"),
        pytest.param("# type: ignore", id="type-ignore"),
        pytest.param("# noqa: E501", id="noqa"),
        pytest.param("# pylint: disable=foo", id="pylint"),
        pytest.param("# fmt: off", id="fmt"),
        pytest.param("# pragma: no cover", id="pragma"),
        pytest.param("# docfact: ignore", id="docfact-pragma"),
        pytest.param("# result = run(x)", id="commented-out-code"),
    ],
)
def test_skipped_comments(comment: str) -> None:
    src = f"x = 1\n{comment}\ny = 2\n"
    assert comments(src) == []


def test_license_only_skipped_at_top() -> None:
    src = "x = 1\n# This code is under the license of the caller's choice.\ny = 2\n"
    assert len(comments(src)) == 1


# -- suppressions and syntax errors -------------------------------------------------------


@pytest.mark.parametrize(
    ("src", "suppressions", "ignore_file"),
    [
        pytest.param('def f():\n    """Doc."""  # docfact: ignore\n', {1: {"*"}}, False, id="all"),
        pytest.param("x = 1  # docfact: ignore[C4,C1]\n", {0: {"C4", "C1"}}, False, id="codes"),
        pytest.param("# docfact: ignore-file\nx = 1\n", {}, True, id="file"),
        pytest.param("x = 1\n" * 30 + "# docfact: ignore-file\n", {}, True, id="file-anywhere"),
        pytest.param("x = 1  # noqa\n", {}, False, id="none"),
    ],
)
def test_suppressions(src: str, suppressions: dict[int, set[str]], ignore_file: bool) -> None:
    fi = index_file("m.py", src)
    assert fi.suppressions == suppressions
    assert fi.ignore_file is ignore_file


def test_syntax_errors_recorded_and_docs_inside_error_skipped() -> None:
    src = textwrap.dedent(
        '''
        def good():
            """Good doc."""
            return 1

        def bad(:
            """Broken doc."""
            # broken comment here
            return (

        class After:
            """After doc."""
        '''
    )
    fi = index_file("m.py", src)
    assert fi.syntax_error_lines
    texts = [d.text for d in fi.docs]
    assert "Good doc." in texts
    assert "Broken doc." not in texts and "broken comment here" not in texts
    assert fi.entity("good") is not None


# -- dispatch, module names and safety ----------------------------------------------------


@pytest.mark.parametrize(
    ("path", "lang"),
    [
        pytest.param("a/b.py", "python", id="py"),
        pytest.param("a/b.pyi", "python", id="pyi"),
        pytest.param("A.java", "java", id="java"),
        pytest.param("a/b.txt", None, id="other"),
    ],
)
def test_language_for_path(path: str, lang: str | None) -> None:
    assert language_for_path(path) == lang


def test_index_file_module_defaults_and_errors() -> None:
    assert index_file("pkg/sub/mod.py", "x = 1\n").module == "pkg.sub.mod"
    assert index_file("pkg/__init__.py", "").module == "pkg"
    assert index_file(str(PYPROJ / "shop" / "store.py"), "").module == "shop.store"
    assert index_file("m.py", "", module="given.name").module == "given.name"
    with pytest.raises(ValueError):
        index_file("notes.txt", "hello")


def test_indexing_never_executes_workspace_code(tmp_path: Path) -> None:
    marker = tmp_path / "executed.txt"
    mod = tmp_path / "evil.py"
    mod.write_text(
        f'"""Writes a marker file when imported."""\nfrom pathlib import Path\n'
        f"Path({str(marker)!r}).write_text('ran')\n\ndef f():\n    \"\"\"Doc.\"\"\"\n",
        encoding="utf-8",
    )
    fi = index_file(str(mod), mod.read_text(encoding="utf-8"))
    assert fi.entity("f") is not None
    assert not marker.exists()


def test_fixture_project_facts() -> None:
    store_py = PYPROJ / "shop" / "store.py"
    fi = index_file(str(store_py), store_py.read_text(encoding="utf-8"))
    prune = fi.entity("Store.prune")
    assert prune is not None and prune.qualname == "shop.store.Store.prune"
    assert prune.return_kinds == ["list"]  # ``gone = [...]`` ... ``return gone``
    save = fi.entity("Store.save")
    assert save is not None and {"data_path", "json.dumps", "open"} <= set(save.calls)
    init = index_file(str(PYPROJ / "shop" / "__init__.py"), (PYPROJ / "shop" / "__init__.py").read_text())
    assert [(i.module, i.name, i.alias, i.level) for i in init.imports] == [
        ("store", "Store", None, 1), ("util", "slugify", "make_slug", 1)
    ]
