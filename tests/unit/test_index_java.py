"""The Java index: package naming, types, methods, throws/catches, Javadoc and comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from docfact.index import index_file
from docfact.index.c_comments import looks_like_java_code
from docfact.model import Entity, FileIndex

JAVAPROJ = Path(__file__).parent.parent / "workspaces" / "javaproj" / "src" / "main" / "java"

SRC = """\
// Copyright 2024 Acme. Licensed under the Apache License.
package com.acme.util;

import java.util.List;
import java.util.Map;
import static java.util.Map.entry;
import java.io.*;

/**
 * Strings helpers.
 *
 *   @param <T> the element type
 */
@Deprecated
public final class Strings<T> extends Base<T> implements Comparable<Strings<T>>, Serializable {
    /** Maximum count. */
    private static final int MAX = 3, MIN = 1;

    public Strings(int a) throws IOException { super(); }

    /**
     * Trims {@code s} — fast 🎉.
     * @param s the string
     */
    @Override
    public <K> List<Map<String, K>> trim(String s, int... rest) throws IOException, X {
        // Fail loudly on bad input.
        try {
            throw new IllegalArgumentException("x");
        } catch (IOException | RuntimeException e) {
            this.save();
        }
        // list.add(s);
        // TODO: speed up
        helper(s); // inline note
        list.add(s); // NOSONAR
        return s == null;
    }

    void rethrow(Exception e) throws Exception { throw e; }
    String name() { return "n"; }
    int count() { return 1; }
    double ratio() { return 0.5; }
    boolean ok() { return !done; }
    Object nothing() { return null; }
    Strings<T> make() { return new Strings<T>(1); }
    String other() { return helper(); }
    abstract void later();
}

interface Shape { double area(); default int sides() { return 0; } }
enum Color { RED, GREEN; String code() { return "c"; } }
record Pair(int left, String right) implements Shape {
    public double area() { return 0.0; }
}
"""


@pytest.fixture(scope="module")
def fi() -> FileIndex:
    return index_file("src/main/java/com/acme/util/Strings.java", SRC)


def get(fi: FileIndex, name: str) -> Entity:
    e = fi.entity(name)
    assert e is not None, name
    return e


def test_package_module_and_imports(fi: FileIndex) -> None:
    assert fi.package == "com.acme.util"
    assert fi.module == "com.acme.util.Strings"
    assert get(fi, "Strings.trim").qualname == "com.acme.util.Strings.Strings.trim"
    assert [(i.module, i.name, i.alias, i.line) for i in fi.imports] == [
        ("java.util", "List", None, 3),
        ("java.util", "Map", None, 4),
        ("java.util.Map", "entry", None, 5),
        ("java.io", "*", None, 6),
        # the classes of ``java.io`` the file spells: what its wildcard import binds for them
        ("java.io", "IOException", None, 6),
        ("java.io", "Serializable", None, 6),
    ]


@pytest.mark.parametrize(
    ("name", "attr", "value"),
    [
        pytest.param("Strings", "kind", "class", id="class-kind"),
        pytest.param("Strings", "bases", ["Base", "Comparable", "Serializable"], id="bases-generics-stripped"),
        pytest.param("Strings", "decorators", ["Deprecated", "public", "final"], id="class-modifiers"),
        pytest.param("Strings.trim", "returns", "List<Map<String, K>>", id="generic-return"),
        pytest.param("Strings.trim", "decorators", ["Override", "public"], id="annotations-and-modifiers"),
        pytest.param("Strings.trim", "raises", ["IllegalArgumentException", "IOException", "X"], id="throw-and-throws"),
        pytest.param("Strings.trim", "catches", ["IOException", "RuntimeException"], id="multi-catch"),
        pytest.param("Strings.trim", "calls", ["IllegalArgumentException", "this.save", "helper", "list.add"], id="calls"),
        pytest.param("Strings.trim", "return_kinds", ["comparison"], id="comparison"),
        pytest.param("Strings.trim", "kind", "method", id="method-kind"),
        pytest.param("Strings.trim", "parent", "Strings", id="parent"),
        pytest.param("Strings.Strings", "raises", ["IOException"], id="constructor-throws"),
        pytest.param("Strings.Strings", "calls", [], id="constructor-super-is-not-a-call"),
        pytest.param("Strings.rethrow", "has_bare_raise", True, id="rethrow-variable"),
        pytest.param("Strings.name", "return_kinds", ["str"], id="ret-str"),
        pytest.param("Strings.count", "return_kinds", ["int"], id="ret-int"),
        pytest.param("Strings.ratio", "return_kinds", ["float"], id="ret-float"),
        pytest.param("Strings.ok", "return_kinds", ["comparison"], id="ret-not"),
        pytest.param("Strings.nothing", "return_kinds", ["none"], id="ret-null"),
        pytest.param("Strings.make", "return_kinds", ["call:Strings"], id="ret-new-generic"),
        pytest.param("Strings.other", "return_kinds", ["call:helper"], id="ret-call"),
        pytest.param("Strings.rethrow", "return_kinds", ["none"], id="void"),
        pytest.param("Strings.later", "is_abstract", True, id="abstract-method"),
        pytest.param("Strings.trim", "is_abstract", False, id="concrete"),
        pytest.param("Shape.area", "is_abstract", True, id="interface-method"),
        pytest.param("Shape.sides", "is_abstract", False, id="default-method"),
        pytest.param("Shape", "kind", "class", id="interface-kind"),
        pytest.param("Color", "members", ["Color.code", "Color.RED", "Color.GREEN"], id="enum-members"),
        pytest.param("Color.RED", "annotation", "Color", id="enum-constant"),
        pytest.param("Pair", "bases", ["Shape"], id="record-implements"),
        pytest.param("Strings.MAX", "annotation", "int", id="field-type"),
        pytest.param("Strings.MIN", "value_kind", "int", id="second-declarator"),
        pytest.param("Strings.MAX", "decorators", ["private", "static", "final"], id="field-modifiers"),
    ],
)
def test_entities(fi: FileIndex, name: str, attr: str, value: object) -> None:
    assert getattr(get(fi, name), attr) == value


def test_params_with_generics_and_varargs(fi: FileIndex) -> None:
    trim = get(fi, "Strings.trim")
    assert [(p.name, p.annotation, p.kind) for p in trim.params] == [
        ("s", "String", "positional"),
        ("rest", "int...", "vararg"),
    ]
    assert trim.signature == "public <K> List<Map<String, K>> trim(String s, int... rest) throws IOException, X"
    assert "s" in trim.refs and "helper" in trim.refs and "x" not in trim.refs


def test_javadoc_text_and_offsets(fi: FileIndex) -> None:
    cls = get(fi, "Strings")
    assert cls.doc is not None and cls.doc.kind == "javadoc"
    assert cls.doc.text == "Strings helpers.\n\n  @param <T> the element type"
    trim = get(fi, "Strings.trim").doc
    assert trim is not None and trim.text == "Trims {@code s} — fast 🎉.\n@param s the string"
    assert get(fi, "Strings.MAX").doc.text == "Maximum count."  # type: ignore[union-attr]
    assert get(fi, "Strings.MIN").doc is get(fi, "Strings.MAX").doc
    for doc in fi.docs:
        for i, ch in enumerate(doc.text):
            if ch != "\n":
                assert SRC[doc.file_offset(i)] == ch


def test_comments_attach_and_skip(fi: FileIndex) -> None:
    got = [(d.text, d.owner, d.target_lines) for d in fi.docs if d.kind == "comment"]
    assert got == [
        ("Fail loudly on bad input.", "Strings.trim", (27, 31)),
        ("inline note", "Strings.trim", (34, 34)),
    ]
    assert len([d for d in fi.docs if d.kind == "javadoc"]) == 3


@pytest.mark.parametrize(
    ("text", "is_code"),
    [
        pytest.param("list.add(s);", True, id="statement"),
        pytest.param("if (x) {\n  run();\n}", True, id="block"),
        pytest.param("}", True, id="brace"),
        pytest.param("Adds the item to the list.", False, id="prose"),
        pytest.param("See {@link Store} for details", False, id="inline-tag-prose"),
    ],
)
def test_looks_like_java_code(text: str, is_code: bool) -> None:
    assert looks_like_java_code(text) is is_code


@pytest.mark.parametrize(
    ("src", "suppressions", "ignore_file"),
    [
        pytest.param("class A { int x; // docfact: ignore\n}", {0: {"*"}}, False, id="all"),
        pytest.param("class A {\n  /** Doc. */ // docfact: ignore[C2]\n  int x;\n}", {1: {"C2"}}, False, id="codes"),
        pytest.param("// docfact: ignore-file\nclass A {}", {}, True, id="file"),
    ],
)
def test_suppressions(src: str, suppressions: dict[int, set[str]], ignore_file: bool) -> None:
    got = index_file("A.java", src)
    assert got.suppressions == suppressions
    assert got.ignore_file is ignore_file


def test_syntax_errors() -> None:
    src = "class A {\n  /** Good. */\n  void ok() {}\n  void bad( {\n    // inside broken\n  }\n}\n"
    got = index_file("A.java", src)
    assert got.syntax_error_lines
    assert "Good." in [d.text for d in got.docs]
    assert "inside broken" not in [d.text for d in got.docs]


def test_no_package_uses_stem() -> None:
    got = index_file("Plain.java", "class Plain { void f() {} }")
    assert got.module == "Plain" and got.package == ""
    assert got.entity("Plain.f") is not None


def test_fixture_project() -> None:
    store_path = JAVAPROJ / "com" / "acme" / "store" / "Store.java"
    store = index_file(str(store_path), store_path.read_text(encoding="utf-8"))
    assert store.module == "com.acme.store.Store"
    add = store.entity("Store.add")
    assert add is not None and "Strings.normalize" in add.calls and "item.add" in add.calls
    get_ = store.entity("Store.get")
    assert get_ is not None and get_.raises == ["NoSuchElementException"]
    assert store.entity("Store.contains").return_kinds == ["call:items.containsKey"]  # type: ignore[union-attr]
    assert ("com.acme.util", "Strings") in [(i.module, i.name) for i in store.imports]
