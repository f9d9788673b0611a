"""The language server's engine thread, which is the process's main thread.

Engines are used from one thread only (they are not thread-safe), and the watchdog that stops a
doc whose judging never ends (:mod:`docfact.watchdog`) works on the main thread only, where Python
runs signal handlers. So the server gives the main thread to engine work and runs the protocol
(pygls' event loop) on a thread of its own (``DocfactServer.start_io``). :class:`EngineThread` is
the executor that carries the work over: its calls run one at a time, in order, on the thread that
calls :meth:`EngineThread.serve`.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from queue import SimpleQueue
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


@dataclass
class _Job:
    future: Future[Any]
    call: Callable[[], Any]


class EngineThread(Executor):
    """An executor whose calls run on the thread that :meth:`serve` s it (``run_in_executor``
    hands it work from the event loop's thread)."""

    def __init__(self) -> None:
        self._jobs: SimpleQueue[_Job | None] = SimpleQueue()
        self._closed = False

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Queue ``fn(*args, **kwargs)``; the future holds its result once :meth:`serve` ran it."""
        if self._closed:
            raise RuntimeError("the engine thread has stopped")
        future: Future[T] = Future()
        self._jobs.put(_Job(future, functools.partial(fn, *args, **kwargs)))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop :meth:`serve` once the call it is running returns; the calls still queued never run
        (``wait`` and ``cancel_futures`` change nothing: the serving thread decides when it stops)."""
        self._closed = True
        self._jobs.put(None)

    def serve(self) -> None:
        """Run the queued calls on this thread until :meth:`shutdown`; a failing call's exception
        goes to its future (the caller logs it), and one that is not an Exception (an interrupt
        of the process) ends the serving after reaching its future as well."""
        while (job := self._jobs.get()) is not None:
            if not job.future.set_running_or_notify_cancel():
                continue
            try:
                result = job.call()
            except Exception as e:
                job.future.set_exception(e)
            except BaseException as e:
                job.future.set_exception(e)
                raise
            else:
                job.future.set_result(result)

    def run_beside(self, protocol: Callable[[], None]) -> None:
        """Run ``protocol()`` (pygls' event loop, until the session ends) on a thread of its own
        while this thread, the main one, serves the engine calls; when it ends, the serving stops
        after the call under way. Called from another thread (an embedding program), the engine
        calls get a thread of their own instead, and the watchdog stands aside there."""

        def run_protocol() -> None:
            try:
                protocol()
            finally:
                self.shutdown()

        if threading.current_thread() is not threading.main_thread():
            threading.Thread(target=self.serve, name="docfact-engine", daemon=True).start()
            run_protocol()
            return
        thread = threading.Thread(target=run_protocol, name="docfact-protocol", daemon=True)
        thread.start()
        self.serve()
        thread.join()
