"""An endpoint answering with JSON nested too deeply for the parser: one invalid answer, never a
RecursionError (chat completion, judge answers, batch result lines)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from docfact.config import LlmSettings
from docfact.llm.answers import MAX_ANSWER_CHARS, parse_batched, parse_second_look
from docfact.llm.batch import MalformedLine, parse_result_line
from docfact.llm.client import LlmClient
from docfact.llm.errors import LlmBadResponse

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from llm_fake_server import FakeLlmServer, FakeResponse

DEEP = "[" * 200_000 + "]" * 200_000
DEEP_OBJECT = '{"a":' * 100_000 + "1" + "}" * 100_000


async def test_a_deeply_nested_completion_is_a_bad_response() -> None:
    with FakeLlmServer() as fake:
        fake.script(FakeResponse(body=DEEP), FakeResponse(body=DEEP_OBJECT))
        settings = LlmSettings(enabled=True, base_url=fake.base_url, api_key_env="DOCFACT_TEST_KEY",
                               model="fake-model", timeout_seconds=5.0)
        async with LlmClient(settings, environ={"DOCFACT_TEST_KEY": "k"}, max_retries=0,
                             backoff_base=0.01) as client:
            for _ in range(2):
                with pytest.raises(LlmBadResponse):
                    await client.chat([{"role": "user", "content": "hi"}], max_tokens=4)


@pytest.mark.parametrize("text", [DEEP, DEEP_OBJECT, f"```json\n{DEEP}\n```"])
def test_deeply_nested_judge_answers_are_invalid(text: str) -> None:
    assert parse_batched(text, 3, ["C1"]) == {}
    assert parse_second_look(text) is None


def test_an_answer_over_the_size_bound_is_not_parsed() -> None:
    verdicts = '{"verdicts": [{"sentence": 1, "C1": 1}]}'
    assert parse_batched(verdicts, 1, ["C1"]) == {(0, "C1"): True}
    assert parse_batched(verdicts + " " * MAX_ANSWER_CHARS, 1, ["C1"]) == {}


def test_a_deeply_nested_batch_result_line_is_malformed() -> None:
    with pytest.raises(MalformedLine):
        parse_result_line(DEEP)
