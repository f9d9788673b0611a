"""A real editor end to end: Neovim (Debian's 0.7.2) headless with the configuration of docs/editors.md.

The configuration is editors/neovim/nvim-0.7.lua, the file docs/editors.md shows verbatim. Neovim
opens pkg/store.py of a copy of the lspproj fixture, writes it, and a small Lua driver
(tests/e2e/nvim/driver.lua) records docfact's diagnostics, a hover and the code action titles
as JSON.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

NVIM = shutil.which("nvim")
HERE = Path(__file__).resolve().parent / "nvim"
CONFIG = Path(__file__).resolve().parents[2] / "editors" / "neovim" / "nvim-0.7.lua"

pytestmark = [
    pytest.mark.timeout(90),
    pytest.mark.skipif(NVIM is None, reason="nvim is not installed (apt-get install neovim)"),
    pytest.mark.skipif(not CONFIG.is_file(), reason="editors/neovim/nvim-0.7.lua is missing"),
]


def test_neovim_diagnostics_hover_and_code_actions(workspace: Path, tmp_path: Path) -> None:
    assert NVIM is not None
    out = tmp_path / "nvim.json"
    env = dict(os.environ)
    # `docfact` on PATH must be this interpreter's (the snippet runs `docfact serve`)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.update({
        "DOCFACT_NVIM_OUT": str(out),
        "DOCFACT_NVIM_EXPECT": "4",
        "DOCFACT_NVIM_LINE": "22",  # 0-based: `amount (int): How many items to add.`
        "DOCFACT_NVIM_COL": "20",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    })
    proc = subprocess.run(
        [NVIM, "--headless", "-n", "-i", "NONE", "-u", str(CONFIG), "pkg/store.py",
         "-c", f"luafile {HERE / 'driver.lua'}"],
        cwd=workspace, env=env, capture_output=True, text=True, timeout=80, stdin=subprocess.DEVNULL,
    )
    assert out.exists(), f"nvim wrote nothing (exit {proc.returncode}): {proc.stderr[-2000:]}"
    result = json.loads(out.read_text())
    assert result["errors"] == []
    diags = sorted((d["code"], d["line"] + 1) for d in result["diagnostics"] if d["source"] == "docfact")
    assert diags == [("C1.unknown-param", 23), ("C2.return-type", 51), ("C3.not-async", 42), ("C4.speculative", 44)]
    assert "**docfact C1: name inconsistency**" in result["hover"]
    assert "`amount` is not a parameter of `add`" in result["hover"]
    assert "Rename `amount` to `count` (docfact C1.unknown-param)" in result["actions"]
    assert "Repair docstring (docfact)" in result["actions"]
