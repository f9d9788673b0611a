"""What ``docfact llm-batch submit`` sends: every request ``docfact check --llm`` would send
that the LLM cache cannot answer, found by running that check with a client that sends nothing.

The judge looks a request's key up in the cache and, on a miss, calls the client at once
(nothing runs in between), so the key of the last lookup is the key of the request the client
is asked to send: that key becomes the request line's ``custom_id``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docfact.cli.errors import UsageError
from docfact.config import Settings
from docfact.llm.batch import answer_kind
from docfact.llm.cache import LlmCache
from docfact.llm.client import TEMPERATURE, TOP_P, LlmClient, chat_body
from docfact.llm.errors import LlmError


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

    ns = check_namespace(args)
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


def check_namespace(args: argparse.Namespace) -> argparse.Namespace:
    return argparse.Namespace(
        paths=getattr(args, "paths", None) or ["."], format="json", output=os.devnull, select=args.select,
        ignore=args.ignore, fail_on="never", no_cache=False, jobs=getattr(args, "jobs", 0), baseline=None,
        write_baseline=None, config=args.config, trust_workspace_config=getattr(args, "trust_workspace_config", False),
        no_progress=getattr(args, "no_progress", True), llm=True,
        llm_base_url=args.llm_base_url, llm_model=args.llm_model, llm_mode=args.llm_mode,
        llm_api_key_env=args.llm_api_key_env, llm_max_requests=None, cache_dir=args.cache_dir,
        verbose=False, shard=getattr(args, "shard", None))
