"""Fuzzing docstring segmentation and field-list parsing: every style, arbitrary text.

Properties: nothing raises; blocks, sentences and field items lie inside the text, in order and
without overlap; a field item's name and type spans point at its name and type; every segment
of a docstring in a file maps back to the exact characters of that file.
"""

from __future__ import annotations

import random

import pytest
from fuzz_inputs import (
    SCALE,
    docstring_text,
    generated,
    hypothesis_cases,
    java_comment_body,
    py_string_body,
    text,
)
from hypothesis import given
from hypothesis import strategies as st

from docfact.docs.fields import docstring_style, google_item, javadoc_item, numpy_item, sphinx_item
from docfact.docs.layout import layout, parse_fields
from docfact.docs.segments import example_segments, example_units, segment_doc
from docfact.docs.sentences import split_sentences
from docfact.index import index_file
from docfact.positions import LineIndex

pytestmark = pytest.mark.timeout(int(120 * max(1.0, SCALE)))

def doc_or_noise(r: random.Random) -> str:
    return docstring_text(r) if r.random() < 0.85 else text(r, 200)


def check_field(text: str, item) -> None:
    if item.name_span is not None:
        a, b = item.name_span
        assert 0 <= a <= b <= len(text)
        assert item.name is not None and text[a:b] == item.name, (text[a:b], item.name)
    if item.type_span is not None:
        a, b = item.type_span
        assert 0 <= a <= b <= len(text)
        assert item.type is not None and text[a:b] == item.type, (text[a:b], item.type)


def check_layout(text: str) -> None:
    assert docstring_style(text) in ("google", "numpy", "sphinx", "javadoc", "plain")
    last = 0
    for block in layout(text):
        assert last <= block.start <= block.end <= len(text), (block, last)
        last = block.end
        if block.field is not None:
            check_field(text, block.field)
        if block.kind == "prose":
            sub = text[block.start:block.end]
            prev = 0
            for a, b in split_sentences(sub):
                assert prev <= a < b <= len(sub)
                assert sub[a:b] == sub[a:b].strip()
                prev = b
    for item in parse_fields(text):
        check_field(text, item)


def test_layout_and_sentences(cases) -> None:
    for case, doc in generated("layout", 6000, doc_or_noise):
        try:
            check_layout(doc)
        except Exception as exc:
            raise AssertionError(f"case {case}: {doc!r}") from exc
        cases.add()


@hypothesis_cases(1500)
@given(text=st.text(max_size=120))
def test_layout_and_sentences_on_any_text(text: str, cases) -> None:
    cases.add()
    check_layout(text)


@hypothesis_cases(1500)
@given(text=st.text(max_size=120), data=st.data())
def test_field_item_parsers_on_any_span(text: str, data, cases) -> None:
    cases.add()
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    section = data.draw(st.sampled_from(["param", "returns", "raises", "yields", "attribute", "other"]))
    for item in (google_item(text, start, end, section), numpy_item(text, start, end, section),
                 sphinx_item(text, start, end), javadoc_item(text, start, end)):
        check_field(text, item)


def check_segments(source: str, path: str) -> None:
    index = index_file(path, source, "m")
    lines = LineIndex(source)
    for doc in index.docs:
        segs = segment_doc(doc, lines)
        prev = 0
        for s in segs:
            assert prev <= s.start < s.end <= len(doc.text), (s, prev)
            assert s.text == doc.text[s.start:s.end]
            prev = s.end
            a, b = lines.offset(s.range.start), lines.offset(s.range.end)
            assert 0 <= a < b <= len(source)
            # the first and last characters of a segment are where the range says
            assert source[a] == s.text[0], (source[a], s.text)
            assert source[b - 1] == s.text[-1], (source[b - 1], s.text)
        for unit in example_units(doc):
            unit.source(doc.text)
        example_segments(doc, lines, len(segs))


def python_doc(r: random.Random) -> str:
    indent = r.choice(("    ", "\t", " "))
    return f'def f(x, y=1):\n{indent}"""{py_string_body(docstring_text(r))}"""\n{indent}return x\n'


def javadoc_doc(r: random.Random) -> str:
    star = r.choice((" * ", " *", "", "   * "))
    body = java_comment_body(docstring_text(r)).replace("\r", "")
    comment = "\n".join(["    /**", *[f"   {star}{line}" for line in body.split("\n")], "     */"])
    return f"class A {{\n{comment}\n    int f(int x) {{ return x; }}\n}}\n"


def test_python_docstring_segments_map_back_to_the_file(cases) -> None:
    for case, source in generated("py-doc", 3000, python_doc):
        try:
            check_segments(source, "m.py")
        except Exception as exc:
            raise AssertionError(f"case {case}: {source!r}") from exc
        cases.add()


def test_javadoc_segments_map_back_to_the_file(cases) -> None:
    for case, source in generated("java-doc", 2000, javadoc_doc):
        try:
            check_segments(source, "A.java")
        except Exception as exc:
            raise AssertionError(f"case {case}: {source!r}") from exc
        cases.add()


# -- time bounds (issue 27) -------------------------------------------------------------------

def test_pathological_docs_are_split_in_linear_time(cases) -> None:
    """Layout, sentences and mentions of a pathological doc of up to 12,000 characters: each
    linear, so well under a second (a cubic pattern took seconds at 4,000)."""
    import time

    from fuzz_inputs import pathological_doc

    from docfact.judges.mentions import find_mentions, strip_code

    for case, doc in generated("pathological-layout", 150, pathological_doc):
        started = time.perf_counter()
        try:
            check_layout(doc)
            for a, b in split_sentences(doc):
                find_mentions(doc[a:b])
                strip_code(doc[a:b])
        except Exception as exc:
            raise AssertionError(f"case {case}: {doc[:200]!r}...") from exc
        took = time.perf_counter() - started
        assert took < 1.0, f"case {case}: {took:.2f} s on {doc[:200]!r}..."
        cases.add()


def test_pathological_docs_are_judged_within_the_bounds(cases, tmp_path) -> None:
    """The whole static judge on a file with a pathological doc and a planted error: the file
    within its time bound (plus slack for a shared machine), the planted error found."""
    import time

    from fuzz_inputs import pathological_doc

    from docfact.engine import FILE_SECONDS, Engine

    planted = 'def planted(a):\n    """Add one.\n\n    :param b: the value.\n    """\n    return a + 1\n'
    for case, doc in generated("pathological-judge", 30, lambda r: pathological_doc(r, 40_000)):
        source = f'{planted}\n\ndef patho(x):\n    """{py_string_body(doc)}"""\n    return x\n'
        engine = Engine(tmp_path)
        index = engine.update_file(str(tmp_path / "m.py"), source)
        assert index is not None
        started = time.perf_counter()
        result = engine.judge_index(index)
        took = time.perf_counter() - started
        assert took < FILE_SECONDS + 1.0, f"case {case}: {took:.2f} s on {doc[:200]!r}..."
        assert any(f.rule == "C1.unknown-param" for f in result.findings), f"case {case}: {doc[:200]!r}..."
        cases.add()
