"""The rule registry: every rule id's one declaration (:mod:`docfact.judges.rules`, and the rules
written as one unit in :mod:`docfact.judges.units`), ordered by what each rule supersedes, with
the maturity and audit figures of :mod:`docfact.judges.maturity`.

``docfact rules``, ``docs/rules.md`` (:func:`markdown`), SARIF's rule descriptors and the static
judge read it. It imports the declarations of the family modules, not their checking code; a
unit module holds both.
"""

from __future__ import annotations

import textwrap

from docfact.judges.maturity import CRITERIA, MATURITY, RuleMaturity
from docfact.judges.rule import Rule
from docfact.judges.rules import (
    c1_examples,
    c1_names,
    c1_references,
    c2_types,
    c3_behaviour,
    c4_context,
)
from docfact.judges.units import unit_modules

_MODULES = (c1_names, c1_references, c1_examples, c2_types, c3_behaviour, c4_context, *unit_modules())


def _declared() -> list[Rule]:
    return [v for m in _MODULES for v in vars(m).values() if isinstance(v, Rule)]


def by_precedence(rules: list[Rule]) -> tuple[Rule, ...]:
    """The rules in an order where each comes before the rules it supersedes (transitively),
    criterion by criterion; rules the relation leaves unordered follow their ids' order."""
    ids = {r.id: r for r in rules}
    before: dict[str, set[str]] = {r.id: set() for r in rules}  # id -> ids that must come earlier
    for r in rules:
        for lower in r.supersedes:
            if lower not in ids:
                raise ValueError(f"{r.id} supersedes unknown rule {lower}")
            before[lower].add(r.id)
    out: list[Rule] = []
    placed: set[str] = set()
    while len(out) < len(rules):
        ready = sorted((CRITERIA.index(ids[i].criterion), i) for i in ids
                       if i not in placed and before[i] <= placed)
        if not ready:
            raise ValueError(f"supersedes has a cycle among {sorted(set(ids) - placed)}")
        placed.add(ready[0][1])
        out.append(ids[ready[0][1]])
    return tuple(out)


RULES: tuple[Rule, ...] = by_precedence(_declared())
BY_ID: dict[str, Rule] = {r.id: r for r in RULES}
RANK: dict[str, int] = {r.id: i for i, r in enumerate(RULES)}


def maturity_of(rule: Rule) -> RuleMaturity:
    """The rule's maturity entry (a rule without one is preview and unmeasured)."""
    return MATURITY.get(rule.id, RuleMaturity("preview", None))


def languages_text(rule: Rule) -> str:
    return ", ".join(rule.languages) or "all"


def listing() -> str:
    """``docfact rules``: one line per rule id (id, criterion, maturity, precision, languages,
    summary), criterion by criterion."""
    width = max(len(r.id) for r in RULES)
    lines = []
    for r in sorted(RULES, key=lambda r: (r.criterion, r.id)):
        m = maturity_of(r)
        lines.append(f"{r.id:<{width}}  {r.criterion}  {m.maturity:<7}  {m.precision_text():<12}  "
                     f"{languages_text(r):<28}  {r.summary}")
    return "\n".join(lines) + "\n"


def _audit_text(r: Rule) -> str:
    m = maturity_of(r)
    a = m.audit
    if a is None:
        return m.precision_text()
    return f"{m.precision_text()} — {a.source}" + (f", {a.date}" if a.date else "")


def explain(r: Rule) -> str:
    """``docfact rules ID``: the rule's declaration in plain text, with its bad and good examples."""
    m = maturity_of(r)
    out = [f"{r.id} ({m.maturity}; criterion {r.criterion}; languages: {languages_text(r)}; "
           f"default severity {r.default_severity})",
           f"Precision on unseen code: {_audit_text(r)}", "", r.summary, "",
           textwrap.fill(r.explanation, 100, break_on_hyphens=False), "",
           f"Example that is flagged ({r.bad.language}):",
           *(("    " + line).rstrip() for line in r.bad.code.splitlines()), "",
           f"The same code with a doc that is true ({r.good.language}):",
           *(("    " + line).rstrip() for line in r.good.code.splitlines()), ""]
    if r.supersedes:
        out.append(f"When it fires, it outranks {', '.join(r.supersedes)} on the same sentence.")
    if m.maturity == "preview":
        out.append(f"A preview rule: it runs with --preview, preview = true, or when selected by id (--select {r.id}).")
    return "\n".join(out).rstrip("\n") + "\n"


_FENCE = {"python": "python", "java": "java", "typescript": "ts", "javascript": "js"}


def markdown() -> str:
    """``docs/rules.md``: every rule, criterion by criterion, one heading per rule id (the anchor
    diagnostics link to), generated from the registry."""
    out = ["# Rules", "",
           "<!-- Generated from the rule registry by `docfact rules --markdown > docs/rules.md`; "
           "do not edit by hand. -->", "",
           "Every static rule of docfact: what it flags, why, and an example of a doc it flags beside "
           "the same code with a doc that is true. `docfact rules` lists them and `docfact rules ID` "
           "explains one. A `preview` rule runs only with `--preview` (or `preview = true`) or when "
           "selected by id. Each rule's precision measured on code nobody tuned the rules on is in "
           "`docfact rules` and [benchmarks.md](benchmarks.md).", "",
           "| rule | criterion | maturity | languages | summary |",
           "|---|---|---|---|---|"]
    ordered = sorted(RULES, key=lambda r: (r.criterion, r.id))
    for r in ordered:
        m = maturity_of(r)
        summary = r.summary.replace("|", "\\|")
        out.append(f"| [`{r.id}`](#{r.id.lower().replace('.', '')}) | {r.criterion} | {m.maturity} | "
                   f"{languages_text(r)} | {summary} |")
    for r in ordered:
        m = maturity_of(r)
        out += ["", f"## {r.id}", "",
                f"*{r.criterion}; {m.maturity}; languages: {languages_text(r)}; default severity "
                f"{r.default_severity}.*", "",
                r.summary, "", r.explanation, ""]
        if r.supersedes:
            out += [f"Outranks {', '.join(f'`{s}`' for s in r.supersedes)} on the same sentence.", ""]
        out += ["Flagged:", "", f"```{_FENCE[r.bad.language]}", r.bad.code.rstrip("\n"), "```", "",
                "True of the code:", "", f"```{_FENCE[r.good.language]}", r.good.code.rstrip("\n"), "```"]
    return "\n".join(out) + "\n"
