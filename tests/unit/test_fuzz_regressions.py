"""Inputs the fuzz suite (tests/fuzz) found to break docfact, kept as regular tests."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from docfact.engine import Engine
from docfact.lsp.convert import uri_to_path


@pytest.mark.parametrize("example", [
    pytest.param('    """Add.\n\n    >>> add("\udcff")\n    1\n    """\n', id="doctest"),
    pytest.param('    """Add.\n\n    ```python\n    x = "\udcff"\n    ```\n    """\n', id="fence"),
])
def test_a_lone_surrogate_in_an_example_is_judged_not_an_error(tmp_path: Path, example: str,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    # an editor can send any JSON string, lone surrogates included: the example reader encoded
    # the example strictly and logged "reading the examples ... failed" (a UnicodeEncodeError)
    src = "def add(x):\n" + example + "    return x\n"
    engine = Engine(tmp_path)
    index = engine.update_file(str(tmp_path / "m.py"), src)
    assert index is not None
    with caplog.at_level(logging.ERROR, logger="docfact"):
        result = engine.judge_index(index)
    assert not caplog.records, caplog.records[0].getMessage()
    assert [d.entity.name for d in result.docs if d.entity] == ["add"]


def test_a_uri_with_a_nul_character_is_no_file() -> None:
    # didOpen of file:///tmp/%00.py raised "ValueError: embedded null byte" in every handler
    assert uri_to_path("file:///tmp/%00.py") is None
    assert uri_to_path("file:///tmp/a.py") == str(Path("/tmp/a.py").resolve())
