"""C1, name inconsistency: names in the docs that are not the names the code uses."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.graph.ts_globals import TS_LANGUAGES
from docfact.judges import ts_rules
from docfact.judges.base import (
    PY_BUILTIN_NAMES,
    STDLIB_MODULES,
    JudgeContext,
    Rule,
    _variants,
    osa_distance,
)
from docfact.judges.c1_params import _typo_of, unknown_param
from docfact.judges.mentions import FILEISH, MARKED, Mention, find_mentions, is_constant_like
from docfact.model import Entity, FileIndex, Finding, Segment


def _resolves(ctx: JudgeContext, m: Mention) -> bool:
    """Whether a mentioned name exists: in scope, in the project, the stdlib/builtins or an
    external package. A dotted name under a project class or module must name a real member."""
    parts = m.name.split(".")
    if parts[0] in ("self", "cls", "this") and len(parts) > 1:
        parts = parts[1:]
    head = parts[0]
    if not ctx.is_known(head):
        return len(parts) == 1 and _in_imported_module(ctx, head)
    if len(parts) == 1:
        return True
    dotted = ".".join(parts)
    if exists_by_suffix(ctx, dotted) or unlisted_member(ctx, dotted) or _bound_twice(ctx, head):
        return True
    absolute = _absolute_lookup(ctx, dotted) if ctx.entity is not None and \
        ctx.graph.resolve(head, ctx.entity) is None else None
    if absolute is not None:
        return absolute
    if head in STDLIB_MODULES:
        try:
            if ctx.graph.external_exists(dotted):
                return True  # ``importlib.metadata`` in a project with a module ``importlib`` of its own
        except Exception:
            pass
    scope = ctx.entity
    if scope is not None:
        try:
            head_res = ctx.graph.resolve(head, scope)
            if head_res is not None and head_res.kind == "project" and head_res.entity is not None \
                    and head_res.entity.kind in ("class", "module"):
                full = ctx.graph.resolve(dotted, scope)
                if full is not None and not (full.kind == "external" and head_res.entity.kind == "class"
                                             and _all_members_known(ctx, head_res.entity, interface_ok=True)):
                    return True  # (the resolver follows a missing member into an external base)
                if head_res.entity.kind == "module" and len(parts) == 2:
                    # bound by an import of a module docfact cannot read (compiled, generated)
                    mod = ctx.graph.file(head_res.entity.path)
                    if mod is not None and parts[1] in import_bound(ctx, mod):
                        return True
                # an instance attribute set in a method (``self.show_default = ...``), or a
                # member of a class with a base outside the project (``jinja2.Environment``)
                return len(parts) == 2 and (f"self.{parts[1]}" in head_res.entity.code or (
                    head_res.entity.kind == "class" and not _all_members_known(ctx, head_res.entity, interface_ok=True)))
            cls = _only_project_class(ctx, head) if head_res is None else None
            if cls is not None and len(parts) == 2:
                # ``Session.resolve_redirects`` in a file that does not import Session
                return _has_member(ctx, cls, parts[1]) or not _all_members_known(ctx, cls)
        except Exception:
            return True  # a resolver problem is not a finding
    if ctx.is_known(parts[-1]):
        return True
    try:
        exists = ctx.graph.external_exists(dotted)
    except Exception:
        exists = None
    return exists is not False


# what zope.interface's ``Interface`` gives every interface
_INTERFACE_MEMBERS = frozenset({
    "providedBy", "implementedBy", "names", "namesAndDescriptions", "queryDescriptionFor",
    "getDescriptionFor", "validateInvariants", "isOrExtends", "extends", "getBases", "queryTaggedValue",
    "getTaggedValue", "setTaggedValue", "getName", "getDoc",
})
_ASSIGNED = re.compile(r"^[ \t]*((?:[\w.]+[ \t]*,[ \t]*)*[\w.]+)[ \t]*(?::[^=\n]*)?=(?!=)", re.M)
_QUOTED_NAME = re.compile(r"[\"']([A-Za-z_]\w*)[\"']")
_DEF_OR_IMPORT = re.compile(r"\b(?:def|class)[ \t]+(\w+)|\bimport\b([^\n]*)")


def _text_bindings(ctx: JudgeContext, owner: Entity) -> frozenset[str]:
    """Every name the source of a module or class assigns (also by unpacking and under
    ``if``/``try``), defines, imports or spells as a string (once per owner and run)."""
    key = ("text-bindings", owner.qualname, id(owner))
    got = ctx.run_cache.get(key)
    if got is not None:
        return got
    if owner.kind == "module":
        mod = ctx.graph.file(owner.path)
        text = mod.text if mod is not None else ""
    else:
        text = owner.code
    names: set[str] = set()
    for m in _ASSIGNED.finditer(text):
        names.update(part.strip().rsplit(".", 1)[-1] for part in m.group(1).split(","))
    names.update(_QUOTED_NAME.findall(text))
    for d, imported in _DEF_OR_IMPORT.findall(text):
        names.add(d)
        names.update(re.findall(r"\w+", imported))
    got = ctx.run_cache[key] = frozenset(names)
    return got


def exists_by_suffix(ctx: JudgeContext, target: str) -> bool:
    """Whether a project entity's qualified name ends with ``target`` (how Sphinx and pydoctor
    search a reference written relative to some package: ``protocol.Factory``); answered once
    per target and run, as the same references recur across a project."""
    key = ("by-suffix", target)
    got = ctx.run_cache.get(key)
    if got is None:
        last = target.rsplit(".", 1)[-1]
        tail = "." + target
        got = ctx.run_cache[key] = any(e.qualname == target or e.qualname.endswith(tail)
                                       for e in ctx.graph.entities_named(last))
    return got


def _no_such_owner(ctx: JudgeContext, dotted: str) -> bool:
    """Whether the part of ``pkg.a.b.Name`` before the name is neither a project module nor a
    project entity (``matplotlib.backendbases.RendererBase``)."""
    owner = dotted.rsplit(".", 1)[0]
    if ctx.graph.module_path(owner) is not None:
        return False
    return not any(e.qualname == owner for e in ctx.graph.entities_named(owner.rsplit(".", 1)[-1]))


def import_bound(ctx: JudgeContext, index: FileIndex) -> frozenset[str]:
    """The names the imports of a file bind (once per file and run)."""
    key = ("import-bound", index.path, id(index))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = frozenset(imp.bound_name for imp in index.imports)
    return got


def _bound_twice(ctx: JudgeContext, head: str) -> bool:
    """Whether the file binds ``head`` both by an import and by a definition or assignment
    (``userauth`` imported, or a stub class when the import fails; a module ``protocol`` and a
    class attribute ``protocol``): which one a doc means cannot be told."""
    if head not in import_bound(ctx, ctx.file):
        return False
    e = ctx.entity
    if e is not None and (head in e.locals or head in e.assigns):
        return True
    return any(x.name == head and x.kind != "module" for x in ctx.file.entities)


def unlisted_member(ctx: JudgeContext, dotted: str) -> bool:
    """Whether ``a.b`` may well exist though the index does not list ``b`` under ``a``: a builtin
    or data-model name (``mod.open`` patched in a test, ``Cls.__ne__``), a method every zope
    interface has, a name bound by an import of an unreadable module or in code the index does not
    list."""
    owner, _, last = dotted.rpartition(".")
    if last in PY_BUILTIN_NAMES or (last.startswith("__") and last.endswith("__")) or last in _INTERFACE_MEMBERS:
        return True
    if ctx.entity is None or not owner:
        return False
    try:
        res = ctx.graph.resolve(owner, ctx.entity)
    except Exception:
        return True  # a resolver problem is not a finding
    if res is None or res.entity is None:
        return False
    if res.entity.kind == "module":
        # bound by an import of a compiled or generated module: ``sklearn.neighbors.BallTree``
        mod = ctx.graph.file(res.entity.path)
        if mod is not None and last in import_bound(ctx, mod):
            return True
    # bound where the index does not list it: ``A, B = range(2)``, under ``if``/``try``, a string
    return last in _text_bindings(ctx, res.entity)


def _only_project_class(ctx: JudgeContext, name: str) -> Entity | None:
    """The project class of that name when there is exactly one."""
    classes = [x for x in ctx.graph.entities_named(name) if x.kind == "class"]
    return classes[0] if len(classes) == 1 else None


def _has_member(ctx: JudgeContext, cls: Entity, name: str, depth: int = 0) -> bool:
    """Whether project class ``cls`` defines or sets ``name``, or inherits it from a project
    base class (``DiGraph.edge_subgraph`` defined on its base ``Graph``)."""
    if ctx.graph.find(cls.path, f"{cls.local_name}.{name}") is not None or f"self.{name}" in cls.code:
        return True
    if depth > 8:
        return False
    for base in cls.bases:
        parent = _only_project_class(ctx, base.split(".")[-1].split("[")[0])
        if parent is not None and parent is not cls and _has_member(ctx, parent, name, depth + 1):
            return True
    return False


# class decorators that add no members docfact would have to see
_PLAIN_CLASS_DECORATORS = frozenset({
    "dataclass", "total_ordering", "final", "unique", "runtime_checkable", "dataclass_transform",
    "define", "frozen", "mutable", "s", "attrs", "deprecated", "public", "export",
    "register", "implementer", "provider", "python_2_unicode_compatible", "override",
})


def _all_members_known(ctx: JudgeContext, cls: Entity, interface_ok: bool = False) -> bool:
    """Whether every base of a project class is a project class too (so its members are all
    visible): an external base may supply any member, and so may a class decorator that
    copies methods in (pandas' ``@inherit_names``)."""
    if any(d.split("(")[0].rsplit(".", 1)[-1] not in _PLAIN_CLASS_DECORATORS for d in cls.decorators):
        return False
    for base in cls.bases:
        simple = base.split(".")[-1].split("[")[0].split("<")[0]
        if simple in ("object", "Object", "Exception", "BaseException", "ABC") or simple.startswith(("Generic", "Protocol")):
            continue
        if interface_ok and simple == "Interface" and _only_project_class(ctx, simple) is None:
            continue  # zope.interface's Interface adds no methods a reference could name
        if _only_project_class(ctx, simple) is None:
            return False
    return True


def _in_imported_module(ctx: JudgeContext, name: str) -> bool:
    """Whether an external module the file imports (directly or through a project module that
    re-exports it) defines ``name``, such as a class of ``http.cookiejar`` named in a file that
    imports that module (answered once per file and name)."""
    key = ("in-imported-module", name)
    if key not in ctx.file_cache:
        ctx.file_cache[key] = _defined_by_imports(ctx, name)
    return ctx.file_cache[key]


def _defined_by_imports(ctx: JudgeContext, name: str) -> bool:
    for module in ctx.external_imports:
        try:
            if ctx.graph.external_exists(f"{module}.{name}"):
                return True
        except Exception:
            continue
    return False


def _proven_missing_member(ctx: JudgeContext, dotted: str, project_head: bool) -> bool:
    """Whether ``a.b`` names a member that its known owner does not have (``project_head``:
    ``a`` is a project class or module whose names docfact can list)."""
    if project_head:
        return True
    head = dotted.split(".")[0]
    cls = _only_project_class(ctx, head)
    if cls is not None and _all_members_known(ctx, cls):
        return True
    try:
        return ctx.graph.external_exists(dotted) is False and ctx.graph.external_exists(dotted.rsplit(".", 1)[0]) is True
    except Exception:
        return False


def _opaque_owner(ctx: JudgeContext, dotted: str) -> bool:
    """Whether the project module that ``dotted`` names a member of may bind names docfact
    cannot list (``from _curses import *`` of a compiled module, a module ``__getattr__``)."""
    if ctx.entity is None:
        return False
    try:
        owner = ctx.graph.resolve(dotted.rsplit(".", 1)[0], ctx.entity)
        return owner is not None and owner.entity is not None and owner.entity.kind == "module" \
            and ctx.graph.resolver.opaque_module(owner.entity.path)
    except Exception:
        return True


def _imported_from_outside(ctx: JudgeContext, name: str) -> bool:
    """Whether the file imports ``name`` from outside the project (``CFRunLoopAddSource`` beside
    the unseen ``CFRunLoopSource`` of the same library)."""
    return any(imp.bound_name == name and not imp.level and not ctx.graph.is_project_module(imp.module.split(".")[0])
               for imp in ctx.file.imports)


def _external_attribute(ctx: JudgeContext, name: str) -> bool:
    """Whether the code uses ``name`` only as an attribute of an external module or object."""
    e = ctx.entity
    if e is None:
        return False
    imported = {imp.bound_name for imp in ctx.file.imports if not imp.level}
    for ref in (*e.calls, *e.refs):
        parts = ref.split(".")
        if len(parts) > 1 and parts[-1] == name and parts[0] in imported:
            return True
    return False


def _project_head(ctx: JudgeContext, dotted: str) -> bool:
    """Whether the first part of a dotted name is a project class or module (in scope, or the
    file's own top-level package written out in full: ``astroid.AsyncFunction`` in astroid)."""
    if ctx.entity is None:
        return False
    try:
        res = ctx.graph.resolve(dotted.split(".")[0], ctx.entity)
    except Exception:
        return False
    if res is None:
        return _absolute_lookup(ctx, dotted) is not None
    return res.kind == "project" and res.entity is not None


def _absolute_lookup(ctx: JudgeContext, dotted: str) -> bool | None:
    """Whether ``pkg.mod.Name``, written from the file's own top-level package, exists: True or
    False; None when the head is not that package or the module may bind names docfact cannot
    list."""
    parts = dotted.split(".")
    if ctx.file.module.split(".")[0] != parts[0] or len(parts) < 2:
        return None
    for k in range(len(parts), 0, -1):
        path = ctx.graph.module_path(".".join(parts[:k]))
        if path is None:
            continue
        rest = parts[k:]
        if not rest:
            return True
        scope = ctx.graph.module_entity(path)
        if scope is None or ctx.graph.resolver.opaque_module(path):
            return None
        try:
            found = ctx.graph.resolve(".".join(rest), scope)
        except Exception:
            return None
        if found is not None:
            return True
        return None if len(rest) > 1 else False  # a member of a class there: leave it to the class
    return None


def _field_name_span(seg: Segment) -> tuple[int, int] | None:
    item = seg.field
    if item is None or item.name_span is None:
        return None
    return item.name_span[0] - seg.start, item.name_span[1] - seg.start


def class_attributes(ctx: JudgeContext, cls: Entity) -> set[str] | None:
    """The attribute names a class has: members, class-level fields and ``self.x`` assignments;
    None when an external base may add more (computed once per class and run)."""
    key = ("class-attributes", cls.qualname, id(cls))
    if key not in ctx.run_cache:
        ctx.run_cache[key] = _class_attributes(ctx, cls)
    return ctx.run_cache[key]


def _class_attributes(ctx: JudgeContext, cls: Entity, complete: bool = True) -> set[str] | None:
    """With ``complete=False``: the attributes the class's own code and project bases show,
    even when more may come from elsewhere (dynamic ``setattr``, an external base)."""
    if complete and not _all_members_known(ctx, cls):
        return None
    names = {m.rsplit(".", 1)[-1] for m in cls.members}
    names |= set(re.findall(r"\bself\.([A-Za-z_]\w*)\s*(?::[^=\n]+)?=(?!=)", cls.code))
    names |= set(re.findall(r"^[ \t]+([A-Za-z_]\w*)\s*(?::[^=\n]+)?=(?!=)", cls.code, re.M))
    names |= set(re.findall(r"^[ \t]+([A-Za-z_]\w*)\s*:", cls.code, re.M))
    for chain in re.findall(r"^[ \t]+((?:[A-Za-z_]\w*[ \t]*=(?!=)[ \t]*\\?[ \t]*)+)", cls.code, re.M):
        names |= set(re.findall(r"([A-Za-z_]\w*)[ \t]*=", chain))  # ``a = b = \`` chains
    for base in cls.bases:
        parent = _only_project_class(ctx, base.split(".")[-1].split("[")[0])
        if parent is not None and parent is not cls:
            if parent.qualname == cls.qualname:
                continue
            inherited = class_attributes(ctx, parent) if complete else _class_attributes(ctx, parent, False)
            if inherited is None:
                return None
            names |= inherited
    return names


def unknown_attribute(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    item = seg.field
    cls = ctx.entity
    if item is None or item.section != "attribute" or not item.name or cls is None or cls.kind != "class":
        return
    name = item.name.strip().lstrip("*")
    if not re.fullmatch(r"[A-Za-z_]\w*", name) or name in ("None", "none"):
        return  # a NumPy "Attributes" section saying "None"
    names = class_attributes(ctx, cls)
    if names is None:
        # attributes may come from elsewhere: only a misspelling of one the class shows, a name
        # that appears nowhere in the project (not even as a string ``setattr`` could use)
        key = ("class-attributes-shown", cls.qualname, id(cls))
        if key not in ctx.run_cache:
            ctx.run_cache[key] = _class_attributes(ctx, cls, complete=False) or set()
        shown = ctx.run_cache[key]
        suggestion = None if name in shown or ctx.is_known(name) else _typo_of(name, sorted(shown))
        if suggestion is None:
            return
    elif name in names:
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
    yield ctx.finding(seg, "C1", "C1.unknown-attribute", msg,
                      evidence=ctx.evidence_of(cls, "the class definition"), fix=fix)


_SHAPE_TUPLE = re.compile(r"\bshape\s*[=:]?\s*(\([^)]*\))", re.I)

_HISTORY = re.compile(
    r"\b(?:renamed?|(?:was|were|been|now)\s+removed|removed\s+(?:in|since)\s+(?:v(?:ersion)?\s*)?\d|deprecated|"
    r"formerly|previously|no\s+longer|instead\s+of|\buse\b[^.;]*\binstead|used\s+to|"
    r"older\s+versions?|legacy|backwards?[-\s]compat\w*|was\s+(?:called|named)|"
    r"versionchanged|seealso|see\s+also)\b",
    re.I,
)


def unknown_name(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """Names marked as code that exist nowhere; elsewhere only near misses of real names.

    In the docstring of a function, method or class a name marked as code (backticks, a role,
    ``{@link}``, ``name()``) that exists nowhere is reported. In module docstrings and
    comments, and for names only *shaped* like code, docfact speaks only when the name is a
    near miss of a name in scope (a typo or a rename): those texts often cite examples.
    """
    mentions = find_mentions(seg.text)
    if not mentions or _HISTORY.search(seg.text):
        return  # "renamed from ``x``", "use ``y`` instead of ``x``": old names are the point
    skip = _field_name_span(seg)
    strict_place = ctx.entity is not None and ctx.entity.kind in ("function", "method", "class") \
        and ctx.doc.kind != "comment"
    seen: set[str] = set()
    shapes = [mm.span(1) for mm in _SHAPE_TUPLE.finditer(seg.text)]
    for m in mentions:
        if skip and m.start < skip[1] and skip[0] < m.end:
            continue
        if m.name in seen or is_constant_like(m.name.split(".")[-1]) or FILEISH.search(m.name):
            continue  # ``settings.py`` is a file name
        if seg.text.strip().strip("`:") == m.name:
            continue  # a bare name on its own line: a NumPy "Returns" entry, a heading
        if any(a <= m.start < b for a, b in shapes):
            continue  # "of shape (n_samples, image_height)": dimensions, not names
        seen.add(m.name)
        if _resolves(ctx, m):
            continue
        last = m.name.split(".")[-1]
        if len(last) < 2:
            continue
        project_head = "." in m.name and _project_head(ctx, m.name)
        if "." in m.name and not project_head:
            # an unknown dotted name outside the project (``urllib2.Request``) cannot be proven
            if not ctx.is_known(m.name.split(".")[0]):
                continue
        elif project_head and _opaque_owner(ctx, m.name):
            continue  # its module star-imports what docfact cannot read: any name may be there
        if ctx.doc.kind == "comment" and (m.strength != MARKED and not m.is_call):
            continue  # comments are loose prose: only marked names are held to the code
        # Without a near miss of a real name, only a dotted name whose owner is known (a project
        # class or module, or an installed module read statically) proves anything: plain
        # backticked words are as often values, placeholders, example classes (``Restaurant``)
        # or names in other libraries.
        # a dotted name that starts with the file's own package is code however it is written
        # (unmarked, only when the last name exists nowhere: "a list of dask.DataFrames" is
        # shorthand for a class that lives elsewhere in the package)
        own_package = m.name.split(".")[0] == ctx.file.module.split(".")[0] and (
            m.strength == MARKED or not ctx.is_known(last) or _no_such_owner(ctx, m.name)
            or not any(ctx.graph.entities_named(v) for v in _variants(last)))  # ``rlm``: a local or an alias
        marked = (m.strength == MARKED or own_package) and "." in m.name \
            and _proven_missing_member(ctx, m.name, project_head)
        if len(last) < 4 and not marked:
            continue
        suggestion = ctx.suggest(last, cutoff=0.88)
        if suggestion is None and m.strength == MARKED:
            # a marked name may mean anything in the project: ``Respone`` for the class Response
            suggestion = ctx.suggest_in_project(last, cutoff=0.88)
        if suggestion is not None and ctx.file.language in TS_LANGUAGES and ts_rules.inflected(last, suggestion):
            suggestion = None  # "refCounted unsubscription" beside ``refCount``: an English form of it
        if suggestion is not None and re.fullmatch(r"[a-z]+", last) and osa_distance(last, suggestion, 1) > 1:
            suggestion = None  # ``attributive`` beside ``attribute``: another English word, not a typo
        if suggestion is not None and (_external_attribute(ctx, suggestion) or (
                _imported_from_outside(ctx, suggestion) and osa_distance(last, suggestion, 1) > 1)):
            suggestion = None  # ``getch`` beside ``msvcrt.getwch``: a sibling we cannot see
        if suggestion is not None and ((suggestion.lower() == last.lower() and not _class_case_slip(ctx, last, suggestion))
                                       or _same_in_other_case_style(last, suggestion)):
            # a difference of case only is more often prose than a rename, and ``filterText``
            # beside ``filter_text`` is the same field as spelled on the wire (JSON, a protocol)
            suggestion = None
        claimed = suggestion is None and strict_place and m.strength == MARKED and "." not in m.name \
            and _identifier_shaped(m.name) and _claims_use(seg.text, m) and not _unreadable_imports(ctx)
        if not (marked and strict_place) and suggestion is None and not claimed:
            continue
        if suggestion is not None and not m.is_call and _in_value_list(seg.text, m):
            continue  # "one of ``restarting``, ``paused``, ``exited``": values, not names
        msg = f"`{m.name}` does not exist in the code, its direct dependencies or the project"
        fix = None
        if suggestion:
            msg += f"; did you mean `{suggestion}`?"
            new = m.name[: len(m.name) - len(last)] + suggestion
            fix = ctx.fix_replace(seg, m.start, m.end, new, f"Replace `{m.name}` with `{new}`")
        yield ctx.finding(seg, "C1", "C1.unknown-name", msg,
                          evidence=ctx.evidence_of(ctx.entity, "names available to this code",
                                                   _scope_excerpt(ctx)), fix=fix)


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
    r"endpoint|url|file|directory|field|property|element|tag|keyword|argument|parameter)s?\b",
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
        seg, "C1", "C1.wrong-subject",
        f"the sentence calls this {m.group('what')} `{name}`, but it is `{e.name}`",
        evidence=ctx.evidence_of(e, "the definition"),
        fix=ctx.fix_replace(seg, start, end, e.name, f"Replace `{name}` with `{e.name}`"),
    )


RULES = (
    Rule("C1.unknown-param", "C1", "A documented parameter that the signature does not have.",
         "`Args: path: ...` for `def load(filename)`", unknown_param),
    Rule("C1.unknown-attribute", "C1", "A documented class attribute that the class does not define.",
         "`Attributes: indices (list): ...` when the class sets `self.index`", unknown_attribute),
    Rule("C1.wrong-subject", "C1", "The docstring names the documented function or class by another name.",
         "\"The `load_config` function ...\" on `def read_settings()`", wrong_subject),
    Rule("C1.unknown-name", "C1", "A code name in a sentence that exists nowhere in the code, its 1-hop context or the project.",
         "\"Calls `shold_remove()` first\" when only `should_remove` exists", unknown_name),
)
