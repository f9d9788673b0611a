"""Hover and code actions; every quick fix, applied and saved, makes its finding disappear."""

from __future__ import annotations

import pytest
from lsprotocol import types

pytestmark = pytest.mark.timeout(90)

STORE = "pkg/store.py"
GREETER = "java/com/acme/Greeter.java"


def pos(line: int, col: int) -> types.Position:
    return types.Position(line=line, character=col)


async def hover(ed, uri: str, line: int, col: int) -> types.Hover | None:
    return await ed.client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(line, col)))


async def actions(ed, uri: str, diag: types.Diagnostic) -> list[types.CodeAction]:
    got = await ed.client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diag.range,
        context=types.CodeActionContext(diagnostics=[diag])))
    return [a for a in got or [] if isinstance(a, types.CodeAction)]


async def test_hover_flagged_unflagged_and_elsewhere(start, profile):
    ed = await start(profile)
    uri = ed.open(STORE)
    await ed.diagnostics(uri, lambda d: len(d) == 4)
    h = await hover(ed, uri, 22, 20)  # `amount (int): How many items to add.`
    assert h is not None and isinstance(h.contents, types.MarkupContent)
    assert h.contents.kind == types.MarkupKind.Markdown
    text = h.contents.value
    assert "**docfact C1: name inconsistency**" in text
    assert "names a function, class, variable or parameter" in text  # the meaning
    assert "**Why:** `amount` is not a parameter of `add`; did you mean `count`?" in text
    assert "```python\ndef add(self, sku: str, count: int = 1) -> int\n```" in text
    assert "`store.py:18`" in text  # where the evidence is
    assert "**Judged by:** static rule `C1.unknown-param`" in text
    assert "**Docstring score:** 0.94 (4 sentences x 4 criteria)" in text  # 1 bad pair of 16
    ok = await hover(ed, uri, 18, 12)  # "Add items to the stock." (same docstring, not flagged)
    assert ok is not None and isinstance(ok.contents, types.MarkupContent)
    assert "no inconsistency" in ok.contents.value and "**Docstring score:** 0.94" in ok.contents.value
    assert "Why" not in ok.contents.value
    assert await hover(ed, uri, 27, 12) is None  # code
    assert await hover(ed, uri, 2, 0) is None  # blank line


async def test_every_quick_fix_removes_its_finding(start, profile):
    ed = await start(profile)
    for rel, expected in ((STORE, 4), (GREETER, 3)):
        uri = ed.open(rel)
        original = ed.texts[uri]
        diags = await ed.diagnostics(uri, lambda d, n=expected: len(d) == n)
        tried: set[str] = set()
        for diag in diags:
            count = len(await actions(ed, uri, diag))
            for i in range(count):
                # ask again each time: the previous round changed and restored the document
                action = (await actions(ed, uri, diag))[i]
                assert action.kind == types.CodeActionKind.QuickFix and action.edit is not None
                if action.title.startswith("Repair"):
                    tried.add("regenerate")
                elif action.title.startswith("Ignore"):
                    assert action.title.startswith(f"Ignore {diag.code} in this docstring")
                    tried.add("ignore")
                else:
                    tried.add("fix")
                ed.apply(uri, action.edit)
                after = await ed.diagnostics(
                    uri, lambda d, m=diag.message, n=expected: all(x.message != m for x in d) and len(d) < n)
                assert all(x.message != diag.message for x in after), action.title
                ed.edit_and_save(uri, original)
                await ed.diagnostics(uri, lambda d, n=expected: len(d) == n)
        assert tried == {"fix", "ignore", "regenerate"}


async def test_code_action_titles_and_regenerated_text(start, profile):
    ed = await start(profile)
    uri = ed.open(STORE)
    diags = await ed.diagnostics(uri, lambda d: len(d) == 4)
    c1 = next(d for d in diags if d.code == "C1.unknown-param")
    titles = [a.title for a in await actions(ed, uri, c1)]
    assert titles == ["Rename `amount` to `count` (docfact C1.unknown-param)", "Repair docstring (docfact)",
                      "Ignore C1.unknown-param in this docstring (docfact C1.unknown-param)"]
    c3 = next(d for d in diags if d.code == "C3.not-async")
    # save()'s summary is wrong (C3) and is its only sentence once the C4 one goes: no template
    # replaces it, so the repair is offered on the C4 sentence only
    assert not [a for a in await actions(ed, uri, c3) if a.title.startswith("Repair")]
    c4 = next(d for d in diags if d.code == "C4.speculative")
    regen = next(a for a in await actions(ed, uri, c4) if a.title.startswith("Repair"))
    assert regen.edit is not None
    text = ed.apply(uri, regen.edit)
    assert '    def save(self) -> None:\n        """Write the stock to disk asynchronously.\n        """\n' in text
    diags = await ed.diagnostics(uri, lambda d: len(d) == 3)  # the C4 of save() is gone
    c1 = next(d for d in diags if d.code == "C1.unknown-param")
    ignore = next(a for a in await actions(ed, uri, c1) if a.title.startswith("Ignore"))
    assert ignore.edit is not None
    text = ed.apply(uri, ignore.edit)
    assert '            int: The new count for ``sku``.\n        """  # docfact: ignore[C1.unknown-param]\n' in text
    # once saved, that rule is silent there and the other findings stay
    after = await ed.diagnostics(uri, lambda d: len(d) == 2)
    assert ed.summary(after) == [("C2.return-type", 49), ("C3.not-async", 42)]


async def test_no_actions_outside_findings(start, profile):
    ed = await start(profile)
    uri = ed.open("pkg/clean.py")
    await ed.diagnostics(uri)
    got = await ed.client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=pos(6, 0), end=pos(6, 10)), context=types.CodeActionContext(diagnostics=[])))
    assert not got
