"""Diagnostics: contract fields, open/save/close, onType debounce, cache, cross-file and watched files."""

from __future__ import annotations

import asyncio
import re

import pytest
from lsprotocol import types

pytestmark = pytest.mark.timeout(60)

STORE = "pkg/store.py"
# (code: the rule id, 1-based line) of the planted inconsistencies of pkg/store.py
STORE_FINDINGS = [("C1.unknown-param", 23), ("C2.return-type", 51), ("C3.not-async", 42), ("C4.speculative", 44)]


async def test_open_publishes_one_diagnostic_per_sentence_and_criterion(start, profile):
    ed = await start(profile)
    uri = ed.open(STORE)
    diags = await ed.diagnostics(uri, lambda d: len(d) >= 4)
    assert ed.summary(diags) == sorted(STORE_FINDINGS)
    c1 = next(d for d in diags if d.code == "C1.unknown-param")
    assert c1.source == "docfact"
    # the range is exactly the field item `amount (int): How many items to add.`
    assert (c1.range.start.line, c1.range.start.character) == (22, 12)
    assert (c1.range.end.line, c1.range.end.character) == (22, 48)
    assert c1.severity == types.DiagnosticSeverity.Warning
    # the code links to the rule's heading in docs/rules.md (GitHub's anchor drops the dot)
    assert c1.code_description is not None
    assert c1.code_description.href == "https://github.com/docfact/docfact/blob/main/docs/rules.md#c1unknown-param"
    assert "`amount` is not a parameter of `add`" in c1.message
    assert c1.related_information and c1.related_information[0].location.uri == uri
    assert c1.related_information[0].location.range.start.line == 17  # def add(...)
    assert c1.data["criterion"] == "C1" and c1.data["rule"] == "C1.unknown-param"
    assert c1.data["judge"] == "static" and c1.data["fix"]["newText"] == "count"
    assert 0 < c1.data["score"] < 1 and c1.data["docId"] == "Store.add@18"
    c4 = next(d for d in diags if d.code == "C4.speculative")
    assert c4.data["criterion"] == "C4" and c4.data["rule"] == "C4.speculative"
    assert c4.severity == types.DiagnosticSeverity.Information


async def test_clean_file_and_java(start, profile):
    ed = await start(profile)
    clean = ed.open("pkg/clean.py")
    java = ed.open("java/com/acme/Greeter.java")
    assert await ed.diagnostics(clean) == []
    diags = await ed.diagnostics(java, lambda d: len(d) >= 3)
    assert ed.summary(diags) == [("C1.unknown-param", 10), ("C2.return-type", 20), ("C3.raises-not-raised", 21)]


TS_CART = """\
/**
 * Adds 🛒 items to the cart.
 * @param {string} sku the item 🍎
 * @param {number} cuont how many 🍏
 */
export function add(sku: string, count: number): void {
  console.log(sku, count);
}
"""


@pytest.mark.parametrize("rel", ["web/cart.ts", "web/cart.tsx", "web/cart.js"])
async def test_typescript_and_javascript_documents_get_diagnostics(start, rel):
    ed = await start("visual-studio-code@v1.65.2")
    text = TS_CART if rel.endswith((".ts", ".tsx")) else TS_CART.replace(": string", "").replace(": number", "").replace(": void", "")
    uri = ed.open(rel, text)
    diags = await ed.diagnostics(uri, lambda d: len(d) >= 1)
    assert ed.summary(diags) == [("C1.unknown-param", 4)]
    d = diags[0]
    assert d.data["rule"] == "C1.unknown-param" and d.data["fix"]["newText"] == "count"
    # the whole `@param` item, in UTF-16 columns (the emoji at its end is two code units)
    assert (d.range.start.line, d.range.start.character) == (3, 3)
    assert (d.range.end.line, d.range.end.character) == (3, 36)


async def test_save_rechecks_and_close_clears(start, profile):
    ed = await start(profile)
    uri = ed.open(STORE)
    await ed.diagnostics(uri, lambda d: len(d) == 4)
    text = ed.texts[uri].replace("amount (int)", "count (int)")
    ed.edit_and_save(uri, text)
    diags = await ed.diagnostics(uri, lambda d: len(d) == 3)
    assert "C1.unknown-param" not in {d.code for d in diags}
    if not ed.pull:
        ed.client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        assert await ed.diagnostics(uri, lambda d: d == []) == []


async def test_on_save_trigger_waits_for_save(start, profile):
    ed = await start(profile)
    uri = ed.open(STORE)
    await ed.diagnostics(uri, lambda d: len(d) == 4)
    ed.change(uri, ed.texts[uri].replace("amount (int)", "count (int)"))
    await ed.client.text_document_hover_async(types.HoverParams(  # a round trip
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=0)))
    if not ed.pull:
        assert len(ed.client.diagnostics[uri]) == 4  # unchanged until saved
    ed.save(uri)
    await ed.diagnostics(uri, lambda d: len(d) == 3)


async def test_on_type_trigger_is_debounced(start, profile):
    ed = await start(profile, init_options={"trigger": "onType", "debounceMs": 100})
    uri = ed.open(STORE)
    await ed.diagnostics(uri, lambda d: len(d) == 4)
    ed.change(uri, ed.texts[uri].replace("amount (int)", "count (int)"))
    await ed.diagnostics(uri, lambda d: len(d) == 3)


async def test_unchanged_docs_are_not_judged_again(start, profile):
    ed = await start(profile)
    uri = ed.open(STORE)
    await ed.diagnostics(uri, lambda d: len(d) == 4)
    text = ed.texts[uri].replace("List the known SKUs.", "List every known SKU.")
    ed.edit_and_save(uri, text)

    def checks() -> list[str]:
        return [m.message for m in ed.client.log_messages if "checked store.py" in m.message]

    for _ in range(200):
        if len(checks()) >= 2:
            break
        await asyncio.sleep(0.05)
    first, second = checks()[:2]
    assert "7 docs, 7 judged, 0 reused" in first
    # the edited method, its class and the module are judged again; the other methods are not
    m = re.search(r"7 docs, (\d) judged, (\d) reused", second)
    assert m and int(m.group(1)) <= 4 and int(m.group(2)) >= 3, second
    assert len(await ed.diagnostics(uri, lambda d: len(d) == 4)) == 4


async def test_edits_inside_methods_move_and_update_the_diagnostics(start, profile):
    """Saves of edits inside one method's body (after the first save the server re-indexes the
    edited method alone and keeps the rest of the file's index, moved): a fix in a docstring
    clears its finding, and the findings below an edit move with their sentences."""
    ed = await start(profile)
    uri = ed.open(STORE)
    before = {d.code: d.range for d in await ed.diagnostics(uri, lambda d: len(d) == 4)}
    ed.edit_and_save(uri, ed.texts[uri].replace("amount (int)", "count (int)"))
    await ed.diagnostics(uri, lambda d: len(d) == 3)
    body = "        removed = rules.stale(self.items, minimum)\n"
    ed.edit_and_save(uri, ed.texts[uri].replace(body, body + "        kept = len(self.items)\n        del kept\n"))
    moved = [("C2.return-type", 53), ("C3.not-async", 44), ("C4.speculative", 46)]
    after = await ed.diagnostics(uri, lambda d: ed.summary(d) == moved)
    for d in after:  # the same sentences, two lines lower
        r = before[d.code]
        assert (d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character) == (
            r.start.line + 2, r.start.character, r.end.line + 2, r.end.character)
    ed.edit_and_save(uri, ed.texts[uri].replace("Returns a dict of SKUs.", "Returns a list of SKUs."))
    assert ed.summary(await ed.diagnostics(uri, lambda d: len(d) == 2)) == moved[1:]


async def test_rename_in_one_file_flags_docstring_in_another_open_file(start, profile):
    ed = await start(profile)
    store = ed.open(STORE)
    rules = ed.open("pkg/rules.py")
    await ed.diagnostics(store, lambda d: len(d) == 4)
    await ed.diagnostics(rules)
    ed.edit_and_save(rules, ed.texts[rules].replace("should_remove", "is_stale"))
    diags = await ed.diagnostics(store, lambda d: len(d) == 5)
    new = [d for d in diags if d.code == "C1.unknown-name" and "should_remove" in d.message]
    assert [d.range.start.line + 1 for d in new] == [34]


async def test_watched_file_change_updates_the_graph(start, profile):
    ed = await start(profile)
    store = ed.open(STORE)
    await ed.diagnostics(store, lambda d: len(d) == 4)
    rules = ed.root / "pkg" / "rules.py"
    rules.write_text(rules.read_text().replace("should_remove", "is_stale"))
    ed.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=rules.as_uri(), type=types.FileChangeType.Changed)]))
    diags = await ed.diagnostics(store, lambda d: len(d) == 5)
    assert any("should_remove" in d.message for d in diags)
    if profile.startswith("visual-studio-code"):
        regs = [r for p in ed.registrations for r in p.registrations]
        assert regs and regs[0].method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
        globs = [w["globPattern"] for w in regs[0].register_options["watchers"]]
        assert globs == ["**/*.{py,pyi}", "**/*.java", "**/*.{ts,tsx,mts,cts}", "**/*.{js,jsx,mjs,cjs}",
                         "**/{tsconfig.json,jsconfig.json,package.json}"]
    else:
        assert ed.registrations == []  # Neovim 0.7 has no dynamic registration


TS_APP = {
    "tsapp/tsconfig.json": '{ "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["src/a/*"] } } }\n',
    "tsapp/src/a/util.ts": ("/** Checks a count. */\nexport function helper(x: number): number {\n"
                            "  if (x < 0) {\n    throw new RangeError(\"negative\");\n  }\n  return x;\n}\n"),
    "tsapp/src/b/util.ts": "/** Checks a count. */\nexport function helper(x: number): number {\n  return x;\n}\n",
    "tsapp/src/main.ts": ('import { helper } from "@app/util";\n\n/**\n * Doubles a count.\n'
                          " * @throws {RangeError} when x is negative.\n */\n"
                          "export function run(x: number): number {\n  return helper(x) * 2;\n}\n"),
}


async def test_a_changed_tsconfig_changes_what_imports_name(start, profile):
    ed = await start(profile)
    events = []
    for rel, text in TS_APP.items():
        path = ed.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        events.append(types.FileEvent(uri=path.as_uri(), type=types.FileChangeType.Created))
    ed.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=events))
    main = ed.open("tsapp/src/main.ts")
    # "@app/util" is src/a/util.ts, whose helper throws the RangeError the doc promises
    for _ in range(100):
        if sum("checked main.ts" in m.message for m in ed.client.log_messages) >= 1:
            break
        await asyncio.sleep(0.05)
    assert await ed.diagnostics(main) == []
    config = ed.root / "tsapp" / "tsconfig.json"
    config.write_text(config.read_text().replace("src/a/", "src/b/"))
    ed.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Changed)]))
    # now it is src/b/util.ts, which throws nothing: the claim is wrong
    diags = await ed.diagnostics(main, lambda d: len(d) == 1)
    assert diags[0].data["rule"] == "C3.raises-not-raised" and diags[0].range.start.line == 4


async def test_watched_files_created_and_deleted(start, profile):
    ed = await start(profile)
    store = ed.open(STORE)
    await ed.diagnostics(store, lambda d: len(d) == 4)
    extra = ed.root / "pkg" / "extra.py"
    extra.write_text('def run() -> None:\n    """Run.\n\n    This is particularly useful in web crawlers.\n    """\n')
    rules = ed.root / "pkg" / "rules.py"
    rules.unlink()
    ed.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=extra.as_uri(), type=types.FileChangeType.Created),
        types.FileEvent(uri=rules.as_uri(), type=types.FileChangeType.Deleted)]))
    for _ in range(100):  # the dependents of the deleted file (prune in store.py) are re-checked
        if sum("checked store.py" in m.message for m in ed.client.log_messages) >= 2:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("store.py was not re-checked")
    res = await ed.command("docfact.checkWorkspace")
    assert res["total"] == 5  # 5 files - rules.py + extra.py
    assert ed.summary(ed.client.diagnostics[extra.as_uri()]) == [("C4.speculative", 4)]
    assert rules.as_uri() not in ed.client.diagnostics


@pytest.mark.parametrize("pull_profile", ["neovim@v0.11.0", "visual-studio-code@v1.65.2"])
async def test_pull_diagnostics_when_the_client_supports_them(start, pull_profile):
    ed = await start(pull_profile, pull=True)
    assert ed.pull
    assert ed.init_result is not None and ed.init_result.capabilities.diagnostic_provider is not None
    uri = ed.open(STORE)
    diags = await ed.diagnostics(uri, lambda d: len(d) == 4)
    assert ed.summary(diags) == sorted(STORE_FINDINGS)
    assert uri not in ed.client.diagnostics  # nothing pushed


async def test_pull_answers_unchanged_until_the_diagnostics_change(start):
    """A client that sends back the last result id gets "unchanged" until the diagnostics
    differ: a whitespace edit outside every doc keeps them, fixing a finding does not."""
    ed = await start("visual-studio-code@v1.65.2", pull=True)
    uri = ed.open(STORE)
    await ed.diagnostics(uri, lambda d: len(d) == 4)

    async def pull(previous: str | None) -> types.DocumentDiagnosticReport:
        return await ed.client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=previous))

    full = await pull(None)
    assert full.kind == "full" and len(full.items) == 4 and full.result_id
    same = await pull(full.result_id)
    assert same.kind == "unchanged" and same.result_id == full.result_id
    ed.edit_and_save(uri, ed.texts[uri] + "\n")  # a new version, the same diagnostics
    assert (await pull(full.result_id)).kind == "unchanged"
    ed.edit_and_save(uri, "\n" + ed.texts[uri])  # every range moves down one line
    again = await pull(full.result_id)
    assert again.kind == "full" and [d.range.start.line for d in again.items] == [
        d.range.start.line + 1 for d in full.items]
    ed.edit_and_save(uri, ed.texts[uri].replace("amount (int)", "count (int)"))
    fixed = await ed.diagnostics(uri, lambda d: len(d) == 3)
    assert "C1.unknown-param" not in {d.code for d in fixed}
    assert (await pull(again.result_id)).kind == "full"


async def test_cached_verdicts_are_dropped_when_their_context_changes(start, profile):
    ed = await start(profile)
    res = await ed.command("docfact.checkWorkspace")  # judges (and caches) store.py from disk
    assert res["findings"] == 7
    rules = ed.root / "pkg" / "rules.py"
    rules.write_text(rules.read_text().replace("should_remove", "is_stale"))
    ed.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=rules.as_uri(), type=types.FileChangeType.Changed)]))
    await asyncio.sleep(0.5)
    store = ed.open(STORE)  # not re-judged from scratch: only what rules.py's change touched
    diags = await ed.diagnostics(store, lambda d: len(d) == 5)
    assert [d.range.start.line + 1 for d in diags if "should_remove" in d.message] == [34]
    [line] = [m.message for m in ed.client.log_messages if "checked store.py" in m.message][-1:]
    assert "0 reused" not in line and "7 reused" not in line, line


@pytest.mark.asyncio
async def test_a_second_start_indexes_from_the_store_and_says_the_same(start, profile, workspace):
    """A second server on an unchanged workspace shows the kept diagnostics at once and parses
    nothing; after a file changed on disk it parses only that file. The diagnostics are the
    same each time."""
    async def session() -> tuple[list[tuple[str, int]], int, int, bool]:
        ed = await start(profile)
        uri = ed.open(STORE)
        diags = await ed.diagnostics(uri, lambda d: len(d) > 0)
        deadline = asyncio.get_running_loop().time() + 30
        while not any("docfact: indexed" in m.message for m in ed.client.log_messages):
            assert asyncio.get_running_loop().time() < deadline, "no indexing log line"
            await asyncio.sleep(0.05)
        [line] = [m.message for m in ed.client.log_messages if "docfact: indexed" in m.message]
        stored = re.search(r"indexed (\d+) files .* \((\d+) from the store\)", line)
        assert stored is not None, line
        kept = any("kept from the last session" in m.message for m in ed.client.log_messages)
        first_check = any("first diagnostics from the file" in m.message for m in ed.client.log_messages)
        assert kept != first_check  # one or the other comes before the whole index
        await ed.client.shutdown_session()
        return ed.summary(diags), int(stored.group(1)), int(stored.group(2)), kept

    first, files, from_store, kept = await session()
    # (the modules the open document imports were indexed, and stored, for its first check)
    assert from_store < files and files >= 2 and not kept
    second, files2, from_store2, kept2 = await session()
    assert second == first and files2 == files and from_store2 == files and kept2
    other = next(p for p in sorted(workspace.rglob("*.py")) if p.name != "store.py")
    other.write_text(other.read_text(encoding="utf-8") + "\n# edited between the two starts\n", encoding="utf-8")
    third, files3, from_store3, kept3 = await session()
    assert third == first and files3 == files
    assert not kept3  # the workspace changed: judged again
    assert from_store3 >= files - 1  # at most the edited file parsed again
