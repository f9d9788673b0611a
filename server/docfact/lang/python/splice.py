"""Re-indexing a Python file after an edit inside one function's or class's body, from the index
of the version before (part of the Python extractor, :mod:`docfact.lang.python.extract`).

Most edits while typing fall inside one method. Extracting the whole file again costs about
15 ms for a 2,500-line module; extracting only the edited function and keeping the rest costs a
fraction of that. :func:`splice` does this when it can prove the rest unchanged, and gives up
(None: the caller extracts the whole file) otherwise:

- the edit lies inside the body of a function that no other function encloses (functions
  nested in it are extracted with it), after its ``def`` line; or, outside every function,
  inside a class's body after its ``class`` line (the class is extracted with its methods);
- the text before the edit is the old text's, and so is the text after it: what the old index
  holds outside the function is the same apart from positions, which move by the lines and
  characters the edit added (nothing but white space may follow the function on its last
  line, so no kept position moves within a line);
- the function's name is unique in the file (no overloads or property setters beside it), its
  old entity's code is the old text of the same span, and no old comment block crosses the
  function's first or last line.

That definition's entity and everything inside it are extracted from a query over its bytes only;
the classes around it and the module get their new code and range; entities, docs, imports and
suppressions after it are moved. The result equals a full extraction
(``tests/unit/test_py_splice.py`` compares the two after many edits of real files).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, cast

from tree_sitter import Node, Tree

from docfact.index.scopes import ScopeFinder
from docfact.index.source import Edit
from docfact.index.source import SourceFile as _File
from docfact.index.source import masked_text as _masked_text
from docfact.lang.python.collect import (
    build_scopes,
    collect_captures,
    definitions,
    outer_node,
    read_imports,
    scope_refs,
)
from docfact.lang.python.docs import body_docstring, comment_docs, docless
from docfact.lang.python.entities import is_protocol, order_overloads
from docfact.lang.python.parser import captures
from docfact.lang.python.scope import PyScope
from docfact.model import DocBlock, Entity, FileIndex, Import, Pos, Range


def splice(f: _File, tree: Tree, old: FileIndex, old_data: bytes, edit: Edit) -> FileIndex | None:
    """The index of ``f`` (parsed as ``tree``) from ``old``, the index of ``old_data``, when
    ``edit`` (from ``old_data`` to ``f.data``) lies inside one function's or class's body; None when the
    whole file must be extracted again (see the module docstring)."""
    start, old_end, new_end = edit
    root = tree.root_node
    if (start == old_end == new_end or root.has_error or old.syntax_error_lines or old.ignore_file
            or old.language != "python" or old.module != f.module or old.path != f.path
            or not old.entities or old.entities[0].kind != "module"
            or old.text.encode("utf-8", "surrogatepass") != old_data):
        return None
    found = _edited_definition(root, start, new_end)
    if found is None:
        return None
    node, chain = found
    data = f.data
    if b"\n" not in data[node.start_byte:start]:
        return None  # the edit begins on the ``def`` line: the header may have changed
    line_end = data.find(b"\n", node.end_byte)
    if line_end < 0:
        line_end = len(data)
    if data[node.end_byte:line_end].strip():
        return None  # something follows the function on its last line
    dl = data.count(b"\n", start, new_end) - old_data.count(b"\n", start, old_end)
    shift = _Shift(
        first=node.start_point.row,  # the ``def`` line (decorators above it are kept)
        last_old=node.end_point.row - dl,  # the function's last line in the old text
        dl=dl,
        dc=len(f.text) - len(old.text),
    )

    outer = outer_node(node)
    names = [_name(f, n) for n in (*chain, node)]
    anc_names = [".".join(names[: i + 1]) for i in range(len(chain))]
    s_name = ".".join(names)
    old_ancestors = _old_definition(f, old, node, outer, s_name, anc_names, shift.dc)
    if old_ancestors is None:
        return None

    # docs: kept before the function, moved after it, extracted again inside it
    kept_docs = _kept_docs(old, shift)
    if kept_docs is None:
        return None
    docs, moved = kept_docs
    new = _definition_index(f, root, node, outer, chain, old_ancestors, anc_names)
    if new is None:
        return None
    sub_entities, sub_docs, sub_imports, fi = new
    docs += sub_docs
    docs.sort(key=lambda d: (d.range.start.line, d.range.start.col))
    fi.docs = docs

    kept = _spliced_entities(f, old, root, chain, s_name, anc_names, old_ancestors, moved, shift,
                             sub_entities)
    if kept is None:
        return None
    fi.entities = kept
    _keep_imports_and_suppressions(fi, old, sub_imports, shift)
    return fi


@dataclass(frozen=True)
class _Shift:
    """Where the edited definition lies and how the edit moves what follows it: its first line
    (the ``def`` line), its last line in the old text, and the lines and characters the edit
    added."""

    first: int
    last_old: int
    dl: int
    dc: int


def _old_definition(f: _File, old: FileIndex, node: Node, outer: Node, s_name: str,
                    anc_names: list[str], dc: int) -> dict[str, Entity] | None:
    """The old entities of the classes around the edited definition, by local name, when the
    old index holds exactly one entity of the definition (named ``s_name``, its code the old
    text of the same span) and exactly one class of each name in ``anc_names``; else None."""
    olds = [e for e in old.entities if e.local_name == s_name]
    if len(olds) != 1 or olds[0].kind not in ("function", "method", "class") or olds[0].code != \
            old.text[f.so(outer.start_byte) : f.so(node.end_byte) - dc]:
        return None
    old_ancestors: dict[str, Entity] = {}
    for e in old.entities:
        if e.local_name in anc_names:
            if e.local_name in old_ancestors or e.kind != "class":
                return None
            old_ancestors[e.local_name] = e
    if len(old_ancestors) != len(anc_names):
        return None
    return old_ancestors


def _kept_docs(old: FileIndex, shift: _Shift) -> tuple[list[DocBlock], dict[int, DocBlock]] | None:
    """The old docs outside the edited definition: those before it as they were (a comment on a
    statement that holds the definition gets its target moved), those after it moved; and the
    moved ones by the id of their old object. None when a block crosses the definition's first
    or last line."""
    first, last_old, dl = shift.first, shift.last_old, shift.dl
    docs: list[DocBlock] = []
    moved: dict[int, DocBlock] = {}
    for d in old.docs:
        r = d.range
        if r.start.line > last_old:
            docs.append(_moved_doc(d, dl, shift.dc))
            moved[id(d)] = docs[-1]
        elif r.end.line < first:
            t = d.target_lines
            if t is not None and t[1] >= first:  # a comment on a statement that holds the function
                if t[1] < last_old:
                    return None
                docs.append(_retargeted(d, (t[0], t[1] + dl)))
            else:
                docs.append(d)
        elif r.start.line < first or r.end.line > last_old:
            return None  # a block across the function's first or last line
    return docs, moved


def _spliced_entities(f: _File, old: FileIndex, root: Node, chain: list[Node], s_name: str,
                      anc_names: list[str], old_ancestors: dict[str, Entity],
                      moved: dict[int, DocBlock], shift: _Shift,
                      sub_entities: list[Entity]) -> list[Entity] | None:
    """The new index's entities: the module and the classes around the edited definition with
    their new code and range, the old entities before the definition as they were, those after
    it moved, and ``sub_entities`` (extracted from the definition) where the definition's old
    entities were. None when one of them cannot be carried over."""
    prefix = s_name + "."
    entities: list[Entity | None] = [_grown(f, old.entities[0], root, None, root)]
    at = -1
    for e in old.entities[1:]:
        ln = e.local_name
        if ln == s_name or ln.startswith(prefix):
            if at < 0:
                at = len(entities)
            continue
        anc = old_ancestors.get(ln)
        if anc is not None:
            i = anc_names.index(ln)
            entities.append(_grown(f, anc, chain[i], outer_node(chain[i]),
                                   chain[i].child_by_field_name("body")))
        elif e.range.start.line > shift.last_old:
            entities.append(_moved_entity(e, shift.dl, moved))
        elif e.range.end.line < shift.first:
            entities.append(e)
        else:
            return None
    kept = [e for e in entities if e is not None]
    if at < 0 or len(kept) != len(entities):
        return None
    kept[at:at] = sub_entities
    return kept


def _keep_imports_and_suppressions(fi: FileIndex, old: FileIndex, sub_imports: list[Import],
                                   shift: _Shift) -> None:
    """Give ``fi`` the old imports and suppressions outside the edited definition (those after
    it moved) around the imports extracted from inside it."""
    first, last_old, dl = shift.first, shift.last_old, shift.dl
    fi.imports = [i for i in old.imports if i.line < first]
    fi.imports += sub_imports
    fi.imports += [Import(i.module, i.name, i.alias, i.level, i.line + dl)
                   for i in old.imports if i.line > last_old]
    for line, codes in old.suppressions.items():
        if line < first:
            fi.suppressions.setdefault(line, set()).update(codes)
        elif line > last_old:
            fi.suppressions.setdefault(line + dl, set()).update(codes)


def _edited_definition(root: Node, start: int, end: int) -> tuple[Node, list[Node]] | None:
    """The definition to extract again for an edit of bytes ``start:end``: the outermost
    function around it (functions nested in it are extracted with it), else the innermost
    class; and the classes around that definition, outermost first. None when the edit is
    not inside that definition's body."""
    node: Node | None = None
    chain: list[Node] = []
    up: Node | None = root.descendant_for_byte_range(start, end)
    while up is not None:
        if up.type == "function_definition":
            node, chain = up, []
        elif up.type == "class_definition":
            if node is None:
                node = up
            else:
                chain.append(up)
        up = up.parent
    if node is None:
        return None
    body = node.child_by_field_name("body")
    if body is None or not (body.start_byte <= start and end <= body.end_byte):
        return None
    chain.reverse()
    return node, chain


def _definition_index(f: _File, root: Node, node: Node, outer: Node, chain: list[Node],
                      old_ancestors: dict[str, Entity], anc_names: list[str],
                      ) -> tuple[list[Entity], list[DocBlock], list[Import], FileIndex] | None:
    """Extract the function or class ``node`` and everything inside it: its entities (sorted as the full
    extraction sorts them), docs and imports, and a new index holding the suppressions and the
    ``ignore-file`` mark its comments set."""
    lo, hi = node.start_byte, node.end_byte
    caps = {k: [n for n in v if n.start_byte >= lo and n.end_byte <= hi]
            for k, v in captures(root, lo, hi).items()}
    comments = caps.get("comment", [])
    if comments and comments[-1].end_point.row == node.end_point.row:
        # a comment line right after the function would join its last comment block
        nl = f.data.find(b"\n", hi)
        if nl >= 0:
            nxt = f.data.find(b"\n", nl + 1)
            if f.data[nl + 1 : nxt if nxt >= 0 else len(f.data)].lstrip().startswith(b"#"):
                return None
    scopes = build_scopes(f, caps.get("def", []), [*chain, *caps.get("class", [])])
    for sc in scopes:
        if sc.start < lo:  # a class around ``node``: kept, so its entity is the old one
            sc.protocol = is_protocol(old_ancestors[sc.local_name].bases)
    finder = ScopeFinder(scopes, PyScope(root, 0, len(f.data), False))
    collect_captures(f, caps, finder.owners)
    masked = _masked_text(f, caps.get("strc", []), comments)
    mine = [i for i, sc in enumerate(scopes) if sc.start >= lo]
    entities, docs = definitions(f, scopes, mine, [])
    for i in mine:
        scope_refs(f, masked, scopes[i], scopes)
    entities.sort(key=lambda e: (e.range.start.line, e.range.start.col))
    imports = [imp for n in caps.get("import", []) for imp in read_imports(f, n)]
    fi = FileIndex(path=f.path, module=f.module, language="python", text=f.text)
    docs += comment_docs(f, fi, comments, root, finder.at, [])
    return order_overloads(entities), docs, imports, fi


def _name(f: _File, node: Node) -> str:
    name = node.child_by_field_name("name")
    return f.src(name) if name is not None else "?"


def _grown(f: _File, e: Entity, node: Node, outer: Node | None, body: Node | None) -> Entity | None:
    """``e`` (the module, or a class around the edited function) with its new code and range;
    its docstring lies before the edit and stays the same object."""
    n = _copy(e)
    if outer is None:  # the module
        n.range = f.whole_range()
        n.code = f.text
        start = 0
    else:
        start = f.so(outer.start_byte)
        n.range = f.node_range(outer, node)
        n.code = f.text[start : f.so(node.end_byte)]
    doc = body_docstring(f, body, e.local_name, []) if body is not None else None
    if (doc is None) != (e.doc is None):
        return None
    n.docless_code = docless(n.code, start, doc) if doc is not None else n.code
    return n


def _moved_entity(e: Entity, dl: int, moved: dict[int, DocBlock]) -> Entity | None:
    n = _copy(e)
    n.range = _moved_range(e.range, dl)
    if e.doc is not None:
        doc = moved.get(id(e.doc))
        if doc is None:
            return None
        n.doc = doc
    return n


def _moved_doc(d: DocBlock, dl: int, dc: int) -> DocBlock:
    n = _copy(d)
    n.range = _moved_range(d.range, dl)
    n.pieces = d.pieces.shifted(dc)
    n.start_line = d.start_line + dl
    n.end_line = d.end_line + dl
    t = d.target_lines
    n.target_lines = (t[0] + dl, t[1] + dl) if t is not None else None
    return n


def _retargeted(d: DocBlock, target: tuple[int, int]) -> DocBlock:
    n = _copy(d)
    n.target_lines = target
    return n


def _moved_range(r: Range, dl: int) -> Range:
    return Range(Pos(r.start.line + dl, r.start.col), Pos(r.end.line + dl, r.end.col)) if dl else r


_Copied = TypeVar("_Copied", Entity, DocBlock)


def _copy(obj: _Copied) -> _Copied:
    """A shallow copy of an entity or doc with every field present (a packed one is unpacked
    first: ``copy.copy`` would pack it through ``__getstate__``), without the values computed
    from the old fields and kept on the object (``deps.entity_digest``)."""
    return cast(_Copied, obj.copied())
