"""C1 in example code: code inside the docs is code, and its names must exist.

Doctests, literal blocks, code directives and fences of Python docstrings are parsed with
tree-sitter and read in order, as doctest runs them: what an example binds (imports,
assignments, ``for``/``with`` targets, definitions) is in scope for its later lines, a name it
never binds means what it means in the documented module (the doctest namespace). Three things
are proven wrong:

- ``C1.example-import``: an import of a project module, or of a name from a project, standard
  library or installed module, that the module does not define;
- ``C1.example-attribute``: an attribute of a project module, a project class or an instance
  the example made of one (``cart = Cart()``) that it does not have;
- ``C1.example-keyword``: a keyword argument that the signature of the project function, method
  or class it is passed to does not accept.

Everything docfact cannot see through is unknown, never wrong: modules that are not installed,
bare names the example never binds, values of calls, classes with bases outside the project,
a metaclass, a class decorator or ``__getattr__``, modules that star-import from outside or
write their globals in code, lines with syntax errors.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Node

from docfact.docs.segments import CodeUnit, example_units
from docfact.judges.base import JudgeContext, Rule, RuleFn
from docfact.judges.c1_name import class_attributes
from docfact.model import Entity, FileIndex, Finding, Segment
from docfact.positions import LineIndex

# members every object, class and exception has (``args``, ``mro``, ``__name__``, ...)
_ALWAYS = frozenset(dir(type) + dir(BaseException) + dir(object))
# class decorators that add no attribute and take no argument away from ``__init__``
_PLAIN_CLASS_DECORATORS = frozenset({"final", "total_ordering", "unique", "runtime_checkable"})
# function decorators that keep the signature the ``def`` shows
_PLAIN_FUNCTION_DECORATORS = frozenset({
    "staticmethod", "classmethod", "abstractmethod", "final", "override", "deprecated",
})
# code that writes a module's globals by name: any name may exist there
_DYNAMIC_MODULE = re.compile(r"\bglobals\(\)|\bsys\.modules\[|\bexec\(|\b__getattr__\b|\blocals\(\)\.update")


@dataclass(frozen=True)
class _Value:
    """What an example expression is, as far as the project shows: a project module, class,
    instance of a project class or function, or a module outside the project."""

    kind: str  # "module" | "class" | "instance" | "function" | "external"
    entity: Entity | None = None
    name: str = ""  # external: the dotted module name

    @property
    def key(self) -> tuple[str, str]:
        return self.kind, self.entity.qualname if self.entity is not None else self.name


@dataclass(frozen=True)
class _Issue:
    rule: str
    start: int  # offsets of the wrong name in DocBlock.text
    end: int
    name: str
    message: str
    suggestion: str | None
    evidence: Entity | None
    excerpt: str | None = None


class _Reader:
    """Reads the example code of one doc in order and collects what is provably wrong."""

    def __init__(self, ctx: JudgeContext) -> None:
        self.ctx = ctx
        self.graph = ctx.graph
        self.text = ctx.doc.text
        self.scope = ctx.graph.module_entity(ctx.file.path)
        self.env: dict[str, _Value | None] = {}  # names the examples bound so far
        self.star = False  # an example star-imported: any bare name may come from there
        self.set_attrs: set[tuple[tuple[str, str], str]] = set()  # attributes the examples assign
        self.issues: list[_Issue] = []
        self.unit: CodeUnit | None = None
        self.data = b""

    # -- units and positions --------------------------------------------------------------
    def read(self, units: list[CodeUnit]) -> list[_Issue]:
        from docfact.index.python import parser

        for unit in units:
            if unit.lang != "python":
                continue
            self.unit = unit
            self.data = unit.source(self.text).encode("utf-8")
            root = parser().parse(self.data).root_node
            if root.has_error and not unit.marked:
                self.forget(root)  # unmarked text that is not Python (a shell session, output)
                continue
            for stmt in root.named_children:
                if stmt.has_error or stmt.type == "ERROR":
                    self.forget(stmt)
                else:
                    self.statement(stmt)
        return self.issues

    def offset(self, node: Node) -> tuple[int, int]:
        """The DocBlock-text offsets of a node on one line of the current unit."""
        assert self.unit is not None
        row, col = node.start_point
        _, a, b = self.unit.lines[row]
        line = self.text[a:b]
        start = a + len(line.encode("utf-8")[:col].decode("utf-8", "ignore"))
        return start, start + len(self.src(node))

    def src(self, node: Node) -> str:
        return self.data[node.start_byte:node.end_byte].decode("utf-8", "replace")

    def report(self, rule: str, node: Node, message: str, suggestion: str | None,
               evidence: Entity | None, excerpt: str | None = None) -> None:
        start, end = self.offset(node)
        self.issues.append(_Issue(rule, start, end, self.src(node), message, suggestion, evidence, excerpt))

    def forget(self, node: Node) -> None:
        """Every identifier of code docfact cannot read may have been rebound there."""
        if node.type == "identifier":
            self.env[self.src(node)] = None
        for child in node.children:
            self.forget(child)

    # -- statements -----------------------------------------------------------------------
    def statement(self, node: Node) -> None:
        t = node.type
        if t == "import_statement":
            self.import_statement(node)
        elif t == "import_from_statement":
            self.import_from(node)
        elif t == "expression_statement":
            for child in node.named_children:
                self.expression_or_assignment(child)
        elif t in ("function_definition", "class_definition", "decorated_definition"):
            definition = node.child_by_field_name("definition") if t == "decorated_definition" else node
            if definition is not None:
                if definition.type == "class_definition":
                    bases = definition.child_by_field_name("superclasses")
                    if bases is not None:
                        self.visit(bases, frozenset())
                name = definition.child_by_field_name("name")
                if name is not None:
                    self.env[self.src(name)] = None
        elif t == "for_statement":
            right = node.child_by_field_name("right")
            if right is not None:
                self.visit(right, frozenset())
            left = node.child_by_field_name("left")
            if left is not None:
                self.forget(left)
            self.blocks(node)
        elif t == "with_statement":
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
        elif t in ("if_statement", "while_statement", "try_statement", "elif_clause", "else_clause",
                   "except_clause", "finally_clause", "match_statement"):
            for child in node.named_children:
                if child.type == "block" or child.type.endswith("_clause"):
                    self.statement(child) if child.type != "block" else self.block(child)
                elif child.type == "as_pattern" or (t == "except_clause" and child.type == "identifier"):
                    self.forget(child)
                else:
                    self.visit(child, frozenset())
        elif t in ("delete_statement", "global_statement", "nonlocal_statement"):
            self.forget(node)
        elif t == "future_import_statement":
            return
        else:
            self.visit(node, frozenset())

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

    # -- imports --------------------------------------------------------------------------
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
        names = [c for c in node.named_children if c.start_byte != skip]
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
                    if self.module_may_bind(parent, parts[i]):
                        return False
                    subs = self.submodules(parent)
                    self.report("C1.example-import", node,
                                f"the example imports `{dotted}`, but the project has no module "
                                f"`{'.'.join(parts[:i + 1])}`", self.ctx.suggest(parts[i], subs),
                                g.module_entity(path), f"package {parent}")
                    return False
            return False
        try:
            return g.external_exists(dotted) is True
        except Exception:
            return False

    def import_name(self, module: str, name: str, node: Node) -> _Value | None:
        """The value of ``from module import name``; reports a name the module lacks."""
        g = self.graph
        if g.is_project_module(module):
            path = g.module_path(module)
            if path is None:
                return None
            found = g.resolver.member_of_module(module, name, set())
            if found is not None and found.kind == "project" and found.entity is not None:
                return _value_of(found.entity)
            if found is not None and found.kind != "project":
                return self.module_value(found.qualname) if found.kind == "external" else None
            if self.module_may_bind(module, name):
                return None
            ent = g.module_entity(path)
            self.report("C1.example-import", node,
                        f"the example imports `{name}` from `{module}`, which does not define it",
                        self.ctx.suggest(name, self.module_names(module)), ent, f"module {module}")
            return None
        self.check_external(module, name, node, "imports", f"from `{module}`")
        return self.module_value(f"{module}.{name}")

    def check_external(self, module: str, name: str, node: Node, verb: str, where: str) -> None:
        """Report ``name`` of a standard-library or installed module that its source does not
        define (nor mention: ``globals().update(...)`` binds names no parse sees)."""
        g = self.graph
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
            try:
                with open(doc.path, encoding="utf-8", errors="replace") as f:
                    source = f.read()
            except OSError:
                return
            self.ctx.run_cache[("example-module-source", doc.path)] = source
        if re.search(rf"\b{re.escape(name)}\b", source):
            return
        defined = set(re.findall(r"^(?:async[ \t]+def|def|class)[ \t]+(\w+)|^(\w+)[ \t]*[:=]", source, re.M))
        pool = {n for pair in defined for n in pair if n}
        self.report("C1.example-import" if verb == "imports" else "C1.example-attribute", node,
                    f"the example {verb} `{name}` {where}, which does not define it",
                    self.ctx.suggest(name, pool), None, f"{doc.path}")

    def module_value(self, dotted: str) -> _Value | None:
        g = self.graph
        if g.is_project_module(dotted):
            ent = g.entity(dotted)
            return _Value("module", ent) if ent is not None else None
        if g.is_project_name(dotted):
            return None
        try:
            doc = g.describe_external(dotted)
        except Exception:
            return None
        return _Value("external", name=dotted) if doc is not None and doc.kind == "module" else None

    # -- what a project module may bind -----------------------------------------------------
    def module_may_bind(self, module: str, name: str, depth: int = 0) -> bool:
        """Whether project module ``module`` may bind ``name`` without docfact seeing it: the
        name is written somewhere in its source (a conditional definition, ``__all__``), or
        the module binds names in code or star-imports from a module that may."""
        g = self.graph
        path = g.module_path(module)
        fi = g.file(path) if path else None
        if fi is None or g.resolver.opaque_module(fi.path) or _DYNAMIC_MODULE.search(fi.text):
            return True
        if re.search(rf"\b{re.escape(name)}\b", self.code_text(fi)) or depth > 6:
            return True
        _, stars = g.imports_of(fi.path)
        return any(self.module_may_bind(g.resolver.absolute(imp, fi), name, depth + 1) for imp in stars)

    def code_text(self, fi: FileIndex) -> str:
        """The file's text with its docstrings and comments blanked out: a name its own docs
        mention is not a name it binds."""
        key = ("example-code-text", fi.path, id(fi))
        got = self.ctx.run_cache.get(key)
        if got is None:
            lines = LineIndex(fi.text)
            chars = list(fi.text)
            for doc in fi.docs:
                start, end = lines.offset(doc.range.start), lines.offset(doc.range.end)
                chars[start:end] = " " * (end - start)
            got = self.ctx.run_cache[key] = "".join(chars)
        return got

    def module_names(self, module: str) -> set[str]:
        g = self.graph
        path = g.module_path(module)
        ent = g.module_entity(path) if path else None
        names = {e.name for e in g.children(ent)} if ent is not None else set()
        if path:
            names |= set(g.imports_of(path)[0])
        return names | self.submodules(module)

    def submodules(self, package: str) -> set[str]:
        key = ("example-submodules", package, len(self.graph.files()))
        got = self.ctx.run_cache.get(key)
        if got is None:
            prefix = package + "."
            got = {f.module[len(prefix):].split(".")[0] for f in self.graph.files()
                   if f.module.startswith(prefix)}
            self.ctx.run_cache[key] = got
        return got

    # -- expressions ----------------------------------------------------------------------
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

    def evaluate(self, node: Node, shadow: frozenset[str]) -> _Value | None:
        """The value of an expression, checking the attributes and calls on the way."""
        t = node.type
        if t == "identifier":
            name = self.src(node)
            if name in shadow:
                return None
            if name in self.env:
                return self.env[name]
            return None if self.star else self.in_module_scope(name)
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
            if args is not None:
                self.visit(args, shadow)
                if callee is not None and args.type == "argument_list":
                    self.keywords(callee, args)
            if callee is not None and callee.kind == "class" and self.plain_class(callee.entity):
                return _Value("instance", callee.entity)
            return None
        self.visit(node, shadow)
        return None

    def in_module_scope(self, name: str) -> _Value | None:
        """A name the examples never bound, as the documented module sees it (doctest runs
        examples in the module's namespace)."""
        if self.scope is None:
            return None
        try:
            found = self.graph.resolve(name, self.scope)
        except Exception:
            return None
        if found is None or found.kind != "project" or found.entity is None or found.rest:
            return None
        return _value_of(found.entity)

    def attribute(self, owner: _Value, attr: Node) -> _Value | None:
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
            found = self.graph.resolver.member_of_module(ent.qualname, name, set())
            if found is not None and found.kind == "project" and found.entity is not None:
                return _value_of(found.entity)
            if found is not None and found.kind == "external":
                return self.module_value(found.qualname)
            if found is not None and found.kind != "project":
                return None
            if self.module_may_bind(ent.qualname, name):
                return None
            self.report("C1.example-attribute", attr,
                        f"`{name}` is not defined in module `{ent.qualname}`",
                        self.ctx.suggest(name, self.module_names(ent.qualname)), ent,
                        f"module {ent.qualname}")
            return None
        if owner.kind not in ("class", "instance"):
            return None
        names = self.class_names(ent)
        if names is None:
            return None
        if name not in names and name not in _ALWAYS:
            what = "class" if owner.kind == "class" else "instance of"
            self.report("C1.example-attribute", attr,
                        f"`{name}` is not an attribute of {what} `{ent.name}`",
                        self.ctx.suggest(name, names - _ALWAYS), ent)
            return None
        member = self.member(ent, name)
        if member is None:
            return None
        if member.kind == "class":
            return _Value("class", member)
        if member.kind in ("function", "method"):
            return _Value("function", member)
        return None

    # -- project classes --------------------------------------------------------------------
    def mro(self, cls: Entity) -> list[Entity] | None:
        """The class and its project bases (depth first); None when a base is outside the
        project or cannot be told apart from another class of its name."""
        key = ("example-mro", cls.qualname, id(cls))
        if key in self.ctx.run_cache:
            return self.ctx.run_cache[key]
        out: list[Entity] | None = [cls]
        stack = [cls]
        seen = {cls.qualname}
        while stack and out is not None:
            cur = stack.pop(0)
            for base in cur.bases:
                simple = base.split("[")[0].strip()
                if simple.split(".")[-1] in ("object", "Generic", "Protocol", "Exception", "BaseException"):
                    continue
                found = None
                try:
                    found = self.graph.resolve(simple, self.graph.module_entity(cur.path) or cur)
                except Exception:
                    pass
                if found is None or found.entity is None or found.entity.kind != "class":
                    out = None
                    break
                if found.entity.qualname not in seen:
                    seen.add(found.entity.qualname)
                    out.append(found.entity)
                    stack.append(found.entity)
        self.ctx.run_cache[key] = out
        return out

    def plain_class(self, cls: Entity | None) -> bool:
        """A project class whose attributes and constructor the code shows in full: project
        bases only, no metaclass, no class decorator that adds members, no ``__getattr__``,
        ``__new__`` or attribute writes by name."""
        if cls is None:
            return False
        chain = self.mro(cls)
        if chain is None:
            return False
        for c in chain:
            if "metaclass" in c.signature or any(d.split("(")[0].split(".")[-1] not in _PLAIN_CLASS_DECORATORS
                                                 for d in c.decorators):
                return False
            if re.search(r"\bdef (?:__getattr__|__getattribute__|__new__)\b|\bsetattr\(|__dict__|\bvars\(", c.code):
                return False
        return True

    def class_names(self, cls: Entity) -> set[str] | None:
        """Every attribute name class ``cls`` (with its project bases) may have; None when docfact
        cannot list them."""
        if not self.plain_class(cls):
            return None
        names = class_attributes(self.ctx, cls)
        if names is None:
            return None
        names = set(names)
        for c in self.mro(cls) or []:
            names |= set(re.findall(r"\b(?:self|cls)\.([A-Za-z_]\w*)", c.code))
            names |= {m.rsplit(".", 1)[-1] for m in c.members}
            fi = self.graph.file(c.path)
            if fi is not None:  # ``Cart.tax = ...`` set from outside the class
                names |= set(re.findall(rf"\b{re.escape(c.name)}\.([A-Za-z_]\w*)", fi.text))
        return names

    def member(self, cls: Entity, name: str) -> Entity | None:
        for c in self.mro(cls) or []:
            found = self.graph.find(c.path, f"{c.local_name}.{name}")
            if found is not None:
                return found
        return None

    # -- keyword arguments ------------------------------------------------------------------
    def keywords(self, callee: _Value, args: Node) -> None:
        target, what = self.signature_of(callee)
        if target is None:
            return
        params = target.params
        if any(p.kind in ("kwarg",) for p in params):
            return
        accepted = [p.name for p in params if p.kind not in ("vararg", "kwarg", "self")]
        for arg in args.named_children:
            if arg.type != "keyword_argument":
                continue
            name_node = arg.child_by_field_name("name")
            if name_node is None:
                continue
            kw = self.src(name_node)
            if kw in accepted:
                continue
            self.report("C1.example-keyword", name_node,
                        f"`{kw}` is not a parameter of {what}",
                        self.ctx.suggest(kw, accepted, cutoff=0.6), target, target.signature or None)

    def signature_of(self, callee: _Value) -> tuple[Entity | None, str]:
        """The function whose signature a call of ``callee`` binds its arguments to."""
        ent = callee.entity
        if ent is None:
            return None, ""
        if callee.kind == "function":
            if any(d.split("(")[0].split(".")[-1] not in _PLAIN_FUNCTION_DECORATORS for d in ent.decorators):
                return None, ""
            if ent.is_abstract or ent.language != "python":
                return None, ""
            return ent, f"`{ent.name}`"
        if callee.kind == "class" and self.plain_class(ent):
            for c in self.mro(ent) or []:
                init = self.graph.find(c.path, f"{c.local_name}.__init__")
                if init is not None:
                    if init.decorators or init.is_abstract:
                        return None, ""
                    return init, f"`{ent.name}` (its `__init__`)"
        return None, ""


def _value_of(ent: Entity) -> _Value | None:
    if ent.kind == "module":
        return _Value("module", ent)
    if ent.kind == "class":
        return _Value("class", ent)
    if ent.kind in ("function", "method"):
        return _Value("function", ent)
    return None


def _issues(ctx: JudgeContext) -> list[_Issue]:
    """Everything wrong in the examples of ``ctx.doc`` (read once per doc)."""
    key = ("example-issues", id(ctx.doc))
    got = ctx.file_cache.get(key)
    if got is None or got[0] is not ctx.doc:
        issues: list[_Issue] = []
        if ctx.examples and ctx.is_python:
            issues = _Reader(ctx).read(example_units(ctx.doc))
        got = ctx.file_cache[key] = (ctx.doc, issues)
    return got[1]


def _judge(rule: str) -> RuleFn:
    def judge(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
        for issue in _issues(ctx):
            if issue.rule != rule or not seg.start <= issue.start < seg.end:
                continue
            message = issue.message
            fix = None
            if issue.suggestion:
                message += f"; did you mean `{issue.suggestion}`?"
                fix = ctx.fix_replace(seg, issue.start - seg.start, issue.end - seg.start, issue.suggestion,
                                      f"Replace `{issue.name}` with `{issue.suggestion}`")
            yield ctx.finding(seg, "C1", rule, message,
                              evidence=ctx.evidence_of(issue.evidence, "the definition the example uses",
                                                       issue.excerpt), fix=fix)
    judge.__name__ = rule.split(".")[-1].replace("-", "_")
    return judge


example_import = _judge("C1.example-import")
example_attribute = _judge("C1.example-attribute")
example_keyword = _judge("C1.example-keyword")

RULES = (
    Rule("C1.example-import", "C1",
         "An example imports a project module, or a name of a project, standard-library or installed "
         "module, that does not exist.",
         "`>>> from shop.cart import Basket` when `shop.cart` defines `Cart`", example_import),
    Rule("C1.example-attribute", "C1",
         "An example uses an attribute that the project module, project class or instance of it does not have.",
         "`>>> cart.totl()` after `>>> cart = Cart()` when `Cart` defines `total`", example_attribute),
    Rule("C1.example-keyword", "C1",
         "An example passes a keyword argument that the project function or class does not accept.",
         "`>>> load(path, encodng='utf-8')` for `def load(path, encoding='utf-8')`", example_keyword),
)
