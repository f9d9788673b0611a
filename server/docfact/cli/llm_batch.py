"""``docfact llm-batch``: the LLM judge's requests sent as Batch API jobs, answers into the cache.

``submit`` runs ``docfact check --llm`` with a client that sends nothing: every request the LLM
cache cannot answer is written as a request line (custom_id = its cache key), uploaded, and
made a batch (or, with ``--export``, only written to a file). ``status`` polls the batches;
``collect`` downloads their results and stores each answer in the LLM cache as it is read;
``import`` reads a result file (``vllm run-batch`` output) the same way. Afterwards
``docfact check --llm`` finds its answers in the cache. Second looks depend on first answers:
after the first batch is collected, the next ``submit`` sends them (a second, smaller batch).

The state (:mod:`docfact.cli.batch_state`) lists the batches with their endpoint, never the
key. Each batch's answer kinds let ``collect`` and ``import`` keep only usable answers; failed
and unusable answers are not stored, so the next ``submit`` asks for them again. Requests of
batches not collected yet are not submitted again. The planning is in
:mod:`docfact.cli.batch_plan`, the Batch API and the result lines in :mod:`docfact.llm.batch`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from docfact.cli.batch_plan import Pending, check_namespace, plan
from docfact.cli.batch_state import State, new_local_id, write_atomic
from docfact.cli.errors import EXIT_FINDINGS, EXIT_OK, UsageError
from docfact.config import Settings
from docfact.llm.batch import (
    MAX_BATCH_BYTES,
    SHOWN,
    TERMINAL,
    BatchApi,
    BatchApiError,
    Tally,
    request_line,
)
from docfact.llm.cache import LlmCache


def chunks(lines: list[tuple[Pending, str]], max_requests: int) -> list[list[tuple[Pending, str]]]:
    out: list[list[tuple[Pending, str]]] = [[]]
    size = 0
    for item in lines:
        n = len(item[1].encode("utf-8")) + 1
        if out[-1] and (len(out[-1]) >= max_requests or size + n > MAX_BATCH_BYTES):
            out.append([])
            size = 0
        out[-1].append(item)
        size += n
    return [c for c in out if c]


# -- commands -------------------------------------------------------------------------------


def _say(msg: str) -> None:
    print(f"docfact: {msg}", file=sys.stderr)


def _api_error(exc: BatchApiError) -> UsageError:
    return UsageError(str(exc).removeprefix("docfact: "))


def submit(args: argparse.Namespace) -> int:
    if args.max_batch_requests < 1:
        raise UsageError("--max-batch-requests must be at least 1")
    settings, pending = plan(args)
    state = State.load(settings)
    in_flight = state.kinds(state.open_batches())
    todo = [p for p in pending if p.key not in in_flight]
    if len(todo) < len(pending):
        _say(f"{len(pending) - len(todo)} request(s) are in batches not collected yet; not sent again")
    lines = [(p, request_line(p.key, p.body, settings.llm)) for p in todo]
    if args.export:
        _export(Path(args.export), lines, settings, state)
        return EXIT_OK
    if not lines:
        _say("nothing to submit: the LLM cache answers every request")
        return EXIT_OK
    try:
        with BatchApi(settings.llm) as api:
            for chunk in chunks(lines, args.max_batch_requests):
                _send(api, chunk, settings, state)
    except BatchApiError as exc:
        raise _api_error(exc) from None
    _say("docfact llm-batch status shows their progress; docfact llm-batch collect stores the answers")
    return EXIT_OK


def _export(path: Path, lines: list[tuple[Pending, str]], settings: Settings, state: State) -> None:
    """Write the request lines to ``path``, and their answer kinds for ``import``."""
    write_atomic(path, "".join(line + "\n" for _, line in lines))
    local = new_local_id()
    entry = {"id": f"export-{local}", "local": local, "type": "export", "file": str(path.resolve()),
             "requests": len(lines), "endpoint": _endpoint(settings), "created": _now()}
    write_atomic(state.kinds_path(entry), json.dumps({p.key: p.kind for p, _ in lines}))
    state.entries.append(entry)
    state.save()
    _say(f"wrote {len(lines)} request(s) to {path}; after the run, docfact llm-batch import RESULTS.jsonl")


def _send(api: BatchApi, chunk: list[tuple[Pending, str]], settings: Settings, state: State) -> None:
    """Upload one batch input, create the batch, and record it (the state is saved at once)."""
    local = new_local_id()
    path = state.directory / f"{local}.jsonl"
    entry: dict[str, Any] = {"local": local, "type": "batch", "requests": len(chunk),
                             "endpoint": _endpoint(settings), "created": _now()}
    write_atomic(path, "".join(line + "\n" for _, line in chunk))
    kinds = state.kinds_path(entry)
    write_atomic(kinds, json.dumps({p.key: p.kind for p, _ in chunk}))
    try:
        file_id = api.upload(path)
        batch = api.create(file_id)
    except BatchApiError:
        kinds.unlink(missing_ok=True)
        raise
    finally:
        path.unlink(missing_ok=True)
    entry.update(id=batch["id"], input_file_id=file_id)
    _update(entry, batch)
    state.entries.append(entry)
    state.save()
    _say(f"submitted batch {batch['id']}: {len(chunk)} request(s), status {entry['status']}")


def _endpoint(settings: Settings) -> dict[str, str]:
    return {"base_url": settings.llm.base_url.rstrip("/"), "model": settings.llm.model,
            "api_version": settings.llm.api_version}


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _update(entry: dict[str, Any], batch: dict[str, Any]) -> None:
    entry["status"] = str(batch.get("status") or "unknown")
    for k in ("output_file_id", "error_file_id"):
        if isinstance(batch.get(k), str):
            entry[k] = batch[k]
    counts = batch.get("request_counts")
    if isinstance(counts, dict):
        entry["counts"] = {k: v for k, v in counts.items() if isinstance(v, int)}
    errors = (batch.get("errors") or {}).get("data") if isinstance(batch.get("errors"), dict) else None
    if isinstance(errors, list):
        entry["errors"] = [str(e.get("message", e))[:300] for e in errors[:SHOWN] if isinstance(e, dict)]


def _api_for(settings: Settings, entry: dict[str, Any]) -> BatchApi:
    """The API of the endpoint ``entry`` was sent to, which must be the configured one: the key
    configured for one endpoint is never sent to a URL read from the state file."""
    ep = entry.get("endpoint") or {}
    configured = settings.llm.base_url.rstrip("/")
    sent_to = str(ep.get("base_url", configured)).rstrip("/")
    if sent_to != configured:
        raise UsageError(f"batch {entry['id']} was sent to {sent_to!r}, not to the configured endpoint "
                         f"{configured!r}; to check it, run again with --llm-base-url {sent_to!r} "
                         "(the key of one endpoint is never sent to another)")
    llm = replace(settings.llm, model=str(ep.get("model", settings.llm.model)),
                  api_version=str(ep.get("api_version", settings.llm.api_version)))
    return BatchApi(llm)


def _describe(entry: dict[str, Any]) -> str:
    c = entry.get("counts") or {}
    done = f", {c.get('completed', 0)}/{c.get('total') or entry.get('requests', 0)} done" if c else ""
    failed = f", {c['failed']} failed" if c.get("failed") else ""
    return f"batch {entry['id']}: {entry.get('status', 'unknown')}{done}{failed}"


def status(args: argparse.Namespace) -> int:
    settings = _settings(args)
    state = State.load(settings)
    batches = _selected(state, args)
    if not batches:
        _say("no batches waiting to be collected")
        return EXIT_OK
    try:
        for entry in batches:
            with _api_for(settings, entry) as api:
                _update(entry, api.retrieve(entry["id"]))
            state.save()
            print(_describe(entry))
    except BatchApiError as exc:
        raise _api_error(exc) from None
    return EXIT_OK


def collect(args: argparse.Namespace) -> int:
    settings = _settings(args)
    state = State.load(settings)
    deadline = time.monotonic() + max(0.0, args.wait)
    if not _selected(state, args):
        _say("no batches waiting to be collected")
        return EXIT_OK
    cache = LlmCache.from_settings(settings)
    try:
        while True:
            waiting = []
            for entry in _selected(state, args):
                with _api_for(settings, entry) as api:
                    _update(entry, api.retrieve(entry["id"]))
                    state.save()
                    if entry["status"] not in TERMINAL:
                        waiting.append(entry)
                        continue
                    _collect_one(api, state, entry, cache)
            if not waiting or time.monotonic() >= deadline:
                break
            time.sleep(min(args.poll, max(0.0, deadline - time.monotonic())))
    except BatchApiError as exc:
        raise _api_error(exc) from None
    finally:
        cache.close()
    for entry in waiting:
        print(f"{_describe(entry)} (not finished; collect again later)")
    return EXIT_FINDINGS if waiting else EXIT_OK


def _collect_one(api: BatchApi, state: State, entry: dict[str, Any], cache: LlmCache) -> None:
    kinds = state.kinds([entry])
    tally = Tally()
    for k in ("output_file_id", "error_file_id"):
        if entry.get(k):
            tally.read(api.lines(entry[k]), kinds, cache)
    missing = max(0, int(entry.get("requests", 0)) - tally.stored - tally.failed - tally.invalid)
    print(f"{_describe(entry)}: {tally.summary()}" + (f"; {missing} without a result" if missing else ""))
    for msg in entry.get("errors", []):
        print(f"  batch error: {msg}")
    entry["collected"] = True
    entry["stored"] = tally.stored
    state.save()
    state.kinds_path(entry).unlink(missing_ok=True)


def import_results(args: argparse.Namespace) -> int:
    settings = _settings(args)
    state = State.load(settings)
    path = Path(args.file)
    if not path.is_file():
        raise UsageError(f"{path}: {'not a file' if path.exists() else 'no such file'}")
    kinds = state.kinds(state.entries)
    tally = Tally()
    with LlmCache.from_settings(settings) as cache:
        if not cache.enabled:
            raise UsageError("the LLM cache cannot be used (see above); nothing imported")
        with open(path, encoding="utf-8", errors="replace") as fh:
            tally.read((line for line in fh if line.strip()), kinds, cache, numbered=True)
    print(f"{path}: {tally.summary()}")
    return EXIT_OK


def _settings(args: argparse.Namespace) -> Settings:
    from docfact.cli.check import load_settings

    ns = check_namespace(args)
    settings, _ = load_settings(ns, Path("."))
    return settings


def _selected(state: State, args: argparse.Namespace) -> list[dict[str, Any]]:
    wanted = set(getattr(args, "batch", None) or [])
    batches = state.open_batches()
    if wanted:
        unknown = wanted - {e["id"] for e in batches}
        if unknown:
            raise UsageError(f"no batch waiting to be collected with the id {', '.join(sorted(unknown))}")
        batches = [e for e in batches if e["id"] in wanted]
    return batches


def run_llm_batch(args: argparse.Namespace) -> int:
    """Run one ``llm-batch`` action; a file that cannot be read or written is a clear error."""
    if getattr(args, "poll", 1.0) <= 0:
        raise UsageError("--poll must be a positive number of seconds")
    action = {"submit": submit, "status": status, "collect": collect, "import": import_results}[args.action]
    try:
        return action(args)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        raise UsageError(f"{where}{exc.strerror or exc}") from None
