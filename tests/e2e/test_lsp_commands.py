"""workspace/executeCommand: checkDocument, checkWorkspace (progress, cancel), regenerateDocstring,
showScore, and errors for unknown commands and malformed arguments."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

pytestmark = pytest.mark.timeout(90)

STORE = "pkg/store.py"
WORKSPACE_TITLE = "docfact: checking the workspace"


def progress_of(ed, title: str) -> list[list]:
    """The progress notifications of every token whose begin had ``title``."""
    out = []
    for reports in ed.client.progress_reports.values():
        if reports and isinstance(reports[0], types.WorkDoneProgressBegin) and reports[0].title == title:
            out.append(reports)
    return out


async def test_check_document_and_show_score(start, profile):
    ed = await start(profile, init_options={"trigger": "manual"})
    uri = ed.open(STORE)
    res = await ed.command("docfact.showScore", uri)  # manual: judged on demand
    assert res["docstrings"] == 7 and 0.8 < res["file"] < 1.0
    res = await ed.command("docfact.checkDocument", uri)
    assert res["findings"] == 4 and 0.8 < res["score"] < 1.0
    diags = await ed.diagnostics(uri, lambda d: len(d) == 4)
    assert {d.code for d in diags} == {"C1.unknown-param", "C2.return-type", "C3.not-async", "C4.speculative"}
    score = await ed.command("docfact.showScore", uri)
    assert score["file"] == res["score"] and score["project"] is not None


async def test_check_workspace_publishes_every_file_with_progress(start, profile):
    ed = await start(profile)
    res = await ed.command("docfact.checkWorkspace")
    assert res["cancelled"] is False and res["files"] == res["total"] == 5
    assert res["findings"] == 7 and 0.8 < res["score"] < 1.0
    for rel in ("pkg/store.py", "java/com/acme/Greeter.java", "pkg/clean.py", "pkg/rules.py"):
        assert ed.uri(rel) in ed.client.diagnostics
    assert len(ed.client.diagnostics[ed.uri("pkg/store.py")]) == 4
    [reports] = progress_of(ed, WORKSPACE_TITLE)
    assert isinstance(reports[-1], types.WorkDoneProgressEnd) and reports[-1].message == "done"
    pcts = [r.percentage for r in reports if isinstance(r, types.WorkDoneProgressReport)]
    assert pcts == sorted(pcts) and pcts[-1] == 100
    # the start-up indexing had its progress too
    assert progress_of(ed, "docfact: indexing")


async def test_check_workspace_can_be_cancelled(start, profile, workspace):
    gen = workspace / "gen"
    gen.mkdir()
    for i in range(300):
        (gen / f"mod{i}.py").write_text(
            f'"""Generated module {i}."""\n\n\ndef f{i}(x: int) -> int:\n'
            f'    """Return ``x`` plus {i}.\n\n    This is particularly useful in web crawlers.\n    """\n'
            f"    return x + {i}\n")
    ed = await start(profile)
    task = asyncio.ensure_future(ed.command("docfact.checkWorkspace"))
    for _ in range(400):
        begun = progress_of(ed, WORKSPACE_TITLE)
        if begun and any(isinstance(r, types.WorkDoneProgressReport) for r in begun[0]):
            break
        await asyncio.sleep(0.01)
    [token] = [t for t, r in ed.client.progress_reports.items() if r and getattr(r[0], "title", "") == WORKSPACE_TITLE]
    ed.client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    res = await asyncio.wait_for(task, 30)
    assert res["cancelled"] is True and 0 < res["files"] < res["total"] == 305
    assert ed.client.progress_reports[token][-1].message == "cancelled"
    # still serving
    assert (await ed.command("docfact.checkDocument", ed.open(STORE)))["findings"] == 4


async def test_regenerate_docstring_applies_an_edit(start, profile):
    ed = await start(profile)
    uri = ed.open(STORE)
    await ed.diagnostics(uri, lambda d: len(d) == 4)
    res = await ed.command("docfact.regenerateDocstring", uri, {"line": 45, "character": 8})  # in the body of save()
    assert res == {"applied": True}
    [params] = ed.applied
    text = ed.apply(uri, params.edit)
    # offline: the wrong C4 sentence goes; the wrong summary (C3) stays, never replaced by a template
    assert '"""Write the stock to disk asynchronously.\n        """' in text
    diags = await ed.diagnostics(uri, lambda d: len(d) == 3)
    assert {d.code for d in diags} == {"C1.unknown-param", "C2.return-type", "C3.not-async"}
    res = await ed.command("docfact.regenerateDocstring", uri, {"line": 0, "character": 5})
    assert res["applied"] is False and "no finding" in res["reason"]  # the module docstring is fine


BAD_CALLS = [
    ("docfact.noSuchCommand", [], "not defined"),
    ("docfact.checkDocument", [], "expects [uri]"),
    ("docfact.checkDocument", [42], "expects [uri]"),
    ("docfact.checkDocument", ["file:///nowhere/x.py"], "is not an open document"),
    ("docfact.regenerateDocstring", ["@store"], "expects [uri, {line, character}]"),
    ("docfact.regenerateDocstring", ["@store", {"line": -1, "character": 0}], "invalid position"),
    ("docfact.regenerateDocstring", ["@store", {"line": 6, "character": 0}], "no docstring at line 7"),
    ("docfact.showScore", [None], "expects [uri]"),
]


async def test_bad_commands_get_clear_errors(start, profile):
    ed = await start(profile)
    uri = ed.open(STORE)
    await ed.diagnostics(uri, lambda d: len(d) == 4)
    for command, args, message in BAD_CALLS:
        args = [uri if a == "@store" else a for a in args]
        with pytest.raises(JsonRpcException) as err:
            await ed.command(command, *args)
        assert message in str(err.value), (command, args, str(err.value))
    assert (await ed.command("docfact.showScore", uri))["docstrings"] == 7  # still serving
