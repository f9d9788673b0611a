"""Whether a name the docs mention exists: in scope, in the project (members of project classes
and modules included, through their bases and imports), the stdlib and builtins, or an external
package. The C1 name rules ask here; whether a member exists on its owner, and the lists of
attributes a class is known to have, are :mod:`docfact.judges.member_lookup`'s."""

from __future__ import annotations

import re
from typing import cast

from docfact.judges import world
from docfact.judges.attribute_lists import QUOTED_NAME, all_members_known, only_project_class
from docfact.judges.base import JudgeContext
from docfact.judges.member_lookup import closed_enum_owner, closed_owner_lacks, has_member
from docfact.judges.mentions import Mention
from docfact.judges.world_modules import assigned_in, assigned_names
from docfact.lang.python.builtins import PY_BUILTIN_NAMES, STDLIB_MODULES
from docfact.model import Entity, FileIndex


def resolves(ctx: JudgeContext, m: Mention, imports: bool = True) -> bool:
    """Whether a mentioned name exists: in scope, in the project, the stdlib/builtins or an
    external package. A dotted name under a project class or module must name a real member.
    ``imports=False`` leaves out one place, the costliest to read: the external modules the file
    imports, for a simple name known nowhere else."""
    parts = m.name.split(".")
    if parts[0] in ("self", "cls", "this") and len(parts) > 1:
        parts = parts[1:]
    head = parts[0]
    if not ctx.is_known(head):
        return len(parts) == 1 and imports and _in_imported_module(ctx, head)
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
        in_stdlib = _stdlib_answer(ctx, head, dotted)
        if in_stdlib is not None:
            return in_stdlib
    scope = ctx.entity
    if scope is not None:
        try:
            head_res = ctx.graph.resolve(head, scope)
            if head_res is not None and head_res.kind == "project" and head_res.entity is not None \
                    and head_res.entity.kind in ("class", "module"):
                return _member_of_project_owner(ctx, parts, dotted, head_res.entity, scope)
            cls = only_project_class(ctx, head) if head_res is None else None
            if cls is not None and len(parts) == 2:
                # ``Session.resolve_redirects`` in a file that does not import Session
                return has_member(ctx, cls, parts[1]) or not all_members_known(ctx, cls)
        except Exception:
            return True  # a resolver problem is not a finding
    if ctx.is_known(parts[-1]):
        return True
    try:
        exists = ctx.graph.external_exists(dotted)
    except Exception:
        exists = None
    return exists is not False


def _stdlib_answer(ctx: JudgeContext, head: str, dotted: str) -> bool | None:
    """Whether ``dotted``, under the standard-library module ``head``, exists there: True or
    False when the standard library answers, None when the lookup goes on elsewhere."""
    try:
        found = ctx.graph.external_exists(dotted)
    except Exception:
        found = None
    if found:
        return True  # ``importlib.metadata`` in a project with a module ``importlib`` of its own
    if found is False and _names_the_stdlib_module(ctx, head):
        return False  # ``urllib.response.Response``: the module is read, and binds no such name
    return None


def _member_of_project_owner(ctx: JudgeContext, parts: list[str], dotted: str, owner: Entity, scope: Entity) -> bool:
    """Whether ``dotted`` (split into ``parts``) exists, its head resolving from ``scope`` to the
    project class or module ``owner``."""
    full = ctx.graph.resolve(dotted, scope)
    if full is not None and not (full.kind == "external" and (
            (owner.kind == "class" and all_members_known(ctx, owner, interface_ok=True))
            or closed_enum_owner(ctx, dotted, scope)
            or (parts[-1] in PY_BUILTIN_NAMES and closed_owner_lacks(ctx, ".".join(parts[:-1]), parts[-1])))):
        return True  # (the resolver follows a missing member into an external base)
    if owner.kind == "module" and len(parts) == 2:
        # bound by an import of a module docfact cannot read (compiled, generated)
        mod = ctx.graph.file(owner.path)
        if mod is not None and parts[1] in import_bound(ctx, mod):
            return True
    # an instance attribute set in a method (``self.show_default = ...``), or a
    # member of a class with a base outside the project (``jinja2.Environment``)
    return len(parts) == 2 and (f"self.{parts[1]}" in owner.code or (
        owner.kind == "class" and not all_members_known(ctx, owner, interface_ok=True)))


# what zope.interface's ``Interface`` gives every interface
_INTERFACE_MEMBERS = frozenset({
    "providedBy", "implementedBy", "names", "namesAndDescriptions", "queryDescriptionFor",
    "getDescriptionFor", "validateInvariants", "isOrExtends", "extends", "getBases", "queryTaggedValue",
    "getTaggedValue", "setTaggedValue", "getName", "getDoc",
})
_DEF_OR_IMPORT = re.compile(r"\b(?:def|class)[ \t]+(\w+)|\bimport\b([^\n]*)")


def _text_bindings(ctx: JudgeContext, owner: Entity) -> frozenset[str]:
    """Every name the source of a module or class assigns (also by unpacking and under
    ``if``/``try``), defines, imports or spells as a string (once per owner and run)."""
    key = ("text-bindings", owner.qualname, id(owner))
    got = ctx.run_cache.get(key)
    if got is not None:
        return cast("frozenset[str]", got)
    if owner.kind == "module":
        mod = ctx.graph.file(owner.path)
        text = mod.text if mod is not None else ""
    else:
        text = owner.code
    names: set[str] = set()
    names.update(assigned_in(ctx, owner.path) if owner.kind == "module" else assigned_names(text))
    names.update(QUOTED_NAME.findall(text))
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
    if last in PY_BUILTIN_NAMES and not closed_owner_lacks(ctx, owner, last):
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


def _in_imported_module(ctx: JudgeContext, name: str) -> bool:
    """Whether an external module the file imports (directly or through a project module that
    re-exports it) defines ``name``, such as a class of ``http.cookiejar`` named in a file that
    imports that module (answered once per file and name)."""
    key = ("in-imported-module", name)
    if key not in ctx.file_cache:
        ctx.file_cache[key] = _defined_by_imports(ctx, name)
    return cast("bool", ctx.file_cache[key])


def _defined_by_imports(ctx: JudgeContext, name: str) -> bool:
    for module in ctx.external_imports:
        try:
            if ctx.graph.external_exists(f"{module}.{name}"):
                return True
        except Exception:
            continue
    return False


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
