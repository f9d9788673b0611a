"""C2/C3/C4 on code nobody tuned on (issue 28): for each cause of a false finding, a trap written
anew (invented look-alike code) that must stay quiet, and where the cause hid a real error, a
planted case that is still found. Each case is (files, target, expected rule ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files

CASES = [
    # ---- cause 3: stubs standing in for compiled code ----------------------------------------
    pytest.param({"geo/kernels.py": '''
        def _dispatch(*args):
            return args

        @array_function_dispatch(_dispatch)
        def smooth(grid, width):
            """Smooth the grid.

            Returns:
                list: The smoothed grid.

            Raises:
                ValueError: if ``width`` is negative.
            """
            return (grid,)
        '''}, "geo/kernels.py", [], id="cause3-dispatcher-stub-trap"),
    pytest.param({"geo/_fast.pyi": '''
        def blur(values: list[float], radius: int) -> list[float]:
            """Blur the values.

            Raises:
                OverflowError: if ``radius`` is too large.
            """
            ...
        '''}, "geo/_fast.pyi", [], id="cause3-pyi-of-extension-trap"),
    pytest.param({"geo/codec.py": '''
        from typing import overload

        @overload
        def decode(blob: bytes) -> str: ...
        @overload
        def decode(blob: None) -> None: ...
        def decode(blob):
            """Decode a blob.

            Returns:
                str: The text, or None when ``blob`` is None.
            """
            if blob is None:
                return None
            return _native_decode(blob)
        '''}, "geo/codec.py", [], id="cause3-overloads-trap"),
    pytest.param({"geo/kernels.py": '''
        def smooth(grid, width):
            """Smooth the grid.

            Raises:
                KeyError: if ``width`` is negative.
            """
            if width < 0:
                raise ValueError(width)
            return [g * width for g in grid]
        '''}, "geo/kernels.py", ["C3.raises-not-raised"], id="cause3-plain-body-planted"),
    # ---- dev audit: abstract hook, property setter, stdlib callee ----------------------------
    pytest.param({"plug/base.py": '''
        class Codec:
            def can_open(self, source):
                """Whether this codec can open ``source``.

                Returns:
                    bool: True if the codec can open it.
                """
                return None  # codecs must implement this
        '''}, "plug/base.py", [], id="audit-placeholder-hook-trap"),
    pytest.param({"plug/table.py": '''
        class Table:
            def _get_rows(self):
                return [dict(r) for r in self._data]

            def _set_rows(self, value):
                """A list of dictionaries, one per row, is returned when read."""
                self._data = list(value)

            rows = property(_get_rows, _set_rows)
        '''}, "plug/table.py", [], id="audit-property-setter-reads-the-getter-trap"),
    pytest.param({"plug/table.py": '''
        class Table:
            def _get_rows(self):
                return len(self._data)

            def _set_rows(self, value):
                """A list of dictionaries, one per row, is returned when read."""
                self._data = list(value)

            rows = property(_get_rows, _set_rows)
        '''}, "plug/table.py", ["C2.return-type"], id="audit-property-setter-against-its-getter-planted"),
    pytest.param({"plug/expr.py": '''
        import ast

        def read_literal(text):
            """Read a literal.

            Raises:
                SyntaxError: if ``text`` is not valid Python.
            """
            tree = ast.parse(text, mode="eval")
            if not isinstance(tree.body, ast.Constant):
                raise ValueError(text)
            return tree.body.value
        '''}, "plug/expr.py", [], id="audit-stdlib-callee-raises-it-trap"),
    pytest.param({"plug/expr.py": '''
        import ast

        class BadLiteral(Exception):
            pass

        def read_literal(text):
            """Read a literal.

            Raises:
                BadLiteral: if ``text`` is not valid Python.
            """
            tree = ast.parse(text, mode="eval")
            if not isinstance(tree.body, ast.Constant):
                raise ValueError(text)
            return tree.body.value
        '''}, "plug/expr.py", ["C3.raises-not-raised"], id="audit-project-exception-never-raised-planted"),
    # ---- cause 4: decorators that change what the code is ----------------------------------
    pytest.param({"net/client.py": '''
        from asyncer import asyncify

        class Client:
            @asyncify
            def fetch(self, url):
                """Fetch the page asynchronously."""
                return url
        '''}, "net/client.py", [], id="cause4-decorator-makes-a-coroutine-trap"),
    pytest.param({"net/client.py": '''
        from compat import default_args

        @default_args(timeout=30)
        def connect(host, timeout=None):
            """Connect.

            Args:
                host: The host.
                timeout: Seconds to wait. Defaults to 30.
            """
            return (host, timeout)
        '''}, "net/client.py", [], id="cause4-decorator-changes-the-signature-trap"),
    # ---- cause 6: the sentence speaks of something else --------------------------------------
    pytest.param({"run/threads.py": '''
        import functools

        def in_worker(func):
            """Return a coroutine function that calls `func` in a worker thread."""
            @functools.wraps(func)
            async def wrapper(*args):
                return await _to_thread(func, *args)
            return wrapper
        '''}, "run/threads.py", [], id="cause6-factory-of-a-coroutine-trap"),
    pytest.param({"run/telemetry.py": '''
        import tracekit

        def start_reporting(key):
            """Start reporting; the SDK ships the events in the background."""
            tracekit.init(key)
        '''}, "run/telemetry.py", [], id="cause6-third-party-sdk-background-trap"),
    pytest.param({"run/suite.py": '''
        def set_up():
            return {}

        def build_case(name):
            """Build a test that uses `set_up` to create its fixtures."""
            return {"name": name}
        '''}, "run/suite.py", [], id="cause6-a-test-that-uses-trap"),
    pytest.param({"run/suite.py": '''
        def tidy(text):
            return text.strip()

        def clean(text):
            """Equivalent to a pass that calls `tidy` on every line."""
            return "\\n".join(line.strip() for line in text.splitlines())
        '''}, "run/suite.py", [], id="cause6-equivalent-to-trap"),
    pytest.param({"run/worker.py": '''
        class Worker:
            def stop(self):
                """Stop the worker. The shutdown itself is delivered asynchronously by the loop."""
                self._stopping = True
        '''}, "run/worker.py", [], id="cause6-another-subject-is-async-trap"),
    pytest.param({"run/worker.py": '''
        def tidy(text):
            return text.strip()

        def clean(text):
            """Clean the text. It calls `tidy` on every line."""
            return text.lower()
        '''}, "run/worker.py", ["C3.calls-missing"], id="cause6-it-calls-planted"),
    # ---- cause 7: effective defaults applied elsewhere ---------------------------------------
    pytest.param({"app/config.py": '''
        class Settings:
            def __init__(self, title: str = ""):
                """Create the settings.

                Args:
                    title: The window title. Defaults to 'Viewer'.
                """
                self.title = title

            def label(self):
                return self.title or "Viewer"
        '''}, "app/config.py", [], id="cause7-effective-default-elsewhere-trap"),
    pytest.param({"app/config.py": '''
        class Settings:
            def __init__(self, title: str = ""):
                """Create the settings.

                Args:
                    title: The window title. Defaults to 'Editor'.
                """
                self.title = title

            def label(self):
                return self.title or "Viewer"
        '''}, "app/config.py", ["C3.wrong-default"], id="cause7-effective-default-differs-planted"),
    # ---- cause 9: type phrases ---------------------------------------------------------------
    pytest.param({"num/series.py": '''
        def scale(values, factor):
            """Scale the values.

            Parameters
            ----------
            values : array of float or complex
                The samples.
            factor : float
                The factor.
            """
            return [values[i] * factor for i in range(len(values))]
        '''}, "num/series.py", [], id="cause9-array-of-float-or-complex-trap"),
    # ---- cause 10: call-graph gaps -----------------------------------------------------------
    pytest.param({"tree/walk.py": '''
        class Walker:
            @staticmethod
            def visit(node):
                """Recursively visit the node and its children."""
                for child in node.children:
                    Walker.visit(child)
        '''}, "tree/walk.py", [], id="cause10-recursion-through-class-staticmethod-trap"),
    pytest.param({"tree/walk.py": '''
        class Walker:
            def handle(self, kind):
                """Dispatches to `on_leaf` for leaves."""
                return getattr(self, "on_" + kind)()

            def on_leaf(self):
                return 1
        '''}, "tree/walk.py", [], id="cause10-method-reached-through-a-name-string-trap"),
    pytest.param({"tree/node.py": '''
        class Node:
            def __str__(self):
                return self.render()

            def render(self):
                return "node"

        class Pair:
            def describe(self):
                """Describe the pair; this calls `render` on both nodes."""
                return f"{self.left} and {self.right}"
        '''}, "tree/node.py", [], id="cause10-fstring-delegates-to-str-trap"),
    pytest.param({"tree/store.py": '''
        class Shard:
            def __setitem__(self, key, value):
                self.put(key, value, retry=True)

            def put(self, key, value, retry=False):
                return (key, value, retry)

        class Store:
            def __setitem__(self, key, value):
                """Calls `put` internally with `retry` set to True."""
                shard = self._shards[hash(key) % 8]
                shard[key] = value
        '''}, "tree/store.py", [], id="cause10-subscript-store-dispatches-to-setitem-trap"),
    # ---- cause 13: C4 ------------------------------------------------------------------------
    pytest.param({"opt/search.py": '''
        def basin_search(func, start):
            """Search for the global minimum by repeated local searches.

            This is particularly useful when the function has many minima.
            """
            return min(func(start + i) for i in range(10))
        '''}, "opt/search.py", [], id="cause13-sound-guidance-trap"),
    pytest.param({"opt/search.py": '''
        def step(x, h):
            # In mathematics, a forward difference is a method of approximating a derivative;
            # here d = (f(x + h) - f(x)) / h with h the step.
            return (x + h - x) / h
        '''}, "opt/search.py", [], id="cause13-notation-in-a-comment-trap"),
    # ---- recall: return claims in asides -----------------------------------------------------
    pytest.param({"wire/codec.py": '''
        import json

        def encode(payload: dict):
            """Return the encoded payload (as text)."""
            return json.dumps(payload).encode("utf-8")
        '''}, "wire/codec.py", ["C2.return-type"], id="recall-return-aside-as-text-planted"),
    pytest.param({"wire/codec.py": '''
        import json

        def encode(payload: dict):
            """Return the encoded payload (as text)."""
            return json.dumps(payload)
        '''}, "wire/codec.py", [], id="recall-return-aside-as-text-true-trap"),
    pytest.param({"wire/codec.py": '''
        def encode(payload: dict):
            """Return the encoded payload (stored as text in the log)."""
            return repr(payload).encode("utf-8")
        '''}, "wire/codec.py", [], id="recall-return-aside-about-something-else-trap"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_unseen_trap(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    result = judge_files(tmp_path, files, target)
    got = sorted(f.rule for f in result.findings if f.rule[:2] in ("C2", "C3", "C4"))
    assert got == expected, [(f.rule, f.message) for f in result.findings]


@pytest.mark.parametrize(("phrase", "parts"), [
    ("array of float or complex", ["array of float or complex"]),
    ("list of int or str", ["list of int or str"]),
    ("str or list of str", ["str", "list of str"]),
    ("list of str or tuple", ["list of str", "tuple"]),
])
def test_cause9_element_kinds_stay_with_their_container(phrase: str, parts: list[str]) -> None:
    from docfact.judges.types import split_union

    assert split_union(phrase) == parts
