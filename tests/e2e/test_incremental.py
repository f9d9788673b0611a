"""Incremental checks: after any edit, a run that reuses the store reports exactly what a cold
run reports, and a damaged, busy or bounded store never changes a result."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STDLIB = Path(json.__file__).resolve().parents[1]


def docfact(cwd: Path, *args: str, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    extra = ["--cache-dir", str(cache)] if cache is not None else ["--no-cache"]
    return subprocess.run([sys.executable, "-m", "docfact", "check", ".", "--format", "json",
                           "--fail-on", "never", "--no-progress", "--preview", *extra, *args],
                          cwd=cwd, capture_output=True, text=True, timeout=240, check=False)


def project(tmp: Path) -> Path:
    """Real code: three stdlib packages and the planted workspace (cross-file references,
    defaults, raises) as one project."""
    ws = tmp / "proj"
    ws.mkdir()
    (ws / "pyproject.toml").write_text("[project]\nname = 'proj'\n")
    for name in ("json", "email", "logging"):
        shutil.copytree(STDLIB / name, ws / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tests" / "workspaces" / "planted_py" / "shop", ws / "shop")
    return ws


# edits of one file that change what docfact says of another (unchanged) file, as (file, old,
# new, the file whose findings change)
CROSS_FILE = [
    ("shop/tax.py", "def tax_for(", "def tax_fro(", "shop/refs.py"),  # the See Also target now exists
    ("shop/cart.py", "class Cart:", "class Basket:\n    pass\n\n\nclass Cart:", "shop/usage.py"),
    ("shop/cart.py", "    def add_line(", "    def append_line(", "shop/usage.py"),
    ("shop/refs.py", "def build_reverse_receipt_lines(", "def build_reverse_receipt_rows(", "shop/refs.py"),
    ("shop/tax.py", "def tax_fro(", "def tax_for(", "shop/refs.py"),
    # a word that appears in another file: the name a doc says is called now exists
    ("shop/refs.py", "    \"\"\"Format a receipt with its tax.\n",
     "    \"\"\"Format a receipt with its tax.\n\n    Calls ``helper_total()`` for the sum.\n", "shop/refs.py"),
    ("shop/cart.py", "    def audit(self) -> int:\n", "    def audit(self) -> int:\n        helper_total = 0\n", "shop/refs.py"),
    # the body of a callee: what it raises
    ("shop/refs.py", "    tax_fro : the tax on the lines.\n",
     "    tax_fro : the tax on the lines.\n\n    Raises\n    ------\n    ValueError\n        If ``rate`` is negative.\n",
     "shop/refs.py"),
    ("shop/tax.py", "raise ValueError(\"negative rate\")", "return 0.0", "shop/refs.py"),
]


_DEF = re.compile(r"^(?P<indent>[ \t]*)def (?P<name>\w+)\((?P<params>[^)]*)\)[^:\n]*:[ \t]*$", re.M)


def _functions(text: str) -> list[re.Match[str]]:
    return [m for m in _DEF.finditer(text) if not m.group("name").startswith("__")]


def _body_end(text: str, m: re.Match[str]) -> int:
    """Offset after the last line of the function that starts at ``m``."""
    indent = len(m.group("indent"))
    pos = m.end()
    last = pos
    for line in re.finditer(r"\n([ \t]*)(\S?)[^\n]*", text[pos:]):
        if line.group(2) and len(line.group(1)) <= indent:
            break
        if line.group(2):
            last = pos + line.end()
    return last


def edit(rng: random.Random, files: list[Path], kind: str) -> str:
    """Apply one edit of ``kind`` to a random function; returns what was done."""
    for _ in range(100):
        path = rng.choice(files)
        text = path.read_text(encoding="utf-8")
        funcs = _functions(text)
        if not funcs:
            continue
        m = rng.choice(funcs)
        name, params = m.group("name"), m.group("params")
        if kind == "rename":
            new = text[: m.start("name")] + name + "_renamed" + text[m.end("name"):]
        elif kind == "delete":
            new = text[: m.start()] + f"{m.group('indent')}pass\n" + text[_body_end(text, m):]
        elif kind == "add-parameter":
            new = text[: m.start("params")] + "added_arg, " + text[m.start("params"):]
        elif kind == "change-default":
            d = re.search(r"=\s*(None|True|False|-?\d+|'[^']*'|\"[^\"]*\")", params)
            if d is None:
                continue
            a = m.start("params") + d.start(1)
            new = text[:a] + "12345" + text[m.start("params") + d.end(1):]
        elif kind == "add-raise":
            end = _body_end(text, m)
            body = re.search(r"\n([ \t]+)\S", text[m.end():end])
            if body is None:
                continue
            new = text[:end] + f"\n{body.group(1)}raise KeyError('edited')" + text[end:]
        elif kind == "edit-docstring":
            q = text.find('"""', m.end(), _body_end(text, m))
            if q < 0:
                continue
            other = rng.choice(funcs).group("name")
            new = text[: q + 3] + f"Uses ``{other}`` and ``missing_helpr``; returns a dict. " + text[q + 3:]
        else:
            raise ValueError(kind)
        path.write_text(new, encoding="utf-8")
        return f"{kind} {path.name}:{name}"
    raise AssertionError(f"no function fits {kind}")


def _normal(out: str) -> object:
    return json.loads(out)


@pytest.mark.timeout(600)
def test_random_edits_give_the_cold_result(tmp_path: Path) -> None:
    ws = project(tmp_path)
    cache = tmp_path / "cache"
    files = sorted(p for p in ws.rglob("*.py") if p.stat().st_size > 0)
    first = docfact(ws, cache=cache)
    assert first.returncode == 0, first.stderr
    assert _normal(first.stdout) == _normal(docfact(ws).stdout)
    rng = random.Random(20261125)
    kinds = ["rename", "delete", "add-parameter", "change-default", "add-raise", "edit-docstring"]
    findings_seen = set()
    for step in range(12):
        what = edit(rng, files, kinds[step % len(kinds)])
        warm = docfact(ws, cache=cache)
        cold = docfact(ws)
        assert warm.returncode == cold.returncode == 0, (what, warm.stderr, cold.stderr)
        assert _normal(warm.stdout) == _normal(cold.stdout), f"after {what}"
        findings_seen.update((f["path"], f["rule"], f["line"]) for f in json.loads(cold.stdout)["findings"])
    # the edits made findings come and go (the test would prove little on a quiet project)
    assert len(findings_seen) > len(json.loads(first.stdout)["findings"])


def _findings_of(out: str, path: str) -> list[tuple[int, str, str]]:
    return sorted((f["line"], f["rule"], f["message"]) for f in json.loads(out)["findings"] if f["path"] == path)


@pytest.mark.timeout(300)
def test_an_edit_re_judges_the_unchanged_files_it_affects(tmp_path: Path) -> None:
    ws = project(tmp_path)
    cache = tmp_path / "cache"
    before = docfact(ws, cache=cache)
    assert before.returncode == 0, before.stderr
    for path, old, new, affected in CROSS_FILE:
        if not affected:
            continue
        f = ws / path
        text = f.read_text()
        assert old in text, old
        f.write_text(text.replace(old, new, 1))
        warm, cold = docfact(ws, cache=cache), docfact(ws)
        assert _normal(warm.stdout) == _normal(cold.stdout), f"after {path}: {old} -> {new}"
        if affected != path:  # the other file did not change, and what docfact says of it did
            assert _findings_of(warm.stdout, affected) != _findings_of(before.stdout, affected), (path, old)
        before = warm


_STATS = re.compile(r"(\d+) files kept whole; (\d+) files judged: (\d+) docs judged, (\d+) doc verdicts kept")


@pytest.mark.timeout(300)
def test_only_the_docs_that_read_what_changed_are_judged_again(tmp_path: Path) -> None:
    ws = project(tmp_path)
    cache = tmp_path / "cache"
    refs = ws / "shop" / "refs.py"  # receipt() calls tax_for(), which raises ValueError
    refs.write_text(refs.read_text().replace("    tax_fro : the tax on the lines.\n", "    tax_fro : the tax on the lines.\n"
                                             "\n    Raises\n    ------\n    ValueError\n        If ``rate`` is negative.\n", 1))
    first = docfact(ws, "-v", cache=cache)
    kept_whole, judged_files, judged, kept = map(int, _STATS.search(first.stderr).groups())  # type: ignore[union-attr]
    assert (kept_whole, kept) == (0, 0) and judged > 1000
    tax = ws / "shop" / "tax.py"
    tax.write_text(tax.read_text().replace('raise ValueError("negative rate")', "return 0.0", 1))
    warm = docfact(ws, "-v", cache=cache)
    assert _normal(warm.stdout) == _normal(docfact(ws).stdout)
    # receipt()'s Raises section is now wrong: refs.py did not change, what docfact says of it did
    assert _findings_of(warm.stdout, "shop/refs.py") != _findings_of(first.stdout, "shop/refs.py")
    kept_whole, judged_files, judged, kept = map(int, _STATS.search(warm.stderr).groups())  # type: ignore[union-attr]
    # tax.py and the files that use tax_for are judged again, and in those files only the docs
    # whose judging read tax_for; every other file keeps its verdicts whole
    files = sum(1 for _ in ws.rglob("*.py"))
    assert judged_files >= 2 and kept_whole == files - judged_files > 30
    assert kept > 0 and judged < 30, warm.stderr


# a helper that throws, one that does not, and a doc that promises the throw of whichever its
# import names
_THROWS = ("/** Checks a count. */\nexport function helper(x: number): number {\n"
           "  if (x < 0) {\n    throw new RangeError(\"negative\");\n  }\n  return x;\n}\n")
_QUIET = "/** Checks a count. */\nexport function helper(x: number): number {\n  return x;\n}\n"


def _user(specifier: str) -> str:
    return (f'import {{ helper }} from "{specifier}";\n\n/**\n * Doubles a count.\n'
            " * @throws {RangeError} when x is negative.\n */\n"
            "export function run(x: number): number {\n  return helper(x) * 2;\n}\n")


def _write(ws: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_text(text)


def test_a_changed_tsconfig_is_an_edit_of_the_files_it_maps(tmp_path: Path) -> None:
    ws = tmp_path / "app"
    _write(ws, {
        "tsconfig.json": '{ "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["src/a/*"] } } }\n',
        "src/a/util.ts": _THROWS, "src/b/util.ts": _QUIET, "src/main.ts": _user("@app/util"),
    })
    cache = tmp_path / "cache"
    assert json.loads(docfact(ws, cache=cache).stdout)["findings"] == []
    config = ws / "tsconfig.json"
    config.write_text(config.read_text().replace("src/a/", "src/b/"))
    # "@app/util" now names src/b/util.ts, which throws nothing: main.ts did not change, its
    # verdict did (a store keyed by the file's text alone would keep the old one)
    warm = docfact(ws, cache=cache)
    assert _normal(warm.stdout) == _normal(docfact(ws).stdout)
    assert [f["rule"] for f in json.loads(warm.stdout)["findings"]] == ["C3.raises-not-raised"]


def test_a_renamed_workspace_package_is_an_edit_of_the_files_that_import_it(tmp_path: Path) -> None:
    ws = tmp_path / "mono"
    _write(ws, {
        "package.json": '{"name": "mono", "private": true}\n',
        "packages/a/package.json": '{"name": "@acme/utils"}\n', "packages/a/src/index.ts": _THROWS,
        "packages/b/package.json": '{"name": "@acme/other"}\n', "packages/b/src/index.ts": _QUIET,
        "app/main.ts": _user("@acme/utils"),
    })
    cache = tmp_path / "cache"
    assert json.loads(docfact(ws, cache=cache).stdout)["findings"] == []
    # the two packages swap names: "@acme/utils" is now packages/b, whose helper throws nothing
    _write(ws, {"packages/a/package.json": '{"name": "@acme/other"}\n',
                "packages/b/package.json": '{"name": "@acme/utils"}\n'})
    warm = docfact(ws, cache=cache)
    assert _normal(warm.stdout) == _normal(docfact(ws).stdout)
    assert [(f["path"], f["rule"]) for f in json.loads(warm.stdout)["findings"]] == [
        ("app/main.ts", "C3.raises-not-raised")]


def _rows(cache: Path) -> int:
    db = sqlite3.connect(cache / "store-v1.sqlite3")
    try:
        return db.execute("SELECT count(*) FROM verdicts").fetchone()[0]
    finally:
        db.close()


def test_a_damaged_store_warns_once_and_the_result_is_right(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    shutil.copytree(ROOT / "tests" / "workspaces" / "planted_py", ws)
    cold = _normal(docfact(ws).stdout)
    cache = tmp_path / "cache"
    assert _normal(docfact(ws, cache=cache).stdout) == cold
    store = cache / "store-v1.sqlite3"
    for damage in ("garbage", "truncated", "empty"):
        data = store.read_bytes()
        if damage == "garbage":
            store.write_bytes(os.urandom(len(data)))
        elif damage == "truncated":
            store.write_bytes(data[: len(data) // 3])
        else:
            store.write_bytes(b"")
        for suffix in ("-wal", "-shm"):
            Path(str(store) + suffix).unlink(missing_ok=True)
        run = docfact(ws, cache=cache)
        assert _normal(run.stdout) == cold, damage
        if damage != "empty":  # an empty file is a valid new database
            assert "store" in run.stderr and "damaged" in run.stderr, (damage, run.stderr)
        assert run.stderr.count("\n") <= 1, run.stderr
        again = docfact(ws, cache=cache)  # the store was rebuilt: quiet and right
        assert _normal(again.stdout) == cold and again.stderr == "", (damage, again.stderr)
    assert oct(store.stat().st_mode & 0o777) == "0o600"


def test_a_store_that_cannot_be_opened_is_skipped_with_one_line(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    shutil.copytree(ROOT / "tests" / "workspaces" / "planted_py", ws)
    cold = _normal(docfact(ws).stdout)
    cache = tmp_path / "cache"
    (cache / "store-v1.sqlite3").mkdir(parents=True)  # a folder where the database should be
    run = docfact(ws, cache=cache)
    assert _normal(run.stdout) == cold
    assert run.stderr.count("\n") == 1 and "continuing without it" in run.stderr


def test_runs_at_once_and_a_killed_run_leave_a_correct_store(tmp_path: Path) -> None:
    ws = project(tmp_path)
    cold = _normal(docfact(ws).stdout)
    cache = tmp_path / "cache"
    cmd = [sys.executable, "-m", "docfact", "check", ".", "--format", "json", "--fail-on", "never",
           "--no-progress", "--cache-dir", str(cache)]
    procs = [subprocess.Popen(cmd, cwd=ws, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(3)]
    for p in procs:
        out, err = p.communicate(timeout=240)
        assert _normal(out) == cold, err
    # killed mid-run (while indexing, judging or writing): the next run is still right
    (cache / "store-v1.sqlite3").unlink()
    for delay in (0.3, 0.8, 1.5):
        p = subprocess.Popen(cmd, cwd=ws, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=30)
        run = docfact(ws, cache=cache)
        assert _normal(run.stdout) == cold, (delay, run.stderr)
    assert _rows(cache) > 0


def test_the_store_stays_within_its_size_limit(tmp_path: Path) -> None:
    from docfact.store import Store

    store = Store(tmp_path, limit=200_000)
    for i in range(40):
        store.put_many("verdicts", [(f"k{i}-{j}", os.urandom(1000)) for j in range(20)])
    assert store.size() <= 200_000
    newest = store.get_many("verdicts", [f"k39-{j}" for j in range(20)])
    assert len(newest) == 20  # the least recently used rows went first
    assert not store.get_many("verdicts", ["k0-0"])


def test_a_row_read_outlives_rows_not_read_since(tmp_path: Path) -> None:
    """Eviction drops the rows read least recently (to the hour); reading many rows in a
    run marks them in one write."""
    import sqlite3

    from docfact.store import USED_STEP, Store

    store = Store(tmp_path, limit=10**9)
    store.put_many("verdicts", [(f"old{j}", os.urandom(1000)) for j in range(30)])
    db = sqlite3.connect(str(store.path))
    db.execute("UPDATE verdicts SET used = used - ?", (3 * USED_STEP,))
    db.commit()
    db.close()
    assert len(store.get_many("verdicts", [f"old{j}" for j in range(0, 30, 2)])) == 15  # the even ones
    store.put_many("verdicts", [(f"new{j}", os.urandom(1000)) for j in range(30)])
    # a store just over its limit: eviction, down to 80% of the limit, drops a fifth of it
    store.limit = store._pages_in_use() - 1
    store.put_many("verdicts", [("last", b"x")])
    kept = store.get_many("verdicts", [f"old{j}" for j in range(30)])
    assert kept and all(int(k[3:]) % 2 == 0 for k in kept), sorted(kept)
