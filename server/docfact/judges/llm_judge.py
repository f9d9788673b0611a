"""The LLM judge as a judge: turn the model's verdicts into findings and merge them.

Static contradictions always stand; the model only adds (segment, criterion) pairs the rules
could not prove. Pairs without a valid verdict stay consistent (no finding, no penalty).

Graph reads (code and 1-hop context) are plain functions so the language server can run them
on its engine thread; the model calls are async (httpx) and touch no engine state.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from docfact.config import Settings
from docfact.docs.fields import docstring_style
from docfact.graph.context import related_info, render
from docfact.graph.graph import ProjectGraph
from docfact.index.workspace import language_for_path
from docfact.judges.static import merge
from docfact.llm import LlmCache, LlmClient, LlmError, generate_docstring, judge_doc
from docfact.model import CRITERION_NAMES, DocResult, FileResult, Finding

log = logging.getLogger(__name__)


@dataclass
class LlmRun:
    """One client and cache for a run or a server session, and what went wrong (reported once)."""

    client: LlmClient
    cache: LlmCache
    mode: str = "batched"
    second_look: bool = True
    errors: list[LlmError] = field(default_factory=list)

    @property
    def judge_name(self) -> str:
        return f"llm:{self.client.model}"

    async def close(self) -> None:
        await self.client.aclose()
        self.cache.close()


@dataclass(frozen=True)
class LlmInput:
    """What the model reads about one doc: the code without its docstring and the 1-hop context."""

    code: str
    context: str
    language: str


def llm_input(graph: ProjectGraph, doc: DocResult) -> LlmInput:
    """The model's input for ``doc`` (reads the graph: call it where the graph may be read)."""
    entity = doc.entity
    language = language_for_path(doc.doc.path) or "python"
    if entity is None:
        return LlmInput(code=doc.doc.text, context="", language=language)
    return LlmInput(code=entity.docless_code or entity.code,
                    context=render(related_info(graph, entity)), language=language)


async def judge_doc_llm(run: LlmRun, doc: DocResult, given: LlmInput) -> DocResult:
    """Ask the model about every sentence of one doc and merge its findings into ``doc``."""
    if not doc.segments:
        return doc
    verdicts = await judge_doc(
        run.client, run.cache, code=given.code, context=given.context,
        sentences=[s.text for s in doc.segments], criteria=list(doc.criteria),
        language=given.language, mode="referee" if run.mode == "referee" else "batched",
        second_look=run.second_look, errors=run.errors,
    )
    found: list[Finding] = []
    for v in verdicts:
        if v.consistent or v.sentence_index >= len(doc.segments) or v.criterion not in doc.criteria:
            continue
        seg = doc.segments[v.sentence_index]
        reason = v.reason or f"the model judged this sentence to have a {CRITERION_NAMES[v.criterion]}"
        found.append(Finding(criterion=v.criterion, rule=f"{v.criterion}.llm", judge=run.judge_name,  # type: ignore[arg-type]
                             message=reason, segment=seg, reason=v.reason))
    doc.findings = merge(doc.findings, found)
    return doc


async def judge_file_llm(run: LlmRun, graph: ProjectGraph, result: FileResult) -> FileResult:
    """The LLM pass over every doc of a file (CLI); one failing doc is logged and skipped."""
    for doc in result.docs:
        try:
            await judge_doc_llm(run, doc, llm_input(graph, doc))
        except LlmError as exc:
            run.errors.append(exc)
        except Exception:
            log.exception("docfact: LLM judge failed on a doc of %s; static results kept", result.path)
    return result


async def generate_body(run: LlmRun, doc: DocResult, given: LlmInput) -> str | None:
    """A new docstring body written by the model in the doc's own style, or None."""
    return await generate_docstring(
        run.client, run.cache, code=given.code, context=given.context, docstring=doc.doc.text,
        style=docstring_style(doc.doc.text), language=given.language, errors=run.errors)


def open_run(settings: Settings) -> LlmRun:
    """A client and cache configured from settings (the key is read from the named env var)."""
    return LlmRun(client=LlmClient(settings.llm), cache=LlmCache.from_settings(settings),
                  mode=settings.llm.mode, second_look=settings.llm.second_look)
