"""Seeded, deterministic mutations of real docstrings for the accuracy benchmark.

Each mutation makes one sentence (or field item) of one docstring wrong in one criterion and
records where that sentence is, so the benchmark can score findings at the sentence level.
The mutations are written from the benchmark's own reading of the code (signature, defaults,
raise statements, calls), not from the rules they measure; the phrasings of inserted claims
vary on purpose, including wordings no rule pattern looks for.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from docfact.model import DocBlock, Entity, Segment

# ---- what a mutation is ---------------------------------------------------------------------


@dataclass
class Mutation:
    kind: str  # "c1_param_typo", ...
    criterion: str
    start: int  # file offsets of the replaced span (start == end: insertion)
    end: int
    new_text: str
    label: int  # a file offset (in the mutated text) inside the mutated sentence
    checkable: bool  # the code holds the fact the sentence now contradicts (see RESULTS.md)
    note: str  # "`url` -> `uri`"
    path: str = ""
    owner: str = ""


def apply(text: str, m: Mutation) -> str:
    return text[: m.start] + m.new_text + text[m.end:]


def file_span(doc: DocBlock, a: int, b: int) -> tuple[int, int]:
    """File offsets of doc.text[a:b] (non-empty, on one cleaned line)."""
    return doc.file_offset(a), doc.file_offset(b - 1) + 1


def text_offset(doc: DocBlock, file_off: int) -> int | None:
    """The doc-text offset of a file offset inside the doc (inverse of DocBlock.file_offset)."""
    best = None
    for t0, f0 in doc.pieces or [(0, 0)]:
        if f0 <= file_off:
            best = t0 + (file_off - f0)
    return best


# ---- names ------------------------------------------------------------------------------------

_SYNONYMS = {
    "url": "uri", "data": "payload", "headers": "header_map", "timeout": "time_limit", "name": "label",
    "value": "val", "path": "filepath", "callback": "handler", "ctx": "context_obj", "obj": "target",
    "cls": "klass", "args": "arguments", "text": "content", "key": "field_key", "default": "fallback",
    "request": "req", "response": "resp", "params": "query_params", "auth": "credentials",
    "cookies": "cookie_jar", "stream": "streaming", "verify": "check_ssl", "cert": "certificate",
    "proxies": "proxy_map", "method": "http_method", "message": "msg", "param": "parameter",
    "type": "kind", "inst": "instance", "attrib": "attribute", "attr": "attribute_obj",
    "validator": "check", "converter": "convert_fn", "command": "cmd", "option": "opt",
    "prompt": "question", "file": "fileobj", "filename": "fname", "mode": "open_mode",
    "encoding": "charset", "errors": "error_mode", "color": "colour", "help": "help_text",
    "hidden": "is_hidden", "required": "mandatory", "multiple": "many", "count": "num",
}


def typo(name: str, rng: random.Random, taken: set[str]) -> str | None:
    """A plausible misspelling of ``name`` (swap, drop, double or replace one inner letter)."""
    core = name.strip("_")
    if len(core) < 3:
        return None
    lead = name[: len(name) - len(name.lstrip("_"))]
    trail = name[len(name.rstrip("_")):]
    for _ in range(12):
        i = rng.randrange(1, len(core) - 1) if len(core) > 2 else 1
        op = rng.choice(("swap", "drop", "double", "vowel"))
        s = core
        if op == "swap" and i + 1 < len(core):
            s = core[:i] + core[i + 1] + core[i] + core[i + 2:]
        elif op == "drop":
            s = core[:i] + core[i + 1:]
        elif op == "double":
            s = core[:i] + core[i] + core[i:]
        else:
            vowels = "aeiou"
            idx = [k for k in range(1, len(core)) if core[k] in vowels]
            if not idx:
                continue
            k = rng.choice(idx)
            s = core[:k] + rng.choice([v for v in vowels if v != core[k]]) + core[k + 1:]
        cand = lead + s + trail
        if cand != name and cand not in taken and re.fullmatch(r"[A-Za-z_]\w*", cand):
            return cand
    return None


# ---- types ------------------------------------------------------------------------------------

_SIMPLE = {
    "str": "str", "string": "str", "int": "int", "integer": "int", "float": "float", "bool": "bool",
    "boolean": "bool", "bytes": "bytes", "list": "list", "dict": "dict", "dictionary": "dict",
    "set": "set", "frozenset": "set", "tuple": "tuple", "none": "none", "sequence": "list",
    "mapping": "dict", "mutablemapping": "dict", "iterable": "iterable", "iterator": "iterable",
}


def simple_kinds(t: str | None) -> set[str] | None:
    """Builtin kinds of a type spelling (``Optional[int]`` -> {int, none}); None when any part is a
    class, a TypeVar or anything else we cannot name."""
    if not t:
        return None
    s = t.strip().strip("`'\"")
    s = re.sub(r"\b(?:typing|t|collections\.abc|builtins)\.", "", s)
    m = re.fullmatch(r"Optional\[(.*)\]", s)
    if m:
        inner = simple_kinds(m.group(1))
        return None if inner is None else inner | {"none"}
    m = re.fullmatch(r"Union\[(.*)\]", s)
    parts = _split(m.group(1), ",") if m else _split(s, "|")
    if len(parts) == 1 and " or " in s:
        parts = [p for p in s.split(" or ")]
    out: set[str] = set()
    for p in parts:
        p = re.sub(r",?\s*optional$", "", p.strip(), flags=re.I)
        head = re.split(r"[\[(<]", p, maxsplit=1)[0].strip().lower()
        k = _SIMPLE.get(head)
        if k is None:
            return None
        out.add(k)
    return out or None


def _split(s: str, sep: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in s:
        depth += ch in "[(<"
        depth -= ch in "])>"
        if ch == sep and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return [p.strip() for p in out if p.strip()]


# a documented type replaced by one no value of the original kind can be
_INCOMPATIBLE = {"str": "int", "int": "str", "float": "str", "bool": "str", "bytes": "int",
                 "list": "int", "dict": "int", "set": "str", "tuple": "str", "none": "int",
                 "iterable": "int"}


def incompatible_type(doc_type: str, code_type: str | None) -> tuple[str, bool]:
    """(new type spelling, checkable): incompatible with the code's type when we know it."""
    code = simple_kinds(code_type)
    if code:
        main = code - {"none"} or code
        for cand in ("int", "str", "dict", "bytes"):
            if all(cand != k and not (cand == "int" and k in ("float", "bool"))
                   and not (k == "iterable" and cand in ("str", "dict", "bytes"))
                   and not (cand == "dict" and k in ("iterable",)) for k in main):
                return cand, True
    doc = simple_kinds(doc_type)
    if doc:
        k = sorted(doc - {"none"} or doc)[0]
        return _INCOMPATIBLE.get(k, "int"), False
    return "int", False


# ---- C3 -----------------------------------------------------------------------------------------

UNRELATED_EXC = ["ZeroDivisionError", "UnicodeDecodeError", "TimeoutError", "IsADirectoryError",
                 "BrokenPipeError", "NotADirectoryError", "OverflowError", "ChildProcessError",
                 "FloatingPointError", "ConnectionRefusedError"]

ASYNC_CLAIMS = [
    "This runs asynchronously.",
    "The work is performed asynchronously in a background task.",
    "It is a coroutine; await it to get the result.",
    "The call is non-blocking and returns before the work is done.",
    "Processing happens in the background without blocking the caller.",
]
RECURSIVE_CLAIMS = [
    "It works recursively.",
    "Nested values are handled recursively.",
    "The function calls itself for each nested element.",
    "It descends into children by recursion.",
]
GENERATOR_CLAIMS = [
    "Yields each result in turn.",
    "This is a generator that yields the values one by one.",
    "Results are produced lazily, one at a time, as a generator.",
    "It yields the items instead of returning them.",
]
DEFAULT_CLAIMS = ["Defaults to ``{v}``.", "The default is {v}.", "(default: {v})", "If omitted, ``{v}`` is used."]
C4_CLAIMS = [
    "This is particularly useful in machine learning pipelines.",
    "Many teams rely on this when building dashboards for their sales departments.",
    "It comes in handy for hobby projects and weekend hackathons.",
    "Financial institutions often adopt this approach in their trading systems.",
    "This can be used in a variety of real-world scenarios such as e-commerce.",
    "Game studios have found this helpful when prototyping multiplayer lobbies.",
    "Interestingly, a similar idea is used by spreadsheet software.",
    "Researchers in bioinformatics may find this convenient.",
    "It is a popular choice among startups building chat applications.",
    "Developers often use this in web crawlers.",
    "Helpers like this are common in mobile banking apps.",
    "This makes it a great fit for IoT devices and smart home hubs.",
]

_DEFAULT_IN_DOC = re.compile(
    r"(?i:\bdefaults?(?:\s+value)?(?:\s+is|\s+to|\s*:|\s*=)?\s+)(?P<q>``|`)?"
    r"(?P<v>True|False|None|-?\d+(?:\.\d+)?|'[^'\n]{0,30}'|\"[^\"\n]{0,30}\")(?P=q)?(?![\w.])"
)


def _literal(v: str) -> object:
    v = v.strip()
    if v in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[v]
    if re.fullmatch(r"-?\d+", v):
        return int(v)
    if re.fullmatch(r"-?\d+\.\d+", v):
        return float(v)
    if re.fullmatch(r"(['\"]).*\1", v):
        return ("s", v[1:-1])
    return ("expr", v)


def wrong_literal(v: str) -> str | None:
    lit = _literal(v)
    if lit is True:
        return "False"
    if lit is False:
        return "True"
    if isinstance(lit, bool) or lit is None:
        return None
    if isinstance(lit, int):
        return str(lit + 1 if lit != 0 else 5)
    if isinstance(lit, float):
        return str(lit * 2 + 1)
    if isinstance(lit, tuple) and lit[0] == "s":
        return repr(lit[1] + "x" if lit[1] else "auto")
    return None


# ---- candidates -------------------------------------------------------------------------------


def _calls_self(e: Entity) -> bool:
    return any(c.split(".")[-1] == e.name for c in e.calls)


def _param(e: Entity, name: str):
    return next((p for p in e.params if p.name.lstrip("*") == name.lstrip("*")), None)


_LITERAL_RETURNS = {"none", "str", "bytes", "int", "float", "bool", "list", "dict", "set", "tuple", "fstring", "comparison"}
_CODE_SPAN = re.compile(r":(?:py:)?(?:func|meth|class|attr|obj|data):`~?([A-Za-z_][\w.]*)(?:\(\))?`"
                        r"|``([A-Za-z_][\w.]*)(?:\(\))?``|(?<![`:\w])`([A-Za-z_][\w.]*)(?:\(\))?`(?!`)")


def candidates(doc: DocBlock, e: Entity, segs: list[Segment], sibling_params: list[str],
               class_members: dict[str, set[str]], known: frozenset[str], rng: random.Random,
               baseline_c1_segs: set[int]) -> list[Mutation]:
    """Every applicable mutation of one docstring (each one alone makes one sentence wrong)."""
    out: list[Mutation] = []
    target = e
    params = {p.name.lstrip("*") for p in e.params}
    kwargs = any(p.kind == "kwarg" for p in e.params)
    func = e.kind in ("function", "method")

    def replace(kind: str, crit: str, seg: Segment, a: int, b: int, new: str, checkable: bool, note: str) -> None:
        fa, fb = file_span(doc, seg.start + a, seg.start + b)
        out.append(Mutation(kind, crit, fa, fb, new, fa, checkable, note))

    def insert_after(kind: str, crit: str, seg: Segment, sentence: str, checkable: bool) -> None:
        end = doc.file_offset(seg.end - 1) + 1
        out.append(Mutation(kind, crit, end, end, " " + sentence, end + 1, checkable, sentence))

    for seg in segs:
        item = seg.field
        if item is not None and item.section == "param" and item.name and item.name_span \
                and re.fullmatch(r"\*{0,2}\w+", item.name) and item.name.lstrip("*") in params:
            name = item.name.lstrip("*")
            a = item.name_span[0] - seg.start + (len(item.name) - len(name))
            b = a + len(name)
            new = typo(name, rng, params | set(known))
            if new:
                replace("c1_param_typo", "C1", seg, a, b, new, not kwargs, f"`{name}` -> `{new}`")
            syn = _SYNONYMS.get(name)
            if syn and syn not in params:
                replace("c1_param_synonym", "C1", seg, a, b, syn, not kwargs, f"`{name}` -> `{syn}`")
            others = sorted(set(sibling_params) - params - {"self", "cls"})
            if others:
                o = rng.choice(others)
                replace("c1_param_other", "C1", seg, a, b, o, not kwargs, f"`{name}` -> `{o}` (a parameter of another function)")
            # C2: the documented type of this parameter
            p = _param(target, name)
            if item.type and item.type_span:
                new_t, chk = incompatible_type(item.type, p.annotation if p else None)
                ta, tb = item.type_span[0] - seg.start, item.type_span[1] - seg.start
                if new_t.lower() != item.type.strip().lower():
                    replace("c2_param_type", "C2", seg, ta, tb, new_t, chk, f"`{item.type}` -> `{new_t}` (annotation `{p.annotation if p else None}`)")
            # C3: the documented default
            if p is not None and p.default is not None:
                m = _DEFAULT_IN_DOC.search(seg.text)
                code_lit = _literal(p.default)
                same = m is not None and _literal(m.group("v")) == code_lit and type(_literal(m.group("v"))) is type(code_lit)
                if m and same and not (isinstance(code_lit, tuple) and code_lit[0] == "expr"):
                    w = wrong_literal(m.group("v"))
                    if w:
                        replace("c3_default_changed", "C3", seg, m.start("v"), m.end("v"), w, _literal(p.default) is not None,
                                f"default {m.group('v')} -> {w} (signature `{p.default}`)")
                elif not m and not re.search(r"(?i)default", seg.text):
                    w = wrong_literal(p.default)
                    if w:
                        phr = rng.choice(DEFAULT_CLAIMS).format(v=w)
                        insert_after("c3_default_inserted", "C3", seg, phr, True)
                        out[-1].note = f"{phr} (signature `{p.default}`)"
        elif item is not None and item.section in ("returns", "rtype") and item.type and item.type_span and func:
            new_t, chk = incompatible_type(item.type, e.returns)
            if not e.returns and e.return_kinds and all(k in _LITERAL_RETURNS for k in e.return_kinds):
                kinds = {"fstring": "str", "comparison": "bool"}
                code = " | ".join(sorted({kinds.get(k, k) for k in e.return_kinds}))
                new_t, chk = incompatible_type(item.type, code)
            ta, tb = item.type_span[0] - seg.start, item.type_span[1] - seg.start
            if new_t.lower() != item.type.strip().lower():
                replace("c2_return_type", "C2", seg, ta, tb, new_t, chk, f"`{item.type}` -> `{new_t}` (returns `{e.returns}` {e.return_kinds[:3]})")
        elif item is not None and item.section == "raises" and item.name and func \
                and re.fullmatch(r"[\w.]+", item.name.strip("`:~ ")):
            exc = item.name.strip("`:~ ")
            pos = seg.text.find(exc)
            if pos >= 0:
                raised = {r.split(".")[-1] for r in e.raises}
                new = next((x for x in rng.sample(UNRELATED_EXC, len(UNRELATED_EXC)) if x not in raised and x != exc), None)
                if new:
                    chk = bool(e.raises) and not e.has_bare_raise
                    replace("c3_raises", "C3", seg, pos, pos + len(exc), new, chk, f"`{exc}` -> `{new}` (body raises {sorted(raised) or 'nothing'})")
        elif item is None and seg.index not in baseline_c1_segs:
            for m in _CODE_SPAN.finditer(seg.text):
                g = next(k for k in (1, 2, 3) if m.group(k))
                name = m.group(g)
                parts = name.split(".")
                last = parts[-1]
                if last.startswith("__") or not (last in known or last in params):
                    continue
                new = typo(last, rng, set(known) | params)
                if new:
                    a = m.start(g) + len(name) - len(last)
                    chk = len(parts) == 1 or parts[0] in class_members or parts[0] in ("self", "cls")
                    replace("c1_mention_typo", "C1", seg, a, a + len(last), new, chk, f"`{name}` -> `{'.'.join([*parts[:-1], new])}`")
                if len(parts) == 2 and parts[0] in class_members:
                    pool = sorted({x for c, ms in class_members.items() if c != parts[0] for x in ms}
                                  - class_members[parts[0]] - {"__init__"})
                    pool = [x for x in pool if not x.startswith("_")]
                    if pool:
                        o = rng.choice(pool)
                        a = m.start(g) + len(parts[0]) + 1
                        replace("c1_mention_other", "C1", seg, a, a + len(last), o, True,
                                f"`{name}` -> `{parts[0]}.{o}` (a member of another class)")
                break  # one mention per sentence

    first = next((s for s in segs if s.field is None), None)
    if first is not None and func:
        insert_after("c4_speculative", "C4", first, rng.choice(C4_CLAIMS), True)
        if not e.is_async:
            conc = any(re.search(r"thread|executor|submit|create_task|ensure_future|asyncio|pool", c, re.I) for c in e.calls)
            insert_after("c3_async", "C3", first, rng.choice(ASYNC_CLAIMS), not conc)
        if not _calls_self(e):
            insert_after("c3_recursive", "C3", first, rng.choice(RECURSIVE_CLAIMS), True)
        if not e.is_generator:
            lit = bool(e.return_kinds) and all(k in _LITERAL_RETURNS for k in e.return_kinds)
            insert_after("c3_generator", "C3", first, rng.choice(GENERATOR_CLAIMS), lit)
    return out
