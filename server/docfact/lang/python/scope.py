"""The scope record of the Python extractor: a function or class (or the module) with what the
generic :class:`~docfact.index.scopes.Scope` holds and what only Python needs. Its own module
so that the extractor's parts (:mod:`docfact.lang.python.entities`,
:mod:`docfact.lang.python.returns`, :mod:`docfact.lang.python.collect`) can all name it."""

from __future__ import annotations

from dataclasses import dataclass, field

from tree_sitter import Node

from docfact.index.scopes import Scope


@dataclass
class PyScope(Scope):
    """A Python function or class scope: also its plain assignments, whether it yields, its
    decorated outer node, body and head, and whether it is a Protocol class."""

    # name -> the left-hand identifier of each plain assignment to it (None: bound otherwise)
    bound: dict[str, list[Node | None]] = field(default_factory=dict)
    generator: bool = False
    outer: Node | None = None  # the decorated_definition around node, or node
    body: Node | None = None
    head: Node | None = None  # the parameters (function) or name (class) node
    protocol: bool = False  # a class with a Protocol base
    other_bound: frozenset[str] | None = None  # see returns._other_bindings
