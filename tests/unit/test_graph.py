"""ProjectGraph: name resolution (Python and Java), 1-hop callees, dependents, incremental
updates, on the graphproj fixture workspace indexed by the real index."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from docfact.graph.edges import EXTERNAL_PREFIX
from docfact.graph.graph import ProjectGraph
from docfact.index import index_file

GRAPHPROJ = Path(__file__).resolve().parents[1] / "workspaces" / "graphproj"


@pytest.fixture(scope="module")
def graph() -> ProjectGraph:
    return ProjectGraph.from_root(GRAPHPROJ)


@pytest.fixture
def project(tmp_path: Path) -> tuple[ProjectGraph, Path]:
    """A private copy of graphproj, for tests that edit files."""
    root = tmp_path / "graphproj"
    shutil.copytree(GRAPHPROJ, root)
    return ProjectGraph.from_root(root), root


def _res(graph: ProjectGraph, scope: str, name: str) -> tuple[str, str] | None:
    ent = graph.entity(scope)
    assert ent is not None, f"no entity {scope}"
    r = graph.resolve(name, ent)
    return None if r is None else (r.kind, r.qualname)


PYTHON_CASES = [
    pytest.param("shop.store.Store.prune", "n", ("local", "n"), id="parameter"),
    pytest.param("shop.store.Store.prune", "data", ("local", "data"), id="local-variable"),
    pytest.param("shop.store.Store.prune", "helper", ("project", "shop.store.helper"), id="same-module-function"),
    pytest.param("shop.store.Store.prune", "LIMIT", ("project", "shop.store.LIMIT"), id="same-module-variable"),
    pytest.param("shop.store.Store.prune", "self.save", ("project", "shop.store.Store.save"), id="self-method"),
    pytest.param("shop.store.Store.prune", "self.validate", ("project", "shop.base.BaseStore.validate"), id="self-inherited-method"),
    pytest.param("shop.store.Store.prune", "self.path", ("project", "shop.store.Store.path"), id="self-instance-field"),
    pytest.param("shop.store.Store.save", "self.items.append", ("builtin", "list.append"), id="field-annotation-followed"),
    pytest.param("shop.store.Store", "capacity", ("project", "shop.store.Store.capacity"), id="class-body-name"),
    pytest.param("shop.store.Store.flush", "os.path.join", ("external", "os.path.join"), id="import-dotted-module"),
    pytest.param("shop.store.Store.flush", "js.dumps", ("external", "json.dumps"), id="import-as"),
    pytest.param("shop.store.Store.prune", "OrderedDict", ("external", "collections.OrderedDict"), id="from-external-import"),
    pytest.param("shop.store.Store.flush", "Optional", ("external", "typing.Optional"), id="typing-name"),
    pytest.param("shop.store.Store.prune", "npx.array", ("external", "numpy_not_installed.array"), id="uninstalled-external"),
    pytest.param("shop.store.Store.prune", "util.parse", ("project", "shop.util.parsing.parse"), id="from-dot-import-module-reexport"),
    pytest.param("shop.store.Store.prune", "Tok", ("project", "shop.util.text.Token"), id="relative-from-import-as"),
    pytest.param("shop.store.helper", "slugify", ("project", "shop.util.text.slugify"), id="relative-from-import"),
    pytest.param("shop.store.Store", "BaseStore.describe", ("project", "shop.base.BaseStore.describe"), id="imported-class-member"),
    pytest.param("shop.cli.main", "S", ("project", "shop.store.Store"), id="package-init-reexport-as"),
    pytest.param("shop.cli.main", "parse_line", ("project", "shop.util.parsing.parse"), id="reexport-chain-two-inits"),
    pytest.param("shop.cli.main", "slugify", ("project", "shop.util.text.slugify"), id="star-import-reexport"),
    pytest.param("shop.cli.main", "h", ("project", "shop.store.helper"), id="absolute-from-import-as"),
    pytest.param("shop.cli.main", "shop.util.text.slugify", ("project", "shop.util.text.slugify"), id="import-dotted-project"),
    pytest.param("shop.cli.main", "shop.Store.save", ("project", "shop.store.Store.save"), id="package-attribute-chain"),
    pytest.param("shop.cli.main", "len", ("builtin", "len"), id="builtin"),
    pytest.param("shop.cli.run", "store.save", ("project", "shop.store.Store.save"), id="annotated-parameter-member"),
    pytest.param("shop.cli.SafeStore.save", "super().save", ("project", "shop.store.Store.save"), id="super-call"),
    pytest.param("shop.cli.SafeStore.save", "self.validate", ("project", "shop.base.BaseStore.validate"), id="inherited-two-levels"),
    pytest.param("shop.cli.main", "shop.store.Store.flush", ("project", "shop.store.Store.flush"), id="fully-qualified-name"),
    pytest.param("shop.cli.main", "no_such_name", None, id="unknown-name"),
    pytest.param("shop.store.Store.prune", "self.nope", None, id="missing-member"),
    pytest.param("shop.cli.main", "shop.store.nope", None, id="missing-module-member"),
    pytest.param("shop.cycle_a.use", "thing", None, id="import-cycle-terminates"),
]


@pytest.mark.parametrize(("scope", "name", "expected"), PYTHON_CASES)
def test_resolve_python(graph: ProjectGraph, scope: str, name: str, expected: tuple[str, str] | None) -> None:
    assert _res(graph, scope, name) == expected


def test_local_keeps_unfollowed_tail(graph: ProjectGraph) -> None:
    main = graph.entity("shop.cli.main")
    assert main is not None
    r = graph.resolve("store.save", main)  # `store = S(...)`: an unannotated local
    assert r is not None and (r.kind, r.qualname, r.rest) == ("local", "store", "save")


def test_callees_are_direct_dependencies_in_order_of_first_use(graph: ProjectGraph) -> None:
    prune = graph.entity("shop.store.Store.prune")
    assert prune is not None
    got = [(r.kind, r.qualname) for r in graph.callees(prune)]
    project_and_external = [q for k, q in got if k in ("project", "external")]
    assert project_and_external == [
        "shop.store.LIMIT",
        "shop.util.text.Token",
        "shop.util.parsing.parse",
        "shop.store.Store.path",
        "collections.OrderedDict",
        "numpy_not_installed.array",
        "shop.base.BaseStore.validate",
    ]
    # only one hop: slugify is used by helper, which prune does not call
    assert "shop.util.text.slugify" not in project_and_external
    assert len(got) == len(set(got))


def test_edges_have_relation_kinds(graph: ProjectGraph) -> None:
    edges = set(graph.edges_of("shop.store.Store.prune"))
    assert ("shop.util.parsing.parse", "calls") in edges
    assert ("shop.util.text.Token", "typeof") in edges
    assert ("shop.store.LIMIT", "refers") in edges
    assert (EXTERNAL_PREFIX + "numpy_not_installed.array", "calls") in edges
    assert ("shop.base.BaseStore", "inherits") in set(graph.edges_of("shop.store.Store"))
    assert ("shop.store.Store.prune", "contains") in set(graph.edges_of("shop.store.Store"))
    assert ("shop.store.Store.items", "assigns") in set(graph.edges_of("shop.store.Store.__init__"))
    assert (EXTERNAL_PREFIX + "json", "imports") in set(graph.edges_of("shop.store"))
    assert graph.g.nodes[EXTERNAL_PREFIX + "json"]["kind"] == "external"
    assert graph.g.nodes["shop.store.Store"]["entity"].name == "Store"


def test_dependents_through_reverse_edges(graph: ProjectGraph) -> None:
    assert graph.dependents("shop.store.helper") >= {"shop.store.Store.save", "shop.cli.main"}
    assert "shop.store.Store.prune" in graph.dependents("shop.base.BaseStore.validate")
    assert "shop.cli.SafeStore" in graph.dependents("shop.store.Store")  # inherits


def test_names_and_lookups(graph: ProjectGraph) -> None:
    assert {"Store", "helper", "slugify", "BaseStore", "prune"} <= graph.project_names()
    assert sorted(e.qualname for e in graph.entities_named("save")) == [
        "com.acme.core.Service.Service.save", "shop.cli.SafeStore.save", "shop.store.Store.save",
    ]
    store_py = str(GRAPHPROJ / "src" / "shop" / "store.py")
    prune = graph.find(store_py, "Store.prune")
    assert prune is not None and prune.qualname == "shop.store.Store.prune"
    assert graph.file(store_py) is not None
    assert len(graph.files()) == 14
    assert graph.entity("shop.store") is not None  # module node
    assert graph.skipped == []


def _rename_helper(root: Path) -> tuple[str, str]:
    path = root / "src" / "shop" / "store.py"
    text = path.read_text().replace("def helper(", "def normalize(").replace(
        "self.items.append(helper(item))", "self.items.append(normalize(item))")
    return str(path), text


def test_update_file_rename_keeps_cross_file_edges_by_name(project: tuple[ProjectGraph, Path]) -> None:
    graph, root = project
    before_nodes = graph.g.number_of_nodes()
    path, text = _rename_helper(root)
    graph.update_file(path, text)
    # the old entity is gone, the new one is there
    assert graph.entity("shop.store.helper") is None
    assert graph.entity("shop.store.normalize") is not None
    assert "helper" not in {e.name for e in graph.entities_named("helper") if e.module == "shop.store"}
    # cli.main (another file) still points to the old name: it is listed as a dependent to
    # re-check, and resolving the name now fails
    assert "shop.cli.main" in graph.dependents("shop.store.helper")
    assert graph.g.nodes["shop.store.helper"]["kind"] == "unresolved"
    main = graph.entity("shop.cli.main")
    assert main is not None and graph.resolve("h", main) is None
    # the file's own edges were re-resolved
    assert ("shop.store.normalize", "calls") in set(graph.edges_of("shop.store.Store.save"))
    assert graph.dependents("shop.store.normalize") == {"shop.store.Store.save"}
    # renaming back revives the node and the old cross-file edge
    graph.update_file(path, (root / "src" / "shop" / "store.py").read_text())
    assert graph.entity("shop.store.helper") is not None
    assert "shop.cli.main" in graph.dependents("shop.store.helper")
    assert graph.g.number_of_nodes() == before_nodes
    assert graph.resolve("h", main) is not None


def test_update_cli_drops_placeholder(project: tuple[ProjectGraph, Path]) -> None:
    graph, root = project
    path, text = _rename_helper(root)
    graph.update_file(path, text)
    cli = root / "src" / "shop" / "cli.py"
    fixed = cli.read_text().replace("helper as h", "normalize as h").replace(
        'shop.store.helper("y")', 'shop.store.normalize("y")')
    graph.update_file(str(cli), fixed)
    assert "shop.store.helper" not in graph.g  # nobody points to it any more
    assert "shop.cli.main" in graph.dependents("shop.store.normalize")


def test_update_file_is_idempotent(project: tuple[ProjectGraph, Path]) -> None:
    graph, root = project
    nodes, edges = graph.g.number_of_nodes(), graph.g.number_of_edges()
    path = root / "src" / "shop" / "store.py"
    for _ in range(3):
        graph.update_file(str(path), path.read_text())
    assert (graph.g.number_of_nodes(), graph.g.number_of_edges()) == (nodes, edges)


def test_remove_file(project: tuple[ProjectGraph, Path]) -> None:
    graph, root = project
    text_py = str(root / "src" / "shop" / "util" / "text.py")
    graph.remove_file(text_py)
    assert graph.file(text_py) is None
    assert graph.entity("shop.util.text.Token") is None
    assert "Token" not in graph.project_names()
    assert graph.entities_named("slugify") == []
    # users in other files are still known by name
    assert "shop.store.helper" in graph.dependents("shop.util.text.slugify")
    helper = graph.entity("shop.store.helper")
    assert helper is not None and graph.resolve("slugify", helper) is None
    # adding it back restores the entities and the same graph
    graph.update_file(text_py, Path(text_py).read_text())
    assert graph.entity("shop.util.text.Token") is not None
    r = graph.resolve("slugify", helper)
    assert r is not None and r.qualname == "shop.util.text.slugify"


def test_sequential_loading_resolves_forward_references(tmp_path: Path) -> None:
    """Files added one by one (as an editor opens them) end with the same edges as a bulk load."""
    bulk = ProjectGraph.from_root(GRAPHPROJ)
    seq = ProjectGraph(GRAPHPROJ)
    files = sorted(bulk.files(), key=lambda f: f.path, reverse=True)
    for fi in files:
        seq.update_file(fi.path, fi.text, fi.module)
    assert sorted(seq.g.edges(keys=True)) == sorted(bulk.g.edges(keys=True))


def test_new_top_level_package_turns_external_into_project(tmp_path: Path) -> None:
    graph = ProjectGraph(tmp_path)
    graph.add_file(index_file(str(tmp_path / "app.py"), "import lib\n\ndef f():\n    return lib.g()\n", "app"))
    assert ("external:lib.g", "calls") in set(graph.edges_of("app.f"))
    graph.add_file(index_file(str(tmp_path / "lib.py"), "def g():\n    return 1\n", "lib"))
    assert ("lib.g", "calls") in set(graph.edges_of("app.f"))
    assert graph.dependents("lib.g") == {"app.f"}


def test_repeated_updates_of_a_1000_line_file_keep_the_graph_exact(tmp_path: Path) -> None:
    """Speed is measured by benchmarks/index.py; here: 15 edits of one big file leave exactly
    the nodes and edges of a fresh load of its last text."""
    lines = ['"""A big module."""', "import os", "from shop.store import Store", ""]
    i = 0
    while len(lines) < 1000:
        lines += [
            f"def func{i}(x: int, store: Store) -> int:",
            f'    """Return x plus {i}."""',
            f"    y = func{max(i - 1, 0)}(x, store) if x else os.getcwd()",
            "    store.save(str(y))",
            f"    return x + {i}",
            "",
        ]
        i += 1
    text = "\n".join(lines) + "\n"
    graph = ProjectGraph.from_root(GRAPHPROJ)
    path = str(tmp_path / "big.py")
    graph.update_file(path, text, "big")
    last = text
    for n in range(15):
        last = text.replace("plus", f"plus{n}")
        graph.update_file(path, last, "big")
    fresh = ProjectGraph.from_root(GRAPHPROJ)
    fresh.update_file(path, last, "big")
    assert graph.entity("big.func3") is not None
    assert "plus14" in (graph.entity("big.func3").doc.text if graph.entity("big.func3").doc else "")
    assert sorted(graph.g.nodes) == sorted(fresh.g.nodes)
    assert sorted(graph.g.edges(keys=True)) == sorted(fresh.g.edges(keys=True))


PROCESS = "com.acme.core.Service.Service.process"

JAVA_CASES = [
    pytest.param(PROCESS, "list", ("local", "list"), id="java-parameter"),
    pytest.param(PROCESS, "list.add", ("external", "java.util.List.add"), id="java-typed-parameter-external"),
    pytest.param(PROCESS, "this.save", ("project", "com.acme.core.Service.Service.save"), id="java-this-method"),
    pytest.param(PROCESS, "save", ("project", "com.acme.core.Service.Service.save"), id="java-unqualified-member"),
    pytest.param(PROCESS, "validate", ("project", "com.acme.core.Base.Base.validate"), id="java-inherited-member"),
    pytest.param(PROCESS, "names.add", ("external", "java.util.List.add"), id="java-field-type-followed"),
    pytest.param(PROCESS, "Helper.run", ("project", "com.acme.core.Helper.Helper.run"), id="java-same-package-class"),
    pytest.param(PROCESS, "Helper.Box.get", ("project", "com.acme.core.Helper.Helper.Box.get"), id="java-nested-class"),
    pytest.param(PROCESS, "Text.upper", ("project", "com.acme.util.Text.Text.upper"), id="java-single-type-import"),
    pytest.param(PROCESS, "Counter", ("project", "com.acme.util.Counter.Counter"), id="java-wildcard-import-project"),
    pytest.param(PROCESS, "Executor", ("external", "java.util.concurrent.Executor"), id="java-wildcard-import-external"),
    pytest.param(PROCESS, "shout", ("project", "com.acme.util.Text.Text.shout"), id="java-static-import"),
    pytest.param(PROCESS, "String", ("builtin", "java.lang.String"), id="java-lang"),
    pytest.param(PROCESS, "int", ("builtin", "int"), id="java-primitive"),
    pytest.param(PROCESS, "com.acme.util.Text.upper", ("project", "com.acme.util.Text.Text.upper"), id="java-fully-qualified"),
    pytest.param(PROCESS, "Text.nope", None, id="java-missing-member"),
]


@pytest.mark.parametrize(("scope", "name", "expected"), JAVA_CASES)
def test_resolve_java(graph: ProjectGraph, scope: str, name: str, expected: tuple[str, str] | None) -> None:
    assert _res(graph, scope, name) == expected


def test_java_dependents_and_callees(graph: ProjectGraph) -> None:
    assert graph.dependents("com.acme.util.Text.Text.upper") == {
        PROCESS, "com.acme.util.Text.Text.shout",
    }
    process = graph.entity(PROCESS)
    assert process is not None
    project = [r.qualname for r in graph.callees(process) if r.kind == "project"]
    assert project == [
        "com.acme.core.Service.Service.save",
        "com.acme.util.Text.Text.upper",
        "com.acme.util.Counter.Counter",
        "com.acme.util.Text.Text.shout",
        "com.acme.core.Base.Base.validate",
        "com.acme.core.Helper.Helper.run",
    ]


JAVAPROJ = Path(__file__).resolve().parents[1] / "workspaces" / "javaproj"
PYPROJ = Path(__file__).resolve().parents[1] / "workspaces" / "pyproj"


def test_shared_fixture_projects_load_and_link_across_files() -> None:
    java = ProjectGraph.from_root(JAVAPROJ)
    assert java.skipped == []
    add = java.entity("com.acme.store.Store.Store.add")
    assert add is not None
    r = java.resolve("Strings.normalize", add)
    assert r is not None and r.qualname == "com.acme.util.Strings.Strings.normalize"
    assert "com.acme.store.Store.Store.add" in java.dependents("com.acme.util.Strings.Strings.normalize")
    py = ProjectGraph.from_root(PYPROJ)
    assert py.files() and all(fi.module.startswith("shop") for fi in py.files())
    linked = [(u, v) for u, v, k in py.g.edges(keys=True) if k == "calls"
              and py.entity(u) is not None and py.entity(v) is not None
              and py.entity(u).path != py.entity(v).path]  # type: ignore[union-attr]
    assert linked, "pyproj has cross-file calls"


def test_from_root_reports_skipped_files_and_progress(tmp_path: Path) -> None:
    (tmp_path / "ok.py").write_text("def f():\n    return 1\n")
    (tmp_path / "big.py").write_text("x = 1\n" * 100)
    (tmp_path / "bin.py").write_bytes(b"\x00\x01binary")
    (tmp_path / "latin.py").write_bytes("s = 'caf\xe9'\n".encode("latin-1"))
    seen: list[tuple[int, int]] = []
    graph = ProjectGraph.from_root(tmp_path, max_size=300, progress=lambda i, n, _p: seen.append((i, n)))
    reasons = {Path(p).name: r for p, r in graph.skipped}
    assert set(reasons) == {"big.py", "bin.py", "latin.py"}
    assert reasons["big.py"].startswith("oversized")
    assert "binary" in reasons["bin.py"] and "undecodable" in reasons["latin.py"]
    assert graph.entity("ok.f") is not None
    assert seen[-1] == (4, 4)


def test_deferred_block_resolves_edges_once_every_file_is_known(tmp_path: Path) -> None:
    """Edges of files added in a deferred block see every file of the block (they are resolved
    at the first query of edges after it)."""
    graph = ProjectGraph(tmp_path)
    with graph.deferred():
        graph.add_file(index_file(str(tmp_path / "a.py"), "from b import g\n\ndef f():\n    return g()\n", "a"))
        assert graph.edges_of("a.f") == []
        graph.add_file(index_file(str(tmp_path / "b.py"), "def g():\n    return 1\n", "b"))
    assert graph.edges_of("a.f") == [("b.g", "calls")]


def test_edges_reused_across_edits_equal_a_fresh_resolution(tmp_path: Path) -> None:
    """Editing one file again and again reuses its name resolutions; the edges must stay exactly
    those of a fresh resolution, also when a declared type or another file changes."""
    from docfact.graph.graph import ProjectGraph

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text("class A:\n    def run(self):\n        return 1\n\nclass B:\n    def go(self):\n        return 2\n")
    b = tmp_path / "pkg" / "b.py"
    versions = [
        "from .a import A, B\n\nclass User:\n    def __init__(self, x: A):\n        self.x = x\n\n    def work(self):\n        return self.x.run()\n",
        "from .a import A, B\n\nclass User:\n    def __init__(self, x: A):\n        self.x = x\n\n    def work(self):\n        # comment\n        return self.x.run()\n",
        "from .a import A, B\n\nclass User:\n    def __init__(self, x: B):\n        self.x = x\n\n    def work(self):\n        return self.x.go()\n",
    ]
    g = ProjectGraph(tmp_path)
    for rel in ("pkg/__init__.py", "pkg/a.py"):
        g.update_file(str(tmp_path / rel), (tmp_path / rel).read_text(), None)
    for text in versions + versions[::-1]:
        g.update_file(str(b), text, None)
        reused = sorted(g._out[str(b)])
        fresh = ProjectGraph(tmp_path)
        for rel in ("pkg/__init__.py", "pkg/a.py"):
            fresh.update_file(str(tmp_path / rel), (tmp_path / rel).read_text(), None)
        fresh.update_file(str(b), text, None)
        assert reused == sorted(fresh._out[str(b)])


def test_edges_reused_across_edits_follow_a_module_loaded_later(tmp_path: Path) -> None:
    """A file edited twice (its resolutions reused) that imports from a package not loaded yet
    still points at the real definition once the package's files arrive."""
    from docfact.graph.graph import ProjectGraph

    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    files = {
        "pkg/__init__.py": "",
        "pkg/sub/impl.py": "def thing():\n    return 1\n",
        "pkg/sub/__init__.py": "from .impl import thing\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).write_text(text)
    b = str(tmp_path / "pkg" / "b.py")
    text = "from pkg.sub import thing\n\ndef f():\n    return thing()\n"
    g = ProjectGraph(tmp_path)
    g.update_file(str(tmp_path / "pkg/__init__.py"), "", None)
    g.update_file(b, text, None)
    g.update_file(b, text + "# edited\n", None)  # same outline: answers come from the memo
    g.update_file(b, text, None)
    for rel in ("pkg/sub/impl.py", "pkg/sub/__init__.py"):
        g.update_file(str(tmp_path / rel), files[rel], None)
    assert ("pkg.sub.impl.thing", "calls") in set(g.edges_of("pkg.b.f"))
    assert "pkg.b.f" in g.dependents("pkg.sub.impl.thing")


def test_a_local_added_to_an_enclosing_function_changes_what_its_inner_function_uses(tmp_path: Path) -> None:
    """Plain assignments of a function count for the reuse of resolutions only where an inner
    function can see them: adding ``helper = ...`` to ``outer`` makes ``inner``'s call local."""
    from docfact.graph.graph import ProjectGraph

    path = str(tmp_path / "m.py")
    before = "def helper():\n    return 1\n\ndef outer():\n    def inner():\n        return helper()\n    return inner\n"
    after = before.replace("def outer():\n", "def outer():\n    helper = len\n")
    g = ProjectGraph(tmp_path)
    g.update_file(path, before, "m")
    assert ("m.helper", "calls") in set(g.edges_of("m.outer.inner"))
    g.update_file(path, after, "m")
    assert ("m.helper", "calls") not in set(g.edges_of("m.outer.inner"))
    g.update_file(path, before, "m")
    assert ("m.helper", "calls") in set(g.edges_of("m.outer.inner"))


def _write(root: Path, files: dict[str, str]) -> ProjectGraph:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return ProjectGraph.from_root(root)


def test_star_imports_of_a_large_package_are_followed_to_the_end(tmp_path: Path) -> None:
    """networkx's shape: the package star-imports a subpackage that star-imports 100 modules;
    a name defined in the last one still resolves through ``pkg.name``."""
    files = {f"pkg/algo/m{i:03}.py": f"__all__ = ['f{i}']\n\n\ndef f{i}():\n    return {i}\n" for i in range(100)}
    files["pkg/algo/__init__.py"] = "".join(f"from pkg.algo.m{i:03} import *\n" for i in range(100))
    files["pkg/__init__.py"] = "from pkg.algo import *\n"
    files["app.py"] = "import pkg\n\n\ndef run():\n    return pkg.f99()\n"
    graph = _write(tmp_path, files)
    assert _res(graph, "app.run", "pkg.f99") == ("project", "pkg.algo.m099.f99")
    assert _res(graph, "app.run", "pkg.f100") is None


def test_star_import_binds_only_the_names_of_all(tmp_path: Path) -> None:
    """``from m import *`` binds what ``m.__all__`` lists, or else its public names: an alias
    imported into one module is not re-exported when ``__all__`` leaves it out."""
    graph = _write(tmp_path, {
        "pkg/__init__.py": "from pkg.sub import *\nfrom pkg.paths import *\nfrom pkg.open import *\n",
        "pkg/sub.py": "from pkg.paths import _basic as shortest_path\n\n__all__ = ['subset']\n\n\ndef subset():\n    return shortest_path()\n",
        "pkg/paths.py": "__all__ = [\n    'shortest_path',  # the public one\n    \"_basic\",\n]\n\n\ndef shortest_path():\n    return 1\n\n\ndef _basic():\n    return 2\n",
        "pkg/open.py": "def visible():\n    return 1\n\n\ndef _hidden():\n    return 2\n",
        "app.py": "import pkg\n\n\ndef run():\n    return pkg.shortest_path()\n",
    })
    assert _res(graph, "app.run", "pkg.shortest_path") == ("project", "pkg.paths.shortest_path")
    assert _res(graph, "app.run", "pkg._basic") == ("project", "pkg.paths._basic")  # listed in __all__
    assert _res(graph, "app.run", "pkg.visible") == ("project", "pkg.open.visible")
    assert _res(graph, "app.run", "pkg._hidden") is None


def test_the_last_star_import_wins(tmp_path: Path) -> None:
    """As in Python, a name bound by two star imports is the one of the later import
    (networkx: ``readwrite`` and then ``algorithms`` both export a ``tree``)."""
    graph = _write(tmp_path, {
        "pkg/__init__.py": "from pkg.readwrite import *\nfrom pkg.algorithms import *\n",
        "pkg/readwrite/__init__.py": "from pkg.readwrite import tree\n",
        "pkg/readwrite/tree.py": "def tree_data():\n    return 1\n",
        "pkg/algorithms/__init__.py": "from pkg.algorithms import tree\n",
        "pkg/algorithms/tree.py": "def is_tree():\n    return 1\n",
        "app.py": "import pkg\n\n\ndef run():\n    return pkg.tree.is_tree()\n",
    })
    assert _res(graph, "app.run", "pkg.tree") == ("project", "pkg.algorithms.tree")
    assert _res(graph, "app.run", "pkg.tree.is_tree") == ("project", "pkg.algorithms.tree.is_tree")


def test_a_bare_name_in_a_class_body_does_not_see_the_members_of_its_bases(tmp_path: Path) -> None:
    """In ``class RunVar(Generic[T])`` the names ``Generic`` and ``T`` are the module's (an
    import and a TypeVar), not members of the base; only ``self.x`` sees inherited members."""
    graph = _write(tmp_path, {
        "m.py": (
            "from typing import Generic, TypeVar\n\nT = TypeVar('T')\nlimit = 3\n\n\n"
            "class Base:\n    limit = 5\n\n\n"
            "class RunVar(Generic[T], Base):\n    size = limit\n\n"
            "    def get(self):\n        return self.limit\n"
        ),
    })
    assert _res(graph, "m.RunVar", "Generic") == ("external", "typing.Generic")
    assert _res(graph, "m.RunVar", "T") == ("project", "m.T")
    assert _res(graph, "m.RunVar", "limit") == ("project", "m.limit")
    assert _res(graph, "m.RunVar.get", "self.limit") == ("project", "m.Base.limit")
