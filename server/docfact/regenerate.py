"""The docstring quick fixes that need no model: repair what is provably wrong, add what is missing.

:func:`regenerate` ("Repair docstring") edits only the sentences and field items that have a
finding, and only in ways docfact can prove:

- applies the targeted fixes of the findings that have one (rename a parameter, correct a
  default, a type, a return kind, ...);
- removes a flagged C3 or C4 sentence or item that has no fix (a Raises entry the code cannot
  raise, a claim of asynchrony the code does not have, speculation), unless it is the docstring's
  only sentence: a summary is never replaced by a template;
- keeps everything else byte for byte (edits are made on the file's text, delimiters,
  indentation and unflagged sentences untouched), and drops a section heading whose items were
  all removed.

A C1 or C2 finding without a fix stays as it is: only the LLM ("Regenerate docstring (LLM)") may
rewrite prose. :func:`add_missing` ("Add missing parameters") adds the parameters a docstring
with a parameter list omits, in the docstring's own style, without inventing descriptions.
Plain Python; no LSP import.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from docfact.docs.fields import docstring_style
from docfact.model import DocBlock, DocResult, Entity, Finding, Fix, Param, Segment
from docfact.positions import LineIndex

TITLE = "Repair docstring"
ADD_TITLE = "Add missing parameters"
LLM_TITLE = "Regenerate docstring (LLM)"
_OPEN_QUOTE = re.compile(r"[rRuUbBfF]{0,2}(\"\"\"|'''|\"|')")


@dataclass
class _Edit:
    start: int  # offsets into DocBlock.text
    end: int
    new: str


def regenerate(result: DocResult, lines: LineIndex) -> Fix | None:
    """A Fix that repairs ``result.doc``'s flagged sentences (None when nothing can be proven)."""
    return repair(result, lines)[0]


def repair(result: DocResult, lines: LineIndex) -> tuple[Fix | None, set[int]]:
    """The repair Fix of ``result.doc`` and the indexes of the segments it repairs (a quick fix
    is offered on a finding only when it repairs that finding's sentence)."""
    fix, repaired = _repair(result, lines)
    return (fix, repaired) if fix is not None else (None, set())


def _repair(result: DocResult, lines: LineIndex) -> tuple[Fix | None, set[int]]:
    doc = result.doc
    edits, repaired = _edits(result, lines)
    if not edits:
        return None, repaired
    edits += _emptied_headings(doc.text, [e for e in edits if not e.new])
    start = lines.offset(doc.range.start)
    end = lines.offset(doc.range.end)
    new = _apply_to_file(doc, lines.text, start, end, edits)
    if new is None or new == lines.text[start:end] or breakout(doc, new) is not None:
        return None, repaired
    if not _apply(doc, edits).strip():
        return None, repaired  # every sentence was flagged: never replace a human summary
    return Fix(title=TITLE, start=start, end=end, new_text=new), repaired


def add_missing(result: DocResult, lines: LineIndex) -> Fix | None:
    """A Fix that adds the parameters a docstring omits to its parameter list, in its own style
    (None when the docstring has no parameter list or lists every parameter)."""
    doc, e = result.doc, result.entity
    if e is None or e.kind not in ("function", "method") or doc.kind == "comment":
        return None
    style = "jsdoc" if doc.kind == "jsdoc" else docstring_style(doc.text)
    documented, _ = _documented(doc.text)
    if not documented or style == "plain":
        return None
    # a parameter documented under a misspelled name is a rename (Repair), not a missing one
    renamed = {f.fix.new_text for f in result.findings if f.fix is not None and f.fix.new_text}
    body = _complete(doc.text, e, style, params_only=True, skip=renamed)
    if body == doc.text:
        return None
    new = render_doc(doc, body, lines)
    start, end = lines.offset(doc.range.start), lines.offset(doc.range.end)
    if new is None or new == lines.text[start:end]:
        return None
    return Fix(title=ADD_TITLE, start=start, end=end, new_text=new)


# ---- editing the cleaned text ----------------------------------------------------------------

def text_offset(doc: DocBlock, file_offset: int) -> int | None:
    """The DocBlock.text offset of a file offset (None when it falls outside every piece)."""
    if not doc.pieces:
        return file_offset
    best: int | None = None
    for i, (t0, f0) in enumerate(doc.pieces):
        t_end = doc.pieces[i + 1][0] if i + 1 < len(doc.pieces) else len(doc.text)
        if f0 <= file_offset <= f0 + (t_end - t0):
            best = t0 + (file_offset - f0)
    return best


def _edits(result: DocResult, lines: LineIndex) -> tuple[list[_Edit], set[int]]:
    """The provable repairs of the flagged segments, in DocBlock.text offsets, and the indexes
    of the segments they repair. When every sentence of the prose would go, the first (the
    summary) stays: its findings are left for the user or the LLM."""
    doc = result.doc
    edits: list[_Edit] = []
    repaired: set[int] = set()
    by_segment: dict[int, list[Finding]] = {}
    for f in result.findings:
        # only what static rules prove: a model's verdict alone is not proof enough to delete or
        # rewrite what someone wrote (the LLM regeneration, a separate action, handles those)
        if f.judge == "static":
            by_segment.setdefault(f.segment.index, []).append(f)
    prose = [s for s in result.segments if s.kind == "prose" and s.field is None]
    removals: list[Segment] = []
    for seg in result.segments:
        found = by_segment.get(seg.index, [])
        if not found:
            continue
        fixes = [f.fix for f in found if f.fix is not None and f.fix.new_text]
        removes = [f for f in found if f.fix is not None and not f.fix.new_text]
        droppable = [f for f in found if f.fix is None and f.criterion in ("C3", "C4")]
        if removes or droppable:
            removals.append(seg)
            continue
        if any(f.fix is None for f in found):
            continue  # a C1/C2 claim docfact cannot correct: left as it is
        planned: list[_Edit] = []
        for fix in fixes:
            a, b = text_offset(doc, fix.start), text_offset(doc, fix.end)
            if a is None or b is None or not (seg.start <= a <= b <= seg.end):
                planned = []
                break
            planned.append(_Edit(a, b, fix.new_text))
        if planned:
            edits += planned
            repaired.add(seg.index)
    gone = {s.index for s in removals}
    if prose and all(s.index in gone for s in prose):
        removals = [s for s in removals if s.index != prose[0].index]
    for seg in removals:
        edits.append(_removal(doc.text, seg.start, seg.end))
        repaired.add(seg.index)
    return edits, repaired


def _rows(text: str) -> list[tuple[int, int]]:
    """(start, end) of each row of ``text`` (end excludes the newline)."""
    out, at = [], 0
    for row in text.split("\n"):
        out.append((at, at + len(row)))
        at += len(row) + 1
    return out


def _emptied_headings(text: str, removals: list[_Edit]) -> list[_Edit]:
    """Removals of the section headings (and NumPy underlines) whose every item is removed."""
    def removed(a: int, b: int) -> bool:
        return any(e.start <= a and b <= e.end + 1 for e in removals)

    rows = _rows(text)
    out: list[_Edit] = []
    for i, (a, b) in enumerate(rows):
        if not _HEADER.match(text[a:b]):
            continue
        j = i + 1
        if j < len(rows) and _UNDERLINE.match(text[rows[j][0]:rows[j][1]]):
            j += 1
        google = j == i + 1
        items = []
        k = j
        while k < len(rows):
            ra, rb = rows[k]
            row = text[ra:rb]
            if _HEADER.match(row) or (google and row.strip() and not row.startswith((" ", "\t"))):
                break
            if not google and k + 1 < len(rows) and _UNDERLINE.match(text[rows[k + 1][0]:rows[k + 1][1]]):
                break
            if row.strip():
                items.append((ra, rb))
            k += 1
        if items and all(removed(ra, rb) for ra, rb in items):
            out.append(_Edit(a, min(rows[j - 1][1] + 1, len(text)), ""))
    return out


def _apply_to_file(doc: DocBlock, source: str, start: int, end: int, edits: list[_Edit]) -> str | None:
    """The doc block's file text with ``edits`` (DocBlock.text offsets) applied in place: a
    removal of whole cleaned lines removes their file lines (prefixes and indentation with
    them) unless a delimiter shares the line; everything else is kept byte for byte."""
    region = source[start:end]
    spans: list[tuple[int, int, str]] = []
    for e in edits:
        a, b = doc.file_offset(e.start) - start, doc.file_offset(e.end) - start
        if e.end > e.start and doc.text[e.end - 1:e.end] == "\n":
            b = doc.file_offset(e.end - 1) - start  # the newline is not inside one piece
            line_a = region.rfind("\n", 0, a) + 1
            line_b = region.find("\n", b)
            first_line = region.rfind("\n", 0, a) == -1
            if line_b != -1 and not first_line and not region[line_a:a].strip(" \t*#/"):
                a, b = line_a, line_b + 1
            else:
                b = b if line_b == -1 else line_b
        if not (0 <= a <= b <= len(region)):
            return None
        spans.append((a, b, e.new))
    last = len(region) + 1
    for a, b, new in sorted(spans, reverse=True):
        if b > last:
            continue  # overlaps an edit already applied
        region = region[:a] + new + region[b:]
        last = a
    # two blank lines left where a paragraph was removed become one
    region = re.sub(r"\n([ \t]*(?:\*|#|//)?[ \t]*\n)(?:[ \t]*(?:\*|#|//)?[ \t]*\n)+", r"\n\1", region)
    return region


def _removal(text: str, start: int, end: int) -> _Edit:
    """Remove ``text[start:end]`` with the spaces after it, and its whole line if it fills it;
    a sentence that ends its line takes the spaces before it instead."""
    while end < len(text) and text[end] in " \t":
        end += 1
    if not text[end:].strip():  # the doc's last words: the blank lines before them go too
        while start > 0 and text[start - 1] in " \t\n":
            start -= 1
        return _Edit(start, len(text), "")
    line_start = text.rfind("\n", 0, start) + 1
    if not text[line_start:start].strip() and (end == len(text) or text[end] == "\n"):
        return _Edit(line_start, min(end + 1, len(text)), "")
    if end == len(text) or text[end] == "\n":
        while start > line_start and text[start - 1] in " \t":
            start -= 1
    return _Edit(start, end, "")


def _apply(doc: DocBlock, edits: list[_Edit]) -> str:
    text = doc.text
    last = len(text) + 1
    for e in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        if e.end > last:  # overlaps an edit already applied
            continue
        text = text[: e.start] + e.new + text[e.end :]
        last = e.start
    return text


_HEADER = re.compile(r"^[ \t]*(Args|Arguments|Parameters|Params|Returns|Return|Yields|Raises|Attributes)"
                     r"[ \t]*:?[ \t]*$")
_UNDERLINE = re.compile(r"^[ \t]*-{3,}[ \t]*$")


# ---- completing params / returns / raises ----------------------------------------------------

def _documented(body: str) -> tuple[set[str], bool]:
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
    params, has_returns = _documented(body)
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


def _complete(body: str, e: Entity, style: str, params_only: bool = False,
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
        if row.strip() == title and _UNDERLINE.match(rows[i + 1]):
            j = i + 2
            while j < len(rows) and not (j + 1 < len(rows) and _UNDERLINE.match(rows[j + 1])):
                j += 1
            while j > i + 2 and not rows[j - 1].strip():
                j -= 1
            return "\n".join(rows[:j] + "\n".join(items).split("\n") + rows[j:])
    block = "\n".join([title, "-" * len(title), *"\n".join(items).split("\n")])
    return f"{body}\n\n{block}" if body else block


# ---- rendering back into the file ------------------------------------------------------------

def render_doc(doc: DocBlock, body: str, lines: LineIndex) -> str | None:
    """``body`` (cleaned docstring text) written back with the doc's delimiters and indentation;
    None when that text would not stay one docstring or comment (see :func:`breakout`)."""
    new = _render(doc, body, lines)
    if new is None or breakout(doc, new) is not None:
        return None
    return new


# characters that end a line for some language's lexer although Python's str.split("\n") keeps them
_OTHER_LINE_ENDS = ("\r", "\u2028", "\u2029", "\x85", "\x0b", "\x0c")
_JAVA_UNICODE_ESCAPE = re.compile(r"\\u+([0-9a-fA-F]{4})")


def breakout(doc: DocBlock, new_text: str) -> str | None:
    """Why replacing ``doc`` by ``new_text`` could change code outside it, or None when it
    cannot: the text must be exactly one string literal (a docstring), one block comment, or
    lines that each are a comment. Model output is data: a docstring whose text closes the
    quotes (or the comment) and writes code after them is refused here."""
    path = doc.path
    if doc.kind in ("javadoc", "jsdoc"):
        text = new_text
        if path.endswith(".java"):  # Java reads \uXXXX escapes before it sees comments
            text = _JAVA_UNICODE_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)
        if not text.startswith("/*") or not text.endswith("*/") or text.find("*/", 2) != len(text) - 2:
            return "the new text closes the comment before its end"
        return None
    if doc.kind == "comment":
        if any(c in new_text for c in _OTHER_LINE_ENDS):
            return "the new text holds a line break that the language reads as the end of the comment"
        markers = "//" if path.endswith((".java", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")) \
            else "#"
        for row in new_text.split("\n"):
            if not row.lstrip().startswith(markers):
                return "a line of the new text is not a comment"
        return None
    return _not_one_string(new_text)


def _not_one_string(text: str) -> str | None:
    """Why ``text`` is not exactly one Python string literal, or None."""
    import ast
    import io
    import tokenize

    try:
        toks = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
                if t.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER)]
    except (tokenize.TokenError, SyntaxError, ValueError):
        return "the new text is not a complete string literal"
    if len(toks) != 1 or toks[0].type != tokenize.STRING or toks[0].start != (1, 0) or \
            toks[0].string != text:
        return "the new text closes the docstring's quotes before its end"
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return "the new text is not a valid string literal"
    return None if isinstance(value, str) else "the new text is not a text string"


def _render(doc: DocBlock, body: str, lines: LineIndex) -> str | None:
    start = lines.offset(doc.range.start)
    end = lines.offset(doc.range.end)
    raw = lines.text[start:end]
    first_line = lines.line_text(doc.range.start.line)
    indent = first_line[: len(first_line) - len(first_line.lstrip())]
    rows = body.split("\n") if body else [""]
    if doc.kind in ("javadoc", "jsdoc"):
        if len(rows) == 1 and "\n" not in raw:
            return f"/** {rows[0]} */"
        inner = "\n".join(f"{indent} * {r}" if r else f"{indent} *" for r in rows)
        return f"/**\n{inner}\n{indent} */"
    if doc.kind == "comment":
        marker = "//" if raw.lstrip().startswith("//") else "#"
        return f"\n{indent}".join(f"{marker} {r}" if r else marker for r in rows)
    m = _OPEN_QUOTE.match(raw)
    if m is None:
        return None
    prefix, quote = raw[: m.start(1)], m.group(1)
    if len(rows) > 1 and len(quote) == 1:
        quote = quote * 3
    newline_first = raw[m.end() :].startswith(("\n", "\r\n"))
    if len(rows) == 1 and not newline_first:
        return f"{prefix}{quote}{rows[0]}{quote}"
    tail = [f"{indent}{r}" if r else "" for r in rows[1:]]
    head = f"{prefix}{quote}\n{indent}{rows[0]}" if newline_first else f"{prefix}{quote}{rows[0]}"
    return "\n".join([head, *tail, f"{indent}{quote}"])
