"""npm packages read statically: typings found through package.json and followed through
re-exports, @types packages, and the project root of a TypeScript workspace."""

from __future__ import annotations

from pathlib import Path

from docfact.config import project_root
from docfact.graph.graph import ProjectGraph
from docfact.lang.typescript.externals import TsExternals

FILES = {
    "package.json": '{"name": "app"}',
    "node_modules/fancy/package.json":
        '{"name": "fancy", "exports": {".": {"import": {"types": "./dist/index.d.mts"}},'
        ' "./sub": {"types": "./dist/sub/index.d.ts"}}}',
    "node_modules/fancy/dist/index.d.mts": "export * from './core.js';\nexport { helper as assist } from './helpers';\n",
    "node_modules/fancy/dist/core.d.ts":
        "/**\n * Parses a fancy string.\n *\n * More details.\n */\n"
        "export declare function parseFancy(text: string, strict?: boolean): Fancy;\n"
        "/** A parsed value. */\nexport declare class Fancy { /** Its size. */ size(): number; }\n",
    "node_modules/fancy/dist/helpers.d.ts": "/** Helps. */\nexport declare function helper(): void;\n",
    "node_modules/fancy/dist/sub/index.d.ts":
        "import { Fancy } from '../core';\n/** Makes one. */\nexport declare function make(): Fancy;\n",
    "node_modules/oldlib/package.json": '{"name": "oldlib", "main": "index.js"}',
    "node_modules/@types/oldlib/index.d.ts": "/** Old thing. */\nexport function old(x: number): string;\n",
    "node_modules/evil/package.json": '{"name": "evil", "types": "../../outside.d.ts"}',
    "src/main.ts": "import { parseFancy } from 'fancy';\n\n/** Parses. */\nexport function run() { return parseFancy('x'); }\n",
}


def _workspace(tmp_path: Path) -> Path:
    for rel, text in FILES.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    (tmp_path.parent / "outside.d.ts").write_text("/** Not ours. */\nexport declare function x(): void;\n")
    return tmp_path


def test_typings_are_found_and_followed(tmp_path: Path) -> None:
    ts = TsExternals(_workspace(tmp_path))
    doc = ts.describe("fancy.parseFancy")
    assert doc is not None and doc.kind == "function"
    assert doc.signature == "export declare function parseFancy(text: string, strict?: boolean): Fancy"
    assert doc.doc == "Parses a fancy string." and doc.path is not None and doc.path.endswith("core.d.ts")
    assist = ts.describe("fancy.assist")  # export { helper as assist } from './helpers'
    assert assist is not None and assist.doc == "Helps."
    assert (ts.describe("fancy.Fancy.size") or doc).doc == "Its size."
    sub = ts.describe("fancy.sub.make")  # the "./sub" subpath of exports
    assert sub is not None and sub.doc == "Makes one."
    old = ts.describe("oldlib.old")  # from @types/oldlib
    assert old is not None and old.signature == "export function old(x: number): string"
    assert ts.describe("fancy.nothing") is None and ts.describe("absent.x") is None
    assert ts.describe("evil.x") is None  # typings outside the package are not read


def test_the_graph_describes_npm_names_and_the_root_is_the_package(tmp_path: Path) -> None:
    root = _workspace(tmp_path)
    assert project_root(root / "src" / "main.ts") == root
    graph = ProjectGraph.from_root(root)
    doc = graph.describe_external("fancy.parseFancy")
    assert doc is not None and doc.doc == "Parses a fancy string."
    # node_modules itself is never indexed as project code
    assert all("node_modules" not in f.path for f in graph.files())
