"""C1, cross-references: a reference claims that the name it points at exists.

The references are NumPy ``See Also`` entries, Javadoc ``@see`` tags, Sphinx roles
(``:func:`.name```, ``:meth:`~pkg.Class.meth```) and ``{@link}``. They are resolved the way
Sphinx and Javadoc resolve them: a leading ``.`` (or Javadoc's ``#member``) searches the current
class and module, then any project name ending with the target; ``~`` and ``!`` only change what
is shown. A target that resolves nowhere is reported when it is provably missing: a member of a
project class or module that does not have it, or a near miss of a real name (a typo or a swap of
two letters). Targets outside the project that docfact cannot read stay unknown, never wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.graph.externals import is_stdlib_module
from docfact.judges import world
from docfact.judges.base import JudgeContext, name_words, osa_distance, same_family
from docfact.judges.c1_callee import wrong_callee
from docfact.judges.example_project import outside_package_too, through_package
from docfact.judges.gates import Gated, may_hold
from docfact.judges.member_lookup import opaque_owner, proven_missing_member
from docfact.judges.mentions import FILEISH, PLACEHOLDER_NAME, Mention, find_mentions
from docfact.judges.name_clues import scope_excerpt, unreadable_imports
from docfact.judges.name_lookup import exists_by_suffix, project_head, resolves, unlisted_member
from docfact.judges.name_prose import HISTORY, TWO_HUMPS
from docfact.judges.rule import Check
from docfact.judges.rules.c1_references import SELF_REFERENCE, UNKNOWN_REFERENCE, WRONG_CALLEE
from docfact.model import Entity, Finding, Segment

_FOR_SUBCLASSES = Gated(re.compile(r"\b(?:subclass\w*|overrid\w*|define[sd]?|implement(?:s|ed|ing|ation)?s?)\b", re.I),
                        ("subclass", "overrid", "define", "implement"))
_SEE_ALSO = re.compile(r"(?i)see\s*also")
_TARGET = re.compile(r"[A-Za-z_][\w.#$]*")
_MEMBER_TARGET = re.compile(r"#?[A-Za-z_][\w.#$]*")
_ROLE_IN_ITEM = re.compile(r":(?:py:)?\w+:`~?!?([^`<]*<)?([^`>]+)>?`")


def _item_targets(seg: Segment, members: bool = False) -> list[tuple[str, int, int]]:
    """The names a ``See Also`` entry or an ``@see`` tag points at, with offsets into the
    segment text: ``a, b : desc`` names two, ``:func:`x``` one, ``Foo#bar(int)`` one (and, with
    ``members``, Javadoc's ``#bar`` one: a member of the current class)."""
    item = seg.field
    if item is None or item.name_span is None:
        return []
    tag = item.tag.lower()
    if tag not in ("see also", "see"):
        return []
    start = item.name_span[0] - seg.start
    end = item.name_span[1] - seg.start
    if tag == "see also":
        # the whole first line up to `` : `` lists the names
        line_end = seg.text.find("\n")
        head = seg.text[: line_end if line_end >= 0 else len(seg.text)]
        colon = head.find(" :")
        end = colon if colon >= 0 else len(head)
        start = 0
    out: list[tuple[str, int, int]] = []
    for part in re.finditer(r"[^,]+", seg.text[start:end]):
        raw = part.group(0).strip()
        offset = start + part.start() + (len(part.group(0)) - len(part.group(0).lstrip()))
        role = _ROLE_IN_ITEM.fullmatch(raw)
        if role:
            offset += role.start(2)
            raw = role.group(2)
        if raw.lstrip("~!").startswith(".") and not raw.lstrip("~!").startswith(".."):
            raw = raw.replace(".", "", 1)  # ``.name``: searched from the current class and module
            offset += 1
        m = (_MEMBER_TARGET if members else _TARGET).match(raw.lstrip("~!"))
        if m is None:
            continue
        offset += len(raw) - len(raw.lstrip("~!"))
        name = m.group(0).rstrip(".")
        if name.startswith("#"):
            name = name[1:]
            offset += 1
        out.append((name.replace("#", "."), offset, offset + len(name)))
    return out


def _real_path(ctx: JudgeContext, target: str) -> str | None:
    """Where a misplaced dotted target really lives: the one project entity whose qualified name
    ends with the longest tail of the target (``dask.DataFrame.sample`` ->
    ``dask.dataframe.core.DataFrame.sample``)."""
    parts = target.split(".")
    named = ctx.graph.entities_named(parts[-1])
    for k in range(len(parts) - 1, 1, -1):  # an owner and its member at least
        tail = "." + ".".join(parts[-k:])
        hits = {e.qualname for e in named if e.qualname.endswith(tail)}
        if len(hits) == 1:
            return hits.pop()
        if hits:
            return None
    if len(parts) == 2:
        # ``sklearn.BaseEstimator``: a class or function the package does not export, defined
        # once in one of its modules
        hits = {e.qualname for e in named if e.kind in ("class", "function")
                and e.qualname.startswith(parts[0] + ".") and "test" not in e.path}
        if len(hits) == 1:
            return hits.pop()
    return None


def _near_miss(ctx: JudgeContext, name: str) -> str | None:
    """A real name that ``name`` misspells: in scope or 1-hop first, then anywhere in the
    project; a swap of two neighbouring letters counts in short names too (``prnue``)."""
    got = ctx.suggest(name, cutoff=0.88) or ctx.suggest_in_project(name, cutoff=0.88)
    if got is not None or len(name) < 4:
        return got
    pool = ctx.scope_names | ctx.related_names | ctx.graph.project_names()
    swaps = sorted(c for c in pool if len(c) == len(name) and c != name
                   and sorted(c) == sorted(name) and osa_distance(name, c, 1) == 1
                   and not same_family(name, c))
    return swaps[0] if len(swaps) == 1 else None


def _missing(ctx: JudgeContext, target: str) -> tuple[bool, str | None]:
    """(provably missing, suggestion) for a reference target, answered once per target and
    class (or module) whose docs name it: the same targets recur in every method's doc."""
    if exists_by_suffix(ctx, target):
        return False, None  # answered once per run: most references name a project entity
    owner = ctx.owner_class.qualname if ctx.owner_class is not None else ctx.file.path
    key = ("reference", owner, target)
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = _missing_uncached(ctx, target)
    return got


def _missing_uncached(ctx: JudgeContext, target: str) -> tuple[bool, str | None]:
    """:func:`_missing` without its cache."""
    if exists_by_suffix(ctx, target):
        return False, None
    if "." in target and not project_head(ctx, target):
        through = through_package(ctx, target)
        if through is not None:
            return through
    mention = Mention(target, 0, len(target), "marked", explicit=True)
    if resolves(ctx, mention):
        return False, None
    last = target.rsplit(".", 1)[-1]
    if len(last) < 3:
        return False, None
    if "." in target:
        return _missing_member(ctx, target, last)
    suggestion = _near_miss(ctx, last)
    if suggestion is None or suggestion.lower() == last.lower():
        return False, None
    if world.open_sibling_member(ctx, last, suggestion):
        # ``transitivity()`` beside ``transitivity_local()`` in a class whose compiled base may define it
        return False, None
    return True, suggestion  # a single name: the suggestion replaces it whole


def _missing_member(ctx: JudgeContext, target: str, last: str) -> tuple[bool, str | None]:
    """(provably missing, suggestion) for a dotted target no lookup resolved (``last`` is its
    last part): a member the project class or module lacks, a misnamed project class, or a near
    miss; never for another library's name or a path through a value of open type."""
    if unlisted_member(ctx, target):
        return False, None
    head_is_project = project_head(ctx, target)
    head = target.split(".")[0]
    if not head_is_project and not ctx.is_known(head) and not _stdlib_head(ctx, head):
        # another library's name (numpy.mean) cannot be proven; a class name that exists
        # nowhere, whose member the project defines, is a project class misnamed
        # (``PassiveAggressive.partial_fit`` for ``PassiveAggressiveClassifier.partial_fit``)
        if target.count(".") != 1 or not TWO_HUMPS.match(head) or unreadable_imports(ctx):
            return False, None
        owners = {e.qualname.rsplit(".", 2)[-2] for e in ctx.graph.entities_named(last)
                  if e.kind in ("method", "variable", "field")}
        if not owners:
            return False, None
        near = [o for o in owners if o.startswith(head) or osa_distance(head, o, 2) <= 2]
        return True, f"{near[0]}.{last}" if len(near) == 1 else None
    if head_is_project and opaque_owner(ctx, target):
        return False, None
    if head_is_project and outside_package_too(ctx, head):
        return False, None  # ``gstools.SRF`` beside the project's own ``interfaces/gstools.py``
    proven = proven_missing_member(ctx, target, head_is_project)
    moved = _real_path(ctx, target)
    if moved is not None:
        return proven, moved
    if not proven and _owner_is_value(ctx, target):
        return False, None  # ``MText.dxf.char_height``: a member of a value whose type is open
    if not proven and ctx.graph.entities_named(last):
        return False, None  # the project defines the name: a path docfact could not follow is no misspelling
    suggestion = _near_miss(ctx, last)
    if suggestion is not None:
        suggestion = target[: len(target) - len(last)] + suggestion
    return proven or suggestion is not None, suggestion


# a Python role whose target has an empty part: ``:attr:`~pkg.Rights..can_edit``` (a leading
# ``.`` or ``~.`` is Sphinx's own syntax, and ``...`` alone is no target)
_EMPTY_PART = re.compile(r":(?:py:)?(?:func|meth|class|attr|obj|data|exc|mod|const):`[~!]?\.?"
                         r"(?P<target>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\.{2,}[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:\(\))?`")


def _stdlib_head(ctx: JudgeContext, head: str) -> bool:
    """Whether ``head`` names a standard-library module that nothing in the project shadows
    (``urllib`` in ``urllib.response.addinfourl``): its names can be read even where the
    documented module does not import it."""
    return head.isidentifier() and is_stdlib_module(head) and not ctx.graph.is_project_module(head) \
        and not ctx.graph.entities_named(head)


def _owner_is_value(ctx: JudgeContext, target: str) -> bool:
    """Whether the owner of ``target``'s last part is a value (a field or variable), not a
    class, module or function: its members are those of a type docfact may not know."""
    owner = target.rpartition(".")[0]
    ent = world.resolved_entity(ctx, owner) if "." in owner else None
    return ent is not None and ent.kind not in ("class", "module", "function", "method")


def _nowhere(ctx: JudgeContext, target: str) -> bool:
    """Whether a target written with a leading dot names nothing anywhere: no project entity,
    scope, builtin or imported name has its last part, and the worlds it would be searched in
    (the documented class and module) are closed (:mod:`docfact.judges.world`)."""
    last = target.rsplit(".", 1)[-1]
    if len(last) < 4 or ctx.is_known(last) or ctx.graph.entities_named(last):
        return False  # (an unreadable import binds only names the module writes: is_known)
    if not world.module_names_closed(ctx, ctx.file.path):
        return False
    cls = ctx.owner_class
    if cls is not None and not world.class_attributes_closed(ctx, cls, last):
        return False
    ctx.reads_every_word()
    return not any(w == last or w.endswith("." + last) for w in ctx.known_words)


# the target of a ``:mod:`` role, without Sphinx's leading ``~`` or ``.``
_MOD_ROLE = re.compile(r":(?:py:)?mod:`[~.]*([A-Za-z_][\w.]*)`")


def _role_targets(seg: Segment) -> list[tuple[str, int, int]]:
    """Explicit cross-references in the sentence (Sphinx roles, ``{@link}``, ``L{}``)."""
    if "`" not in seg.text and "{" not in seg.text:
        return []  # no role and no link: skip the mention scan
    return [(m.name, m.start, m.end) for m in find_mentions(seg.text) if m.explicit]


def unknown_reference(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A ``See Also``/``@see`` entry or a role/link whose target exists nowhere."""
    if ctx.entity is None or ctx.doc.kind == "comment":
        return
    broken = _EMPTY_PART.search(seg.text) if ".." in seg.text else None
    if broken is not None:
        target = broken.group("target")
        fixed = re.sub(r"\.{2,}", ".", target)
        a, b = broken.span("target")
        yield ctx.finding(seg, UNKNOWN_REFERENCE,
                          f"the reference `{target}` has an empty part (`..`), so it points at nothing; "
                          f"did you mean `{fixed}`?",
                          fix=ctx.fix_replace(seg, a, b, fixed, f"Replace `{target}` with `{fixed}`"))
        return
    targets = _item_targets(seg) or _role_targets(seg)
    if not targets or HISTORY.search(_SEE_ALSO.sub("", seg.text) if may_hold(seg.text, ("see",)) else seg.text):
        return  # "``x`` is deprecated", "renamed from ``y``": old names are the point
    for_subclasses = bool(_FOR_SUBCLASSES.search(seg.text))
    modules = _MOD_ROLE.findall(seg.text) if ":mod:" in seg.text else []
    unseen_module = any(not ctx.graph.is_project_module(m) and not exists_by_suffix(ctx, m) for m in modules)
    for name, start, end in targets:
        if for_subclasses and "." in name:
            continue  # "Define ``Mixin.hook`` in a subclass": a member others provide
        if unseen_module and name not in modules:
            continue  # ":class:`.DataSourceTest` defined in :mod:`.test_sources`": a module out of view (tests)
        if any(PLACEHOLDER_NAME.search(part) for part in name.split(".")):
            continue  # ``MyModelClass.load_from_checkpoint``: the reader's own class, a stand-in
        if FILEISH.search(name):
            continue  # ``:gmt-docs:`triangulate.html```: a page or file of a manual, not code
        missing, suggestion = _missing(ctx, name)
        if not missing and start > 0 and seg.text[start - 1] == "." and _nowhere(ctx, name):
            missing = True  # ``:meth:`.flush_all```: a relative target that the project defines nowhere
        if not missing or (suggestion is None and "." in name and world.doc_convention(ctx, name)):
            continue
        msg = f"the reference `{name}` points at nothing in the code, its direct dependencies or the project"
        fix = None
        if suggestion:
            msg += f"; did you mean `{suggestion}`?"
            written = seg.text[start:end]
            owner, _, last = name.rpartition(".")
            if written == name:
                fix = ctx.fix_replace(seg, start, end, suggestion, f"Replace `{name}` with `{suggestion}`")
            elif written.endswith(last) and suggestion.startswith(owner + "."):
                # ``Cart#totl`` as written: only the member's name changes
                fix = ctx.fix_replace(seg, end - len(last), end, suggestion[len(owner) + 1:],
                                      f"Replace `{name}` with `{suggestion}`")
        yield ctx.finding(seg, UNKNOWN_REFERENCE, msg,
                          evidence=ctx.evidence_of(ctx.entity, "names available to this code", scope_excerpt(ctx)),
                          fix=fix)
        return




def self_reference(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A ``See Also`` entry or ``@see`` tag that points at the documented entity itself: a
    cross-reference sends the reader to another entity, so the name is a slip for another one
    (``MultiTaskLasso`` listed in the ``See Also`` of ``MultiTaskLasso``)."""
    e = ctx.entity
    if e is None or seg.field is None or ctx.doc.kind == "comment" or e.kind not in ("class", "function", "method"):
        return
    for name, _start, _end in _item_targets(seg, members=e.language == "java"):
        if (name.rsplit(".", 1)[-1] == e.name and _names_itself(ctx, e, name) and not _family_list(ctx, seg, name)
                and not _described_as_another(seg.text, e)):
            kind = "method" if e.kind == "method" else e.kind
            yield ctx.finding(
                seg, SELF_REFERENCE,
                f"the cross-reference `{name}` points at this {kind} itself (`{e.local_name or e.name}`): "
                f"a See Also entry names another entity",
                evidence=ctx.evidence_of(e, "the documented definition", e.signature or None))
            return


def _family_list(ctx: JudgeContext, seg: Segment, name: str) -> bool:
    """Whether the ``See Also`` list that holds ``name`` lists a family the entity belongs to
    (``DataFrame.cummax``, ``DataFrame.cumsum``, … in the doc of ``DataFrame.cummin``;
    ``register_series_accessor`` and ``register_index_accessor`` beside
    ``register_dataframe_accessor``): one list shared by every member, where naming the entity
    itself is the list's design, not a slip. Two other entries with the entity's owner, with its
    name (under other owners), or with its first or its last word, make a family."""
    others = [t for s in ctx.segments if s.field is not None and s.field.tag == seg.field.tag
              for t, _, _ in _item_targets(s) if t != name] if seg.field is not None else []
    owner, _, last = name.rpartition(".")
    words = name_words(last)
    same_owner = same_name = first = final = 0
    for other in others:
        o_owner, _, o_last = other.rpartition(".")
        o_words = name_words(o_last)
        same_owner += bool(owner) and o_owner == owner
        same_name += o_last == last  # ``numpy.any``, ``DataFrame.any`` beside ``Series.any``
        if len(words) >= 2 and o_words:
            first += o_words[0] == words[0]
            final += o_words[-1] == words[-1]
    return max(same_owner, same_name, first, final) >= 2


def _described_as_another(text: str, e: Entity) -> bool:
    """Whether the entry's own text names a same-named entity of another module or class
    (``is_classifier`` described as ``sklearn.is_classifier()``): the short name is that one."""
    for m in re.finditer(r"\b((?:[A-Za-z_]\w*\.)+)" + re.escape(e.name) + r"\b", text):
        owner = m.group(1).rstrip(".")
        mine = (e.module == owner or e.module.startswith(owner + ".") or e.module.endswith("." + owner)
                or owner.rsplit(".", 1)[-1] == (e.parent or "").rsplit(".", 1)[-1])
        if not mine:
            return True
    return False


def _names_itself(ctx: JudgeContext, e: Entity, name: str) -> bool:
    """Whether reference ``name`` (its last part is ``e``'s name) can only mean ``e``: the
    module path it is written with (if any) leads to ``e``'s module, a method is named with
    its class (or, in Java, as a member of its own class, ``#name``, and not overloaded), and no
    other project class or function has the name."""
    parts = name.split(".")
    cls = ctx.owner_class if e.kind == "method" else None
    if e.kind == "method":
        if cls is None:
            return False
        if len(parts) == 1:
            if e.language != "java":
                return False  # a bare name in a method's doc may mean a module function
        elif parts[-2] != cls.name:
            return False
        if sum(1 for x in ctx.file.entities if x.local_name == e.local_name) > 1:
            return False  # overloads (or a property's getter and setter): another one is meant
        prefix = parts[:-2]
    else:
        if e.parent:
            return False
        prefix = parts[:-1]
    if prefix:
        head = ".".join(prefix)
        if e.module != head and not e.module.startswith(head + "."):
            return False
    for other in ctx.graph.entities_named(e.name):
        if other.qualname == e.qualname:
            continue
        if cls is None and other.kind in ("class", "function"):
            return False  # another class or function the name may mean
        if cls is not None and other.kind == "method" and other.qualname.endswith(f".{cls.name}.{e.name}"):
            return False  # the method of another class of that name
    return True


CHECKS: tuple[Check, ...] = (
    Check(SELF_REFERENCE, self_reference),
    Check(UNKNOWN_REFERENCE, unknown_reference),
    Check(WRONG_CALLEE, wrong_callee),
)
