"""What every static rule sees: :class:`JudgeContext`, one doc with the code, the graph and the
helpers rules share.

A rule is declared once (:class:`~docfact.judges.rule.Rule`, in :mod:`docfact.judges.rules`)
and checked by functions ``(ctx, segment) -> Iterable[Finding]`` that report through
:meth:`JudgeContext.finding`. Rules only report what they can prove from the code, its 1-hop
dependencies or the project graph.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from docfact.judges.rule import Rule
from docfact.judges.similarity import NameIndex as NameIndex
from docfact.judges.similarity import close_ratio as close_ratio
from docfact.judges.similarity import name_words as name_words
from docfact.judges.similarity import osa_distance as osa_distance
from docfact.judges.similarity import same_family as same_family
from docfact.judges.similarity import variants as variants
from docfact.judges.similarity import word_order_key as word_order_key
from docfact.lang import by_name
from docfact.model import DocBlock, Entity, Evidence, FileIndex, Finding, Fix, Segment

if TYPE_CHECKING:
    from docfact.graph.graph import ProjectGraph
    from docfact.graph.resolved import Resolved
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
    file_cache: dict[Hashable, Any] = field(default_factory=dict)  # per-file values shared by the file's docs
    run_cache: dict[Hashable, Any] = field(default_factory=dict)  # values shared by every file of a run (engine)
    # per-doc values several rules read (by key and segment index)
    memo: dict[Hashable, Any] = field(default_factory=dict)

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
            return cast("list[str]", self.file_cache[key])
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
    def related(self) -> list[Resolved]:
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
        return [ent for r in self.related if (ent := getattr(r, "entity", None)) is not None]

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
        return any(self._known_exact(n) for n in variants(name))

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
        return self.suggest(name, self._project_index.candidates(name), cutoff)

    def case_twin_in_project(self, name: str) -> str | None:
        """The one CamelCase name of the project spelled like ``name`` in other cases, if one."""
        twins = self._project_index.case_twins(name)
        return twins[0] if len(twins) == 1 else None

    @property
    def _project_index(self) -> NameIndex:
        names = self.graph.project_names()
        key = ("name-index", id(names), len(names))
        index = self.run_cache.get(key)
        if index is None:
            # the project changed since an older index was made: drop it and every value made
            # beside it (the engine clears the run cache at each change already: the first index
            # made after that keeps the values made before it, or a large check made its
            # project-wide tables twice)
            if any(k.__class__ is tuple and k and k[0] == "name-index" for k in self.run_cache):
                self.run_cache.clear()
            index = self.run_cache[key] = NameIndex(names)
        return cast(NameIndex, index)

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
            scored = [(r, c) for c in candidates if (r := close_ratio(name, c, cutoff))]
            got = max(scored)[1] if scored else None  # as difflib.get_close_matches(n=1) picks
        if got is None or same_family(name, got):
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
