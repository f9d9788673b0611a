"""Which verdicts of the language server still hold after an edit: what each doc's verdict was
made from (:func:`doc_key`), what an edit changed (:func:`entity_codes`,
:func:`changed_qualnames`), and moving a kept verdict to its doc's new place (:func:`relocate`)."""

from __future__ import annotations

from dataclasses import replace

from docfact.config import Settings
from docfact.model import DocBlock, DocResult, Entity, FileIndex, Finding, Pos, Range


def entity_codes(index: FileIndex | None) -> dict[str, str]:
    """qualname -> what other docs can see of each entity of a file.

    Functions and variables: their code. Classes: what their 1-hop view shows (header,
    docstring, member signatures), not their whole body, so an edit inside one method changes
    that method and not every user of the class. Modules count by presence only. The result is
    shared (treat it as read-only).
    """
    if index is None:
        return {}
    memo = _codes.get(index.path)
    if memo is not None and memo[0] is index:
        return memo[1]
    out: dict[str, str] = {}
    for e in index.entities:
        if e.kind == "module":
            out[e.qualname] = ""
        elif e.kind == "class":
            members = [index.entity(m) for m in e.members]
            out[e.qualname] = "\n".join([e.signature, repr(e.bases), e.doc.text if e.doc else "",
                                         *(m.signature for m in members if m is not None)])
        else:
            out[e.qualname] = e.signature + "\n" + e.code
    _codes[index.path] = (index, out)  # the latest index of each file: computed once per edit
    return out


_codes: dict[str, tuple[FileIndex, dict[str, str]]] = {}


def forget_codes(path: str) -> None:
    """Drop what :func:`entity_codes` keeps of a file that is gone."""
    _codes.pop(path, None)


def changed_qualnames(old: dict[str, str], new: dict[str, str]) -> set[str]:
    """Entities added, removed or whose code changed between two snapshots of a file."""
    out = set(old.keys() ^ new.keys())
    out.update(q for q in old.keys() & new.keys() if old[q] != new[q])
    return out


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


def relocate(res: DocResult, doc: DocBlock, entity: Entity | None) -> DocResult | None:
    """A cached verdict moved to the same doc's new place (lines and offsets shifted by an edit
    above it); None when it cannot be moved safely (evidence elsewhere in the same file)."""
    dl = doc.range.start.line - res.doc.range.start.line
    do = (doc.pieces[0][1] - res.doc.pieces[0][1]) if doc.pieces and res.doc.pieces else 0
    if dl == 0 and do == 0:
        return res if res.doc is doc else replace(res, doc=doc, entity=entity)

    def moved(r: Range) -> Range:
        return Range(Pos(r.start.line + dl, r.start.col), Pos(r.end.line + dl, r.end.col))

    segments = [replace(sg, range=moved(sg.range)) for sg in res.segments]
    examples = [replace(sg, range=moved(sg.range)) for sg in res.examples]
    by_index = {sg.index: sg for sg in (*segments, *examples)}
    findings: list[Finding] = []
    for f in res.findings:
        ev = f.evidence
        if ev is not None and ev.path == doc.path and ev.range is not None:
            if res.entity is None or entity is None or ev.range != res.entity.range:
                return None
            ev = replace(ev, range=entity.range)
        fix = replace(f.fix, start=f.fix.start + do, end=f.fix.end + do) if f.fix is not None else None
        findings.append(replace(f, segment=by_index[f.segment.index], evidence=ev, fix=fix))
    return DocResult(doc=doc, entity=entity, segments=segments, findings=findings, criteria=res.criteria,
                     examples=examples)
