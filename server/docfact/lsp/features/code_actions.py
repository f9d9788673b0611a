"""Code actions: each finding's targeted fix, "Ignore C1.unknown-param in this docstring" (the
diagnostic's code: the rule id, or the criterion of an LLM finding), "Repair docstring",
"Add missing parameters", and with the LLM judge on "Regenerate docstring (LLM)" (the
docfact.regenerateDocstring command: the model's docstring, judged before it is offered)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from docfact.lang import for_path
from docfact.lsp import lookup
from docfact.lsp.convert import code, engine_pos, text_edit, uri_to_path, workspace_edit
from docfact.model import DocResult, Finding
from docfact.positions import LineIndex
from docfact.regenerate import LLM_TITLE, TITLE, add_missing, repair

if TYPE_CHECKING:
    from docfact.lsp.server import DocfactServer

QUICKFIX = types.CodeActionKind.QuickFix


def register(server: DocfactServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[QUICKFIX], resolve_provider=False))
    def code_action(ls: DocfactServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        uri = params.text_document.uri
        st = lookup.current(ls, uri)
        if st is None or st.lines is None:
            return None
        found = lookup.findings_in(st, engine_pos(params.range.start), engine_pos(params.range.end))
        actions = actions_for(uri, st.result_version, found, st.lines)
        if found and ls.settings_of(uri_to_path(uri)).llm.enabled:
            actions += llm_actions(uri, found)
        return actions or None


def llm_actions(uri: str, found: list[tuple[DocResult, Finding]]) -> list[types.CodeAction]:
    """One "Regenerate docstring (LLM)" per flagged doc: the command runs the model and applies
    its docstring only when docfact judges it no worse."""
    actions: list[types.CodeAction] = []
    done: list[DocResult] = []
    for doc, f in found:
        if any(d is doc for d in done):
            continue
        done.append(doc)
        at = {"line": f.segment.range.start.line, "character": f.segment.range.start.col}
        actions.append(types.CodeAction(title=f"{LLM_TITLE} (docfact)", kind=QUICKFIX, command=types.Command(
            title=LLM_TITLE, command="docfact.regenerateDocstring", arguments=[uri, at])))
    return actions


def actions_for(uri: str, version: int | None, found: list[tuple[DocResult, Finding]],
                lines: LineIndex) -> list[types.CodeAction]:
    """Per finding: its fix, the doc's repair when it removes this finding, and an ignore
    action for its code (the rule id: other rules may still flag the sentence); then "Add missing
    parameters" per doc where the docstring lists parameters. Titles end with the code."""
    actions: list[types.CodeAction] = []
    docs: list[DocResult] = []

    def add(title: str, edit: types.TextEdit, preferred: bool = False) -> None:
        if all(a.title != title for a in actions):
            actions.append(types.CodeAction(title=title, kind=QUICKFIX, is_preferred=preferred or None,
                                            edit=workspace_edit(uri, [edit], version)))

    repairs: dict[int, tuple[types.TextEdit | None, set[int]]] = {}
    for doc, f in found:
        name = code(f)
        tag = f"docfact {name}"
        if f.fix is not None:
            add(f"{f.fix.title} ({tag})", text_edit(f.fix, lines), preferred=True)
        if id(doc) not in repairs:
            fix, repaired = repair(doc, lines)
            repairs[id(doc)] = (text_edit(fix, lines) if fix is not None else None, repaired)
        edit, repaired = repairs[id(doc)]
        if edit is not None and f.segment.index in repaired:  # offered where it removes this finding
            add(f"{TITLE} (docfact)", edit)
        what = "comment" if doc.doc.kind == "comment" else "docstring"
        add(f"Ignore {name} in this {what} ({tag})", ignore_edit(doc, name, lines))
        if all(d is not doc for d in docs):
            docs.append(doc)
    for doc in docs:
        extra = add_missing(doc, lines)
        if extra is not None:
            add(f"{extra.title} (docfact)", text_edit(extra, lines))
    return actions


def ignore_edit(doc: DocResult, selector: str, lines: LineIndex) -> types.TextEdit:
    """Insert ``docfact: ignore[<selector>]`` (a rule id or a criterion) at the end of the doc's
    closing line (merging an existing one)."""
    line = doc.doc.end_line
    text = lines.line_text(line)
    lang = for_path(doc.doc.path)
    marker = lang.comment if lang is not None else "//"
    existing = text.find("docfact: ignore[")
    if existing != -1:
        close = text.find("]", existing)
        pos = types.Position(line=line, character=len(text[:close].encode("utf-16-le")) // 2)
        return types.TextEdit(range=types.Range(start=pos, end=pos), new_text=f", {selector}")
    end = types.Position(line=line, character=len(text.rstrip().encode("utf-16-le")) // 2)
    trailing = types.Position(line=line, character=len(text.encode("utf-16-le")) // 2)
    return types.TextEdit(range=types.Range(start=end, end=trailing),
                          new_text=f"  {marker} docfact: ignore[{selector}]")
