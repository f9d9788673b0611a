"""C1 name rules on code shaped like packages nobody tuned on (issue 28): for each cause of a
false finding, an invented look-alike that stays quiet, and where the cause could hide a real
error, a planted slip that is still found. Nothing here is copied from a real package."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files


def c1(tmp_path: Path, files: dict[str, str], target: str = "pkg/mod.py") -> list[tuple[str, str]]:
    result = judge_files(tmp_path, {"pkg/__init__.py": "", **files}, target)
    return [(f.rule, f.message) for f in result.findings if f.criterion == "C1"]


def rules(found: list[tuple[str, str]]) -> set[str]:
    return {r for r, _ in found}


# ---- cause 1: names the project exports in ways docfact did not read -----------------------

BLUR = '''
import kiln


def blur(image):
    """Soften an image.

    This is the inverse of {ref}.
    """
    return image
'''


@pytest.mark.parametrize("init, extra, ref", [
    # a lazy-loading package: the names live in its ``__init__.pyi`` stub
    ("import lazy_loader as lazy\n__getattr__, __dir__, __all__ = lazy.attach_stub(__name__, __file__)\n",
     {"kiln/__init__.pyi": "from ._edges import crisp\n__all__ = ['crisp']\n"}, ":func:`kiln.crisp`"),
    ("import lazy_loader as lazy\n__getattr__, __dir__, __all__ = lazy.attach_stub(__name__, __file__)\n",
     {"kiln/__init__.pyi": "from ._edges import crisp\n"}, "`kiln.crisp`"),
    # a module ``__getattr__`` that loads submodule names on demand
    ("__all__ = ['crisp']\n\ndef __getattr__(name):\n    import importlib\n    return importlib.import_module('._edges', __name__)\n",
     {}, ":func:`kiln.crisp`"),
    # a star import of a compiled extension (only its Cython source is beside it)
    ("from ._fast import *\n", {"kiln/_fast.pyx": "def crisp(x):\n    return x\n"}, ":func:`kiln.crisp`"),
])
def test_names_exported_where_docfact_cannot_list_them(tmp_path: Path, init: str, extra: dict[str, str],
                                                       ref: str) -> None:
    files = {"kiln/__init__.py": init, "kiln/_edges.py": "def crisp(x):\n    return x\n",
             "kiln/mod.py": BLUR.format(ref=ref), **extra}
    assert c1(tmp_path, files, "kiln/mod.py") == []


def test_a_slip_in_a_closed_package_is_still_found(tmp_path: Path) -> None:
    files = {"kiln/__init__.py": "from ._edges import crisp\n", "kiln/_edges.py": "def crisp(x):\n    return x\n",
             "kiln/mod.py": BLUR.format(ref=":func:`kiln.crips`")}
    assert rules(c1(tmp_path, files, "kiln/mod.py")) & {"C1.unknown-reference", "C1.unknown-name"}


def test_a_stub_binds_names_its_package_source_does_not(tmp_path: Path) -> None:
    files = {"kiln/__init__.py": "", "kiln/__init__.pyi": "def crisp(x: int) -> int: ...\n",
             "kiln/mod.py": BLUR.format(ref="`kiln.crisp`")}
    assert c1(tmp_path, files, "kiln/mod.py") == []


# ---- cause 2: doc-syntax conventions read as names ------------------------------------------

@pytest.mark.parametrize("source", [
    # numbered items standing for ``*arrays``
    '''
def stack(*arrays, axis=0):
    """Stack arrays.

    Parameters
    ----------
    arr1, arr2, ... : array_like
        The arrays to stack.
    axis : int
        The axis.
    """
    return arrays
''',
    # brace shorthand for two parameters
    '''
def panel(data, line_kws=None, dot_kws=None):
    """Draw a panel.

    Parameters
    ----------
    data : list
        The values.
    {line, dot}_kws : dict
        Keyword arguments for the line and the dots.
    """
    return data
''',
    # ``None`` as the only item of an empty Parameters section
    '''
def reset():
    """Reset the state.

    Parameters
    ----------
    None
    """
    return 0
''',
    # a tuple of two parameters written as one item
    '''
def span(lo, hi):
    """A span.

    Parameters
    ----------
    (lo, hi) : tuple of int
        The bounds.
    """
    return hi - lo
''',
    # a call form written as the item name
    '''
def apply(fn, *args):
    """Apply a function.

    Parameters
    ----------
    fn : callable
        Called as ``fn(n, *args)``.
    fn(n, *args) : callable
        The same, written as its call.
    """
    return fn(1, *args)
''',
    # a heading in capitals
    '''
def tidy(items):
    """Tidy the items.

    Args:
        items: what to tidy.

    NOTES:
        Works in place.
    """
    return items
''',
    # a dedented continuation line of an item's description
    '''
def pick(index=None):
    """Pick one.

    Parameters
    ----------
    index : int
        If ``None`` pick all. If an
    integer, select the index-th element.
    """
    return index
''',
])
def test_doc_syntax_is_not_a_parameter(tmp_path: Path, source: str) -> None:
    assert "C1.unknown-param" not in rules(c1(tmp_path, {"pkg/mod.py": source}))


def test_a_misspelt_parameter_beside_numbered_items_is_found(tmp_path: Path) -> None:
    source = '''
def stack(*arrays, weight=None):
    """Stack arrays.

    Parameters
    ----------
    arr1, arr2, ... : array_like
        The arrays to stack.
    wieght : float
        The weight.
    """
    return arrays
'''
    assert "C1.unknown-param" in rules(c1(tmp_path, {"pkg/mod.py": source}))


# ---- causes 4 and 5: decorators, metaclasses, subclasses, inherited fields ------------------

def test_a_decorator_that_renames_arguments_opens_the_signature(tmp_path: Path) -> None:
    source = '''
from pkg.compat import renamed_kwarg


@renamed_kwarg("seed", "rng")
def shuffle(values, rng=None):
    """Shuffle the values.

    Parameters
    ----------
    values : list
        The values.
    seed : int
        Deprecated name of ``rng``.
    """
    return values
'''
    compat = '''
import functools


def renamed_kwarg(old, new):
    """Accept ``old`` as an alias of ``new``."""
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            if old in kwargs:
                kwargs[new] = kwargs.pop(old)
            return fn(*args, **kwargs)
        return inner
    return wrap
'''
    assert "C1.unknown-param" not in rules(c1(tmp_path, {"pkg/mod.py": source, "pkg/compat.py": compat}))


def test_a_slip_under_an_unknown_decorator_is_still_found(tmp_path: Path) -> None:
    source = '''
from elsewhere import traced


@traced
def shuffle(values, shuffle_seed=None):
    """Shuffle the values.

    Parameters
    ----------
    values : list
        The values.
    shufle_seed : int
        The seed.
    """
    return values
'''
    assert "C1.unknown-param" in rules(c1(tmp_path, {"pkg/mod.py": source}))


def test_inherited_dataclass_fields_are_constructor_arguments(tmp_path: Path) -> None:
    source = '''
from dataclasses import dataclass


@dataclass
class Shape:
    """A shape."""

    width: int = 0


@dataclass
class Box(Shape):
    """A box.

    Parameters
    ----------
    width : int
        From the base.
    depth : int
        Its own.
    """

    depth: int = 0
'''
    assert "C1.unknown-param" not in rules(c1(tmp_path, {"pkg/mod.py": source}))


def test_a_field_no_dataclass_base_has_is_still_found(tmp_path: Path) -> None:
    source = '''
from dataclasses import dataclass


@dataclass
class Shape:
    """A shape."""

    width: int = 0


@dataclass
class Box(Shape):
    """A box.

    Parameters
    ----------
    widht : int
        From the base.
    depth : int
        Its own.
    """

    depth: int = 0
'''
    assert "C1.unknown-param" in rules(c1(tmp_path, {"pkg/mod.py": source}))


def test_attributes_a_metaclass_reads_are_open(tmp_path: Path) -> None:
    source = '''
class FieldsMeta(type):
    def __new__(mcs, name, bases, dct):
        order = dct.get("ordering", ())
        return super().__new__(mcs, name, bases, dict(dct, _order=order))


class Record(metaclass=FieldsMeta):
    """A record.

    Attributes
    ----------
    ordering : tuple
        The field order, read by the metaclass.
    """
'''
    assert "C1.unknown-attribute" not in rules(c1(tmp_path, {"pkg/mod.py": source}))


def test_attributes_subclasses_define_are_documented_on_the_base(tmp_path: Path) -> None:
    source = '''
class Reader:
    """Base of all readers.

    Attributes
    ----------
    extension : str
        The file extension a reader handles.
    """

    def read(self, path):
        """Read ``path``."""
        return path


class TextReader(Reader):
    """Text files."""

    extension = ".txt"
'''
    assert "C1.unknown-attribute" not in rules(c1(tmp_path, {"pkg/mod.py": source}))


def test_a_misnamed_attribute_of_a_closed_class_is_found(tmp_path: Path) -> None:
    source = '''
class Reader:
    """A reader.

    Attributes
    ----------
    extenison : str
        The file extension.
    """

    def __init__(self):
        self.extension = ".txt"
'''
    assert "C1.unknown-attribute" in rules(c1(tmp_path, {"pkg/mod.py": source}))


def test_setattr_on_a_class_in_another_module_opens_it(tmp_path: Path) -> None:
    table = '''
class Sheet:
    """A sheet of rows."""

    def __init__(self):
        self.rows = []
'''
    register = '''
from pkg.table import Sheet

for key in ("csv", "tsv"):
    setattr(Sheet, key, property(lambda self: ""))
'''
    source = '''
def render(data):
    """Render a sheet.

    >>> from pkg.table import Sheet
    >>> data = Sheet()
    >>> data.tsv
    ''
    """
    return data
'''
    found = c1(tmp_path, {"pkg/table.py": table, "pkg/formats.py": register, "pkg/mod.py": source})
    assert "C1.example-attribute" not in rules(found)


def test_an_interface_documents_the_keywords_its_implementations_take(tmp_path: Path) -> None:
    source = '''
class Plugin:
    """An abstract plugin interface.

    Parameters
    ----------
    request : object
        The request.
    **kwargs : Any
        Backend options.
    """

    def __init__(self, request):
        self.request = request


class TextPlugin(Plugin):
    """A text plugin."""

    def __init__(self, request, **kwargs):
        super().__init__(request)
        self.options = kwargs
'''
    assert "C1.unknown-param" not in rules(c1(tmp_path, {"pkg/mod.py": source}))


# ---- cause 8 and prose: strings and words that look like names ------------------------------

@pytest.mark.parametrize("sentence", [
    # a settings key that starts with the package's name
    'Read from the ``"pkg.allowed_orgins"`` setting.',
    # a format's tag or field in prose, beside a code name one letter away
    "Pages without an image_description tag are skipped.",
    # a version-history note
    ".. versionadded:: 2.1 The ``old_mode_flag`` argument.",
    "Version 2.0: removed ``origins_allowed``.",
    "New in version 2.0: ``origins_allowed``.",
    # settings keys namespaced by the package, quoted or marked
    'Set "pkg.allowed_origins" to a list.',
    "Set ``pkg.allowed_origins`` in the settings.",
])
def test_strings_and_format_words_are_not_names(tmp_path: Path, sentence: str) -> None:
    source = f'''
ALLOWED = ("a",)


def load(imagej_description, allowed_origins=ALLOWED):
    """Load things.

    {sentence}
    """
    return imagej_description, allowed_origins
'''
    assert "C1.unknown-name" not in rules(c1(tmp_path, {"pkg/mod.py": source}))


def test_options_read_with_pop_are_keys(tmp_path: Path) -> None:
    source = '''
def connect(host, **options):
    """Connect.

    Parameters
    ----------
    host : str
        The host.
    **options
        ``timeout``: seconds to wait; ``retries``: attempts.
    """
    timeout = options.pop("timeout", 3)
    retries = options.pop("retries", 1)
    return host, timeout, retries
'''
    assert "C1.unknown-key" not in rules(c1(tmp_path, {"pkg/mod.py": source}))


def test_a_function_of_another_package_named_as_a_user_gets_no_did_you_mean(tmp_path: Path) -> None:
    source = '''
def attach_watcher(target):
    """Attach a watcher to ``target``.

    Framework adapters (e.g. ``attach_watchers_async``) build on it.
    """
    return target
'''
    assert c1(tmp_path, {"pkg/mod.py": source}) == []


# ---- recall in forms the rules were not tuned on, each with its traps ------------------------

SOLVE = '''
{extra}
def solve(data, mode="slow"{kwargs}):
    """Solve it.

    Pass {span} for speed.
    """
    return data, mode
'''


@pytest.mark.parametrize("span, kwargs, extra, found", [
    ("``moed='fast'``", "", "", True),  # the name part of a value span is a parameter reference
    ('`moed="fast"`', "", "", True),
    ("``mode='fast'``", "", "", False),  # the real parameter
    ("``moed='fast'``", ", **options", "", False),  # a key ``**options`` may forward
    ("``moed='fast'``", "", "def other(moed=None):\n    return moed\n", False),  # a keyword of another function
])
def test_value_spans_name_parameters(tmp_path: Path, span: str, kwargs: str, extra: str, found: bool) -> None:
    source = SOLVE.format(span=span, kwargs=kwargs, extra=extra)
    assert ("C1.unknown-name" in rules(c1(tmp_path, {"pkg/mod.py": source}))) is found


CACHE = '''
class Cache:
    """A cache."""

    def flush(self):
        """Drop the entries.

        {text}
        """
        return None
{more}
'''


@pytest.mark.parametrize("text, more, extra, found", [
    ("See :meth:`.flush_all_entries`.", "", {}, True),  # a relative target defined nowhere
    ("See Also\n        --------\n        .purge_everything : Drop more.", "", {}, True),
    ("See :meth:`.flush`.", "", {}, False),  # it exists
    # a subclass defines it: the base's class is open for that name
    ("See :meth:`.flush_all_entries`.",
     "\n\nclass DiskCache(Cache):\n    def flush_all_entries(self):\n        return None\n", {}, False),
    # the module binds names on demand
    ("See :meth:`.flush_all_entries`.", "\n\ndef __getattr__(name):\n    return name\n", {}, False),
])
def test_relative_references_defined_nowhere(tmp_path: Path, text: str, more: str, extra: dict[str, str],
                                             found: bool) -> None:
    source = CACHE.format(text=text, more=more)
    assert ("C1.unknown-reference" in rules(c1(tmp_path, {"pkg/mod.py": source, **extra}))) is found


@pytest.mark.parametrize("decorator, found", [
    ("", True),  # ``:type encoding:`` of a function without that parameter
    ("@elsewhere.with_encoding\n", False),  # a decorator docfact cannot follow may add it
])
def test_type_entries_of_absent_parameters(tmp_path: Path, decorator: str, found: bool) -> None:
    source = f'''
import elsewhere


{decorator}def load(path):
    """Load it.

    :param path: the path.
    :type path: str
    :type encoding: str
    """
    return path
'''
    assert ("C1.unknown-param" in rules(c1(tmp_path, {"pkg/mod.py": source}))) is found


def test_a_type_entry_of_a_class_attribute_stays_quiet(tmp_path: Path) -> None:
    source = '''
class Store:
    """A store.

    :type root: str
    """

    def __init__(self, path):
        self.root = path
'''
    assert "C1.unknown-param" not in rules(c1(tmp_path, {"pkg/mod.py": source}))


@pytest.mark.parametrize("name, found", [("OrderDict", True), ("OrderedDict", False)])
def test_example_imports_near_a_stdlib_name(tmp_path: Path, name: str, found: bool) -> None:
    source = f'''
def order(x):
    """Order it.

    >>> from collections import {name}
    >>> order({name}())
    """
    return x
'''
    assert ("C1.example-import" in rules(c1(tmp_path, {"pkg/mod.py": source}))) is found


def test_a_misspelt_namespaced_name_is_still_found(tmp_path: Path) -> None:
    source = '''
def load(allowed_origins=None):
    """Load things.

    Set ``pkg.allowed_orgins`` to limit them.
    """
    return allowed_origins
'''
    assert "C1.unknown-name" in rules(c1(tmp_path, {"pkg/mod.py": source}))


@pytest.mark.parametrize("decorator, found", [("", True), ("@elsewhere.fills_row\n", False)])
def test_listed_keys_under_a_decorator_docfact_cannot_follow(tmp_path: Path, decorator: str, found: bool) -> None:
    source = f'''
import elsewhere


{decorator}def position(row, limits):
    """Where an observation plots.

    Parameters
    ----------
    row : dict
        One observation; requires a 'rank' and a 'detection_limit' entry.
    limits : list
        The limits.
    """
    return limits[row['det_limit_index']] * row['rank']
'''
    assert ("C1.unknown-key" in rules(c1(tmp_path, {"pkg/mod.py": source}))) is found


def test_a_subpackage_stub_binds_names_written_from_the_top_package(tmp_path: Path) -> None:
    files = {"kiln/__init__.py": "", "kiln/filters/__init__.py": "",
             "kiln/filters/__init__.pyi": "def crisp(x: int) -> int: ...\n",
             "kiln/mod.py": BLUR.format(ref="``kiln.filters.crisp``")}
    assert c1(tmp_path, files, "kiln/mod.py") == []


def test_a_base_documenting_a_named_parameter_only_a_subclass_takes_is_still_found(tmp_path: Path) -> None:
    source = '''
class Scaler:
    """Scale a cluster.

    Parameters
    ----------
    minimum : int
        The fewest workers.
    period : str
        How often to scale.
    """

    def __init__(self, minimum=0):
        self.minimum = minimum


class TimedScaler(Scaler):
    """Scale on a timer."""

    def __init__(self, minimum=0, period="1s"):
        super().__init__(minimum)
        self.period = period
'''
    assert "C1.unknown-param" in rules(c1(tmp_path, {"pkg/mod.py": source}))
