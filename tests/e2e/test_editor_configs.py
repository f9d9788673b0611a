"""The editor set-ups of docs/editors.md (and the README's Neovim 0.11 snippet) are the files in
editors/, and each one is valid."""

from __future__ import annotations

import json
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EDITORS = ROOT / "editors"
EDITORS_DOC = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")


ALL = sorted(p for p in EDITORS.rglob("*") if p.is_file())


@pytest.mark.parametrize("path", ALL, ids=[p.relative_to(EDITORS).as_posix() for p in ALL])
def test_the_editors_page_shows_the_tested_file(path: Path) -> None:
    assert path.read_text(encoding="utf-8").strip() in EDITORS_DOC


def test_readme_neovim_snippet_is_the_tested_file() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert (EDITORS / "neovim" / "nvim-0.11.lua").read_text(encoding="utf-8").strip() in readme


def test_helix_languages_toml() -> None:
    data = tomllib.loads((EDITORS / "helix" / "languages.toml").read_text())
    assert data["language-server"]["docfact"] == {"command": "docfact", "args": ["serve"],
                                                  "config": {"docfact": {"trigger": "onSave"}}}
    assert all("docfact" in lang["language-servers"] for lang in data["language"])


def test_zed_settings_json() -> None:
    data = json.loads((EDITORS / "zed" / "settings.json").read_text())
    assert data["lsp"]["docfact"]["binary"] == {"path": "docfact", "arguments": ["serve"]}


def _balanced_sexp(text: str) -> bool:
    depth, in_str, escape = 0, False, False
    for line in text.splitlines():
        for ch in line:
            if in_str:
                if escape:
                    escape = False
                elif ch == "\\":
                    escape = True
                elif ch == '"':
                    in_str = False
                continue
            if ch == ";":
                break
            if ch == '"':
                in_str = True
            elif ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth < 0:
                    return False
    return depth == 0 and not in_str


def test_emacs_eglot_snippet_reads() -> None:
    text = (EDITORS / "emacs" / "docfact-eglot.el").read_text()
    emacs = shutil.which("emacs")
    if emacs:
        proc = subprocess.run([emacs, "--batch", "--eval",
                               f'(with-temp-buffer (insert-file-contents "{EDITORS / "emacs" / "docfact-eglot.el"}") '
                               '(goto-char (point-min)) (condition-case nil (while t (read (current-buffer))) (end-of-file t)))'],
                              capture_output=True, text=True, timeout=60, check=False)
        assert proc.returncode == 0, proc.stderr
    assert _balanced_sexp(text)
    assert '("docfact" "serve")' in text


@pytest.mark.parametrize("name", ["nvim-0.7.lua", "nvim-0.11.lua", "lspconfig.lua"])
def test_neovim_lua_compiles(name: str) -> None:
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.skip("nvim is not installed (scripts/test-all installs it)")
    path = EDITORS / "neovim" / name
    proc = subprocess.run([nvim, "--headless", "-u", "NONE", "-c",
                           f"lua local f, err = loadfile('{path}'); if not f then io.stderr:write(err) vim.cmd('cquit 1') end",
                           "-c", "qa!"], capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
