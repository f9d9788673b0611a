"""The causes of false findings the fresh17 audit found (the set is studied now, so spent), each
with invented code: a trap written anew that stays quiet and a planted case that is still found.
Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, judge_files, one_module


def _discover(body: str) -> dict[str, str]:
    return one_module("lint/discovery.py", f'''
        """Finding files."""


        def paths_for(path: str, ext: str) -> list[str]:
            """The files to lint for ``path``.

            If it's not the right extension, return nothing.
            """
{body}
        ''')


def _scan(default: str) -> dict[str, str]:
    return one_module("ebsd/reader.py", f'''
        """Reading scans."""


        def load(path, scan_number={default}):
            """Read one scan of a file.

            Parameters
            ----------
            path : str
                The file.
            scan_number : int
                Scan number in the file, e.g. 1 for "Scan 1" (default).
            """
            return path, scan_number
        ''')


def _hook(module: str) -> dict[str, str]:
    return one_module("stats/testing.py", f'''
        """Helpers for the tests of data sources."""


        def parametrize_sources(metafunc):
            """Parametrize tests over the data sources.

            This relies on the :class:`.SourceTest` base class defined in :mod:`{module}`.
            """
            return metafunc
        ''')


CASES = [
    pytest.param(_discover("    return [] if not path.endswith(ext) else [path]"), "lint/discovery.py", [],
                 id="nothing-as-an-empty-list-trap"),
    pytest.param(_scan("1"), "ebsd/reader.py", [], id="label-made-from-the-default-trap"),
    pytest.param(_scan("2"), "ebsd/reader.py", ["C3.wrong-default"], id="other-default-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh17_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


@pytest.mark.parametrize(("module", "reported"), [
    # the module is reported (it is not in the tree), the class said to be defined there is not
    pytest.param(".test_sources", ["test_sources"], id="module-out-of-view-trap"),
    pytest.param("stats.testing", ["SourceTest"], id="module-in-view-planted"),
])
def test_names_of_a_module_out_of_view(tmp_path: Path, module: str, reported: list[str]) -> None:
    result = judge_files(tmp_path, _hook(module), "stats/testing.py")
    got = [f.message.split("`")[1] for f in result.findings if f.rule == "C1.unknown-reference"]
    assert got == reported, [f.message for f in result.findings]
