"""The ``baseline`` setting in the language server: recorded findings stay hidden, new ones show."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(60)


async def test_baseline_hides_recorded_findings_only(start, profile, workspace: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(workspace / ".cache")}
    subprocess.run([sys.executable, "-m", "docfact", "check", ".", "--write-baseline", "base.json"],
                   cwd=workspace, env=env, check=True, capture_output=True, timeout=60)
    ed = await start(profile, init_options={"baseline": "base.json"})
    uri = ed.open("pkg/store.py")
    assert await ed.diagnostics(uri) == []
    text = ed.texts[uri].replace('"""Return how many items of ``sku`` are in stock."""',
                                 '"""Return how many items of ``sku`` are in stock.\n\n        Returns a list of counts.\n        """')
    ed.edit_and_save(uri, text)
    diags = await ed.diagnostics(uri, lambda d: len(d) == 1)
    assert [(d.code, d.range.start.line + 1) for d in diags] == [("C2.return-type", 58)]
