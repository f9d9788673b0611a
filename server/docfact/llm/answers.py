"""Strict reading of the LLM judge's answers: anything that is not a valid answer gives None
(or no pair), never an exception: not JSON, JSON nested too deeply for the parser
(RecursionError), or an answer over :data:`MAX_ANSWER_CHARS` (read no further)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from docfact.llm.plan import one_line

REASON_MAX_CHARS = 300
MAX_ANSWER_CHARS = 200_000  # a verdict list of a long doc is a few KB


def _json(text: str) -> object:
    """The JSON value of an answer (its fence removed), or None when there is none to read."""
    if len(text) > MAX_ANSWER_CHARS:
        return None
    try:
        return json.loads(strip_fence(text))
    except (ValueError, RecursionError):
        return None

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
    data = _json(text)
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
    data = _json(text)
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
