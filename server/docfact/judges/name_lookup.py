"""Whether a name the docs mention exists: in scope, in the project (members of project classes
and modules included, through their bases and imports), the stdlib and builtins, or an external
package; and the lists of attributes a class is known to have. The C1 name rules ask here."""

from __future__ import annotations

import re

from docfact.judges import world
from docfact.judges.base import JudgeContext
from docfact.judges.mentions import Mention
from docfact.lang.python.builtins import PY_BUILTIN_NAMES, STDLIB_MODULES
from docfact.model import Entity, FileIndex


def resolves(ctx: JudgeContext, m: Mention) -> bool:
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
            found = ctx.graph.external_exists(dotted)
        except Exception:
            found = None
        if found:
            return True  # ``importlib.metadata`` in a project with a module ``importlib`` of its own
        if found is False and _names_the_stdlib_module(ctx, head):
            return False  # ``urllib.response.Response``: the module is read, and binds no such name
    scope = ctx.entity
    if scope is not None:
        try:
            head_res = ctx.graph.resolve(head, scope)
            if head_res is not None and head_res.kind == "project" and head_res.entity is not None \
                    and head_res.entity.kind in ("class", "module"):
                full = ctx.graph.resolve(dotted, scope)
                if full is not None and not (full.kind == "external" and (
                        (head_res.entity.kind == "class" and _all_members_known(ctx, head_res.entity, interface_ok=True))
                        or _closed_enum_owner(ctx, dotted, scope)
                        or (parts[-1] in PY_BUILTIN_NAMES and _closed_owner_lacks(ctx, ".".join(parts[:-1]), parts[-1])))):
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


def no_such_owner(ctx: JudgeContext, dotted: str) -> bool:
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
    if (last.startswith("__") and last.endswith("__")) or last in _INTERFACE_MEMBERS:
        return True
    if last in PY_BUILTIN_NAMES and not _closed_owner_lacks(ctx, owner, last):
        return True  # ``mod.open`` patched in by a test; but ``pkg.sorted`` on a closed module is a slip
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


def _closed_owner_lacks(ctx: JudgeContext, owner: str, last: str) -> bool:
    """Whether ``owner`` is a project module or class whose names docfact can list
    (:func:`_owner_closed`), without ``last``, and no project code uses ``owner.last``."""
    ent = world.resolved_entity(ctx, owner) if owner else None
    if ent is None or ent.kind not in ("module", "class") or _code_uses(ctx, f"{owner}.{last}") \
            or not _owner_closed(ctx, owner, last):
        return False
    return ent.kind == "module" or last not in (known_class_attributes(ctx, ent, complete=False) or {last})


def _closed_enum_owner(ctx: JudgeContext, dotted: str, scope: Entity) -> bool:
    """Whether ``dotted``'s owner is a project enum (a class on the standard library's enum) whose
    attributes docfact lists and which lacks the last name: the resolver's way into the enum base
    is not a member (``pkg.limits.Limits.MAX_X`` on an ``IntEnum``)."""
    owner, _, last = dotted.rpartition(".")
    cls = world.resolved_entity(ctx, owner, scope)
    return cls is not None and cls.kind == "class" and world.enum_based(ctx, cls) \
        and world.class_attributes_closed(ctx, cls, last)


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


def proven_missing_member(ctx: JudgeContext, dotted: str, project_head: bool) -> bool:
    """Whether ``a.b`` names a member that its known owner does not have (``project_head``:
    ``a`` is a project class or module whose names docfact can list)."""
    owner_name, _, last = dotted.rpartition(".")
    if project_head:
        return _owner_closed(ctx, owner_name, last)
    head = dotted.split(".")[0]
    cls = _only_project_class(ctx, head)
    if cls is not None and _all_members_known(ctx, cls) and world.class_attributes_closed(ctx, cls, last):
        return True
    try:
        return ctx.graph.external_exists(dotted) is False and ctx.graph.external_exists(dotted.rsplit(".", 1)[0]) is True
    except Exception:
        return False


def _attribute_of_class(ctx: JudgeContext, cls_name: str, name: str) -> bool:
    """Whether ``cls_name`` resolves to a project class that has (or may have) an attribute
    ``name`` that is not a member entity (an instance attribute set in its or a base's code)."""
    found = world.resolved_entity(ctx, cls_name)
    # a class the documented module does not import is still the project's (``MText`` in a
    # module that only mentions it): any project class of that name
    classes = [found] if found is not None else \
        [c for c in ctx.graph.entities_named(cls_name.rsplit(".", 1)[-1]) if c.kind == "class"]
    for cls in classes:
        if cls.kind != "class":
            continue
        known = known_class_attributes(ctx, cls, complete=False) or set()
        if name in known or not world.class_attributes_closed(ctx, cls, name):
            return True
    return False


def _owner_closed(ctx: JudgeContext, owner_name: str, last: str) -> bool:
    """Whether the project class or module ``owner_name`` names is a closed world without
    ``last`` (:mod:`docfact.judges.world`); True when the owner does not resolve from here."""
    if ctx.entity is None:
        return True
    try:
        owner = ctx.graph.resolve(owner_name, ctx.entity)
    except Exception:
        return False
    ent = owner.entity if owner is not None else None
    if ent is None:
        # the owner is missing too, unless the project's code uses it by that path (set at run
        # time: ``pkg.session = Proxy()`` in a function), or the nearest module or class on the
        # path that docfact finds is open (a module ``__getattr__`` building ``pkg.api.signals``)
        if _code_uses(ctx, owner_name):
            return False
        head, _, missing = owner_name.rpartition(".")
        if head and _attribute_of_class(ctx, head, missing):
            return False  # ``MText.dxf.char_height``: ``dxf`` is a value of a type docfact does not know
        return _owner_closed(ctx, head, missing) if head else True
    if ent.kind == "class":
        return world.class_attributes_closed(ctx, ent, last)
    if ent.kind == "module":
        return world.module_binds(ctx, ent.path, last) is False and not _code_uses(ctx, f"{owner_name}.{last}")
    if ent.kind in ("function", "method"):
        return True  # ``func.attr``: a function's attributes are rare enough to call a slip
    # a value (``MText.dxf``: a field of some type): closed only when its annotation names a
    # project class whose attributes are closed
    cls = _only_project_class(ctx, (ent.annotation or "").strip("'\"").split("[")[0].rsplit(".", 1)[-1]) \
        if ent.annotation else None
    return cls is not None and world.class_attributes_closed(ctx, cls, last) \
        and last not in (known_class_attributes(ctx, cls, complete=False) or set())


def _code_uses(ctx: JudgeContext, dotted: str) -> bool:
    """Whether the project's code uses ``dotted`` (``pkg.session``), written in full or from its
    module's own name (``session`` of ``web`` as ``web.session``)."""
    ctx.reads_every_word()
    parts = dotted.split(".")
    return any(".".join(parts[i:]) in ctx.known_words for i in range(len(parts) - 1))


def opaque_owner(ctx: JudgeContext, dotted: str) -> bool:
    """Whether the project module that ``dotted`` names a member of may bind names docfact
    cannot list (``from _curses import *`` of a compiled module, a module ``__getattr__``)."""
    if ctx.entity is None:
        return False
    try:
        owner = ctx.graph.resolve(dotted.rsplit(".", 1)[0], ctx.entity)
        return owner is not None and owner.entity is not None and owner.entity.kind == "module" \
            and world.module_binds(ctx, owner.entity.path, dotted.rsplit(".", 1)[1]) is not False
    except Exception:
        return True


def imported_from_outside(ctx: JudgeContext, name: str) -> bool:
    """Whether the file imports ``name`` from outside the project (``CFRunLoopAddSource`` beside
    the unseen ``CFRunLoopSource`` of the same library)."""
    return any(imp.bound_name == name and not imp.level and not ctx.graph.is_project_module(imp.module.split(".")[0])
               for imp in ctx.file.imports)


def external_attribute(ctx: JudgeContext, name: str) -> bool:
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


def project_head(ctx: JudgeContext, dotted: str) -> bool:
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


def _names_the_stdlib_module(ctx: JudgeContext, head: str) -> bool:
    """Whether ``head`` can only mean the standard-library module of that name here: nothing in
    the project is named so, and the documented code either does not bind it or binds that
    module."""
    if ctx.graph.is_project_module(head) or ctx.graph.entities_named(head):
        return False
    if ctx.entity is None:
        return True
    try:
        r = ctx.graph.resolve(head, ctx.entity)
    except Exception:
        return False
    return r is None or (r.kind == "external" and r.qualname == head and not r.rest)


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
        if scope is None or not world.module_names_closed(ctx, path):
            return None
        if len(rest) == 1 and world.module_binds(ctx, path, rest[0]):
            return True  # bound in the module or in its ``.pyi`` stub
        try:
            found = ctx.graph.resolve(".".join(rest), scope)
        except Exception:
            return None
        if found is not None:
            return True
        return None if len(rest) > 1 else False  # a member of a class there: leave it to the class
    return None


def class_attributes(ctx: JudgeContext, cls: Entity) -> set[str] | None:
    """The attribute names a class has: members, class-level fields and ``self.x`` assignments;
    None when an external base may add more (computed once per class and run)."""
    key = ("class-attributes", cls.qualname, id(cls))
    if key not in ctx.run_cache:
        ctx.run_cache[key] = None  # asked again while computing: a cycle of bases, an open world
        ctx.run_cache[key] = known_class_attributes(ctx, cls)
    return ctx.run_cache[key]


def known_class_attributes(ctx: JudgeContext, cls: Entity, complete: bool = True,
                           _seen: frozenset[str] = frozenset()) -> set[str] | None:
    """With ``complete=False``: the attributes the class's own code and project bases show,
    even when more may come from elsewhere (dynamic ``setattr``, an external base); with
    ``complete=True`` None when they may (an external base, ``self.__dict__.update(...)``)."""
    ctx.reads_code_of(cls)
    if complete and (not _all_members_known(ctx, cls) or _takes_any_names(cls)
                     or not world.class_attributes_closed(ctx, cls)):
        return None
    names = {m.rsplit(".", 1)[-1] for m in cls.members}
    # the code without its docstrings: a NumPy ``name : type`` line of the docs defines nothing
    code = cls.docless_code or cls.code
    names |= set(re.findall(r"\bself\.([A-Za-z_]\w*)\s*(?::[^=\n]+)?=(?!=)", code))
    # class-level names are written at the class body's own indent: deeper lines are a method's
    # locals, its docstring's ``name : type`` entries or the parameters of a signature on
    # several lines, none of which the class has
    body = _body_indent(code)
    names |= set(re.findall(rf"^{body}([A-Za-z_]\w*)\s*(?::[^=\n]+)?=(?!=)", code, re.M))
    names |= set(re.findall(rf"^{body}([A-Za-z_]\w*)\s*:", code, re.M))
    for chain in re.findall(rf"^{body}((?:[A-Za-z_]\w*[ \t]*=(?!=)[ \t]*\\?[ \t]*)+)", code, re.M):
        names |= set(re.findall(r"([A-Za-z_]\w*)[ \t]*=", chain))  # ``a = b = \`` chains
    at_body = re.compile(body)
    for m in _TUPLE_ASSIGNMENT.finditer(code):
        line = m.group(1)
        class_level = at_body.fullmatch(code[m.start():m.start(1)]) is not None
        for target in _ASSIGN_SIGN.split(line)[:-1]:  # ``a, b = c, d = 1, 2``
            # ``a, b = ...`` at the class level, ``self.a, self.b = ...`` anywhere
            if _NAME_TUPLE.fullmatch(target) and (class_level or "self." in target):
                names |= set(re.findall(r"[A-Za-z_]\w*", target.replace("self.", "")))
    for base in cls.bases:
        parent = _only_project_class(ctx, base.split(".")[-1].split("[")[0])
        if parent is not None and parent is not cls:
            if parent.qualname == cls.qualname:
                continue
            if parent.qualname in _seen:
                continue  # bases that lead back to this class (two classes of one name, by name only)
            inherited = class_attributes(ctx, parent) if complete else \
                known_class_attributes(ctx, parent, False, _seen | {cls.qualname})
            if inherited is None:
                return None
            names |= inherited
    return names


def _body_indent(code: str) -> str:
    """A pattern for the indent of a class's body (its first indented line), or any indent."""
    m = re.search(r"^([ \t]+)\S", code, re.M)
    return re.escape(m.group(1)) + r"(?![ \t])" if m else r"[ \t]+"


# ``self.__dict__.update(kwds)``: the instance takes whatever names the caller passes (not in
# ``__setstate__``, which restores the names a pickled instance had)
_DICT_UPDATE = re.compile(r"\b(?:self\.__dict__|vars\(\s*self\s*\))\s*\.\s*update\(")


_TUPLE_ASSIGNMENT = re.compile(r"^[ \t]+((?:self\.)?[A-Za-z_]\w*[ \t]*,[^\n]*?(?<![=!<>])=(?!=)[^\n]*)$", re.M)
_ASSIGN_SIGN = re.compile(r"(?<![=!<>])=(?!=)")
_NAME_TUPLE = re.compile(r"\s*\(?\s*(?:self\.)?[A-Za-z_]\w*(?:\s*,\s*(?:self\.)?[A-Za-z_]\w*)*\s*,?\s*\)?\s*")
_SETATTR_ANY = re.compile(r"\bsetattr\(\s*self\s*,\s*(?![\"'\s])")


def _takes_any_names(cls: Entity) -> bool:
    """Whether the code of ``cls`` fills its instance's ``__dict__`` from outside names (an
    ``update`` of it, ``setattr(self, name, ...)`` with a name that is not a literal)."""
    code = cls.code
    if "setattr(" in code and _SETATTR_ANY.search(code):
        return True  # ``setattr(self, name, ...)`` over a list of names
    if "update(" not in code:
        return False
    for m in _DICT_UPDATE.finditer(code):
        defs = re.findall(r"\bdef[ \t]+(\w+)", code[: m.start()])
        if not defs or defs[-1] != "__setstate__":
            return True
    return False
_TRIPLE_QUOTED = re.compile(r"(?s)(\"\"\"|''').*?\1")
_SELF_TARGET = re.compile(r"\bself\.([A-Za-z_]\w*)")
_HEADER = re.compile(r"^[^\n]*:[ \t]*(?:#[^\n]*)?\n(?:[ \t]*(?:#[^\n]*)?\n)*([ \t]+)\S")


def set_attributes(ctx: JudgeContext, cls: Entity) -> frozenset[str] | None:
    """The attribute names the code of a class and its project bases gives it, docstrings left
    out (a NumPy ``name : type`` line of a docstring is not a field): members, every ``self.x``
    of the code, class-level names and names spelled as strings (``setattr`` and
    ``__slots__`` use them); None when an external base, a class decorator, ``__getattr__`` or
    ``self.__dict__.update`` may add more (computed once per class and run)."""
    key = ("set-attributes", cls.qualname, id(cls))
    if key not in ctx.run_cache:
        got = _class_names(ctx, cls, 0, True)
        ctx.run_cache[key] = None if got is None else got[0] | got[1]
    return ctx.run_cache[key]


def shown_attributes(ctx: JudgeContext, cls: Entity, complete: bool = False) -> frozenset[str] | None:
    """The names :func:`set_attributes` finds in code, without names only spelled as strings;
    with ``complete=False`` also when more may come from elsewhere (once per class and run)."""
    key = ("shown-attributes", cls.qualname, id(cls), complete)
    if key not in ctx.run_cache:
        got = _class_names(ctx, cls, 0, complete)
        ctx.run_cache[key] = None if got is None else got[0]
    return ctx.run_cache[key]


def _class_names(ctx: JudgeContext, cls: Entity, depth: int,
                 complete: bool) -> tuple[frozenset[str], frozenset[str]] | None:
    """(names the code of ``cls`` and its project bases binds, names they spell as strings),
    once per class and run."""
    key = ("class-names", cls.qualname, id(cls), complete)
    if key in ctx.run_cache:
        return ctx.run_cache[key]
    got = ctx.run_cache[key] = _class_names_of(ctx, cls, depth, complete)
    return got


def _class_names_of(ctx: JudgeContext, cls: Entity, depth: int,
                    complete: bool) -> tuple[frozenset[str], frozenset[str]] | None:
    ctx.reads_code_of(cls)
    if depth > 8 or (complete and (not _all_members_known(ctx, cls) or _takes_any_names(cls))):
        return None
    members = {m.rsplit(".", 1)[-1] for m in cls.members}
    if complete and members & {"__getattr__", "__getattribute__"}:
        return None
    code = _TRIPLE_QUOTED.sub("", cls.code)
    # every ``self.x`` the code sets or reads (a read says it is set somewhere: in an unpacking
    # over several lines, by a helper, by a base docfact cannot see)
    names = members | set(_SELF_TARGET.findall(code))
    body = _HEADER.search(code)
    if body is not None:  # names bound at the class body's own indentation
        indent = re.escape(body.group(1))
        for lhs in re.findall(rf"^{indent}((?:[A-Za-z_]\w*[ \t]*,[ \t]*)*[A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=(?!=)", code, re.M):
            names.update(part.strip() for part in lhs.split(","))
        names.update(re.findall(rf"^{indent}([A-Za-z_]\w*)[ \t]*:[ \t]*[A-Za-z_\"']", code, re.M))
    quoted = set(_QUOTED_NAME.findall(code))
    for base in cls.bases:
        parent = _only_project_class(ctx, base.split(".")[-1].split("[")[0])
        if parent is None or parent is cls or parent.qualname == cls.qualname:
            continue
        inherited = _class_names(ctx, parent, depth + 1, complete)
        if inherited is None:
            return None
        names |= inherited[0]
        quoted |= inherited[1]
    return frozenset(names), frozenset(quoted)


def assigned_on_others(ctx: JudgeContext) -> frozenset[str]:
    """The attribute names the project assigns on objects other than ``self``/``cls``
    (``estimator.n_features_in_ = n`` in a helper function): any class may have those."""
    ctx.reads_every_word()
    words = ctx.known_words
    key = ("assigned-on-others", id(words), len(words))
    got = ctx.run_cache.get(key)
    if got is None:
        got = ctx.run_cache[key] = frozenset(w.rsplit(".", 1)[1] for w in words
                                             if "." in w and not w.startswith(("self.", "cls.")))
    return got
