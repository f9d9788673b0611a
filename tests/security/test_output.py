"""Output injection: a docstring and a file name full of terminal escapes (ESC, OSC, BEL) and
GitHub/URI syntax reach no terminal raw, inject no annotation property, and make valid SARIF
URIs and HTML. Through ``python -P -m docfact check`` in a throwaway folder."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

from docfact.cli.report import visible

SERVER = Path(__file__).resolve().parents[2] / "server"
NAME = "a,line=99,title=X \x1b]8;;evil\x07 #%:1.py"
SOURCE = '''def add(x: int) -> int:
    """Add one to ``x`` \x1b[31mRED\x1b[0m, asynchronously.

    Args:
        x (int): A number.
        zeta (int): Another one \x1b]0;pwned\x07 <script>alert(1)</script>.
    """
    return x + 1
'''

pytestmark = [pytest.mark.timeout(120),
              pytest.mark.skipif(sys.platform == "win32", reason="control characters in file names")]


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    (root / NAME).write_text(SOURCE, encoding="utf-8")
    return root


def check(ws: Path, *args: str) -> str:
    flags = ["-P"] if sys.version_info >= (3, 11) else []
    proc = subprocess.run([sys.executable, *flags, "-m", "docfact", "check", ".", "--no-cache", "--no-progress", "--preview",
                           *args], cwd=ws, capture_output=True, timeout=90,
                          env={"PYTHONPATH": str(SERVER), "PATH": "/usr/bin:/bin", "HOME": str(ws.parent)})
    assert proc.returncode == 1, proc.stderr
    assert b"Traceback" not in proc.stderr
    return proc.stdout.decode("utf-8")


def test_visible_keeps_text_and_escapes_controls() -> None:
    assert visible("naïve — 😀 Größe\ttab") == "naïve — 😀 Größe\ttab"
    assert visible("a\x1b[31mb\x07c\nd\x9b\u202e\x7f") == "a\\x1b[31mb\\x07c\\x0ad\\x9b\\u202e\\x7f"


def test_text_report_shows_control_characters(ws: Path) -> None:
    out = check(ws)
    assert "\x1b" not in out and "\x07" not in out
    assert re.sub(r"[\x20-\x7e\n\u00a0-\uffff]", "", out) == ""  # nothing else unprintable
    assert "\\x1b]8;;evil\\x07" in out  # the file name, visible
    assert "\\x1b[31mRED\\x1b[0m" in out and "\\x1b]0;pwned\\x07" in out  # the sentences
    assert "C1" in out and "zeta" in out


def test_github_annotation_properties_are_encoded(ws: Path) -> None:
    out = check(ws, "--format", "github")
    lines = out.strip().splitlines()
    assert len(lines) == 2
    for line in lines:
        m = re.fullmatch(r"::(\w+) (.*?)::(.*)", line)
        assert m, line
        props = dict(p.split("=", 1) for p in m.group(2).split(","))
        assert set(props) == {"file", "line", "col", "endLine", "endColumn", "title"}  # nothing injected
        assert props["line"] != "99"
        assert props["file"].startswith("a%2Cline=99%2Ctitle=X ") and "%25%3A1.py" in props["file"]
        assert "\x1b" not in m.group(3) and "\r" not in m.group(3)


def test_sarif_uris_are_percent_encoded(ws: Path) -> None:
    log = json.loads(check(ws, "--format", "sarif"))
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert len(uris) == 1
    uri = uris.pop()
    assert re.fullmatch(r"[A-Za-z0-9/._~%-]+", uri), uri  # unreserved characters and escapes only
    assert "%20" in uri and "%23" in uri and "%25" in uri and "%2C" in uri and "%1B" in uri
    assert unquote(uri) == NAME


def test_html_report_escapes_everything(ws: Path) -> None:
    page = check(ws, "--format", "html")
    assert "<script" not in page and "&lt;script&gt;" in page
    # the file name, the messages and the sentences: no raw markup from the workspace
    for tag in re.findall(r"<([a-zA-Z0-9]+)", page):
        assert tag in {"html", "head", "meta", "title", "style", "body", "header", "nav", "section", "article",
                       "h1", "h2", "h3", "p", "span", "table", "tr", "th", "td", "a", "small", "pre", "mark", "div",
                       "b", "code", "ul", "li", "br", "details", "summary", "form", "fieldset", "legend", "label",
                       "input", "select", "option"}, tag
    assert "a,line=99,title=X" in page
    # control characters are shown, not passed on; and the page allows no script at all
    assert "\x1b" not in page and "\x07" not in page and "\\x1b]8;;evil\\x07" in page
    assert "content=\"default-src 'none'; style-src 'unsafe-inline'\"" in page
