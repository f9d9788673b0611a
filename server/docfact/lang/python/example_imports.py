"""The imports of Python examples: what ``import`` and ``from … import`` statements bind, and the
ones that name a project module or name that does not exist (or a near miss of a name a
standard-library or installed module defines). :class:`~docfact.lang.python.examples.PythonReader`
builds on it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from docfact.graph.externals import MAX_FILE_SIZE
from docfact.index.reading import read_bytes
from docfact.judges import world
from docfact.judges.example_project import module_may_bind, module_names, submodules
from docfact.judges.example_reader import Reader
from docfact.judges.mentions import STAND_IN_NAME
from docfact.judges.rules.c1_examples import EXAMPLE_ATTRIBUTE, EXAMPLE_IMPORT
from docfact.model import Entity


@dataclass(frozen=True)
class Value:
    """What an example expression is, as far as the project shows: a project module, class,
    instance of a project class or function, or a module outside the project."""

    kind: str  # "module" | "class" | "instance" | "function" | "external"
    entity: Entity | None = None
    name: str = ""  # external: the dotted module name
    # a module that a bare name the example never imported was taken for (``fs.getinfo(path)``
    # in the docs of ``FS.getbasic``): the name may as well stand for an instance
    assumed: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return self.kind, self.entity.qualname if self.entity is not None else self.name


def value_of(ent: Entity) -> Value | None:
    if ent.kind == "module":
        return Value("module", ent)
    if ent.kind == "class":
        return Value("class", ent)
    if ent.kind in ("function", "method"):
        return Value("function", ent)
    return None


class ImportsReader(Reader):
    """The import statements of the Python examples of one doc (the base of the whole reader)."""

    env: dict[str, Value | None]  # names the examples bound so far
    star: bool  # an example star-imported: any bare name may come from there

    def forget(self, node: Node) -> None:
        """Every identifier of code docfact cannot read may have been rebound there."""
        if node.type == "identifier":
            self.env[self.src(node)] = None
        for child in node.children:
            self.forget(child)

    def import_statement(self, node: Node) -> None:
        for item in node.named_children:
            name_node = item.child_by_field_name("name") if item.type == "aliased_import" else item
            if name_node is None or name_node.type != "dotted_name":
                continue
            dotted = self.src(name_node)
            self.check_module(dotted, name_node)
            if item.type == "aliased_import":
                alias = item.child_by_field_name("alias")
                if alias is not None:
                    self.env[self.src(alias)] = self.module_value(dotted)
            else:
                top = dotted.split(".")[0]
                self.env[top] = self.module_value(top)

    def import_from(self, node: Node) -> None:
        module_node = node.child_by_field_name("module_name")
        skip = module_node.start_byte if module_node is not None else -1
        names = [c for c in node.named_children if c.start_byte != skip
                 and c.type in ("dotted_name", "aliased_import", "wildcard_import")]
        if module_node is None or module_node.type != "dotted_name":
            for c in names:  # a relative import: its module depends on where the example runs
                self.forget(c)
            return
        module = self.src(module_node)
        known = self.check_module(module, module_node)
        for item in names:
            if item.type == "wildcard_import":
                self.star = True
                continue
            name_node = item.child_by_field_name("name") if item.type == "aliased_import" else item
            if name_node is None:
                continue
            alias = item.child_by_field_name("alias") if item.type == "aliased_import" else None
            name = self.src(name_node)
            bound = self.src(alias) if alias is not None else name.split(".")[0]
            self.env[bound] = self.import_name(module, name, name_node) if known else None

    def check_module(self, dotted: str, node: Node) -> bool:
        """Report ``import a.b.c`` of a module that does not exist; whether it exists."""
        g = self.graph
        if g.is_project_name(dotted):
            if g.is_project_module(dotted):
                return True
            parts = dotted.split(".")
            for i in range(len(parts) - 1, 0, -1):
                parent = ".".join(parts[:i])
                if g.is_project_module(parent):
                    # a module of a package that has no such submodule, nor a name of it
                    path = g.module_path(parent)
                    if path is None or not path.endswith(("__init__.py", "__init__.pyi")):
                        return False
                    if module_may_bind(self.ctx, parent, parts[i]) or world.project_tree_partial(self.ctx):
                        return False  # (a tree that lacks modules its own code imports may lack this one)
                    subs = submodules(self.ctx, parent)
                    self.report(EXAMPLE_IMPORT, node,
                                f"the example imports `{dotted}`, but the project has no module "
                                f"`{'.'.join(parts[:i + 1])}`", self.suggest(parts[i], subs),
                                g.module_entity(path), f"package {parent}")
                    return False
            return False
        try:
            return g.external_exists(dotted) is True
        except Exception:
            return False

    def import_name(self, module: str, name: str, node: Node) -> Value | None:
        """The value of ``from module import name``; reports a name the module lacks."""
        g = self.graph
        if g.is_project_module(module):
            path = g.module_path(module)
            if path is None:
                return None
            found = g.resolver.member_of_module(module, name, set())
            if found is not None and found.kind == "project" and found.entity is not None:
                return value_of(found.entity)
            if found is not None and found.kind != "project":
                return self.module_value(found.qualname) if found.kind == "external" else None
            if module_may_bind(self.ctx, module, name) or STAND_IN_NAME.search(name):
                return None  # (``from robot.api import ClassName``: a stand-in for any of its names)
            ent = g.module_entity(path)
            self.report(EXAMPLE_IMPORT, node,
                        f"the example imports `{name}` from `{module}`, which does not define it",
                        self.suggest(name, module_names(self.ctx, module)), ent, f"module {module}")
            return None
        self.check_external(module, name, node, "imports", f"from `{module}`")
        return self.module_value(f"{module}.{name}")

    def check_external(self, module: str, name: str, node: Node, verb: str, where: str) -> None:
        """Report ``name`` of a standard-library or installed module that its source does not
        define (nor mention: ``globals().update(...)`` binds names no parse sees) when it is a
        near miss of a name it does define. A name without one may be of another version of the
        module (``itertools.batched`` is new in 3.12), and the installed copy of a package that
        is checked in part (``docfact check django/contrib``) is not the one the docs describe."""
        g = self.graph
        if f"/{module.split('.')[0]}/" in self.ctx.file.path.replace("\\", "/"):
            return
        try:
            if g.external_exists(module) is not True or g.external_exists(f"{module}.{name}") is not False:
                return
            doc = g.describe_external(module)
        except Exception:
            return
        if doc is None or doc.kind != "module" or not doc.path or name.startswith("__"):
            return
        source = self.ctx.run_cache.get(("example-module-source", doc.path))
        if source is None:
            data, _ = read_bytes(doc.path, MAX_FILE_SIZE)  # a regular file only, size-checked
            if data is None:
                return
            source = data.decode("utf-8", "replace")
            self.ctx.run_cache[("example-module-source", doc.path)] = source
        if re.search(rf"\b{re.escape(name)}\b", source):
            return
        defined = set(re.findall(r"^(?:async[ \t]+def|def|class)[ \t]+(\w+)|^(\w+)[ \t]*[:=]", source, re.M))
        suggestion = self.suggest(name, {n for pair in defined for n in pair if n})
        if suggestion is not None:
            self.report(EXAMPLE_IMPORT if verb == "imports" else EXAMPLE_ATTRIBUTE, node,
                        f"the example {verb} `{name}` {where}, which does not define it", suggestion,
                        None, f"{doc.path}")

    def module_value(self, dotted: str) -> Value | None:
        g = self.graph
        if g.is_project_module(dotted):
            ent = g.entity(dotted)
            return Value("module", ent) if ent is not None else None
        if g.is_project_name(dotted):
            return None
        try:
            doc = g.describe_external(dotted)
        except Exception:
            return None
        return Value("external", name=dotted) if doc is not None and doc.kind == "module" else None
