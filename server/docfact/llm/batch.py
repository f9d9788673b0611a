"""The OpenAI-compatible Batch API: request lines, result lines, and the few HTTP calls.

A request line is ``{"custom_id", "method": "POST", "url", "body"}`` with the cache key as
``custom_id`` and the body a live request would send; a result line (OpenAI, Azure OpenAI and
``vllm run-batch`` alike) is ``{"custom_id", "response": {"status_code", "body"}, "error"}``.

Routes. OpenAI style: ``POST {base_url}/files`` (multipart, ``purpose=batch``),
``POST {base_url}/batches``, ``GET {base_url}/batches/{id}``, ``GET {base_url}/files/{id}/content``,
with request lines for ``/v1/chat/completions``. Azure OpenAI (a non-empty ``api_version``): the
same under ``{resource}/openai`` with ``?api-version=...`` and the ``api-key`` header; lines go
to ``/chat/completions`` and their ``model`` is the (global batch) deployment name.

The key is read from the environment variable named by ``api_key_env``; every message that
leaves this module passes through :meth:`BatchApi.redact`.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from docfact import __version__
from docfact.config import LlmSettings
from docfact.llm.answers import clean_generated, parse_batched, parse_digit, parse_second_look
from docfact.llm.cache import LlmCache
from docfact.llm.errors import redact_key
from docfact.llm.plan import REFEREE_MAX_TOKENS

COMPLETION_WINDOW = "24h"
# bytes of one batch input file at most (OpenAI: 200 MB; requests: see cli/llm_batch_args.py)
MAX_BATCH_BYTES = 190_000_000
TERMINAL = ("completed", "expired", "cancelled", "failed")


class BatchApiError(Exception):
    """A Batch API call failed; the message names the call and never contains the key."""


def is_azure(settings: LlmSettings) -> bool:
    return bool(settings.api_version)


def line_url(settings: LlmSettings) -> str:
    """The ``url`` of every request line (and the ``endpoint`` of the batch)."""
    return "/chat/completions" if is_azure(settings) else "/v1/chat/completions"


def request_line(custom_id: str, body: Mapping[str, Any], settings: LlmSettings) -> str:
    """One JSONL request line (without the newline)."""
    return json.dumps({"custom_id": custom_id, "method": "POST", "url": line_url(settings), "body": body},
                      ensure_ascii=False, separators=(",", ":"))


def answer_kind(body: Mapping[str, Any]) -> str:
    """What a valid answer to ``body`` looks like: ``verdicts:C1,..``, ``second_look``, ``digit``
    or ``text`` (told apart by the response format and the token limit docfact asks for)."""
    rf = body.get("response_format")
    if isinstance(rf, dict):
        schema = rf.get("json_schema") or {}
        if schema.get("name") == "docfact_verdicts":
            items = schema["schema"]["properties"]["verdicts"]["items"]
            return "verdicts:" + ",".join(c for c in items["required"] if c != "sentence")
        if schema.get("name") == "docfact_second_look":
            return "second_look"
    if body.get("max_tokens") == REFEREE_MAX_TOKENS:
        return "digit"
    return "text"


def valid_answer(kind: str | None, text: str) -> bool:
    """Whether ``text`` is an answer the judge can use for a request of ``kind`` (unknown
    kinds: any text; the judge checks it again when it reads it)."""
    if kind is None:
        return True
    if kind.startswith("verdicts:"):
        crits = [c for c in kind.split(":", 1)[1].split(",") if c]
        # the number of sentences is not known here: any numbered sentence counts
        return bool(parse_batched(text, 1_000_000, crits))
    if kind == "second_look":
        return parse_second_look(text) is not None
    if kind == "digit":
        return parse_digit(text) is not None
    return clean_generated(text) is not None


@dataclass(frozen=True)
class ResultLine:
    """One parsed result line: the answer text, or why there is none."""

    custom_id: str
    text: str | None
    error: str | None


class MalformedLine(ValueError):
    """A result line that is not a result at all (not JSON, no custom_id, ...)."""


def parse_result_line(raw: str) -> ResultLine:
    """A result line of the Batch API or ``vllm run-batch``; :class:`MalformedLine` when it is
    not one. A failed request (an ``error``, a status other than 200, no text) is a result
    with ``error`` set."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: nested too deeply to read
        raise MalformedLine("not JSON") from None
    if not isinstance(data, dict):
        raise MalformedLine("not a JSON object")
    cid = data.get("custom_id")
    if not isinstance(cid, str) or not cid:
        raise MalformedLine("no custom_id")
    err = data.get("error")
    resp = data.get("response")
    if err:
        return ResultLine(cid, None, _error_text(err))
    if not isinstance(resp, dict):
        raise MalformedLine("neither a response nor an error")
    status = resp.get("status_code")
    body = resp.get("body")
    if status != 200:
        error = body.get("error") if isinstance(body, dict) else None
        detail = error.get("message") if isinstance(error, dict) else ""
        return ResultLine(cid, None, f"HTTP {status}{': ' + str(detail)[:300] if detail else ''}")
    try:
        content = body["choices"][0]["message"]["content"]  # type: ignore[index]
    except (KeyError, IndexError, TypeError):
        return ResultLine(cid, None, "the response is not a chat completion")
    if not isinstance(content, str):
        return ResultLine(cid, None, "the response has no text")
    return ResultLine(cid, content, None)


def _error_text(err: object) -> str:
    """The message of an ``error`` field: a string (vLLM), ``{"code", "message"}`` (OpenAI) or
    ``{"error": {"message", ...}}`` (vLLM's error response)."""
    for _ in range(3):
        if isinstance(err, dict) and isinstance(err.get("error"), dict):
            err = err["error"]
    if isinstance(err, dict):
        err = err.get("message") or err.get("code") or json.dumps(err)[:300]
    return " ".join(str(err).split())[:300]


class BatchApi:
    """The Batch API calls docfact makes, on one endpoint, with the key from the environment."""

    def __init__(self, settings: LlmSettings, *, environ: Mapping[str, str] | None = None,
                 retries: int = 2, backoff: float = 1.0) -> None:
        env = os.environ if environ is None else environ
        self.settings = settings
        self._key = env.get(settings.api_key_env, "") if settings.api_key_env else ""
        base = settings.base_url.rstrip("/")
        if is_azure(settings):
            base = base.split("/openai/deployments/")[0].removesuffix("/openai") + "/openai"
            self._params = {"api-version": settings.api_version}
        else:
            self._params = {}
        self.root = base
        self.retries = retries
        self.backoff = backoff
        t = settings.timeout_seconds
        self._http = httpx.Client(timeout=httpx.Timeout(t, read=max(t, 300.0), write=max(t, 300.0)),
                                  headers={"User-Agent": f"docfact/{__version__}", **self._auth()})

    def _auth(self) -> dict[str, str]:
        if not self._key:
            return {}
        return {"api-key": self._key} if is_azure(self.settings) else {"Authorization": f"Bearer {self._key}"}

    def redact(self, text: str) -> str:
        return redact_key(text, self._key)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> BatchApi:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _call(self, what: str, method: str, path: str, **kw: Any) -> httpx.Response:
        url = f"{self.root}{path}"
        for attempt in range(self.retries + 1):
            try:
                for f in (kw.get("files") or {}).values():
                    f[1].seek(0)  # a retried upload sends the file from its start again
                resp = self._http.request(method, url, params=self._params, **kw)
            except httpx.HTTPError as exc:
                why = f"{type(exc).__name__}: {exc}"
            else:
                if resp.status_code < 300:
                    return resp
                why = f"HTTP {resp.status_code}: {' '.join(resp.text.split())[:300]}"
                if resp.status_code != 429 and resp.status_code < 500:
                    hint = (f" (check that the environment variable {self.settings.api_key_env} holds a valid key)"
                            if resp.status_code in (401, 403) else "")
                    raise BatchApiError(self.redact(f"docfact: {what} at {url} was refused: {why}{hint}"))
            if attempt < self.retries:
                time.sleep(self.backoff * 2**attempt)
        raise BatchApiError(self.redact(f"docfact: {what} at {url} failed: {why}"))

    def _json(self, what: str, resp: httpx.Response) -> dict[str, Any]:
        try:
            data = resp.json()
        except (ValueError, RecursionError):  # RecursionError: nested too deeply to read
            data = None
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            raise BatchApiError(self.redact(f"docfact: {what} at {self.root}: the answer is not a Batch API object"))
        return data

    def upload(self, path: Path) -> str:
        """Upload a JSONL request file (purpose ``batch``); its file id."""
        with open(path, "rb") as fh:
            resp = self._call("uploading the batch input", "POST", "/files", data={"purpose": "batch"},
                              files={"file": (path.name, fh, "application/jsonl")})
        return str(self._json("uploading the batch input", resp)["id"])

    def create(self, input_file_id: str) -> dict[str, Any]:
        """Create a batch over an uploaded file; the batch object."""
        resp = self._call("creating the batch", "POST", "/batches", json={
            "input_file_id": input_file_id, "endpoint": line_url(self.settings),
            "completion_window": COMPLETION_WINDOW, "metadata": {"created_by": f"docfact {__version__}"}})
        return self._json("creating the batch", resp)

    def retrieve(self, batch_id: str) -> dict[str, Any]:
        resp = self._call(f"reading batch {batch_id}", "GET", f"/batches/{batch_id}")
        return self._json(f"reading batch {batch_id}", resp)

    def lines(self, file_id: str) -> Iterator[str]:
        """The lines of a file (an output or error file), streamed."""
        url = f"{self.root}/files/{file_id}/content"
        try:
            with self._http.stream("GET", url, params=self._params) as resp:
                if resp.status_code >= 300:
                    resp.read()
                    raise BatchApiError(self.redact(
                        f"docfact: downloading file {file_id} at {url} failed: HTTP {resp.status_code}: "
                        f"{' '.join(resp.text.split())[:300]}"))
                for line in resp.iter_lines():
                    if line.strip():
                        yield self.redact(line)  # an endpoint that echoes the key: never cached
        except httpx.HTTPError as exc:
            raise BatchApiError(self.redact(f"docfact: downloading file {file_id} at {url} failed: "
                                            f"{type(exc).__name__}: {exc}")) from None


_KEY_RE = re.compile(r"[0-9a-f]{64}")  # a cache key
SHOWN = 5  # failures listed by name; the rest are counted


class Tally:
    """What reading result lines did: answers stored, failed, unusable, malformed."""

    def __init__(self) -> None:
        self.stored = self.failed = self.invalid = self.unknown = 0
        self.malformed: list[str] = []
        self.errors: list[str] = []

    def read(self, lines: Iterable[str], kinds: dict[str, str], cache: LlmCache, numbered: bool = False) -> None:
        """Store every usable answer of ``lines`` in ``cache`` as soon as it is read."""
        for n, raw in enumerate(lines, 1):
            where = f"line {n}" if numbered else f"a result line ({n})"
            try:
                res = parse_result_line(raw)
            except MalformedLine as exc:
                self.malformed.append(f"{where}: {exc}")
                continue
            if not _KEY_RE.fullmatch(res.custom_id):
                self.malformed.append(f"{where}: custom_id {res.custom_id[:80]!r} is not a docfact cache key")
                continue
            if res.text is None:
                self.failed += 1
                self.errors.append(res.error or "no answer")
                continue
            kind = kinds.get(res.custom_id)
            if kind is None:
                self.unknown += 1
            if not valid_answer(kind, res.text):
                self.invalid += 1
                continue
            cache.set(res.custom_id, res.text)
            self.stored += 1

    def summary(self) -> str:
        parts = [f"{self.stored} answer(s) stored in the LLM cache"]
        if self.unknown:
            parts.append(f"{self.unknown} of them for requests this cache directory did not submit or export "
                         "(stored unchecked)")
        if self.failed:
            shown = "; ".join(dict.fromkeys(self.errors[:SHOWN]))
            parts.append(f"{self.failed} request(s) failed (first: {shown})")
        if self.invalid:
            parts.append(f"{self.invalid} answer(s) were not usable verdicts")
        if self.malformed:
            more = f" and {len(self.malformed) - SHOWN} more" if len(self.malformed) > SHOWN else ""
            parts.append(f"{len(self.malformed)} malformed line(s) skipped ({'; '.join(self.malformed[:SHOWN])}{more})")
        if self.failed or self.invalid:
            parts.append("the next docfact llm-batch submit sends those requests again")
        return "; ".join(parts)
