"""C1.unknown-attribute, the misnamed attributes: a name documented as an attribute of a class
that the class's code never sets, beside the one real attribute it misnames (a plural inside a
compound, a word more or less, an abbreviation, a slip of a letter). Part of the C1 rules
(:mod:`docfact.judges.c1_name`); the attribute list is the code's own
(:func:`~docfact.judges.name_lookup.set_attributes`), so a docstring cannot vouch for itself."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.attribute_lists import assigned_on_others, set_attributes, shown_attributes
from docfact.judges.base import JudgeContext
from docfact.judges.name_relatives import relative
from docfact.judges.rules.c1_names import UNKNOWN_ATTRIBUTE
from docfact.model import Entity, Finding, Segment


def never_set_in_file(ctx: JudgeContext, name: str) -> bool:
    """Whether no code of the file assigns the attribute ``name`` (``x.name = ...``,
    ``setattr(x, "name", ...)``)."""
    ctx.graph.file(ctx.file.path)  # the file's whole text is read: noted as a lookup of the file
    return re.search(rf"\.{re.escape(name)}\s*=(?!=)|\bsetattr\([^,]+,\s*[\"']{re.escape(name)}[\"']",
                     ctx.file.text) is None


def slip_of_set_attribute(ctx: JudgeContext, cls: Entity, name: str) -> str | None:
    """The one attribute the code of ``cls`` sets that ``name`` misnames, when the code never
    sets ``name`` itself (not even from outside the class in its file: ``res.name = …``)."""
    attrs = set_attributes(ctx, cls)
    if attrs is None or name in attrs or name in assigned_on_others(ctx):
        return None
    if not never_set_in_file(ctx, name):
        return None
    # a public name is a slip for a public attribute, not for the private store behind it
    pool = [a for a in shown_attributes(ctx, cls) or () if name.startswith("_") or not a.startswith("_")]
    got = relative(name, pool)
    return got[0] if got is not None else None


# a name the text makes an attribute of the instance: ``self.x``, a literal ````.x```` (a
# single-quoted `.X` is Sphinx's reference to a class elsewhere), or "the ``x`` attribute" (not
# "the ``x`` attribute of the model")
_PROSE_ATTRIBUTE = re.compile(
    r"(?<![\w`:])``(?:self)?\.(?P<dot>_*[a-z]\w*)``"
    r"|(?<![\w`:])(`{1,2})(?P<word>[A-Za-z_]\w*)\2(?!`)[ \t\n]+(?:attribute|property)\b(?![ \t\n]+of\b)"
    r"|(?<![\w.`])self\.(?P<bare>[A-Za-z_]\w*)(?![\w.])"
)


def prose_attribute(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A sentence of a class's or method's doc that names an attribute of the instance the code
    never sets, beside the one it misnames (``held in the `posterior_cov` attribute`` when the
    class sets ``posterior_cov_sparse``)."""
    from docfact.judges.c1_name import _HISTORY  # here: c1_name imports this module

    text = seg.text
    if "self." not in text and ("`" not in text or ("attribute" not in text and "propert" not in text
                                                    and "``." not in text)):
        return
    cls = ctx.owner_class
    if cls is None or not ctx.is_python or ctx.doc.kind == "comment" or _HISTORY.search(text):
        return
    seen: set[str] = set()
    for m in _PROSE_ATTRIBUTE.finditer(text):
        group = "dot" if m.group("dot") else "word" if m.group("word") else "bare"
        name = m.group(group)
        if name in seen or (group == "word" and text[:m.start()].rstrip().endswith("'s")):
            continue  # "the estimator's ``coef`` attribute" belongs to another object
        seen.add(name)
        suggestion = slip_of_set_attribute(ctx, cls, name)
        if suggestion is None:
            continue
        start, end = m.span(group)
        yield ctx.finding(
            seg, UNKNOWN_ATTRIBUTE,
            f"`{name}` is not an attribute of `{cls.name}` (its code never sets it); did you mean `{suggestion}`?",
            evidence=ctx.evidence_of(cls, "the class definition"),
            fix=ctx.fix_replace(seg, start, end, suggestion, f"Rename `{name}` to `{suggestion}`"))
        return
