"""The names one external Python module binds, read from its syntax tree without running it:
the signature and first docstring paragraph of each ``def`` and ``class`` (class members
included), module variables, and the imports and star imports to follow (used by
:mod:`docfact.graph.externals`)."""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field

from tree_sitter import Node

MAX_DOC = 600  # characters of the first docstring paragraph we keep
MAX_SIGNATURE = 400
# a module that writes its own namespace at run time binds names its text never spells as
# bindings: ``globals().update(RegexFlag.__members__)`` (the stdlib's ``re``), ``vars()[name] =``,
# ``setattr(sys.modules[__name__], ...)``
DYNAMIC_NAMESPACE = re.compile(rb"\b(?:globals|vars)\(\s*\)\s*(?:\[|\.(?:update|setdefault)\b)|"
                               rb"\bsys\.modules\[\s*__name__\s*\]|@(?:enum\.)?global_enum\b")
# the words every match of DYNAMIC_NAMESPACE holds: a text without them is not searched (a search
# of a large module for the pattern, whose branches begin with ``\b``, costs a scan in Python's
# regular-expression engine; looking for the words costs next to nothing)
_DYNAMIC_WORDS = (b"globals(", b"vars(", b"sys.modules", b"global_enum")


def writes_own_namespace(data: bytes) -> bool:
    """Whether a module's source writes its own namespace (``DYNAMIC_NAMESPACE`` matches)."""
    return any(w in data for w in _DYNAMIC_WORDS) and DYNAMIC_NAMESPACE.search(data) is not None
# ``__all__ = [...]`` / ``__all__ += (...)``: a name the module exports is bound there, however
# it is bound (``@enum.global_enum`` puts ``re.DOTALL`` in the module's globals); one the module
# visibly binds nowhere makes it open
_ALL_LIST = re.compile(rb"^__all__\s*\+?=\s*[\[(]([^\])]*)[\])]", re.M)
_ALL_NAME = re.compile(rb"[\"']([A-Za-z_]\w*)[\"']")


@dataclass
class Symbol:
    kind: str  # "function" | "class" | "variable" | "import"
    name: str = ""  # the name it is bound to where it is defined
    signature: str = ""
    doc: str = ""
    members: dict[str, Symbol] = field(default_factory=dict)
    # imports: (module as written, imported name or None, relative level)
    target: tuple[str, str | None, int] | None = None


@dataclass
class ExternalModule:
    name: str
    path: str | None  # None: compiled or built into the interpreter
    is_package: bool
    symbols: dict[str, Symbol] = field(default_factory=dict)
    stars: list[tuple[str, int]] = field(default_factory=list)  # (module, level)
    dynamic: bool = False  # a module-level __getattr__ or namespace writes: any name may exist
    parsed: bool = False  # symbols, stars and dynamic are filled (parsing is deferred)
    data: bytes | None = None  # the source while not parsed yet
    text_open: bool | None = None  # its unparsed source may bind names it does not spell (read once)


_BLOCKS = ("if_statement", "try_statement", "else_clause", "elif_clause", "except_clause",
           "finally_clause", "with_statement", "block")


def _text(node: Node | None, data: bytes) -> str:
    if node is None:
        return ""
    return data[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _docstring(body: Node | None, data: bytes) -> str:
    if body is None:
        return ""
    for child in body.named_children:
        if child.type == "comment":
            continue
        if child.type == "expression_statement" and child.named_children:
            s = child.named_children[0]
            if s.type == "string":
                return _first_paragraph(_string_value(s, data))
        return ""
    return ""


def _string_value(node: Node, data: bytes) -> str:
    parts = [_text(c, data) for c in node.named_children if c.type == "string_content"]
    if parts or node.named_children:
        return "".join(parts)
    raw = _text(node, data).lstrip("rRbBuUfF")
    for q in ('"""', "'''", '"', "'"):
        if raw.startswith(q) and raw.endswith(q) and len(raw) >= 2 * len(q):
            return raw[len(q) : -len(q)]
    return raw


def _first_paragraph(text: str) -> str:
    text = inspect.cleandoc(text)
    para = text.split("\n\n", 1)[0].strip()
    para = " ".join(para.split())
    if len(para) > MAX_DOC:
        para = para[: MAX_DOC - 1].rstrip() + "…"
    return para


def _header(node: Node, body: Node | None, data: bytes) -> str:
    end = body.start_byte if body is not None else node.end_byte
    sig = data[node.start_byte : end].decode("utf-8", "replace").rstrip().rstrip(":").rstrip()
    sig = " ".join(sig.split())
    sig = sig.replace("( ", "(").replace(" )", ")").replace(",)", ")")
    if len(sig) > MAX_SIGNATURE:
        sig = sig[: MAX_SIGNATURE - 1] + "…"
    return sig


def _definition(node: Node, data: bytes, depth: int = 0) -> tuple[str, Symbol] | None:
    if node.type == "decorated_definition":
        inner = node.child_by_field_name("definition")
        return _definition(inner, data, depth) if inner is not None else None
    if node.type not in ("function_definition", "class_definition"):
        return None
    name = _text(node.child_by_field_name("name"), data)
    body = node.child_by_field_name("body")
    sym = Symbol(
        kind="class" if node.type == "class_definition" else "function",
        signature=_header(node, body, data),
        doc=_docstring(body, data),
    )
    if sym.kind == "class" and body is not None and depth < 2:
        for child in body.named_children:
            member = _definition(child, data, depth + 1)
            if member is not None:
                member[1].name = member[0]
                sym.members.setdefault(member[0], member[1])
            elif child.type == "expression_statement":
                for n in _assigned_names(child, data):
                    sym.members.setdefault(n, Symbol(kind="variable"))
    return name, sym


def _assigned_names(stmt: Node, data: bytes) -> list[str]:
    out: list[str] = []
    for child in stmt.named_children:
        if child.type in ("assignment", "augmented_assignment"):
            left = child.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                out.append(_text(left, data))
            elif left is not None and left.type in ("pattern_list", "tuple_pattern"):
                out.extend(_text(n, data) for n in left.named_children if n.type == "identifier")
    return out


def read_symbols(root: Node, data: bytes, mod: ExternalModule) -> None:
    """Fill ``mod`` with the module-level bindings of ``root`` (first binding wins, but a
    definition beats an import or assignment of the same name)."""
    symbols = mod.symbols
    doc = _docstring(root, data)
    if doc:
        symbols["__doc__"] = Symbol(kind="variable", doc=doc)

    def put(name: str, sym: Symbol) -> None:
        sym.name = sym.name or name
        old = symbols.get(name)
        if old is None or (old.kind in ("import", "variable") and sym.kind in ("function", "class")):
            symbols[name] = sym

    def walk(node: Node) -> None:
        for child in node.named_children:
            t = child.type
            d = _definition(child, data)
            if d is not None:
                if d[0] == "__getattr__":
                    mod.dynamic = True
                put(*d)
            elif t == "expression_statement":
                for n in _assigned_names(child, data):
                    put(n, Symbol(kind="variable"))
            elif t == "import_statement":
                for name, sym in _import_bindings(child, data):
                    put(name, sym)
            elif t == "import_from_statement":
                _collect_from(child, data, mod, put)
            elif t in _BLOCKS:
                walk(child)

    walk(root)
    if _binds_unseen_names(data, mod):
        mod.dynamic = True


def _binds_unseen_names(data: bytes, mod: ExternalModule) -> bool:
    """Whether the module binds names docfact cannot list: it writes its own namespace, or its
    ``__all__`` exports a name it binds nowhere visible (and no star import may bring)."""
    if writes_own_namespace(data):
        return True
    return not mod.stars and any(m.group(1).decode() not in mod.symbols for listed in _ALL_LIST.finditer(data)
                                 for m in _ALL_NAME.finditer(listed.group(1)))


def _import_bindings(node: Node, data: bytes) -> list[tuple[str, Symbol]]:
    """The names an ``import`` statement binds, in order: ``import a.b as c`` binds ``c`` to
    ``a.b``; ``import a.b`` binds ``a``."""
    out: list[tuple[str, Symbol]] = []
    for item in node.named_children:
        if item.type == "aliased_import":
            module = _text(item.child_by_field_name("name"), data)
            alias = _text(item.child_by_field_name("alias"), data)
            out.append((alias, Symbol(kind="import", target=(module, None, 0))))
        elif item.type == "dotted_name":
            top = _text(item, data).split(".")[0]
            out.append((top, Symbol(kind="import", target=(top, None, 0))))
    return out


def _collect_from(node: Node, data: bytes, mod: ExternalModule, put: object) -> None:
    module_node = node.child_by_field_name("module_name")
    raw = _text(module_node, data)
    level = len(raw) - len(raw.lstrip("."))
    module = raw.lstrip(".")
    if module_node is not None and module_node.type == "relative_import":
        inner = [c for c in module_node.named_children if c.type == "dotted_name"]
        module = _text(inner[0], data) if inner else ""
        level = _text(module_node, data).count(".") - module.count(".")
    assert callable(put)
    for child in node.named_children:
        if child is module_node:
            continue
        if child.type == "wildcard_import":
            mod.stars.append((module, level))
        elif child.type == "aliased_import":
            name = _text(child.child_by_field_name("name"), data)
            alias = _text(child.child_by_field_name("alias"), data)
            put(alias, Symbol(kind="import", target=(module, name, level)))
        elif child.type == "dotted_name":
            name = _text(child, data)
            put(name.split(".")[-1], Symbol(kind="import", target=(module, name, level)))
