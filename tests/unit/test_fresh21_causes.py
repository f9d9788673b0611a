"""The causes of false findings the fresh21 audit found in the stable rules (the set is studied
now, so spent), each with invented code: a trap written anew that stays quiet and a planted case
that is still found. Each case is (files, target, expected C1-C3 ids), judged with every rule on."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _frame(intro: str) -> dict[str, str]:
    return one_module("tiles/frame.py", f'''
        """Frames."""


        class Frame:
            """A frame drawn around text.

            Build one from its lines::

                Frame(["+--+", "|  |", "+--+"], fill="#")

            {intro}

            ```python
            Frame(edges=['|', '-'], joints=['+', '+', '+', '+'])
            ```
            """

            def __init__(self, lines, fill=" "):
                self.lines = lines
                self.fill = fill
        ''')


def _api(name: str) -> dict[str, str]:
    return {
        "relay/__init__.py": '"""Relays."""\n',
        "relay/api.py": f'''
            """The public API.

            Import what you need from here::

                from relay.api import {name}
            """

            from relay.core import Relay, Switch

            __all__ = ["Relay", "Switch"]
            ''',
        "relay/core.py": '''
            """Core."""


            class Relay:
                """A relay."""


            class Switch:
                """A switch."""
            ''',
    }


CASES = {
    # trap: a fenced block after "Will result in:" shows the printed object, not a call to make
    "output-block": (_frame("Will result in:"), "tiles/frame.py", []),
    # planted: the same block introduced as code to run is held to the signature
    "code-block": (_frame("Or build it from its parts:"), "tiles/frame.py", ["C1.example-keyword"]),
    # trap: ``ClassName`` stands in for any name the module exports
    "stand-in-import": (_api("ClassName"), "relay/api.py", []),
    # planted: a misspelt export is still found
    "misspelt-import": (_api("Swtich"), "relay/api.py", ["C1.example-import"]),
}


@pytest.mark.parametrize("name", CASES)
def test_fresh21_causes(tmp_path: Path, name: str) -> None:
    files, target, expected = CASES[name]
    assert_rules(tmp_path, files, target, expected)
