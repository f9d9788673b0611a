"""``docfact check --llm``: the LLM pass over the statically judged files of a run."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from docfact.config import Settings
from docfact.engine import Engine
from docfact.model import FileResult


class LlmProgress:
    """What the LLM pass has done, on stderr: on a terminal one line kept up to date (files
    judged of the total, requests sent, an estimate of the time left); elsewhere (CI logs) one
    line every ``every`` seconds. Short passes (under ``every`` seconds) print nothing."""

    def __init__(self, total: int, stream: TextIO | None = None, every: float = 5.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.every, self.clock = total, every, clock
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.began = clock()
        self.last = self.began
        self.shown = False

    def line(self, done: int, requests: int) -> str:
        spent = self.clock() - self.began
        left = spent / done * (self.total - done) if done else None
        eta = "" if left is None else f", about {_duration(left)} left"
        return f"docfact: LLM progress: {done}/{self.total} files, {requests} request(s) sent{eta}"

    def update(self, done: int, requests: int) -> None:
        now = self.clock()
        if now - self.began < self.every or (not self.tty and now - self.last < self.every):
            return
        self.last = now
        text = self.line(done, requests)
        if self.tty:
            self.stream.write("\r" + text.ljust(78))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown and self.tty:
            self.stream.write("\r" + " " * 78 + "\r")
            self.stream.flush()


def _kinds(errors: Sequence[Exception]) -> list[Exception]:
    """The first error, and the first that says the endpoint is unavailable when the first does not
    (an endpoint that died after bad answers or refusals)."""
    from docfact.llm import LlmUnavailable

    gone = next((e for e in errors if isinstance(e, LlmUnavailable)), None)
    return [errors[0]] if gone is None or isinstance(errors[0], LlmUnavailable) else [errors[0], gone]


def _duration(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60} s" if whole >= 60 else f"{whole} s"


def run_llm(engine: Engine, settings: Settings, results: list[FileResult]) -> bool:
    """Add the model's findings to ``results`` in place; endpoint problems are reported once.
    Returns whether the judge finished (every request answered with a verdict)."""
    from docfact.judges.llm_judge import judge_file_llm, open_run

    async def go() -> bool:
        run = open_run(settings)
        progress = LlmProgress(len(results))
        try:
            for n, fr in enumerate(results, 1):
                await judge_file_llm(run, engine.graph, fr)
                progress.update(n, run.client.requests_sent)
        finally:
            progress.close()
            await run.client.aclose()
            run.cache.close()
        if run.errors:
            first, *others = _kinds(run.errors)
            print(f"docfact: LLM judge: {str(first).removeprefix('docfact: ')} — static findings are complete, "
                  f"{len(run.errors)} LLM request(s) gave no verdict", file=sys.stderr)
            for other in others:  # an endpoint that died after bad answers is said too
                print(f"docfact: LLM judge: then {str(other).removeprefix('docfact: ')}", file=sys.stderr)
        if not run.client.requests_sent or run.client.unconnected < run.client.requests_sent:
            print(f"docfact: LLM judge sent {run.client.requests_sent} request(s) to {settings.llm.base_url}",
                  file=sys.stderr)
        elif run.client.requests_sent:
            print(f"docfact: LLM judge: no connection could be made to {settings.llm.base_url}", file=sys.stderr)
        return not run.errors

    return asyncio.run(go())
