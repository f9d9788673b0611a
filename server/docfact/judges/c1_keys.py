"""C1.unknown-key: a documented key of a ``**kwargs`` or options dict that the function never
reads, beside the one key it does read that the doc misspells (``maxlag`` documented, the code
reads ``kwds['maxlags']``)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext, Rule
from docfact.judges.mentions import MARKED, find_mentions
from docfact.judges.name_relatives import relative
from docfact.model import Finding, Segment

_KEY_READ = r"""(?:{p}\s*\[\s*(?P<q1>["'])(?P<k1>\w+)(?P=q1)\s*\]|{p}\s*\.\s*(?:get|pop|setdefault)\(\s*(?P<q2>["'])(?P<k2>\w+)(?P=q2)|(?P<q3>["'])(?P<k3>\w+)(?P=q3)\s+(?:not\s+)?in\s+{p}\b)"""


def _keys_read(ctx: JudgeContext) -> dict[str, set[str]]:
    """Per parameter of the documented function, the string keys its body reads from it
    (``p['k']``, ``p.get('k')``, ``p.pop('k')``, ``'k' in p``); parameters handed on whole
    (``**p``, ``f(p)``) are left out, as the callee may read other keys (once per doc)."""
    got = ctx.memo.get("keys-read")
    if got is not None:
        return got
    got = ctx.memo["keys-read"] = {}
    e = ctx.entity
    code = e.docless_code or e.code if e is not None else ""
    if e is None or ("[" not in code and "get(" not in code and "pop(" not in code and " in " not in code):
        return got
    body = code[len(e.signature):] if e.signature and code.startswith(e.signature) else code
    for p in e.params:
        name = p.name.lstrip("*")
        if p.kind == "self" or name not in body:
            continue
        if re.search(rf"\*\*{name}\b|[(,]\s*{name}\s*[,)]|=\s*{name}\s*[,)]", body):
            continue  # handed on: another function reads its keys
        keys = {m.group("k1") or m.group("k2") or m.group("k3")
                for m in re.finditer(_KEY_READ.format(p=rf"\b{re.escape(name)}"), body)}
        if keys:
            got[name] = keys
    return got


def unknown_key(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or e.kind not in ("function", "method") or not ctx.is_python or ctx.doc.kind == "comment":
        return
    if "`" not in seg.text and seg.field is None:
        return
    reads = _keys_read(ctx)
    if not reads:
        return
    names: list[tuple[str, int, int]] = [(m.name, m.start, m.end) for m in find_mentions(seg.text)
                                         if m.strength == MARKED and "." not in m.name and not m.is_call]
    item = seg.field
    if item is not None and item.name and item.name_span and re.fullmatch(r"\w+", item.name.strip("*` ")):
        start = item.name_span[0] - seg.start + item.name.find(item.name.strip("*` "))
        names.insert(0, (item.name.strip("*` "), start, start + len(item.name.strip("*` "))))
    if not names:
        return
    params = {p.name.lstrip("*") for p in e.params}
    every_key = set().union(*reads.values())
    for name, start, end in names:
        if name in params or name in every_key or len(name) < 3 or name in ctx.scope_names:
            continue
        if re.search(rf"[\"']{re.escape(name)}[\"']", e.docless_code or e.code):
            continue  # spelled as a string somewhere in the body: read another way
        for param, keys in reads.items():
            got = relative(name, keys, extension=False)
            if got is None or got[1] not in ("typo", "word"):
                continue
            real = got[0]
            yield ctx.finding(
                seg, "C1", "C1.unknown-key",
                f"`{name}` is not a key `{e.name}` reads from `{param}` (it reads `{real}`); did you mean `{real}`?",
                evidence=ctx.evidence_of(e, f"the keys read from `{param}`", ", ".join(sorted(keys))),
                fix=ctx.fix_replace(seg, start, end, real, f"Rename `{name}` to `{real}`"))
            return


RULES = (
    Rule("C1.unknown-key", "C1",
         "A documented key of a `**kwargs` or options dict that the function never reads, beside a key it reads.",
         "\"`maxlag` (int): number of lags\" when the code reads `kwds['maxlags']`", unknown_key),
)
