"""The result of a ``docfact check`` run, flattened for reporters (no engine objects inside)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from docfact.cli.errors import EXIT_FINDINGS, EXIT_OK
from docfact.config import severity_of
from docfact.model import DocResult, Finding

SEVERITY_RANK = {"hint": 0, "information": 1, "info": 1, "warning": 2, "error": 3}


def emit(out: str | Iterable[str], output: str | None, severities: Iterable[str], fail_on: str) -> int:
    """Write a report (its text, or its text in pieces: a large report is never whole in memory)
    to ``output`` (stdout when None) and give the exit code: 1 when a finding is at or above
    ``fail_on`` ("never": always 0)."""
    parts = (out,) if isinstance(out, str) else out
    if output:
        try:
            with Path(output).open("w", encoding="utf-8") as f:
                for part in parts:
                    f.write(part)
        except OSError as exc:
            from docfact.cli.errors import UsageError

            raise UsageError(f"cannot write the report to {output}: {exc.strerror or exc}") from None
    else:
        for part in parts:
            sys.stdout.write(part)
    if fail_on == "never":
        return EXIT_OK
    threshold = SEVERITY_RANK[fail_on]
    return EXIT_FINDINGS if any(SEVERITY_RANK.get(s, 2) >= threshold for s in severities) else EXIT_OK


DOCS_URL = "https://github.com/docfact/docfact/blob/main/README.md#criteria"

# what a terminal would act on rather than show: C0 controls but the tab, DEL, C1 controls, and
# the line separators and bidirectional overrides that make a line read differently on screen,
# and the lone surrogates of undecodable file names (which stdout could not encode)
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _shown(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` for a terminal: each control character written as its escape (ESC is ``\\x1b``,
    a newline ``\\x0a``); printable text, non-ASCII letters included, stays as it is."""
    return _CONTROL.sub(_shown, text)


# the rows are slotted: a large check holds one DocRow per doc (70,000 in a 3,000-file run)
@dataclass(slots=True)
class FindingRow:
    path: str
    line: int  # 1-based
    column: int  # 1-based, UTF-16 units like the editors
    end_line: int
    end_column: int
    criterion: str
    rule: str
    judge: str
    message: str
    sentence: str
    symbol: str
    severity: str
    fix: str | None = None
    fix_title: str | None = None
    evidence: str | None = None

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "path": self.path, "line": self.line, "column": self.column,
            "end_line": self.end_line, "end_column": self.end_column,
            "criterion": self.criterion, "rule": self.rule, "judge": self.judge,
            "message": self.message, "sentence": self.sentence, "symbol": self.symbol,
            "severity": self.severity,
        }
        if self.fix is not None:
            out["fix"] = self.fix
        return out


@dataclass(slots=True)
class DocRow:
    path: str
    symbol: str
    line: int
    kind: str
    sentences: int
    score: float
    # each sentence's range and its criteria found, for the html report (and the rows a store
    # keeps, which a later html report may read); other reports leave it empty
    sentence_spans: Sequence[tuple[int, int, int, int, str]] = ()


@dataclass(slots=True)
class FileRow:
    path: str
    score: float
    docs: int
    findings: int
    error: str | None
    text: str = ""
    # the docs a time bound left unjudged: (line, symbol, reason) each (see model.SkippedDoc)
    skipped_docs: tuple[tuple[int, str, str], ...] = ()


@dataclass
class Report:
    files: list[FileRow] = field(default_factory=list)
    docs: list[DocRow] = field(default_factory=list)
    findings: list[FindingRow] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    score: float = 1.0

    @property
    def docstrings(self) -> int:
        return len(self.docs)

    @property
    def skipped_docs(self) -> list[tuple[str, int, str, str]]:
        """The docs time bounds left unjudged, file by file: (path, line, symbol, reason) each."""
        return [(f.path, *d) for f in self.files for d in f.skipped_docs]


def symbol_of(d: DocResult) -> str:
    return d.symbol


def row_for(f: Finding, d: DocResult, display: str, severity: str) -> FindingRow:
    r = f.segment.range
    sentence = " ".join(f.segment.text.split())
    return FindingRow(
        path=display, line=r.start.line + 1, column=r.start.col + 1, end_line=r.end.line + 1,
        end_column=r.end.col + 1, criterion=f.criterion, rule=f.rule, judge=f.judge,
        message=f.message, sentence=sentence, symbol=symbol_of(d), severity=severity,
        fix=f.fix.new_text if f.fix else None, fix_title=f.fix.title if f.fix else None,
        evidence=f.evidence.excerpt if f.evidence else None,
    )


def doc_rows(d: DocResult, display: str, severities: dict[str, str],
             spans: bool = True) -> tuple[DocRow, list[FindingRow]]:
    """One doc's row (with its sentences' spans when ``spans``) and its findings' rows."""
    row = DocRow(display, symbol_of(d), d.doc.range.start.line + 1, d.doc.kind, len(d.segments),
                 round(d.score, 4), _spans(d) if spans else ())
    return row, [row_for(f, d, display, severity_of(severities, f.criterion, f.rule)) for f in d.findings]


def _spans(d: DocResult) -> list[tuple[int, int, int, int, str]]:
    """The sentences of a doc, and its example lines with a finding: each one's range and the
    criteria found there."""
    bad: dict[int, set[str]] = {}
    for f in d.findings:
        bad.setdefault(f.segment.index, set()).add(f.criterion)
    return [
        (s.range.start.line, s.range.start.col, s.range.end.line, s.range.end.col,
         ",".join(sorted(bad.get(s.index, ()))))
        for s in (*d.segments, *(f.segment for f in d.findings if f.segment.kind == "code"))
    ]
