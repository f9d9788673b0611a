"""Recall mechanisms named in general terms by the spent held-out part's blocking-mechanism summary
(benchmarks/realerrors_misses_test.md; its cases are never read here), each with invented code: a
planted slip that is found and a trap that stays quiet. Each case is (files, target, expected
C1-C3 rule ids)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from judging import assert_rules

_GEOMKIT = {
    "geomkit/__init__.py": '"""Geometry kit."""\nfrom geomkit.helpers import make_box\n',
    "geomkit/helpers.py": '''
        """Helpers."""


        def make_box(w, h):
            """A box."""
            return (w, h)


        def make_disc(r):
            """A disc."""
            return (r,)
        ''',
}


def _shapes(doc: str, params: str = "side") -> dict[str, str]:
    return {**_GEOMKIT, "geomkit/shapes.py": f'''
        """Shapes."""
        from geomkit.helpers import make_box


        def square({params}):
            """{doc}"""
            return make_box(side, side)
        '''}


SUBMODULE_CASES = [
    # ---- a name written from a subpackage's short name: the module it leads to must bind it -----
    pytest.param(_shapes("A square, built by `helpers.make_boxes`."), "geomkit/shapes.py",
                 ["C1.unknown-name"], id="short-module-name-marked-planted"),
    pytest.param(_shapes("A square; it calls helpers.gone_builder when asked."), "geomkit/shapes.py",
                 ["C1.unknown-name"], id="short-module-name-identifier-shaped-planted"),
    pytest.param(_shapes("A square, built by `helpers.make_box` (see also `helpers.make_disc`)."),
                 "geomkit/shapes.py", [], id="short-module-name-real-members-trap"),
    pytest.param(_shapes("A square; `helpers.timeout` bounds the build.", "side, helpers=None"),
                 "geomkit/shapes.py", [], id="parameter-named-like-the-submodule-trap"),
    pytest.param(_shapes("A square; see helpers.overview in the manual."), "geomkit/shapes.py",
                 [], id="unmarked-dotted-word-trap"),
    pytest.param({**_GEOMKIT, "geomkit/fits.py": '"""Fits."""\n\n\ndef fit(x):\n    """A fit."""\n    return x\n',
                  "geomkit/spread.py": '''
        """Spread."""


        def spread(cov):
            """The spread; this uses `fits.scaled_cov` of a fitted model as ``cov``."""
            return cov
        '''}, "geomkit/spread.py", [], id="submodule-name-the-file-does-not-import-is-an-object-trap"),
    pytest.param({"samp/__init__.py": "", "samp/nested.py": '''
        """Nested sampling through the nested library."""


        class Nested:
            """Wrapper."""
        ''', "samp/dynamic.py": '''
        from .nested import Nested


        class Dynamic(Nested):
            """A wrapper of `nested.DynamicSampler`."""

            @property
            def sampler(self):
                from nested.dynamic import DynamicSampler

                return DynamicSampler
        '''}, "samp/dynamic.py", [], id="wrapper-module-named-after-the-library-trap"),
    pytest.param({**_GEOMKIT, "geomkit/compat/__init__.py": "", "geomkit/compat/tables.py": "VERSION = 1\n",
                  "geomkit/when.py": '''
        """Dates."""
        from tables import open_file

        from geomkit.compat.tables import VERSION


        def read(path, **kwargs):
            """Read; ``kwargs`` go to ``tables.open_table``."""
            return open_file(path, **kwargs), VERSION
        '''}, "geomkit/when.py", [], id="outside-package-named-like-a-compat-module-trap"),
    pytest.param({**_shapes("A square, built by `helpers.make_shape`."), "geomkit/helpers.py": '''
        """Helpers."""
        from geomkit._native import *


        def make_box(w, h):
            """A box."""
            return (w, h)
        '''}, "geomkit/shapes.py", [], id="submodule-star-imports-unreadable-module-trap"),
    pytest.param({**_shapes("A square, built by `helpers.make_shape`."), "geomkit/helpers.py": '''
        """Helpers."""


        def make_box(w, h):
            """A box."""
            return (w, h)


        def __getattr__(name):
            return make_box
        '''}, "geomkit/shapes.py", [], id="submodule-with-module-getattr-trap"),
]


@pytest.mark.parametrize(("files", "target", "expected"), SUBMODULE_CASES)
def test_names_through_a_subpackages_short_name(tmp_path: Path, files: dict[str, str], target: str,
                                                 expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


WORDING_CASES = [
    # ---- "a set of X" in a sentence is English for a collection, not Python's set ------------------
    pytest.param({"tab/__init__.py": "", "tab/pick.py": '''
        from typing import List, Tuple


        def pick(values: List[int], at: Tuple[int, ...]) -> Tuple[int, ...]:
            """Return a set of values from a list."""
            return tuple(values[i] for i in at)
        '''}, "tab/pick.py", [], id="a-set-of-in-prose-trap"),
    pytest.param({"tab/__init__.py": "", "tab/pick.py": '''
        def count(values):
            """Return a set of values from a list."""
            return len(values)
        '''}, "tab/pick.py", ["C2.return-type"], id="a-set-of-against-a-number-planted"),
    pytest.param({"tab/__init__.py": "", "tab/pick.py": '''
        def pick(values):
            """Pick.

            :rtype: set
            """
            return len(values)
        '''}, "tab/pick.py", ["C2.return-type"], id="set-as-a-type-field-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), WORDING_CASES)
def test_collection_words(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


def _plain_examples(body: str) -> dict[str, str]:
    doc = "\n".join(("    " + line) if line else "" for line in body.strip("\n").split("\n"))
    return {**_GEOMKIT, "geomkit/plain.py": f'''
        """Plain examples."""


        def area(w, h):
            """The area.

            Examples
            --------
{textwrap.indent(doc, "        ")}
            """
            return w * h
        '''}


PLAIN_EXAMPLE_CASES = [
    # ---- an Examples section written without prompts is example code where it parses -----------
    pytest.param(_plain_examples('''
Compute one area:

from geomkit.helpers import make_boxes
area(2, 3)
'''), "geomkit/plain.py", ["C1.example-import"], id="prompt-less-example-import-planted"),
    pytest.param(_plain_examples('''
Compute one area, after importing what it needs from geomkit.helpers:

from geomkit.helpers import make_box
area(2, 3)
'''), "geomkit/plain.py", [], id="prompt-less-example-real-import-trap"),
    pytest.param(_plain_examples('''
Build the box first with geomkit.helpers.make_boxes, then:

>>> area(2, 3)
6

from geomkit.helpers import make_boxes
'''), "geomkit/plain.py", [], id="paragraph-between-doctests-is-prose-trap"),
]


@pytest.mark.parametrize(("files", "target", "expected"), PLAIN_EXAMPLE_CASES)
def test_examples_without_prompts(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


def _link(method: str, extra: str = "") -> dict[str, str]:
    return {"fam/__init__.py": "", "fam/links.py": f'''
        import math


        class Link:
            """A link."""

            def clean(self, p):
                return max(p, 1e-9)
{textwrap.indent(textwrap.dedent(method), "            ")}
{textwrap.dedent(extra)}
        '''}


_LOG_CALL = '''
def __call__(self, p, **extra):
    """Log transform.

    Parameters
    ----------
    x : float
        The mean.
    """
    x = self.clean(p)
    return math.log(x)
'''

UNREAD_KEYWORD_CASES = [
    # ---- a documented name swallowed by **kwargs the body never reads: a renamed parameter ------
    pytest.param(_link(_LOG_CALL), "fam/links.py", ["C1.unknown-param"], id="old-name-kept-as-local-planted"),
    pytest.param(_link(_LOG_CALL.replace("return math.log(x)", "return math.log(x), extra")), "fam/links.py", [],
                 id="keywords-read-in-the-body-trap"),
    pytest.param(_link('''
        def __call__(self, p, **extra):
            """Log transform.

            Parameters
            ----------
            x : float
                The mean.
            """
            raise NotImplementedError
        '''), "fam/links.py", [], id="stub-documents-what-implementations-take-trap"),
    pytest.param(_link(_LOG_CALL, '''
        class Other(Link):
            """Another."""

            def __call__(self, p, x=None):
                return p
        '''), "fam/links.py", [], id="subclass-version-takes-it-trap"),
    pytest.param(_link("@some_registry.hook\n" + _LOG_CALL.lstrip("\n")), "fam/links.py", [],
                 id="unknown-decorator-may-read-them-trap"),
    pytest.param({"fam/__init__.py": "", "fam/models.py": '''
        class Capture(type):
            def __call__(cls, *args, **kwargs):
                obj = super().__call__(*args, **kwargs)
                obj.params = kwargs
                return obj


        class Base(metaclass=Capture):
            """A model."""


        class Forecaster(Base):
            def __init__(self, width, depth=2, **kwargs):
                """A forecaster.

                Parameters
                ----------
                width : int
                    The width.
                epochs : int
                    Read by the metaclass from the call.
                """
                self.width = width
                self.depth = depth
        '''}, "fam/models.py", [], id="metaclass-sees-the-call-first-trap"),
    pytest.param(_link(_LOG_CALL.replace("x = self.clean(p)\n", "").replace("math.log(x)", "math.log(p)")
                       .replace("p, **extra", "p, q, **extra")), "fam/links.py", [],
                 id="no-sign-of-a-rename-trap"),
]


@pytest.mark.parametrize(("files", "target", "expected"), UNREAD_KEYWORD_CASES)
def test_keywords_swallowed_unread(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


def _mapper(doc: str) -> dict[str, str]:
    return {"mapx/__init__.py": "", "mapx/argmap.py": f'''
        def map_actuals(kinds, names, actual_type):
            """Map actual arguments to formals.

            {doc}
            """
            return [actual_type(i) for i, _ in enumerate(kinds)]
        '''}


PROSE_PARAMETER_CASES = [
    # ---- a sentence calling a name an argument: a renamed parameter, when a near one exists ------
    pytest.param(_mapper("The caller_type argument gives the type of the argument at an index."),
                 "mapx/argmap.py", ["C1.unknown-name"], id="old-parameter-name-in-prose-planted"),
    pytest.param(_mapper("The actual_type argument gives the type of the argument at an index."),
                 "mapx/argmap.py", [], id="the-real-parameter-trap"),
    pytest.param(_mapper("The ``oauth_nonce`` parameter of the request is checked elsewhere."),
                 "mapx/argmap.py", [], id="a-protocols-parameter-trap"),
    pytest.param(_mapper("Each callback receives a ``caller_type`` argument."),
                 "mapx/argmap.py", [], id="no-near-parameter-trap"),
    pytest.param(_mapper("The caller_type argument of ``resolve()`` picks the type."),
                 "mapx/argmap.py", [], id="another-callables-argument-trap"),
]


@pytest.mark.parametrize(("files", "target", "expected"), PROSE_PARAMETER_CASES)
def test_parameters_named_in_prose(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


STAND_IN_CASES = [
    # ---- a class defined as the stand-in for an imported one is not the class examples use -------
    pytest.param({"img/__init__.py": "", "img/io.py": '''
        try:
            from imagelib import Spec
        except ImportError:
            class Spec:
                """Stand-in used when imagelib is missing."""

                def __init__(self, width):
                    self.width = width


        def spec_of(width) -> Spec:
            """The spec of an image.

            >>> from img.io import spec_of
            >>> spec = spec_of(3)
            >>> spec.extra_attribs
            []
            """
            return Spec(width)
        '''}, "img/io.py", [], id="fallback-class-for-an-import-trap"),
    pytest.param({"img/__init__.py": "", "img/io.py": '''
        class Spec:
            """A spec."""

            def __init__(self, width):
                self.width = width


        def spec_of(width) -> Spec:
            """The spec of an image.

            >>> from img.io import spec_of
            >>> spec = spec_of(3)
            >>> spec.widht
            3
            """
            return Spec(width)
        '''}, "img/io.py", ["C1.example-attribute"], id="project-class-example-attribute-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), STAND_IN_CASES)
def test_stand_in_classes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


def _loss(doc_param: str) -> dict[str, str]:
    return {"ts/__init__.py": "", "ts/loss.py": f'''
        try:
            import torch
            HAS_TORCH = True
        except ImportError:
            HAS_TORCH = False

        if not HAS_TORCH:
            class Loss:
                def __init__(self):
                    raise ValueError("needs torch")
        else:
            class Loss:
                """Soft loss.

                Parameters
                ----------
                gamma : float
                    Smoothing.
                {doc_param} : bool
                    Whether to normalize.
                """

                def __init__(self, gamma=1.0, normalize=False):
                    self.gamma = gamma
                    self.normalize = normalize
        '''}


def _iters(doc_default: str, code_default: str) -> dict[str, str]:
    return {"sh/__init__.py": "", "sh/fit.py": f'''
        def fit(x, max_iter={code_default}):
            """Fit.

            Parameters
            ----------
            x : list
                The data.
            max_iter : int (default: {doc_default})
                Number of iterations.
            """
            return x[:max_iter]
        '''}


AUDIT5_CASES = [
    # ---- a class defined twice in one module (a stand-in when an optional import fails) -------------
    pytest.param(_loss("normalize"), "ts/loss.py", [], id="class-defined-twice-own-init-trap"),
    pytest.param(_loss("normalise"), "ts/loss.py", ["C1.unknown-param"], id="class-defined-twice-planted"),
    # ---- "10,000": a thousands separator, not the value 10 ----------------------------------------
    pytest.param(_iters("10,000", "10000"), "sh/fit.py", [], id="thousands-separator-trap"),
    pytest.param(_iters("10,000", "1000"), "sh/fit.py", ["C3.wrong-default"], id="thousands-separator-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), AUDIT5_CASES)
def test_fresh5_audit_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


_QUERY = '''
    class ExistsQuery:
        def __init__(self, model):
            self.model = model

        def __await__(self):
            return self._run().__await__()

        async def _run(self):
            return True


    class ContainsQuery(ExistsQuery):
        pass


    class QuerySet:
        def contains(self, obj) -> ContainsQuery:
            """Check membership.

            :returns: True if the object is in the set, False otherwise.
            """
            return ContainsQuery(obj)
'''

AUDIT5_RETURN_CASES = [
    # ---- an awaitable object: its docs may describe what awaiting it gives --------------------------
    pytest.param({"orm/__init__.py": "", "orm/qs.py": _QUERY}, "orm/qs.py", [], id="awaitable-result-trap"),
    pytest.param({"orm/__init__.py": "", "orm/qs.py": _QUERY.replace("    def __await__(self):\n"
                                                                     "            return self._run().__await__()\n", "")},
                 "orm/qs.py", ["C2.return-type"], id="plain-object-documented-as-bool-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), AUDIT5_RETURN_CASES)
def test_fresh5_audit_return_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


def _importances(doc: str, value: str) -> dict[str, str]:
    return {"xpl/__init__.py": "", "xpl/result.py": f'''
        def feature_frames(names, frames):
            """Frames of each importance.

            Returns
            -------
            {doc}
                The frames.
            """
            return {value}
        '''}


PER_KEY_CASES = [
    pytest.param(_importances("a list of DataFrames per importance", "dict(zip(names, frames))"), "xpl/result.py", [],
                 id="list-per-key-is-a-mapping-trap"),
    pytest.param(_importances("a list of DataFrames", "dict(zip(names, frames))"), "xpl/result.py",
                 ["C2.return-type"], id="list-returned-as-dict-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), PER_KEY_CASES)
def test_collections_per_key(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


def _dropper(check: str) -> dict[str, str]:
    return {"fe/__init__.py": "", "fe/drop.py": f'''
        from typing import List


        class DropFeatures:
            """Drop columns.

            Parameters
            ----------
            features_to_drop : str or list
                The column or columns to drop.
            """

            def __init__(self, features_to_drop: List[str]):
                if not {check}:
                    raise ValueError("features_to_drop must be a name or a list")
                self.features_to_drop = features_to_drop
        '''}


TESTED_TYPE_CASES = [
    pytest.param(_dropper("isinstance(features_to_drop, (str, list))"), "fe/drop.py", [],
                 id="code-tests-for-the-documented-type-trap"),
    pytest.param(_dropper("isinstance(features_to_drop, list)"), "fe/drop.py", ["C2.param-type"],
                 id="code-tests-only-the-annotated-type-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), TESTED_TYPE_CASES)
def test_types_the_code_tests_for(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


def _nipy(extra: dict[str, str]) -> dict[str, str]:
    return {"nip/__init__.py": "", "nip/interfaces/__init__.py": "", "nip/interfaces/fsl.py": '''
        def bet(in_file):
            """Extract the brain.

            >>> from nip.testing import example_data
            >>> bet(example_data("head.nii"))
            'head_brain.nii'
            """
            return in_file.replace(".nii", "_brain.nii")
        ''', **extra}


PARTIAL_TREE_CASES = [
    # ---- an example importing a project module the checked tree lacks ----------------------------
    pytest.param(_nipy({}), "nip/interfaces/fsl.py", ["C1.example-import"], id="missing-module-planted"),
    pytest.param(_nipy({"nip/interfaces/sem/__init__.py": "from .testing import *\n"}), "nip/interfaces/fsl.py", [],
                 id="tree-lacks-a-module-its-own-code-imports-trap"),
]


@pytest.mark.parametrize(("files", "target", "expected"), PARTIAL_TREE_CASES)
def test_partial_trees(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)


def _sleeper(summary: str) -> dict[str, str]:
    return {"green/__init__.py": "", "green/thread.py": f'''
        def sleep(seconds=0):
            """{summary}

            The current thread is suspended for the given time.
            """
            hub = get_hub()
            hub.switch()
            return None
        '''}


YIELD_WORDING_CASES = [
    pytest.param(_sleeper("Yield control to another coroutine."), "green/thread.py", [],
                 id="yield-control-is-a-context-switch-trap"),
    pytest.param(_sleeper("Yields the pending timers."), "green/thread.py", ["C3.not-generator"],
                 id="yields-values-without-yield-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), YIELD_WORDING_CASES)
def test_yield_wording(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
