"""C3.wrong-default: documented defaults in every common form against the signature and the
fields of dataclass/attrs classes. Each case is a source, the message expected (or None for a
trap that must stay quiet) and, for findings, the fixed text of the docstring."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files


def check(tmp_path: Path, files: dict[str, str]):
    return judge_files(tmp_path, files, "mod.py")


def defaults_found(result):
    return [f for f in result.findings if f.rule == "C3.wrong-default"]


FIRES = [
    pytest.param('''
        def fit(x, n_iter=10):
            """Fit.

            Parameters
            ----------
            n_iter : int, default=100
                Iterations.
            """
        ''', "documented default of `n_iter` is 100, but the signature says `10`", "default=10",
        id="numpy-default-equals"),
    pytest.param('''
        def fit(x, n_iter=10):
            """Fit.

            Parameters
            ----------
            n_iter : int, default 100
                Iterations.
            """
        ''', "`n_iter` is 100", "default 10", id="numpy-default-space"),
    pytest.param('''
        def fit(x, tol=1e-3):
            """Fit.

            Parameters
            ----------
            tol : float, optional (default: 1e-4)
                Tolerance.
            """
        ''', "`tol` is 1e-4, but the signature says `1e-3`", "(default: 1e-3)", id="numpy-optional-default-colon"),
    pytest.param('''
        def fit(x, n_iter=10):
            """Fit.

            Parameters
            ----------
            n_iter : int (default=100)
                Iterations.
            """
        ''', "`n_iter` is 100", "(default=10)", id="numpy-parenthesised-default-equals"),
    pytest.param('''
        def connect(host, *, timeout=10):
            """Connect.

            Args:
                host: The host.
                timeout: Seconds to wait. Defaults to ``30``.
            """
        ''', "`timeout` is 30", "Defaults to ``10``", id="google-keyword-only-marked"),
    pytest.param('''
        def connect(host, timeout=10):
            """Connect.

            :param host: the host
            :param timeout: seconds to wait (default: 30)
            """
        ''', "`timeout` is 30", "(default: 10)", id="sphinx-parenthesised"),
    pytest.param('''
        def connect(host, timeout=10):
            """Connect to ``host``; ``timeout`` defaults to 30 seconds."""
        ''', "`timeout` is 30", "defaults to 10 seconds", id="prose-marked-name-defaults-to"),
    pytest.param('''
        def connect(host, retries=3):
            """Connect to the host. By default ``retries`` is 5."""
        ''', "`retries` is 5", "is 3.", id="prose-by-default-name-is"),
    pytest.param('''
        def connect(host, retries=3):
            """Connect to the host. The default value of ``retries`` is 5."""
        ''', "`retries` is 5", "is 3.", id="prose-default-value-of-name"),
    pytest.param('''
        def connect(host, verify=True):
            """Connect to the host. When not given, ``verify`` is ``False``."""
        ''', "`verify` is False, but the signature says `True`", "``True``", id="prose-when-not-given"),
    pytest.param('''
        def connect(host, retry_count=3):
            """Connect to the host; the retry_count defaults to 5."""
        ''', "`retry_count` is 5", "defaults to 3", id="prose-bare-parameter-name"),
    pytest.param('''
        def render(text, sep="-"):
            """Render.

            Args:
                sep: The separator. Defaults to ``"+"``.
            """
        ''', "`sep` is \"+\"", 'Defaults to ``"-"``', id="string-differs-in-any-quotes"),
    pytest.param('''
        DEFAULT_TIMEOUT = 10

        def connect(host, timeout=DEFAULT_TIMEOUT):
            """Connect.

            Args:
                timeout: Seconds to wait. Defaults to 30.
            """
        ''', "but the signature says `DEFAULT_TIMEOUT`, which is `10`", "Defaults to DEFAULT_TIMEOUT.",
        id="module-constant-with-another-value"),
    pytest.param('''
        from dataclasses import dataclass

        @dataclass
        class Options:
            """Options.

            Attributes:
                retries: How often to try again. Defaults to 5.
            """
            retries: int = 3
        ''', "`retries` is 5, but the field says `3`", "Defaults to 3.", id="dataclass-field"),
    pytest.param('''
        import attr

        @attr.s
        class Options:
            """Options.

            :param verbose: Talk more. Defaults to ``True``.
            """
            _verbose = attr.ib(default=False)
        ''', "`verbose` is True, but the field says `False`", "Defaults to ``False``.", id="attrs-private-field"),
    pytest.param('''
        from typing import NamedTuple

        class Point(NamedTuple):
            """A point.

            Attributes:
                x: The abscissa. Defaults to 1.
            """
            x: float = 0.0
        ''', "`x` is 1, but the field says `0.0`", "Defaults to 0.0.", id="named-tuple-field"),
    pytest.param('''
        import attrs

        @attrs.define
        class Retry:
            """Retry policy.

            Args:
                attempts: How often. Defaults to 5.
                backoff: Seconds between attempts. Defaults to ``[]``.
            """
            attempts: int = attrs.field(default=3)
            backoff: list = attrs.field(factory=list)
        ''', "`attempts` is 5, but the field says `3`", "Defaults to 3.", id="attrs-define-field-default"),
    pytest.param('''
        import enum

        class Mode(enum.Enum):
            FAST = "fast"
            SLOW = "slow"

        def run(mode=Mode.FAST):
            """Run.

            Args:
                mode: How. Defaults to ``Mode.SLOW``.
            """
        ''', "`mode` is Mode.SLOW", "Defaults to ``Mode.FAST``.", id="enum-member-named-differently"),
    pytest.param('''
        def laplacian(g, weight="weight"):
            """Laplacian.

            Parameters
            ----------
            weight : object, optional (default: None)
                The edge attribute.
            """
        ''', "`weight` is None, but the signature says `\"weight\"`", '(default: "weight")',
        id="none-documented-for-a-string-default"),
    pytest.param('''
        def fit(x, alpha=0.5):
            """Fit.

            Args:
                alpha: The weight. Defaults to .25.
            """
        ''', "`alpha` is .25", "Defaults to 0.5.", id="number-with-a-leading-dot"),
    pytest.param('''
        def pca(data, method="svd"):
            """PCA.

            Parameters
            ----------
            method : str, optional
                The routine: 'eig', the default, uses eigenvalues; 'svd' uses singular values.
            """
        ''', "`method` is 'eig', but the signature says `\"svd\"`", "The routine: \"svd\", the default",
        id="value-then-the-default"),
    pytest.param('''
        def cov(x, correction="cluster"):
            """Covariance.

            Parameters
            ----------
            correction : {'cluster', 'hac'}
                If 'hac' (default), the time-series correction is used.
            """
        ''', "`correction` is 'hac'", "If \"cluster\" (default)", id="value-then-default-in-parentheses"),
    pytest.param('''
        def replace(pat, regex=False):
            """Replace. When `pat` is a string and `regex` is True (the default), it is compiled."""
        ''', "`regex` is True, but the signature says `False`", "`regex` is False (the default)",
        id="named-parameter-is-value-the-default"),
    pytest.param('''
        def fit_regularized(x, size_trim_tol=1e-4):
            """Fit.

            Parameters
            ----------
            size_trim_tol : float or 'auto' (default = 'auto')
                Tolerance.
            """
        ''', "documented default of `size_trim_tol` is 'auto', but the signature says `1e-4`",
        "(default = 1e-4)", id="quoted-word-for-a-number"),
    pytest.param('''
        def cov(results, use_correction=0):
            """Covariance.

            Parameters
            ----------
            use_correction : 'cluster' or 'hac' or False
                If False, no correction is used.
                If 'hac' (default), the time-series correction is used.
            """
            if use_correction:
                return 1
            return 0
        ''', "documented default of `use_correction` is 'hac', but the signature says `0`",
        "If 0 (default)", id="quoted-option-marked-default-for-a-number"),
]


@pytest.mark.parametrize(("source", "message", "fixed"), FIRES)
def test_a_wrong_default_is_reported_with_a_fix(tmp_path: Path, source: str, message: str, fixed: str) -> None:
    result = check(tmp_path, {"mod.py": source})
    found = defaults_found(result)
    assert len(found) == 1, [f.message for f in result.findings]
    f = found[0]
    assert f.criterion == "C3"
    assert message in f.message
    assert f.fix is not None
    text = (tmp_path / "mod.py").read_text(encoding="utf-8")
    assert fixed in text[: f.fix.start] + f.fix.new_text + text[f.fix.end:]


QUIET = [
    pytest.param('''
        def fit(x, n=3, rate=0.5, flag=True, name=None):
            """Fit.

            Parameters
            ----------
            n : int, default '3'
                Count, a number in quotes.
            rate : float, default "0.5"
                Rate.
            flag : bool, default 'yes'
                A boolean spelled as a word.
            name : str, default 'x'
                None in the code, replaced in the body.
            """
        ''', id="quoted-number-bool-word-and-None-default"),
    pytest.param('''
        def fit(x, tol=1e-3, n=1000, alpha=0.5, step=1_000):
            """Fit.

            Args:
                tol: Defaults to 0.001.
                n: Defaults to 1e3.
                alpha: Defaults to .5.
                step: Defaults to 1000.
            """
        ''', id="numbers-written-differently"),
    pytest.param('''
        def show(flag=True, name='x'):
            """Show.

            Args:
                flag: Defaults to true.
                name: Defaults to "x".
            """
        ''', id="true-lower-case-and-other-quotes"),
    pytest.param('''
        def write(text, end="\\n", style="none"):
            """Write.

            Args:
                end (str, optional): What ends the line. Defaults to "\\\\n".
                style (str, optional): The style. Defaults to None.
            """
        ''', id="escaped-newline-and-the-string-none"),
    pytest.param('''
        def connect(host, timeout=None):
            """Connect.

            Args:
                timeout: If not given, uses 30 seconds. Defaults to 30.
            """
            timeout = timeout or 30
        ''', id="none-replaced-in-the-body"),
    pytest.param('''
        def connect(host, workers=0):
            """Connect.

            Args:
                workers: The number of workers. Defaults to 4.
            """
            workers = workers or 4
        ''', id="sentinel-literal-replaced-in-the-body"),
    pytest.param('''
        def connect(host, **options):
            """Connect.

            Args:
                timeout: Forwarded to the socket. Defaults to 30.
            """
        ''', id="kwargs-forwarded-option"),
    pytest.param('''
        DEFAULT_TIMEOUT = 30

        def connect(host, timeout=DEFAULT_TIMEOUT):
            """Connect.

            Args:
                timeout: Seconds to wait. Defaults to 30.
            """
        ''', id="module-constant-with-the-documented-value"),
    pytest.param('''
        from settings import DEFAULT_TIMEOUT

        def connect(host, timeout=DEFAULT_TIMEOUT):
            """Connect.

            Args:
                timeout: Seconds to wait. Defaults to 30.
            """
        ''', id="constant-docfact-cannot-read"),
    pytest.param('''
        import enum

        class Mode(enum.Enum):
            FAST = 1
            SLOW = 2

        def run(mode=Mode.FAST):
            """Run. ``mode`` defaults to "fast"."""
        ''', id="enum-member-named-by-its-name"),
    pytest.param('''
        def wait(timeout=300):
            """Wait.

            Args:
                timeout: Seconds. Defaults to 5 minutes.
            """
        ''', id="a-unit-that-scales-the-number"),
    pytest.param('''
        def wait(timeout_ms=30000):
            """Wait.

            Args:
                timeout_ms: How long. Defaults to 30 seconds.
            """
        ''', id="seconds-for-a-parameter-in-milliseconds"),
    pytest.param('''
        def draw(g, width=1.0):
            """Draw.

            Args:
                width: Line width. Defaults to 2 for directed graphs.
            """
        ''', id="a-condition-after-the-value"),
    pytest.param('''
        def scale(x, factor=0.5):
            """Scale.

            Args:
                factor: The factor. Defaults to 0.25 * len(x).
            """
        ''', id="an-expression-after-the-value"),
    pytest.param('''
        def send(msg, options=None, retries=2):
            """Send.

            Args:
                options: Settings. The timeout key defaults to 30.
                retries: How often.
            """
        ''', id="another-subject-defaults"),
    pytest.param('''
        def send(msg, mode="fast", level=1):
            """Send.

            Args:
                level: The level; if ``mode`` is "slow" (default: "slow"), it is ignored.
            """
        ''', id="another-parameter-is-the-subject-of-a-parenthesis"),
    pytest.param('''
        def connect(host, timeout=10):
            """Connect. The ``timeout`` of the pool defaults to 30."""
        ''', id="prose-about-another-timeout"),
    pytest.param('''
        from dataclasses import dataclass, field

        @dataclass
        class Options:
            """Options.

            Attributes:
                tags: The tags. Defaults to ``[]``.
                names: The names. Defaults to None.
            """
            tags: list = field(default_factory=list)
            names: list = field(default_factory=list)
        ''', id="dataclass-default-factory-is-computed"),
    pytest.param('''
        class Options:
            """Options.

            Attributes:
                retries: How often to try again. Defaults to 5.
            """
            retries = 3

            def __init__(self, retries=5):
                self.retries = retries
        ''', id="attributes-of-a-plain-class-are-not-init-arguments"),
    pytest.param('''
        def fit(x, solver="deprecated"):
            """Fit.

            Parameters
            ----------
            solver : str, default="lbfgs"
                The solver.
            """
        ''', id="deprecation-sentinel-string"),
]


QUIET += [
    pytest.param('''
        def pca(data, method="svd", mode="a"):
            """PCA.

            Parameters
            ----------
            mode : str
                If ``method`` is 'eig' (the default for small data), the mode is used.
            """
        ''', id="marked-default-of-another-parameter"),
    pytest.param('''
        def pca(data, method="svd"):
            """PCA.

            Parameters
            ----------
            method : str
                'svd', the default, uses singular values; 'eig', the default of older versions, does not.
            """
        ''', id="the-default-of-something-else"),
    pytest.param('''
        def save(fig, preview=False):
            """Save.

            Parameters
            ----------
            preview : bool, default: False
                If True, the default backend is used to show the figure.
            """
        ''', id="value-before-the-default-something"),
]


@pytest.mark.parametrize("source", QUIET)
def test_a_default_that_agrees_or_cannot_be_proven_is_quiet(tmp_path: Path, source: str) -> None:
    result = check(tmp_path, {"mod.py": source})
    assert defaults_found(result) == []


REQUIRED = [
    pytest.param('''
        def fit(f, start_params, maxiter=3):
            """Fit.

            Parameters
            ----------
            f : callable
                The function.
            start_params : array_like, optional
                Initial guess.
            maxiter : int, optional
                Iterations.
            """
        ''', "`start_params` is documented optional, but `fit` requires it", "start_params : array_like\n",
        id="numpy-optional"),
    pytest.param('''
        def load(name, *, module):
            """Load.

            Args:
                module (str, optional): Where to look.
            """
        ''', "`module` is documented optional, but `load` requires it", "module (str): Where",
        id="google-optional-keyword-only"),
    pytest.param('''
        class Formatter:
            """Formats.

            Parameters
            ----------
            one_half : str, default: "1/2"
                How one half is shown.
            """

            def __init__(self, one_half):
                self.one_half = one_half
        ''', "`one_half` is documented with a default, but `__init__` requires it", None,
        id="class-documents-init-default"),
    pytest.param('''
        class LogitFormatter:
            """Formats."""

            def set_one_half(self, one_half):
                """Set how one half is shown.

                Parameters
                ----------
                one_half : str, default: "1/2"
                    How one half is shown.
                """
                self._one_half = one_half
        ''', "`one_half` is documented with a default, but `set_one_half` requires it", None,
        id="setter-with-a-literal-default"),
    pytest.param('''
        class LogitFormatter:
            """Formats."""

            def set_one_half(self, one_half):
                """
                Set the way one half is displayed.

                one_half : str, default: "1/2"
                    The string used to represent 1/2.
                """
                self._one_half = one_half
        ''', "`one_half` is documented with a default, but `set_one_half` requires it", None,
        id="item-without-its-parameters-heading"),
]


@pytest.mark.parametrize(("source", "message", "fixed"), REQUIRED)
def test_a_required_parameter_documented_optional_is_reported(tmp_path: Path, source: str, message: str,
                                                              fixed: str | None) -> None:
    result = check(tmp_path, {"mod.py": source})
    found = [f for f in result.findings if f.rule == "C3.required-documented-optional"]
    assert [message in f.message for f in found] == [True], [f.message for f in result.findings]
    text = (tmp_path / "mod.py").read_text(encoding="utf-8")
    if fixed is None:
        assert found[0].fix is None
    else:
        fix = found[0].fix
        assert fix is not None and fixed in text[: fix.start] + fix.new_text + text[fix.end:]


@pytest.mark.parametrize("source", [
    pytest.param('''
        def fit(f, start_params=None, *args, **kwargs):
            """Fit.

            Parameters
            ----------
            start_params : array_like, optional
                Initial guess.
            args : tuple, optional
                More.
            kwargs : dict, optional
                Options.
            """
        ''', id="has-a-default-or-variadic"),
    pytest.param('''
        from typing import Optional


        def fit(f, start: Optional[int]):
            """Fit.

            Args:
                start (Optional[int]): Where to start; None for the beginning.
            """
        ''', id="typing-optional-means-may-be-none"),
    pytest.param('''
        def fit(f, mode):
            """Fit.

            Parameters
            ----------
            mode : {'default', 'fast'}
                The mode.
            """
        ''', id="quoted-default-value"),
    pytest.param('''
        def deprecate(func):
            return func


        @deprecate
        def fit(f, start):
            """Fit.

            Parameters
            ----------
            start : int, optional
                Where to start.
            """
        ''', id="decorator-may-change-the-signature"),
    pytest.param('''
        def predict(self, exog):
            """Predict.

            Parameters
            ----------
            exog : array_like NOT optional
                Unlike the standard predict, required here.
            """
        ''', id="not-optional"),
    pytest.param('''
        class Text:
            """Text."""

            def set_fontstyle(self, fontstyle):
                """Set the font style.

                Parameters
                ----------
                fontstyle : {'normal', 'italic', 'oblique'}, default: :rc:`font.style`
                    The style.
                """
                self._fontstyle = fontstyle
        ''', id="setter-documents-the-property-default"),
    pytest.param('''
        def scale(x, factor):
            """Scale x.

            The result : float, by default the input times factor.
            """
            return x * factor
        ''', id="prose-with-a-colon-is-no-item"),
    pytest.param('''
        def scale(x, factor=2):
            """Scale x.

            factor : float, default: 2
                The factor.
            """
            return x * factor
        ''', id="headless-item-whose-parameter-has-a-default"),
])
def test_optional_parameters_that_are_optional_are_quiet(tmp_path: Path, source: str) -> None:
    result = check(tmp_path, {"mod.py": source})
    assert [f.message for f in result.findings if f.rule == "C3.required-documented-optional"] == []
