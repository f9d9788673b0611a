"""C1 in example code: code inside the docs is code, and its names must exist.

Doctests, literal blocks, code directives and fences of Python docstrings are parsed with
tree-sitter and read in order, as doctest runs them: what an example binds (imports,
assignments, ``for``/``with`` targets, definitions) is in scope for its later lines, a name it
never binds means what it means in the documented module (the doctest namespace)
(:mod:`docfact.lang.python.examples`). Javadoc ``<pre>{@code}`` blocks are read the same way
(:mod:`docfact.lang.java.examples`), and so is JSDoc ``@example`` code
(:mod:`docfact.lang.typescript.examples`). Four things are proven wrong:

- ``C1.example-import``: an import of a project module, or of a name from a project, standard
  library or installed module, that the module does not define;
- ``C1.example-attribute``: an attribute of a project module, a project class or an instance
  the example made of one (``cart = Cart()``) that it does not have;
- ``C1.example-keyword``: a keyword argument that the signature of the project function, method
  or class it is passed to does not accept;
- ``C1.example-name``: a called bare name that neither the example nor the module binds, one
  slip from a name they do bind (in a module whose names docfact can all list).

Everything docfact cannot see through is unknown, never wrong: modules that are not installed,
bare names the example never binds, values of calls, classes with bases outside the project,
a metaclass, a class decorator or ``__getattr__``, modules that star-import from outside or
write their globals in code, lines with syntax errors.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from docfact.docs.segments import example_units
from docfact.judges.base import JudgeContext, RuleFn
from docfact.judges.example_reader import Issue
from docfact.judges.rule import Check, Rule
from docfact.judges.rules.c1_examples import (
    EXAMPLE_ATTRIBUTE,
    EXAMPLE_IMPORT,
    EXAMPLE_KEYWORD,
    EXAMPLE_NAME,
)
from docfact.lang.java.examples import JavaReader
from docfact.lang.python.examples import PythonReader
from docfact.lang.typescript.examples import TsReader
from docfact.lang.typescript.globals import TS_LANGUAGES
from docfact.model import Finding, Segment

log = logging.getLogger(__name__)


def _issues(ctx: JudgeContext) -> list[Issue]:
    """Everything wrong in the examples of ``ctx.doc`` (read once per doc)."""
    key = ("example-issues", id(ctx.doc))
    got = ctx.file_cache.get(key)
    if got is None or got[0] is not ctx.doc:
        issues: list[Issue] = []
        if ctx.examples:
            reader: PythonReader | TsReader | JavaReader = PythonReader(ctx) if ctx.is_python else \
                TsReader(ctx) if ctx.file.language in TS_LANGUAGES else JavaReader(ctx)
            try:
                issues = reader.read(example_units(ctx.doc))
            except Exception:  # logged once per doc, not once per example line and rule
                log.exception("docfact: reading the examples at %s:%d failed; skipped", ctx.doc.path,
                              ctx.doc.start_line + 1)
        got = ctx.file_cache[key] = (ctx.doc, issues)
    return got[1]


def _judge(rule: Rule) -> RuleFn:
    def judge(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
        for issue in _issues(ctx):
            if issue.rule is not rule or not seg.start <= issue.start < seg.end:
                continue
            message = issue.message
            fix = None
            if issue.suggestion:
                message += f"; did you mean `{issue.suggestion}`?"
                fix = ctx.fix_replace(seg, issue.start - seg.start, issue.end - seg.start, issue.suggestion,
                                      f"Replace `{issue.name}` with `{issue.suggestion}`")
            yield ctx.finding(seg, rule, message,
                              evidence=ctx.evidence_of(issue.evidence, "the definition the example uses",
                                                       issue.excerpt), fix=fix)
    judge.__name__ = rule.id.split(".")[-1].replace("-", "_")
    return judge


example_import = _judge(EXAMPLE_IMPORT)
example_attribute = _judge(EXAMPLE_ATTRIBUTE)
example_keyword = _judge(EXAMPLE_KEYWORD)
example_name = _judge(EXAMPLE_NAME)

CHECKS: tuple[Check, ...] = (
    Check(EXAMPLE_IMPORT, example_import),
    Check(EXAMPLE_ATTRIBUTE, example_attribute),
    Check(EXAMPLE_KEYWORD, example_keyword),
    Check(EXAMPLE_NAME, example_name),
)
