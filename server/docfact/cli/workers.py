"""Worker processes for large ``docfact check`` runs: indexing in a process pool, judging in
workers forked from the process that built the graph (Linux). The output is the same as a
serial run's (a test compares them)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from docfact.cli.report import DocRow, FileRow, FindingRow, build_report
from docfact.config import Settings
from docfact.deps import Answers, Fingerprint, fingerprint
from docfact.engine import Engine
from docfact.model import FileIndex, FileResult

Rows = tuple[FileRow, list[DocRow], list[FindingRow]]


def rows_of(fr: FileResult, target: tuple[Path, str, str], settings: Settings, keep_text: bool) -> Rows:
    part = build_report([(fr, target[2], target[1])], settings.severity, [], keep_text=keep_text)
    return part.files[0], part.docs, part.findings


def can_fork() -> bool:
    import multiprocessing

    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


# The judging workers are forked from the process that built the graph and read it from here
# (copy-on-write; nothing is pickled but the report rows they send back). Set only for the
# duration of ``judge_in_processes``.
_FORK_STATE: list[tuple[Engine, list[tuple[Path, str, str]], bool, bool]] = []
_ANSWERS: list[Answers] = []  # per worker: lookups answered once for all its files


def _judge_forked(i: int) -> tuple[int, Rows, Fingerprint | None]:
    engine, targets, keep_text, record = _FORK_STATE[0]
    path = str(targets[i][0])
    if not record:
        return i, rows_of(engine.check_file(path), targets[i], engine.settings, keep_text), None
    if not _ANSWERS:
        _ANSWERS.append(Answers(engine.graph, engine.known_words.__contains__, engine.hashes))
    result, deps = engine.check_file_recorded(path)
    return i, rows_of(result, targets[i], engine.settings, keep_text), fingerprint(deps, _ANSWERS[0])


def judge_in_processes(engine: Engine, targets: list[tuple[Path, str, str]], missing: list[int],
                       jobs: int, keep_text: bool, progress: Callable[[int, int, str], None],
                       record: bool = False) -> list[tuple[int, Rows, Fingerprint | None]]:
    """Judge files in ``jobs`` forked workers that share the parent's graph (``record``: with
    the fingerprint of what each file's judging read)."""
    import multiprocessing

    _FORK_STATE.append((engine, targets, keep_text, record))
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            out = []
            for n, got in enumerate(pool.imap_unordered(_judge_forked, missing, chunksize=8)):
                out.append(got)
                progress(n + 1, len(missing), "judging")
            return out
    finally:
        _FORK_STATE.clear()


def _index_one(job: tuple[str, str, str]) -> FileIndex | str:
    """Worker: index one file (or say why not); runs in a child process."""
    from docfact.index import index_file

    path, text, module = job
    try:
        return index_file(path, text, module)
    except Exception as exc:  # reported by the parent, the run goes on
        return f"{path}: cannot index: {exc}"


def index_in_processes(engine: Engine, targets: list[tuple[Path, str, str]], jobs: int,
                       progress: Callable[[int, int, str], None]) -> dict[str, FileIndex]:
    """Parse and extract in ``jobs`` processes: path -> index (files that fail are reported
    and left out)."""
    from concurrent.futures import ProcessPoolExecutor

    work = [(str(p), text, engine.module_for(str(p))) for p, text, _ in targets]
    out: dict[str, FileIndex] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for n, got in enumerate(pool.map(_index_one, work, chunksize=16)):
            if isinstance(got, str):
                print(f"docfact: {got}", file=sys.stderr)
            else:
                out[got.path] = got
            progress(n + 1, len(work), "indexing")
    return out
