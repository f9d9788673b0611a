"""C1.unknown-attribute: a name documented as an attribute of a class (an Attributes item, or a
sentence that names ``self.x``) that the class does not have. Where the class's attributes are
known in full, any other name is reported; where more may come from elsewhere, only a misnamed
real attribute (a plural inside a compound, a word more or less, an abbreviation, a slip of a
letter). Part of the C1 rules (:mod:`docfact.judges.c1_name`); the attribute list is the code's
own (:func:`~docfact.judges.attribute_lists.set_attributes`), so a docstring cannot vouch for
itself."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import cast

from docfact.judges import world
from docfact.judges.attribute_lists import (
    assigned_on_others,
    only_project_class,
    set_attributes,
    shown_attributes,
)
from docfact.judges.base import JudgeContext
from docfact.judges.c1_params import typo_of
from docfact.judges.gates import word_start_matches
from docfact.judges.member_lookup import class_attributes, known_class_attributes
from docfact.judges.name_prose import HISTORY
from docfact.judges.name_relatives import relative
from docfact.judges.rules.c1_names import UNKNOWN_ATTRIBUTE
from docfact.model import Entity, Finding, Segment


def _an_interface(ctx: JudgeContext, cls: Entity) -> bool:
    """Whether ``cls`` only describes an interface: it has a public method and every method is
    a stub (``pass``, ``...``, a docstring alone, ``raise NotImplementedError``). A class whose
    only methods are dunders (a stray ``__int__``) declares no interface."""
    methods = [m for m in (ctx.graph.entity(f"{cls.module}.{q}") for q in cls.members)
               if m is not None and m.kind == "method"]
    return any(not m.name.startswith("__") for m in methods) and all(m.is_abstract for m in methods)


def unknown_attribute(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    item = seg.field
    cls = ctx.entity
    if item is None or item.section != "attribute" or not item.name or cls is None or cls.kind != "class":
        yield from prose_attribute(ctx, seg)
        return
    name = item.name.strip().lstrip("*")
    if not re.fullmatch(r"[A-Za-z_]\w*", name) or name in ("None", "none"):
        return  # a NumPy "Attributes" section saying "None"
    if _lists_the_arguments(ctx, cls, name) or _an_interface(ctx, cls) or _made_by_name(ctx, cls, name):
        # an "Attributes" section listing exactly the constructor's arguments (a heading slip);
        # every method a stub: the attributes it lists are what implementations provide; or
        # ``setattr(cls, prop.name, property(...))`` over a table that spells the name
        return
    names = class_attributes(ctx, cls)
    if names is not None and name not in names and not world.class_attributes_closed(ctx, cls, name):
        names = None  # a subclass or code outside the class sets it: the base documents it for them
    if names is None:
        # attributes may come from elsewhere: only a misspelling of one the class shows, a name
        # that appears nowhere in the project (not even as a string ``setattr`` could use)
        key = ("class-attributes-shown", cls.qualname, id(cls))
        if key not in ctx.run_cache:
            ctx.run_cache[key] = known_class_attributes(ctx, cls, complete=False) or set()
        shown = ctx.run_cache[key]
        suggestion = None if name in shown or ctx.is_known(name) else typo_of(name, sorted(shown))
        if suggestion is None and name not in shown and not ctx.is_known(name) \
                and not re.search(r"__dict__|\bvars\(\s*self", cls.code) and never_set_in_file(ctx, name):
            # a name another way (``forecast_x`` for the ``forecasts_x`` the class sets), unless
            # the instance takes any names from its caller (``self.__dict__.update(kwds)``)
            got = relative(name, [a for a in shown if name.startswith("_") or not a.startswith("_")])
            suggestion = got[0] if got is not None and got[1] != "extension" else None
        if suggestion is None:
            return
    elif name in names:
        # the lenient list also holds names only a docstring spells (``name : type`` lines):
        # a name the code never sets beside a real attribute it misnames is wrong all the same
        suggestion = slip_of_set_attribute(ctx, cls, name)
        if suggestion is None:
            return
    elif seg.text.lstrip().startswith("@"):
        # epytext ``@ivar`` entries also describe what subclasses, mixin users and dynamic
        # lookups provide: only a misspelt real attribute is a wrong name there
        suggestion = typo_of(name, sorted(names))
        if suggestion is None:
            return
    else:
        suggestion = ctx.suggest(name, names, cutoff=0.6)
    msg = f"`{name}` is not an attribute of `{cls.name}`"
    fix = None
    if suggestion:
        msg += f"; did you mean `{suggestion}`?"
        if item.name_span:
            rel = item.name_span[0] - seg.start + item.name.find(name)
            fix = ctx.fix_replace(seg, rel, rel + len(name), suggestion, f"Rename `{name}` to `{suggestion}`")
    yield ctx.finding(seg, UNKNOWN_ATTRIBUTE, msg,
                      evidence=ctx.evidence_of(cls, "the class definition"), fix=fix)


def _lists_the_arguments(ctx: JudgeContext, cls: Entity, name: str) -> bool:
    """Whether the doc's attribute entries (three or more) all name arguments of the class's
    constructor, ``name`` among them: the section documents the arguments under another heading
    ("Attributes: token (str): ... Default is None."), and an argument the class stores under
    another name (``loop`` kept as ``_event_loop``) is no attribute the doc claims."""
    init = ctx.file.entity(f"{cls.local_name}.__init__")
    if init is None:
        return False
    args = {p.name.lstrip("*") for p in init.params}
    if name not in args:
        return False
    items = [s.field for s in ctx.segments if s.field is not None and s.field.section == "attribute" and s.field.name]
    entries = {f.name.strip().lstrip("*"): f for f in items if f.name}
    if len(entries) < 3 or not all(n in args for n in entries):
        return False
    # worded as arguments ("Default is 30.", "optional", "pass ... here"): not ``peak_amp`` for
    # an argument the class stores as ``self.amp``, which a reader of the attribute would miss
    worded = sum(bool(_ARGUMENT_WORDING.search(f"{f.type or ''} {f.description or ''}")) for f in entries.values())
    return 2 * worded >= len(entries)


_ARGUMENT_WORDING = re.compile(r"\bdefaults?\b|\boptional\b|\bpass(?:ed)?\b|\bif\s+(?:None|not\s+given)\b", re.I)


# ``setattr(cls, <a computed name>, ...)``, where ``setattr`` starts a word (word_start_matches)
_SETATTR_ON_CLASS = re.compile(r"setattr\(\s*cls\s*,\s*(?![\"'\s])")


def _sets_by_name(code: str) -> bool:
    """Whether ``code`` makes attributes on its class by a computed name."""
    return next(word_start_matches(_SETATTR_ON_CLASS, code), None) is not None


def _made_by_name(ctx: JudgeContext, cls: Entity, name: str) -> bool:
    """Whether ``cls`` or a project base makes attributes by a computed name on the class
    (``setattr(cls, prop.name, ...)`` in a class method) and the hierarchy spells ``name`` as a
    string (the table of names it makes them from): a name no string spells is still missing."""
    key = ("made-by-name", id(cls))
    got = ctx.memo.get(key)
    if got is None:  # once per doc: each of its attribute entries asks
        got = ctx.memo[key] = _hierarchy_code(ctx, cls)
    made, codes = cast("tuple[bool, list[str]]", got)
    # the spelling is looked for only where it matters (a scan of every class's code for a
    # quoted name cost more than the rest of the rule)
    return made and any(name in code and _quoted(name, code) for code in codes)


def _quoted(name: str, code: str) -> bool:
    """Whether ``code`` spells ``name`` between quotes (as ``[\"']name[\"']`` matches: the two
    quotes may differ); four substring tests, not a pattern compiled for each name."""
    return any(f"{a}{name}{b}" in code for a in "\"'" for b in "\"'")


def _hierarchy_code(ctx: JudgeContext, cls: Entity) -> tuple[bool, list[str]]:
    """Whether ``cls`` or a project base makes attributes by a computed name on the class, and
    the code of each class of that hierarchy (up to nine)."""
    made = False
    codes: list[str] = []
    seen: set[str] = set()
    todo = [cls]
    while todo and len(seen) < 9:
        c = todo.pop()
        if c.qualname in seen:
            continue
        seen.add(c.qualname)
        ctx.reads_code_of(c)
        code = c.code  # a slice of the file's text, made at each reading
        codes.append(code)
        made = made or _sets_by_name(code)
        todo.extend(b for base in c.bases if (b := only_project_class(ctx, base.split(".")[-1].split("[")[0])))
    return made, codes


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
    text = seg.text
    if "self." not in text and ("`" not in text or ("attribute" not in text and "propert" not in text
                                                    and "``." not in text)):
        return
    cls = ctx.owner_class
    if cls is None or not ctx.is_python or ctx.doc.kind == "comment" or HISTORY.search(text):
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
