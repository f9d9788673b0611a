"""workspace/executeCommand: checkDocument, checkWorkspace, regenerateDocstring, showScore.

Arguments are validated here; a bad call gets an InvalidParams error with a clear message and
the server keeps serving. Unknown commands are answered by pygls with an error too.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from docfact.lsp import lookup
from docfact.lsp.convert import engine_pos, text_edit, workspace_edit
from docfact.lsp.server import DocfactServer  # at run time: pygls reads command type hints
from docfact.model import aggregate_score

CHECK_DOCUMENT = "docfact.checkDocument"
CHECK_WORKSPACE = "docfact.checkWorkspace"
REGENERATE = "docfact.regenerateDocstring"
SHOW_SCORE = "docfact.showScore"
_UINTEGER_MAX = 2**31 - 1  # LSP positions are uintegers: a bigger one cannot even be built


def bad(message: str) -> JsonRpcInvalidParams:
    return JsonRpcInvalidParams(message=f"docfact: {message}")


def open_uri(ls: DocfactServer, args: tuple[Any, ...], command: str) -> str:
    if not args or not isinstance(args[0], str):
        raise bad(f"{command} expects [uri] (a document URI string), got {list(args)!r}")
    uri = args[0]
    if uri not in ls.docs:
        raise bad(f"{command}: {uri} is not an open document")
    return uri


def position(args: tuple[Any, ...]) -> types.Position:
    if len(args) < 2 or not isinstance(args[1], dict):
        raise bad(f"{REGENERATE} expects [uri, {{line, character}}], got {list(args)!r}")
    p = args[1]
    line, char = p.get("line"), p.get("character")
    if (type(line) is not int or type(char) is not int
            or not (0 <= line <= _UINTEGER_MAX and 0 <= char <= _UINTEGER_MAX)):
        raise bad(f"{REGENERATE}: invalid position {p!r}")
    return types.Position(line=line, character=char)


def register(server: DocfactServer) -> None:
    @server.command(CHECK_DOCUMENT)
    async def check_document(ls: DocfactServer, *args: Any) -> dict[str, Any]:
        uri = open_uri(ls, args, CHECK_DOCUMENT)
        result = await ls.checker.check_document(uri, force=True)
        st = ls.docs.get(uri)
        if result is not None and st is not None:
            ls.refresh_pulled()
            await ls.llm_pass(uri, st.result_version, result)
        return {"uri": uri, "findings": len(result.findings) if result else 0,
                "score": round(result.score, 4) if result and result.docs else None,
                "skipped": st.skipped_reason if st else None}

    @server.command(CHECK_WORKSPACE)
    async def check_workspace(ls: DocfactServer, *args: Any) -> dict[str, Any]:
        summary = await ls.checker.check_workspace()
        ls.refresh_pulled()
        return summary

    @server.command(REGENERATE)
    async def regenerate_docstring(ls: DocfactServer, *args: Any) -> dict[str, Any]:
        uri = open_uri(ls, args, REGENERATE)
        pos = position(args)
        st = lookup.current(ls, uri)
        if st is None:
            await ls.checker.check_document(uri)
            st = lookup.current(ls, uri)
        if st is None or st.lines is None:
            raise bad(f"{REGENERATE}: {uri} has no checked docstrings (skipped or changed meanwhile)")
        doc = lookup.doc_at(st, engine_pos(pos), segments_only=False) or _doc_of_entity_at(st, pos.line)
        if doc is None:
            raise bad(f"{REGENERATE}: no docstring at line {pos.line + 1}")
        fix = await ls.regenerate_doc(doc, st.lines)
        if fix is None:
            why = ("nothing in it can be repaired without the LLM judge (docfact.llm.enabled)" if doc.findings
                   else "it has no finding")
            return {"applied": False, "reason": f"the docstring was left as it is: {why}"}
        edit = workspace_edit(uri, [text_edit(fix, st.lines)], st.result_version)
        answer = await ls.workspace_apply_edit_async(
            types.ApplyWorkspaceEditParams(edit=edit, label="docfact: regenerate docstring"))
        return {"applied": bool(answer and answer.applied)}

    @server.command(SHOW_SCORE)
    async def show_score(ls: DocfactServer, *args: Any) -> dict[str, Any]:
        """``{"file", "project", "docstrings"}``; the project score covers every doc judged so far
        (open files, saves, the last checkWorkspace), so it never blocks on a whole-project run."""
        uri = open_uri(ls, args, SHOW_SCORE)
        st = lookup.current(ls, uri)
        if st is None:
            await ls.checker.check_document(uri)
            st = lookup.current(ls, uri)
        file_docs = st.result.docs if st is not None and st.result is not None else []
        folders = await ls.all_folders()
        project = await ls.in_engine(
            lambda: [d for f in folders for cached in f.doc_cache.values() for d in cached.values()])
        return {"file": round(aggregate_score(file_docs), 4) if file_docs else None,
                "project": round(aggregate_score(project), 4) if project else None,
                "docstrings": len(file_docs)}


def _doc_of_entity_at(st: Any, line: int) -> Any:
    """The judged doc of the innermost documented entity whose definition spans ``line``."""
    best = None
    for d in st.result.docs if st.result else []:
        e = d.entity
        if e is not None and e.kind != "module" and e.range.start.line <= line <= e.range.end.line:
            if best is None or e.range.start.line >= best.entity.range.start.line:
                best = d
    return best
