"""``docfact check``: collect files, index what they need, judge, report, exit code."""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from docfact import baseline
from docfact.cli.errors import EXIT_LLM_INCOMPLETE, EXIT_OK, UsageError
from docfact.cli.jobs import default_jobs, jobs_that_fit
from docfact.cli.profile import Profile
from docfact.cli.report import DocRow, FileRow, FindingRow, Report, emit
from docfact.cli.settings import load_settings as load_settings
from docfact.config import Settings
from docfact.project.files import Target, collect_targets, with_package_context
from docfact.project.replay import KeptVerdicts
from docfact.store import ParsedModules, Store, open_store

if TYPE_CHECKING:
    from docfact.cli.shard import Shard
    from docfact.cli.workers import Judged
    from docfact.deps import Answers
    from docfact.engine import Engine
    from docfact.model import FileResult

Rows = tuple[FileRow, list[DocRow], list[FindingRow]]

log = logging.getLogger(__name__)


class _Progress:
    """A one-line progress bar on stderr, only for terminals and runs longer than a second."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.t0 = time.monotonic()
        self.shown = False

    def __call__(self, done: int, total: int, what: str) -> None:
        if not self.enabled or time.monotonic() - self.t0 < 1.0 or total == 0:
            return
        if done != total and done % 20:
            return
        width = 30
        filled = int(width * done / total)
        sys.stderr.write(f"\r{what:<9} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()


@dataclass
class _Run:
    """One ``docfact check``: what was asked, the files, and what is known of them so far."""

    args: argparse.Namespace
    given: list[Path]
    settings: Settings
    root: Path
    shard: Shard | None
    profile: Profile
    progress: _Progress
    targets: list[Target] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    graph_files: list[Target] = field(default_factory=list)
    mine: set[int] | None = None  # the positions a shard judges (None: all)
    store: Store | None = None
    kept: KeptVerdicts | None = None
    rows: dict[int, Rows] = field(default_factory=dict)  # per target: its report rows
    judging_times: dict[str, float] | None = None  # --profile: segmenting and each rule
    llm_incomplete: bool = False

    def judged(self, i: int) -> bool:
        return self.mine is None or i in self.mine


def run_check(args: argparse.Namespace, llm_runner: Callable[..., bool | None] | None = None) -> int:
    """Run ``docfact check``; ``llm_runner`` replaces the LLM pass (``docfact llm-batch`` plans requests)."""
    profile = Profile(bool(getattr(args, "profile", False)))
    with profile.stage("start-up"):
        run = _arguments(args, profile)
    with profile.stage("scan"):
        _scan(run)
    with profile.stage("store read"):
        _kept_run(run)
    if len(run.rows) < len(run.targets):
        _load_and_judge(run, llm_runner)  # its stages are profiled inside
    if run.kept is not None:
        with profile.stage("store write"):
            run.kept.finish()
    run.progress.close()
    with profile.stage("report"):
        code = _report(run)
    profile.print(run.judging_times)
    return code


def _arguments(args: argparse.Namespace, profile: Profile) -> _Run:
    """The run's paths, settings and project root; a usage error before any work."""
    from docfact.cli import shard as sharding
    from docfact.config import project_root

    shard = sharding.from_arg(getattr(args, "shard", None))
    given = [Path(p) for p in (args.paths or ["."])]
    if args.output and not Path(args.output).resolve().parent.is_dir():  # say so before the work
        raise UsageError(f"cannot write the report to {args.output}: its folder does not exist")
    for g in given:
        if not os.path.lexists(g):
            raise UsageError(f"{g}: no such file or folder")
    settings, _cfg = load_settings(args, given[0])
    return _Run(args, given, settings, project_root(given[0]), shard, profile, _Progress(not args.no_progress))


def _scan(run: _Run) -> None:
    """The files to judge, read once; a shard's own; and the files the graph holds with them
    (the rest of their packages, so a file or a sub-folder gets the findings the whole
    package's check gives it; a shard indexes every file: the graph is the whole project's)."""
    from docfact.cli import shard as sharding

    run.targets, run.skipped = collect_targets(run.given, run.settings)
    if not run.targets:
        print("docfact: warning: no Python, Java, TypeScript or JavaScript files found in "
              + ", ".join(str(g) for g in run.given)
              + (f" ({len(run.skipped)} skipped)" if run.skipped else ""), file=sys.stderr)
    if run.shard is not None:
        run.mine = sharding.select(run.shard, [p for p, _, _ in run.targets], run.root)
    run.graph_files = with_package_context(run.given, run.targets, run.settings)


def _kept_run(run: _Run) -> None:
    """The store, and the verdicts kept from earlier runs: an unchanged project is answered
    from one manifest row without building the graph (the engine is not even imported)."""
    settings = run.settings
    run.store = _open_store(settings) if not run.args.no_cache and settings.cache.enabled else None
    record = run.store is not None and not settings.llm.enabled
    run.kept = KeptVerdicts(run.store, record, run.targets, run.root, settings)
    run.rows = run.kept.unchanged_run()


def _report_refused(run: _Run, refused: list[tuple[str, str]]) -> None:
    """Files indexing refused under a per-file bound join the report's skipped list, each with
    its reason, written as the scan writes paths."""
    from docfact.project.files import display

    for path, reason in refused:
        p = Path(path)
        given = next((g for g in run.given if p.is_relative_to(g.resolve())), None)
        entry = (display(p, given) if given is not None else path, reason)
        if entry not in run.skipped:
            run.skipped.append(entry)


def _load_and_judge(run: _Run, llm_runner: Callable[..., bool | None] | None) -> None:
    """Index the project (from the store where it has the files), replay the lookups of the
    kept verdicts, judge the files whose verdicts do not hold, store the new verdicts."""
    profile, store, kept = run.profile, run.store, run.kept
    assert kept is not None
    with profile.stage("start-up"):
        from docfact.cli.workers import can_fork
        from docfact.deps import Answers
        from docfact.engine import Engine
        from docfact.project.imported import load_imported_modules
        from docfact.project.indexing import index_files, no_collection

    engine = Engine(run.root, run.settings)
    if profile.enabled:
        engine.timings = {}
    total = len(run.graph_files)
    # by default, only as many processes as the memory left allows (index workers now, judging
    # workers again below, once the graph is built)
    jobs = run.args.jobs if run.args.jobs > 0 else jobs_that_fit(default_jobs(total))
    progress = run.progress
    # no file is swapped in a check: the project's words are enough, each file's own set dropped
    # as it is added (a one-process run with a store drops them after indexing: the index rows it
    # saves keep them; other rows are made by the index workers, or are few and made again)
    if store is None or jobs > 1:
        engine.forget_file_words()
    with no_collection():
        index_files(engine, [(str(p), t) for p, t, _ in run.graph_files], store=store, text_hashes=kept.text_hashes,
                    jobs=jobs, progress=lambda done, n, _path: progress(done, n, "indexing"), stage=profile.stage)
        with profile.stage("imports"):
            load_imported_modules(engine, run.root, [p for p, _, _ in run.targets], store)
    _report_refused(run, engine.skipped)
    engine.forget_file_words()
    # The graph lives until the end: keep the collector from rescanning it while judging
    # allocates (a full collection over a large project's graph takes a second). Indexing
    # leaves next to no cyclic garbage (8 objects on Django), so no collection first.
    gc.freeze()
    with profile.stage("replay"):
        answers = Answers(engine.graph, engine.known_words.__contains__, engine.hashes)
        kept_rows, previous = kept.replay(answers, run.judged, run.targets, engine.hashes)
        run.rows.update(kept_rows)
    missing = [i for i in range(len(run.targets)) if i not in run.rows and run.judged(i)]
    if run.args.jobs <= 0 and jobs > 1:
        jobs = jobs_that_fit(jobs)
        log.debug("docfact: judging in %d processes", jobs)
    forking = jobs > 1 and not run.settings.llm.enabled and len(missing) >= 100 and can_fork()
    # the installed modules judging reads are parsed once, for the runs after this one too
    # (forked workers cannot share the store's connection: they parse what they read)
    shelf = ParsedModules(store) if store is not None and not forking else None
    engine.graph.externals.shelf = shelf
    with profile.stage("judge"):
        fresh = _judge(run, engine, answers, missing, jobs if forking else 1, previous, llm_runner)
    for i, got, *_ in fresh:
        run.rows[i] = got
    if kept.store is not None:
        kept_n = sum(f[4] for f in fresh)
        log.debug("docfact: %d files kept whole; %d files judged: %d docs judged, %d doc verdicts kept",
                  len(run.targets) - len(missing), len(missing), sum(len(f[1][1]) for f in fresh) - kept_n,
                  kept_n)
    with profile.stage("store write"):
        if shelf is not None:
            shelf.save()
            engine.graph.externals.shelf = None
        # without the file's text (an HTML report's rows carry it; it is read again anyway)
        kept.save([(i, file_bytes, docs_bytes) for i, _, file_bytes, docs_bytes, _ in fresh])
    run.judging_times = engine.timings


def _judge(run: _Run, engine: Engine, answers: Answers, missing: list[int], jobs: int,
           previous: dict[int, object], llm_runner: Callable[..., bool | None] | None) -> list[Judged]:
    """Judge the ``missing`` files (in ``jobs`` forked workers when more than one), recording
    what judging read when verdicts are kept; the LLM pass after the static one when it is on."""
    from docfact.cli.workers import judge_in_processes, judge_recorded, rows_of, stored

    settings, targets, progress = run.settings, run.targets, run.progress
    record = run.kept is not None and run.kept.store is not None
    keep_text = run.args.format == "html"
    if jobs > 1:
        return judge_in_processes(engine, targets, missing, jobs, keep_text, progress, record, previous)
    fresh: list[Judged] = []
    if record:
        for n, i in enumerate(missing):
            rows_i, whole, docs_row, n_kept = judge_recorded(engine, targets[i], answers, keep_text, previous.get(i))
            fresh.append((i, rows_i, *stored(rows_i, whole, docs_row), n_kept))
            progress(n + 1, len(missing), "judging")
        return fresh
    if not settings.llm.enabled:  # each file's results become its report rows at once
        rows: list[Judged] = []
        for n, i in enumerate(missing):
            rows.append((i, rows_of(engine.check_file(str(targets[i][0])), targets[i], settings, keep_text),
                         None, None, 0))
            progress(n + 1, len(missing), "judging")
        return rows
    results: list[tuple[int, FileResult]] = []  # the LLM pass reads them all
    for n, i in enumerate(missing):
        results.append((i, engine.check_file(str(targets[i][0]))))
        progress(n + 1, len(missing), "judging")
    from docfact.cli.llm_run import run_llm

    with run.profile.stage("llm"):
        finished = (llm_runner or run_llm)(engine, settings, [fr for _, fr in results])
    run.llm_incomplete = finished is False
    return [(i, rows_of(fr, targets[i], settings, keep_text), None, None, 0) for i, fr in results]


def _report(run: _Run) -> int:
    """Write the report of the judged files (a shard's own) and return the exit code."""
    from docfact.cli import reporters
    from docfact.cli import shard as sharding

    args, settings, targets = run.args, run.settings, run.targets
    report = Report(skipped=run.skipped)
    pairs = good = 0.0
    for i in range(len(targets)):
        if not run.judged(i):
            continue
        frow, drows, frows = run.rows[i]
        if args.format == "html" and not frow.text:
            frow = replace(frow, text=targets[i][1])
        report.files.append(frow)
        report.docs.extend(drows)
        report.findings.extend(frows)
        for d in drows:
            n = d.sentences * len(settings.criteria)
            pairs += n
            good += d.score * n
    report.score = round(good / pairs, 4) if pairs else 1.0

    if args.baseline:
        report.findings = _apply_baseline(Path(args.baseline), report.findings)
    if args.write_baseline:
        _write_baseline(Path(args.write_baseline), report.findings)
        print(f"docfact: wrote {len(report.findings)} findings to the baseline {args.write_baseline}", file=sys.stderr)
        return EXIT_OK

    out: str | Iterable[str]
    if args.format == "json" and run.shard is None:
        out = reporters.json_parts(report)  # written piece by piece: never whole in memory
    else:
        text = (reporters.text(report, color=sys.stdout.isatty() and not args.output) if args.format == "text"
                else reporters.FORMATS[args.format](report))
        if run.shard is not None:
            text = sharding.annotate(text, args.format, sharding.describe(
                run.shard, [d for _, _, d in targets], run.mine or set(), len(settings.criteria)))
        out = text
    code = emit(out, args.output, (f.severity for f in report.findings), args.fail_on)
    if code == EXIT_OK and run.llm_incomplete:
        print("docfact: exit code 3: the LLM judge was asked for (--llm) and could not finish; "
              "the static findings above are complete", file=sys.stderr)
        return EXIT_LLM_INCOMPLETE
    return code


def _open_store(settings: Settings) -> Store | None:
    def warn(msg: str) -> None:
        print(msg, file=sys.stderr)

    return open_store(settings, warn)


def _print_of(f: FindingRow) -> baseline.Fingerprint:
    return baseline.fingerprint(f.path, f.symbol, f.criterion, f.rule, f.sentence)


def _write_baseline(path: Path, findings: list[FindingRow]) -> None:
    baseline.write(path, (_print_of(f) for f in findings))


def _apply_baseline(path: Path, findings: list[FindingRow]) -> list[FindingRow]:
    try:
        known = baseline.load(path)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    return [f for f in findings if _print_of(f) not in known]
