"""Worker processes for large ``docfact check`` runs: indexing in a process pool, judging in
workers forked from the process that built the graph (Linux). The output is the same as a
serial run's (a test compares them)."""

from __future__ import annotations

import pickle
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from docfact.cli.report import DocRow, FileRow, FindingRow, doc_rows
from docfact.config import Settings
from docfact.deps import (
    Answers,
    Fingerprint,
    fingerprint,
    merge_fingerprints,
    still_valid,
)
from docfact.engine import Engine, file_words
from docfact.graph.names import instance_fields
from docfact.model import DocResult, FileIndex, FileResult, set_packing

Rows = tuple[FileRow, list[DocRow], list[FindingRow]]
# one doc's share of its file's report: its row, its findings' rows, its (sentence, criterion)
# pairs and its exact score (the file's score is computed from these, as from the doc results)
DocPart = tuple[DocRow, list[FindingRow], int, float]
# a file's docs by their position in the index: the fingerprint of what judging each read, its part
DocVerdicts = dict[int, tuple[Fingerprint, DocPart]]


def rows_of(fr: FileResult, target: tuple[Path, str, str], settings: Settings, keep_text: bool) -> Rows:
    return assemble([doc_part(d, target[2], settings.severity) for d in fr.docs], target, fr.error, keep_text)


def doc_part(d: DocResult, display: str, severities: dict[str, str]) -> DocPart:
    doc_row, finding_rows = doc_rows(d, display, severities)
    return doc_row, finding_rows, d.pairs, d.score


def assemble(parts: list[DocPart], target: tuple[Path, str, str], error: str | None, keep_text: bool) -> Rows:
    """A file's rows from its docs' parts in file order (what :func:`rows_of` gives for the same docs)."""
    pairs = 0
    good = 0.0
    findings: list[FindingRow] = []
    for _, rows, n, score in parts:
        pairs += n
        good += score * n
        findings.extend(rows)
    findings.sort(key=lambda r: (r.path, r.line, r.column, r.criterion))
    file_row = FileRow(target[2], round(good / pairs if pairs else 1.0, 4), len(parts), len(findings), error,
                       target[1] if keep_text else "")
    return file_row, [p[0] for p in parts], findings


def still_holding(kept: object, answers: Answers) -> DocVerdicts:
    """The kept doc verdicts of a file (as stored) whose lookups all have the same answers now."""
    if not isinstance(kept, dict):
        return {}
    out: DocVerdicts = {}
    for n, entry in kept.items():
        try:
            fp, part = entry
            if isinstance(n, int) and len(part) == 4 and still_valid(fp, answers):
                out[n] = (fp, part)
        except (TypeError, ValueError):
            continue  # a record of another shape: judge that doc again
    return out


def judge_recorded(engine: Engine, target: tuple[Path, str, str], answers: Answers, keep_text: bool,
                   kept: DocVerdicts) -> tuple[Rows, Fingerprint, DocVerdicts]:
    """Judge a file's docs but the ``kept`` ones, recording what each read: the file's rows, the
    fingerprint of the whole file and every doc's verdict (kept and new) for the store."""
    fr, deps, per_doc = engine.check_file_recorded(str(target[0]), skip=kept.keys())
    verdicts = dict(kept)
    severities = engine.settings.severity
    for (n, doc_deps), d in zip(per_doc, fr.docs):
        verdicts[n] = (fingerprint(doc_deps, answers), doc_part(d, target[2], severities))
    parts = [verdicts[n][1] for n in sorted(verdicts)]
    whole = merge_fingerprints([fingerprint(deps, answers), *(fp for fp, _ in kept.values())])
    return assemble(parts, target, fr.error, keep_text), whole, verdicts


def can_fork() -> bool:
    import multiprocessing

    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


# The judging workers are forked from the process that built the graph and read it from here
# (copy-on-write; nothing is pickled but the report rows they send back). Set only for the
# duration of ``judge_in_processes``.
_FORK_STATE: list[tuple[Engine, list[tuple[Path, str, str]], bool, bool, dict[int, DocVerdicts]]] = []
_ANSWERS: list[Answers] = []  # per worker: lookups answered once for all its files

# a judged file: its position, its report rows, and (when recorded) its two store rows pickled
# (:func:`stored`)
Judged = tuple[int, Rows, bytes | None, bytes | None]


def stored(rows: Rows, whole: Fingerprint, verdicts: DocVerdicts) -> tuple[bytes, bytes]:
    """A judged file's store rows, pickled: its rows (without the file's text, which an HTML
    report's rows carry and which is read again anyway) with the fingerprint of the whole file,
    and its docs' verdicts. Judging workers make them, in parallel."""
    file_row = {"rows": (replace(rows[0], text=""), rows[1], rows[2]), "deps": whole}
    return (pickle.dumps(file_row, protocol=pickle.HIGHEST_PROTOCOL),
            pickle.dumps(verdicts, protocol=pickle.HIGHEST_PROTOCOL))


def _judge_forked(i: int) -> Judged:
    engine, targets, keep_text, record, kept = _FORK_STATE[0]
    if not record:
        return i, rows_of(engine.check_file(str(targets[i][0])), targets[i], engine.settings, keep_text), None, None
    if not _ANSWERS:
        _ANSWERS.append(Answers(engine.graph, engine.known_words.__contains__, engine.hashes))
    rows, whole, verdicts = judge_recorded(engine, targets[i], _ANSWERS[0], keep_text, kept.get(i, {}))
    return i, rows, *stored(rows, whole, verdicts)


def judge_in_processes(engine: Engine, targets: list[tuple[Path, str, str]], missing: list[int],
                       jobs: int, keep_text: bool, progress: Callable[[int, int, str], None],
                       record: bool = False, kept: dict[int, DocVerdicts] | None = None) -> list[Judged]:
    """Judge files in ``jobs`` forked workers that share the parent's graph (``record``: with
    the fingerprints of what each file's and each doc's judging read; ``kept``: per file, doc
    verdicts that still hold and are not judged again)."""
    import multiprocessing

    _FORK_STATE.append((engine, targets, keep_text, record, kept or {}))
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            out = []
            for n, got in enumerate(pool.imap_unordered(_judge_forked, missing, chunksize=8)):
                out.append(got)
                progress(n + 1, len(missing), "judging")
            return out
    finally:
        _FORK_STATE.clear()


def _index_one(job: tuple[str, str, str, bool]) -> tuple[FileIndex, bytes | None] | str:
    """Worker: index one file (or say why not), and with ``job[3]`` make its store row too;
    runs in a child process."""
    from docfact.index import index_file
    from docfact.store import index_row

    path, text, module, store = job
    try:
        index = index_file(path, text, module)
    except Exception as exc:  # reported by the parent, the run goes on
        return f"{path}: cannot index: {exc}"
    # here, in parallel, rather than when the parent adds the index to the graph (index_row
    # computes the entities' digests, which only a check with a store reads)
    if index.language == "python":
        instance_fields(index)
    file_words(index)  # counting them reads every entity's calls and names
    return index, index_row(index) if store else None


def index_in_processes(engine: Engine, targets: list[tuple[Path, str, str]], jobs: int,
                       progress: Callable[[int, int, str], None], store: bool = False
                       ) -> tuple[dict[str, FileIndex], dict[str, bytes]]:
    """Parse and extract in ``jobs`` processes: path -> index (files that fail are reported
    and left out), and with ``store`` path -> its store row (:func:`docfact.store.index_row`,
    pickled there in parallel). The indexes come whole (the parent judges them all)."""
    from concurrent.futures import ProcessPoolExecutor

    packages: dict[Path, bool] = {}
    work = [(str(p), text, engine.module_for(str(p), packages), store) for p, text, _ in targets]
    out: dict[str, FileIndex] = {}
    rows: dict[str, bytes] = {}
    with ProcessPoolExecutor(max_workers=jobs, initializer=set_packing, initargs=(False,)) as pool:
        for n, got in enumerate(pool.map(_index_one, work, chunksize=16)):
            if isinstance(got, str):
                print(f"docfact: {got}", file=sys.stderr)
            else:
                index, row = got
                out[index.path] = index
                if row is not None:
                    rows[index.path] = row
            progress(n + 1, len(work), "indexing")
    return out, rows
