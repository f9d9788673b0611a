"""What one chat-completions request and its answer look like on the wire: the endpoint's URL and
query (OpenAI-style or Azure OpenAI), the JSON body, the ``response_format`` fallback steps
for servers that refuse one, ``Retry-After`` headers, and reading an answer of bounded size.
:class:`docfact.llm.client.LlmClient` sends the requests."""

from __future__ import annotations

import email.utils
import time
from typing import Any
from urllib.parse import quote

import httpx

from docfact.config import LlmSettings

TEMPERATURE = 0.1
TOP_P = 0.9
MAX_RESPONSE_BYTES = 4_000_000  # a longer answer is refused unread
FORMAT_LEVELS = 3  # json_schema, json_object with its schema, json_object; then none


class TooLarge(Exception):
    """The answer is longer than ``MAX_RESPONSE_BYTES``."""


def chat_endpoint(settings: LlmSettings) -> tuple[str, dict[str, str]]:
    """The chat-completions URL and query parameters for these settings (see :mod:`docfact.llm.client`)."""
    base = settings.base_url.rstrip("/")
    if settings.api_version:
        if "/openai/deployments/" not in base:
            base = f"{base}/openai/deployments/{quote(settings.model, safe='')}"
        return f"{base}/chat/completions", {"api-version": settings.api_version}
    return f"{base}/chat/completions", {}


def chat_body(
    model: str,
    messages: list[dict[str, str]],
    *,
    max_tokens: int,
    temperature: float = TEMPERATURE,
    top_p: float = TOP_P,
    response_format: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON body of one chat-completions request (live, or one line of a batch)."""
    body: dict[str, Any] = {
        "model": model,
        "messages": messages,
        "temperature": temperature,
        "top_p": top_p,
        "max_tokens": max_tokens,
    }
    if response_format is not None:
        body["response_format"] = response_format
    return body


def rejects_format(status: int, snippet: str, sent: dict[str, Any]) -> bool:
    """Whether an error answer rejects the request's ``response_format`` ``sent`` (servers say
    so with a 400, a 422, or — llama.cpp's — a 500 naming the allowed types)."""
    if status not in (400, 422, 500):
        return False
    low = snippet.lower()
    if "schema" in sent and sent.get("type") == "json_object" and "schema" in low:
        return True  # a server that takes json_object but not its schema extension
    return "response_format" in low or "json_schema" in low or "json_object" in low


def describe_format(fmt: dict[str, Any] | None) -> str:
    """A response_format as a log message names it."""
    if fmt is None:
        return "plain requests"
    return f"{fmt.get('type')}{' with its schema' if 'schema' in fmt else ''}"


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP date), or None."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def format_at(requested: dict[str, Any] | None, level: int) -> dict[str, Any] | None:
    """The ``response_format`` sent for ``requested`` at a fallback ``level``: 0 as asked;
    for a JSON schema, 1 ``json_object`` carrying the schema (llama.cpp's servers turn it into
    a grammar: a small model then writes the asked shape, without it rarely), 2 plain
    ``json_object``; 3 none."""
    if requested is None or level >= FORMAT_LEVELS:
        return None
    if level == 0:
        return requested
    if requested.get("type") != "json_schema":
        return None
    schema = (requested.get("json_schema") or {}).get("schema")
    if level == 1 and isinstance(schema, dict):
        return {"type": "json_object", "schema": schema}
    return {"type": "json_object"}


async def receive_bounded(http: httpx.AsyncClient, request: httpx.Request) -> httpx.Response:
    """Send ``request`` and read the answer, raising :class:`TooLarge` for one over
    ``MAX_RESPONSE_BYTES`` as soon as its Content-Length or the bytes received so far say so (a
    chat answer of a few tokens is small; a huge one would only fill memory and the cache)."""
    resp = await http.send(request, stream=True)
    try:
        declared = resp.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_RESPONSE_BYTES:
            raise TooLarge
        chunks: list[bytes] = []
        size = 0
        async for chunk in resp.aiter_bytes():  # decoded: a compressed bomb is caught too
            size += len(chunk)
            if size > MAX_RESPONSE_BYTES:
                raise TooLarge
            chunks.append(chunk)
    finally:
        await resp.aclose()
    headers = [(k, v) for k, v in resp.headers.multi_items() if k.lower() != "content-encoding"]
    return httpx.Response(
        resp.status_code, headers=headers, content=b"".join(chunks), request=request
    )
