"""Typed errors of the LLM client. Messages never contain the API key (the client redacts)."""

from __future__ import annotations


class LlmError(Exception):
    """Base class: any reason a request produced no usable answer."""


class LlmUnavailable(LlmError):
    """The endpoint cannot be reached or keeps failing (connect errors, 5xx after retries)."""


class LlmTimeout(LlmUnavailable):
    """The endpoint did not answer within ``timeout_seconds``."""


class LlmRateLimited(LlmUnavailable):
    """The endpoint kept answering 429 and the retry budget ran out."""


class LlmBudgetExhausted(LlmError):
    """The per-run request budget (``max_requests``) is used up; nothing more is sent."""


class LlmRequestRejected(LlmError):
    """The endpoint refused the request (4xx other than 429): bad key, unknown model, ..."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class LlmBadResponse(LlmError):
    """The endpoint answered 200 with something that is not a chat completion."""


def redact_key(text: str, key: str) -> str:
    """``text`` with ``key`` replaced by ``***``, also where it appears escaped as in JSON (an
    endpoint may echo it in an answer or an error body)."""
    if key and len(key) >= 4:
        import json

        for form in {key, json.dumps(key)[1:-1], json.dumps(key, ensure_ascii=False)[1:-1]}:
            text = text.replace(form, "***")
    return text
