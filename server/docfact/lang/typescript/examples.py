"""The TypeScript/JavaScript example reader: JSDoc ``@example`` code, read as statements in order.

An import from a project module (a relative specifier, or one ``tsconfig.json`` maps) must
name something the module defines or re-exports. A variable bound to ``new Cls(...)`` of a
project class holds an instance of it, a class name means the class itself (static members);
a member accessed on either must exist on the class or its project base classes (fields,
methods, accessors, parameter properties and ``this.x = ...`` assignments of its methods
count). Classes with a base outside the project, decorators (which may add members) or an
index signature are not judged; nor is anything reached through a value docfact cannot type.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from docfact.docs.segments import CodeUnit
from docfact.judges.base import JudgeContext
from docfact.judges.example_reader import Issue
from docfact.judges.rules.c1_examples import EXAMPLE_ATTRIBUTE, EXAMPLE_IMPORT
from docfact.lang.example_walk import TreeReader
from docfact.model import Entity

TS_EXAMPLE_LANGS = frozenset({"typescript", "javascript", "ts", "js", "tsx", "jsx", "mjs", "cjs", ""})
# what every object has (Object.prototype) and what classes have as functions
_OBJECT = frozenset(
    "constructor toString toLocaleString valueOf hasOwnProperty isPrototypeOf propertyIsEnumerable "
    "name length prototype call apply bind".split()
)
_NOT_MEANT = re.compile(r"\b(?:never|wrong|incorrect|invalid|don'?t|do not|won'?t|will not|would|otherwise|instead|"
                        r"deprecated|legacy|removed|old|previously|formerly|avoid|bad|no longer|fails?"
                        r"|throws?)\b", re.I)


class TsReader(TreeReader):
    """Reads the TypeScript/JavaScript examples of one JSDoc block and collects what is wrong."""

    name_types = frozenset({"identifier", "shorthand_property_identifier_pattern"})
    members_tag = "example-ts-members"

    def __init__(self, ctx: JudgeContext) -> None:
        super().__init__(ctx)
        self.classes: dict[str, Entity | None] = {}  # names the examples import or declare

    def read(self, units: list[CodeUnit]) -> list[Issue]:
        from docfact.lang.typescript.extract import parser

        prs = parser("example.tsx" if any(u.lang in ("tsx", "jsx") for u in units) else "example.ts")
        return self.read_units(units, prs, lambda unit: unit.lang in TS_EXAMPLE_LANGS)

    def shown_as_wrong(self, unit: CodeUnit) -> bool:
        """Whether the line before the example code (its ``@example`` caption) says it fails."""
        before = self.text[: unit.lines[0][0]].rstrip()
        last = before[before.rfind("\n") + 1 :]
        return _NOT_MEANT.search(last) is not None

    # -- statements and expressions -------------------------------------------------------
    def walk(self, node: Node) -> None:
        t = node.type
        if t == "import_statement":
            self.import_statement(node)
        elif t in ("lexical_declaration", "variable_declaration"):
            for name, got in self.declarators(node):
                if name is None:
                    continue
                if name.type == "identifier":
                    self.env[self.src(name)] = got[1] if got is not None and got[0] == "instance" else None
                    if got is not None and got[0] == "class":
                        self.classes[self.src(name)] = got[1]
                else:
                    self.forget(name)
        elif t in ("class_declaration", "function_declaration", "generator_function_declaration",
                   "interface_declaration", "type_alias_declaration", "enum_declaration"):
            nm = node.child_by_field_name("name")
            if nm is not None:
                self.env[self.src(nm)] = None  # the example's own: it binds its own names
        elif t in ("arrow_function", "function_expression", "for_in_statement", "catch_clause"):
            self.forget(node)
        elif t in ("member_expression", "call_expression", "new_expression"):
            self.evaluate(node)
        else:
            for child in node.named_children:
                self.walk(child)

    def evaluate(self, node: Node) -> tuple[str, Entity] | None:
        """("class" | "instance", project class) of an expression, checking the members it
        names on the way."""
        t = node.type
        if t == "identifier":
            return self.name_type(self.src(node))
        if t in ("parenthesized_expression", "await_expression", "non_null_expression") and node.named_child_count:
            return self.evaluate(node.named_children[0])
        if t == "new_expression":
            args = node.child_by_field_name("arguments")
            if args is not None:
                self.walk(args)
            ctor = node.child_by_field_name("constructor")
            cls = self.class_named(self.src(ctor)) if ctor is not None and ctor.type == "identifier" \
                and self.src(ctor) not in self.env else None
            return ("instance", cls) if cls is not None else None
        if t == "call_expression":
            args = node.child_by_field_name("arguments")
            if args is not None:
                self.walk(args)
            fn = node.child_by_field_name("function")
            if any(c.type in ("?.", "optional_chain") for c in node.children):
                return None  # ``x.m?.()``: the method may be missing on purpose
            if fn is not None and fn.type == "member_expression":
                self.evaluate(fn)
            elif fn is not None:
                self.walk(fn)
            return None  # what a call returns is not followed
        if t == "member_expression":
            obj = node.child_by_field_name("object")
            prop = node.child_by_field_name("property")
            if any(c.type in ("?.", "optional_chain") for c in node.children):
                return None  # optional chaining: the member may be missing on purpose
            owner = self.evaluate(obj) if obj is not None else None
            if owner is None or prop is None or prop.type != "property_identifier":
                return None
            return self.member(owner, prop)
        for child in node.named_children:
            self.walk(child)
        return None

    def member(self, owner: tuple[str, Entity], prop: Node) -> tuple[str, Entity] | None:
        cls = owner[1]
        names = self.members(cls)
        name = self.src(prop)
        if names is None or name in _OBJECT:
            return None
        if name not in names:
            what = "a static member" if owner[0] == "class" else "a member"
            self.report(EXAMPLE_ATTRIBUTE, prop, f"`{name}` is not {what} of `{cls.name}` or its base classes",
                        self.suggest(name, names), cls)
        return None

    # -- project classes ------------------------------------------------------------------
    def class_named(self, name: str) -> Entity | None:
        if name in self.classes:
            return self.classes[name]
        if self.scope is None or not re.fullmatch(r"[A-Za-z_$][\w$]*", name):
            return None
        found = self.graph.project_entity(name, self.scope)
        return found if found is not None and found.kind == "class" else None

    def _members(self, cls: Entity, depth: int) -> set[str] | None:
        """None when a decorator, an index signature or a base outside the project hides them."""
        if any(d not in ("export", "default", "abstract", "declare") for d in cls.decorators):
            return None  # a decorator may add members
        if re.search(r"\[\s*\w+\s*:\s*(?:string|number|symbol)\s*\]", cls.code):
            return None  # an index signature: any name is a member
        names = {m.rsplit(".", 1)[-1] for m in cls.members}
        fi = self.graph.file(cls.path)
        for m in cls.members:
            ent = fi.entity(m) if fi is not None else None
            if ent is not None:
                names |= {a.split(".")[1] for a in ent.assigns if a.startswith("this.") and a.count(".") >= 1}
        for base in cls.bases:
            parent = self.class_named(base.split("<")[0].split(".")[-1].strip()) if base else None
            if parent is None and base:
                try:
                    r = self.graph.resolve(base.split("<")[0].strip(), self.graph.module_entity(cls.path) or cls)
                except Exception:
                    r = None
                parent = r.entity if r is not None and r.kind == "project" and r.entity is not None \
                    and r.entity.kind == "class" else None
            inherited = self.members(parent, depth + 1) if parent is not None and depth < 16 else None
            if inherited is None:
                return None
            names |= inherited
        return names

    def import_statement(self, node: Node) -> None:
        from docfact.lang.typescript.modules import resolve_specifier

        source = node.child_by_field_name("source")
        if source is None:
            return
        spec = self.src(source)[1:-1]
        fi = self.ctx.file
        module = resolve_specifier(spec, fi.module, fi.path)
        clause = next((c for c in node.named_children if c.type == "import_clause"), None)
        names: list[tuple[str, Node, str]] = []  # imported name, its node, the local name
        for c in clause.named_children if clause is not None else []:
            if c.type == "named_imports":
                for s in c.named_children:
                    nm = s.child_by_field_name("name")
                    alias = s.child_by_field_name("alias")
                    if nm is not None:
                        names.append((self.src(nm), nm, self.src(alias) if alias is not None else self.src(nm)))
            elif c.type == "identifier":
                self.env[self.src(c)] = None
            elif c.type == "namespace_import":
                self.forget(c)
        if not self.graph.is_project_module(module):
            for _, _, local in names:
                self.env[local] = None  # a package's name: unknown
            return
        for name, nm, local in names:
            try:
                found = self.graph.resolver.member_of_module(module, name, set())
            except Exception:
                found = None
            if found is not None and found.entity is not None:
                self.classes[local] = found.entity if found.entity.kind == "class" else None
                if found.entity.kind != "class":
                    self.env[local] = None
                continue
            if self.graph.resolver.opaque_module(self.graph.module_path(module) or ""):
                self.env[local] = None
                continue
            mod = self.graph.entity(module)
            pool = {m.rsplit(".", 1)[-1] for m in mod.members} if mod is not None else set()
            pool |= {i.bound_name for i in self.graph.imports_of(self.graph.module_path(module) or "")[0].values()}
            self.env[local] = None
            self.report(EXAMPLE_IMPORT, nm,
                        f"the example imports `{name}` from `{spec}`, which does not define it",
                        self.suggest(name, pool), mod, f"module {module}")
