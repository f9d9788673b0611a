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
0-based index into the ``sentences`` list given to :func:`judge_doc`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from docfact.llm.cache import LlmCache, cache_key
from docfact.llm.client import TEMPERATURE, TOP_P, LlmClient
from docfact.llm.errors import LlmBadResponse, LlmError
from docfact.llm.prompts import Message, load_template
from docfact.model import CRITERIA, CRITERION_NAMES

log = logging.getLogger(__name__)

Mode = Literal["batched", "referee"]
T = TypeVar("T")

# What each criterion means, worded for the model (completes "The sentence has this
# inconsistency when ...").
CRITERION_DEFINITIONS: dict[str, str] = {
    "C1": "it names a function, class, method, variable or parameter that the code does not "
    "use under that name (for example a misspelt or outdated identifier), or uses a name that "
    "exists but denotes a different entity than the one the sentence talks about",
    "C2": "it states a type for a parameter, variable, attribute, return or yielded value that "
    "differs from the type in the code, its annotations, or the functions the code directly "
    "relies on",
    "C3": "it describes behaviour or purpose that neither the code nor the functions it calls "
    "directly implement: wrong results, side effects, exceptions or default values, or claims "
    "that the code is asynchronous, recursive, a generator, changes its input in place, or "
    "calls something it does not call",
    "C4": "it says something that cannot be checked against the code or its direct "
    "dependencies, such as unrelated entities, guesses about where the code could be used, or "
    "general explanations that say nothing about this code",
}

STYLES = ("google", "numpy", "sphinx", "javadoc", "plain")

REFEREE_MAX_TOKENS = 4
SECOND_LOOK_MAX_TOKENS = 160
GENERATE_MAX_TOKENS = 1024
REASON_MAX_CHARS = 300


@dataclass(frozen=True)
class LlmVerdict:
    """The model's answer for one (sentence, criterion) pair."""

    sentence_index: int  # 0-based, into the judged sentences
    criterion: str  # "C1".."C4"
    consistent: bool
    reason: str | None = None  # second look's one-sentence explanation (inconsistent pairs)


@dataclass(frozen=True)
class PlannedRequest:
    """One request a mode would send: rendered messages plus the parameters that go with it."""

    template: str
    version: str
    messages: list[Message]
    max_tokens: int
    response_format: dict[str, Any] | None = None
    sentence_index: int | None = None
    criterion: str | None = None


# -- rendering ------------------------------------------------------------------------------


def one_line(text: str) -> str:
    """Collapse all whitespace (a numbered sentence must stay on its own line)."""
    return " ".join(text.split())


def _known_criteria(criteria: Sequence[str]) -> list[str]:
    out: list[str] = []
    for c in criteria:
        c = c.upper()
        if c in CRITERIA and c not in out:
            out.append(c)
    return out


def _base_values(code: str, context: str, language: str) -> dict[str, str]:
    return {
        "code": code.strip("\n") or "(empty)",
        "context": context.strip("\n") or "(none)",
        "language": language,
    }


def _criterion_values(criterion: str) -> dict[str, str]:
    return {
        "criterion": criterion,
        "criterion_name": CRITERION_NAMES[criterion],
        "criterion_definition": CRITERION_DEFINITIONS[criterion],
    }


def plan_referee(
    *, code: str, context: str, sentences: Sequence[str], criteria: Sequence[str], language: str
) -> list[PlannedRequest]:
    """One request per sentence x criterion (sentence-major order)."""
    tpl = load_template("judge_criterion")
    base = _base_values(code, context, language)
    out = []
    for i, sentence in enumerate(sentences):
        for c in _known_criteria(criteria):
            msgs = tpl.render(**base, **_criterion_values(c), sentence=one_line(sentence))
            out.append(
                PlannedRequest(tpl.name, tpl.version, msgs, REFEREE_MAX_TOKENS, None, i, c)
            )
    return out


def batched_schema(criteria: Sequence[str]) -> dict[str, Any]:
    """The JSON-schema response_format of a batched request for these criteria."""
    props: dict[str, Any] = {"sentence": {"type": "integer"}}
    props.update({c: {"type": "integer", "enum": [0, 1]} for c in criteria})
    return {
        "type": "json_schema",
        "json_schema": {
            "name": "docfact_verdicts",
            "strict": True,
            "schema": {
                "type": "object",
                "properties": {
                    "verdicts": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": props,
                            "required": ["sentence", *criteria],
                            "additionalProperties": False,
                        },
                    }
                },
                "required": ["verdicts"],
                "additionalProperties": False,
            },
        },
    }


SECOND_LOOK_SCHEMA: dict[str, Any] = {
    "type": "json_schema",
    "json_schema": {
        "name": "docfact_second_look",
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {"inconsistent": {"type": "boolean"}, "reason": {"type": "string"}},
            "required": ["inconsistent", "reason"],
            "additionalProperties": False,
        },
    },
}


def plan_batched(
    *, code: str, context: str, sentences: Sequence[str], criteria: Sequence[str], language: str
) -> PlannedRequest:
    """The single request of batched mode for one docstring."""
    tpl = load_template("judge_batched")
    crits = _known_criteria(criteria)
    values = _base_values(code, context, language)
    values["criteria_list"] = "\n".join(
        f"- {c} ({CRITERION_NAMES[c]}): {CRITERION_DEFINITIONS[c]}" for c in crits
    )
    values["criteria_keys"] = ", ".join(f'"{c}": 0 or 1' for c in crits)
    values["sentences"] = "\n".join(f"{n}. {one_line(s)}" for n, s in enumerate(sentences, 1))
    msgs = tpl.render(**values)
    max_tokens = 64 + len(sentences) * (16 + 8 * len(crits))
    return PlannedRequest(tpl.name, tpl.version, msgs, max_tokens, batched_schema(crits))


def plan_second_look(
    *, code: str, context: str, sentence: str, criterion: str, language: str, index: int
) -> PlannedRequest:
    """The second-look request for one flagged pair."""
    tpl = load_template("second_look")
    msgs = tpl.render(
        **_base_values(code, context, language),
        **_criterion_values(criterion),
        sentence=one_line(sentence),
    )
    return PlannedRequest(
        tpl.name, tpl.version, msgs, SECOND_LOOK_MAX_TOKENS, SECOND_LOOK_SCHEMA, index, criterion
    )


def plan_generate(
    *, code: str, context: str, docstring: str, style: str, language: str
) -> PlannedRequest:
    """The request that rewrites a docstring in its existing style."""
    tpl = load_template("generate_docstring")
    style = style.lower() if style.lower() in STYLES else "plain"
    msgs = tpl.render(
        **_base_values(code, context, language),
        docstring=docstring.strip("\n") or "(none)",
        style=style,
    )
    return PlannedRequest(tpl.name, tpl.version, msgs, GENERATE_MAX_TOKENS)


def render_requests(
    *,
    code: str,
    context: str,
    sentences: Sequence[str],
    criteria: Sequence[str],
    language: str,
    mode: Mode,
    second_look_for: Iterable[tuple[int, str]] = (),
) -> list[list[Message]]:
    """The messages of every request ``mode`` would send for one doc, without sending any.

    Second looks depend on the answers, so only those listed in ``second_look_for``
    (``(sentence_index, criterion)`` pairs) are included. For benchmarks and tests.
    """
    if not sentences or not _known_criteria(criteria):
        return []
    if mode == "referee":
        planned = plan_referee(
            code=code, context=context, sentences=sentences, criteria=criteria, language=language
        )
    else:
        planned = [
            plan_batched(
                code=code, context=context, sentences=sentences, criteria=criteria,
                language=language,
            )
        ]
    planned += [
        plan_second_look(
            code=code, context=context, sentence=sentences[i], criterion=c, language=language,
            index=i,
        )
        for i, c in second_look_for
    ]
    return [p.messages for p in planned]


# -- parsing (strict) -----------------------------------------------------------------------

_FENCE_RE = re.compile(r"\A\s*```[A-Za-z0-9_-]*[ \t]*\n(.*?)\n?```\s*\Z", re.DOTALL)


def strip_fence(text: str) -> str:
    """The inside of a single fenced block that makes up the whole text, else the text."""
    m = _FENCE_RE.match(text)
    return m.group(1) if m else text


def parse_digit(text: str) -> bool | None:
    """Referee answer: the first non-space character is 0 or 1 (and not part of a number)."""
    s = text.lstrip()
    if not s or s[0] not in "01" or (len(s) > 1 and (s[1].isdigit() or s[1] == ".")):
        return None
    return s[0] == "1"


def _bit(value: object) -> bool | None:
    if type(value) is int and value in (0, 1):  # bool is not accepted
        return value == 1
    return None


def parse_batched(text: str, n_sentences: int, criteria: Sequence[str]) -> dict[tuple[int, str], bool]:
    """Valid pairs of a batched answer: ``{(0-based sentence, criterion): consistent}``.

    Entries with sentence numbers outside 1..n, unknown or unjudged criteria, or values other
    than the integers 0/1 are dropped; a pair given twice with different values is dropped.
    """
    try:
        data = json.loads(strip_fence(text))
    except ValueError:
        return {}
    if not isinstance(data, dict) or not isinstance(data.get("verdicts"), list):
        return {}
    judged = set(criteria)
    out: dict[tuple[int, str], bool] = {}
    conflicts: set[tuple[int, str]] = set()
    for item in data["verdicts"]:
        if not isinstance(item, dict):
            continue
        num = item.get("sentence")
        if type(num) is not int or not 1 <= num <= n_sentences:
            continue
        for c, value in item.items():
            if c not in judged:
                continue
            bit = _bit(value)
            if bit is None:
                continue
            key = (num - 1, c)
            if key in out and out[key] != bit:
                conflicts.add(key)
            out[key] = bit
    for key in conflicts:
        del out[key]
    return out


def clean_reason(value: object) -> str | None:
    """A one-line reason of bounded length, or None."""
    if not isinstance(value, str):
        return None
    text = one_line("".join(ch for ch in value if ch.isprintable() or ch.isspace()))
    if not text:
        return None
    if len(text) > REASON_MAX_CHARS:
        text = text[: REASON_MAX_CHARS - 1].rstrip() + "…"
    return text


def parse_second_look(text: str) -> tuple[bool, str | None] | None:
    """``(inconsistent, reason)`` from a second-look answer, or None when invalid."""
    try:
        data = json.loads(strip_fence(text))
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("inconsistent"), bool):
        return None
    return data["inconsistent"], clean_reason(data.get("reason"))


def clean_generated(text: str) -> str | None:
    """The docstring body of a generation answer: fences, quotes and comment markers removed."""
    s = strip_fence(text).strip()
    for q in ('r"""', '"""', "r'''", "'''"):
        if s.startswith(q):
            s = s[len(q):]
            if s.rstrip().endswith(q[-3:]):
                s = s.rstrip()[:-3]
            break
    if s.startswith("/**") and s.rstrip().endswith("*/"):
        lines = s.rstrip()[3:-2].strip("\n").splitlines()
        s = "\n".join(re.sub(r"^\s*\* ?", "", ln) for ln in lines)
    s = s.strip()
    return s or None


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
    crits = _known_criteria(criteria)
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
