"""``docfact check --shard I/N`` and ``docfact merge``: the shards of a real project together say
exactly what one unsharded run says (reports compared byte for byte)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STDLIB = Path(json.__file__).resolve().parents[1]


def docfact(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "docfact", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=240, check=False)


def check(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return docfact(cwd, "check", ".", "--fail-on", "never", "--no-progress", *args)


@pytest.fixture(scope="module")
def proj(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Real code: three stdlib packages and the planted workspace, one project (as test_incremental)."""
    ws = tmp_path_factory.mktemp("shard") / "proj"
    ws.mkdir()
    (ws / "pyproject.toml").write_text("[project]\nname = 'proj'\n")
    for name in ("json", "email", "logging"):
        shutil.copytree(STDLIB / name, ws / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tests" / "workspaces" / "planted_py" / "shop", ws / "shop")
    return ws


@pytest.mark.timeout(600)
@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_merged_shards_equal_the_unsharded_report_byte_for_byte(proj: Path, tmp_path: Path, fmt: str) -> None:
    full = check(proj, "--format", fmt, "--no-cache").stdout
    parts = []
    for i in (1, 2, 3):
        out = tmp_path / f"shard{i}.{fmt}"
        proc = check(proj, "--format", fmt, "--no-cache", "--shard", f"{i}/3", "-o", str(out))
        assert proc.returncode == 0, proc.stderr
        parts.append(str(out))
    merged = tmp_path / f"merged.{fmt}"
    proc = docfact(proj, "merge", "--format", fmt, "--fail-on", "never", "-o", str(merged), *reversed(parts))
    assert proc.returncode == 0, proc.stderr
    assert merged.read_text() == full
    if fmt == "sarif":
        refused = docfact(proj, "merge", "--format", "json", *parts)
        assert refused.returncode == 2 and "needs JSON shard reports" in refused.stderr
    if fmt == "json":
        data = json.loads(full)
        shards = [json.loads(Path(p).read_text())["shard"] for p in parts]
        sizes = [len(s["files"]) for s in shards]
        assert sum(sizes) == data["files"] > 40 and all(sizes), sizes  # every shard has work
        assert len(data["findings"]) > 10  # the planted workspace's findings are in it
        # JSON shards also merge into the SARIF of the unsharded run
        proc = docfact(proj, "merge", "--format", "sarif", "--fail-on", "never", *parts)
        assert proc.stdout == check(proj, "--format", "sarif", "--no-cache").stdout


def test_shards_with_the_store_then_an_unsharded_run_with_it(proj: Path, tmp_path: Path) -> None:
    cold = check(proj, "--format", "json", "--no-cache").stdout
    cache = str(tmp_path / "cache")
    parts = []
    for i in (1, 2):
        out = tmp_path / f"s{i}.json"
        check(proj, "--format", "json", "--cache-dir", cache, "--shard", f"{i}/2", "-o", str(out))
        parts.append(str(out))
    assert docfact(proj, "merge", "--fail-on", "never", *parts).stdout == cold
    assert check(proj, "--format", "json", "--cache-dir", cache).stdout == cold
    again = tmp_path / "again.json"  # a shard answered from the store
    check(proj, "--format", "json", "--cache-dir", cache, "--shard", "1/2", "-o", str(again))
    assert again.read_text() == Path(parts[0]).read_text()


def test_a_file_keeps_its_shard_when_files_are_added(proj: Path, tmp_path: Path) -> None:
    def owners(cwd: Path) -> dict[str, int]:
        out = {}
        for i in (1, 2, 3, 4):
            data = json.loads(check(cwd, "--format", "json", "--no-cache", "--shard", f"{i}/4").stdout)
            out.update({path: i for _, path in data["shard"]["files"]})
        return out

    small = tmp_path / "p"
    shutil.copytree(proj / "shop", small / "shop")
    (small / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    before = owners(small)
    for n in range(6):
        (small / "shop" / f"added_{n}.py").write_text(f'def f{n}():\n    """Return nothing."""\n')
    after = owners(small)
    assert len(after) == len(before) + 6
    assert {p: after[p] for p in before} == before


@pytest.mark.parametrize(("value", "message"), [
    ("0/3", "between 1 and 3"),
    ("4/3", "between 1 and 3"),
    ("x", "I/N with whole numbers"),
    ("1/0", "at least 1"),
    ("-1/3", "I/N with whole numbers"),
])
def test_bad_shard_values_are_usage_errors(proj: Path, value: str, message: str) -> None:
    proc = check(proj / "shop", f"--shard={value}")
    assert proc.returncode == 2
    assert message in proc.stderr and "Traceback" not in proc.stderr


def test_merge_refuses_incomplete_repeated_or_foreign_reports(proj: Path, tmp_path: Path) -> None:
    shop = proj / "shop"
    a, b, plain = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "plain.json"
    check(shop, "--format", "json", "--no-cache", "--shard", "1/2", "-o", str(a))
    check(shop, "--format", "json", "--no-cache", "--shard", "2/2", "-o", str(b))
    check(shop, "--format", "json", "--no-cache", "-o", str(plain))
    other = tmp_path / "other.json"
    check(shop, "--format", "json", "--no-cache", "--shard", "2/3", "-o", str(other))
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    cases = [
        ([a], "shard(s) 2/2 missing"),
        ([a, b, b], "given twice"),
        ([a, plain], "not a shard report"),
        ([a, other], "different runs"),
        ([a, garbage], "not JSON"),
        ([a, tmp_path / "nope.json"], "no such file"),
    ]
    for files, message in cases:
        proc = docfact(tmp_path, "merge", *map(str, files))
        assert proc.returncode == 2, (files, proc.stderr)
        assert message in proc.stderr and "Traceback" not in proc.stderr
    ok = docfact(tmp_path, "merge", str(b), str(a))
    assert ok.returncode == 1  # the planted findings are warnings
    assert ok.stdout == plain.read_text()


def test_the_example_workflow_runs_docfact_commands_that_exist(tmp_path: Path) -> None:
    """Every ``docfact`` command of examples/ci/docfact-sharded.yml parses (with shard 1)."""
    import re
    import shlex

    from docfact.cli.main import build_parser

    text = (ROOT / "examples" / "ci" / "docfact-sharded.yml").read_text()
    commands = re.findall(r"run: (docfact .*)", text)
    assert len(commands) == 3
    for cmd in commands:
        argv = shlex.split(cmd.replace("${{ matrix.shard }}", "1"))[1:]
        args = build_parser().parse_args(argv)
        assert args.command in ("check", "merge")
        if args.command == "check":
            assert args.shard == "1/4" and args.format == "json"


def test_the_example_workflows_install_this_version_of_docfact() -> None:
    """The CI examples install the wheel of the current version (docfact is not published, so
    there is no tag or package index to install from)."""
    import re

    from docfact import __version__

    for text in ((ROOT / "examples" / "ci" / "docfact-sharded.yml").read_text(),
                 (ROOT / "README.md").read_text(encoding="utf-8")):
        installs = re.findall(r"run: pip install (\S+)", text)
        assert installs and all(i == f"tools/docfact-{__version__}-py3-none-any.whl" for i in installs), installs
