"""Indexing a project's files into its engine: from the store where it holds the text, the
others in worker processes (large runs) or in this one, added to the graph in the order given
(lookups list entities in that order, so every way of loading gives the same findings)."""

from __future__ import annotations

import gc
import io
import pickle
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from docfact.config import Settings
from docfact.index.nesting import TooDeep
from docfact.index.source import forget_positions
from docfact.index.tokens import forget_tokens
from docfact.model import FileIndex
from docfact.packs import set_packing

if TYPE_CHECKING:
    from docfact.graph.graph import ProjectGraph
    from docfact.store import Store

Progress = Callable[[int, int, str], None]
# the CPU accounting of a stage (``docfact check --profile``): a context manager per stage name
Stage = Callable[[str], AbstractContextManager[object]]

# fewer files than this are indexed in this process, whatever the number of jobs
_PROCESS_MIN = 100


class Loading(Protocol):
    """What loading needs of an engine (:class:`docfact.engine.Engine` is one)."""

    root: Path
    settings: Settings
    graph: ProjectGraph
    skipped: list[tuple[str, str]]
    from_store: int

    def module_for(self, path: str, packages: dict[str, tuple[str, ...]] | None = None) -> str: ...

    def index_only(self, path: str, text: str) -> FileIndex | None: ...

    def add_index(self, index: FileIndex, text_hash: str | None = None) -> None: ...

    def update_file(self, path: str, text: str) -> FileIndex | None: ...


def no_stage(name: str) -> AbstractContextManager[object]:
    """The stage accounting of a run that does not profile."""
    return nullcontext()


_STRING_WORD = re.compile(r"""["']([A-Za-z_][\w.-]{0,60})["']""")


def file_words(index: FileIndex) -> set[str]:
    """The identifiers a file defines or uses, and the short identifier-like string values it
    contains (a docstring's ``"referee"`` mode or ``"refers"`` edge kind is a value, not a
    misspelt name). Computed once per index (treat the set as read-only)."""
    if index.words is None:
        index.words = _file_words(index)
    return index.words


def _file_words(index: FileIndex) -> set[str]:
    # first the entities' own strings (their lists of names are interned, see Packs.NAMES), then
    # the words that are new strings (parts of dotted names, string values), interned: the same
    # word in a thousand files is then one string, not a thousand
    words: set[str] = set()
    dotted: list[str] = []  # refs and calls, split into their parts all at once
    for e in index.entities:
        words.add(e.name)
        words.update([p.name.lstrip("*") for p in e.params])
        words.update(e.locals)
        words.update(e.assigns)
        words.update(e.attributes)
        dotted += e.refs
        dotted += e.calls
    more = set(".".join(dotted).split("."))
    more.update(_STRING_WORD.findall(index.text))
    for imp in index.imports:
        more.add(imp.bound_name)
        if imp.name:
            more.add(imp.name)
        more.update(imp.module.split("."))
    more -= words
    more.discard("")
    words.update(map(sys.intern, more))
    words.discard("")
    return words


@contextmanager
def no_collection() -> Iterator[None]:
    """Loading allocates a lot and frees little: no collection passes meanwhile (nests).

    On the way out, what loading allocated is moved to the oldest generation without a scan
    (``gc.freeze()`` then ``gc.unfreeze()``): re-enabled as it was, the collector's first
    young collection walked every object loading made (0.3-0.4 s of CPU on Django) to find
    next to nothing. Nothing becomes uncollectable: a full collection still sees it all. When
    something is already frozen (a language server after its first load), the collector is
    simply re-enabled, so what its owner froze stays frozen."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if gc.get_freeze_count() == 0:
                gc.freeze()  # every generation into the permanent one, the young count reset
                gc.unfreeze()  # ... and back, all of it into the oldest generation
            gc.enable()


def index_files(engine: Loading, files: Sequence[tuple[str, str]], *, store: Store | None = None,
                text_hashes: dict[str, str] | None = None, jobs: int = 1, progress: Progress | None = None,
                cancelled: Callable[[], bool] | None = None, stage: Stage = no_stage) -> None:
    """Add the (real path, text) ``files`` to the engine, in that order: each file's index
    from ``store`` when it holds that text, the others indexed (in ``jobs`` processes when
    there are many) and saved there. ``text_hashes``: the :func:`~docfact.store.text_digest`
    of some of the texts, when the caller has them. ``progress(done, total, path)`` hears each
    file; once ``cancelled()`` says so, the files not added yet are left out (in this process
    only). Edges are resolved at the first query of edges."""
    hashes = text_hashes or {}
    fresh: dict[str, FileIndex] = {}
    rows: dict[str, bytes] = {}
    with no_collection(), engine.graph.deferred():  # edges resolved once, when every file is known
        with stage("store read"):
            packages: dict[str, tuple[str, ...]] = {}
            stored = store.load_indexes([(p, engine.module_for(p, packages), t) for p, t in files], hashes) \
                if store is not None else {}
        engine.from_store = len(stored)
        with stage("index"):
            todo = [(p, t) for p, t in files if p not in stored]
            if jobs > 1 and len(todo) >= _PROCESS_MIN:
                fresh, rows = index_in_processes(engine, todo, jobs, progress, store is not None)
                for path, _ in files:
                    index = stored.get(path) or fresh.get(path)
                    if index is not None:
                        engine.add_index(index, hashes.get(path))
            else:
                for n, (path, text) in enumerate(files):
                    if cancelled is not None and cancelled():
                        break
                    index = stored.get(path)
                    if index is None:
                        index = engine.index_only(path, text)
                        if index is not None:
                            fresh[path] = index
                    if index is not None:
                        engine.add_index(index, hashes.get(path))
                    if progress is not None:
                        progress(n + 1, len(files), path)
        if store is not None and fresh:  # with the words adding them computed
            with stage("store write"):
                store.save_indexes(fresh.values(), rows, hashes)
    if fresh:  # what judging allocates next can take the place of these caches
        forget_tokens()
        forget_positions()


def load_paths(engine: Loading, paths: Sequence[Path] | None = None, progress: Progress | None = None,
               cancelled: Callable[[], bool] | None = None, store: Store | None = None,
               on_read: Callable[[dict[str, str], str], None] | None = None) -> None:
    """Index ``paths`` (folders or files; default: the engine's root) into the engine (see
    :meth:`docfact.engine.Engine.load`); what cannot be read goes to ``engine.skipped``."""
    from docfact.project.files import collect_targets
    from docfact.store import text_digest

    targets, skipped = collect_targets([p.resolve() for p in paths or [engine.root]], engine.settings)
    engine.skipped.extend(skipped)
    files = [(str(path), text) for path, text, _ in targets]
    hashes: dict[str, str] = {}
    if on_read is not None:
        hashes = {p: text_digest(text) for p, text in files}
        on_read(hashes, world_of(hashes, str(engine.root)))
    index_files(engine, files, store=store, text_hashes=hashes, progress=progress, cancelled=cancelled)


def world_part(path: str, source: str) -> int:
    """A file's share of a project's world digest (see :meth:`docfact.engine.Engine.world`)."""
    import hashlib

    return int.from_bytes(hashlib.blake2b(f"{path}\0{source}".encode("utf-8", "surrogatepass"),
                                          digest_size=16).digest(), "big")


def world_of(hashes: dict[str, str], root: str) -> str:
    """The world digest of files given by their text digests, before they are indexed."""
    from docfact.store import source_digest

    world = 0
    for p, h in hashes.items():
        world ^= world_part(p, source_digest(p, h, root))
    return f"{world:032x}"


class Refused(NamedTuple):
    """A file a worker refused to index under a per-file bound, and why."""

    path: str
    reason: str


# a pickle that loads the file's text (its persistent id "text") into the unpickler's memo at 0:
# the index's pickle after it refers to the text as that memo entry (see :func:`_without_text`)
_TEXT_FIRST = b"\x80\x04\x8c\x04textQ\x94."


def _without_text(index: FileIndex, text: str) -> bytes:
    """An index pickled without its file's text, which the parent holds already: the text is
    the memo entry :data:`_TEXT_FIRST` loads, which :class:`_WithText` resolves to the parent's
    own string (so the index, its entities' code slices and the check's files share one copy).
    The pickler's memo holds the text from the start (a ``persistent_id`` method was a call into
    Python for each of the pickle's objects, a third of the pickling)."""
    buf = io.BytesIO()
    buf.write(_TEXT_FIRST)
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.memo = {id(text): (0, text)}
    pickler.dump(index)
    return buf.getvalue()


class _WithText(pickle.Unpickler):
    def __init__(self, data: bytes, text: str) -> None:
        super().__init__(io.BytesIO(data))
        self.text = text

    def persistent_load(self, pid: object) -> str:
        if pid != "text":
            raise pickle.UnpicklingError(f"unknown reference {pid!r}")
        return self.text

    def load_index(self) -> FileIndex:
        """The index of :func:`_without_text`: its text first (the unpickler's memo keeps it
        for the next load), then the index."""
        if self.load() is not self.text:
            raise pickle.UnpicklingError("an index sent without its text reference")
        index = self.load()
        if not isinstance(index, FileIndex):
            raise pickle.UnpicklingError(f"not an index: {type(index).__name__}")
        return index


Job = tuple[str, str, str, bool]  # path, text, module, whether a store row is wanted
# a file indexed here, or why not: (path, index, store row) | Refused | an error message
Indexed = tuple[str, FileIndex, bytes | None] | Refused | str
# the same from a worker: the index pickled without its file's text (:func:`_without_text`)
Sent = tuple[str, bytes, bytes | None] | Refused | str


def _index_here(job: Job, settle: bool) -> Indexed:
    """Index one file (or say why not) with what adding it reads computed already, and with
    ``job[3]`` its store row too; in a worker or in the parent. With ``settle`` (the parent's
    own files), its entities are settled as reading an index back settles those a worker sends
    (:meth:`docfact.packs.Packs.settle`)."""
    from docfact.graph.names import instance_fields
    from docfact.index import index_bound, index_file
    from docfact.model import settle_index
    from docfact.store import index_row

    path, text, module, store = job
    try:
        with index_bound():  # a file indexed past nesting.INDEX_SECONDS is skipped (TooSlow)
            index = index_file(path, text, module)
    except TooDeep as exc:  # a per-file bound (TooSlow too): the parent lists it as skipped, with the reason
        return Refused(path, str(exc))
    except Exception as exc:  # reported by the parent, the run goes on
        return f"{path}: cannot index: {exc}"
    if settle:
        settle_index(index)
    # here, in parallel, rather than when the parent adds the index to the graph (index_row
    # computes the entities' digests, which only a check with a store reads)
    if index.language == "python":
        instance_fields(index)
    file_words(index)  # counting them reads every entity's calls and names
    return index.path, index, index_row(index) if store else None


# an index worker's files and the count of those taken by any process (set in each worker by
# :func:`_start_worker`; in the parent only while it indexes in processes)
_WORK: list[tuple[Sequence[Job], Any]] = []
_TAKE = 16  # files a process takes at a time


def _start_worker(work: Sequence[Job], taken: Any) -> None:
    set_packing(False)  # its indexes are read whole by the parent
    _WORK[:] = [(work, taken)]


def _take() -> tuple[int, Sequence[Job]]:
    """The position and jobs of the next few files to index (none once all are taken)."""
    work, taken = _WORK[0]
    with taken.get_lock():
        n = taken.value
        taken.value = n + _TAKE
    return n, work[n:n + _TAKE]


def _index_next() -> tuple[int, list[Sent]]:
    """Worker: index the next few files; their position, and each sent without its text."""
    n, batch = _take()
    out: list[Sent] = []
    for job in batch:
        got = _index_here(job, settle=False)
        if isinstance(got, (Refused, str)):
            out.append(got)
            continue
        out.append((got[0], _without_text(got[1], job[1]), got[2]))
    return n, out


class _Gathered:
    """What the processes that index send: by each file's position in ``work``."""

    def __init__(self, work: Sequence[Job], progress: Progress | None) -> None:
        self.work = work
        self.got: list[Indexed | None] = [None] * len(work)
        self.done = 0
        self.progress = progress

    def add(self, n: int, item: Indexed) -> None:
        self.got[n] = item
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, len(self.work), "" if isinstance(item, (Refused, str)) else item[0])

    def collect(self, pool: Any, pending: list[Any], wait: bool) -> list[Any]:
        """Add the batches the workers sent back (``wait``: the first, waiting for it) and ask
        for as many more while files are left; the batches still out."""
        left = []
        for i, asked in enumerate(pending):
            if not asked.ready() and not (wait and i == 0):
                left.append(asked)
                continue
            n, sent = asked.get()
            for k, item in enumerate(sent):
                if isinstance(item, (Refused, str)):
                    self.add(n + k, item)
                else:
                    path, data, row = item
                    self.add(n + k, (path, _WithText(data, self.work[n + k][1]).load_index(), row))
            if sent:  # an empty batch: every file is taken
                left.append(pool.apply_async(_index_next))
        return left

    def results(self, engine: Loading) -> tuple[dict[str, FileIndex], dict[str, bytes]]:
        """Path -> index and path -> store row, in the order of ``work``; the files refused go
        to ``engine.skipped``, the failures to stderr."""
        out: dict[str, FileIndex] = {}
        rows: dict[str, bytes] = {}
        for item in self.got:
            if isinstance(item, Refused):
                if (item.path, item.reason) not in engine.skipped:
                    engine.skipped.append((item.path, item.reason))
            elif isinstance(item, str):
                print(f"docfact: {item}", file=sys.stderr)
            elif item is not None:
                index, row = item[1], item[2]
                out[index.path] = index
                if row is not None:
                    rows[index.path] = row
        return out, rows


def index_in_processes(engine: Loading, files: Sequence[tuple[str, str]], jobs: int,
                       progress: Progress | None, store: bool = False
                       ) -> tuple[dict[str, FileIndex], dict[str, bytes]]:
    """Parse and extract in ``jobs`` processes, this one and ``jobs - 1`` workers, each taking
    the next few files until all are taken: path -> index (files that fail are reported and
    left out), and with ``store`` path -> its store row (:func:`docfact.store.index_row`, made
    in parallel). The indexes come whole (the parent judges them all); those this process
    makes are not pickled at all."""
    import multiprocessing

    packages: dict[str, tuple[str, ...]] = {}
    work = [(p, text, engine.module_for(p, packages), store) for p, text in files]
    gathered = _Gathered(work, progress)
    ctx = multiprocessing.get_context()
    taken = ctx.Value("q", 0)
    _WORK.append((work, taken))
    try:
        with ctx.Pool(jobs - 1, initializer=_start_worker, initargs=(work, taken)) as pool:
            pending = [pool.apply_async(_index_next) for _ in range(2 * (jobs - 1))]
            while True:
                n, batch = _take()
                if not batch:
                    break
                for k, job in enumerate(batch):
                    gathered.add(n + k, _index_here(job, settle=True))
                pending = gathered.collect(pool, pending, wait=False)
            while pending:
                pending = gathered.collect(pool, pending, wait=True)
    finally:
        _WORK.clear()
    return gathered.results(engine)
