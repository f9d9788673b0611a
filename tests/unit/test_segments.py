"""Sentence segmentation and exact segment ranges."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from docfact.docs.segments import segment_doc, split_sentences
from docfact.docs.sentences import mask_code
from docfact.model import DocBlock, Pos, Range
from docfact.positions import LineIndex


def sentences(text: str) -> list[str]:
    return [text[a:b] for a, b in split_sentences(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "Use a tuple, e.g. a pair. It is fast.",
            ["Use a tuple, e.g. a pair.", "It is fast."],
            id="e.g.",
        ),
        pytest.param(
            "Returns the key, i.e. the name. Then stops.",
            ["Returns the key, i.e. the name.", "Then stops."],
            id="i.e.",
        ),
        pytest.param(
            "Stores ints, strs, etc. in a list. Then sorts.",
            ["Stores ints, strs, etc. in a list.", "Then sorts."],
            id="etc.",
        ),
        pytest.param(
            "Compares old vs. new values. Returns a diff.",
            ["Compares old vs. new values.", "Returns a diff."],
            id="vs.",
        ),
        pytest.param(
            "See cf. the spec, approx. ten lines. Done.",
            ["See cf. the spec, approx. ten lines.", "Done."],
            id="cf-approx",
        ),
        pytest.param(
            "Calls os.path.join() on the parts. Then returns.",
            ["Calls os.path.join() on the parts.", "Then returns."],
            id="dotted-call",
        ),
        pytest.param(
            "Reads self.cache.items first. Then writes.",
            ["Reads self.cache.items first.", "Then writes."],
            id="dotted-name",
        ),
        pytest.param(
            "Uses ``a.b`` and `c.d` here. Next.",
            ["Uses ``a.b`` and `c.d` here.", "Next."],
            id="backticks",
        ),
        pytest.param(
            "Calls f(). Then g(x. y) returns.",
            ["Calls f().", "Then g(x. y) returns."],
            id="call-parens",
        ),
        pytest.param(
            "Needs Python 3.11 or v2.0.1 of it. Works.",
            ["Needs Python 3.11 or v2.0.1 of it.", "Works."],
            id="versions",
        ),
        pytest.param(
            "Requires Python 3.11. Works.",
            ["Requires Python 3.11.", "Works."],
            id="version-at-end",
        ),
        pytest.param(
            "Reads setup.py and the README.md file. Done.",
            ["Reads setup.py and the README.md file.", "Done."],
            id="file-names",
        ),
        pytest.param(
            "See https://example.org/a.b?c=d. Then go.",
            ["See https://example.org/a.b?c=d.", "Then go."],
            id="url",
        ),
        pytest.param(
            "Delegates to {@link Foo#bar} and {@code a.b}. Then ends.",
            ["Delegates to {@link Foo#bar} and {@code a.b}.", "Then ends."],
            id="javadoc-inline",
        ),
        pytest.param(
            "Returns a :class:`pkg.mod.Thing`. Or None.",
            ["Returns a :class:`pkg.mod.Thing`.", "Or None."],
            id="sphinx-role",
        ),
        pytest.param(
            "It waits... and then retries. Fine.",
            ["It waits... and then retries.", "Fine."],
            id="ellipsis",
        ),
        pytest.param(
            "First paragraph\nwraps here\n\nSecond paragraph has no period",
            ["First paragraph\nwraps here", "Second paragraph has no period"],
            id="paragraphs",
        ),
        pytest.param(
            "Modes:\n- fast. Really fast.\n- slow\n  and steady\n* star\n1. one\n2) two",
            ["Modes:", "fast.", "Really fast.", "slow\n  and steady", "star", "one", "two"],
            id="bullets",
        ),
        pytest.param(
            "Supported values are:\n    alpha\n    beta",
            ["Supported values are:", "alpha\n    beta"],
            id="colon-then-indented-list",
        ),
        pytest.param(
            "The result is either:\nred or blue.",
            ["The result is either:\nred or blue."],
            id="colon-mid-sentence",
        ),
        pytest.param("Hello. --- . 42.", ["Hello."], id="drop-letterless"),
        pytest.param(
            "First.<p>Second.</p><ul><li>Item one</li></ul><pre>\nx.y = 1\n</pre>",
            ["First.", "Second.", "Item one"],
            id="html-blocks",
        ),
    ],
)
def test_split_sentences(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_mask_keeps_length_and_removes_periods() -> None:
    text = "Call os.path.join() and ``x.y`` with 3.11, e.g. now."
    masked = mask_code(text)
    assert len(masked) == len(text)
    assert masked.count(".") == 3  # "e.g." keeps its two periods, plus the final one
    assert masked.endswith("now.")


# --- hand-built DocBlocks, as the index builds them -----------------------------------------


def python_doc(source: str) -> tuple[DocBlock, LineIndex]:
    """A DocBlock for the first triple-quoted docstring of ``source`` (cleandoc rules)."""
    open_at = source.index('"""') + 3
    close_at = source.index('"""', open_at)
    raw_lines = source[open_at:close_at].split("\n")
    rest = [ln for ln in raw_lines[1:] if ln.strip()]
    common = min((len(ln) - len(ln.lstrip()) for ln in rest), default=0)
    texts: list[str] = []
    pieces: list[tuple[int, int]] = []
    t_off, f_off = 0, open_at
    for n, ln in enumerate(raw_lines):
        cut = 0 if n == 0 else min(common, len(ln) - len(ln.lstrip()))
        piece = ln[cut:].rstrip()
        pieces.append((t_off, f_off + cut))
        texts.append(piece)
        t_off += len(piece) + 1
        f_off += len(ln) + 1
    while texts and not texts[-1]:
        texts.pop()
        pieces.pop()
    lines = LineIndex(source)
    start, end = lines.pos(open_at - 3), lines.pos(close_at + 3)
    doc = DocBlock("docstring", "\n".join(texts), "f", "m.py", Range(start, end), pieces)
    return doc, lines


def javadoc_doc(source: str) -> tuple[DocBlock, LineIndex]:
    """A DocBlock for the ``/** ... */`` comment of ``source`` (``*`` prefixes removed)."""
    open_at = source.index("/**") + 3
    close_at = source.index("*/", open_at)
    texts: list[str] = []
    pieces: list[tuple[int, int]] = []
    t_off, f_off = 0, open_at
    for ln in source[open_at:close_at].split("\n"):
        m = re.match(r"\s*\* ?", ln)
        cut = m.end() if m else 0
        piece = ln[cut:].rstrip()
        if texts or piece:
            pieces.append((t_off, f_off + cut))
            texts.append(piece)
            t_off += len(piece) + 1
        f_off += len(ln) + 1
    lines = LineIndex(source)
    doc = DocBlock("javadoc", "\n".join(texts).rstrip("\n"), "C.m", "C.java",
                   Range(lines.pos(open_at - 3), lines.pos(close_at + 2)), pieces)
    return doc, lines


def comment_doc(source: str) -> tuple[DocBlock, LineIndex]:
    """A DocBlock for consecutive ``#`` comment lines of ``source``."""
    texts: list[str] = []
    pieces: list[tuple[int, int]] = []
    t_off, f_off = 0, 0
    for ln in source.split("\n"):
        m = re.match(r"\s*# ?", ln)
        if m:
            pieces.append((t_off, f_off + m.end()))
            texts.append(ln[m.end():])
            t_off += len(texts[-1]) + 1
        f_off += len(ln) + 1
    lines = LineIndex(source)
    doc = DocBlock("comment", "\n".join(texts), "", "m.py", Range(Pos(0, 0), Pos(0, 0)), pieces)
    return doc, lines


def file_slice(lines: LineIndex, rng: Range) -> str:
    return lines.text[lines.offset(rng.start) : lines.offset(rng.end)]


def squash(s: str) -> str:
    return " ".join(re.sub(r"\n\s*[*#]", "\n", s).split())


PY_INDENTED = '''\
class A:
    def f(self, x):
        """Compute the sum, e.g. of two ints. It is fast.

        Second paragraph spans
        two lines. Ends here.
        """
'''

PY_TABS = 'def f():\n\t"""Tabbed\tsummary. Next\tone.\n\n\tMore text here.\n\t"""\n'

PY_UNICODE = '''\
def f():
    """Café résumé é. 中文字符 here. 😀 emoji 😀 first. After 😀 it.
    """
'''

JAVA = """\
class C {
    /**
     * Returns the {@code a.b} value. Calls {@link Foo#bar}.
     *
     * @param name the name,
     *     wrapped
     * @return the value
     */
    int m(String name) { return 1; }
}
"""

COMMENT = "x = 1\n    # Increment the counter. Wraps\n    # to the next line.\ny = 2\n"


@pytest.mark.parametrize(
    ("source", "build", "expected"),
    [
        pytest.param(
            PY_INDENTED,
            python_doc,
            [
                ("Compute the sum, e.g. of two ints.", (2, 11), (2, 45)),
                ("It is fast.", (2, 46), (2, 57)),
                ("Second paragraph spans\ntwo lines.", (4, 8), (5, 18)),
                ("Ends here.", (5, 19), (5, 29)),
            ],
            id="indented-multiline",
        ),
        pytest.param(
            PY_TABS,
            python_doc,
            [
                ("Tabbed\tsummary.", (1, 4), (1, 19)),
                ("Next\tone.", (1, 20), (1, 29)),
                ("More text here.", (3, 1), (3, 16)),
            ],
            id="tabs",
        ),
        pytest.param(
            PY_UNICODE,
            python_doc,
            [
                ("Café résumé é.", (1, 7), (1, 21)),
                ("中文字符 here.", (1, 22), (1, 32)),
                # each 😀 is one str char but two UTF-16 units
                ("😀 emoji 😀 first.", (1, 33), (1, 51)),
                ("After 😀 it.", (1, 52), (1, 64)),
            ],
            id="non-ascii-and-astral",
        ),
        pytest.param(
            JAVA,
            javadoc_doc,
            [
                ("Returns the {@code a.b} value.", (2, 7), (2, 37)),
                ("Calls {@link Foo#bar}.", (2, 38), (2, 60)),
                ("@param name the name,\n    wrapped", (4, 7), (5, 18)),
                ("@return the value", (6, 7), (6, 24)),
            ],
            id="javadoc",
        ),
        pytest.param(
            COMMENT,
            comment_doc,
            [
                ("Increment the counter.", (1, 6), (1, 28)),
                ("Wraps\nto the next line.", (1, 29), (2, 23)),
            ],
            id="comment",
        ),
    ],
)
def test_segment_ranges(source, build, expected) -> None:
    doc, lines = build(source)
    segs = segment_doc(doc, lines)
    got = [(s.text, (s.range.start.line, s.range.start.col), (s.range.end.line, s.range.end.col))
           for s in segs]
    assert got == expected
    assert [s.index for s in segs] == list(range(len(segs)))
    for s in segs:
        assert s.text == doc.text[s.start : s.end]
        in_file = file_slice(lines, s.range)
        if "\n" in s.text:
            assert squash(in_file) == squash(s.text)
        else:
            assert in_file == s.text


def test_field_segment_carries_item_and_exact_spans() -> None:
    source = '''\
def f(x):
    """Do it.

    Args:
        x (int): The value,
            wrapped.

    Returns:
        str: The name.
    """
'''
    doc, lines = python_doc(source)
    segs = segment_doc(doc, lines)
    assert [s.text for s in segs] == [
        "Do it.",
        "x (int): The value,\n        wrapped.",
        "str: The name.",
    ]
    arg = segs[1].field
    assert arg is not None and arg.section == "param" and arg.name == "x" and arg.type == "int"
    assert arg.name_span and doc.text[arg.name_span[0] : arg.name_span[1]] == "x"
    assert arg.type_span and doc.text[arg.type_span[0] : arg.type_span[1]] == "int"
    # the type's file offset lands on "int" in the source, so a fix can replace just it
    type_at = doc.file_offset(arg.type_span[0])
    assert source[type_at : type_at + 3] == "int"
    assert segs[1].range == Range(Pos(4, 8), Pos(5, 20))
    ret = segs[2].field
    assert ret is not None and ret.section == "returns" and ret.type == "str"
    assert segs[0].field is None


def test_examples_doctests_and_code_make_no_segments() -> None:
    source = '''\
def f():
    """Summary line.

    Use it like this::

        f(1). g(2).

    >>> f(1)
    2

    ```python
    x.y = 1. Not prose.
    ```

    Example:
        f(2)  # Not prose.

    .. code-block:: python

        h(3)

    Closing words.
    """
'''
    doc, lines = python_doc(source)
    assert [s.text for s in segment_doc(doc, lines)] == [
        "Summary line.",
        "Use it like this::",
        "Closing words.",
    ]


def test_empty_doc_has_no_segments() -> None:
    doc = DocBlock("docstring", "", "f", "m.py", Range(Pos(0, 0), Pos(0, 0)), [])
    assert segment_doc(doc, LineIndex("")) == []


def test_tokenizer_is_built_once() -> None:
    from docfact.docs.sentences import sentence_tokenizer

    assert sentence_tokenizer() is sentence_tokenizer()


def test_punkt_is_imported_without_the_nltk_modules_it_only_needs_for_models() -> None:
    # a fresh interpreter: which modules splitting loads, and what a later ``import nltk`` gets
    code = (
        "import sys\n"
        "from docfact.docs.sentences import split_sentences\n"
        "print(split_sentences('See e.g. the list. J. Smith wrote 3. Then... \"Done.\" Why? Yes!'))\n"
        "print(sorted(m for m in ('http.client', 'ssl', 'xml.etree.ElementTree', 'nltk.pathsec') if m in sys.modules))\n"
        "import nltk.tokenize.punkt as punkt\n"
        "print(punkt.FreqDist.__module__, callable(punkt.pathsec.validate_path))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         check=True).stdout.splitlines()
    assert out == ["[(0, 18), (19, 36), (37, 52), (53, 57), (58, 62)]", "[]", "nltk.probability True"]


def test_a_punkt_that_calls_a_left_out_module_is_imported_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from docfact.docs import sentences

    text = "A left-out module was called. The whole Punkt splits it. Done."

    class Lean:  # as a future Punkt that uses a left-out module while splitting would behave
        def span_tokenize(self, _text: str) -> list[tuple[int, int]]:
            raise sentences.StandInCalled("nltk.pathsec.validate_path")

    real = sentences.sentence_tokenizer
    monkeypatch.setattr(sentences, "_REAL", [False])
    calls = []

    def tokenizer() -> object:
        calls.append(sentences._REAL[0])
        return real() if sentences._REAL[0] else Lean()

    tokenizer.cache_clear = lambda: None  # type: ignore[attr-defined]
    monkeypatch.setattr(sentences, "sentence_tokenizer", tokenizer)
    assert sentences.split_sentences(text) == [(0, 29), (30, 56), (57, 62)]
    assert calls == [False, True]


@pytest.mark.parametrize(
    "text",
    [
        "compute the mean", "  Two lines\n  of one sentence.", "Ends in a period.", "x = 1  # not code here",
        "Args:", "Note: see below", "1. first item", "a) Foo bar", "- a bullet", "\x0c1. Foo", "see <p> there",
        "First. Second", "e.g. this", "::", ".. note:: x", ">>> f()", "Title\n-----", "one\n\ntwo", "\ntop",
        "bottom\n", "tab\tin\tit", "\u00e9t\u00e9 2024", "42", "", "   ", "line one\n  - item", "Intro:\n  code",
    ],
)
def test_one_sentence_agrees_with_the_full_path(text: str) -> None:
    """The fast path for one-sentence text gives what layout and Punkt give, or steps aside."""
    from docfact.docs import segments
    from docfact.docs.sentences import one_sentence

    lines = LineIndex(text)
    doc = DocBlock("comment", text, "", "m.py", Range(Pos(0, 0), lines.pos(len(text))), [(0, 0)] if text else [])
    fast = one_sentence(text)
    full = [(a, b) for block in segments.layout(text) if block.kind == "prose"
            for a, b in ((block.start + x, block.start + y) for x, y in split_sentences(text[block.start:block.end]))]
    if fast is not None:
        assert [fast] == full
    assert [(s.start, s.end) for s in segment_doc(doc, lines)] == full
