"""C1.unknown-key: a documented key of a ``**kwargs`` or options dict that the function never
reads, beside the one key it does read that the doc misspells (``maxlag`` documented, the code
reads ``kwds['maxlags']``)."""

from __future__ import annotations

import keyword
import re
from collections.abc import Iterator
from typing import cast

from docfact.judges import world
from docfact.judges.base import JudgeContext
from docfact.judges.mentions import MARKED, find_mentions
from docfact.judges.name_relatives import relative
from docfact.judges.rule import Check
from docfact.judges.rules.c1_names import UNKNOWN_KEY
from docfact.model import Entity, Finding, Segment

# a string key read from a name: ``p['k']``, ``p.get('k')``, ``p.pop('k')``, ``'k' in p``
_KEY_READ = re.compile(
    r"""\b(?P<p1>\w+)\s*\[\s*(?P<q1>["'])(?P<k1>\w+)(?P=q1)\s*\]"""
    r"""|\b(?P<p2>\w+)\s*\.\s*(?:get|pop|setdefault)\(\s*(?P<q2>["'])(?P<k2>\w+)(?P=q2)"""
    r"""|(?P<q3>["'])(?P<k3>\w+)(?P=q3)\s+(?:not\s+)?in\s+(?P<p3>\w+)\b""")


_OPTIONS = re.compile(r"(?:^|_)(?:options|opts|kwds|kwargs|kw|config|settings|cfg)$")


def _keys_read(ctx: JudgeContext, every_param: bool = False) -> dict[str, set[str]]:
    """Per ``**kwargs`` or options parameter of the documented function (per parameter with
    ``every_param``), the string keys its body reads from it (``p['k']``, ``p.get('k')``,
    ``p.pop('k')``, ``'k' in p``); parameters handed on whole (``**p``, ``f(p)``) are left out,
    as the callee may read other keys (once per doc)."""
    key = "keys-read-all" if every_param else "keys-read"
    got = ctx.memo.get(key)
    if got is not None:
        return cast("dict[str, set[str]]", got)
    got = ctx.memo[key] = {}
    e = ctx.entity
    if e is None:
        return got
    code = e.docless_code or e.code
    body = code[len(e.signature):] if e.signature and code.startswith(e.signature) else code
    # ``**kwargs`` and options dicts: other parameters are as often records with other keys
    params = {p.name.lstrip("*") for p in e.params if every_param or p.kind == "kwarg" or _OPTIONS.search(p.name)}
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
    listed = seg.field is not None and ("'" in seg.text or '"' in seg.text)
    # a parameter whose keys _keys_read would list
    options = any(p.kind == "kwarg" or _OPTIONS.search(p.name) for p in e.params)
    if not (listed or options) or not world.behaviour_closed(ctx, e):
        return  # a decorator may read the keys, or the body is a placeholder for the real one
    if listed:
        yield from _listed_key(ctx, seg, e)
    if not options:
        return
    params = {p.name.lstrip("*") for p in e.params}
    names: list[tuple[str, int, int]] = [(m.name, m.start, m.end) for m in find_mentions(seg.text)
                                         if m.strength == MARKED and "." not in m.name and not m.is_call
                                         and m.name not in params]
    item = seg.field
    if item is not None and item.name and item.name_span and re.fullmatch(r"\w+", item.name.strip("*` ")):
        start = item.name_span[0] - seg.start + item.name.find(item.name.strip("*` "))
        names.insert(0, (item.name.strip("*` "), start, start + len(item.name.strip("*` "))))
    # a keyword is a value the text gives a key ("specified as ``True``"), never a key itself
    names = [n for n in names if n[0] not in params and len(n[0]) >= 3 and not keyword.iskeyword(n[0])]
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
            if real in name and _tests_part_of(e, param, real):
                continue  # ``"cent" in pos`` accepts "center": the code reads a part of the word
            yield ctx.finding(
                seg, UNKNOWN_KEY,
                f"`{name}` is not a key `{e.name}` reads from `{param}` (it reads `{real}`); did you mean `{real}`?",
                evidence=ctx.evidence_of(e, f"the keys read from `{param}`", ", ".join(sorted(keys))),
                fix=ctx.fix_replace(seg, start, end, real, f"Rename `{name}` to `{real}`"))
            return


def _tests_part_of(e: Entity, param: str, key: str) -> bool:
    """Whether the code of ``e`` tests ``key`` as a part of ``param``'s text (``"cent" in pos``,
    ``pos.startswith("cent")``), so any word that holds it passes."""
    k, p = re.escape(key), re.escape(param)
    code = e.docless_code or e.code
    if re.search(rf"\b{p}\s*(?:\[|\.get\(|\.pop\()\s*[\"']{k}[\"']", code):
        return False  # ``pos["cent"]``: a key of a mapping after all
    return re.search(rf"[\"']{k}[\"']\s+in\s+{p}\b|\b{p}\.(?:startswith|endswith|find|count)\(\s*[\"']{k}[\"']",
                     code) is not None


_QUOTED_KEY = re.compile(r"""(?<![\w`\\])(["'])([A-Za-z_]\w*)\1(?![\w`])""")


def _listed_key(ctx: JudgeContext, seg: Segment, e: Entity) -> Iterator[Finding]:
    """The item of parameter ``p`` lists the quoted keys it must have (``'rank'``,
    ``'detection_limit'``); the body reads keys from ``p`` and hands it to nothing else, reads
    all but one of the listed keys, and reads exactly one key the item does not list: the
    unread listed key misnames it."""
    item = seg.field
    if item is None or item.section != "param" or not item.name:
        return
    param = item.name.strip("*` ")
    listed = {m.group(2) for m in _QUOTED_KEY.finditer(seg.text)}
    if len(listed) < 2 or param not in {p.name.lstrip("*") for p in e.params}:
        return
    keys = _keys_read(ctx, every_param=True).get(param)
    if not keys or len(listed & keys) < 1:
        return  # the item lists no key the body reads: it says something else about them
    unread, unlisted = listed - keys, keys - listed
    if len(unread) != 1 or len(unlisted) != 1:
        return
    name, real = unread.pop(), unlisted.pop()
    if re.search(rf"[\"']{re.escape(name)}[\"']", e.docless_code or e.code):
        return  # spelled as a string somewhere in the code (a default, a key read another way)
    if real in name and _tests_part_of(e, param, real):
        return  # ``"cent" in pos`` accepts "center": the code reads a part of the documented word
    m = re.search(rf"(?<![\w`])([\"']){re.escape(name)}\1", seg.text)
    assert m is not None
    yield ctx.finding(
        seg, UNKNOWN_KEY,
        f"`{name}` is not a key `{e.name}` reads from `{param}` (it reads {', '.join(f'`{k}`' for k in sorted(keys))});"
        f" did you mean `{real}`?",
        evidence=ctx.evidence_of(e, f"the keys read from `{param}`", ", ".join(sorted(keys))),
        fix=ctx.fix_replace(seg, m.start() + 1, m.end() - 1, real, f"Rename `{name}` to `{real}`"))


CHECKS: tuple[Check, ...] = (
    Check(UNKNOWN_KEY, unknown_key),
)
