"""The causes of false findings the fresh20 audit found (the set is studied now, so spent), each
with invented code: a trap written anew that stays quiet and a planted case that is still found.
Each case is (files, target, expected C1-C3 ids), judged with every rule on."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules

_REGISTRY = {
    "survey/__init__.py": '"""Surveys."""\n',
    "survey/fields.py": '''
        """The variables a survey dataset may hold."""


        def register(name):
            return name, name + "_spec"


        (
            response_rate,
            response_rate_spec,
        ) = register("response_rate")
        ''',
}


def _report(ref: str) -> dict[str, str]:
    return {**_REGISTRY, "survey/stats.py": f'''
        """Statistics."""


        def rates(ds):
            """Response rates per wave.

            Returns
            -------
            A dataset holding :data:`{ref}`.
            """
            return ds
        '''}


def _series(doc_type: str) -> dict[str, str]:
    return {"series/__init__.py": '"""Series."""\n', "series/ops.py": f'''
        """Operations on series."""


        def length(ts):
            """How many points a series has.

            Parameters
            ----------
            ts : {doc_type}
                The series.
            """
            return ts.size
        '''}


def _setter(returns: str) -> dict[str, str]:
    return {"gauge/__init__.py": '"""Gauges."""\n', "gauge/dial.py": f'''
        """Dials."""


        class Dial:
            """A dial with a reading."""

            def __init__(self):
                self._reading = 0

            @property
            def reading(self) -> int:
                """int: The reading."""
                return self._reading

            @reading.setter
            def reading(self, value):
                """
                Parameters
                ----------
                value : int

                Returns
                -------
                {returns}
                """
                self._reading = value
        '''}


def _concept(name: str) -> dict[str, str]:
    return {"opc/__init__.py": '"""OPC."""\n', "opc/session.py": f'''
        """Sessions."""


        class WatchedItemId:
            """The id of a watched item."""


        class Session:
            """A session with a server."""

            def delete(self, sub):
                """Delete a subscription.

                {name} is deleted automatically when the subscription is deleted.
                """
                return sub
        '''}


CASES = {
    # trap: a name bound by unpacking into a parenthesized target list over several lines
    "unpacked-over-lines": (_report("survey.fields.response_rate_spec"), "survey/stats.py", []),
    # planted: a name the module binds nowhere is still a broken reference
    "unpacked-missing": (_report("survey.fields.response_ratio_spec"), "survey/stats.py",
                         ["C1.unknown-reference"]),
    # trap: ``float[:]`` is a typed memoryview, an array with ``.size``
    "memoryview": (_series("float[:]"), "series/ops.py", []),
    # planted: a plain float has no ``.size``
    "plain-float": (_series("float"), "series/ops.py", ["C2.param-type-use"]),
    # trap: a setter's own Returns section says it returns nothing, as it does
    "setter-returns-none": (_setter("None"), "gauge/dial.py", []),
    # planted: a setter documented as returning the property's value of another type
    "setter-returns-str": (_setter("str"), "gauge/dial.py", ["C2.return-type"]),
    # trap: the concept a class is named after, in prose ("A WatchedItem is ...")
    "concept-prefix": (_concept("A WatchedItem"), "opc/session.py", []),
    # planted: a marked slip of the class name is still found
    "marked-slip": (_concept("A ``WatchedItmId``"), "opc/session.py", ["C1.unknown-name"]),
}


@pytest.mark.parametrize("name", CASES)
def test_fresh20_causes(tmp_path: Path, name: str) -> None:
    files, target, expected = CASES[name]
    assert_rules(tmp_path, files, target, expected)
