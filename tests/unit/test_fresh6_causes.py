"""The causes of false findings the fresh6 audit found, and three left from fresh3 and fresh4 (the
sets are studied, so spent), each with invented code: a trap written anew that stays quiet and a
planted case that is still found. Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules


def _header(doc: str, decorator: str = "@property") -> dict[str, str]:
    return {"wirekit/__init__.py": '"""Wire formats."""\n', "wirekit/header.py": f'''
        """Headers."""


        class Header:
            """A packet header."""

            def __init__(self, flags):
                self.flags = flags

            {decorator}
            def retry(self):
                """{doc}"""
                return (self.flags >> 5) & 0x7
        '''}


def _task(doc: str, body: str = "return []") -> dict[str, str]:
    return {"jobkit/__init__.py": '"""Jobs."""\n', "jobkit/task.py": f'''
        """Tasks."""


        class Task:
            """A task."""

            def extra_files(self):
                """{doc}"""
                {body}
        '''}


def _link(doc: str, params: str = "self, address, on_done", body: str = "self.address = address") -> dict[str, str]:
    return {"netkit/__init__.py": '"""Networking."""\n', "netkit/link.py": f'''
        """Links."""


        class Link:
            """A link."""

            def open(self, address):
                """Open the link."""
                self.address = address

            def start({params}):
                """{doc}"""
                {body}
        '''}


def _actor(callee_body: str) -> dict[str, str]:
    return {"taskq/__init__.py": '"""Task queues."""\n', "taskq/actor.py": f'''
        """Actors."""


        class Broker:
            """Where messages wait."""

            def enqueue(self, message):
                """Store the message."""
                return message


        class Actor:
            """An actor."""

            def __init__(self, broker):
                self.broker = broker

            def send(self, *args):
                """Asynchronously send a message to this actor."""
                return self.send_with_options(args=args)

            def send_with_options(self, args=()):
                """Send a message with options."""
                {callee_body}
        '''}


def _pool(doc: str, body: str) -> dict[str, str]:
    return {"fetchkit/__init__.py": '"""Fetching."""\n', "fetchkit/pool.py": f'''
        """Pools."""


        class Pool:
            """A pool."""

            def results(self):
                """Each result."""
                yield from ()

            def errors(self):
                """Each error."""
                yield from ()


        def fetch_all(urls):
            """{doc}"""
            pool = Pool()
            {body}
        '''}


def _vault(example: str) -> dict[str, str]:
    return {"vault/__init__.py": '"""Vaults."""\n', "vault/base.py": f'''
        """The base vault."""


        class Vault:
            """A vault."""

            def getinfo(self, path, namespaces=None):
                """Get what the vault knows of a path."""
                return (path, namespaces)

            def getbasic(self, path):
                """Get the basic info.

                This method is shorthand for the following::

                    {example}
                """
                return self.getinfo(path, namespaces=["basic"])
        '''}


def _store(doc: str) -> dict[str, str]:
    return {"stashkit/__init__.py": '"""Stashes."""\n', "stashkit/targets.py": f'''
        """Targets."""


        class AtomicLocalFile:
            """A file written atomically."""


        class AtomicS3File(AtomicLocalFile):
            """A blob written atomically."""


        class FlagTarget:
            """{doc}"""

            def exists(self):
                """Whether the flag exists."""
                return True
        '''}


def _clip(doc: str) -> dict[str, str]:
    return {"reelkit/__init__.py": '"""Reels."""\n', "reelkit/clip.py": f'''
        """Clips."""


        class Clip:
            """A clip."""

            def __init__(self, duration):
                self.duration = duration
                self.x_start = 0

            def subclipped(self, start=0, end=None):
                """Cut a part."""
                return Clip((end or self.duration) - start)

            def __getitem__(self, key):
                """{doc}"""
                return self.subclipped(key.start or 0, key.stop or self.duration)
        '''}


def _namespace(doc: str) -> dict[str, str]:
    return {"chatkit/__init__.py": '"""Chat."""\n', "chatkit/namespace.py": f'''
        """Namespaces."""


        class Namespace:
            """{doc}"""

            def can_disconnect(self):
                """Whether the client may leave."""
                return True

            def trigger_event(self, event, *args):
                """Call the handler of an event."""
                handler = getattr(self, "on_" + event, None)
                return handler(*args) if handler else None
        '''}


def _errors(doc: str) -> dict[str, str]:
    return {"lockkit/__init__.py": '"""Locks."""\n', "lockkit/errors.py": f'''
        """Errors."""


        class LockError(Exception):
            """A lock failed."""


        class ValueToBig(LockError):
            """{doc}"""
        '''}


def _pages(doc: str) -> dict[str, str]:
    return {"pagekit/__init__.py": '"""Pages."""\n', "pagekit/query.py": f'''
        """Queries."""


        def next_page(next_record_id, id_is_url=False):
            """Fetch the next page.

            :param next_record_id: Where the next page starts.
            :param id_is_url: {doc}
            """
            return (next_record_id, id_is_url)
        '''}


def _typed(returns_doc: str) -> dict[str, str]:
    return {"gradkit/__init__.py": '"""Gradients."""\n', "gradkit/_typing.py": '''
        """Type aliases."""
        from typing import Any

        from numpy.typing import NDArray

        Array = NDArray[Any]
        ''', "gradkit/steps.py": f'''
        """Steps."""
        import numpy as np

        from gradkit._typing import Array


        def gradient(values) -> Array:
            """The gradient of the values.

            Returns
            -------
            grad : {returns_doc}
                The partial derivatives.
            """
            return np.gradient(values)
        '''}


def _limit(default_doc: str) -> dict[str, str]:
    return {"workq/__init__.py": '"""Workers."""\n', "workq/limits.py": f'''
        """Limits."""


        class TimeLimit:
            """Stop actors that run too long.

            Parameters:
              interval(int): The interval (in milliseconds) with which to
                check the actors. {default_doc}
            """

            def __init__(self, *, interval: int = 1000) -> None:
                self.interval = interval
        '''}


def _pipeline(raises: str) -> dict[str, str]:
    return {"qkit/__init__.py": '"""Queues."""\n', "qkit/broker.py": '''
        """Brokers."""


        def current_broker():
            """The broker in use."""
            return Broker()


        class Broker:
            """A broker."""

            def __init__(self):
                self.stores = []

            def result_store(self):
                """The store of results."""
                for store in self.stores:
                    return store
                raise RuntimeError("no result store")
        ''', "qkit/message.py": '''
        """Messages."""
        from qkit.broker import current_broker


        class Message:
            """A message."""

            def fetch_result(self, store=None):
                """The result of the message."""
                if store is None:
                    broker = current_broker()
                    store = broker.result_store()
                return store.fetch(self)
        ''', "qkit/chain.py": f'''
        """Chains."""


        class Chain:
            """A chain of messages."""

            def __init__(self, messages):
                self.messages = messages

            @property
            def done(self):
                """Whether the last message has a result.

                Raises:
                  {raises}: If the broker has no result store.
                """
                try:
                    self.messages[-1].fetch_result()
                    return True
                except KeyError:
                    return False
        '''}


def _client(name: str) -> dict[str, str]:
    return {"mqkit/__init__.py": '"""Messaging."""\n', "mqkit/client.py": f'''
        """Clients."""


        class Client:
            """A client."""

            def __init__(self):
                self.state = "new"
                self.host = None

            def {name}(self, host):
                """Connect to a broker asynchronously."""
                self.host = host
                self.state = "connect-pending"
        '''}


def _mesh(body: str) -> dict[str, str]:
    return {"meshkit/__init__.py": '"""Meshes."""\n', "meshkit/grid.py": f'''
        """Grids."""


        class Grid:
            """A grid."""

            def __init__(self, cells):
                self.cells = cells

            @property
            def cell_normals(self):
                """Return the cell normals."""
                return [c.normal() for c in self.cells]

            @property
            def cell_centers(self):
                """Return the cell centers."""
                return [c.center() for c in self.cells]

            @property
            def face_normals(self):
                """Return the cell normals."""
                {body}
        '''}


def _packets(attr: str) -> dict[str, str]:
    return {"pktkit/__init__.py": '"""Packets."""\n', "pktkit/kinds.py": '''
        """Packet kinds."""


        class Kinds:
            """The kinds of packets."""

            CONNECT, ACCEPT, PUBLISH, \\
                DISCONNECT = range(4)
        ''', "pktkit/packet.py": f'''
        """Packets."""
        from pktkit.kinds import Kinds


        def is_accept(kind):
            """Whether a packet accepts a connection.

            >>> from pktkit.kinds import Kinds
            >>> is_accept(Kinds.{attr})
            True
            """
            return kind == Kinds.ACCEPT
        '''}


CASES = [
    # ---- "Recursion Desired": the name of a header field a property reads, not code recursion ----
    pytest.param(_header("Recursion Desired. 1 bit. Set in a query and copied into the reply."),
                 "wirekit/header.py", [], id="property-named-recursion-trap"),
    pytest.param(_header("Recursion control bits. (3 bits)", decorator=""), "wirekit/header.py", [],
                 id="recursion-as-a-noun-trap"),
    pytest.param(_header("Read the bits recursively.", decorator=""), "wirekit/header.py", ["C3.not-recursive"],
                 id="method-claims-recursion-planted"),
    # ---- a hook that returns ``[]`` for overrides: "copied recursively" is what the caller does ----
    pytest.param(_task("Can be overridden in subclass.\n\n                * `src` can be a directory (everything "
                       "in it will be copied recursively)."), "jobkit/task.py", [], id="hook-copied-recursively-trap"),
    pytest.param(_task("Collect the extra files recursively.", body="return ['setup.cfg', 'README']"),
                 "jobkit/task.py", ["C3.not-recursive"], id="constant-list-recursively-planted"),
    # ---- callback-style asynchrony: a callback parameter, a completion callback, a callee's queue ---
    pytest.param(_link("Asynchronously open a connection."), "netkit/link.py", [],
                 id="callback-parameter-async-trap"),
    pytest.param(_link("Asynchronously close the link.\n\n                Upon completion, `Link.open()` is "
                       "called again.", params="self, address"), "netkit/link.py", [],
                 id="completion-callback-async-trap"),
    pytest.param(_link("Asynchronously close the link.", params="self, address"), "netkit/link.py",
                 ["C3.not-async"], id="plain-async-claim-planted"),
    pytest.param(_actor("return self.broker.enqueue(args)"), "taskq/actor.py", [],
                 id="callee-enqueues-async-trap"),
    pytest.param(_actor("return list(args)"), "taskq/actor.py", ["C3.not-async"], id="callee-plain-async-planted"),
    # ---- "a tuple where the first item is a generator": the item, not the function ----------------
    pytest.param(_pool("Fetch each URL and return a tuple where the first item is a generator of results.",
                       "return pool.results(), pool.errors()"), "fetchkit/pool.py", [],
                 id="tuple-item-is-a-generator-trap"),
    pytest.param(_pool("Returns a generator of results.", "return [pool, urls]"), "fetchkit/pool.py",
                 ["C2.return-type", "C3.not-generator"], id="list-is-a-generator-planted"),
    # ---- ``vault.getinfo(path)`` in a method's example: ``vault`` stands for an instance ----------
    pytest.param(_vault("vault.getinfo(path, namespaces=['basic'])"), "vault/base.py", [],
                 id="example-instance-named-like-package-trap"),
    pytest.param(_vault("vault.getinfos(path, namespaces=['basic'])"), "vault/base.py", ["C1.example-attribute"],
                 id="example-attribute-nothing-has-planted"),
    # ---- unmarked concept words, doc placeholders, example handler names, a typo explained --------
    pytest.param(_store("A flag target.\n\n            The AtomicFile approach can be slow for blobs."),
                 "stashkit/targets.py", [], id="concept-word-approach-trap"),
    pytest.param(_clip("Slice the clip.\n\n                So ``clip[t_start:t_end]`` is ``clip.subclipped(t_start, "
                       "t_end)``. If ``t_start`` is not given, default to ``0``."), "reelkit/clip.py", [],
                 id="placeholder-from-doc-example-trap"),
    pytest.param(_namespace("A namespace.\n\n            The event handlers are methods with the prefix ``on_``, such "
                            "as ``on_connect``, ``on_disconnect``, ``on_message`` and so on."),
                 "chatkit/namespace.py", [], id="example-handler-names-trap"),
    pytest.param(_errors("Kept for compatibility.\n\n            The misspelling in the name (`ValueToBig`, "
                         "rather than `ValueTooBig`) is a long-standing typo."), "lockkit/errors.py", [],
                 id="typo-explained-trap"),
    pytest.param(_errors("Raised when a value is too big; see `LockEror`."), "lockkit/errors.py",
                 ["C1.unknown-name"], id="typo-of-class-planted"),
    pytest.param(_pages("True if `next_record_id` is a URL, False if `next_record_ib` is an id."),
                 "pagekit/query.py", ["C1.unknown-name"], id="typo-beside-the-real-name-planted"),
    # ---- ``Array = NDArray[Any]``: a project alias stands for its value --------------------------
    pytest.param(_typed("ndarray"), "gradkit/steps.py", [], id="alias-of-ndarray-trap"),
    pytest.param(_typed("dict"), "gradkit/steps.py", ["C2.return-type"], id="alias-of-ndarray-dict-planted"),
    # ---- "1 second (1,000 milliseconds)" for an interval counted in milliseconds ----------------
    pytest.param(_limit("Defaults to 1 second (1,000 milliseconds)."), "workq/limits.py", [],
                 id="seconds-for-milliseconds-trap"),
    pytest.param(_limit("Defaults to 500."), "workq/limits.py", ["C3.wrong-default"],
                 id="plain-wrong-default-planted"),
    # ---- ``connect_async``: the project's name says it finishes later (fresh3, fresh4) -----------
    pytest.param(_client("connect_async"), "mqkit/client.py", [], id="async-in-the-name-trap"),
    pytest.param(_client("connect_now"), "mqkit/client.py", ["C3.not-async"], id="async-claim-plain-name-planted"),
    # ---- ``face_normals`` returns ``self.cell_normals``: an alias keeps its sibling's doc (fresh3) --
    pytest.param(_mesh("return self.cell_normals"), "meshkit/grid.py", [], id="alias-property-copied-doc-trap"),
    pytest.param(_mesh("return [c.face() for c in self.cells]"), "meshkit/grid.py", ["C3.copied-from-sibling"],
                 id="own-work-copied-doc-planted"),
    # ---- ``CONNECT, ACCEPT, PUBLISH = range(3)`` in a class body binds three attributes (fresh4) ---
    pytest.param(_packets("ACCEPT"), "pktkit/packet.py", [], id="tuple-unpacked-class-attribute-trap"),
    # ---- a method called on an item of a list (``self.messages[-1].fetch_result()``) may raise ----
    pytest.param(_pipeline("RuntimeError"), "qkit/chain.py", [], id="raised-through-list-item-trap"),
    pytest.param(_pipeline("ConnectionError"), "qkit/chain.py", [], id="builtin-exception-through-list-item-silent"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh6_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
