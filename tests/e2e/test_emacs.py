"""A real Emacs end to end: Debian's Emacs 28 with eglot, configured by docs/editors.md's snippet.

The snippet is taken from the Emacs section of docs/editors.md (and is editors/emacs/docfact-eglot.el).
Emacs runs in batch mode: it activates its packages as an interactive start does, loads the
snippet, opens pkg/store.py of a copy of the lspproj fixture, and tests/e2e/emacs/driver.el
saves the file, records flymake's diagnostics and the eldoc text, applies a code action through
eglot's menu and saves again.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EMACS = shutil.which("emacs")
ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).resolve().parent / "emacs" / "driver.el"

pytestmark = [
    pytest.mark.timeout(150),
    pytest.mark.skipif(EMACS is None, reason="emacs is not installed (scripts/test-all installs emacs-nox and elpa-eglot)"),
]


def emacs_snippet() -> str:
    """The elisp block of the Emacs section of docs/editors.md."""
    page = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    section = page.split("## Emacs (eglot)", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```elisp\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the Emacs section of docs/editors.md has one elisp block"
    return blocks[0]


def test_the_documented_snippet_is_the_editors_file() -> None:
    assert emacs_snippet().strip() == (ROOT / "editors" / "emacs" / "docfact-eglot.el").read_text().strip()


def test_emacs_eglot_diagnostics_eldoc_and_code_action(workspace: Path, tmp_path: Path) -> None:
    assert EMACS is not None
    snippet = tmp_path / "init.el"
    snippet.write_text(emacs_snippet(), encoding="utf-8")
    out = tmp_path / "emacs.json"
    home = tmp_path / "home"
    home.mkdir()
    env = dict(os.environ)
    # `docfact` on PATH must be this interpreter's (the snippet runs `docfact serve`).
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.update({
        "HOME": str(home),
        "DOCFACT_EMACS_OUT": str(out),
        "DOCFACT_EMACS_FILE": str(workspace / "pkg" / "store.py"),
        "DOCFACT_EMACS_EXPECT": "4",
        "DOCFACT_EMACS_LINE": "23",  # `amount (int): How many items to add.`
        "DOCFACT_EMACS_COL": "20",
        "DOCFACT_EMACS_ACTION": "Rename `amount` to `count` (docfact C1.unknown-param)",
    })
    proc = subprocess.run(
        [EMACS, "--batch", "--eval", "(package-activate-all)", "-l", str(snippet), "-l", str(DRIVER)],
        cwd=workspace, env=env, capture_output=True, text=True, timeout=140, stdin=subprocess.DEVNULL,
    )
    assert out.exists(), f"emacs wrote nothing (exit {proc.returncode}): {proc.stderr[-3000:]}"
    result = json.loads(out.read_text())
    transcript = "\n".join(result["transcript"])
    assert "error" not in result, f"{result['error']}\n{transcript}\n{proc.stderr[-3000:]}"

    assert [(code, line) for code, line, _ in result["diagnostics"]] == [
        ("C1.unknown-param", 23), ("C3.not-async", 42), ("C4.speculative", 44), ("C2.return-type", 51)], transcript
    c1 = result["diagnostics"][0][2]
    assert "`amount` is not a parameter of `add`" in c1

    eldoc = result["eldoc"]  # flymake's diagnostic text, then eglot's hover
    assert "**docfact C1: name inconsistency**" in eldoc, eldoc
    assert "**Why:** `amount` is not a parameter of `add`" in eldoc, eldoc
    assert "**Docstring score:**" in eldoc, eldoc

    assert "Rename `amount` to `count` (docfact C1.unknown-param)" in result["actions"], result["actions"]
    assert result["fixed_line"].strip() == "count (int): How many items to add."
    assert [(code, line) for code, line, _ in result["after"]] == [("C3.not-async", 42), ("C4.speculative", 44), ("C2.return-type", 51)], transcript
    saved = (workspace / "pkg" / "store.py").read_text(encoding="utf-8")
    assert "count (int): How many items to add." in saved and "amount (int)" not in saved
