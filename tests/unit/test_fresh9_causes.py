"""The causes of false findings the fresh8 and fresh9 audits found (both sets are studied now, so
spent), each with invented code: a trap written anew that stays quiet and a planted case that is
still found. Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _namespace(reference: str) -> dict[str, str]:
    """``netkit/api`` has no ``__init__.py``: a namespace folder inside the ``netkit`` package,
    whose ``v1`` package star-imports its targets."""
    return {
        "netkit/__init__.py": '"""Network kit."""\n',
        "netkit/api/v1/__init__.py": '"""Version 1."""\nfrom netkit.api.v1.targets import *\nfrom netkit.api.v1.calls import *\n',
        "netkit/api/v1/targets.py": '''
            """Targets."""
            __all__ = ["TcpTarget", "Tcp6Target"]


            class TcpTarget:
                """A TCP/IPv4 endpoint."""


            class Tcp6Target:
                """A TCP/IPv6 endpoint."""
            ''',
        "netkit/api/v1/calls.py": f'''
            """Calls."""
            __all__ = ["fetch"]


            def fetch(target):
                """Fetch from a target.

                Parameters
                ----------
                target : :py:class:`{reference}`
                    Where to fetch from.
                """
                return target
            ''',
    }


def _flags(role: str) -> dict[str, str]:
    return one_module("lexkit/lex.py", f'''
        """Lexing."""
        import json
        import re


        def compile_rule(pattern, flags=0):
            """Compile one rule.

            Extra flags such as {role} are passed on.
            """
            return re.compile(pattern, flags), json.dumps(pattern)
        ''')


def _kwargs(name: str) -> dict[str, str]:
    return one_module("phylo/fit.py", f'''
        """Fitting."""


        def fit_rate(**kwargs):
            """Fit a birth rate.

            Parameters
            ----------
            **kwargs : keyword arguments
                ``{name}`` is the tree; ``sorted_ages`` may be specified as ``True``.
            """
            return kwargs.get("tree"), kwargs.get("sorted_ages")
        ''')


def _press(signature: str, doc: str) -> dict[str, str]:
    return one_module("inputkit/keys.py", f'''
        """Keys."""


        class Keyboard:
            """A keyboard."""

            def hold(self, {signature}):
                """Hold keys down.

                {doc}
                """
                return self, {signature.replace("*", "")}
        ''')


def _states(second_body: str) -> dict[str, str]:
    return one_module("charkit/states.py", f'''
        """States."""
        TERMINAL = 1
        LEAF = 2


        class Node:
            """A node."""

            def __init__(self, kind):
                self._kind = kind

            def _is_terminal_node(self):
                """True if a TERMINAL node."""
                return self._kind == TERMINAL

            def _is_leaf_node(self):
                """True if a TERMINAL node."""
                {second_body}
        ''')


def _handler(params: str) -> dict[str, str]:
    return one_module("snmpkit/handlers.py", f'''
        """Handlers."""


        class Notifier:
            """A notifier."""

            def process_response_packet(self, packet):
                """Process the response packet."""
                self.last = packet.body

            def process_response_items({params}):
                """Process the response packet."""
                self.items = list(items)
        ''')


def _backend(comment: str, sentence: str) -> dict[str, str]:
    return one_module("usbkit/backend.py", f'''
        """Backend."""


        def _unit_names():
            return {{"px": "pixels"}}


        class Backend:
            """A backend."""

            def is_driver_active(self, handle, intf):
                # {comment}
                return bool(handle and intf)

            def _getUnitTypeString(self, unit):
                """{sentence}"""
                stringType = _unit_names().get(unit)
                return stringType
        ''')


def _scheduler(name: str, sentence: str, body: str) -> dict[str, str]:
    return one_module("ioloop/loop.py", f'''
        """The loop."""


        class Loop:
            """A polling loop."""

            def __init__(self):
                self._timers = []

            def {name}(self, seconds, target):
                """{sentence}"""
                {body}
        ''')


def _required(summary: str, body: str) -> dict[str, str]:
    return one_module("sigkit/base.py", f'''
        """Signals."""


        class Signal:
            """A signal."""

            def required_attributes(self):
                """{summary}"""
                {body}
        ''')


def _concatenate(body: str) -> dict[str, str]:
    return one_module("sigkit/concat.py", f'''
        """Concatenation."""


        class Signal:
            """A signal."""

            def concatenate(self, *signals):
                """Join signals.

                Returns
                -------
                signal : Signal
                    The joined signal.
                """
                {body}
        ''')


def _pairwise(annotation: str, sentence: str) -> dict[str, str]:
    return one_module("itkit/tools.py", f'''
        """Iteration tools."""
        import itertools
        from typing import Any, Iterator, Tuple


        def pairwise(items) -> {annotation}:
            """Pair neighbours.

            {sentence}
            """
            a, b = itertools.tee(items)
            next(b, None)
            return zip(a, b)
        ''')


def _kalman(second: str) -> dict[str, str]:
    return one_module("filtkit/filter.py", f'''
        """Filtering."""


        def run_filter(offsets, covariance):
            """Run the filter.

            Parameters
            ----------
            offsets : [n_steps, n_dim] or [n_dim] \\\\
            array
                The offsets.
            {second} : [n_dim, n_dim] array
                The covariance.
            """
            return offsets, covariance
        ''')


def _constraint(doc_type: str) -> dict[str, str]:
    return one_module("optkit/constraint.py", f'''
        """Constraints."""
        from typing import Callable


        def constrain(fun: Callable[..., float] | None = None):
            """Build a constraint.

            Parameters
            ----------
            fun : {doc_type}
                The constraint function.
            """
            return fun
        ''')


def _join(sentence: str) -> dict[str, str]:
    return one_module("webkit/urls.py", f'''
        """URLs."""
        from urllib.parse import urljoin


        def url_join(base, path):
            """{sentence}"""
            return urljoin(base, path)
        ''')


def _grammar(line: str) -> dict[str, str]:
    return one_module("csskit/parse.py", f'''
        """Parsing."""


        class Parser:
            """A parser."""

            def _parse_page(self, src):
                """
                Page
                : PAGE_SYM S* IDENT? {line} S*
                ;
                """
                pseudopage = src[1:]
                return src, pseudopage
        ''')


def _factory(call_body: str) -> dict[str, str]:
    return one_module("metkit/derived.py", f'''
        """Derived metrics."""


        class Frame:
            """A frame of metrics."""

            def __init__(self, fn):
                self.fn = fn


        class Other:
            """Another helper."""


        class _Derived:
            """A derived metric."""

            def __init__(self, fn):
                self.fn = fn

            def __call__(self, y):
                {call_body}


        def make_derived(fn):
            """Make a derived metric.

            Implementation uses :class:`Frame` internally.
            """
            return _Derived(fn)
        ''')


def _to_text(doc: str, body: str) -> dict[str, str]:
    return one_module("tmplkit/loader.py", f'''
        """Loading."""


        def to_text(data, encoding="utf-8"):
            """Decode bytes to text.

            {doc}
            """
            {body}
        ''')


CASES = [
    # ---- a namespace folder inside a package is part of the module names (fresh9, pysnmp) -------
    pytest.param(_namespace("~netkit.api.v1.TcpTarget"), "netkit/api/v1/calls.py", [], id="namespace-subpackage-trap"),
    pytest.param(_namespace("~netkit.api.v1.TcpTargt"), "netkit/api/v1/calls.py", ["C1.unknown-reference"],
                 id="misspelt-through-namespace-planted"),
    # ---- a stdlib module that writes its own globals (``@enum.global_enum``) ----------------------
    pytest.param(_flags(":const:`re.DOTALL`"), "lexkit/lex.py", [], id="global-enum-member-trap"),
    pytest.param(_flags(":func:`json.dumpz`"), "lexkit/lex.py", ["C1.unknown-reference"],
                 id="closed-stdlib-module-planted"),
    # ---- a keyword is a value in a ``**kwargs`` item, never a key --------------------------------
    pytest.param(_kwargs("tree"), "phylo/fit.py", [], id="keyword-value-not-a-key-trap"),
    pytest.param(_kwargs("trees"), "phylo/fit.py", ["C1.unknown-key"], id="misspelt-key-planted"),
    # ---- an item may name what an undocumented ``*args`` holds -----------------------------------
    pytest.param(_press("*args", ":param keys: The keys to hold."), "inputkit/keys.py", [], id="varargs-contents-trap"),
    pytest.param(_press("delay, *args", ":param dealy: The delay."), "inputkit/keys.py", ["C1.unknown-param"],
                 id="misspelt-beside-varargs-planted"),
    pytest.param(_press("*args", "Parameters\n                ----------\n                *keys : str\n"
                        "                    The keys to hold."), "inputkit/keys.py", ["C1.unknown-param"],
                 id="starred-item-misnames-varargs-planted"),
    pytest.param(_press("delay, *args", ":param delay: The delay.\n                :param args: The keys.\n"
                        "                :param keys: The keys."), "inputkit/keys.py", ["C1.unknown-param"],
                 id="documented-varargs-then-stale-planted"),
    # ---- siblings with the same body share their summary; a parameter names the sibling's word --
    pytest.param(_states("return self._kind == TERMINAL"), "charkit/states.py", [], id="same-body-sibling-trap"),
    pytest.param(_states("return self._kind == LEAF"), "charkit/states.py", ["C3.copied-from-sibling"],
                 id="copied-summary-planted"),
    pytest.param(_handler("self, packet, items"), "snmpkit/handlers.py", [], id="takes-the-siblings-word-trap"),
    pytest.param(_handler("self, items"), "snmpkit/handlers.py", ["C3.copied-from-sibling"],
                 id="siblings-word-without-it-planted"),
    # ---- a word of the method's own name; a function in a file of another language --------------
    pytest.param(_backend("based on op_driver_active() in libusb/os/linux.c", "get TypeString for the given unit"),
                 "usbkit/backend.py", [], id="foreign-file-function-and-own-name-word-trap"),
    pytest.param(_backend("see op_driver_active()", "Look the unit up with ``_unit_namez``."), "usbkit/backend.py",
                 ["C1.unknown-name", "C1.unknown-name"], id="misspelt-helper-and-comment-call-planted"),
    # ---- "asynchronously schedule": the deferral is the asynchrony ------------------------------
    pytest.param(_scheduler("call_later", "Asynchronously schedule a call within the loop.",
                            "self._timers.append((seconds, target))"), "ioloop/loop.py", [], id="schedules-a-call-trap"),
    pytest.param(_scheduler("count", "Count the timers asynchronously.", "return len(self._timers) + seconds"),
                 "ioloop/loop.py", ["C3.not-async"], id="plain-call-said-asynchronous-planted"),
    # ---- "a list ... as a dictionary"; a ``NotImplementedError`` placeholder -------------------
    pytest.param(_required("Return a list of the required attributes as a dictionary.",
                           "return {'name': str}"), "sigkit/base.py", [], id="as-a-dictionary-trap"),
    pytest.param(_required("Return a list of the required attributes.", "return {'name': str}"),
                 "sigkit/base.py", ["C2.return-type"], id="list-said-dict-returned-planted"),
    pytest.param(_concatenate('NotImplementedError("subclasses join signals")'), "sigkit/concat.py", [],
                 id="not-implemented-placeholder-trap"),
    pytest.param(_concatenate("self.joined = signals"), "sigkit/concat.py", ["C2.return-type"],
                 id="documented-value-never-returned-planted"),
    # ---- "Nothing will be returned" of an iterator: it yields nothing ----------------------------
    pytest.param(_pairwise("Iterator[Tuple[Any, Any]]", "Nothing will be returned if there are fewer than 2 items."),
                 "itkit/tools.py", [], id="iterator-returns-nothing-trap"),
    pytest.param(_pairwise("Iterator[Tuple[Any, Any]]", "Returns\n            -------\n            dict\n"
                           "                The pairs."), "itkit/tools.py", ["C2.return-type"],
                 id="iterator-documented-dict-planted"),
    # ---- a backslash at the end of a line continues it -------------------------------------------
    pytest.param(_kalman("covariance"), "filtkit/filter.py", [], id="backslash-continued-type-trap"),
    pytest.param(_kalman("covariances"), "filtkit/filter.py", ["C1.unknown-param"], id="stale-after-continued-planted"),
    # ---- ``Callable -> float``: the arrow types the callable's result ----------------------------
    pytest.param(_constraint("None or Callable -> float or np.ndarray"), "optkit/constraint.py", [],
                 id="callable-arrow-trap"),
    pytest.param(_constraint("str"), "optkit/constraint.py", ["C2.param-type"], id="callable-documented-str-planted"),
    # ---- ``urllib.urljoin`` for the ``urljoin`` the file imports from ``urllib.parse`` ---------
    pytest.param(_join("Like urllib.urljoin, but warn when the base is missing."), "webkit/urls.py", [],
                 id="module-shorthand-trap"),
    # ---- a grammar the doc quotes -----------------------------------------------------------------
    pytest.param(_grammar("pseudo_page?"), "csskit/parse.py", [], id="grammar-symbol-trap"),
    # ---- a builtin that refuses its argument raises for the function ---------------------------
    pytest.param(_to_text("Raises a TypeError if the data is already text.", "return str(data, encoding)"),
                 "tmplkit/loader.py", [], id="builtin-raises-for-it-trap"),
    pytest.param(_to_text("Raises a TypeError if the data is already text.", "return (data, encoding)"),
                 "tmplkit/loader.py", ["C3.raises-not-raised"], id="nothing-raises-planted"),
    # ---- a factory's docs describe the class it builds -------------------------------------------
    pytest.param(_factory("return Frame(self.fn)"), "metkit/derived.py", [], id="built-class-uses-it-trap"),
    pytest.param(_factory("return Other()"), "metkit/derived.py", ["C3.calls-missing"],
                 id="nothing-uses-it-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh9_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
