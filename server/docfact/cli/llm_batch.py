"""``docfact llm-batch``: the LLM judge's requests sent as Batch API jobs, answers into the cache.

``submit`` runs ``docfact check --llm`` with a client that sends nothing: every request the LLM
cache cannot answer is written as a request line (custom_id = its cache key), uploaded, and
made a batch (or, with ``--export``, only written to a file). ``status`` polls the batches;
``collect`` downloads their results and stores each answer in the LLM cache as it is read;
``import`` reads a result file (``vllm run-batch`` output) the same way. Afterwards
``docfact check --llm`` finds its answers in the cache. Second looks depend on first answers:
after the first batch is collected, the next ``submit`` sends them (a second, smaller batch).

The state (``<cache dir>/llm-batch/state.json``) lists the batches with their endpoint, never the
key; it is replaced atomically. Each batch's answer kinds (``<id>.kinds.json``: what a valid
answer looks like per custom_id) let ``collect`` and ``import`` keep only usable answers; failed
and unusable answers are not stored, so the next ``submit`` asks for them again. Requests of
batches not collected yet are not submitted again.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from docfact.cli.main import EXIT_FINDINGS, EXIT_OK, UsageError
from docfact.config import Settings, cache_dir
from docfact.llm.batch import (
    MAX_BATCH_BYTES,
    TERMINAL,
    BatchApi,
    BatchApiError,
    MalformedLine,
    answer_kind,
    parse_result_line,
    request_line,
    valid_answer,
)
from docfact.llm.cache import LlmCache
from docfact.llm.client import TEMPERATURE, TOP_P, LlmClient, chat_body
from docfact.llm.errors import LlmError

_KEY_RE = re.compile(r"[0-9a-f]{64}")
_SHOWN = 5  # failures listed by name; the rest are counted


# -- planning: the requests a check --llm run would send ------------------------------------


@dataclass(frozen=True)
class Pending:
    key: str
    body: dict[str, Any]
    kind: str


class _Deferred(LlmError):
    """Not sent: the request goes into a batch."""


class _RecordingCache(LlmCache):
    """The LLM cache, read only, remembering the key of the last lookup: the judge looks a key
    up and, on a miss, calls the client at once (nothing runs in between), so that key is the
    key of the request the client is asked to send."""

    last: str | None = None

    def get(self, key: str) -> str | None:
        self.last = key
        return super().get(key)

    def set(self, key: str, value: str) -> None:
        return None


class _RecordingClient(LlmClient):
    """A client that sends nothing and records each request under its cache key."""

    def __init__(self, settings: Settings, cache: LlmCache, out: dict[str, Pending]) -> None:
        super().__init__(settings.llm, environ={})
        self._cache = cache
        self._out = out

    async def chat(self, messages: list[dict[str, str]], *, max_tokens: int,
                   response_format: dict[str, Any] | None = None, temperature: float = TEMPERATURE,
                   top_p: float = TOP_P) -> Any:
        cache = self._cache
        assert isinstance(cache, _RecordingCache)
        key, cache.last = cache.last, None
        if key is not None and key not in self._out:
            body = chat_body(self.settings.model, messages, max_tokens=max_tokens, temperature=temperature,
                             top_p=top_p, response_format=response_format)
            self._out[key] = Pending(key, body, answer_kind(body))
        raise _Deferred("deferred to a batch")


def plan(args: argparse.Namespace) -> tuple[Settings, list[Pending]]:
    """Every request ``docfact check --llm`` would send for ``args.paths``, in run order."""
    from docfact.cli.check import load_settings, run_check
    from docfact.judges.llm_judge import LlmRun, generate_body, judge_file_llm, llm_input

    ns = _check_namespace(args)
    regenerate = bool(getattr(args, "regenerate", False))
    settings, _ = load_settings(ns, Path(ns.paths[0]))
    if not settings.cache.enabled:
        raise UsageError("the cache is off (cache.enabled = false): batch answers would have nowhere to go")
    out: dict[str, Pending] = {}

    def runner(engine: Any, run_settings: Settings, results: list[Any]) -> None:
        async def go() -> None:
            cache = _RecordingCache.from_settings(run_settings)
            run = LlmRun(client=_RecordingClient(run_settings, cache, out), cache=cache,
                         mode=run_settings.llm.mode, second_look=run_settings.llm.second_look)
            try:
                for fr in results:
                    await judge_file_llm(run, engine.graph, fr)
                    if regenerate:  # what the editors' "Regenerate docstring (LLM)" asks
                        for doc in fr.docs:
                            if doc.findings and doc.doc.kind != "comment":
                                await generate_body(run, doc, llm_input(engine.graph, doc))
            finally:
                await run.close()

        asyncio.run(go())

    run_check(ns, llm_runner=runner)
    return settings, list(out.values())


def _check_namespace(args: argparse.Namespace) -> argparse.Namespace:
    return argparse.Namespace(
        paths=getattr(args, "paths", None) or ["."], format="json", output=os.devnull, select=args.select,
        ignore=args.ignore, fail_on="never", no_cache=False, jobs=getattr(args, "jobs", 0), baseline=None,
        write_baseline=None, config=args.config, no_progress=getattr(args, "no_progress", True), llm=True,
        llm_base_url=args.llm_base_url, llm_model=args.llm_model, llm_mode=args.llm_mode,
        llm_api_key_env=args.llm_api_key_env, llm_max_requests=None, cache_dir=args.cache_dir,
        verbose=False, shard=getattr(args, "shard", None))


# -- state ----------------------------------------------------------------------------------


@dataclass
class State:
    """The batches submitted (and exports written) from this cache directory."""

    directory: Path
    entries: list[dict[str, Any]] = field(default_factory=list)

    @property
    def path(self) -> Path:
        return self.directory / "state.json"

    @classmethod
    def load(cls, settings: Settings) -> State:
        state = cls(cache_dir(settings) / "llm-batch")
        try:
            data = json.loads(state.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return state
        except (OSError, ValueError) as exc:
            raise UsageError(f"{state.path}: the batch state cannot be read ({exc}); move it away to start "
                             "afresh (answers already collected stay in the cache)") from None
        if not isinstance(data, dict) or not isinstance(data.get("batches"), list):
            raise UsageError(f"{state.path}: not a docfact batch state; move it away to start afresh")
        state.entries = [e for e in data["batches"] if isinstance(e, dict) and isinstance(e.get("id"), str)]
        return state

    def save(self) -> None:
        """Write the state, keeping the entries another docfact process added meanwhile (the
        read and the replacement happen under a lock where the system has ``fcntl``)."""
        self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        with _locked(self.directory / ".lock"):
            try:
                on_disk = json.loads(self.path.read_text(encoding="utf-8")).get("batches", [])
            except (OSError, ValueError, AttributeError):
                on_disk = []
            mine = {e["id"] for e in self.entries}
            others = [e for e in on_disk if isinstance(e, dict) and isinstance(e.get("id"), str) and e["id"] not in mine]
            self.entries = others + self.entries if others else self.entries
            _write_atomic(self.path, json.dumps({"version": 1, "batches": self.entries}, indent=1) + "\n")

    def kinds_path(self, entry: dict[str, Any]) -> Path:
        return self.directory / f"{entry['local']}.kinds.json"

    def kinds(self, entries: Iterable[dict[str, Any]]) -> dict[str, str]:
        out: dict[str, str] = {}
        for e in entries:
            try:
                got = json.loads(self.kinds_path(e).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(got, dict):
                out.update(got)
        return out

    def open_batches(self) -> list[dict[str, Any]]:
        return [e for e in self.entries if e.get("type") == "batch" and not e.get("collected")]


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` while the block runs (none without ``fcntl``)."""
    try:
        import fcntl
    except ImportError:  # Windows: two submits at the same moment may lose an entry
        yield
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _new_local_id() -> str:
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{time.monotonic_ns():x}"


def _chunks(lines: list[tuple[Pending, str]], max_requests: int) -> list[list[tuple[Pending, str]]]:
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
            for chunk in _chunks(lines, args.max_batch_requests):
                _send(api, chunk, settings, state)
    except BatchApiError as exc:
        raise _api_error(exc) from None
    _say("docfact llm-batch status shows their progress; docfact llm-batch collect stores the answers")
    return EXIT_OK


def _export(path: Path, lines: list[tuple[Pending, str]], settings: Settings, state: State) -> None:
    """Write the request lines to ``path``, and their answer kinds for ``import``."""
    _write_atomic(path, "".join(line + "\n" for _, line in lines))
    local = _new_local_id()
    entry = {"id": f"export-{local}", "local": local, "type": "export", "file": str(path.resolve()),
             "requests": len(lines), "endpoint": _endpoint(settings), "created": _now()}
    _write_atomic(state.kinds_path(entry), json.dumps({p.key: p.kind for p, _ in lines}))
    state.entries.append(entry)
    state.save()
    _say(f"wrote {len(lines)} request(s) to {path}; after the run, docfact llm-batch import RESULTS.jsonl")


def _send(api: BatchApi, chunk: list[tuple[Pending, str]], settings: Settings, state: State) -> None:
    """Upload one batch input, create the batch, and record it (the state is saved at once)."""
    local = _new_local_id()
    path = state.directory / f"{local}.jsonl"
    entry: dict[str, Any] = {"local": local, "type": "batch", "requests": len(chunk),
                             "endpoint": _endpoint(settings), "created": _now()}
    _write_atomic(path, "".join(line + "\n" for _, line in chunk))
    kinds = state.kinds_path(entry)
    _write_atomic(kinds, json.dumps({p.key: p.kind for p, _ in chunk}))
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
        entry["errors"] = [str(e.get("message", e))[:300] for e in errors[:_SHOWN] if isinstance(e, dict)]


def _api_for(settings: Settings, entry: dict[str, Any]) -> BatchApi:
    ep = entry.get("endpoint") or {}
    llm = replace(settings.llm, base_url=ep.get("base_url", settings.llm.base_url),
                  model=ep.get("model", settings.llm.model), api_version=ep.get("api_version", ""))
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
            shown = "; ".join(dict.fromkeys(self.errors[:_SHOWN]))
            parts.append(f"{self.failed} request(s) failed (first: {shown})")
        if self.invalid:
            parts.append(f"{self.invalid} answer(s) were not usable verdicts")
        if self.malformed:
            more = f" and {len(self.malformed) - _SHOWN} more" if len(self.malformed) > _SHOWN else ""
            parts.append(f"{len(self.malformed)} malformed line(s) skipped ({'; '.join(self.malformed[:_SHOWN])}{more})")
        if self.failed or self.invalid:
            parts.append("the next docfact llm-batch submit sends those requests again")
        return "; ".join(parts)


def _settings(args: argparse.Namespace) -> Settings:
    from docfact.cli.check import load_settings

    ns = _check_namespace(args)
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
