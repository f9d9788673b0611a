"""C3.not-self, a rule written as one unit: "Returns the instance itself" documented while no
``return`` of the method returns ``self``. Its declaration, its check and its ``CHECKS`` live
here (:mod:`docfact.judges.units`)."""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterator

from docfact.judges.base import JudgeContext
from docfact.judges.rule import Check, Example, Rule
from docfact.model import Finding, Segment

NOT_SELF = Rule(
    "C3.not-self",
    "\"Returns the instance itself\" when no return statement returns `self`.",
    "A `Returns` item of a method that claims the method returns the instance (`self : object`, "
    "\"Returns the instance itself.\") while every `return` hands back something that cannot be "
    "`self`: chained calls written from that doc would break.",
    Example('''\
class PriceModel:
    """A price learnt from receipts."""

    def __init__(self) -> None:
        self.price = 0.0

    def predict(self, n: int) -> float:
        """Price of ``n`` items.

        Returns
        -------
        total : float
            Returns the instance itself.
        """
        total = self.price * n
        return total
'''),
    Example('''\
class PriceModel:
    """A price learnt from receipts."""

    def __init__(self) -> None:
        self.price = 0.0

    def predict(self, n: int) -> float:
        """Price of ``n`` items.

        Returns
        -------
        total : float
            The price of the items.
        """
        total = self.price * n
        return total
'''),
    languages=("python",),
    supersedes=("C3.copied-from-sibling",),
)

_PLAIN_DECORATORS = frozenset({"staticmethod", "classmethod", "abstractmethod", "abc.abstractmethod", "override",
                               "typing.override"})
# "self : object", "Returns the instance itself.", "the fitted estimator itself", "self"
_SELF_NAME = re.compile(r"^self$")
_SELF_WORDS = re.compile(
    r"^\s*(?:Returns?\s+)?(?:the\s+)?(?:(?:fitted|same|modified|updated|current)\s+)?"
    r"(?:instance|estimator|object|transformer|model)\s+itself\b|^\s*(?:Returns?\s+)?``?self``?\s*\.?\s*$",
    re.I,
)


def not_self(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A ``Returns`` item that says the method returns ``self`` (the instance itself) when no
    ``return`` of the method returns ``self``: each returns a named value or a literal (a call
    might return ``self``, so a method that returns one is left alone)."""
    e = ctx.entity
    item = seg.field
    if e is None or item is None or item.section != "returns" or e.kind != "method" or ctx.doc.kind == "comment" \
            or e.language != "python" or e.is_generator or e.is_abstract:
        return
    claims_self = bool(item.name and _SELF_NAME.match(item.name.strip())) or bool(
        _SELF_WORDS.search(item.description or "")) or (not item.name and bool(_SELF_WORDS.search(item.type or "")))
    if not claims_self:
        return
    m = _SELF_WORDS.search(item.description or "") or _SELF_WORDS.search(item.type or "")
    if m is not None and any(re.search(rf"\b{re.escape(p.name)}\s+itself\b", m.group(0), re.I) for p in e.params):
        return  # "The estimator itself" of a method that takes an ``estimator``: that argument, not ``self``
    returned = e.return_kinds
    if not returned or any(rk in ("name:self", "name:cls") for rk in returned):
        return
    if any(rk.startswith("call:") for rk in returned) and not _returns_never_self(" " * e.range.start.col + e.code):
        return  # ``return self._fit(X)`` may hand back the instance
    if not set(e.decorators) <= _PLAIN_DECORATORS:
        return  # a wrapper may return the instance
    if not re.search(r"^\s*return\b", e.code, re.M) and re.search(r"^\s*raise\b", e.code, re.M):
        return  # it never returns: "raises unless overridden"
    shown = ", ".join(sorted({f"{rk[5:]}(...)" if rk.startswith("call:") else rk.removeprefix("name:")
                              for rk in returned}))
    yield ctx.finding(seg, NOT_SELF,
                      f"documented to return the instance itself, but `{e.name}` returns {shown}, never `self`",
                      evidence=ctx.evidence_of(e, "its return statements"))


def _returns_never_self(code: str) -> bool:
    """Whether no ``return`` of the function (outside nested functions and classes) can hand back
    the instance: its expression does not mention ``self``, ``cls`` or ``super``, so a call in it
    (``np.dot(K, alphas)``) gets no way to the instance."""
    try:
        tree = ast.parse(textwrap.dedent(code))
    except SyntaxError:
        return False
    fn = tree.body[0] if tree.body else None
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Return) and node.value is not None:
            if any(isinstance(n, ast.Name) and n.id in ("self", "cls", "super") for n in ast.walk(node.value)):
                return False
        todo.extend(ast.iter_child_nodes(node))
    return True


CHECKS: tuple[Check, ...] = (
    Check(NOT_SELF, not_self),
)
