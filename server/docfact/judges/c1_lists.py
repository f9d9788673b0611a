"""C1.duplicate-entry: a definition list in prose (a list of options or constants, each name on
its own line with its description indented below) that names the same entry twice with two
different descriptions: one of the two names is wrong, and when the code defines exactly one
name of the same family that the list leaves out, that name was meant.

Parameter, attribute and other field lists are left to the field rules (``C1.unknown-param``
reports a parameter documented twice)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext
from docfact.judges.rule import Check
from docfact.judges.rules.c1_references import DUPLICATE_ENTRY
from docfact.model import Finding, Segment

# a name alone on its line, or ``NAME = value`` with a plain value (a number, a name, a string)
_ENTRY = re.compile(r"""([ \t]*)([A-Za-z_]\w*)(?:[ \t]*=[ \t]*(?:[\w.+-]+|'[^'\n]*'|"[^"\n]*"))?[ \t]*""")
# a line that may be an entry (its name)
_ALONE = re.compile(r"""^[ \t]*([A-Za-z_]\w*)(?:[ \t]*=[ \t]*(?:[\w.+-]+|'[^'\n]*'|"[^"\n]*"))?[ \t]*$""", re.M)
# English words a line may hold alone in prose laid out as a list ("greater than x / and / not NaN")
_CONNECTIVES = frozenset({"and", "or", "nor", "not", "but", "then", "else", "otherwise", "if", "unless", "where",
                          "with", "without", "plus", "minus", "times", "the", "a", "an", "of", "to", "in", "is"})
# a doctest and its output, up to the next blank line
_DOCTEST = re.compile(r"^[ \t]*>>>.*(?:\n[ \t]*\S.*)*", re.M)


def _duplicates(text: str) -> list[tuple[str, int, set[str]]]:
    """(name, offset of its second entry, names of every entry of its list) for each entry a
    definition list of ``text`` names twice with different descriptions."""
    out: list[tuple[str, int, set[str]]] = []
    alone = _ALONE.findall(text)
    if len(alone) == len(set(alone)):
        return out  # no name stands alone on two lines: the common case, one pass of a pattern
    if ">>>" in text:  # doctest output is no list (offsets kept: the same length, blanked)
        text = _DOCTEST.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    lines = text.split("\n")
    offsets = [0]
    for line in lines[:-1]:
        offsets.append(offsets[-1] + len(line) + 1)
    entries: list[tuple[str, int, list[str]]] = []  # the open list: (name, offset, description lines)
    indent = -1

    def close() -> None:
        seen: dict[str, str] = {}
        names = {n.split("=")[0] for n, _, _ in entries}
        for key, off, desc in entries:
            text_of = " ".join(" ".join(desc).split())
            if key in seen and seen[key] != text_of and text_of:
                out.append((key.split("=")[0], off, names))
            seen.setdefault(key, text_of)
        entries.clear()

    def key(m: re.Match[str]) -> str:
        """An entry's identity: its name, and the value it is given (``RELTYPE=NEXT`` and
        ``RELTYPE=PARENT`` are two entries of one key, not one name listed twice)."""
        return "".join(m.group(0).split()) if "=" in m.group(0) else m.group(2)

    for i, line in enumerate(lines):
        width = len(line) - len(line.lstrip(" \t"))
        if not line.strip():
            close()
            indent = -1
            continue
        if entries and width > indent:
            entries[-1][2].append(line.strip())
            continue
        m = _ENTRY.fullmatch(line)
        if m is not None and m.group(2).lower() in _CONNECTIVES:
            m = None  # a connective of prose, not an entry's name
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        described = bool(nxt.strip()) and len(nxt) - len(nxt.lstrip(" \t")) > width
        if m is not None and described and (not entries or width == indent):
            entries.append((key(m), offsets[i] + width, []))
            indent = width
            continue
        close()
        indent = -1
        if m is not None and described:
            entries.append((key(m), offsets[i] + width, []))
            indent = width
    close()
    return out


def duplicate_entry(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    if ctx.doc.kind == "comment" or seg.field is not None or ctx.entity is None:
        return
    dups = ctx.memo.get("duplicate-entries")
    if dups is None:
        text = ctx.doc.text  # two entries and their descriptions take four lines at least
        dups = ctx.memo["duplicate-entries"] = _duplicates(text) if text.count("\n") >= 3 else []
    for name, off, listed in dups:
        if not seg.start <= off < seg.end:
            continue
        msg = (f"`{name}` is listed twice in this list, with two different descriptions: "
               "one of the two entries names the wrong thing")
        fix = None
        meant = _left_out(ctx, name, listed)
        if meant is not None:
            msg += f"; the code defines `{meant}`, which the list leaves out: did you mean `{meant}`?"
            rel = off - seg.start
            fix = ctx.fix_replace(seg, rel, rel + len(name), meant, f"Replace `{name}` with `{meant}`")
        yield ctx.finding(seg, DUPLICATE_ENTRY, msg,
                          evidence=ctx.evidence_of(ctx.entity, "the documented definition",
                                                   ctx.entity.signature or None),
                          fix=fix)
        return


def _left_out(ctx: JudgeContext, name: str, listed: set[str]) -> str | None:
    """The one name of ``name``'s family (its first word: ``MEMORY_`` in ``MEMORY_NO_GAIN``) that
    the file or the documented class defines and the list leaves out."""
    if "_" not in name.strip("_"):
        return None
    stem = name[: name.index("_", 1) + 1]
    pool = {e.name for e in ctx.file.entities if e.kind in ("variable", "field") and e.name.startswith(stem)}
    missing = pool - listed
    return missing.pop() if len(missing) == 1 else None


CHECKS: tuple[Check, ...] = (
    Check(DUPLICATE_ENTRY, duplicate_entry),
)
