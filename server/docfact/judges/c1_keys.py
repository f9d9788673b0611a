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

# a string key read from a name: ``p['k']``, ``p.get('k')``, ``p.pop('k')``, ``'k' in p``
_KEY_READ = re.compile(
    r"""\b(?P<p1>\w+)\s*\[\s*(?P<q1>["'])(?P<k1>\w+)(?P=q1)\s*\]"""
    r"""|\b(?P<p2>\w+)\s*\.\s*(?:get|pop|setdefault)\(\s*(?P<q2>["'])(?P<k2>\w+)(?P=q2)"""
    r"""|(?P<q3>["'])(?P<k3>\w+)(?P=q3)\s+(?:not\s+)?in\s+(?P<p3>\w+)\b""")


_OPTIONS = re.compile(r"(?:^|_)(?:options|opts|kwds|kwargs|kw|config|settings|cfg)$")


def _keys_read(ctx: JudgeContext) -> dict[str, set[str]]:
    """Per ``**kwargs`` or options parameter of the documented function, the string keys its
    body reads from it (``p['k']``, ``p.get('k')``, ``p.pop('k')``, ``'k' in p``); parameters handed on whole
    (``**p``, ``f(p)``) are left out, as the callee may read other keys (once per doc)."""
    got = ctx.memo.get("keys-read")
    if got is not None:
        return got
    got = ctx.memo["keys-read"] = {}
    e = ctx.entity
    if e is None:
        return got
    code = e.docless_code or e.code
    body = code[len(e.signature):] if e.signature and code.startswith(e.signature) else code
    # ``**kwargs`` and options dicts: other parameters are as often records with other keys
    params = {p.name.lstrip("*") for p in e.params if p.kind == "kwarg" or _OPTIONS.search(p.name)}
    if not params:
        return got
    for m in _KEY_READ.finditer(body):
        param = m.group("p1") or m.group("p2") or m.group("p3")
        if param in params:
            got.setdefault(param, set()).add(m.group("k1") or m.group("k2") or m.group("k3"))
    for name in list(got):
        if re.search(rf"\*\*{name}\b|[(,]\s*{name}\s*[,)]|=\s*{name}\s*[,)]", body):
            del got[name]  # handed on: another function reads its keys
    return got


def unknown_key(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or e.kind not in ("function", "method") or not ctx.is_python or ctx.doc.kind == "comment":
        return
    if "`" not in seg.text and seg.field is None:
        return
    if not any(p.kind == "kwarg" or _OPTIONS.search(p.name) for p in e.params):
        return  # no parameter whose keys _keys_read would list
    params = {p.name.lstrip("*") for p in e.params}
    names: list[tuple[str, int, int]] = [(m.name, m.start, m.end) for m in find_mentions(seg.text)
                                         if m.strength == MARKED and "." not in m.name and not m.is_call
                                         and m.name not in params]
    item = seg.field
    if item is not None and item.name and item.name_span and re.fullmatch(r"\w+", item.name.strip("*` ")):
        start = item.name_span[0] - seg.start + item.name.find(item.name.strip("*` "))
        names.insert(0, (item.name.strip("*` "), start, start + len(item.name.strip("*` "))))
    names = [n for n in names if n[0] not in params and len(n[0]) >= 3]
    if not names:
        return
    reads = _keys_read(ctx)
    if not reads:
        return
    every_key = set().union(*reads.values())
    for name, start, end in names:
        if name in every_key or name in ctx.scope_names:
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
