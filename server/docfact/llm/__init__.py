"""The LLM judge's transport: OpenAI-compatible client, disk cache and prompts.

Public API: :class:`LlmClient`, :class:`LlmCache`, :func:`judge_doc`,
:func:`generate_docstring`, :func:`render_requests`, :class:`LlmVerdict` and the
:class:`LlmError` family.
"""

from __future__ import annotations

from docfact.llm.cache import LlmCache, cache_key
from docfact.llm.client import ChatResult, LlmClient
from docfact.llm.errors import (
    LlmBadResponse,
    LlmBudgetExhausted,
    LlmError,
    LlmRateLimited,
    LlmRequestRejected,
    LlmTimeout,
    LlmUnavailable,
)
from docfact.llm.judge import LlmVerdict, generate_docstring, judge_doc
from docfact.llm.plan import render_requests
from docfact.llm.wire import chat_endpoint

__all__ = [
    "ChatResult",
    "LlmBadResponse",
    "LlmBudgetExhausted",
    "LlmCache",
    "LlmClient",
    "LlmError",
    "LlmRateLimited",
    "LlmRequestRejected",
    "LlmTimeout",
    "LlmUnavailable",
    "LlmVerdict",
    "cache_key",
    "chat_endpoint",
    "generate_docstring",
    "judge_doc",
    "render_requests",
]
