"""Code inside the docs is code: example lines are cut out exactly, read in order, and their
imports, attributes and keyword arguments are held to the project (and the installed modules).
Each planted error fires with its rule, line, message and fix; each trap is something real
docs do and stays quiet."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from judging import judge_files

from docfact.docs.layout import layout
from docfact.docs.segments import example_segments, segment_doc
from docfact.index import index_file
from docfact.positions import LineIndex

SHOP = {
    "shop/__init__.py": '''
        """The shop."""
        from shop.cart import Cart
        ''',
    "shop/cart.py": '''
        """Carts."""


        class Cart:
            """A basket of items."""

            def __init__(self, owner=None, *, currency="EUR"):
                self.owner = owner
                self.items = []

            def add(self, item, quantity=1):
                self.items.append((item, quantity))

            def total(self):
                return len(self.items)


        def checkout(cart, *, express=False):
            return cart.total()


        def loose(cart, **options):
            return options


        def open_cart(owner) -> Cart:
            return Cart(owner)


        def reopen_cart(owner) -> "Cart":
            return Cart(owner)
        ''',
    "shop/lazy.py": '''
        """Names made on first use."""


        def __getattr__(name):
            raise AttributeError(name)
        ''',
    "shop/compat.py": '''
        """Everything of os.path, re-exported."""
        from os.path import *
        ''',
    "shop/dyn.py": '''
        """Names written into the globals in code."""
        for _n in ("alpha", "beta"):
            globals()[_n] = _n
        ''',
    "shop/models.py": '''
        """Classes docfact cannot list in full."""
        from dataclasses import dataclass


        class Meta(type):
            pass


        class Record(metaclass=Meta):
            def save(self):
                pass


        class Bag(dict):
            def weigh(self):
                return 0


        class Proxy:
            def __getattr__(self, name):
                return name


        class Loose:
            def __init__(self, **fields):
                for k, v in fields.items():
                    setattr(self, k, v)


        @dataclass
        class Point:
            x: int = 0
            y: int = 0


        class Geometry:
            def __init__(self, kind):
                self.__class__ = MultiPoint if kind == "multi" else Geometry

            def area(self):
                return 0


        class MultiPoint(Geometry):
            def add(self, point):
                pass


        class Shape:
            def area(self):
                return 0


        class Circle(Shape):
            radius = 1


        def make_shape() -> Shape:
            return Circle()


        def traced(fn):
            return fn


        @traced
        def plotted(a, b=1):
            return a
        ''',
}


def check(tmp_path: Path, doc_module: str):
    files = {**SHOP, "shop/doc.py": doc_module}
    return judge_files(tmp_path, files, "shop/doc.py")


def found(result) -> list[tuple[str, int, str, str | None]]:
    """(rule, 1-based line, message, fix text) of every example finding."""
    return [(f.rule, f.segment.range.start.line + 1, f.message, f.fix.new_text if f.fix else None)
            for f in result.findings if f.rule.startswith("C1.example")]


def doc_of(body: str) -> str:
    """A module whose function ``use`` has ``body`` as its docstring (body lines indented 4)."""
    return 'from shop.cart import Cart\n\n\ndef use():\n    """Use the shop.\n\n' + textwrap.indent(
        textwrap.dedent(body).strip("\n"), "    ") + '\n    """\n'


FIRES = [
    pytest.param("""
        >>> from shop.cart import Kart
        """, ("C1.example-import", 7, "the example imports `Kart` from `shop.cart`, which does not define it; "
                                      "did you mean `Cart`?", "Cart"), id="import-of-a-missing-project-name"),
    pytest.param("""
        Example::

            from shop.cart import \\
                Cart, \\
                Kart
        """, ("C1.example-import", 11, "the example imports `Kart` from `shop.cart`, which does not define it; "
                                       "did you mean `Cart`?", "Cart"), id="import-continued-with-backslashes"),
    pytest.param("""
        >>> import shop.carts
        """, ("C1.example-import", 7, "the example imports `shop.carts`, but the project has no module "
                                      "`shop.carts`", None), id="import-of-a-missing-project-module"),
    pytest.param("""
        >>> from json import dumpz
        """, ("C1.example-import", 7, "the example imports `dumpz` from `json`, which does not define it; "
                                      "did you mean `dumps`?", "dumps"), id="import-of-a-missing-stdlib-name"),
    pytest.param("""
        >>> cart = Cart(owner="ann")
        >>> cart.add("pear")
        >>> cart.totl()
        1
        """, ("C1.example-attribute", 9, "`totl` is not an attribute of instance of `Cart`; did you mean "
                                         "`total`?", "total"), id="method-of-an-instance-the-example-made"),
    pytest.param("""
        >>> Cart().ad("pear")
        """, ("C1.example-attribute", 7, "`ad` is not an attribute of instance of `Cart`; did you mean `add`?",
              "add"), id="method-of-a-constructed-instance"),
    pytest.param("""
        >>> import shop.cart as carts
        >>> carts.chekout(carts.Cart())
        """, ("C1.example-attribute", 8, "`chekout` is not defined in module `shop.cart`; did you mean "
                                         "`checkout`?", "checkout"), id="function-of-an-imported-project-module"),
    pytest.param("""
        >>> import shop
        >>> shop.cart.Kart
        """, ("C1.example-attribute", 8, "`Kart` is not defined in module `shop.cart`; did you mean `Cart`?",
              "Cart"), id="dotted-path-through-packages"),
    pytest.param("""
        >>> cart = Cart(ownr="ann")
        """, ("C1.example-keyword", 7, "`ownr` is not a parameter of `Cart` (its `__init__`); did you mean "
                                       "`owner`?", "owner"), id="keyword-the-constructor-does-not-take"),
    pytest.param("""
        >>> cart = Cart()
        >>> cart.add("pear",
        ...          quantiy=3)
        """, ("C1.example-keyword", 9, "`quantiy` is not a parameter of `add`; did you mean `quantity`?",
              "quantity"), id="keyword-on-a-continuation-line"),
    pytest.param("""
        Example::

            from shop.cart import checkout
            checkout(Cart(), expres=True)
        """, ("C1.example-keyword", 10, "`expres` is not a parameter of `checkout`; did you mean `express`?",
              "express"), id="keyword-in-a-literal-block"),
    pytest.param("""
        .. code-block:: python

            cart = Cart()
            cart.totol()
        """, ("C1.example-attribute", 10, "`totol` is not an attribute of instance of `Cart`; did you mean "
                                          "`total`?", "total"), id="attribute-in-a-code-block-directive"),
    pytest.param("""
        >>> from shop.cart import open_cart
        >>> open_cart("ann").totl()
        """, ("C1.example-attribute", 8, "`totl` is not an attribute of instance of `Cart`; did you mean "
                                         "`total`?", "total"), id="method-of-what-a-function-is-annotated-to-return"),
    pytest.param("""
        >>> from shop.cart import reopen_cart
        >>> reopen_cart("ann").totl()
        """, ("C1.example-attribute", 8, "`totl` is not an attribute of instance of `Cart`; did you mean "
                                         "`total`?", "total"), id="method-of-a-quoted-return-annotation"),
    pytest.param("""
        >>> from shop.models import Geometry
        >>> Geometry("multi").proj
        """, ("C1.example-attribute", 8, "`proj` is not an attribute of instance of `Geometry`", None),
        id="attribute-no-subclass-has-when-the-class-changes-its-class"),
    pytest.param("""
        Examples:
            ```python
            Cart().totl()
            ```
        """, ("C1.example-attribute", 9, "`totl` is not an attribute of instance of `Cart`; did you mean "
                                         "`total`?", "total"), id="attribute-in-a-fence-in-an-examples-section"),
]


@pytest.mark.parametrize(("body", "expected"), FIRES)
def test_a_wrong_example_line_fires(tmp_path: Path, body: str, expected: tuple) -> None:
    assert found(check(tmp_path, doc_of(body))) == [expected]


QUIET = [
    pytest.param("""
        >>> cart = Cart()
        >>> cart.add("pear", quantity=2)
        >>> cart.total(), cart.items, cart.owner
        (1, [('pear', 2)], None)
        >>> from shop import Cart
        >>> from shop.cart import checkout, loose
        >>> checkout(cart, express=True)
        1
        >>> loose(cart, anything=1)
        {'anything': 1}
        """, id="real-names"),
    pytest.param("""
        >>> for cart in ["a", "b"]:
        ...     cart.upper()
        'A'
        >>> [cart.strip() for cart in ["a"]]
        ['a']
        >>> cart = "rebound"
        >>> cart.totl()
        """, id="names-rebound-by-the-example"),
    pytest.param("""
        >>> cart = Cart()
        >>> cart.note = "gift"
        >>> cart.note
        'gift'
        """, id="attribute-the-example-sets"),
    pytest.param("""
        >>> basket.totl()
        >>> from nosuchpackage import anything
        >>> import nosuchpackage.sub
        """, id="names-never-bound-and-packages-not-installed"),
    pytest.param("""
        >>> from shop.lazy import whatever
        >>> from shop.compat import joinn
        >>> from shop.dyn import alpha
        >>> import shop.lazy
        >>> shop.lazy.anything
        """, id="modules-that-may-bind-any-name"),
    pytest.param("""
        >>> from shop.models import Record, Bag, Proxy, Loose, Point, plotted
        >>> Record().delete()
        >>> Bag().keys()
        >>> Proxy().anything
        >>> Loose(colour="red").colour
        >>> Point(x=1, z=2)
        >>> plotted(1, c=2)
        >>> from shop.models import Geometry
        >>> Geometry("multi").add((0, 0))
        >>> from shop.models import make_shape
        >>> make_shape().radius
        """, id="classes-and-functions-docfact-cannot-list"),
    pytest.param("""
        >>> cart = Cart()
        >>> cart.items
        cart.totl
        >>> print "cart".totl
        >>> raise ValueError("cart.totl")
        Traceback (most recent call last):
        ...
        ValueError: cart.totl
        """, id="output-lines-and-syntax-errors"),
    pytest.param("""
        Run it from a shell::

            $ python -m shop.cart.totl --owner=ann
            shop.cart.Kart: done
        """, id="literal-block-that-is-not-python"),
    pytest.param("""
        >>> import re, os
        >>> re.IGNORECASE
        >>> from re import IGNORECASE
        >>> os.getcwd()
        >>> from typing import override
        >>> from json import JSONDecoder, loads
        """, id="stdlib-names-bound-in-code-or-of-another-python-version"),
]


@pytest.mark.parametrize("body", QUIET)
def test_a_true_example_stays_quiet(tmp_path: Path, body: str) -> None:
    assert found(check(tmp_path, doc_of(body))) == []


def test_the_documented_module_scope_is_the_doctest_namespace(tmp_path: Path) -> None:
    source = '''
        """The cart module's own docs.

        >>> Cart.totl
        """
        from shop.cart import Cart
        '''
    assert [f[:2] for f in found(check(tmp_path, source))] == [("C1.example-attribute", 3)]


def test_a_name_only_the_docs_mention_is_not_defined(tmp_path: Path) -> None:
    source = '''
        """Carts.

        >>> from shop.doc import Basket
        """


        def helper():
            """Not ``Basket`` either."""
        '''
    assert [f[0] for f in found(check(tmp_path, source))] == ["C1.example-import"]


def test_the_fix_replaces_exactly_the_wrong_name(tmp_path: Path) -> None:
    result = check(tmp_path, doc_of("""
        >>> Cart().add("pear", quantiy=3)
        """))
    (finding,) = [f for f in result.findings if f.rule == "C1.example-keyword"]
    text = (tmp_path / "shop/doc.py").read_text(encoding="utf-8")
    assert text[finding.fix.start:finding.fix.end] == "quantiy"
    assert finding.segment.text == '>>> Cart().add("pear", quantiy=3)'
    assert finding.segment.kind == "code"


def test_example_lines_are_no_sentences_and_count_only_when_wrong(tmp_path: Path) -> None:
    right = check(tmp_path, doc_of("""
        >>> Cart().total()
        0
        """))
    (doc,) = [d for d in right.docs if d.symbol == "use"]
    assert [s.text for s in doc.segments] == ["Use the shop."]
    assert [s.text for s in doc.examples] == [">>> Cart().total()"]
    assert doc.score == 1.0 and doc.pairs == 4
    wrong = check(tmp_path, doc_of("""
        >>> Cart().totl()
        0
        """))
    (doc,) = [d for d in wrong.docs if d.symbol == "use"]
    assert len(doc.segments) == 1 and doc.pairs == 5
    assert doc.score == pytest.approx(4 / 5)


def _units(text: str):
    fi = index_file("/tmp/m.py", text, "m")
    (doc,) = fi.docs
    return doc, LineIndex(text)


def test_example_segments_are_the_source_lines_with_exact_ranges() -> None:
    text = textwrap.dedent('''
        def f():
            """Sum.

            >>> total = add(1,
            ...             2)
            >>> total
            3
            ...
            >>> total  # doctest: +ELLIPSIS
            3...

            Prose after the example.
            """
        ''').lstrip("\n")
    doc, lines = _units(text)
    prose = segment_doc(doc, lines)
    assert [s.text for s in prose] == ["Sum.", "Prose after the example."]
    code = example_segments(doc, lines, len(prose))
    assert [(s.index, s.range.start.line + 1, s.range.start.col, s.text) for s in code] == [
        (2, 4, 4, ">>> total = add(1,"),
        (3, 5, 4, "...             2)"),
        (4, 6, 4, ">>> total"),
        (5, 9, 4, ">>> total  # doctest: +ELLIPSIS"),
    ]


@pytest.mark.parametrize(("text", "langs"), [
    pytest.param("Intro::\n\n    x = 1\n\nAfter.", [""], id="literal-block"),
    pytest.param(".. code-block:: python\n   :linenos:\n\n   x = 1\n", ["python"], id="code-block-with-option"),
    pytest.param(".. doctest::\n\n   >>> x = 1\n", ["pycon"], id="doctest-directive"),
    pytest.param("```py\nx = 1\n```\n", ["py"], id="markdown-fence"),
    pytest.param("Examples\n--------\n>>> x = 1\n", ["pycon"], id="numpy-examples-section"),
    pytest.param("Example:\n    Some prose.\n\n    >>> x = 1\n", ["pycon"], id="google-example-section"),
    pytest.param(".. math::\n\n   x = 1\n", [], id="math-is-no-code-block"),
])
def test_layout_keeps_code_blocks_apart_from_prose(text: str, langs: list[str]) -> None:
    blocks = layout(text)
    assert [b.lang for b in blocks if b.kind == "code"] == langs
    assert all("x = 1" not in text[b.start:b.end] for b in blocks if b.kind != "code")


NOT_MEANT = [
    pytest.param("""
        >>> Cart().totl()
        Traceback (most recent call last):
        AttributeError: 'Cart' object has no attribute 'totl'
        """, id="expected-output-is-a-traceback"),
    pytest.param("""
        The module is not called ``shop.basket``: otherwise there would be imports like this one::

            from shop.cart import Basket
        """, id="hypothetical-code"),
    pytest.param("""
        Do not write:

        >>> Cart(ownr="ann")
        >>> Cart().totl()
        """, id="code-shown-as-wrong"),
]


@pytest.mark.parametrize("body", NOT_MEANT)
def test_code_shown_failing_on_purpose_is_not_judged(tmp_path: Path, body: str) -> None:
    assert found(check(tmp_path, doc_of(body))) == []


JAVA = {
    "src/com/shop/Base.java": """
        package com.shop;

        public abstract class Base {
            protected int size() { return 0; }
        }
        """,
    "src/com/shop/Cart.java": """
        package com.shop;

        import java.util.ArrayList;

        public class Cart extends Base implements Sized {
            private final String owner;
            public Cart(String owner) { this.owner = owner; }
            public void add(String item) { }
            public int total() { return 0; }
            public static Cart empty() { return new Cart(""); }
        }
        """,
    "src/com/shop/Sized.java": """
        package com.shop;

        public interface Sized {
            default boolean isEmpty() { return true; }
        }
        """,
    "src/com/shop/Kinds.java": """
        package com.shop;

        import java.util.ArrayList;
        import lombok.Data;

        enum Colour { RED, GREEN }

        record Item(String name) { }

        class Optional { public boolean present() { return true; } }

        @Data
        class Generated { private String label; }

        class Items extends ArrayList<String> { }
        """,
}


def check_java(tmp_path: Path, javadoc: str):
    body = textwrap.indent(textwrap.dedent(javadoc).strip("\n"), " * ")
    files = {**JAVA, "src/com/shop/Doc.java": f"package com.shop;\n\n/**\n * Uses the shop.\n *\n{body}\n */\n"
                                                "public class Doc { }\n"}
    return judge_files(tmp_path, files, "src/com/shop/Doc.java")


JAVA_FIRES = [
    pytest.param("""
        <pre>{@code
        Cart cart = new Cart("ann");
        cart.totl();
        }</pre>
        """, ("C1.example-attribute", 8, "`totl` is not a method of `Cart` or its supertypes; did you mean "
                                         "`total`?", "total"), id="method-of-a-declared-variable"),
    pytest.param("""
        <pre>{@code
        Cart.empty().sise();
        }</pre>
        """, ("C1.example-attribute", 7, "`sise` is not a method of `Cart` or its supertypes; did you mean "
                                         "`size`?", "size"), id="method-on-a-returned-project-type"),
    pytest.param("""
        <pre>{@code
        import com.shop.Kart;
        }</pre>
        """, ("C1.example-import", 7, "the example imports `com.shop.Kart`, but package `com.shop` has no "
                                      "class `Kart`; did you mean `Cart`?", "Cart"), id="import-of-a-missing-class"),
]


@pytest.mark.parametrize(("javadoc", "expected"), JAVA_FIRES)
def test_a_wrong_java_example_fires(tmp_path: Path, javadoc: str, expected: tuple) -> None:
    assert found(check_java(tmp_path, javadoc)) == [expected]


def test_true_java_examples_stay_quiet(tmp_path: Path) -> None:
    result = check_java(tmp_path, """
        <pre>{@code
        import com.shop.Cart;
        var cart = new Cart("ann");
        cart.add("pear");
        cart.isEmpty();
        cart.toString();
        for (Cart c : carts) {
            c.total();
        }
        Colour.values();
        Colour.RED.name();
        new Item("x").name();
        new Generated().getLabel();
        new Items().stream();
        Sized s = cart;
        s.isEmpty();
        String owner = "x";
        owner.lenght();
        unknown.anything();
        }</pre>
        <pre>{@code
        import java.util.Optional;
        Optional.empty().isPresent();
        }</pre>
        Never write this:
        <pre>{@code
        new Cart("x").totl();
        }</pre>
        """)
    assert found(result) == []


def test_code_in_a_comment_is_no_example(tmp_path: Path) -> None:
    source = '''
        from shop.cart import Cart


        def use():
            # Old way, kept for reference:
            # >>> Cart().totl()
            return Cart()
        '''
    result = check(tmp_path, source)
    assert [d.examples for d in result.docs if d.doc.kind == "comment"] == [[]]
    assert found(result) == []


def test_hover_counts_the_wrong_example_line(tmp_path: Path) -> None:
    from docfact.lsp.features.hover import render

    result = check(tmp_path, doc_of("""
        >>> Cart().totl()
        """))
    (doc,) = [d for d in result.docs if d.symbol == "use"]
    assert "**Docstring score:** 0.80 (1 sentences x 4 criteria + 1 wrong example line)" in render(doc, doc.findings)


def test_a_verdict_with_an_example_finding_moves_with_an_edit_above(tmp_path: Path) -> None:
    from docfact.lsp.doc_cache import relocate

    result = check(tmp_path, doc_of("""
        >>> Cart().totl()
        """))
    (res,) = [d for d in result.docs if d.symbol == "use"]
    text = (tmp_path / "shop/doc.py").read_text(encoding="utf-8")
    moved_index = index_file(str(tmp_path / "shop/doc.py"), "\n\n" + text, "shop.doc")
    (doc,) = [d for d in moved_index.docs if d.owner == "use"]
    moved = relocate(res, doc, moved_index.entity("use"))
    assert moved is not None
    assert [(f.rule, f.segment.range.start.line + 1) for f in moved.findings] == [("C1.example-attribute", 9)]


def test_a_block_that_names_no_language_gives_lines_only_when_it_is_python() -> None:
    text = textwrap.dedent('''
        def f():
            """Install and use.

            Install it::

                $ pip install shop

            Then::

                cart = Cart()
            """
        ''').lstrip("\n")
    doc, lines = _units(text)
    assert [s.text for s in example_segments(doc, lines, 0)] == ["cart = Cart()"]
