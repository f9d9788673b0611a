"""A deterministic OpenAI-compatible chat-completions server for tests (stdlib only).

Usage (sync or async tests alike; the server runs in its own threads)::

    import sys, pathlib
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # from tests/unit
    from llm_fake_server import FakeLlmServer, FakeResponse

    with FakeLlmServer() as fake:
        settings = LlmSettings(enabled=True, base_url=fake.base_url, model="fake-model")
        ...                                   # run docfact against it
        assert fake.count("referee") == 8     # requests per task
        fake.requests[0].body["messages"]     # everything is recorded

API
- ``FakeLlmServer(rules=DEFAULT_RULES, withdraw_words=("perhaps",), generated=...,
  reject_response_format=False, accepted_formats=None, needs_schema=False, api_key=None)``;
  binds 127.0.0.1 on a free port.
  ``start()``/``stop()`` or use it as a context manager.
- ``base_url``: ``http://127.0.0.1:PORT/v1`` (OpenAI style); ``root_url``: without ``/v1``
  (Azure style: the server accepts any path ending in ``/chat/completions``).
- ``requests``: a copy of the recorded requests (:class:`RecordedRequest`: method, path,
  query, headers with lower-case names, JSON body or None, raw bytes, arrival ``time`` from
  ``time.monotonic()``, ``task`` and ``criteria``). ``count(task=None)``, ``clear()``.
- ``script(*responses)``: queue :class:`FakeResponse` objects that override the rules. Each
  request takes the first queued response whose ``when(request)`` is true (or that has no
  ``when``). A response can set ``status``, ``headers`` (e.g. ``{"Retry-After": "1"}``),
  ``content`` (the assistant text, wrapped in a chat completion), ``body`` (a raw body
  str/bytes, or a dict sent as JSON, replacing the whole completion), ``delay`` (seconds to
  wait before answering: timeouts), ``drop`` (close the connection without answering) and
  ``trickle`` (seconds between the bytes of the body: a slow trickle).

Tasks are recognised from docfact's prompts: ``generate`` (a ``docstring`` data block),
``batched`` (a ``sentences`` block), ``second_look`` (a ``sentence`` block and a request for
``"inconsistent"``), ``referee`` (a ``sentence`` block), else ``unknown``.

Rules (when nothing is scripted): a sentence has the inconsistency of criterion C when it
contains, case-insensitively, one of ``rules[C]`` (by default "asynchronously" for C3, see
``DEFAULT_RULES``). Referee requests get ``"0"``/``"1"``; batched requests get
``{"verdicts": [...]}`` for every numbered sentence and every listed criterion; second looks
confirm (``{"inconsistent": true, "reason": ...}``) unless the sentence contains one of
``withdraw_words``; generation returns ``generated``.
With ``reject_response_format=True``, a body containing ``response_format`` gets a 400 whose
message names it. With ``accepted_formats`` (e.g. ``("text", "json_object")``, what
llama-cpp-python's server takes), a ``response_format`` of another type gets the answer that
server gives: HTTP 500 and a pydantic validation message naming the accepted types, every time
(so concurrent requests are refused alike). With ``needs_schema=True`` the fake answers
batched and second-look requests like a small model whose output no schema constrains (JSON
of another shape, as SmolLM2-135M wrote it) unless the request's ``response_format`` carries
``{"type": "json_object", "schema": ...}``, which llama.cpp's servers enforce as a grammar
(or a json_schema format). With ``api_key`` set, a request without that key (Bearer or ``api-key``)
gets a 401 whose body echoes the credential it received (to test that clients redact it).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

DEFAULT_RULES: dict[str, tuple[str, ...]] = {
    "C1": ("frobnicate",),
    "C2": ("as bytes",),
    "C3": ("asynchronously", "recursively"),
    "C4": ("web crawlers", "machine learning"),
}

_DATA_RE = re.compile(r'<data name="([\w-]+)"[^>]*>\n?(.*?)\n?</data>', re.DOTALL)
_NUMBERED_RE = re.compile(r"^(\d+)\. (.*)$", re.MULTILINE)


@dataclass
class FakeResponse:
    """One scripted answer (see the module docstring)."""

    status: int = 200
    content: str | None = None
    body: str | bytes | dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    drop: bool = False
    trickle: float = 0.0
    when: Callable[[RecordedRequest], bool] | None = None


@dataclass
class RecordedRequest:
    """One request as the server received it."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: Any
    raw: bytes
    time: float
    task: str = "unknown"
    criteria: list[str] = field(default_factory=list)
    blocks: dict[str, str] = field(default_factory=dict)  # data blocks of the prompt

    @property
    def text(self) -> str:
        """All message contents joined (empty when the body is not a chat request)."""
        msgs = self.body.get("messages") if isinstance(self.body, dict) else None
        if not isinstance(msgs, list):
            return ""
        return "\n".join(str(m.get("content", "")) for m in msgs if isinstance(m, dict))


def _classify(req: RecordedRequest) -> None:
    text = req.text
    req.blocks = {m.group(1): m.group(2) for m in _DATA_RE.finditer(text)}
    outside = _DATA_RE.sub("", text)
    if "docstring" in req.blocks:
        req.task = "generate"
    elif "sentences" in req.blocks:
        req.task = "batched"
        req.criteria = re.findall(r"^- (C\d) \(", outside, re.MULTILINE)
    elif "sentence" in req.blocks:
        req.task = "second_look" if '"inconsistent"' in outside else "referee"
        req.criteria = re.findall(r"^Criterion: (C\d)\b", outside, re.MULTILINE)


class FakeLlmServer:
    """See the module docstring."""

    def __init__(
        self,
        *,
        rules: Mapping[str, tuple[str, ...]] = DEFAULT_RULES,
        withdraw_words: tuple[str, ...] = ("perhaps",),
        generated: str = "Return the input unchanged.",
        reject_response_format: bool = False,
        accepted_formats: tuple[str, ...] | None = None,
        needs_schema: bool = False,
        api_key: str | None = None,
    ) -> None:
        self.rules = {k: tuple(v) for k, v in rules.items()}
        self.withdraw_words = withdraw_words
        self.generated = generated
        self.reject_response_format = reject_response_format
        self.accepted_formats = accepted_formats
        self.needs_schema = needs_schema
        self.api_key = api_key
        self._lock = threading.Lock()
        self._requests: list[RecordedRequest] = []
        self._queue: list[FakeResponse] = []
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ----------------------------------------------------------------------------

    def start(self) -> FakeLlmServer:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                fake._handle(self)

            def do_GET(self) -> None:
                fake._handle(self)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> FakeLlmServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return int(self._httpd.server_address[1])

    @property
    def root_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        return f"{self.root_url}/v1"

    # -- recording and scripting --------------------------------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def count(self, task: str | None = None) -> int:
        return sum(1 for r in self.requests if task is None or r.task == task)

    def clear(self) -> None:
        with self._lock:
            self._requests.clear()
            self._queue.clear()

    def script(self, *responses: FakeResponse) -> None:
        with self._lock:
            self._queue.extend(responses)

    # -- answering ----------------------------------------------------------------------------

    def _handle(self, h: BaseHTTPRequestHandler) -> None:
        length = int(h.headers.get("Content-Length") or 0)
        raw = h.rfile.read(length) if length else b""
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = None
        url = urlsplit(h.path)
        req = RecordedRequest(
            method=h.command,
            path=url.path,
            query=dict(parse_qsl(url.query)),
            headers={k.lower(): v for k, v in h.headers.items()},
            body=body,
            raw=raw,
            time=time.monotonic(),
        )
        _classify(req)
        with self._lock:
            self._requests.append(req)
            scripted = next((r for r in self._queue if r.when is None or r.when(req)), None)
            if scripted is not None:
                self._queue.remove(scripted)
        resp = scripted or self._by_rules(req, body)
        if resp.delay:
            time.sleep(resp.delay)
        if resp.drop:
            h.close_connection = True
            return
        if resp.body is None and resp.status != 200:
            resp.body = {"error": {"message": f"fake error {resp.status}"}}
        if resp.body is not None:
            payload = (
                json.dumps(resp.body).encode()
                if isinstance(resp.body, dict)
                else resp.body if isinstance(resp.body, bytes) else resp.body.encode()
            )
            ctype = "application/json" if isinstance(resp.body, dict) else "text/plain"
        else:
            payload = json.dumps(_completion(resp.content or "", body, req)).encode()
            ctype = "application/json"
        try:
            h.send_response(resp.status)
            h.send_header("Content-Type", ctype)
            h.send_header("Content-Length", str(len(payload)))
            for k, v in resp.headers.items():
                h.send_header(k, v)
            h.end_headers()
            if resp.trickle:
                for i in range(len(payload)):
                    h.wfile.write(payload[i:i + 1])
                    h.wfile.flush()
                    time.sleep(resp.trickle)
            else:
                h.wfile.write(payload)
        except OSError:  # the client gave up (timeout): nothing to do
            pass

    def _by_rules(self, req: RecordedRequest, body: Any) -> FakeResponse:
        if req.method != "POST" or not req.path.endswith("/chat/completions"):
            return FakeResponse(status=404, body={"error": {"message": "not found"}})
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            return FakeResponse(status=400, body={"error": {"message": "messages is required"}})
        if self.api_key is not None:
            presented = req.headers.get("api-key") or req.headers.get("authorization", "")
            if presented not in (self.api_key, f"Bearer {self.api_key}"):
                return FakeResponse(
                    status=401,
                    body={"error": {"message": f"Incorrect API key provided: {presented}"}},
                )
        if self.reject_response_format and "response_format" in body:
            return FakeResponse(
                status=400,
                body={"error": {"message": "Invalid parameter: 'response_format' of type "
                                "'json_schema' is not supported with this model."}},
            )
        rf = body.get("response_format")
        if self.accepted_formats is not None and isinstance(rf, dict) and rf.get("type") not in self.accepted_formats:
            allowed = " or ".join(f"'{t}'" for t in self.accepted_formats)
            return FakeResponse(status=500, body={"error": {
                "message": f"1 validation error for ChatCompletionRequestResponseFormat\ntype\n  "
                           f"Input should be {allowed} [type=literal_error, input_value="
                           f"'{rf.get('type')}', input_type=str]",
                "type": "internal_server_error"}})
        constrained = isinstance(rf, dict) and (rf.get("type") == "json_schema" or "schema" in rf)
        if self.needs_schema and req.task in ("batched", "second_look") and not constrained:
            first = _NUMBERED_RE.search(req.blocks.get("sentences", req.blocks.get("sentence", "")))
            said = first.group(0) if first else req.blocks.get("sentence", "")
            return FakeResponse(content=json.dumps({"verdicts": [{"sentence": said, "C1": 0, "C2": 3, "C3": 4}]}))
        return FakeResponse(content=self.answer(req))

    def _hits(self, sentence: str, criterion: str) -> str | None:
        low = sentence.lower()
        return next((w for w in self.rules.get(criterion, ()) if w.lower() in low), None)

    def answer(self, req: RecordedRequest) -> str:
        """The rule-based assistant text for a recognised request."""
        if req.task == "generate":
            return self.generated
        if req.task == "batched":
            verdicts = []
            for num, sentence in _NUMBERED_RE.findall(req.blocks.get("sentences", "")):
                item: dict[str, int] = {"sentence": int(num)}
                for c in req.criteria:
                    item[c] = 0 if self._hits(sentence, c) else 1
                verdicts.append(item)
            return json.dumps({"verdicts": verdicts})
        sentence = req.blocks.get("sentence", "")
        crit = req.criteria[0] if req.criteria else ""
        word = self._hits(sentence, crit)
        if req.task == "referee":
            return "0" if word else "1"
        if req.task == "second_look":
            low = sentence.lower()
            if any(w.lower() in low for w in self.withdraw_words) or not word:
                return json.dumps({"inconsistent": False, "reason": "The code supports it."})
            return json.dumps(
                {"inconsistent": True, "reason": f"The sentence says '{word}', the code does not."}
            )
        return "I cannot tell."


def _completion(content: str, body: Any, req: RecordedRequest) -> dict[str, Any]:
    model = body.get("model", "fake") if isinstance(body, dict) else "fake"
    prompt_tokens = max(1, len(req.text) // 4)
    completion_tokens = max(1, len(content) // 4)
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }
