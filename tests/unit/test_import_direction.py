"""The layers' import direction, read from the modules' own ``import`` statements (ast): the
faces (``lsp/`` and ``cli/``) never import each other, the engine level imports neither face,
and the project-loading pipeline stays below the engine. Imports inside functions and under
``if TYPE_CHECKING:`` count as well: a lazy import is still an arrow."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "server" / "docfact"


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, as absolute dotted names (relative imports resolved; for
    ``from a import b``, both ``a`` and ``a.b``: ``b`` may be a submodule)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def _modules(under: str = "") -> list[Path]:
    return sorted(p for p in (PACKAGE / under).rglob("*.py") if "__pycache__" not in p.parts)


def _offenders(paths: list[Path], forbidden: tuple[str, ...]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in paths:
        bad = sorted(m for m in imports_of(path) if any(m == f or m.startswith(f + ".") for f in forbidden))
        if bad:
            out[_module_name(path)] = bad
    return out


def test_the_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The scan itself: absolute, relative, lazy and typing-only imports are all found (a scan
    that missed them would pass every test below)."""
    lsp = PACKAGE / "lsp"
    found = imports_of(lsp / "checker.py")
    assert "docfact.engine" in found  # absolute, at the top
    assert "docfact.lsp.convert" in found  # ``from . import convert``
    assert "docfact.lsp.host" in found  # under ``if TYPE_CHECKING:``
    assert "docfact.project.imported" in imports_of(lsp / "early.py")  # inside a method


def test_the_language_server_never_imports_the_cli() -> None:
    assert _modules("lsp")
    assert _offenders(_modules("lsp"), ("docfact.cli",)) == {}


def test_the_cli_imports_the_language_server_only_to_serve() -> None:
    """``docfact serve`` starts the language server: that one entry point, and nothing else."""
    assert _offenders(_modules("cli"), ("docfact.lsp",)) == {
        "docfact.cli.main": ["docfact.lsp.app", "docfact.lsp.app.main"]}


def test_the_engine_level_imports_no_face() -> None:
    """Everything but the faces (and ``python -m docfact``, which starts the CLI) is the engine
    level: plain Python that the CLI and the language server both build on."""
    engine_level = [p for p in _modules() if p.relative_to(PACKAGE).parts[0] not in ("cli", "lsp", "__main__.py")]
    assert PACKAGE / "engine.py" in engine_level
    assert _offenders(engine_level, ("docfact.cli", "docfact.lsp")) == {}


def test_the_loading_pipeline_stays_below_the_engine() -> None:
    """``docfact.project`` loads a project into an engine it is handed: it imports neither the
    engine nor the judges, so the engine can use it without a circle and an unchanged project is
    answered from the store without importing them."""
    pipeline = _modules("project")
    assert {p.name for p in pipeline} >= {"files.py", "indexing.py", "imported.py", "replay.py"}
    assert _offenders(pipeline, ("docfact.engine", "docfact.judges", "docfact.cli", "docfact.lsp")) == {}


def _circles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of a module -> imported modules map (strongly connected groups of
    more than one module), each sorted."""
    import networkx as nx

    graph = nx.DiGraph()
    graph.add_nodes_from(imports)
    graph.add_edges_from((a, b) for a, found in imports.items() for b in found if b in imports and b != a)
    return sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)


def test_the_language_server_has_no_import_circle() -> None:
    """Handlers import the server, the server builds the checker and the LLM service, and those
    see the server only through ``lsp.host.Host``; ``lsp.app`` alone wires the handlers in.
    Typing-only imports count (the reader sees them: the first test)."""
    lsp = {_module_name(p): imports_of(p) for p in _modules("lsp")}
    assert len(lsp) > 10 and "docfact.lsp.checker" in lsp["docfact.lsp.server"]
    assert _circles(lsp) == []


def test_the_circle_finder_finds_circles() -> None:
    assert _circles({"a": {"b"}, "b": {"a", "x"}, "c": {"a"}, "x": set()}) == [["a", "b"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


# Packages and modules that no import circle may run through, whatever other modules it passes
# (a typing-only or function-level import counts). The whole package is circle-free since
# 2026-11-29 (test_the_package_has_no_import_circle); this narrower test names the layers first
# untangled.
CIRCLE_FREE = ("docfact.index", "docfact.graph", "docfact.deps", "docfact.lang")


def _in(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_no_import_circle_runs_through_the_index_the_graph_deps_or_the_languages() -> None:
    """The index never imports the graph back (the JDK table is the index's), name resolution and
    ``deps`` name the graph through the ``graph.lookups.ProjectLookups`` protocol, and each
    extractor's helpers sit below it (``lang.python.parser``, ``scope``, ``collect``,
    ``lang.typescript.names``). The language registry (``docfact.lang``) reaches the extractors
    only: a language's graph-level and judge-level modules are imported by the graph and the
    judges, never by its record, and the generic rules ask TypeScript questions of
    ``lang.typescript.judging``, below the TypeScript checks that build on them. Circles are
    looked for among all modules, so one passing through a module outside ``CIRCLE_FREE``
    (``docfact.model``, say) is found too."""
    imports = {_module_name(p): imports_of(p) for p in _modules()}
    assert {"docfact.index", "docfact.lang", "docfact.lang.python.extract", "docfact.graph.graph",
            "docfact.deps"} <= imports.keys()
    assert "docfact.lang.python.splice" in imports["docfact.lang.python.extract"]  # inside a function
    assert "docfact.lang.python.extract" in imports["docfact.lang.python"]  # the record's extractor
    assert "docfact.graph.lookups" in imports["docfact.deps"]  # under ``if TYPE_CHECKING:``
    circles = [c for c in _circles(imports) if any(_in(m, CIRCLE_FREE) for m in c)]
    assert circles == []


def test_every_language_is_a_registered_folder() -> None:
    """Each folder under ``lang/`` is a language package with its record in the registry, and
    nothing outside ``lang/`` is a language's own module: a module of the index, the graph or
    the judges named after a language (``py_*``, ``java*``, ``ts_*``, ``example_<language>``)
    belongs in that language's folder."""
    from docfact.lang import LANGUAGES

    folders = {p.name for p in (PACKAGE / "lang").iterdir() if (p / "__init__.py").is_file()}
    assert folders == {"python", "java", "typescript"}
    assert {lang.name for lang in LANGUAGES} == {"python", "java", "typescript", "javascript"}
    for lang in LANGUAGES:
        assert lang.extract.__module__.startswith("docfact.lang."), lang.name
    stray = sorted(str(p.relative_to(PACKAGE)) for under in ("index", "graph", "judges") for p in _modules(under)
                   if p.name.startswith(("py_", "java", "jdk", "ts_", "typescript", "python.py", "example_python",
                                         "example_java", "example_ts", "example_py")))
    assert stray == []


def test_the_language_registry_reaches_only_the_extractors() -> None:
    """What the registry and ``index_file`` import, directly or through others, stays at the
    extractor level: never the graph, the docs parsing or the judges (a language's modules of
    those levels are imported by them), so the scanner and the store can read it cheaply."""
    imports = {_module_name(p): imports_of(p) for p in _modules()}
    reached: set[str] = set()
    todo = ["docfact.lang", "docfact.index"]
    while todo:
        for m in imports.get(todo.pop(), ()):
            if m in imports and m not in reached:
                reached.add(m)
                todo.append(m)
    assert "docfact.lang.typescript.extract" in reached
    assert sorted(m for m in reached if _in(m, ("docfact.graph", "docfact.docs", "docfact.judges", "docfact.engine"))) == []


def test_the_package_has_no_import_circle() -> None:
    """No two modules of the package import each other, directly or through others: every
    strongly connected group of the import graph is one module. Lazy and typing-only imports
    count (the reader sees them: the first test), so a circle cannot hide inside a function.
    The closed-world answers (``judges.world_*``) and the name lookup share the class attribute
    lists through ``judges.attribute_lists``, below both; the C1 rules share what a sentence
    says around a name through ``judges.name_prose``."""
    imports = {_module_name(p): imports_of(p) for p in _modules()}
    assert len(imports) > 150 and "docfact.judges.attribute_lists" in imports["docfact.judges.world_classes"]
    assert _circles(imports) == []
