"""Static documentation of external names: read from installed sources, never imported."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from docfact.graph.externals import Externals, describe_external, external_exists, is_stdlib_module


@pytest.fixture(scope="module")
def ext() -> Externals:
    return Externals()


@pytest.mark.parametrize(
    ("dotted", "kind", "signature", "doc_start", "defined_in"),
    [
        pytest.param("os.path.join", "function", "def join(a, *p)",
                     "Join two or more pathname components", "posixpath.join", id="stdlib-os-path-join"),
        pytest.param("json.loads", "function", "def loads(s, *, cls=None,",
                     "Deserialize ``s``", "json.loads", id="stdlib-json-loads"),
        pytest.param("collections.OrderedDict", "class", "class OrderedDict(dict)",
                     "Dictionary that remembers insertion order", "collections.OrderedDict", id="stdlib-class"),
        pytest.param("pathlib.Path.read_text", "function", "def read_text(self,",
                     "Open the file in text mode", "pathlib.Path.read_text", id="stdlib-method"),
        pytest.param("json", "module", "module json", "JSON (JavaScript Object Notation)",
                     "json", id="stdlib-module"),
        pytest.param("networkx.MultiDiGraph", "class", "class MultiDiGraph(MultiGraph, DiGraph)",
                     "A directed graph class that can store multiedges.",
                     "networkx.classes.multidigraph.MultiDiGraph", id="third-party-star-reexport"),
        pytest.param("httpx.get", "function", "def get(url: URL | str, *,", "Sends a `GET` request.",
                     "httpx._api.get", id="third-party-from-dot-reexport"),
    ],
)
def test_describe_reads_signature_and_docstring(
    ext: Externals, dotted: str, kind: str, signature: str, doc_start: str, defined_in: str
) -> None:
    doc = ext.describe(dotted)
    assert doc is not None
    assert doc.name == dotted
    assert doc.kind == kind
    assert doc.signature.startswith(signature)
    assert doc.doc.startswith(doc_start)
    assert doc.defined_in == defined_in
    assert "\n\n" not in doc.doc and len(doc.doc) <= 600  # first paragraph, bounded


@pytest.mark.parametrize(
    ("dotted", "expected"),
    [
        pytest.param("math.sqrt", "builtin", id="c-extension-module"),
        pytest.param("len", "builtin", id="python-builtin"),
        pytest.param("os.getcwd", "builtin", id="star-import-from-c-module"),
        pytest.param("numpy_not_installed.array", None, id="not-installed"),
        pytest.param("json.no_such_function", None, id="missing-name"),
    ],
)
def test_describe_without_source(ext: Externals, dotted: str, expected: str | None) -> None:
    doc = ext.describe(dotted)
    assert (doc.kind if doc is not None else None) == expected


@pytest.mark.parametrize(
    ("dotted", "expected"),
    [
        pytest.param("json.loads", True, id="defined"),
        pytest.param("os.path.join", True, id="through-import-alias"),
        pytest.param("httpx.Client.get", True, id="class-member"),
        pytest.param("json.no_such_function", False, id="missing"),
        pytest.param("contextvars.ContextVar", True, id="imported-from-a-builtin-module"),
        pytest.param("contextvars.no_such_class", False, id="missing-beside-builtin-imports"),
        pytest.param("math.sqrt", None, id="compiled-unknown"),
        pytest.param("numpy_not_installed.array", None, id="module-not-found"),
        pytest.param("json", True, id="module-itself"),
    ],
)
def test_external_exists(ext: Externals, dotted: str, expected: bool | None) -> None:
    assert ext.exists(dotted) is expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        pytest.param("os.path", True, id="os"),
        pytest.param("json", True, id="json"),
        pytest.param("sys", True, id="builtin-module"),
        pytest.param("httpx", False, id="third-party"),
        pytest.param("shop.store", False, id="project"),
    ],
)
def test_is_stdlib_module(name: str, expected: bool) -> None:
    assert is_stdlib_module(name) is expected


def test_results_are_cached_on_the_instance(ext: Externals) -> None:
    assert ext.describe("json.loads") is ext.describe("json.loads")
    fresh = Externals()
    assert fresh.describe("json.loads") is not ext.describe("json.loads")
    assert fresh.describe("json.loads") == ext.describe("json.loads")


def test_module_functions_work_without_an_instance() -> None:
    doc = describe_external("json.dumps")
    assert doc is not None and doc.signature.startswith("def dumps(obj")
    assert external_exists("json.dumps") is True


def test_package_with_import_side_effect_is_only_read(tmp_path: Path) -> None:
    marker = tmp_path / "imported.txt"
    pkg = tmp_path / "site" / "sidefx"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(textwrap.dedent(f'''
        """A package that must never be imported."""
        open({str(marker)!r}, "w").write("imported")
        from .core import work as work_alias, Engine
    '''))
    (pkg / "core.py").write_text(textwrap.dedent('''
        def work(n: int = 3) -> int:
            """Do the work.

            Second paragraph is not kept.
            """
            return n

        class Engine:
            """Runs things."""

            async def start(self, *, fast: bool = False) -> None:
                """Start the engine."""
    '''))
    ext = Externals(search_paths=[str(tmp_path / "site")])
    work = ext.describe("sidefx.work_alias")
    assert work is not None
    assert (work.signature, work.doc, work.defined_in) == (
        "def work(n: int = 3) -> int", "Do the work.", "sidefx.core.work")
    start = ext.describe("sidefx.Engine.start")
    assert start is not None and start.signature == "async def start(self, *, fast: bool = False) -> None"
    assert ext.exists("sidefx.Engine.stop") is None  # members may be inherited: unknown
    assert ext.exists("sidefx.nothing") is False
    assert not marker.exists()
    assert "sidefx" not in sys.modules


def test_third_party_package_is_not_imported() -> None:
    """In a fresh interpreter, describing httpx and networkx names leaves sys.modules without them."""
    code = textwrap.dedent('''
        import json, sys
        from docfact.graph.externals import Externals
        before = {m for m in ("httpx", "networkx") if m in sys.modules}
        ext = Externals()
        docs = [ext.describe(n) for n in ("httpx.get", "httpx.Client.get", "networkx.MultiDiGraph")]
        after = {m for m in ("httpx", "networkx") if m in sys.modules}
        print(json.dumps({"before": sorted(before), "after": sorted(after),
                          "found": [d is not None and bool(d.signature) for d in docs]}))
    ''')
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result == {"before": [], "after": [], "found": [True, True, True]}


def test_a_parsed_module_is_kept_in_the_store_by_its_source(tmp_path: Path) -> None:
    """A later run answers from the store what an installed module defines, without parsing it;
    a module whose source changed is parsed again and answers by its new text."""
    from docfact.store import ParsedModules, Store

    site = tmp_path / "site"
    site.mkdir()
    lib = site / "kept_lib.py"
    lib.write_text("def fetch(url):\n    '''Fetch a page.'''\n\nclass Pool:\n    def close(self):\n        pass\n")

    def run() -> tuple[list[str], tuple[bool | None, ...]]:
        store = Store(tmp_path / "cache")
        ext = Externals(search_paths=[str(site)])
        shelf = ext.shelf = ParsedModules(store)
        got = tuple(ext.exists(n) for n in ("kept_lib.fetch", "kept_lib.Pool.close", "kept_lib.send"))
        parsed = [mod.name for _, mod in shelf.parsed]
        shelf.save()
        store.close()
        return parsed, got

    parsed, answers = run()
    assert answers == (True, True, False)
    assert parsed == ["kept_lib"]
    parsed, kept = run()
    assert kept == answers
    assert parsed == []  # restored, not parsed
    lib.write_text("def send(url):\n    pass\n")
    parsed, now = run()
    assert now == (False, False, True)
    assert parsed == ["kept_lib"]
