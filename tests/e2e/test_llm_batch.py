"""``docfact llm-batch`` against a fake Batch API on 127.0.0.1 and with ``vllm run-batch``-shaped
result files: after the answers are collected or imported, ``docfact check --llm`` sends nothing
and reports what a live run reports."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from docfact.llm.plan import GENERATE_MAX_TOKENS, SECOND_LOOK_MAX_TOKENS

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from batch_fake_server import FakeBatchServer
from llm_fake_server import FakeLlmServer, FakeResponse, RecordedRequest, _classify, _completion

SECRET = "sk-test-SECRET-0123456789abcdef"
SOURCE = '''\
"""Orders."""


def ship(order_id: int) -> str:
    """Ship one order. It talks to the carrier asynchronously.

    It frobnicates the carrier record first.
    """
    return f"shipped {order_id}"


def cancel(order_id: int) -> str:
    """Cancel one order. The order is marked as cancelled."""
    return f"cancelled {order_id}"
'''

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "orders.py").write_text(SOURCE)
    return tmp_path / "proj"


def docfact(ws: Path, *args: str, cache: str = "cache") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DOCFACT_TEST_KEY": SECRET}
    model = [] if "--llm-model" in args else ["--llm-model", "fake-model"]
    return subprocess.run([sys.executable, "-m", "docfact", *args, "--cache-dir", str(ws.parent / cache),
                           "--llm-api-key-env", "DOCFACT_TEST_KEY", *model],
                          cwd=ws, env=env, capture_output=True, text=True, timeout=120, check=False)


def batch(ws: Path, action: str, url: str, *args: str, cache: str = "cache") -> subprocess.CompletedProcess[str]:
    return docfact(ws, "llm-batch", action, *args, "--llm-base-url", url, cache=cache)


def check_llm(ws: Path, url: str, *args: str, cache: str = "cache") -> subprocess.CompletedProcess[str]:
    return docfact(ws, "check", ".", "--format", "json", "--no-cache", "--fail-on", "never", "--llm",
                   "--llm-base-url", url, *args, cache=cache)


def uploaded(fake: FakeBatchServer) -> list[list[dict[str, Any]]]:
    """The request lines of every batch created, in order."""
    return [[json.loads(x) for x in fake.files[b["input_file_id"]].decode().splitlines()]
            for b in fake.batches.values()]


def state(ws: Path, cache: str = "cache") -> dict[str, Any]:
    return json.loads((ws.parent / cache / "llm-batch" / "state.json").read_text())


def live_report(ws: Path, *args: str) -> str:
    """What docfact check --llm reports with a live endpoint and an empty cache."""
    with FakeLlmServer() as live:
        return check_llm(ws, live.base_url, *args, cache="live-cache").stdout


def test_submit_status_collect_then_check_sends_nothing(ws: Path) -> None:
    with FakeBatchServer() as fake:
        sub = batch(ws, "submit", fake.base_url)
        assert sub.returncode == 0, sub.stderr
        [first] = uploaded(fake)
        assert len(first) == 3  # one batched request per docstring: module, ship, cancel
        assert {(x["method"], x["url"]) for x in first} == {("POST", "/v1/chat/completions")}
        assert all(len(x["custom_id"]) == 64 and x["body"]["model"] == "fake-model" for x in first)
        assert state(ws)["batches"][0]["status"] == "validating"
        st = batch(ws, "status", fake.base_url)
        assert "in_progress" in st.stdout
        col = batch(ws, "collect", fake.base_url)
        assert col.returncode == 0 and "completed" in col.stdout and "3 answer(s) stored" in col.stdout
        # the model flagged two sentences of ship: the second looks are the next batch
        again = batch(ws, "submit", fake.base_url)
        assert again.returncode == 0
        second = uploaded(fake)[1]
        assert len(second) == 2 and all(x["body"]["response_format"]["json_schema"]["name"] == "docfact_second_look"
                                        for x in second)
        batch(ws, "collect", fake.base_url, "--wait", "20", "--poll", "0.05")
        last = batch(ws, "submit", fake.base_url)
        assert "nothing to submit" in last.stderr and len(fake.batches) == 2
        before = fake.count_chat()
        report = check_llm(ws, fake.base_url)
        assert fake.count_chat() == before  # every answer came from the cache
    assert "LLM judge sent 0 request(s)" in report.stderr
    assert report.stdout == live_report(ws)
    assert any(f["judge"] == "llm:fake-model" for f in json.loads(report.stdout)["findings"])


def test_referee_mode_batches_one_line_per_sentence_and_criterion(ws: Path) -> None:
    with FakeBatchServer() as fake:
        batch(ws, "submit", fake.base_url, "--llm-mode", "referee")
        assert len(uploaded(fake)[0]) == 6 * 4
        col = batch(ws, "collect", fake.base_url, "--wait", "20", "--poll", "0.05")
        assert "24 answer(s) stored" in col.stdout
        batch(ws, "submit", fake.base_url, "--llm-mode", "referee")  # second looks at the 0 answers
        assert [x["body"]["response_format"]["json_schema"]["name"] for x in uploaded(fake)[1]] == ["docfact_second_look"] * 2
        batch(ws, "collect", fake.base_url, "--wait", "20", "--poll", "0.05")
        report = check_llm(ws, fake.base_url, "--llm-mode", "referee")
        assert fake.count_chat() == 0
    assert report.stdout == live_report(ws, "--llm-mode", "referee")


def test_failed_requests_are_reported_and_sent_again(ws: Path) -> None:
    with FakeBatchServer(fail=lambda line: "1. Cancel one order." in json.dumps(line)) as fake:
        batch(ws, "submit", fake.base_url)
        col = batch(ws, "collect", fake.base_url, "--wait", "20", "--poll", "0.05")
        assert "2 answer(s) stored" in col.stdout and "1 request(s) failed (first: HTTP 500: boom)" in col.stdout
        assert "next docfact llm-batch submit sends those requests again" in col.stdout
        fake.fail = None
        batch(ws, "submit", fake.base_url)
        retry = uploaded(fake)[1]
        # the failed request again, and the second looks of the answered ship docstring
        assert sum("1. Cancel one order." in json.dumps(x) for x in retry) == 1 and len(retry) == 3


def test_an_expired_batch_keeps_what_was_done(ws: Path) -> None:
    with FakeBatchServer(plan=("validating", "in_progress", "expired"), expire_after=1) as fake:
        batch(ws, "submit", fake.base_url)
        col = batch(ws, "collect", fake.base_url, "--wait", "20", "--poll", "0.05")
        assert "expired" in col.stdout and "1 answer(s) stored" in col.stdout
        assert "2 request(s) failed" in col.stdout and "completion window expired" in col.stdout
        fake.plan = ["validating", "completed"]
        batch(ws, "submit", fake.base_url)
        redo = {x["custom_id"] for x in uploaded(fake)[1]}
        assert redo >= {x["custom_id"] for x in uploaded(fake)[0][1:]}


def test_a_failed_batch_is_sent_again_and_a_running_one_is_not(ws: Path) -> None:
    with FakeBatchServer(plan=("validating", "failed")) as fake:
        batch(ws, "submit", fake.base_url)
        dup = batch(ws, "submit", fake.base_url)  # the first batch is still validating
        assert "3 request(s) are in batches not collected yet" in dup.stderr and "nothing to submit" in dup.stderr
        col = batch(ws, "collect", fake.base_url)
        assert "failed" in col.stdout and "0 answer(s) stored" in col.stdout and "3 without a result" in col.stdout
        batch(ws, "submit", fake.base_url)
        assert len(fake.batches) == 2 and len(uploaded(fake)[1]) == 3


def test_collect_before_the_end_says_so(ws: Path) -> None:
    with FakeBatchServer(plan=("validating", "in_progress", "in_progress", "completed")) as fake:
        batch(ws, "submit", fake.base_url)
        early = batch(ws, "collect", fake.base_url)
        assert early.returncode == 1 and "in_progress" in early.stdout and "not finished" in early.stdout
        done = batch(ws, "collect", fake.base_url, "--wait", "20", "--poll", "0.05")
        assert done.returncode == 0 and "3 answer(s) stored" in done.stdout


def test_an_interrupted_collect_loses_nothing(ws: Path) -> None:
    with FakeBatchServer() as fake:
        batch(ws, "submit", fake.base_url)
        batch(ws, "status", fake.base_url)
        fake.script(FakeResponse(drop=True, when=lambda r: r.path.endswith("/content")))
        broken = batch(ws, "collect", fake.base_url)
        assert broken.returncode == 2 and "downloading file" in broken.stderr and "Traceback" not in broken.stderr
        assert state(ws)["batches"][0].get("collected") is not True
        col = batch(ws, "collect", fake.base_url)
        assert col.returncode == 0 and "3 answer(s) stored" in col.stdout
        assert state(ws)["batches"][0]["collected"] is True


def test_malformed_result_lines_are_reported_not_fatal(ws: Path) -> None:
    with FakeBatchServer(corrupt=["{oops", '{"custom_id": "zzz", "response": {"status_code": 200}}', "[]"]) as fake:
        batch(ws, "submit", fake.base_url)
        col = batch(ws, "collect", fake.base_url, "--wait", "20", "--poll", "0.05")
    assert col.returncode == 0 and "Traceback" not in col.stderr
    assert "3 answer(s) stored" in col.stdout and "3 malformed line(s) skipped" in col.stdout
    assert "not JSON" in col.stdout and "not a docfact cache key" in col.stdout


def vllm_run_batch(requests: Path, results: Path, fail: str = "", garbage: bool = False,
                   model: FakeLlmServer | None = None) -> None:
    """What ``vllm run-batch -i requests -o results`` writes, answered by the fake's rules."""
    rules = model or FakeLlmServer()
    out = []
    for n, raw in enumerate(requests.read_text().splitlines()):
        line = json.loads(raw)
        if fail and fail in raw:
            out.append({"id": f"vllm-{n}", "custom_id": line["custom_id"],
                        "response": {"status_code": 400, "request_id": f"vllm-batch-{n}", "body": None},
                        "error": "This model's maximum context length is 4096 tokens."})
            continue
        req = RecordedRequest("POST", line["url"], {}, {}, line["body"], b"", 0.0)
        _classify(req)
        out.append({"id": f"vllm-{n}", "custom_id": line["custom_id"],
                    "response": {"status_code": 200, "request_id": f"vllm-batch-{n}",
                                 "body": _completion(rules.answer(req), line["body"], req)}, "error": None})
    text = "".join(json.dumps(x) + "\n" for x in out)
    results.write_text(text + ("this is not a result\n" if garbage else ""))


def test_export_then_import_vllm_results(ws: Path, tmp_path: Path) -> None:
    url = "http://127.0.0.1:9/v1"  # nothing listens: export and import send nothing
    requests, results = tmp_path / "requests.jsonl", tmp_path / "results.jsonl"
    exp = batch(ws, "submit", url, "--export", str(requests))
    assert exp.returncode == 0 and "wrote 3 request(s)" in exp.stderr
    assert len(requests.read_text().splitlines()) == 3
    vllm_run_batch(requests, results, fail="1. Cancel one order.", garbage=True)
    imp = batch(ws, "import", url, str(results))
    assert imp.returncode == 0 and "Traceback" not in imp.stderr
    assert "2 answer(s) stored" in imp.stdout and "1 request(s) failed (first: This model's maximum" in imp.stdout
    assert "1 malformed line(s) skipped (line 4: not JSON)" in imp.stdout
    # the next export: the failed request and the second looks of ship
    batch(ws, "submit", url, "--export", str(requests))
    assert len(requests.read_text().splitlines()) == 3
    vllm_run_batch(requests, results)
    assert "3 answer(s) stored" in batch(ws, "import", url, str(results)).stdout
    assert "nothing to submit" in batch(ws, "submit", url).stderr
    report = check_llm(ws, url)
    assert "LLM judge sent 0 request(s)" in report.stderr and "LLM judge:" not in report.stderr
    assert report.stdout == live_report(ws)


def test_import_refuses_a_missing_file(ws: Path) -> None:
    proc = batch(ws, "import", "http://127.0.0.1:9/v1", "nope.jsonl")
    assert proc.returncode == 2 and "nope.jsonl: no such file" in proc.stderr


def test_the_key_is_sent_but_never_written(ws: Path) -> None:
    with FakeBatchServer(api_key=SECRET) as fake:
        batch(ws, "submit", fake.base_url)
        col = batch(ws, "collect", fake.base_url, "--wait", "20", "--poll", "0.05")
        assert "3 answer(s) stored" in col.stdout
        assert {r.headers.get("authorization") for r in fake.requests} == {f"Bearer {SECRET}"}
    with FakeBatchServer(api_key="another-key") as fake:  # 401s that echo the credential back
        refused = batch(ws, "submit", fake.base_url, cache="cache2")
    assert refused.returncode == 2 and "HTTP 401" in refused.stderr and "DOCFACT_TEST_KEY" in refused.stderr
    for proc in (col, refused):
        assert SECRET not in proc.stdout + proc.stderr
    for path in ws.parent.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path


def test_azure_routes(ws: Path) -> None:
    with FakeBatchServer() as fake:
        (ws / "pyproject.toml").write_text('[tool.docfact.llm]\napi_version = "2024-10-21"\n')
        # the repository's api_version counts only for a repository the user trusts
        args = ("--llm-model", "my-deployment", "--trust-workspace-config")
        batch(ws, "submit", fake.root_url, *args)
        batch(ws, "collect", fake.root_url, *args, "--wait", "20", "--poll", "0.05")
        calls = [(r.method, r.path, r.query.get("api-version")) for r in fake.requests]
        assert calls[:2] == [("POST", "/openai/files", "2024-10-21"), ("POST", "/openai/batches", "2024-10-21")]
        assert all(r.headers.get("api-key") == SECRET and "authorization" not in r.headers for r in fake.requests)
        lines = uploaded(fake)[0]
        assert {x["url"] for x in lines} == {"/chat/completions"}
        assert {x["body"]["model"] for x in lines} == {"my-deployment"}
        assert next(iter(fake.batches.values()))["endpoint"] == "/chat/completions"
        batch(ws, "submit", fake.root_url, *args)  # the second looks
        batch(ws, "collect", fake.root_url, *args, "--wait", "20", "--poll", "0.05")
        report = docfact(ws, "check", ".", "--no-cache", "--llm", "--llm-base-url", fake.root_url, "--llm-model",
                         "my-deployment", "--trust-workspace-config")
        assert fake.count_chat() == 0
    assert "LLM judge sent 0 request(s)" in report.stderr


def test_regeneration_requests_ride_along(ws: Path) -> None:
    with FakeBatchServer() as fake:
        batch(ws, "submit", fake.base_url, "--regenerate")
        first = uploaded(fake)[0]
        generate = [x for x in first if x["body"]["max_tokens"] == GENERATE_MAX_TOKENS]
        assert len(first) == 4 and len(generate) == 1  # ship has a finding: its docstring is rewritten
        assert "Ship one order." in json.dumps(generate[0])
        batch(ws, "collect", fake.base_url, "--wait", "20", "--poll", "0.05")
        batch(ws, "submit", fake.base_url, "--regenerate")
        # the rewrite is answered from the cache now; only the second looks remain
        assert [x["body"]["max_tokens"] for x in uploaded(fake)[1]] == [SECOND_LOOK_MAX_TOKENS] * 2


def test_a_real_package_through_export_and_import_rounds(tmp_path: Path) -> None:
    """The stdlib's json package: rounds of export + vllm run-batch + import until nothing is
    left (first answers, then second looks); then check --llm sends nothing and reports what a
    live run reports."""
    proj = tmp_path / "proj"
    shutil.copytree(Path(json.__file__).resolve().parent, proj / "json", ignore=shutil.ignore_patterns("__pycache__"))
    model = FakeLlmServer(rules={"C2": ("string",), "C3": ("return",)}, withdraw_words=("object",))
    url = "http://127.0.0.1:9/v1"
    requests, results = tmp_path / "requests.jsonl", tmp_path / "results.jsonl"
    sizes = []
    for _ in range(4):
        batch(proj, "submit", url, "--export", str(requests))
        sizes.append(len(requests.read_text().splitlines()))
        if not sizes[-1]:
            break
        vllm_run_batch(requests, results, model=model)
        assert f"{sizes[-1]} answer(s) stored" in batch(proj, "import", url, str(results)).stdout
    assert sizes[0] > 40 and sizes[1] > 5 and sizes[2] == 0, sizes  # first answers, second looks, done
    report = check_llm(proj, url)
    assert "LLM judge sent 0 request(s)" in report.stderr and "LLM judge:" not in report.stderr
    with FakeLlmServer(rules=model.rules, withdraw_words=model.withdraw_words) as live:
        expected = check_llm(proj, live.base_url, cache="live-cache")
        assert live.count() == sum(sizes)  # the same requests, one by one
    assert report.stdout == expected.stdout
    assert any(f["judge"] == "llm:fake-model" for f in json.loads(report.stdout)["findings"])


def test_sharded_llm_runs_merge_into_the_unsharded_report(ws: Path, tmp_path: Path) -> None:
    for n in range(5):
        (ws / f"mod{n}.py").write_text(SOURCE.replace("order", f"parcel{n}"))
    parts = []
    with FakeLlmServer() as live:
        full = check_llm(ws, live.base_url, cache="c0").stdout
        sent = live.count()
        live.clear()
        for i in (1, 2, 3):
            out = tmp_path / f"s{i}.json"
            check_llm(ws, live.base_url, "--shard", f"{i}/3", "-o", str(out), cache=f"c{i}")
            parts.append(str(out))
        assert live.count() == sent  # each request once, in one of the shards
    merged = subprocess.run([sys.executable, "-m", "docfact", "merge", "--fail-on", "never", *parts],
                            capture_output=True, text=True, timeout=60, check=False)
    assert merged.returncode == 0, merged.stderr
    assert merged.stdout == full
