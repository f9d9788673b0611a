"""The Python example reader: doctests and code blocks read in order, as doctest runs them.

What an example binds (imports, assignments, ``for``/``with`` targets, definitions) is in scope
for its later lines; a name it never binds means what it means in the documented module (the
doctest namespace) or nothing. Expressions are followed only through what the project shows:
project modules, classes, instances made by calling a project class, project functions, and
modules of the standard library or installed packages (for imports and their attributes).
"""

from __future__ import annotations

from tree_sitter import Node

from docfact.docs.layout import layout
from docfact.docs.segments import CodeUnit, leading_import_rows
from docfact.judges import world
from docfact.judges.base import JudgeContext, osa_distance
from docfact.judges.example_project import (
    ALWAYS,
    class_names,
    member,
    module_may_bind,
    module_names,
    package_alias,
    plain_class,
    returned_class,
    signature_of,
)
from docfact.judges.example_reader import Issue
from docfact.judges.rules.c1_examples import EXAMPLE_ATTRIBUTE, EXAMPLE_KEYWORD, EXAMPLE_NAME
from docfact.lang.python.builtins import PY_BUILTIN_NAMES, STDLIB_MODULES
from docfact.lang.python.example_imports import ImportsReader, Value, value_of
from docfact.model import Entity


class PythonReader(ImportsReader):
    """Reads the Python examples of one doc and collects what is provably wrong."""

    def __init__(self, ctx: JudgeContext) -> None:
        super().__init__(ctx)
        self.scope = ctx.graph.module_entity(ctx.file.path)
        self.env: dict[str, Value | None] = {}  # names the examples bound so far
        self.star = False  # an example star-imported: any bare name may come from there
        self.set_attrs: set[tuple[tuple[str, str], str]] = set()  # attributes the examples assign

    def read(self, units: list[CodeUnit]) -> list[Issue]:
        from docfact.lang.python.parser import parse_snippet

        blocks = layout(self.text)
        for unit in units:
            if unit.lang != "python":
                continue
            self.unit = unit
            self.data = unit.source(self.text).encode("utf-8", "surrogatepass")  # an editor may send lone surrogates
            root = parse_snippet(self.data).root_node
            if self.not_meant_to_work(unit, blocks):
                self.forget(root)
                continue
            if root.has_error and not unit.marked:
                # unmarked text that does not parse may not be Python at all (a shell session,
                # output); but a usage block that opens with well-formed imports is Python with a
                # slip further down (an unclosed quote), and those imports are still read
                for stmt in leading_import_rows(root):
                    self.statement(stmt)
                self.forget(root)
                continue
            for stmt in root.named_children:
                if stmt.has_error or stmt.type == "ERROR":
                    self.forget(stmt)
                else:
                    self.statement(stmt)
        return self.issues

    def statement(self, node: Node) -> None:
        """Check one statement of an example and record what it binds."""
        t = node.type
        if t == "import_statement":
            self.import_statement(node)
        elif t == "import_from_statement":
            self.import_from(node)
        elif t == "expression_statement":
            for child in node.named_children:
                self.expression_or_assignment(child)
        elif t in ("function_definition", "class_definition", "decorated_definition"):
            self.definition_statement(node)
        elif t == "for_statement":
            right = node.child_by_field_name("right")
            if right is not None:
                self.visit(right, frozenset())
            left = node.child_by_field_name("left")
            if left is not None:
                self.forget(left)
            self.blocks(node)
        elif t == "with_statement":
            self.with_statement(node)
        elif t in ("if_statement", "while_statement", "try_statement", "elif_clause", "else_clause",
                   "except_clause", "finally_clause", "match_statement"):
            self.compound_statement(node)
        elif t in ("delete_statement", "global_statement", "nonlocal_statement"):
            self.forget(node)
        elif t == "future_import_statement":
            return
        else:
            self.visit(node, frozenset())

    def definition_statement(self, node: Node) -> None:
        """A function or class definition (decorated or not): a class's bases are checked, and
        the defined name is bound to an unknown value."""
        definition = (node.child_by_field_name("definition")
                      if node.type == "decorated_definition" else node)
        if definition is None:
            return
        if definition.type == "class_definition":
            bases = definition.child_by_field_name("superclasses")
            if bases is not None:
                self.visit(bases, frozenset())
        name = definition.child_by_field_name("name")
        if name is not None:
            self.env[self.src(name)] = None

    def with_statement(self, node: Node) -> None:
        """A ``with`` statement: each context expression is checked, its ``as`` target
        forgotten, then the body."""
        for child in node.children:
            if child.type == "with_clause":
                for item in child.named_children:
                    value = item.child_by_field_name("value")
                    if value is not None and value.type == "as_pattern":
                        self.visit(value.named_children[0], frozenset())
                        self.forget(value)
                    elif value is not None:
                        self.visit(value, frozenset())
        self.blocks(node)

    def compound_statement(self, node: Node) -> None:
        """An ``if``/``while``/``try``/``match`` statement or one of its clauses: blocks and
        clauses are walked, ``as`` targets and caught names forgotten, conditions checked."""
        t = node.type
        for child in node.named_children:
            if child.type == "block" or child.type.endswith("_clause"):
                self.statement(child) if child.type != "block" else self.block(child)
            elif child.type == "as_pattern" or (t == "except_clause" and child.type == "identifier"):
                self.forget(child)
            else:
                self.visit(child, frozenset())

    def blocks(self, node: Node) -> None:
        for child in node.named_children:
            if child.type == "block":
                self.block(child)
            elif child.type in ("else_clause", "finally_clause", "except_clause"):
                self.statement(child)

    def block(self, node: Node) -> None:
        for stmt in node.named_children:
            self.statement(stmt)

    def expression_or_assignment(self, node: Node) -> None:
        if node.type not in ("assignment", "augmented_assignment"):
            self.visit(node, frozenset())
            return
        right = node.child_by_field_name("right")
        value = None
        if right is not None:
            if right.type in ("assignment", "augmented_assignment"):
                self.expression_or_assignment(right)  # a = b = c
            else:
                value = self.evaluate(right, frozenset())
        left = node.child_by_field_name("left")
        if left is None:
            return
        if node.type == "assignment" and left.type == "identifier" and node.child_by_field_name("type") is None:
            self.env[self.src(left)] = value
        elif left.type == "attribute":
            owner = left.child_by_field_name("object")
            attr = left.child_by_field_name("attribute")
            target = self.evaluate(owner, frozenset()) if owner is not None else None
            if target is not None and attr is not None:
                self.set_attrs.add((target.key, self.src(attr)))
        elif left.type == "subscript":
            self.visit(left, frozenset())
        else:
            self.forget(left)

    def visit(self, node: Node, shadow: frozenset[str]) -> None:
        """Check every attribute and call inside ``node``."""
        t = node.type
        if t in ("attribute", "call"):
            self.evaluate(node, shadow)
            return
        if t in ("lambda", "list_comprehension", "set_comprehension", "dictionary_comprehension",
                 "generator_expression"):
            shadow = shadow | self.bound_inside(node)
        elif t == "named_expression":
            value = node.child_by_field_name("value")
            if value is not None:
                self.visit(value, shadow)
            name = node.child_by_field_name("name")
            if name is not None:
                self.env[self.src(name)] = None
            return
        elif t in ("string", "comment"):
            return
        for child in node.named_children:
            self.visit(child, shadow)

    def bound_inside(self, node: Node) -> frozenset[str]:
        """Names a lambda or comprehension binds for its own body."""
        out: set[str] = set()
        targets: list[Node] = []
        if node.type == "lambda":
            params = node.child_by_field_name("parameters")
            if params is not None:
                targets.append(params)
        else:
            targets.extend(c.child_by_field_name("left") for c in node.named_children  # type: ignore[misc]
                           if c.type == "for_in_clause" and c.child_by_field_name("left") is not None)
        stack = targets
        while stack:
            n = stack.pop()
            if n.type == "identifier":
                out.add(self.src(n))
            stack.extend(n.named_children)
        return frozenset(out)

    def evaluate(self, node: Node, shadow: frozenset[str]) -> Value | None:
        """The value of an expression, checking the attributes and calls on the way."""
        t = node.type
        if t == "identifier":
            name = self.src(node)
            if name in shadow:
                return None
            if name in self.env:
                return self.env[name]
            if self.star:
                return None
            got = self.in_module_scope(name) or self.alias_of_package(name)
            if got is not None and got.kind == "module" and not self.module_imports(name):
                return Value("module", got.entity, got.name, assumed=True)
            return got
        if t == "parenthesized_expression" and node.named_child_count == 1:
            return self.evaluate(node.named_children[0], shadow)
        if t == "attribute":
            obj = node.child_by_field_name("object")
            attr = node.child_by_field_name("attribute")
            if obj is None or attr is None:
                return None
            owner = self.evaluate(obj, shadow)
            return self.attribute(owner, attr) if owner is not None else None
        if t == "call":
            fn = node.child_by_field_name("function")
            args = node.child_by_field_name("arguments")
            callee = self.evaluate(fn, shadow) if fn is not None else None
            if callee is None and fn is not None and fn.type == "identifier":
                self.unbound_call(fn, shadow)
            if args is not None:
                self.visit(args, shadow)
                if callee is not None and args.type == "argument_list":
                    self.keywords(callee, args)
            if callee is not None and callee.kind == "class" and plain_class(self.ctx, callee.entity):
                return Value("instance", callee.entity)
            if callee is not None and callee.kind == "function" and callee.entity is not None:
                made = returned_class(self.ctx, callee.entity)
                return Value("instance", made) if made is not None and plain_class(self.ctx, made) else None
            return None
        self.visit(node, shadow)
        return None

    def unbound_call(self, fn: Node, shadow: frozenset[str]) -> None:
        """Report a called bare name that neither the example nor the documented module binds,
        nor the project defines anywhere, when it is one slip from a name they do bind and the
        module's names can all be listed (doctest would raise ``NameError``)."""
        name = self.src(fn)
        if len(name) < 5 or name in shadow or name in self.env or self.star or self.scope is None \
                or name in PY_BUILTIN_NAMES or name in STDLIB_MODULES or self.ctx.is_known(name):
            return
        try:
            if self.graph.resolve(name, self.scope) is not None:
                return
        except Exception:
            return
        if not world.module_names_closed(self.ctx, self.scope.path):
            return
        near = self.suggest(name, set(self.env) | self.ctx.scope_names, cutoff=0.9)
        if near is None or osa_distance(name, near, 2) > (2 if len(name) >= 10 else 1):
            return
        self.report(EXAMPLE_NAME, fn, f"the example calls `{name}`, which neither the example nor the module binds",
                    near, None)

    def in_module_scope(self, name: str) -> Value | None:
        """A name the examples never bound, as the documented module sees it (doctest runs
        examples in the module's namespace)."""
        if self.scope is None:
            return None
        found = self.graph.project_entity(name, self.scope)
        return value_of(found) if found is not None else None

    def module_imports(self, name: str) -> bool:
        """Whether the documented module imports ``name`` (so doctest sees it bound)."""
        return self.scope is not None and name in self.graph.imports_of(self.scope.path)[0]

    def alias_of_package(self, name: str) -> Value | None:
        """A name the example never bound and the documented module does not bind either, that
        the project imports its own package as everywhere (``gk`` of ``import geomkit as gk``):
        the examples of a manual assume that import (``gk.area(...)``)."""
        if self.scope is None or name in PY_BUILTIN_NAMES or name in STDLIB_MODULES:
            return None
        module = package_alias(self.ctx, name)
        if module is None:
            return None
        try:
            if self.graph.resolve(name, self.scope) is not None:
                return None  # bound in the module, as something docfact does not follow
        except Exception:
            return None
        return self.module_value(module)

    def attribute(self, owner: Value, attr: Node) -> Value | None:
        name = self.src(attr)
        if (owner.key, name) in self.set_attrs or name.startswith("__"):
            return None
        if owner.kind == "external":
            self.check_external(owner.name, name, attr, "uses", f"of `{owner.name}`")
            return self.module_value(f"{owner.name}.{name}")
        ent = owner.entity
        if ent is None:
            return None
        if owner.kind == "module":
            return self.module_attribute(owner, ent, name, attr)
        if owner.kind not in ("class", "instance"):
            return None
        names = class_names(self.ctx, ent)
        if names is None:
            return None
        if name not in names and name not in ALWAYS and world.class_attributes_closed(self.ctx, ent, name):
            what = "class" if owner.kind == "class" else "instance of"
            self.report(EXAMPLE_ATTRIBUTE, attr,
                        f"`{name}` is not an attribute of {what} `{ent.name}`",
                        self.suggest(name, names - ALWAYS), ent)
            return None
        found_member = member(self.ctx, ent, name)
        if found_member is None:
            return None
        if found_member.kind == "class":
            return Value("class", found_member)
        if found_member.kind in ("function", "method"):
            return Value("function", found_member)
        return None

    def module_attribute(self, owner: Value, ent: Entity, name: str, attr: Node) -> Value | None:
        """``name`` read on a project module: its value, or a report when the module lacks it."""
        found = self.graph.resolver.member_of_module(ent.qualname, name, set())
        if found is not None and found.kind == "project" and found.entity is not None:
            return value_of(found.entity)
        if found is not None and found.kind == "external":
            return self.module_value(found.qualname)
        if found is not None and found.kind != "project":
            return None
        if module_may_bind(self.ctx, ent.qualname, name):
            return None
        if owner.assumed and any(e.kind in ("method", "variable", "field") and e.parent
                                 for e in self.graph.entities_named(name)):
            return None  # ``fs.getinfo(path)``: ``fs`` may stand for an instance with that method
        self.report(EXAMPLE_ATTRIBUTE, attr,
                    f"`{name}` is not defined in module `{ent.qualname}`",
                    self.suggest(name, module_names(self.ctx, ent.qualname)), ent,
                    f"module {ent.qualname}")
        return None

    def keywords(self, callee: Value, args: Node) -> None:
        if callee.entity is None or callee.kind not in ("function", "class"):
            return
        target, what = signature_of(self.ctx, callee.entity)
        if target is None:
            return
        params = target.params
        if any(p.kind in ("kwarg",) for p in params) or not world.signature_closed(self.ctx, target):
            return  # ``**kwargs``, or a decorator that may change the signature
        accepted = [p.name for p in params if p.kind not in ("vararg", "kwarg", "self")]
        accepted += sorted(world.overload_params(self.ctx, target))
        for arg in args.named_children:
            if arg.type != "keyword_argument":
                continue
            name_node = arg.child_by_field_name("name")
            if name_node is None:
                continue
            kw = self.src(name_node)
            if kw in accepted:
                continue
            self.report(EXAMPLE_KEYWORD, name_node,
                        f"`{kw}` is not a parameter of {what}",
                        self.suggest(kw, accepted, cutoff=0.6), target, target.signature or None)

