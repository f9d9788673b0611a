"""A fake OpenAI-compatible Batch API on 127.0.0.1 for tests (stdlib only), on top of
:class:`llm_fake_server.FakeLlmServer` (which still answers ``/chat/completions``).

    with FakeBatchServer() as fake:
        ...  # docfact llm-batch submit --llm-base-url fake.base_url
        fake.batches["batch_1"]["status"]; fake.files["file-1"]; fake.count_chat()

Routes (OpenAI style under ``/v1``, Azure style under ``/openai`` with any ``api-version``):
``POST .../files`` (multipart, ``purpose``, ``file``), ``POST .../batches``,
``GET .../batches/{id}``, ``GET .../files/{id}/content``.

A batch moves one step along ``plan`` (default validating -> in_progress -> completed) each time
it is read. When it reaches ``completed`` or ``expired``, every request line is answered with
the rule-based answers of FakeLlmServer, except: lines for which ``fail(line)`` is true go to
the error file with HTTP 500; with ``expire_after=k``, an expired batch answers only its first
k lines and the others go to the error file with ``batch_expired``; ``corrupt`` lines are
appended to the output file verbatim (malformed results). An input file with a line that is not
a valid request (not JSON, no custom_id, a repeated custom_id, a url other than the batch's
endpoint) makes the batch ``failed`` with a validation error. With ``api_key`` set, every
request must present it (Bearer or ``api-key``) or gets a 401 that echoes what it received.
"""

from __future__ import annotations

import email.parser
import email.policy
import itertools
import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from llm_fake_server import FakeLlmServer, FakeResponse, RecordedRequest, _classify, _completion

_BATCH_RE = re.compile(r"/batches/([\w-]+)$")
_CONTENT_RE = re.compile(r"/files/([\w-]+)/content$")


class FakeBatchServer(FakeLlmServer):
    """See the module docstring."""

    def __init__(self, *, plan: Sequence[str] = ("validating", "in_progress", "completed"),
                 fail: Callable[[dict[str, Any]], bool] | None = None, expire_after: int | None = None,
                 corrupt: Sequence[str] = (), **kw: Any) -> None:
        super().__init__(**kw)
        self.plan = list(plan)
        self.fail = fail
        self.expire_after = expire_after
        self.corrupt = list(corrupt)
        self.files: dict[str, bytes] = {}
        self.batches: dict[str, dict[str, Any]] = {}
        self._step: dict[str, int] = {}
        self._ids = itertools.count(1)

    def count_chat(self) -> int:
        """Chat-completion requests received (live requests, not batch calls)."""
        return sum(1 for r in self.requests if r.path.endswith("/chat/completions"))

    def _by_rules(self, req: RecordedRequest, body: Any) -> FakeResponse:
        if req.path.endswith("/chat/completions"):
            return super()._by_rules(req, body)
        if self.api_key is not None:
            presented = req.headers.get("api-key") or req.headers.get("authorization", "")
            if presented not in (self.api_key, f"Bearer {self.api_key}"):
                return FakeResponse(status=401, body={"error": {"message": f"Incorrect API key provided: {presented}"}})
        with self._lock:
            if req.method == "POST" and req.path.endswith("/files"):
                return self._upload(req)
            if req.method == "POST" and req.path.endswith("/batches"):
                return self._create(body)
            m = _BATCH_RE.search(req.path)
            if req.method == "GET" and m and m.group(1) in self.batches:
                return FakeResponse(body=self._advance(m.group(1)))
            m = _CONTENT_RE.search(req.path)
            if req.method == "GET" and m and m.group(1) in self.files:
                return FakeResponse(body=self.files[m.group(1)])
        return FakeResponse(status=404, body={"error": {"message": f"no route {req.method} {req.path}"}})

    def _upload(self, req: RecordedRequest) -> FakeResponse:
        msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            f"Content-Type: {req.headers.get('content-type', '')}\r\n\r\n".encode() + req.raw)
        parts = {p.get_param("name", header="content-disposition"): p for p in msg.iter_parts()}
        if "file" not in parts or parts.get("purpose") is None or parts["purpose"].get_content().strip() != "batch":
            return FakeResponse(status=400, body={"error": {"message": "a file and purpose=batch are required"}})
        fid = f"file-{next(self._ids)}"
        self.files[fid] = parts["file"].get_payload(decode=True) or b""
        return FakeResponse(body={"id": fid, "object": "file", "purpose": "batch", "bytes": len(self.files[fid])})

    def _create(self, body: Any) -> FakeResponse:
        if not isinstance(body, dict) or body.get("input_file_id") not in self.files:
            return FakeResponse(status=400, body={"error": {"message": "input_file_id is not an uploaded file"}})
        if body.get("completion_window") != "24h":
            return FakeResponse(status=400, body={"error": {"message": "completion_window must be 24h"}})
        bid = f"batch_{next(self._ids)}"
        self.batches[bid] = {"id": bid, "object": "batch", "endpoint": body.get("endpoint"),
                             "input_file_id": body["input_file_id"], "completion_window": "24h",
                             "status": self.plan[0], "output_file_id": None, "error_file_id": None,
                             "request_counts": {"total": 0, "completed": 0, "failed": 0}}
        self._step[bid] = 0
        return FakeResponse(body=dict(self.batches[bid]))

    def _advance(self, bid: str) -> dict[str, Any]:
        batch = self.batches[bid]
        if batch["status"] in ("completed", "expired", "failed", "cancelled"):
            return dict(batch)
        self._step[bid] = min(self._step[bid] + 1, len(self.plan) - 1)
        batch["status"] = self.plan[self._step[bid]]
        lines, problem = self._validate(batch)
        if problem:
            batch["status"] = "failed"
            batch["errors"] = {"object": "list", "data": [{"code": "invalid_request", "message": problem}]}
        elif batch["status"] in ("completed", "expired"):
            self._run(batch, lines)
        return dict(batch)

    def _validate(self, batch: dict[str, Any]) -> tuple[list[dict[str, Any]], str | None]:
        lines: list[dict[str, Any]] = []
        ids: set[str] = set()
        for n, raw in enumerate(self.files[batch["input_file_id"]].decode().splitlines(), 1):
            try:
                line = json.loads(raw)
            except ValueError:
                return [], f"line {n} is not JSON"
            if not isinstance(line, dict) or not line.get("custom_id") or line["custom_id"] in ids:
                return [], f"line {n}: a missing or repeated custom_id"
            if line.get("method") != "POST" or line.get("url") != batch["endpoint"]:
                return [], f"line {n}: method/url must be POST {batch['endpoint']}"
            if not isinstance(line.get("body"), dict) or not isinstance(line["body"].get("messages"), list):
                return [], f"line {n}: the body has no messages"
            ids.add(line["custom_id"])
            lines.append(line)
        return lines, None

    def _run(self, batch: dict[str, Any], lines: list[dict[str, Any]]) -> None:
        out, err = [], []
        for n, line in enumerate(lines):
            expired = batch["status"] == "expired" and self.expire_after is not None and n >= self.expire_after
            if expired or (self.fail is not None and self.fail(line)):
                code = "batch_expired"
                err.append({"id": f"req_{n}", "custom_id": line["custom_id"],
                            "response": None if expired else {"status_code": 500, "body": {"error": {"message": "boom"}}},
                            "error": {"code": code, "message": "This request could not be executed before the "
                                      "completion window expired."} if expired else None})
                continue
            req = RecordedRequest("POST", "/v1/chat/completions", {}, {}, line["body"], b"", 0.0)
            _classify(req)
            out.append({"id": f"req_{n}", "custom_id": line["custom_id"],
                        "response": {"status_code": 200, "request_id": f"r{n}",
                                     "body": _completion(self.answer(req), line["body"], req)},
                        "error": None})
        text = "".join(json.dumps(x) + "\n" for x in out) + "".join(c + "\n" for c in self.corrupt)
        fid = f"file-{next(self._ids)}"
        self.files[fid] = text.encode()
        batch["output_file_id"] = fid
        if err:
            eid = f"file-{next(self._ids)}"
            self.files[eid] = "".join(json.dumps(x) + "\n" for x in err).encode()
            batch["error_file_id"] = eid
        batch["request_counts"] = {"total": len(lines), "completed": len(out), "failed": len(err)}
