"""Fuzzing the language server with generated messages on stdio.

Every case is one message: malformed JSON, unknown methods, requests with wrong parameter
types, positions and ranges out of bounds, didOpen of binary, huge or random text, didChange
with invalid ranges and versions, watched-file events for pipes and missing files, settings of
the wrong type, and now and then a burst of 1,000 changes. Properties: the server stays up,
every request gets a response (a result or an error), nothing is logged as an error and no
traceback reaches stderr, and a hover on an untouched document is answered at every checkpoint
and at the end.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from fuzz_inputs import SCALE, SEED, count, docstring_text, java_source, python_source, text

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from lsp_raw import LSPPROJ, STORE, RawServer, failures, hover_store, open_store

pytestmark = pytest.mark.timeout(int(300 * max(1.0, SCALE)))


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "lspproj"
    shutil.copytree(LSPPROJ, root)
    if hasattr(os, "mkfifo"):
        os.mkfifo(root / "pkg" / "pipe.py")  # indexed at start-up, named in watched-file events
    return root


class Fuzzer:
    """Generates one message per call, keeping a model of the documents it opened."""

    def __init__(self, r: random.Random, root: Path, server: RawServer) -> None:
        self.r = r
        self.root = root
        self.server = server
        self.docs: dict[str, tuple[int, str]] = {}  # uri -> (version, text) as the server should see it
        self.expected: list[Any] = []  # ids that must be answered

    # -- values -------------------------------------------------------------------------------
    def uri(self) -> Any:
        r = self.r
        x = r.random()
        if x < 0.45 and self.docs:
            return r.choice(sorted(self.docs))
        if x < 0.75:
            return (self.root / "fuzz" / f"f{r.randint(0, 9)}{r.choice(('.py', '.java', '.txt', '.pyi'))}").as_uri()
        return r.choice([(self.root / "pkg" / "pipe.py").as_uri(),
                         "untitled:Untitled-1", "file:///", "file:///nonexistent/x.py", "", "::::", 42,
                         None, "file://host/share/x.py", "file:///dev/null", "http://example.com/x.py",
                         (self.root / "pkg").as_uri(), "file:///tmp/%00.py", "file:///" + "a/" * 300 + "x.py"])

    def number(self) -> Any:
        r = self.r
        return r.choice([0, 1, 5, 21, 22, 40, 10_000, -1, -100, 2**31, 2**31 - 1, 2**53, 1.5, "3", None, True,
                         r.randint(0, 60)])

    def position(self) -> Any:
        x = self.r.random()
        if x < 0.7:
            return {"line": self.number(), "character": self.number()}
        return self.r.choice([None, [], "0:0", {}, {"line": 1}, {"line": 0, "character": 0, "extra": 1}])

    def range(self) -> Any:
        if self.r.random() < 0.85:
            return {"start": self.position(), "end": self.position()}
        return self.r.choice([None, "all", {"start": 0}, []])

    def source(self) -> str:
        r = self.r
        x = r.random()
        if x < 0.45:
            return python_source(r)
        if x < 0.6:
            return java_source(r)
        if x < 0.7:
            return text(r, 300)
        if x < 0.78:
            return "x = 1\n\0\0\0" + text(r, 50)  # binary
        if x < 0.81:
            return "def f():\n    '''Return 1.'''\n    return 1\n" * r.choice((30_000, 60_000))  # 1-2 MB
        if x < 0.9:
            return f'def f(x):\n    """{docstring_text(r)}"""\n    return x\n'
        return ""

    # -- messages -----------------------------------------------------------------------------
    def request(self, method: str, params: Any) -> dict[str, Any]:
        msg_id = self.server.new_id()
        self.expected.append(msg_id)
        return {"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params}

    @staticmethod
    def note(method: str, params: Any) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "method": method, "params": params}

    def message(self) -> dict[str, Any] | bytes | list[dict[str, Any]]:
        r = self.r
        kind = r.choices(range(14), weights=[10, 12, 10, 6, 8, 4, 3, 6, 6, 3, 3, 4, 3, 0.15])[0]
        # requests may name the untouched store.py; notifications never change or close it
        td = {"uri": self.uri() if r.random() < 0.8 else (self.root / STORE).as_uri()}
        if kind == 0:  # hover / code action / diagnostic / commands on anything
            method = r.choice(["textDocument/hover", "textDocument/codeAction", "textDocument/diagnostic",
                               "textDocument/hover"])
            params: Any = {"textDocument": td, "position": self.position(), "range": self.range(),
                           "context": r.choice([{"diagnostics": []}, {"diagnostics": [{"range": self.range(),
                                                "message": "x", "code": "C1", "data": r.choice([None, 1, {}])}]},
                                                None, "x"])}
            if r.random() < 0.2:
                params = r.choice([None, [], 1, "x", {"textDocument": 42}, {}])
            return self.request(method, params)
        if kind == 1:  # didOpen
            uri = self.uri()
            src = self.source()
            if isinstance(uri, str) and uri.startswith("file:") and uri != (self.root / STORE).as_uri():
                self.docs[uri] = (1, src)
            return self.note("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": r.choice(["python", "java", "plaintext", "", None]),
                "version": r.choice([1, 1, 0, -5, 2**40, "1"]), "text": src}})
        if kind == 2:  # didChange: valid incremental edits, invalid ranges, full text, bad versions
            uri = r.choice(sorted(self.docs)) if self.docs and r.random() < 0.8 else self.uri()
            version = self.docs.get(uri, (0, ""))[0] + r.choice([1, 1, 1, 0, -3, 100])
            changes: list[Any] = []
            for _ in range(r.randint(0, 3)):
                y = r.random()
                if y < 0.5:
                    changes.append({"range": self.valid_range(uri), "text": r.choice(["", "x", "\n", '"""', "é😀", text(r, 8)])})
                elif y < 0.8:
                    changes.append({"range": self.range(), "text": text(r, 5)})
                elif y < 0.9:
                    changes.append({"text": self.source()})
                else:
                    changes.append(r.choice([None, {}, {"range": self.range()}, "x", {"text": 5}]))
            return self.note("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": changes})
        if kind == 3:  # didSave / didClose
            uri = self.uri()
            if r.random() < 0.5:
                self.docs.pop(uri, None) if isinstance(uri, str) else None
                return self.note("textDocument/didClose", {"textDocument": {"uri": uri}})
            return self.note("textDocument/didSave", {"textDocument": {"uri": uri},
                                                      "text": r.choice([None, "x = 1\n", 5])})
        if kind == 4:  # malformed bodies
            return r.choice([b"", b"{", b"}", b"[]", b"null", b"1", b'"x"', b'{"jsonrpc":"2.0"}',
                             b"\xff\xfe\x00", b'{"jsonrpc":"1.0","id":1,"method":"x"}', b"[" * 5000,
                             b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":' + b"[" * 3000 + b"]" * 3000 + b"}",
                             b'{"jsonrpc":"2.0","id":{"a":1},"method":"textDocument/hover","params":{}}',
                             b'{"jsonrpc":"2.0","id":null,"method":"textDocument/hover","params":{}}',
                             b'{"jsonrpc":"2.0","id":1.5,"method":"shutdownx"}',
                             b'{"jsonrpc":"2.0","result":{},"id":999999}',
                             b'{"jsonrpc":"2.0","error":{"code":1,"message":"x"},"id":"nobody"}',
                             json.dumps({"jsonrpc": "2.0", "method": text(r, 10), "params": {}}).encode("utf-8", "surrogatepass"),
                             text(r, 40).encode("utf-8", "surrogatepass")])
        if kind == 5:  # unknown methods
            name = r.choice(["foo/bar", "textDocument/completion", "textDocument/definition", "docfact/x",
                             "workspace/symbol", "", text(r, 12)])
            return self.request(name, r.choice([{}, None, [], {"x": 1}]))
        if kind == 6:  # $/ notifications and cancellations
            return self.note(r.choice(["$/cancelRequest", "$/setTrace", "$/progress", "$/unknown"]),
                             r.choice([{"id": self.number()}, {"value": "verbose"}, {"token": 1, "value": {}}, None]))
        if kind == 7:  # commands with wrong arguments
            cmd = r.choice(["docfact.checkDocument", "docfact.showScore", "docfact.regenerateDocstring",
                            "docfact.nope", "", None])
            args = r.choice([[], [self.uri()], [self.uri(), self.position()], None, "x", [1, 2, 3]])
            return self.request("workspace/executeCommand", {"command": cmd, "arguments": args})
        if kind == 8:  # requests with parameters of the wrong type
            method = r.choice(["textDocument/hover", "textDocument/codeAction", "workspace/executeCommand",
                               "textDocument/diagnostic"])
            return self.request(method, r.choice([[1, 2], "params", 7, True, {"textDocument": {"uri": 5}},
                                                  {"textDocument": td, "position": "here"}]))
        if kind == 9:  # settings of the wrong type
            return self.note("workspace/didChangeConfiguration", {"settings": r.choice([
                None, 5, {"docfact": {"criteria": "C9", "debounceMs": -1, "maxFileSize": "big",
                                      "severity": [], "exclude": 3, "trigger": "always"}},
                {"docfact": {"llm": {"enabled": "yes", "timeoutSeconds": -2}}}, {"docfact": []},
                {"docfact": {"trigger": "onType", "debounceMs": 0}}])})
        if kind == 10:  # watched-file events, pipes and missing files included
            return self.note("workspace/didChangeWatchedFiles", {"changes": [
                {"uri": self.uri(), "type": r.choice([1, 2, 3, 0, 99, "2"])} for _ in range(r.randint(0, 3))]})
        if kind == 11:  # workspace folders and symbols
            return self.note("workspace/didChangeWorkspaceFolders", {"event": {
                "added": r.choice([[], [{"uri": "file:///nonexistent", "name": "x"}], None]),
                "removed": r.choice([[], [{"uri": self.root.as_uri(), "name": "y"}][:0], "x"])}})
        if kind == 12:  # an id of every type on a hover
            msg = self.request("textDocument/hover", {"textDocument": td, "position": self.position()})
            msg["id"] = r.choice([msg["id"], str(msg["id"]), -msg["id"]])
            self.expected[-1] = msg["id"]
            return msg
        return self.burst()

    def valid_range(self, uri: Any) -> dict[str, Any]:
        _, src = self.docs.get(uri, (0, ""))
        lines = src.split("\n")
        a = self.r.randint(0, len(lines) - 1)
        b = self.r.randint(a, min(len(lines) - 1, a + 3))
        return {"start": {"line": a, "character": self.r.randint(0, len(lines[a]))},
                "end": {"line": b, "character": self.r.randint(0, len(lines[b]) + 2)}}

    def burst(self) -> list[dict[str, Any]]:
        """1,000 single-character edits of one document."""
        uri = (self.root / "fuzz" / "burst.py").as_uri()
        msgs = [self.note("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": 'def f(x):\n    """Return x."""\n    return x\n'}})]
        for v in range(2, 1002):
            msgs.append(self.note("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                  "contentChanges": [{"range": {"start": {"line": 1, "character": 15},
                                                                "end": {"line": 1, "character": 15}},
                                                      "text": "ab"[v % 2]}]}))
        self.docs.pop(uri, None)
        return msgs


async def test_server_survives_generated_messages(workspace: Path, tmp_path: Path, cases) -> None:
    n = count(4000)
    r = random.Random(f"{SEED}:lsp")
    async with RawServer(workspace, tmp_path / "cache" / "x") as server:
        await server.initialize({"trigger": "onType", "debounceMs": 20})
        await open_store(server, workspace)
        fuzzer = Fuzzer(r, workspace, server)
        sent = 0
        log: list[Any] = []  # the last messages, for the failure report
        while sent < n:
            msg = fuzzer.message()
            batch = msg if isinstance(msg, list) else [msg]
            for m in batch:
                if isinstance(m, bytes):
                    server.send_bytes(m)
                else:
                    server.send(m)
            log = [*log[-30:], msg if not isinstance(msg, list) else f"<burst of {len(msg)}>"]
            sent += 1
            cases.add()
            if sent % 50 == 0:
                await server.drain()
            if sent % 500 == 0:  # checkpoint: still serving, nothing went wrong so far
                assert server.alive, server.stderr.decode("utf-8", "replace")[-3000:]
                await hover_store(server, workspace)
                assert not failures(server), (failures(server)[:3], [str(x)[:300] for x in log])
        await server.drain()
        await hover_store(server, workspace)
        try:  # requests queued behind checks of big documents may still be on their way
            await server.wait_for(lambda: all(server.answered(i) for i in fuzzer.expected), 90, "answers")
        except AssertionError:
            missing = [i for i in fuzzer.expected if not server.answered(i)]
            raise AssertionError(f"{len(missing)} requests never answered, e.g. {missing[:5]}") from None
        assert server.alive
        assert not failures(server), failures(server)[:3]


async def test_requests_after_shutdown_get_errors_and_exit_ends_the_process(workspace: Path, tmp_path: Path,
                                                                         cases) -> None:
    r = random.Random(f"{SEED}:shutdown")
    async with RawServer(workspace, tmp_path / "cache" / "x") as server:
        await server.initialize()
        await open_store(server, workspace)
        assert (await server.request("shutdown", None)).get("result") is None
        fuzzer = Fuzzer(r, workspace, server)
        for _ in range(count(200)):
            msg = fuzzer.message()
            for m in msg if isinstance(msg, list) else [msg]:
                server.send_bytes(m) if isinstance(m, bytes) else server.send(m)
            cases.add()
        await server.drain()
        await server.wait_for(lambda: all(server.answered(i) for i in fuzzer.expected), 30,
                              "answers to every request sent after shutdown")
        answered = [server.responses[i] for i in fuzzer.expected]
        assert all("error" in a for a in answered), [a for a in answered if "error" not in a][:3]
        assert not failures(server), failures(server)[:3]
        server.send({"jsonrpc": "2.0", "method": "exit"})
        await server.drain()
        assert server.proc is not None
        assert await asyncio.wait_for(server.proc.wait(), 10) == 0
