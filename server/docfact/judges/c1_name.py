"""C1, name inconsistency: names in the docs that are not the names the code uses."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from docfact.judges import world
from docfact.judges.attribute_lists import shown_attributes
from docfact.judges.base import JudgeContext, _variants, name_words, osa_distance
from docfact.judges.c1_attributes import never_set_in_file, prose_attribute, slip_of_set_attribute
from docfact.judges.c1_params import _typo_of, prose_parameter_claims, unknown_param
from docfact.judges.example_project import package_alias, through_package
from docfact.judges.gates import Gated
from docfact.judges.member_lookup import (
    class_attributes,
    known_class_attributes,
    opaque_owner,
    proven_missing_member,
)
from docfact.judges.mentions import (
    FILEISH,
    MARKED,
    PLACEHOLDER_NAME,
    Mention,
    find_mentions,
    is_constant_like,
)
from docfact.judges.name_lookup import (
    external_attribute,
    imported_from_outside,
    no_such_owner,
    project_head,
    resolves,
)
from docfact.judges.name_relatives import relation, relative
from docfact.judges.rule import Check
from docfact.judges.rules.c1_names import (
    UNKNOWN_ATTRIBUTE,
    UNKNOWN_NAME,
    UNKNOWN_PARAM,
    WRONG_SUBJECT,
)
from docfact.lang.python.builtins import STDLIB_MODULES
from docfact.lang.typescript import judging as ts_judging
from docfact.model import Entity, Finding, Segment


def _field_name_span(seg: Segment) -> tuple[int, int] | None:
    item = seg.field
    if item is None or item.name_span is None:
        return None
    return item.name_span[0] - seg.start, item.name_span[1] - seg.start


def _an_interface(ctx: JudgeContext, cls: Entity) -> bool:
    """Whether ``cls`` only describes an interface: it has methods and every one is a stub
    (``pass``, ``...``, a docstring alone, ``raise NotImplementedError``)."""
    methods = [m for m in (ctx.graph.entity(f"{cls.module}.{q}") for q in cls.members)
               if m is not None and m.kind == "method"]
    return bool(methods) and all(m.is_abstract for m in methods)


def unknown_attribute(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    item = seg.field
    cls = ctx.entity
    if item is None or item.section != "attribute" or not item.name or cls is None or cls.kind != "class":
        yield from prose_attribute(ctx, seg)
        return
    name = item.name.strip().lstrip("*")
    if not re.fullmatch(r"[A-Za-z_]\w*", name) or name in ("None", "none"):
        return  # a NumPy "Attributes" section saying "None"
    if _an_interface(ctx, cls):
        return  # every method a stub: the attributes it lists are what implementations provide
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
        suggestion = None if name in shown or ctx.is_known(name) else _typo_of(name, sorted(shown))
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
        suggestion = _typo_of(name, sorted(names))
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


# a sentence about a name that does not exist on purpose
_HYPOTHETICAL = Gated(re.compile(
    r"\b(?:could|would|might)\s+(?:also\s+|easily\s+)?be\s+(?:implemented|added|written|created|provided|introduced)\b"
    r"|\b(?:does|do)\s+not\s+(?:yet\s+)?exist\b|\bdoesn't\s+(?:yet\s+)?exist\b|\bnot\s+yet\s+(?:implemented|available|written)\b"
    r"|\bhypothetical\b|\bimaginary\b",
    re.I,
), ("could", "would", "might", "exist", "yet", "hypothetical", "imaginary"))

_SHAPE_TUPLE = re.compile(r"\bshape\s*[=:]?\s*(\([^)]*\)|\[[^\]]*\])", re.I)
# a name of another language or tool right before a name: "the R ``diffinv`` function"
_OTHER_LANGUAGE = re.compile(r"\b(?:R|MATLAB|Matlab|Octave|Julia|Stata|SAS|SPSS|Excel|Fortran|Mathematica|Maple|"
                             r"Perl|Ruby|Java|JavaScript|C\+\+|C#|Go|Rust|Haskell|SQL|Bash)\s+[`*:\w]*$")
# "see op_kernel_driver_active() in libusb/os/linux_usbfs.c": a name in a file of another language
_FOREIGN_FILE_AFTER = re.compile(r"(?:\(\))?`*\s+(?:in|from|of)\s+[\w./-]{0,200}\.(?:c|h|cc|cpp|cxx|hpp|hh|m|mm|java|"
                                 r"js|ts|go|rs|rb|swift|kt|cs|f90|f|pyx|pxd)\b")
# a grammar in the doc (BNF/EBNF: "Page : PAGE_SYM S* IDENT? pseudo_page? S* ;"): its rule
# names are symbols of the grammar, not of the code
_GRAMMAR_LINE = re.compile(r"::=|^[ \t]*[:|][ \t]+[^\n]{0,80}?\b[A-Z_]{2,}[*?+]?[ \t]", re.M)

_HISTORY = Gated(re.compile(
    r"\b(?:renamed?|(?:was|were|been|now)\s+removed|removed\s+(?:in|since)\s+(?:v(?:ersion)?\s*)?\d|deprecated|"
    r"formerly|previously|no\s+longer|instead\s+of|\buse\b[^.;]*\binstead|"
    # "it used to return", "``x`` used to be": not "the procedure used to find" (a participle)
    r"(?:(?:it|this|they|which|who|that)\s+|`+\s*)used\s+to|used\s+to\s+(?:be|exist|live|have|default)\b|"
    r"older\s+versions?|legacy|backwards?[-\s]compat\w*|was\s+(?:called|named)|"
    r"versionchanged|seealso|see\s+also|"
    # a version-history note: "New in version 2.0:", "Changed in 1.3", "Version 2.0: removed ..."
    r"(?:new|changed|added)\s+in\s+(?:version\s+)?v?\d|version\s+v?\d[\w.]*\s*:)",
    re.I,
), ("rename", "removed", "deprecated", "formerly", "previously", "longer", "instead", "used", "older", "legacy",
    "backward", "called", "named", "versionchanged", "see", "version", "in"))
# a sentence about spelling: "the misspelling in the name (`FileToLarge`, not `FileTooLarge`)"
_SPELLING = Gated(re.compile(r"\b(?:misspel\w*|typos?|spelling|spelt|spelled)\b", re.I), ("spel", "typo"))


def _shorthand_of_an_import(ctx: JudgeContext, dotted: str) -> bool:
    """Whether ``pkg.name`` shortens a name the file imports from a submodule of ``pkg`` (the
    doc's pkg.join where the file has ``from pkg.paths import join``)."""
    head, last = dotted.split(".", 1)[0], dotted.rsplit(".", 1)[-1]
    bound, _ = ctx.graph.imports_of(ctx.file.path)
    imp = bound.get(last)
    return imp is not None and imp.level == 0 and imp.name == last and imp.module.startswith(head + ".")


def unknown_name(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """Names marked as code that exist nowhere; elsewhere only near misses of real names.

    In the docstring of a function, method or class a name marked as code (backticks, a role,
    ``{@link}``, ``name()``) that exists nowhere is reported. In module docstrings and
    comments, and for names only *shaped* like code, docfact speaks only when the name is a
    near miss of a name in scope (a typo or a rename): those texts often cite examples.
    """
    if "=" in seg.text and "`" in seg.text:
        yield from _value_span_slips(ctx, seg)
    yield from prose_parameter_claims(ctx, seg)
    mentions = find_mentions(seg.text)
    if not mentions or _HISTORY.search(seg.text) or _SPELLING.search(seg.text):
        return  # "renamed from ``x``", "use ``y`` instead of ``x``", "a typo of": old or other names are the point
    if _HYPOTHETICAL.search(seg.text):
        return  # "a ``_DirPkgWriter`` could be implemented": a name that does not exist on purpose
    skip = _field_name_span(seg)
    strict_place = ctx.entity is not None and ctx.entity.kind in ("function", "method", "class") \
        and ctx.doc.kind != "comment"
    seen: set[tuple[str, str]] = set()
    resolved: set[str] = set()
    shapes = [mm.span(1) for mm in _SHAPE_TUPLE.finditer(seg.text)]
    for m in mentions:
        if skip and m.start < skip[1] and skip[0] < m.end:
            continue
        if (m.name, m.strength) in seen or m.name in resolved or is_constant_like(m.name.split(".")[-1]) or FILEISH.search(m.name):
            continue  # ``settings.py`` is a file name
        if seg.text.strip().strip("`:") == m.name:
            continue  # a bare name on its own line: a NumPy "Returns" entry, a heading
        if any(a <= m.start < b for a, b in shapes):
            continue  # "of shape (n_samples, image_height)": dimensions, not names
        if seg.text[m.end:m.end + 1] == "-" and seg.text[m.end + 1:m.end + 2].isalnum():
            continue  # "a Mermaid stateDiagram-v2 string": part of a hyphenated word
        if _OTHER_LANGUAGE.search(seg.text, 0, m.start) or _FOREIGN_FILE_AFTER.match(seg.text, m.end):
            continue  # "the R ``diffinv`` function", "f() in linux_usbfs.c": a name in another language
        if m.strength != MARKED and seg.text[m.end:m.end + 1] in ("?", "*", "+") and _GRAMMAR_LINE.search(ctx.doc.text):
            continue  # ``pseudo_page?`` in a grammar the doc quotes
        if "." in m.name and _shorthand_of_an_import(ctx, m.name):
            continue  # "Like urllib.urljoin" where the file imports ``urljoin`` from ``urllib.parse``
        if m.strength != MARKED and "." not in m.name and len(m.name) >= 4 and m.name[0].isupper() \
                and ctx.entity is not None and m.name in ctx.entity.name:
            continue  # "get TypeString" of ``_getCSSPrimitiveTypeString``: a word of its own name
        if m.name in _tuple_names(ctx) or m.name in _doc_placeholders(ctx):
            continue  # "a ``(low, high)`` tuple", ``clip[t_start:t_end]``: the doc names values of its own
        if "." not in m.name and _EXAMPLE_LIST.search(seg.text, 0, m.start):
            continue  # "handlers such as ``on_connect``, ``on_disconnect``": names of a kind, the user's own
        if 0 < m.start and m.end < len(seg.text) and seg.text[m.start - 1] in "\"'" \
                and seg.text[m.end] == seg.text[m.start - 1]:
            continue  # "pkg.allowed_origins" in quotes: a string (a settings key, a logger's name)
        seen.add((m.name, m.strength))  # a missing name written plainly, then marked, is read twice
        gone = _gone_through_package(ctx, m, strict_place)
        if gone is not None:
            yield _unknown_name_finding(ctx, seg, m, gone)
            continue
        private = _private_member_nowhere(ctx, m)
        if private is not None:
            yield _unknown_name_finding(ctx, seg, m, private or None)
            continue
        if resolves(ctx, m) or (m.name.endswith("s") and len(m.name) > 4
                                and resolves(ctx, dataclasses.replace(m, name=m.name[:-1]))):
            resolved.add(m.name)
            continue  # (``typing.Unions``: the English plural of a real name)
        last = m.name.split(".")[-1]
        if len(last) < 2 or PLACEHOLDER_NAME.search(last):
            continue  # ``SomeVisitor()``, ``_add_x()``: a stand-in for the reader's or any name
        in_project = "." in m.name and project_head(ctx, m.name)
        if in_project and m.name.split(".")[0] == ctx.file.module.split(".")[0] and last in ctx.scope_names \
                and not any(e.kind in ("class", "function", "method", "module") for e in ctx.graph.entities_named(last)):
            continue  # ``pkg.allowed_origins`` for the code's ``allowed_origins``: a namespaced settings key
        if "." in m.name and not in_project:
            # an unknown dotted name outside the project (``urllib2.Request``) cannot be proven
            if not ctx.is_known(m.name.split(".")[0]):
                continue
        elif in_project and opaque_owner(ctx, m.name):
            continue  # its module star-imports what docfact cannot read: any name may be there
        if ctx.doc.kind == "comment" and (m.strength != MARKED and not m.is_call):
            continue  # comments are loose prose: only marked names are held to the code
        if m.strength != MARKED and not m.is_call and _OUTSIDE_THING.match(seg.text, m.end):
            continue  # "the image_description tag": a format's tag, field or setting, named in prose
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
            or not any(ctx.graph.entities_named(v) for v in _variants(last))
            or (_SEE_BEFORE.search(seg.text, 0, m.start) is not None
                and not any(e.kind in ("class", "function", "method", "module")
                            for v in _variants(last) for e in ctx.graph.entities_named(v))))
        marked = (m.strength == MARKED or own_package) and "." in m.name \
            and proven_missing_member(ctx, m.name, in_project)
        if len(last) < 4 and not marked:
            continue
        suggestion = ctx.suggest(last, cutoff=0.88)
        if suggestion is None and m.strength == MARKED:
            # a marked name may mean anything in the project: ``Respone`` for the class Response
            suggestion = ctx.suggest_in_project(last, cutoff=0.88)
        elif suggestion is None and "." not in m.name and len(last) >= 8 and _TWO_HUMPS.match(last):
            # an unmarked CamelCase word one edit from a project class ("a PHregResults instance",
            # "returns TreatmentEffectsResults"): a class name misspelled, not English
            suggestion = _project_class_slip(ctx, last)
        if suggestion is None and "." not in m.name and (m.strength == MARKED or last.startswith("_")) \
                and not ctx.is_known(last):
            suggestion = _relative_in_scope(ctx, last)  # (unmarked words are as often English)
        if suggestion is not None and _family_notation(last, suggestion):
            suggestion = None  # ``GL_COLOR_ATTACHMENTi`` beside ``GL_COLOR_ATTACHMENT0``: the family, numbered i
        if suggestion is not None and ts_judging.inflected(last, suggestion):
            suggestion = None  # "is `closed`" beside ``close``, "refCounted" beside ``refCount``: an English form of it
        if suggestion is not None and re.fullmatch(r"[a-z]+", last) and osa_distance(last, suggestion, 1) > 1:
            suggestion = None  # ``attributive`` beside ``attribute``: another English word, not a typo
        if suggestion is not None and (external_attribute(ctx, suggestion) or (
                imported_from_outside(ctx, suggestion) and osa_distance(last, suggestion, 1) > 1)):
            suggestion = None  # ``getch`` beside ``msvcrt.getwch``: a sibling we cannot see
        if suggestion is not None and ((suggestion.lower() == last.lower() and not _class_case_slip(ctx, last, suggestion))
                                       or _same_in_other_case_style(last, suggestion)):
            # a difference of case only is more often prose than a rename, and ``filterText``
            # beside ``filter_text`` is the same field as spelled on the wire (JSON, a protocol)
            suggestion = None
        # "analogous to other backends' ``_nodb_connection``" in ``_maindb_connection``'s doc: a
        # stale name, but the near name the sentence sets the code beside is not the one meant
        near_self = suggestion is not None and ctx.entity is not None and suggestion == ctx.entity.name \
            and _COMPARES.search(seg.text) is not None
        if near_self:
            suggestion = None
        claimed = suggestion is None and strict_place and m.strength == MARKED and "." not in m.name \
            and _identifier_shaped(m.name) and _claims_use(seg.text, m) and not _unreadable_imports(ctx) \
            and ctx.entity is not None and world.behaviour_closed(ctx, ctx.entity)
        if not (marked and strict_place) and suggestion is None and not claimed and not near_self:
            continue
        if suggestion is None and "." in m.name and world.doc_convention(ctx, m.name):
            continue  # ``pkg.text`` as a type across the package: a stand-in its manual defines
        if suggestion is not None and not m.is_call and _in_value_list(seg.text, m):
            continue  # "one of ``restarting``, ``paused``, ``exited``": values, not names
        yield _unknown_name_finding(ctx, seg, m, suggestion)


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
                       evidence=ctx.evidence_of(ctx.entity, "names available to this code", _scope_excerpt(ctx)),
                       fix=fix)


_IMPORT_LINE_HEAD = re.compile(r"^[ \t]*(?:from|import)[ \t]+([A-Za-z_]\w*)", re.M)


def _private_member_nowhere(ctx: JudgeContext, m: Mention) -> str | None:
    """A private attribute marked as code on a receiver docfact cannot type (a parent's ``_table``
    read through a chain of parents), where no code of the project defines or uses that name (a
    private name is the project's own, not another library's): its public spelling when the
    project has one (``table``), else "";
    None when the name may exist. Held to the docs of functions, methods and classes."""
    parts = m.name.split(".")
    last = parts[-1]
    if m.strength != MARKED or len(parts) != 2 or not last.startswith("_") or last.startswith("__") \
            or len(last) < 4 or ctx.doc.kind == "comment" or ctx.entity is None \
            or ctx.entity.kind not in ("function", "method", "class"):
        return None
    if ctx.is_known(last) or ctx.graph.entities_named(last) or _has_unreadable_imports(ctx):
        return None
    head = parts[0]
    if head in _imported_heads(ctx) or any(imp.bound_name == head for imp in ctx.file.imports):
        return None  # a module or a class of another library: its private names are its own
    public = last.lstrip("_")
    return public if ctx.graph.entities_named(public) else ""


def _imported_heads(ctx: JudgeContext) -> frozenset[str]:
    """The top names of every ``import``/``from`` line in the file, nested ones included (read
    once per file)."""
    got = ctx.file_cache.get("imported-heads")
    if got is None:
        got = ctx.file_cache["imported-heads"] = frozenset(_IMPORT_LINE_HEAD.findall(ctx.file.text))
    return got


def _gone_through_package(ctx: JudgeContext, m: Mention, strict_place: bool) -> str | None:
    """A dotted name written from the project's import alias of its own package or a
    subpackage's short name (``helpers.old_builder`` for ``pkg.helpers``) that the module it
    leads to does not bind, that module being closed (:func:`example_project.through_package`):
    the near name there ("" when none). None when it may exist or docfact cannot tell. Held to
    the docs of functions, methods and classes; elsewhere only with a near name."""
    if "." not in m.name or m.explicit or ctx.doc.kind == "comment" or project_head(ctx, m.name):
        return None  # (roles are C1.unknown-reference's)
    if m.strength != MARKED and not (m.is_call or "_" in m.name.split(".")[-1]):
        return None  # an unmarked dotted word is only code when shaped like an identifier
    head, e = m.name.split(".")[0], ctx.entity
    if head in ctx.params or (e is not None and (head in e.locals or head in e.assigns or head in e.attributes)):
        return None  # ``config.timeout`` of a parameter named like a submodule
    imports = ctx.file.imports
    if any(not imp.level and imp.module.split(".")[0] == head for imp in imports) or head in _imported_heads(ctx):
        # ``pandas.to_datetime`` in a file that imports pandas (at the top or in a function),
        # beside a compat module ``pandas`` or a wrapper module named after the library
        return None
    # the file imports from that submodule, or the project aliases its package so: else a word
    # like ``results.params`` is as often an object of the reader's as a module path
    if not (any(imp.module.rsplit(".", 1)[-1] == head for imp in imports) or package_alias(ctx, head)):
        return None
    got = through_package(ctx, m.name)
    if got is None or not got[0]:
        return None
    near = got[1].rsplit(".", 1)[-1] if got[1] else ""
    return near if (strict_place or near) else None


# a code span that sets a name to a value: ``mode='fast'``, `solver="lbfgs"`
_VALUE_SPAN = re.compile(r"(?<!`)(`{1,2})([A-Za-z_]\w*)[ \t]*=(?!=)[ \t]*[^`\s][^`]*\1(?!`)")


def _value_span_slips(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A code span that passes a value to a name (``moed='fast'``) whose name is a slip of one
    of the documented function's own parameters and exists nowhere else: the name part is a
    parameter reference. Silent when the function takes ``**kwargs`` (the name may be a key it
    forwards) or the doc speaks of history."""
    from docfact.judges.c1_params import documented_params

    e = ctx.entity
    if e is None or e.kind not in ("function", "method", "class") or not ctx.is_python \
            or ctx.doc.kind == "comment" or _HISTORY.search(seg.text):
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
        real = _typo_of(name, params)
        if real is None:
            continue
        start, end = m.span(2)
        yield ctx.finding(seg, UNKNOWN_NAME,
                          f"`{name}` is not a parameter of `{e.name}`; did you mean `{real}`?",
                          evidence=ctx.evidence_of(e, "the signature", e.signature or None),
                          fix=ctx.fix_replace(seg, start, end, real, f"Replace `{name}` with `{real}`"))
        return


# a sentence that sets the documented code beside something else: a near name there is not its own
_COMPARES = re.compile(r"\b(?:analogous|similar|simil[ae]rly|like|unlike|other|others|counterpart|equivalent|"
                       r"same\s+as|mirrors?|corresponds?)\b", re.I)


def _relative_in_scope(ctx: JudgeContext, name: str) -> str | None:
    """The one name in scope, one hop away or on the documented class and its project bases that
    ``name`` writes another way: a word abbreviated or derived, the words in another order or
    run together; a private name (``_wtd_modif_newton``) may also have one word too many or
    too few beside a private name, as no other package's name is private to this one."""
    pool = ctx._near_pool
    cls = ctx.owner_class
    if cls is not None:
        pool = pool | (shown_attributes(ctx, cls) or frozenset())
    private = name.startswith("_") and not name.startswith("__")
    got = relative(name, pool, extension=private)
    if got is None or got[1] == "typo":
        return None
    if got[1] == "extension" and (not got[0].startswith("_") or _placeholder(ctx, name)):
        return None
    return got[0]


def _family_notation(written: str, real: str) -> bool:
    """Whether ``written`` stands for a numbered family ``real`` belongs to: its number replaced
    by an index letter (``ATTACHMENTi``, ``xn``, ``sensor_k`` for ``ATTACHMENT0``, ``x1``)."""
    stem = real.rstrip("0123456789")
    return stem != real and len(written) == len(stem) + 1 and written.startswith(stem) \
        and written[-1] in "ijknmxNMKX"


# a code span spelling a tuple of names: ``(min_length, max_length)``
_TUPLE_SPAN = re.compile(r"(?<!`)`{1,2}\(\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+)\s*,?\s*\)`{1,2}(?!`)")


def _tuple_names(ctx: JudgeContext) -> frozenset[str]:
    """The names the doc gives the parts of a tuple it describes (once per doc)."""
    key = ("tuple-names", id(ctx.doc))
    got = ctx.memo.get(key)
    if got is None:
        text = ctx.doc.text
        got = ctx.memo[key] = frozenset(
            n.strip() for m in _TUPLE_SPAN.finditer(text) for n in m.group(1).split(",")) if "(" in text else frozenset()
    return got


# names a sentence lists as examples of a kind: "such as ``on_connect``, ``on_disconnect``"
_EXAMPLE_LIST = re.compile(r"\b(?:such\s+as|e\.g\.|for\s+example|for\s+instance)\s*[:,]?\s*"
                           r"(?:[`*]*[\w.]+(?:\(\))?[`*]*\s*,\s*)*[`*]*$", re.I)
# a code span (those with brackets are expressions: ``clip[t_start:t_end]``, ``f(a, b)``); the
# bracket is looked for in the span's text, not by the pattern, which would make it quadratic
_CODE_SPAN = re.compile(r"(?<!`)`{1,2}([^`\n]+)`{1,2}(?!`)")
_ARGUMENT = re.compile(r"(?<![\w.])([A-Za-z_]\w*)(?=\s*[,:)\]])")


def _doc_placeholders(ctx: JudgeContext) -> frozenset[str]:
    """The names a doc's own example expressions pass as values (``clip[t_start:t_end]``,
    ``clip.subclipped(t_start, t_end)``): placeholders the doc introduces, not names of the code
    (keyword names, ``mode=``, are the callee's and stay out). Read once per doc."""
    key = ("doc-placeholders", id(ctx.doc))
    got = ctx.memo.get(key)
    if got is None:
        text = ctx.doc.text
        got = ctx.memo[key] = frozenset(
            n for span in _CODE_SPAN.finditer(text) if "(" in span.group(1) or "[" in span.group(1)
            for n in _ARGUMENT.findall(span.group(1)) if n not in ("self", "cls")) if "[" in text or "(" in text \
            else frozenset()
    return got


def _placeholder(ctx: JudgeContext, name: str) -> bool:
    """Whether the last word of ``name`` may stand for any of several names the project has
    (``_eval_expand_hint`` beside ``_eval_expand_mul``, ``_eval_expand_log``, …)."""
    stem = name[: len(name) - len(name.rsplit("_", 1)[-1])]
    if len(stem) < 3 or stem == name:
        return False
    ctx.reads_every_word()
    return sum(1 for w in ctx.known_words if w.startswith(stem)) >= 2


_SEE_BEFORE = re.compile(r"\b[Ss]ee\s+$")
_TWO_HUMPS = re.compile(r"^_?[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*){1,}$")
_SNAKE_NAME = re.compile(r"^_{0,2}[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
# the code (not the reader) calls, uses, returns, raises or hands over to the name that follows
_USE_VERB = re.compile(
    r"\b(?:calls|calling|invokes|invoking|uses|using|delegates\s+to|delegating\s+to|forwards\s+to|"
    r"dispatches\s+to|returns|returning|raises|raising|wraps|wrapping|is\s+passed\s+to|by\s+calling)"
    r"\s+(?:the\s+|a\s+|an\s+|its\s+)?(?:\w+\s+)?$",
    re.I,
)
_NOT_THE_CODE = re.compile(r"\b(?:you|your|user|users|e\.g|for\s+example|such\s+as|like|subclass(?:es)?|override|overridden|can|could|may|might|should|must)\b", re.I)


# what follows the name says it is not a Python/Java name: "the `AddGeometryColumn` stored procedure"
_OUTSIDE_THING = re.compile(
    r"`*\s+(?:stored\s+procedure|procedure|command|option|setting|environment\s+variable|header|"
    r"table|column|key|flag|event|extension|library|package|module|program|tool|binary|executable|"
    r"endpoint|url|file|directory|field|property|element|tag|keyword|argument|parameter|"
    # a concept named after a thing: "the AtomicFile approach"
    r"approach|pattern|idiom|technique|strategy|paradigm|concept|scheme|mechanism|semantics)s?\b",
    re.I,
)


def _unreadable_imports(ctx: JudgeContext) -> bool:
    """Whether the file imports a package docfact cannot read (not installed, or loaded by
    ``import_module``): a name the docs say the code calls may come from there (once per file)."""
    key = ("unreadable-imports", ctx.file.path)
    if key not in ctx.file_cache:
        ctx.file_cache[key] = _has_unreadable_imports(ctx)
    return ctx.file_cache[key]


def _has_unreadable_imports(ctx: JudgeContext) -> bool:
    ctx.graph.file(ctx.file.path)  # the file's whole text is read: noted as a lookup of the file
    if re.search(r"\b(?:import_module|__import__|importorskip|try_import|lazy_import)\(", ctx.file.text):
        return True
    for imp in ctx.file.imports:
        top = imp.module.split(".")[0]
        if imp.level or not top or top in STDLIB_MODULES or ctx.graph.is_project_module(top):
            continue
        try:
            if ctx.graph.external_exists(top) is not True:
                return True
        except Exception:
            return True
    return False


def _project_class_slip(ctx: JudgeContext, written: str) -> str | None:
    """The project class one edit away from ``written`` (a name known nowhere), if exactly one."""
    if ctx.is_known(written):
        return None
    near = ctx.suggest_in_project(written, cutoff=0.9)
    if near is None or osa_distance(written.lower(), near.lower(), 1) > 1:
        return None
    return near if any(e.kind == "class" for e in ctx.graph.entities_named(near)) else None


def _class_case_slip(ctx: JudgeContext, written: str, real: str) -> bool:
    """Whether ``written`` is a project class's CamelCase name with one inner letter in the wrong
    case (``PHregResults`` for ``PHRegResults``): a slip, not prose spelling a word another way."""
    if written[0] != real[0] or sum(a != b for a, b in zip(written, real)) != 1:
        return False
    if sum(c.isupper() for c in real) < 2 or not any(c.islower() for c in real):
        return False
    return any(e.kind == "class" for e in ctx.graph.entities_named(real))


def _identifier_shaped(name: str) -> bool:
    """A name no English word looks like: snake_case with an underscore, or CamelCase with two
    or more humps."""
    return bool(_SNAKE_NAME.match(name) or _TWO_HUMPS.match(name))


def _claims_use(text: str, m: Mention) -> bool:
    """Whether the sentence says that the documented code calls, uses, returns, raises or
    delegates to the mentioned name (and is not about the reader or a subclass)."""
    before = _TICKED.sub(lambda t: "x" * len(t.group(0)), text[: m.start].rstrip("`:"))
    before = re.sub(r":[\w:]+:$", "", before)
    if not _USE_VERB.search(before) or _OUTSIDE_THING.match(text, m.end):
        return False
    return not _NOT_THE_CODE.search(text)


_TICKED = re.compile(r"`+[^`]+`+")
_LIST_LEFT = re.compile(r"""`[^`]+`+[\s'"]*(?:,|/|\bor|\band)[\s'"]*(?:(?:or|and)\s+)?`*$""")
_LIST_RIGHT = re.compile(r"""`*[\s'"]*(?:,|/|or\b|and\b)[\s'"]*(?:(?:or|and)\s+)?`""")


def _in_value_list(text: str, m: Mention) -> bool:
    """Whether ``m`` is a plain lower-case word marked as code in an enumeration of marked
    values ("either ``not-running``, ``next-exit`` or ``removed``")."""
    if m.strength != MARKED or not re.fullmatch(r"[a-z]+", m.name) or len(_TICKED.findall(text)) < 3:
        return False  # "with `rquest` and `response` objects" names two things: not a list of values
    return bool(_LIST_LEFT.search(text, 0, m.start) or _LIST_RIGHT.match(text, m.end))


def _same_in_other_case_style(a: str, b: str) -> bool:
    """Whether one name is the camelCase spelling of the other's snake_case (``filterText``,
    ``filter_text``)."""
    camel, snake = (a, b) if "_" in b.strip("_") else (b, a)
    if "_" in camel or camel.islower() or "_" not in snake.strip("_"):
        return False
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", camel).lower() == snake.lower()


def _scope_excerpt(ctx: JudgeContext) -> str | None:
    e = ctx.entity
    if e is None:
        return None
    return e.signature or e.code.split("\n", 1)[0]


_SUBJECT = re.compile(
    r"^\s*(?:The|This)\s+(?P<tick>`{1,2})?(?P<name>[A-Za-z_][\w.]*)(?P<call>\(\))?`{0,2}\s+"
    r"(?P<what>function|method|class|constructor|coroutine|helper|routine|property)\b"
)


def wrong_subject(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or ctx.doc.kind == "comment" or seg.field is not None:
        return
    m = _SUBJECT.match(seg.text)
    if not m:
        yield from _own_name_rearranged(ctx, seg, e)
        return
    name = m.group("name").split(".")[-1]
    if name in (e.name, e.local_name) or name in e.calls or name in e.refs:
        return
    if not (m.group("tick") or m.group("call") or "_" in name or re.search(r"[a-z][A-Z]", name)):
        return  # "The resulting class", "This helper method": English, not a name
    if seg.index != 0 or ctx.is_known(name):
        return  # another real entity may well be meant
    if name.lower() in ("following", "given", "current", "above", "below", "same", "main", "base"):
        return
    if any(name == c.split(".")[-1] for c in e.calls):
        return
    start, end = m.span("name")
    yield ctx.finding(
        seg, WRONG_SUBJECT,
        f"the sentence calls this {m.group('what')} `{name}`, but it is `{e.name}`",
        evidence=ctx.evidence_of(e, "the definition"),
        fix=ctx.fix_replace(seg, start, end, e.name, f"Replace `{name}` with `{e.name}`"),
    )


def _own_name_rearranged(ctx: JudgeContext, seg: Segment, e: Entity) -> Iterator[Finding]:
    """A snake_case name that is the documented function's own name with its words in another
    order (``fit_iterative`` in the doc of ``iterative_fit``), and that nothing
    this code can reach defines: the doc misnames its own subject, whatever else in the project
    bears that name."""
    if e.kind not in ("function", "method") or "_" not in e.name.strip("_"):
        return
    low = seg.text.lower()
    if not all(w in low for w in name_words(e.name)) or _HISTORY.search(seg.text):
        return  # (the words of the name first: a cheap test that skips almost every sentence)
    for m in find_mentions(seg.text):
        if "_" not in m.name.strip("_") or m.name.lower() != m.name or "." in m.name \
                or relation(m.name, e.name, extension=False) != "order" \
                or m.name in ctx._near_pool:
            continue  # snake_case both: ``wxGraphicsContext`` beside ``GraphicsContextWx`` is another library's
        kind = e.kind
        yield ctx.finding(
            seg, WRONG_SUBJECT,
            f"`{m.name}` is not defined here: this {kind} is `{e.name}` (the same words, written another way)",
            evidence=ctx.evidence_of(e, "the definition"),
            fix=ctx.fix_replace(seg, m.start, m.end, e.name, f"Replace `{m.name}` with `{e.name}`"))
        return


CHECKS: tuple[Check, ...] = (
    Check(UNKNOWN_PARAM, unknown_param, where="not-ts"),
    Check(UNKNOWN_ATTRIBUTE, unknown_attribute),
    Check(WRONG_SUBJECT, wrong_subject),
    Check(UNKNOWN_NAME, unknown_name, where="not-ts"),
)
