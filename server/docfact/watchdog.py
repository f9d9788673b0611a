"""A hard time bound on code that may never return (issue 31): the judging of one doc.

The engine's time bounds (``engine.DOC_SECONDS``, ``FILE_SECONDS``) are read between sentences
and docs; a rule that never returns (a regular expression that backtracks without end on a
hostile docstring) never reaches the next reading. :class:`Watchdog` stops it: a CPU-time
interval timer (``setitimer(ITIMER_PROF)``, signal SIGPROF) whose handler raises
:class:`Interrupted` in the guarded code. CPython runs a signal handler between bytecodes and,
during a long regular-expression match, from inside the matcher (``_sre`` calls
``PyErr_CheckSignals``), so a Python loop and a ``re`` call are both stopped; C code that never
checks for signals (a parser) is not.

Python runs signal handlers in the main thread only, so the bound holds there only: from any
other thread, and where ``setitimer`` is missing (Windows) or another user's SIGPROF timer or
handler is in place (a profiler), :meth:`Watchdog.bound` guards nothing and the soft bounds
remain. Both faces judge on their main thread: the CLI and its forked workers, and the language
server, which runs the protocol on another thread (``lsp/server.py``).

Guarded code may be stopped between any two bytecodes, so it must not leave shared state half
written: the judging caches store a value only once it is complete. While logging, threading or
the import system is on the stack (their locks are taken outside ``try`` blocks), the stop waits
a few milliseconds. :class:`Interrupted` is a BaseException, so a rule's ``except Exception``
cannot swallow it; it never leaves :meth:`Watchdog.bound`, which raises :class:`Overran` (a
TimeoutError) in its place.
"""

from __future__ import annotations

import importlib
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

# the handler as the C module gives it: ``signal.getsignal`` turns it into a Handlers member,
# trying (and failing, with an exception) for every handler that is a function, once per doc;
# SIG_DFL and SIG_IGN come back as 0 and 1, equal to those members
_getsignal: Callable[[int], object] = importlib.import_module("_signal").getsignal
# modules whose locks an exception must not strand: a stop that finds one on the stack waits
_UNSAFE_MODULES = ("logging", "threading", "importlib")
_RETRY_SECONDS = 0.005  # how soon a stop that had to wait is tried again (and the shortest timer)


class Interrupted(BaseException):
    """Raised by the watchdog's signal handler inside the guarded code; ``place`` says where it
    landed, when the code knows (``judges/static.py`` names the rule and the sentence)."""

    def __init__(self) -> None:
        super().__init__("interrupted")
        self.place = ""


class Overran(TimeoutError):
    """The guarded code ran past its bound and was stopped (what :meth:`Watchdog.bound` raises)."""


class Watchdog:
    """Interrupts the code of a ``with watchdog.bound(seconds):`` block once it has used
    ``seconds`` of this thread's CPU time (less what ``exempt()`` says to leave out)."""

    def __init__(self) -> None:
        self._armed = False
        self._began = 0.0
        self._seconds = 0.0
        self._exempt: Callable[[], float] = _nothing

    @contextmanager
    def bound(self, seconds: float, exempt: Callable[[], float] | None = None) -> Iterator[None]:
        """Guard the block: past ``seconds`` of CPU time it is stopped and :class:`Overran` is
        raised from the ``with`` statement. ``exempt()``, read when the timer fires, is CPU time
        the block spent that does not count (values shared with later docs). Nested bounds and
        bounds outside the main thread guard nothing more."""
        if self._armed or not self._can_arm():
            yield
            return
        self._began, self._seconds, self._exempt = time.thread_time(), seconds, exempt or _nothing
        self._armed = True
        try:
            try:
                signal.setitimer(signal.ITIMER_PROF, seconds)
                yield
            finally:
                self._disarm()
        except Interrupted as e:
            self._disarm()  # again: the stop may have landed in the first one, before it was done
            where = f" ({e.place})" if e.place else ""
            raise Overran(f"stopped after {seconds:g} s of CPU time{where}") from None

    def _disarm(self) -> None:
        self._armed = False  # first: a signal handled from here on raises nothing
        signal.setitimer(signal.ITIMER_PROF, 0)
        self._exempt = _nothing  # it holds what the block read (the run's shared values)

    def _can_arm(self) -> bool:
        """Whether a bound can be armed here: the main thread, ``setitimer`` present, and no one
        else's SIGPROF timer or handler in place (our handler is installed now if needed; another
        engine's watchdog hands it over when it is not armed)."""
        if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
            return False
        current = _getsignal(signal.SIGPROF)
        owner = getattr(current, "__self__", None)
        if isinstance(owner, Watchdog):  # ours, or another engine's (one per workspace folder)
            if owner is not self and owner._armed:
                return False
            if owner is not self:
                signal.signal(signal.SIGPROF, self._on_signal)
            return True
        if current not in (signal.SIG_DFL, signal.SIG_IGN) or signal.getitimer(signal.ITIMER_PROF) != (0.0, 0.0):
            return False
        # kept installed once set: a signal handled after the timer is disarmed finds it, not the
        # default action (which ends the process)
        signal.signal(signal.SIGPROF, self._on_signal)
        return True

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        """The SIGPROF handler: stop the guarded code once its CPU time is spent (the timer counts
        every thread's time; this thread's is what counts), else look again when it may be."""
        if not self._armed:
            return
        left = self._seconds - (time.thread_time() - self._began - self._exempt())
        if left <= 0 and not _unsafe(frame):
            raise Interrupted()
        if self._armed:
            signal.setitimer(signal.ITIMER_PROF, max(left, _RETRY_SECONDS))


def _nothing() -> float:
    return 0.0


def _unsafe(frame: FrameType | None) -> bool:
    """Whether a module that holds locks outside ``try`` blocks is on the stack."""
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if isinstance(name, str) and name.split(".", 1)[0] in _UNSAFE_MODULES:
            return True
        frame = frame.f_back
    return False
