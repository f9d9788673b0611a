"""C1 names that point at the wrong thing: a See Also entry naming the documented entity itself,
the counterpart of the project class the code really uses, a condition on a name that is no
parameter, a listed key the body never reads, and a name written after "used to" in its other
sense. Each planted slip has true look-alikes that stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files


def c1(tmp_path: Path, source: str, extra: dict[str, str] | None = None,
       target: str = "pkg/mod.py") -> list[tuple[str, str]]:
    files = {"pkg/__init__.py": "", "pkg/mod.py": source, **(extra or {})}
    result = judge_files(tmp_path, files, target)
    return [(f.rule, f.message) for f in result.findings if f.criterion == "C1"]


LASSO = '''
class Lasso:
    """A linear model.

    See Also
    --------
    {entry} : The model with cross-validation.
    """

    def fit(self, X):
        """Fit the model.

        See Also
        --------
        {method_entry}
        """
        return self


class LassoCV(Lasso):
    """Lasso with cross-validation."""


def fit(X):
    """Fit a model."""
    return Lasso().fit(X)
'''


@pytest.mark.parametrize(("entry", "method_entry", "expected"), [
    pytest.param("Lasso", "LassoCV.fit", "`Lasso` points at this class itself", id="class-lists-itself"),
    pytest.param("pkg.Lasso", "LassoCV.fit", "`pkg.Lasso` points at this class itself", id="class-by-module-path"),
    pytest.param("LassoCV", "Lasso.fit", "`Lasso.fit` points at this method itself", id="method-with-its-class"),
    pytest.param("LassoCV", "fit", None, id="trap-bare-name-in-a-method-is-the-module-function"),
    pytest.param("LassoCV", "LassoCV.fit", None, id="trap-another-class-s-method"),
    pytest.param("other.Lasso", "LassoCV.fit", None, id="trap-another-package-s-class"),
])
def test_see_also_naming_the_documented_entity(tmp_path: Path, entry: str, method_entry: str,
                                               expected: str | None) -> None:
    got = [m for r, m in c1(tmp_path, LASSO.format(entry=entry, method_entry=method_entry))
           if r == "C1.self-reference"]
    if expected is None:
        assert got == []
    else:
        assert len(got) == 1 and expected in got[0]


def test_see_also_self_is_quiet_when_the_name_is_defined_twice(tmp_path: Path) -> None:
    # the project has another ``Lasso`` (say, a sparse one): the entry may mean that one
    got = c1(tmp_path, LASSO.format(entry="Lasso", method_entry="LassoCV.fit"),
             {"pkg/sparse.py": "class Lasso:\n    pass\n"})
    assert [r for r, _ in got if r == "C1.self-reference"] == []


FAMILY = '''
class Frame:
    """A frame."""

    def cummin(self):
        """Cumulative minimum.

        See Also
        --------
        Frame.cummax : Cumulative maximum.
        Frame.cummin : Cumulative minimum.
        Frame.cumsum : Cumulative sum.
        """

    def cummax(self):
        """Cumulative maximum."""

    def cumsum(self):
        """Cumulative sum."""
'''


def test_see_also_self_is_quiet_in_a_family_list(tmp_path: Path) -> None:
    # one list shared by the family: naming the entity itself is the list's design
    assert c1(tmp_path, FAMILY) == []


JAVA = '''
package shop;

public class Cart {{
    /**
     * Adds up the lines.
     * @see {see}
     */
    public int total() {{ return 0; }}
{more}
}}
'''


@pytest.mark.parametrize(("see", "more", "flagged"), [
    pytest.param("#total", "", True, id="java-see-itself"),
    pytest.param("Cart#total", "", True, id="java-see-itself-with-class"),
    pytest.param("#total", "    public int total(int tax) { return tax; }", False, id="trap-java-overload"),
    pytest.param("#count", "    public int count() { return 1; }", False, id="trap-java-other-member"),
])
def test_java_see_naming_the_method_itself(tmp_path: Path, see: str, more: str, flagged: bool) -> None:
    result = judge_files(tmp_path, {"shop/Cart.java": JAVA.format(see=see, more=more)}, "shop/Cart.java")
    got = [f.rule for f in result.findings if f.criterion == "C1"]
    assert got == (["C1.self-reference"] if flagged else [])


TREES = '''
class TreeClassifier:
    """Predicts classes."""


class TreeRegressor:
    """Predicts numbers."""


class Base:
    """The shared forest."""

    def grow(self):
        return {base_uses}()


class Forest(Base):
    """A forest.

    {sentence}
    """

    def fit(self, rows):
        self.trees = [{uses}() for _ in rows]
        return self
'''


@pytest.mark.parametrize(("sentence", "uses", "base_uses", "flagged"), [
    pytest.param("Each tree is an underlying :class:`TreeRegressor`.", "TreeClassifier", "list", True,
                 id="underlying-counterpart"),
    pytest.param("It uses ``TreeRegressor`` for every tree.", "TreeClassifier", "list", True, id="uses-counterpart"),
    pytest.param("Each tree is an underlying :class:`TreeClassifier`.", "TreeClassifier", "list", False,
                 id="trap-the-class-it-uses"),
    pytest.param("Unlike :class:`TreeRegressor`, it uses votes.", "TreeClassifier", "list", False,
                 id="trap-a-contrast"),
    pytest.param("Its trees are faster than :class:`TreeRegressor`.", "TreeClassifier", "list", False,
                 id="trap-no-claim-of-use"),
    pytest.param("Each tree is an underlying :class:`TreeRegressor`.", "TreeClassifier", "TreeRegressor", False,
                 id="trap-a-base-uses-it"),
    pytest.param("Each tree is an underlying :class:`TreeRegressor`.", "list", "list", False,
                 id="trap-the-code-uses-neither"),
    pytest.param("Its trees are used by :class:`TreeRegressor` too.", "TreeClassifier", "list", False,
                 id="trap-used-by-another"),
    pytest.param("It needs no :class:`TreeRegressor`, using plain lists.", "TreeClassifier", "list", False,
                 id="trap-the-cue-is-not-before-the-name"),
])
def test_counterpart_class(tmp_path: Path, sentence: str, uses: str, base_uses: str, flagged: bool) -> None:
    got = c1(tmp_path, TREES.format(sentence=sentence, uses=uses, base_uses=base_uses))
    if flagged:
        assert got == [("C1.wrong-counterpart", "the code does not use `TreeRegressor` anywhere "
                        "(nor do its bases or callees); it uses `TreeClassifier`")]
    else:
        assert [r for r, _ in got if r == "C1.wrong-counterpart"] == []


DRAW = '''
def render():
    """Render the scene."""


class Canvas:
    """A canvas."""

    def __init__(self):
        self.ax = None

    def draw(self, values, fig=None{extra}):
        """Draw the values.

        Parameters
        ----------
        values : list
            The values{values_note}.
        fig : Figure, optional
            The figure to draw on.

        Returns
        -------
        Figure
            If `{name}` is None, a new figure; otherwise the figure passed in.
        """
        {body}
        return fig if fig is not None else list(values)
'''


@pytest.mark.parametrize(("name", "extra", "values_note", "body", "flagged"), [
    pytest.param("axes", "", "", "pass", True, id="no-such-parameter"),
    pytest.param("fig", "", "", "pass", False, id="trap-the-parameter"),
    pytest.param("axes", ", **kwargs", "", "pass", False, id="trap-kwargs-may-carry-it"),
    pytest.param("axes", "", "", "axes = fig\n        if axes is None: fig = 1", False, id="trap-a-local-it-tests"),
    pytest.param("ax", "", "", "pass", False, id="trap-an-attribute-of-the-instance"),
    pytest.param("axes", "", " (pairs of ``(axes, value)``)", "pass", False, id="trap-a-part-of-a-parameter"),
    pytest.param("axes", "", "", "if 'axes' in values: fig = 1", False, id="trap-read-as-a-key"),
    pytest.param("render", "", "", "pass", False, id="trap-a-project-function-s-output"),
])
def test_condition_on_a_name_that_is_no_parameter(tmp_path: Path, name: str, extra: str, values_note: str,
                                                  body: str, flagged: bool) -> None:
    got = c1(tmp_path, DRAW.format(name=name, extra=extra, values_note=values_note, body=body))
    got = [m for r, m in got if r == "C1.condition-on-unknown"]
    if flagged:
        assert got == ["the sentence depends on `axes` being None, but `axes` is not a parameter of `draw` "
                       "(parameters: values, fig) and its code never tests it"]
    else:
        assert got == []


ROW = '''
def plot_position(row, limits):
    """The plotting position of an observation.

    Parameters
    ----------
    row : dict
        One observation; requires a {keys} entry.
    limits : list
        The detection limits.
    """
    {body}
'''


@pytest.mark.parametrize(("keys", "body", "flagged"), [
    pytest.param("'rank' and a 'detection_limit'", "return limits[row['det_limit_index']] * row['rank']", True,
                 id="listed-key-never-read"),
    pytest.param("'rank' and a 'det_limit_index'", "return limits[row['det_limit_index']] * row['rank']", False,
                 id="trap-every-listed-key-read"),
    pytest.param("'rank' and a 'detection_limit'", "return limits[row['det_limit_index']] + row['rank'] + row['n']",
                 False, id="trap-two-keys-unlisted"),
    pytest.param("'rank' and a 'detection_limit'", "helper(row)\n    return limits[row['det_limit_index']] * row['rank']",
                 False, id="trap-handed-to-another-function"),
    pytest.param("'size' and a 'detection_limit'", "return limits[row['det_limit_index']] * row['rank']", False,
                 id="trap-no-listed-key-read"),
])
def test_listed_key_the_body_never_reads(tmp_path: Path, keys: str, body: str, flagged: bool) -> None:
    got = [m for r, m in c1(tmp_path, ROW.format(keys=keys, body=body)) if r == "C1.unknown-key"]
    if flagged:
        assert got == ["`detection_limit` is not a key `plot_position` reads from `row` (it reads "
                       "`det_limit_index`, `rank`); did you mean `det_limit_index`?"]
    else:
        assert got == []


CACHE = '''
def get_configdir():
    """Return the config directory."""
    return "~/.config"


def get_cachedir():
    """Return the cache directory.

    {sentence}
    """
    return "~/.cache"
'''


@pytest.mark.parametrize(("sentence", "flagged"), [
    pytest.param("The procedure used to find it is the same as for _get_config_dir.", True,
                 id="used-to-as-a-participle"),
    pytest.param("It used to call _get_config_dir.", False, id="trap-used-to-as-history"),
    pytest.param("The value of _get_config_dir used to be the same.", False, id="trap-used-to-be"),
])
def test_used_to_is_history_only_in_its_history_sense(tmp_path: Path, sentence: str, flagged: bool) -> None:
    got = c1(tmp_path, CACHE.format(sentence=sentence))
    assert got == ([("C1.unknown-name", "`_get_config_dir` does not exist in the code, its direct dependencies "
                     "or the project; did you mean `get_configdir`?")] if flagged else [])


FLAGS = '''
MEMORY_STORE_ALL = 0
MEMORY_NO_GAIN = 0x10
MEMORY_NO_SMOOTHING = 0x20
MEMORY_NO_STD_FORECAST = 0x40


def set_conserve_memory(flags):
    """Set the memory conservation flags.

    Notes
    -----
    The flags available are:

    MEMORY_STORE_ALL = 0
        Store all matrices.
    MEMORY_NO_GAIN = 0x10
        Do not store the gains.
    MEMORY_NO_SMOOTHING = 0x20
        Do not store smoothing variables.
    {entry}
        Do not store standardized forecast errors.

    {doctest}
    """
    return flags
'''


@pytest.mark.parametrize(("entry", "doctest", "expected"), [
    pytest.param("MEMORY_NO_SMOOTHING = 0x20", "", "did you mean `MEMORY_NO_STD_FORECAST`?", id="listed-twice"),
    pytest.param("MEMORY_NO_STD_FORECAST = 0x40", "", None, id="trap-every-entry-once"),
    pytest.param("MEMORY_NO_STD_FORECAST = 0x40",
                 ">>> for flags in (0, 1):\n    ...     print('flags = %s' % flags)\n    flags = 0\n"
                 "        [0]\n    flags = 0\n        [1]", None, id="trap-doctest-output"),
])
def test_definition_list_naming_an_entry_twice(tmp_path: Path, entry: str, doctest: str,
                                               expected: str | None) -> None:
    got = [m for r, m in c1(tmp_path, FLAGS.format(entry=entry, doctest=doctest)) if r == "C1.duplicate-entry"]
    if expected is None:
        assert got == []
    else:
        assert len(got) == 1 and got[0].startswith("`MEMORY_NO_SMOOTHING` is listed twice") and expected in got[0]


def test_condition_in_the_doc_of_a_function_without_arguments_is_quiet(tmp_path: Path) -> None:
    # a test's doc speaks of the arguments of the function it tests
    source = '''
def test_weights():
    """Check that an error is raised when `sample_weight` is provided."""
    assert True
'''
    assert c1(tmp_path, source) == []


SELF_NEAR = '''
class Creation:
    @property
    def _maindb_connection(self):
        """{sentence}"""
        return self.connection

    @property
    def connection(self):
        """The connection."""
        return None
'''


def test_a_stale_name_beside_the_documented_one_is_reported_without_suggesting_it(tmp_path: Path) -> None:
    """A doc that sets its code beside another's stale name: the name is reported, but "did you
    mean" does not point at the documented property itself."""
    got = c1(tmp_path, SELF_NEAR.format(sentence="This is analogous to other backends' `_nodb_connection` property."))
    assert [rule for rule, _ in got] == ["C1.unknown-name"]
    assert "`_nodb_connection` does not exist" in got[0][1] and "did you mean" not in got[0][1]


def test_a_slip_of_the_documented_name_itself_still_gets_its_suggestion(tmp_path: Path) -> None:
    got = c1(tmp_path, SELF_NEAR.format(sentence="Read `_maindb_conection` before the test database exists."))
    assert [(rule, "did you mean `_maindb_connection`" in msg) for rule, msg in got] == [("C1.unknown-name", True)]
