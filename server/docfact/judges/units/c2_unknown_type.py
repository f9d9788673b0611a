"""C2.unknown-type, a rule written as one unit: the type written in a field item (``x : Foo``,
``Returns: Foo``, ``:rtype: Foo``) names a class that exists nowhere, where a real class is one
slip away or the named module or class is known and lacks it. The name search is C1.unknown-name's
(:func:`docfact.judges.c1_name.missing_names`), with its closed-world checks; this rule takes the
names inside the type of a field item, which that rule leaves to it (not cross-references:
``:class:`Foo` `` stays C1's)."""

from __future__ import annotations

from collections.abc import Iterator

from docfact.judges.base import JudgeContext
from docfact.judges.c1_name import judged_type_span, missing_names
from docfact.judges.name_clues import scope_excerpt
from docfact.judges.rule import Check, Example, Rule
from docfact.model import Finding, Segment

UNKNOWN_TYPE = Rule(
    "C2.unknown-type",
    "A documented parameter, attribute or return type that names a class that exists nowhere.",
    "The type of a documented parameter, attribute, return or yield value names a class that is "
    "not in scope, not in the project, not a builtin and not in an imported package, and either a "
    "real class is one slip away (`TreatmentEffectsResults` for `TreatmentEffectResults`) or the "
    "type names a module or class docfact can read that has no such member. A reader who follows "
    "the type finds nothing, and a type checker reading the doc would be wrong. Types in files "
    "whose world is open (star imports of unreadable modules, module `__getattr__`) are left alone; "
    "a type without a near miss that is not a dotted name (an example class, another library's "
    "type) is not reported.",
    Example('''\
class SlopeEstimate:
    """What a fit found."""

    def __init__(self, slope: float) -> None:
        self.slope = slope


def fit(xs: list, ys: list):
    """Fit a line through the points.

    Returns
    -------
    SlopeEstimte
        The slope found.
    """
    return SlopeEstimate(sum(ys) / max(sum(xs), 1))
'''),
    Example('''\
class SlopeEstimate:
    """What a fit found."""

    def __init__(self, slope: float) -> None:
        self.slope = slope


def fit(xs: list, ys: list):
    """Fit a line through the points.

    Returns
    -------
    SlopeEstimate
        The slope found.
    """
    return SlopeEstimate(sum(ys) / max(sum(xs), 1))
'''),
    languages=("python",),
)

def unknown_type(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A class name in the type of a field item that exists nowhere: a near miss of a real name,
    or a dotted name whose known owner lacks it."""
    if judged_type_span(ctx, seg) is None:
        return
    for m, suggestion in missing_names(ctx, seg, in_type=True):
        if suggestion is None and "." not in m.name:
            continue  # ``Restaurant``: an example class or another library's type, not provably wrong
        msg = f"the documented type `{m.name}` names nothing in the code, its direct dependencies or the project"
        fix = None
        if suggestion:
            last = m.name.split(".")[-1]
            new = m.name[: len(m.name) - len(last)] + suggestion
            msg += f"; did you mean `{new}`?"
            fix = ctx.fix_replace(seg, m.start, m.end, new, f"Replace `{m.name}` with `{new}`")
        yield ctx.finding(seg, UNKNOWN_TYPE, msg,
                          evidence=ctx.evidence_of(ctx.entity, "names available to this code", scope_excerpt(ctx)),
                          fix=fix)
        return  # one finding per item


CHECKS: tuple[Check, ...] = (
    Check(UNKNOWN_TYPE, unknown_type),
)
