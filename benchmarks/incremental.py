"""Incremental checks: what users wait for after the first run, in the CLI and in the editor.

    python benchmarks/incremental.py            # about 5 minutes on a 2-core machine
    python benchmarks/incremental.py --reps 5   # more repetitions of the CLI runs
    python benchmarks/incremental.py --stress 30  # 30 random edits: findings with the store = without

On the Django 5.1.4 sdist (downloaded once into benchmarks/.cache, copied to a scratch folder
that the script edits):

1. CLI, ``docfact check django/`` with one cache folder of its own: the cold run (empty store),
   an unchanged re-run, and a re-run after editing one file (a statement added to the body of
   ``Model.save`` in ``django/db/models/base.py``; a sentence added to its docstring), each
   compared with ``--no-cache`` on the same text: the findings must be identical. Medians of
   ``--reps`` runs (the edit is undone between runs, and each repetition's edit is new text, so
   each edited run sees one changed file whose text the store has never seen). Ratios are to the cold run with an empty store and to ``--no-cache``.
2. Language server, ``docfact serve`` on the whole sdist (every ``.py``), with
   ``django/db/models/base.py`` opened right after ``initialized``: time to its first
   diagnostics with an empty store (cold) and on a second start (warm store), then the p95 of 30
   save -> diagnostics round trips (the rotating edits of ``lsp_latency.py``).

Targets (issue 13): unchanged re-run <= 0.1x cold, one-file edit <= 0.2x cold, both with the
cold run's findings; first diagnostics <= 2 s cold and <= 1 s warm; save p95 <= 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _fetch import sdist
from lsp_latency import (
    FILE,
    NAME,
    VERSION,
    Client,
    Editor,
    capabilities,
    percentile,
    run_saves,
    wait_diagnostics,
)

HERE = Path(__file__).resolve().parent
EDIT_FILE = "django/db/models/base.py"
BODY_OLD = "        self._prepare_related_fields_for_save(operation_name=\"save\")\n"
DOC_OLD = "        Save the current instance."


def body_edit(rep: int) -> str:
    """A statement added to ``Model.save``; different in each repetition, so that every edited
    run meets a text the store has never seen."""
    return BODY_OLD + f"        checked_by_benchmark = {rep}\n"


def doc_edit(rep: int) -> str:
    return DOC_OLD + f" The benchmark added this sentence ({rep})."


_WORK = re.compile(r"(\d+) files kept whole; (\d+) files judged: (\d+) docs judged, (\d+) doc verdicts kept")
last_work = [""]  # what the last cached run judged, as -v reports it


def check(cwd: Path, cache: Path | None) -> tuple[float, str]:
    cmd = [sys.executable, "-m", "docfact", "check", "django", "--preview", "--format", "json", "--fail-on", "never",
           "--no-progress", *(["--cache-dir", str(cache), "-v"] if cache is not None else ["--no-cache"])]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False, timeout=900)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"docfact check failed: {proc.stderr[-2000:]}")
    m = _WORK.search(proc.stderr)
    last_work[0] = f"{m[2]} files, {m[3]} docs judged; {m[4]} doc verdicts kept" if m else "nothing judged"
    return wall, proc.stdout


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def cli(work: Path, reps: int) -> list[str]:
    cache = work.parent / "cli-cache"
    target = work / EDIT_FILE
    rows: list[tuple[str, float, bool, str]] = []
    colds, nocache, unchanged = [], [], []
    for _ in range(reps):
        shutil.rmtree(cache, ignore_errors=True)
        t, out_cold = check(work, cache)
        colds.append(t)
        cold_work = last_work[0]
        t, out_ref = check(work, None)
        nocache.append(t)
        assert json.loads(out_cold) == json.loads(out_ref)
        t, out = check(work, cache)
        unchanged.append(t)
        same_unchanged = json.loads(out) == json.loads(out_ref)
        unchanged_work = last_work[0]
    cold, ref = statistics.median(colds), statistics.median(nocache)
    rows.append(("cold, empty store", cold, True, cold_work))
    rows.append(("cold, --no-cache", ref, True, ""))
    rows.append(("unchanged re-run", statistics.median(unchanged), same_unchanged, unchanged_work))
    for label, old, edit in (("one file edited: a statement in `Model.save`", BODY_OLD, body_edit),
                             ("one file edited: a sentence in `Model.save`'s docstring", DOC_OLD, doc_edit)):
        times, same = [], True
        for rep in range(reps):
            new = edit(rep)
            replace(target, old, new)
            t, out = check(work, cache)
            times.append(t)
            work_done = last_work[0]
            _, out_ref = check(work, None)
            same = same and json.loads(out) == json.loads(out_ref)
            replace(target, new, old)
            check(work, cache)  # back to the stored state for the next repetition
        rows.append((label, statistics.median(times), same, work_done))
    lines = [
        "| CLI run (`docfact check django/`) | wall, median | / cold (empty store) | / cold (--no-cache) | findings = cold | judged (last run, `-v`) |",
        "|---|---:|---:|---:|---|---|",
    ]
    for label, t, same, work_done in rows:
        lines.append(f"| {label} | {t:.2f} s | {t / cold:.2f} | {t / ref:.2f} | {'yes' if same else '**no**'} | {work_done} |")
    return lines


_DEF = re.compile(r"^(?P<indent>[ \t]+)def (?P<name>\w+)\((?P<params>self[^)]*)\)[^:\n]*:[ \t]*\n", re.M)
_MARKED = re.compile(r"``([A-Za-z_]\w*)``|`([A-Za-z_]\w*)`")


def _stress_edit(rng: random.Random, files: list[Path]) -> str:
    """One edit inside a method of a random file, of a kind that other docs of the same file
    may read: a new local or ``self`` attribute named like (or nearly like) a name some doc of
    the file marks as code, ``setattr``, a changed return, a new raise, a docstring sentence, a
    rename; returns what was done."""
    while True:
        path = rng.choice(files)
        text = path.read_text(encoding="utf-8")
        methods = list(_DEF.finditer(text))
        if not methods:
            continue
        m = rng.choice(methods)
        body = re.match(r"([ \t]+)\S", text[m.end():])
        if body is None:
            continue
        indent, at = body.group(1), m.end()
        named = [a or b for a, b in _MARKED.findall(text)] or ["value"]
        word = rng.choice(named)
        near = word[:-1] + ("x" if word[-1] != "x" else "y")
        kind = rng.choice(["local", "local-near", "self-attr", "self-attr-near", "setattr", "return-none",
                           "raise", "docstring", "rename"])
        if kind.startswith("local"):
            new = text[:at] + f"{indent}{word if kind == 'local' else near} = 1\n" + text[at:]
        elif kind.startswith("self-attr"):
            new = text[:at] + f"{indent}self.{word if kind == 'self-attr' else near} = None\n" + text[at:]
        elif kind == "setattr":
            new = text[:at] + f"{indent}setattr(self, {word!r}, None)\n" + text[at:]
        elif kind == "return-none":
            r = re.compile(r"^([ \t]+)return \S[^\n]*$", re.M).search(text, at)
            if r is None:
                continue
            new = text[:r.start()] + f"{r.group(1)}return None" + text[r.end():]
        elif kind == "raise":
            new = text[:at] + f"{indent}if self is None:\n{indent}    raise KeyError('edited')\n" + text[at:]
        elif kind == "docstring":
            q = text.find('"""', at, at + 200)
            if q < 0:
                continue
            new = text[:q + 3] + f"Uses ``{word}`` and ``{near}``. " + text[q + 3:]
        else:
            new = text[:m.start("name")] + m.group("name") + "_renamed" + text[m.end("name"):]
        path.write_text(new, encoding="utf-8")
        return f"{kind} {path.parent.name}/{path.name}:{m.group('name')}"


def stress(work: Path, steps: int, seed: int) -> list[str]:
    """``steps`` random edits (:func:`_stress_edit`), each followed by a run with the store and
    one without: their findings must be the same."""
    cache = work.parent / "stress-cache"
    shutil.rmtree(cache, ignore_errors=True)
    check(work, cache)
    rng = random.Random(seed)
    files = sorted(p for p in (work / "django").rglob("*.py") if "class " in p.read_text(encoding="utf-8"))
    bad: list[str] = []
    for step in range(steps):
        what = _stress_edit(rng, files)
        _, warm = check(work, cache)
        work_done = last_work[0]
        _, cold = check(work, None)
        same = json.loads(warm) == json.loads(cold)
        print(f"step {step + 1}: {what}: {'same' if same else 'DIFFERENT'} ({work_done})", file=sys.stderr)
        if not same:
            bad.append(what)
    return [f"Stress: {steps} random edits (seed {seed}), each checked with the store and without: "
            f"{steps - len(bad)} gave the same findings" + (f"; different after: {', '.join(bad)}" if bad else ""), ""]


def lsp_start(root: Path, cache_home: Path, saves: int) -> tuple[float, int, float | None]:
    """One server start: seconds from didOpen (right after initialized) to the first
    diagnostics, their count, and (when ``saves``) the p95 of save round trips in ms."""
    env_before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(cache_home)
    try:
        client = Client([sys.executable, "-m", "docfact", "serve"], cwd=HERE.parent,
                        stderr_path=cache_home / "server.log")
    finally:
        if env_before is None:
            os.environ.pop("XDG_CACHE_HOME", None)
        else:
            os.environ["XDG_CACHE_HOME"] = env_before
    path = (root / FILE).resolve()
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    try:
        client.request("initialize", {
            "processId": os.getpid(), "clientInfo": {"name": "Neovim", "version": "0.7.2"},
            "rootUri": root.as_uri(), "rootPath": str(root),
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
            "capabilities": capabilities(), "trace": "off"}, timeout=60)
        client.notify("initialized", {})
        editor = Editor(text)
        t0 = client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": editor.version, "text": text}})
        t1, n = wait_diagnostics(client, uri, editor.version, time.monotonic() + 600, [])
        if not saves:  # stay until the server has finished its start (and kept its results)
            deadline = time.monotonic() + 600
            while True:
                _, msg = client.next_note(deadline)
                if msg.get("method") == "window/logMessage" and "docfact: indexed" in (msg.get("params") or {}).get("message", ""):
                    break
            time.sleep(1.0)
        p95 = None
        if saves:
            time.sleep(2.0)  # the relation edges are resolved after the first diagnostics
            r = run_saves(client, editor, uri, saves, 3, 0.0, 30.0, 0.1)
            p95 = percentile(r["lat"], 0.95)
        return t1 - t0, n, p95
    finally:
        client.close()


def lsp(root: Path, saves: int) -> list[str]:
    home = Path(tempfile.mkdtemp(prefix="docfact-bench-cache-"))
    cold, n_cold, _ = lsp_start(root, home, 0)
    warm, n_warm, p95 = lsp_start(root, home, saves)
    n_files = sum(1 for _ in root.rglob("*.py"))
    ok = lambda good: "yes" if good else "**no**"  # noqa: E731
    return [
        f"| language server, whole sdist ({n_files:,} .py files), `{FILE}` opened at start | value | target | met |",
        "|---|---:|---|---|",
        f"| first diagnostics, empty store ({n_cold} diagnostics) | {cold:.2f} s | <= 2 s | {ok(cold <= 2)} |",
        f"| first diagnostics, warm store ({n_warm} diagnostics) | {warm:.2f} s | <= 1 s | {ok(warm <= 1)} |",
        f"| save -> diagnostics p95 ({saves} saves, warm start) | {p95:.1f} ms | <= 50 ms | {ok((p95 or 1e9) <= 50)} |",
    ]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reps", type=int, default=3, help="repetitions of each CLI run")
    ap.add_argument("--saves", type=int, default=30, help="timed saves after the warm start")
    ap.add_argument("--skip-lsp", action="store_true")
    ap.add_argument("--skip-cli", action="store_true")
    ap.add_argument("--stress", type=int, metavar="N", default=0,
                    help="only N random edits inside methods, each checked with the store and without")
    ap.add_argument("--seed", type=int, default=20261126, help="--stress: the seed of the edits")
    args = ap.parse_args()
    src = sdist(NAME, VERSION).resolve()
    scratch = Path(tempfile.mkdtemp(prefix="docfact-incremental-"))
    work = scratch / src.name
    shutil.copytree(src, work)
    try:
        if args.stress:
            report = "\n".join(stress(work, args.stress, args.seed))
            print(report)
            return 0 if "different" not in report else 1
        lines = [f"## Incremental checks (benchmarks/incremental.py), Django {VERSION}", ""]
        if not args.skip_cli:
            lines += cli(work, args.reps)
        if not args.skip_lsp:
            lines += ["", *lsp(work, args.saves)]
        lines += ["", f"Python {sys.version.split()[0]}, {os.cpu_count()} cores (shared machine); "
                  f"{args.reps} repetitions of each CLI run.", ""]
        report = "\n".join(lines)
        print(report)
        (HERE / ".cache").mkdir(exist_ok=True)
        (HERE / ".cache" / "incremental_results.md").write_text(report, encoding="utf-8")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
