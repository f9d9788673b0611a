"""Split prose into sentences with exact character spans.

Paragraphs (blank lines), bullet items, a line ending in ``:`` that introduces a list, and
HTML block tags (``<p>``, ``<li>``) are hard boundaries. Inside a chunk NLTK's Punkt tokenizer
decides, built from our own parameters so it needs no downloaded data. Code-like spans
(``x.y``, ``f()``, backticks, versions, URLs, ``{@link A#b}``) are masked by same-length
placeholders before tokenizing, so offsets stay valid and no period inside code ends a sentence.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import types
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

# Punkt keeps abbreviations lowercase and without the final period.
ABBREVIATIONS = frozenset(
    {
        "e.g", "i.e", "etc", "vs", "cf", "approx", "incl", "dept", "fig", "no", "mr", "mrs",
        "dr", "st", "jr", "sr", "esp", "resp", "ca", "viz", "al", "eq", "sec", "ch", "vol",
    }
)

# Spans that must never be split, in priority order (earlier patterns win on overlap). Each is
# linear from where it starts, and the last alternative keeps whole words from being tried
# again at each of their letters (see _WORD).
_PROTECT = re.compile(
    r"""
      ``[^`\n]++``                                  # reST inline literal
    | :[\w.+-]{1,64}+(?::[\w.+-]{1,64}+){0,4}+:`[^`\n]++`   # Sphinx role :class:`a.B`, :py:meth:`x`
    | `[^`\n]++`                                    # single backticks
    | \{@\w++[^{}\n]*+\}                             # {@link Foo#bar}, {@code a.b}
    | \b[a-z][\w+.-]{0,31}+://[^\s<>"'`]*[^\s<>"'`.,;:!?)\]]   # URLs
    | \bv?\d++(?:\.\d+)+[\w+-]*+                     # versions and decimals: 3.11, v2.0.1
    | (?:\.{3}|\u2026)                              # ellipses
    | [A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*\([^()\n]{0,80}\)  # calls: f(), os.path.join(a, b)
    | [A-Za-z_][\w]*(?:[.#][A-Za-z_][\w]*)+         # dotted names, file names, Foo#bar
    | (?P<word>[A-Za-z_]\w{16,}+)                   # a long word none of the above starts: kept
    """,
    re.VERBOSE,
)
# Why _PROTECT's last alternative changes no mask: a call or dotted name that starts inside a
# word (after one of its letters) would also match from that earlier letter, and no other
# alternative can start inside a word. Taking the rest of a word that failed at its first letter
# skips tries that all fail; without it a 24k-letter word cost 24k scans of itself.
# The role prefix (``:py:meth:``) is bounded to five parts of 64 characters and the URL scheme
# to 32: unbounded, a run of ``:meth:`` or ``a-a-a`` was scanned again from each of its parts.

# A dotted run made only of one-letter parts ("e.g", "i.e", "U.S") is an abbreviation.
_INITIALS = re.compile(r"^(?:[A-Za-z]\.)*[A-Za-z]$")

_BULLET = re.compile(r"[ \t]*(?:[-*+\u2022]|\d{1,3}[.)]|[a-zA-Z][.)](?=[ \t]+[A-Z]))[ \t]+(?=\S)")
_HTML_BREAK = re.compile(r"</?(?:p|ul|ol|li|br|dl|dt|dd|h\d)\b[^>]*>", re.IGNORECASE)
# a <pre> block: "<pre", its first ">", then up to the first "</pre>" after it (see _pre_blocks)
_PRE_OPEN = re.compile(r"<pre\b", re.IGNORECASE)
_PRE_CLOSE = re.compile(r"</pre>", re.IGNORECASE)
_LETTER = re.compile(r"[^\W\d_]")
# white space as ``str.isspace`` has it (both use the same Unicode table)
_SPACE = re.compile(r"\s")
# where Punkt may end a sentence: a period, question or exclamation mark, closing quotes or
# brackets, then white space and more text
_BREAK = re.compile(r"[.?!][\"')\]]*+\s++\S")


# nltk modules that Punkt (and its base class's module) imports only to load, save or train
# models (sandboxed file access, pickles, frequency tables, terminal output) or for tokenizers
# other than Punkt's span splitting: splitting with our parameters never calls them, and
# importing them (http.client, ssl, certifi, urllib, xml) took most of Punkt's import time
_LOADING_ONLY = ("nltk.pathsec", "nltk.picklesec", "nltk.probability", "nltk.tabdata", "nltk.termsec",
                 "nltk.internals", "nltk.tokenize.util")
_BOUND = ("nltk.tokenize.api", "nltk.tokenize.punkt")  # imported with stand-ins: not for anyone else


class StandInCalled(RuntimeError):
    """Punkt called into a module that :func:`_import_punkt` left out (an nltk release that
    uses it while splitting): the caller imports Punkt again with the real modules."""


class _StandIn(types.ModuleType):
    """A module left out while Punkt is imported: its names exist and raise when called."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        where = f"{self.__name__}.{name}"

        def stand_in(*args: Any, **kwargs: Any) -> Any:
            raise StandInCalled(where)

        return stand_in


def _import_punkt(lean: bool = True) -> tuple[type[PunktParameters], type[PunktSentenceTokenizer]]:
    """Import only NLTK's Punkt module, without running ``nltk/__init__``.

    ``import nltk`` loads most of NLTK (about 1.4 s here) although Punkt needs a dozen small
    modules. When nltk is not imported yet, empty package objects stand in for ``nltk`` and
    ``nltk.tokenize`` while Punkt is imported, and (``lean``) :class:`_StandIn` modules for
    those of ``_LOADING_ONLY`` not imported yet; all of them, and this private copy of Punkt,
    are removed afterwards, so a later ``import nltk`` anywhere in the process still gets the
    real package.
    """
    stubs: list[str] = []
    if "nltk" not in sys.modules:
        for name in ("nltk", "nltk.tokenize"):
            spec = importlib.util.find_spec(name)
            if spec is None or spec.submodule_search_locations is None:
                break
            mod = types.ModuleType(name)
            mod.__path__ = list(spec.submodule_search_locations)
            mod.__spec__ = spec
            sys.modules[name] = mod
            stubs.append(name)
        if lean and len(stubs) == 2:
            for name in _LOADING_ONLY:
                if name not in sys.modules:
                    sys.modules[name] = _StandIn(name)
                    stubs.append(name)
    try:
        from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer
    finally:
        if any(name in _LOADING_ONLY for name in stubs):
            stubs.extend(_BOUND)
        for name in stubs:
            sys.modules.pop(name, None)
    return PunktParameters, PunktSentenceTokenizer


# one sentence of each kind Punkt decides on (abbreviation, initial, number, ellipsis, quote,
# question): a Punkt that calls a stand-in on its way fails here, before it splits a doc
_TRIAL = 'See e.g. the list. J. Smith wrote 3. Then... "Done." Why? Yes!'
_REAL = [False]  # set once a lean Punkt called a stand-in: import it with every module


@lru_cache(maxsize=1)
def sentence_tokenizer() -> PunktSentenceTokenizer:
    """The Punkt tokenizer with our abbreviations; built once (nltk is imported here, lazily)."""
    if not _REAL[0]:
        try:
            tokenizer = _build(*_import_punkt(lean=True))
            list(tokenizer.span_tokenize(_TRIAL))
            return tokenizer
        except Exception:  # a stand-in called, or a release whose Punkt needs more of them
            _REAL[0] = True
    return _build(*_import_punkt(lean=False))


def _build(parameters_cls: type[PunktParameters], tokenizer_cls: type[PunktSentenceTokenizer]
           ) -> PunktSentenceTokenizer:
    params = parameters_cls()
    params.abbrev_types = set(ABBREVIATIONS)
    return tokenizer_cls(params)


def _span_tokenize(masked: str) -> list[tuple[int, int]]:
    try:
        return list(sentence_tokenizer().span_tokenize(masked))
    except StandInCalled:
        _REAL[0] = True
        sentence_tokenizer.cache_clear()
        return list(sentence_tokenizer().span_tokenize(masked))


def mask_code(text: str) -> str:
    """Replace code-like spans by placeholders of the same length that contain no periods.

    The placeholder keeps the case of the span's first letter, which Punkt looks at when it
    decides whether a period before it ends a sentence.
    """

    def repl(m: re.Match[str]) -> str:
        s = m.group(0)
        if m.lastgroup == "word":
            return s
        if _INITIALS.match(s):
            return s
        first = _LETTER.search(s)
        head = "X" if first and first.group(0).isupper() else "x"
        if _SPACE.search(s) is None:  # most spans: one placeholder letter per character
            return head + "x" * (len(s) - 1)
        return "".join(
            ch if ch.isspace() else (head if i == 0 else "x") for i, ch in enumerate(s)
        )

    return _PROTECT.sub(repl, text)


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Split plain prose into sentence spans ``(start, end)`` over ``text``.

    Spans are stripped of surrounding whitespace; bullet markers (``-``, ``*``, ``1.``) are not
    part of a span; fragments without any letter are dropped.
    """
    return list(_split(text))


@lru_cache(maxsize=256)
def _split(text: str) -> tuple[tuple[int, int], ...]:
    """:func:`split_sentences`, kept for the texts split twice (a doc's sentences, then the
    introduction of one of its examples)."""
    spans: list[tuple[int, int]] = []
    for start, end in _chunks(text):
        spans.extend(_punkt(text, start, end))
    return tuple(s for s in spans if _LETTER.search(text, s[0], s[1]))


def _punkt(text: str, start: int, end: int) -> list[tuple[int, int]]:
    return [(start + a, start + b) for a, b in chunk_sentences(text[start:end])]


@lru_cache(maxsize=2048)
def chunk_sentences(chunk: str) -> tuple[tuple[int, int], ...]:
    """The sentence spans of one hard-boundary chunk, relative to it, kept per text (the same
    sentence recurs across a project's docs: "Return the value.")."""
    if not _LETTER.search(chunk):
        return ()
    # no place where Punkt could end a sentence: one sentence. Masking keeps every white
    # space and never makes a period, so a chunk with no break has none once masked: the
    # mask is made only for the chunks that have one
    if not _BREAK.search(chunk) or not _BREAK.search(masked := mask_code(chunk)):
        a, b = _strip(chunk, 0, len(chunk))
        return ((a, b),) if a < b else ()
    out = []
    for a, b in _span_tokenize(masked):
        a, b = _strip(chunk, a, b)
        if a < b:
            out.append((a, b))
    return tuple(out)


def one_sentence(text: str) -> tuple[int, int] | None:
    """The span of ``text`` stripped when :func:`docfact.docs.layout.layout` would find it one
    prose block and :func:`split_sentences` one sentence in that block; None when unsure.

    Most comments are such text: lines without a blank between them, each starting with a letter
    or a digit and not ending in a colon (so no section, field, directive, fence, doctest, literal
    block or list introduction), no bullet (a line chunk of its own), no ``<`` (no HTML block or
    ``<pre>``) and nowhere Punkt could end a sentence (:data:`_BREAK`)."""
    if "<" in text or _BREAK.search(text) is not None or _LETTER.search(text) is None:
        return None
    for line in text.split("\n"):
        s = line.strip()
        if not s or not s[0].isalnum() or s.endswith(":") or _BULLET.match(line) or _BULLET.match(s):
            return None
    a, b = _strip(text, 0, len(text))
    return a, b


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _indent(line: str) -> int:
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())


def _chunks(text: str) -> list[tuple[int, int]]:
    """Hard-boundary chunks: paragraphs, bullet items, list introductions, HTML blocks."""
    # Excise <pre> blocks first: they are code.
    regions: list[tuple[int, int]] = []
    pos = 0
    for a, b in _pre_blocks(text):
        regions.append((pos, a))
        pos = b
    regions.append((pos, len(text)))
    pieces: list[tuple[int, int]] = []
    for r0, r1 in regions:
        pos = r0
        # no tag ends after the last ">": stopping there spares a scan to the end from each
        # "<p" after it (quadratic on "<p <p <p ...")
        for m in _HTML_BREAK.finditer(text, r0, min(r1, text.rfind(">", r0, r1) + 1)):
            pieces.append((pos, m.start()))
            pos = m.end()
        pieces.append((pos, r1))
    chunks: list[tuple[int, int]] = []
    for p0, p1 in pieces:
        chunks.extend(_line_chunks(text, p0, p1))
    return [c for c in (_strip(text, a, b) for a, b in chunks) if c[0] < c[1]]


def _pre_blocks(text: str) -> list[tuple[int, int]]:
    """The spans of ``<pre ...>...</pre>`` blocks, as ``re.finditer(r"<pre\\b[^>]*>.*?</pre>",
    text, re.I | re.S)`` finds them, in linear time: that pattern scanned to the end of the
    text from every ``<pre`` when no ``</pre>`` followed."""
    out: list[tuple[int, int]] = []
    pos = 0
    while (m := _PRE_OPEN.search(text, pos)) is not None:
        gt = text.find(">", m.end())
        close = _PRE_CLOSE.search(text, gt + 1) if gt != -1 else None
        if close is None:
            break  # every later "<pre" has its ">" at or after this one's: none closes either
        out.append((m.start(), close.end()))
        pos = close.end()
    return out


def _line_chunks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    chunks: list[tuple[int, int]] = []
    cur: int | None = None  # start of the open chunk
    pos = start
    prev_colon = False
    prev_indent = 0
    while pos < end:
        nl = text.find("\n", pos, end)
        line_end = end if nl == -1 else nl
        line = text[pos:line_end]
        if not line.strip():
            if cur is not None:
                chunks.append((cur, pos))
                cur = None
            prev_colon = False
        else:
            indent = _indent(line)
            bullet = _BULLET.match(line)
            if bullet or (prev_colon and indent > prev_indent):
                if cur is not None:
                    chunks.append((cur, pos))
                cur = pos + (bullet.end() if bullet else 0)
            elif cur is None:
                cur = pos
            stripped = line.rstrip()
            prev_colon = stripped.endswith(":") and not stripped.endswith("::")
            if prev_colon and cur is not None:
                # A line ending in ':' closes its chunk when a list or indented block follows.
                nxt = _next_line(text, line_end, end)
                if nxt is not None and (_BULLET.match(nxt) or _indent(nxt) > indent):
                    chunks.append((cur, line_end))
                    cur = None
            prev_indent = indent
        pos = line_end + 1
    if cur is not None:
        chunks.append((cur, end))
    return chunks


def _next_line(text: str, line_end: int, end: int) -> str | None:
    if line_end >= end:
        return None
    start = line_end + 1
    nl = text.find("\n", start, end)
    return text[start : end if nl == -1 else nl]
