"""What a doc's static verdict is made of besides the lookups the graph records (:mod:`docfact.deps`):
its own text and layout, the code it documents, and what it reads of its own file directly.

The language server keys the verdicts it keeps by :func:`doc_key`. ``docfact check`` keeps a
file's doc verdicts by :func:`doc_key` as well, so that after an edit of a file only the docs the
edit can reach are judged again (:func:`docfact.cli.workers.judge_recorded`): a doc keeps its
verdict when its key is the same, the file's :func:`file_outline` is the same, its text names
nothing near the words the edit added or removed (:func:`text_words`, :func:`reaches`), and every
lookup it recorded has the same answer.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import fields
from typing import TYPE_CHECKING

from docfact.deps import entity_digest
from docfact.graph.names import instance_fields
from docfact.model import DocBlock, Entity, FileIndex

if TYPE_CHECKING:
    from docfact.config import Settings


def imports_key(index: FileIndex) -> str:
    """The file's imports as one string, part of every :func:`doc_key` of the file."""
    return repr([(i.module, i.name, i.alias, i.level) for i in index.imports])


def doc_key(index: FileIndex, doc: DocBlock, entity: Entity | None, settings: Settings,
            criteria: tuple[str, ...], imports: str | None = None) -> tuple[str, ...]:
    """The doc's own inputs to a static verdict, as a tuple: its text, its layout and the code it
    documents, but not where it sits in the file, so an edit above it does not make it stale
    (:func:`relocate` moves a reused verdict to the doc's new place).

    What comes from elsewhere (1-hop definitions, the project's names) is handled by
    :meth:`Checker.invalidate`, which drops cached verdicts when those change.
    """
    top = doc.range.start.line
    # the raw source from the first to the last cleaned line start: with ``doc.text`` it fixes
    # every piece's offset relative to the first (one slice instead of a list per doc)
    layout = index.text[doc.pieces[0][1]:doc.pieces[-1][1]] if doc.pieces else ""
    lines = range(doc.start_line, doc.end_line + 1)
    parts: list[str] = [
        doc.kind, doc.text, layout,
        repr((doc.range.start.col, doc.range.end.line - top, doc.range.end.col)),
        repr(None if doc.target_lines is None else (doc.target_lines[0] - top, doc.target_lines[1] - top)),
        ",".join(criteria), str(settings.check_comments),
        repr(sorted((ln - top, sorted(c)) for ln, c in index.suppressions.items() if ln in lines)),
        imports_key(index) if imports is None else imports,
    ]
    if entity is not None:
        r = entity.range
        parts += [entity.qualname, entity.signature, entity.code,
                  repr((r.start.line - top, r.start.col, r.end.line - top, r.end.col)),
                  repr(sorted(index.suppressions.get(entity.range.start.line, ())))]
        if entity.parent:
            owner = index.entity(entity.parent)
            if owner is not None and owner.kind == "class":
                init = index.entity(f"{owner.local_name}.__init__")
                parts += [owner.signature, repr(owner.members), repr(owner.bases), init.code if init else ""]
    return tuple(parts)  # compared by value; str hashing is fast and the strings are shared


# members whose whole code the docs of their class read directly (defaults and fields set in a
# constructor): part of the outline
_READ_WHOLE = frozenset({"__init__", "__new__", "__call__", "__post_init__", "constructor"})
# what a function's body decides; the file's other docs read it only through a recorded lookup
# (a doc's own function is part of its doc_key)
_BODY = frozenset({"range", "doc", "code", "docless_code", "calls", "refs", "attributes", "raises", "catches",
                   "assigns", "return_kinds", "has_subscript", "has_bare_raise", "locals"})
_OUTLINE_FIELDS = tuple(f.name for f in fields(Entity) if f.name not in _BODY)


def file_outline(index: FileIndex) -> str:
    """A digest of what any doc of the file may read of the file's other definitions without a
    recorded lookup: its imports, and every definition's names, kind, signature, bases and members;
    variables, fields, ``self.x`` fields and constructors whole; module and class docs, and which
    functions have a doc. Function bodies and the texts of function docs are left out, so an
    edit inside one function, or of its docstring, leaves it unchanged."""
    parts = [imports_key(index), repr((index.ignore_file, index.syntax_error_lines, index.package, index.packages))]
    extra = instance_fields(index) if index.language == "python" else []
    for e in (*index.entities, *extra):
        if e.kind in ("function", "method", "class", "module") and e.name not in _READ_WHOLE:
            parts.append("\x1f".join(repr(getattr(e, name)) for name in _OUTLINE_FIELDS))
            if e.kind in ("class", "module") and e.doc is not None:
                parts.append(e.doc.text)
            elif e.doc is None:
                parts.append("\x02")  # which functions have docs (their texts: recorded lookups)
        else:
            parts.append(entity_digest(e))
    return parts_digest(parts)


def parts_digest(parts: list[str] | tuple[str, ...]) -> str:
    """One digest of many strings (a :func:`doc_key`, an outline's parts)."""
    return hashlib.blake2b("\0".join(parts).encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_HUMP = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def text_words(text: str) -> frozenset[str]:
    """Every identifier-shaped word of a file's text (code, strings, comments and docs)."""
    return frozenset(_WORD.findall(text))


def _parts(word: str) -> set[str]:
    """The words an identifier is made of, lower-cased, three letters or more."""
    return {p.lower() for p in _HUMP.findall(word) if len(p) >= 3}


# an edit that adds or removes more words than this re-judges every doc of the file
MAX_CHANGED_WORDS = 200


def reaches(changed: frozenset[str] | set[str], text: str) -> bool:
    """Whether a doc's text may be about one of ``changed`` (words an edit added or removed):
    it names one, shares a word with one (``total`` and ``grand_total``), or names something of
    about the same length that begins or ends alike (a possible near miss of it)."""
    if not changed:
        return False
    words = set(_WORD.findall(text))
    if words & changed:
        return True
    parts: set[str] = set()
    for w in words:
        parts |= _parts(w)
    for c in changed:
        if _parts(c) & parts:
            return True
        n = len(c)
        if any(abs(len(w) - n) <= 2 and (w[:2] == c[:2] or w[-2:] == c[-2:]) for w in words):
            return True
    return False
