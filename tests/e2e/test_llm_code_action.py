""""Regenerate docstring (LLM)" is a code action as well as a command when the LLM judge is on
(issue 29, points 1 and 7): offered on a flagged docstring, it runs the model through
docfact.regenerateDocstring and applies the model's docstring once docfact has judged it; with
the judge off, only the offline repairs are offered. Against the deterministic server on
127.0.0.1 (benchmarks/llm_real.py drives the same action against llama.cpp's server).

The editor is the raw JSON-RPC client: lsprotocol (pygls's clients) reads every code action that
carries a command as a bare Command, so what an editor receives is checked as JSON."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from llm_fake_server import FakeLlmServer
from lsp_raw import LSPPROJ, RawServer

pytestmark = pytest.mark.timeout(90)

TITLE = "Regenerate docstring (LLM) (docfact)"
ORDERS = '''"""Orders."""


def ship(order_id: int) -> str:
    """Ship one order. It talks to the carrier asynchronously."""
    return f"shipped {order_id}"
'''
GENERATED = "Ship one order and return its shipping label."


class Editor(RawServer):
    """RawServer that accepts the server's workspace/applyEdit and keeps its new texts."""

    def __init__(self, root: Path, cache_home: Path) -> None:
        super().__init__(root, cache_home, {"XDG_CONFIG_HOME": str(cache_home / "config")})
        self.new_texts: list[str] = []

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        while True:
            length = None
            while (line := (await self.proc.stdout.readline())) not in (b"\r\n", b"\n", b""):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            if not line:
                return
            if length is None:
                continue
            msg = json.loads(await self.proc.stdout.readexactly(length))
            if "id" in msg and "method" in msg:
                result: Any = None
                if msg["method"] == "workspace/applyEdit":
                    changes = msg["params"]["edit"].get("documentChanges") or []
                    self.new_texts += [e["newText"] for ch in changes for e in ch["edits"]]
                    result = {"applied": True}
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
            elif "id" in msg:
                self.responses[msg["id"]] = msg
                fut = self._waiters.pop(msg["id"], None)
                if fut is not None and not fut.done():
                    fut.set_result(msg)
            else:
                self.notifications.append(msg)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "lspproj"
    shutil.copytree(LSPPROJ, root)
    (root / "pkg" / "orders.py").write_text(ORDERS)
    return root


async def actions_on_c3(ed: RawServer, root: Path, options: Any) -> tuple[str, list[dict[str, Any]]]:
    await ed.initialize(options)
    uri = ed.open(root / "pkg" / "orders.py")
    await ed.wait_for(lambda: any(str(d.get("code", "")).startswith("C3") for d in ed.diagnostics(uri) or []),
                      60, "the C3 diagnostic")
    c3 = next(d for d in ed.diagnostics(uri) or [] if str(d.get("code", "")).startswith("C3"))
    reply = await ed.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": c3["range"],
                                                         "context": {"diagnostics": [c3]}}, 30)
    return uri, reply["result"] or []


async def test_the_llm_regeneration_is_a_code_action_that_applies_the_models_docstring(ws: Path, tmp_path: Path):
    with FakeLlmServer(generated=GENERATED) as fake:
        async with Editor(ws, tmp_path / "cache") as ed:
            uri, actions = await actions_on_c3(ed, ws, {
                "llm": {"enabled": True, "baseUrl": fake.base_url, "model": "fake-model", "apiKeyEnv": ""},
                "cache": {"enabled": False}})
            [action] = [a for a in actions if a["title"] == TITLE]
            assert action["kind"] == "quickfix" and "edit" not in action
            command = action["command"]
            assert command["command"] == "docfact.regenerateDocstring" and command["arguments"][0] == uri
            assert fake.count("generate") == 0  # offering it asks the model nothing
            reply = await ed.request("workspace/executeCommand", {"command": command["command"],
                                                                   "arguments": command["arguments"]}, 60)
            assert reply["result"] == {"applied": True}
            assert fake.count("generate") == 1
    assert ed.new_texts == [f'"""{GENERATED}"""']


async def test_without_the_llm_judge_only_offline_repairs_are_offered(ws: Path, tmp_path: Path):
    async with Editor(ws, tmp_path / "cache") as ed:
        _, actions = await actions_on_c3(ed, ws, None)
    titles = [a["title"] for a in actions]
    assert "Repair docstring (docfact)" in titles and TITLE not in titles
