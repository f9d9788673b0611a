"""Engine values to LSP values and back: ranges, URIs, findings as diagnostics, fixes as edits.

Engine positions are already 0-based lines and UTF-16 columns; file offsets (fixes) become
positions through :class:`docfact.positions.LineIndex`, the one conversion module.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path

from docfact import model
from docfact.config import Settings
from docfact.judges.maturity import MATURITY
from docfact.positions import LineIndex

SOURCE = "docfact"
DOCS_URL = "https://github.com/docfact/docfact/blob/main/{page}#{anchor}"
RULES_PAGE = "docs/rules.md"  # one heading per rule id, e.g. "C1.unknown-param"
CRITERIA_PAGE = "README.md"  # the criteria table, one anchor per criterion
CRITERION_ANCHORS = {"C1": "c1", "C2": "c2", "C3": "c3", "C4": "c4"}  # README.md table anchors
SEVERITIES = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}


def uri_to_path(uri: str) -> str | None:
    """The absolute file path of a ``file:`` URI (None for other schemes, and for paths no file
    can have, such as one with a NUL character)."""
    path = to_fs_path(uri)
    if path is None or not uri.startswith("file:") or "\0" in path:
        return None
    try:
        return str(Path(path).resolve())
    except (OSError, ValueError):  # e.g. a symlink loop on a platform where resolve() raises
        return None


def path_to_uri(path: str) -> str:
    return from_fs_path(path) or Path(path).as_uri()


def lsp_range(r: model.Range) -> types.Range:
    return types.Range(
        start=types.Position(line=r.start.line, character=r.start.col),
        end=types.Position(line=r.end.line, character=r.end.col),
    )


def engine_pos(p: types.Position) -> model.Pos:
    return model.Pos(p.line, p.character)


def contains(r: model.Range, p: model.Pos) -> bool:
    return r.start <= p <= r.end


def overlaps(r: model.Range, start: model.Pos, end: model.Pos) -> bool:
    return r.start <= end and start <= r.end


def doc_id(doc: model.DocBlock) -> str:
    """A stable name of a doc within its file version: owner and first line."""
    return f"{doc.owner or '<module>'}@{doc.start_line}"


def code(finding: model.Finding) -> str:
    """A finding's diagnostic code: its rule id (``C1.unknown-param``); a finding of no registered
    rule (the LLM judge's ``C1.llm``) has its criterion."""
    return finding.rule if finding.rule in MATURITY else finding.criterion


def rule_anchor(rule_id: str) -> str:
    """GitHub's anchor of a Markdown heading that is ``rule_id``: lower case, dots dropped."""
    return rule_id.lower().replace(".", "")


def docs_url(finding: model.Finding) -> str:
    """Where a finding's code is explained: its rule's entry in docs/rules.md, or the criterion's
    row of the README's table when it has no registered rule."""
    if finding.rule in MATURITY:
        return DOCS_URL.format(page=RULES_PAGE, anchor=rule_anchor(finding.rule))
    return DOCS_URL.format(page=CRITERIA_PAGE, anchor=CRITERION_ANCHORS[finding.criterion])


def severity(settings: Settings, criterion: str, rule: str = "") -> types.DiagnosticSeverity:
    """The diagnostic severity of a finding: its rule's setting, else its criterion's."""
    level = settings.severity.get(rule) or settings.severity.get(criterion, "warning")
    return SEVERITIES.get(level, types.DiagnosticSeverity.Warning)


def text_edit(fix: model.Fix, lines: LineIndex) -> types.TextEdit:
    """A fix (file offsets) as a TextEdit (UTF-16 positions) against the text of ``lines``."""
    return types.TextEdit(range=lsp_range(lines.range(fix.start, fix.end)), new_text=fix.new_text)


def workspace_edit(uri: str, edits: list[types.TextEdit], version: int | None) -> types.WorkspaceEdit:
    if version is None:
        return types.WorkspaceEdit(changes={uri: edits})
    doc = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version)
    return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(text_document=doc, edits=list(edits))])


def diagnostic(finding: model.Finding, result: model.DocResult, settings: Settings,
               lines: LineIndex) -> types.Diagnostic:
    """One finding as a Diagnostic following design.md's contract."""
    related: list[types.DiagnosticRelatedInformation] | None = None
    ev = finding.evidence
    if ev is not None and ev.path and ev.range is not None:
        related = [types.DiagnosticRelatedInformation(
            location=types.Location(uri=path_to_uri(ev.path), range=lsp_range(ev.range)),
            message=ev.description,
        )]
    data: dict[str, Any] = {
        "criterion": finding.criterion,
        "rule": finding.rule,
        "judge": finding.judge,
        "docId": doc_id(result.doc),
        "score": round(result.score, 4),
        "fix": None,
    }
    if finding.fix is not None:
        edit = text_edit(finding.fix, lines)
        data["fix"] = {
            "title": finding.fix.title,
            "range": {"start": {"line": edit.range.start.line, "character": edit.range.start.character},
                      "end": {"line": edit.range.end.line, "character": edit.range.end.character}},
            "newText": finding.fix.new_text,
        }
    return types.Diagnostic(
        range=lsp_range(finding.segment.range),
        message=finding.message,
        severity=severity(settings, finding.criterion, finding.rule),
        code=code(finding),
        code_description=types.CodeDescription(href=docs_url(finding)),
        source=SOURCE,
        related_information=related,
        data=data,
    )


def diagnostics(result: model.FileResult | None, settings: Settings, lines: LineIndex | None,
                hidden: Callable[[model.DocResult, model.Finding], bool] | None = None) -> list[types.Diagnostic]:
    """One diagnostic per finding; ``hidden`` drops findings (e.g. those in the baseline)."""
    if result is None or lines is None:
        return []
    return [diagnostic(f, d, settings, lines) for d in result.docs for f in d.findings
            if hidden is None or not hidden(d, f)]
