"""Indexing speed and memory on Django 5.1.4, next to raw tree-sitter parsing of the same bytes.

    python benchmarks/index.py          # table on stdout and in benchmarks/.cache/index_results.md

Measured in one run, raw and docfact passes alternating (median of ``--repeat`` rounds, CPU
time of this process so that other load on the machine disturbs the numbers less):

- raw parse: ``Parser.parse`` of every file's UTF-8 bytes, nothing else;
- index: ``docfact.index.index_file`` per file (parse, query pass, extraction);
- graph: the whole package as the CLI loads it, ``Engine.load`` on a fresh ``Engine`` (scan,
  read and decode, index, graph nodes and edges, the known-words counts);
- ``update_file`` of one ~1,000-line file on the loaded graph (what the language server does
  while someone types), median and p95 over many calls;
- peak RSS of building the whole graph, in a fresh subprocess.

One pass of indexing alone, for a profiler or a before/after comparison of the index::

    python benchmarks/index.py --once                      # every file of django/ (Python, JS)
    python -m cProfile -o /tmp/idx.prof benchmarks/index.py --once
    python benchmarks/index.py --once --dump /tmp/a.txt tests/workspaces/*   # the index objects

``--once`` indexes every file docfact's scan finds under the given folders (default: the
Django sdist's ``django/``) once, as ``docfact check`` does, and prints the CPU time per
language. ``--dump`` writes every produced ``FileIndex`` (its repr, plus which entity's doc is
which block of ``docs``): two versions of the extractor produce the same index exactly when
their dumps are equal (``cmp``).
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
from _stats import met, percentile  # noqa: E402

NAME, VERSION = "django", "5.1.4"
# a real file of about 1,000 lines (1,025), used whole
UPDATE_FILE = "django/db/models/options.py"
# (label, old, new): a character typed inside a line (tree-sitter reuses the old tree), and a
# line inserted at the top of the class body (the Python grammar's indentation scanner makes
# tree-sitter reparse nearly everything after it)
EDITS = [
    ("one character typed in a line", "def get_field(self, field_name):", "def get_field(self, field_namex):"),
    ("a line inserted at the top of `class Options`", "class Options:", "class Options:\n    edited = 1"),
]
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


def _graph(root: Path):  # type: ignore[no-untyped-def]
    """``Engine.load`` of the package, as ``docfact check`` does (scan and read included)."""
    from docfact.engine import Engine

    engine = Engine(root)
    t = _clock()
    engine.load([root / "django"])
    engine.graph.flush()
    return _clock() - t, engine


def _time_updates(engine, path: str, text: str, edited: str, n: int) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """Median and p95 CPU time (thread) and median wall time of ``Engine.update_file``, in ms,
    alternating ``text`` and ``edited`` (5 warm-up calls not counted)."""
    times: list[float] = []
    walls: list[float] = []
    for i in range(n + 5):
        w = time.perf_counter()
        t = time.thread_time()
        engine.update_file(path, edited if i % 2 else text)
        engine.graph.flush()
        dt = time.thread_time() - t
        dw = time.perf_counter() - w
        if i >= 5:
            times.append(dt * 1000)
            walls.append(dw * 1000)
    return statistics.median(times), percentile(times, 0.95), statistics.median(walls)


def _rss_child(root: Path) -> None:
    """Build the whole graph as the CLI does and print the peak RSS in MB (run in a fresh process)."""
    import resource

    from docfact.engine import Engine

    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    engine = Engine(root)
    engine.load([root / "django"])
    engine.graph.flush()
    _ = engine.known_words
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"peak_mb": peak, "before_mb": base, "files": len(engine.graph.files()),
                      "nodes": engine.graph.g.number_of_nodes(),
                      "edges": engine.graph.g.number_of_edges()}))


def _once(folders: list[Path], dump: str | None) -> None:
    """Index every file under ``folders`` once (see the module docstring)."""
    from docfact.config import Settings
    from docfact.index import index_file
    from docfact.index.workspace import module_name, scan

    items = []
    for folder in folders:
        folder = folder.resolve()
        root = folder.parent if (folder / "__init__.py").is_file() else folder
        items += [(str(it.path), it.text, module_name(root, it.path), it.language)
                  for it in scan(folder, [], Settings().max_file_size) if it.text is not None and it.language]
    per_lang: dict[str, list[float]] = {}
    gc.disable()  # as docfact check indexes
    out = open(dump, "w", encoding="utf-8") if dump else None
    try:
        for path, text, module, lang in items:
            t = _clock()
            try:
                fi = index_file(path, text, module)
            except ValueError as exc:  # too deeply nested
                fi = None
                reason = str(exc)
            dt = _clock() - t
            acc = per_lang.setdefault(lang, [0.0, 0.0])
            acc[0] += 1
            acc[1] += dt
            if out is not None:
                if fi is None:
                    out.write(f"{path}\tskipped: {reason}\n")
                    continue
                docs = {id(d): i for i, d in enumerate(fi.docs)}
                owners = [docs.get(id(e.doc), -1) if e.doc is not None else None for e in fi.entities]
                out.write(f"{path}\t{fi!r}\t{owners!r}\n")
    finally:
        if out is not None:
            out.close()
    for lang, (n, secs) in sorted(per_lang.items()):
        print(f"{lang:12} {int(n):5d} files  {secs:6.2f} s CPU")
    print(f"{'all':12} {sum(int(v[0]) for v in per_lang.values()):5d} files  "
          f"{sum(v[1] for v in per_lang.values()):6.2f} s CPU")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--once", action="store_true", help="index every file of FOLDERS once (no table)")
    ap.add_argument("--dump", metavar="FILE", help="with --once: write every index produced to FILE")
    ap.add_argument("folders", nargs="*", type=Path, help="with --once: folders to index (default: django/)")
    ap.add_argument("--repeat", type=int, default=3, help="rounds of raw/index/graph (median; >= 3)")
    ap.add_argument("--updates", type=int, default=60, help="update_file calls to time")
    ap.add_argument("--rss-child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.once:
        _once(args.folders or [sdist(NAME, VERSION) / "django"], args.dump)
        return 0
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
        t, engine = _graph(root)
        graph_t.append(t)
        print(f"  round: raw {raw_t[-1]:.2f}s  index {idx_t[-1]:.2f}s  graph {graph_t[-1]:.2f}s", file=sys.stderr)
    assert engine is not None
    raw_s, idx_s, graph_s = (statistics.median(v) for v in (raw_t, idx_t, graph_t))

    # update_file on the loaded graph: alternate two versions so every call really re-indexes
    upd_path = (root / UPDATE_FILE).resolve()
    upd_text = upd_path.read_text(encoding="utf-8")
    upd_lines = upd_text.count("\n")
    updates = {}
    for label, old, new in EDITS:
        assert old in upd_text, old
        edited = upd_text.replace(old, new, 1)
        updates[label] = _time_updates(engine, str(upd_path), upd_text, edited, args.updates)
    engine = None
    gc.collect()

    proc = subprocess.run([sys.executable, __file__, "--rss-child"], capture_output=True, text=True, check=True)
    rss = json.loads(proc.stdout.strip().splitlines()[-1])

    ratio_idx = raw_s / idx_s
    ratio_graph = raw_s / graph_s

    lines = [
        "## Indexing (benchmarks/index.py)",
        "",
        f"Django {VERSION} sdist, `django/` only: {n} .py files, {mb:.2f} MB. "
        f"Median of {len(raw_t)} alternating rounds, CPU time; Python {sys.version.split()[0]}. "
        f"`update_file`: {args.updates} calls alternating the file and an edit of it, through "
        "`Engine.update_file` (index, graph, known words) as the language server calls it; "
        "CPU time of the thread.",
        "",
        "| measure | time | files/s | MB/s | vs raw parse | target | met |",
        "|---|---:|---:|---:|---:|---|---|",
        f"| raw tree-sitter parse (`Parser.parse`) | {raw_s:.2f} s | {n / raw_s:,.0f} | {mb / raw_s:.2f} | 1.00 | | |",
        f"| docfact index (`index_file` per file) | {idx_s:.2f} s | {n / idx_s:,.0f} | {mb / idx_s:.2f} | "
        f"{ratio_idx:.2f} | >= {TARGETS['ratio']:.2f} | {met(ratio_idx >= TARGETS['ratio'])} |",
        f"| whole graph (`Engine.load`, scan and read included) | {graph_s:.2f} s | {n / graph_s:,.0f} | {mb / graph_s:.2f} | "
        f"{ratio_graph:.2f} | | |",
        *[
            f"| `update_file`, {UPDATE_FILE} ({upd_lines:,} lines), {label}: alternating | median {m:.1f} ms, "
            f"p95 {p:.1f} ms (wall median {w:.1f} ms) | | | | <= {TARGETS['update_ms']:.0f} ms | "
            f"{met(m <= TARGETS['update_ms'])} |"
            for label, (m, p, w) in updates.items()
        ],
        f"| peak RSS, whole graph, fresh process | {rss['peak_mb']:.0f} MB "
        f"({rss['files']} files, {rss['nodes']:,} nodes, {rss['edges']:,} edges) | | | | <= {TARGETS['rss_mb']:.0f} MB | "
        f"{met(rss['peak_mb'] <= TARGETS['rss_mb'])} |",
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
