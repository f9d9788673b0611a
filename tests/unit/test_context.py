"""related_info/render: which definitions a judge sees for one entity, and how they read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from docfact.graph.context import TRUNCATED, UNRESOLVED, related_info, render
from docfact.graph.graph import ProjectGraph

GRAPHPROJ = Path(__file__).resolve().parents[1] / "workspaces" / "graphproj"


@pytest.fixture(scope="module")
def graph() -> ProjectGraph:
    return ProjectGraph.from_root(GRAPHPROJ)


def _names(text: str) -> list[str]:
    return re.findall(r"^# (\S+) #$", text, flags=re.M)


def _ctx(graph: ProjectGraph, qualname: str, **kw: int) -> str:
    ent = graph.entity(qualname)
    assert ent is not None
    return render(related_info(graph, ent, **kw))


@pytest.mark.parametrize(
    ("qualname", "hops", "expected"),
    [
        pytest.param("shop.store.helper", 0, [], id="hops-0-nothing"),
        pytest.param("shop.store.helper", 1, ["shop.util.text.slugify"], id="hops-1-direct-only"),
        pytest.param(
            "shop.store.Store.prune", 1,
            ["shop.store.LIMIT", "shop.util.text.Token", "shop.util.parsing.parse",
             "shop.store.Store.path", "collections.OrderedDict", "numpy_not_installed.array",
             "shop.base.BaseStore.validate"],
            id="hops-1-order-of-first-use",
        ),
        pytest.param(
            "shop.store.Store.save", 1,
            ["shop.store.Store.items", "shop.store.helper", "shop.store.Store.flush"],
            id="hops-1-method",
        ),
        pytest.param(
            "shop.store.Store.save", 2,
            ["shop.store.Store.items", "shop.store.helper", "shop.store.Store.flush",
             "shop.util.text.slugify", "typing.Optional", "os.path.join", "shop.store.Store.path",
             "json.dumps"],
            id="hops-2-adds-their-deps",
        ),
        pytest.param(
            "com.acme.core.Service.Service.process", 1,
            ["java.util.List", "java.util.List.add", "com.acme.core.Service.Service.save",
             "com.acme.util.Text.Text.upper", "com.acme.util.Counter.Counter",
             "java.util.concurrent.Executor", "com.acme.util.Text.Text.shout",
             "com.acme.core.Base.Base.validate", "com.acme.core.Helper.Helper.run"],
            id="java-hops-1",
        ),
    ],
)
def test_selection(graph: ProjectGraph, qualname: str, hops: int, expected: list[str]) -> None:
    assert _names(_ctx(graph, qualname, hops=hops)) == expected


def test_function_block_is_code_as_written(graph: ProjectGraph) -> None:
    text = _ctx(graph, "shop.store.helper")
    assert text == (
        "# shop.util.text.slugify #\n"
        "def slugify(text: str) -> str:\n"
        '    """Make a slug."""\n'
        '    return "-".join(text.split())'
    )


def test_method_block_is_dedented(graph: ProjectGraph) -> None:
    text = _ctx(graph, "shop.store.Store.prune")
    assert (
        "# shop.base.BaseStore.validate #\n"
        "def validate(self) -> bool:\n"
        '    """Check the store is consistent."""\n'
        "    return True"
    ) in text


def test_class_block_has_header_docstring_and_member_signatures(graph: ProjectGraph) -> None:
    text = _ctx(graph, "shop.cli.main")
    block = text.split("# shop.store.Store #\n", 1)[1].split("\n\n", 1)[0]
    assert block.splitlines() == [
        "class Store(BaseStore)",
        '    """Keeps items in memory."""',
        "    capacity: int = 10",
        "    def __init__(self, path: str) -> None",
        "    def save(self, item: str) -> None",
        "    def flush(self) -> Optional[str]",
        "    def prune(self, n: int = LIMIT) -> list[Tok]",
        "    self.path = path",
        "    self.items: list[str] = []",
    ]


def test_externals_read_statically(graph: ProjectGraph) -> None:
    text = _ctx(graph, "shop.store.Store.flush")
    assert "# os.path.join #\ndef join(a, *p)\n\"\"\"Join two or more pathname components" in text
    assert "(defined in posixpath.join)" in text
    assert "# json.dumps #\ndef dumps(obj, *," in text
    assert '"""Serialize ``obj`` to a JSON formatted ``str``.' in text


def test_unknown_external_is_marked_unresolved(graph: ProjectGraph) -> None:
    text = _ctx(graph, "shop.store.Store.prune")
    assert f"# numpy_not_installed.array #\n{UNRESOLVED}" in text
    java = _ctx(graph, "com.acme.core.Service.Service.process")
    assert f"# java.util.concurrent.Executor #\n{UNRESOLVED}" in java


def test_builtins_get_no_block(graph: ProjectGraph) -> None:
    text = _ctx(graph, "shop.cli.main")
    assert "# len #" not in text and "# str #" not in text and "builtins" not in text


def test_deterministic_and_deduplicated(graph: ProjectGraph) -> None:
    first = _ctx(graph, "shop.cli.main", hops=2)
    again = ProjectGraph.from_root(GRAPHPROJ)
    ent = again.entity("shop.cli.main")
    assert ent is not None
    assert render(related_info(again, ent, hops=2)) == first
    names = _names(first)
    assert len(names) == len(set(names))
    assert "shop.cli.main" not in names  # never itself


@pytest.mark.parametrize("budget", [200, 400, 700, 1000, 3000])
def test_budget_bounds_the_rendering(graph: ProjectGraph, budget: int) -> None:
    ent = graph.entity("shop.cli.main")
    assert ent is not None
    full = render(related_info(graph, ent, hops=2, budget=100_000))
    blocks = related_info(graph, ent, hops=2, budget=budget)
    text = render(blocks)
    assert len(text) <= budget
    if len(full) > budget:
        last = text.splitlines()[-1]
        assert re.fullmatch(r"\(\d+ more related definitions? omitted: size budget\)", last) or TRUNCATED in text
        kept = [b for b in blocks if b.kind != "omitted"]
        omitted = int(last.split()[0][1:]) if last.startswith("(") else 0
        assert len(kept) + omitted == len(_names(full))


def test_long_block_is_truncated_with_marker(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(400))
    (tmp_path / "big.py").write_text(f"def big():\n{body}\n    return x1\n\n\ndef user():\n    return big()\n")
    graph = ProjectGraph.from_root(tmp_path)
    user = graph.entity("big.user")
    assert user is not None
    blocks = related_info(graph, user, budget=1500)
    assert len(blocks) == 1 and blocks[0].truncated
    text = render(blocks)
    assert text.endswith(TRUNCATED) and len(text) <= 1500
    assert text.startswith("# big.big #\ndef big():\n    x0 = 0\n")
