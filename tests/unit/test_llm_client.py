"""The OpenAI-compatible client against the local fake endpoint: shape, retries, limits, secrets."""

from __future__ import annotations

import email.utils
import logging
import socket
import sys
import time
from pathlib import Path

import pytest

from docfact.config import LlmSettings
from docfact.llm.client import LlmClient, chat_endpoint, parse_retry_after
from docfact.llm.errors import (
    LlmBadResponse,
    LlmBudgetExhausted,
    LlmRateLimited,
    LlmRequestRejected,
    LlmTimeout,
    LlmUnavailable,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from llm_fake_server import FakeLlmServer, FakeResponse

KEY = "sk-test-SECRET-0123456789abcdef"
MSGS = [{"role": "user", "content": "hello"}]


@pytest.fixture
def fake():
    with FakeLlmServer() as srv:
        yield srv


def make_client(base_url: str, **kw) -> LlmClient:
    opts = {k: kw.pop(k) for k in ("max_retries", "backoff_base", "max_retry_wait",
                                   "breaker_threshold", "breaker_cooldown") if k in kw}
    opts.setdefault("backoff_base", 0.01)
    kw.setdefault("model", "fake-model")
    kw.setdefault("timeout_seconds", 5.0)
    settings = LlmSettings(enabled=True, base_url=base_url, api_key_env="DOCFACT_TEST_KEY", **kw)
    return LlmClient(settings, environ={"DOCFACT_TEST_KEY": KEY}, **opts)


async def test_openai_request_shape(fake):
    async with make_client(fake.base_url + "/") as client:
        result = await client.chat(MSGS, max_tokens=4)
    assert result.text == "I cannot tell."
    [req] = fake.requests
    assert req.path == "/v1/chat/completions"
    assert req.query == {}
    assert req.headers["authorization"] == f"Bearer {KEY}"
    assert "api-key" not in req.headers
    assert req.body == {
        "model": "fake-model", "messages": MSGS, "temperature": 0.1, "top_p": 0.9,
        "max_tokens": 4,
    }


async def test_azure_request_shape(fake):
    async with make_client(fake.root_url, model="my-deployment", api_version="2024-06-01") as c:
        await c.chat(MSGS, max_tokens=4)
    [req] = fake.requests
    assert req.path == "/openai/deployments/my-deployment/chat/completions"
    assert req.query == {"api-version": "2024-06-01"}
    assert req.headers["api-key"] == KEY
    assert "authorization" not in req.headers


@pytest.mark.parametrize(
    ("base_url", "api_version", "url", "params"),
    [
        pytest.param("http://h/v1", "", "http://h/v1/chat/completions", {}, id="openai"),
        pytest.param("http://localhost:11434/v1/", "", "http://localhost:11434/v1/chat/completions",
                     {}, id="ollama-trailing-slash"),
        pytest.param("https://r.openai.azure.com", "2024-06-01",
                     "https://r.openai.azure.com/openai/deployments/m%2Fx/chat/completions",
                     {"api-version": "2024-06-01"}, id="azure-root"),
        pytest.param("https://r.openai.azure.com/openai/deployments/dep", "2024-06-01",
                     "https://r.openai.azure.com/openai/deployments/dep/chat/completions",
                     {"api-version": "2024-06-01"}, id="azure-deployment-url"),
    ],
)
def test_chat_endpoint(base_url, api_version, url, params):
    s = LlmSettings(base_url=base_url, model="m/x", api_version=api_version)
    assert chat_endpoint(s) == (url, params)


def test_no_key_no_auth_header():
    c = LlmClient(LlmSettings(api_key_env="DOCFACT_UNSET_VAR"), environ={})
    assert c._headers() == {}


async def test_retry_after_seconds_is_honoured(fake):
    fake.script(FakeResponse(status=429, headers={"Retry-After": "1"}))
    async with make_client(fake.base_url) as client:
        result = await client.chat(MSGS, max_tokens=4)
    assert result.text == "I cannot tell."
    first, second = fake.requests
    assert second.time - first.time >= 1.0


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param("3", 3.0, id="seconds"),
        pytest.param("0.5", 0.5, id="fraction"),
        pytest.param("-2", 0.0, id="negative"),
        pytest.param("soon", None, id="garbage"),
        pytest.param(None, None, id="absent"),
    ],
)
def test_parse_retry_after(value, expected):
    assert parse_retry_after(value) == expected


def test_parse_retry_after_http_date():
    now = 1_700_000_000.0
    value = email.utils.formatdate(now + 7, usegmt=True)
    assert parse_retry_after(value, now=now) == pytest.approx(7.0, abs=1.0)


async def test_5xx_retried_then_unavailable(fake):
    fake.script(*[FakeResponse(status=503) for _ in range(10)])
    async with make_client(fake.base_url, max_retries=3) as client:
        with pytest.raises(LlmUnavailable, match="HTTP 503"):
            await client.chat(MSGS, max_tokens=4)
        assert client.last_error is not None
    assert fake.count() == 4  # one try + three retries


async def test_500_then_success(fake):
    fake.script(FakeResponse(status=500), FakeResponse(status=502))
    async with make_client(fake.base_url) as client:
        assert (await client.chat(MSGS, max_tokens=4)).text == "I cannot tell."
    assert fake.count() == 3


async def test_429_exhausted_is_rate_limited(fake):
    fake.script(*[FakeResponse(status=429, headers={"Retry-After": "0"}) for _ in range(5)])
    async with make_client(fake.base_url, max_retries=2) as client:
        with pytest.raises(LlmRateLimited):
            await client.chat(MSGS, max_tokens=4)
    assert fake.count() == 3


async def test_retry_after_beyond_wait_cap_gives_up_at_once(fake):
    fake.script(FakeResponse(status=429, headers={"Retry-After": "120"}))
    async with make_client(fake.base_url, max_retry_wait=5.0) as client:
        t0 = time.monotonic()
        with pytest.raises(LlmRateLimited):
            await client.chat(MSGS, max_tokens=4)
        assert time.monotonic() - t0 < 2
    assert fake.count() == 1


async def test_timeout_is_typed_and_bounded(fake):
    fake.script(FakeResponse(content="1", delay=3.0))
    async with make_client(fake.base_url, timeout_seconds=0.5) as client:
        t0 = time.monotonic()
        with pytest.raises(LlmTimeout, match=r"did not answer within 0\.5 s") as caught:
            await client.chat(MSGS, max_tokens=4)
        # what to change: a CPU-served model (llama.cpp, benchmarks/llm_real.py) took 15-45 s
        assert "llm.timeout_seconds" in str(caught.value) and "llm.max_concurrency" in str(caught.value)
        assert time.monotonic() - t0 < 2.5
    assert fake.count() == 1  # a read timeout is not retried


async def test_dropped_connection_is_retried(fake):
    fake.script(FakeResponse(drop=True))
    async with make_client(fake.base_url) as client:
        assert (await client.chat(MSGS, max_tokens=4)).text == "I cannot tell."
    assert fake.count() == 2


async def test_connect_error_is_unavailable():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    async with make_client(f"http://127.0.0.1:{port}/v1", max_retries=1) as client:
        with pytest.raises(LlmUnavailable, match="failed after 2 attempt"):
            await client.chat(MSGS, max_tokens=4)
        assert client.requests_sent == 2


async def test_breaker_fails_fast_after_repeated_failures(fake):
    fake.script(*[FakeResponse(status=500) for _ in range(20)])
    async with make_client(fake.base_url, max_retries=0, breaker_threshold=2) as client:
        for _ in range(2):
            with pytest.raises(LlmUnavailable):
                await client.chat(MSGS, max_tokens=4)
        with pytest.raises(LlmUnavailable, match="in a row"):
            await client.chat(MSGS, max_tokens=4)
    assert fake.count() == 2


async def test_budget_stops_requests(fake):
    async with make_client(fake.base_url, max_requests=2) as client:
        await client.chat(MSGS, max_tokens=4)
        await client.chat(MSGS, max_tokens=4)
        with pytest.raises(LlmBudgetExhausted, match="budget of 2"):
            await client.chat(MSGS, max_tokens=4)
        assert client.budget_left == 0
    assert fake.count() == 2


async def test_zero_budget_sends_nothing(fake):
    async with make_client(fake.base_url, max_requests=0) as client:
        with pytest.raises(LlmBudgetExhausted):
            await client.chat(MSGS, max_tokens=4)
    assert fake.count() == 0


async def test_response_format_fallback_is_remembered():
    rf = {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object"}}}
    with FakeLlmServer(reject_response_format=True) as fake:
        async with make_client(fake.base_url) as client:
            r1 = await client.chat(MSGS, max_tokens=50, response_format=rf)
            r2 = await client.chat(MSGS, max_tokens=50, response_format=rf)
        assert (r1.response_format_sent, r2.response_format_sent) == (False, False)
        assert client.response_format_supported is False
        bodies = [r.body for r in fake.requests]
    # json_schema refused, json_object with the schema refused, json_object refused, then plain
    # requests from then on
    assert [b.get("response_format") for b in bodies] == [
        rf, {"type": "json_object", "schema": {"type": "object"}}, {"type": "json_object"}, None, None]


@pytest.mark.parametrize("status", [400, 422, 500])
async def test_a_server_that_takes_only_json_object_gets_json_object(status):
    """llama.cpp's server answers json_schema with a 500 naming the types it accepts: that is a
    validation error (no retries as if transient), and json_object is used from then on."""
    rf = {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object"}}}
    refuse = FakeResponse(status=status, body={"error": {"message": "Input should be 'text' or 'json_object'"}},
                          when=lambda r: (r.body or {}).get("response_format", {}).get("type") == "json_schema")
    with FakeLlmServer() as fake:
        fake.script(refuse, refuse)
        async with make_client(fake.base_url) as client:
            r1 = await client.chat(MSGS, max_tokens=50, response_format=rf)
            r2 = await client.chat(MSGS, max_tokens=50, response_format=rf)
        types_sent = [r.body.get("response_format", {}).get("type") for r in fake.requests]
    assert r1.response_format_sent and r2.response_format_sent
    assert types_sent == ["json_schema", "json_object", "json_object"]
    # the schema goes along: llama.cpp's servers enforce it as a grammar
    assert [r.body["response_format"].get("schema") for r in fake.requests[1:]] == [{"type": "object"}] * 2


async def test_a_server_that_refuses_the_schema_extension_gets_plain_json_object():
    rf = {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object"}}}
    refuse_schema = FakeResponse(status=400, body={"error": {"message": "Unrecognized request argument: schema"}},
                                 when=lambda r: "schema" in (r.body or {}).get("response_format", {}))
    refuse_json_schema = FakeResponse(status=422, body={"detail": "response_format.type: json_schema unsupported"},
                                      when=lambda r: (r.body or {}).get("response_format", {}).get("type") == "json_schema")
    with FakeLlmServer() as fake:
        fake.script(refuse_json_schema, refuse_schema)
        async with make_client(fake.base_url) as client:
            r1 = await client.chat(MSGS, max_tokens=50, response_format=rf)
            r2 = await client.chat(MSGS, max_tokens=50, response_format=rf)
        sent = [r.body.get("response_format") for r in fake.requests]
    assert r1.response_format_sent and r2.response_format_sent
    assert sent == [rf, {"type": "json_object", "schema": {"type": "object"}}, {"type": "json_object"},
                    {"type": "json_object"}]


async def test_response_format_sent_when_supported(fake):
    rf = {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object"}}}
    async with make_client(fake.base_url) as client:
        r = await client.chat(MSGS, max_tokens=50, response_format=rf)
    assert r.response_format_sent
    assert fake.requests[0].body["response_format"] == rf


@pytest.mark.parametrize(
    "response",
    [
        pytest.param(FakeResponse(body="<html>gateway</html>"), id="not-json"),
        pytest.param(FakeResponse(body={"choices": []}), id="no-choices"),
        pytest.param(FakeResponse(body={"choices": [{"message": {"content": None}}]}),
                     id="null-content"),
    ],
)
async def test_malformed_completion_is_bad_response(fake, response):
    fake.script(response)
    async with make_client(fake.base_url) as client:
        with pytest.raises(LlmBadResponse):
            await client.chat(MSGS, max_tokens=4)


async def test_concurrency_is_bounded(fake):
    import asyncio

    fake.script(*[FakeResponse(content="1", delay=0.3) for _ in range(4)])
    async with make_client(fake.base_url, max_concurrency=2) as client:
        t0 = time.monotonic()
        await asyncio.gather(*(client.chat(MSGS, max_tokens=4) for _ in range(4)))
        assert time.monotonic() - t0 >= 0.55


async def test_key_never_leaks_even_when_server_echoes_it(caplog):
    caplog.set_level(logging.DEBUG)
    with FakeLlmServer(api_key="the-right-key") as fake:
        async with make_client(fake.base_url) as client:
            with pytest.raises(LlmRequestRejected) as info:
                await client.chat(MSGS, max_tokens=4)
            with pytest.raises(LlmRequestRejected):  # a refused key is not tried again
                await client.chat(MSGS, max_tokens=4)
        assert fake.count() == 1
        assert fake.requests[0].headers["authorization"] == f"Bearer {KEY}"
    message = str(info.value)
    assert "401" in message and "DOCFACT_TEST_KEY" in message
    assert KEY not in message
    assert KEY not in repr(client)
    assert KEY not in caplog.text


async def test_an_unset_key_variable_is_named_as_unset():
    with FakeLlmServer(api_key="the-right-key") as fake:
        settings = LlmSettings(enabled=True, base_url=fake.base_url, model="m", api_key_env="DOCFACT_TEST_UNSET_KEY")
        async with LlmClient(settings, environ={}) as client:
            with pytest.raises(LlmRequestRejected, match="DOCFACT_TEST_UNSET_KEY is not set"):
                await client.chat(MSGS, max_tokens=4)


async def test_concurrent_refusals_of_json_schema_step_down_once():
    """Found against llama-cpp-python's server (benchmarks/llm_real.py): second looks go out
    together, each with json_schema, and each comes back refused. One refusal is one fact about
    the endpoint: json_object is used from then on, never skipped for plain requests."""
    import asyncio

    rf = {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object"}}}
    with FakeLlmServer(accepted_formats=("text", "json_object")) as fake:
        async with make_client(fake.base_url, max_concurrency=4) as client:
            results = await asyncio.gather(*(client.chat(MSGS, max_tokens=50, response_format=rf)
                                             for _ in range(4)))
            after = await client.chat(MSGS, max_tokens=50, response_format=rf)
        types_sent = [r.body.get("response_format", {}).get("type") for r in fake.requests]
    assert all(r.response_format_sent for r in [*results, after])
    # the four sent together (their order of arrival may interleave with the re-sends), none after
    assert sorted(types_sent) == ["json_object"] * 5 + ["json_schema"] * 4
    assert types_sent[-1] == "json_object"
    assert all(r.body["response_format"]["schema"] == {"type": "object"} for r in fake.requests
               if r.body["response_format"]["type"] == "json_object")
    assert client.response_format_supported
