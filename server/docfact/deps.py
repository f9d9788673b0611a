"""What judging a file read, so that a later run can tell whether its verdicts still hold.

While a file is judged, the project graph reports every lookup to a :class:`Recorder`: the files
it read (by path), the simple names, qualified names and modules it looked up project-wide, the
project words it asked about, the entities whose names and docs alone a rule read, and
whether it read something of every file (the list of all files, the set of all names, the
relation edges). At the end, :func:`fingerprint` stores the *answer* to each of those lookups (a
file's content hash, the list of entities of a name, ...). A later run reuses the file's verdicts
when its own text is the same and :func:`still_valid` finds every recorded answer unchanged in
the new project: only the lookups are replayed, never the rules. After an edit of the file
itself, :mod:`docfact.doc_inputs` tells which of its docs the edit cannot have reached.

Values computed for one file and reused by others through the run cache (:class:`RunCache`)
carry the lookups made while computing them, so a reader inherits them.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from docfact.model import Entity

if TYPE_CHECKING:
    from docfact.graph.lookups import ProjectLookups

# what an entity digest covers: every field but where the entity sits (and its doc, taken apart)
_ENTITY_FIELDS = tuple(f.name for f in fields(Entity) if f.name not in ("range", "doc"))


@dataclass
class Deps:
    """The lookups of one computation."""

    files: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    qualnames: set[str] = field(default_factory=set)
    modules: set[str] = field(default_factory=set)
    java: set[tuple[str, str]] = field(default_factory=set)  # (package, class name or "")
    docs: set[str] = field(default_factory=set)  # qualnames whose name and doc alone were read
    words: set[str] = field(default_factory=set)
    all_names: bool = False
    everything: bool = False

    def merge(self, other: Deps) -> None:
        self.files |= other.files
        self.names |= other.names
        self.qualnames |= other.qualnames
        self.modules |= other.modules
        self.java |= other.java
        self.docs |= other.docs
        self.words |= other.words
        self.all_names |= other.all_names
        self.everything |= other.everything


class Recorder:
    """A stack of :class:`Deps`: the bottom one collects the whole file's lookups; the run cache
    pushes one per value it computes (see :class:`RunCache`)."""

    def __init__(self) -> None:
        self.frames: list[tuple[Hashable, Deps]] = [(None, Deps())]

    @property
    def top(self) -> Deps:
        return self.frames[-1][1]

    def push(self, key: Hashable) -> None:
        self.frames.append((key, Deps()))

    def pop_to(self, key: Hashable) -> Deps | None:
        """End the computation of ``key``: its lookups (and those of computations left open
        above it) go to the frame below; returns them, or None when ``key`` was not pushed."""
        for i in range(len(self.frames) - 1, 0, -1):
            if self.frames[i][0] == key:
                done = Deps()
                for _, d in self.frames[i:]:
                    done.merge(d)
                del self.frames[i:]
                self.top.merge(done)
                return done
        return None

    def result(self) -> Deps:
        """Every lookup of the file (open frames included)."""
        while len(self.frames) > 1:
            _, d = self.frames.pop()
            self.top.merge(d)
        return self.top


class RunCache(dict[Hashable, Any]):
    """The judging cache shared by every file of a run (a dict). While a recorder is set, each
    value remembers the lookups made to compute it, and a hit passes them to the reader; a value
    computed while nothing recorded counts as reading everything."""

    def __init__(self) -> None:
        super().__init__()
        self.recorder: Recorder | None = None
        self._deps: dict[Hashable, Deps] = {}
        # CPU seconds spent computing shared values (outermost computations only): the first doc
        # that needs a project-wide table pays for every later one, so the time bounds do not
        # charge it to that doc's file (engine.FILE_SECONDS) and findings do not depend on
        # which file happened to be judged first
        self.shared_seconds = 0.0
        self._building: list[tuple[Hashable, float]] = []

    def _miss(self, key: Hashable) -> None:
        if self.recorder is not None:
            self.recorder.push(key)
        self._building.append((key, time.thread_time()))

    def forget_pending(self) -> None:
        """Drop computations begun and never stored (a miss the reader did not fill)."""
        self._building.clear()

    def _hit(self, key: Hashable) -> None:
        if self.recorder is not None:
            got = self._deps.get(key)
            self.recorder.top.merge(got if got is not None else Deps(everything=True))

    def get(self, key: Hashable, default: Any = None) -> Any:
        if dict.__contains__(self, key):
            self._hit(key)
            return dict.__getitem__(self, key)
        self._miss(key)
        return default

    def __contains__(self, key: object) -> bool:
        found = dict.__contains__(self, key)
        if found:
            self._hit(key)
        else:
            self._miss(key)
        return found

    def __getitem__(self, key: Hashable) -> Any:
        value = dict.__getitem__(self, key)
        self._hit(key)
        return value

    def __setitem__(self, key: Hashable, value: Any) -> None:
        dict.__setitem__(self, key, value)
        building = self._building
        for i in range(len(building) - 1, -1, -1):
            if building[i][0] == key:
                if i == 0:
                    self.shared_seconds += time.thread_time() - building[0][1]
                del building[i:]
                break
        if self.recorder is not None:
            done = self.recorder.pop_to(key)
            self._deps[key] = done if done is not None else Deps(everything=True)
        else:
            self._deps.pop(key, None)

    def clear(self) -> None:
        dict.clear(self)
        self._deps.clear()


def _digest(parts: list[str]) -> str:
    return hashlib.blake2b("\n".join(parts).encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def entity_digest(e: Entity) -> str:
    """Everything the entity holds but where it sits: a line added above a definition moves
    it without changing what a rule reads of it (its code, signature, docs' text, ...);
    findings cite another entity's text, never its place. Computed once per entity and kept
    on it (the store saves it with the file's index; entities are never changed once indexed)."""
    try:
        return e._digest
    except AttributeError:  # an unset slot: not computed yet
        pass
    parts: list[str] = []
    for name in _ENTITY_FIELDS:  # every field but the range; lists of names joined, not repr'd
        value = getattr(e, name)
        if value.__class__ is list:
            parts.append("\x1f".join(v if v.__class__ is str else "\x02" + repr(v) for v in value))
        else:
            parts.append(value if value.__class__ is str else "\x02" + repr(value))
    doc = e.doc
    if doc is not None:
        parts += (doc.kind, str(doc.owner), doc.text)
    got = hashlib.blake2b("\0".join(parts).encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()
    e._digest = got  # type: ignore[misc]  # a slot of its base class, which mypy does not see here
    return got


class Answers:
    """The current answer to each kind of lookup, computed once per key and run."""

    def __init__(self, graph: ProjectLookups, known_words: Callable[[str], bool],
                 hashes: Mapping[str, str]) -> None:
        self.graph = graph
        self.known = known_words
        self._hashes = hashes  # path -> digest of the text of every file in the graph (Engine.hashes)
        self._names: dict[str, str] = {}
        self._all_names: str | None = None
        self._everything: str | None = None

    def file(self, path: str) -> str | None:
        return self._hashes.get(path)

    def name(self, name: str) -> str:
        """The entities of that name, each with everything it holds (a rule reads them)."""
        got = self._names.get(name)
        if got is None:
            got = self._names[name] = _digest([entity_digest(e) for e in self.graph.entities_named(name)])
        return got

    def qualname(self, qualname: str) -> str | None:
        got = self._names.get("\0" + qualname)
        if got is None:
            e = self.graph.entity(qualname)
            got = self._names["\0" + qualname] = entity_digest(e) if e is not None else ""
        return got or None

    def module(self, module: str) -> tuple[str | None, bool, bool]:
        g = self.graph
        return g.module_path(module), g.is_project_module(module), g.is_project_name(module)

    def doc(self, qualname: str) -> str | None:
        """What a rule reading only an entity's name and doc sees of it (read without unpacking
        a stored entity: see :class:`docfact.model.Packs`)."""
        got = self._names.get("\1" + qualname)
        if got is None:
            e = self.graph.entity(qualname)
            got = self._names["\1" + qualname] = "" if e is None else \
                _digest([e.name, e.doc.text if e.doc is not None else "\0"])
        return got or None

    def java(self, key: tuple[str, str]) -> str | None:
        package, name = key
        if not name:
            return "package" if self.graph.is_java_package(package) else None
        e = self.graph.java_class(package, name)
        return e.path if e is not None else None

    def all_names(self) -> str:
        if self._all_names is None:
            self._all_names = _digest(sorted(self.graph.project_names()))
        return self._all_names

    def everything(self) -> str:
        if self._everything is None:
            self._everything = _digest(sorted(f"{fi.path}\0{self.file(fi.path)}" for fi in self.graph.files()))
        return self._everything


Fingerprint = dict[str, Any]


def fingerprint(deps: Deps, answers: Answers) -> Fingerprint:
    """The answers to every lookup of ``deps`` now (the graph must not change meanwhile)."""
    return {
        "files": {p: answers.file(p) for p in sorted(deps.files)},
        "names": {n: answers.name(n) for n in sorted(deps.names)},
        "qualnames": {q: answers.qualname(q) for q in sorted(deps.qualnames)},
        "modules": {m: answers.module(m) for m in sorted(deps.modules)},
        "java": {k: answers.java(k) for k in sorted(deps.java)},
        "docs": {q: answers.doc(q) for q in sorted(deps.docs)},
        "words": {w: answers.known(w) for w in sorted(deps.words)},
        "all_names": answers.all_names() if deps.all_names else None,
        "everything": answers.everything() if deps.everything else None,
    }


def merge_fingerprints(parts: list[Fingerprint]) -> Fingerprint:
    """One fingerprint for several computations whose answers were all taken from the same
    project (a file's docs: some judged now, some kept after :func:`still_valid` held)."""
    out: Fingerprint = {"files": {}, "names": {}, "qualnames": {}, "modules": {}, "java": {}, "docs": {}, "words": {},
                        "all_names": None, "everything": None}
    for fp in parts:
        for key in ("files", "names", "qualnames", "modules", "java", "docs", "words"):
            out[key].update(fp[key])
        for key in ("all_names", "everything"):
            if fp[key] is not None:
                out[key] = fp[key]
    return out


def still_valid(fp: Fingerprint, answers: Answers) -> bool:
    """Whether every lookup recorded in ``fp`` has the same answer now."""
    try:
        if fp["everything"] is not None and fp["everything"] != answers.everything():
            return False
        if fp["all_names"] is not None and fp["all_names"] != answers.all_names():
            return False
        return (all(answers.file(p) == h for p, h in fp["files"].items())
                and all(answers.name(n) == h for n, h in fp["names"].items())
                and all(answers.qualname(q) == p for q, p in fp["qualnames"].items())
                and all(answers.module(m) == a for m, a in fp["modules"].items())
                and all(answers.java(k) == a for k, a in fp["java"].items())
                and all(answers.doc(q) == a for q, a in fp["docs"].items())
                and all(answers.known(w) == a for w, a in fp["words"].items()))
    except (KeyError, TypeError, AttributeError, ValueError):
        return False  # a record of another shape: judge again
