"""The block structure of JSDoc/TSDoc comments: the description, one field item per block tag,
and ``@example`` code.

The description (the text before the first tag) is laid out like any docstring
(:func:`docfact.docs.layout.layout`: Markdown fences are code). Each block tag runs to the next
line that starts with a tag and is one field item: ``@param {T} [name=default] - desc``
(also ``@arg``/``@argument``, ``name.prop`` members and TSDoc's ``name - desc``),
``@returns {T} desc``, ``@yields``, ``@throws {Error} desc``, ``@template T``, ``@see``;
the body of ``@example`` is code in the file's language. Tags that make no claim about the
code (``@deprecated``, ``@since``, ``@internal`` ...) are ``other`` items.
"""

from __future__ import annotations

import re
from functools import lru_cache

from docfact.docs.layout import Block, layout
from docfact.model import FieldItem

TAGS: dict[str, str] = {
    "param": "param", "arg": "param", "argument": "param",
    "returns": "returns", "return": "returns",
    "yields": "yields", "yield": "yields",
    "throws": "raises", "throw": "raises", "exception": "raises",
    "property": "attribute", "prop": "attribute",
}
_TAG_LINE = re.compile(r"[ \t]*@(?P<tag>[A-Za-z][\w-]*)")
_NAME = re.compile(r"(?:\.\.\.)?[A-Za-z_$][\w$]*(?:(?:\.|\[\]\.?)[A-Za-z_$][\w$]*)*(?:\[\])?")
_CLASS_NAME = re.compile(r"(?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*")
# capitalised words that start a description when the name is left out ("@param {T} The value")
_NOT_NAMES = frozenset({"A", "An", "The", "This", "That", "If", "When", "Optional", "Whether", "Either"})
_SEPARATOR = re.compile(r"[ \t]*(?:-|—|:)(?=[ \t]|$)")


def is_jsdoc_tag_line(line: str) -> bool:
    """Whether a cleaned doc line starts a block tag (``@param``), not inline ``{@link}``."""
    return _TAG_LINE.match(line) is not None


def _braced(text: str, i: int, end: int) -> int:
    """Index after the ``}`` closing the ``{`` at ``i`` (nested braces balance), or -1."""
    depth = 0
    while i < end:
        ch = text[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


def _skip_ws(text: str, i: int, end: int) -> int:
    while i < end and text[i] in " \t\n":
        i += 1
    return i


def _desc(text: str, start: int, end: int) -> str:
    m = _SEPARATOR.match(text, start, end)
    if m:
        start = m.end()
    return " ".join(text[start:end].split())


Span = tuple[int, int]


def jsdoc_item(text: str, start: int, end: int) -> FieldItem:
    """One block tag of ``text[start:end]`` as a field item (spans are offsets into ``text``)."""
    m = _TAG_LINE.match(text, start, end)
    if not m:
        return FieldItem(section="other", description=" ".join(text[start:end].split()))
    tag = m.group("tag")
    section = TAGS.get(tag, "other")
    typ, i = _leading_type(text, _skip_ws(text, m.end(), end), end)
    name: Span | None = None
    if section in ("param", "attribute"):
        name, typ, i = _param_name(text, i, end, typ)
    elif section == "raises":
        name, typ, i = _raised_class(text, i, end, typ)
    elif section == "other" and tag in ("see", "template", "typeParam", "typeparam", "link"):
        n = re.compile(r"[A-Za-z_$][\w$.#]*").match(text, i, end)
        if n and not text.startswith("http", i):
            name = (n.start(), n.end())
            i = n.end()
    return FieldItem(
        section=section,
        name=text[name[0] : name[1]] if name else None,
        type=text[typ[0] : typ[1]] if typ else None,
        description=_desc(text, i, end),
        name_span=name,
        type_span=typ,
        tag=tag,
    )


def _leading_type(text: str, i: int, end: int) -> tuple[Span | None, int]:
    """The ``{type}`` right after a tag (not an inline ``{@link}``): its inner span, trimmed
    (None when empty or unclosed), and where the text after it starts."""
    if i >= end or text[i] != "{" or text.startswith("{@", i):
        return None, i
    close = _braced(text, i, end)
    if close == -1:
        return None, i
    typ: Span | None = None
    inner_start = _skip_ws(text, i + 1, close - 1)
    inner_end = close - 1
    while inner_end > inner_start and text[inner_end - 1].isspace():
        inner_end -= 1
    if inner_end > inner_start:
        typ = (inner_start, inner_end)
    return typ, _skip_ws(text, close, end)


def _param_name(
    text: str, i: int, end: int, typ: Span | None
) -> tuple[Span | None, Span | None, int]:
    """The name of a ``@param``/``@property`` item at ``i``: ``[name=default]`` (optional),
    ``name``, or none when a capitalised word starts the description; then an old-style
    ``{type}`` after the name. Returns the name, the type and where the description starts."""
    name: Span | None = None
    if i < end and text[i] == "[":
        n = _NAME.match(text, _skip_ws(text, i + 1, end), end)
        if n:
            name = (n.start(), n.end())
            depth = 0
            j = i
            while j < end:  # the closing bracket (a default may hold brackets)
                depth += {"[": 1, "]": -1}.get(text[j], 0)
                j += 1
                if depth == 0:
                    break
            i = j
    else:
        n = _NAME.match(text, i, end)
        described = n is not None and n.group(0) in _NOT_NAMES
        if n and not (described and re.match(r"[ \t]+[a-z]", text[n.end() : end])):
            name = (n.start(), n.end())
            i = n.end()
    if typ is None and name is not None:  # ``@param name {type} desc`` (old style)
        j = _skip_ws(text, i, end)
        if j < end and text[j] == "{" and not text.startswith("{@", j):
            close = _braced(text, j, end)
            if close != -1:
                typ = (j + 1, close - 1)
                i = close
    return name, typ, i


def _raised_class(
    text: str, i: int, end: int, typ: Span | None
) -> tuple[Span | None, Span | None, int]:
    """The class a ``@throws`` item names: its ``{Type}`` when that is one class name (the
    item then has no type), else a leading ``SomethingError``/``...Exception`` word. Returns
    the name, the type and where the description starts."""
    name: Span | None = None
    if typ is not None:
        name, typ = typ, None
        if not _CLASS_NAME.fullmatch(text[name[0] : name[1]]):
            name = None  # ``{TypeError | RangeError}`` or ``{@link X}``: not one class
        return name, typ, i
    n = _CLASS_NAME.match(text, i, end)
    if (
        n
        and (n.end() == end or not text[n.end()].isalnum())
        and re.search(r"(?:Error|Exception)$", n.group(0))
    ):
        name = (n.start(), n.end())
        i = n.end()
    return name, typ, i


def default_span(text: str, item: FieldItem) -> tuple[int, int] | None:
    """Offsets of the default value of a ``[name=default]`` parameter item, if written."""
    if item.name_span is None:
        return None
    i = item.name_span[1]
    while i < len(text) and text[i] in " \t":
        i += 1
    if i >= len(text) or text[i] != "=":
        return None
    start = i + 1
    depth = 0
    j = start
    while j < len(text):
        ch = text[j]
        if ch in "[({":
            depth += 1
        elif ch in ")}":
            depth -= 1
        elif ch == "]":
            if depth == 0:
                break
            depth -= 1
        elif ch == "\n":
            return None
        j += 1
    a, b = start, j
    while a < b and text[a] in " \t":
        a += 1
    while b > a and text[b - 1] in " \t":
        b -= 1
    return (a, b) if b > a else None


def jsdoc_layout(text: str, lang: str = "typescript") -> list[Block]:
    """The prose regions, tag items and ``@example`` code of a cleaned JSDoc text, in order."""
    return list(_jsdoc_layout(text, lang))


@lru_cache(maxsize=64)
def _jsdoc_layout(text: str, lang: str) -> tuple[Block, ...]:
    lines: list[tuple[int, int]] = []  # (start, end) of each line
    pos = 0
    for raw in text.split("\n"):
        lines.append((pos, pos + len(raw)))
        pos += len(raw) + 1
    tag_lines: list[int] = []
    fence = False
    for n, (a, b) in enumerate(lines):
        stripped = text[a:b].strip()
        if stripped.startswith(("```", "~~~")):
            fence = not fence
        if not fence and is_jsdoc_tag_line(text[a:b]):
            tag_lines.append(n)
    blocks: list[Block] = []
    first = tag_lines[0] if tag_lines else len(lines)
    head_end = lines[first - 1][1] if first > 0 else 0
    if head_end > 0:
        blocks.extend(layout(text[:head_end]))
    for k, n in enumerate(tag_lines):
        stop = tag_lines[k + 1] if k + 1 < len(tag_lines) else len(lines)
        last = stop - 1
        while last > n and not text[lines[last][0] : lines[last][1]].strip():
            last -= 1
        a = lines[n][0] + (len(text[lines[n][0] : lines[n][1]]) - len(text[lines[n][0] : lines[n][1]].lstrip()))
        b = lines[last][1]
        while b > a and text[b - 1].isspace():
            b -= 1
        tag = _TAG_LINE.match(text, lines[n][0]).group("tag")  # type: ignore[union-attr]
        if tag == "example":
            body = text.find("\n", a, b)
            if body != -1:
                blocks.extend(_example_blocks(text, body + 1, b, lang))
            continue
        blocks.append(Block("field", a, b, jsdoc_item(text, a, b)))
    return tuple(sorted(blocks, key=lambda bl: bl.start))


def _example_blocks(text: str, start: int, end: int, lang: str) -> list[Block]:
    """An ``@example`` body: its fenced blocks, or the whole body when it has no fence."""
    body = text[start:end]
    if "```" not in body:
        while start < end and text[start] in " \t\n":
            start += 1
        return [Block("code", start, end, lang=lang)] if start < end else []
    out: list[Block] = []
    for m in re.finditer(r"```([\w-]*)[^\n]*\n(.*?)(?:```|$)", body, re.S):
        a = start + m.start(2)
        b = start + m.end(2)
        while b > a and text[b - 1] in " \t\n":
            b -= 1
        if b > a:
            out.append(Block("code", a, b, lang=(m.group(1) or lang).lower()))
    return out
