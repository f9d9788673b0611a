"""The CLI as a user runs it: fixture workspaces, every output format, exit codes, bad input."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from docfact.judges.maturity import is_preview

ROOT = Path(__file__).resolve().parents[2]
WS = ROOT / "tests" / "workspaces"


def docfact(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "XDG_CACHE_HOME": str((cwd or ROOT) / ".test-cache"), **(env or {})}
    return subprocess.run([sys.executable, "-m", "docfact", *args], cwd=cwd or ROOT, env=full_env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def expected(ws: Path) -> set[tuple[str, int, str, str]]:
    out = set()
    for line in (ws / "EXPECTED.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        loc, crit, rule = line.split()
        path, ln = loc.rsplit(":", 1)
        out.add((path, int(ln), crit, rule))
    return out


@pytest.mark.parametrize("name", ["planted_py", "planted_java", "planted_ts", "planted_js"])
def test_every_planted_inconsistency_is_found_at_its_sentence(name: str, tmp_path: Path) -> None:
    ws = tmp_path / name
    shutil.copytree(WS / name, ws)
    proc = docfact("check", ".", "--format", "json", "--no-cache", "--preview", cwd=ws)  # every rule
    assert proc.returncode == 1, proc.stderr
    data = json.loads(proc.stdout)
    got = {(f["path"], f["line"], f["criterion"], f["rule"]) for f in data["findings"]}
    assert got == expected(ws)
    # only the stable rules: exactly the planted findings of stable rules
    stable = json.loads(docfact("check", ".", "--format", "json", "--no-cache", "--no-preview", cwd=ws).stdout)
    assert {(f["path"], f["line"], f["criterion"], f["rule"]) for f in stable["findings"]} == {
        e for e in expected(ws) if not is_preview(e[3])}
    # every rule of the static judge is planted in at least one of the two workspaces
    assert data["version"] == 1 and data["files"] >= 2 and 0 < data["score"] < 1


def test_planted_workspaces_cover_every_rule() -> None:
    """Every rule, preview or stable, is planted (the planted runs pass ``--preview``)."""
    from docfact.judges.static import ALL_RULES

    planted = {r for name in ("planted_py", "planted_java") for (_, _, _, r) in expected(WS / name)}
    assert {r.id for r in ALL_RULES} <= planted
    # the TypeScript/JavaScript rules are planted in each of those workspaces (JavaScript has no
    # annotations for C2.param-type to compare with)
    from docfact.judges.static import ALL_CHECKS

    ts_ids = {c.id for c in ALL_CHECKS if c.where == "ts"}
    assert ts_ids <= {r for (_, _, _, r) in expected(WS / "planted_ts")}
    assert ts_ids - {"C2.param-type"} <= {r for (_, _, _, r) in expected(WS / "planted_js")}
    assert {r.id for r in ALL_RULES} <= planted


@pytest.mark.parametrize("name", ["clean_py", "clean_java", "clean_ts", "clean_js"])
def test_clean_twins_are_quiet(name: str, tmp_path: Path) -> None:
    ws = tmp_path / name
    shutil.copytree(WS / name, ws)
    proc = docfact("check", ".", "--no-cache", cwd=ws)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "No findings" in proc.stdout


def test_docfact_checks_its_own_docstrings() -> None:
    proc = docfact("check", "server/", "--no-cache")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_text_output_like_ruff(tmp_path: Path) -> None:
    shutil.copytree(WS / "planted_py", tmp_path / "ws")
    proc = docfact("check", "shop/cart.py", "--no-cache", cwd=tmp_path / "ws")
    first = proc.stdout.splitlines()[0]
    assert first.startswith("shop/cart.py:13:9: C1 `total_due` is not an attribute of `Cart`")
    assert proc.stdout.splitlines()[1].strip() == "total_due (float): What the owner pays."
    assert "Found 14 findings" in proc.stdout


def test_json_contract_docs_and_findings(tmp_path: Path) -> None:
    shutil.copytree(WS / "planted_py", tmp_path / "ws")
    data = json.loads(docfact("check", ".", "--format", "json", "--no-cache", cwd=tmp_path / "ws").stdout)
    assert set(data) >= {"version", "files", "docstrings", "score", "docs", "findings"}
    doc = next(d for d in data["docs"] if d["symbol"] == "Cart.add_line")
    assert doc == {"path": "shop/cart.py", "symbol": "Cart.add_line", "line": 21, "kind": "docstring",
                   "sentences": 3, "score": pytest.approx(11 / 12, abs=1e-4)}
    f = next(f for f in data["findings"] if f["rule"] == "C1.unknown-param")
    assert f == {"path": "shop/cart.py", "line": 24, "column": 13, "end_line": 24, "end_column": 43,
                 "criterion": "C1", "rule": "C1.unknown-param", "judge": "static",
                 "message": "`label` is not a parameter of `add_line`; did you mean `name`?",
                 "sentence": "label (str): The product name.", "symbol": "Cart.add_line",
                 "severity": "warning", "fix": "name"}


def test_sarif_and_github_formats(tmp_path: Path) -> None:
    shutil.copytree(WS / "planted_java", tmp_path / "ws")
    sarif = json.loads(docfact("check", ".", "--format", "sarif", "--no-cache", cwd=tmp_path / "ws").stdout)
    run = sarif["runs"][0]
    assert sarif["version"] == "2.1.0"
    rules = run["tool"]["driver"]["rules"]
    # one descriptor per registered rule, criterion by criterion, each before the rules it supersedes
    ids = [r["id"] for r in rules]
    assert ids == sorted(ids, key=lambda i: i[:2]) and len(ids) == len(set(ids))
    assert ids.index("C1.unknown-type-param") < ids.index("C1.self-reference") < ids.index("C1.unknown-name")
    assert ids.index("C3.undeclared-checked-exception") < ids.index("C3.raises-not-raised")
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in run["results"])
    assert len(run["results"]) == len(expected(tmp_path / "ws"))
    region = run["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] == 13 and region["snippet"]["text"].startswith("@param product")
    gh = docfact("check", ".", "--format", "github", "--no-cache", cwd=tmp_path / "ws").stdout.splitlines()
    assert gh[0].startswith("::warning file=src/main/java/org/shop/Inventory.java,line=13,col=8,")
    assert any(line.startswith("::notice ") for line in gh)  # C4 is informational


def test_select_ignore_and_fail_on(tmp_path: Path) -> None:
    shutil.copytree(WS / "planted_py", tmp_path / "ws")
    ws = tmp_path / "ws"
    only_c4 = json.loads(docfact("check", ".", "--format", "json", "--select", "C4", "--no-cache", cwd=ws).stdout)
    assert {f["criterion"] for f in only_c4["findings"]} == {"C4"}
    # C4 findings are informational: the default --fail-on warning passes, info fails
    assert docfact("check", ".", "--select", "C4", "--no-cache", cwd=ws).returncode == 0
    assert docfact("check", ".", "--select", "C4", "--fail-on", "info", "--no-cache", cwd=ws).returncode == 1
    no_c1 = json.loads(docfact("check", ".", "--format", "json", "--ignore", "C1", "--no-cache", cwd=ws).stdout)
    assert "C1" not in {f["criterion"] for f in no_c1["findings"]}


def test_baseline_hides_known_findings_only(tmp_path: Path) -> None:
    shutil.copytree(WS / "planted_py", tmp_path / "ws")
    ws = tmp_path / "ws"
    assert docfact("check", ".", "--write-baseline", "base.json", "--no-cache", cwd=ws).returncode == 0
    assert docfact("check", ".", "--baseline", "base.json", "--no-cache", cwd=ws).returncode == 0
    cart = ws / "shop" / "cart.py"
    cart.write_text(cart.read_text().replace('"""Charge the owner asynchronously."""',
                                             '"""Charge the owner asynchronously.\n\n        Interestingly, it recursively retries."""'))
    proc = docfact("check", ".", "--baseline", "base.json", "--format", "json", "--no-cache", cwd=ws)
    assert proc.returncode == 1
    new = json.loads(proc.stdout)["findings"]
    assert {(f["sentence"], f["rule"]) for f in new} == {
        ("Interestingly, it recursively retries.", "C3.not-recursive"),
        ("Interestingly, it recursively retries.", "C4.speculative"),
    }


def test_results_cache_reuses_and_invalidates(tmp_path: Path) -> None:
    shutil.copytree(WS / "planted_py", tmp_path / "ws")
    ws = tmp_path / "ws"
    first = docfact("check", ".", "--format", "json", cwd=ws)
    again = docfact("check", ".", "--format", "json", cwd=ws)
    assert json.loads(first.stdout) == json.loads(again.stdout)
    (ws / "shop" / "tax.py").write_text((ws / "shop" / "tax.py").read_text().replace("def tax_for", "def tax_of"))
    changed = json.loads(docfact("check", "shop/cart.py", "--format", "json", cwd=ws).stdout)
    assert any("tax_for" in f["message"] for f in changed["findings"])


def test_pyproject_configuration_and_suppression(tmp_path: Path) -> None:
    shutil.copytree(WS / "planted_py", tmp_path / "ws")
    ws = tmp_path / "ws"
    (ws / "pyproject.toml").write_text(
        '[tool.docfact]\ncriteria = ["C1", "C2", "C3"]\n[tool.docfact.severity]\nC2 = "error"\n'
        '[tool.docfact.per_file_ignores]\n"shop/tax.py" = ["C3"]\n')
    data = json.loads(docfact("check", ".", "--format", "json", "--no-cache", cwd=ws).stdout)
    assert "C4" not in {f["criterion"] for f in data["findings"]}
    assert {f["severity"] for f in data["findings"] if f["criterion"] == "C2"} == {"error"}
    cart = ws / "shop" / "cart.py"
    cart.write_text(cart.read_text().replace("    def checkout(self) -> str:", "    def checkout(self) -> str:  # docfact: ignore[C3]"))
    data = json.loads(docfact("check", ".", "--format", "json", "--no-cache", cwd=ws).stdout)
    assert "C3.not-async" not in {f["rule"] for f in data["findings"]}


@pytest.mark.parametrize(
    ("toml", "needle"),
    [
        pytest.param('[tool.docfact]\ncriterias = ["C1"]\n', "unknown setting 'criterias'", id="unknown-key"),
        pytest.param('[tool.docfact]\ncriteria = ["C9"]\n', "unknown criteria C9", id="bad-criterion"),
        pytest.param('[tool.docfact]\nmax_file_size = "big"\n', "expected a non-negative whole number", id="bad-type"),
        pytest.param('[tool.docfact\ncriteria = 1\n', "invalid TOML", id="broken-toml"),
    ],
)
def test_bad_configuration_is_a_clear_usage_error(tmp_path: Path, toml: str, needle: str) -> None:
    (tmp_path / "pyproject.toml").write_text(toml)
    (tmp_path / "m.py").write_text('def f():\n    """Nothing."""\n')
    proc = docfact("check", ".", cwd=tmp_path)
    assert proc.returncode == 2
    assert needle in proc.stderr
    assert "Traceback" not in proc.stderr


def test_bad_input_never_crashes(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text(
        'def ok(x: int) -> int:\n    """Return ``x`` asynchronously."""\n    return x\n\n'
        'def broken(:\n    """Never judged."""\n')
    (tmp_path / "empty.py").write_text("")
    (tmp_path / "binary.py").write_bytes(b"\x00\x01\x02def f(): pass\n")
    (tmp_path / "latin.py").write_bytes(b"# -*- coding: latin-1 -*-\ndef f():\n    \"\"\"Caf\xe9 au lait.\"\"\"\n")
    (tmp_path / "bad_utf8.py").write_bytes(b"def f():\n    \"\"\"\xff\xfe bad bytes.\"\"\"\n")
    (tmp_path / "huge.py").write_text("x = 1\n" * 300_000)
    proc = docfact("check", ".", "--format", "json", "--no-cache", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    data = json.loads(proc.stdout)
    assert [(f["path"], f["rule"]) for f in data["findings"]] == [("broken.py", "C3.not-async")]
    reasons = {s["path"]: s["reason"] for s in data["skipped"]}
    assert "binary" in reasons["binary.py"]
    assert "bad_utf8.py" in reasons and "huge.py" in reasons
    assert "latin.py" not in reasons
    text = docfact("check", ".", "--no-cache", cwd=tmp_path).stdout
    assert "broken.py: note: syntax errors near line 5" in text


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        pytest.param(["check", "no/such/dir"], "no such file or folder", id="missing-path"),
        pytest.param(["check", "--format", "yaml"], "invalid choice", id="bad-format"),
        pytest.param(["check", "--frobnicate"], "unrecognized arguments", id="unknown-option"),
        pytest.param(["check", "--select", "C7"], "unknown rule or criterion 'C7'", id="bad-select"),
        pytest.param(["context", "examples/inventory/store.py"], "expected FILE::QUALNAME", id="context-no-qualname"),
        pytest.param(["context", "examples/inventory/store.py::Store.prun"], "did you mean Store.prune", id="context-typo"),
    ],
)
def test_usage_errors_exit_2(args: list[str], needle: str) -> None:
    proc = docfact(*args)
    assert proc.returncode == 2
    assert needle in proc.stderr


def test_context_command_shows_1hop_blocks() -> None:
    proc = docfact("context", "examples/inventory/store.py::Store.price")
    assert proc.returncode == 0, proc.stderr
    assert "# inventory.pricing.apply_discount #" in proc.stdout
    assert "def apply_discount(total: float, rate: float = 0.1) -> float:" in proc.stdout


def test_context_and_docs_of_typescript(tmp_path: Path) -> None:
    ws = tmp_path / "planted_ts"
    shutil.copytree(WS / "planted_ts", ws)
    # `priceOf` comes from './lib' (index.ts) re-exporting `lookupPrice` from './prices.js' (a .ts
    # file); `lookupPrice` from '@lib/prices' through tsconfig.json's paths
    proc = docfact("context", "src/inventory.ts::Inventory.value", cwd=ws)
    assert proc.returncode == 0, proc.stderr
    assert "# src.lib.prices.lookupPrice #" in proc.stdout
    assert "export function lookupPrice(sku: string): number {" in proc.stdout
    proc = docfact("docs", "src/inventory.ts", cwd=ws)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert any("jsdoc of method Inventory.take" in line for line in lines)
    assert any(line.startswith("  11:6-11:46  [param cuont] @param {number} cuont how many to remove") for line in lines)


def test_docs_command_lists_sentences_with_ranges() -> None:
    proc = docfact("docs", "examples/inventory/store.py")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert any(line.startswith("  23:13-23:65  [param amount] amount (int): How many items to add.") for line in lines)
    assert any("docstring of method Store.prune" in line for line in lines)


def test_html_report_in_headless_chromium(tmp_path: Path) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("chromium is not installed (scripts/test-all installs it)")
    shutil.copytree(WS / "planted_py", tmp_path / "ws")
    report = tmp_path / "report.html"
    proc = docfact("check", ".", "--format", "html", "--output", str(report), "--no-cache", cwd=tmp_path / "ws")
    assert proc.returncode == 1
    common = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
    dom = subprocess.run([*common, "--dump-dom", report.as_uri()], capture_output=True, text=True,
                         timeout=90, check=False).stdout
    marks = dom.count("<mark class=\"flag")  # one per line of a flagged sentence
    sentences = dom.count("data-start=\"1\"")  # one per flagged sentence
    assert sentences == len(expected(tmp_path / "ws")) < marks
    assert "It basically works" not in dom
    for sentence in ("label (str): The product name.", "Charge the owner asynchronously.",
                     "This is particularly useful in machine learning pipelines."):
        assert f">{sentence}</mark>" in dom
    assert "Cart.remove" in dom and 'id="project-score">0.' in dom
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    subprocess.run([*common, "--window-size=1200,1600", f"--screenshot={artifacts / 'html-report.png'}",
                    report.as_uri()], capture_output=True, timeout=90, check=False)
    assert (artifacts / "html-report.png").stat().st_size > 10_000


def test_parallel_run_reports_exactly_what_a_serial_run_reports(tmp_path: Path) -> None:
    for n in range(120):
        (tmp_path / f"mod{n}.py").write_text(
            f'def f{n}(x: int) -> int:\n    """Return ``x`` asynchronously."""\n    return x\n\n\n'
            f'def g{n}(y: int) -> int:\n    """Return ``y``."""\n    return f{n}(y)\n')
    serial = docfact("check", ".", "--format", "json", "--no-cache", "-j", "1", cwd=tmp_path)
    parallel = docfact("check", ".", "--format", "json", "--no-cache", "-j", "2", cwd=tmp_path)
    assert serial.returncode == parallel.returncode == 1
    a, b = json.loads(serial.stdout), json.loads(parallel.stdout)
    assert len(a["findings"]) == 120
    assert a == b


def test_checking_one_file_reads_the_project_modules_it_imports(tmp_path: Path) -> None:
    """`docfact check pkg/b.py` judges b.py against the class it imports from pkg/a.py, which
    is not among the checked paths: a member that class lacks is reported."""
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text(
        'class Store:\n    """Keeps items."""\n\n    def prune(self, n: int) -> None:\n'
        '        """Drop the oldest ``n`` items."""\n')
    (tmp_path / "pkg" / "b.py").write_text(
        'from pkg.a import Store\n\n\ndef tidy(store: Store) -> None:\n'
        '    """Tidy up: calls ``Store.prnue`` on the store, then ``Store.prune``."""\n'
        '    store.prune(3)\n')
    proc = docfact("check", "pkg/b.py", "--no-cache", "--format", "json", cwd=tmp_path)
    findings = json.loads(proc.stdout)["findings"]
    assert [(f["line"], f["rule"]) for f in findings] == [(5, "C1.unknown-name")], proc.stdout
    assert "Store.prnue" in findings[0]["message"] and "Store.prune`" not in findings[0]["message"]


def test_checking_one_file_follows_names_re_exported_by_a_package(tmp_path: Path) -> None:
    """`docfact check app/views.py` where views imports ``Environment`` from the package
    ``lib``, whose ``__init__`` re-exports it from ``lib/env.py`` (two modules away): its
    members are known, so the true mentions are quiet and the misspelled one is reported."""
    (tmp_path / "pyproject.toml").write_text("")
    for d in ("app", "lib"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "__init__.py").write_text("")
    (tmp_path / "lib" / "__init__.py").write_text("from .env import Environment\n")
    (tmp_path / "lib" / "env.py").write_text(
        "class Environment:\n    def __init__(self) -> None:\n        self.auto_reload = False\n\n"
        "    def render(self) -> str:\n        return ''\n")
    (tmp_path / "app" / "views.py").write_text(
        "from lib import Environment\n\n\ndef page(env: Environment) -> str:\n"
        '    """Render with ``Environment.render`` unless ``Environment.auto_reload`` is set; '
        'see ``Environment.rendr``."""\n    return env.render()\n')
    proc = docfact("check", "app/views.py", "--no-cache", "--format", "json", cwd=tmp_path)
    findings = json.loads(proc.stdout)["findings"]
    assert [f["rule"] for f in findings] == ["C1.unknown-name"], proc.stdout
    assert "Environment.rendr" in findings[0]["message"]


def test_checking_one_file_gives_what_the_whole_package_check_gives_it(tmp_path: Path) -> None:
    """`docfact check pkg/a.py` (a pre-commit run) reads every module of the package, not only
    the ones a.py imports: a reference to a module that does not exist is reported, one to a
    module a.py never imports is quiet, and the findings equal the package check's for a.py."""
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    for d in ("pkg", "pkg/sub"):
        (tmp_path / d / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text(
        'def run(x: int) -> int:\n    """Run the job.\n\n'
        '    See :func:`pkg.sub.tools.helper` for the details, and :class:`pkg.sub.gone.Missing`.\n'
        '    """\n    return x\n')
    (tmp_path / "pkg" / "sub" / "tools.py").write_text("def helper() -> None:\n    pass\n")
    (tmp_path / "pkg" / "b.py").write_text(
        'def other() -> None:\n    """Calls ``helpre``; see ``pkg.sub.tools.helper``."""\n')
    alone = docfact("check", "pkg/a.py", "--no-cache", "--format", "json", cwd=tmp_path)
    whole = docfact("check", "pkg", "--no-cache", "--format", "json", cwd=tmp_path)
    got = [(f["line"], f["rule"]) for f in json.loads(alone.stdout)["findings"]]
    assert got == [(4, "C1.unknown-reference")], alone.stdout
    assert "pkg.sub.gone.Missing" in json.loads(alone.stdout)["findings"][0]["message"]
    assert json.loads(alone.stdout)["findings"] == [
        f for f in json.loads(whole.stdout)["findings"] if f["path"] == "pkg/a.py"]
