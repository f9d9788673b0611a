"""Return claims in every sentence shape (C2.return-type, C2.generator-return).

Each planted case states a return type the code cannot return and must be flagged on that
sentence with the rule, the message naming both types, and the evidence; each trap is a true
sentence real code writes (a loose word, an unknown kind, a protocol value) and stays quiet.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from docfact.engine import Engine
from docfact.judges.return_claims import prose_claim
from docfact.lang.python.extract import extract


def c2_findings(tmp_path: Path, source: str, extra: dict[str, str] | None = None) -> list:
    for rel, text in {"mod.py": source, **(extra or {})}.items():
        (tmp_path / rel).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    engine = Engine(tmp_path)
    engine.load()
    return [f for f in engine.check_file(str(tmp_path / "mod.py")).findings if f.criterion == "C2"]


# (source, rule, the sentence flagged, words the message must contain)
PLANTED = [
    # ---- sentence shapes --------------------------------------------------------------
    pytest.param('''
        def names(d):
            """Returns a dict of the names."""
            return sorted(d)
        ''', "C2.return-type", "Returns a dict of the names.", ["`dict`", "`list`", "sorted()"],
        id="returns-a-X"),
    pytest.param('''
        def headers(raw):
            """Return the headers as a list."""
            return {k: v for k, v in raw}
        ''', "C2.return-type", "Return the headers as a list.", ["`list`", "`dict`"], id="return-the-X-as-a-Y"),
    pytest.param('''
        def split(raw):
            """Split ``raw`` at commas. It returns a tuple of the parts."""
            return f"{raw}"
        ''', "C2.return-type", "It returns a tuple of the parts.", ["`tuple`", "`str`"], id="it-returns-a-X"),
    pytest.param('''
        def counts(words):
            """Count the words. A list of (word, count) pairs is returned."""
            out = {}
            for w in words:
                out[w] = out.get(w, 0) + 1
            return out
        ''', "C2.return-type", "A list of (word, count) pairs is returned.", ["`list`", "`dict`"],
        id="X-is-returned"),
    pytest.param('''
        def parse(header):
            """Parse the header, returning a dictionary mapping keys to values."""
            return [p.split("=") for p in header.split(";")]
        ''', "C2.return-type", "Parse the header, returning a dictionary mapping keys to values.",
        ["`dictionary`", "`list`"], id="comma-returning-a-X"),
    pytest.param('''
        def load(path):
            """Reads the file and returns a string."""
            with open(path, "rb") as fh:
                data = fh.read()
            return b"" + data
        ''', "C2.return-type", "Reads the file and returns a string.", ["`string`", "`bytes`"],
        id="and-returns-a-X"),
    pytest.param('''
        def lookup(table, key):
            """Find ``key``. If it is missing, ``None`` is returned."""
            if key in table:
                return str(table[key])
            return ""
        ''', "C2.return-type", "If it is missing, ``None`` is returned.", ["`None`", "`str`"],
        id="None-is-returned-after-a-condition"),
    pytest.param('''
        def render(name):
            """Returns ``True`` if the name was rendered."""
            if not name:
                return ""
            return f"<b>{name}</b>"
        ''', "C2.return-type", "Returns ``True`` if the name was rendered.", ["`True`", "`str`"],
        id="returns-True-if-but-only-strings"),
    pytest.param('''
        def find(items, x):
            """Returns None if ``items`` is empty, else its length."""
            return len(items) if items else 0
        ''', "C2.return-type", "Returns None if ``items`` is empty, else its length.", ["`None`", "`int`"],
        id="returns-None-never-returned"),
    pytest.param('''
        def label(x):
            """Otherwise returns a list of labels."""
            return "a" if x else "b"
        ''', "C2.return-type", "Otherwise returns a list of labels.", ["`list`", "`str`"], id="otherwise-returns"),
    # ---- Returns sections -------------------------------------------------------------
    pytest.param('''
        def read(sock):
            """Returns the string of bytes read."""
            return sock.recv(10).decode("ascii")
        ''', "C2.return-type", "Returns the string of bytes read.", ["`string of bytes`", "`str`"],
        id="string-of-bytes-but-decoded"),
    pytest.param('''
        def names(d):
            """The names.

            Returns:
                A dictionary mapping each name to its count.
            """
            return [n for n in d]
        ''', "C2.return-type", "A dictionary mapping each name to its count.", ["`dictionary`", "`list`"],
        id="google-returns-prose-dictionary-mapping"),
    # ---- inferred kinds -----------------------------------------------------------------
    pytest.param('''
        def collect(xs):
            """Returns a dict of the items."""
            result = []
            for x in xs:
                result.append(x)
            return result
        ''', "C2.return-type", "Returns a dict of the items.", ["`dict`", "`list`"], id="local-assigned-a-list"),
    pytest.param('''
        def to_wire(text):
            """Returns a string."""
            return text.encode("utf-8")
        ''', "C2.return-type", "Returns a string.", ["`string`", "`bytes`"], id="encode-is-bytes"),
    pytest.param('''
        def csv(items):
            """Returns a list of the fields."""
            return ",".join(items)
        ''', "C2.return-type", "Returns a list of the fields.", ["`list`", "`str`"], id="literal-join-is-str"),
    pytest.param('''
        def describe(x):
            """Returns a dict describing ``x``."""
            return "%s(%r)" % (type(x).__name__, x)
        ''', "C2.return-type", "Returns a dict describing ``x``.", ["`dict`", "`str`"], id="percent-format-is-str"),
    pytest.param('''
        def is_private(name):
            """Returns a string."""
            return name.startswith("_")
        ''', "C2.return-type", "Returns a string.", ["`string`", "`bool`"], id="startswith-is-bool"),
    pytest.param('''
        def pick(x, flag):
            """Returns a list of picks."""
            return "yes" if flag else None
        ''', "C2.return-type", "Returns a list of picks.", ["`list`", "none", "str"], id="conditional-expression"),
    pytest.param('''
        def _names(d):
            return {k: 1 for k in d}

        def names(d):
            """Returns a list of names."""
            return _names(d)
        ''', "C2.return-type", "Returns a list of names.", ["`list`", "`dict`", "_names()"],
        id="one-hop-into-unannotated-project-function"),
    pytest.param('''
        def _names(d) -> dict[str, int]:
            return {}

        class Store:
            def _load(self) -> dict[str, int]:
                return {}

            def names(self):
                """Returns a list of names."""
                return self._load()
        ''', "C2.return-type", "Returns a list of names.", ["`list`", "`dict`"],
        id="one-hop-into-annotated-method"),
    pytest.param('''
        class Report:
            def __init__(self, rows):
                self.rows = rows

        def build(rows):
            """Returns a string with one line per row."""
            return Report(rows)
        ''', "C2.return-type", "Returns a string with one line per row.", ["`string`", "an object", "Report()"],
        id="project-class-instance-is-not-a-string"),
    pytest.param('''
        class Function:
            pass

        class binomial(Function):
            pass

        def size(n):
            """Returns an int."""
            return binomial(n, 2)
        ''', "C2.return-type", "Returns an int.", ["`int`", "an object"], id="subclass-of-a-project-class-named-Function"),
    pytest.param('''
        class Store:
            def _load(self):
                return {}

            def names(self):
                """Returns a list of names."""
                return self._load()
        ''', "C2.return-type", "Returns a list of names.", ["`list`", "`dict`"],
        id="one-hop-through-self-into-unannotated-method"),
    pytest.param('''
        def echo(value: bytes):
            """Returns a string."""
            return value
        ''', "C2.return-type", "Returns a string.", ["`string`", "`bytes`"], id="returned-parameter-annotation"),
    pytest.param('''
        from pathlib import Path

        def config_file(root: str):
            """Returns a string with the config file's path."""
            return Path(root)
        ''', "C2.return-type", "Returns a string with the config file's path.", ["`string`", "`Path`"],
        id="string-vs-pathlib-Path"),
    # ---- generators -------------------------------------------------------------------
    pytest.param('''
        def rows(cursor):
            """Fetch the rows.

            Returns:
                dict: one row at a time.
            """
            for row in cursor:
                yield dict(row)
        ''', "C2.generator-return", "dict: one row at a time.", ["`dict`", "`yield`", "Yields"],
        id="generator-returns-section-dict"),
    pytest.param('''
        def lines(text):
            """Split into lines.

            Returns
            -------
            str
                Each line.
            """
            for line in text.splitlines():
                yield line
        ''', "C2.generator-return", "str\n    Each line.", ["`str`", "generator"], id="generator-numpy-returns-str"),
    pytest.param('''
        from typing import Iterator

        def words(text) -> Iterator[str]:
            """Returns a list of the words."""
            yield from text.split()
        ''', "C2.generator-return", "Returns a list of the words.", ["`list`", "Iterator[str]"],
        id="generator-annotated-iterator-documented-list"),
    pytest.param('''
        def _lmap(f, xs):
            return list(map(f, xs))


        def dates(strings):
            """
            Parse the dates.

            Returns
            -------
            dates : ndarray
                The dates.
            """
            return _lmap(str, strings)
        ''', "C2.return-type", "dates : ndarray\n    The dates.", ["`ndarray`", "`list`"],
        id="ndarray-documented-list-returned-one-hop"),
    pytest.param('''
        from dataclasses import dataclass
        from typing import Generic, TypeVar

        T = TypeVar("T")


        class Resource:
            async def aclose(self) -> None:
                pass


        @dataclass
        class MultiListener(Generic[T], Resource):
            listeners: list

            async def serve(self, handler) -> None:
                pass


        async def create_listener(port: int = 0) -> MultiListener[int]:
            """Create a listener.

            :param port: the port
            :return: a list of listener objects
            """
            return MultiListener([port])
        ''', "C2.return-type", ":return: a list of listener objects",
        ["`list`", "`MultiListener[int]`", "no container"], id="list-documented-plain-project-class-annotated"),
    pytest.param('''
        class Report:
            pass


        def build(rows) -> Report:
            """Returns a string with one line per row."""
            return Report()
        ''', "C2.return-type", "Returns a string with one line per row.", ["`string`", "`Report`"],
        id="string-documented-project-class-annotated"),
    pytest.param('''
        class Fonts:
            def find(self, names):
                """Find the fonts.

                This is a wrapper of ``find_one``, which returns a single font. Instead, this API
                returns a dict containing the fonts and their paths.
                """
                paths = []
                for name in names:
                    paths.append(name)
                return paths
        ''', "C2.return-type", "Instead, this API\nreturns a dict containing the fonts and their paths.",
        ["`dict`", "`list`"], id="instead-this-API-returns"),
    pytest.param('''
        class Grouping:
            def dummy_sparse(self, level=0):
                """Create a sparse indicator.

                Returns
                -------
                indi : ndarray, int8, 2d (nobs, n_groups)
                    An indicator array.
                """
                self._dummies = level
        ''', "C2.return-type", "indi : ndarray, int8, 2d (nobs, n_groups)\n    An indicator array.",
        ["`ndarray, int8, 2d (nobs, n_groups)`", "returns `None`"], id="value-documented-none-returned"),
    pytest.param('''
        class Model:
            def update(self, params):
                """Update.

                :param params: the parameters
                :rtype: ParamsTable
                """
                if params is None:
                    return
                self.params = params
        ''', "C2.return-type", ":rtype: ParamsTable", ["`ParamsTable`", "`update`", "returns `None`"],
        id="class-documented-bare-returns"),
    pytest.param('''
        import numpy as np


        class SimpleTable:
            pass


        def summary_frame(params, names):
            """Create a summary table.

            Returns
            -------
            params_table : SimpleTable instance
            """
            from pandas import DataFrame
            return DataFrame(np.column_stack(params), index=names)
        ''', "C2.return-type", "params_table : SimpleTable instance",
        ["`SimpleTable instance`", "`DataFrame(...)`", "not a `SimpleTable`"], id="project-class-documented-outside-class-built"),
    pytest.param('''
        class ResultsBase:
            pass


        class PredictionResults(ResultsBase):
            pass


        class PredictionResultsDelta(ResultsBase):
            pass


        def get_prediction_delta(model):
            """Predict.

            Returns
            -------
            prediction_results : PredictionResults
                The prediction results.
            """
            res = PredictionResultsDelta()
            return res
        ''', "C2.return-type", "prediction_results : PredictionResults\n    The prediction results.",
        ["`PredictionResults`", "`PredictionResultsDelta(...)`"], id="sibling-class-built"),
    pytest.param('''
        class Grouper:
            pass


        class Resampler:
            pass


        def get_resampler(obj) -> Resampler:
            return Resampler()


        class GroupBy:
            def resample(self, rule):
                """Resample.

                Returns
                -------
                Grouper
                """
                return get_resampler(self)
        ''', "C2.return-type", "Grouper", ["`Grouper`", "`get_resampler(...)`, annotated to return `Resampler`"],
        id="one-hop-into-an-annotated-function"),
    pytest.param('''
        class TableBase:
            pass


        class SimpleTable(TableBase):
            pass


        class DataTable(TableBase):
            pass


        def _make(rows):
            return DataTable()


        def summary(rows):
            """Summarize.

            Returns
            -------
            SimpleTable
            """
            return _make(rows)
        ''', "C2.return-type", "SimpleTable", ["`_make(...)`, which returns `DataTable(...)`", "not a `SimpleTable`"],
        id="one-hop-into-a-function-that-builds-a-class"),
    pytest.param('''
        def build(endpoint: str) -> str:
            """Build a URL.

            Because URLs cannot contain non ASCII data you will always get
            bytes back.
            """
            return "/" + endpoint
        ''', "C2.return-type", "Because URLs cannot contain non ASCII data you will always get\nbytes back.",
        ["`bytes`", "`str`"], id="you-get-bytes-back-annotated-str"),
    pytest.param('''
        class BaseEstimator:
            def get_params(self):
                return {}


        class TSNE(BaseEstimator):
            def fit_transform(self, X):
                self.embedding_ = X
                return X

            def fit(self, X):
                """Fit X into an embedded space.

                Returns
                -------
                X_new : array of shape (n_samples, n_components)
                    Embedding of the training data.
                """
                self.fit_transform(X)
                return self
        ''', "C2.return-type", "X_new : array of shape (n_samples, n_components)\n    Embedding of the training data.",
        ["`array of shape (n_samples, n_components)`", "`self`", "`TSNE`"], id="array-documented-self-returned"),
]


@pytest.mark.parametrize(("source", "rule", "sentence", "words"), PLANTED)
def test_planted_return_claim_is_flagged(tmp_path: Path, source: str, rule: str, sentence: str, words: list[str]) -> None:
    [f] = c2_findings(tmp_path, source)
    assert (f.rule, f.criterion, f.judge) == (rule, "C2", "static")
    assert f.segment.text == sentence
    for w in words:
        assert w in f.message, (w, f.message)
    assert f.evidence is not None and f.evidence.path is not None


TRAPS = [
    pytest.param('''
        import numpy as np


        def grid(n) -> np.ndarray:
            """Returns an array of ``n`` points."""
            return np.linspace(0, 1, n)
        ''', id="array-word-for-an-ndarray"),
    pytest.param('''
        from typing import Sequence


        def grid(n) -> Sequence[float]:
            """
            Make a grid.

            Returns
            -------
            ndarray
                The points.
            """
            return [0.0] * n
        ''', id="ndarray-beside-a-loose-annotation"),
    pytest.param('''
        def wrap(x):
            """Returns a list-like object holding ``x``."""
            return (x,)
        ''', id="list-like-is-not-a-list-claim"),
    pytest.param('''
        def same(x):
            """Returns the same type as the input."""
            return str(x)
        ''', id="same-type-as-the-input"),
    pytest.param('''
        def clone(d):
            """Returns a copy."""
            return [d]
        ''', id="returns-a-copy"),
    pytest.param('''
        class Query:
            def filter(self, **kw):
                """Returns the Query instance, for chaining."""
                return self
        ''', id="returns-self"),
    pytest.param('''
        class Headers(dict):
            pass

        def parse(raw):
            """Returns a dict of the headers."""
            return Headers(raw)
        ''', id="dict-subclass"),
    pytest.param('''
        class Name(str):
            pass

        def name(raw):
            """Returns a string."""
            return Name(raw)
        ''', id="str-subclass"),
    pytest.param('''
        class Rows:
            def __getitem__(self, i):
                return i

        def rows():
            """Returns a list of rows."""
            return Rows()
        ''', id="project-object-may-be-a-list-by-duck-typing"),
    pytest.param('''
        from collections import UserString

        class Name(UserString):
            pass

        def name(raw):
            """Returns a string."""
            return Name(raw)
        ''', id="project-class-with-an-external-base"),
    pytest.param('''
        class Singleton(type):
            def __call__(cls):
                return "one"

        class Config(metaclass=Singleton):
            pass

        def config():
            """Returns a string."""
            return Config()
        ''', id="project-class-with-a-metaclass"),
    pytest.param('''
        class Basic:
            def __new__(cls, *args):
                return cls.eval(*args)

        class Function(Basic):
            pass

        class binomial(Function):
            @classmethod
            def eval(cls, n, k):
                return 1

        def size(n):
            """Returns an int."""
            return binomial(n, 2)
        ''', id="project-class-whose-ancestor-defines-__new__"),
    pytest.param('''
        def singleton(cls):
            return cls()

        @singleton
        class Config:
            pass

        def config():
            """Returns a string."""
            return Config()
        ''', id="project-class-with-a-decorator-that-replaces-it"),
    pytest.param('''
        from typing import Optional

        def first(xs) -> Optional[str]:
            """Returns None if ``xs`` is empty."""
            return xs[0] if xs else None
        ''', id="optional-returns-None"),
    pytest.param('''
        class Box:
            @property
            def items(self):
                """Returns a list of the items."""
                return list(self._items)
        ''', id="property-list"),
    pytest.param('''
        from typing import overload

        @overload
        def get(x: int) -> int: ...
        @overload
        def get(x: str) -> str: ...
        def get(x):
            """Returns a string for a string."""
            return x
        ''', id="overloaded"),
    pytest.param('''
        class Money:
            def __eq__(self, other):
                """Returns True if both amounts are equal."""
                if not isinstance(other, Money):
                    return NotImplemented
                return self.cents == other.cents
        ''', id="NotImplemented-in-dunder"),
    pytest.param('''
        import json
        from typing import Any

        def load(text) -> Any:
            """Returns a dict."""
            return json.loads(text)
        ''', id="annotated-Any"),
    pytest.param('''
        import json

        def load(text):
            """Returns a dict."""
            return json.loads(text)
        ''', id="unannotated-external-call"),
    pytest.param('''
        def check(x):
            """Returns True if ``x`` is valid, otherwise raises ValueError."""
            if x < 0:
                raise ValueError(x)
            return True
        ''', id="returns-True-otherwise-raises"),
    pytest.param('''
        class Repo:
            def get(self, key):
                """Returns a dict of fields."""
                return self.backend.fetch(key)
        ''', id="unknown-method-call"),
    pytest.param('''
        import os

        def where(name):
            """Returns the path of ``name``."""
            return os.path.join("/tmp", name)
        ''', id="returns-the-path-is-no-type-claim"),
    pytest.param('''
        from pathlib import Path

        def where(name) -> Path:
            """Returns the path of ``name``."""
            return Path(name)
        ''', id="returns-the-path-is-no-type-claim-for-Path"),
    pytest.param('''
        def find(d, k):
            """Returns None if ``k`` is missing."""
            if k in d:
                return str(d[k])
        ''', id="returns-None-falls-off-the-end"),
    pytest.param('''
        def find(d, k):
            """Returns None if ``k`` is missing."""
            if k not in d:
                return
            return str(d[k])
        ''', id="returns-None-bare-return"),
    pytest.param('''
        from typing import Iterator

        def words(text) -> Iterator[str]:
            """Returns an iterator over the words.

            Returns:
                Iterator[str]: the words.
            """
            yield from text.split()
        ''', id="generator-returns-iterator"),
    pytest.param('''
        def words(text):
            """Returns a generator of the words."""
            for w in text.split():
                yield w
        ''', id="generator-documented-generator"),
    pytest.param('''
        from typing import Generator

        def run(n) -> Generator[int, None, str]:
            """Count up.

            Returns:
                str: a summary when done.
            """
            for i in range(n):
                yield i
            return "done"
        ''', id="generator-return-value-of-Generator-annotation"),
    pytest.param('''
        import contextlib

        @contextlib.contextmanager
        def connect(url):
            """Returns:
                dict: the open connection.
            """
            yield {"url": url}
        ''', id="contextmanager-generator"),
    pytest.param('''
        def coroutine(x):
            """Returns:
                dict: the result.
            """
            value = yield x
            return {"value": value}
        ''', id="generator-that-returns-a-value"),
    pytest.param('''
        def partitions(n):
            """Generate the partitions of ``n``. A tuple is returned for each partition."""
            for k in range(1, n + 1):
                yield (k, n - k)
        ''', id="generator-passive-sentence-is-about-each-item"),
    pytest.param('''
        def total(xs):
            """Returns an int, or a float if any item is a float."""
            n = 0
            for x in xs:
                n += x
            return n
        ''', id="augmented-number-is-unknown"),
    pytest.param('''
        def names(d):
            """Returns a list if ``d`` is a list, else a tuple."""
            return tuple(d)
        ''', id="alternative-in-the-same-sentence"),
    pytest.param('''
        def make(kind):
            """Returns a function that returns a string."""
            return lambda: kind
        ''', id="relative-clause-describes-the-returned-function"),
    pytest.param('''
        class Backend:
            def _load(self):
                return None

            def load(self):
                """Returns a dict of settings."""
                return self._load()
        ''', id="self-method-hook-not-followed"),
    pytest.param('''
        def encode(obj, encoder):
            """Returns a string."""
            return encoder.encode(obj)
        ''', id="encode-with-an-object-argument"),
    pytest.param('''
        def pieces(x):
            """Returns a list of pieces."""
            result = None
            for result in x:
                pass
            result = []
            return result
        ''', id="local-also-a-loop-target"),
    pytest.param('''
        def _check(a, b):
            """Return (ok, power, rest). If there is no such factor, None is returned."""
            return a == b, a, None
        ''', id="prose-about-an-item-of-a-returned-tuple"),
    pytest.param('''
        def test_label():
            """``label()`` returns a string. If empty, an empty string is returned."""
            assert label("") == ""
        ''', id="test-docstring-describes-the-code-under-test"),
    pytest.param('''
        def is_ok(x):
            """Return True when ``x`` is ok."""
            ok = x > 0
            return ok
        ''', id="bool-local"),
    pytest.param('''
        def head(x: str):
            """Returns a string."""
            x = x.strip()
            return x
        ''', id="rebound-parameter-unknown"),
    pytest.param('''
        class Rows:
            def __iter__(self):
                return iter(())


        class Table(Rows):
            pass


        def rows() -> Table:
            """Returns a list of rows."""
            return Table()
        ''', id="annotated-class-iterable-through-its-base"),
    pytest.param('''
        from typing import NamedTuple


        class Pair(NamedTuple):
            a: int
            b: int


        def pair() -> Pair:
            """Returns a tuple of two ints."""
            return Pair(1, 2)
        ''', id="annotated-class-with-an-external-base"),
    pytest.param('''
        class Headers(dict):
            pass


        def parse(raw) -> Headers:
            """Returns a dict of the headers."""
            return Headers(raw)
        ''', id="annotated-dict-subclass"),
    pytest.param('''
        class Proxy:
            def __init__(self, target):
                self._target = target

            def __getattr__(self, name):
                return getattr(self._target, name)


        def wrap(items) -> Proxy:
            """Returns a list that logs every access."""
            return Proxy(items)
        ''', id="annotated-class-that-forwards-attributes"),
    pytest.param('''
        Options = dict


        def options() -> Options:
            """Returns a dict of options."""
            return {}
        ''', id="annotated-alias-not-a-class"),
    pytest.param('''
        from typing import Generic, TypeVar

        T = TypeVar("T")


        class SearchStrategy(Generic[T]):
            def example(self) -> T:
                raise NotImplementedError


        def lists(elements: SearchStrategy[int]) -> SearchStrategy[list[int]]:
            """Returns a list containing values drawn from elements."""
            return SearchStrategy()
        ''', id="annotated-generic-class-of-the-documented-kind"),
    pytest.param('''
        class Model:
            def fit(self, x):
                """Fit.

                Returns
                -------
                None
                    The model is updated in place.
                """
                self.x = x
        ''', id="documented-none"),
    pytest.param('''
        class Model:
            def hook(self, x):
                """Hook for subclasses.

                Returns
                -------
                Results
                    What a subclass computes.
                """
                pass
        ''', id="stub-for-subclasses"),
    pytest.param('''
        import functools


        def cached(fn):
            return functools.lru_cache(fn)


        class Model:
            @cached
            def table(self):
                """Table.

                Returns
                -------
                Table
                    The table.
                """
                self.t = 1
        ''', id="decorator-may-change-the-result"),
    pytest.param('''
        class Model:
            async def load(self):
                """Load.

                Returns
                -------
                Rows
                    The rows.
                """
                self.rows = []
        ''', id="async-function"),
    pytest.param('''
        class Module:
            def parent(self):
                """The parent module, if any.

                Returns
                -------
                Submodule
                    What a subclass has; this base has none.
                """
                return None
        ''', id="one-return-None-a-default-subclasses-override"),
    pytest.param('''
        class Module:
            def parent(self):
                """The parent module, if any.

                Returns
                -------
                :py:class:`~.Module`, ``None``
                """
                self.seen = True
        ''', id="documented-None-among-alternatives"),
    pytest.param('''
        class Summary:
            def add_table(self, res):
                """Add a table.

                Returns
                -------
                None : tables are attached
                """
                self.tables = [res]
        ''', id="named-None-described-after-the-colon"),
    pytest.param('''
        class Inspector:
            def __init__(self, artist):
                self.artist = artist

            def properties(self):
                return dict(vars(self.artist))


        class Artist:
            def properties(self):
                """Return a dictionary of all the properties of the artist."""
                return Inspector(self).properties()
        ''', id="method-of-a-built-object"),
    pytest.param('''
        class Results:
            pass


        class OLSResults(Results):
            pass


        def fit():
            """Fit.

            Returns
            -------
            Results
                The results.
            """
            return OLSResults()
        ''', id="subclass-of-the-documented-class"),
    pytest.param('''
        from pandas import DataFrame


        class Table(DataFrame):
            pass


        def table():
            """Table.

            Returns
            -------
            DataFrame
                The table.
            """
            return Table()
        ''', id="documented-outside-class-is-an-ancestor"),
    pytest.param('''
        def make_base():
            return object


        Base = make_base()


        class Results:
            pass


        class Mine(Base):
            pass


        def fit():
            """Fit.

            Returns
            -------
            Results
                The results.
            """
            return Mine()
        ''', id="built-class-with-an-unknown-base"),
    pytest.param('''
        class Results:
            pass


        def Make():
            return Results()


        def fit():
            """Fit.

            Returns
            -------
            Results
                The results.
            """
            return Make()
        ''', id="capitalised-function-not-a-class"),
    pytest.param('''
        from pandas import DataFrame


        def frame():
            """Frame.

            Returns
            -------
            Figure
                No class of this project has the name.
            """
            return DataFrame()
        ''', id="documented-class-not-in-the-project"),
    pytest.param('''
        class Results:
            pass


        class Wrapper:
            pass


        def fit(wrap):
            """Fit.

            Returns
            -------
            Results
                The results.
            """
            if wrap:
                return Wrapper()
            return make_results()


        def make_results():
            return Results()
        ''', id="one-return-not-a-constructor"),
    pytest.param('''
        class ResultsWrapper:
            def __init__(self, results):
                self._results = results

            def __getattribute__(self, attr):
                return getattr(object.__getattribute__(self, "_results"), attr)


        class RegressionResults:
            pass


        class RegressionResultsWrapper(ResultsWrapper):
            pass


        def fit():
            """Fit.

            Returns
            -------
            RegressionResults
                The results.
            """
            return RegressionResultsWrapper(RegressionResults())
        ''', id="proxy-of-the-documented-class"),
    pytest.param('''
        class Results:
            pass


        class TestResults:
            pass


        def test():
            """Test.

            Returns
            -------
            Results instance
                English for a results object.
            """
            return TestResults()
        ''', id="one-word-class-name"),
    pytest.param('''
        class Rows:
            def __iter__(self):
                return iter(())

            def sorted(self):
                """Sort in place.

                Returns
                -------
                list
                    The rows, sorted.
                """
                return self
        ''', id="self-of-an-iterable-class"),
    pytest.param('''
        class Builder:
            @classmethod
            def make(cls, self):
                """Make.

                Returns
                -------
                str
                    The argument named self.
                """
                return self
        ''', id="classmethod-argument-named-self"),
    pytest.param('''
        class Base:
            pass


        class Grouper(Base):
            pass


        def get_grouper(obj) -> Base:
            return Grouper()


        def group(obj):
            """Group.

            Returns
            -------
            Grouper
            """
            return get_grouper(obj)
        ''', id="one-hop-annotated-with-a-base-of-the-claim"),
    pytest.param('''
        class Grouper:
            pass


        class Resampler:
            pass


        class Helper:
            def get_resampler(self) -> Resampler:
                return Resampler()

            def resample(self):
                """Resample.

                Returns
                -------
                Grouper
                """
                return self.get_resampler()
        ''', id="one-hop-not-into-an-overridable-method"),
    pytest.param('''
        class Grouper:
            pass


        def _make(rows):
            if rows:
                return Grouper()
            return rows


        def group(rows):
            """Group.

            Returns
            -------
            Grouper
            """
            return _make(rows)
        ''', id="one-hop-returns-unknown"),
    pytest.param('''
        from typing import Any


        class Variable:
            pass


        def apply_ufunc(func, obj) -> Any:
            return func(obj)


        def isnull(obj):
            """Test each value.

            Returns
            -------
            isnull : Variable
            """
            return apply_ufunc(len, obj)
        ''', id="one-hop-annotated-any"),
]


@pytest.mark.parametrize("source", TRAPS)
def test_true_return_claim_is_quiet(tmp_path: Path, source: str) -> None:
    assert c2_findings(tmp_path, source) == []


@pytest.mark.parametrize(("sentence", "claimed"), [
    pytest.param("Returns a list of names.", "list", id="returns-a"),
    pytest.param("Returns ``None`` if missing.", "none", id="returns-None-code"),
    pytest.param("If nothing matches, ``None`` is returned.", "none", id="is-returned"),
    pytest.param("This function returns a dict.", "dict", id="this-function-returns"),
    pytest.param("Returns a list if sorted, otherwise a tuple.", "list | tuple", id="alternatives"),
    pytest.param("Returns the headers as a dict.", "dict", id="as-a"),
    pytest.param("Returns a string representation of the node.", "string", id="representation"),
    pytest.param("Returns a list-like object.", None, id="list-like"),
    pytest.param("Returns the dictionary key for ``x``.", None, id="dictionary-key"),
    pytest.param("Returns the path.", None, id="path"),
    pytest.param("Returns the same type as a list would.", None, id="same-type-as"),
    pytest.param("The string is returned by the callback.", None, id="returned-by-someone-else"),
    pytest.param("Wraps ``fn`` in a decorator that returns a string.", None, id="relative-clause"),
    pytest.param("Returns the string of bytes read.", "bytes", id="string-of-bytes"),
    pytest.param("Returns a set and a dict.", "set | tuple", id="two-values-are-a-tuple"),
    pytest.param("If you would like to send data back, return a tuple.", None, id="addressed-to-an-implementer"),
    pytest.param("Subclasses should return a dict of options.", None, id="subclasses-should"),
    pytest.param("Note - debugprint() has a bug and returns an empty string.", None, id="another-subject"),
    pytest.param("Get the mapping of indices before the contraction.", None, id="mapping-is-not-a-dict-in-prose"),
    pytest.param("Returns C{True} if the message is older.", "bool", id="epytext-True"),
    pytest.param("C{None} is returned if the key is unknown.", "none", id="epytext-None-is-returned"),
    pytest.param("Given a column span, return a list of (begin, end) pairs.", "list", id="given-clause"),
    pytest.param("The result is returned as int.", "int", id="is-returned-as"),
    pytest.param("A partition is returned as a tuple.", None, id="is-returned-as-of-an-item"),
    pytest.param("If the key is missing, the return value will be an empty list.", "list", id="the-return-value-will-be"),
    pytest.param("The returned value should be a string.", None, id="the-returned-value-should-be"),
    pytest.param("Finds and returns a :class:`list` of all subclasses.", "list", id="sphinx-class-role"),
    pytest.param("Returns a string formatted like a traceback.", "string", id="participle-after-the-type"),
    pytest.param("L{parse} accepts a string and returns a tuple.", None, id="epytext-subject"),
    pytest.param("When ``uid_of`` is called with digits, it returns the integer.", None, id="when-another-is-called"),
    pytest.param("Return C{path} as a string of L{bytes} for the filesystem.", "bytes", id="string-of-epytext-bytes"),
    pytest.param("Instead, this API returns a dict of fonts.", "dict", id="instead-this-API"),
    pytest.param("Return bool(value).", None, id="a-call-of-the-type"),
    pytest.param("Because URLs hold only ASCII you will always get bytes back.", "bytes", id="you-get-X-back"),
    pytest.param("If you call ``load()`` you get a dict back.", None, id="you-get-X-back-from-another-call"),
    pytest.param("Subclasses should make sure you get a list back.", None, id="you-get-X-back-prescribed"),
])
def test_sentence_shapes(sentence: str, claimed: str | None) -> None:
    claim = prose_claim(sentence)
    assert (claim.type if claim else None) == claimed


def test_the_function_itself_may_be_the_subject() -> None:
    claim = prose_claim("``same()`` returns ``True`` for empty iterables.", "same")
    assert claim is not None and (claim.type, claim.written) == ("bool", "True")
    assert prose_claim("``other()`` returns ``True`` for empty iterables.", "same") is None


@pytest.mark.parametrize(("body", "kinds"), [
    pytest.param("r = []\n    r.append(x)\n    return r", ["list"], id="local-list"),
    pytest.param("s = ''\n    s += x\n    return s", ["str"], id="str-augmented"),
    pytest.param("n = 0\n    n += x\n    return n", ["name:n"], id="number-augmented-unknown"),
    pytest.param("a = b = {}\n    return b", ["dict"], id="chained-assignment"),
    pytest.param("a, (b, r) = x\n    r = {}\n    return r", ["name:r"], id="also-unpacked"),
    pytest.param("global r\n    r = {}\n    return r", ["name:r"], id="global"),
    pytest.param("return x.encode('utf-8')", ["bytes"], id="encode-codec"),
    pytest.param("return x.decode()", ["str"], id="decode"),
    pytest.param("return enc.encode(x)", ["call:enc.encode"], id="encode-an-object"),
    pytest.param("return (y for y in x)", ["generator"], id="generator-expression"),
    pytest.param("return 'a' + x", ["str"], id="str-concatenation"),
    pytest.param("return b'%s' % x", ["bytes"], id="bytes-format"),
    pytest.param("return x if x else None", ["name:x", "none"], id="conditional"),
    pytest.param("return x", ["name:x"], id="parameter"),
])
def test_return_kinds_the_index_infers(body: str, kinds: list[str]) -> None:
    fi = extract("m.py", f"def f(x):\n    {body}\n", "m")
    [fn] = [e for e in fi.entities if e.kind == "function"]
    assert fn.return_kinds == kinds


def test_fix_replaces_the_section_type_with_the_annotation(tmp_path: Path) -> None:
    src = '''
        def names(d) -> list[str]:
            """The names.

            Returns:
                dict: the names.
            """
            return sorted(d)
        '''
    [f] = c2_findings(tmp_path, src)
    text = (tmp_path / "mod.py").read_text()
    assert f.fix is not None and text[f.fix.start:f.fix.end] == "dict"
    assert f.fix.new_text == "list[str]"


@pytest.mark.parametrize(("source", "excerpt", "line"), [
    pytest.param('''
        def rows(cursor):
            """Fetch the rows.

            Returns:
                dict: one row at a time.
            """
            def helper():
                return 1
            for row in cursor:
                yield dict(row)
        ''', "yield dict(row)", 9, id="the-yield-of-a-generator-not-of-a-nested-function"),
    pytest.param('''
        def names(d):
            """Returns a dict of the names.

            return the names
            """
            if not d:
                return []
            return sorted(d)
        ''', "return []", 6, id="the-first-return-not-a-docstring-line"),
])
def test_evidence_is_the_statement_that_returns(tmp_path: Path, source: str, excerpt: str, line: int) -> None:
    [f] = c2_findings(tmp_path, source)
    assert f.evidence is not None and f.evidence.excerpt == excerpt
    assert f.evidence.range is not None and f.evidence.range.start.line == line
