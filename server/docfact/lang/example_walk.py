"""What the tree-walking example readers (Java, TypeScript/JavaScript) share: reading each code
unit statement by statement, forgetting the names a broken or self-contained piece binds, the
static type of a plain name, and a per-run cache of a project class's member names.

A reader built on :class:`TreeReader` keeps ``env`` (variable -> the project class of its
value, None when unknown) and supplies ``walk``, ``evaluate``, ``class_named``,
``shown_as_wrong`` and ``_members`` for its grammar.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from tree_sitter import Node, Parser

from docfact.docs.segments import CodeUnit
from docfact.judges.base import JudgeContext
from docfact.judges.example_reader import Issue, Reader
from docfact.model import Entity

Typed = tuple[str, Entity]  # ("class" | "instance", the project class)


class TreeReader(Reader):
    """An example reader that walks the statements of each code unit with a tree-sitter parser."""

    # node types whose text is a name a statement binds
    name_types: frozenset[str] = frozenset({"identifier"})
    # the run-cache tag of :meth:`members`
    members_tag = "example-members"

    def __init__(self, ctx: JudgeContext) -> None:
        super().__init__(ctx)
        self.scope = ctx.graph.module_entity(ctx.file.path)  # the file sees the classes by name
        self.env: dict[str, Entity | None] = {}  # variable -> the project class of its value

    def read_units(self, units: list[CodeUnit], parser: Parser, accepts: Callable[[CodeUnit], bool]) -> list[Issue]:
        """Walk every statement of the units ``accepts``; a statement with a syntax error
        only unbinds its names. Units whose caption says they fail are skipped."""
        for unit in units:
            if not accepts(unit) or self.scope is None:
                continue
            self.unit = unit
            self.data = unit.source(self.text).encode("utf-8", "surrogatepass")  # an editor may send lone surrogates
            if self.shown_as_wrong(unit):
                continue
            for stmt in parser.parse(self.data).root_node.named_children:
                if stmt.has_error or stmt.type == "ERROR":
                    self.forget(stmt)
                else:
                    self.walk(stmt)
        return self.issues

    def shown_as_wrong(self, unit: CodeUnit) -> bool:
        """Whether the prose before the unit says its code is wrong (the language's reader says)."""
        raise NotImplementedError

    def walk(self, node: Node) -> None:
        """Read one statement (the language's reader knows its grammar)."""
        raise NotImplementedError

    def evaluate(self, node: Node) -> Typed | None:
        """An expression's static type, checking the members it names (the language's reader knows)."""
        raise NotImplementedError

    def declarators(self, node: Node) -> Iterator[tuple[Node | None, Typed | None]]:
        """The name node and value type of each ``variable_declarator`` of a declaration, its
        value read when the caller asks for the next one (an earlier name may be bound by then)."""
        for decl in node.named_children:
            if decl.type != "variable_declarator":
                continue
            value = decl.child_by_field_name("value")
            got = self.evaluate(value) if value is not None else None
            yield decl.child_by_field_name("name"), got

    def class_named(self, name: str) -> Entity | None:
        """The project class ``name`` stands for in the examples (the language's reader knows)."""
        raise NotImplementedError

    def forget(self, node: Node) -> None:
        """Unbind every name under ``node``: its values are unknown from now on."""
        if node.type in self.name_types:
            self.env[self.src(node)] = None
        for child in node.named_children:
            self.forget(child)

    def name_type(self, name: str) -> Typed | None:
        """A plain name's static type: a variable's class instance, else a class itself."""
        if name in self.env:
            cls = self.env[name]
            return ("instance", cls) if cls is not None else None
        cls = self.class_named(name)
        return ("class", cls) if cls is not None else None

    def members(self, cls: Entity, depth: int = 0) -> set[str] | None:
        """Member names of a project class with its project supertypes (kept for the run);
        None when they cannot be known."""
        key = (self.members_tag, cls.qualname, id(cls))
        if key not in self.ctx.run_cache:
            self.ctx.run_cache[key] = self._members(cls, depth)
        names: set[str] | None = self.ctx.run_cache[key]
        return names

    def _members(self, cls: Entity, depth: int) -> set[str] | None:
        """The uncached :meth:`members` (the language's reader knows what a class declares)."""
        raise NotImplementedError
