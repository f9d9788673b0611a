"""The defaults the code gives (signatures, dataclass/attrs/NamedTuple fields, module constants
and enum members followed to their literals) and whether a documented value equals one: what
:mod:`docfact.judges.defaults` compares the docs' claims with."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import lru_cache

from docfact.judges.base import JudgeContext, member_of
from docfact.model import Entity

_DATACLASS_DECORATORS = frozenset({"dataclass", "define", "frozen", "mutable", "attrs", "s"})
_SENTINEL_STRINGS = frozenset({"deprecated", "warn", "warning", "auto", "default", "unset", "unspecified"})


@dataclass(frozen=True)
class Default:
    text: str  # as written in the code
    owner: Entity  # the function or field that holds it
    where: str  # "the signature" / "the field"


class Unknown:
    """A value docfact cannot read."""


UNKNOWN = Unknown()


@dataclass(frozen=True)
class Member:
    """An enum member: the class, its name and its value (UNKNOWN when not a literal)."""

    cls: Entity
    name: str
    value: object


def code_defaults(ctx: JudgeContext, section: str | None) -> dict[str, Default]:
    """Parameter name -> its default in the code, for the documented function or class."""
    e = ctx.entity
    if e is None or e.language != "python":
        return {}
    if e.kind in ("function", "method"):
        return {} if section == "attribute" else param_defaults(e)
    if e.kind != "class":
        return {}
    out: dict[str, Default] = {}
    init = member_of(ctx.file, e, "__init__") or member_of(ctx.file, e, "__new__")
    if init is not None:
        if section != "attribute":
            out.update(param_defaults(init))
    elif _is_dataclass_like(e):
        out.update(field_defaults(ctx, e))
    return out


def param_defaults(e: Entity) -> dict[str, Default]:
    return {p.name: Default(p.default, e, "the signature") for p in e.params
            if p.default is not None and p.kind not in ("vararg", "kwarg", "self")}


def _is_dataclass_like(cls: Entity) -> bool:
    kinds = {d.split("(")[0].rsplit(".", 1)[-1] for d in cls.decorators}
    return bool(kinds & _DATACLASS_DECORATORS) or any(b.split(".")[-1] == "NamedTuple" for b in cls.bases)


def field_defaults(ctx: JudgeContext, cls: Entity) -> dict[str, Default]:
    """Field name -> default of a dataclass/attrs/NamedTuple class; a ``default_factory``, an
    ``attr.Factory`` or ``factory=`` is computed and left out."""
    attrs = any(d.split("(")[0].rsplit(".", 1)[-1] in ("define", "frozen", "mutable", "attrs", "s")
                for d in cls.decorators)
    out: dict[str, Default] = {}
    for member in cls.members:
        f = ctx.file.entity(member)
        if f is None or f.kind not in ("field", "variable"):
            continue
        value = _field_value(f.code)
        if value is None:
            continue
        out[f.name] = Default(value, f, "the field")
        if attrs and f.name.startswith("_") and not f.name.startswith("__"):
            out[f.name.lstrip("_")] = out[f.name]  # attrs: ``_x`` is set by the argument ``x``
    return out


def _field_value(code: str) -> str | None:
    """The default of one field definition as written, or None: ``x: int = 3``,
    ``x = attr.ib(default=3)``, ``x: int = field(default=3)``. A plain ``x = 3`` without an
    annotation is a class attribute, not a field."""
    try:
        tree = ast.parse(code.strip())
    except SyntaxError:
        return None
    node = tree.body[0] if len(tree.body) == 1 else None
    if isinstance(node, ast.AnnAssign) and node.value is not None and "ClassVar" not in ast.unparse(node.annotation):
        value = node.value
    elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Call):
        value = node.value
    else:
        return None
    if not isinstance(value, ast.Call):
        return ast.unparse(value)
    callee = ast.unparse(value.func).rsplit(".", 1)[-1]
    if callee not in ("field", "ib", "attrib", "Field"):
        return None if isinstance(node, ast.Assign) else ast.unparse(value)
    kws = {k.arg: k.value for k in value.keywords if k.arg}
    if "default_factory" in kws or "factory" in kws:
        return None
    got = kws.get("default")
    if got is None and callee in ("ib", "attrib", "Field") and value.args:
        got = value.args[0]  # ``attr.ib(3)``: the first argument is the default
    if got is None or (isinstance(got, ast.Call) and ast.unparse(got.func).endswith("Factory")):
        return None
    return ast.unparse(got)


# ---- values ------------------------------------------------------------------------------------


def read_value(text: str) -> object:
    """A documented or written default as a Python value; a dotted name stays a string wrapped
    in a tuple ``("name", text)``; anything else is UNKNOWN."""
    v = text.strip()
    while len(v) > 1 and v[0] == v[-1] and v[0] in "`*":
        v = v[1:-1].strip()
    quoted = re.fullmatch(r"[rbuf]?(['\"])(.*)\1", v, re.S)
    if quoted:
        # compared as written: a docstring shows "\\n" where the code writes "\n"
        return re.sub(r"\\+", r"\\", quoted.group(2))
    low = v.lower()
    if low in ("true", "false", "none", "null"):
        return {"true": True, "false": False}.get(low)
    try:
        number = v.replace("_", "").replace(" ", "")
        if re.fullmatch(r"[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?", number):
            number = number.replace(",", "")  # "10,000": a thousands separator
        got = ast.literal_eval(number if re.fullmatch(r"[-+\d.eExXa-fA-F]+", number) else v)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        got = UNKNOWN
    if isinstance(got, (str, bytes, int, float, complex, bool)) or got is None:
        return got
    if got is UNKNOWN and re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*", v):
        return ("name", v)
    return UNKNOWN


def constant_value(ctx: JudgeContext, name: str, scope: Entity, depth: int = 0) -> object:
    """The literal value of a project constant or enum member named in ``scope``."""
    if depth > 2:
        return UNKNOWN
    target = ctx.file.entity(name) if "." not in name or name.split(".")[0] != "self" else None
    if target is None:
        target = ctx.graph.project_entity(name, scope)
        if target is None:
            return UNKNOWN
    if target.kind not in ("variable", "field") or not _assigned_once(ctx, target):
        return UNKNOWN
    try:
        tree = ast.parse(target.code.strip())
    except SyntaxError:
        return UNKNOWN
    node = tree.body[0] if len(tree.body) == 1 else None
    if not isinstance(node, (ast.Assign, ast.AnnAssign)) or node.value is None:
        return UNKNOWN
    value = read_value(ast.unparse(node.value))
    if isinstance(value, tuple) and value[0] == "name":
        value = constant_value(ctx, value[1], target, depth + 1)
    owner = ctx.graph.entity(f"{target.module}.{target.parent}") if target.parent else None
    if owner is not None and owner.kind == "class" and any("Enum" in b or b.endswith("Flag") for b in owner.bases):
        return Member(owner, target.name, value)
    return value


def _assigned_once(ctx: JudgeContext, target: Entity) -> bool:
    fi = ctx.graph.file(target.path)
    if fi is None:
        return False
    pattern = re.compile(rf"^[ \t]*{re.escape(target.name)}[ \t]*(?::[^=\n]*)?=(?!=)", re.M)
    return len(pattern.findall(fi.text)) == 1


def same_value(doc: object, code: object) -> bool | None:
    """Whether two literal values say the same default; None when docfact cannot tell."""
    if doc is UNKNOWN or code is UNKNOWN or isinstance(doc, tuple) or isinstance(code, tuple):
        return None
    if isinstance(code, Member):
        return same_member(doc, code)
    if isinstance(doc, Member):
        return None
    if code is None:
        return None if doc is not None else True  # ``x=None`` is often replaced in the body
    if isinstance(code, str) and code.strip().lower() in _SENTINEL_STRINGS:
        return None  # a sentinel: the docs give the value it stands for
    if isinstance(doc, str) and isinstance(code, str):
        # "'*unix*' (default)": reST emphasis inside the quotes, when the code's value has none
        return _loose(doc) == _loose(code) or _loose(_EMPHASIS.sub(r"\2", doc)) == _loose(code)
    if isinstance(doc, str) or isinstance(code, str):
        # 'true' for True, "3" for 3, 'none' for None: the same value in another spelling
        if str(doc).lower() == str(code).lower():
            return True
        if isinstance(doc, str) and isinstance(code, (int, float)) and not isinstance(code, bool):
            # a quoted word for a number ("'hac' (default)" for ``use_correction=0``): never the
            # same value, unless the quotes hold that number ("'3'" for 3)
            number = _as_number(doc)
            if number is not None:
                return number == code
            # "1 for 'Scan 1' (default)": a label made from the number, which cannot tell
            return None if re.search(rf"(?<![\w.]){re.escape(str(code))}(?![\w.])", doc) else False
        return False if doc is None else None  # "default: None" for ``weight="weight"``
    if isinstance(doc, bool) != isinstance(code, bool):
        return None  # 0 for False: a loose way to write it
    return doc == code


_EMPHASIS = re.compile(r"(\*{1,2})([^*\s](?:[^*]*[^*\s])?)\1")


def _as_number(text: str) -> float | None:
    try:
        return float(text.replace("_", "").strip())
    except ValueError:
        return None


def _loose(s: object) -> str:
    # a docstring shows "\\n" where the code writes "\n"; case, white space, "_" and "-" rarely matter
    return re.sub(r"[\s_\-\\`]", "", str(s)).lower()


def same_member(doc: object, code: Member) -> bool | None:
    """A documented value against an enum member default: different only when the docs name
    another member of the same enum (``Mode.SLOW`` or ``"slow"``)."""
    if isinstance(doc, Member):
        if doc.cls is not code.cls:
            return None
        if doc.name == code.name:
            return True
        if doc.value is not UNKNOWN and code.value is not UNKNOWN:
            # two names of one value are one member (``INT = DEFAULT = 0``: an alias)
            return doc.value == code.value
        return None if UNKNOWN in (doc.value, code.value) and (doc.value, code.value) != (UNKNOWN, UNKNOWN) else False
    if isinstance(doc, str):
        if _loose(doc) == _loose(code.name) or (code.value is not UNKNOWN and _loose(doc) == _loose(code.value)):
            return True
        names = {m.rsplit(".", 1)[-1] for m in code.cls.members}
        return False if any(_loose(doc) == _loose(n) for n in names) else None
    return None


@lru_cache(maxsize=1024)
def sentinel_test(name: str, value: str) -> re.Pattern[str]:
    """Code that tests parameter ``name`` against its default ``value`` (``x or ...``, ``if not
    x``, ``x is None``): the default is a sentinel the body replaces."""
    n, v = re.escape(name), re.escape(value)
    return re.compile(rf"\b{n}\s+or\b|\bif\s+not\s+{n}\b|\b{n}\s*(?:is(?:\s+not)?|[=!]=|<=?|>=?)\s*{v}"
                      rf"|{v}\s*(?:is(?:\s+not)?|[=!]=)\s*{n}\b|\b{n}\s+if\s+{n}\b")
