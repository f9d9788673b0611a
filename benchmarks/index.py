"""Indexing speed and memory on Django 5.1.4, next to raw tree-sitter parsing of the same bytes.

    python benchmarks/index.py          # table on stdout and in benchmarks/.cache/index_results.md

Measured in one run, raw and docfact passes alternating (median of ``--repeat`` rounds, CPU
time of this process so that other load on the machine disturbs the numbers less):

- raw parse: ``Parser.parse`` of every file's UTF-8 bytes, nothing else;
- index: ``docfact.index.index_file`` per file (parse, query pass, extraction);
- graph: the whole project as the CLI loads it, ``Engine.update_file`` per file (index, graph
  nodes and edges, the known-words counts) on a fresh ``Engine``;
- ``update_file`` of one ~1,000-line file on the loaded graph (what the language server does
  while someone types), median and p95 over many calls;
- peak RSS of building the whole graph, in a fresh subprocess.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "server"))
from _fetch import CACHE, sdist  # noqa: E402

NAME, VERSION = "django", "5.1.4"
# a real file of about 1,000 lines (1,025), used whole
UPDATE_FILE = "django/db/models/options.py"
TARGETS = {"ratio": 0.5, "update_ms": 20.0, "rss_mb": 400.0}


def _sources(root: Path) -> list[tuple[Path, str]]:
    """Every .py of the package (``django/`` only), sorted, decoded as docfact decodes them."""
    from docfact.index.workspace import read_source

    out = []
    for p in sorted((root / "django").rglob("*.py")):
        text, _ = read_source(p, 10_000_000)
        if text is not None:
            out.append((p.resolve(), text))
    return out


def _clock() -> float:
    return time.process_time()


def _raw(datas: list[bytes]) -> float:
    import tree_sitter_python
    from tree_sitter import Language, Parser

    parser = Parser(Language(tree_sitter_python.language()))
    t = _clock()
    for d in datas:
        parser.parse(d)
    return _clock() - t


def _index(items: list[tuple[str, str, str]]) -> float:
    from docfact.index import index_file

    t = _clock()
    for path, text, module in items:
        index_file(path, text, module)
    return _clock() - t


def _graph(root: Path, sources: list[tuple[Path, str]]):  # type: ignore[no-untyped-def]
    from docfact.engine import Engine

    engine = Engine(root)
    t = _clock()
    for path, text in sources:
        engine.update_file(str(path), text)
    engine.graph.flush()
    return _clock() - t, engine


def _percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    k = (len(values) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def _rss_child(root: Path) -> None:
    """Build the whole graph as the CLI does and print the peak RSS in MB (run in a fresh process)."""
    import resource

    from docfact.engine import Engine

    sources = _sources(root)
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    engine = Engine(root)
    for path, text in sources:
        engine.update_file(str(path), text)
    engine.graph.flush()
    _ = engine.known_words
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"peak_mb": peak, "before_mb": base, "nodes": engine.graph.g.number_of_nodes(),
                      "edges": engine.graph.g.number_of_edges()}))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3, help="rounds of raw/index/graph (median; >= 3)")
    ap.add_argument("--updates", type=int, default=60, help="update_file calls to time")
    ap.add_argument("--rss-child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    root = sdist(NAME, VERSION)
    if args.rss_child:
        _rss_child(root)
        return 0

    from docfact.index.workspace import module_name

    sources = _sources(root)
    datas = [text.encode("utf-8", "surrogatepass") for _, text in sources]
    items = [(str(p), text, module_name(root, p)) for p, text in sources]
    mb = sum(len(d) for d in datas) / 1e6
    n = len(sources)

    # warm-up: imports, parser and query compilation, lru caches
    _raw(datas[:20])
    _index(items[:20])

    raw_t: list[float] = []
    idx_t: list[float] = []
    graph_t: list[float] = []
    engine = None
    for _ in range(max(3, args.repeat)):
        raw_t.append(_raw(datas))
        idx_t.append(_index(items))
        engine = None
        gc.collect()
        t, engine = _graph(root, sources)
        graph_t.append(t)
        print(f"  round: raw {raw_t[-1]:.2f}s  index {idx_t[-1]:.2f}s  graph {graph_t[-1]:.2f}s", file=sys.stderr)
    assert engine is not None
    raw_s, idx_s, graph_s = (statistics.median(v) for v in (raw_t, idx_t, graph_t))

    # update_file on the loaded graph: alternate two versions so every call really re-indexes
    upd_path = (root / UPDATE_FILE).resolve()
    upd_text = upd_path.read_text(encoding="utf-8")
    upd_lines = upd_text.count("\n")
    edited = upd_text.replace("class Options:", "class Options:\n    edited = 1", 1)
    times: list[float] = []  # CPU time of this thread (the machine may be busy)
    walls: list[float] = []
    for i in range(args.updates + 5):
        text = edited if i % 2 else upd_text
        w = time.perf_counter()
        t = time.thread_time()
        engine.update_file(str(upd_path), text)
        engine.graph.flush()
        dt = time.thread_time() - t
        dw = time.perf_counter() - w
        if i >= 5:
            times.append(dt * 1000)
            walls.append(dw * 1000)
    upd_med = statistics.median(times)
    upd_p95 = _percentile(times, 0.95)
    wall_med = statistics.median(walls)
    engine = None
    gc.collect()

    proc = subprocess.run([sys.executable, __file__, "--rss-child"], capture_output=True, text=True, check=True)
    rss = json.loads(proc.stdout.strip().splitlines()[-1])

    ratio_idx = raw_s / idx_s
    ratio_graph = raw_s / graph_s

    def ok(good: bool) -> str:
        return "yes" if good else "**no**"

    lines = [
        "## Indexing (benchmarks/index.py)",
        "",
        f"Django {VERSION} sdist, `django/` only: {n} .py files, {mb:.2f} MB. "
        f"Median of {len(raw_t)} alternating rounds, CPU time; Python {sys.version.split()[0]}. "
        f"`update_file`: {len(times)} calls alternating the file and a one-line edit of it, through "
        "`Engine.update_file` (index, graph, known words) as the language server calls it.",
        "",
        "| measure | time | files/s | MB/s | vs raw parse | target | met |",
        "|---|---:|---:|---:|---:|---|---|",
        f"| raw tree-sitter parse (`Parser.parse`) | {raw_s:.2f} s | {n / raw_s:,.0f} | {mb / raw_s:.2f} | 1.00 | | |",
        f"| docfact index (`index_file` per file) | {idx_s:.2f} s | {n / idx_s:,.0f} | {mb / idx_s:.2f} | "
        f"{ratio_idx:.2f} | >= {TARGETS['ratio']:.2f} | {ok(ratio_idx >= TARGETS['ratio'])} |",
        f"| whole graph (`Engine.update_file` per file) | {graph_s:.2f} s | {n / graph_s:,.0f} | {mb / graph_s:.2f} | "
        f"{ratio_graph:.2f} | | |",
        f"| `update_file`, {UPDATE_FILE} ({upd_lines:,} lines), loaded graph | median {upd_med:.1f} ms, "
        f"p95 {upd_p95:.1f} ms (wall median {wall_med:.1f} ms) | | | | <= {TARGETS['update_ms']:.0f} ms | {ok(upd_med <= TARGETS['update_ms'])} |",
        f"| peak RSS, whole graph, fresh process | {rss['peak_mb']:.0f} MB "
        f"({rss['nodes']:,} nodes, {rss['edges']:,} edges) | | | | <= {TARGETS['rss_mb']:.0f} MB | "
        f"{ok(rss['peak_mb'] <= TARGETS['rss_mb'])} |",
        "",
        "Rounds (raw / index / graph, s): "
        + "; ".join(f"{a:.2f} / {b:.2f} / {c:.2f}" for a, b, c in zip(raw_t, idx_t, graph_t)),
        "",
    ]
    report = "\n".join(lines)
    print(report)
    CACHE.mkdir(parents=True, exist_ok=True)
    (CACHE / "index_results.md").write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
