"""Judging for ``docfact check``: a file's report rows, the verdicts kept doc by doc, and for
large runs workers forked from the process that built the graph (Linux; indexing in processes
is :mod:`docfact.project.indexing`'s). The output is the same as a serial run's (a test
compares them)."""

from __future__ import annotations

import pickle
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from docfact.cli.report import DocRow, FileRow, FindingRow, doc_rows
from docfact.config import Settings
from docfact.deps import (
    Answers,
    Fingerprint,
    fingerprint,
    merge_fingerprints,
    still_valid,
)
from docfact.doc_inputs import (
    MAX_CHANGED_WORDS,
    doc_key,
    file_outline,
    imports_key,
    parts_digest,
    reaches,
    text_words,
)
from docfact.engine import Engine
from docfact.model import DocResult, FileIndex, FileResult
from docfact.store import text_digest

Rows = tuple[FileRow, list[DocRow], list[FindingRow]]
# one doc's share of its file's report: its row, its findings' rows, its (sentence, criterion)
# pairs and its exact score (the file's score is computed from these, as from the doc results)
DocPart = tuple[DocRow, list[FindingRow], int, float]
# a file's docs by their position in the index: the fingerprint of what judging each read, its part
DocVerdicts = dict[int, tuple[Fingerprint, DocPart]]


def rows_of(fr: FileResult, target: tuple[Path, str, str], settings: Settings, keep_text: bool) -> Rows:
    """A file's report rows (those of an HTML report, ``keep_text``, with the file's text and
    its sentences' spans; the rows that others report, without)."""
    return assemble([doc_part(d, target[2], settings.severity, keep_text) for d in fr.docs], target, fr,
                    keep_text)


def doc_part(d: DocResult, display: str, severities: dict[str, str], spans: bool = True) -> DocPart:
    doc_row, finding_rows = doc_rows(d, display, severities, spans)
    return doc_row, finding_rows, d.pairs, d.score


def assemble(parts: list[DocPart], target: tuple[Path, str, str], fr: FileResult, keep_text: bool) -> Rows:
    """A file's rows from its docs' parts in file order (what :func:`rows_of` gives for the same
    docs), with what ``fr`` says of the docs it did not judge."""
    pairs = 0
    good = 0.0
    findings: list[FindingRow] = []
    for _, rows, n, score in parts:
        pairs += n
        good += score * n
        findings.extend(rows)
    findings.sort(key=lambda r: (r.path, r.line, r.column, r.criterion))
    file_row = FileRow(target[2], round(good / pairs if pairs else 1.0, 4), len(parts), len(findings), fr.error,
                       target[1] if keep_text else "",
                       tuple((d.line, d.symbol, d.reason) for d in fr.skipped_docs))
    return file_row, [p[0] for p in parts], findings


def _own_keys(engine: Engine, index: FileIndex) -> list[str | None]:
    """Per doc of ``index`` (by position): a digest of its :func:`doc_key`, or None for a doc
    that is not judged or whose key another doc of the file shares."""
    ignored = engine.ignored_criteria(index.path)
    crits = tuple(c for c in engine.settings.criteria if c not in ignored)
    imports = imports_key(index)
    keys: list[str | None] = []
    for doc in index.docs:
        if doc.kind == "comment" and not engine.settings.check_comments:
            keys.append(None)
            continue
        parts = doc_key(index, doc, engine.documented_entity(index, doc), engine.settings, crits, imports)
        keys.append(parts_digest(parts))
    twice = {k for k, n in Counter(keys).items() if n > 1}
    return [None if k in twice else k for k in keys]


def _moved(part: DocPart, line: int) -> DocPart:
    """A kept doc part moved to its doc's new first line (1-based): its rows and sentence spans
    shift by as many lines; columns stay (the doc's key holds its layout)."""
    row, findings, pairs, score = part
    d = line - row.line
    if d == 0:
        return part
    spans = [(a + d, b, c + d, e, crit) for a, b, c, e, crit in row.sentence_spans]
    return (replace(row, line=line, sentence_spans=spans),
            [replace(f, line=f.line + d, end_line=f.end_line + d) for f in findings], pairs, score)


def _still_holding(engine: Engine, previous: tuple[dict[str, Any], FileIndex | None], index: FileIndex,
                   answers: Answers) -> DocVerdicts:
    """The verdicts of a file's stored docs row that hold for the docs of ``index`` now, by
    position: every lookup the doc's judging recorded has the same answer. When the file's text
    changed, the row's docs are found by their own keys in the file's stored index of that text
    (``previous[1]``), and kept only if the file's outline is the same and the doc names nothing
    near a word the edit added or removed."""
    row, old = previous
    docs = row["docs"]
    if row["text"] == answers.file(index.path):
        pairs = [(n, n) for n in docs]
        changed: frozenset[str] = frozenset()
    else:
        module = old.entity("") if old is not None else None  # its code is the file's whole text
        if old is None or module is None or module.kind != "module" or text_digest(module.code) != row["digest"]:
            return {}
        old.text = module.code
        if file_outline(old) != file_outline(index):
            return {}
        changed = text_words(old.text) ^ text_words(index.text)
        if len(changed) > MAX_CHANGED_WORDS:
            return {}
        was = {k: n for n, k in enumerate(_own_keys(engine, old)) if k is not None}
        pairs = [(n, was[k]) for n, k in enumerate(_own_keys(engine, index)) if k is not None and k in was]
    out: DocVerdicts = {}
    for n, m in pairs:
        entry = docs.get(m)
        if entry is None or n >= len(index.docs):
            continue
        fp, part = entry
        doc = index.docs[n]
        if still_valid(fp, answers) and not reaches(changed, doc.text):
            out[n] = (fp, _moved(part, doc.range.start.line + 1))
    return out


# a file's docs row: the digests of its text (as the project sees it, and as the store keys its
# index), its module, and each judged doc's fingerprint and part by position
_ROW_FIELDS = (("text", str), ("digest", str), ("module", str), ("docs", dict))


def judge_recorded(engine: Engine, target: tuple[Path, str, str], answers: Answers, keep_text: bool,
                   previous: object) -> tuple[Rows, Fingerprint, dict[str, Any], int]:
    """Judge a file's docs but those whose verdicts in ``previous`` still hold: the docs row
    stored when the file was last judged (maybe with another text), with the file's stored index
    of that text. Records what each doc's judging read; returns the file's rows, the fingerprint
    of the whole file, its new docs row for the store, and how many verdicts were kept."""
    path = str(target[0])
    index = engine.graph.file(path)
    kept: DocVerdicts = {}
    if index is not None and isinstance(previous, tuple) and len(previous) == 2 and \
            isinstance(previous[0], dict) and all(isinstance(previous[0].get(f), t) for f, t in _ROW_FIELDS):
        try:
            kept = _still_holding(engine, previous, index, answers)
        except (TypeError, ValueError, AttributeError, KeyError, IndexError):
            kept = {}  # a row of another shape: judge the file again
    fr, deps, per_doc = engine.check_file_recorded(path, skip=kept.keys())
    verdicts = dict(kept)
    severities = engine.settings.severity
    for (n, doc_deps), d in zip(per_doc, fr.docs):
        verdicts[n] = (fingerprint(doc_deps, answers), doc_part(d, target[2], severities))
    parts = [verdicts[n][1] for n in sorted(verdicts)]
    whole = merge_fingerprints([fingerprint(deps, answers), *(fp for fp, _ in kept.values())])
    row = {"text": answers.file(path) or "", "digest": text_digest(target[1]),
           "module": index.module if index is not None else "", "docs": verdicts if index is not None else {}}
    return assemble(parts, target, fr, keep_text), whole, row, len(kept)


def release_free_memory() -> None:
    """Return the C allocator's free pages to the system (glibc's ``malloc_trim``; elsewhere
    nothing): memory freed after indexing stays resident in this process, and a forked worker
    starts with every resident page of its parent."""
    import ctypes

    try:
        ctypes.CDLL(None).malloc_trim(0)  # the symbols of the process, the C library's among them
    except (OSError, AttributeError):  # a C library without malloc_trim
        pass


def can_fork() -> bool:
    import multiprocessing

    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


# The judging workers are forked from the process that built the graph and read it from here
# (copy-on-write; nothing is pickled but the report rows they send back). Set only for the
# duration of ``judge_in_processes``.
_FORK_STATE: list[tuple[Engine, list[tuple[Path, str, str]], bool, bool, dict[int, object]]] = []
_ANSWERS: list[Answers] = []  # per worker: lookups answered once for all its files
# the files to judge and the shared count of those taken so far (set with _FORK_STATE)
_SHARE: list[tuple[list[int], Any]] = []
_TAKE = 8  # files a process takes at a time
_FIRST = 16  # files this process judges before it forks the others

# a judged file: its position, its report rows, and (when recorded) its two store rows pickled
# (:func:`stored`)
Judged = tuple[int, Rows, bytes | None, bytes | None, int]


def stored(rows: Rows, whole: Fingerprint, docs_row: dict[str, Any]) -> tuple[bytes, bytes]:
    """A judged file's store rows, pickled: its rows (without the file's text, which an HTML
    report's rows carry and which is read again anyway) with the fingerprint of the whole file,
    and its docs row (:func:`judge_recorded`). Judging workers make them, in parallel."""
    file_row = {"rows": (replace(rows[0], text=""), rows[1], rows[2]), "deps": whole}
    return (pickle.dumps(file_row, protocol=pickle.HIGHEST_PROTOCOL),
            pickle.dumps(docs_row, protocol=pickle.HIGHEST_PROTOCOL))


def _judge_forked(i: int) -> tuple[Judged, dict[str, float] | None]:
    """Judge file ``i`` (in a worker or in the parent); with it, the judging times added up
    since the last file (when profiling: the parent adds every process's)."""
    engine, targets, keep_text, record, previous = _FORK_STATE[0]
    if not record:
        judged: Judged = (i, rows_of(engine.check_file(str(targets[i][0])), targets[i], engine.settings, keep_text),
                          None, None, 0)
    else:
        if not _ANSWERS:
            _ANSWERS.append(Answers(engine.graph, engine.known_words.__contains__, engine.hashes))
        rows, whole, docs_row, kept = judge_recorded(engine, targets[i], _ANSWERS[0], keep_text, previous.get(i))
        judged = (i, rows, *stored(rows, whole, docs_row), kept)
    timings = engine.timings
    if timings is None:
        return judged, None
    sent = dict(timings)
    timings.clear()
    return judged, sent


def _take() -> list[int]:
    """The next files for this process to judge (none once every file is taken)."""
    missing, taken = _SHARE[0]
    with taken.get_lock():
        n = taken.value
        taken.value = n + _TAKE
    return missing[n:n + _TAKE]


def _judge_next() -> list[tuple[Judged, dict[str, float] | None]]:
    """Worker: judge the next few files (none once every file is taken)."""
    return [_judge_forked(i) for i in _take()]


_AHEAD = 2  # batches asked of each judging worker at a time


def _collect(pool: Any, pending: list[Any], add: Callable[[Judged, dict[str, float] | None], None],
             wait: bool) -> list[Any]:
    """Add the rows of the workers' batches that are back (``wait``: of the first, waiting for
    it) and ask for as many new batches, while files are left; the batches still out."""
    left = []
    for n, job in enumerate(pending):
        if not job.ready() and not (wait and n == 0):
            left.append(job)
            continue
        got = job.get()
        for judged, spent in got:
            add(judged, spent)
        if got:  # an empty batch: every file is taken
            left.append(pool.apply_async(_judge_next))
    return left


def judge_in_processes(engine: Engine, targets: list[tuple[Path, str, str]], missing: list[int],
                       jobs: int, keep_text: bool, progress: Callable[[int, int, str], None],
                       record: bool = False, previous: dict[int, object] | None = None) -> list[Judged]:
    """Judge files in ``jobs`` processes: this one and ``jobs - 1`` forked workers that share
    its graph, each taking the next few files until all are taken (``record``: with the
    fingerprints of what each file's and each doc's judging read; ``previous``: per file, what
    :func:`judge_recorded` takes to keep the verdicts that still hold). This process judges
    too rather than wait: a worker's memory grows towards the parent's as it reads the graph
    (copy-on-write pages), so each process fewer saves about a parent's worth."""
    import multiprocessing

    timings = engine.timings
    if timings is not None:
        engine.timings = {}  # every process starts empty: each sends what it adds
    ctx = multiprocessing.get_context("fork")
    release_free_memory()  # what a worker would otherwise inherit as resident, and count again
    _FORK_STATE.append((engine, targets, keep_text, record, previous or {}))
    _SHARE.append((missing, ctx.Value("q", 0)))
    out: list[Judged] = []

    def add(got: Judged, spent: dict[str, float] | None) -> None:
        out.append(got)
        if timings is not None and spent:
            for key, seconds in spent.items():
                timings[key] = timings.get(key, 0.0) + seconds

    try:
        # the first files are judged before the workers are forked: the project-wide values
        # judging computes on first use (the project's scan, its name index, the installed
        # modules read, the classes' attributes) are then computed once and inherited, instead
        # of once in each process
        while _SHARE[0][1].value < min(_FIRST, len(missing)):
            for i in _take():
                add(*_judge_forked(i))
        with ctx.Pool(jobs - 1) as pool:
            # each worker has a batch at hand while the one before it travels back: its rows come
            # a batch at a time (sent all at the end, they were a peak of both processes' memory)
            pending = [pool.apply_async(_judge_next) for _ in range(_AHEAD * (jobs - 1))]
            while batch := _take():
                for i in batch:
                    add(*_judge_forked(i))
                pending = _collect(pool, pending, add, wait=False)
                progress(min(_SHARE[0][1].value, len(missing)), len(missing), "judging")
            while pending:
                pending = _collect(pool, pending, add, wait=True)
            progress(len(missing), len(missing), "judging")
            return out
    finally:
        _FORK_STATE.clear()
        _SHARE.clear()
        _ANSWERS.clear()
        engine.timings = timings
