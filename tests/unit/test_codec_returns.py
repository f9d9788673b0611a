"""Return claims against the standard library's byte codecs (issue 28's recall family "return
claims in parentheses or asides"): ``base64.b64encode`` and friends give bytes, so "Return the
encoded payload (as text)" is found, while the same call decoded to text, or documented as
bytes, is not. The code is invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules

MODULE = '''"""Packing."""
import base64
import zlib


def pack(payload: bytes):
    """{doc}"""
    return {expr}
'''

CASES = [
    ("Return the encoded payload (as text).", "base64.b64encode(payload)", ["C2.return-type"]),
    ("Return the packed payload as a string.", "zlib.compress(payload)", ["C2.return-type"]),
    ("Return the encoded payload (as text).", 'base64.b64encode(payload).decode("ascii")', []),
    ("Return the packed payload (as bytes).", "zlib.compress(payload)", []),
    ("Return the decoded payload (as bytes).", "base64.urlsafe_b64decode(payload)", []),
]


@pytest.mark.parametrize(("doc", "expr", "expected"), CASES)
def test_codec_return_kinds(tmp_path: Path, doc: str, expr: str, expected: list[str]) -> None:
    files = {"packer/__init__.py": '"""Packer."""\n', "packer/pack.py": MODULE.format(doc=doc, expr=expr)}
    assert_rules(tmp_path, files, "packer/pack.py", expected)
