"""The block structure of a docstring: prose regions, field-list items, and what to skip.

A line scanner over the cleaned DocBlock text. It recognises Google sections (``Args:``),
NumPy sections (title + ``----`` underline), Sphinx fields (``:param x:``), Javadoc block tags
(``@param x``) and reST directives. What nobody judges as sentences is not prose: example
sections, doctests, fenced/literal/indented code blocks and section headers. Code that may be
Python (doctests, literal blocks after ``::``, code directives, Markdown fences), also inside
example sections, comes back as ``code`` blocks with the language the text gives it, for the
example rules (:mod:`docfact.judges.examples`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from docfact.docs.fields import (
    JAVADOC_TAG_RE,
    SECTIONS,
    SPHINX_FIELD_RE,
    google_item,
    javadoc_item,
    numpy_item,
    sphinx_item,
)
from docfact.model import FieldItem


@dataclass(frozen=True)
class Block:
    """A prose region (to be split into sentences), one field-list item (one segment) or a code
    block (example lines, never sentences)."""

    kind: Literal["prose", "field", "code"]
    start: int  # offsets into the DocBlock text; stripped of surrounding whitespace
    end: int
    field: FieldItem | None = None
    # code blocks: the language as the text names it, lower case ("python", "pycon", "java"),
    # "" when it names none (a reST literal block, a fence without info string)
    lang: str = ""


class _Line:
    """One line of the text, as the scanner reads it (a plain class with slots: a frozen
    dataclass's constructor and a ``blank`` property cost a third of the layout of a docstring)."""

    __slots__ = ("blank", "content", "end", "indent", "start", "text")

    def __init__(self, start: int, content: int, end: int, indent: int, text: str) -> None:
        self.start = start  # offset of the line start
        self.content = content  # offset of the first non-blank character
        self.end = end  # offset after the last non-blank character
        self.indent = indent  # columns, tabs expanded to 8
        self.text = text  # stripped
        self.blank = not text


_UNDERLINE = re.compile(r"(?:-{3,}|={3,})")
_TITLE = re.compile(r"[A-Za-z][A-Za-z ]*")
# the title is what precedes the trailing blanks and colon (fullmatch only); it ends with a letter
_GOOGLE_HEADER = re.compile(r"(?P<title>[A-Za-z](?:[A-Za-z ]*[A-Za-z])?)[ \t]*+:")
# a name may escape its underscores (``arg1\_``: reST would read a trailing ``_`` as a link)
_GOOGLE_PARAM = re.compile(r"\*{0,2}[A-Za-z_](?:[\w.]|\\_)*+[ \t]*+(?:\(.*\))?[ \t]*+:(?:\s|$)")
_GOOGLE_RAISE = re.compile(r"[A-Za-z_][\w.]*+(?:[ \t]*+,[ \t]*+[A-Za-z_][\w.]*+)*+[ \t]*+(?::(?:\s|$)|$)")
# a line that opens another section in words ("Returns (angle, width)", "Returns the total."),
# not an item: a section word and no " : type" after it
_SECTION_LEAD = re.compile(r"(?:Returns?|Yields?|Raises)\b(?![ \t]*:)(?!.*[ \t]:(?:[ \t]|$))")
_DIRECTIVE = re.compile(r"\.\.[ \t]++(?P<name>[\w:-]+)[ \t]*+::[ \t]*+")
_CODE_DIRECTIVES = frozenset(
    {
        "code", "code-block", "sourcecode", "doctest", "testcode", "testoutput", "testsetup",
        "math", "literalinclude", "highlight", "ipython", "plot", "autosummary", "toctree",
        "image", "figure", "csv-table", "list-table", "table", "raw", "graphviz", "mermaid",
        "jupyter-execute", "only", "include",
    }
)
# code directives whose body is Python source, or doctest text; the language argument of
# ``code-block``/``code``/``sourcecode`` decides for those
# reST directives that document one attribute: ``.. attribute:: name`` and its ``:type:``
_ATTRIBUTE_DIRECTIVES = frozenset({"attribute", "py:attribute", "attr"})
_TYPE_OPTION = re.compile(r":type:[ \t]*+(\S.*)")
# prose that announces what running the code before it shows, not code to run: "Will result in:",
# "This prints::", "The output looks like:"; the block after it is output (lang ``output``)
_OUTPUT_INTRO = re.compile(r"\b(?:results?\s+in|(?:the\s+)?output(?:s|\s+is|\s+looks\s+like)?|prints?|printed|"
                           r"displays?|looks\s+like)\s*:{1,2}\s*$", re.I)
_DIRECTIVE_LANG = {"doctest": "pycon", "testcode": "python", "testsetup": "python"}
_LANG_DIRECTIVES = frozenset({"code", "code-block", "sourcecode"})
# directives that run their body as Python in the docs build: matplotlib's ``plot`` (without a
# script argument), IPython's ``ipython`` (``In [1]:`` prompts or plain code) and jupyter-sphinx's
# ``jupyter-execute``; an argument other than a Python language makes the body something else
_RUN_DIRECTIVES = frozenset({"plot", "ipython", "jupyter-execute"})
_CODE_LINE = re.compile(
    r"(?:def |class |import |from \S+ import |return\b|if .*:$|for .*:$|while .*:$|with .*:$|@\w"
    r"|[\w.\[\]]+\s*[-+*/]?=(?!=)|[\w.]+\(.*\)\s*;?$|[{}\[\];]\s*$|#|//|\$ )"
)


def _lines(text: str) -> list[_Line]:
    out = []
    pos = 0
    tabs = "\t" in text  # without a tab, the indentation's columns are its characters
    for raw in text.split("\n"):
        stripped = raw.strip()
        lead = len(raw) - len(raw.lstrip())
        indent = len(raw[:lead].expandtabs(8)) if tabs else lead
        content = pos + lead
        end = content + len(stripped) if stripped else content
        out.append(_Line(pos, content, end, indent, stripped))
        pos += len(raw) + 1
    return out


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = _lines(text)
        self.blocks: list[Block] = []
        self.code_only = False  # inside an example section: only its code blocks come out
        self.bare_examples = False  # ... one with no prompts: its paragraphs may be code

    # -- output ---------------------------------------------------------------------------
    def prose(self, first: int, last: int) -> None:
        start, end = self.lines[first].content, self.lines[last].end
        if start < end and not self.code_only:
            self.blocks.append(Block("prose", start, end))
        elif start < end and self.bare_examples:
            # the paragraphs of an example section without prompts: code that names no language,
            # each read as Python only when it parses (docs.segments), else the section's prose
            lo = first
            for j in range(first, last + 2):
                if j > last or self.lines[j].blank:
                    if lo < j:
                        self.code(lo, j, "")
                    lo = j + 1

    def field(self, item: FieldItem, start: int, end: int) -> None:
        if not self.code_only:
            self.blocks.append(Block("field", start, end, item))

    def code(self, first: int, stop: int, lang: str) -> None:
        """Lines ``[first, stop)`` as a code block (blank lines at both ends left out)."""
        last = self.last_nonblank(first, stop)
        while first <= last and self.lines[first].blank:
            first += 1
        if first <= last:
            self.blocks.append(Block("code", self.lines[first].start, self.lines[last].end, lang=lang))

    def after_output_intro(self, i: int) -> bool:
        """Whether the last non-blank line before line ``i`` announces output ("Will result in:")."""
        j = self.last_nonblank(0, i)
        return j >= 0 and _OUTPUT_INTRO.search(self.lines[j].text) is not None

    def last_nonblank(self, lo: int, hi: int) -> int:
        """Index of the last non-blank line in [lo, hi), or lo - 1."""
        j = hi - 1
        while j >= lo and self.lines[j].blank:
            j -= 1
        return j

    def block_end(self, i: int, hi: int, indent: int) -> int:
        """First line after ``i`` that is non-blank and indented at most ``indent``."""
        j = i + 1
        while j < hi and (self.lines[j].blank or self.lines[j].indent > indent):
            j += 1
        return j

    def is_numpy_header(self, i: int, hi: int) -> bool:
        if i + 1 >= hi:
            return False
        ln, under = self.lines[i], self.lines[i + 1]
        return (
            _TITLE.fullmatch(ln.text) is not None
            and _UNDERLINE.fullmatch(under.text) is not None
            and under.indent == ln.indent
        )

    # -- the scan -------------------------------------------------------------------------
    def scan(self, lo: int, hi: int) -> None:
        lines = self.lines
        first: int | None = None  # open prose run
        last = 0
        para_indent = 0
        prev_blank = True

        def flush() -> None:
            nonlocal first
            if first is not None:
                self.prose(first, last)
                first = None

        i = lo
        while i < hi:
            ln = lines[i]
            s = ln.text
            if ln.blank:
                prev_blank = True
                i += 1
                continue
            nxt = self.special(i, hi)
            if nxt is None and prev_blank and first is not None and ln.indent > para_indent:
                prev = lines[last].text
                if prev.endswith(":") or _CODE_LINE.match(s):
                    nxt = self.block_end(i, hi, para_indent)  # indented code block
            if nxt is not None:
                flush()
                i = nxt
                prev_blank = True
                continue
            if prev_blank:
                para_indent = ln.indent
            prev_blank = False
            if s.endswith("::"):  # reST literal block follows
                if s != "::":
                    if first is None:
                        first = i
                    last = i
                flush()
                end = self.block_end(i, hi, ln.indent)
                self.code(i + 1, end, "output" if _OUTPUT_INTRO.search(s) else "")
                i = end
                prev_blank = True
                continue
            if first is None:
                first = i
            last = i
            i += 1
        flush()

    def special(self, i: int, hi: int) -> int | None:
        """Handle a structural line at ``i``; return the next line to scan, or None for prose."""
        ln = self.lines[i]
        s = ln.text
        if s.startswith(("```", "~~~")):
            fence = s[:3]
            j = i + 1
            while j < hi and not self.lines[j].text.startswith(fence):
                j += 1
            lang = "output" if self.after_output_intro(i) else s[3:].strip("`~ \t{}.").split(" ")[0].lower()
            self.code(i + 1, j, lang)
            return min(j + 1, hi)
        if s.startswith(">>>"):
            j = i + 1
            while j < hi and not self.lines[j].blank:
                j += 1
            self.code(i, j, "pycon")
            return j
        if self.is_numpy_header(i, hi):
            return self.numpy_section(i, hi)
        m = _GOOGLE_HEADER.fullmatch(s)
        if m and m.group("title").lower() in SECTIONS:
            return self.google_section(i, hi, m.group("title"))
        if SPHINX_FIELD_RE.match(s):
            end = self.last_nonblank(i, self.block_end(i, hi, ln.indent)) + 1
            self.field(sphinx_item(self.text, ln.content, self.lines[end - 1].end),
                       ln.content, self.lines[end - 1].end)
            return end
        if JAVADOC_TAG_RE.match(s):
            j = i + 1
            while j < hi:
                t = self.lines[j]
                if t.blank or JAVADOC_TAG_RE.match(t.text) or SPHINX_FIELD_RE.match(t.text):
                    break
                j += 1
            end = self.lines[j - 1].end
            self.field(javadoc_item(self.text, ln.content, end), ln.content, end)
            return j
        if s.startswith(".."):
            return self.directive(i, hi)
        return None

    def directive(self, i: int, hi: int) -> int:
        ln = self.lines[i]
        end = self.block_end(i, hi, ln.indent)
        m = _DIRECTIVE.match(ln.text)
        name = m.group("name").lower() if m else ""
        arg = ln.text[m.end():].strip().lower() if m else ""
        runs = name in _RUN_DIRECTIVES and arg in ("", "python", "python3", "ipython")
        if name in _DIRECTIVE_LANG or name in _LANG_DIRECTIVES or runs:
            lang = "ipython" if runs else _DIRECTIVE_LANG.get(name) or arg
            body = i + 1
            while body < end and self.lines[body].text.startswith(":"):
                body += 1  # the directive's options (``:linenos:``)
            self.code(body, end, lang)
            return end
        if not m or name in _CODE_DIRECTIVES:
            return end  # other code, or a reST comment
        if name in _ATTRIBUTE_DIRECTIVES:
            item = self.attribute_directive(i, end, ln.content + m.end())
            if item is not None:
                self.field(item, ln.content, self.lines[self.last_nonblank(i, end)].end)
                return end
        inline = ln.content + m.end()
        if inline < ln.end and not self.code_only:
            self.blocks.append(Block("prose", inline, ln.end))
        self.scan(i + 1, end)
        return end

    def attribute_directive(self, i: int, end: int, arg: int) -> FieldItem | None:
        """``.. attribute:: name`` with an optional ``:type: T`` option: an attribute item."""
        name = re.match(r"[A-Za-z_]\w*", self.text[arg: self.lines[i].end])
        if name is None or arg + name.end() != self.lines[i].end:
            return None
        typ = None
        desc = self.lines[i].end
        for j in range(i + 1, end):
            t = self.lines[j]
            option = _TYPE_OPTION.match(t.text)
            if option is not None:
                typ = (t.content + option.start(1), t.content + option.end(1))
                desc = t.end
            elif not t.blank and not t.text.startswith(":"):
                break
        last = self.lines[self.last_nonblank(i, end)].end
        return FieldItem(
            section="attribute", name=name.group(0), type=self.text[typ[0]: typ[1]] if typ else None,
            description=" ".join(self.text[desc:last].split()), name_span=(arg, arg + name.end()),
            type_span=typ, tag="attribute",
        )

    def google_section(self, i: int, hi: int, title: str) -> int:
        ln = self.lines[i]
        end = self.block_end(i, hi, ln.indent)
        kind = SECTIONS[title.lower()]
        self.items(kind, title, i + 1, end, google=True)
        return end

    def numpy_section(self, i: int, hi: int) -> int:
        ln = self.lines[i]
        j = i + 2
        while j < hi:
            t = self.lines[j]
            if not t.blank and (t.indent < ln.indent or (t.indent == ln.indent and self.is_numpy_header(j, hi))):
                break
            # a known section's title and underline start that section even when indented more
            # than this one's title (a title one space off, as hand-written docstrings have)
            if not t.blank and t.text.lower() in SECTIONS and self.is_numpy_header(j, hi):
                break
            # "Returns (a, b)" at the title's indentation: a one-line section of its own, in prose
            if not t.blank and t.indent == ln.indent and _SECTION_LEAD.match(t.text):
                break
            j += 1
        self.items(SECTIONS.get(ln.text.lower(), "prose"), ln.text, i + 2, j, google=False)
        return j

    def items(self, kind: str, title: str, lo: int, hi: int, *, google: bool) -> None:
        if kind == "exclude":
            outer, self.code_only = self.code_only, True
            bare, self.bare_examples = self.bare_examples, not any(
                self.lines[j].text.startswith((">>>", "In [")) for j in range(lo, hi))
            self.scan(lo, hi)  # an example section: its code only
            self.code_only, self.bare_examples = outer, bare
            return
        if kind == "prose":
            self.scan(lo, hi)
            return
        lines = self.lines
        starts = [j for j in range(lo, hi) if not lines[j].blank]
        if not starts:
            return
        base = lines[starts[0]].indent
        if google and kind in ("returns", "yields"):
            heads = [starts[0]]
        else:
            # a line after one that ends with a backslash continues it (``\`` + newline in a
            # docstring joins the two lines): ``offsets : [n] or [m] \`` then ``array``
            heads = [j for j in starts if lines[j].indent <= base and self.item_start(kind, j, google)
                     and not (j > lo and lines[j - 1].text.rstrip().endswith("\\"))]
            if not heads or heads[0] != starts[0]:
                heads.insert(0, starts[0])
        parse = google_item if google else numpy_item
        for n, head in enumerate(heads):
            stop = heads[n + 1] if n + 1 < len(heads) else hi
            last = self.last_nonblank(head, stop)
            start, end = lines[head].content, lines[last].end
            self.field(parse(self.text, start, end, kind, title), start, end)

    def item_start(self, kind: str, j: int, google: bool) -> bool:
        if not google or kind == "other":
            return True
        s = self.lines[j].text
        pattern = _GOOGLE_RAISE if kind == "raises" else _GOOGLE_PARAM
        return pattern.match(s) is not None


def layout(text: str) -> list[Block]:
    """The prose regions, field items and code blocks of a cleaned docstring/comment, in
    document order."""
    return list(_layout(text))


@lru_cache(maxsize=64)
def _layout(text: str) -> tuple[Block, ...]:
    """:func:`layout`, kept for the few texts read by several steps (sentences, example
    lines, example rules)."""
    scanner = _Scanner(text)
    scanner.scan(0, len(scanner.lines))
    return tuple(sorted(scanner.blocks, key=lambda b: b.start))


def parse_fields(text: str) -> list[FieldItem]:
    """Just the field-list items of a docstring, in document order."""
    return [b.field for b in layout(text) if b.field is not None]
