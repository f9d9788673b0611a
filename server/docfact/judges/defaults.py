"""C3.wrong-default: a documented default value that the signature or a field contradicts.

A default is claimed in a parameter's own item (NumPy ``x : int, default=3``, ``(default: 3)``,
Google ``Defaults to 3.``, Sphinx ``:param x: ... (default: 3)``) or in prose that names the
parameter ("``x`` defaults to 3", "By default ``x`` is 3", "the default value of ``x`` is 3",
"When not given, ``x`` is 3"). It is compared with the signature's default, or with the field
default of a dataclass/attrs/NamedTuple class. Values are read as literals (``1e3`` is
``1000``, ``.5`` is ``0.5``, ``"a"`` is ``'a'``, ``true`` is ``True``); a module constant or an
enum member in the signature is followed to its literal value. The rule stays silent when the
default is computed (a call, ``None`` replaced in the body, a ``default_factory``), a sentinel
the body replaces, or something it cannot read.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from docfact.judges.base import JudgeContext
from docfact.judges.default_values import (
    UNKNOWN,
    Default,
    Member,
    code_defaults,
    constant_value,
    read_value,
    same_value,
    sentinel_test,
)
from docfact.judges.function_ast import parse_function
from docfact.judges.gates import Gated, may_hold
from docfact.judges.rules.c3_behaviour import WRONG_DEFAULT
from docfact.model import Entity, Finding, Segment

# a documented value: code-marked, quoted, a number, a keyword, a dotted constant (Mode.FAST) or
# an upper-case constant (DEFAULT_TIMEOUT)
_VALUE = (
    r"(?P<val>`{1,2}[^`\n]+`{1,2}|'[^'\n]*'|\"[^\"\n]*\""
    r"|[-+]?0[xX][0-9a-fA-F_]+|[-+]?(?:\d[\d_]*(?:[ ,]\d{3}(?!\d))*(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?"
    r"|True|False|None|true|false|null"
    r"|[A-Z]\w*(?:\.[A-Za-z_]\w*)+|[A-Z][A-Z0-9]*_[A-Z0-9_]+)(?![\w`]|\.\w)"
)
# what may follow a value and make it conditional or part of a larger expression
_AFTER = re.compile(
    r"[ \t]*(?:[-+*/%^\u00d7]|\*\*|(?i:for|when|if|unless|in|on|under|with|or|except|but|depending|per|"
    r"times|plus|minus)\b|(?i:ms|milliseconds?|µs|us|microseconds?|ns|nanoseconds?|minutes?|mins?|"
    r"hours?|days?|weeks?|k|kb|mb|gb|kib|mib|gib|kilobytes?|megabytes?|gigabytes?|percent|"
    # rates and frequencies with a prefix: "500 kbit/s" for ``bitrate=500000``
    r"[kmg]bits?|[kmg]bps|[kmg]bs|[kmg]baud|[kmg]hz)\b)"
)
_SECONDS = re.compile(r"[ \t]*(?i:s|secs?|seconds?)\b")
_OTHER_UNIT = re.compile(r"\b(?i:ms|msecs?|millis(?:econds?)?|µs|us|usecs?|microseconds?|ns|nanoseconds?|minutes?|"
                         r"mins|hours?|days?)\b")
_NOT_SECONDS = re.compile(r"(?:^|_)(?:ms|msec|millis|milliseconds|us|usec|ns|nsec|minutes|mins|hours|days)$")

# the phrases of a default in a parameter's own item; ``attributive`` ones sit right after the
# item's name or type ("x : int, default 3", "(default: 3)"), the others need a subject
_ATTRIBUTIVE = re.compile(r"(?:\(\s*(?i:default)\b\s*[:=]?\s*|,\s*(?i:default)\s+|\b(?i:default)\s*[=:]\s*)" + _VALUE)
_PREDICATIVE = re.compile(
    r"(?:\b(?i:defaults?\s+(?:to|is)|default\s+value\s+is|default\s+value\s*[=:])\s*"
    r"|\b(?i:by\s+default),?\s+(?:it\s+is\s+|is\s+)?"
    r"|\b(?i:if|when)\s+(?i:omitted|not\s+(?:given|provided|passed|set|specified)|left\s+out|unset),?\s+)"
    + _VALUE
)
# a value marked as the default after it: "'eig', the default, uses ...", "If 'hac' (default), ..."
_MARKED_DEFAULT = r"(?=\s*\(\s*(?i:the\s+)?default\s*\)|,\s+(?i:the\s+default)\s*(?:[,;:)]|\.(?!\w)|$))"
_TRAILING = re.compile(_VALUE + _MARKED_DEFAULT)
# where a value may be marked as the default (the look-ahead of _TRAILING, less its leading
# white space): without one, _TRAILING is not run over the whole text
_DEFAULT_MARK = re.compile(r"\(\s*(?i:the\s+)?default\s*\)|,\s+(?i:the\s+default)\s*(?:[,;:)]|\.(?!\w)|$)")
# another quoted value and a comma right before a value: one of a group of aliases
_ALIAS_BEFORE = re.compile(r"""(?:'[^'\n]*'|"[^"\n]*"|`{1,2}[^`\n]+`{1,2})\s*,\s*$""")
# the word before "defaults to"/"default is" that makes the parameter its subject
_SUBJECTS = frozenset({"it", "this", "its", "parameter", "argument", "option", "flag", "value", "and", "also",
                       "otherwise", "the", "setting"})

# prose that names the parameter
_NAME = r"(?:(?P<q>`{1,2}|\*)(?P<name>[A-Za-z_]\w*)(?P=q)|(?<![\w.`*])(?P<bare>[A-Za-z_]\w*))"
_ROLE = r"(?:\s+(?:parameter|argument|keyword\s+argument|option|flag))?"
# (a phrase every match contains, looked for first since a name may start anywhere; the pattern)
_NAMED = tuple((re.compile(gate), re.compile(p + _VALUE)) for gate, p in (
    (r"defaults\s+to", _NAME + _ROLE + r"\s+defaults\s+to\s+"),
    (r"(?i:by\s+default)", r"\b(?i:by\s+default),?\s+(?:the\s+)?" + _NAME + _ROLE + r"\s+is\s+(?:set\s+to\s+)?"),
    (r"(?i:default)(?:\s+value)?\s+(?:of|for)\s",
     r"\b(?i:the\s+)?(?i:default)(?:\s+value)?\s+(?:of|for)\s+(?:the\s+)?" + _NAME + _ROLE + r"\s+is\s+"),
    (r"\b(?i:when|if)\s+not\s",
     r"\b(?i:when|if)\s+not\s+(?:given|provided|passed|specified|set),?\s+"
     + _NAME + r"\s+(?:is\s+(?:set\s+to\s+)?|defaults\s+to\s+)"),
    (r"\sis\s+(?:not\s+(?:given|provided|passed|specified|set)|omitted|left\s+out)",
     r"\b(?i:when|if)\s+" + _NAME + r"\s+is\s+(?:not\s+(?:given|provided|passed|specified|set)|omitted|left\s+out),?\s+"
     r"(?:it\s+)?(?:defaults\s+to|is\s+set\s+to|is)\s+"),
    # "when ``regex`` is True (the default)": the value of the named parameter, marked as its default
    (r"(?i:default)\s*\)|,\s+(?i:the\s+default)", _NAME + r"\s+(?:is|=|==)\s+(?=\S+" + _MARKED_DEFAULT + ")"),
))



@dataclass(frozen=True)
class _Claim:
    name: str  # the parameter the sentence gives a default for
    span: tuple[int, int]  # of the value, in the segment text
    value: str  # as written


# ---- what the docs claim --------------------------------------------------------------------


def _claims(seg: Segment, params: set[str]) -> list[_Claim]:
    text = seg.text
    out: list[_Claim] = []
    for gate, pat in _NAMED:
        if not gate.search(text):
            continue
        for m in pat.finditer(text):
            name = m.group("name") or m.group("bare")
            if name not in params or _conditional(text, m.end("val"), name):
                continue
            if m.group("bare") and not _bare_subject_ok(text, m.start("bare"), name):
                continue
            out.append(_Claim(name, m.span("val"), m.group("val")))
    item = seg.field
    if item is not None and item.name and item.section in ("param", "attribute"):
        own = item.name.strip().lstrip("*")
        if own in params:
            said = may_hold(text, ("default",))  # every match of _ATTRIBUTIVE and _TRAILING says it
            marked = said and _DEFAULT_MARK.search(text) is not None
            for m in (*(_ATTRIBUTIVE.finditer(text) if said else ()), *_PREDICATIVE.finditer(text),
                      *(_TRAILING.finditer(text) if marked else ())):
                if any(c.span == m.span("val") for c in out) or _conditional(text, m.end("val"), own):
                    continue
                if m.re is _PREDICATIVE and not _subject_is_item(text[: m.start()], own):
                    continue
                if _other_name_before(text[: m.start()], own):
                    continue  # "If ``mode`` is 'fast' (default: 'fast')": another parameter's default
                if m.re is _TRAILING and _ALIAS_BEFORE.search(text, 0, m.start("val")):
                    continue  # "Normal: 'normal', 'gaussian' (default)": the mark is the group's, of several aliases
                out.append(_Claim(own, m.span("val"), m.group("val")))
    return sorted(out, key=lambda c: c.span)


def _conditional(text: str, end: int, name: str) -> bool:
    """Whether the value is part of something larger: a condition ("3 for directed graphs"), an
    expression ("0.5 * n"), a unit that scales it ("5 minutes", "30 seconds" for ``timeout_ms``)."""
    if _SECONDS.match(text, end) and (_NOT_SECONDS.search(name.lower()) or _OTHER_UNIT.search(text)):
        return True  # "1 second" for ``timeout_ms``, or an item that counts "in milliseconds"
    return _AFTER.match(text, end) is not None


def _sentence_before(before: str) -> str:
    """The part of the current sentence before a match."""
    cut = max(before.rfind(". "), before.rfind(".\n"), before.rfind("\n\n"), before.rfind("; "))
    return before[cut + 2:] if cut >= 0 else before


def _subject_is_item(before: str, own: str) -> bool:
    """Whether "defaults to"/"default is" has the item's parameter as subject: the sentence starts
    there ("Defaults to 3."), or the word before it is the name or a word that stands for it."""
    words = _sentence_before(before).rstrip()
    if not words or words[-1] in ",:;(-":
        return True
    if re.fullmatch(r"(?i:the)", words.strip()):
        return True
    last = re.search(r"[`*]*([\w.]+)[`*]*\s*$", words)
    if last is None:
        return False
    word = last.group(1)
    return word == own or word.lower() in _SUBJECTS


def _other_name_before(before: str, own: str) -> bool:
    """Whether a code-marked name other than the parameter closely precedes the phrase."""
    near = _sentence_before(before)[-40:]
    names = re.findall(r"`{1,2}([A-Za-z_][\w.]*)`{1,2}", near)
    return bool(names) and names[-1] != own


def _bare_subject_ok(text: str, start: int, name: str) -> bool:
    """A parameter named without markup is the subject only at the start of a clause ("The
    timeout defaults to 3", "..., and retries defaults to 3"), never inside a phrase ("the
    width of the border defaults to")."""
    before = _sentence_before(text[:start]).rstrip()
    return not before or before[-1] in ",;:(" \
        or re.search(r"(?i:^the|\bthe|\band|\bwhile|\bwhereas)$", before) is not None


# ---- what the code says ----------------------------------------------------------------------


_MAYBE_DEFAULT = Gated(re.compile(r"(?i:default|omitted|left\s+out|unset|"
                                  r"\bnot\s+(?:given|provided|passed|set|specified))"),
                       ("default", "omitted", "left", "unset", "not"))


def wrong_default(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    if e is None or ctx.doc.kind == "comment" or not _MAYBE_DEFAULT.search(seg.text):
        return
    section = seg.field.section if seg.field is not None else None
    defaults = code_defaults(ctx, section)
    if not defaults or (section is not None and section not in ("param", "attribute")):
        return
    claims = list(_claims(seg, set(defaults)))
    # "default: ','. The default is "pixel"": one statement gives the value, the other glosses it
    agreed = {c.name for c in claims if _agrees(ctx, c.value, defaults[c.name], e)} if len(claims) > 1 else set()
    for claim in claims:
        if claim.name in agreed:
            continue
        default = defaults[claim.name]
        doc_v = read_value(claim.value)
        code_v = read_value(default.text)
        shown = f"`{default.text}`"
        if isinstance(code_v, tuple):
            code_v = constant_value(ctx, code_v[1], default.owner)
            if code_v is not UNKNOWN and not isinstance(code_v, Member):
                shown += f", which is `{code_v!r}`"
        if isinstance(doc_v, tuple):
            if doc_v[1] == default.text:
                continue
            doc_v = constant_value(ctx, doc_v[1], e)
        if same_value(doc_v, code_v) is not False or _sentinel_replaced(default, claim.name) \
                or _changed_before_use(ctx, default.owner, claim.name) or _aliases(default.owner, doc_v, code_v):
            continue
        effective = _replaced_in_class(ctx, default, claim.name)
        if effective is not None and (effective is UNKNOWN or same_value(doc_v, effective) is not False):
            continue  # ``title=""`` that the class reads as ``self.title or "Viewer"``: the docs give that value
        if effective is not None:
            shown += f", which the class replaces with `{effective!r}`"
        a, b = claim.span
        if claim.value[:1] == "`" and not default.text.startswith("`"):
            ticks = len(claim.value) - len(claim.value.lstrip("`"))
            a, b = a + ticks, b - ticks
        fix = ctx.fix_replace(seg, a, b, default.text, f"Change the default to `{default.text}`")
        shown_doc = claim.value.strip("`")
        yield ctx.finding(seg, WRONG_DEFAULT,
                          f"documented default of `{claim.name}` is {shown_doc}, but {default.where} says {shown}",
                          evidence=ctx.evidence_of(default.owner, f"the default of `{claim.name}`"), fix=fix)
        return


def _agrees(ctx: JudgeContext, written: str, default: Default, e: Entity) -> bool:
    """Whether a documented default is, provably, the code's."""
    doc_v, code_v = read_value(written), read_value(default.text)
    if isinstance(code_v, tuple):
        code_v = constant_value(ctx, code_v[1], default.owner)
    if isinstance(doc_v, tuple):
        if doc_v[1] == default.text:
            return True
        doc_v = constant_value(ctx, doc_v[1], e)
    return same_value(doc_v, code_v) is True




# possessive: a run of strings never splits its spaces two ways (exponential on hostile code)
_STRING_TEST = re.compile(r"(?P<neg>\bnot\s+)?\bin\s*[\[({]"
                          r"(?P<set>(?:\s*+[rbuf]?(?:'[^'\n]*+'|\"[^\"\n]*+\")\s*+,?)++)[\])}]"
                          r"|[=!]=\s*(?P<one>[rbuf]?(?:'[^'\n]*'|\"[^\"\n]*\"))")
_STRING = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")


def _aliases(owner: Entity, doc_v: object, code_v: object) -> bool:
    """Whether two string values name one option: the code tests the argument against a
    collection that holds both (``if method in ("a", "mean")``, in any case), and no other test
    tells them apart (``elif method == "a"``)."""
    if not (isinstance(doc_v, str) and isinstance(code_v, str)):
        return False
    pair = {doc_v.lower(), code_v.lower()}
    together = False
    for m in _STRING_TEST.finditer(owner.code):
        values = {v[1:-1].lower() for v in _STRING.findall(m.group("set") or m.group("one"))}
        shared = values & pair
        if len(shared) == 1:
            return False  # a test that takes one of the two and not the other
        together = together or (len(shared) == 2 and not m.group("neg"))
    return together


def _replaced_in_class(ctx: JudgeContext, default: Default, name: str) -> object:
    """The value the class puts in place of a falsy default stored as ``self.<name>`` (another
    method reads ``self.title or "Viewer"``): that value read as a literal, UNKNOWN when the
    class replaces it with something else (``if not self.title: ...``), None when it does not."""
    owner = default.owner
    cls = owner if owner.kind == "class" else (
        ctx.graph.entity(f"{owner.module}.{owner.parent}") if owner.kind == "method" and owner.parent else None)
    if cls is None or cls.kind != "class" or read_value(default.text) not in ("", 0, None, False, (), []):
        return None
    n = re.escape(name)
    m = re.search(rf"\bself\.{n}\s+or\s+([^\n)#,]+)", cls.code)
    if m is not None:
        value = read_value(m.group(1).strip())
        return UNKNOWN if isinstance(value, tuple) else value
    if re.search(rf"\bif\s+not\s+self\.{n}\b|\bself\.{n}\s+(?:is|==)\s|\bself\.{n}\s+if\s+self\.{n}\b", cls.code):
        return UNKNOWN
    return None


def _sentinel_replaced(default: Default, name: str) -> bool:
    """Whether the function tests the parameter against its default or replaces a falsy one
    (``workers=0`` with ``workers = workers or cpu_count()``): then the default is a sentinel
    and the docs may give the value it stands for."""
    owner = default.owner
    if owner.kind not in ("function", "method"):
        return False
    return sentinel_test(name, default.text).search(owner.code) is not None


_FLAG_OPS = (ast.BitOr, ast.BitAnd, ast.BitXor, ast.LShift, ast.RShift)


def _changed_before_use(ctx: JudgeContext, owner: Entity, name: str) -> bool:
    """Whether a Python function combines the parameter with a flag before using it
    (``alg |= ns.LOCALE``, ``natsorted(seq, alg=alg | ns.REAL)``): the default in effect is then
    another value, which the docs may give. (A plain rebinding, ``x = check(x)``, normalizes the
    value; it does not change the default.)"""
    if owner.kind not in ("function", "method") or owner.language != "python" or name not in owner.code:
        return False
    fn = parse_function(ctx, owner)
    if fn is None:
        return False
    for stmt in fn.body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.AugAssign) and isinstance(node.op, _FLAG_OPS) \
                    and isinstance(node.target, ast.Name) and node.target.id == name:
                return True
            if isinstance(node, ast.BinOp) and isinstance(node.op, _FLAG_OPS) and any(
                    isinstance(side, ast.Name) and side.id == name for side in (node.left, node.right)):
                return True
    return False
