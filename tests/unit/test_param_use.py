"""A documented parameter type that the body's use of the argument rules out (C2.param-type-use).

Each planted case documents a type whose values the body cannot handle as passed (``array_like``
read as ``x.shape``, a ``float`` indexed, an ``ndarray`` unpacked as ``**kwargs``) and must be
flagged on that parameter's item, with the use in the message and its line as evidence; each
trap is a true item real code writes (the argument converted, tested or rebound first, the
attribute one a list has) and stays quiet.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from judging import judge_files


def c2(tmp_path: Path, source: str) -> list:
    return [f for f in judge_files(tmp_path, {"mod.py": source}, "mod.py").findings if f.criterion == "C2"]


PLANTED = [
    pytest.param('''
        def lagmat(x, maxlag):
            """Lag matrix.

            Parameters
            ----------
            x : array_like
                Data, 2d.
            maxlag : int
                Number of lags.
            """
            nobs, nvar = x.shape
            return nobs * maxlag
        ''', "x : array_like", ["`x.shape`", "a list"], 11, id="array_like-shape"),
    pytest.param('''
        def lagmat2ds(
            x, maxlag0, trim="forward"
        ):
            """Lags of 2d data.

            Parameters
            ----------
            x : array_like
                Data, 2d.
            maxlag0 : int
                Lags.
            trim : str
                Trimming.
            """
            if x.ndim == 1:
                x = x[:, None]
            return x, maxlag0, trim
        ''', "x : array_like", ["`x.ndim`"], 15, id="signature-over-several-lines-use-in-a-test"),
    pytest.param('''
        def rows(exog, idx):
            """Rows.

            Parameters
            ----------
            exog : array-like
                The design.
            idx : int
                Column.
            """
            return exog[:, idx]
        ''', "exog : array-like", ["`exog[:, idx]`", "tuple", "a list"], 11, id="array-like-tuple-index"),
    pytest.param('''
        def curve(x):
            """Curve.

            Parameters
            ----------
            x : float
                Position.
            """
            return x.reshape(1, -1)
        ''', "x : float", ["`x.reshape`", "a float"], 9, id="float-reshape"),
    pytest.param('''
        class Model:
            def predict(self, params, start=None):
                """Predict.

                Parameters
                ----------
                params : ndarray
                    The fitted values.
                start : int, optional
                    First index.
                """
                return self._predict(start=start, **params)

            def _predict(self, start=None, **kw):
                return kw
        ''', "params : ndarray", ["`**params`"], 12, id="ndarray-unpacked-as-kwargs"),
    pytest.param('''
        def score(x, y):
            """Score.

            Args:
                x (scalar or array_like): Values.
                y (int): Other.
            """
            if y > 1:
                y = y - 1
            return x.mean() + y
        ''', "x (scalar or array_like): Values.", ["`x.mean`"], 10, id="google-union-under-unrelated-if"),
    pytest.param('''
        class Smoother:
            """Smoother.

            Parameters
            ----------
            data : array_like
                The observations.
            """

            def __init__(self, data):
                self.n = data.ndim
        ''', "data : array_like", ["`data.ndim`"], 11, id="class-doc-init-param"),
    pytest.param('''
        def build(endog, exog=None):
            """Build.

            Parameters
            ----------
            endog : list
                Data.
            exog : array_like, optional
                Regressors.
            """
            if exog is not None and exog.shape[0] != len(endog):
                raise ValueError("rows")
            return endog
        ''', "exog : array_like, optional", ["`exog.shape`", "a list"], 11, id="after-its-own-none-test"),
    pytest.param('''
        import numpy as np


        def from_components(cov_re=None, cov_re_sqrt=None):
            """Build.

            Parameters
            ----------
            cov_re : ndarray
                The covariance.
            cov_re_sqrt : array_like
                Its square root.
            """
            if cov_re is None and cov_re_sqrt is None:
                cov_re = np.empty((0, 0))
            k_re = cov_re.shape[0] if cov_re is not None else cov_re_sqrt.shape[0]
            return k_re
        ''', "cov_re_sqrt : array_like", ["`cov_re_sqrt.shape`"], 16, id="branch-on-another-arguments-none"),
    pytest.param('''
        import numpy as np


        def center(x=None):
            """Center.

            Parameters
            ----------
            x : array_like, optional
                Data; zeros when not given.
            """
            if x is None:
                x = np.zeros(3)
            return x - x.mean()
        ''', "x : array_like, optional", ["`x.mean`"], 14, id="after-filling-in-a-missing-argument"),
    pytest.param('''
        def curve(x, pdf):
            """Curve.

            Parameters
            ----------
            x : float
                Position.
            pdf : callable
                Density.
            """
            x = x.reshape(1, -1)
            return pdf(x)
        ''', "x : float", ["`x.reshape`", "a float"], 11, id="in-the-value-that-rebinds-it"),
    pytest.param('''
        import numpy as np


        def cumincidence(time, status):
            """Cumulative incidence.

            Parameters
            ----------
            time : array-like
                Times.
            status : ndarray
                Status.
            """
            ii = np.argsort(time)
            time = time[ii]
            status = status[ii]
            return time, status
        ''', "time : array-like", ["`time[ii]`", "`ii = np.argsort(time)`", "a list"], 15,
        id="indexed-with-an-index-array"),
    pytest.param('''
        class Model:
            def predict(self, params, start=0):
                """Predict.

                Parameters
                ----------
                params : ndarray
                    The fitted values.
                start : int
                    First index.
                """
                if start > 0:
                    res = self._predict(h=start, **params)
                else:
                    res = self._predict(h=0, **params)
                return res

            def _predict(self, h=0, **kw):
                return kw
        ''', "params : ndarray", ["`**params`"], 13, id="same-use-in-both-branches"),
    pytest.param('''
        def first(x):
            """First.

            Parameters
            ----------
            x : array_like, optional
                Data.
            """
            return x.shape if x is not None else None
        ''', "x : array_like, optional", ["`x.shape`"], 9, id="under-its-own-none-test"),
    pytest.param('''
        def invtrans(params):
            """Inverse transform.

            Parameters
            ----------
            params : array_like
                The coefficients.
            """
            params = params.copy()
            params[:2] = 0
            return params
        ''', "params : array_like", ["`params.copy()`", "a tuple"], 9, id="array_like-copy-fails-on-a-tuple"),
]


@pytest.mark.parametrize(("source", "item", "words", "line"), PLANTED)
def test_planted_type_use_is_flagged(tmp_path: Path, source: str, item: str, words: list[str], line: int) -> None:
    [f] = c2(tmp_path, source)
    assert (f.rule, f.criterion, f.judge) == ("C2.param-type-use", "C2", "static")
    assert f.segment.text.startswith(item)
    for w in words:
        assert w in f.message, (w, f.message)
    assert f.evidence is not None and f.evidence.range is not None
    assert f.evidence.range.start.line + 1 == line  # the line of the use, 1-based


TRAPS = [
    pytest.param('''
        import numpy as np


        def lagmat(x):
            """Lags.

            Parameters
            ----------
            x : array_like
                Data.
            """
            x = np.asarray(x)
            return x.shape
        ''', id="converted-first"),
    pytest.param('''
        def size(x):
            """Size.

            Parameters
            ----------
            x : array_like
                Data.
            """
            if hasattr(x, "shape"):
                return x.shape[0]
            return len(x)
        ''', id="tested-with-hasattr"),
    pytest.param('''
        import numpy as np


        def size(alpha):
            """Size.

            Parameters
            ----------
            alpha : scalar or array_like
                Penalty.
            """
            if np.isscalar(alpha):
                return 1
            return alpha.shape[0]
        ''', id="tested-with-isscalar-then-early-return"),
    pytest.param('''
        def get_namespace(x):
            return None, hasattr(x, "__array_namespace__")


        def entropy(labels):
            """Entropy.

            Parameters
            ----------
            labels : array-like of shape (n_samples,)
                The labels.
            """
            xp, is_array_api = get_namespace(labels)
            return labels.shape[0] if is_array_api else len(labels)
        ''', id="under-a-test-of-a-name-derived-from-it"),
    pytest.param('''
        def build(endog, exog=None, check=False):
            """Build.

            Parameters
            ----------
            endog : array_like
                Data.
            exog : array_like, optional
                Regressors.
            check : bool
                Check the rows.
            """
            if check and exog.shape[0] != len(endog):
                raise ValueError("rows")
            if len(endog) > 10:
                return endog.shape
            return endog
        ''', id="only-on-some-calls"),
    pytest.param('''
        def build(endog, exog, weights=1):
            """Build.

            Parameters
            ----------
            endog : array_like
                Data.
            exog : array_like
                Required: a caller does not pass None.
            weights : float
                Replaced before the test below.
            """
            if weights is None:
                weights = 1.0
            if exog is None:
                return endog.shape
            if weights is None:
                return endog.ndim
            return endog
        ''', id="none-test-a-caller-cannot-steer"),
    pytest.param('''
        def rows(x, n):
            """Rows.

            Parameters
            ----------
            x : array_like
                Data.
            n : int
                Count.
            """
            if n > 0:
                return x.shape
            else:
                return len(x)
        ''', id="other-branch-uses-it-as-a-list"),
    pytest.param('''
        import numpy as np


        def order(t, flag):
            """Order.

            Parameters
            ----------
            t : array_like
                Times.
            flag : bool
                Sort.
            """
            ii = 0
            if flag:
                ii = np.argsort(t)
            return t[ii]
        ''', id="index-array-bound-on-some-paths"),
    pytest.param('''
        import numpy as np


        def order(t):
            """Order.

            Parameters
            ----------
            t : array_like
                Times.
            """
            t = np.asarray(t)
            return t[np.argsort(t)]
        ''', id="index-array-on-a-converted-argument"),
    pytest.param('''
        def field(values, name):
            """Field.

            Parameters
            ----------
            values : np.ndarray or dask.array-like
                Another library's array kind, not a list.
            name : str
                Name.
            """
            return values.dtype, name
        ''', id="another-librarys-array-like"),
    pytest.param('''
        def first(x, y: "np.ndarray"):
            """First.

            Parameters
            ----------
            x : list
                Data.
            y : array_like
                Annotated: the annotation is the contract.
            """
            return x[0], y.shape
        ''', id="annotated-parameter"),
    pytest.param('''
        def count(x):
            """Count.

            Parameters
            ----------
            x : array_like
                Data.
            """
            return x.count(0) + x.index(1) + len(x[0:2]) + x[0]
        ''', id="list-methods-and-plain-indexing"),
    pytest.param('''
        def rows(x):
            """Rows.

            Parameters
            ----------
            x : ndarray or DataFrame
                Data.
            """
            return x.shape[0], x[:, 0]
        ''', id="array-types-have-shape"),
    pytest.param('''
        def rows(x):
            """Rows.

            Parameters
            ----------
            x : array_like
                Data.
            """
            try:
                return x.shape[0]
            except AttributeError:
                return len(x)
        ''', id="inside-try"),
    pytest.param('''
        import numpy as np


        def rows(x):
            """Rows.

            Parameters
            ----------
            x : array_like
                Data.
            """
            def inner(x):
                return x.shape
            return inner(np.asarray(x))
        ''', id="nested-function-own-parameter"),
    pytest.param('''
        def scale(value):
            """Scale.

            Parameters
            ----------
            value : float
                Factor.
            """
            return value.real + value.imag + value.conjugate().real
        ''', id="float-attributes"),
    pytest.param('''
        def build(opts):
            """Build.

            Parameters
            ----------
            opts : dict
                Options.
            """
            return dict(**opts)
        ''', id="mapping-unpacked"),
    pytest.param('''
        from numpy import vectorize_args


        @vectorize_args
        def first(x):
            """First.

            Parameters
            ----------
            x : array_like
                Data.
            """
            return x.shape
        ''', id="converting-decorator"),
    pytest.param('''
        import numpy as np


        def rows(x):
            """Rows.

            Parameters
            ----------
            x : array_like
                Data.
            """
            return np.shape(x)[0] + np.asarray(x).ndim
        ''', id="converted-by-a-call"),
    pytest.param('''
        def restart(params):
            """Restart.

            Parameters
            ----------
            params : list
                The coefficients.
            """
            return params.copy()
        ''', id="list-has-copy"),
    pytest.param('''
        import numpy as np


        def restart(params):
            """Restart.

            Parameters
            ----------
            params : array_like
                The coefficients.
            """
            params = np.asarray(params).copy()
            return params
        ''', id="copy-of-the-converted-array"),
]


@pytest.mark.parametrize("source", TRAPS)
def test_true_type_item_is_quiet(tmp_path: Path, source: str) -> None:
    assert c2(tmp_path, source) == []


# ---- C2.scalar-return-of-array -----------------------------------------------------------------

def _family(body: str, returns: str = "ll_i : float\n                    The value.", endog: str = "ndarray") -> str:
    return f'''
        import numpy as np


        class Family:
            def loglike_obs(self, endog, mu, scale=1.0):
                """Log-likelihood of each observation.

                Parameters
                ----------
                endog : {endog}
                    The response.
                mu : ndarray
                    The fitted mean.
                scale : float
                    The scale.

                Returns
                -------
                {returns}
                """
{textwrap.indent(textwrap.dedent(body), " " * 16)}
        '''


SCALAR_PLANTED = [
    pytest.param(_family("return (endog - mu) ** 2 / scale"), id="arithmetic-on-the-argument"),
    pytest.param(_family("""
        ratio = endog / mu
        ll = scale * np.log(ratio)
        ll -= np.log(endog)
        return ll
        """), id="through-locals-and-augmented-assignment"),
    pytest.param(_family("""
        if scale == 1:
            dev = np.where(endog == 0, mu, endog * np.log(endog / mu))
        else:
            dev = (endog - mu) / mu
        return 2 * dev
        """), id="branches-all-elementwise"),
    pytest.param(_family("return -np.sqrt(mu)", returns="float\n                    The value."), id="unnamed-entry"),
]


@pytest.mark.parametrize("source", SCALAR_PLANTED)
def test_planted_scalar_return_is_flagged(tmp_path: Path, source: str) -> None:
    [f] = c2(tmp_path, source)
    assert (f.rule, f.criterion) == ("C2.scalar-return-of-array", "C2")
    assert f.segment.field is not None and f.segment.field.section == "returns"
    assert "`float`" in f.message and "array" in f.message
    assert f.evidence is not None and f.evidence.excerpt is not None and f.evidence.excerpt.startswith("return")


SCALAR_TRAPS = [
    pytest.param(_family("return np.sum((endog - mu) ** 2)"), id="reduced-to-a-number"),
    pytest.param(_family("return endog ** 2 / scale", endog="array_like"), id="array_like-may-be-a-scalar"),
    pytest.param(_family("""
        if scale == 0:
            return 0.0
        return (endog - mu) ** 2
        """), id="one-return-is-a-number"),
    pytest.param(_family("return endog @ mu"), id="matrix-product-of-vectors-is-a-number"),
    pytest.param(_family("return self.helper(endog) * scale"), id="unfollowed-call"),
    pytest.param(_family("return (endog - mu) ** 2", returns="ll_i : ndarray\n                    The values."),
                 id="documented-as-array"),
    pytest.param(_family("""
        endog = float(endog[0])
        return endog * scale
        """), id="argument-rebound"),
    pytest.param(_family("return endog - mu", returns="ll : float\n                    The value.\n"
                         "                grad : ndarray\n                    The gradient."), id="tuple-entries"),
]


@pytest.mark.parametrize("source", SCALAR_TRAPS)
def test_true_scalar_return_is_quiet(tmp_path: Path, source: str) -> None:
    assert c2(tmp_path, source) == []


REDUCED_PLANTED = [
    pytest.param(_family("return np.sum((endog - mu) ** 2 / scale)", returns="dev : ndarray\n                    The deviance."),
                 id="sum-documented-as-array"),
    pytest.param(_family("""
        resid = endog - mu
        return np.mean(resid)
        """, returns="ndarray\n                    The mean residual."), id="mean-unnamed-entry"),
]


@pytest.mark.parametrize("source", REDUCED_PLANTED)
def test_planted_array_return_of_a_reduction_is_flagged(tmp_path: Path, source: str) -> None:
    [f] = c2(tmp_path, source)
    assert f.rule == "C2.scalar-return-of-array"
    assert "`ndarray`" in f.message and "one number" in f.message
    assert f.evidence is not None and f.evidence.excerpt is not None and f.evidence.excerpt.startswith("return np.")


REDUCED_TRAPS = [
    pytest.param(_family("return np.sum(endog - mu, axis=0)", returns="dev : ndarray\n                    Per column."),
                 id="reduction-along-an-axis"),
    pytest.param(_family("return np.sum(endog - mu, 0)", returns="dev : ndarray\n                    Per column."),
                 id="axis-given-by-position"),
    pytest.param(_family("""
        if scale == 1:
            return endog - mu
        return np.sum(endog - mu)
        """, returns="dev : ndarray\n                    The deviance."), id="one-return-is-an-array"),
    pytest.param(_family("return np.sum(endog - mu)", returns="dev : float\n                    The deviance."),
                 id="documented-as-a-number"),
]


@pytest.mark.parametrize("source", REDUCED_TRAPS)
def test_true_array_return_is_quiet(tmp_path: Path, source: str) -> None:
    assert c2(tmp_path, source) == []


# ---- C2.param-type-default ---------------------------------------------------------------------

def _default(item: str, signature: str, body: str = "return x") -> str:
    return f'''
        def loglike(endog, {signature}):
            """Log-likelihood.

            Parameters
            ----------
            endog : ndarray
                The series.
            {item}
            """
            {body}
        '''


DEFAULT_PLANTED = [
    pytest.param(_default("sigma2 : ndarray, optional\n                The variance. Default is 1.", "sigma2=1"),
                 "sigma2", "`int`", id="ndarray-with-a-number"),
    pytest.param(_default("regularized : dict\n                Per variable.", "regularized=False"),
                 "regularized", "`bool`", id="dict-with-a-bool"),
    pytest.param(_default("title : str, optional\n                The title.", "title=0.5"),
                 "title", "`float`", id="str-with-a-number"),
]


_FILLED = """if num_levels is None:
                num_levels = np.asarray(np.unique(Xi).size)
            return np.ones(Xi.size) / (num_levels - 1)"""


def _filled(item: str, body: str = _FILLED) -> str:
    return f'''
        import numpy as np


        def kernel(Xi, num_levels=None):
            """Kernel.

            Parameters
            ----------
            Xi : ndarray
                The data.
            {item}
            """
            {body}
        '''


def test_a_flag_the_body_fills_with_a_count_is_flagged(tmp_path: Path) -> None:
    [f] = c2(tmp_path, _filled("num_levels : bool, optional\n                If False, counted from the data."))
    assert f.rule == "C2.param-type-default"
    assert "`num_levels` is documented as `bool`" in f.message and "a count" in f.message
    assert "`num_levels - 1`" in f.message
    assert f.evidence is not None and f.evidence.excerpt == "num_levels = np.asarray(np.unique(Xi).size)"


@pytest.mark.parametrize("source", [
    pytest.param(_filled("num_levels : int, optional\n                The number of levels."), id="documented-a-number"),
    pytest.param(_filled("num_levels : bool, optional\n                Whether to count.",
                         """if num_levels is None:
                num_levels = len(Xi)
            return np.ones(Xi.size) if num_levels else Xi"""), id="used-as-a-flag"),
    pytest.param(_filled("num_levels : bool, optional\n                Whether to count.",
                         """if num_levels is None:
                num_levels = Xi.mean() > 0
            return np.ones(Xi.size) / (num_levels - 1)"""), id="filled-with-a-flag"),
])
def test_a_flag_filled_with_a_flag_or_a_count_documented_as_one_is_quiet(tmp_path: Path, source: str) -> None:
    assert c2(tmp_path, source) == []


@pytest.mark.parametrize(("source", "name", "kind"), DEFAULT_PLANTED)
def test_planted_type_that_rules_out_the_default_is_flagged(tmp_path: Path, source: str, name: str, kind: str) -> None:
    [f] = c2(tmp_path, source)
    assert f.rule == "C2.param-type-default"
    assert f"`{name}`" in f.message and kind in f.message
    assert f.segment.field is not None and f.segment.field.name == name


DEFAULT_TRAPS = [
    pytest.param(_default("sigma2 : float, optional\n                The variance.", "sigma2=1"), id="float-with-an-int"),
    pytest.param(_default("sigma2 : ndarray, optional\n                The variance.", "sigma2=None"), id="none-default"),
    pytest.param(_default("n_init : int, default=4\n                Runs.", "n_init='warn'"), id="str-sentinel"),
    pytest.param(_default("lengths : list of float\n                Or one float for all.", "lengths=0.25"),
                 id="list-of-may-be-one-value"),
    pytest.param(_default("title : str, optional\n                The title.", "title=0",
                          "if title == 0:\n                title = 'Model'\n            return title"), id="sentinel-the-body-replaces"),
    pytest.param(_default("w : ndarray or float\n                Weights.", "w=1"), id="union-allows-it"),
    pytest.param(_default("verbose : bool\n                Talk.", "verbose=0"), id="bool-with-zero"),
    pytest.param(_default("query : dict\n                A dict, or a list of (key, value) pairs.", "query=()"),
                 id="description-allows-the-defaults-kind"),
]


@pytest.mark.parametrize("source", DEFAULT_TRAPS)
def test_true_type_with_its_default_is_quiet(tmp_path: Path, source: str) -> None:
    assert c2(tmp_path, source) == []
