"""C1, name inconsistency: names in the docs that are not the names the code uses."""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext, Rule
from docfact.judges.mentions import MARKED, Mention, find_mentions, is_constant_like
from docfact.model import Finding, Segment


def documented_params(ctx: JudgeContext) -> list[str] | None:
    """The names a parameter list in this doc may use; None when we cannot know them."""
    e = ctx.entity
    if e is None:
        return None
    if e.kind in ("function", "method"):
        return [p.name.lstrip("*") for p in e.params]
    if e.kind == "class":
        init = ctx.file.entity(f"{e.local_name}.__init__")
        if init is not None:
            return [p.name.lstrip("*") for p in init.params]
        if any(d.split("(")[0].rsplit(".", 1)[-1] in ("dataclass", "define", "frozen", "attrs", "s")
               for d in e.decorators):
            return [m.rsplit(".", 1)[-1] for m in e.members]
        if e.language == "java":
            ctors = [ctx.file.entity(m) for m in e.members if m.rsplit(".", 1)[-1] == e.name]
            names = [p.name for c in ctors if c is not None for p in c.params]
            return names or None
    return None


def _accepts_any_keyword(ctx: JudgeContext) -> bool:
    e = ctx.entity
    if e is None:
        return True
    target = e
    if e.kind == "class":
        target = ctx.file.entity(f"{e.local_name}.__init__") or e
    return any(p.kind == "kwarg" for p in target.params)


def unknown_param(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    item = seg.field
    if item is None or item.section != "param" or not item.name:
        return
    params = documented_params(ctx)
    if params is None or _accepts_any_keyword(ctx):
        return
    for raw in re.split(r"\s*,\s*", item.name):
        name = raw.strip().lstrip("*").strip()
        if not name or name in params or name in ("self", "cls") or not re.fullmatch(r"\w+", name):
            continue
        undocumented = [p for p in params if p not in ("self", "cls")]
        suggestion = ctx.suggest(name, undocumented, cutoff=0.5) or (
            undocumented[0] if len(undocumented) == 1 else None
        )
        sig = ctx.entity.signature if ctx.entity else ""
        msg = f"`{name}` is not a parameter of `{ctx.entity.name if ctx.entity else '?'}`"
        msg += f"; did you mean `{suggestion}`?" if suggestion else f" (parameters: {', '.join(undocumented) or 'none'})"
        fix = None
        if suggestion and item.name_span:
            text_off = item.name_span[0] + item.name.find(raw)
            rel = text_off - seg.start
            fix = ctx.fix_replace(seg, rel, rel + len(raw), raw.replace(name, suggestion),
                                  f"Rename `{name}` to `{suggestion}`")
        yield ctx.finding(seg, "C1", "C1.unknown-param", msg,
                          evidence=ctx.evidence_of(ctx.entity, "the signature", sig or None), fix=fix)


def _resolves(ctx: JudgeContext, m: Mention) -> bool:
    """Whether a mentioned name exists: in scope, in the project, the stdlib/builtins or an
    external package. A dotted name under a project class or module must name a real member."""
    parts = m.name.split(".")
    if parts[0] in ("self", "cls", "this") and len(parts) > 1:
        parts = parts[1:]
    head = parts[0]
    if not ctx.is_known(head):
        return False
    if len(parts) == 1:
        return True
    dotted = ".".join(parts)
    scope = ctx.entity
    if scope is not None:
        try:
            head_res = ctx.graph.resolve(head, scope)
            if head_res is not None and head_res.kind == "project" and head_res.entity is not None \
                    and head_res.entity.kind in ("class", "module"):
                full = ctx.graph.resolve(dotted, scope)
                return full is not None
        except Exception:
            return True  # a resolver problem is not a finding
    if ctx.is_known(parts[-1]):
        return True
    try:
        exists = ctx.graph.external_exists(dotted)
    except Exception:
        exists = None
    return exists is not False


def _field_name_span(seg: Segment) -> tuple[int, int] | None:
    item = seg.field
    if item is None or item.name_span is None:
        return None
    return item.name_span[0] - seg.start, item.name_span[1] - seg.start


def unknown_name(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    skip = _field_name_span(seg)
    seen: set[str] = set()
    for m in find_mentions(seg.text):
        if skip and m.start < skip[1] and skip[0] < m.end:
            continue
        if m.name in seen or is_constant_like(m.name.split(".")[-1]):
            continue
        seen.add(m.name)
        if _resolves(ctx, m):
            continue
        last = m.name.split(".")[-1]
        suggestion = ctx.suggest(last, cutoff=0.75)
        if m.strength != MARKED and not m.is_call and suggestion is None:
            continue  # only the spelling says "code": demand a near miss before speaking
        if m.strength != MARKED and not m.is_call and len(last) < 4:
            continue
        msg = f"`{m.name}` does not exist in the code, its direct dependencies or the project"
        fix = None
        if suggestion:
            msg += f"; did you mean `{suggestion}`?"
            new = m.name[: len(m.name) - len(last)] + suggestion
            fix = ctx.fix_replace(seg, m.start, m.end, new, f"Replace `{m.name}` with `{new}`")
        yield ctx.finding(seg, "C1", "C1.unknown-name", msg,
                          evidence=ctx.evidence_of(ctx.entity, "names available to this code",
                                                   _scope_excerpt(ctx)), fix=fix)


def _scope_excerpt(ctx: JudgeContext) -> str | None:
    e = ctx.entity
    if e is None:
        return None
    return e.signature or e.code.split("\n", 1)[0]


_SUBJECT = re.compile(
    r"^\s*(?:The|This)\s+`{0,2}(?P<name>[A-Za-z_][\w.]*)(?:\(\))?`{0,2}\s+"
    r"(?P<what>function|method|class|constructor|coroutine|helper|routine|property)\b"
)


def wrong_subject(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or ctx.doc.kind == "comment" or seg.field is not None:
        return
    m = _SUBJECT.match(seg.text)
    if not m:
        return
    name = m.group("name").split(".")[-1]
    if name in (e.name, e.local_name) or name in e.calls or name in e.refs:
        return
    if name.lower() in ("following", "given", "current", "above", "below", "same", "main", "base"):
        return
    if any(name == c.split(".")[-1] for c in e.calls):
        return
    start, end = m.span("name")
    yield ctx.finding(
        seg, "C1", "C1.wrong-subject",
        f"the sentence calls this {m.group('what')} `{name}`, but it is `{e.name}`",
        evidence=ctx.evidence_of(e, "the definition"),
        fix=ctx.fix_replace(seg, start, end, e.name, f"Replace `{name}` with `{e.name}`"),
    )


RULES = (
    Rule("C1.unknown-param", "C1", "A documented parameter that the signature does not have.",
         "`Args: path: ...` for `def load(filename)`", unknown_param),
    Rule("C1.wrong-subject", "C1", "The docstring names the documented function or class by another name.",
         "\"The `load_config` function ...\" on `def read_settings()`", wrong_subject),
    Rule("C1.unknown-name", "C1", "A code name in a sentence that exists nowhere in the code, its 1-hop context or the project.",
         "\"Calls `shold_remove()` first\" when only `should_remove` exists", unknown_name),
)
