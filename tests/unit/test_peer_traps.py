"""What the established peer (pydoclint) proves (issue 28): for each cause of a false finding or a
miss seen on its test data, a trap written anew that must stay quiet and a planted case that is
found. Each case is (files, target, expected C1-C3 rule ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules

CASES = [
    # ---- 1. Sphinx ``:ytype:`` is the yield type, not a return claim -------------------------
    pytest.param({"walk.py": '''
        from typing import Iterator

        def names(root: str) -> Iterator[str]:
            """Walk the tree.

            :param root: where to start.
            :yield: each file name.
            :ytype: str
            """
            yield root
        '''}, "walk.py", [], id="ytype-matches-iterator-trap"),
    pytest.param({"walk.py": '''
        def sizes(root):
            """Walk the tree.

            :param root: where to start.
            :yield: each size.
            :ytype: int
            """
            for part in root.split("/"):
                yield 3
        '''}, "walk.py", [], id="ytype-unannotated-generator-trap"),
    pytest.param({"walk.py": '''
        from typing import Iterator

        def names(root: str) -> Iterator[str]:
            """Walk the tree.

            :param root: where to start.
            :yield: each file size.
            :ytype: int
            """
            yield root
        '''}, "walk.py", ["C2.return-type"], id="ytype-contradicts-annotation-planted"),
    pytest.param({"walk.py": '''
        def sizes(root):
            """Walk the tree.

            :param root: where to start.
            :yield: each size.
            :ytype: str
            """
            yield 3
            yield 4
        '''}, "walk.py", ["C2.yield-type"], id="ytype-contradicts-yielded-values-planted"),
    # ---- 5. a stub annotated ``-> None`` documenting Yields -------------------------------------
    pytest.param({"walk.pyi": '''
        from typing import Iterator

        def names(root: str) -> Iterator[str]:
            """Walk the tree.

            Yields:
                str: each file name.
            """
            ...
        '''}, "walk.pyi", [], id="stub-iterator-yields-trap"),
    pytest.param({"walk.pyi": '''
        def names(root: str) -> None:
            """Walk the tree.

            Yields:
                str: each file name.
            """
            ...
        '''}, "walk.pyi", ["C2.return-type"], id="stub-none-yields-planted"),
    # ---- 5. the container written for the yielded type -----------------------------------------
    pytest.param({"walk.py": '''
        from typing import Iterable, Iterator

        def names(root: str) -> Iterable[str]:
            """Walk the tree.

            Yields:
                Iterable[str]: each file name.
            """
            yield root
        '''}, "walk.py", ["C2.return-type"], id="yields-container-planted"),
    pytest.param({"walk.py": '''
        from typing import Iterable, Iterator

        def names(root: str) -> Iterable[str]:
            """Walk the tree.

            Yields:
                str: each file name.
            """
            yield root

        def chunks(root: str) -> Iterator[Iterator[str]]:
            """Walk the tree.

            Yields:
                Iterator[str]: the names of each folder.
            """
            yield iter([root])
        '''}, "walk.py", [], id="yields-container-trap"),
    # ---- 7. a broad Exception documented on code that cannot raise ----------------------------
    pytest.param({"calc.py": '''
        def two(arg1):
            """Give two.

            Raises:
                Exception: when something goes wrong.
            """
            return 2
        '''}, "calc.py", ["C3.raises-not-raised"], id="broad-exception-never-raised-planted"),
    pytest.param({"calc.py": '''
        def add(arg1):
            """Add two.

            Raises:
                Exception: when something goes wrong.
            """
            return arg1 + 2

        def load(path):
            """Load it.

            Raises:
                Exception: when something goes wrong.
            """
            return open(path)
        '''}, "calc.py", [], id="broad-exception-may-be-raised-trap"),
    # ---- 2. Returns documents a generator's own return value ------------------------------------
    pytest.param({"walk.pyi": '''
        from typing import Generator

        def count(root: str) -> Generator[str, None, int]:
            """Walk the tree.

            Yields:
                str: each file name.

            Returns:
                int: how many names were listed.
            """
            ...
        '''}, "walk.pyi", [], id="stub-generator-return-value-trap"),
    pytest.param({"walk.pyi": '''
        from typing import Generator

        def count(root: str) -> Generator[str, None, int]:
            """Walk the tree.

            Yields:
                str: each file name.

            Returns:
                str: the last name.
            """
            ...
        '''}, "walk.pyi", ["C2.return-type"], id="stub-generator-return-value-planted"),
    pytest.param({"walk.py": '''
        from typing import Iterator

        def count(num: int) -> Iterator[int]:
            """Count up.

            Returns:
                str: a closing message.

            Yields:
                int: the next number.
            """
            for i in range(num):
                yield i
            return "done"
        '''}, "walk.py", [], id="generator-return-statement-trap"),
    pytest.param({"walk.py": '''
        from typing import Iterator

        def count(num: int) -> Iterator[int]:
            """Count up.

            Returns:
                str: a closing message.

            Yields:
                int: the next number.
            """
            for i in range(num):
                yield i
            return 0.5
        '''}, "walk.py", ["C2.generator-return"], id="generator-return-statement-planted"),
    # ---- 4. bool, int and float are different types in a docstring ------------------------------
    pytest.param({"calc.py": '''
        def scale(x: int, ratio: int | float, flag: bool | None = None, size: "float | None" = None) -> float:
            """Scale a value.

            Args:
                x (int): the value.
                ratio (float): the ratio.
                flag (bool, optional): whether to round.
                size (number): the size.

            Returns:
                float: the scaled value.
            """
            return x * ratio
        '''}, "calc.py", [], id="scalar-types-that-match-trap"),
    pytest.param({"calc.py": '''
        def scale(x: int, flag: int) -> int:
            """Scale a value.

            Args:
                x (float): the value.
                flag (bool): whether to round.

            Returns:
                bool: the scaled value.
            """
            return x * 2
        '''}, "calc.py", ["C2.param-type", "C2.param-type", "C2.return-type"], id="scalar-types-that-differ-planted"),
    pytest.param({"calc.py": '''
        def pick(x: str) -> str | bool | None:
            """Pick a value.

            Args:
                x (str): the value.

            Returns:
                str | bool: what was picked, or None.
            """
            return x or None
        '''}, "calc.py", [], id="union-optional-left-out-trap"),
    pytest.param({"calc.py": '''
        def pick(x: str) -> str | bool | None:
            """Pick a value.

            Args:
                x (str): the value.

            Returns:
                str | bool | float: what was picked.
            """
            return x or None
        '''}, "calc.py", ["C2.return-type"], id="union-member-missing-planted"),
    pytest.param({"calc.py": '''
        def count(x) -> float:
            """Count.

            Args:
                x: the values.

            Returns:
                a number: how many.
            """
            return 0
        '''}, "calc.py", [], id="unannotated-int-literal-for-float-trap"),
    # ---- a decorated method is read like any other (its ``@classmethod`` line came first) ----
    pytest.param({"shop.py": '''
        class Stock:
            @classmethod
            def reset(cls):
                """Empty every shelf.

                Returns:
                    int: The number of items removed.
                """
                print("reset")

            @staticmethod
            def audit():
                """Check the shelves.

                Returns:
                    bool: Whether every count adds up.
                """
                print("audit")
        '''}, "shop.py", ["C2.return-type", "C2.return-type"], id="decorated-method-returns-nothing-planted"),
    pytest.param({"shop.py": '''
        class Stock:
            @classmethod
            def reset(cls):
                """Empty every shelf.

                Returns:
                    int: The number of items removed.
                """
                return None
        '''}, "shop.py", [], id="decorated-hook-returning-none-trap"),
    # ---- a NumPy ``name : type`` line of the docs does not define the attribute it documents --
    pytest.param({"shelf.py": '''
        class Shelf:
            """A shelf.

            Attributes
            ----------
            label : str
                What the shelf holds.
            depth : int
                How deep it is.
            """

            label: str

            def __init__(self, label):
                self.label = label
        '''}, "shelf.py", ["C1.unknown-attribute"], id="numpy-attribute-defined-nowhere-planted"),
    pytest.param({"shelf.py": '''
        class Shelf:
            """A shelf.

            Attributes
            ----------
            width : int
                How wide it is.
            depth : int
                How deep it is.
            height : int
                How high it is.
            """

            width, depth = 3, 4
            height = top = 2
        '''}, "shelf.py", [], id="tuple-assigned-class-attributes-trap"),
    # ---- escaped underscores in Google items, attribute types against annotations ------------
    pytest.param({"esc.py": '''
        def keep(arg1_: int, some_thing_2__: str) -> None:
            r"""Keep things.

            Args:
                arg1\\_ (int): The first.
                some_thing_2\\_\\_ (str): The second.
            """
        '''}, "esc.py", [], id="escaped-underscores-in-google-items-trap"),
    pytest.param({"esc.py": '''
        def keep(arg1_: int, some_thing_2__: str) -> None:
            r"""Keep things.

            Args:
                arg1\\_ (str): The first.
                some_thing_2\\_\\_ (str): The second.
            """
        '''}, "esc.py", ["C2.param-type"], id="escaped-underscore-item-type-planted"),
    pytest.param({"shelf.py": '''
        class Shelf:
            """A shelf.

            Attributes:
                label (int): What the shelf holds.
                depth (int): How deep it is.
            """

            label: str
            depth: int = 3
        '''}, "shelf.py", ["C2.param-type"], id="attribute-type-against-annotation-planted"),
    # ---- reST attribute directives, nested generators, Annotated and quoted defaults ----------
    pytest.param({"shelf.py": '''
        class Shelf:
            """A shelf.

            .. attribute:: label
                :type: int

                What the shelf holds.

            .. attribute:: depth

                How deep it is.
            """

            label: str

            def __init__(self, label):
                self.label = label
        '''}, "shelf.py", ["C1.unknown-attribute", "C2.param-type"], id="rest-attribute-directive-planted"),
    pytest.param({"words.py": '''
        def joined(words: list[str]) -> str:
            """Join the words.

            Yields:
                str: Each word.
            """

            def each(items):
                """Each item.

                Yields:
                    str: An item.
                """
                for item in items:
                    yield item

            return ",".join(each(words))
        '''}, "words.py", ["C3.not-generator"], id="only-a-nested-function-yields-planted"),
    pytest.param({"units.py": '''
        from typing import Annotated, Literal


        class Reading:
            """A reading.

            Attributes:
                value (Annotated[str, 'unit, default=m'], default=...): The value.
                kind (Literal['raw, default=x']): The kind.
            """

            value: Annotated[int, 'unit, default=m'] = 0
            kind: Literal['raw, default=x'] = 'raw, default=x'
        '''}, "units.py", ["C2.param-type"], id="annotated-type-with-quoted-default-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_peer_case(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


def test_escaped_underscore_is_the_name() -> None:
    from docfact.docs.fields import numpy_item

    text = "some_thing_2\\_\\_ : int\n    Arg"
    item = numpy_item(text, 0, len(text), "param")
    assert item.name == "some_thing_2__"
