"""An OpenAI-compatible chat-completions client on ``httpx.AsyncClient``.

Endpoints. ``POST {base_url}/chat/completions`` with ``Authorization: Bearer <key>`` (OpenAI,
Ollama ``http://localhost:11434/v1``, vLLM, llama.cpp server, LM Studio). Azure OpenAI is
selected by a non-empty ``api_version``: the key goes in the ``api-key`` header, the query
carries ``?api-version=...``, and when ``base_url`` is the resource root
(``https://NAME.openai.azure.com``) the deployment is the model name in the path:
``{base_url}/openai/deployments/{model}/chat/completions``. A ``base_url`` that already contains
``/openai/deployments/<name>`` is used as is.

The key is read from the environment variable named by ``api_key_env`` (none is sent when it
is unset, which local servers accept). It never appears in logs or error messages: every text
that leaves this module passes through :meth:`LlmClient.redact`.

Robustness: bounded concurrency (``max_concurrency``), a total per-request timeout (reading the
answer included; answers over ``MAX_RESPONSE_BYTES`` are refused unread), retries on
429/5xx/connection errors honouring ``Retry-After`` (seconds or an HTTP date) with jittered
exponential backoff (at most ``max_retries`` retries and ``max_retry_wait`` seconds of waiting
per request), a per-run budget of ``max_requests`` HTTP requests (retries count; 0 sends
nothing), and a breaker that fails fast for ``breaker_cooldown`` seconds after
``breaker_threshold`` consecutive unavailable results, so a dead endpoint costs one timeout
per few requests rather than one per request; after a 401/403 nothing more is sent in the
session. A JSON-schema ``response_format`` is sent when
asked for; when the server rejects it (a 400, 422 or 500 naming ``response_format``,
``json_schema`` or ``json_object``: llama.cpp's server answers 500), the request is repeated at
once, not retried as transient, with ``{"type": "json_object", "schema": ...}`` (llama.cpp's
servers enforce that schema as a grammar), then plain ``{"type": "json_object"}``, then without
a response_format (the prompt's own JSON instructions); the step is remembered for the client's
lifetime (a CLI run, a language-server session), and requests refused together count as one
step.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from docfact import __version__
from docfact.config import LlmSettings
from docfact.llm.errors import (
    LlmBadResponse,
    LlmBudgetExhausted,
    LlmError,
    LlmRateLimited,
    LlmRequestRejected,
    LlmTimeout,
    LlmUnavailable,
    redact_key,
)
from docfact.llm.wire import (
    FORMAT_LEVELS,
    MAX_RESPONSE_BYTES,
    TooLarge,
    chat_endpoint,
    describe_format,
    format_at,
    parse_retry_after,
    receive_bounded,
    rejects_format,
)

# read from here by the CLI's batch planner, the package and the tests
from docfact.llm.wire import TEMPERATURE as TEMPERATURE
from docfact.llm.wire import TOP_P as TOP_P
from docfact.llm.wire import chat_body as chat_body

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ChatResult:
    """The assistant's text and whether the JSON-schema response_format was actually sent."""

    text: str
    response_format_sent: bool


class LlmClient:
    """Sends chat requests to one endpoint and model; one instance per run or session."""

    def __init__(
        self,
        settings: LlmSettings,
        *,
        environ: Mapping[str, str] | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        max_retries: int = 3,
        backoff_base: float = 0.5,
        max_retry_wait: float = 30.0,
        breaker_threshold: int = 3,
        breaker_cooldown: float = 30.0,
    ) -> None:
        self.settings = settings
        env = os.environ if environ is None else environ
        self._key = env.get(settings.api_key_env, "") if settings.api_key_env else ""
        self.url, self._params = chat_endpoint(settings)
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.max_retry_wait = max_retry_wait
        self.breaker_threshold = breaker_threshold
        self.breaker_cooldown = breaker_cooldown
        self.requests_sent = 0
        self.last_error: LlmError | None = None
        # 0: the response_format asked for; 1: {"type": "json_object"}; 2: none (the prompt's
        # plain JSON instructions), after the endpoint rejected the richer form
        self._format_level = 0
        self.unconnected = 0  # requests that could not even connect (no server, refused, DNS)
        self._failures = 0  # consecutive unavailable results
        self._breaker_until = 0.0
        self._not_before = 0.0  # shared Retry-After gate
        self._auth_error: LlmRequestRejected | None = None
        self._sem = asyncio.Semaphore(max(1, settings.max_concurrency))
        self._http = httpx.AsyncClient(
            timeout=httpx.Timeout(settings.timeout_seconds),
            transport=transport,
            headers={"User-Agent": f"docfact/{__version__}"},
        )

    # -- identity ---------------------------------------------------------------------------

    @property
    def model(self) -> str:
        return self.settings.model

    @property
    def identity(self) -> dict[str, str]:
        """What identifies the endpoint for cache keys (never the key)."""
        return {
            "base_url": self.settings.base_url.rstrip("/"),
            "model": self.settings.model,
            "api_version": self.settings.api_version,
        }

    @property
    def budget_left(self) -> int:
        return max(0, self.settings.max_requests - self.requests_sent)

    def __repr__(self) -> str:
        return f"LlmClient(url={self.url!r}, model={self.model!r}, sent={self.requests_sent})"

    def redact(self, text: str) -> str:
        """``text`` with the API key (if any) replaced by ``***``."""
        return redact_key(text, self._key)

    # -- lifecycle --------------------------------------------------------------------------

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> LlmClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # -- requests ---------------------------------------------------------------------------

    @property
    def response_format_supported(self) -> bool:
        """Whether requests still carry a ``response_format`` at all."""
        return self._format_level < FORMAT_LEVELS

    def _headers(self) -> dict[str, str]:
        if not self._key:
            return {}
        if self.settings.api_version:
            return {"api-key": self._key}
        return {"Authorization": f"Bearer {self._key}"}

    def _fail(self, exc: LlmError) -> LlmError:
        """Record a failure (for the breaker and ``last_error``) and return it for raising."""
        if isinstance(exc, LlmUnavailable):
            self._failures += 1
            if self._failures >= self.breaker_threshold:
                self._breaker_until = time.monotonic() + self.breaker_cooldown
        self.last_error = exc
        log.debug("llm request failed: %s", exc)
        return exc

    def _backoff(self, attempt: int) -> float:
        delay: float = self.backoff_base * (2**attempt) * random.uniform(0.5, 1.0)
        return delay

    async def chat(
        self,
        messages: list[dict[str, str]],
        *,
        max_tokens: int,
        response_format: dict[str, Any] | None = None,
        temperature: float = TEMPERATURE,
        top_p: float = TOP_P,
    ) -> ChatResult:
        """Send one chat completion and return the assistant's text.

        Raises a subclass of :class:`LlmError` when there is no usable answer.
        """
        level = self._format_level  # the fallback step this request's body was built at
        body = chat_body(self.settings.model, messages, max_tokens=max_tokens,
                         temperature=temperature, top_p=top_p,
                         response_format=format_at(response_format, level))
        attempt = 0
        waited = 0.0
        while True:
            gate = self._not_before - time.monotonic()
            if gate > 0:
                await asyncio.sleep(gate)
            retry_after: float | None = None
            kind = "unavailable"
            async with self._sem:
                # Checked right before sending: other requests may have failed meanwhile.
                self._check_may_send()
                self.requests_sent += 1
                resp, why = await self._send(body)
            if resp is not None:
                status = resp.status_code
                if status == 200:
                    result = self._parse(resp, "response_format" in body)
                    self._failures = 0
                    return result
                snippet = self.redact(" ".join(resp.text.split()))[:300]
                if ("response_format" in body
                        and rejects_format(status, snippet, body["response_format"])):
                    level = self._step_down(body, response_format, level, status)
                    continue
                if status != 429 and status < 500:
                    rejected = LlmRequestRejected(self._rejected_message(status, snippet), status)
                    if status in (401, 403):
                        self._auth_error = rejected
                    raise self._fail(rejected)
                why = f"HTTP {status}: {snippet[:200]}"
                kind = "rate-limited" if status == 429 else "unavailable"
                retry_after = parse_retry_after(resp.headers.get("retry-after"))
            # Retryable failure.
            delay = retry_after if retry_after is not None else self._backoff(attempt)
            if attempt >= self.max_retries or waited + delay > self.max_retry_wait:
                cls = LlmRateLimited if kind == "rate-limited" else LlmUnavailable
                raise self._fail(
                    cls(
                        f"docfact: the LLM endpoint {self.url} failed after "
                        f"{attempt + 1} attempt(s): {why}"
                    )
                )
            log.debug("llm request: %s; retrying in %.2f s", why, delay)
            if retry_after is not None:
                self._not_before = max(self._not_before, time.monotonic() + delay)
            await asyncio.sleep(delay)
            waited += delay
            attempt += 1

    def _check_may_send(self) -> None:
        """Raise instead of sending while the breaker is open, after the endpoint refused the
        key (a refused key stays refused this session), or once the request budget is used up."""
        if time.monotonic() < self._breaker_until:
            raise self._fail_fast()
        if self._auth_error is not None:
            raise self._auth_error
        if self.requests_sent >= self.settings.max_requests:
            exc: LlmError = LlmBudgetExhausted(
                f"docfact: the LLM request budget of {self.settings.max_requests} "
                "requests for this run is used up; no more requests are sent"
            )
            self.last_error = exc
            raise exc

    async def _send(self, body: dict[str, Any]) -> tuple[httpx.Response | None, str]:
        """POST ``body`` once: the answer, or None and why there was none when the connection
        failed (worth retrying). Raises :class:`LlmBadResponse` for an oversized answer and
        :class:`LlmTimeout` when the endpoint accepted the request but did not answer in time."""
        try:
            resp = await asyncio.wait_for(
                self._post(body), timeout=self.settings.timeout_seconds
            )
        except TooLarge:
            raise self._fail(
                LlmBadResponse(
                    f"docfact: the LLM endpoint {self.url} answered with more than "
                    f"{MAX_RESPONSE_BYTES // 1_000_000} MB; the answer was ignored"
                )
            ) from None
        except (TimeoutError, httpx.TimeoutException) as err:
            if not isinstance(err, httpx.ConnectTimeout):
                raise self._fail(
                    LlmTimeout(
                        f"docfact: the LLM endpoint {self.url} did not answer within "
                        f"{self.settings.timeout_seconds:g} s (a model served on a CPU may need "
                        "more: raise llm.timeout_seconds, and set llm.max_concurrency to 1 for "
                        "a server that answers one request at a time)"
                    )
                ) from None
            self.unconnected += 1
            return None, "connection timed out"
        except httpx.TransportError as err:
            if isinstance(err, httpx.ConnectError):
                self.unconnected += 1
            return None, self.redact(f"{type(err).__name__}: {err}")[:200]
        return resp, ""

    def _step_down(self, body: dict[str, Any], response_format: dict[str, Any] | None,
                   level: int, status: int) -> int:
        """The endpoint refused ``body``'s response_format (a validation error, not a transient
        one): step down (json_schema -> json_object with the schema -> json_object -> the
        prompt's plain JSON instructions), rewrite ``body`` and remember the step for this
        endpoint; returns the new step. Requests sent together at one step are refused
        together: that is one step, not several."""
        refused = body.pop("response_format")
        level = max(self._format_level, level + 1)
        fmt = format_at(response_format, level)
        if level > self._format_level:
            self._format_level = level
            log.info("llm endpoint %s rejects response_format %s (HTTP %d); sending %s", self.url,
                     describe_format(refused), status, describe_format(fmt))
        if fmt is not None:
            body["response_format"] = fmt
        return level

    async def _post(self, body: dict[str, Any]) -> httpx.Response:
        """POST ``body`` and read the answer (one over ``MAX_RESPONSE_BYTES`` raises TooLarge)."""
        request = self._http.build_request(
            "POST", self.url, params=self._params, json=body, headers=self._headers()
        )
        return await receive_bounded(self._http, request)

    def _fail_fast(self) -> LlmError:
        exc = LlmUnavailable(
            f"docfact: the LLM endpoint {self.url} failed {self._failures} times in a row; "
            f"not retrying for {self.breaker_cooldown:g} s"
        )
        self.last_error = exc
        return exc

    def _rejected_message(self, status: int, snippet: str) -> str:
        hint = ""
        if status in (401, 403) and self.settings.api_key_env and not self._key:
            hint = (f" (the environment variable {self.settings.api_key_env} is not set: no key was sent; "
                    "set it, or set llm.api_key_env to the variable that holds your key)")
        elif status in (401, 403):
            hint = (
                f" (check that the environment variable {self.settings.api_key_env} "
                "holds a valid key)"
            )
        elif status == 404:
            hint = f" (check the base URL and the model name {self.model!r})"
        return f"docfact: the LLM endpoint {self.url} refused the request: HTTP {status}{hint}: {snippet}"

    def _parse(self, resp: httpx.Response, rf_sent: bool) -> ChatResult:
        try:
            data = resp.json()
            content = data["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError, RecursionError):  # RecursionError: deep nesting
            raise self._fail(
                LlmBadResponse(
                    f"docfact: the LLM endpoint {self.url} answered with something that is not "
                    "a chat completion"
                )
            ) from None
        if not isinstance(content, str):
            raise self._fail(
                LlmBadResponse(f"docfact: the LLM endpoint {self.url} returned no text content")
            )
        # an endpoint that echoes the key must not get it into findings, hover or the cache
        return ChatResult(text=self.redact(content), response_format_sent=rf_sent)
