"""C1.unknown-param: a documented parameter the signature does not have, in every field form,
with near misses (a typo or a swap) reported even beside ``**kwargs``; part of the C1 rules
(:mod:`docfact.judges.c1_name`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges import world
from docfact.judges.base import JudgeContext, _same_family, member_of, osa_distance
from docfact.judges.rules.c1_names import UNKNOWN_NAME, UNKNOWN_PARAM
from docfact.lang.typescript import judging as ts_judging
from docfact.lang.typescript.globals import TS_LANGUAGES
from docfact.model import Entity, FieldItem, Finding, Segment


def documented_params(ctx: JudgeContext) -> list[str] | None:
    """The names a parameter list in this doc may use; None when we cannot know them."""
    e = ctx.entity
    if e is None:
        return None
    if e.kind in ("function", "method"):
        return [p.name.lstrip("*") for p in e.params]
    if e.kind == "class" and e.language in TS_LANGUAGES:
        # JSDoc on a class documents its constructor's parameters
        ctor = ctx.file.entity(f"{e.local_name}.constructor")
        return [p.name for p in ctor.params] if ctor is not None else None
    if e.kind == "class":
        # a callable class may document the arguments of its calls in the class docstring
        call = member_of(ctx.file, e, "__call__")
        extra = [p.name.lstrip("*") for p in call.params] if call is not None else []
        init = member_of(ctx.file, e, "__init__") or member_of(ctx.file, e, "__new__")
        if init is not None:
            return [p.name.lstrip("*") for p in init.params] + extra
        kinds = {d.split("(")[0].rsplit(".", 1)[-1] for d in e.decorators}
        if kinds & {"dataclass", "define", "frozen", "mutable", "attrs", "s"}:
            inherited = world.constructor_fields(ctx, e)  # the fields of dataclass bases come first
            if inherited is not None:
                return inherited + extra
            if any(b.split("[")[0].split(".")[-1] not in ("object", "Generic", "Protocol", "ABC") for b in e.bases):
                return None  # a base docfact cannot read may bring fields of its own
            fields = [m.rsplit(".", 1)[-1] for m in e.members
                      if (f := ctx.file.entity(m)) is None or f.kind not in ("function", "method", "class")]
            if kinds - {"dataclass"}:  # attrs: the argument of a private field ``_x`` is ``x``
                fields += [f.lstrip("_") for f in fields if f.startswith("_") and not f.startswith("__")]
            return fields + extra
        if extra and all(b.split("[")[0].split(".")[-1] in ("object", "Generic", "Protocol") for b in e.bases):
            return extra  # no base to inherit an ``__init__`` from
        if e.language == "java":
            ctors = [ctx.file.entity(m) for m in e.members if m.rsplit(".", 1)[-1] == e.name]
            names = [p.name for c in ctors if c is not None for p in c.params]
            return names or None
    return None


def _other_methods_params(ctx: JudgeContext, cls: Entity) -> set[str] | None:
    """For a class whose constructor takes no argument, the parameters of its other methods: its
    docstring may describe the call a factory makes of them (``bs(x, df=4)`` served by
    ``transform(x, df)``); None when a method also takes ``**kwargs`` (every documented argument
    may be read from there). Empty when the constructor takes arguments of its own."""
    names: set[str] = set()
    any_keyword = False
    init_params: list[str] | None = None
    for m in cls.members:
        method = ctx.file.entity(m)
        if method is None or method.kind not in ("function", "method"):
            continue
        own = [p for p in method.params if p.name not in ("self", "cls")]
        if method.name in ("__init__", "__new__"):
            init_params = [p.name for p in own]
            continue
        names |= {p.name.lstrip("*") for p in own if p.kind not in ("vararg", "kwarg")}
        any_keyword |= any(p.kind == "kwarg" for p in own)
    if init_params:
        return set()  # a constructor with arguments of its own: the docstring documents those
    if any_keyword:
        return None
    return names


def _accepts_any_keyword(ctx: JudgeContext) -> bool:
    return ctx.entity is None or any(p.kind == "kwarg" for t in _signatures(ctx) for p in t.params)


def _signatures(ctx: JudgeContext) -> list[Entity]:
    """The documented function, or a class's constructor (``__init__``, ``__new__``, ``__call__``)."""
    e = ctx.entity
    if e is None:
        return []
    if e.kind == "class":
        return [x for x in (member_of(ctx.file, e, n) for n in ("__init__", "__new__", "__call__"))
                if x is not None] or [e]
    return [e]


def _renamed(ctx: JudgeContext, name: str, undocumented: list[str]) -> bool:
    """Whether a documented name that no parameter holds reads as a parameter's old name: the
    body keeps it as a local (``x = clean(p)``), or it is the one entry left when every other
    parameter is documented and exactly one is not."""
    takers = _keyword_takers(ctx)
    if any(name in t.locals or name in t.assigns for t in takers):
        return True
    starred = {p.name.lstrip("*") for t in takers for p in t.params if p.kind in ("vararg", "kwarg")}
    return len([p for p in undocumented if p not in starred]) == 1


def _keyword_takers(ctx: JudgeContext) -> list[Entity]:
    """The documented functions that take ``**kwargs``."""
    return [t for t in _signatures(ctx) if t.kind in ("function", "method") and any(p.kind == "kwarg" for p in t.params)]


_HEADINGS = ("Default", "Defaults", "Note", "Notes", "Example", "Examples", "Warning", "Warnings", "Returns", "Return",
             "Yields", "Yield", "Raises", "Args", "Arguments", "Parameters", "Params", "Attributes", "References")
# section headings written where an item goes ("example: f(1) == 2", an indented "Returns:") and
# placeholders: no parameter names
_NOT_PARAMS = frozenset({"self", "cls", "None", "none", *_HEADINGS,
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


def _method_params(ctx: JudgeContext, cls: Entity) -> frozenset[str]:
    """The parameter names of the class's own methods (its constructor's aside)."""
    fi = ctx.file
    out: set[str] = set()
    for m in cls.members:
        last = m.rsplit(".", 1)[-1]
        if last == "__init__":
            continue
        fn = fi.entity(f"{cls.local_name}.{last}")
        if fn is not None and fn.kind in ("function", "method"):
            out.update(p.name.lstrip("*") for p in fn.params)
    return frozenset(out)


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


def _typo_of(name: str, candidates: list[str]) -> str | None:
    """The candidate that ``name`` misspells: one edit or a swap of two neighbours (two edits
    in names of six letters or more), not a plural or a longer name of the same family."""
    if len(name) < 3:
        return None
    limit = 2 if len(name) >= 6 else 1
    hits = sorted(c for c in candidates
                  if len(c) >= 3 and osa_distance(name, c, limit) <= limit and not _same_family(name, c)
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
    return _typo_of(name, [p for p in params if p not in ("self", "cls", star)]) is None


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
    from docfact.judges.member_lookup import (
        class_attributes,
        known_class_attributes,
    )

    item = seg.field
    if item is None or item.name is None or not _is_param_item(item):
        return
    params = documented_params(ctx)
    if params is None:
        return
    # a function taking ``**kwargs`` may document the keys it forwards: only a near miss of a
    # parameter the doc does not describe is then a misspelling
    any_keyword = _accepts_any_keyword(ctx)
    if ctx.entity is not None and any("fixture" in d for d in ctx.entity.decorators):
        return  # a pytest fixture documents what it provides, not its parameters
    if ctx.entity is not None and any(d.split("(")[0].endswith("magic") or d.startswith("magic_arguments")
                                      for d in ctx.entity.decorators):
        return  # an IPython magic documents the options of its command line, not its arguments
    if _describes_callables(ctx):
        return  # the fields may belong to a method described inside the docstring
    if ctx.entity is not None and any(d.split(".")[-1] in _PROPERTY_DECORATORS for d in ctx.entity.decorators):
        return  # a property takes no arguments: its "Parameters" are those of the callable view it returns
    parts = re.split(r"\s*,\s*", item.name)
    if any(re.search(r"\w\s+\w", part) for part in parts):
        return  # "integer, select the index-th ...": a dedented line of prose, not an item
    if any(part.strip() in ("...", "\u2026") for part in parts) and \
            any(p.kind in ("vararg", "kwarg") for p in (ctx.entity.params if ctx.entity else ())):
        return  # ``arr1, arr2, ... : array_like``: numbered items standing for ``*arrays``
    e = ctx.entity
    # a decorator docfact cannot follow may rename or add arguments (a deprecation alias): only
    # a slip of a real parameter is then wrong; an interface documents what implementations take
    sig_open = e is not None and e.kind in ("function", "method", "class") and not _signature_closed(ctx, e)
    elsewhere = (world.overload_params(ctx, e) | world.override_params(ctx, e)) if e is not None else set()
    if e is not None and e.kind == "class" and e.language == "python":
        other = _other_methods_params(ctx, e)
        if other is None:
            return  # the class is called through a factory whose arguments it reads elsewhere
        elsewhere |= other
    for raw in parts:
        name = raw.strip().lstrip("*").strip()
        if name in elsewhere:
            continue
        if sig_open and name not in params and _typo_of(name, [p for p in params if p not in ("self", "cls")]) is None:
            continue
        if name in params and item.section == "param" and "," not in item.name:
            yield from _documented_twice(ctx, seg, item, raw, name, params)
            continue
        if not name or name in params or name in _NOT_PARAMS or not re.fullmatch(r"\w+", name):
            continue  # "Default: ``None``" on its own line is part of the item above
        if name == "optional" and not item.type:
            continue  # "optional" alone on a line: the end of the item above's wrapped type
        if e is not None and (_part_of_an_argument(e, name) or _documents_parts(ctx, e)):
            continue  # ``sample(args)`` documenting ``u``, read as ``args.u``: the parts of one argument
        if e is not None and name in _call_form_names(ctx, e):
            continue  # "markov(Y, U)" / "markov(data)": the doc's call forms name positional arguments
        if e is not None and not raw.strip().startswith("*") and _names_undocumented_varargs(ctx, e, name, params):
            continue  # ``:param keys:`` of ``pressed(*args)``: the doc names what ``*args`` holds
            # (``*keys`` written with its star names the ``*args`` themselves, wrongly)
        # a ``:type x:`` entry pairs with a parameter that has no type entry yet
        documented = {s.field.name for s in ctx.segments if s.field and s.field.section == item.section}
        real = [p for p in params if p not in ("self", "cls")]
        undocumented = [p for p in real if p not in documented]
        if e is not None and e.kind == "class" and name in _method_params(ctx, e) \
                and not any(p in documented for p in real):
            continue  # a class's doc listing only the options its methods take (``resample(cache_dir=...)``)
        why = ""  # what the ``**kwargs`` do with the name, when the function takes them
        if item.section == "type":
            # ``@type x:`` also types an ``@ivar x`` or a class attribute: only a misspelt
            # parameter that no other field names is a wrong name
            if any(s.field and s.field.name == name and s is not seg for s in ctx.segments) or \
                    (ctx.entity is not None and ctx.entity.kind == "class"
                     and name in (class_attributes(ctx, ctx.entity) or {name})):
                continue
            typo = _typo_of(name, undocumented)
            if typo is None and (e is None or e.kind == "class" or any_keyword or sig_open):
                continue  # (a function's ``:type x:`` of no parameter at all is wrong all the same)
            undocumented = [typo] if typo is not None else []
        elif any_keyword:
            # a class that takes ``**kwargs`` often stores them as attributes of these names
            cls = ctx.owner_class if ctx.entity is not None and ctx.entity.kind in ("class", "method") else None
            known_attrs: set[str] = set()
            if cls is not None:
                # the attributes the class shows, even when it also takes names from outside
                known_attrs = class_attributes(ctx, cls) or known_class_attributes(ctx, cls, complete=False) or set()
            if name in known_attrs:
                continue  # a keyword the class stores under its own name
            fates = {world.keyword_fate(ctx, fn, name) for fn in _keyword_takers(ctx)}
            why = ", and the calls its `**kwargs` go to take no such keyword either" if fates == {"refused"} \
                else ", and its `**kwargs` are never read"
            prefix = _keyword_prefix(ctx)
            if prefix is not None and not name.startswith(prefix) and e is not None \
                    and not re.search(rf"['\"]{re.escape(name)}['\"]", e.code):
                # "**ctx_kwargs: keywords that begin with ctx_": the doc's own contract leaves it out
                fates, why = {"refused"}, f", and its keyword arguments must begin with `{prefix}`, as its own entry says"
            if "taken" in fates:
                continue  # ``desc`` handed on through ``**kwargs`` to a callee that takes it (or may)
            methods = {m.rsplit(".", 1)[-1] for m in cls.members} if cls is not None else set()
            attrs = sorted(known_attrs - documented - methods)
            typo = _typo_of(name, undocumented) or _typo_of(name, [a for a in attrs if not a.startswith("_")])
            if typo is None and fates != {"refused"} and not (fates == {"ignored"} and _renamed(ctx, name, undocumented)):
                continue
            starred = {p.name.lstrip("*") for t in _keyword_takers(ctx) for p in t.params if p.kind in ("vararg", "kwarg")}
            undocumented = [typo] if typo is not None else \
                [p for p in undocumented if fates == {"ignored"} and p not in starred]
        elif ctx.entity is not None and ctx.entity.language in TS_LANGUAGES:
            if name in {p.lstrip("_") for p in params}:
                continue  # ``_bufferSize`` documented as ``bufferSize``
            if ts_judging.loose_params(ctx.entity):
                # a rest parameter or ``arguments`` takes what the doc describes: only a
                # misspelling of a named parameter is wrong
                typo = _typo_of(name, undocumented)
                if typo is None:
                    continue
                undocumented = [typo]
        swapped = _type_after_name(item, name, params)
        if swapped is not None:
            yield swapped_finding(ctx, seg, item, name, swapped)
            continue
        # the one undocumented parameter is the likely new name when every parameter has an entry
        renamed = undocumented[0] if len(undocumented) == 1 and len(documented) == len(real) else None
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
        if suggestion and item.name_span:
            text_off = item.name_span[0] + item.name.find(raw)
            rel = text_off - seg.start
            fix = ctx.fix_replace(seg, rel, rel + len(raw), raw.replace(name, suggestion),
                                  f"Rename `{name}` to `{suggestion}`")
        yield ctx.finding(seg, UNKNOWN_PARAM, msg,
                          evidence=ctx.evidence_of(ctx.entity, "the signature", sig or None), fix=fix)


def _signature_closed(ctx: JudgeContext, e: Entity) -> bool:
    """Whether the documented signature is the one callers use (for a class: its constructor's)."""
    if not world.signature_closed(ctx, e):
        return False
    if e.kind == "class":
        init = member_of(ctx.file, e, "__init__") or member_of(ctx.file, e, "__new__")
        return init is None or world.signature_closed(ctx, init)
    return True


def _documented_twice(ctx: JudgeContext, seg: Segment, item: FieldItem, raw: str, name: str,
                      params: list[str]) -> Iterator[Finding]:
    """A second entry for a parameter already described, in a doc that leaves exactly one
    parameter out: the second entry's name is a slip for the missing one (``@param brief`` twice
    on ``def notFound(brief, message)``)."""

    entries = ctx.memo.get("param-entries")
    if entries is None:  # once per doc: every parameter entry asks
        entries = ctx.memo["param-entries"] = [(s.index, re.split(r"\s*,\s*", s.field.name)) for s in ctx.segments
                                               if s.field and s.field.section == "param" and s.field.name]
    if not any(i < seg.index and name in names for i, names in entries):
        return
    documented = {n.strip().lstrip("*") for _, names in entries for n in names}
    missing = [p for p in params if p not in documented and p not in ("self", "cls")
               and not p.startswith("_")]
    e = ctx.entity
    if len(missing) != 1 or e is None or any(p.kind == "kwarg" and p.name.lstrip("*") in missing for p in e.params):
        return
    fix = None
    if item.name_span and item.name:
        rel = item.name_span[0] + item.name.find(raw) - seg.start
        fix = ctx.fix_replace(seg, rel, rel + len(raw), raw.replace(name, missing[0]),
                              f"Rename `{name}` to `{missing[0]}`")
    yield ctx.finding(
        seg, UNKNOWN_PARAM,
        f"`{name}` is documented twice and `{missing[0]}` not at all; did you mean `{missing[0]}`?",
        evidence=ctx.evidence_of(e, "the signature", e.signature or None), fix=fix)


def _type_after_name(item: FieldItem, name: str, params: list[str]) -> str | None:
    """The parameter of ``:param category str:``: a Sphinx field that writes the type after the
    name (Sphinx reads the last word as the name, so it shows a parameter ``str`` typed
    ``category``); None for any other item."""
    from docfact.judges.types import base_kind

    if item.tag != "param" or item.type is None or item.type not in params or base_kind(name) is None:
        return None
    return item.type


def swapped_finding(ctx: JudgeContext, seg: Segment, item: FieldItem, written: str, param: str) -> Finding:
    msg = (f"`:param {param} {written}:` writes the type after the name: Sphinx reads `{written}` as the "
           f"parameter and `{param}` as its type; write `:param {written} {param}:`")
    fix = None
    if item.name_span is not None and item.type_span is not None:
        a, b = min(item.type_span[0], item.name_span[0]), max(item.type_span[1], item.name_span[1])
        rel = a - seg.start
        fix = ctx.fix_replace(seg, rel, rel + (b - a), f"{written} {param}", f"Write `:param {written} {param}:`")
    return ctx.finding(seg, UNKNOWN_PARAM, msg,
                       evidence=ctx.evidence_of(ctx.entity, "the signature", ctx.entity.signature if ctx.entity else None),
                       fix=fix)


# "the caller_type argument", "its ``score_method`` parameter", "the keyword argument ``mode``": a
# sentence that says a name is an argument (snake_case with an underscore when not marked)
_PARAM_WORD = r"(?:keyword\s+argument|argument|parameter|kwarg|keyword)"
_NAMED_AS_PARAM = re.compile(
    r"\b(?:[Tt]he|[Ii]ts|[Tt]his)\s+(?:(?P<m1>`{1,2})(?P<n1>[A-Za-z_]\w*)(?P=m1)|(?P<n2>[a-z]\w*_\w*))\s+"
    + _PARAM_WORD + r"\b(?!\s+(?:of|to|for|in|from|on)\b)"
    r"|\b(?:[Tt]he|[Ii]ts|[Tt]his)\s+" + _PARAM_WORD + r"\s+(?P<m3>`{1,2})(?P<n3>[A-Za-z_]\w*)(?P=m3)(?!\s+(?:of|to|for|in|from|on)\b)")


def prose_parameter_claims(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A sentence of a function's or class's docs that calls a name an argument ("the
    ``caller_type`` argument") when no function of the project takes a parameter of that name,
    the documented signature is the one callers use, and the sentence names no other callable
    whose argument it may be, and the documented function has a near parameter (a rename; without
    one the name is as often a protocol's, a callback's or another object's parameter). Reported
    as a name that does not exist (C1.unknown-name), with the fix to that parameter."""
    e = ctx.entity
    if e is None or e.language != "python" or e.kind not in ("function", "method", "class") or ctx.doc.kind == "comment" \
            or ("argument" not in seg.text and "parameter" not in seg.text and "kwarg" not in seg.text
                and "keyword" not in seg.text):
        return
    for m in _NAMED_AS_PARAM.finditer(seg.text):
        name = m.group("n1") or m.group("n2") or m.group("n3")
        if name is None or len(name) < 3 or name in ctx.params or name in _NOT_PARAMS:
            continue
        sigs = _signatures(ctx)
        if any(name in {p.name.lstrip("*") for p in s.params} for s in sigs) or name in _project_param_names(ctx):
            continue
        if not sigs or not all(world.signature_closed(ctx, s) for s in sigs):
            return
        if any(p.kind == "kwarg" for s in sigs for p in s.params) and \
                {world.keyword_fate(ctx, s, name) for s in _keyword_takers(ctx)} - {"refused", "ignored"}:
            continue  # it may reach the code through **kwargs
        if re.search(r"\w\(|\w\.\w", seg.text.replace(name, "")):
            continue  # "the ``timeout`` argument of ``connect()``": another callable's
        near = ctx.suggest(name, [p for p in ctx.params if p not in ("self", "cls")], cutoff=0.6)
        if near is None:
            continue  # a protocol's, a callback's or another object's parameter, as often as not
        start = m.start("n1") if m.group("n1") else m.start("n2") if m.group("n2") else m.start("n3")
        yield ctx.finding(seg, UNKNOWN_NAME, f"`{name}` is not a parameter of `{e.name}`; did you mean `{near}`?",
                          fix=ctx.fix_replace(seg, start, start + len(name), near, f"Replace `{name}` with `{near}`"))


def _project_param_names(ctx: JudgeContext) -> frozenset[str]:
    """Every parameter name of every project function (once per run)."""
    key = ("project-param-names", id(ctx.graph))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = frozenset(
            p.name.lstrip("*") for fi in ctx.graph.files() for x in fi.entities
            if x.kind in ("function", "method") for p in x.params)
    return got

