"""The causes of false findings the fresh10 audit found (the set is studied now, so spent), each
with invented code: a trap written anew that stays quiet and a planted case that is still found.
Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _network(base_import: str, base: str) -> dict[str, str]:
    """``Network`` whose base comes from a compiled module of the package (no source), or from
    a project class whose methods docfact can list."""
    return one_module("netgraph/network.py", f'''
        """Networks."""
        {base_import}


        class Network({base}):
            """A network."""

            def connectivity_local_undirected(self, vertices=None):
                """Local clustering of the vertices."""
                return vertices

            def connectivity_avg(self):
                """Average clustering.

                See :meth:`connectivity_undirected` and :meth:`connectivity_local_undirected`.
                """
                return self.connectivity_local_undirected()
        ''')


def _lines(sentence: str) -> dict[str, str]:
    return one_module("drawkit/text.py", f'''
        """Text."""


        class TextDrawer:
            """Draws text."""

            def __init__(self, text):
                self.text = text

            def _iter_lines(self):
                """{sentence}"""
                for line in self.text.split("\\n"):
                    yield line, len(line)
        ''')


def _fasta(annotation: str) -> dict[str, str]:
    return one_module("seqkit/fasta.py", f'''
        """FASTA files."""
        from typing import Iterator


        def read_records(lines) -> Iterator[{annotation}]:
            """Read the records one by one.

            Yields
            ------
            header : str
                The header of the record.
            sequence : str
                The sequence of the record.
            """
            for line in lines:
                yield line[:10], line[10:]
        ''')


def _matching(init_body: str) -> dict[str, str]:
    return one_module("graphkit/matching.py", f'''
        """Matchings."""


        class Matching:
            """A matching of a graph."""

            def __init__(self, graph, pairs):
                """Build a matching.

                :raises ValueError: if the pairs are not a valid matching of the graph.
                """
                self.graph = graph
                {init_body}

            @property
            def pairs(self):
                """The matched pairs."""
                return self._pairs

            @pairs.setter
            def pairs(self, value):
                if len(set(value)) != len(value):
                    raise ValueError("not a matching")
                self._pairs = value
        ''')


def _nested(sentence: str, body: str) -> dict[str, str]:
    return one_module("rowkit/rows.py", f'''
        """Rows."""


        def get_one(row, name):
            """Get one attribute."""
            return getattr(row, name)


        def get_nested(row, path):
            """{sentence}"""
            {body}
        ''')


def _symmetry(body: str) -> dict[str, str]:
    return one_module("crystal/groups.py", f'''
        """Space groups."""
        TABLE = {{"1": "P1", "2": "P-1"}}


        def group_transforms(group: str):
            """The transforms of a space group.

            Parameters
            ----------
            group : str or int
                The group's symbol or its number.
            """
            {body}
        ''')


def _logger(description: str) -> dict[str, str]:
    return one_module("simkit/logs.py", f'''
        """Logging."""


        def setup_logger(level=10, file_output=False):
            """Set the logger up.

            Parameters
            ----------
            level : int
                The level.
            file_output : string
                {description}
            """
            return level, file_output
        ''')


def _align(sentence: str) -> dict[str, str]:
    return one_module("phonkit/modes.py", f'''
        """Modes."""


        def align(gammas_vecs, reference):
            """Align the representation.

            {sentence}
            """
            return gammas_vecs, reference
        ''')


def _dunder_only(body: str) -> dict[str, str]:
    return one_module("shapes/item.py", f'''
        """Items."""


        class Item:
            """An item.

            Attributes
            ----------
            label : str
                The label.
            """

            {body}
        ''')


def _pair(doc: str) -> dict[str, str]:
    return one_module("pairkit/pair.py", f'''
        """Pairs."""
        from typing import Tuple


        def count_and_flag(values) -> Tuple[int, bool]:
            """Count the values.

            {doc}
            """
            return len(values), bool(values)
        ''')


CASES = [
    # ---- a single-name reference in a class whose compiled base may define it -------------------
    pytest.param(_network("from netgraph._core import NetworkBase", "NetworkBase"), "netgraph/network.py", [],
                 id="compiled-base-method-trap"),
    pytest.param(_network("", "object"), "netgraph/network.py", ["C1.unknown-reference"],
                 id="closed-class-misnamed-method-planted"),
    pytest.param({k: v.replace(":meth:`connectivity_undirected`", ":meth:`connectivity_lcoal_undirected`")
                  for k, v in _network("from netgraph._core import NetworkBase", "NetworkBase").items()},
                 "netgraph/network.py", ["C1.unknown-reference"], id="misspelling-in-open-class-planted"),
    # ---- "returns a tuple ... for each line" of a generator: what each step gives -------------
    pytest.param(_lines("Iterate over the text line by line and return a tuple for each line: the line and its width."),
                 "drawkit/text.py", [], id="tuple-for-each-line-trap"),
    pytest.param(_lines("Return a tuple of the first line and its width."), "drawkit/text.py",
                 ["C2.generator-return"], id="generator-documented-tuple-planted"),
    # ---- a Yields section typing each part of the yielded tuple -----------------------------------
    pytest.param(_fasta("tuple[str, str]"), "seqkit/fasta.py", [], id="yields-tuple-parts-trap"),
    pytest.param(_fasta("int"), "seqkit/fasta.py", ["C2.return-type", "C2.return-type"],
                 id="yields-str-of-int-planted"),
    # ---- ``self.pairs = x`` runs the property setter, which raises -------------------------------
    pytest.param(_matching("self.pairs = pairs"), "graphkit/matching.py", [], id="setter-raises-trap"),
    pytest.param(_matching("self._pairs = pairs"), "graphkit/matching.py", ["C3.raises-not-raised"],
                 id="setter-bypassed-planted"),
    # ---- "recursively" of a loop that walks down a nested path -----------------------------------
    pytest.param(_nested("recursively get an attribute",
                         "value = row\n            for name in path.split('__'):\n"
                         "                value = get_one(value, name)\n            return value"),
                 "rowkit/rows.py", [], id="descending-loop-trap"),
    pytest.param(_nested("recursively count the parts",
                         "total = 0\n            for name in path.split('__'):\n"
                         "                total = total + len(name)\n            return total"),
                 "rowkit/rows.py", ["C3.not-recursive"], id="counting-loop-planted"),
    # ---- "str or int" under ``group: str`` read as ``TABLE[str(group)]`` ---------------------------
    pytest.param(_symmetry("return TABLE[str(group)]"), "crystal/groups.py", [], id="converted-argument-trap"),
    pytest.param(_symmetry("return TABLE[group]"), "crystal/groups.py", ["C2.param-type"],
                 id="narrow-annotation-planted"),
    # ---- the description names the default value -----------------------------------------------
    pytest.param(_logger("A file to copy the log to, or False to disable (default)."), "simkit/logs.py", [],
                 id="default-named-in-description-trap"),
    pytest.param(_logger("A file to copy the log to."), "simkit/logs.py", ["C2.param-type-default"],
                 id="bool-default-of-string-planted"),
    # ---- kept found (pydoclint's test data, a regression of the day before's silencings) -------
    pytest.param(_dunder_only("def __int__(self):\n                pass"), "shapes/item.py", ["C1.unknown-attribute"],
                 id="dunder-only-class-is-no-interface-planted"),
    pytest.param(_dunder_only("def area(self):\n                pass"), "shapes/item.py", [],
                 id="stub-interface-trap"),
    pytest.param(_pair(":return: The count.\n            :rtype: int"), "pairkit/pair.py", ["C2.return-type"],
                 id="one-part-of-the-tuple-as-rtype-planted"),
    pytest.param(_pair("Returns:\n                int: The count.\n                bool: Whether any."), "pairkit/pair.py",
                 [], id="each-part-typed-trap"),
    # ---- a Greek-letter symbol with a subscript is mathematics -----------------------------------
    pytest.param(_align("The result satisfies Gamma_vecs(g) J = J Gamma_ref(g)."), "phonkit/modes.py", [],
                 id="math-symbol-trap"),
    pytest.param(_align("The result is aligned with ``gammas_vecz``."), "phonkit/modes.py", ["C1.unknown-name"],
                 id="misspelt-parameter-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh10_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
