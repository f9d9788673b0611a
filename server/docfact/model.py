"""The engine's data model: plain dataclasses shared by index, graph, docs, judges and adapters.

Conventions used everywhere in the engine:

- ``line`` is 0-based; ``col`` is a UTF-16 code-unit column (what LSP speaks), 0-based.
- ``offset`` is an index into the decoded file text (a Python ``str`` index).
- A qualified name (``qualname``) is ``module.Class.method``; ``local_name`` is the part inside
  the file (``Class.method``), which is what users type in ``FILE::QUALNAME``.

What the index extracts from a file (entities, docs, imports, positions, :class:`FileIndex`) is
defined in :mod:`docfact.indexed` and imported from here; this module adds the criteria and
what judging produces (segments, findings, each doc's and file's result and score).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from docfact.indexed import NO_PIECES as NO_PIECES
from docfact.indexed import RETURN_KINDS as RETURN_KINDS
from docfact.indexed import DocBlock as DocBlock
from docfact.indexed import DocKind as DocKind
from docfact.indexed import Entity as Entity
from docfact.indexed import EntityKind as EntityKind
from docfact.indexed import FileIndex as FileIndex
from docfact.indexed import Import as Import
from docfact.indexed import Param as Param
from docfact.indexed import Pieces as Pieces
from docfact.indexed import Pos as Pos
from docfact.indexed import Range as Range
from docfact.indexed import attach_text as attach_text
from docfact.indexed import settle_index as settle_index
from docfact.packs import Packs as Packs  # named here by docs that predate docfact.packs

Criterion = Literal["C1", "C2", "C3", "C4"]
CRITERIA: tuple[Criterion, ...] = ("C1", "C2", "C3", "C4")

CRITERION_NAMES: dict[str, str] = {
    "C1": "name inconsistency",
    "C2": "type inconsistency",
    "C3": "functionality inconsistency",
    "C4": "irrelevant context",
}

CRITERION_MEANINGS: dict[str, str] = {
    "C1": "the sentence names a function, class, variable or parameter that is not the one "
    "the code uses, or that means a different entity of the same name",
    "C2": "the sentence states a parameter, variable or return type that differs from the "
    "type in the code or in a function the code directly uses",
    "C3": "the sentence describes behaviour the code (or a function it directly calls) does "
    "not implement",
    "C4": "the sentence says something that cannot be checked against the code or its direct "
    "dependencies, such as speculative uses or general lectures",
}

@dataclass
class FieldItem:
    """A field-list item: ``Args: x (int): ...``, ``:param x:``, ``@param x``, ``Returns: ...``."""

    section: str  # "param" | "returns" | "yields" | "raises" | "attribute" | "rtype" | "type" | "other"
    name: str | None = None  # param/attribute name, or exception name for raises
    type: str | None = None  # the type as written, if any
    description: str = ""
    # offsets into the DocBlock text of name and type, for targeted fixes
    name_span: tuple[int, int] | None = None
    type_span: tuple[int, int] | None = None
    # the keyword as written: Google/NumPy section title ("Args", "See Also"), Sphinx field
    # ("param", "ytype") or Javadoc tag ("param", "since", "author"); tells "other" items apart
    tag: str = ""


@dataclass
class Segment:
    """One sentence (or one field-list item) of a DocBlock, with its exact place in the file."""

    index: int
    text: str
    start: int  # offset in DocBlock.text
    end: int
    range: Range  # in the file (line, UTF-16 col)
    field: FieldItem | None = None
    # "prose": a sentence or field item (judged on every criterion, counted in the score);
    # "code": one line of example code (only the example rules judge it; see DocResult.score)
    kind: Literal["prose", "code"] = "prose"


@dataclass
class Evidence:
    """What the code really says, and where."""

    description: str  # "prune is declared as `def prune(self, n: int = 3)`"
    path: str | None = None
    range: Range | None = None
    excerpt: str | None = None  # short code excerpt


@dataclass
class Fix:
    """A text replacement inside the file that removes the finding."""

    title: str  # "Replace `shold_remove` with `should_remove`"
    start: int  # file offsets
    end: int
    new_text: str


@dataclass
class Finding:
    criterion: Criterion
    rule: str  # "C1.unknown-name"
    judge: str  # "static" | "llm:<model>"
    message: str
    segment: Segment
    evidence: Evidence | None = None
    fix: Fix | None = None
    reason: str | None = None  # longer explanation for hover (LLM second look)


@dataclass
class DocResult:
    """The verdicts for one DocBlock."""

    doc: DocBlock
    entity: Entity | None
    segments: list[Segment]  # the sentences and field items: what the score and LLM judge see
    findings: list[Finding]
    criteria: tuple[str, ...] = CRITERIA
    examples: list[Segment] = field(default_factory=list)  # example code lines (kind "code")

    @property
    def symbol(self) -> str:
        """The documented entity's name inside its file (``Class.method``), ``<module>`` for the module."""
        if self.entity is not None:
            return self.entity.local_name or self.entity.module or "<module>"
        return self.doc.owner or "<module>"

    @property
    def pairs(self) -> int:
        """The (segment, criterion) pairs the score counts: every sentence on every criterion,
        and each example line a finding makes wrong (example code is not a sentence: it counts
        only when it is wrong, so docs with correct examples keep the score of their prose)."""
        return len(self.segments) * len(self.criteria) + len(self._bad(code=True))

    @property
    def score(self) -> float:
        """Share of (segment, criterion) pairs judged consistent; 1.0 when there is nothing to judge."""
        if not self.findings:
            return 1.0
        pairs = self.pairs
        if pairs == 0:
            return 1.0
        return (pairs - len(self._bad(code=False)) - len(self._bad(code=True))) / pairs

    def _bad(self, code: bool) -> set[tuple[int, str]]:
        return {(f.segment.index, f.criterion) for f in self.findings
                if f.criterion in self.criteria and (f.segment.kind == "code") == code}


@dataclass(frozen=True, slots=True)
class SkippedDoc:
    """A doc left unjudged by a time bound (issue 31): its first line (1-based), the name of what
    it documents (as :attr:`DocResult.symbol`) and why."""

    line: int
    symbol: str
    reason: str


@dataclass
class FileResult:
    path: str
    docs: list[DocResult] = field(default_factory=list)
    error: str | None = None  # a one-line reason the file was skipped or only partly judged
    skipped_docs: list[SkippedDoc] = field(default_factory=list)  # docs left unjudged for time

    @property
    def findings(self) -> list[Finding]:
        return [f for d in self.docs for f in d.findings]

    @property
    def score(self) -> float:
        """Pair-weighted score over all docs of the file."""
        return aggregate_score(self.docs)


def aggregate_score(docs: list[DocResult]) -> float:
    """The ReFEree score over many docs: consistent pairs / all pairs (1.0 when empty)."""
    pairs = 0
    good = 0.0
    for d in docs:
        n = d.pairs
        pairs += n
        good += d.score * n
    return good / pairs if pairs else 1.0


