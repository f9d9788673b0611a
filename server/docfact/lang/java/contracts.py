"""Javadoc claims that the Java compiler itself proves wrong.

- C3.undeclared-checked-exception: ``@throws X`` where ``X`` is a checked exception (its
  superclasses reach ``Throwable`` through neither ``RuntimeException`` nor ``Error``, in the
  JDK's hierarchy or the project's classes) and the method's ``throws`` clause declares neither
  ``X``, a superclass of it nor a subclass of it: the compiler lets no such exception out.
- C2.return-on-void: ``@return`` on a ``void`` method or on a constructor, which return nothing;
  likewise a Returns entry in the docstring of a Python ``__init__``.
- C1.unknown-type-param: ``@param <T>`` where the method (or, for a class Javadoc, the class)
  declares no type parameter ``T``.

Names resolve as the compiler resolves them: a single-type import, then a class of the same
file or package, then ``java.lang`` and on-demand imports. A name that resolves to nothing
docfact can see (a library's exception) keeps every rule silent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.judges.base import JudgeContext
from docfact.judges.rule import Check
from docfact.judges.rules.c1_names import UNKNOWN_TYPE_PARAM
from docfact.judges.rules.c2_types import RETURN_ON_VOID
from docfact.judges.rules.c3_behaviour import UNDECLARED_CHECKED_EXCEPTION
from docfact.lang.java import jdk_exceptions as jdk
from docfact.model import Entity, FileIndex, Finding, Segment

_MODIFIERS = re.compile(
    r"^(?:(?:public|protected|private|static|final|abstract|synchronized|native|default|strictfp|"
    r"transient|volatile|sealed|non-sealed)(?![\w$-])\s*|@[\w.]+(?:\s*\([^)]*\))?\s*)*"
)
# "@throws IOException never: the stream is in memory", "... wrapped in an UncheckedIOException"
_EXPLAINED = re.compile(r"\b(?:never|not\s+(?:be\s+)?thrown|wrap(?:s|ped|ping)?|cause|unchecked|sneak\w*"
                        r"|rethrown)\b", re.I)
_SNEAKY_CALL = re.compile(r"sneaky|rethrow|throwException|throwUnchecked|uncheck", re.I)

_Node = tuple[str, str, "Entity | None"]  # ("jdk" | "project", key, class entity)


# ---- reading the signature -----------------------------------------------------------------


def _header(e: Entity) -> str:
    """The declaration of ``e`` up to its body, comments removed, on one line (the index's
    signature keeps a comment written between the annotations and the modifiers)."""
    code = re.sub(r"/\*.*?\*/|//[^\n]*", " ", e.code, flags=re.S)
    depth = 0
    for i, ch in enumerate(code):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch in "{;" and depth == 0:
            code = code[:i]
            break
    return " ".join(code.split())


def _angle(text: str, i: int) -> tuple[str, int] | None:
    """The text inside the angle brackets opening at ``text[i]``, and the index after them."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "<":
            depth += 1
        elif text[j] == ">":
            depth -= 1
            if depth == 0:
                return text[i + 1: j], j + 1
    return None


def _split_top(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return [*out, cur] if cur.strip() else out


def _type_names(inside: str) -> list[str]:
    """``T extends Comparable<T>, @A U`` -> ``["T", "U"]``."""
    names = []
    for part in _split_top(inside):
        part = re.sub(r"@[\w.]+(?:\s*\([^)]*\))?", " ", part).strip()
        m = re.match(r"[A-Za-z_$][\w$]*", part)
        if m:
            names.append(m.group(0))
    return names


def type_params(e: Entity) -> list[str] | None:
    """The type parameters a method or class declares (``[]`` when none), None when its
    signature cannot be read."""
    sig = _header(e)
    if e.kind == "class":
        m = re.search(rf"\b(?:class|interface|record|enum|@interface)\s+{re.escape(e.name)}\b\s*", sig)
        if m is None:
            return None
        got = _angle(sig, m.end()) if sig[m.end():m.end() + 1] == "<" else None
        return _type_names(got[0]) if got else []
    m = re.search(rf"\b{re.escape(e.name)}\s*\(", sig)
    if m is None:
        return None
    head = sig[: m.start()]
    head = head[_MODIFIERS.match(head).end():]  # type: ignore[union-attr]
    if not head.startswith("<"):
        return []
    got = _angle(head, 0)
    return _type_names(got[0]) if got else None


def declared_throws(e: Entity) -> list[str] | None:
    """The classes in a method's ``throws`` clause as written, None when unreadable."""
    sig = _header(e)
    m = re.search(rf"\b{re.escape(e.name)}\s*\(", sig)
    if m is None:
        return None
    depth = 0
    for j in range(m.end() - 1, len(sig)):
        if sig[j] == "(":
            depth += 1
        elif sig[j] == ")":
            depth -= 1
            if depth == 0:
                rest = sig[j + 1:]
                break
    else:
        return None
    t = re.match(r"\s*(?:\[\s*\]\s*)*(?:throws\s+(?P<list>.+?))?\s*(?:default\b.*)?$", rest, re.S)
    if t is None:
        return None
    if not t.group("list"):
        return []
    names = []
    for part in _split_top(t.group("list")):
        part = re.sub(r"@[\w.]+(?:\s*\([^)]*\))?", " ", part).strip()
        part = re.sub(r"<.*", "", part).strip()
        if not re.fullmatch(r"[\w$.]+", part):
            return None
        names.append(part)
    return names


def _enclosing_type_params(ctx: JudgeContext, e: Entity) -> set[str]:
    out: set[str] = set()
    parent = e.parent
    while parent:
        cls = ctx.file.entity(parent)
        if cls is None:
            break
        out.update(type_params(cls) or [])
        parent = cls.parent
    return out


# ---- resolving exception classes -----------------------------------------------------------


def _resolve(ctx: JudgeContext, name: str, fi: FileIndex) -> _Node | None:
    """What an exception class name means in file ``fi``: a JDK class or a project class."""
    name = name.strip()
    if "." in name and name[0].islower():
        pkg, simple = name.rsplit(".", 1)
        found = [c for c in _project_classes(ctx, simple) if _package(ctx, c) == pkg]
        if len(found) == 1:
            return _project(ctx, found[0])
        return ("jdk", name, None) if not found and name in jdk.superclasses() else None
    if "." in name:  # Outer.Inner
        outer, simple = name.rsplit(".", 1)
        found = [c for c in _project_classes(ctx, simple) if (c.parent or "").endswith(outer)]
        return _project(ctx, found[0]) if len(found) == 1 else None
    # a single-type import
    for imp in fi.imports:
        if imp.name == name:
            return _resolve(ctx, f"{imp.module}.{name}", fi)
    # a class of the same file, then of the same package
    here = [c for c in _project_classes(ctx, name) if c.path == fi.path]
    if not here:
        here = [c for c in _project_classes(ctx, name) if _package(ctx, c) == fi.package]
    if here:
        return _project(ctx, here[0]) if len(here) == 1 else None
    # java.lang and on-demand imports
    candidates: list[_Node] = []
    if f"java.lang.{name}" in jdk.superclasses() or name == "Throwable":
        candidates.append(("jdk", f"java.lang.{name}", None))
    for imp in fi.imports:
        if imp.name != "*":
            continue
        q = f"{imp.module}.{name}"
        if q in jdk.superclasses():
            candidates.append(("jdk", q, None))
        elif imp.module not in jdk.packages():
            found = [c for c in _project_classes(ctx, name) if _package(ctx, c) == imp.module]
            if found:
                candidates.extend(_project(ctx, c) for c in found)
            elif not imp.module.startswith(("java.", "javax.")):
                return None  # a library's package may hold a class of that name
    return candidates[0] if len(candidates) == 1 else None


def _project(ctx: JudgeContext, cls: Entity) -> _Node:
    """A project class under the key the JDK table would give it: package and nested path."""
    pkg = _package(ctx, cls)
    return ("project", f"{pkg}.{cls.local_name}" if pkg else cls.local_name, cls)


def _project_classes(ctx: JudgeContext, name: str) -> list[Entity]:
    return [c for c in ctx.graph.entities_named(name) if c.kind == "class" and c.language == "java"]


def _package(ctx: JudgeContext, cls: Entity) -> str:
    fi = ctx.graph.file(cls.path)
    return fi.package if fi is not None else ""


def _superclass(cls: Entity) -> str | None:
    """The class a class ``extends`` as written; ``java.lang.Object`` when it extends nothing."""
    header = _header(cls)
    m = re.search(rf"\bclass\s+{re.escape(cls.name)}\b", header)
    if m is None:
        return None
    rest = header[m.end():].lstrip()
    if rest.startswith("<"):
        got = _angle(rest, 0)
        if got is None:
            return None
        rest = rest[got[1]:]
    ext = re.match(r"\s*extends\s+([\w$.]+)", rest)
    return ext.group(1) if ext else "java.lang.Object"


def _chain(ctx: JudgeContext, node: _Node) -> list[str] | None:
    """The keys of a class and its superclasses up to ``Throwable``; None when a link is unknown
    or the chain never reaches ``Throwable``."""
    out: list[str] = []
    cur: _Node | None = node
    while cur is not None and len(out) < 20:
        kind, key, ent = cur
        if key in out:
            return None  # a cycle: the code does not compile
        out.append(key)
        if key == jdk.THROWABLE:
            return out
        if kind == "jdk":
            parent = jdk.superclasses().get(key)
            cur = ("jdk", parent, None) if parent else None
            continue
        assert ent is not None
        sup = _superclass(ent)
        fi = ctx.graph.file(ent.path)
        if sup is None or fi is None or sup == "java.lang.Object" or sup == "Object":
            return None
        cur = _resolve(ctx, sup, fi)
    return None


def _is_checked(chain: list[str]) -> bool:
    return chain[-1] == jdk.THROWABLE and not jdk.UNCHECKED_ROOTS.intersection(chain) \
        and chain[0] not in ("java.lang.Exception", jdk.THROWABLE)


# ---- the rules ---------------------------------------------------------------------------------


def undeclared_checked_exception(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    item = seg.field
    if e is None or e.language != "java" or e.kind != "method" or ctx.doc.kind != "javadoc":
        return
    if item is None or item.section != "raises" or not item.name or item.tag not in ("throws", "exception"):
        return
    if any(d.split("(")[0].rsplit(".", 1)[-1] == "SneakyThrows" for d in e.decorators):
        return  # Lombok throws checked exceptions past the compiler
    if _EXPLAINED.search(item.description) or any(_SNEAKY_CALL.search(c) for c in e.calls):
        return
    declared = declared_throws(e)
    own = type_params(e)
    if declared is None or own is None:
        return
    variables = set(own) | _enclosing_type_params(ctx, e)
    name = item.name
    if name in variables or any(d in variables for d in declared):
        return  # ``<X extends Throwable> ... throws X``: any documented exception may be an X
    node = _resolve(ctx, name, ctx.file)
    chain = _chain(ctx, node) if node is not None else None
    if chain is None or not _is_checked(chain):
        return
    for d in declared:
        dn = _resolve(ctx, d, ctx.file)
        dchain = _chain(ctx, dn) if dn is not None else None
        if dchain is None or dchain[0] in chain or chain[0] in dchain:
            return  # declared itself, a superclass, a subclass, or something unknown
    clause = f"declares only {', '.join(f'`{d}`' for d in declared)}" if declared else "has no `throws` clause"
    what = "constructor" if e.returns is None else "method"
    ancestry = " < ".join(k.rsplit(".", 1)[-1] for k in chain[:4])
    msg = (f"`{name}` is a checked exception ({ancestry}) and the {what} `{e.name}` {clause}: "
           f"the compiler lets no `{name}` out of it")
    yield ctx.finding(seg, UNDECLARED_CHECKED_EXCEPTION, msg,
                      evidence=ctx.evidence_of(e, "the declaration", e.signature))


def return_on_void(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    item = seg.field
    if e is not None and e.language == "python":
        yield from _returns_on_init(ctx, seg)
        return
    if e is None or e.language != "java" or e.kind != "method" or ctx.doc.kind != "javadoc":
        return
    if item is None or item.section != "returns" or item.tag not in ("return", "returns"):
        return
    if e.returns is None:
        what = f"`{e.name}` is a constructor, which returns no value"
    elif e.returns == "void":
        what = f"`{e.name}` is declared `void` and returns no value"
    else:
        return
    fix = ctx.fix_replace(seg, 0, len(seg.text), "", "Remove the @return tag")
    yield ctx.finding(seg, RETURN_ON_VOID, f"documents a return value, but {what}",
                      evidence=ctx.evidence_of(e, "the declaration", e.signature), fix=fix)


def _returns_on_init(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    """A Returns/rtype entry in the docstring of a Python ``__init__``, which returns ``None``."""
    e = ctx.entity
    item = seg.field
    if e is None or e.kind != "method" or e.name != "__init__" or ctx.doc.kind == "comment":
        return
    if item is None or item.section not in ("returns", "rtype"):
        return
    said = re.sub(r"[`*:.\s]|\b(?:returns?|rtype)\b", "", seg.text, flags=re.I).lower()
    if said in ("", "none", "nothing"):
        return  # "Returns: None" is true of a constructor
    cls = ctx.owner_class
    words = set(re.findall(r"[a-z_]\w*", re.sub(r":\w+:|[`~]", " ", seg.text).lower()))
    # not "object": "the resulting Config object"
    if (cls is not None and cls.name.lower() in words) or words & {"instance", "self"}:
        return  # ":return: Commit" on Commit.__init__: what calling the class gives, a convention
    yield ctx.finding(seg, RETURN_ON_VOID,
                      "documents a return value, but `__init__` initialises the instance and returns `None`",
                      evidence=ctx.evidence_of(e, "the definition", e.signature))


def unknown_type_param(ctx: JudgeContext, seg: Segment) -> Iterator[Finding]:
    e = ctx.entity
    item = seg.field
    if e is None or e.language != "java" or e.kind not in ("method", "class") or ctx.doc.kind != "javadoc":
        return
    if item is None or item.section != "param" or not item.name or not re.fullmatch(r"<\w+>", item.name):
        return
    declared = type_params(e)
    name = item.name[1:-1]
    if declared is None or name in declared:
        return
    documented = {(s.field.name or "")[1:-1] for s in ctx.segments
                  if s.field is not None and s.field.section == "param" and (s.field.name or "").startswith("<")}
    missing = [t for t in declared if t not in documented]
    suggestion = missing[0] if len(missing) == 1 else ctx.suggest(name, declared, cutoff=0.5)
    kind = "class" if e.kind == "class" else ("constructor" if e.returns is None else "method")
    has = f"it declares {', '.join(f'`<{t}>`' for t in declared)}" if declared else "it declares none"
    msg = f"`<{name}>` is not a type parameter of the {kind} `{e.name}` ({has})"
    fix = None
    if suggestion:
        msg += f"; did you mean `<{suggestion}>`?"
        if item.name_span is not None:
            rel = item.name_span[0] - seg.start + 1
            fix = ctx.fix_replace(seg, rel, rel + len(name), suggestion, f"Rename `<{name}>` to `<{suggestion}>`")
    yield ctx.finding(seg, UNKNOWN_TYPE_PARAM, msg,
                      evidence=ctx.evidence_of(e, "the declaration", e.signature), fix=fix)


CHECKS: tuple[Check, ...] = (
    Check(UNDECLARED_CHECKED_EXCEPTION, undeclared_checked_exception),
    Check(RETURN_ON_VOID, return_on_void),
    Check(UNKNOWN_TYPE_PARAM, unknown_type_param),
)
