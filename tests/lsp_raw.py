"""A raw JSON-RPC client for ``docfact serve`` on stdio: it writes any bytes, well-formed or not.

pytest-lsp's client refuses to send what does not type-check; abuse tests need to send
malformed JSON, wrong parameter types and invalid ranges, so this one frames bytes itself and
reads every message the server writes (responses by id, notifications in order). The server
runs with ``PYTHONPATH`` set to this checkout and its cache under ``cache_home``.

    async with RawServer(root, cache_home) as server:
        await server.initialize()
        reply = await server.request("textDocument/hover", {...})   # the whole response
        server.send({...}); server.send_bytes(b"{not json")
        server.log_messages(), server.rss_kb(), server.alive
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

SERVER_DIR = Path(__file__).resolve().parents[1] / "server"
LSPPROJ = Path(__file__).resolve().parent / "workspaces" / "lspproj"
STORE = "pkg/store.py"  # of LSPPROJ
HOVER_AT = {"line": 22, "character": 20}  # the C1 finding on "amount" in Store.add's docstring


class RawServer:
    def __init__(self, root: Path, cache_home: Path, env: dict[str, str] | None = None) -> None:
        self.root = root
        self.cache_home = cache_home
        self.env = env or {}
        self.proc: asyncio.subprocess.Process | None = None
        self.responses: dict[Any, dict[str, Any]] = {}
        self.notifications: list[dict[str, Any]] = []
        self.stderr = bytearray()
        self._waiters: dict[Any, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._next_id = 0

    async def __aenter__(self) -> RawServer:
        env = {**os.environ, "PYTHONPATH": str(SERVER_DIR), "XDG_CACHE_HOME": str(self.cache_home),
               "HOME": str(self.cache_home.parent), **self.env}
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "docfact", "serve", cwd=self.root, env=env,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            limit=1 << 26)
        self._tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._read_stderr())]
        return self

    async def __aexit__(self, *exc: object) -> None:
        proc = self.proc
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.request("shutdown", None), 5)
                self.send({"jsonrpc": "2.0", "method": "exit"})
            try:
                await asyncio.wait_for(proc.wait(), 5)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        for t in self._tasks:
            t.cancel()

    # -- writing ------------------------------------------------------------------------------
    def send_bytes(self, body: bytes, header: bytes | None = None) -> None:
        """Frame ``body`` with a Content-Length header (or the given raw header) and write it."""
        assert self.proc is not None and self.proc.stdin is not None
        head = header if header is not None else b"Content-Length: %d\r\n\r\n" % len(body)
        self.proc.stdin.write(head + body)

    def send(self, message: dict[str, Any]) -> None:
        self.send_bytes(json.dumps(message).encode("utf-8", "surrogatepass"))

    def new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def expect(self, msg_id: Any) -> asyncio.Future[dict[str, Any]]:
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        key = _key(msg_id)
        if key in self.responses:
            fut.set_result(self.responses[key])
        else:
            self._waiters[key] = fut
        return fut

    async def request(self, method: str, params: Any, timeout: float = 15.0) -> dict[str, Any]:
        msg_id = self.new_id()
        fut = self.expect(msg_id)
        self.send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        assert self.proc is not None and self.proc.stdin is not None
        await self.proc.stdin.drain()
        return await asyncio.wait_for(fut, timeout)

    async def drain(self) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        await self.proc.stdin.drain()

    async def initialize(self, init_options: Any = None, capabilities: dict[str, Any] | None = None) -> dict[str, Any]:
        uri = self.root.as_uri()
        reply = await self.request("initialize", {
            "processId": os.getpid(), "rootUri": uri, "capabilities": capabilities or {},
            "workspaceFolders": [{"uri": uri, "name": self.root.name}],
            "initializationOptions": init_options}, timeout=30)
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        return reply

    def open(self, path: Path, text: str | None = None, version: int = 1) -> str:
        """didOpen of ``path`` (with its disk text unless ``text`` is given); returns its URI."""
        uri = path.as_uri()
        text = path.read_text(encoding="utf-8") if text is None else text
        lang = "java" if path.suffix == ".java" else "python"
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": lang, "version": version, "text": text}}})
        return uri

    async def hover(self, uri: str, line: int, character: int, timeout: float = 30) -> Any:
        """The hover result at a position (None when there is nothing); fails on an error."""
        reply = await self.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": line, "character": character}}, timeout)
        assert "error" not in reply, reply
        return reply["result"]

    # -- reading ------------------------------------------------------------------------------
    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = await out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            if length is None:
                continue
            msg = json.loads(await out.readexactly(length))
            if "id" in msg and "method" in msg:  # a request from the server: answer null
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            elif "id" in msg:
                key = _key(msg["id"])
                self.responses[key] = msg
                fut = self._waiters.pop(key, None)
                if fut is not None and not fut.done():
                    fut.set_result(msg)
            else:
                self.notifications.append(msg)

    def answered(self, msg_id: Any) -> bool:
        return _key(msg_id) in self.responses

    async def _read_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while chunk := await self.proc.stderr.read(65536):
            self.stderr += chunk

    # -- observing ----------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    def log_messages(self, min_type: int = 4) -> list[str]:
        """window/logMessage texts of type <= ``min_type`` (1 error, 2 warning, 3 info, 4 log)."""
        return [n["params"]["message"] for n in self.notifications
                if n.get("method") == "window/logMessage" and n["params"]["type"] <= min_type]

    def diagnostics(self, uri: str) -> list[dict[str, Any]] | None:
        """The last published diagnostics of ``uri`` (None if none were published)."""
        for n in reversed(self.notifications):
            if n.get("method") == "textDocument/publishDiagnostics" and n["params"]["uri"] == uri:
                return list(n["params"]["diagnostics"])
        return None

    def rss_kb(self) -> int:
        assert self.proc is not None
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    async def wait_for(self, cond: Any, timeout: float = 20.0, what: str = "a condition") -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        while not cond():
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            await asyncio.sleep(0.05)


async def hover_store(server: RawServer, root: Path) -> Any:
    """The hover on the C1 finding of store.py, which no generated message touches."""
    result = await server.hover((root / STORE).as_uri(), HOVER_AT["line"], HOVER_AT["character"])
    assert result is not None and "C1" in json.dumps(result), result
    return result


async def open_store(server: RawServer, root: Path) -> None:
    """Open store.py and wait until the workspace is indexed and it has diagnostics (a first
    check may publish them before the index is complete)."""
    uri = server.open(root / STORE)
    await server.wait_for(lambda: any("docfact: indexed" in m for m in server.log_messages()), 60,
                          "the end of indexing")
    await server.wait_for(lambda: server.diagnostics(uri), 60, "the diagnostics of store.py")


def failures(server: RawServer) -> list[str]:
    """Errors the server logged: window/logMessage of type Error, ERROR lines of docfact's
    loggers on stderr. (pygls writes a traceback to stderr for every message it cannot parse;
    those are the client's errors, answered or dropped, and are not counted.)"""
    errors = server.log_messages(min_type=1)
    stderr = server.stderr.decode("utf-8", "replace")
    errors += [line for line in stderr.splitlines() if " ERROR docfact" in line or "Fatal Python" in line]
    return errors


def _key(msg_id: Any) -> Any:
    """A dictionary key for any JSON-RPC id (a malformed one may be an object or a list)."""
    return json.dumps(msg_id, sort_keys=True) if isinstance(msg_id, (dict, list)) else msg_id
