"""C1.unknown-param: a documented parameter the signature does not have, in every field form,
with near misses (a typo or a swap) reported even beside ``**kwargs``; part of the C1 rules
(:mod:`docfact.judges.c1_name`). The parameters a doc may name come from
:mod:`docfact.judges.param_signatures`; entries that slip in form (named twice, type and name
swapped) are judged in :mod:`docfact.judges.c1_param_entries`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import cast

from docfact.judges import world
from docfact.judges.base import JudgeContext, osa_distance, same_family
from docfact.judges.c1_param_entries import documented_twice, swapped_finding, type_after_name
from docfact.judges.param_signatures import (
    accepts_any_keyword,
    documented_params,
    documented_signature_closed,
    keyword_takers,
    method_params,
    other_methods_params,
    renamed_param,
)
from docfact.judges.rules.c1_names import UNKNOWN_PARAM
from docfact.judges.types import base_kind
from docfact.lang.typescript import judging as ts_judging
from docfact.lang.typescript.globals import TS_LANGUAGES
from docfact.model import Entity, FieldItem, Finding, Segment

_HEADINGS = ("Default", "Defaults", "Note", "Notes", "Example", "Examples", "Warning", "Warnings", "Returns", "Return",
             "Yields", "Yield", "Raises", "Args", "Arguments", "Parameters", "Params", "Attributes", "References",
             "Keywords", "Keyword", "Kwargs", "See", "Usage", "Todo")
# section headings written where an item goes ("example: f(1) == 2", an indented "Returns:") and
# placeholders: no parameter names
NOT_PARAMS = frozenset({"self", "cls", "None", "none", *_HEADINGS,
                         "example", "examples", "note", "notes", "warning", "warnings", "returns", "yields", "raises",
                         "references"})  # (not ``args``, ``params``, ``default``: names a function may take)
_PROPERTY_DECORATORS = frozenset({"property", "cached_property", "cachedproperty", "lazy_property", "reify"})


def _part_of_an_argument(e: Entity, name: str) -> bool:
    """Whether the body reads ``name`` as a part of one of its arguments: an attribute
    (``args.u``) or a name unpacked from it (``u, loglstar = args``)."""
    code = e.docless_code or e.code
    if name not in code:
        return False
    for p in e.params:
        if p.kind == "self" or p.name in ("self", "cls"):
            continue  # ``self.cov_type`` is an attribute, not a part of an argument the doc describes
        arg = re.escape(p.name.lstrip("*"))
        if re.search(rf"\b{arg}\.{re.escape(name)}\b", code) or re.search(
                rf"^[ \t]*\(?[\w, \t]*\b{re.escape(name)}\b[\w, \t]*\)?[ \t]*=[ \t]*{arg}[ \t]*$", code, re.M):
            return True
    return False


def _documents_parts(ctx: JudgeContext, e: Entity) -> bool:
    """Whether two or more of the doc's parameter items name parts of one argument: the items
    then describe that argument's fields, read or not (once per doc)."""
    key = ("documents-parts", id(ctx.doc))
    got = ctx.memo.get(key)
    if got is None:
        params = {p.name.lstrip("*") for p in e.params}
        names = {s.field.name.strip() for s in ctx.segments
                 if s.field is not None and s.field.section == "param" and s.field.name}
        got = ctx.memo[key] = sum(1 for n in names - params if _part_of_an_argument(e, n)) >= 2
    return got


def _is_param_item(item: FieldItem | None) -> bool:
    """A field item that names a parameter: an argument entry, or Sphinx ``:type x:``."""
    if item is None or not item.name:
        return False
    return item.section == "param" or (item.section == "type" and item.tag.lower() == "type")


# "keyword arguments that begin with a ``ctx_`` prefix", "keys prefixed with ``opt_``"
_PREFIX_CONTRACT = re.compile(r"\b(?:begin(?:s|ning)?|start(?:s|ing)?)\s+with\s+(?:an?\s+|the\s+)?[`'\"]*"
                              r"(?P<a>[A-Za-z]\w*?_)\*?[`'\"]*|\bprefixed\s+(?:with|by)\s+[`'\"]*(?P<b>[A-Za-z]\w*?_)\*?[`'\"]*")


def _keyword_prefix(ctx: JudgeContext) -> str | None:
    """The prefix the doc's own ``**kwargs`` entry requires of every keyword it takes, if any."""
    e = ctx.entity
    kwarg = next((p.name.lstrip("*") for p in e.params if p.kind == "kwarg"), None) if e is not None else None
    if kwarg is None:
        return None
    for s in ctx.segments:
        if s.field is not None and s.field.name and s.field.name.strip().lstrip("*") == kwarg:
            m = _PREFIX_CONTRACT.search(s.text)
            if m is not None:
                return m.group("a") or m.group("b")
    return None


def typo_of(name: str, candidates: list[str]) -> str | None:
    """The candidate that ``name`` misspells: one edit or a swap of two neighbours (two edits
    in names of six letters or more), not a plural or a longer name of the same family."""
    if len(name) < 3:
        return None
    limit = 2 if len(name) >= 6 else 1
    hits = sorted(c for c in candidates
                  if len(c) >= 3 and osa_distance(name, c, limit) <= limit and not same_family(name, c)
                  and not (c.startswith(name) or name.startswith(c) or c.endswith(name) or name.endswith(c)))
    return hits[0] if len(hits) == 1 else None


_CALLABLE_DIRECTIVE = re.compile(r"^\s*\.\. (?:method|function|classmethod|staticmethod)::", re.M)


def _describes_callables(ctx: JudgeContext) -> bool:
    """Whether the doc describes a method or function of its own (``.. method::``); read once
    per doc."""
    got = ctx.memo.get("callable-directive")
    if got is None:
        got = ctx.memo["callable-directive"] = ".. " in ctx.doc.text and \
            _CALLABLE_DIRECTIVE.search(ctx.doc.text) is not None
    return got


def _names_undocumented_varargs(ctx: JudgeContext, e: Entity, name: str, params: list[str]) -> bool:
    """Whether an item named ``name`` may stand for ``e``'s ``*args``: the function takes them,
    no item documents them under their own name, and ``name`` misspells no named parameter."""
    star = next((p.name.lstrip("*") for p in e.params if p.kind == "vararg"), None)
    if star is None:
        return False
    if any(s.field is not None and s.field.name and s.field.name.strip("*` ") == star for s in ctx.segments):
        return False
    return typo_of(name, [p for p in params if p not in ("self", "cls", star)]) is None


def _call_form_names(ctx: JudgeContext, e: Entity) -> frozenset[str]:
    """The argument names of the call forms the doc writes for its own function or class
    (``markov(Y, U[, m])``, ``connect(sys, Q, inputv, outputv)``): a function that takes ``*args``
    or overloads a positional argument documents each form's arguments by these names."""
    key = ("call-form-names", id(ctx.doc))
    got = ctx.memo.get(key)
    if got is None:
        names: set[str] = set()
        if f"{e.name}(" in ctx.doc.text or f"{e.name} (" in ctx.doc.text:
            for m in re.finditer(rf"(?<![\w.]){re.escape(e.name)}\s?\(([^()]*)\)", ctx.doc.text):
                names.update(n for n in re.findall(r"(?<![\w=.'\"])([A-Za-z_]\w*)(?=\s*[,)\]\[]|\s*$)", m.group(1)))
        got = ctx.memo[key] = frozenset(names)
    return got


def unknown_param(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """Each name of a parameter entry that the documented signature does not take, with the
    parameter it likely means (a typo, a rename) and a fix to it."""
    item = seg.field
    if item is None or item.name is None or not _is_param_item(item):
        return
    params = documented_params(ctx)
    if params is None:
        return
    # a function taking ``**kwargs`` may document the keys it forwards: only a near miss of a
    # parameter the doc does not describe is then a misspelling
    any_keyword = accepts_any_keyword(ctx)
    parts = re.split(r"\s*,\s*", item.name)
    if _not_a_parameter_list(ctx, parts):
        return
    if len(parts) == 2 and parts[0] in params and parts[1] not in params and base_kind(parts[1]) is not None:
        parts = parts[:1]  # "text, str": a name and its type, written with a comma for the colon
    e = ctx.entity
    # a decorator docfact cannot follow may rename or add arguments (a deprecation alias): only
    # a slip of a real parameter is then wrong; an interface documents what implementations take
    sig_open = e is not None and e.kind in ("function", "method", "class") and not documented_signature_closed(ctx, e)
    elsewhere = _params_taken_elsewhere(ctx, e)
    if elsewhere is None:
        return  # the class is called through a factory whose arguments it reads elsewhere
    for raw in parts:
        name = raw.strip().lstrip("*").strip()
        if name in elsewhere:
            continue
        if sig_open and name not in params and typo_of(name, [p for p in params if p not in ("self", "cls")]) is None:
            continue
        if name in params and item.section == "param" and "," not in item.name:
            yield from documented_twice(ctx, seg, item, raw, name, params)
            continue
        if _not_a_parameter_name(ctx, e, item, raw, name, params):
            continue
        # a ``:type x:`` entry pairs with a parameter that has no type entry yet
        documented = {s.field.name for s in ctx.segments if s.field and s.field.section == item.section}
        real = [p for p in params if p not in ("self", "cls")]
        undocumented = [p for p in real if p not in documented]
        if e is not None and e.kind == "class" and name in method_params(ctx, e) \
                and not any(p in documented for p in real):
            continue  # a class's doc listing only the options its methods take (``resample(cache_dir=...)``)
        suspects, why = _suspects(ctx, seg, item, name, params, documented, undocumented, any_keyword, sig_open)
        if suspects is None:
            continue
        swapped = type_after_name(item, name, params)
        if swapped is not None:
            yield swapped_finding(ctx, seg, item, name, swapped)
            continue
        yield _unknown_param_finding(ctx, seg, item, raw, name, suspects, real, len(documented) == len(real),
                                     any_keyword, why)


def _suspects(ctx: JudgeContext, seg: Segment, item: FieldItem, name: str, params: list[str],
              documented: set[str | None], undocumented: list[str], any_keyword: bool,
              sig_open: bool) -> tuple[list[str] | None, str]:
    """The parameters an entry's unknown ``name`` may stand for, by the entry's kind and the
    function's, and what the ``**kwargs`` do with the name when the function takes them (for the
    message); None when the name is not wrong."""
    why = ""  # what the ``**kwargs`` do with the name, when the function takes them
    suspects: list[str] | None = undocumented
    if item.section == "type":
        suspects = _type_entry_suspects(ctx, seg, ctx.entity, name, undocumented, any_keyword or sig_open)
    elif any_keyword:
        suspects, why = _keyword_suspects(ctx, name, documented, undocumented)
    elif ctx.entity is not None and ctx.entity.language in TS_LANGUAGES:
        suspects = _typescript_suspects(ctx.entity, name, params, undocumented)
    return suspects, why


def _not_a_parameter_list(ctx: JudgeContext, parts: list[str]) -> bool:
    """Whether the doc's parameter entries, or this entry (its comma-separated ``parts``), do not
    list the documented callable's arguments at all."""
    decorators = ctx.entity.decorators if ctx.entity is not None else []
    if any("fixture" in d for d in decorators):
        return True  # a pytest fixture documents what it provides, not its parameters
    if any(d.split("(")[0].endswith("magic") or d.startswith("magic_arguments") for d in decorators):
        return True  # an IPython magic documents the options of its command line, not its arguments
    if _describes_callables(ctx):
        return True  # the fields may belong to a method described inside the docstring
    if any(d.split(".")[-1] in _PROPERTY_DECORATORS for d in decorators):
        return True  # a property takes no arguments: its "Parameters" are those of the callable view it returns
    if any(re.search(r"\w\s+\w", part) for part in parts):
        return True  # "integer, select the index-th ...": a dedented line of prose, not an item
    if any(part.strip() in ("...", "\u2026") for part in parts) and \
            any(p.kind in ("vararg", "kwarg") for p in (ctx.entity.params if ctx.entity else ())):
        return True  # ``arr1, arr2, ... : array_like``: numbered items standing for ``*arrays``
    return False


def _params_taken_elsewhere(ctx: JudgeContext, e: Entity | None) -> set[str] | None:
    """The parameter names an overload, an overridden method or (for a Python class) the class's
    other methods take: a doc may describe those; None when the class is called through a
    factory that may read any name (once per doc: each of its parameter entries asks)."""
    key = ("params-taken-elsewhere", id(e))
    if key not in ctx.memo:
        ctx.memo[key] = _params_elsewhere(ctx, e)
    return cast("set[str] | None", ctx.memo[key])


def _params_elsewhere(ctx: JudgeContext, e: Entity | None) -> set[str] | None:
    elsewhere = (world.overload_params(ctx, e) | world.override_params(ctx, e)) if e is not None else set()
    if e is not None and e.kind == "class" and e.language == "python":
        other = other_methods_params(ctx, e)
        if other is None:
            return None
        elsewhere |= other
    return elsewhere


def _not_a_parameter_name(ctx: JudgeContext, e: Entity | None, item: FieldItem, raw: str, name: str,
                          params: list[str]) -> bool:
    """Whether the entry's ``name`` (``raw`` as written) is no parameter's name at all: a heading,
    a placeholder, a part of an argument, a call form's or ``*args``' name for what it holds."""
    if not name or name in params or name in NOT_PARAMS or name.lower() in NOT_PARAMS or not re.fullmatch(r"\w+", name):
        return True  # "Default: ``None``" on its own line is part of the item above; "NOTE: ..." a remark
    if name == "optional" and not item.type:
        return True  # "optional" alone on a line: the end of the item above's wrapped type
    if e is not None and (_part_of_an_argument(e, name) or _documents_parts(ctx, e)):
        return True  # ``sample(args)`` documenting ``u``, read as ``args.u``: the parts of one argument
    if e is not None and name in _call_form_names(ctx, e):
        return True  # "markov(Y, U)" / "markov(data)": the doc's call forms name positional arguments
    if e is not None and not raw.strip().startswith("*") and _names_undocumented_varargs(ctx, e, name, params):
        return True  # ``:param keys:`` of ``pressed(*args)``: the doc names what ``*args`` holds
        # (``*keys`` written with its star names the ``*args`` themselves, wrongly)
    if e is not None and e.kind == "class" and name.startswith("_") and re.search(rf"\bself\.{name}\b", e.code):
        return True  # ``:param _kwargs_upper:`` in a base's doc: a private attribute its subclasses set
    owners = "|".join(re.escape(p.lstrip("*")) for p in params if p not in ("self", "cls"))
    read_key = rf"\b(?:self\.)?(?:{owners})\s*(?:\[\s*[\"']{name}[\"']\s*\](?!\s*=(?!=))" \
               rf"|\.(?:get|pop|setdefault)\(\s*[\"']{name}[\"'])"
    if e is not None and owners and any(re.search(read_key, x.docless_code or x.code) for x in _versions(ctx, e)):
        # ``fill_after`` under "Other Parameters" read as ``settings["fill_after"]``: a key of a
        # parameter it documents, read by the function or by a subclass's version of the method
        # (a key the code only writes, ``self.results["x"] = ...``, is an output, and one read
        # from another mapping says nothing about the parameters)
        return True
    return False


def _versions(ctx: JudgeContext, e: Entity) -> Iterator[Entity]:
    """``e`` and, for a method, the versions of it that project subclasses define (a base's doc
    describes what they read from the arguments)."""
    yield e
    yield from world.overrides_of(ctx, e)[0]


def _type_entry_suspects(ctx: JudgeContext, seg: Segment, e: Entity | None, name: str,
                         undocumented: list[str], open_names: bool) -> list[str] | None:
    """For a ``:type x:`` entry of no parameter, the parameter it misspells (or none); None when
    it is not wrong: it types another field or a class attribute, or (``open_names``: the
    function takes ``**kwargs`` or a decorator may add arguments) it misspells nothing."""
    from docfact.judges.member_lookup import class_attributes

    # ``@type x:`` also types an ``@ivar x`` or a class attribute: only a misspelt
    # parameter that no other field names is a wrong name
    if any(s.field and s.field.name == name and s is not seg for s in ctx.segments) or \
            (ctx.entity is not None and ctx.entity.kind == "class"
             and name in (class_attributes(ctx, ctx.entity) or {name})):
        return None
    typo = typo_of(name, undocumented)
    if typo is None and (e is None or e.kind == "class" or open_names):
        return None  # (a function's ``:type x:`` of no parameter at all is wrong all the same)
    return [typo] if typo is not None else []


def _keyword_suspects(ctx: JudgeContext, name: str, documented: set[str | None],
                      undocumented: list[str]) -> tuple[list[str] | None, str]:
    """For an entry of a function that takes ``**kwargs``, the parameters or attributes it may
    misspell and what the ``**kwargs`` do with the name (for the message); None when the name may
    well be a keyword the function takes: stored as an attribute, handed on to a callee that
    takes it, or neither misspelt nor plainly refused."""
    from docfact.judges.member_lookup import class_attributes, known_class_attributes

    e = ctx.entity
    # a class that takes ``**kwargs`` often stores them as attributes of these names
    cls = ctx.owner_class if ctx.entity is not None and ctx.entity.kind in ("class", "method") else None
    known_attrs: set[str] = set()
    if cls is not None:
        # the attributes the class shows, even when it also takes names from outside
        known_attrs = class_attributes(ctx, cls) or known_class_attributes(ctx, cls, complete=False) or set()
    if name in known_attrs:
        return None, ""  # a keyword the class stores under its own name
    fates = {world.keyword_fate(ctx, fn, name) for fn in keyword_takers(ctx)}
    why = ", and the calls its `**kwargs` go to take no such keyword either" if fates == {"refused"} \
        else ", and its `**kwargs` are never read"
    prefix = _keyword_prefix(ctx)
    if prefix is not None and not name.startswith(prefix) and e is not None \
            and not re.search(rf"['\"]{re.escape(name)}['\"]", e.code):
        # "**ctx_kwargs: keywords that begin with ctx_": the doc's own contract leaves it out
        fates, why = {"refused"}, f", and its keyword arguments must begin with `{prefix}`, as its own entry says"
    if "taken" in fates:
        return None, why  # ``desc`` handed on through ``**kwargs`` to a callee that takes it (or may)
    methods = {m.rsplit(".", 1)[-1] for m in cls.members} if cls is not None else set()
    attrs = sorted(known_attrs - documented - methods)
    typo = typo_of(name, undocumented) or typo_of(name, [a for a in attrs if not a.startswith("_")])
    if typo is None and fates != {"refused"} and not (fates == {"ignored"} and renamed_param(ctx, name, undocumented)):
        return None, why
    starred = {p.name.lstrip("*") for t in keyword_takers(ctx) for p in t.params if p.kind in ("vararg", "kwarg")}
    return ([typo] if typo is not None else
            [p for p in undocumented if fates == {"ignored"} and p not in starred]), why


def _typescript_suspects(e: Entity, name: str, params: list[str], undocumented: list[str]) -> list[str] | None:
    """For an entry of a TypeScript or JavaScript function, the parameters it may misspell;
    None when it names a parameter without its ``_`` or what a rest parameter takes."""
    if name in {p.lstrip("_") for p in params}:
        return None  # ``_bufferSize`` documented as ``bufferSize``
    if ts_judging.loose_params(e):
        # a rest parameter or ``arguments`` takes what the doc describes: only a
        # misspelling of a named parameter is wrong
        typo = typo_of(name, undocumented)
        if typo is None:
            return None
        return [typo]
    return undocumented


def _unknown_param_finding(ctx: JudgeContext, seg: Segment, item: FieldItem, raw: str, name: str,
                           undocumented: list[str], real: list[str], all_documented: bool, any_keyword: bool,
                           why: str) -> Finding:
    """The finding for ``name`` (``raw`` as the entry writes it), suggesting one of the
    ``undocumented`` parameters (or listing the ``real`` ones), with a fix that renames it."""
    # the one undocumented parameter is the likely new name when every parameter has an entry
    renamed = undocumented[0] if len(undocumented) == 1 and all_documented else None
    if any_keyword or item.section == "type":
        suggestion = undocumented[0] if undocumented else None
    else:
        suggestion = ctx.suggest(name, undocumented, cutoff=0.5) or renamed
    sig = ctx.entity.signature if ctx.entity else ""
    msg = f"`{name}` is not a parameter of `{ctx.entity.name if ctx.entity else '?'}`"
    msg += f"; did you mean `{suggestion}`?" if suggestion else f" (parameters: {', '.join(real) or 'none'})"
    if any_keyword and item.section != "type" and suggestion is None:
        msg += why
    fix = None
    if suggestion and item.name_span and item.name:
        text_off = item.name_span[0] + item.name.find(raw)
        rel = text_off - seg.start
        fix = ctx.fix_replace(seg, rel, rel + len(raw), raw.replace(name, suggestion),
                              f"Rename `{name}` to `{suggestion}`")
    return ctx.finding(seg, UNKNOWN_PARAM, msg,
                       evidence=ctx.evidence_of(ctx.entity, "the signature", sig or None), fix=fix)
