"""C1.example-name: a doctest calls a bare name that neither the example nor the module binds,
one slip from a name they do bind. Unknown stays silent: names the project defines elsewhere,
modules whose names docfact cannot all list, names that are no near miss. The code is invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules

MODULE = '''"""Tables."""
{imports}


def make_table(rows):
    """Make a table.

    {example}
    """
    return list(rows)
'''


def _files(example: str, imports: str = "") -> dict[str, str]:
    return {"tabkit/__init__.py": '"""Tables."""\n',
            "tabkit/build.py": MODULE.format(imports=imports, example=example),
            "tabkit/extra.py": '"""More."""\n\n\ndef make_tables(n):\n    """Many tables."""\n    return [[]] * n\n'}


CASES = [
    pytest.param(">>> mkae_table([1, 2])", "", ["C1.example-name"], id="transposed-planted"),
    pytest.param(">>> make_tabel([1, 2])", "", ["C1.example-name"], id="swapped-letters-planted"),
    pytest.param(">>> make_table([1, 2])", "", [], id="right-name"),
    pytest.param(">>> make_tables(2)", "", [], id="defined-elsewhere-in-the-project"),
    pytest.param(">>> mkae_table([1, 2])", "from tabkit._speedups import *", [], id="star-import-of-unreadable-module"),
    pytest.param(">>> mkae_table = make_table\n    >>> mkae_table([1])", "", [], id="bound-by-the-example"),
    pytest.param(">>> sorted([2, 1])", "", [], id="builtin"),
    pytest.param(">>> render_plot([1, 2])", "", [], id="no-near-name"),
]


@pytest.mark.parametrize(("example", "imports", "expected"), CASES)
def test_example_calls_of_unbound_names(tmp_path: Path, example: str, imports: str, expected: list[str]) -> None:
    assert_rules(tmp_path, _files(example, imports), "tabkit/build.py", expected)
