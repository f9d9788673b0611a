"""The engine facade: one project, its graph, and the judging of its docs.

The CLI and the language server both talk to an :class:`Engine`; it speaks paths, strings and
dataclasses (no LSP). Judging a doc: segment it, run the static rules with the project graph
and the doc's 1-hop context, then drop what suppression comments and per-file ignores silence.
"""

from __future__ import annotations

import fnmatch
import logging
import time
from collections.abc import Callable, Hashable, Iterable
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

from docfact.config import Settings
from docfact.deps import Deps, Recorder
from docfact.doc_jobs import (
    FileJob,
    Reuse,
    documented_entity,
    judge_or_reuse,
    judge_own_frame,
    note_skipped,
)
from docfact.docs.segments import example_segments, segment_doc
from docfact.graph.graph import ProjectGraph
from docfact.index.nesting import TooDeep
from docfact.judges.base import JudgeContext, file_scope_names
from docfact.judges.static import judge_static, selected_rules
from docfact.model import (
    DocBlock,
    DocResult,
    Entity,
    FileIndex,
    FileResult,
    settle_index,
)
from docfact.positions import LineIndex
from docfact.project.indexing import load_paths, world_part
from docfact.project.words import ProjectWords
from docfact.store import Store, source_digest, text_digest
from docfact.suppression import suppressed as suppressed
from docfact.time_bounds import DOC_SECONDS as DOC_SECONDS
from docfact.time_bounds import DOC_SHARED_SECONDS as DOC_SHARED_SECONDS
from docfact.time_bounds import FILE_SECONDS as FILE_SECONDS
from docfact.time_bounds import MAX_DOC_CHARS as MAX_DOC_CHARS
from docfact.time_bounds import RETRY_CHARS as RETRY_CHARS
from docfact.time_bounds import SHARED_SECONDS as SHARED_SECONDS
from docfact.time_bounds import WATCHDOG_SECONDS as WATCHDOG_SECONDS
from docfact.time_bounds import WATCHDOG_SHARED_SECONDS as WATCHDOG_SHARED_SECONDS
from docfact.time_bounds import FileClock, TimedRunCache
from docfact.time_bounds import Slice as Slice
from docfact.watchdog import Interrupted, Overran, Watchdog

log = logging.getLogger(__name__)


Progress = Callable[[int, int, str], None]


class Engine:
    """One project: its graph, its settings and the judging of its files."""

    def __init__(self, root: Path, settings: Settings | None = None) -> None:
        """An engine for the project at ``root``; without ``settings``, the user's own
        configuration file (:func:`docfact.config.load_user_config`) over the defaults (the CLI
        and the language server always pass the settings they computed)."""
        self.root = root.resolve()
        if settings is None:
            from docfact.config import load_user_config

            settings = load_user_config([]).settings
        self.settings = settings
        self.graph = ProjectGraph(self.root)
        self._words = ProjectWords()
        self._run_cache = TimedRunCache()  # shared by the judging of every file (name index, classes)
        # stops a doc's judging that never ends (WATCHDOG_SECONDS), and a file's indexing
        self._watchdog = Watchdog()
        self.skipped: list[tuple[str, str]] = []
        self.from_store = 0  # files of the last load() whose index came from the store
        self.hashes: dict[str, str] = {}  # path -> source_digest of the file indexed
        # CPU seconds of judging by part (``segment``) and by rule id, while profiling (None: off)
        self.timings: dict[str, float] | None = None
        self._world = 0  # XOR of _world_part over hashes (see world())

    # ---- loading ------------------------------------------------------------------------------
    def load(self, paths: Iterable[Path] | None = None, progress: Progress | None = None,
             cancelled: Callable[[], bool] | None = None, store: Store | None = None,
             on_read: Callable[[dict[str, str], str], None] | None = None) -> None:
        """Index ``paths`` (folders or files; default: the whole root) into the graph, taking
        the index of a file from ``store`` when it holds that text (and saving the others there).
        ``on_read(hashes, world)`` hears the digests of the texts read, before any indexing
        (see :meth:`world`). Edges are resolved at the first query of edges (``graph.flush()``
        resolves them now). The pipeline is :mod:`docfact.project`'s, as for ``docfact check``."""
        load_paths(self, list(paths) if paths is not None else None, progress, cancelled, store, on_read)

    def update_file(self, path: str, text: str) -> FileIndex | None:
        """(Re)index one file; the cost depends on that file only. None when it cannot be
        indexed, or not within :data:`~docfact.index.nesting.INDEX_SECONDS` of CPU time (listed in :attr:`skipped`)."""
        path = str(Path(path).resolve())
        try:
            index = self.graph.update_file(path, text, self.module_for(path), self._watchdog)
        except TooDeep as exc:
            self._skip(path, exc)
            return None
        except Exception:
            log.exception("docfact: cannot index %s; skipped", path)
            return None
        if index is not None:
            settle_index(index)
        self._changed(path, index)
        return index

    def index_only(self, path: str, text: str) -> FileIndex | None:
        """Index one file without adding it (None when it cannot be indexed, or not within
        :data:`~docfact.index.nesting.INDEX_SECONDS` of CPU time: logged, and listed in :attr:`skipped`)."""
        from docfact.index import index_bound, index_file

        try:
            with index_bound(self._watchdog):
                index = index_file(path, text, self.module_for(path))
        except TooDeep as exc:
            self._skip(path, exc)
            return None
        except Exception:
            log.exception("docfact: cannot index %s; skipped", path)
            return None
        settle_index(index)  # kept for the whole run: without a list per empty field
        return index

    def _skip(self, path: str, exc: Exception) -> None:
        """A file refused by a per-file bound: reported as skipped with the reason, no traceback."""
        reason = str(exc)
        log.info("docfact: %s skipped: %s", path, reason)
        if (path, reason) not in self.skipped:
            self.skipped.append((path, reason))

    def add_index(self, index: FileIndex, text_hash: str | None = None) -> None:
        """Add a file indexed elsewhere (e.g. in a worker process); ``text_hash``: the
        :func:`text_digest` of its text when the caller has it."""
        self.graph.add_file(index)
        self._changed(index.path, index, text_hash)

    def remove_file(self, path: str) -> None:
        path = str(Path(path).resolve())
        self.graph.remove_file(path)
        self._changed(path, None)

    def _changed(self, path: str, index: FileIndex | None, text_hash: str | None = None) -> None:
        """Bookkeeping after a file was (re)indexed or removed: the project's words, the
        per-run judging cache that depends on them, and the digest of every file's text."""
        self._words.replace(path, index, self.graph.files)
        self._run_cache.clear()
        old = self.hashes.pop(path, None)
        if old is not None:
            self._world ^= world_part(path, old)
        if index is not None:
            h = self.hashes[path] = source_digest(path, text_hash or text_digest(index.text), str(self.root),
                                                  index.packages)
            self._world ^= world_part(path, h)

    def world(self) -> str:
        """A digest of the path and text of every file the engine holds (order-free): equal
        worlds, settings and code give equal verdicts."""
        return f"{self._world:032x}"

    def module_for(self, path: str, packages: dict[str, tuple[str, ...]] | None = None) -> str:
        """The module name of ``path``; ``packages`` shares folder lookups across one batch."""
        from docfact.index.workspace import module_name

        return module_name(self.root, path, packages)

    def forget_file_words(self) -> None:
        """Drop what swapping a file's words needs (each file's set of words and their counts),
        now and for each file added from now on: a run that adds each file once and swaps none
        keeps only the project's words. Swapping a file later is correct, and first counts every
        file's words again."""
        self._words.forget_files(self.graph.files())

    @property
    def known_words(self) -> AbstractSet[str]:
        """Every identifier the project defines or uses (live, read-only)."""
        return self._words.live

    # ---- judging -------------------------------------------------------------------------------
    def check_file(self, path: str, criteria: Iterable[str] | None = None) -> FileResult:
        """Judge every doc of an indexed file with the static judge."""
        path = str(Path(path).resolve())
        index = self.graph.file(path)
        if index is None:
            reason = next((r for p, r in self.skipped if p == path), None)
            return FileResult(path=path, error=f"skipped: {reason}" if reason is not None
                              else "not indexed (unsupported, excluded or unreadable)")
        return self.judge_index(index, criteria)

    def check_file_recorded(self, path: str, skip: AbstractSet[int] = frozenset()
                            ) -> tuple[FileResult, Deps, list[tuple[int, Deps]]]:
        """:meth:`check_file`, with every lookup its judging made (see :mod:`docfact.deps`):
        the whole file's, and each judged doc's (its position in ``index.docs``, its lookups;
        one per doc of the result, in order). Docs whose positions are in ``skip`` are left out
        (the caller kept their verdicts)."""
        recorder = Recorder()
        self.graph.recorder = self._run_cache.recorder = recorder
        per_doc: list[tuple[int, Deps]] = []
        try:
            index = self.graph.file(str(Path(path).resolve()))
            if index is None:
                result = self.check_file(path)
            else:
                result = self.judge_index(index, per_doc=per_doc, skip=skip)
        finally:
            self.graph.recorder = self._run_cache.recorder = None
        return result, recorder.result(), per_doc

    def judge_index(self, index: FileIndex, criteria: Iterable[str] | None = None,
                    lines: LineIndex | None = None, reuse: Reuse | None = None,
                    per_doc: list[tuple[int, Deps]] | None = None,
                    skip: AbstractSet[int] = frozenset(), part: Slice | None = None) -> FileResult:
        """Judge every doc of ``index``; ``reuse(doc, entity, criteria)`` may return a verdict
        kept from an earlier check (the language server's cache) instead of judging again.
        With ``per_doc`` (while a recorder is set), each doc is judged on its own (no values
        shared with the file's other docs) and its lookups are appended there. With ``part``,
        judging starts at ``part.next`` and stops after the first doc that ends ``part.seconds``
        after the call began (``part.done`` tells when every doc is through); the result holds
        that slice's docs."""
        path = index.path
        began = time.monotonic()
        first = part.next if part is not None else 0
        if part is not None:
            part.done = True  # unless the slice ends early, below
        ignored = self.ignored_criteria(path)
        crits = tuple(c for c in (criteria or self.settings.criteria)
                      if c in self.settings.criteria and c not in ignored)
        result = FileResult(path=path)
        if index.syntax_error_lines and first == 0:
            where = ", ".join(str(n + 1) for n in index.syntax_error_lines[:5])
            result.error = (f"syntax errors near line {where}; "
                            "docs inside the broken code were skipped")
        if index.ignore_file or not crits:
            return result
        job = FileJob(index, lines or LineIndex(index.text), crits, file_scope_names(index))
        recorder = self.graph.recorder if per_doc is not None else None
        cpu_began = time.thread_time()
        clock = FileClock(self._run_cache,
                           cpu_began + FILE_SECONDS - (part.spent if part is not None else 0.0),
                           self._run_cache.shared_seconds)
        skipped: list[tuple[DocBlock, str]] = []  # docs skipped for time, and why
        late: list[DocBlock] = []  # the docs left unjudged once the file's time ran out
        for n in range(first, len(index.docs)):
            doc = index.docs[n]
            if (part is not None and n > first and not late
                    and time.monotonic() - began > part.seconds):
                part.next, part.done = n, False
                break
            if (doc.kind == "comment" and not self.settings.check_comments) or n in skip:
                continue
            try:
                if recorder is not None and per_doc is not None:
                    got = judge_own_frame(self._judge_bounded, job, n, clock, recorder, per_doc)
                else:
                    got = judge_or_reuse(self._judge_bounded, job, doc, clock, reuse)
            except Overran as e:
                skipped.append((doc, f"its judging {e}"))
            except TimeoutError as e:
                skipped.append((doc, str(e)))
            except Exception:
                log.exception("docfact: cannot judge the doc at %s:%d; skipped",
                              path, doc.start_line + 1)
            else:
                if got is None:
                    late.append(doc)
                else:
                    result.docs.append(got)
        note_skipped(result, index, skipped, late, FILE_SECONDS)
        if part is not None:
            part.spent += time.thread_time() - cpu_began
        return result

    def _judge_bounded(self, index: FileIndex, doc: DocBlock, lines: LineIndex, criteria: tuple[str, ...],
                       file_names: frozenset[str], file_cache: dict[Hashable, Any]
                       ) -> tuple[DocResult, float]:
        """:meth:`judge_doc`, and once more when a doc of at most RETRY_CHARS ran out of time:
        its first try may have paid for what every doc shares, loaded on first use (the names of
        an installed package, the project's name index). Returns the result and the time of the
        failed try (the file's bound does not count it). A doc the watchdog stopped is not
        judged again: it does not count shared values, so its time went to its own rules."""
        began = time.thread_time()
        try:
            return self.judge_doc(index, doc, lines, criteria, file_names, file_cache), 0.0
        except TimeoutError as e:
            if len(doc.text) > RETRY_CHARS or isinstance(e, Overran):
                raise
        lost = time.thread_time() - began
        log.info("docfact: %s:%d: judged again after running out of time", index.path, doc.start_line + 1)
        return self.judge_doc(index, doc, lines, criteria, file_names, file_cache), lost

    def judge_doc(self, index: FileIndex, doc: DocBlock, lines: LineIndex,
                  criteria: tuple[str, ...], file_names: frozenset[str] | None = None,
                  file_cache: dict[Hashable, Any] | None = None) -> DocResult:
        """Segment ``doc`` and run the static rules on it, within the time bounds: TimeoutError
        when it is too long, runs past DOC_SECONDS (read between sentences), or is stopped by the
        watchdog (:class:`~docfact.watchdog.Overran`, past WATCHDOG_SECONDS)."""
        if len(doc.text) > MAX_DOC_CHARS:
            raise TimeoutError(f"too long to judge ({len(doc.text)} characters > {MAX_DOC_CHARS})")
        run_cache = self._run_cache
        run_cache.forget_pending()
        shared_began = run_cache.shared_seconds

        def exempt() -> float:
            """CPU time of values every later doc shares, computed or being computed, up to
            WATCHDOG_SHARED_SECONDS (read in the watchdog's signal handler)."""
            since = run_cache.building_since()
            now = time.thread_time() - since if since is not None else 0.0
            return min(run_cache.shared_seconds - shared_began + now, WATCHDOG_SHARED_SECONDS)

        with self._watchdog.bound(WATCHDOG_SECONDS, exempt):
            return self._judge_doc_now(index, doc, lines, criteria, file_names, file_cache, shared_began)

    def _judge_doc_now(self, index: FileIndex, doc: DocBlock, lines: LineIndex, criteria: tuple[str, ...],
                       file_names: frozenset[str] | None, file_cache: dict[Hashable, Any] | None,
                       shared_began: float) -> DocResult:
        """:meth:`judge_doc`'s work, under its watchdog: the soft bound DOC_SECONDS is read here."""
        run_cache = self._run_cache

        def charged() -> float:
            """This thread's CPU time less what went into values every later doc shares."""
            return time.thread_time() - min(run_cache.shared_seconds - shared_began, DOC_SHARED_SECONDS)

        deadline = charged() + DOC_SECONDS
        # this thread's CPU time passes no faster than the wall clock: until DOC_SECONDS of that
        # have passed, the doc cannot be late, and the CPU clock (a system call, read between
        # blocks and sentences: 100,000 times on scikit-learn) is left unread
        wall_deadline = time.monotonic() + DOC_SECONDS

        def out_of_time() -> bool:
            return time.monotonic() > wall_deadline and charged() > deadline

        entity = documented_entity(index, doc)
        timings = self.timings
        began = time.thread_time() if timings is not None else 0.0
        try:
            segments = segment_doc(doc, lines, out_of_time)
        except Interrupted as e:  # the watchdog's stop (see judge_doc): say where it landed
            e.place = e.place or "while segmenting"
            raise
        except TimeoutError as e:
            raise TimeoutError(f"over {DOC_SECONDS:g} s ({e})") from None
        examples = example_segments(doc, lines, len(segments))
        if timings is not None:
            timings["segment"] = timings.get("segment", 0.0) + time.thread_time() - began
        if out_of_time():
            raise TimeoutError(f"over {DOC_SECONDS:g} s (segmenting: {len(segments)} sentences)")
        ctx = JudgeContext(doc=doc, entity=entity, file=index, graph=self.graph, lines=lines,
                           segments=segments, examples=examples, known_words=self.known_words, file_names=file_names,
                           file_cache=file_cache if file_cache is not None else {},
                           run_cache=self._run_cache)
        try:
            findings = judge_static(ctx, criteria, out_of_time, rules=self.selected_rules(index.path), timings=timings)
        except TimeoutError as e:
            raise TimeoutError(f"over {DOC_SECONDS:g} s ({e})") from None
        findings = [f for f in findings if not suppressed(index, doc, entity, f)]
        return DocResult(doc=doc, entity=entity, segments=segments, findings=findings, criteria=criteria,
                         examples=examples)

    @staticmethod
    def documented_entity(index: FileIndex, doc: DocBlock) -> Entity | None:
        """The entity a docstring belongs to; for a comment, the entity it sits in."""
        return documented_entity(index, doc)

    def selected_rules(self, path: str) -> frozenset[str]:
        """The rule ids that run on ``path``: the settings' select/ignore/preview and the rule ids
        of ``per_file_ignores`` (see :func:`docfact.judges.static.selected_rules`)."""
        s = self.settings
        ignored = tuple(sorted(self.ignored_criteria(path)))
        return selected_rules(s.criteria, s.select, (*s.ignore, *ignored), s.preview)

    def ignored_criteria(self, path: str) -> set[str]:
        """Criteria (and rule ids) silenced for ``path`` by ``per_file_ignores`` globs (relative to the root)."""
        if not self.settings.per_file_ignores:
            return set()
        try:
            rel = Path(path).resolve().relative_to(self.root).as_posix()
        except ValueError:
            rel = Path(path).as_posix()
        out: set[str] = set()
        for glob, crits in self.settings.per_file_ignores.items():
            if fnmatch.fnmatch(rel, glob) or fnmatch.fnmatch(rel, glob.rstrip("/") + "/*"):
                out.update(("C1", "C2", "C3", "C4") if "*" in crits else crits)
        return out

    def context(self, path: str, local_name: str, hops: int = 1, budget: int = 6000) -> str:
        """The related information a judge sees for one documented entity (``docfact context``)."""
        from docfact.graph.context import related_info, render

        entity = self.graph.find(str(Path(path).resolve()), local_name)
        if entity is None:
            raise KeyError(local_name)
        return render(related_info(self.graph, entity, hops=hops, budget=budget))
