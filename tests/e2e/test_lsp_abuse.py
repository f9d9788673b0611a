"""The server under abuse: what the fuzz suite found (kept as regression tests), hostile files in
the workspace, and memory over long sessions. Every scenario ends with a hover on a finding,
which proves the server still serves. Raw JSON-RPC on stdio (tests/lsp_raw.py)."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from lsp_raw import LSPPROJ, STORE, RawServer, failures, hover_store, open_store

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "lspproj"
    shutil.copytree(LSPPROJ, root)
    return root


async def started(ws: Path, tmp_path: Path, **init: object) -> RawServer:
    server = RawServer(ws, tmp_path / "home" / "cache")
    await server.__aenter__()
    await server.initialize(init or None)
    await open_store(server, ws)
    return server


async def test_fuzz_found_messages_are_answered_or_dropped_not_internal_errors(ws: Path, tmp_path: Path) -> None:
    server = await started(ws, tmp_path)
    try:
        # a file URI with a NUL character: "ValueError: embedded null byte" in every handler
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": "file:///tmp/%00.py", "languageId": "python", "version": 1, "text": "x = 1\n"}}})
        # a change to a document that is not open: pygls' KeyError, reported as an internal error
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": (ws / "pkg" / "never.py").as_uri(), "version": 2},
            "contentChanges": [{"text": "y = 2\n"}]}})
        # a body that is not JSON, and an unknown command: the client's mistakes, not ours
        server.send_bytes(b'{"jsonrpc": "2.0", "method": ')
        reply = await server.request("workspace/executeCommand", {"command": "docfact.nope", "arguments": []})
        assert "not defined" in reply["error"]["message"]
        # a position no LSP Position can hold: "ValueError: Position.line should be in range"
        for bad in ({"line": 2**53, "character": 0}, {"line": True, "character": 0}):
            reply = await server.request("workspace/executeCommand", {
                "command": "docfact.regenerateDocstring", "arguments": [(ws / STORE).as_uri(), bad]})
            assert reply["error"]["code"] == -32602 and "invalid position" in reply["error"]["message"]
        # found by the long fuzz run: the client answers workspace/applyEdit with `null` (this
        # client answers every request so); the command waited for a valid answer forever
        reply = await server.request("workspace/executeCommand", {
            "command": "docfact.regenerateDocstring",
            "arguments": [(ws / STORE).as_uri(), {"line": 22, "character": 20}]}, 10)
        assert "the client's answer is malformed" in reply["error"]["message"], reply
        await hover_store(server, ws)
        await server.wait_for(lambda: any("which is not open" in m for m in server.log_messages(2)), 10,
                              "the warning about the change to a closed document")
        assert any("rejected a malformed message" in m for m in server.log_messages(2))
        assert failures(server) == []
    finally:
        await server.__aexit__(None, None, None)


async def test_requests_after_shutdown_are_refused_with_an_error(ws: Path, tmp_path: Path) -> None:
    server = await started(ws, tmp_path)
    try:
        await server.request("shutdown", None)
        reply = await server.request("textDocument/hover", {
            "textDocument": {"uri": (ws / STORE).as_uri()}, "position": {"line": 22, "character": 20}}, 10)
        assert reply["error"]["code"] == -32600 and "shutting down" in reply["error"]["message"]
        server.send({"jsonrpc": "2.0", "method": "exit"})
        await server.drain()
        assert server.proc is not None
        assert await asyncio.wait_for(server.proc.wait(), 10) == 0
    finally:
        await server.__aexit__(None, None, None)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
async def test_pipes_and_broken_links_in_the_workspace_are_skipped_with_a_log_line(ws: Path, tmp_path: Path) -> None:
    os.mkfifo(ws / "pkg" / "fifo.py")
    os.symlink("loop.py", ws / "pkg" / "loop.py")
    server = await started(ws, tmp_path)
    try:
        wanted = ("fifo.py: not a regular file: a named pipe (FIFO)", "loop.py: symlink loop")
        # the skip lines come while the workspace is indexed, after the first diagnostics
        await server.wait_for(lambda: all(any(w in m for m in server.log_messages(3)) for w in wanted), 20,
                              "the two skip lines")
        logs = server.log_messages(3)
        assert any("fifo.py: not a regular file: a named pipe (FIFO)" in m for m in logs), logs
        assert any("loop.py: symlink loop" in m for m in logs), logs
        # a watched-file event names the pipe: read_source refuses it at once
        server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": {
            "changes": [{"uri": (ws / "pkg" / "fifo.py").as_uri(), "type": 2}]}})
        await server.wait_for(lambda: any("fifo.py not indexed: not a regular file" in m
                                          for m in server.log_messages(3)), 10, "the log line about the pipe")
        await hover_store(server, ws)
        assert failures(server) == []
    finally:
        await server.__aexit__(None, None, None)


BIG = "".join(f'''
def f{i}(items: list[int], n: int = {i}) -> int:
    """Return the sum of ``items`` plus ``n``.

    Args:
        items (list[int]): The values.
        n (int): Added at the end.
    """
    return sum(items) + n
''' for i in range(700))


async def test_memory_stays_flat_over_10000_edits_and_1000_open_close_cycles(ws: Path, tmp_path: Path) -> None:
    assert 30_000 < len(BIG) < 1_000_000
    server = await started(ws, tmp_path, trigger="onType", debounceMs=30)
    try:
        big = ws / "pkg" / "big.py"
        big.write_text(BIG)
        uri = server.open(big, BIG)
        await server.wait_for(lambda: server.diagnostics(uri) is not None, 60, "the first check of big.py")
        small = ws / "pkg" / "small.py"
        small.write_text('def g(x: int) -> int:\n    """Return ``x`` asynchronously."""\n    return x\n')
        version = 1

        async def edits(n: int) -> None:
            # type into a docstring as a user would: a character per edit, a new line every 40
            # (new text and shifted lines, so new positions all the time), and after 500 edits
            # remove what was typed; each burst of 500 is checked before the next
            nonlocal version
            for i in range(n):
                version += 1
                k = i % 500
                if k < 499:
                    line, col = 3 + k // 40, k % 40
                    pos = {"line": line, "character": col}
                    change = {"range": {"start": pos, "end": pos}, "text": "\n" if col == 39 else "abcdefg"[k % 7]}
                else:
                    change = {"range": {"start": {"line": 3, "character": 0},
                                        "end": {"line": 3 + 498 // 40, "character": 498 % 40}}, "text": ""}
                server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
                if k in (249, 499):  # a burst, then its check (one at a time: a steady state)
                    published = len(server.notifications)
                    await server.drain()
                    await server.wait_for(lambda n=published: any(
                        m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
                        for m in server.notifications[n:]), 30, "the check after a burst")

        async def cycles(n: int) -> None:
            for i in range(n):
                small_uri = server.open(small, version=i + 1)
                server.send({"jsonrpc": "2.0", "method": "textDocument/didClose",
                             "params": {"textDocument": {"uri": small_uri}}})
                if i % 100 == 99:
                    await server.drain()
                    await server.hover((ws / STORE).as_uri(), 22, 20)  # wait for the queue to empty

        await edits(2000)  # warm up: allocator pools, caches, the parser
        await cycles(200)
        await hover_store(server, ws)
        before = server.rss_kb()
        await edits(10_000)
        await cycles(1000)
        await hover_store(server, ws)
        after = server.rss_kb()
        assert after <= before * 1.10, (before, after)  # KiB
        assert failures(server) == []
    finally:
        await server.__aexit__(None, None, None)


async def test_an_endpoint_that_never_answers_does_not_hold_up_the_server(ws: Path, tmp_path: Path) -> None:
    from llm_fake_server import FakeLlmServer, FakeResponse

    secret = "sk-test-LSP-HANG-0123456789"
    with FakeLlmServer() as fake:
        fake.script(*[FakeResponse(delay=30) for _ in range(100)])
        server = RawServer(ws, tmp_path / "home" / "cache", env={"DOCFACT_HANG_KEY": secret})
        await server.__aenter__()
        try:
            await server.initialize({"llm": {"enabled": True, "baseUrl": fake.base_url, "model": "m",
                                             "apiKeyEnv": "DOCFACT_HANG_KEY", "timeoutSeconds": 1}})
            await open_store(server, ws)  # the static diagnostics do not wait for the model
            server.send({"jsonrpc": "2.0", "method": "textDocument/didSave",
                         "params": {"textDocument": {"uri": (ws / STORE).as_uri()}}})  # the LLM pass
            await server.wait_for(lambda: fake.count() > 0, 20, "a request to the endpoint")
            started = asyncio.get_running_loop().time()
            await hover_store(server, ws)
            assert asyncio.get_running_loop().time() - started < 2.0
            await server.wait_for(lambda: any("LLM" in m for m in server.log_messages(3)), 30,
                                  "the one message about the endpoint")
            everything = json.dumps(server.notifications) + server.stderr.decode("utf-8", "replace")
            assert secret not in everything
            assert fake.requests[0].headers.get("authorization") == f"Bearer {secret}"
            await hover_store(server, ws)
            assert failures(server) == []
        finally:
            await server.__aexit__(None, None, None)
