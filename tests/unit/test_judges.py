"""The static rules on small sources: each rule fires on its contradiction and stays quiet on
the true twin. Every case is a (source, expected rule ids) pair judged through the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from judging import judge_files

from docfact.engine import Engine


def judge(tmp_path: Path, source: str, name: str = "mod.py", extra: dict[str, str] | None = None):
    files = {name: source, **(extra or {})}
    return judge_files(tmp_path, files, name)


def rules(result) -> list[str]:
    return sorted(f.rule for f in result.findings)


CASES = [
    # ---- C1 -------------------------------------------------------------------------------
    pytest.param('''
        def load(filename: str) -> dict:
            """Load settings.

            Args:
                path (str): Where the file is.
            """
            return {}
        ''', ["C1.unknown-param"], id="C1-param-not-in-signature"),
    pytest.param('''
        def load(filename: str) -> dict:
            """Load settings.

            Args:
                filename (str): Where the file is.
            """
            return {}
        ''', [], id="C1-param-ok"),
    pytest.param('''
        def load(filename: str, **options) -> dict:
            """Load settings.

            Args:
                strict (bool): Passed on through the options.
            """
            return dict(options)
        ''', [], id="C1-param-kwargs-accepts-any"),
    pytest.param('''
        def should_remove(n: int) -> bool:
            return n < 0

        def prune(items: list[int]) -> list[int]:
            """Keep what `shold_remove()` rejects."""
            return [i for i in items if not should_remove(i)]
        ''', ["C1.unknown-name"], id="C1-typo-in-call-name"),
    pytest.param('''
        def should_remove(n: int) -> bool:
            return n < 0

        def prune(items: list[int]) -> list[int]:
            """Keep what `should_remove()` rejects, e.g. negative numbers."""
            return [i for i in items if not should_remove(i)]
        ''', [], id="C1-real-name-ok"),
    pytest.param('''
        def prune(items: list[int]) -> list[int]:
            """Drop the negative numbers, in the ``strict`` sense of the word."""
            return [i for i in items if i >= 0]
        ''', [], id="C1-plain-word-in-backticks-is-not-a-name"),
    pytest.param('''
        def prune(items: list[int]) -> list[int]:
            """Renamed from ``prune_items`` in 2.0."""
            return [i for i in items if i >= 0]
        ''', [], id="C1-history-sentences-quiet"),
    pytest.param('''
        def make_cart(owner: str) -> list:
            """The `build_cart` function creates an empty cart."""
            return []
        ''', ["C1.wrong-subject"], id="C1-wrong-subject"),
    pytest.param('''
        def make_cart(owner: str) -> list:
            """The resulting cart is empty."""
            return []
        ''', [], id="C1-english-subject-ok"),
    # ---- C2 -------------------------------------------------------------------------------
    pytest.param('''
        def head(items: list[str], count: int) -> list[str]:
            """First items.

            Args:
                items (list of str): The items.
                count (str): How many.
            """
            return items[:count]
        ''', ["C2.param-type"], id="C2-param-type"),
    pytest.param('''
        def head(items: list[str], count: int | None = None) -> list[str]:
            """First items.

            Args:
                items (Sequence[str]): The items.
                count (int, optional): How many.
            """
            return items[:count]
        ''', [], id="C2-param-type-compatible"),
    pytest.param('''
        def names(d: dict) -> list[str]:
            """Returns a dict of the names."""
            return sorted(d)
        ''', ["C2.return-type"], id="C2-return-annotation"),
    pytest.param('''
        def is_empty(d):
            """Returns a list of empty keys."""
            return len(d) == 0
        ''', ["C2.return-type"], id="C2-return-inferred-bool"),
    pytest.param('''
        def is_empty(d):
            """Return True when ``d`` has no keys."""
            return len(d) == 0
        ''', [], id="C2-return-bool-ok"),
    pytest.param('''
        def find(d, k):
            """Return None when ``k`` is missing, else the value."""
            return d.get(k)
        ''', [], id="C2-return-unknown-kind-silent"),
    pytest.param('''
        from typing import Generator

        def count(n: int) -> Generator[int, None, float]:
            """Count up.

            Returns:
                str: A summary.
            """
            for i in range(n):
                yield i
            return 1.0
        ''', ["C2.return-type"], id="C2-generator-return-value"),
    pytest.param('''
        def count(n: int):
            """Count up.

            Returns:
                int: each number in turn.
            """
            for i in range(n):
                yield i
        ''', ["C2.generator-return"], id="C2-unannotated-generator-returns-section-is-a-generator"),
    pytest.param('''
        def paths(g: dict) -> tuple:
            """All shortest paths.

            Returns
            -------
            predecessor, distance : dictionaries
                Predecessors and distances, keyed by node.
            """
            return {}, {}
        ''', [], id="C2-numpy-returns-several-names-is-a-tuple-ok"),
    # ---- C3 -------------------------------------------------------------------------------
    pytest.param('''
        def remove(items: list, x) -> None:
            """Remove ``x``.

            Raises:
                KeyError: if ``x`` is absent.
            """
            if x not in items:
                raise ValueError(x)
            items.remove(x)
        ''', ["C3.raises-not-raised"], id="C3-wrong-exception"),
    pytest.param('''
        def get(d: dict, k):
            """Look ``k`` up.

            Raises:
                KeyError: if ``k`` is absent.
            """
            return d[k]
        ''', [], id="C3-implicit-keyerror-ok"),
    pytest.param('''
        def check(x: int) -> None:
            """Check ``x``.

            Raises:
                ArithmeticError: if ``x`` is zero.
            """
            if x == 0:
                raise ZeroDivisionError(x)
        ''', [], id="C3-superclass-documented-ok"),
    pytest.param('''
        def _validate(x):
            if x < 0:
                raise ValueError(x)

        def store(x: int) -> None:
            """Store ``x``.

            Raises:
                ValueError: if ``x`` is negative.
            """
            _validate(x)
        ''', [], id="C3-raise-in-1hop-callee-ok"),
    pytest.param('''
        class Timeout(Exception):
            pass

        class Cache:
            def _transact(self):
                raise Timeout()

            def incr(self, key):
                self._transact()
                return 1

            def decr(self, key):
                """Decrement.

                Raises:
                    Timeout: if the database is locked.
                """
                return self.incr(key)
        ''', [], id="C3-raise-two-hops-down-ok"),
    pytest.param('''
        class WouldBlock(Exception):
            pass

        class _Inner:
            def acquire_nowait(self):
                raise WouldBlock

        class Lock:
            def __init__(self, inner):
                self._lock = inner

            def acquire_nowait(self):
                """Take the lock.

                Raises:
                    WouldBlock: if it is held.
                """
                self._lock.acquire_nowait()
        ''', [], id="C3-raise-by-a-method-of-an-attribute-ok"),
    pytest.param('''
        import concurrent.futures

        def _run(fn):
            return concurrent.futures.wait([fn])

        def tell(f):
            """Return the position.

            Raises:
                OSError: if the file is not seekable.
            """
            return _run(f.tell)
        ''', [], id="C3-oserror-from-a-library-two-hops-down-ok"),
    pytest.param('''
        def _check(x):
            raise ValueError(x)

        def _validate(x):
            _check(x)

        def parse(x):
            """Parse.

            Raises:
                KeyError: if ``x`` is unknown.
            """
            _validate(x)
        ''', ["C3.raises-not-raised"], id="C3-raises-not-raised-two-hops-down"),
    pytest.param('''
        def fetch(url: str) -> str:
            """Fetch the page asynchronously."""
            return url
        ''', ["C3.not-async"], id="C3-not-async"),
    pytest.param('''
        def fetch(url: str) -> str:
            """Fetch the page. The call is non-blocking and returns before the work is done."""
            return url
        ''', ["C3.not-async"], id="C3-not-async-background"),
    pytest.param('''
        class Lock:
            def acquire_nowait(self) -> None:
                """Acquire the lock, without blocking. The call is non-blocking."""
                self._held = True
        ''', [], id="C3-non-blocking-is-not-async-ok"),
    pytest.param('''
        def total(xs: list) -> int:
            """Add up the numbers. The function calls itself for each nested list."""
            return sum(xs)
        ''', ["C3.not-recursive"], id="C3-calls-itself"),
    pytest.param('''
        def call_filter(name: str, value: object) -> object:
            """Apply a filter. This might return a coroutine if the filter is async."""
            return value
        ''', [], id="C3-hedged-async-claim-ok"),
    pytest.param('''
        class CodeGenerator:
            def writeline(self, line: str) -> None:
                print(line)

            def start_write(self, buffered: bool) -> None:
                """Yield or write into the frame buffer."""
                if not buffered:
                    self.writeline("yield ")
                else:
                    self.writeline("buf.append(")
        ''', [], id="C3-code-generator-writing-yield-ok"),
    pytest.param('''
        class UsageError(Exception):
            pass

        def evaluate(code: str, matcher) -> bool:
            """Evaluate.

            Raises:
                UsageError: if the matcher does not support the expression.
            """
            return bool(eval(code, {}, {"m": matcher}))
        ''', [], id="C3-raises-through-eval-ok"),
    pytest.param('''
        def complete(source: str) -> tuple:
            """Complete names.

            Possible enhancements:
            - yield from / raise from <- could be only exceptions/generators
            """
            return (source,)
        ''', [], id="C3-yield-from-is-syntax-not-a-claim-ok"),
    pytest.param('''
        def memoize(default: object = None) -> object:
            """Cache results. To prevent recursion it sets defaults first. Speed matters less,
            but in many cases recursion could happen."""
            return default
        ''', [], id="C3-preventing-recursion-is-no-claim-of-it-ok"),
    pytest.param('''
        def _dup(val):
            return val.duplicate()

        class Node:
            def __init__(self, children: list) -> None:
                self.children = children

            def duplicate(self) -> list:
                """Recursively copy the nodes below this one."""
                return [_dup(c) for c in self.children]
        ''', [], id="C3-recursion-through-a-helper-calling-the-method-on-another-object-ok"),
    pytest.param('''
        def parse_corot():
            """Coroutine that parses the input, one character sent at a time."""
            while True:
                c = yield
                print(c)
        ''', [], id="C3-generator-based-coroutine-ok"),
    pytest.param('''
        from pathlib import Path

        def is_conda(prefix: str):
            """Return True if the prefix is a conda environment."""
            return Path(prefix, "conda-meta").exists()
        ''', [], id="C2-a-method-called-on-a-constructed-object-is-not-that-object-ok"),
    pytest.param('''
        def load(api: str):
            """Load the bindings.

            Raises
            ------
            ImportError, if no binding can be imported (because none is installed, or because
            another one was loaded first)
            """
            raise ImportError(api)
        ''', [], id="C3-raises-item-running-on-into-prose-ok"),
    pytest.param('''
        class Deferred:
            def label(self) -> int:
                """Deferred strategies get a fixed label, because they recursively refer to themselves."""
                return 0
        ''', [], id="C3-another-subject-recurses-ok"),
    pytest.param('''
        class Queue:
            def on_feeder_error(self, e: Exception) -> None:
                """Hook called when feeding data in the background thread raises an exception."""
                print(e)
        ''', [], id="C3-the-background-thread-is-another-thread-ok"),
    pytest.param('''
        def read_no_interrupt(p):
            """Read from a pipe.

            This is needed because when event loops run in the background, reads get interrupted.
            """
            return p.read()
        ''', [], id="C3-something-else-runs-in-the-background-ok"),
    pytest.param('''
        def run_stdio(stdin):
            """Pump the streams. Instead, kbhit and getwch are used asynchronously."""
            return stdin
        ''', [], id="C3-other-things-are-used-asynchronously-ok"),
    pytest.param('''
        def recursionlimit(frames):
            """
            decorator to set the recursion limit temporarily
            """
            return frames
        ''', [], id="C3-the-recursion-limit-is-no-claim-ok"),
    pytest.param('''
        def show(obj: object) -> str:
            """Return a safe (non-recursive, one-line) repr of the object."""
            return str(obj)
        ''', [], id="C3-non-recursive-is-no-claim-ok"),
    pytest.param('''
        def flatten(items: list) -> list:
            """Flatten one level of a recursive list structure."""
            return [y for x in items for y in x]
        ''', [], id="C3-recursive-data-is-no-claim-about-the-function-ok"),
    pytest.param('''
        class Machine:
            def run(self, lines):
                return [self.indent(x) for x in lines]

        class State:
            def __init__(self, factory):
                self.factory = factory

            def indent(self, lines):
                """Recursively run a new state machine on the indented block."""
                sm = self.factory()
                return sm.run(lines)
        ''', [], id="C3-recursion-through-a-method-of-a-run-time-object-ok"),
    pytest.param('''
        def connect(host: str, retry: bool = False) -> None:
            """Connect.

            Args:
                host (str): The host.
                retry (bool): Whether to retry. If omitted, ``True`` is used.
            """
        ''', ["C3.wrong-default"], id="C3-default-if-omitted"),
    pytest.param('''
        async def fetch(url: str) -> str:
            """Fetch the page asynchronously."""
            return url
        ''', [], id="C3-async-ok"),
    pytest.param('''
        def fetch(url: str, pool) -> object:
            """Fetch the page asynchronously in the pool."""
            return pool.submit(print, url)
        ''', [], id="C3-async-via-executor-ok"),
    pytest.param('''
        def total(xs: list[int]) -> int:
            """Recursively sums the numbers."""
            s = 0
            for x in xs:
                s += x
            return s
        ''', ["C3.not-recursive"], id="C3-not-recursive"),
    pytest.param('''
        def total(xs: list[int]) -> int:
            """Recursively sums the numbers."""
            return xs[0] + total(xs[1:]) if xs else 0
        ''', [], id="C3-recursive-ok"),
    pytest.param('''
        def names(rows: list) -> list:
            """Yields each name."""
            return [r for r in rows]
        ''', ["C3.not-generator"], id="C3-not-generator"),
    pytest.param('''
        def names(rows: list):
            """Yields each name."""
            for r in rows:
                yield r
        ''', [], id="C3-generator-ok"),
    pytest.param('''
        def connect(host: str, timeout: int = 10) -> None:
            """Connect.

            Args:
                host (str): The host.
                timeout (int): Seconds to wait. Defaults to 30.
            """
        ''', ["C3.wrong-default"], id="C3-wrong-default"),
    pytest.param('''
        def connect(host: str, timeout: int = 10) -> None:
            """Connect.

            Args:
                host (str): The host.
                timeout (int): Seconds to wait. Defaults to 10.
            """
        ''', [], id="C3-default-ok"),
    pytest.param('''
        def connect(host: str, timeout: int | None = None) -> None:
            """Connect.

            Args:
                host (str): The host.
                timeout (int): Seconds to wait. Defaults to 30.
            """
            timeout = timeout or 30
        ''', [], id="C3-default-None-computed-ok"),
    pytest.param('''
        def write(path: str, version: str = "1.2draft") -> None:
            """Write the file.

            Args:
                path (str): Where.
                version (str): The format version (default: 1.2draft).
            """
        ''', [], id="C3-default-number-then-letters-is-one-word-ok"),
    pytest.param('''
        def show(all: bool = True) -> None:
            """Show.

            Args:
                all (bool, optional): Show every attribute. Defaults to False.
            """
        ''', ["C3.wrong-default"], id="C3-wrong-default-at-the-end-of-a-sentence"),
    pytest.param('''
        def search(return_train_score: bool = True) -> None:
            """Search.

            Parameters
            ----------
            return_train_score : bool, default=False
                If False, the scores on the training sets are not computed.
            """
        ''', ["C3.wrong-default"], id="C3-wrong-default-before-a-description-starting-with-if"),
    pytest.param('''
        def draw(g: object, edge_style: str = "") -> None:
            """Draw the graph.

            Args:
                g (object): The graph.
                edge_style (str): The style of edges. The default is "[-]" for undirected graphs and "[->]" for directed graphs.
            """
        ''', [], id="C3-default-that-depends-on-something-ok"),
    pytest.param('''
        def validate(x):
            return x

        def save(x):
            """Calls `validate()` before writing."""
            print(x)
        ''', ["C3.calls-missing"], id="C3-calls-missing"),
    pytest.param('''
        class Element:
            def leave_whitespace(self):
                return self

            def ignore_whitespace(self):
                return self

        class Group(Element):
            def ignore_whitespace(self):
                """Extends ``ignore_whitespace`` and also invokes ``leave_whitespace`` on all parts."""
                super().ignore_whitespace()
                for e in self.parts:
                    e.ignore_whitespace()
                return self
        ''', ["C3.calls-missing"], id="C3-calls-missing-beside-a-base-class-that-has-it"),
    pytest.param('''
        class Element:
            def __init__(self):
                self.leave_whitespace()

            def leave_whitespace(self):
                return self

        def make():
            """Builds an element, which invokes ``leave_whitespace``."""
            return Element()
        ''', [], id="C3-calls-missing-trap-the-constructor-calls-it"),
    pytest.param('''
        def hist(data):
            return data

        def hist_frame(data, backend):
            """This function calls :meth:`matplotlib.pyplot.hist` on each column."""
            return backend.hist_frame(data)
        ''', [], id="C3-calls-missing-trap-another-packages-function-of-the-same-name"),
    pytest.param('''
        from functools import cached_property

        class Graph:
            @cached_property
            def edges(self):
                """A view of the edges, also callable.

                Parameters
                ----------
                nbunch : iterable, optional
                    The nodes whose edges are reported.
                """
                return EdgeView(self)

        class EdgeView:
            def __init__(self, graph):
                self.graph = graph

            def __call__(self, nbunch=None):
                return self
        ''', [], id="C1-parameters-of-the-view-a-property-returns-ok"),
    pytest.param('''
        import attr

        @attr.s(frozen=True)
        class TypeChecker:
            """A registry of type checks.

            Arguments:
                type_checkers: The initial checks, by type name.
            """
            _type_checkers = attr.ib(factory=dict)

            def is_type(self, instance, type):
                return type in self._type_checkers
        ''', [], id="C1-attrs-private-field-takes-its-name-without-underscore-ok"),
    pytest.param('''
        import attr

        @attr.s
        class Checker:
            """Checks.

            Arguments:
                is_type: The check.
            """
            _checks = attr.ib(factory=dict)

            def is_type(self, instance, type):
                return True
        ''', ["C1.unknown-param"], id="C1-attrs-methods-are-no-init-arguments"),
    pytest.param('''
        class GettzFunc:
            """Look a time zone up by name.

            :param name: A time zone name.
            """
            def __call__(self, name=None):
                return name
        ''', [], id="C1-class-docstring-documents-its-call-ok"),
    pytest.param('''
        class GettzFunc:
            """Look a time zone up by name.

            :param zone: A time zone name.
            """
            def __call__(self, name=None):
                return name
        ''', ["C1.unknown-param"], id="C1-class-docstring-documents-a-call-argument-that-does-not-exist"),
    pytest.param('''
        class KernelOperator:
            def __init__(self, k1, k2):
                self.k1, self.k2 = k1, k2

        class Sum(KernelOperator):
            """The sum of two kernels.

            Parameters
            ----------
            k1 : Kernel
                The first kernel.
            """
            def __call__(self, X, Y=None):
                return X
        ''', [], id="C1-class-inheriting-its-init-documents-its-arguments-ok"),
    pytest.param('''
        class Container:
            def remove(self) -> None:
                pass

            def wait(self, condition: str = "not-running") -> None:
                """Wait for the container.

                Args:
                    condition (str): Wait until the state is ``not-running``, ``next-exit``
                        or ``removed``.
                """
        ''', [], id="C1-a-word-in-a-list-of-values-is-a-value-ok"),
    pytest.param('''
        class RequestError(Exception):
            def __init__(self, request=None, response=None):
                """Keep `rquest` and `response` for the caller."""
                self.request, self.response = request, response
        ''', ["C1.unknown-name"], id="C1-two-names-joined-by-and-are-no-list-of-values"),
    pytest.param('''
        def line_magic(f):
            return f

        class NamespaceMagics:
            @line_magic
            def reset(self, parameter_s: str = "") -> None:
                """Reset the namespace.

                Parameters
                ----------
                in
                    Reset the input history.
                """
        ''', [], id="C1-an-ipython-magic-documents-its-options-ok"),
    pytest.param('''
        def pull(platform=None):
            """Pull the image.

            Args:
                platform (str): The platform to pull the image for.
                Default: ``None``
            """
        ''', [], id="C1-a-default-line-is-no-parameter-ok"),
    pytest.param('''
        class IncrementalEncoder:
            """Encode a stream piece by piece.

            .. method:: encode(input, final=False)

                :param input: A string.
                :param final: Whether this is the last piece.
            """
            def __init__(self, encoding, errors="strict"):
                self.encoding = encoding
        ''', [], id="C1-fields-of-a-method-described-in-the-docstring-ok"),
    pytest.param('''
        class CompletionItem:
            def __init__(self) -> None:
                self.filter_text = ""

        def complete(item: CompletionItem) -> None:
            """Fill the item. Fields such as `filterText` must not change later."""
            item.filter_text = "x"
        ''', [], id="C1-camel-case-wire-name-of-a-snake-case-field-ok"),
    # ---- C4 -------------------------------------------------------------------------------
    pytest.param('''
        def add(a: int, b: int) -> int:
            """Add two numbers. This is particularly useful in machine learning pipelines."""
            return a + b
        ''', ["C4.speculative"], id="C4-speculative"),
    pytest.param('''
        def add(a: int, b: int) -> int:
            """Add two numbers.

            A hash map is a data structure that maps keys to values.
            """
            return a + b
        ''', ["C4.generic-lecture"], id="C4-lecture"),
    pytest.param('''
        def scroll(lines: int) -> int:
            """Scroll by pages. These bindings are very useful for navigating through long buffers."""
            return lines
        ''', [], id="C4-useful-for-a-specific-purpose-ok"),
    pytest.param('''
        import os

        def fix_mode(path: str) -> None:
            """Make the folder private."""
            # Interestingly, 0o755 was used before, so we cannot just fail on it here.
            os.chmod(path, 0o700)
        ''', [], id="C4-history-in-a-comment-explains-the-code-ok"),
    pytest.param('''
        def add(a: int, b: int) -> int:
            """Add ``a`` and ``b``; commonly used for counters."""
            return a + b
        ''', [], id="C4-mentions-code-ok"),
    pytest.param('''
        def load(path: str) -> bytes:
            """Read the library.

            Interestingly, the loader leaves no errno on the OSError it raises.
            """
            return b""
        ''', [], id="C4-interestingly-about-a-builtin-exception-ok"),
]


@pytest.mark.parametrize(("source", "expected"), CASES)
def test_rule(tmp_path: Path, source: str, expected: list[str]) -> None:
    assert rules(judge(tmp_path, source)) == expected


def test_finding_is_on_the_exact_sentence(tmp_path: Path) -> None:
    result = judge(tmp_path, '''
        def fetch(url: str) -> str:
            """Fetch the page.  It works asynchronously."""
            return url
        ''')
    [f] = result.findings
    assert f.segment.text == "It works asynchronously."
    assert (f.segment.range.start.line, f.segment.range.start.col) == (1, 24)
    assert (f.segment.range.end.line, f.segment.range.end.col) == (1, 48)


def test_fix_replaces_exactly_the_wrong_name(tmp_path: Path) -> None:
    src = '''
        def load(filename: str) -> dict:
            """Load settings.

            Args:
                path (str): Where the file is.
            """
            return {}
        '''
    result = judge(tmp_path, src)
    [f] = result.findings
    text = (tmp_path / "mod.py").read_text()
    assert f.fix is not None and text[f.fix.start:f.fix.end] == "path"
    fixed = text[: f.fix.start] + f.fix.new_text + text[f.fix.end:]
    (tmp_path / "mod.py").write_text(fixed)
    engine = Engine(tmp_path)
    engine.load()
    assert engine.check_file(str(tmp_path / "mod.py")).findings == []


def test_suppression_comment(tmp_path: Path) -> None:
    result = judge(tmp_path, '''
        def fetch(url: str) -> str:  # docfact: ignore[C3]
            """Fetch the page asynchronously."""
            return url
        ''')
    assert result.findings == []


def test_score_counts_sentence_criterion_pairs(tmp_path: Path) -> None:
    result = judge(tmp_path, '''
        def fetch(url: str) -> str:
            """Fetch the page. It works asynchronously."""
            return url
        ''')
    [doc] = [d for d in result.docs if d.entity and d.entity.name == "fetch"]
    assert len(doc.segments) == 2
    assert doc.score == pytest.approx(7 / 8)


def test_cross_file_rename_is_seen(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/rules.py": "def should_remove(n):\n    return n < 0\n\n\ndef keep(n):\n    return not should_remove(n)\n",
        "pkg/store.py": (
            "from . import rules\n\n\n"
            "def prune(xs):\n"
            '    """Keep what `rules.keep()` accepts, the opposite of `rules.should_remove()`."""\n'
            "    return [x for x in xs if rules.keep(x)]\n"
        ),
    }
    result = judge(tmp_path, files.pop("pkg/store.py"), name="pkg/store.py", extra=files)
    assert result.findings == []
    (tmp_path / "pkg/rules.py").write_text("def must_remove(n):\n    return n < 0\n\n\ndef keep(n):\n    return not must_remove(n)\n")
    engine = Engine(tmp_path)
    engine.load()
    assert [f.rule for f in engine.check_file(str(tmp_path / "pkg/store.py")).findings] == ["C1.unknown-name"]


def test_parameter_named_like_the_module_of_its_annotation(tmp_path: Path) -> None:
    """``def f(schema: schema.Table)``: resolving the annotation must not loop forever."""
    result = judge(tmp_path, '''
        from . import schema


        def f(schema: schema.Table) -> str:
            """Read the name of the table asynchronously."""
            return schema.name
        ''', name="pkg/m.py", extra={"pkg/__init__.py": "", "pkg/schema.py": "class Table:\n    name = 'x'\n"})
    assert rules(result) == ["C3.not-async"]


# One sentence per alternative of C4.speculative's regex. The rule tests a list of words
# before the regex; a new alternative whose words are not on that list would never fire.
SPECULATIONS = [
    "This is particularly useful in production systems.",
    "It is commonly used in data processing pipelines.",
    "It can be used for a variety of tasks.",
    "Handy for web scraping.",
    "A staple in modern deep learning tasks everywhere.",
    "Interestingly, adding is old.",
    "Fun fact: adding is commutative.",
    "Programmers often rely on adding.",
    "A staple in real-world software.",
]


def _top_level_alternatives(pattern: str) -> list[str]:
    """Split a regex source at the ``|`` outside any group or class."""
    parts, depth, in_class, start, i = [], 0, False, 0, 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    return [*parts, pattern[start:]]


def test_every_speculation_alternative_has_a_sentence_that_fires(tmp_path: Path) -> None:
    import re

    from docfact.judges.c4_irrelevant import _SPECULATIVE

    branches = [re.compile(b, _SPECULATIVE.flags) for b in _top_level_alternatives(_SPECULATIVE.pattern)]
    assert len(branches) > 5
    unmatched = [b.pattern for b in branches if not any(b.search(s) for s in SPECULATIONS)]
    assert unmatched == [], "give SPECULATIONS a sentence for each new alternative"
    for i, sentence in enumerate(SPECULATIONS):
        source = f'def add(a: int, b: int) -> int:\n    """Add two numbers. {sentence}"""\n    return a + b\n'
        assert rules(judge(tmp_path / str(i), source)) == ["C4.speculative"], sentence


def test_inherited_member_and_data_model_names_exist(tmp_path: Path) -> None:
    """``DiGraph.edge_subgraph`` named in a file that does not import ``DiGraph``, the method
    being defined on its base class; ``__get__`` beside a class that defines ``__ge__``."""
    result = judge(tmp_path, '''
        class Version:
            def __ge__(self, other):
                return True

        class TestEdgeSubgraph:
            """Tests of the :meth:`DiGraph.edge_subgraph` method and of its `__get__`."""
        ''', name="tests/test_views.py", extra={
        "graphs/__init__.py": "",
        "graphs/graph.py": "class Graph:\n    def edge_subgraph(self, edges):\n        return self\n",
        "graphs/digraph.py": "from graphs.graph import Graph\n\n\nclass DiGraph(Graph):\n    pass\n",
    })
    assert rules(result) == []


def test_member_of_a_class_with_a_base_outside_the_project_may_exist(tmp_path: Path) -> None:
    """``Environment.formatter`` where the project's ``Environment`` subclasses a library's
    class (``logging.Handler`` sets ``self.formatter``): the member may come from there."""
    result = judge(tmp_path, '''
        from .templating import Environment


        class App:
            def create_environment(self) -> Environment:
                """Create the environment.

                ``Environment.formatter`` is set from the settings.
                """
                return Environment()
        ''', name="web/app.py", extra={
        "web/__init__.py": "",
        "web/templating.py": "from logging import Handler\n\n\nclass Environment(Handler):\n    pass\n",
    })
    assert rules(result) == []


def test_member_of_a_module_with_a_star_import_from_outside_may_exist(tmp_path: Path) -> None:
    """``curses.start_color`` where the project's ``curses`` module star-imports a compiled
    module docfact cannot read: the name may come from there."""
    result = judge(tmp_path, '''
        from . import curses


        def paint() -> None:
            """Call ``curses.start_color`` first, then ``curses.paint`` (not ``curses.pain``)."""
            curses.paint()
        ''', name="term/app.py", extra={
        "term/__init__.py": "",
        "term/curses.py": "from _curses_native import *\n\n\ndef paint():\n    return None\n",
    })
    assert rules(result) == []


def test_a_file_name_in_backticks_is_no_code_name(tmp_path: Path) -> None:
    """```settings.py``` beside a project module ``settings``: a file, not a member ``py``."""
    result = judge(tmp_path, '''
        from . import settings


        def load(path: str) -> str:
            """Read the options from `settings.py` next to the script."""
            return settings.read(path)
        ''', name="app/main.py", extra={"app/__init__.py": "", "app/settings.py": "def read(p):\n    return p\n"})
    assert rules(result) == []


def test_a_stdlib_module_shadowed_by_a_project_module_keeps_its_members(tmp_path: Path) -> None:
    """pip's ``metadata`` package has a subpackage ``importlib``; its docs still mean the
    standard library's ``importlib.metadata``."""
    result = judge(tmp_path, '''
        from . import importlib


        def select_backend() -> str:
            """Use ``importlib.metadata`` when it is recent enough, else ``pkg_resources``."""
            return importlib.NAME
        ''', name="meta/__init__.py", extra={"meta/importlib/__init__.py": "NAME = 'importlib'\n"})
    assert rules(result) == []



JAVA_QUIET = [
    pytest.param('''
        package p;

        public class Buf {
            private final int[] items = new int[4];

            /**
             * Reads one item.
             *
             * @param i the index
             * @return the item
             * @throws ArrayIndexOutOfBoundsException if {@code i} is out of range
             * @throws OutOfMemoryError never, in practice
             */
            public int read(int i) {
                return items[i];
            }
        }
        ''', id="array-access-and-jvm-errors"),
    pytest.param('''
        package p;

        public class Copier {
            /**
             * Copies the range.
             *
             * @param a the array
             * @return the copy
             * @throws ArrayStoreException if an element cannot be stored
             * @throws IllegalArgumentException if the range is empty
             */
            public Object[] copy(Object[] a) {
                if (a.length == 0) {
                    throw new IllegalArgumentException("empty");
                }
                Object[] out = new Object[a.length];
                System.arraycopy(a, 0, out, 0, a.length);
                return out;
            }
        }
        ''', id="a-jdk-call-may-throw-it"),
    pytest.param('''
        package p;

        public class Table implements Cloneable {
            private final Store store;

            /**
             * Makes a table.
             *
             * @param size the initial size
             * @throws IllegalArgumentException if the size is negative
             */
            public Table(int size) {
                store = new Store(size, 0.75f);
            }
        }

        class Store {
            Store(int size) {
            }

            Store(int size, float load) {
                if (size < 0) {
                    throw new IllegalArgumentException("negative size");
                }
            }
        }
        ''', id="thrown-by-an-overloaded-constructor-of-a-package-class"),
]


@pytest.mark.parametrize("source", JAVA_QUIET)
def test_java_documented_exceptions_that_may_be_thrown(tmp_path: Path, source: str) -> None:
    name = re.search(r"public class (\w+)", source).group(1)
    assert rules(judge(tmp_path, source, name=f"src/p/{name}.java")) == []
