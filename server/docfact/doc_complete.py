"""Completing a doc's field lists in its own style (Google, NumPy, Sphinx, Javadoc, JSDoc): which
parameters, return value and exceptions a doc leaves out, and the doc's text with them added
as bare items, never with invented descriptions. Used by the "Add missing parameters" fix
(:func:`docfact.regenerate.add_missing`). Plain Python; no LSP import."""

from __future__ import annotations

import re
from dataclasses import dataclass

from docfact.model import Entity, Param

# the underline of a NumPy section heading
UNDERLINE = re.compile(r"^[ \t]*-{3,}[ \t]*$")


def documented_names(body: str) -> tuple[set[str], bool]:
    """Parameter names and whether a return value are documented in ``body`` (any style)."""
    params = set(re.findall(r"(?m)^[ \t]*@(?:param|arg|argument)\s+(?:\{[^}\n]*\}\s*)?\[?<?([\w$]+)", body))
    params |= set(re.findall(r"(?m)^[ \t]*:(?:param|parameter|arg|key)\s+(?:[^:\s]+\s+)?\**(\w+)\s*:", body))
    params |= set(re.findall(r"(?m)^[ \t]*\**(\w+)[ \t]*(?:\([^)]*\))?[ \t]*:", body))
    params |= set(re.findall(r"(?m)^\**(\w+)[ \t]*:[ \t]*\S", body))
    returns = re.search(r"(?m)^[ \t]*(?:Returns?:|Yields?:|Returns?\n[ \t]*-{3,}|Yields?\n[ \t]*-{3,}|"
                        r":returns?:|:rtype:|:yields?:|@returns?\b)", body) is not None
    return params, returns


@dataclass
class _Undocumented:
    """What a doc leaves out: the parameters, the return type when a return value is missing
    (``ret`` is the type whether or not it is documented), and the exceptions raised."""

    params: list[Param]
    ret: str | None
    need_ret: bool
    raises: list[str]


def _undocumented(body: str, e: Entity, params_only: bool,
                  skip: set[str] | frozenset[str]) -> _Undocumented:
    """What ``body``, the doc of ``e``, leaves out (only parameters when ``params_only``;
    never the parameters in ``skip``)."""
    params, has_returns = documented_names(body)
    missing = [p for p in e.params if p.kind != "self" and p.name.lstrip("*") not in params
               and p.name.lstrip("*") not in skip
               and p.name not in ("self", "cls")
               and not (e.language in ("typescript", "javascript")
                        and p.kind in ("kwarg", "keyword"))]
    ret = e.returns if e.returns and e.returns not in ("None", "void", "never", "Promise<void>") \
        and e.name not in ("__init__", "constructor") else None
    if e.language == "java" and e.name and e.name[:1].isupper() and e.returns is None:
        ret = None  # constructor
    need_ret = ret is not None and not has_returns and not e.is_generator and not params_only
    exc = [] if params_only else \
        [x for x in dict.fromkeys(e.raises)
         if not re.search(rf"(?<!\w){re.escape(x.split('.')[-1])}(?!\w)", body)]
    return _Undocumented(missing, ret, need_ret, exc)


def complete(body: str, e: Entity, style: str, params_only: bool = False,
             skip: set[str] | frozenset[str] = frozenset()) -> str:
    """``body``, the doc of ``e`` in ``style``, with what it leaves out (parameters, return
    value, exceptions raised; only parameters when ``params_only``) added in that style."""
    u = _undocumented(body, e, params_only, skip)
    if not (u.params or u.need_ret or u.raises):
        return body
    if style == "plain":
        style = "google"
    add: list[str] = []
    if style == "jsdoc":
        add += [f"@param {p.name}{_default(p.default, ' ', '`', '`')}" for p in u.params]
        if u.need_ret:
            add.append("@returns the return value")
        add += [f"@throws {{{x}}} when the code throws it" for x in u.raises]
        return _javadoc_tags(body, add)
    if style == "javadoc":
        add += [f"@param {p.name}{_default(p.default, ' ', '{@code ', '}')}" for p in u.params]
        if u.need_ret:
            add.append("@return the return value")
        add += [f"@throws {x} when the code throws it" for x in u.raises]
        return _javadoc_tags(body, add)
    if style == "sphinx":
        return _complete_sphinx(body, u)
    if style == "numpy":
        return _complete_numpy(body, u)
    return _complete_google(body, u)


def _complete_sphinx(body: str, u: _Undocumented) -> str:
    """``body`` with ``:param:``/``:type:``, ``:returns:``/``:rtype:`` and ``:raises:`` fields
    for what it leaves out."""
    add: list[str] = []
    for p in u.params:
        add.append(f":param {p.name.lstrip('*')}:{_default(p.default, ' ')}")
        if p.annotation:
            add.append(f":type {p.name.lstrip('*')}: {p.annotation}")
    if u.need_ret:
        add.append(":returns: The return value.")
        add.append(f":rtype: {u.ret}")
    add += [f":raises {x}: When the code raises it." for x in u.raises]
    sep = "\n" if re.search(r"^:\w+", body, re.M) else "\n\n"
    return body + sep + "\n".join(add)


def _complete_numpy(body: str, u: _Undocumented) -> str:
    """``body`` with numpydoc Parameters, Returns and Raises items for what it leaves out."""
    sections: list[tuple[str, list[str]]] = []
    if u.params:
        sections.append(("Parameters", [
            f"{p.name.lstrip('*')}{' : ' + p.annotation if p.annotation else ''}"
            + (f"\n   {_default(p.default, ' ')}" if p.default is not None else "")
            for p in u.params]))
    if u.need_ret:
        sections.append(("Returns", [f"{u.ret}\n    The return value."]))
    if u.raises:
        sections.append(("Raises", [f"{x}\n    When the code raises it." for x in u.raises]))
    for title, items in sections:
        body = _add_numpy(body, title, items)
    return body


def _complete_google(body: str, u: _Undocumented) -> str:
    """``body`` with Google-style Args, Returns and Raises items for what it leaves out."""
    sections: list[tuple[str, list[str]]] = []
    if u.params:
        sections.append(("Args", [
            f"{p.name.lstrip('*')}{' (' + p.annotation + ')' if p.annotation else ''}:"
            f"{_default(p.default, ' ')}"
            for p in u.params]))
    if u.need_ret:
        sections.append(("Returns", [f"{u.ret}: The return value."]))
    if u.raises:
        sections.append(("Raises", [f"{x}: When the code raises it." for x in u.raises]))
    for title, items in sections:
        body = _add_google(body, title, items)
    return body


_TAG_ORDER = {"param": 0, "return": 1, "returns": 1, "throws": 2, "exception": 2}


def _javadoc_tags(body: str, add: list[str]) -> str:
    """Append tags to a Javadoc body, keeping @param, @return, @throws, others in that order."""
    rows = body.split("\n")
    first = next((i for i, r in enumerate(rows) if r.startswith("@")), len(rows))
    prose = rows[:first]
    blocks: list[list[str]] = []
    for r in rows[first:]:
        if r.startswith("@") or not blocks:
            blocks.append([r])
        else:
            blocks[-1].append(r)
    blocks += [[a] for a in add]

    def order(block: list[str]) -> int:
        m = re.match(r"@(\w+)", block[0])
        return _TAG_ORDER.get(m.group(1), 3) if m else 3

    blocks.sort(key=order)
    while prose and not prose[-1].strip():
        prose.pop()
    tags = [r for b in blocks for r in b]
    return "\n".join([*prose, "", *tags]) if prose else "\n".join(tags)


def _default(default: str | None, lead: str = ". ", before: str = "``", after: str = "``") -> str:
    """The one thing an added item can say for sure: its default, from the signature."""
    return f"{lead}Defaults to {before}{default}{after}." if default is not None else ""


def _add_google(body: str, title: str, items: list[str]) -> str:
    rows = body.split("\n")
    aliases = {"Args": ("Args", "Arguments", "Parameters", "Params"), "Returns": ("Returns", "Return"),
               "Raises": ("Raises",)}[title]
    for i, row in enumerate(rows):
        if row.strip().rstrip(":") in aliases and row.strip().endswith(":"):
            j = i + 1
            while j < len(rows) and (rows[j].startswith((" ", "\t")) or not rows[j].strip()):
                j += 1
            while j > i + 1 and not rows[j - 1].strip():
                j -= 1
            return "\n".join(rows[:j] + ["    " + it for it in items] + rows[j:])
    block = "\n".join([f"{title}:"] + ["    " + it for it in items])
    return f"{body}\n\n{block}" if body else block


def _add_numpy(body: str, title: str, items: list[str]) -> str:
    rows = body.split("\n")
    for i, row in enumerate(rows[:-1]):
        if row.strip() == title and UNDERLINE.match(rows[i + 1]):
            j = i + 2
            while j < len(rows) and not (j + 1 < len(rows) and UNDERLINE.match(rows[j + 1])):
                j += 1
            while j > i + 2 and not rows[j - 1].strip():
                j -= 1
            return "\n".join(rows[:j] + "\n".join(items).split("\n") + rows[j:])
    block = "\n".join([title, "-" * len(title), *"\n".join(items).split("\n")])
    return f"{body}\n\n{block}" if body else block


# ---- rendering back into the file ------------------------------------------------------------
