"""What every static rule sees: :class:`JudgeContext`, one doc with the code, the graph and the
helpers rules share.

A rule is declared once (:class:`~docfact.judges.rule.Rule`, in :mod:`docfact.judges.rules`)
and checked by functions ``(ctx, segment) -> Iterable[Finding]`` that report through
:meth:`JudgeContext.finding`. Rules only report what they can prove from the code, its 1-hop
dependencies or the project graph.
"""

from __future__ import annotations

import difflib
import re
import threading
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from docfact.judges.rule import Rule
from docfact.lang import by_name
from docfact.model import DocBlock, Entity, Evidence, FileIndex, Finding, Fix, Segment

if TYPE_CHECKING:
    from docfact.graph.graph import ProjectGraph
    from docfact.positions import LineIndex

RuleFn = Callable[["JudgeContext", Segment], Iterable[Finding]]

def file_scope_names(index: FileIndex) -> frozenset[str]:
    """Names every doc of a file can refer to: its top-level definitions, classes and imports."""
    names: set[str] = set()
    for ent in index.entities:
        if ent.kind != "module" and (ent.parent is None or ent.kind == "class"):
            names.add(ent.name)
    for imp in index.imports:
        names.add(imp.bound_name)
        if imp.name:
            names.add(imp.name)
        names.update(imp.module.split("."))
    return frozenset(names)


class NameIndex:
    """Names bucketed by their first and last two letters: one typo (an edit or a swap) in a
    name of six or more letters leaves one of the two intact, so these buckets hold every
    candidate within one edit; names of similar length are added for the ratio test."""

    def __init__(self, names: Iterable[str]) -> None:
        self.heads: dict[str, list[str]] = {}
        self.tails: dict[str, list[str]] = {}
        self.by_len: dict[int, list[str]] = {}
        self.by_letters: dict[str, list[str]] = {}
        for n in names:
            if len(n) < 2:
                continue
            self.heads.setdefault(n[:2], []).append(n)
            self.tails.setdefault(n[-2:], []).append(n)
            self.by_len.setdefault(len(n), []).append(n)
            if ("_" in n.strip("_") or n[1:] != n[1:].lower()) and len(n) >= 8:
                self.by_letters.setdefault("".join(sorted(n.lower())), []).append(n)

    def candidates(self, name: str) -> set[str]:
        out = set(self.heads.get(name[:2], ())) | set(self.tails.get(name[-2:], ()))
        out.update(self.by_letters.get("".join(sorted(name.lower())), ()))  # words in another order
        return {c for c in out if abs(len(c) - len(name)) <= max(2, len(name) // 6)}


_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")


@lru_cache(maxsize=65536)
def name_words(name: str) -> tuple[str, ...]:
    """The words of a snake_case or CamelCase name, in lower case and in order
    (``getHTTPResponse`` -> get, http, response)."""
    return tuple(w.lower() for w in _WORD.findall(name))


@lru_cache(maxsize=65536)
def word_order_key(name: str) -> tuple[bool | str, ...] | None:
    """The words of a snake_case or CamelCase name, sorted (``fit_iterative`` and
    ``iterative_fit`` share one): None for a name of fewer than two words."""
    words = name_words(name)
    if len(words) < 2:
        return None
    return ("_" in name.strip("_"), *sorted(words))


def osa_distance(a: str, b: str, limit: int) -> int:
    """Edit distance with adjacent transpositions (optimal string alignment), cut off above
    ``limit`` (returns ``limit + 1`` as soon as it is exceeded)."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    if limit == 1:
        return _osa_within_one(a, b)
    # an edit adds at most two characters to the symmetric difference of the character sets
    if len(set(a).symmetric_difference(b)) > 2 * limit:
        return limit + 1
    prev2: list[int] | None = None
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if prev2 is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def _osa_within_one(a: str, b: str) -> int:
    """:func:`osa_distance` with limit 1 (lengths differ by at most one), without the table:
    past the common prefix, one substitution, transposition, insertion or deletion must make
    the rests equal."""
    if a == b:
        return 0
    i = 0
    shortest = min(len(a), len(b))
    while i < shortest and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        if a[i + 1:] == b[i + 1:]:
            return 1
        swapped = i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2:] == b[i + 2:]
        return 1 if swapped else 2
    if len(a) < len(b):
        return 1 if a[i:] == b[i + 1:] else 2
    return 1 if a[i + 1:] == b[i:] else 2


def _same_family(name: str, other: str) -> bool:
    """Names that extend one another by a version digit, a plural, an acronym or a word (GeoIP /
    GeoIP2, ModelAdmin / ModelAdmins, GridSearch / GridSearchCV, watch_glob / _watch_glob)
    name a family, not a misspelling."""
    sa, sb = name.strip("_"), other.strip("_")
    shorter, longer = (sa, sb) if len(sa) <= len(sb) else (sb, sa)
    if longer.startswith(shorter) and longer[len(shorter):].isupper():
        return True
    a, b = sa.lower(), sb.lower()
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if short == long_:
        return True
    if long_.endswith(short):
        return True  # a prefix added: unquote_header_value / quote_header_value
    if not long_.startswith(short):
        return False
    tail = long_[len(short):]
    if tail in ("s", "es") and short.endswith("s"):
        return False  # "classs" is a typo, not a plural
    return tail.isdigit() or tail in ("s", "es") or tail.startswith("_") or tail.endswith("_") or len(tail) > 2


_MATCHERS = threading.local()


_RATIOS_MAX = 1 << 17  # ratios kept per thread (about 6 MB); all are dropped past it


def _close_ratio(word: str, candidate: str, cutoff: float) -> float:
    """difflib's similarity ratio of ``candidate`` to ``word`` when it reaches ``cutoff``, else
    0.0, computed as :func:`difflib.get_close_matches` does. Kept per thread, by word: one
    unknown name meets the same in-scope names in doc after doc (a large package asks for each
    pair about 3 times). A ratio is one entry of its word's dict (most are the shared 0.0), not
    an LRU cache's key tuple and link (a large check's cache was 16 MB of a process). One matcher
    per word, as get_close_matches keeps one per call."""
    local = _MATCHERS.__dict__
    by_word = local.get("by_word")
    if by_word is None or local["size"] >= _RATIOS_MAX or len(by_word) > 4096:
        by_word = local["by_word"] = {}
        local["size"] = 0
    mine: tuple[difflib.SequenceMatcher[str], dict[str, float]] | None = by_word.get((word, cutoff))
    if mine is None:
        mine = by_word[(word, cutoff)] = (difflib.SequenceMatcher(None, "", word), {})
    s, ratios = mine
    got = ratios.get(candidate)
    if got is not None:
        return got
    r = 0.0
    s.set_seq1(candidate)
    if s.real_quick_ratio() >= cutoff and s.quick_ratio() >= cutoff:
        r = s.ratio()
        if r < cutoff:
            r = 0.0
    ratios[candidate] = r
    local["size"] += 1
    return r


def _variants(name: str) -> tuple[str, ...]:
    out = [name]
    if name.endswith("s") and len(name) > 3:
        out.append(name[:-1])
        if name.endswith("es"):
            out.append(name[:-2])
    out.extend(["_" + name, "__" + name])
    return tuple(out)


def member_of(fi: FileIndex, cls: Entity, name: str) -> Entity | None:
    """Method or field ``name`` of class ``cls`` in its file ``fi``: the one inside the class's
    own lines when the file defines the class twice (``if HAS_TORCH: class Loss ... else:
    class Loss``, a stand-in for when an optional import fails)."""
    found = fi.entity(f"{cls.local_name}.{name}")
    if found is None or cls.range.start.line <= found.range.start.line <= cls.range.end.line:
        return found
    return next((x for x in fi.entities if x.local_name == found.local_name
                 and cls.range.start.line <= x.range.start.line <= cls.range.end.line), None)


@dataclass
class JudgeContext:
    """One DocBlock with everything the rules may consult."""

    doc: DocBlock
    entity: Entity | None
    file: FileIndex
    graph: ProjectGraph
    lines: LineIndex
    segments: list[Segment]  # sentences and field items
    examples: list[Segment] = field(default_factory=list)  # example code lines (kind "code")
    known_words: AbstractSet[str] = field(default_factory=frozenset)  # every name used in the project
    file_names: frozenset[str] | None = None  # file_scope_names(file), computed once per file
    file_cache: dict = field(default_factory=dict)  # per-file values shared by the file's docs
    run_cache: dict = field(default_factory=dict)  # values shared by every file of a run (engine)
    memo: dict = field(default_factory=dict)  # per-doc values several rules read (by key and segment index)

    # ---- the documented code --------------------------------------------------------------
    @cached_property
    def is_python(self) -> bool:
        return self.file.language == "python"

    @cached_property
    def builtins(self) -> frozenset[str]:
        """The names the file's language knows without a definition or import (its
        :class:`~docfact.lang.language.Language` record's ``builtins``)."""
        return by_name(self.file.language).builtins

    @cached_property
    def params(self) -> list[str]:
        if not self.entity:
            return []
        return [p.name.lstrip("*") for p in self.entity.params if p.kind != "self"]

    @cached_property
    def owner_class(self) -> Entity | None:
        """The class a method belongs to, or the class itself."""
        e = self.entity
        if e is None:
            return None
        if e.kind == "class":
            return e
        if e.parent:
            parent = self.file.entity(e.parent)
            if parent is not None and parent.kind == "class":
                return parent
        return None

    @cached_property
    def scope_names(self) -> set[str]:
        """Names the documented code can see or uses: params, locals, members, module names, imports."""
        names: set[str] = set()
        e = self.entity
        if e is not None:
            names.update(self.params)
            names.update(p.name for p in e.params)
            names.add(e.name)
            names.update(e.locals)
            names.update(e.assigns)
            for ref in (*e.refs, *e.calls):
                names.update(part for part in ref.split(".") if part)
            names.update(e.attributes)
        cls = self.owner_class
        if cls is not None:
            names.add(cls.name)
            names.update(m.rsplit(".", 1)[-1] for m in cls.members)
            for m in cls.members:
                member = self.file.entity(m)
                if member is not None:
                    names.update(p.name for p in member.params)
        names |= self.file_names if self.file_names is not None else file_scope_names(self.file)
        return names

    @cached_property
    def external_imports(self) -> list[str]:
        """Dotted names of the external modules/objects the file's imports resolve to (once per
        file: shared by every doc of the file through ``file_cache``)."""
        key = ("external_imports", self.file.path)
        if key in self.file_cache:
            return self.file_cache[key]
        out: list[str] = []
        scope = self.file.entity("")
        for imp in self.file.imports:
            if imp.name == "*" or scope is None:
                continue
            try:
                res = self.graph.resolve(imp.bound_name, scope)
            except Exception:
                continue
            if res is not None and res.kind == "external" and res.qualname not in out:
                out.append(res.qualname)
        self.file_cache[key] = out
        return out

    @cached_property
    def related(self) -> list:
        """The 1-hop dependencies of the documented entity (graph.Resolved objects)."""
        if self.entity is None:
            return []
        cache = self.file_cache.get("resolve-cache")
        if cache is None:
            from docfact.graph.resolve import ResolveCache

            cache = self.file_cache["resolve-cache"] = ResolveCache()
        try:
            return list(self.graph.callees(self.entity, cache))
        except Exception:  # a graph problem must not take a rule down
            return []

    @cached_property
    def related_entities(self) -> list[Entity]:
        return [r.entity for r in self.related if getattr(r, "entity", None) is not None]

    @cached_property
    def related_names(self) -> set[str]:
        names: set[str] = set()
        for ent in self.related_entities:
            names.add(ent.name)
            names.update(p.name for p in ent.params)
            names.update(m.rsplit(".", 1)[-1] for m in ent.members)
        return names

    def reads_code_of(self, *entities: Entity | None) -> None:
        """Note in the record of what judging read (:mod:`docfact.deps`) that a rule reads
        these entities' code or docs as it finds them (a class of the doc's own file, its
        members) rather than through a lookup the graph records."""
        recorder = self.graph.recorder
        if recorder is not None:
            recorder.top.qualnames.update(e.qualname for e in entities if e is not None)

    def reads_every_word(self) -> None:
        """Note that a rule went through the project's whole vocabulary (not one word's
        presence): its verdict holds only while no file of the project changes."""
        recorder = self.graph.recorder
        if recorder is not None:
            recorder.top.everything = True

    def reads_docs_of(self, *entities: Entity | None) -> None:
        """Like :meth:`reads_code_of` for a rule that reads only the entities' names and docs
        (and, for entities of the doc's own file, their signatures, which the file's outline
        holds: :func:`docfact.doc_inputs.file_outline`): an edit of their bodies leaves its
        verdict standing."""
        recorder = self.graph.recorder
        if recorder is not None:
            recorder.top.docs.update(e.qualname for e in entities if e is not None)

    def is_known(self, name: str) -> bool:
        """Whether a simple name exists anywhere docfact can see; a plural (``QuerySets``) or a
        spelling without the private underscore (``watch_glob``) counts as its name."""
        return any(self._known_exact(n) for n in _variants(name))

    def _known_exact(self, name: str) -> bool:
        # cheapest first: the project's words and the builtins answer almost every lookup
        recorder = self.graph.recorder
        if recorder is not None:
            recorder.top.words.add(name)
        if name in self.known_words or name in self.scope_names:
            return True
        if name in self.builtins:
            return True
        return name in self.related_names

    def suggest_in_project(self, name: str, cutoff: float = 0.88) -> str | None:
        """A near miss among every name of the project (for names marked as code)."""
        names = self.graph.project_names()
        key = ("name-index", id(names), len(names))
        index = self.run_cache.get(key)
        if index is None:
            self.run_cache.clear()  # the project changed: drop every older index
            index = self.run_cache[key] = NameIndex(names)
        return self.suggest(name, index.candidates(name), cutoff)

    @cached_property
    def _near_pool(self) -> set[str]:
        """What :meth:`suggest` looks in by default: the names in scope and the 1-hop names."""
        return self.scope_names | self.related_names

    def suggest(self, name: str, pool: Iterable[str] | None = None, cutoff: float = 0.75) -> str | None:
        """The closest in-scope or 1-hop name ("did you mean"): a typo (one edit, or two in a long
        name, transpositions counting once) or a name similar enough by difflib's ratio."""
        everything = set(pool) if pool is not None else self._near_pool
        n = len(name)
        got: str | None = None
        if n >= 6:
            k = 2 if n >= 10 else 1
            typos = sorted((d, c) for c in everything
                           if abs(len(c) - n) <= k and c != name and (d := osa_distance(name, c, k)) <= k)
            got = typos[0][1] if typos else None  # the nearest first, then by name
        if got is None and n >= 8 and (key := word_order_key(name)) is not None:
            # the same words in another order: ``fit_iterative`` for ``iterative_fit``,
            # ``CensoredKernelReg`` for ``KernelCensoredReg``
            swapped = sorted(c for c in everything if len(c) == n and c != name and word_order_key(c) == key)
            got = swapped[0] if swapped else None
        if got is None:
            # difflib's ratio is at most 2*min(len)/(sum of lens): skip what cannot reach the cutoff
            candidates = {c for c in everything
                          if len(c) > 1 and 2 * min(n, len(c)) >= cutoff * (n + len(c)) and c != name}
            scored = [(r, c) for c in candidates if (r := _close_ratio(name, c, cutoff))]
            got = max(scored)[1] if scored else None  # as difflib.get_close_matches(n=1) picks
        if got is None or _same_family(name, got):
            return None
        return got

    # ---- building findings ------------------------------------------------------------------
    def file_span(self, seg: Segment, start: int, end: int) -> tuple[int, int]:
        """File offsets of a sub-span (offsets relative to the segment text)."""
        a = self.doc.file_offset(seg.start + start)
        b = self.doc.file_offset(seg.start + end - 1) + 1
        return a, b

    def fix_replace(self, seg: Segment, start: int, end: int, new_text: str, title: str) -> Fix:
        a, b = self.file_span(seg, start, end)
        return Fix(title=title, start=a, end=b, new_text=new_text)

    def evidence_of(self, ent: Entity | None, description: str, excerpt: str | None = None) -> Evidence:
        if ent is None:
            return Evidence(description=description, excerpt=excerpt)
        text = excerpt if excerpt is not None else (ent.signature or ent.code.split("\n", 1)[0])
        return Evidence(description=description, path=ent.path, range=ent.range, excerpt=text)

    def finding(self, seg: Segment, rule: Rule, message: str, *,
                evidence: Evidence | None = None, fix: Fix | None = None) -> Finding:
        """A finding of ``rule`` on ``seg``: its criterion and id come from the rule's declaration."""
        return Finding(criterion=rule.criterion, rule=rule.id, judge="static", message=message,  # type: ignore[arg-type]
                       segment=seg, evidence=evidence, fix=fix)
