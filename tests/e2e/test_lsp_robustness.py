"""The server keeps serving: syntax errors, a 5 MB file, a binary file, malformed requests and a
burst of 1,000 didChange notifications (debounced, memory flat)."""

from __future__ import annotations

import asyncio
import json
import uuid
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

pytestmark = pytest.mark.timeout(90)

STORE = "pkg/store.py"
BROKEN = '''"""A module with a syntax error further down."""


def fine(x: int) -> int:
    """Return ``x``.

    This is particularly useful in web crawlers.
    """
    return x


def broken(:
    """Never parsed."""
    return
'''


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def logged(ed, needle: str, timeout: float = 10.0) -> list[str]:
    for _ in range(int(timeout / 0.05)):
        found = [m.message for m in ed.client.log_messages if needle in m.message]
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"nothing logged containing {needle!r}")


async def still_serving(ed) -> None:
    uri = ed.uri(STORE)
    if uri not in ed.versions:
        ed.open(STORE)
    diags = await ed.diagnostics(uri, lambda d: len(d) == 4)
    assert len(diags) == 4
    h = await ed.client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=22, character=20)))
    assert h is not None


async def test_syntax_error_big_and_binary_files(start, profile, workspace):
    ed = await start(profile)
    broken = ed.open("pkg/broken.py", BROKEN)
    diags = await ed.diagnostics(broken, lambda d: len(d) >= 1)
    assert [(d.code, d.range.start.line + 1) for d in diags] == [("C4.speculative", 7)]  # the intact part is judged
    assert await logged(ed, "syntax errors near line")

    big = "\n".join(f"def f{i}(x: int) -> int:\n    \"\"\"Return ``x``.\"\"\"\n    return x\n"
                    for i in range(80_000))
    assert len(big) > 5_000_000
    (workspace / "pkg" / "big.py").write_text(big)
    big_uri = ed.open("pkg/big.py", big)
    assert await ed.diagnostics(big_uri) == []
    [msg] = await logged(ed, "big.py not checked")
    assert "oversized" in msg and "maxFileSize" in msg
    ed.save(big_uri, write=False)  # saving again logs nothing new
    binary_uri = ed.open("pkg/blob.py", "x = 1\n\0\0\0binary\n")
    assert await ed.diagnostics(binary_uri) == []
    assert await logged(ed, "blob.py not checked: binary file")
    await still_serving(ed)
    assert len([m for m in ed.client.log_messages if "big.py not checked" in m.message]) == 1
    assert not [m for m in ed.client.log_messages if m.type == types.MessageType.Error]


async def test_malformed_requests_get_errors(start, profile):
    ed = await start(profile)
    ed.open(STORE)
    for method, params in ((types.TEXT_DOCUMENT_HOVER, {"textDocument": 42}),
                           (types.TEXT_DOCUMENT_CODE_ACTION, {"range": "everywhere"}),
                           (types.WORKSPACE_EXECUTE_COMMAND, {"command": 7}),
                           ("docfact/noSuchMethod", {})):
        with pytest.raises(JsonRpcException):
            await raw_request(ed, method, params)
    # a malformed notification is logged and dropped
    await raw_message(ed, {"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_DID_CHANGE, "params": {"bad": True}})
    # requests about documents the server does not know are answered with nothing
    other = types.TextDocumentIdentifier(uri=ed.uri("pkg/missing.py"))
    assert await ed.client.text_document_hover_async(
        types.HoverParams(text_document=other, position=types.Position(line=0, character=0))) is None
    far = types.Position(line=10_000, character=10_000)
    assert await ed.client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=ed.uri(STORE)), position=far)) is None
    await still_serving(ed)


async def raw_message(ed, message: dict) -> None:
    """Write one JSON-RPC message as is (the client library would refuse to serialize it)."""
    body = json.dumps(message).encode()
    stdin = ed.client._server.stdin
    stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    await stdin.drain()


async def raw_request(ed, method: str, params: dict) -> object:
    msg_id = f"raw-{uuid.uuid4()}"
    fut: asyncio.Future = asyncio.get_running_loop().create_future()
    ed.client.protocol._request_futures[msg_id] = fut
    await raw_message(ed, {"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
    return await asyncio.wait_for(fut, 10)


async def test_a_burst_of_changes_is_debounced(start, profile):
    ed = await start(profile, init_options={"trigger": "onType", "debounceMs": 150})
    uri = ed.open(STORE)
    await ed.diagnostics(uri, lambda d: len(d) == 4)
    pid = ed.client._server.pid
    before = rss_kb(pid)
    base = ed.texts[uri]
    for i in range(1000):
        ed.change(uri, base.replace("How many items to add.", f"How many items to add ({i})."))
    final = base.replace("amount (int)", "count (int)")
    ed.change(uri, final)
    diags = await ed.diagnostics(uri, lambda d: len(d) == 3)
    assert "C1.unknown-param" not in {d.code for d in diags}
    await asyncio.sleep(0.3)
    checks = [m for m in ed.client.log_messages if "checked store.py" in m.message]
    assert len(checks) <= 4, len(checks)  # open + at most a few debounced runs, not 1,001
    after = rss_kb(pid)
    assert after - before < 60_000, (before, after)  # KiB
    await still_serving_after_change(ed, uri)


async def still_serving_after_change(ed, uri: str) -> None:
    h = await ed.client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=41, character=15)))
    assert h is not None and isinstance(h.contents, types.MarkupContent) and "C3" in h.contents.value
