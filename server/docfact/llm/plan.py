"""The requests of the LLM judge, rendered but not sent: one per sentence and criterion
(referee), one per docstring (batched), a second look at a flagged pair, a docstring rewrite;
with their token limits and JSON-schema response formats."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from docfact.llm.prompts import Message, load_template
from docfact.model import CRITERIA, CRITERION_NAMES

Mode = Literal["batched", "referee"]

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


def one_line(text: str) -> str:
    """Collapse all whitespace (a numbered sentence must stay on its own line)."""
    return " ".join(text.split())


def known_criteria(criteria: Sequence[str]) -> list[str]:
    """The known criteria among ``criteria``, upper-cased, once each, in the given order."""
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
        for c in known_criteria(criteria):
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
    crits = known_criteria(criteria)
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
    if not sentences or not known_criteria(criteria):
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
