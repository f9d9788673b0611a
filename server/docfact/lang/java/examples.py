"""The Java example reader: ``<pre>{@code ...}</pre>`` blocks of Javadoc, read as statements.

A variable declared with a project class as its type (``Cart cart = ...``, ``var cart = new
Cart()``) holds an instance of it; a class name means the class itself (static members). A
method call or field access on either must name a member of the class or of its project
supertypes; a method's declared return type carries the chain on (``Cart.empty().add(x)``).
An import of a class that a project package does not have is wrong too. Classes with a
supertype outside the project or an annotation that may generate members (Lombok's ``@Data``)
are not judged.
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

_MODIFIERS = frozenset(
    "public protected private static final abstract default synchronized native strictfp transient "
    "volatile sealed non-sealed".split()
)
# annotations that add no member
_PLAIN_ANNOTATIONS = frozenset({"Deprecated", "FunctionalInterface", "SuppressWarnings", "SafeVarargs", "Override"})
_OBJECT = frozenset("equals hashCode toString getClass notify notifyAll wait clone finalize".split())
_ENUM = frozenset("values valueOf name ordinal compareTo getDeclaringClass describeConstable".split())
_NOT_MEANT = re.compile(r"\b(?:never|wrong|incorrect|invalid|don'?t|do not|won'?t|will not|would|otherwise|instead|"
                        r"deprecated|legacy|removed|old|previously|formerly|avoid|bad|no longer|fails?)\b", re.I)


class JavaReader(TreeReader):
    """Reads the Java examples of one Javadoc and collects what is provably wrong."""

    members_tag = "example-java-members"

    def __init__(self, ctx: JudgeContext) -> None:
        super().__init__(ctx)
        self.imported: dict[str, Entity | None] = {}  # classes the examples import (None: not ours)

    def read(self, units: list[CodeUnit]) -> list[Issue]:
        from docfact.lang.java.extract import parser

        return self.read_units(units, parser(), lambda unit: unit.lang == "java")

    def shown_as_wrong(self, unit: CodeUnit) -> bool:
        """Whether the sentence before the ``<pre>`` says the code is wrong, old or hypothetical."""
        before = self.text[:unit.lines[0][0]]
        before = before[:before.rfind("<pre")] if "<pre" in before else before
        before = before[before.rfind("</pre>") + 6:] if "</pre>" in before else before
        last = re.split(r"(?<=[.!?])\s+|\n\s*\n", before.strip())[-1]
        return _NOT_MEANT.search(last) is not None

    # -- statements and expressions -------------------------------------------------------
    def walk(self, node: Node) -> None:
        t = node.type
        if t == "import_declaration":
            self.import_declaration(node)
        elif t in ("local_variable_declaration", "field_declaration"):
            declared = self.type_class(node.child_by_field_name("type"))
            for name, got in self.declarators(node):
                if name is not None:
                    is_var = self.src(node.child_by_field_name("type") or name) == "var"
                    instance = got[1] if got is not None and got[0] == "instance" else None
                    self.env[self.src(name)] = instance if is_var else declared
        elif t == "enhanced_for_statement":
            name = node.child_by_field_name("name")
            value = node.child_by_field_name("value")
            if value is not None:
                self.evaluate(value)
            if name is not None:
                self.env[self.src(name)] = self.type_class(node.child_by_field_name("type"))
            body = node.child_by_field_name("body")
            if body is not None:
                self.walk(body)
        elif t in ("method_invocation", "field_access", "object_creation_expression"):
            self.evaluate(node)
        elif t in ("class_declaration", "interface_declaration", "enum_declaration", "record_declaration",
                   "method_declaration"):
            self.forget(node)  # a class of the example's own: its body binds its own names
        elif t in ("lambda_expression", "catch_formal_parameter"):
            self.forget(node)
        else:
            for child in node.named_children:
                self.walk(child)

    def evaluate(self, node: Node) -> tuple[str, Entity] | None:
        """("class" | "instance", project class) of an expression's static type, checking the
        members it names on the way."""
        t = node.type
        if t == "identifier":
            return self.name_type(self.src(node))
        if t == "parenthesized_expression" and node.named_child_count == 1:
            return self.evaluate(node.named_children[0])
        if t == "object_creation_expression":
            for child in node.named_children:
                if child.type in ("argument_list",):
                    self.walk(child)
            if any(c.type == "class_body" for c in node.named_children):
                return None  # an anonymous subclass
            cls = self.type_class(node.child_by_field_name("type"))
            return ("instance", cls) if cls is not None else None
        if t in ("method_invocation", "field_access"):
            obj = node.child_by_field_name("object")
            name_node = node.child_by_field_name("name" if t == "method_invocation" else "field")
            args = node.child_by_field_name("arguments")
            if args is not None:
                self.walk(args)
            owner = self.evaluate(obj) if obj is not None else None
            if owner is None or name_node is None:
                return None
            return self.member(owner, name_node, call=t == "method_invocation")
        for child in node.named_children:
            self.walk(child)
        return None

    def member(self, owner: tuple[str, Entity], name_node: Node, call: bool) -> tuple[str, Entity] | None:
        cls = owner[1]
        names = self.members(cls)
        name = self.src(name_node)
        if names is None or name == "length" or name == "class":
            return None
        if name not in names:
            what = "method" if call else "field"
            self.report(EXAMPLE_ATTRIBUTE, name_node,
                        f"`{name}` is not a {what} of `{cls.name}` or its supertypes",
                        self.suggest(name, names), cls)
            return None
        ent = self.find_member(cls, name)
        if ent is None:
            return None
        if ent.kind == "class":
            return "class", ent
        type_name = ent.returns if call else ent.annotation
        target = self.type_named(type_name or "", ent)
        return ("instance", target) if target is not None else None

    # -- project classes ------------------------------------------------------------------
    def class_named(self, name: str) -> Entity | None:
        if name in self.imported:
            return self.imported[name]
        return self.type_named(name, self.scope)

    def type_named(self, name: str, scope: Entity | None) -> Entity | None:
        if scope is None or not re.fullmatch(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*", name):
            return None
        # from the file, not the class: inside ``Cart`` the name ``Cart`` is its constructor
        scope = self.graph.module_entity(scope.path) or scope
        found = self.graph.project_entity(name, scope)
        return found if found is not None and found.kind == "class" else None

    def type_class(self, node: Node | None) -> Entity | None:
        if node is None or node.type not in ("type_identifier", "scoped_type_identifier"):
            return None
        return self.class_named(self.src(node))

    def find_member(self, cls: Entity, name: str, depth: int = 0) -> Entity | None:
        """The member ``name`` of a project class or of its nearest project supertype."""
        own = self.graph.find(cls.path, f"{cls.local_name}.{name}")
        if own is not None or depth > 16:
            return own
        for base in cls.bases:
            parent = self.type_named(base.split("<")[0].strip(), cls)
            found = self.find_member(parent, name, depth + 1) if parent is not None else None
            if found is not None:
                return found
        return None

    def _members(self, cls: Entity, depth: int) -> set[str] | None:
        """None when a supertype is outside the project or an annotation may generate members."""
        if any(d not in _MODIFIERS and d.split("(")[0].split(".")[-1] not in _PLAIN_ANNOTATIONS
               for d in cls.decorators):
            return None
        if re.search(r"\brecord\b", cls.signature):
            return None  # its component accessors are not listed as members
        names = {m.rsplit(".", 1)[-1] for m in cls.members} | _OBJECT
        if re.search(r"\benum\b", cls.signature):
            names |= _ENUM
        for base in cls.bases:
            simple = base.split("<")[0].strip()
            if simple in ("Object", "java.lang.Object"):
                continue
            parent = self.type_named(simple, cls)
            inherited = self.members(parent, depth + 1) if parent is not None and depth < 16 else None
            if inherited is None:
                return None
            names |= inherited
        return names

    def import_declaration(self, node: Node) -> None:
        text = self.src(node)
        m = re.fullmatch(r"import\s+([\w.]+)\.(\w+)\s*;", text)
        if m is None:
            return  # static and wildcard imports
        package, name = m.groups()
        if not self.graph.is_java_package(package):
            self.imported[name] = None  # ``import java.util.List;`` hides a project ``List``
            return
        cls = self.graph.java_class(package, name)
        if cls is not None:
            self.imported[name] = cls
            return
        pool = {e.name for f in self.graph.files() if f.language == "java" and f.package == package
                for e in f.entities if e.kind == "class" and e.parent is None}
        name_node = next((c for c in node.named_children if self.src(c).endswith(name)), node)
        self.report(EXAMPLE_IMPORT, name_node,
                    f"the example imports `{package}.{name}`, but package `{package}` has no class `{name}`",
                    self.suggest(name, pool), None, f"package {package}")
        if self.issues and self.issues[-1].name != name:  # point the fix at the class name only
            last = self.issues.pop()
            end = last.end
            self.issues.append(Issue(last.rule, end - len(name), end, name, last.message, last.suggestion,
                                     last.evidence, last.excerpt))
