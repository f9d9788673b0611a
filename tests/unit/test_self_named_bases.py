"""A project class named after the library class it derives from (``class IntEnum(_enum.IntEnum)``)
has that library class as its base, not itself: an enum built on it is as closed as the standard
library's enums, so a role naming a member it lacks is a slip; a class on a self-named base from
another library stays open. Invented code; each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules


def _kit(base_module: str, doc: str) -> dict[str, str]:
    return {
        "chatkit/__init__.py": '"""Chat kit."""\n',
        "chatkit/_utils/__init__.py": '"""Helpers."""\n',
        "chatkit/_utils/enum.py": f'''
            """Enum helpers."""
            import {base_module} as _base


            class IntEnum(_base.IntEnum):
                """An int enum whose repr names the member."""

                __slots__ = ()

                def __repr__(self) -> str:
                    return f"<{{self.__class__.__name__}}.{{self.name}}>"
            ''',
        "chatkit/constants.py": '''
            """Constants."""
            from chatkit._utils.enum import IntEnum


            class GiftLimit(IntEnum):
                """Limits on gifts."""

                __slots__ = ()

                MAX_RESULTS = 100
                """At most this many gifts per call."""
            ''',
        "chatkit/bot.py": f'''
            """The bot."""


            def get_gifts(limit=100):
                """Get gifts, at most {doc}."""
                return limit
            ''',
    }


CASES = [
    pytest.param(_kit("enum", ":attr:`chatkit.constants.GiftLimit.MAX_RESLUTS`"), "chatkit/bot.py",
                 ["C1.unknown-reference"], id="enum-on-self-named-base-lacks-member-planted"),
    pytest.param(_kit("enum", ":const:`~chatkit.constants.GiftLimit.MAX_RESLUTS`"), "chatkit/bot.py",
                 ["C1.unknown-reference"], id="project-role-tilde-planted"),
    pytest.param(_kit("enum", ":attr:`chatkit.constants.GiftLimit.MAX_RESULTS`"), "chatkit/bot.py",
                 [], id="enum-member-exists-trap"),
    pytest.param(_kit("enum", ":attr:`chatkit.constants.GiftLimit.value`"), "chatkit/bot.py",
                 [], id="enum-api-name-trap"),
    pytest.param(_kit("otherlib.enums", ":attr:`chatkit.constants.GiftLimit.MAX_RESLUTS`"), "chatkit/bot.py",
                 [], id="self-named-base-of-another-library-stays-open-trap"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_self_named_bases(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
