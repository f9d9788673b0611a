"""The causes of false findings the fresh7 audit found (the set is studied, so spent), each with
invented code: a trap written anew that stays quiet and a planted case that is still found.
Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _markov(doc_params: str, signature: str = "*args, m=None") -> dict[str, str]:
    return one_module("sysid/fit.py", f'''
        """Fitting."""


        def fit_markov({signature}):
            """Estimate Markov parameters.

            Call forms: ``fit_markov(Y, U)``, ``fit_markov(Y, U, m)`` or ``fit_markov(data)``.

            Parameters
            ----------
            {doc_params}

            Returns
            -------
            list
                The parameters.
            """
            return [args, m]
        ''')


def _aggregate(type_line: str) -> dict[str, str]:
    return one_module("tablekit/agg.py", f'''
        """Aggregation."""


        def aggregate(rows, agg_fn=None):
            """Aggregate rows.

            Parameters
            ----------
            rows : list
                The rows.
            {type_line}
                The function applied to each group. Default is a sum.
            """
            return [(agg_fn or sum)(r) for r in rows]
        ''')


def _party(name: str, doc: str) -> dict[str, str]:
    return one_module("crowd/party.py", f'''
        """Parties."""


        class Party:
            """A party."""

            def __init__(self, members):
                self.members = members

            def {name}(self):
                """{doc}"""
                for member in self.members:
                    yield member.data
        ''')


def _checker(returns_doc: str) -> dict[str, str]:
    return one_module("sigkit/check.py", f'''
        """Checks."""


        def mismatches(values: list, limit: int) -> tuple[frozenset[int], bool]:
            """Find the values over the limit.

            Returns:
                {returns_doc}
            """
            over = frozenset(i for i, v in enumerate(values) if v > limit)
            return over, bool(over)
        ''')


def _recursions(aparch_doc: str) -> dict[str, str]:
    return one_module("volkit/recursions.py", f'''
        """Variance recursions."""


        def garch_recursion(params, resids, sigma2):
            """{aparch_doc}"""
            for t in range(1, len(resids)):
                sigma2[t] = params[0] + params[1] * resids[t - 1] ** 2
            return sigma2


        def egarch_recursion(params, resids, sigma2):
            """Compute the variance for EGARCH models."""
            for t in range(1, len(resids)):
                sigma2[t] = params[0] + params[1] * abs(resids[t - 1])
            return sigma2


        def aparch_recursion(params, resids, sigma2):
            """{aparch_doc}"""
            for t in range(1, len(resids)):
                sigma2[t] = params[0] + params[1] * abs(resids[t - 1]) ** params[2]
            return sigma2
        ''')


def _poller() -> dict[str, str]:
    return one_module("iokit/poller.py", '''
        """Pollers."""


        class Poller:
            """A poller."""

            def __init__(self):
                self.readers = {}
                self.writers = {}

            def remove_reader(self, fd):
                """Stop watching a file for reading.

                :returns: True if reader was removed; False if none was registered.
                """
                return self.readers.pop(fd, None) is not None

            def remove_writer(self, fd):
                """Stop watching a file for writing.

                :returns: True if reader was removed; False if none was registered.
                """
                return self.writers.pop(fd, None) is not None
        ''')


def _bus(raises: str) -> dict[str, str]:
    return {"buskit/__init__.py": '"""Buses."""\n', "buskit/errors.py": '''
        """Errors."""


        class BusError(Exception):
            """A bus failed."""


        class LinkLost(BusError):
            """The link went down."""


        class FrameTimeout(BusError):
            """No frame came in time."""
        ''', "buskit/mixin.py": f'''
        """The shared requests."""


        class RequestMixin:
            """Requests every client can make."""

            def execute(self, request):
                """Send a request."""
                return request

            def read_coils(self, address):
                """Read coils.

                :raises {raises}: when the request fails.
                """
                return self.execute(("coils", address))
        ''', "buskit/client.py": '''
        """Clients."""
        from buskit.errors import LinkLost
        from buskit.mixin import RequestMixin


        class Client(RequestMixin):
            """A client."""

            def __init__(self):
                self.connected = False

            def execute(self, request):
                """Send a request over the link."""
                if not self.connected:
                    raise LinkLost("not connected")
                return request
        '''}


def _bitrate(doc: str) -> dict[str, str]:
    return one_module("canbus/port.py", f'''
        """Ports."""


        class Port:
            """A port.

            :param int bitrate: Bitrate of the channel in bit/s. {doc}
            """

            def __init__(self, bitrate: int = 500000) -> None:
                self.bitrate = bitrate
        ''')


def _model(dist_doc: str) -> dict[str, str]:
    return one_module("econkit/model.py", f'''
        """Models."""


        def make_model(y, dist="normal"):
            """Build a model.

            Parameters
            ----------
            y : list
                The data.
            dist : str, optional
                Name of the error distribution. Supported:

                {dist_doc}
            """
            return (y, dist)
        ''')


def _transport(doc: str) -> dict[str, str]:
    return one_module("wirekit/transport.py", f'''
        """Transports."""


        class Transport:
            """A transport."""

            def __init__(self):
                self.buffer = []
                self.closed = False

            def close(self):
                """{doc}"""
                self.closed = True
        ''')


def _names(doc: str) -> dict[str, str]:
    return one_module("drawkit/render.py", f'''
        """Rendering."""


        class DiagramState:
            """A state of a diagram."""


        def diff_inv(values, lag=1):
            """Invert a difference."""
            return values


        def fit(X, n_jobs=1):
            """{doc}"""
            return (X, n_jobs)
        ''')


def _handler(methods_body: str) -> dict[str, str]:
    return one_module("zkit/interfaces.py", f'''
        """Interfaces."""


        class Handler:
            """A handler.

            Attributes
            ----------
            sleep_func : callable
                A function that sleeps for a number of seconds.
            """

            def start(self):
                """Start the handler."""
                {methods_body}

            def stop(self):
                """Stop the handler."""
                {methods_body}
        ''')


CASES = [
    # ---- a ``*args`` function documents its call forms' arguments --------------------------------
    pytest.param(_markov("Y : array_like\n                Output data.\n            U : array_like\n"
                         "                Input data.\n            data : Response\n                The response."),
                 "sysid/fit.py", [], id="call-form-arguments-trap"),
    pytest.param(_markov("Y : array_like\n                Output data.\n            mm : int\n"
                         "                The count.", signature="Y, U, m=None"), "sysid/fit.py",
                 ["C1.unknown-param"], id="stale-name-beside-call-forms-planted"),
    # ---- "optional" on its own line: the end of a wrapped type line ------------------------------
    pytest.param(_aggregate("agg_fn : Callable[[list], float],\n            optional"), "tablekit/agg.py", [],
                 id="wrapped-optional-trap"),
    pytest.param(_aggregate("agg_func : Callable[[list], float], optional"), "tablekit/agg.py",
                 ["C1.unknown-param"], id="misspelt-after-wrapped-planted"),
    pytest.param(_aggregate("agg_fn : callable\n            optional : bool"), "tablekit/agg.py",
                 ["C1.unknown-param"], id="stale-parameter-named-optional-planted"),
    # ---- ``__iter__``'s "Get a list of ..." speaks of what iteration gives -----------------------
    pytest.param(_party("__iter__", "Get a list of the members' data."), "crowd/party.py", [],
                 id="iter-get-a-list-trap"),
    pytest.param(_party("member_data", "Get the members' data.\n\n                Returns\n                -------\n"
                        "                list\n                    The data."), "crowd/party.py",
                 ["C2.generator-return"], id="generator-documented-list-planted"),
    # ---- a Google Returns section typing each part of a tuple ------------------------------------
    pytest.param(_checker("frozenset[int]: Indices of the values over the limit.\n                bool: Whether any "
                          "value was over."), "sigkit/check.py", [], id="tuple-parts-typed-trap"),
    pytest.param(_checker("dict: The values over the limit."), "sigkit/check.py", ["C2.return-type"],
                 id="tuple-documented-dict-planted"),
    # ---- "GARCH and related models": a family, not the sibling's own work -------------------------
    pytest.param(_recursions("Compute the variance for GARCH and related models."), "volkit/recursions.py", [],
                 id="family-of-the-sibling-trap"),
    pytest.param(_recursions("Compute the variance for GARCH models."), "volkit/recursions.py",
                 ["C3.copied-from-sibling"], id="copied-sibling-doc-planted"),
    pytest.param(_poller(), "iokit/poller.py", ["C3.copied-from-sibling"],
                 id="sibling-word-in-the-claims-own-condition-planted"),
    # ---- ``self.execute()`` in a mixin runs a subclass's ``execute`` ------------------------------
    pytest.param(_bus("BusError"), "buskit/mixin.py", [], id="raised-by-subclass-override-trap"),
    pytest.param(_bus("FrameTimeout"), "buskit/mixin.py", ["C3.raises-not-raised"],
                 id="raised-by-nobody-planted"),
    # ---- "500 kbit/s" for ``bitrate=500000``; a default mark on a group of aliases ---------------
    pytest.param(_bitrate("Default is 500 kbit/s."), "canbus/port.py", [], id="default-in-kbit-trap"),
    pytest.param(_bitrate("Default is 250000."), "canbus/port.py", ["C3.wrong-default"], id="default-wrong-planted"),
    pytest.param(_model("* Normal: 'normal', 'gaussian' (default)\n                * Student's t: 't', 'studentst'"),
                 "econkit/model.py", [], id="default-mark-on-alias-group-trap"),
    pytest.param(_model("* Normal: 'normal', 'gaussian'\n                * Student's t: 'studentst' (default)"),
                 "econkit/model.py", ["C3.wrong-default"], id="default-mark-on-other-value-planted"),
    # ---- "Buffered data will be flushed asynchronously": what happens after the call ------------
    pytest.param(_transport("Close the transport.\n\n                Buffered data will be flushed asynchronously."),
                 "wirekit/transport.py", [], id="future-passive-async-trap"),
    pytest.param(_transport("Close the transport and flush it asynchronously."), "wirekit/transport.py",
                 ["C3.not-async"], id="own-async-claim-planted"),
    # ---- names that are no names of the code ------------------------------------------------------
    pytest.param(_names("Render X to a Mermaid stateDiagram-v2 string."), "drawkit/render.py", [],
                 id="hyphenated-keyword-trap"),
    pytest.param(_names("Fit the model.\n\n            X : array-like, shape=[n_obs, n_vars]\n"
                        "                The data."), "drawkit/render.py", [], id="shape-in-brackets-trap"),
    pytest.param(_names("A Python version of the R ``diffinv`` function."), "drawkit/render.py", [],
                 id="other-language-function-trap"),
    pytest.param(_names("Control how `typing.Unions` are shown."), "drawkit/render.py", [],
                 id="plural-of-a-real-name-trap"),
    pytest.param(_names("Fit the model; see ``diff_invv``."), "drawkit/render.py", ["C1.unknown-name"],
                 id="misspelt-project-function-planted"),
    # ---- an interface whose methods are stubs lists what implementations provide ----------------
    pytest.param(_handler("pass"), "zkit/interfaces.py", [], id="interface-attributes-trap"),
    pytest.param(_handler("self.running = True"), "zkit/interfaces.py", ["C1.unknown-attribute"],
                 id="concrete-class-attribute-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh7_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
