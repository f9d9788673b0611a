"""Peak memory of a cold CLI check of about 3,000 Python files in one run, and the language
server's resident memory after indexing Django (issue 31).

    python benchmarks/memory.py                 # default --jobs, then -j 1 (~4-6 min here)
    python benchmarks/memory.py --jobs default  # one of them only (default | 1 | N)
    python benchmarks/memory.py --save-json DIR # also keep docfact's JSON output per run
    python benchmarks/memory.py --lsp           # the language server on Django's django/ (~1 min)
    python benchmarks/memory.py --lsp --folder sdist --preview --diagnostics-json FILE

The corpus is built once under ``benchmarks/.cache/memory/`` from pinned sdists (``_fetch.sdist``;
none from ``shared/reserved-projects.txt``): the ``.py`` files of the Django, scikit-learn,
SymPy, Twisted, pandas and Matplotlib packages without their ``tests``/``test`` folders, one
top-level folder per package, with an empty ``pyproject.toml`` so the corpus is its own project.

Each run is ``python -m docfact check CORPUS --format json --no-cache --preview --fail-on never
--no-progress`` (plus ``-j N``) in a subprocess. While it runs, ``/proc`` is polled every 20 ms:
the resident set (RSS, ``/proc/PID/statm``) of the docfact process and of every process below
it (index and judging workers) is summed, and the peak of that sum over time is reported: the
memory the machine has to find at the worst moment. Forked workers share pages with their
parent until either writes them, so the summed RSS counts shared pages once per process; the
proportional set size (PSS, ``/proc/PID/smaps_rollup``, sampled every 100 ms), which splits
each shared page between its sharers, is reported beside it. ``largest process`` is the
kernel's own peak RSS of the biggest single process (``resource.getrusage(RUSAGE_CHILDREN)
.ru_maxrss``, exact, not sampled). CPU is user+sys of docfact and its workers; wall is the run's.

``--lsp``: ``python -m docfact serve`` as a child process over stdio, driven by the JSON-RPC
client of ``benchmarks/lsp_latency.py`` (Neovim-like capabilities, push diagnostics), with the
Django 5.1.4 sdist's ``django/`` folder as the one workspace folder (``--folder sdist``: the
sdist root, about 2,800 files, as issue 31 measured it). The server runs twice with its store
in a fresh cache directory (``XDG_CACHE_HOME``): ``cold`` (an empty store: files indexed in
worker processes) and ``warm`` (the store the cold run left: indexes read from it). Each run
opens ``django/db/models/base.py`` right after ``initialized``, waits for the end of the
"docfact: indexing" work-done progress (the server ends it after the graph's relations are
resolved), and reads ``VmRSS``/``VmHWM`` (``/proc/PID/status``) of the server and of any process
below it (index workers, if still alive): after indexing, after the opened file's first
diagnostics (plus one second of quiet), and after ``--saves`` timed saves (an edit through
``didChange``, then ``didSave`` right after it, as lsp_latency.py's first scenario; latency from
writing didSave to the publishDiagnostics of that version). ``--diagnostics-json FILE`` also
opens a handful of Django files after the saves and writes the diagnostics the server publishes
for each, for comparing two versions of the code. Every wait is bounded (``--timeout``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _fetch import CACHE, sdist

# (sdist name, version, the package folder inside the sdist)
CORPUS = [
    ("django", "5.1.4", "django"),
    ("scikit-learn", "1.5.2", "sklearn"),
    ("sympy", "1.13.3", "sympy"),
    ("twisted", "24.11.0", "src/twisted"),
    ("pandas", "2.2.3", "pandas"),
    ("matplotlib", "3.9.2", "lib/matplotlib"),
]
SKIP_DIRS = {"tests", "test"}
PAGE = os.sysconf("SC_PAGE_SIZE")
_WRAPPER = """
import json, resource, subprocess, sys
code = subprocess.run(sys.argv[2:]).returncode
u = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as f:
    json.dump({"maxrss_kb": u.ru_maxrss, "cpu_s": u.ru_utime + u.ru_stime}, f)
sys.exit(code)
"""


def build() -> Path:
    """The corpus folder (built on the first run, then reused)."""
    dest = CACHE / "memory" / "corpus-1"
    done = dest / ".complete"
    if done.exists():
        return dest
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name, version, sub in CORPUS:
        src = sdist(name, version) / sub
        for dirpath, dirnames, filenames in os.walk(src):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
            for f in sorted(filenames):
                if f.endswith((".py", ".pyi")):
                    out = dest / src.name / Path(dirpath).relative_to(src) / f
                    out.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(Path(dirpath) / f, out)
    (dest / "pyproject.toml").write_text('[project]\nname = "docfact-memory-corpus"\nversion = "0"\n')
    done.write_text("\n".join(f"{n}=={v}" for n, v, _ in CORPUS) + "\n")
    return dest


def _children() -> dict[int, list[int]]:
    """Parent pid -> child pids, of every process on the machine."""
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(b")") + 2:].split()[1])
        kids.setdefault(ppid, []).append(int(entry))
    return kids


def _tree(pid: int) -> list[int]:
    kids = _children()
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def _rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return 0


def _pss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as f:
            for line in f:
                if line.startswith(b"Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def measure(corpus: Path, jobs: str, save: Path | None) -> dict[str, object]:
    """One check of the corpus: peak summed RSS and PSS of its process tree, the largest
    process, CPU, wall, and what docfact reported."""
    cmd = [sys.executable, "-m", "docfact", "check", str(corpus), "--format", "json", "--no-cache",
           "--preview", "--fail-on", "never", "--no-progress"]
    if jobs != "default":
        cmd += ["-j", jobs]
    with tempfile.TemporaryDirectory(prefix="docfact-memory-") as tmp:
        out_path, usage_path = Path(tmp) / "out.json", Path(tmp) / "usage.json"
        t0 = time.monotonic()
        with open(out_path, "wb") as out:
            # a small wrapper process runs docfact and reports its children's resource usage,
            # so each run's figures are its own (RUSAGE_CHILDREN accumulates per parent)
            proc = subprocess.Popen([sys.executable, "-c", _WRAPPER, str(usage_path), *cmd],
                                    stdout=out, stderr=subprocess.PIPE, cwd=tmp)
            peak_rss = peak_pss = 0
            peak_procs = 0
            n = 0
            while proc.poll() is None:
                pids = [p for p in _tree(proc.pid) if p != proc.pid]  # docfact and its workers
                peak_rss = max(peak_rss, sum(_rss(p) for p in pids))
                if n % 5 == 0:
                    peak_pss = max(peak_pss, sum(_pss(p) for p in pids))
                peak_procs = max(peak_procs, len(pids))
                n += 1
                time.sleep(0.02)
            stderr = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        wall = time.monotonic() - t0
        if proc.returncode != 0:
            raise SystemExit(f"memory.py: docfact exited with {proc.returncode}:\n{stderr[-2000:]}")
        data = json.loads(out_path.read_bytes())
        usage = json.loads(usage_path.read_text())
        if save is not None:
            save.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(out_path, save / f"memory-j{jobs}.json")
    return {
        "jobs": jobs,
        "files": data["files"],
        "docstrings": data["docstrings"],
        "findings": len(data["findings"]),
        "peak_tree_rss_mb": peak_rss / 1e6,
        "peak_tree_pss_mb": peak_pss / 1e6,
        "largest_process_mb": usage["maxrss_kb"] * 1024 / 1e6,
        "processes": peak_procs,
        "cpu_s": usage["cpu_s"],
        "wall_s": wall,
        "samples": n,
    }


# files whose published diagnostics --diagnostics-json records (of the sdist's django/ folder)
LSP_FILES = [
    # the Django files where docfact's preview rules find something (at d7d1238)
    "django/contrib/messages/storage/cookie.py", "django/contrib/syndication/views.py", "django/core/signing.py",
    "django/core/management/commands/migrate.py", "django/db/backends/oracle/creation.py",
    "django/db/models/sql/query.py", "django/template/defaulttags.py",
    "tests/auth_tests/test_views.py", "tests/cache/tests.py", "tests/many_to_one/tests.py",
    # and a few where they find nothing
    "django/db/models/query.py", "django/forms/forms.py", "django/utils/functional.py",
]


def _status_tree(pid: int) -> dict[str, float]:
    """VmRSS and VmHWM (MB) of ``pid``, and the summed VmRSS of it and every process below it."""
    out = {"VmRSS": 0.0, "VmHWM": 0.0, "tree_rss": 0.0, "processes": 0}
    for p in _tree(pid):
        try:
            text = Path(f"/proc/{p}/status").read_text()
        except OSError:
            continue
        vals = {k: int(v.split()[0]) / 1024 for k, _, v in (ln.partition(":") for ln in text.splitlines())
                if k in ("VmRSS", "VmHWM")}
        if p == pid:
            out.update(vals)
        out["tree_rss"] += vals.get("VmRSS", 0.0)
        out["processes"] += 1
    return out


def lsp_measure(ws: Path, cache_home: Path, saves: int, timeout: float, log_path: Path,
                record: bool, editor_settings: dict[str, object]) -> dict[str, object]:
    """One language-server run on ``ws`` with its cache under ``cache_home`` (see the module doc)."""
    import statistics

    from _stats import percentile
    from lsp_latency import FILE, Client, Editor, capabilities, run_saves, wait_diagnostics

    class SettingsClient(Client):
        """lsp_latency's client, answering workspace/configuration with ``editor_settings``."""

        def _dispatch(self, t: float, msg: dict[str, object]) -> None:
            if msg.get("method") == "workspace/configuration" and "id" in msg:
                items = (msg.get("params") or {}).get("items", [])  # type: ignore[union-attr]
                self._write({"jsonrpc": "2.0", "id": msg["id"], "result": [editor_settings for _ in items]})
                return
            super()._dispatch(t, msg)  # type: ignore[arg-type]

    root = ws if (ws / FILE).exists() else ws.parent
    path = (root / FILE).resolve()
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    env_before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(cache_home)  # the child's store: this run's own
    try:
        client = SettingsClient([sys.executable, "-m", "docfact", "serve"], cwd=Path(__file__).resolve().parent.parent,
                        stderr_path=log_path)
    finally:
        if env_before is None:
            os.environ.pop("XDG_CACHE_HOME", None)
        else:
            os.environ["XDG_CACHE_HOME"] = env_before
    pid = client.proc.pid
    out: dict[str, object] = {}
    try:
        client.request("initialize", {
            "processId": os.getpid(), "clientInfo": {"name": "Neovim", "version": "0.7.2"},
            "rootUri": ws.as_uri(), "rootPath": str(ws),
            "workspaceFolders": [{"uri": ws.as_uri(), "name": ws.name}],
            "capabilities": capabilities(), "trace": "off"}, timeout=60)
        t_init = client.notify("initialized", {})
        editor = Editor(text)
        t_open = client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": editor.version, "text": text}})
        deadline = time.monotonic() + timeout
        token, index_log = None, ""
        t_diag: float | None = None
        n_diag = 0
        while True:
            t, msg = client.next_note(deadline)
            params = msg.get("params") or {}
            method = msg.get("method")
            if method == "textDocument/publishDiagnostics" and params.get("uri") == uri and t_diag is None:
                t_diag, n_diag = t, len(params.get("diagnostics") or [])
            elif method == "$/progress":
                value = params.get("value") or {}
                if value.get("kind") == "begin" and "indexing" in (value.get("title") or ""):
                    token = params.get("token")
                elif value.get("kind") == "end" and token is not None and params.get("token") == token:
                    t_indexed = t
                    break
            elif method == "window/logMessage" and "docfact: indexed" in params.get("message", ""):
                index_log = params["message"]
        out["indexed"] = _status_tree(pid)
        out["index_s"] = t_indexed - t_init
        out["index_log"] = index_log
        if t_diag is None:
            t_diag, n_diag = wait_diagnostics(client, uri, editor.version, time.monotonic() + timeout, [])
        out["first_diagnostics_s"] = t_diag - t_open
        out["first_diagnostics_n"] = n_diag
        time.sleep(1.0)
        out["opened"] = _status_tree(pid)
        r = run_saves(client, editor, uri, saves, 3, 0.0, min(timeout, 60), 0.1)
        out["save_p50_ms"] = statistics.median(r["lat"])
        out["save_p95_ms"] = percentile(r["lat"], 0.95)
        out["saves"] = len(r["lat"])
        out["saved"] = _status_tree(pid)
        if record:
            published: dict[str, object] = {}
            for rel in LSP_FILES:
                p = (root / rel).resolve()
                if not p.is_file() or not p.is_relative_to(ws.resolve()):
                    continue
                u = p.as_uri()
                if u == uri:  # the edited file: back to its text on disk first
                    continue
                client.notify("textDocument/didOpen", {"textDocument": {
                    "uri": u, "languageId": "python", "version": 1, "text": p.read_text(encoding="utf-8")}})
                end = time.monotonic() + min(timeout, 120)
                while True:
                    _, msg = client.next_note(end)
                    params = msg.get("params") or {}
                    if (msg.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == u
                            and params.get("version") == 1):
                        published[rel] = params.get("diagnostics")
                        break
            out["published"] = published
    finally:
        client.close()
    return out


def lsp_main(args: argparse.Namespace) -> int:
    root = sdist("django", "5.1.4").resolve()
    ws = root if args.folder == "sdist" else root / "django"
    files = sum(1 for _ in ws.rglob("*.py"))
    print(f"workspace: {ws} ({files} .py files)", file=sys.stderr)
    results: list[tuple[str, dict[str, object]]] = []
    published: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="docfact-lsp-memory-") as tmp:
        cache_home = Path(tmp) / "cache"
        for run in ("cold", "warm"):
            r = lsp_measure(ws, cache_home, args.saves, args.timeout, CACHE / f"memory_lsp_{run}.log",
                            bool(args.diagnostics_json), {"preview": True} if args.preview else {})
            ix = r["indexed"]
            print(f"  {run}: indexed in {r['index_s']:.1f} s, RSS {ix['VmRSS']:.0f} MB "  # type: ignore[index]
                  f"({r['index_log']})", file=sys.stderr)
            results.append((run, r))
            published[run] = r.pop("published", None)
    print(f"\nLanguage server, Django 5.1.4 `{ws.relative_to(root.parent)}` ({files} .py files), "
          f"{'preview rules on' if args.preview else 'default settings'}; MB; tree = the server and the "
          f"processes below it")
    print("\n| store | indexing s | RSS after indexing | tree RSS | RSS after first diagnostics | "
          "RSS after saves | peak RSS (VmHWM) | first diagnostics s | save p50 / p95 ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for run, r in results:
        ix, op, sv = r["indexed"], r["opened"], r["saved"]
        print(f"| {run} | {r['index_s']:.1f} | {ix['VmRSS']:.0f} | {ix['tree_rss']:.0f} ({ix['processes']}) "  # type: ignore[index]
              f"| {op['VmRSS']:.0f} | {sv['VmRSS']:.0f} | {sv['VmHWM']:.0f} | {r['first_diagnostics_s']:.2f} "  # type: ignore[index]
              f"({r['first_diagnostics_n']}) | {r['save_p50_ms']:.1f} / {r['save_p95_ms']:.1f} |")
    if args.json:
        Path(args.json).write_text(json.dumps([{"store": run, **r} for run, r in results], indent=1) + "\n")
    if args.diagnostics_json:
        Path(args.diagnostics_json).write_text(json.dumps(published, indent=1, sort_keys=True) + "\n")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lsp", action="store_true", help="measure the language server instead of the CLI")
    ap.add_argument("--folder", choices=["django", "sdist"], default="django",
                    help="--lsp: the workspace folder, the sdist's django/ (default) or its root")
    ap.add_argument("--saves", type=int, default=20, help="--lsp: timed saves per run")
    ap.add_argument("--timeout", type=float, default=600, help="--lsp: seconds to wait for indexing or a reply")
    ap.add_argument("--preview", action="store_true", help="--lsp: editor settings {preview: true}")
    ap.add_argument("--diagnostics-json", metavar="FILE",
                    help="--lsp: write the diagnostics published for a few Django files")
    ap.add_argument("--jobs", action="append", help="default, 1 or N (repeatable; default: default and 1)")
    ap.add_argument("--save-json", metavar="DIR", type=Path, help="keep docfact's JSON output of each run in DIR")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args()
    if args.lsp:
        return lsp_main(args)
    corpus = build()
    files = sum(1 for _ in corpus.rglob("*.py"))
    mb = sum(p.stat().st_size for p in corpus.rglob("*.py")) / 1e6
    print(f"corpus: {corpus} ({files} .py files, {mb:.1f} MB; "
          + ", ".join(f"{n} {v}" for n, v, _ in CORPUS) + ")", file=sys.stderr)
    results = []
    for jobs in args.jobs or ["default", "1"]:
        r = measure(corpus, jobs, args.save_json)
        print(f"  -j {jobs}: peak tree RSS {r['peak_tree_rss_mb']:.0f} MB", file=sys.stderr)
        results.append(r)
    print("\n| jobs | files | docstrings | findings | peak RSS, process tree (MB) | peak PSS, process tree (MB) "
          "| largest process (MB) | processes | CPU s | wall s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        print(f"| {r['jobs']} | {r['files']} | {r['docstrings']} | {r['findings']} | {r['peak_tree_rss_mb']:.0f} "
              f"| {r['peak_tree_pss_mb']:.0f} | {r['largest_process_mb']:.0f} | {r['processes']} "
              f"| {r['cpu_s']:.1f} | {r['wall_s']:.1f} |")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
