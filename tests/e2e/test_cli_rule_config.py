"""Rule maturity and per-rule configuration as a user of the CLI sees them (issue 28)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WS = ROOT / "tests" / "workspaces"


def docfact(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "docfact", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


def rules_found(ws: Path, *args: str) -> list[str]:
    proc = docfact("check", ".", "--format", "json", "--no-cache", *args, cwd=ws)
    assert proc.returncode in (0, 1), proc.stderr
    return [f["rule"] for f in json.loads(proc.stdout)["findings"]]


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    shutil.copytree(WS / "planted_py", tmp_path / "ws")
    return tmp_path / "ws"


def test_a_preview_rule_runs_with_preview_or_when_selected_by_id(ws: Path) -> None:
    (ws / "pyproject.toml").write_text("[tool.docfact]\npreview = false\n")
    assert "C3.calls-missing" not in rules_found(ws)
    assert "C3.calls-missing" in rules_found(ws, "--preview")
    assert rules_found(ws, "--select", "C3.calls-missing") == ["C3.calls-missing"]


def test_ignore_a_rule_hides_exactly_that_rule(ws: Path) -> None:
    every = rules_found(ws)
    assert "C1.unknown-name" in every
    rest = rules_found(ws, "--ignore", "C1.unknown-name")
    assert "C1.unknown-name" not in rest
    assert sorted(r for r in every if r != "C1.unknown-name") == sorted(rest)


def test_select_a_criterion_runs_its_rules(ws: Path) -> None:
    c1 = rules_found(ws, "--select", "C1")
    assert c1 and {r[:2] for r in c1} == {"C1"}
    assert sorted(c1) == sorted(r for r in rules_found(ws) if r.startswith("C1."))
    from docfact.judges.maturity import is_preview

    stable = sorted(r for r in c1 if not is_preview(r))
    assert stable and sorted(rules_found(ws, "--select", "C1", "--no-preview")) == stable


@pytest.mark.parametrize("option", ["--select", "--ignore"])
def test_a_misspelt_rule_id_is_a_usage_error_with_a_did_you_mean(ws: Path, option: str) -> None:
    proc = docfact("check", ".", option, "C1,C1.unknwn-name", cwd=ws)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines()[-1] == (
        f"docfact: error: {option}: unknown rule or criterion 'C1.unknwn-name'; did you mean C1.unknown-name?")
    (ws / "pyproject.toml").write_text('[tool.docfact]\nignore = ["C3.calls-mising"]\n')
    proc = docfact("check", ".", cwd=ws)
    assert proc.returncode == 2 and "did you mean C3.calls-missing?" in proc.stderr


def test_severity_per_rule_id_in_json_and_sarif(ws: Path) -> None:
    (ws / "pyproject.toml").write_text('[tool.docfact.severity]\nC1 = "hint"\n"C1.unknown-param" = "error"\n')
    findings = json.loads(docfact("check", ".", "--format", "json", "--no-cache", cwd=ws).stdout)["findings"]
    levels = {f["rule"]: f["severity"] for f in findings if f["criterion"] == "C1"}
    assert levels["C1.unknown-param"] == "error" and levels["C1.unknown-name"] == "hint"
    sarif = json.loads(docfact("check", ".", "--format", "sarif", "--no-cache", cwd=ws).stdout)
    results = sarif["runs"][0]["results"]
    assert {r["level"] for r in results if r["ruleId"] == "C1.unknown-param"} == {"error"}
    assert {r["level"] for r in results if r["ruleId"] == "C1.unknown-name"} == {"note"}


def test_suppression_comment_with_a_rule_id(tmp_path: Path) -> None:
    src = tmp_path / "ws" / "mod.py"
    src.parent.mkdir()
    body = '''def add(count: int) -> int:
    """Add items.

    Args:
        amount: How many.
    """{mark}
    return count
'''
    src.write_text(body.format(mark=""))
    assert rules_found(src.parent) == ["C1.unknown-param"]
    src.write_text(body.format(mark="  # docfact: ignore[C1.unknown-param]"))
    assert rules_found(src.parent) == []
    src.write_text(body.format(mark="  # docfact: ignore[C1.unknown-name]"))  # another rule: still reported
    assert rules_found(src.parent) == ["C1.unknown-param"]


def test_sarif_has_one_descriptor_per_rule_id(ws: Path) -> None:
    from docfact.judges.static import ALL_RULES

    run = json.loads(docfact("check", ".", "--format", "sarif", "--no-cache", cwd=ws).stdout)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == list(dict.fromkeys(r.id for r in ALL_RULES))
    calls = next(r for r in rules if r["id"] == "C3.calls-missing")
    assert calls["properties"] == {"criterion": "C3", "maturity": "preview", "languages": ["all"]}
    assert calls["shortDescription"]["text"].startswith('"Calls/uses X"')
    assert calls["fullDescription"]["text"].startswith("The doc says the code calls or uses a project function")
    assert calls["helpUri"].endswith("docs/rules.md#c3calls-missing")
    assert calls["defaultConfiguration"] == {"level": "warning"}
    lecture = next(r for r in rules if r["id"] == "C4.generic-lecture")
    assert lecture["defaultConfiguration"] == {"level": "note"}
    assert run["results"]
    for res in run["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"] == res["properties"]["rule"]


def test_rules_lists_and_explains(ws: Path) -> None:
    listing = docfact("rules", cwd=ws).stdout.splitlines()
    line = next(x for x in listing if x.startswith("C3.calls-missing "))
    assert line.split()[1:4] == ["C3", "preview", "0.00"]
    one = docfact("rules", "C1.unknown-param", cwd=ws)
    from docfact.judges.maturity import MATURITY
    rule = MATURITY["C1.unknown-param"]  # its maturity and figure by the latest blind audit
    assert one.returncode == 0 and f"({rule.maturity};" in one.stdout
    assert f"Precision on unseen code: {rule.precision_text()}" in one.stdout
    back = docfact("rules", "C3.not-async", cwd=ws)
    assert back.returncode == 0 and "(preview;" in back.stdout
    preview = docfact("rules", "C3.calls-missing", cwd=ws)
    assert preview.returncode == 0 and "--select C3.calls-missing" in preview.stdout
    flagged, true = one.stdout.split("Example that is flagged (python):")[1].split("The same code with a doc that is true")
    assert "path: Where the file is." in flagged and "filename: Where the file is." in true
    assert "outranks C1.unknown-attribute" in one.stdout
    md = docfact("rules", "--markdown", cwd=ws)
    assert md.returncode == 0 and "\n## C1.unknown-param\n" in md.stdout
    assert md.stdout == (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    bad = docfact("rules", "C1.unknown-parm", cwd=ws)
    assert bad.returncode == 2 and "did you mean C1.unknown-param?" in bad.stderr


def test_out_of_the_box_only_stable_rules_run(ws: Path, tmp_path: Path) -> None:
    """A user with no configuration at all gets the stable rules only; the example project's
    pyproject.toml turns the preview rules on, as the README's quick start says."""
    import os

    from docfact.judges.maturity import is_preview

    empty = tmp_path / "no-config"
    empty.mkdir()
    env = {**os.environ, "XDG_CONFIG_HOME": str(empty)}

    def found(where: Path) -> set[str]:
        proc = subprocess.run([sys.executable, "-m", "docfact", "check", ".", "--format", "json", "--no-cache"],
                              cwd=where, capture_output=True, text=True, timeout=300, env=env)
        assert proc.returncode in (0, 1), proc.stderr
        return {f["rule"] for f in json.loads(proc.stdout)["findings"]}

    plain = found(ws)
    assert plain and not any(is_preview(r) for r in plain)
    examples = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", examples)
    assert any(is_preview(r) for r in found(examples))
