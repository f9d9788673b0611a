"""Which verdicts of the language server still hold after an edit: what each doc's verdict was
made from (:func:`doc_key`), what an edit changed (:func:`entity_codes`,
:func:`changed_qualnames`), and moving a kept verdict to its doc's new place (:func:`relocate`)."""

from __future__ import annotations

from dataclasses import replace

from docfact.doc_inputs import doc_key, imports_key
from docfact.model import DocBlock, DocResult, Entity, FileIndex, Finding, Pos, Range

__all__ = ["changed_qualnames", "doc_key", "entity_codes", "forget_codes", "imports_key", "relocate"]


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
