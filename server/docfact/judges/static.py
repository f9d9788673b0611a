"""Run the static rules over one doc; one failing rule is logged and skipped, never fatal."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache

from docfact.judges import (
    c1_conditions,
    c1_counterparts,
    c1_keys,
    c1_lists,
    c1_name,
    c1_references,
    c2_param_use,
    c2_shapes,
    c2_type,
    c2_yields,
    c3_copied,
    c3_functionality,
    c4_irrelevant,
    examples,
    maturity,
)
from docfact.judges.base import JudgeContext
from docfact.judges.registry import RANK, RULES
from docfact.judges.rule import Check, Rule
from docfact.judges.units import unit_modules
from docfact.lang.java import contracts as java_contracts
from docfact.lang.typescript import judging as ts_judging
from docfact.lang.typescript import rules as ts_rules
from docfact.model import Finding
from docfact.watchdog import Interrupted

log = logging.getLogger(__name__)

# every rule id's declaration, each before the rules it supersedes
ALL_RULES: tuple[Rule, ...] = RULES


def _ordered(checks: Iterable[Check]) -> tuple[Check, ...]:
    """The checks in the order their findings are weighed: of two findings on one (sentence,
    criterion) the earlier check's wins. Generic checks follow their rules' precedence (what
    each supersedes); the TypeScript/JavaScript checks come after them, ordered by their own
    ``supersedes``."""
    checks = list(checks)
    generic = sorted((c for c in checks if c.where != "ts"), key=lambda c: RANK[c.id])
    ts = [c for c in checks if c.where == "ts"]
    ts_rank: dict[str, int] = {}
    while len(ts_rank) < len(ts):
        placed = len(ts_rank)
        for c in sorted(ts, key=lambda c: RANK[c.id]):
            over = [o for o in ts if c.id in o.supersedes]
            if c.id not in ts_rank and all(o.id in ts_rank for o in over):
                ts_rank[c.id] = len(ts_rank)
                break
        if len(ts_rank) == placed:
            raise ValueError("the supersedes of the TypeScript checks have a cycle")
    return (*generic, *sorted(ts, key=lambda c: ts_rank[c.id]))


ALL_CHECKS: tuple[Check, ...] = _ordered(
    c for m in (java_contracts, c1_references, c1_name, c1_keys, c1_counterparts, c1_conditions, c1_lists,
                c2_type, c2_param_use, c2_yields, c2_shapes, c3_functionality, c3_copied,
                c4_irrelevant, examples, ts_rules, *unit_modules())
    for c in m.CHECKS)


class OutOfTime(TimeoutError):
    """Judging a doc passed its deadline (its share of CPU time); the doc is skipped."""


def judge_static(ctx: JudgeContext, criteria: Sequence[str], out_of_time: Callable[[], bool] | None = None,
                 rules: AbstractSet[str] | None = None, timings: dict[str, float] | None = None) -> list[Finding]:
    """All static findings for the doc of ``ctx``, at most one per (segment, criterion).

    Only the rules in ``rules`` run (None: every rule of ``criteria``; see :func:`selected_rules`);
    a finding a ``docfact: ignore[<rule id>]`` comment names is dropped before the one-per-pair
    choice, so another rule may still speak for that sentence.

    With ``out_of_time`` (the engine's: past the doc's share of this thread's CPU time; a loaded
    machine does not make a doc late), it is asked after each sentence's rules: once it says
    yes, :class:`OutOfTime` is raised and the doc gets no verdict. A rule that never returns is
    stopped by the engine's watchdog (:mod:`docfact.watchdog`), whose interrupt passes through
    here, not caught with a failing rule's error, marked with the rule and the sentence.

    With ``timings`` (``docfact check --profile``), each rule's CPU time (``time.thread_time()``)
    is added to ``timings[rule id]``."""
    found: list[Finding] = []
    prose, code = _checks_for(tuple(criteria), ts_judging.is_ts(ctx), None if rules is None else frozenset(rules))
    for seg in [*ctx.segments, *ctx.examples]:
        for r in (code if seg.kind == "code" else prose):
            began = time.thread_time() if timings is not None else 0.0  # profile hook
            try:
                found.extend(r.fn(ctx, seg))
            except Interrupted as e:  # the watchdog's stop (a BaseException): say where it landed
                e.place = e.place or f"in rule {r.id}, at sentence {seg.index + 1}"
                raise
            except Exception:
                log.exception("docfact: rule %s failed on %s:%d; skipped", r.id, ctx.doc.path,
                              seg.range.start.line + 1)
            if timings is not None:  # profile hook
                timings[r.id] = timings.get(r.id, 0.0) + time.thread_time() - began
        if out_of_time is not None and out_of_time():
            raise OutOfTime(f"at sentence {seg.index + 1} of {len(ctx.segments) + len(ctx.examples)}")
    return one_per_pair(f for f in found if not _rule_suppressed(ctx, f))


def _rule_suppressed(ctx: JudgeContext, f: Finding) -> bool:
    """Whether a ``docfact: ignore[<rule id>]`` comment on the doc's lines (or its definition
    line) names the rule of ``f``; criteria and bare ignores are applied by the engine."""
    sup = ctx.file.suppressions
    if not sup or not any("." in c for codes in sup.values() for c in codes):
        return False
    lines = {*range(ctx.doc.start_line, ctx.doc.end_line + 1), f.segment.range.start.line}
    if ctx.entity is not None and ctx.doc.kind != "comment":
        lines.add(ctx.entity.range.start.line)
    return any(f.rule in sup.get(line, ()) for line in lines)


@lru_cache(maxsize=64)
def selected_rules(criteria: tuple[str, ...], select: tuple[str, ...] = (), ignore: tuple[str, ...] = (),
                   preview: bool = False) -> frozenset[str]:
    """The rule ids that run: those ``select`` names (criteria or rule ids; when empty, every rule
    of ``criteria``), minus those ``ignore`` names; preview rules only with ``preview`` or when
    ``select`` names them by id (as Ruff does)."""
    chosen = {r for s in (select or criteria) for r in maturity.rules_of(s)}
    chosen -= {r for s in ignore if s != "*" for r in maturity.rules_of(s)}
    if "*" in ignore:
        chosen.clear()
    if not preview:
        chosen = {r for r in chosen if not maturity.is_preview(r) or r in select}
    return frozenset(chosen)


@lru_cache(maxsize=64)
def _checks_for(criteria: tuple[str, ...], ts: bool = False, rules: frozenset[str] | None = None
                ) -> tuple[tuple[Check, ...], tuple[Check, ...]]:
    """The checks of ``criteria`` that judge sentences, and those that judge example code, in the
    order of :data:`ALL_CHECKS`; in TypeScript/JavaScript (``ts``) the TypeScript checks replace
    the generic ones marked ``not-ts``; with ``rules``, only the checks of those rule ids (kept
    per set of rules, as the rest: a run asks for the same few every doc)."""
    skip = "not-ts" if ts else "ts"
    checks = [c for c in ALL_CHECKS if c.rule.criterion in criteria and c.where != skip
              and (rules is None or c.id in rules)]
    return (tuple(c for c in checks if c.rule.judges == "sentences"),
            tuple(c for c in checks if c.rule.judges == "examples"))


def one_per_pair(findings: Iterable[Finding]) -> list[Finding]:
    """Keep the first finding of each (segment, criterion) pair, in segment order."""
    seen: set[tuple[int, str]] = set()
    out: list[Finding] = []
    for f in findings:
        key = (f.segment.index, f.criterion)
        if key not in seen:
            seen.add(key)
            out.append(f)
    out.sort(key=lambda f: (f.segment.index, f.criterion))
    return out


def merge(static: list[Finding], llm: list[Finding]) -> list[Finding]:
    """Static contradictions always stand; the LLM adds the pairs the rules could not prove."""
    return one_per_pair([*static, *llm])
