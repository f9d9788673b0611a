"""Field-list items of Google, NumPy, Sphinx/reST and Javadoc docstrings.

Each parser takes the DocBlock text and the span of one item (its first line plus continuation
lines) and returns a :class:`FieldItem` whose ``name_span``/``type_span`` are offsets into that
text, so a fix can replace exactly the name or the type. Where the items are
(sections, indentation, continuation) is decided by :mod:`docfact.docs.layout`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from docfact.model import FieldItem

# Google section headers (``Args:``) and NumPy section titles (``Parameters`` + underline),
# lowercased, mapped to FieldItem.section; "prose" bodies are split into sentences and
# "exclude" bodies (examples) are dropped.
SECTIONS: dict[str, str] = {
    "args": "param",
    "arguments": "param",
    "parameters": "param",
    "params": "param",
    "keyword args": "param",
    "keyword arguments": "param",
    "kwargs": "param",
    "other parameters": "param",
    "other params": "param",
    "receives": "param",
    "returns": "returns",
    "return": "returns",
    "yields": "yields",
    "yield": "yields",
    "raises": "raises",
    "raise": "raises",
    "exceptions": "raises",
    "throws": "raises",
    "warns": "warns",  # warnings issued (``warnings.warn``), not exceptions raised
    "attributes": "attribute",
    "members": "attribute",
    "methods": "other",
    "see also": "other",
    "note": "prose",
    "notes": "prose",
    "warning": "prose",
    "warnings": "prose",
    "todo": "prose",
    "references": "prose",
    "tip": "prose",
    "hint": "prose",
    "important": "prose",
    "caution": "prose",
    "attention": "prose",
    "danger": "prose",
    "error": "prose",
    "extended summary": "prose",
    "example": "exclude",
    "examples": "exclude",
    "usage": "exclude",
}

# Sphinx/reST field names -> section
SPHINX_FIELDS: dict[str, str] = {
    "param": "param", "parameter": "param", "arg": "param", "argument": "param",
    "key": "param", "keyword": "param",
    "type": "type", "vartype": "type", "kwtype": "type",
    "returns": "returns", "return": "returns",
    "rtype": "rtype", "ytype": "yields",  # ``:ytype:`` types what each ``yield`` gives
    "raises": "raises", "raise": "raises", "except": "raises", "exception": "raises",
    "throws": "raises",
    "yields": "yields", "yield": "yields",
    "ivar": "attribute", "var": "attribute", "cvar": "attribute",
}

# Javadoc block tags -> section
JAVADOC_TAGS: dict[str, str] = {
    "param": "param", "return": "returns", "returns": "returns",
    "throws": "raises", "exception": "raises",
    "see": "other", "since": "other", "author": "other", "deprecated": "other",
    "version": "other", "serial": "other", "serialData": "other", "serialField": "other",
    "apiNote": "other", "implNote": "other", "implSpec": "other", "hidden": "other",
    "uses": "other", "provides": "other",
    # epytext fields (Twisted, pydoctor) share the Javadoc syntax
    "raise": "raises", "type": "type", "rtype": "rtype", "ivar": "attribute", "cvar": "attribute",
    "var": "attribute", "keyword": "param",
}

# ``:field args:``, read with ``match`` only. The colon that ends the field is the first one after
# its name (no newline or backtick before it): each part is taken whole, never given back, so a
# long run of blanks costs one pass (``args`` keeps the blanks before that colon; readers strip
# it). Before, ``[ \t]+[^:\n`]*?[ \t]*`` tried every split of the blanks: cubic.
SPHINX_FIELD_RE = re.compile(r"[ \t]*+:(?P<field>[A-Za-z]\w*+)(?P<args>[ \t][^:\n`]*+)?+:(?=[ \t]|$)", re.M)
JAVADOC_TAG_RE = re.compile(r"[ \t]*+@(?P<tag>" + "|".join(JAVADOC_TAGS) + r")\b", re.M)
# whether a text holds a Javadoc tag anywhere (JAVADOC_TAG_RE's leading blanks would be scanned
# again from every position of a long run of them by ``search``)
_ANY_JAVADOC_TAG = re.compile(r"@(?:" + "|".join(JAVADOC_TAGS) + r")\b")
# ``some_thing\_\_`` is reST's escaped ``some_thing__`` (an ``_`` ending a word is a link there)
_IDENT = re.compile(r"\*{0,2}[A-Za-z_](?:[\w.]|\\_)*")
_OPTIONAL = re.compile(r",\s*+(?:optional|keyword-only|positional-only|default\b.*+|defaults\b.*+)$", re.I)
_ARTICLE = re.compile(r"(?:a|an|the|if|when|true|false)\b", re.I)


def _skip_ws(text: str, i: int, end: int) -> int:
    while i < end and text[i] in " \t":
        i += 1
    return i


def _desc(text: str, start: int, end: int) -> str:
    return " ".join(text[start:end].split())


def _type_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Strip whitespace and a trailing ``, optional``/``, default x`` from a type span."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    # the first top-level comma that starts ", optional" / ", default ..." (``Literal['a,
    # default=b']``: a comma inside quotes or brackets is part of the type)
    m = None
    if text.find(",", start, end) != -1:  # most types have no comma: no walk over their characters
        m = next((m2 for i, ch in top_level(text, start, end) if ch == ","
                  and (m2 := _OPTIONAL.match(text, i, end)) is not None), None)
    if m:
        end = m.start()
        while end > start and text[end - 1].isspace():
            end -= 1
    return (start, end) if start < end else None


def top_level(text: str, start: int = 0, end: int | None = None) -> Iterator[tuple[int, str]]:
    """The offsets and characters of ``text[start:end]`` that lie outside brackets and quoted
    strings (``Literal['a, default=b'], default=c``: only the second comma is top level)."""
    depth, quote = 0, ""
    for i in range(start, len(text) if end is None else end):
        ch = text[i]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0:
            yield i, ch


def _match_paren(text: str, i: int, end: int) -> int:
    """Index after the bracket matching ``text[i]``, or -1."""
    depth = 0
    pairs = {"(": ")", "[": "]", "{": "}"}
    closers = set(pairs.values())
    while i < end:
        ch = text[i]
        if ch in pairs:
            depth += 1
        elif ch in closers:
            depth -= 1
            if depth == 0:
                return i + 1
        elif ch == "\n" and depth == 0:
            return -1
        i += 1
    return -1


def _item(section: str, tag: str, text: str, name: tuple[int, int] | None,
          typ: tuple[int, int] | None, desc_start: int, end: int) -> FieldItem:
    return FieldItem(
        section=section,
        name=text[name[0] : name[1]].replace("\\_", "_") if name else None,
        type=text[typ[0] : typ[1]] if typ else None,
        description=_desc(text, desc_start, end),
        name_span=name,
        type_span=typ,
        tag=tag,
    )


def looks_like_type(s: str) -> bool:
    """Whether the text before a ``:`` in a Returns item is a type rather than prose."""
    s = s.strip()
    if not s or len(s) > 60 or s.endswith(".") or _ARTICLE.match(s):
        return False
    depth = 0
    words = 1
    for ch in re.sub(r"\s*\|\s*", "|", s):  # ``str | bool | float`` is one union
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == " " and depth == 0:
            words += 1
    return words <= 4 and re.fullmatch(r"[\w\[\](){}, .|*'\"`:~-]+", s) is not None


def google_item(text: str, start: int, end: int, section: str, tag: str = "") -> FieldItem:
    """``name (type): desc`` / ``name: desc`` (Args, Attributes), ``Error: desc`` (Raises),
    ``type: desc`` (Returns, Yields)."""
    if section in ("returns", "yields"):
        colon = text.find(":", start, end)
        nl = text.find("\n", start, end)
        first_end = end if nl == -1 else nl
        if colon != -1 and colon < first_end and (colon + 1 == end or text[colon + 1].isspace()):
            if looks_like_type(text[start:colon]):
                return _item(section, tag, text, None, _type_span(text, start, colon), colon + 1, end)
        body = text[start:end].strip()
        if re.fullmatch(r"[\w.\[\], |]+", body) and " " not in body.replace(", ", ","):
            return _item(section, tag, text, None, _type_span(text, start, end), end, end)
        return _item(section, tag, text, None, None, start, end)
    m = _IDENT.match(text, start, end)
    if not m:
        return _item(section, tag, text, None, None, start, end)
    name = (m.start(), m.end())
    i = m.end()
    if section == "raises":
        # "ValueError, TypeError: desc" keeps the whole list as the name
        while True:
            j = _skip_ws(text, i, end)
            if j < end and text[j] == ",":
                m2 = _IDENT.match(text, _skip_ws(text, j + 1, end), end)
                if m2:
                    i = m2.end()
                    name = (name[0], i)
                    continue
            break
    j = _skip_ws(text, i, end)
    typ = None
    if j < end and text[j] == "(":
        close = _match_paren(text, j, end)
        if close == -1:
            return _item(section, tag, text, None, None, start, end)
        typ = _type_span(text, j + 1, close - 1)
        j = _skip_ws(text, close, end)
    if j < end and text[j] == ":":
        return _item(section, tag, text, name, typ, j + 1, end)
    if j >= end or text[j] == "\n":
        return _item(section, tag, text, name, typ, j, end)
    return _item(section, tag, text, None, None, start, end)


# "weight: str" with no space before the colon, after one or more plain names
_NUMPY_TIGHT_COLON = re.compile(r"\*{0,2}\w+(?:[ \t]*,[ \t]*\*{0,2}\w+)*(:)(?:\s|$)")
# ``name = default:`` (or without the colon): an item that gives its default in place of a type
_NUMPY_NAME_DEFAULT = re.compile(r"(\*{0,2}[A-Za-z_]\w*)[ \t]*=[ \t]*\S.*?:?[ \t]*")


def numpy_item(text: str, start: int, end: int, section: str, tag: str = "") -> FieldItem:
    """``name : type`` then an indented description; Returns ``type`` or ``name : type``."""
    nl = text.find("\n", start, end)
    first_end = end if nl == -1 else nl
    line = text[start:first_end]
    m = re.search(r"\s:(?:\s|$)", line)
    sep = (m.start(), m.end()) if m else None
    if section == "other":  # See Also: "func : desc" or "func, other"
        stop = start + sep[0] if sep else first_end
        name = _type_span(text, start, stop)
        return _item(section, tag, text, name, None, start + sep[1] if sep else first_end, end)
    if sep is None:
        tight = _NUMPY_TIGHT_COLON.match(line)
        # "Note: ..." is prose: a capitalised word is not taken for a parameter name
        if tight and not re.search(r"(?<![\w*])[A-Z][a-z]+\b(?![\w])", line[: tight.start(1)]):
            sep = (tight.start(1), tight.end())
    if sep:
        name = _type_span(text, start, start + sep[0])
        typ = _type_span(text, start + sep[1], first_end)
        return _item(section, tag, text, name, typ, first_end, end)
    if section not in ("returns", "yields") and (dm := _NUMPY_NAME_DEFAULT.fullmatch(line)):
        return _item(section, tag, text, (start + dm.start(1), start + dm.end(1)), None, first_end, end)
    if section in ("returns", "yields"):
        return _item(section, tag, text, None, _type_span(text, start, first_end), first_end, end)
    return _item(section, tag, text, _type_span(text, start, first_end), None, first_end, end)


def sphinx_item(text: str, start: int, end: int) -> FieldItem:
    """``:param int x: desc``, ``:type x: int``, ``:rtype: int``, ``:raises ValueError: desc``."""
    m = SPHINX_FIELD_RE.match(text, start, end)
    if not m:
        return FieldItem(section="other", description=_desc(text, start, end))
    field = m.group("field")
    section = SPHINX_FIELDS.get(field.lower(), "other")
    body = m.end()
    args = _type_span(text, m.start("args"), m.end("args")) if m.group("args") else None
    if section in ("param", "attribute") and args:
        last = text.rfind(" ", args[0], args[1])
        if last == -1:
            return _item(section, field, text, args, None, body, end)
        return _item(section, field, text, (last + 1, args[1]), _type_span(text, args[0], last), body, end)
    if section in ("type", "rtype") or field.lower() == "ytype":
        typ = _type_span(text, body, end)
        return _item(section, field, text, args, typ, end, end)
    if section == "raises" and not args:
        # ``:raises: TypeError: when ...``: the exception leads the body
        lead = re.compile(r"[ \t]*([A-Za-z_][\w.]*)[ \t]*:").match(text, body, end)
        if lead:
            return _item(section, field, text, lead.span(1), None, lead.end(), end)
    return _item(section, field, text, args, None, body, end)


# the name a tag documents: a type parameter, a name (with a signature), or an epytext link to it
_TAG_NAME = re.compile(r"[LC]\{(?P<linked>[\w.$#]+)\}|<\w+>|[\w.$#]+(?:\([^)\n]*\))?")


def javadoc_item(text: str, start: int, end: int) -> FieldItem:
    """``@param x desc``, ``@return desc``, ``@throws X desc``, ``@see Ref``, ``@since 1.2``, and
    epytext's ``@type x: int``, ``@raise X: desc``, ``@ivar x: desc``."""
    m = JAVADOC_TAG_RE.match(text, start, end)
    if not m:
        return FieldItem(section="other", description=_desc(text, start, end))
    tag = m.group("tag")
    section = JAVADOC_TAGS[tag]
    i = _skip_ws(text, m.end(), end)
    if tag in ("param", "throws", "exception", "see", "raise", "type", "ivar", "cvar", "var", "keyword"):
        n = _TAG_NAME.match(text, i, end)
        if n and not (tag == "see" and text[i] in "<\""):
            name = n.span("linked") if n.group("linked") else n.span()  # ``@raise L{Error}:``: the link's target
            return _item(section, tag, text, name, None, n.end(), end)
    return _item(section, tag, text, None, None, i, end)


_GOOGLE_HEADER = re.compile(
    r"^[ \t]*(?:Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments|Returns|Return"
    r"|Yields|Yield|Raises|Attributes)[ \t]*:[ \t]*$",
    re.M,
)
_NUMPY_HEADER = re.compile(r"^[ \t]*+[A-Z][A-Za-z ]++[ \t]*+\n[ \t]*+-{3,}+[ \t]*+$", re.M)


def docstring_style(text: str) -> str:
    """The field-list convention of a docstring: google, numpy, sphinx, javadoc or plain."""
    if _ANY_JAVADOC_TAG.search(text) and re.search(r"^[ \t]*+@(?:param|return|throws|exception)\b", text, re.M):
        return "javadoc"
    if re.search(r"^[ \t]*:(?:param|parameter|arg|returns?|rtype|raises?|type|ivar|yields?)\b", text, re.M):
        return "sphinx"
    for m in _NUMPY_HEADER.finditer(text):
        title = m.group(0).split("\n")[0].strip().lower()
        if SECTIONS.get(title, "prose") != "prose":
            return "numpy"
    if _GOOGLE_HEADER.search(text):
        return "google"
    return "plain"
