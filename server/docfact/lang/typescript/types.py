"""TypeScript and JSDoc types compared (used by :mod:`docfact.lang.typescript.rules`).

Types are compared after normalization (``Array<string>`` is ``string[]``, ``String`` is
``string``, a string literal type is a ``string``, ``T | undefined`` on an optional parameter is
``T``). A contradiction is reported only when both sides are built from primitive types (and
arrays of them) and share no member: a class, interface or alias may stand for anything, so
``{Foo}`` against ``Bar`` stays silent.
"""

from __future__ import annotations

import re

PRIMITIVES = frozenset({"string", "number", "boolean", "bigint", "symbol", "null", "undefined", "void"})
_WRAPPERS = {"String": "string", "Number": "number", "Boolean": "boolean", "BigInt": "bigint",
             "Symbol": "symbol", "bool": "boolean", "int": "number", "integer": "number", "float": "number",
             "double": "number", "str": "string"}
_ANY = frozenset({"*", "?", "any", "unknown", "mixed", "Object", "object", "{}", ""})


def _split_top(s: str, sep: str) -> list[str]:
    out: list[str] = []
    depth = 0
    cur = ""
    for ch in s:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == sep and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return out


def normalize(t: str) -> frozenset[str] | None:
    """The members of a type as a set of normalized names; None when it cannot be read."""
    s = "".join(t.split())
    if not s:
        return None
    nullable = False
    if s.startswith("?") and len(s) > 1:  # JSDoc ``?string``: nullable
        s, nullable = s[1:], True
    if s.startswith("!"):
        s = s[1:]
    if s.endswith("=") and len(s) > 1:  # JSDoc ``string=``: optional
        s = s[:-1]
    while s.startswith("(") and s.endswith(")") and _balanced(s[1:-1]):
        s = s[1:-1]
    parts = _split_top(s, "|")
    out: set[str] = {"null"} if nullable else set()
    for part in parts:
        if not part:
            continue
        n = _member(part)
        if n is None:
            return None
        out.add(n)
    return frozenset(out) if out else None


def _balanced(s: str) -> bool:
    depth = 0
    for ch in s:
        depth += ch in "<([{"
        depth -= ch in ">)]}"
        if depth < 0:
            return False
    return depth == 0


def _member(p: str) -> str | None:
    if p.startswith("readonly"):
        p = p[len("readonly"):]
    while p.startswith("(") and p.endswith(")") and _balanced(p[1:-1]):
        p = p[1:-1]
    if p.endswith("[]"):
        inner = _member(p[:-2])
        return f"{inner}[]" if inner is not None else None
    m = re.fullmatch(r"(Array|ReadonlyArray)(?:\.)?<(.+)>", p)
    if m:
        members = normalize(m.group(2))
        if members is None or len(members) != 1:
            return "array"
        return f"{next(iter(members))}[]"
    if p in ("Array", "ReadonlyArray"):
        return "array"
    if re.fullmatch(r"'[^']*'|\"[^\"]*\"|`[^`]*`", p):
        return "string"
    if re.fullmatch(r"-?\d[\d_]*(?:\.\d+)?(?:e-?\d+)?", p):
        return "number"
    if p in ("true", "false"):
        return "boolean"
    if p in _ANY:
        return "*"
    if p in _WRAPPERS:
        return _WRAPPERS[p]
    if p in PRIMITIVES:
        return p
    m = re.fullmatch(r"([A-Za-z_$][\w$.]*)(?:\.)?<.*>", p)
    if m:
        return m.group(1)
    if re.fullmatch(r"[A-Za-z_$][\w$.]*", p):
        return p
    return "?complex"


def _only_primitive(members: frozenset[str]) -> bool:
    return all(m.rstrip("[]") in PRIMITIVES or m == "array" for m in members)


def unwrap_promise(t: str) -> str:
    """``T`` of ``Promise<T>`` or ``PromiseLike<T>``, else ``t``."""
    m = re.fullmatch(r"\s*(?:Promise|PromiseLike)\s*<(.+)>\s*", t, re.S)
    return m.group(1) if m else t


def contradicts(doc: str, code: str, *, optional: bool = False) -> bool:
    """Whether a documented type can be no value of the annotated type (see the module doc)."""
    d = normalize(doc)
    c = normalize(code)
    if d is None or c is None or "*" in d or "*" in c or "?complex" in d or "?complex" in c:
        return False
    if optional:
        d, c = d - {"undefined"}, c - {"undefined"}
        if not d or not c:
            return False
    if not (_only_primitive(d) and _only_primitive(c)):
        return False
    if "array" in d or "array" in c:
        d = frozenset("array" if x.endswith("[]") else x for x in d)
        c = frozenset("array" if x.endswith("[]") else x for x in c)
    if {"void", "undefined"} & d and {"void", "undefined"} & c:
        return False
    return not (d & c)
