"""C1 names written another way: a misnamed attribute (in an ``Attributes`` entry or in prose),
a missing name that abbreviates, derives or reorders a real one, the doc's own name reordered,
and a misspelt key of a ``**kwargs`` dict. Each planted slip has a true look-alike that stays
quiet."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files

from docfact.judges.name_relatives import relation


def c1(tmp_path: Path, source: str, extra: dict[str, str] | None = None) -> list[tuple[str, str]]:
    result = judge_files(tmp_path, {"pkg/__init__.py": "", "pkg/mod.py": source, **(extra or {})}, "pkg/mod.py")
    return [(f.rule, f.message) for f in result.findings if f.criterion == "C1"]


@pytest.mark.parametrize(("written", "real", "kind"), [
    pytest.param("fit_iterative", "iterative_fit", "order", id="order"),
    pytest.param("_modified_Newton", "_modif_newton", "word", id="abbreviated-word"),
    pytest.param("MetadataRouting", "MetadataRouter", "word", id="derived-word"),
    pytest.param("forecast_error_cov", "forecasts_error_cov", "word", id="plural-inside"),
    pytest.param("_get_config_dir", "get_configdir", "joined", id="joined"),
    pytest.param("posterior_cov_inv", "posterior_cov_inv_sparse", "extension", id="one-word-more"),
    pytest.param("scale", "scaled", "typo", id="typo"),
    pytest.param("filterText", "filter_text", None, id="case-style-is-no-slip"),
    pytest.param("_buffer", "buffer", None, id="private-underscore-is-no-slip"),
    pytest.param("load", "save", None, id="unrelated"),
    pytest.param("scale_x", "scale_factor_x", None, id="a-word-inside-is-no-slip"),
])
def test_relation(written: str, real: str, kind: str | None) -> None:
    assert relation(written, real) == kind


ATTRIBUTES = '''
class Results:
    """Results of a filter.

    Attributes
    ----------
    {entry} : ndarray
        The forecast errors.
    """

    _names = ["forecasts_error_cov", "nobs"]

    def __init__(self, model):
        for name in self._names:
            setattr(self, name, getattr(model, name))
        self.forecasts_error_cov = model.forecasts_error_cov
'''


def test_attributes_entry_misnaming_a_set_attribute(tmp_path: Path) -> None:
    [(rule, msg)] = c1(tmp_path, ATTRIBUTES.format(entry="forecast_error_cov"))
    assert rule == "C1.unknown-attribute"
    assert "did you mean `forecasts_error_cov`" in msg


@pytest.mark.parametrize("entry", [
    pytest.param("forecasts_error_cov", id="the-real-name"),
    pytest.param("nobs", id="set-through-a-name-list"),
])
def test_attributes_entry_of_a_set_attribute_is_quiet(tmp_path: Path, entry: str) -> None:
    assert c1(tmp_path, ATTRIBUTES.format(entry=entry)) == []


def test_attributes_entry_set_from_outside_the_class_is_quiet(tmp_path: Path) -> None:
    src = ATTRIBUTES.format(entry="forecast_error_cov") + '''

def make(model):
    res = Results(model)
    res.forecast_error_cov = None
    return res
'''
    assert c1(tmp_path, src) == []


PROSE = '''
class Smoother:
    """Simulation smoother."""

    def __init__(self, model):
        self.model = model
        self._posterior_cov_inv_chol = None
        self.draw = None

    @property
    def posterior_cov_inv_chol_sparse(self):
        """Sparse Cholesky factor."""
        return self._posterior_cov_inv_chol

    def simulate(self):
        """Draw from the posterior.

        {sentence}
        """
        return self.model, self.draws
'''


@pytest.mark.parametrize("sentence", [
    pytest.param("The factor is held in the `posterior_cov_inv_chol` attribute.", id="the-x-attribute"),
    pytest.param("The factor is held in ``self.posterior_cov_inv_chol``.", id="self-dot"),
    pytest.param("The smoother has a ``.posterior_cov_inv_chol`` array.", id="leading-dot"),
])
def test_prose_attribute_misnaming_a_set_attribute(tmp_path: Path, sentence: str) -> None:
    [(rule, msg)] = c1(tmp_path, PROSE.format(sentence=sentence))
    assert rule == "C1.unknown-attribute"
    assert "did you mean `posterior_cov_inv_chol_sparse`" in msg


@pytest.mark.parametrize("sentence", [
    pytest.param("The factor is held in the `posterior_cov_inv_chol_sparse` attribute.", id="the-real-name"),
    pytest.param("It reads the `posterior_cov_inv_chol` attribute of the model.", id="attribute-of-another-object"),
    pytest.param("It reads the model's `posterior_cov_inv_chol` attribute.", id="possessive"),
    pytest.param("The `posterior_cov_inv_chol` attribute was renamed.", id="history"),
    pytest.param("The result goes to the `model` attribute.", id="set-attribute"),
    pytest.param("It returns a `.Posterior_cov_inv_chol` object.", id="sphinx-reference-to-a-class"),
    pytest.param("It returns the `draws` attribute.", id="read-by-the-code"),
])
def test_prose_attribute_traps(tmp_path: Path, sentence: str) -> None:
    assert c1(tmp_path, PROSE.format(sentence=sentence)) == []


def test_prose_attribute_of_a_class_with_an_outside_base_is_quiet(tmp_path: Path) -> None:
    src = "import somewhere_else\n" + PROSE.replace("class Smoother:", "class Smoother(somewhere_else.Base):").format(
        sentence="The factor is held in the `posterior_cov_inv_chol` attribute.")
    assert c1(tmp_path, src) == []


OPTIMIZER = '''
class Optimizer:
    def _modif_newton(self, x):
        return x

    def _modif_hint(self, x):
        return x

    def _eval_modif_log(self, x):
        return x

    def _eval_modif_exp(self, x):
        return x


class Results(Optimizer):
    def ci(self):
        """Confidence interval.

        {sentence}
        """
        return self._modif_newton(1)
'''


@pytest.mark.parametrize(("sentence", "real"), [
    pytest.param("It uses the _modified_Newton optimizer at each step.", "_modif_newton", id="abbreviation"),
    pytest.param("The gradient used in _wtd_modif_newton.", "_modif_newton", id="private-word-more"),
])
def test_missing_name_that_misnames_an_inherited_method(tmp_path: Path, sentence: str, real: str) -> None:
    [(rule, msg)] = c1(tmp_path, OPTIMIZER.format(sentence=sentence))
    assert rule == "C1.unknown-name"
    assert f"did you mean `{real}`" in msg


@pytest.mark.parametrize("sentence", [
    pytest.param("It uses the _modif_newton optimizer at each step.", id="the-real-name"),
    pytest.param("It is modif_newton_fast underneath.", id="public-word-more"),
    pytest.param("See scipy_newton_modif for the method.", id="public-words-reordered-and-more"),
    pytest.param("Subclasses override _eval_modif_hint() methods.", id="placeholder-of-a-family"),
])
def test_missing_name_traps(tmp_path: Path, sentence: str) -> None:
    assert c1(tmp_path, OPTIMIZER.format(sentence=sentence)) == []


def test_marked_class_name_derived_from_a_real_one(tmp_path: Path) -> None:
    src = '''
class MetadataRouter:
    pass


def get_routing(obj):
    """Get the routing of ``obj``.

    Parameters
    ----------
    obj : MetadataRouting
        A ``MetadataRouting`` to read.
    """
    return MetadataRouter()
'''
    found = c1(tmp_path, src)
    assert found and all(r == "C1.unknown-name" and "did you mean `MetadataRouter`" in m for r, m in found)


OWN_NAME = '''
class GLSHet:
    def iterative_fit(self, maxiter=3):
        """Iterate.

        {sentence}
        """
        return maxiter
'''


def test_own_name_with_its_words_reordered(tmp_path: Path) -> None:
    other = {"pkg/other.py": "class Panel:\n    def fit_iterative(self):\n        return 1\n"}
    [(rule, msg)] = c1(tmp_path, OWN_NAME.format(sentence="Repeated calls to fit_iterative redo the work."), other)
    assert rule == "C1.wrong-subject"
    assert "`iterative_fit`" in msg


@pytest.mark.parametrize("sentence", [
    pytest.param("Repeated calls to iterative_fit redo the work.", id="own-name"),
    pytest.param("It was called fit_iterative before.", id="history"),
])
def test_own_name_traps(tmp_path: Path, sentence: str) -> None:
    assert c1(tmp_path, OWN_NAME.format(sentence=sentence)) == []


def test_own_name_reordered_that_the_code_reaches_is_quiet(tmp_path: Path) -> None:
    src = OWN_NAME.replace("return maxiter", "return fit_iterative(maxiter)").format(
        sentence="It calls fit_iterative once.")
    assert c1(tmp_path, "from pkg.other import fit_iterative\n" + src,
              {"pkg/other.py": "def fit_iterative(n):\n    return n\n"}) == []


KEYS = '''
def robust_cov(results, cov_type="HC1", **kwds):
    """Robust covariance.

    {sentence}
    """
    if cov_type == "HAC":
        maxlags = kwds["maxlags"]
        kernel = kwds.get("kernel", "bartlett")
        return maxlags, kernel
    return None
'''


def test_documented_key_the_code_reads_misspelt(tmp_path: Path) -> None:
    [(rule, msg)] = c1(tmp_path, KEYS.format(sentence="- `maxlag` int (required): the number of lags."))
    assert rule == "C1.unknown-key"
    assert "did you mean `maxlags`" in msg


@pytest.mark.parametrize("source", [
    pytest.param(KEYS.format(sentence="- `maxlags` int (required): the number of lags."), id="the-real-key"),
    pytest.param(KEYS.format(sentence="- `maxlag` int: the number of lags.").replace(
        "return None", "return other(**kwds)"), id="kwargs-handed-on"),
    pytest.param(KEYS.format(sentence="- `maxlag` int: the number of lags.").replace(
        "return None", "return kwds.get('maxlag')"), id="read-another-way"),
    pytest.param(KEYS.format(sentence="- `cov_typ` see above."), id="a-parameter-typo-is-not-a-key"),
])
def test_documented_key_traps(tmp_path: Path, source: str) -> None:
    assert [r for r, _ in c1(tmp_path, source) if r == "C1.unknown-key"] == []


def test_attributes_of_a_class_that_takes_any_names_are_quiet(tmp_path: Path) -> None:
    src = '''
class ScreeningResults:
    """Results of a screening.

    Attributes
    ----------
    idx_nonzero
        Indices of the kept columns.
    idx_excl : ndarray
        Indices of the dropped columns.
    """

    def __init__(self, screener, **kwds):
        self.screener = screener
        self.idx_excluded = None
        self.__dict__.update(**kwds)
'''
    assert c1(tmp_path, src) == []


@pytest.mark.parametrize(("sentence", "expected"), [
    pytest.param("See pkg.robustlm for more information.", ["C1.unknown-name"], id="own-package-path-to-an-alias"),
    pytest.param("It takes a list of pkg.Frames.", [], id="shorthand-for-a-class-elsewhere"),
    pytest.param("See pkg.models.robustlm for more information.", [], id="the-real-path"),
])
def test_own_package_dotted_name(tmp_path: Path, sentence: str, expected: list[str]) -> None:
    src = f'''
def psi(z):
    """Derivative of rho.

    {sentence}
    """
    return z
'''
    extra = {"pkg/models.py": "class RLM:\n    pass\n\n\nrobustlm = RLM\n", "pkg/frames.py": "class Frame:\n    pass\n"}
    assert [r for r, _ in c1(tmp_path, src, extra)] == expected
