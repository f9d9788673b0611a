"""What the example readers share: where a node of example code is in the doc, how an issue
is recorded, and which examples show code that fails on purpose."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from tree_sitter import Node

from docfact.docs.layout import Block
from docfact.docs.segments import CodeUnit, split_sentences
from docfact.judges.base import JudgeContext
from docfact.judges.rule import Rule
from docfact.model import Entity

# expected output that shows the example failing
_TRACEBACK = re.compile(r"[ \t]*\n[ \t]*Traceback \(most recent call last\)")
# an introduction saying the code after it is wrong, old or hypothetical
_NOT_MEANT = re.compile(
    r"\b(?:never|would|otherwise|instead|wrong|incorrect|invalid|don'?t|do not|doesn'?t|does not|won'?t|will not|"
    r"cannot|can'?t|fails?|raises?|errors?|deprecated|legacy|removed|old|previously|formerly|obsolete|"
    r"avoid|bad|no longer|used to|hypothetical|imaginary|suppose|pseudo)\b", re.I)


@dataclass(frozen=True)
class Issue:
    """One wrong name of an example, before it becomes a finding on its line."""

    rule: Rule
    start: int  # offsets of the wrong name in DocBlock.text
    end: int
    name: str
    message: str
    suggestion: str | None
    evidence: Entity | None
    excerpt: str | None = None


class Reader:
    """Reads the example code of one doc; subclasses know one language."""

    def __init__(self, ctx: JudgeContext) -> None:
        self.ctx = ctx
        self.graph = ctx.graph
        self.text = ctx.doc.text
        self.issues: list[Issue] = []
        self.unit: CodeUnit | None = None
        self.data = b""  # the current unit's source, as the parser read it
        self._intro_says_wrong: dict[int, bool] = {}  # prose block start -> it says the code after fails

    def not_meant_to_work(self, unit: CodeUnit, blocks: list[Block]) -> bool:
        """Whether the example shows code that fails on purpose: its expected output is a
        traceback, or the sentence right before its code block says it is wrong, old or
        hypothetical ("otherwise there would be conflicting imports like this one::")."""
        first, last = unit.lines[0][0], unit.lines[-1][2]
        if _TRACEBACK.match(self.text, last):
            return True
        start = next((b.start for b in blocks if b.kind == "code" and b.start <= first < b.end), first)
        before = None
        for b in blocks:
            if b.kind != "code" and b.end <= start:
                before = b
        if before is None or self.text[before.end:start].replace("::", "").count("\n") > 2:
            return False  # no prose right before the example
        if before.start not in self._intro_says_wrong:  # once per prose block: examples share it
            intro = self.text[before.start:before.end]
            sentences = split_sentences(intro)
            self._intro_says_wrong[before.start] = \
                _NOT_MEANT.search(intro[sentences[-1][0]:] if sentences else intro) is not None
        return self._intro_says_wrong[before.start]

    def offset(self, node: Node) -> tuple[int, int]:
        """The DocBlock-text offsets of a node on one line of the current unit."""
        assert self.unit is not None
        row, col = node.start_point
        _, a, b = self.unit.lines[row]
        line = self.text[a:b]
        start = a + len(line.encode("utf-8", "surrogatepass")[:col].decode("utf-8", "ignore"))
        return start, start + len(self.src(node))

    def src(self, node: Node) -> str:
        return self.data[node.start_byte:node.end_byte].decode("utf-8", "replace")

    def report(self, rule: Rule, node: Node, message: str, suggestion: str | None,
               evidence: Entity | None, excerpt: str | None = None) -> None:
        start, end = self.offset(node)
        self.issues.append(Issue(rule, start, end, self.src(node), message, suggestion, evidence, excerpt))

    def suggest(self, name: str, pool: Iterable[str], cutoff: float = 0.75) -> str | None:
        """A near miss of ``name`` in ``pool``; one of the same length first (``dumpz`` is more
        likely ``dumps`` than ``dump``)."""
        names = set(pool)
        same = {n for n in names if len(n) == len(name)}
        return self.ctx.suggest(name, same, cutoff) or self.ctx.suggest(name, names, cutoff)

