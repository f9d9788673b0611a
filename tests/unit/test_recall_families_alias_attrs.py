"""Recall families that the held-out summary named (benchmarks/realerrors_misses_test.md), each
with planted cases on invented code that must fire and look-alike traps that must stay quiet:

- a name the package no longer defines, written through the project's own import alias of the
  package (``gk.old_volume`` where the project writes ``import geomkit as gk``) or a
  subpackage's short name (``geo.old_bearing``), in Sphinx roles and in code blocks that never
  import it (``C1.unknown-reference``, ``C1.example-attribute``), only where the module is a
  closed world;
- an ``Attributes`` entry whose type every assignment of the attribute in the class's (or a
  project base class's) methods contradicts (``C2.param-type``), only in a closed hierarchy;
- a ``:param x:`` entry for a parameter the function does not take beside correct entries
  (``C1.unknown-param``, already caught: one case pins it).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from docfact.config import Settings
from docfact.engine import Engine


def _judge(root: Path, files: dict[str, str], target: str) -> list[tuple[str, str, str]]:
    """Write the project, judge ``target`` with every rule (preview ones too) and list
    (rule, sentence, message) of its findings."""
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    engine = Engine(root, Settings(preview=True))
    engine.load()
    result = engine.check_file(str(root / target))
    return [(f.rule, f.segment.text, f.message) for f in result.findings]


# ---- a name written through the package's alias or a subpackage path --------------------------

GEOMKIT = {
    "geomkit/__init__.py": '''
        """Geomkit: plane shapes.

        >>> import geomkit as gk
        >>> gk.area(2)
        4
        """
        from .core import area, perimeter
        from . import geo
        ''',
    "geomkit/core.py": '''
        """Core measures."""


        def area(x):
            """Area of a square of side ``x``."""
            return x * x


        def perimeter(x):
            """Perimeter of a square of side ``x``."""
            return 4 * x
        ''',
    "geomkit/geo.py": '''
        """Bearings and distances."""


        def distance(a, b):
            """Distance between two points on a line."""
            return abs(a - b)
        ''',
}


def _with_doc(doc: str, files: dict[str, str] | None = None) -> dict[str, str]:
    body = textwrap.indent(textwrap.dedent(doc).strip("\n"), "    ")
    return {**(files or GEOMKIT), "geomkit/scale.py": f'''
"""Scaling."""


def scale(x):
    """{body.lstrip()}
    """
    return x
'''}


@pytest.mark.parametrize(("doc", "rule"), [
    pytest.param("Scale a shape; see :func:`gk.old_volume`.", "C1.unknown-reference", id="role-through-alias"),
    pytest.param("Scale a shape; see :func:`gk.geo.old_bearing`.", "C1.unknown-reference",
                 id="role-through-alias-and-subpackage"),
    pytest.param("Scale a shape; see :func:`geo.old_bearing`.", "C1.unknown-reference", id="role-through-subpackage"),
    pytest.param('''
        Scale a shape.

        .. code-block:: python

            y = gk.old_volume(3)
        ''', "C1.example-attribute", id="code-block-alias-never-imported"),
    pytest.param('''
        Scale a shape.

        Example::

            gk.geo.old_bearing(1, 2)
        ''', "C1.example-attribute", id="literal-block-alias-subpackage"),
])
def test_name_through_package_alias_fires(tmp_path: Path, doc: str, rule: str) -> None:
    found = _judge(tmp_path, _with_doc(doc), "geomkit/scale.py")
    assert [r for r, _, _ in found] == [rule], found


@pytest.mark.parametrize("doc", [
    pytest.param("Scale a shape; see :func:`gk.area`.", id="trap-alias-real-name"),
    pytest.param("Scale a shape; see :func:`gk.geo.distance`.", id="trap-alias-real-subpackage-name"),
    pytest.param("Scale a shape; see :func:`geo.distance`.", id="trap-subpackage-real-name"),
    pytest.param("Scale a shape; see :func:`zz.old_volume`.", id="trap-not-an-alias"),
    pytest.param('''
        Scale a shape.

        .. code-block:: python

            y = gk.perimeter(3) + gk.geo.distance(1, 2)
        ''', id="trap-code-block-real-names"),
    pytest.param('''
        Scale a shape.

        .. code-block:: python

            import numpy as gk
            gk.old_volume(3)
        ''', id="trap-example-binds-alias-to-another-module"),
    pytest.param('''
        Scale a shape; ``gk.old_volume`` was removed.

        Formerly::

            gk.old_volume(3)
        ''', id="trap-removed-on-purpose"),
])
def test_name_through_package_alias_traps(tmp_path: Path, doc: str) -> None:
    assert _judge(tmp_path, _with_doc(doc), "geomkit/scale.py") == []


def test_alias_used_for_two_modules_is_no_alias(tmp_path: Path) -> None:
    files = {**GEOMKIT, "geomkit/plot.py": '"""Plots."""\nimport geomkit.geo as gk\n'}
    assert _judge(tmp_path, _with_doc("Scale a shape; see :func:`gk.old_volume`.", files), "geomkit/scale.py") == []


def test_submodule_named_like_the_standard_library_is_not_meant(tmp_path: Path) -> None:
    files = {**GEOMKIT, "geomkit/json.py": '"""Shapes as JSON."""\n\n\ndef dump_shape(x):\n    """Dump."""\n    return x\n'}
    doc = "Scale a shape; serialize it with :func:`json.dumps`."
    assert _judge(tmp_path, _with_doc(doc, files), "geomkit/scale.py") == []


def test_open_module_is_not_judged(tmp_path: Path) -> None:
    files = {**GEOMKIT, "geomkit/__init__.py": GEOMKIT["geomkit/__init__.py"] + '''

        def __getattr__(name):
            raise AttributeError(name)
        '''}
    doc = '''
        Scale a shape; see :func:`gk.old_volume`.

        .. code-block:: python

            gk.old_volume(3)
        '''
    assert _judge(tmp_path, _with_doc(doc, files), "geomkit/scale.py") == []


def test_module_binding_the_alias_itself_is_not_the_package(tmp_path: Path) -> None:
    files = {**GEOMKIT, "geomkit/scale.py": '''
        """Scaling."""
        from geomkit import geo as gk


        def scale(x):
            """Scale; see :func:`gk.old_volume`."""
            return x
        '''}
    found = _judge(tmp_path, files, "geomkit/scale.py")
    assert all("old_volume" not in m or "geomkit.geo" in m or "gk" in m for _, _, m in found)
    assert [r for r, _, _ in found if r == "C1.unknown-reference"] in ([], ["C1.unknown-reference"])


# ---- a documented attribute type against what the methods assign ------------------------------

BASE = '''
    """Estimators."""


    class Base:
        """The fitted state every estimator keeps."""

        def fit(self, X):
            """Fit."""
            self.table_ = dict(rows=len(X))
            self.n_seen_ = 0
            self.names_ = []
            self.scores_ = None
            self.scores_ = [1.0]
            return self

        def partial_fit(self, X):
            """Fit more."""
            self.n_seen_ += 1
            self.names_ = [str(x) for x in X]
            return self
'''


def _estimator(attributes: str, base: str = BASE, extra: str = "") -> dict[str, str]:
    attrs = textwrap.indent(textwrap.dedent(attributes).strip("\n"), " " * 4)
    return {"est/__init__.py": "", "est/models.py": textwrap.dedent(base) + f'''

class Model(Base):
    """A model.

    Attributes
    ----------
{attrs}
    """

    def __init__(self, k=1):
        self.k = k
{extra}'''}


@pytest.mark.parametrize("attributes", [
    pytest.param("table_ : list of str\n    Row names.", id="dict-documented-as-list"),
    pytest.param("n_seen_ : str\n    How many.", id="int-documented-as-str"),
    pytest.param("names_ : dict\n    Names.", id="list-documented-as-dict"),
    pytest.param("scores_ : dict\n    Scores, None before fit.", id="none-placeholder-then-list"),
])
def test_attribute_type_against_assignments_fires(tmp_path: Path, attributes: str) -> None:
    found = _judge(tmp_path, _estimator(attributes), "est/models.py")
    assert [r for r, _, _ in found] == ["C2.param-type"], found
    assert "the code assigns it" in found[0][2]


def test_google_attributes_in_own_methods_fire(tmp_path: Path) -> None:
    files = {"box.py": '''
        """Boxes."""


        class Box:
            """A box.

            Attributes:
                labels (dict): The labels.
            """

            def __init__(self):
                self.labels = []
        '''}
    assert [r for r, _, _ in _judge(tmp_path, files, "box.py")] == ["C2.param-type"]


@pytest.mark.parametrize(("attributes", "base", "extra"), [
    pytest.param("table_ : dict\n    Rows.", BASE, "", id="trap-right-type"),
    pytest.param("n_seen_ : int\n    How many.", BASE, "", id="trap-int-with-augmented-assignment"),
    pytest.param("names_ : list of str\n    Names.", BASE, "", id="trap-list-comprehension"),
    pytest.param("k : str\n    The k.", BASE, "", id="trap-assigned-from-a-parameter"),
    pytest.param("table_ : list\n    Rows.", BASE.replace("class Base:", "class Base(External):")
                 .replace('"""Estimators."""', '"""Estimators."""\nfrom elsewhere import External'), "",
                 id="trap-external-base-open"),
    pytest.param("table_ : list\n    Rows.", BASE, "\n    def __setattr__(self, name, value):\n"
                 "        object.__setattr__(self, name, value)\n", id="trap-setattr-override"),
    pytest.param("table_ : list\n    Rows.", BASE, "\n    def load(self, data):\n"
                 "        for key, value in data.items():\n            setattr(self, key, value)\n",
                 id="trap-setattr-computed-name"),
    pytest.param("table_ : list\n    Rows.", BASE, "\n    def refit(self, rows):\n        self.table_ = rows\n",
                 id="trap-another-assignment-unknown"),
    pytest.param("names_ : dict\n    Names.", BASE + "\n\ndef rename(model):\n    model.names_ = {}\n", "",
                 id="trap-assigned-elsewhere"),
    pytest.param("flag_ : bool\n    Whether.", BASE, "\n    def go(self, x):\n        self.flag_ = x > 0\n",
                 id="trap-comparison-may-be-an-array"),
    pytest.param("label : str\n    Set by users.", BASE, "\n    def reset(self):\n        self.label = None\n",
                 id="trap-only-ever-none"),
    pytest.param("best_ : float\n    Best score.", BASE, "\n    def go(self):\n        self.best_ = 0\n",
                 id="trap-int-literal-for-float"),
])
def test_attribute_type_traps(tmp_path: Path, attributes: str, base: str, extra: str) -> None:
    assert _judge(tmp_path, _estimator(attributes, base, extra), "est/models.py") == []


def test_attribute_documented_for_subclasses_is_open(tmp_path: Path) -> None:
    files = _estimator("names_ : dict\n    Names.")
    files["est/more.py"] = '''
        """More."""
        from est.models import Model


        class Wider(Model):
            """Wider."""

            def fit(self, X):
                """Fit."""
                self.names_ = {x: 1 for x in X}
                return self
        '''
    assert _judge(tmp_path, files, "est/models.py") == []


# ---- :param x: for a parameter the function does not take -------------------------------------

def test_unknown_sphinx_param_beside_correct_ones(tmp_path: Path) -> None:
    files = {"load.py": '''
        """Loading."""


        def load(path, mode="r"):
            """Load a file.

            :param path: the path.
            :type path: str
            :param encoding: the encoding.
            :param mode: the mode.
            """
            return open(path, mode)
        '''}
    found = _judge(tmp_path, files, "load.py")
    assert [(r, s) for r, s, _ in found] == [("C1.unknown-param", ":param encoding: the encoding.")]


def test_one_files_submodule_alias_is_a_readers_variable(tmp_path: Path) -> None:
    """One file's ``import geomkit.geo as geo_mod`` is no convention an example assumes: ``geo_mod``
    in an example is the reader's own variable (an instance), so its attributes are not checked."""
    files = {**GEOMKIT, "geomkit/plot.py": '"""Plots."""\nimport geomkit.geo as shape\n'}
    doc = '''
        Scale a shape.

        .. code-block:: python

            with shape.fast_mode():
                shape.scaled(2)
        '''
    assert _judge(tmp_path, _with_doc(doc, files), "geomkit/scale.py") == []


def test_submodule_alias_written_in_two_files_is_a_convention(tmp_path: Path) -> None:
    files = {**GEOMKIT, "geomkit/plot.py": '"""Plots."""\nimport geomkit.geo as gg\n',
             "geomkit/draw.py": '"""Drawing."""\nimport geomkit.geo as gg\n'}
    doc = '''
        Scale a shape.

        .. code-block:: python

            gg.old_bearing(1, 2)
        '''
    assert [r for r, _, _ in _judge(tmp_path, _with_doc(doc, files), "geomkit/scale.py")] == ["C1.example-attribute"]
