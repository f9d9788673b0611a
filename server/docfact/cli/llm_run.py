"""``docfact check --llm``: the LLM pass over the statically judged files of a run."""

from __future__ import annotations

import asyncio
import sys

from docfact.config import Settings
from docfact.engine import Engine
from docfact.model import FileResult


def run_llm(engine: Engine, settings: Settings, results: list[FileResult]) -> bool:
    """Add the model's findings to ``results`` in place; endpoint problems are reported once.
    Returns whether the judge finished (every request answered with a verdict)."""
    from docfact.judges.llm_judge import judge_file_llm, open_run

    async def go() -> bool:
        run = open_run(settings)
        try:
            for fr in results:
                await judge_file_llm(run, engine.graph, fr)
        finally:
            await run.client.aclose()
            run.cache.close()
        if run.errors:
            first = run.errors[0]
            print(f"docfact: LLM judge: {str(first).removeprefix('docfact: ')} — static findings are complete, "
                  f"{len(run.errors)} LLM request(s) gave no verdict", file=sys.stderr)
        if not run.client.requests_sent or run.client.unconnected < run.client.requests_sent:
            print(f"docfact: LLM judge sent {run.client.requests_sent} request(s) to {settings.llm.base_url}",
                  file=sys.stderr)
        elif run.client.requests_sent:
            print(f"docfact: LLM judge: no connection could be made to {settings.llm.base_url}", file=sys.stderr)
        return not run.errors

    return asyncio.run(go())
