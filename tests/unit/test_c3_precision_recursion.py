"""C3.not-recursive stays silent when the calls a function makes are not a closed world: it calls
through a lookup table, ``getattr`` with a computed name, a callable taken from a container, a
same-named method of another object (a child of the same class), or hands itself, a bound method
or ``self`` to a callee that could call back. A function whose calls are all known and none comes
back is still reported. Each case is (files, target, expected rule ids among C1-C3); the code is
invented for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules

CASES = [
    # ---- a table of callables: the handler it picks may call back ------------------------------
    pytest.param({"fmt/printer.py": '''
        class Printer:
            def __init__(self):
                self._rules = {"group": self._group, "leaf": self._leaf}

            def render(self, node):
                """Render recursively, inner groups first."""
                return self._rules[node.kind](node)

            def _group(self, node):
                return "[" + ",".join(self.render(n) for n in node.parts) + "]"

            def _leaf(self, node):
                return repr(node.value)
        '''}, "fmt/printer.py", [], id="dispatch-table-trap"),
    pytest.param({"fmt/emit.py": '''
        _EMITTERS = {}


        def emitter(kind):
            def deco(fn):
                _EMITTERS[kind] = fn
                return fn
            return deco


        def emit(node, out):
            """Write it, descending recursively into its parts."""
            _EMITTERS.get(node.kind, _plain)(node, out)


        def _plain(node, out):
            out.append(str(node))


        @emitter("pair")
        def _pair(node, out):
            emit(node.left, out)
            emit(node.right, out)
        '''}, "fmt/emit.py", [], id="registry-get-trap"),
    # ---- a method name computed at run time ------------------------------------------------------
    pytest.param({"ast2/walk.py": '''
        class Walker:
            def walk(self, node):
                """Visit the tree recursively."""
                return getattr(self, "on_" + node.tag)(node)

            def on_block(self, node):
                for child in node.body:
                    self.walk(child)

            def on_text(self, node):
                return node
        '''}, "ast2/walk.py", [], id="getattr-visitor-trap"),
    # ---- the same method on other instances of the class ----------------------------------------
    pytest.param({"geo/shape.py": '''
        class Group:
            def __init__(self, members):
                self.members = list(members)
                self.size = 1

            def area(self):
                """Area of the group, computed recursively over its members."""
                total = 0
                for i in range(len(self.members)):
                    total += self.members[i].area()
                return total
        '''}, "geo/shape.py", [], id="same-method-on-items-trap"),
    pytest.param({"geo/nest.py": '''
        class Box:
            def __init__(self, inner=None):
                self.inner = inner

            def depth(self) -> int:
                """Count the nesting of boxes recursively."""
                if self.inner is None:
                    return 1
                return 1 + self.inner.depth()
        '''}, "geo/nest.py", [], id="same-method-on-attribute-trap"),
    # ---- itself, a bound method or self handed to a callee that could call back -----------------
    pytest.param({"tree/node.py": '''
        class Node:
            def __init__(self, weight, children=()):
                self.weight = weight
                self.children = list(children)

            def total(self):
                """Sum of the weights of this node and its descendants, recursively."""
                return self.weight + sum(map(Node.total, self.children))
        '''}, "tree/node.py", [], id="passes-itself-to-map-trap"),
    pytest.param({"tree/fold.py": '''
        from functools import reduce


        def flatten(items):
            """Flatten nested lists recursively."""
            return reduce(_join, items, [])


        def _join(acc, item):
            return acc + (flatten(item) if isinstance(item, list) else [item])
        '''}, "tree/fold.py", [], id="callback-calls-back-trap"),
    pytest.param({"tree/visit.py": '''
        import scopelib


        class Scope:
            def resolve(self, name):
                """Look it up recursively through the enclosing scopes."""
                return scopelib.ascend(self, name)
        '''}, "tree/visit.py", [], id="passes-self-to-unknown-callee-trap"),
    pytest.param({"fmt/table.py": '''
        def render(node):
            """Render recursively, inner groups first."""
            return RULES[node.kind](node)


        def _group(node):
            return "[" + ",".join(render(n) for n in node.parts) + "]"


        RULES = {"group": _group, "leaf": repr}
        '''}, "fmt/table.py", [], id="module-dispatch-table-trap"),
    pytest.param({"ast2/visit.py": '''
        def visit(handler, node):
            """Hand the tree to the right method, recursively for blocks."""
            return getattr(handler, "on_" + node.tag)(node)
        '''}, "ast2/visit.py", [], id="getattr-on-parameter-trap"),
    pytest.param({"tree/dec.py": '''
        import shapelib


        def prune(tree, keep):
            """Drop the rejected branches recursively."""
            return shapelib.rebuild(tree, prune, keep)
        '''}, "tree/dec.py", [], id="passes-function-to-library-trap"),
    pytest.param({"tree/meth.py": '''
        import shapelib


        class Pruner:
            def prune(self, tree):
                """Drop the dead branches recursively."""
                return shapelib.rebuild(tree, self.prune)
        '''}, "tree/meth.py", [], id="passes-bound-method-trap"),
    pytest.param({"tree/items.py": '''
        def size(box):
            """Count the leaves recursively."""
            return sum(box.kids[i].size() for i in range(len(box.kids)))
        '''}, "tree/items.py", [], id="same-name-on-indexed-item-trap"),
    # ---- planted: every call is known, and none comes back ---------------------------------------
    pytest.param({"fmt/size.py": '''
        _UNITS = {"k": 1024, "m": 1024 ** 2}


        def parse_size(text):
            """Parse a size such as ``4k`` recursively."""
            number, unit = text[:-1], text[-1]
            return int(number) * _UNITS[unit]
        '''}, "fmt/size.py", ["C3.not-recursive"], id="subscript-of-data-planted"),
    pytest.param({"geo/plain.py": '''
        class Box:
            def __init__(self, sides):
                self.sides = sides

            def perimeter(self):
                """Compute the perimeter recursively."""
                return sum(self.sides) + len(self.sides) * 0
        '''}, "geo/plain.py", ["C3.not-recursive"], id="builtins-only-planted"),
    pytest.param({"tree/check.py": '''
        class Item:
            def __init__(self, label):
                self.label = label

            def describe(self):
                """Describe the item recursively."""
                if isinstance(self, (list, tuple)):
                    return "items"
                return type(self).__name__ + str(id(self)) + getattr(self, "label", "")
        '''}, "tree/check.py", ["C3.not-recursive"], id="self-to-inert-builtins-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_not_recursive_world(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
