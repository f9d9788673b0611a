"""Speed: docfact's static judge against pydoclint on two large real packages.

    python benchmarks/speed.py            # about 5 minutes on a 2-core machine
    python benchmarks/speed.py --reps 5   # more repetitions

What it measures (all on pinned sdists downloaded from PyPI into benchmarks/.cache):

1. ``docfact check PKG --no-cache --format json --fail-on never`` (static judge, cold) and
   ``pydoclint --style=STYLE --quiet --exclude='' PKG`` (sphinx for Django and
   SQLAlchemy, numpy for scikit-learn) run alternately A B A B, ``--reps`` times
   each; medians of wall time and of CPU time (user+sys of the child), and docfact/pydoclint.
2. docfact's cached re-run: one warm run without ``--no-cache`` into a fresh cache directory,
   then the median of ``--reps`` cached runs.
3. Indexing throughput: ``docfact.index.index_file`` over every file vs a bare tree-sitter parse
   of the same bytes (the practical upper bound), in MB/s, in this process.
4. Start-up: ``python -m docfact --version``, ``python -c "import nltk"``, and
   ``docfact check tiny.py --no-cache`` on a three-line file; plus ``-X importtime`` of that
   check, listing the slowest top-level imports.

pydoclint is a benchmark-only dependency: when this Python lacks it, this script installs the
pinned version into a virtual environment of its own under ``benchmarks/.cache`` (and says so).
pydoclint runs from an empty working directory so no project configuration changes its options.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _fetch import ensure_pydoclint, sdist

PYDOCLINT = "0.12.0"
# (label, sdist name, version, package folder inside the sdist, docstring style for pydoclint)
PACKAGES = [
    ("django 5.1.4", "django", "5.1.4", "django", "sphinx"),
    ("sqlalchemy 2.0.36", "sqlalchemy", "2.0.36", "lib/sqlalchemy", "sphinx"),
    ("scikit-learn 1.5.2", "scikit-learn", "1.5.2", "sklearn", "numpy"),
]
PYDOCLINT_FLAGS = ["--quiet", "--exclude="]



def timed(cmd: list[str], cwd: str | None = None, env: dict[str, str] | None = None) -> tuple[float, float, subprocess.CompletedProcess[str]]:
    """Wall seconds, CPU seconds (user+sys of the child) and the finished process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=env, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc


# pydoclint reads only Python: docfact is timed on the same files (Django ships JavaScript too)
_PY_ONLY = Path(tempfile.gettempdir()) / "docfact-speed-python-only.toml"
_PY_ONLY.write_text('exclude = ["*.js", "*.jsx", "*.mjs", "*.cjs", "*.ts", "*.tsx", "*.mts", "*.cts", "*.java"]\n')


def docfact_cmd(target: Path, cache: bool) -> list[str]:
    cmd = [sys.executable, "-m", "docfact", "check", str(target), "--preview", "--format", "json", "--fail-on", "never", "--no-progress",
           "--config", str(_PY_ONLY)]
    return cmd if cache else [*cmd, "--no-cache"]


def bench_package(label: str, target: Path, pydoclint: str, reps: int, empty_cwd: str, style: str) -> dict[str, object]:
    files = sorted(target.rglob("*.py"))
    size = sum(p.stat().st_size for p in files)
    print(f"\n== {label}: {target} ({len(files)} .py files, {size / 1e6:.1f} MB)", flush=True)
    runs: dict[str, list[tuple[float, float]]] = {"docfact": [], "pydoclint": []}
    info: dict[str, object] = {}
    for i in range(reps):
        for tool in ("docfact", "pydoclint"):
            if tool == "docfact":
                wall, cpu, proc = timed(docfact_cmd(target, cache=False))
                if proc.returncode != 0:
                    last = proc.stderr.strip().splitlines()[-1:] or ["?"]
                    print(f"  docfact FAILED on {label} (exit {proc.returncode}): {last[0]}", flush=True)
                    return {"label": label, "files": len(files), "bytes": size, "error": last[0]}
                data = json.loads(proc.stdout)
                info["docfact"] = {"files": data["files"], "docstrings": data["docstrings"],
                                   "findings": len(data["findings"])}
            else:
                wall, cpu, proc = timed([pydoclint, f"--style={style}", *PYDOCLINT_FLAGS, str(target)], cwd=empty_cwd)
                if proc.returncode not in (0, 1):
                    raise SystemExit(f"pydoclint failed:\n{proc.stderr[-2000:]}")
                info["pydoclint"] = {"violations": len(re.findall(r"^\s+\d+: DOC\d+", proc.stdout + proc.stderr, re.M))}
            runs[tool].append((wall, cpu))
            print(f"  run {i + 1} {tool:<9} wall {wall:6.2f} s  cpu {cpu:6.2f} s", flush=True)
    # cached re-run: one warm run into a fresh cache dir, then cached runs
    with tempfile.TemporaryDirectory(prefix="docfact-speed-cache-") as cache_dir:
        warm_cmd = [*docfact_cmd(target, cache=True), "--cache-dir", cache_dir]
        warm, _, _ = timed(warm_cmd)
        cached = [timed(warm_cmd)[:2] for _ in range(reps)]
    med = {t: (statistics.median(w for w, _ in r), statistics.median(c for _, c in r)) for t, r in runs.items()}
    res = {
        "label": label, "files": len(files), "bytes": size, "reps": reps,
        "docfact_wall": med["docfact"][0], "docfact_cpu": med["docfact"][1],
        "pydoclint_wall": med["pydoclint"][0], "pydoclint_cpu": med["pydoclint"][1],
        "ratio_wall": med["docfact"][0] / med["pydoclint"][0],
        "ratio_cpu": med["docfact"][1] / med["pydoclint"][1],
        "warm_run": warm, "cached_wall": statistics.median(w for w, _ in cached),
        "cached_cpu": statistics.median(c for _, c in cached), **info,
    }
    res["throughput"] = throughput(files)
    return res


def throughput(files: list[Path]) -> dict[str, float]:
    """docfact's per-file indexing vs a bare tree-sitter parse of the same bytes, in this process."""
    import tree_sitter
    import tree_sitter_python

    from docfact.index import index_file

    texts = [(str(p), p.read_text(encoding="utf-8", errors="replace")) for p in files]
    blobs = [t.encode("utf-8", "surrogatepass") for _, t in texts]
    size = sum(len(b) for b in blobs)
    parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_python.language()))
    index_file(*texts[0])  # warm: compile queries once
    t0 = time.perf_counter()
    for b in blobs:
        parser.parse(b)
    parse = time.perf_counter() - t0
    t0 = time.perf_counter()
    for path, text in texts:
        try:
            index_file(path, text)
        except Exception as exc:
            print(f"  index_file failed on {path}: {exc}", file=sys.stderr)
    index = time.perf_counter() - t0
    return {"bytes": size, "parse_s": parse, "index_s": index,
            "parse_mb_s": size / 1e6 / parse, "index_mb_s": size / 1e6 / index}


def startup(reps: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="docfact-tiny-") as d:
        tiny = Path(d) / "tiny.py"
        tiny.write_text('def f(x):\n    """Return ``x`` plus one."""\n    return x + 1\n', encoding="utf-8")
        cmds = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import nltk'": [sys.executable, "-c", "import nltk"],
            "python -c 'import nltk.tokenize.punkt'": [sys.executable, "-c", "import nltk.tokenize.punkt"],
            "python -m docfact --version": [sys.executable, "-m", "docfact", "--version"],
            "docfact check tiny.py --no-cache": [sys.executable, "-m", "docfact", "check", str(tiny), "--no-cache", "--format", "json"],
        }
        out: dict[str, object] = {}
        for name, cmd in cmds.items():
            walls = [timed(cmd, cwd=d)[0] for _ in range(reps)]
            out[name] = statistics.median(walls)
        proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "docfact", "check", str(tiny), "--no-cache", "--format", "json"],
                              capture_output=True, text=True, cwd=d, check=False)
    top: list[tuple[int, str]] = []
    for line in proc.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line)
        if m and len(m.group(2)) <= 1:  # top-level imports only (cumulative us)
            top.append((int(m.group(1)), m.group(3)))
    top.sort(reverse=True)
    out["importtime_top"] = [(name, us / 1e6) for us, name in top[:8]]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    args = ap.parse_args()
    pydoclint = ensure_pydoclint(PYDOCLINT, "speed.py")
    results = []
    with tempfile.TemporaryDirectory(prefix="docfact-speed-cwd-") as empty:
        for label, name, version, sub, style in PACKAGES:
            target = sdist(name, version) / sub
            results.append(bench_package(label, target, pydoclint, args.reps, empty, style))
    st = startup(max(args.reps, 5))

    print(f"\n## Speed (medians of {args.reps} alternating runs; pydoclint {PYDOCLINT} --style=sphinx|numpy {' '.join(PYDOCLINT_FLAGS)})\n")
    print("| package | files | MB | docfact wall s | pydoclint wall s | ratio wall | docfact CPU s | pydoclint CPU s | ratio CPU | docfact cached s | docfact findings | pydoclint violations |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        if "error" in r:
            print(f"| {r['label']} | {r['files']} | {r['bytes'] / 1e6:.1f} | docfact failed: {r['error']} |")
            continue
        print(f"| {r['label']} | {r['files']} | {r['bytes'] / 1e6:.1f} | {r['docfact_wall']:.2f} | {r['pydoclint_wall']:.2f} | "
              f"{r['ratio_wall']:.2f} | {r['docfact_cpu']:.2f} | {r['pydoclint_cpu']:.2f} | {r['ratio_cpu']:.2f} | "
              f"{r['cached_wall']:.2f} | {r['docfact']['findings']} | {r['pydoclint']['violations']} |")  # type: ignore[index]
    print("\n| package | tree-sitter parse MB/s | docfact index_file MB/s | index / parse time |")
    print("|---|---:|---:|---:|")
    for r in results:
        if "error" in r:
            continue
        t = r["throughput"]
        print(f"| {r['label']} | {t['parse_mb_s']:.1f} | {t['index_mb_s']:.2f} | {t['index_s'] / t['parse_s']:.1f}x |")  # type: ignore[index]
    print("\n| start-up command | median wall s |\n|---|---:|")
    for k, v in st.items():
        if k != "importtime_top":
            print(f"| `{k}` | {v:.3f} |")
    print("\nslowest top-level imports of `docfact check tiny.py` (-X importtime, cumulative s): "
          + ", ".join(f"{n} {s:.3f}" for n, s in st["importtime_top"]))  # type: ignore[union-attr]
    if args.json:
        Path(args.json).write_text(json.dumps({"packages": results, "startup": st}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
