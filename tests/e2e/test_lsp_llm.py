"""The LLM judge in the language server, against a deterministic OpenAI-compatible server on
127.0.0.1: static diagnostics first, model findings added after a save (never per keystroke),
a dead endpoint reported once per session while static diagnostics keep coming."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from llm_fake_server import FakeLlmServer, FakeResponse

pytestmark = pytest.mark.timeout(90)

ORDERS = '''"""Orders."""


def ship(order_id: int) -> str:
    """Ship one order. It talks to the carrier asynchronously.

    It frobnicates the carrier record first.
    """
    return f"shipped {order_id}"
'''


def llm_options(fake: FakeLlmServer, **extra: object) -> dict[str, object]:
    return {"trigger": "onType", "debounceMs": 50,
            "llm": {"enabled": True, "baseUrl": fake.base_url, "model": "fake-model",
                    "apiKeyEnv": "", "mode": "batched", **extra},
            "cache": {"enabled": False}}


def judges(diags) -> set[tuple[str, str]]:
    return {(str(d.code), (d.data or {}).get("judge", "")) for d in diags}


async def test_model_findings_arrive_after_static_ones_on_save(start, profile, workspace: Path) -> None:
    (workspace / "pkg" / "orders.py").write_text(ORDERS)
    with FakeLlmServer() as fake:
        ed = await start(profile, init_options=llm_options(fake))
        uri = ed.open("pkg/orders.py")
        static = await ed.diagnostics(uri, lambda d: ("C3.not-async", "static") in judges(d))
        assert ("C1", "llm:fake-model") not in judges(static)
        # typing never reaches the model
        ed.change(uri, ORDERS.replace("Orders.", "Orders of the shop."))
        await ed.diagnostics(uri, lambda d: ("C3.not-async", "static") in judges(d))
        await asyncio.sleep(0.5)
        assert fake.count() == 0
        ed.save(uri)
        diags = await ed.diagnostics(uri, lambda d: ("C1", "llm:fake-model") in judges(d))
        llm = next(d for d in diags if (d.data or {}).get("judge") == "llm:fake-model")
        assert llm.range.start.line == 6  # "It frobnicates the carrier record first."
        # a model's finding has no rule of the registry: its code is the criterion, linked to the README's table
        assert llm.code == "C1" and llm.data["criterion"] == "C1" and llm.data["rule"] == "C1.llm"
        assert llm.code_description is not None
        assert llm.code_description.href == "https://github.com/docfact/docfact/blob/main/README.md#c1"
        assert fake.count("batched") >= 1
        hover = await ed.client.text_document_hover_async(_hover_params(uri, 6, 10))
        assert hover is not None and "llm:fake-model" in hover.contents.value
        # its ignore action writes its code, the criterion ("C1.llm" is no rule id of the registry)
        titles = [a.title for a in await ed.client.text_document_code_action_async(_action_params(uri, llm)) or []]
        assert "Ignore C1 in this docstring (docfact C1)" in titles, titles


async def test_dead_endpoint_is_reported_once_and_static_diagnostics_continue(start, profile, workspace: Path) -> None:
    (workspace / "pkg" / "orders.py").write_text(ORDERS)
    with FakeLlmServer() as fake:
        fake.script(*[FakeResponse(status=503) for _ in range(200)])
        ed = await start(profile, init_options=llm_options(fake, maxRequests=50))
        uri = ed.open("pkg/orders.py")
        for n in range(3):
            text = ORDERS + f"\n\n# revision {n}\n"
            ed.edit_and_save(uri, text)
            await ed.diagnostics(uri, lambda d: ("C3.not-async", "static") in judges(d))
        for _ in range(100):
            if any("LLM judge is unavailable" in m.message for m in ed.client.messages):
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)
        shown = [m.message for m in ed.client.messages if "LLM judge is unavailable" in m.message]
        assert len(shown) == 1
        assert "static diagnostics are complete" in shown[0]


def _action_params(uri: str, diag):
    from lsprotocol import types

    return types.CodeActionParams(text_document=types.TextDocumentIdentifier(uri=uri), range=diag.range,
                                  context=types.CodeActionContext(diagnostics=[diag]))


def _hover_params(uri: str, line: int, character: int):
    from lsprotocol import types

    return types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri),
                             position=types.Position(line=line, character=character))
