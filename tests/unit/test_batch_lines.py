"""Batch API lines and calls, and the shard split: formats, validation, redaction, splitting."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from docfact.cli.batch_plan import Pending
from docfact.cli.batch_state import State
from docfact.cli.llm_batch import chunks
from docfact.cli.shard import ShardError, parse_shard, shard_of
from docfact.config import LlmSettings, Settings
from docfact.llm.batch import (
    BatchApi,
    BatchApiError,
    MalformedLine,
    Tally,
    answer_kind,
    parse_result_line,
    request_line,
    valid_answer,
)
from docfact.llm.cache import LlmCache
from docfact.llm.plan import SECOND_LOOK_SCHEMA, batched_schema

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from batch_fake_server import FakeBatchServer

KEY = "sk-test-SECRET-0123456789abcdef"
CID = "a" * 64


def completion(text: str) -> dict:
    return {"choices": [{"index": 0, "message": {"role": "assistant", "content": text}}]}


@pytest.mark.parametrize(("line", "text", "error"), [
    pytest.param({"id": "vllm-1", "custom_id": CID, "response": {"status_code": 200, "request_id": "r",
                  "body": completion("1")}, "error": None}, "1", None, id="vllm-ok"),
    pytest.param({"id": "vllm-2", "custom_id": CID, "response": {"status_code": 400, "request_id": "r", "body": None},
                  "error": "prompt too long"}, None, "prompt too long", id="vllm-error-string"),
    pytest.param({"id": "vllm-3", "custom_id": CID, "response": {"status_code": 400, "request_id": "r"},
                  "error": {"error": {"message": "bad schema", "type": "BadRequestError", "code": 400}}},
                 None, "bad schema", id="vllm-error-response"),
    pytest.param({"id": "b1", "custom_id": CID, "response": None,
                  "error": {"code": "batch_expired", "message": "not executed in time"}}, None, "not executed in time",
                 id="openai-expired"),
    pytest.param({"id": "b2", "custom_id": CID, "response": {"status_code": 500, "body": {"error": {"message": "boom"}}},
                  "error": None}, None, "HTTP 500: boom", id="openai-http-500"),
    pytest.param({"id": "b3", "custom_id": CID, "response": {"status_code": 200, "body": {"choices": []}}, "error": None},
                 None, "the response is not a chat completion", id="no-choices"),
])
def test_result_lines(line: dict, text: str | None, error: str | None) -> None:
    got = parse_result_line(json.dumps(line))
    assert (got.custom_id, got.text, got.error) == (CID, text, error)


@pytest.mark.parametrize(("raw", "why"), [
    pytest.param("{not json", "not JSON", id="not-json"),
    pytest.param("[1, 2]", "not a JSON object", id="array"),
    pytest.param('{"response": {}}', "no custom_id", id="no-id"),
    pytest.param(json.dumps({"custom_id": CID}), "neither a response nor an error", id="empty"),
])
def test_malformed_result_lines(raw: str, why: str) -> None:
    with pytest.raises(MalformedLine, match=why):
        parse_result_line(raw)


def test_request_lines_for_openai_and_azure() -> None:
    body = {"model": "m", "messages": [{"role": "user", "content": "é"}], "max_tokens": 4}
    line = json.loads(request_line(CID, body, LlmSettings()))
    assert line == {"custom_id": CID, "method": "POST", "url": "/v1/chat/completions", "body": body}
    azure = json.loads(request_line(CID, body, LlmSettings(api_version="2024-10-21")))
    assert azure["url"] == "/chat/completions"


@pytest.mark.parametrize(("body", "kind", "good", "bad"), [
    pytest.param({"max_tokens": 200, "response_format": batched_schema(["C1", "C3"])}, "verdicts:C1,C3",
                 '{"verdicts": [{"sentence": 1, "C1": 1, "C3": 0}]}', '{"verdicts": []}', id="batched"),
    pytest.param({"max_tokens": 160, "response_format": SECOND_LOOK_SCHEMA}, "second_look",
                 '{"inconsistent": true, "reason": "x"}', '{"inconsistent": "yes"}', id="second-look"),
    pytest.param({"max_tokens": 4}, "digit", "0", "maybe", id="referee"),
    pytest.param({"max_tokens": 1024}, "text", "Return the sum.", "   ", id="generate"),
])
def test_answer_kinds_and_validation(body: dict, kind: str, good: str, bad: str) -> None:
    assert answer_kind(body) == kind
    assert valid_answer(kind, good)
    assert not valid_answer(kind, bad)


def test_tally_stores_each_answer_as_it_is_read(tmp_path: Path) -> None:
    """An interrupted read keeps what it stored before the interruption."""
    keys = [f"{n:064x}" for n in range(4)]

    def lines():
        yield json.dumps({"custom_id": keys[0], "response": {"status_code": 200, "body": completion("1")}})
        yield "{broken"
        yield json.dumps({"custom_id": keys[1], "response": {"status_code": 200, "body": completion("nonsense")}})
        yield json.dumps({"custom_id": "not-a-key", "response": {"status_code": 200, "body": completion("1")}})
        yield json.dumps({"custom_id": keys[2], "error": {"code": "batch_expired", "message": "late"}})
        raise ConnectionError("the download broke")

    tally = Tally()
    with LlmCache(tmp_path / "llm") as cache:
        with pytest.raises(ConnectionError):
            tally.read(lines(), {k: "digit" for k in keys}, cache)
        assert cache.get(keys[0]) == "1"
        assert cache.get(keys[1]) is None  # not a usable referee answer
    assert (tally.stored, tally.invalid, tally.failed, len(tally.malformed)) == (1, 1, 1, 2)
    assert "not a docfact cache key" in tally.summary() and "late" in tally.summary()


def test_chunks_respect_the_request_limit() -> None:
    items = [(Pending(f"{n:064x}", {}, "digit"), "x" * 10) for n in range(7)]
    assert [len(c) for c in chunks(items, 3)] == [3, 3, 1]
    assert [len(c) for c in chunks(items, 50_000)] == [7]


def test_state_is_replaced_atomically_and_private(tmp_path: Path) -> None:
    from dataclasses import replace

    settings = Settings()
    settings = replace(settings, cache=replace(settings.cache, dir=str(tmp_path)))
    state = State.load(settings)
    state.entries.append({"id": "batch_1", "local": "l1", "type": "batch"})
    state.save()
    assert (state.path.stat().st_mode & 0o777) == 0o600
    assert [e["id"] for e in State.load(settings).entries] == ["batch_1"]
    assert not [p for p in state.directory.iterdir() if p.name.endswith(".tmp")]
    one, two = State.load(settings), State.load(settings)  # two submits at once
    one.entries.append({"id": "batch_2", "local": "l2", "type": "batch"})
    two.entries.append({"id": "batch_3", "local": "l3", "type": "batch"})
    one.save()
    two.save()
    assert sorted(e["id"] for e in State.load(settings).entries) == ["batch_1", "batch_2", "batch_3"]
    state.path.write_text("{half")
    with pytest.raises(Exception, match="cannot be read"):
        State.load(settings)


def test_api_errors_never_show_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOCFACT_TEST_KEY", KEY)
    with FakeBatchServer(api_key="another-key") as fake:
        api = BatchApi(LlmSettings(base_url=fake.base_url, api_key_env="DOCFACT_TEST_KEY"), retries=0)
        with pytest.raises(BatchApiError) as info:
            api.retrieve("batch_1")
        api.close()
        assert fake.requests[0].headers["authorization"] == f"Bearer {KEY}"
    assert KEY not in str(info.value) and "***" in str(info.value) and "HTTP 401" in str(info.value)


@pytest.mark.parametrize(("spec", "message"), [
    pytest.param("0/3", "between 1 and 3", id="zero"),
    pytest.param("4/3", "between 1 and 3", id="too-big"),
    pytest.param("x", "I/N", id="word"),
    pytest.param("1/0", "at least 1", id="no-shards"),
    pytest.param("1.5/3", "I/N", id="fraction"),
    pytest.param("2", "I/N", id="no-slash"),
])
def test_bad_shards(spec: str, message: str) -> None:
    with pytest.raises(ShardError, match=message):
        parse_shard(spec)


def test_shards_are_balanced_and_depend_on_the_relative_path_only(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    paths = [root / "pkg" / f"mod_{n}.py" for n in range(300)]
    counts = [0, 0, 0]
    for p in paths:
        counts[shard_of(p, root, 3) - 1] += 1
    assert min(counts) > 70, counts
    other = tmp_path / "elsewhere" / "proj"  # the same project checked out somewhere else
    assert [shard_of(p, root, 3) for p in paths] == [shard_of(other / p.relative_to(root), other, 3) for p in paths]
    assert parse_shard(" 2/3 ").index == 2
