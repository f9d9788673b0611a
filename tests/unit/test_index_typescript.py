"""The TypeScript/JavaScript index: declarations, parameters, overloads, returns and throws,
imports and module names, JSDoc blocks and their tags, UTF-16 ranges."""

from __future__ import annotations

from pathlib import Path

import pytest

from docfact.docs.jsdoc import default_span, jsdoc_item, jsdoc_layout
from docfact.docs.segments import segment_doc
from docfact.index import index_file
from docfact.index.workspace import language_for_path, module_name
from docfact.lang.typescript.modules import resolve_specifier
from docfact.lang.typescript.names import module_of_parts
from docfact.lang.typescript.types import contradicts, normalize
from docfact.model import Entity, FileIndex
from docfact.positions import LineIndex

TS = """\
import def, { a as b, c } from './x.js';
import * as ns from "../y";
export * from './z';
export { q as r } from './w/index';

/**
 * Doc of f — 🎉 done.
 * @param {string} x the 🍎 value
 * @param {number} [y=3] optional
 * @param {...T} rest the rest
 * @returns {Promise<void>} nothing
 * @throws {TypeError} never
 */
export async function f<T>(x: string, y?: number, z = 3, ...rest: T[]): Promise<void> {
  if (!x) throw new TypeError('x');
  [1].map((v) => { return v; });
}

export default function* g() { yield 1; }

/** Doubles. */
export const h = (a: number): number => a * 2;

function o(a: string): string;
function o(a: number, b: boolean): number;
function o(a: any, b?: boolean): any { return a; }

/** A shape. */
export abstract class C extends B<string> implements I {
  /** Makes one. */
  constructor(private readonly p: string, public q = 2) { super(); }
  get v(): number { return 1; }
  set v(x: number) {}
  static async m(this: C, { a, b }: Opts = {}, [c]: any[]): Promise<void> {
    try { foo(); } catch (e) { throw e; }
  }
  abstract area(): number;
  /** The name. */
  name: string = "c";
}

interface I { x?: number; m(a: string): void; }
type T = string | number;
enum E { A, B }
"""

JS = """\
'use strict';
const { HttpError } = require('./errors');
const path = require('path');

/**
 * Sends a response.
 * @param {string|Buffer} body
 * @return {Response}
 */
res.send = function send(body) { return this; };

exports.foo = (a, b = 2, ...c) => a;
Router.prototype.handle = function handle(req) {
  if (req) { return 1; }
};

class K { m() {} *gen() { yield 2; } }
"""


def _index(path: str, text: str) -> FileIndex:
    return index_file(path, text, module_name(Path("/ws"), Path(path)))


def _ent(fi: FileIndex, name: str) -> Entity:
    e = fi.entity(name)
    assert e is not None, name
    return e


def test_languages_and_module_names() -> None:
    assert [language_for_path(p) for p in ("a.ts", "a.tsx", "a.mts", "a.js", "a.jsx", "a.mjs", "a.cjs")] == \
        ["typescript"] * 3 + ["javascript"] * 4
    assert module_of_parts(["src", "util", "strings.ts"]) == "src.util.strings"
    assert module_of_parts(["src", "util", "index.ts"]) == "src.util"
    assert module_of_parts(["types", "a.d.ts"]) == "types.a"
    assert module_of_parts(["a.test.ts"]) == "a_test"
    # `./a`, `./a.js` (written for a.ts), `./a/index` name the same module
    for spec in ("./a", "./a.js", "./a/index", "../src/a"):
        assert resolve_specifier(spec, "src.b", "/ws/src/b.ts") == "src.a"
    assert resolve_specifier("./a", "src", "/ws/src/index.ts") == "src.a"
    assert resolve_specifier("lodash/fp", "src.b", "/ws/src/b.ts") == "lodash.fp"


def test_tsconfig_paths_and_base_url(tmp_path: Path) -> None:
    (tmp_path / "src" / "lib").mkdir(parents=True)
    (tmp_path / "tsconfig.json").write_text(
        '{\n  // comment\n  "compilerOptions": {"baseUrl": ".", "paths": {"@lib/*": ["src/lib/*"]},},\n}\n')
    b = tmp_path / "src" / "b.ts"
    assert resolve_specifier("@lib/prices", "src.b", str(b)) == "src.lib.prices"
    assert resolve_specifier("src/lib/x", "src.b", str(b)) == "src.lib.x"  # baseUrl
    assert resolve_specifier("react", "src.b", str(b)) == "react"


def test_tsconfig_extends_a_base_config(tmp_path: Path) -> None:
    # the monorepo pattern: the mapping lives in a shared base config, in a folder of its own
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "tsconfig.base.json").write_text(
        '{"compilerOptions": {"baseUrl": "..", "paths": {"@lib/*": ["src/lib/*"]}}}')
    (tmp_path / "tsconfig.json").write_text('{"extends": "./config/tsconfig.base", "compilerOptions": {"strict": true}}')
    b = str(tmp_path / "src" / "b.ts")
    assert resolve_specifier("@lib/prices", "src.b", b) == "src.lib.prices"  # baseUrl relative to the base
    # a package's config (node_modules), and a cycle, are followed without harm
    pkg = tmp_path / "node_modules" / "@acme" / "tsconfig"
    pkg.mkdir(parents=True)
    (pkg / "tsconfig.json").write_text('{"extends": "../../../tsconfig.json", "compilerOptions": {"paths": {"@x/*": ["x/*"]}}}')
    (tmp_path / "tsconfig.json").write_text('{"extends": ["./config/tsconfig.base.json", "@acme/tsconfig"]}')
    # the later base's paths replace the earlier's; baseUrl still comes from the first
    assert resolve_specifier("@x/y", "src.b", b) == "x.y"
    assert resolve_specifier("@lib/prices", "src.b", b) == "@lib.prices"  # no longer mapped: a package


def test_a_config_change_changes_the_stamp_of_the_files_it_maps(tmp_path: Path) -> None:
    from docfact.lang.typescript.modules import stamp_under

    base = tmp_path / "tsconfig.base.json"
    base.write_text('{"compilerOptions": {"paths": {"@a/*": ["a/*"]}}}')
    (tmp_path / "tsconfig.json").write_text('{"extends": "./tsconfig.base.json"}')
    b = str(tmp_path / "src" / "b.ts")
    before = stamp_under(b, str(tmp_path))
    assert before and stamp_under(b, str(tmp_path)) == before
    base.write_text('{"compilerOptions": {"paths": {"@a/*": ["b/*"]}}}')
    assert stamp_under(b, str(tmp_path)) != before


def test_functions_params_and_flags() -> None:
    fi = _index("/ws/src/a.ts", TS)
    assert fi.language == "typescript" and fi.module == "src.a" and not fi.syntax_error_lines
    f = _ent(fi, "f")
    assert [(p.name, p.annotation, p.default, p.kind, p.optional) for p in f.params] == [
        ("x", "string", None, "positional", False), ("y", "number", None, "positional", True),
        ("z", None, "3", "positional", False), ("rest", "T[]", None, "vararg", False)]
    assert f.returns == "Promise<void>" and f.is_async and not f.is_generator
    assert f.raises == ["TypeError"] and "export" in f.decorators
    assert f.return_kinds == ["none"]  # the callback's `return v` is not f's
    g = _ent(fi, "g")
    assert g.is_generator and "default" in g.decorators
    h = _ent(fi, "h")
    assert h.kind == "function" and h.params[0].annotation == "number" and h.return_kinds == ["other"]
    assert h.doc is not None and h.doc.text == "Doubles."


def test_overloads_are_one_entity() -> None:
    fi = _index("/ws/src/a.ts", TS)
    overloads = [e for e in fi.entities if e.local_name == "o"]
    assert len(overloads) == 1
    o = overloads[0]
    # the implementation's parameters, with types the signatures disagree on dropped
    assert [(p.name, p.annotation) for p in o.params] == [("a", None), ("b", "boolean")]
    assert o.returns is None and o.return_kinds == ["name:a"] and "overload" in o.decorators
    assert o.range.start.line == 23 and o.code.startswith("function o(a: string): string;")  # from the first signature


def test_classes_members_and_fields() -> None:
    fi = _index("/ws/src/a.ts", TS)
    c = _ent(fi, "C")
    assert c.kind == "class" and c.bases == ["B", "I"] and c.is_abstract
    assert c.doc is not None and c.doc.text == "A shape."
    ctor = _ent(fi, "C.constructor")
    assert ctor.kind == "method" and [p.name for p in ctor.params] == ["p", "q"]
    assert ctor.doc is not None and ctor.doc.text == "Makes one."
    # parameter properties are fields too
    assert _ent(fi, "C.p").kind == "field" and _ent(fi, "C.p").annotation == "string"
    assert _ent(fi, "C.name").doc is not None
    m = _ent(fi, "C.m")
    assert m.is_async and "static" in m.decorators and m.has_bare_raise and "foo" in m.calls
    # a destructured parameter accepts any name; its properties are parameters too
    assert [(p.name, p.kind) for p in m.params][:3] == [("{a,b}", "kwarg"), ("a", "keyword"), ("b", "keyword")]
    assert _ent(fi, "C.area").is_abstract
    assert {"C.constructor", "C.v", "C.m", "C.area", "C.name", "C.p", "C.q"} <= set(c.members)
    assert _ent(fi, "I").kind == "class" and _ent(fi, "I.m").is_abstract and _ent(fi, "I.x").kind == "field"
    assert _ent(fi, "T").kind == "variable" and _ent(fi, "E.A").kind == "field"


def test_imports_and_exports() -> None:
    fi = _index("/ws/src/a.ts", TS)
    got = {(i.module, i.name, i.alias) for i in fi.imports}
    assert got == {
        ("src.x", "default", "def"), ("src.x", "a", "b"), ("src.x", "c", None), ("y", None, "ns"),
        ("src.z", "*", None), ("src.w", "q", "r"), ("src.a", "g", "default"),
    }


def test_javascript_assignments_and_require() -> None:
    fi = _index("/ws/lib/r.js", JS)
    assert fi.language == "javascript"
    send = _ent(fi, "res.send")
    assert send.kind == "function" and [p.name for p in send.params] == ["body"]
    assert send.doc is not None and send.doc.kind == "jsdoc"
    foo = _ent(fi, "foo")
    assert [(p.name, p.default, p.kind) for p in foo.params] == [("a", None, "positional"), ("b", "2", "positional"),
                                                                 ("c", None, "vararg")]
    assert _ent(fi, "Router.handle").return_kinds == ["int", "none"]
    assert _ent(fi, "K.gen").is_generator
    assert {(i.module, i.name, i.alias) for i in fi.imports} == {("lib.errors", "HttpError", None), ("path", None, "path")}


def test_jsdoc_segments_have_exact_utf16_ranges() -> None:
    fi = _index("/ws/src/a.ts", TS)
    doc = _ent(fi, "f").doc
    assert doc is not None
    segs = segment_doc(doc, LineIndex(TS))
    assert [s.text for s in segs] == [
        "Doc of f — 🎉 done.", "@param {string} x the 🍎 value", "@param {number} [y=3] optional",
        "@param {...T} rest the rest", "@returns {Promise<void>} nothing", "@throws {TypeError} never"]
    lines = TS.split("\n")
    for s in segs:
        line = lines[s.range.start.line]
        start = len(line[: line.index(s.text)].encode("utf-16-le")) // 2
        assert (s.range.start.col, s.range.end.col) == (start, start + len(s.text.encode("utf-16-le")) // 2)
    # the non-BMP characters count two UTF-16 units each
    assert segs[0].range.end.col - segs[0].range.start.col == len("Doc of f — 🎉 done.") + 1
    assert [(s.field.section, s.field.name, s.field.type) for s in segs[1:] if s.field] == [
        ("param", "x", "string"), ("param", "y", "number"), ("param", "rest", "...T"),
        ("returns", None, "Promise<void>"), ("raises", "TypeError", None)]


@pytest.mark.parametrize(("text", "section", "name", "typ", "desc"), [
    ("@param {string} name - the name", "param", "name", "string", "the name"),
    ("@arg {Object.<string, number>} counts the counts", "param", "counts", "Object.<string, number>", "the counts"),
    ("@param {{a: number}} [opts={}] the options", "param", "opts", "{a: number}", "the options"),
    ("@param opts.timeout how long", "param", "opts.timeout", None, "how long"),
    ("@param name - TSDoc style", "param", "name", None, "TSDoc style"),
    ("@returns {number} the count", "returns", None, "number", "the count"),
    ("@return the count", "returns", None, None, "the count"),
    ("@yields {string} each line", "yields", None, "string", "each line"),
    ("@throws {RangeError} when negative", "raises", "RangeError", None, "when negative"),
    ("@throws TypeError when not a string", "raises", "TypeError", None, "when not a string"),
    ("@throws {@link MyError} on failure", "raises", None, None, "{@link MyError} on failure"),
    ("@template T the item type", "other", "T", None, "the item type"),
    ("@deprecated use g instead", "other", None, None, "use g instead"),
])
def test_jsdoc_items(text: str, section: str, name: str | None, typ: str | None, desc: str) -> None:
    item = jsdoc_item(text, 0, len(text))
    assert (item.section, item.name, item.type, item.description) == (section, name, typ, desc)
    if item.name_span:
        assert text[item.name_span[0] : item.name_span[1]] == name


def test_jsdoc_default_span_and_example_code() -> None:
    text = "@param {number} [n = 3] count"
    item = jsdoc_item(text, 0, len(text))
    span = default_span(text, item)
    assert span is not None and text[span[0] : span[1]] == "3"
    doc = "Sums.\n@example\nsum([1, 2]); // 3\n@param xs the numbers"
    kinds = [(b.kind, doc[b.start : b.end]) for b in jsdoc_layout(doc)]
    assert kinds == [("prose", "Sums."), ("code", "sum([1, 2]); // 3"), ("field", "@param xs the numbers")]


@pytest.mark.parametrize(("doc", "code", "optional", "wrong"), [
    ("string", "number", False, True),
    ("string[]", "Array<string>", False, False),
    ("Array.<string>", "string[]", False, False),
    ("number[]", "string[]", False, True),
    ("String", "string", False, False),
    ("number|undefined", "number", True, False),
    ("string=", "string | undefined", True, False),
    ("'a'|'b'", "string", False, False),
    ("Foo", "Bar", False, False),  # classes and aliases may stand for anything
    ("*", "number", False, False),
    ("number", "string | number", False, False),
    ("boolean", "() => void", False, False),
])
def test_type_contradictions(doc: str, code: str, optional: bool, wrong: bool) -> None:
    assert contradicts(doc, code, optional=optional) is wrong
    assert normalize("Array<string>") == normalize("string[]")


def test_jsdoc_example_units_are_code_of_the_file_language() -> None:
    from docfact.docs.segments import example_segments, example_units

    text = "/**\n * Sums.\n * @example\n * sum([1, 2]);\n *\n * @example\n * ```sh\n * npm i sum\n * ```\n */\nexport function sum(xs: number[]): number { return 0; }\n"
    fi = _index("/ws/src/sum.ts", text)
    doc = _ent(fi, "sum").doc
    assert doc is not None
    units = example_units(doc)
    assert [(u.lang, u.source(doc.text)) for u in units] == [("typescript", "sum([1, 2]);")]  # not the shell
    segs = example_segments(doc, LineIndex(text), 5)
    assert [(s.kind, s.text, s.index, s.range.start.line) for s in segs] == [("code", "sum([1, 2]);", 5, 3)]


@pytest.mark.parametrize("source", [
    "/** Doc. @param a x */\nexport default function (a) { return a; }\n",
    "/** Doc. @param a x */\nexport default (a) => a;\n",
    "/** Doc. @param a x */\nmodule.exports = function (a) { return a; };\n",
])
def test_anonymous_default_exports_are_named_default(source: str) -> None:
    fi = _index("/ws/lib/d.js", source)
    d = _ent(fi, "default")
    assert d.kind == "function" and [p.name for p in d.params] == ["a"]
    assert d.doc is not None and d.doc.kind == "jsdoc"
    cls = _index("/ws/lib/c.ts", "/** A thing. */\nexport default class { m() {} }\n")
    assert _ent(cls, "default").kind == "class" and _ent(cls, "default.m").kind == "method"


def test_workspace_packages_of_a_monorepo(tmp_path: Path) -> None:
    files = {
        "package.json": '{"name": "mono", "private": true}',
        "packages/utils/package.json": '{"name": "@acme/utils", "main": "dist/index.js"}',
        "packages/utils/src/index.ts": "export function slug(s: string): string { return s; }\n",
        "packages/utils/src/text.ts": "export const x = 1;\n",
        "packages/app/package.json": '{"name": "app", "main": "main.js"}',
        "packages/app/main.js": "import { slug } from '@acme/utils';\n",
        "node_modules/@acme/other/package.json": '{"name": "@acme/other"}',
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    app = str(tmp_path / "packages" / "app" / "main.js")
    # the entry is the sources' index when they are there, not the built dist/
    assert resolve_specifier("@acme/utils", "packages.app.main", app) == "packages.utils.src"
    assert resolve_specifier("@acme/utils/src/text", "packages.app.main", app) == "packages.utils.src.text"
    assert resolve_specifier("app", "packages.app.main", app) == "packages.app.main"
    assert resolve_specifier("@acme/other", "packages.app.main", app) == "@acme.other"  # not ours


def test_edited_files_reparsed_from_their_last_tree_index_as_a_fresh_parse() -> None:
    """The language server reparses an edited TypeScript or JavaScript file from its last tree;
    after each of a run of edits (lines added, words renamed, characters typed, some of them
    breaking the syntax) the index is the one a fresh parse gives."""
    import random

    from docfact.index import index_file_reusing

    rnd = random.Random(7)
    root = Path(__file__).resolve().parents[2]
    for path in sorted((root / "client-vscode" / "src").glob("*.ts")):
        text = path.read_text(encoding="utf-8")
        index, parsed = index_file_reusing(str(path), text, "ext", None)
        for _ in range(8):
            lines = text.split("\n")
            k = rnd.randrange(len(lines))
            edit = rnd.randrange(3)
            if edit == 0:
                lines.insert(k, "  // a note é")
            elif edit == 1:
                lines[k] = lines[k].replace("const", "let", 1)
            else:
                c = rnd.randrange(len(lines[k]) + 1)
                lines[k] = lines[k][:c] + rnd.choice("({;'") + lines[k][c:]
            text = "\n".join(lines)
            index, parsed = index_file_reusing(str(path), text, "ext", parsed, index)
            assert parsed is not None
            assert index == index_file(str(path), text, "ext"), (path.name, k)
