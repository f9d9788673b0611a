"""Peak memory of a cold CLI check of about 3,000 Python files in one run (issue 31).

    python benchmarks/memory.py                 # default --jobs, then -j 1 (~4-6 min here)
    python benchmarks/memory.py --jobs default  # one of them only (default | 1 | N)
    python benchmarks/memory.py --save-json DIR # also keep docfact's JSON output per run

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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", action="append", help="default, 1 or N (repeatable; default: default and 1)")
    ap.add_argument("--save-json", metavar="DIR", type=Path, help="keep docfact's JSON output of each run in DIR")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args()
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
