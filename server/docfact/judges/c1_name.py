"""C1, name inconsistency: names in the docs that are not the names the code uses
(C1.unknown-name), and the list of the C1 name checks. The parameter, attribute and subject
rules are :mod:`docfact.judges.c1_params`, :mod:`docfact.judges.c1_attributes` and
:mod:`docfact.judges.c1_subject`; what a sentence says around a name is
:mod:`docfact.judges.name_prose`, what the file and the project say of it
:mod:`docfact.judges.name_clues`."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from typing import cast

from docfact.judges import world
from docfact.judges.attribute_lists import only_project_class
from docfact.judges.base import JudgeContext, osa_distance, variants
from docfact.judges.c1_attributes import unknown_attribute
from docfact.judges.c1_param_prose import prose_parameter_claims
from docfact.judges.c1_params import typo_of, unknown_param
from docfact.judges.c1_subject import wrong_subject
from docfact.judges.member_lookup import opaque_owner, proven_missing_member
from docfact.judges.mentions import (
    FILEISH,
    MARKED,
    PLACEHOLDER_NAME,
    Mention,
    find_mentions,
    is_constant_like,
)
from docfact.judges.name_clues import (
    class_case_slip,
    gone_through_package,
    method_of_a_class_there,
    private_member_nowhere,
    project_class_slip,
    relative_in_scope,
    scope_excerpt,
    shorthand_of_an_import,
    unreadable_imports,
)
from docfact.judges.name_lookup import (
    external_attribute,
    imported_from_outside,
    no_such_owner,
    project_head,
    resolves,
)
from docfact.judges.name_prose import (
    ACRONYM_HUMPS,
    COMPARES,
    EXAMPLE_LIST,
    FOREIGN_FILE_AFTER,
    GRAMMAR_LINE,
    HISTORY,
    HYPOTHETICAL,
    OTHER_LANGUAGE,
    OUTSIDE_THING,
    SEE_BEFORE,
    SHAPE_TUPLE,
    SPELLING,
    TWO_HUMPS,
    claims_use,
    doc_placeholders,
    family_notation,
    field_name_span,
    identifier_shaped,
    in_value_list,
    same_in_other_case_style,
    tuple_names,
)
from docfact.judges.rule import Check
from docfact.judges.rules.c1_names import (
    UNKNOWN_ATTRIBUTE,
    UNKNOWN_NAME,
    UNKNOWN_PARAM,
    WRONG_SUBJECT,
)
from docfact.lang.typescript import judging as ts_judging
from docfact.model import Finding, Segment


def unknown_name(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """Names marked as code that exist nowhere; elsewhere only near misses of real names.

    In the docstring of a function, method or class a name marked as code (backticks, a role,
    ``{@link}``, ``name()``) that exists nowhere is reported. In module docstrings and
    comments, and for names only *shaped* like code, docfact speaks only when the name is a
    near miss of a name in scope (a typo or a rename): those texts often cite examples. The
    type of a field item (``x : Foo``, ``Returns: Foo``) is C2.unknown-type's
    (:mod:`docfact.judges.units.c2_unknown_type`).
    """
    if "=" in seg.text and "`" in seg.text:
        yield from _value_span_slips(ctx, seg)
    yield from prose_parameter_claims(ctx, seg)
    for m, suggestion in missing_names(ctx, seg, in_type=False):
        yield _unknown_name_finding(ctx, seg, m, suggestion)


def missing_names(ctx: JudgeContext, seg: Segment, in_type: bool) -> Iterator[tuple[Mention, str | None]]:
    """The names of ``seg`` that exist nowhere and that the doc is held to, each with the near
    real name it may misspell (or None); with ``in_type``, only those inside the type of the
    segment's field item, else only those outside it (cross-references count as outside)."""
    mentions = find_mentions(seg.text)
    if not mentions or HISTORY.search(seg.text) or SPELLING.search(seg.text):
        return  # "renamed from ``x``", "use ``y`` instead of ``x``", "a typo of": old or other names are the point
    if HYPOTHETICAL.search(seg.text):
        return  # "a ``_DirPkgWriter`` could be implemented": a name that does not exist on purpose
    skip = field_name_span(seg)
    typ = judged_type_span(ctx, seg)
    strict_place = ctx.entity is not None and ctx.entity.kind in ("function", "method", "class") \
        and ctx.doc.kind != "comment"
    seen: set[tuple[str, str]] = set()
    resolved: set[str] = set()
    unsettled: set[str] = set()  # names not looked up as their mention could not be reported
    shapes = [mm.span(1) for mm in SHAPE_TUPLE.finditer(seg.text)]
    for m in mentions:
        if skip and m.start < skip[1] and skip[0] < m.end:
            continue
        if in_type != (typ is not None and typ[0] <= m.start and m.end <= typ[1] and not m.explicit):
            continue  # (a role in a type, ``:obj:`PosMarker` ``, is a cross-reference: this rule's)
        if (m.name, m.strength) in seen or _resolved_before(ctx, m, resolved, unsettled) \
                or is_constant_like(m.name.split(".")[-1]) or FILEISH.search(m.name):
            continue  # ``settings.py`` is a file name
        if _written_as_other_text(ctx, seg, m, shapes) or _a_name_the_doc_gives(ctx, seg, m):
            continue
        seen.add((m.name, m.strength))  # a missing name written plainly, then marked, is read twice
        gone = gone_through_package(ctx, m, strict_place)
        if gone is not None and _spelled_as_a_string(ctx, m):
            continue
        if gone is not None:
            yield m, gone
            continue
        private = private_member_nowhere(ctx, m)
        if private is not None:
            yield m, private or None
            continue
        found = _resolution(ctx, seg, m)
        if found is not False:
            (resolved if found else unsettled).add(m.name)
            continue  # (unsettled: the modules the file imports are read only if the name comes again)
        if "." not in m.name and _beside_another_library(ctx, seg.text, m, mentions):
            continue  # "``xr.open_dataset`` / ``open_mfdataset``": a name of the library the sentence cites
        missing = _missing_name(ctx, seg, m, strict_place)
        if missing is not None:
            yield m, missing[0]


# the field items whose type C2.unknown-type judges
TYPED_SECTIONS = frozenset({"param", "returns", "yields", "attribute", "type", "rtype"})


def judged_type_span(ctx: JudgeContext, seg: Segment) -> tuple[int, int] | None:
    """The span (in ``seg.text``) of the type of ``seg``'s field item when C2.unknown-type
    judges it (a Python docstring's parameter, attribute, return or yield item); else None, and
    the names there are C1.unknown-name's like any other."""
    item = seg.field
    if item is None or item.type_span is None or item.section not in TYPED_SECTIONS or ctx.doc.kind == "comment" \
            or ctx.entity is None or ctx.entity.language != "python":
        return None
    return item.type_span[0] - seg.start, item.type_span[1] - seg.start


def _resolves_as_written(ctx: JudgeContext, m: Mention, imports: bool = True) -> bool:
    """Whether mention ``m`` resolves (:func:`~docfact.judges.name_lookup.resolves`), or its
    singular does (``typing.Unions``: the English plural of a real name)."""
    return resolves(ctx, m, imports) or (m.name.endswith("s") and len(m.name) > 4
                                         and resolves(ctx, dataclasses.replace(m, name=m.name[:-1]), imports))


def _resolved_before(ctx: JudgeContext, m: Mention, resolved: set[str], unsettled: set[str]) -> bool:
    """Whether an earlier mention of the sentence with the name of ``m`` resolved; one left
    ``unsettled`` (not looked up, see :func:`_resolution`) is looked up now."""
    if m.name in unsettled:
        unsettled.discard(m.name)
        if _resolves_as_written(ctx, m):
            resolved.add(m.name)
    return m.name in resolved


def _resolution(ctx: JudgeContext, seg: Segment, m: Mention) -> bool | None:
    """Whether mention ``m`` resolves as written; None, without reading the external modules
    the file imports, for a simple name known nowhere else on which :func:`_missing_name` would
    stay silent anyway."""
    if "." in m.name:
        return _resolves_as_written(ctx, m)
    if _resolves_as_written(ctx, m, imports=False):
        return True
    if _silent_when_missing(ctx, seg, m):
        return None
    return _resolves_as_written(ctx, m)


def _silent_when_missing(ctx: JudgeContext, seg: Segment, m: Mention) -> bool:
    """Whether :func:`_missing_name` stays silent on the simple (undotted) name of mention ``m``
    whether it resolves or not: too short, a placeholder, unprovable where it stands, or written
    plainly with no near name for it to misspell (asked before the costliest lookup, the
    external modules the file imports)."""
    last = m.name
    return len(last) < 4 or PLACEHOLDER_NAME.search(last) is not None or _unprovable(ctx, seg, m, last, False) \
        or (m.strength != MARKED and _near_name(ctx, m, last) is None)


def _written_as_other_text(ctx: JudgeContext, seg: Segment, m: Mention, shapes: list[tuple[int, int]]) -> bool:
    """Whether the sentence shows that mention ``m`` is other text than a name (a heading, a
    dimension of a shape, part of a hyphenated word, another language's name, a grammar's
    symbol); ``shapes``: the spans of the sentence's ``shape (...)`` tuples."""
    if seg.text.strip().strip("`:") == m.name:
        return True  # a bare name on its own line: a NumPy "Returns" entry, a heading
    if _NAMING_STYLE.match(m.name):
        return True  # "Return ``s`` in snake_case": a naming style
    if any(a <= m.start < b for a, b in shapes):
        return True  # "of shape (n_samples, image_height)": dimensions, not names
    if seg.text[m.end:m.end + 1] == "-" and seg.text[m.end + 1:m.end + 2].isalnum():
        return True  # "a Mermaid stateDiagram-v2 string": part of a hyphenated word
    if m.start > 0 and seg.text[m.start - 1] in "}>":
        return True  # "'${param}_scale_factor'": the tail of a name template
    if m.start > 1 and seg.text[m.start - 2:m.start] == "/{" and seg.text[m.end:m.end + 1] == "}":
        return True  # "implements /properties/{propertyId}": a placeholder of a URL path template
    if OTHER_LANGUAGE.search(seg.text, 0, m.start) or FOREIGN_FILE_AFTER.match(seg.text, m.end):
        return True  # "the R ``diffinv`` function", "f() in linux_usbfs.c": a name in another language
    if m.strength != MARKED and seg.text[m.end:m.end + 1] in ("?", "*", "+") and GRAMMAR_LINE.search(ctx.doc.text):
        return True  # ``pseudo_page?`` in a grammar the doc quotes
    return False


# a capitalized Greek letter with a subscript (``Gamma_vecs``, ``Sigma_xx``, ``Delta_t``), a letter
# with an accent spelled out (``A_tilde``, ``x_hat``, ``y_bar``) or a Greek letter with a short
# subscript (``rho_0``): notation, when it is not marked as code
_MATH_SYMBOL = re.compile(r"(?:Alpha|Beta|Gamma|Delta|Epsilon|Zeta|Eta|Theta|Iota|Kappa|Lambda|Mu|Nu|Xi|Omicron|Pi|"
                          r"Rho|Sigma|Tau|Upsilon|Phi|Chi|Psi|Omega)_\w+$"
                          r"|[A-Za-z]\d?_(?:tilde|hat|bar|dot|ddot|star|prime|vec)$"
                          # a Greek letter with a short subscript in prose (``rho_0``, ``sigma_x``)
                          r"|(?:alpha|beta|gamma|delta|epsilon|zeta|eta|theta|kappa|lambda|mu|nu|xi|rho|sigma|"
                          r"tau|phi|chi|psi|omega)_[A-Za-z0-9]{1,3}$")
# the name of a naming style (``snake_case``, ``camelCase``, ``SCREAMING_SNAKE_CASE``), not of code
_NAMING_STYLE = re.compile(r"(?:screaming_snake|snake|camel|pascal|kebab|upper|lower|title|train|constant|"
                           r"flat|mixed)_?case$", re.I)


def _a_name_the_doc_gives(ctx: JudgeContext, seg: Segment, m: Mention) -> bool:
    """Whether mention ``m`` is a name the doc gives itself, not one the code must have: a
    shorthand of an import, a word of the function's own name, a value or placeholder of the
    doc's own, an example of a kind of name, a string in quotes."""
    if "." in m.name and shorthand_of_an_import(ctx, m.name):
        return True  # "Like urllib.urljoin" where the file imports ``urljoin`` from ``urllib.parse``
    if m.strength != MARKED and "." not in m.name and len(m.name) >= 4 and m.name[0].isupper() \
            and ctx.entity is not None and m.name in ctx.entity.name:
        return True  # "get TypeString" of ``_getCSSPrimitiveTypeString``: a word of its own name
    if m.name in tuple_names(ctx) or m.name in doc_placeholders(ctx):
        return True  # "a ``(low, high)`` tuple", ``clip[t_start:t_end]``: the doc names values of its own
    if m.strength != MARKED and _MATH_SYMBOL.match(m.name):
        return True  # "Gamma_vecs(g) J = J Gamma_ref(g)": a symbol of the doc's mathematics
    if "." not in m.name and EXAMPLE_LIST.search(seg.text, 0, m.start):
        return True  # "handlers such as ``on_connect``, ``on_disconnect``": names of a kind, the user's own
    if 0 < m.start and m.end < len(seg.text) and seg.text[m.start - 1] in "\"'" \
            and seg.text[m.end] == seg.text[m.start - 1]:
        return True  # "pkg.allowed_origins" in quotes: a string (a settings key, a logger's name)
    return False


_DOTTED_STRING = re.compile(r"[\"']([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+)[\"']")


def _defined_by_subclasses(ctx: JudgeContext, m: Mention) -> bool:
    """Whether dotted mention ``m`` names a member its project class lacks but subclasses define
    (``PredictionEnsemble.verify()``: every subclass defines it, the base only calls it); asked
    only of names about to be reported, as it reads the subclasses' code."""
    if "." not in m.name:
        return False
    owner_name, _, last = m.name.rpartition(".")
    owner = only_project_class(ctx, owner_name.rsplit(".", 1)[-1])
    return owner is not None and not any(x.rsplit(".", 1)[-1] == last for x in owner.members) \
        and world.subclass_defines(ctx, owner, last)


def _spelled_as_a_string(ctx: JudgeContext, m: Mention, suggestion: str | None = None) -> bool:
    """Whether the missing name ``m`` is a string the project's code spells: a dotted one
    (``tweet.fields``: a query parameter of a web API) or a word of a one-line string literal
    (``"ModelTiepointTag carries ..."`` in an error message: a term of a file format), asked only
    of names about to be reported. A near miss of the ``suggestion`` (one or two letters off, or
    its start: ``len_seg`` for ``len_segment``) is a stale or misspelt name even where an old
    error message still spells it."""
    if "." in m.name and m.name.islower():
        return m.name in _dotted_strings(ctx)
    if "." in m.name or not m.name.isidentifier():
        return False
    near = suggestion.rsplit(".", 1)[-1] if suggestion else None
    if near is not None and (near.startswith(m.name) or osa_distance(m.name, near, 2) <= 2):
        return False
    key = ("word-in-strings", m.name)
    got = ctx.run_cache.get(key)
    if got is None:
        ctx.reads_every_word()
        quoted = re.compile(rf"(?<![\"'\w])[rRbBfFuU]{{0,2}}([\"'])(?!\1)[^\"'\n]*?(?<![\w.]){re.escape(m.name)}"
                            rf"(?!\w)[^\"'\n]*\1(?!\1)")
        got = ctx.run_cache[key] = any(m.name in fi.text and quoted.search(fi.text) is not None
                                       for fi in ctx.graph.files() if fi.language == "python")
    return cast("bool", got)


def _beside_another_library(ctx: JudgeContext, text: str, m: Mention, mentions: Sequence[Mention]) -> bool:
    """Whether mention ``m`` is listed right beside a name of a library outside the project
    (``xr.open_dataset`` / ``open_mfdataset``, where ``xr`` is an import): a bare name there may
    be that library's, whose names docfact does not list."""
    for other in mentions:
        head = other.name.split(".")[0]
        between = text[other.end:m.start] if other.end <= m.start else text[m.end:other.start]
        if "." in other.name and _LISTED_WITH.fullmatch(between) and ctx.is_known(head) \
                and not project_head(ctx, other.name) and imported_from_outside(ctx, head):
            return True
    return False


# what separates two names listed together: "``xr.open_dataset`` / ``open_mfdataset``"
_LISTED_WITH = re.compile(r"[`'\s()]*(?:/|,|\bor\b|\band\b)[`'\s]*")


def _dotted_strings(ctx: JudgeContext) -> frozenset[str]:
    """The dotted lower-case strings the project's code spells (``"tweet.fields"``, a setting's
    key), once per run."""
    key = ("dotted-strings",)
    got = ctx.run_cache.get(key)
    if got is None:
        ctx.reads_every_word()
        got = ctx.run_cache[key] = frozenset(s for fi in ctx.graph.files() for s in _DOTTED_STRING.findall(fi.text))
    return cast("frozenset[str]", got)


def _missing_name(ctx: JudgeContext, seg: Segment, m: Mention, strict_place: bool) -> tuple[str | None] | None:
    """For mention ``m``, a name that resolves nowhere, the near name it misspells (in a tuple,
    None inside when there is none) when the docs are held to it (``strict_place``: the doc of a
    function, method or class) or it misspells a near name; None when it is not reported."""
    last = m.name.split(".")[-1]
    if len(last) < 2 or PLACEHOLDER_NAME.search(last):
        return None  # ``SomeVisitor()``, ``_add_x()``: a stand-in for the reader's or any name
    in_project = "." in m.name and project_head(ctx, m.name)
    if _unprovable(ctx, seg, m, last, in_project):
        return None
    marked = _proven_missing(ctx, seg, m, last, in_project)
    if len(last) < 4 and not marked:
        return None
    suggestion = _near_name(ctx, m, last)
    if suggestion is not None and (_not_a_slip(ctx, last, suggestion) or (
            m.strength != MARKED and last.replace("_", "") == suggestion.replace("_", "")
            and re.search(r"\b(?:a|an)\s+$", seg.text[max(0, m.start - 4):m.start]))):
        suggestion = None  # (in plain prose "is a context_manager" is English for ``contextmanager``)
    if suggestion is not None and m.strength != MARKED and len(suggestion) > len(last) and suggestion.startswith(last) \
            and suggestion[len(last)].isupper():
        suggestion = None  # "A MonitoredItem is deleted" beside the class ``MonitoredItemId``: the concept it names
    if suggestion is not None and "." not in m.name and world.open_sibling_member(ctx, last, suggestion):
        return None  # ``connectivity()`` beside ``connectivity_local()`` in a class whose compiled base may define it
    # "analogous to other backends' ``_nodb_connection``" in ``_maindb_connection``'s doc: a
    # stale name, but the near name the sentence sets the code beside is not the one meant
    near_self = suggestion is not None and ctx.entity is not None and suggestion == ctx.entity.name \
        and COMPARES.search(seg.text) is not None
    if near_self:
        suggestion = None
    claimed = suggestion is None and strict_place and m.strength == MARKED and "." not in m.name \
        and identifier_shaped(m.name) and claims_use(seg.text, m) and not unreadable_imports(ctx) \
        and ctx.entity is not None and world.behaviour_closed(ctx, ctx.entity)
    if not (marked and strict_place) and suggestion is None and not claimed and not near_self:
        return None
    if suggestion is None and "." in m.name and world.doc_convention(ctx, m.name):
        return None  # ``pkg.text`` as a type across the package: a stand-in its manual defines
    if "." in m.name and method_of_a_class_there(ctx, m.name):
        return None  # ``pkg.paragraph.set_mark()`` for the method of that module's ``Paragraph``
    if suggestion is not None and not m.is_call and in_value_list(seg.text, m):
        return None  # "one of ``restarting``, ``paused``, ``exited``": values, not names
    if _spelled_as_a_string(ctx, m, suggestion) or _defined_by_subclasses(ctx, m):
        return None  # (asked last: both read far, the project's strings or the subclasses' code)
    return (suggestion,)


def _unprovable(ctx: JudgeContext, seg: Segment, m: Mention, last: str, in_project: bool) -> bool:
    """Whether nothing can prove that mention ``m`` (last name ``last``; ``in_project``: its head
    is a project class or module) is missing: a namespaced settings key, a dotted name outside
    the project, a module that star-imports what docfact cannot read, loose prose."""
    if in_project and m.name.split(".")[0] == ctx.file.module.split(".")[0] and last in ctx.scope_names \
            and not any(e.kind in ("class", "function", "method", "module") for e in ctx.graph.entities_named(last)):
        return True  # ``pkg.allowed_origins`` for the code's ``allowed_origins``: a namespaced settings key
    if "." in m.name and not in_project:
        # an unknown dotted name outside the project (``urllib2.Request``) cannot be proven
        if not ctx.is_known(m.name.split(".")[0]):
            return True
    elif in_project and opaque_owner(ctx, m.name):
        return True  # its module star-imports what docfact cannot read: any name may be there
    if ctx.doc.kind == "comment" and (m.strength != MARKED and not m.is_call):
        return True  # comments are loose prose: only marked names are held to the code
    if m.strength != MARKED and not m.is_call and OUTSIDE_THING.match(seg.text, m.end):
        return True  # "the image_description tag": a format's tag, field or setting, named in prose
    return False


def _proven_missing(ctx: JudgeContext, seg: Segment, m: Mention, last: str, in_project: bool) -> bool:
    """Whether mention ``m`` is a dotted name written as code whose known owner lacks its last
    name ``last`` (``in_project``: its head is a project class or module)."""
    # Without a near miss of a real name, only a dotted name whose owner is known (a project
    # class or module, or an installed module read statically) proves anything: plain
    # backticked words are as often values, placeholders, example classes (``Restaurant``)
    # or names in other libraries.
    # a dotted name that starts with the file's own package is code however it is written
    # (unmarked, only when the last name exists nowhere: "a list of dask.DataFrames" is
    # shorthand for a class that lives elsewhere in the package; or, after "See", when it is
    # only a local or a variable: "See statsmodels.rlm" points at a module that is not there)
    own_package = m.name.split(".")[0] == ctx.file.module.split(".")[0] and (
        m.strength == MARKED or not ctx.is_known(last) or no_such_owner(ctx, m.name)
        or not any(ctx.graph.entities_named(v) for v in variants(last))
        or (SEE_BEFORE.search(seg.text, 0, m.start) is not None
            and not any(e.kind in ("class", "function", "method", "module")
                        for v in variants(last) for e in ctx.graph.entities_named(v))))
    return (m.strength == MARKED or own_package) and "." in m.name \
        and proven_missing_member(ctx, m.name, in_project)


def _near_name(ctx: JudgeContext, m: Mention, last: str) -> str | None:
    """The real name that ``last``, the last name of mention ``m``, may misspell: in scope, in the
    project for a marked name, a project class for a CamelCase word, a name written another way."""
    suggestion = ctx.suggest(last, cutoff=0.88)
    if suggestion is None and m.strength == MARKED:
        # a marked name may mean anything in the project: ``Respone`` for the class Response
        suggestion = ctx.suggest_in_project(last, cutoff=0.88)
    elif suggestion is None and "." not in m.name and len(last) >= 8 \
            and (TWO_HUMPS.match(last) or ACRONYM_HUMPS.match(last)):
        # an unmarked CamelCase word one edit from a project class ("a PHregResults instance",
        # "returns TreatmentEffectsResults"): a class name misspelled, not English
        suggestion = project_class_slip(ctx, last)
    if suggestion is None and "." not in m.name and (m.strength == MARKED or last.startswith("_")) \
            and not ctx.is_known(last):
        suggestion = relative_in_scope(ctx, last)  # (unmarked words are as often English)
    return suggestion


def _not_a_slip(ctx: JudgeContext, last: str, suggestion: str) -> bool:
    """Whether ``last`` is not a slip of the near name ``suggestion`` after all: a numbered
    family, an English form or another English word, a sibling in another library, the same
    name in another case or case style."""
    if family_notation(last, suggestion):
        return True  # ``GL_COLOR_ATTACHMENTi`` beside ``GL_COLOR_ATTACHMENT0``: the family, numbered i
    if ts_judging.inflected(last, suggestion):
        return True  # "is `closed`" beside ``close``, "refCounted" beside ``refCount``: an English form of it
    if re.fullmatch(r"[a-z]+", last) and osa_distance(last, suggestion, 1) > 1:
        return True  # ``attributive`` beside ``attribute``: another English word, not a typo
    if external_attribute(ctx, suggestion) or (
            imported_from_outside(ctx, suggestion) and osa_distance(last, suggestion, 1) > 1):
        return True  # ``getch`` beside ``msvcrt.getwch``: a sibling we cannot see
    # a difference of case only is more often prose than a rename, and ``filterText``
    # beside ``filter_text`` is the same field as spelled on the wire (JSON, a protocol)
    return (suggestion.lower() == last.lower() and not class_case_slip(ctx, last, suggestion)) \
        or same_in_other_case_style(last, suggestion)


def _unknown_name_finding(ctx: JudgeContext, seg: Segment, m: Mention, suggestion: str | None) -> Finding:
    """The finding for a name that exists nowhere, with a fix when a near name was found."""
    msg = f"`{m.name}` does not exist in the code, its direct dependencies or the project"
    fix = None
    if suggestion:
        last = m.name.split(".")[-1]
        msg += f"; did you mean `{suggestion}`?"
        new = m.name[: len(m.name) - len(last)] + suggestion
        fix = ctx.fix_replace(seg, m.start, m.end, new, f"Replace `{m.name}` with `{new}`")
    return ctx.finding(seg, UNKNOWN_NAME, msg,
                       evidence=ctx.evidence_of(ctx.entity, "names available to this code", scope_excerpt(ctx)),
                       fix=fix)


# a code span that sets a name to a value: ``mode='fast'``, `solver="lbfgs"`
_VALUE_SPAN = re.compile(r"(?<!`)(`{1,2})([A-Za-z_]\w*)[ \t]*=(?!=)[ \t]*[^`\s][^`]*\1(?!`)")


def _value_span_slips(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A code span that passes a value to a name (``moed='fast'``) whose name is a slip of one
    of the documented function's own parameters and exists nowhere else: the name part is a
    parameter reference. Silent when the function takes ``**kwargs`` (the name may be a key it
    forwards) or the doc speaks of history."""
    from docfact.judges.param_signatures import documented_params

    e = ctx.entity
    if e is None or e.kind not in ("function", "method", "class") or not ctx.is_python \
            or ctx.doc.kind == "comment" or HISTORY.search(seg.text):
        return
    params = [p for p in (documented_params(ctx) or []) if p not in ("self", "cls")]
    if not params or any(p.kind == "kwarg" for p in e.params):
        return
    if e.kind == "class" and any(p.kind == "kwarg" for m in ("__init__", "__new__")
                                 if (init := ctx.file.entity(f"{e.local_name}.{m}")) is not None
                                 for p in init.params):
        return
    for m in _VALUE_SPAN.finditer(seg.text):
        name = m.group(2)
        if name in params or ctx.is_known(name):
            continue
        real = typo_of(name, params)
        if real is None:
            continue
        start, end = m.span(2)
        yield ctx.finding(seg, UNKNOWN_NAME,
                          f"`{name}` is not a parameter of `{e.name}`; did you mean `{real}`?",
                          evidence=ctx.evidence_of(e, "the signature", e.signature or None),
                          fix=ctx.fix_replace(seg, start, end, real, f"Replace `{name}` with `{real}`"))
        return


CHECKS: tuple[Check, ...] = (
    Check(UNKNOWN_PARAM, unknown_param, where="not-ts"),
    Check(UNKNOWN_ATTRIBUTE, unknown_attribute),
    Check(WRONG_SUBJECT, wrong_subject),
    Check(UNKNOWN_NAME, unknown_name, where="not-ts"),
)
