"""The LLM judge in the language server: after static diagnostics, on save and on commands.

- One :class:`~docfact.judges.llm_judge.LlmRun` per distinct ``llm`` settings for the session
  (its request budget, failure breaker and cache persist across saves).
- A save starts a background pass for that document (a newer save cancels the older pass), so a
  slow or dead endpoint never delays static diagnostics, hovers or other requests.
- Graph reads happen on the engine thread; the model calls on the event loop (async httpx).
- Results are merged into the document's stored result and published only if the document is
  still at the version that was judged.
- Endpoint problems are shown once per session (window/showMessage), then only logged.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from typing import TYPE_CHECKING

from lsprotocol import types

from docfact.config import LlmSettings, Settings
from docfact.doc_render import render_doc
from docfact.engine import Engine
from docfact.judges.llm_judge import (
    LlmInput,
    LlmRun,
    generate_body,
    judge_doc_llm,
    llm_input,
    open_run,
)
from docfact.model import DocResult, FileResult, Fix
from docfact.positions import LineIndex
from docfact.regenerate import LLM_TITLE, regenerate

from . import convert

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger(__name__)


class LlmService:
    """Owns the LLM runs and the per-document LLM tasks of one server."""

    def __init__(self, server: Host) -> None:
        self.server = server
        self.runs: dict[tuple[LlmSettings, str], LlmRun] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.reported = False

    def run_for(self, settings: Settings) -> LlmRun:
        key = (settings.llm, settings.cache.dir)
        if key not in self.runs:
            self.runs[key] = open_run(settings)
        return self.runs[key]

    def start(self, uri: str, version: int | None, result: FileResult) -> None:
        """Judge ``result`` with the model in the background (replacing an older pass of ``uri``)."""
        old = self.tasks.pop(uri, None)
        if old is not None and not old.done():
            old.cancel()
        task = self.server.run_task(self._pass(uri, version, result), name=f"docfact-llm {uri}")
        self.tasks[uri] = task

        def forget(t: asyncio.Task[None]) -> None:
            if self.tasks.get(uri) is t:
                del self.tasks[uri]

        task.add_done_callback(forget)

    async def _pass(self, uri: str, version: int | None, result: FileResult) -> None:
        server = self.server
        path = convert.uri_to_path(uri)
        if path is None:
            return
        folder = await server.folder_for(path)
        run = self.run_for(folder.settings)
        docs = [d for d in result.docs if d.segments]
        inputs = await server.in_engine(lambda: [llm_input(folder.engine.graph, d) for d in docs])
        before = len(run.errors)
        for doc, given in zip(docs, inputs):
            await judge_doc_llm(run, doc, given)
        self._report(run, before)
        st = server.docs.get(uri)
        if st is not None and st.result is result and st.result_version == version:
            server.publish(uri)
            server.refresh_pulled()
        elif st is None and version is None:  # a closed file of a workspace check
            index = folder.engine.graph.file(path)
            if index is not None:
                server.publish_result(uri, result, LineIndex(index.text), folder.settings)

    def _report(self, run: LlmRun, before: int) -> None:
        if len(run.errors) <= before:
            return
        error = run.errors[-1]
        text = (f"docfact: the LLM judge is unavailable ({error}); static diagnostics are complete. "
                "This is shown once per session; see the docfact log for later failures.")
        if not self.reported:
            self.reported = True
            self.server.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=text))
        log.warning("%s", text)

    async def regenerate(self, doc: DocResult, lines: LineIndex, folder_engine: Engine) -> Fix | None:
        """Regenerate with the model, then judge the new docstring (static + LLM) before offering
        it: worse than the current one -> the deterministic regeneration instead; better but not
        clean -> offered, and the user is told what remains."""
        settings = folder_engine.settings
        run = self.run_for(settings)
        given: LlmInput = await self.server.in_engine(llm_input, folder_engine.graph, doc)
        before = len(run.errors)
        body = await generate_body(run, doc, given)
        self._report(run, before)
        if not body:
            return regenerate(doc, lines)
        new_text = render_doc(doc.doc, body, lines)
        if new_text is None:
            message = ("docfact: the model's docstring was refused: written back, it would not stay one "
                       "docstring (it could change the code around it); the offline fix is offered instead.")
            log.warning("%s", message)
            self.server.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning,
                                                                    message=message))
            return regenerate(doc, lines)
        start, end = lines.offset(doc.doc.range.start), lines.offset(doc.doc.range.end)
        judged = await self.server.in_engine(judge_replacement, folder_engine, doc, lines, start, end, new_text)
        if judged is None:
            return regenerate(doc, lines)
        new_doc, new_given = judged
        await judge_doc_llm(run, new_doc, new_given)
        if new_doc.score < doc.score or _adds_a_finding(doc, new_doc):
            log.info("docfact: the model's docstring scored %.2f (the current %.2f) or has a finding the current "
                     "one does not; not offered", new_doc.score, doc.score)
            return regenerate(doc, lines)
        title = LLM_TITLE
        if new_doc.findings:
            title += f": {len(new_doc.findings)} finding(s) remain"
            self.server.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Info,
                message=f"docfact: the regenerated docstring still has {len(new_doc.findings)} finding(s) "
                        f"(score {new_doc.score:.2f}, was {doc.score:.2f})."))
        return Fix(title=title, start=start, end=end, new_text=new_text)

    async def close(self) -> None:
        for task in list(self.tasks.values()):
            task.cancel()
        for run in self.runs.values():
            await run.close()
        self.runs.clear()


def _adds_a_finding(old: DocResult, new: DocResult) -> bool:
    """Whether ``new`` has a finding (by criterion and rule) more often than ``old``."""
    before = Counter((f.criterion, f.rule) for f in old.findings)
    after = Counter((f.criterion, f.rule) for f in new.findings)
    return any(n > before[k] for k, n in after.items())


def judge_replacement(engine: Engine, doc: DocResult, lines: LineIndex, start: int, end: int,
                       new_text: str) -> tuple[DocResult, LlmInput] | None:
    """Statically judge the file with the docstring replaced, without touching the graph; None
    when the new docstring is not found there or its judging ran out of time (the watchdog's
    stop included)."""
    from docfact.index import index_file

    text = lines.text[:start] + new_text + lines.text[end:]
    index = index_file(doc.doc.path, text, engine.module_for(doc.doc.path))
    new_doc = next((d for d in index.docs if d.range.start == doc.doc.range.start), None)
    if new_doc is None:
        return None
    new_lines = LineIndex(text)
    try:
        judged = engine.judge_doc(index, new_doc, new_lines, tuple(doc.criteria))
    except TimeoutError as e:
        log.warning("docfact: the model's docstring was not judged (%s); the offline fix is offered instead", e)
        return None
    return judged, llm_input(engine.graph, judged)
