"""The HTML report in headless Chromium, as a person reads it: the DOM Chromium builds from the
page (with JavaScript off), screenshots at a desktop and a phone width, and the layout Chromium
computes (no page-wide horizontal scroll at 375 px, filters that hide what they should)."""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WS = ROOT / "tests" / "workspaces"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [pytest.mark.timeout(240),
              pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (scripts/test-all installs it)")]

COMMON = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
          "--no-first-run", "--disable-extensions"]
VOID = {"meta", "input", "br", "hr", "img", "link", "col", "wbr", "source", "area", "base", "embed", "track"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    parent: Node | None = None
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self) -> list[Node]:
        out = [self]
        for c in self.children:
            if isinstance(c, Node):
                out += c.walk()
        return out

    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def elements(self) -> list[Node]:
        return [c for c in self.children if isinstance(c, Node)]


class TreeBuilder(HTMLParser):
    """Chromium's serialized DOM (well nested) as a tree of Nodes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.cur = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, self.cur)
        self.cur.children.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_endtag(self, tag: str) -> None:
        n: Node | None = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data: str) -> None:
        self.cur.children.append(data)


def parse(dom: str) -> Node:
    b = TreeBuilder()
    b.feed(dom)
    return b.root


def chromium(*args: str, timeout: float = 90) -> str:
    assert CHROMIUM is not None
    proc = subprocess.run([CHROMIUM, *COMMON, *args], capture_output=True, text=True, timeout=timeout,
                          check=False, env={**os.environ, "HOME": os.environ.get("HOME", "/tmp")})
    return proc.stdout


def run_docfact(ws: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(ws.parent / ".test-cache")}
    return subprocess.run([sys.executable, "-m", "docfact", "check", ".", "--no-cache", "--no-progress", *args],
                          cwd=ws, env=env, capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture(scope="module", params=["planted_py", "planted_ts"])
def report(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """The HTML report of a planted workspace and the JSON report of the same run's input."""
    tmp = tmp_path_factory.mktemp(request.param)
    ws = tmp / "ws"
    shutil.copytree(WS / request.param, ws)
    page = tmp / "report.html"
    proc = run_docfact(ws, "--format", "html", "--output", str(page))
    assert proc.returncode == 1, proc.stderr
    data = json.loads(run_docfact(ws, "--format", "json").stdout)
    assert data["findings"]
    return page, data


def words(s: str) -> str:
    """Text compared across the report: whitespace collapsed, backquotes (shown as code) and
    comment-continuation stars dropped."""
    return " ".join(w for w in s.replace("`", "").split() if w not in {"*", "//", "#"})


def test_the_page_runs_no_script(report: tuple[Path, dict], tmp_path: Path) -> None:
    """The page has no script and its Content-Security-Policy blocks any (an injected one too):
    the DOM Chromium builds is the DOM a reader with JavaScript off gets. (Headless Chromium's
    ``--blink-settings=scriptEnabled=false`` also stops ``--dump-dom``, so it cannot be used.)"""
    page, _ = report
    html = page.read_text(encoding="utf-8")
    assert "<script" not in html
    injected = tmp_path / "injected.html"
    injected.write_text(html.replace("</body>", "<script>document.body.dataset.ran = 'yes';</script></body>"),
                        encoding="utf-8")
    dom = chromium("--dump-dom", injected.as_uri())
    assert "</html>" in dom and "data-ran" not in dom


def test_every_finding_is_beside_its_sentence(report: tuple[Path, dict]) -> None:
    page, data = report
    dom = chromium("--dump-dom", page.as_uri())
    assert "</html>" in dom
    root = parse(dom)
    nodes = root.walk()
    assert not [n for n in nodes if n.tag == "script"]
    cards = [n for n in nodes if "finding" in n.classes()]
    key = lambda path, line, rule: (path, int(line), rule)  # noqa: E731
    assert sorted(key(c.attrs["data-path"], c.attrs["data-line"], c.attrs["data-rule"]) for c in cards) == sorted(
        key(f["path"], f["line"], f["rule"]) for f in data["findings"])
    marks: dict[str, list[Node]] = {}
    for n in nodes:
        if n.tag == "mark" and "data-s" in n.attrs:
            marks.setdefault(n.attrs["data-s"], []).append(n)
    by_key = {key(c.attrs["data-path"], c.attrs["data-line"], c.attrs["data-rule"]): c for c in cards}
    for f in data["findings"]:
        card = by_key[key(f["path"], f["line"], f["rule"])]
        # the message, rule, criterion and fix inside the card
        text = words(card.text())
        assert words(f["message"]) in text and f["rule"] in text and f["criterion"] in text
        if f.get("fix"):
            assert words(f["fix"]) in text and "fix:" in text
        # the sentence, highlighted, in the block of source lines right before the card
        sid = card.attrs.get("data-s")
        assert sid in marks, f
        assert words(" ".join(m.text() for m in marks[sid])) == words(f["sentence"])
        assert card.parent is not None
        siblings = card.parent.elements()
        i = siblings.index(card) - 1
        while "finding" in siblings[i].classes():  # other findings of the same line come first
            i -= 1
        block = siblings[i]
        assert block.tag == "pre" and "src" in block.classes()
        assert marks[sid][-1] in block.walk()  # the sentence ends in that block
    # every in-page link resolves, ids are unique
    ids = [n.attrs["id"] for n in nodes if "id" in n.attrs]
    assert len(ids) == len(set(ids))
    hrefs = [n.attrs["href"] for n in nodes if n.tag == "a" and n.attrs.get("href", "").startswith("#")]
    assert hrefs and {h[1:] for h in hrefs} <= set(ids)
    # the summary comes first, then the files; every file with findings is linked from it
    order = [n.attrs.get("id", "") for n in nodes]
    files = [n for n in nodes if n.tag == "section" and "file" in n.classes()]
    assert order.index("summary") < order.index("findings") < order.index(files[0].attrs["id"])
    assert {f["path"] for f in data["findings"]} == {words(n.elements()[0].text()) for n in files}
    # the report's per-file data is kept: every file's score and docstring count
    table = next(n for n in nodes if n.attrs.get("id") == "files")
    assert len([r for r in table.walk() if r.tag == "tr"]) == data["files"] + 1
    assert f"{data['score']:.3f}" in next(n for n in nodes if n.attrs.get("id") == "project-score").text()


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", head[16:24])
    return int(w), int(h)


PROBE = """<script>
const shown = () => [...document.querySelectorAll('.finding')].filter(e => e.getClientRects().length > 0);
const res = {width: document.documentElement.scrollWidth, viewport: innerWidth, visible: shown().length};
const c = document.getElementById('fc-C1');
if (c) { c.checked = false; }
res.afterUncheck = shown().map(e => e.dataset.criterion);
parent.postMessage(res, '*');
</script></body>"""
# headless Chromium lays --dump-dom out at least 500 px wide: the page is measured in an iframe
FRAME = """<!doctype html><html><body style='margin:0'><script>
addEventListener('message', e => { document.body.dataset.res = JSON.stringify(e.data); });
</script><iframe src='probe.html' style='border:0;width:{width}px;height:1000px'></iframe></body></html>"""


@pytest.mark.parametrize("width", [1280, 375])
def test_screenshots_and_layout(report: tuple[Path, dict], width: int, tmp_path: Path) -> None:
    page, data = report
    shot = tmp_path / f"report-{width}.png"
    chromium(f"--window-size={width},2000", f"--screenshot={shot}", page.as_uri())
    assert png_size(shot) == (width, 2000) and shot.stat().st_size > 20_000
    keep = os.environ.get("DOCFACT_ARTIFACTS")  # to look at them: DOCFACT_ARTIFACTS=test-artifacts
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(keep) / f"html-{page.parent.name}-{width}.png")
    # the layout Chromium computes: a copy of the page with a probe script (the report itself
    # has none, and its Content-Security-Policy would block one)
    html = page.read_text(encoding="utf-8")
    html = re.sub(r"<meta http-equiv='Content-Security-Policy'[^>]*>", "", html)
    (tmp_path / "probe.html").write_text(html.replace("</body>", PROBE), encoding="utf-8")
    frame = tmp_path / "frame.html"
    frame.write_text(FRAME.replace("{width}", str(width)), encoding="utf-8")
    body = next(n for n in parse(chromium("--window-size=1400,1100", "--virtual-time-budget=5000", "--dump-dom",
                                          frame.as_uri())).walk() if n.tag == "body")
    res = json.loads(body.attrs["data-res"])
    assert res["viewport"] == width
    assert res["width"] <= width  # no horizontal scroll of the page (code blocks scroll inside)
    assert res["visible"] == len(data["findings"])  # every finding shown by default
    # unchecking the C1 box (CSS only) hides the C1 findings and nothing else
    assert sorted(res["afterUncheck"]) == sorted(f["criterion"] for f in data["findings"] if f["criterion"] != "C1")
