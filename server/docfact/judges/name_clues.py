"""What the file and the project say of a name the docs mention that the code lacks, for
C1.unknown-name: an import it shortens, a private member nothing defines, a module path through
the project's package alias, imports docfact cannot read, and the near names in scope or among
the project's classes that it may misspell."""

from __future__ import annotations

import re
from typing import cast

from docfact.judges.attribute_lists import shown_attributes
from docfact.judges.base import JudgeContext, osa_distance
from docfact.judges.example_project import package_alias, through_package
from docfact.judges.mentions import MARKED, Mention
from docfact.judges.name_lookup import project_head
from docfact.judges.name_relatives import relative
from docfact.lang.python.builtins import STDLIB_MODULES


def shorthand_of_an_import(ctx: JudgeContext, dotted: str) -> bool:
    """Whether ``pkg.name`` shortens a name the file imports from a submodule of ``pkg`` (the
    doc's pkg.join where the file has ``from pkg.paths import join``)."""
    head, last = dotted.split(".", 1)[0], dotted.rsplit(".", 1)[-1]
    bound, _ = ctx.graph.imports_of(ctx.file.path)
    imp = bound.get(last)
    return imp is not None and imp.level == 0 and imp.name == last and imp.module.startswith(head + ".")


_IMPORT_LINE_HEAD = re.compile(r"^[ \t]*(?:from|import)[ \t]+([A-Za-z_]\w*)", re.M)


def private_member_nowhere(ctx: JudgeContext, m: Mention) -> str | None:
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


def gone_through_package(ctx: JudgeContext, m: Mention, strict_place: bool) -> str | None:
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


def relative_in_scope(ctx: JudgeContext, name: str) -> str | None:
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


def _placeholder(ctx: JudgeContext, name: str) -> bool:
    """Whether the last word of ``name`` may stand for any of several names the project has
    (``_eval_expand_hint`` beside ``_eval_expand_mul``, ``_eval_expand_log``, …)."""
    stem = name[: len(name) - len(name.rsplit("_", 1)[-1])]
    if len(stem) < 3 or stem == name:
        return False
    ctx.reads_every_word()
    return sum(1 for w in ctx.known_words if w.startswith(stem)) >= 2


def unreadable_imports(ctx: JudgeContext) -> bool:
    """Whether the file imports a package docfact cannot read (not installed, or loaded by
    ``import_module``): a name the docs say the code calls may come from there (once per file)."""
    key = ("unreadable-imports", ctx.file.path)
    if key not in ctx.file_cache:
        ctx.file_cache[key] = _has_unreadable_imports(ctx)
    return cast("bool", ctx.file_cache[key])


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


def project_class_slip(ctx: JudgeContext, written: str) -> str | None:
    """The project class one edit away from ``written`` (a name known nowhere), if exactly one."""
    if ctx.is_known(written):
        return None
    # (a name in another case is no typo to :meth:`suggest`, which reads it as the same family)
    near = ctx.suggest_in_project(written, cutoff=0.9) or ctx.case_twin_in_project(written)
    if near is None or osa_distance(written.lower(), near.lower(), 1) > 1:
        return None
    return near if any(e.kind == "class" for e in ctx.graph.entities_named(near)) else None


def class_case_slip(ctx: JudgeContext, written: str, real: str) -> bool:
    """Whether ``written`` is a project class's CamelCase name with one inner letter in the wrong
    case (``PHregResults`` for ``PHRegResults``): a slip, not prose spelling a word another way."""
    if written[0] != real[0] or sum(a != b for a, b in zip(written, real)) != 1:
        return False
    if sum(c.isupper() for c in real) < 2 or not any(c.islower() for c in real):
        return False
    return any(e.kind == "class" for e in ctx.graph.entities_named(real))


def method_of_a_class_there(ctx: JudgeContext, dotted: str) -> bool:
    """Whether ``pkg.mod.name`` names a method that a class of project module ``pkg.mod`` has
    (its own or inherited from a project base): "``pkg.paragraph.set_mark()``" is shorthand for
    ``Paragraph.set_mark`` of that module."""
    owner, _, last = dotted.rpartition(".")
    path = ctx.graph.module_path(owner) if owner else None
    fi = ctx.graph.file(path) if path is not None else None
    if fi is None or not any(e.kind == "method" for e in ctx.graph.entities_named(last)):
        return False
    for cls in fi.entities:
        if cls.kind == "class" and cls.parent is None:
            shown = shown_attributes(ctx, cls)
            if shown is not None and last in shown:
                return True
    return False


def scope_excerpt(ctx: JudgeContext) -> str | None:
    e = ctx.entity
    if e is None:
        return None
    return e.signature or e.code.split("\n", 1)[0]
