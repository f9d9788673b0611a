"""The names every Python file may use without defining or importing them (the builtins, the
keywords, the data model's special names, a few Python 2 builtins docs still name) and the
standard library's module names. Read by the name rules and the example reader."""

from __future__ import annotations

import builtins
import keyword
import sys

# the special names of Python's data model (``__get__``, ``__enter__``, ``__await__``, ...)
_DUNDERS = frozenset(
    n for t in (object, type, int, float, complex, list, dict, set, str, bytes, slice, property,
                classmethod, BaseException, type(lambda: 0), type(iter(range(0))), type(sys))
    for n in dir(t) if n.startswith("__") and n.endswith("__")
) | frozenset({"__enter__", "__exit__", "__aenter__", "__aexit__", "__await__", "__aiter__",
               "__anext__", "__missing__", "__set_name__", "__class_getitem__", "__post_init__",
               "__fspath__", "__length_hint__", "__buffer__", "__match_args__", "__getattr__",
               "__matmul__", "__rmatmul__", "__imatmul__"})
PY_BUILTIN_NAMES = frozenset(dir(builtins)) | frozenset(keyword.kwlist) | _DUNDERS | frozenset(
    # Python 2's builtins, still named in docs that compare with them
    {"xrange", "unicode", "basestring", "long", "raw_input", "unichr", "execfile", "cmp", "reduce",
     "file", "buffer", "apply", "intern", "coerce", "reload", "iteritems", "itervalues", "iterkeys",
     "has_key", "izip", "imap", "ifilter"}
) | frozenset(
    {"self", "cls", "true", "false", "null", "none", "args", "kwargs", "__init__", "__call__",
     "__name__", "__main__", "__dict__", "__slots__", "__all__", "__file__", "__doc__"}
)
STDLIB_MODULES = frozenset(sys.stdlib_module_names)
