"""C3.raises-not-raised stays silent when the documented exception may come from what docfact
cannot see: methods of an object the function builds and returns (a reader, a closure), later use
of what it returns when the sentence speaks of that use ("when reading", "on access"), or an
implementation behind a protocol or abstract method it calls. A function whose callees are all
known and raise something else is still reported. Each case is (files, target, expected rule ids
among C1-C3); the code is invented for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules

CASES = [
    # ---- an object built (a few calls away) and returned: its methods raise later ---------------
    pytest.param({"conf/reader.py": '''
        class SettingError(Exception):
            pass


        class _Lines:
            def __init__(self, text):
                self.text = text

            def pairs(self):
                for line in self.text.splitlines():
                    if "=" not in line:
                        raise SettingError(line)
                    yield line.split("=", 1)


        def _build(text):
            return _Lines(text)


        def settings_reader(text):
            """Prepare a reader of settings.

            Raises:
                TypeError: if ``text`` is not a string.
                SettingError: for a line without an equals sign.
            """
            if not isinstance(text, str):
                raise TypeError("text must be a string")
            return _build(text)
        '''}, "conf/reader.py", [], id="built-and-returned-object-trap"),
    pytest.param({"conf/check.py": '''
        class RangeError(Exception):
            pass


        def bounded(low, high):
            """Make a checker of a closed range.

            Raises:
                ValueError: if ``low`` is above ``high``.
                RangeError: when the checker is given a number outside the range.
            """
            if low > high:
                raise ValueError("empty range")

            def check(x):
                if not low <= x <= high:
                    raise RangeError(x)
                return x
            return check
        '''}, "conf/check.py", [], id="returned-closure-trap"),
    # ---- the sentence speaks of later use of what is returned -----------------------------------
    pytest.param({"conf/lazy.py": '''
        import codecs


        class DecodeFailure(Exception):
            pass


        def _fail(err):
            raise DecodeFailure(str(err))


        codecs.register_error("fail-loudly", _fail)


        def decoder(name):
            """Look up an incremental decoder.

            Raises:
                LookupError: if there is no codec called ``name``.
                DecodeFailure: when decoding bytes that are not valid.
            """
            if not name:
                raise LookupError("no codec")
            return codecs.getincrementaldecoder(name)(errors="fail-loudly")
        '''}, "conf/lazy.py", [], id="later-use-of-returned-object-trap"),
    # ---- an implementation behind a protocol or an abstract method ------------------------------
    pytest.param({"store/api.py": '''
        import abc


        class MissingKey(Exception):
            pass


        class Backend(abc.ABC):
            @abc.abstractmethod
            def fetch(self, key):
                """Return the bytes stored under ``key``."""


        class Cache:
            def __init__(self, backend: Backend):
                self.backend = backend

            def get(self, key):
                """Return the value under ``key``.

                Raises:
                    ValueError: if ``key`` is empty.
                    MissingKey: if the backend holds no such key.
                """
                if not key:
                    raise ValueError("empty key")
                return self.backend.fetch(key)
        '''}, "store/api.py", [], id="abstract-implementation-trap"),
    # ---- a hook handed to a library, a handler taken from a table ------------------------------
    pytest.param({"conf/hook.py": '''
        import json


        class SchemaError(Exception):
            pass


        class Loader:
            def _check(self, obj):
                if "kind" not in obj:
                    raise SchemaError("no kind")
                return obj

            def load(self, text):
                """Load a document.

                Raises:
                    TypeError: if ``text`` is not a string.
                    SchemaError: if an object has no kind.
                """
                if not isinstance(text, str):
                    raise TypeError("text")
                return json.loads(text, object_hook=self._check)
        '''}, "conf/hook.py", [], id="hook-handed-to-library-trap"),
    pytest.param({"conf/steps.py": '''
        class StepError(Exception):
            pass


        def _strict(value):
            if value is None:
                raise StepError("missing")
            return value


        _STEPS = {"strict": _strict, "loose": str}


        def run_step(kind, value):
            """Run one step.

            Raises:
                KeyError: for an unknown kind.
                StepError: when a strict step gets nothing.
            """
            if kind not in _STEPS:
                raise KeyError(kind)
            return _STEPS[kind](value)
        '''}, "conf/steps.py", [], id="handler-from-table-trap"),
    # ---- planted: every callee is known and none raises it --------------------------------------
    pytest.param({"conf/plain.py": '''
        class SettingError(Exception):
            pass


        class OtherError(Exception):
            pass


        def _strip(text):
            return text.strip()


        def clean(text):
            """Strip a setting.

            Raises:
                SettingError: if the setting is empty.
            """
            if not text:
                raise OtherError("empty")
            return _strip(text)
        '''}, "conf/plain.py", ["C3.raises-not-raised"], id="known-callees-planted"),
    pytest.param({"conf/now.py": '''
        import codecs


        class DecodeFailure(Exception):
            pass


        def decode_all(name, data):
            """Decode ``data`` at once.

            Raises:
                LookupError: if there is no codec called ``name``.
                DecodeFailure: when decoding bytes that are not valid.
            """
            if not name:
                raise LookupError("no codec")
            return codecs.decode(data, name)
        '''}, "conf/now.py", ["C3.raises-not-raised"], id="own-work-not-later-use-planted"),
    pytest.param({"store/plain.py": '''
        class MissingKey(Exception):
            pass


        class MemoryBackend:
            def __init__(self):
                self.data = {}

            def fetch(self, key):
                return self.data.get(key)


        class Cache:
            def __init__(self, backend: MemoryBackend):
                self.backend = backend

            def get(self, key):
                """Return the value under ``key``.

                Raises:
                    MissingKey: if the backend holds no such key.
                """
                if not key:
                    raise ValueError("empty key")
                return self.backend.fetch(key)
        '''}, "store/plain.py", ["C3.raises-not-raised"], id="concrete-implementation-planted"),
    pytest.param({"conf/made.py": '''
        class SettingError(Exception):
            pass


        class _Pair:
            def __init__(self, key, value):
                self.key = key
                self.value = value

            def text(self):
                return f"{self.key}={self.value}"


        def pair(key, value):
            """Make a pair.

            Raises:
                SettingError: when the pair is written out with an empty key.
            """
            if key is None:
                raise TypeError("key")
            return _Pair(key, value)
        '''}, "conf/made.py", ["C3.raises-not-raised"], id="returned-object-raises-nothing-planted"),
    pytest.param({"conf/fn.py": '''
        class SettingError(Exception):
            pass


        def bounded(low, high):
            """Make a checker of a closed range.

            Raises:
                SettingError: when the checker is given a number outside the range.
            """
            if low > high:
                raise ValueError("empty range")

            def check(x):
                if not low <= x <= high:
                    raise ArithmeticError(x)
                return x
            return check
        '''}, "conf/fn.py", ["C3.raises-not-raised"], id="closure-raises-another-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_raises_world(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
