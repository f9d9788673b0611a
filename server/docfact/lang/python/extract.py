"""The Python extractor: one tree-sitter query pass per file, then per-scope aggregation.

Scopes are the function and class definitions, sorted by start; every capture (call, raise,
return, ...) goes to the innermost scope containing it, found by bisect plus a walk up the
parent chain. Identifiers and attribute names are read by regex from the scope's text with
strings and comments blanked out, which is much cheaper than one Python object per
identifier node.

Decisions a caller relies on:

- ``local_name`` nests: ``Class.method``, ``outer.inner``; the module entity has ``""``.
- ``@overload`` variants keep the implementation's ``local_name`` and are marked
  ``is_abstract``; in ``FileIndex.entities`` they come right *after* the implementation, so
  ``FileIndex.entity(name)`` returns the implementation. Property setters likewise come after
  the getter.
- Comment blocks: ``owner`` is the function/class *containing* the comment ("" at module
  level), ``target_lines`` the statement that follows (for a comment above ``def f`` that is
  ``f``'s lines while the owner is the enclosing scope).

This module parses and walks the file; the parser and query live in ``parser``, what each
scope gathers from the captures in ``collect``, the scope record in ``scope``, the
entities of definitions in ``entities``, return kinds in ``returns``, docstrings and
comments in ``docs``, re-indexing after an edit in ``splice`` (all in this folder).
"""

from __future__ import annotations

from docfact.index.scopes import ScopeFinder
from docfact.index.source import Parsed
from docfact.index.source import masked_text as _masked_text
from docfact.lang.parse_text import open_text, syntax_errors
from docfact.lang.python.collect import (
    build_scopes,
    collect_captures,
    definitions,
    read_imports,
    refs_for_scopes,
)
from docfact.lang.python.docs import body_docstring, comment_docs, docless_cut
from docfact.lang.python.entities import assignment_entities, fill_scope_lists, order_overloads
from docfact.lang.python.parser import captures, parser
from docfact.lang.python.scope import PyScope
from docfact.model import Entity, FileIndex


def extract(path: str, text: str, module: str) -> FileIndex:
    """Index one Python source text."""
    return extract_reusing(path, text, module, None)[0]


def extract_reusing(path: str, text: str, module: str, previous: Parsed | None,
                    old: FileIndex | None = None) -> tuple[FileIndex, Parsed]:
    """Like :func:`extract`, reparsing incrementally from ``previous`` (the bytes and tree of
    an earlier version of the file, consumed); also returns this version's bytes and tree.
    ``old``: the index of that earlier version; when the edit lies inside one method's or
    function's body, the rest of it is kept (:func:`docfact.lang.python.splice.splice`).
    Raises :class:`~docfact.index.nesting.TooDeep` for a text that nests too deeply to parse or index."""
    # refuses a deep text: tree-sitter-python crashes the process on 511 nested blocks
    f, tree, edit = open_text("python", path, text, module, parser(), previous)
    text = f.text
    if old is not None and edit is not None and previous is not None:
        from docfact.lang.python.splice import splice

        spliced = splice(f, tree, old, previous[0], edit)
        if spliced is not None:
            return spliced, (f.data, tree)
    root = tree.root_node
    caps = captures(root)
    fi = FileIndex(path=path, module=module, language="python", text=text)

    # a function with an error inside is mid-edit: its docs are not judged either
    error_ranges = syntax_errors(f, root, fi, caps.get("def", []))

    scopes = build_scopes(f, caps.get("def", []), caps.get("class", []))
    mod_scope = PyScope(root, 0, len(f.data), False)
    finder = ScopeFinder(scopes, mod_scope)
    owners = finder.owners
    scope_at = finder.at

    collect_captures(f, caps, owners)

    masked = _masked_text(f, caps.get("strc", []), caps.get("comment", []))
    module_entity = Entity(
        kind="module", name=module.rsplit(".", 1)[-1], local_name="", module=module, path=path,
        language="python", range=f.whole_range(),
    )
    fill_scope_lists(module_entity, mod_scope)
    fi.entities.append(module_entity)

    entities, docs = definitions(f, scopes, range(len(scopes)), error_ranges)
    refs_for_scopes(f, masked, scopes, module_entity, root)

    module_doc = body_docstring(f, root, "", error_ranges)
    if module_doc is not None:
        module_entity.doc = module_doc[0]
        module_entity.code_in(text, 0, len(text), docless_cut(text, 0, module_doc))
        docs.append(module_doc[0])
    else:
        module_entity.code_in(text, 0, len(text))
    variables = assignment_entities(f, root, None, error_ranges)  # module-level assignments
    docs += [v.doc for v in variables if v.doc is not None]
    module_entity.members = list(
        dict.fromkeys([sc.local_name for sc in scopes if sc.parent < 0] + [v.local_name for v in variables])
    )

    all_entities = entities + variables
    all_entities.sort(key=lambda e: (e.range.start.line, e.range.start.col))
    fi.entities.extend(order_overloads(all_entities))

    fi.imports = [imp for node in caps.get("import", []) for imp in read_imports(f, node)]
    docs.extend(comment_docs(f, fi, caps.get("comment", []), root, scope_at, error_ranges))
    docs.sort(key=lambda d: (d.range.start.line, d.range.start.col))
    fi.docs = docs
    return fi, (f.data, tree)
