"""C3.not-async and C3.calls-missing stay silent when what runs is not the body docfact reads or
the calls it lists: a project decorator that turns the function into a coroutine or hands it to
a thread, a call through an object whose methods make the call the docs name, a callable taken
from a table. Plain functions that do none of that are still reported. Each case is (files,
target, expected rule ids among C1-C3); the code is invented for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules

CASES = [
    # ---- a project decorator makes a coroutine ---------------------------------------------------
    pytest.param({"net/deco.py": '''
        import asyncio
        import functools


        def offload(fn):
            @functools.wraps(fn)
            async def wrapper(*args, **kwargs):
                loop = asyncio.get_running_loop()
                return await loop.run_in_executor(None, functools.partial(fn, *args, **kwargs))
            return wrapper


        @offload
        def checksum(data):
            """Compute the checksum asynchronously."""
            total = 0
            for b in data:
                total = (total * 31 + b) % 65521
            return total
        '''}, "net/deco.py", [], id="decorator-makes-coroutine-trap"),
    pytest.param({"net/plain.py": '''
        import functools


        def logged(fn):
            @functools.wraps(fn)
            def wrapper(*args, **kwargs):
                print(fn.__name__)
                return fn(*args, **kwargs)
            return wrapper


        @logged
        def checksum(data):
            """Compute the checksum asynchronously."""
            total = 0
            for b in data:
                total = (total * 31 + b) % 65521
            return total
        '''}, "net/plain.py", ["C3.not-async"], id="plain-decorator-planted"),
    # ---- a call through an object whose method makes the named call ------------------------------
    pytest.param({"io2/sink.py": '''
        class FileSink:
            def __init__(self, fh):
                self.fh = fh

            def put(self, text):
                self.fh.write(text)
                self.flush_buffers()

            def flush_buffers(self):
                self.fh.flush()


        class Logger:
            def __init__(self, sink):
                self.sink = sink

            def log(self, text):
                """Write one line. It calls `flush_buffers` after every line."""
                self.sink.put(text + "\\n")
        '''}, "io2/sink.py", [], id="call-through-object-trap"),
    pytest.param({"io2/table.py": '''
        def _flush_all(state):
            state.clear()


        def _noop(state):
            return state


        _ACTIONS = {"flush": _flush_all, "keep": _noop}


        def finish(state, mode):
            """Finish up. It calls `_flush_all` to drop what is left."""
            return _ACTIONS[mode](state)
        '''}, "io2/table.py", [], id="call-through-table-trap"),
    pytest.param({"io2/direct.py": '''
        class FileSink:
            def __init__(self, fh):
                self.fh = fh

            def put(self, text):
                self.fh.write(text)

            def flush_buffers(self):
                self.fh.flush()


        def log(sink: FileSink, text):
            """Write one line. It calls `flush_buffers` after every line."""
            sink.fh.write(text)
        '''}, "io2/direct.py", ["C3.calls-missing"], id="no-path-to-the-call-planted"),
    pytest.param({"io2/tree.py": '''
        class Group:
            def __init__(self, parts):
                self.parts = parts

            def show(self):
                self.hide()

            def hide(self):
                return self

            def strip(self, deep=True):
                """Strip this group. It calls `show` on every part as well."""
                for p in self.parts:
                    p.strip(deep)
                return self
        '''}, "io2/tree.py", ["C3.calls-missing"], id="same-method-on-parts-still-lists-calls-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_calls_world(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
