"""``docfact check``: collect files, index what they need, judge, report, exit code."""

from __future__ import annotations

import argparse
import gc
import hashlib
import logging
import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from docfact import baseline
from docfact.cli.errors import EXIT_LLM_INCOMPLETE, EXIT_OK, UsageError
from docfact.cli.report import DocRow, FileRow, FindingRow, Report, emit
from docfact.config import (
    Settings,
    SettingsError,
    find_pyproject,
    load_pyproject,
    load_user_config,
    resolve_criteria,
    url_problem,
    user_config_path,
)
from docfact.store import (
    ParsedModules,
    Store,
    code_stamp,
    digest,
    index_key,
    open_store,
    source_digest,
    text_digest,
)

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)


def _selectors(spec: str | None, option: str) -> tuple[str, ...]:
    """Criteria and rule ids of a comma-separated option; an unknown one is a usage error."""
    from docfact.judges.maturity import normalize, unknown_selector_message

    if not spec:
        return ()
    out = tuple(normalize(c) for c in spec.split(",") if c.strip())
    for c in spec.split(","):
        why = unknown_selector_message(c) if c.strip() else None
        if why:
            raise UsageError(f"{option}: {why}")
    return out


def _invalid(path: Path | None, problems: list[str]) -> str:
    """The CLI's message for invalid configuration: it stops (exit 2), so the editors' "using the
    default" endings would mislead."""
    lines = [re.sub(r"; (using the default .*|using '.*'|ignored)$", "", p.removeprefix("docfact: ")) for p in problems]
    return (f"invalid configuration in {path} (nothing was checked; fix or remove these settings):\n  "
            + "\n  ".join(lines))


def load_settings(args: argparse.Namespace, first: Path) -> tuple[Settings, Path | None]:
    """Settings from the user's configuration file, then --config or the nearest pyproject.toml
    (a repository's: its :data:`~docfact.config.RESTRICTED` keys only when trusted), then the
    command-line overrides. Warnings go to stderr; invalid configuration is a usage error."""
    problems: list[str] = []
    notes: list[str] = []
    user = load_user_config(problems)
    if problems:
        raise UsageError(_invalid(user_config_path(), problems))
    cfg = Path(args.config) if args.config else find_pyproject(first)
    settings = user.settings
    if cfg is not None:
        if not cfg.is_file():
            raise UsageError(f"{cfg}: configuration file not found")
        trusted = bool(getattr(args, "trust_workspace_config", False)) or user.trusts(cfg)
        try:
            settings = load_pyproject(cfg, problems, settings, trusted=trusted, notes=notes)
        except SettingsError as exc:
            raise UsageError(str(exc)) from exc
    if problems:
        raise UsageError(_invalid(cfg, problems))
    for note in notes:
        print(note, file=sys.stderr)
    select, ignore = _selectors(args.select, "--select"), _selectors(args.ignore, "--ignore")
    if select:
        settings = replace(settings, select=select)
    if ignore:
        settings = replace(settings, ignore=(*settings.ignore, *ignore))
    if getattr(args, "preview", None) is not None:
        settings = replace(settings, preview=args.preview)
    settings = resolve_criteria(settings)
    llm = settings.llm
    if args.llm:
        llm = replace(llm, enabled=True)
    for opt, name in (("llm_base_url", "base_url"), ("llm_model", "model"), ("llm_mode", "mode"),
                      ("llm_api_key_env", "api_key_env"), ("llm_max_requests", "max_requests")):
        value = getattr(args, opt)
        if value is not None:
            llm = replace(llm, **{name: value})
    if llm.enabled and url_problem(llm.base_url):
        raise UsageError(f"--llm-base-url: {url_problem(llm.base_url)}")
    settings = replace(settings, llm=llm)
    if args.cache_dir:
        settings = replace(settings, cache=replace(settings.cache, dir=args.cache_dir))
    return settings, cfg


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


def _display(path: Path, given: Path) -> str:
    """Paths as the user gave them: relative when the argument was relative."""
    if given.is_absolute():
        return str(path)
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def _settings_key(s: Settings) -> str:
    return hashlib.sha256(repr((s.criteria, sorted(s.severity.items()), s.check_comments,
                                sorted(s.per_file_ignores.items()), s.select, s.ignore, s.preview)
                               ).encode()).hexdigest()


def run_check(args: argparse.Namespace, llm_runner: Callable[..., bool | None] | None = None) -> int:
    """Run ``docfact check``; ``llm_runner`` replaces the LLM pass (``docfact llm-batch`` plans requests)."""
    llm_incomplete = False
    from docfact.cli import shard as sharding
    from docfact.cli.graph_files import load_imported_modules, with_package_context
    from docfact.config import project_root
    from docfact.index.workspace import language_for_path, read_source, scan

    shard = sharding.from_arg(getattr(args, "shard", None))
    given = [Path(p) for p in (args.paths or ["."])]
    if args.output and not Path(args.output).resolve().parent.is_dir():  # say so before the work
        raise UsageError(f"cannot write the report to {args.output}: its folder does not exist")
    for g in given:
        if not os.path.lexists(g):
            raise UsageError(f"{g}: no such file or folder")
    settings, _cfg = load_settings(args, given[0])
    root = project_root(given[0])
    progress = _Progress(not args.no_progress)

    # 1. the files to judge, read once
    targets: list[tuple[Path, str, str]] = []  # (resolved path, text, display)
    skipped: list[tuple[str, str]] = []
    seen: set[Path] = set()
    for g in given:
        if not g.is_dir():  # a file, or a pipe, socket or broken symlink that read_source refuses
            if language_for_path(g) is None:
                skipped.append((str(g), "not a Python, Java, TypeScript or JavaScript file"))
                continue
            text, reason = read_source(g, settings.max_file_size)
            if text is None:
                skipped.append((str(g), reason or "unreadable"))
            elif (real := g.resolve()) not in seen:
                seen.add(real)
                targets.append((real, text, str(g)))
            continue
        for item in scan(g.resolve(), settings.exclude, settings.max_file_size):
            if item.text is None:
                skipped.append((_display(item.path, g), item.reason or "skipped"))
            elif item.language is not None:
                real = item.path.resolve() if item.linked else item.path  # under a resolved root
                if real not in seen:
                    seen.add(real)
                    targets.append((real, item.text, _display(item.path, g)))

    if not targets:
        print("docfact: warning: no Python, Java, TypeScript or JavaScript files found in "
              + ", ".join(str(g) for g in given) + (f" ({len(skipped)} skipped)" if skipped else ""), file=sys.stderr)
    # a shard judges its own files but indexes all of them (the graph is the whole project's)
    mine = sharding.select(shard, [p for p, _, _ in targets], root) if shard else None

    # the graph holds every file of the packages the judged files belong to, so that a file
    # (pre-commit) or a sub-folder gets the findings the whole package's check gives it
    graph_files = with_package_context(given, targets, settings)

    # 2. verdicts kept from earlier runs: a file's are reused when its text is the same and
    # every lookup its judging made has the same answer now (docfact.deps); an unchanged
    # project is answered from one manifest row without building the graph
    store = _open_store(settings) if not args.no_cache and settings.cache.enabled else None
    record = store is not None and not settings.llm.enabled
    root_dir = str(root.resolve())  # as the engine holds it
    text_hashes = {str(path): text_digest(text) for path, text, _ in targets}
    hashes = [source_digest(str(path), text_hashes[str(path)], root_dir) for path, _, _ in targets]
    prefix = digest("verdicts", code_stamp(), _settings_key(settings), _environment_stamp(), str(root))
    file_keys = [digest(prefix, str(path), disp, hashes[i]) for i, (path, _, disp) in enumerate(targets)]
    # a file's docs row is kept by its path, whatever its text: an edit keeps what still holds
    docs_keys = [digest(prefix, str(path), disp, "docs") for path, _, disp in targets]
    rows: dict[int, tuple[FileRow, list[DocRow], list[FindingRow]]] = {}
    manifest = digest(prefix, _tree_stamp(root), *file_keys) if record else ""
    if record and store is not None:
        if store.get_many("verdicts", [manifest]):
            kept = store.get_many("verdicts", file_keys)
            if len(kept) == len(file_keys):
                rows = {i: kept[k]["rows"] for i, k in enumerate(file_keys)}

    # 3. index (from the store where it has the file) and judge what is not kept (the engine
    # is imported only now: an unchanged project is answered without it)
    if len(rows) < len(targets):
        from docfact.cli.workers import (
            Judged,
            can_fork,
            index_in_processes,
            judge_in_processes,
            judge_recorded,
            rows_of,
            stored,
        )
        from docfact.deps import Answers, still_valid
        from docfact.engine import Engine
        from docfact.model import FileIndex, FileResult

        engine = Engine(root, settings)
        total = len(graph_files)
        jobs = args.jobs if args.jobs > 0 else (min(os.cpu_count() or 1, 8) if total >= 200 else 1)
        gc.disable()  # indexing allocates a lot and frees little: no collection passes meanwhile
        try:
            with engine.graph.deferred():  # edges: only if something asks for them
                packages: dict[str, tuple[str, ...]] = {}
                indexes = store.load_indexes([(str(p), engine.module_for(str(p), packages), t)
                                              for p, t, _ in graph_files], text_hashes) \
                    if store is not None else {}
                todo = [t for t in graph_files if str(t[0]) not in indexes]
                if jobs > 1 and len(todo) >= 100:
                    fresh_indexes, rows_made = index_in_processes(engine, todo, jobs, progress, store is not None)
                else:
                    fresh_indexes, rows_made = {}, {}
                    for n, (path, text, _) in enumerate(todo):
                        index = engine.index_only(str(path), text)
                        if index is not None:
                            fresh_indexes[index.path] = index
                        progress(n + 1, len(todo), "indexing")
                indexes.update(fresh_indexes)
                for path, _, _ in graph_files:  # as a cold run adds them: lookups list entities in this order
                    index = indexes.get(str(path))
                    if index is not None:
                        engine.add_index(index, text_hashes.get(index.path))
                if store is not None:  # with the words adding them computed
                    store.save_indexes(fresh_indexes.values(), rows_made, text_hashes)
            load_imported_modules(engine, root, [p for p, _, _ in targets], store)
        finally:
            gc.enable()
        # The graph lives until the end: keep the collector from rescanning it while judging
        # allocates (a full collection over a large project's graph takes a second). Indexing
        # leaves next to no cyclic garbage (8 objects on Django), so no collection first.
        gc.freeze()
        answers = Answers(engine.graph, engine.known_words.__contains__, engine.hashes)
        # per file not kept whole (its text changed, or something it read did): the docs row
        # stored when it was last judged; its docs whose own inputs and lookups are unchanged
        # keep their verdicts (workers.judge_recorded), only the others are judged
        previous: dict[int, object] = {}
        if record and store is not None:
            kept = store.get_many("verdicts", file_keys)
            stale: dict[str, int] = {}
            for i, key in enumerate(file_keys):
                got = kept.get(key)
                if isinstance(got, dict) and still_valid(got.get("deps", {}), answers):
                    rows[i] = got["rows"]
                elif mine is None or i in mine:
                    stale[docs_keys[i]] = i
            rows_of_path = {stale[key]: got for key, got in store.get_many("verdicts", list(stale)).items()}
            # a file edited since: its docs are matched in the stored index of the text they were judged in
            edited = {i: index_key(str(targets[i][0]), got["module"], got["digest"])
                      for i, got in rows_of_path.items()
                      if isinstance(got, dict) and got.get("text") != engine.hashes.get(str(targets[i][0]))
                      and isinstance(got.get("module"), str) and isinstance(got.get("digest"), str)}
            old = store.get_many("indexes", list(edited.values())) if edited else {}
            for i, got in rows_of_path.items():
                index = old.get(edited[i]) if i in edited else None
                previous[i] = (got, index if isinstance(index, FileIndex) and index.path == str(targets[i][0]) else None)
        missing = [i for i in range(len(targets)) if i not in rows and (mine is None or i in mine)]
        keep_text = args.format == "html"
        fresh: list[Judged] = []
        externals = engine.graph.externals
        forking = jobs > 1 and not settings.llm.enabled and len(missing) >= 100 and can_fork()
        shelf = ParsedModules(store) if store is not None and not forking else None
        # the installed modules judging reads are parsed once, for the runs after this one too
        # (forked workers cannot share the store's connection: they parse what they read)
        externals.shelf = shelf
        if forking:
            fresh = judge_in_processes(engine, targets, missing, jobs, keep_text, progress, record, previous)
        elif record:
            for n, i in enumerate(missing):
                rows_i, whole, docs_row, n_kept = judge_recorded(engine, targets[i], answers, keep_text, previous.get(i))
                fresh.append((i, rows_i, *stored(rows_i, whole, docs_row), n_kept))
                progress(n + 1, len(missing), "judging")
        else:
            results: list[tuple[int, FileResult]] = []
            for n, i in enumerate(missing):
                results.append((i, engine.check_file(str(targets[i][0]))))
                progress(n + 1, len(missing), "judging")
            if settings.llm.enabled:
                from docfact.cli.llm_run import run_llm

                finished = (llm_runner or run_llm)(engine, settings, [fr for _, fr in results])
                llm_incomplete = finished is False
            fresh = [(i, rows_of(fr, targets[i], settings, keep_text), None, None, 0) for i, fr in results]
        for i, got, *_ in fresh:
            rows[i] = got
        if record:
            kept_n = sum(f[4] for f in fresh)
            log.debug("docfact: %d files kept whole; %d files judged: %d docs judged, %d doc verdicts kept",
                      len(targets) - len(missing), len(missing), sum(len(f[1][1]) for f in fresh) - kept_n,
                      kept_n)
        if shelf is not None:
            shelf.save()
            externals.shelf = None
        if record and store is not None:
            # without the file's text (an HTML report's rows carry it; it is read again anyway)
            saved: list[tuple[str, bytes]] = []
            for i, _, file_bytes, docs_bytes, _ in fresh:
                if file_bytes is not None and docs_bytes is not None:
                    saved += [(file_keys[i], file_bytes), (docs_keys[i], docs_bytes)]
            store.put_pickled("verdicts", saved)
    if record and store is not None:
        store.put_many("verdicts", [(manifest, True)])
    progress.close()

    # 4. the report
    report = Report(skipped=skipped)
    pairs = good = 0.0
    for i in range(len(targets)):
        if mine is not None and i not in mine:
            continue
        frow, drows, frows = rows[i]
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

    from docfact.cli import reporters

    if args.format == "text":
        out = reporters.text(report, color=sys.stdout.isatty() and not args.output)
    else:
        out = reporters.FORMATS[args.format](report)
    if shard is not None:
        out = sharding.annotate(out, args.format, sharding.describe(
            shard, [d for _, _, d in targets], mine or set(), len(settings.criteria)))
    code = emit(out, args.output, (f.severity for f in report.findings), args.fail_on)
    if code == EXIT_OK and llm_incomplete:
        print("docfact: exit code 3: the LLM judge was asked for (--llm) and could not finish; "
              "the static findings above are complete", file=sys.stderr)
        return EXIT_LLM_INCOMPLETE
    return code


def _tree_stamp(root: Path) -> str:
    """Size and mtime of every source file under the project root: a change anywhere (an
    imported module outside the judged paths) invalidates the cached results."""
    h = hashlib.sha256()
    skip = {".git", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".mypy_cache", "build", "dist"}
    stack = [str(root)]
    while stack:
        d = stack.pop()
        try:
            entries = sorted(os.scandir(d), key=lambda e: e.name)
        except OSError:
            continue
        for e in entries:
            try:
                if e.is_dir(follow_symlinks=False):
                    if e.name not in skip and not e.name.startswith("."):
                        stack.append(e.path)
                elif e.name.endswith((".py", ".pyi", ".java", ".toml", ".ts", ".tsx", ".mts", ".cts", ".js", ".jsx",
                                      ".mjs", ".cjs", "tsconfig.json", "jsconfig.json", "package.json")):
                    st = e.stat()
                    h.update(f"{e.path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
            except OSError:
                continue
    return h.hexdigest()


def _open_store(settings: Settings) -> Store | None:
    def warn(msg: str) -> None:
        print(msg, file=sys.stderr)

    return open_store(settings, warn)


def _environment_stamp() -> str:
    """The Python and its installed packages (their folders' modification times): judging
    reads installed modules, so a ``pip install`` invalidates kept verdicts."""
    parts = [sys.version, sys.executable]
    here = os.getcwd()
    for entry in sys.path:
        if not entry or entry == here:
            continue  # the working folder: the project, not an installation
        try:
            parts.append(f"{entry}\0{os.stat(entry or '.').st_mtime_ns}")
        except OSError:
            parts.append(entry)
    return digest(*parts)


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
