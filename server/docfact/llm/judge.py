"""The ReFEree LLM judge on plain inputs (no LSP, no index): verdicts per (sentence, criterion).

Modes:

- ``referee``: one request per sentence and criterion, answered with one digit
  (1 = consistent, 0 = has the inconsistency), as in the paper (temperature 0.1, top-p 0.9,
  at most 4 output tokens).
- ``batched``: one request per docstring; the model returns every sentence x criterion as JSON.

With ``second_look``, every pair judged 0 is asked again once: the model confirms (the verdict
stands, with a one-sentence reason for the hover) or withdraws (the pair becomes consistent).
A pair whose second look gets no valid answer has no verdict: only confirmed findings count.

Anything that is not a valid answer is "no verdict" (the pair is absent from the result):
never an exception, never a finding. Sentence numbers or criteria the model invents (for
instance because a docstring contains instructions) are dropped. ``sentence_index`` is the
0-based index into the ``sentences`` list given to :func:`judge_doc`. The requests are built
by :mod:`docfact.llm.plan` and the answers read by :mod:`docfact.llm.answers`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from docfact.llm.answers import clean_generated, parse_batched, parse_digit, parse_second_look
from docfact.llm.cache import LlmCache, cache_key
from docfact.llm.client import LlmClient
from docfact.llm.errors import LlmBadResponse, LlmError
from docfact.llm.plan import (
    Mode,
    PlannedRequest,
    known_criteria,
    plan_batched,
    plan_generate,
    plan_referee,
    plan_second_look,
)
from docfact.llm.wire import TEMPERATURE, TOP_P

log = logging.getLogger(__name__)

T = TypeVar("T")



@dataclass(frozen=True)
class LlmVerdict:
    """The model's answer for one (sentence, criterion) pair."""

    sentence_index: int  # 0-based, into the judged sentences
    criterion: str  # "C1".."C4"
    consistent: bool
    reason: str | None = None  # second look's one-sentence explanation (inconsistent pairs)


# -- sending --------------------------------------------------------------------------------


async def _ask(
    client: LlmClient,
    cache: LlmCache,
    req: PlannedRequest,
    parse: Callable[[str], T | None],
    errors: list[LlmError] | None,
) -> T | None:
    """Answer ``req`` from the cache or the endpoint; only answers that parse are cached."""
    key = cache_key(
        endpoint=client.identity,
        template=req.template,
        template_version=req.version,
        messages=req.messages,
        params={
            "temperature": TEMPERATURE,
            "top_p": TOP_P,
            "max_tokens": req.max_tokens,
            "response_format": req.response_format,
        },
    )
    cached = cache.get(key)
    if cached is not None:
        parsed = parse(cached)
        if parsed is not None:
            return parsed
    try:
        result = await client.chat(
            req.messages, max_tokens=req.max_tokens, response_format=req.response_format
        )
    except LlmError as exc:
        if errors is not None:
            errors.append(exc)
        return None
    parsed = parse(result.text)
    if parsed is None:
        log.debug("llm: %s answer is not valid; no verdict", req.template)
        if errors is not None:  # the user hears of it once, with the other endpoint problems
            errors.append(LlmBadResponse(
                f"docfact: the LLM endpoint {client.url} answered a {req.template} request with "
                "something that is not a valid answer; no verdict"))
        return None
    cache.set(key, result.text)
    return parsed


def _is_valid_batched(parsed: dict[tuple[int, str], bool]) -> dict[tuple[int, str], bool] | None:
    return parsed or None


async def judge_doc(
    client: LlmClient,
    cache: LlmCache,
    *,
    code: str,
    context: str,
    sentences: list[str],
    criteria: Sequence[str],
    language: str,
    mode: Mode,
    second_look: bool,
    errors: list[LlmError] | None = None,
) -> list[LlmVerdict]:
    """Judge one doc's sentences; verdicts only for pairs with a valid answer.

    ``errors`` (optional) collects the typed errors of failed requests, so the caller can
    report an unavailable endpoint or an exhausted budget once.
    """
    crits = known_criteria(criteria)
    if not sentences or not crits:
        return []
    first: dict[tuple[int, str], bool] = {}
    if mode == "referee":
        planned = plan_referee(
            code=code, context=context, sentences=sentences, criteria=crits, language=language
        )
        answers = await asyncio.gather(
            *(_ask(client, cache, p, parse_digit, errors) for p in planned)
        )
        for p, ans in zip(planned, answers):
            if ans is not None and p.sentence_index is not None and p.criterion is not None:
                first[(p.sentence_index, p.criterion)] = ans
    elif mode == "batched":
        req = plan_batched(
            code=code, context=context, sentences=sentences, criteria=crits, language=language
        )
        n = len(sentences)
        got = await _ask(
            client, cache, req, lambda t: _is_valid_batched(parse_batched(t, n, crits)), errors
        )
        first = got or {}
    else:
        raise ValueError(f"unknown LLM mode {mode!r} (batched or referee)")

    flagged = sorted(k for k, ok in first.items() if not ok)
    verdicts = {k: LlmVerdict(k[0], k[1], ok) for k, ok in first.items() if ok}
    if second_look and flagged:
        looks = await asyncio.gather(
            *(
                _ask(
                    client,
                    cache,
                    plan_second_look(
                        code=code, context=context, sentence=sentences[i], criterion=c,
                        language=language, index=i,
                    ),
                    parse_second_look,
                    errors,
                )
                for i, c in flagged
            )
        )
        for (i, c), look in zip(flagged, looks):
            if look is None:
                continue  # unconfirmed: no verdict
            inconsistent, reason = look
            verdicts[(i, c)] = LlmVerdict(i, c, not inconsistent, reason if inconsistent else None)
    else:
        for i, c in flagged:
            verdicts[(i, c)] = LlmVerdict(i, c, False, None)
    order = {c: n for n, c in enumerate(crits)}
    return sorted(verdicts.values(), key=lambda v: (v.sentence_index, order[v.criterion]))


async def generate_docstring(
    client: LlmClient,
    cache: LlmCache,
    *,
    code: str,
    context: str,
    docstring: str,
    style: str,
    language: str,
    errors: list[LlmError] | None = None,
) -> str | None:
    """A rewritten docstring body (no quotes, fences or comment markers), or None on failure."""
    req = plan_generate(
        code=code, context=context, docstring=docstring, style=style, language=language
    )
    return await _ask(client, cache, req, clean_generated, errors)
