"""Causes of false findings seen in the fresh5 audit and fixed after it (the set is studied, so spent),
and recall families of the spent held-out part (``--part test``, now development data), each with
invented code: a trap written anew that stays quiet and, where the cause could hide a real slip, a
planted case that is still found. Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules


def _status(doc: str, returns: str = "Optional[str]", body: str = "return key[1:] or None") -> dict[str, str]:
    return {"termkit/__init__.py": '"""Terminal kit."""\n', "termkit/query.py": f'''
        """Queries."""
        from typing import Optional


        def query_status(key: str = "x") -> {returns}:
            """{doc}"""
            {body}
        '''}


def _flags(doc_type: str) -> dict[str, str]:
    return {"scan/__init__.py": '"""Scan."""\n', "scan/match.py": f'''
        """Matching."""
        import re


        def find(pattern: str, text: str, re_flags: int = re.IGNORECASE) -> bool:
            """Search the text.

            Parameters
            ----------
            pattern : str
                The pattern.
            text : str
                The text to search.
            re_flags : {doc_type}
                Flags of the re module.
            """
            return re.search(pattern, text, re_flags) is not None
        '''}


def _see_also(entry: str) -> dict[str, str]:
    return {"probe/__init__.py": '"""Probe."""\n', "probe/kinds.py": f'''
        """Kinds."""


        def is_sorter(obj):
            """Tell whether the object sorts things.

            See Also
            --------
            {entry}
            """
            return hasattr(obj, "sort")
        '''}


def _marker(entry: str) -> dict[str, str]:
    return {"plotkit/__init__.py": '"""Plot kit."""\n', "plotkit/stems.py": f'''
        """Stems."""


        def stem(values, marker=","):
            """Draw a stem plot.

            Parameters
            ----------
            values : list
                The heights.
            {entry}
            """
            return [(v, marker) for v in values]
        '''}


def _split(doc_type: str) -> dict[str, str]:
    return {"splitkit/__init__.py": '"""Split kit."""\n', "splitkit/split.py": f'''
        """Splitting."""
        from typing import Union


        class Splitter:
            """Split a table in two.

            Parameters
            ----------
            column : {doc_type}
                The column to split on.
            """

            def __init__(self, column: Union[str, None] = None):
                if not isinstance(column, (str, int, type(None))):
                    raise ValueError("column must be a name, a position or None")
                self.column = column
        '''}


def _conn(registry_get: str) -> dict[str, str]:
    return {"dbkit/__init__.py": '"""Database kit."""\n', "dbkit/errors.py": '''
        """Errors."""


        class MissingError(Exception):
            """No such connection."""
        ''', "dbkit/context.py": f'''
        """Context."""
        from dbkit.errors import MissingError


        class Registry:
            """Connections by alias."""

            def __init__(self):
                self.known = {{}}

            def get(self, alias):
                """The connection of an alias."""
                {registry_get}


        class Context:
            """The active context."""

            def __init__(self, factory=None):
                self.registry = (factory or Registry)()


        def current() -> Context:
            """The active context."""
            return Context()
        ''', "dbkit/api.py": '''
        """API."""
        from dbkit.context import current


        def get_conn(alias):
            """Get a connection.

            :raises MissingError: If the alias is unknown.
            """
            return current().registry.get(alias)
        '''}


def _window(doc: str) -> dict[str, str]:
    return {"seqkit/__init__.py": '"""Sequence kit."""\n', "seqkit/window.py": f'''
        """Windows."""


        def make_windows(series, window_length, window_limit=None):
            """Cut a series into windows.

            Parameters
            ----------
            series
                The values.
            window_length
                {doc}
            window_limit
                The most windows to make.
            """
            low, high = window_length if isinstance(window_length, tuple) else (window_length, window_length)
            maximum_spin = [series[i:i + high] for i in range(0, len(series), low)]
            return maximum_spin[:window_limit]
        '''}


def _stepper(doc: str) -> dict[str, str]:
    return {"numkit/__init__.py": '"""Numeric kit."""\n', "numkit/steps.py": f'''
        """Steps."""


        def unwind(values):
            """{doc}"""
            out = list(values)
            for i in range(len(out) - 2, -1, -1):
                out[i] = out[i] + out[i + 1]
            return out
        '''}


def _painter(body: str) -> dict[str, str]:
    return {"paintkit/__init__.py": '"""Paint kit."""\n', "paintkit/paint.py": f'''
        """Painting."""


        def paint(points, colors):
            """Paint the points.

            Parameters
            ----------
            points : list
                The points.
            colors : list, optional
                One color per point.
            """
            {body}
        '''}


def _stats(doc: str) -> dict[str, str]:
    return {"statkit/__init__.py": '"""Stat kit."""\n', "statkit/results.py": '''
        """Results."""


        class TreatmentEffectResults:
            """Treatment effects."""
        ''', "statkit/model.py": f'''
        """Models."""


        def effects(data):
            """{doc}"""
            return data
        '''}


def _corr(body: str) -> dict[str, str]:
    return {"corrkit/__init__.py": '"""Correlation kit."""\n', "corrkit/corr.py": f'''
        """Correlations."""


        def correlate(frame, method: str = "pearson"):
            """Correlate the columns.

            Parameters
            ----------
            frame : DataFrame
                The data.
            method : str or callable
                The correlation method, or a function of two columns.
            """
            {body}
        '''}


def _converter(returns: str) -> dict[str, str]:
    return {"webkit/__init__.py": '"""Web kit."""\n', "webkit/convert.py": f'''
        """Conversions."""
        from typing import Awaitable, Callable


        def make_async(func) -> {returns}:
            """Wrap the function so that it can be called asynchronously."""
            return func
        '''}


def _router(entry: str, body: str = "return self.route(uri, name=name, **ctx_kwargs)") -> dict[str, str]:
    return {"routekit/__init__.py": '"""Routes."""\n', "routekit/routes.py": f'''
        """Routes."""


        class Router:
            """A router."""

            def route(self, uri, name=None, ignore_body=False, **ctx_kwargs):
                """Add a route."""
                return (uri, name, ignore_body, ctx_kwargs)

            def patch(self, uri, name=None, **ctx_kwargs):
                """Add a PATCH route.

                :param uri: The URL.
                :param name: The route's name.
                {entry}
                :param ctx_kwargs: Keyword arguments that begin with a ``ctx_`` prefix
                    go to the route's context.
                """
                {body}
        '''}


def _grid(doc: str, extra: str = "") -> dict[str, str]:
    return {"gridkit/__init__.py": '"""Grid kit."""\n', "gridkit/plot.py": f'''
        """Plots."""
        {extra}

        def draw(values, add_grid=False):
            """Draw the values.

            Returns
            -------
            list
                The artists. {doc}
            """
            out = list(values)
            if add_grid:
                out.append("grid")
            return out
        '''}


def _tables(doc: str, extra: str = "", library: str = "json") -> dict[str, str]:
    return {"tabkit/__init__.py": '"""Table kit."""\n', "tabkit/table.py": f'''
        """Tables."""
        import {library}


        class Parented:
            """Something with a parent."""

            def __init__(self, parent):
                self._parent = parent{extra}

            @property
            def table(self):
                """The table this belongs to."""
                return self._parent.table


        class Table(Parented):
            """A table."""

            @property
            def table(self):
                """Give children the table they belong to.

                {doc}
                """
                return {library}.dumps(self)
        '''}


def _stdlib_ref(doc: str, extra: str = "") -> dict[str, str]:
    return {"netkit/__init__.py": '"""Net kit."""\n', "netkit/client.py": f'''
        """Client."""
        {extra}

        class Response:
            """Ours."""


        class FakeResponse:
            """{doc}"""
        '''}


def _ratio(body: str) -> dict[str, str]:
    return {"mathkit/__init__.py": '"""Math kit."""\n', "mathkit/ratio.py": f'''
        """Ratios."""


        def share(part, total):
            """The share of the part in the total.

            Raises:
                ZeroDivisionError: If the total is zero.
            """
            {body}
        '''}


def _walker(doc_items: str, body: str) -> dict[str, str]:
    return {"walkkit/__init__.py": '"""Walk kit."""\n', "walkkit/walk.py": f'''
        """Walks."""


        def propose(args):
            """Propose a new point.

            Parameters
            ----------
            {doc_items}
            """
            {body}
        '''}


_WALK_ITEMS = ("start : list\n                The first point.\n            bound : float\n"
               "                The bound.\n            scale : float\n                The step.")


def _safe_div(extra: str) -> dict[str, str]:
    return {"divkit/__init__.py": '"""Div kit."""\n', "divkit/div.py": f'''
        """Division."""


        def div_safe(numerator, denominator):
            """Divide, with 0 where the denominator is 0.

            Parameters
            ----------
            numerator : array-like
                The numerator.
            denominator : array-like
                The denominator.
            {extra}
            """
            return [n / d if d else 0 for n, d in zip(numerator, denominator)]
        '''}


def _resampler(item: str) -> dict[str, str]:
    return {"gridkit2/__init__.py": '"""Grid kit."""\n', "gridkit2/resample.py": f'''
        """Resampling."""


        class Resampler:
            """Resample with a tree.

            Args:
                {item}
            """

            def __init__(self, source, target):
                self.source, self.target = source, target

            def resample(self, data, cache_dir=None, radius=None):
                """Resample the data."""
                return (data, cache_dir, radius)
        '''}


def _loader(doc: str) -> dict[str, str]:
    return {"modelkit/__init__.py": '"""Model kit."""\n', "modelkit/load.py": f'''
        """Loading."""


        class TorchModel:
            """A model."""

            @classmethod
            def load_from_checkpoint(cls, path):
                """Load a model."""
                return cls()


        def save(model, path):
            """{doc}"""
            return (model, path)
        '''}


CASES = [
    # ---- a reference through a stand-in class the sentence explains -----------------------------
    pytest.param(_loader("Save the model; load it with :func:`MyModelClass.load_from_checkpoint`, where "
                         "MyModelClass is the class you trained."), "modelkit/load.py", [],
                 id="reference-through-placeholder-class-trap"),
    pytest.param(_loader("Save the model; load it with :func:`TorchModel.load_from_checkpiont`."),
                 "modelkit/load.py", ["C1.unknown-reference"], id="reference-slip-on-real-class-planted"),
    # ---- a class's doc listing the options of its own methods ------------------------------------
    pytest.param(_resampler("cache_dir (str): Where to keep the tree."), "gridkit2/resample.py", [],
                 id="class-doc-lists-method-options-trap"),
    pytest.param(_resampler("cache_dri (str): Where to keep the tree."), "gridkit2/resample.py", ["C1.unknown-param"],
                 id="class-doc-option-nobody-takes-planted"),
    # ---- items that name the parts of one argument (``args.start``, ``start, bound = args``) ------
    pytest.param(_walker(_WALK_ITEMS, "return [args.start, args.bound]"), "walkkit/walk.py", [],
                 id="items-describe-fields-of-an-argument-trap"),
    pytest.param(_walker(_WALK_ITEMS, "start, bound, scale = args\n            return [start, bound * scale]"),
                 "walkkit/walk.py", [], id="items-describe-unpacked-argument-trap"),
    pytest.param({"fitkit/__init__.py": '"""Fit kit."""\n', "fitkit/fit.py": '''
        """Fitting."""


        class Fitter:
            """A fitter."""

            def __init__(self):
                self.start_weights = None

            def fit(self, start_invweights=None):
                """Fit.

                Parameters
                ----------
                start_weights : array
                    The first weights.
                """
                return self.start_weights, start_invweights
        '''}, "fitkit/fit.py", ["C1.unknown-param"], id="attribute-of-self-is-no-part-of-an-argument-planted"),
    pytest.param(_walker("args : tuple\n                The state.\n            stepsize : float\n                The step.",
                         "return list(args)"), "walkkit/walk.py", ["C1.unknown-param"],
                 id="item-no-argument-reads-planted"),
    # ---- a section heading written where an item goes is no parameter ----------------------------
    pytest.param(_safe_div("example: div_safe([1], [0]) == [0]"), "divkit/div.py", [], id="example-line-trap"),
    pytest.param(_safe_div("Returns:\n                The quotients."), "divkit/div.py", [], id="indented-heading-trap"),
    pytest.param(_safe_div("denominater : array-like\n                A slip."), "divkit/div.py", ["C1.unknown-param"],
                 id="misspelt-item-planted"),
    # ---- a division raises ZeroDivisionError without a raise statement ---------------------------
    pytest.param(_ratio("return part / total"), "mathkit/ratio.py", [], id="division-raises-implicitly-trap"),
    pytest.param(_ratio("return [part, total]"), "mathkit/ratio.py", ["C3.raises-not-raised"],
                 id="no-division-planted"),
    # ---- a reference into a standard-library module docfact reads, naming what it lacks ----------
    pytest.param(_stdlib_ref("A fake L{urllib.response.Response} for cookie handling."), "netkit/client.py",
                 ["C1.unknown-reference"], id="stdlib-module-lacks-name-planted"),
    pytest.param(_stdlib_ref("A fake L{urllib.response.addinfourl} for cookie handling."), "netkit/client.py", [],
                 id="stdlib-module-has-name-trap"),
    pytest.param({**_stdlib_ref("A fake L{urllib.response.Response} for cookie handling.",
                                "from netkit import compat as urllib"),
                  "netkit/compat.py": '"""Compat."""\n\n\nclass response:\n    """Shim."""\n\n    Response = object\n'},
                 "netkit/client.py", [], id="stdlib-name-rebound-by-the-module-trap"),
    # ---- ``owner._private`` on an untyped receiver, defined and used nowhere in the project ---------
    pytest.param(_tables("It ends a chain of `parent._table` calls through the ancestors."), "tabkit/table.py",
                 ["C1.unknown-name"], id="private-member-nowhere-planted"),
    pytest.param(_tables("It ends a chain of `parent._table` calls through the ancestors.",
                         "\n                self._table = None"), "tabkit/table.py", [],
                 id="private-member-set-somewhere-trap"),
    pytest.param(_tables("It ends a chain of `parent._parent` reads through the ancestors."), "tabkit/table.py", [],
                 id="private-member-used-trap"),
    pytest.param(_tables("It wraps `otherlib._internal_helper` for speed.", library="otherlib"), "tabkit/table.py", [],
                 id="private-member-of-imported-library-trap"),
    # ---- "If NAME is true": a condition on an argument the function does not take ----------------
    pytest.param(_grid("If make_grid is true, the grid lines come last."), "gridkit/plot.py",
                 ["C1.condition-on-unknown"], id="condition-on-renamed-argument-planted"),
    pytest.param(_grid("If add_grid is true, the grid lines come last."), "gridkit/plot.py", [],
                 id="condition-on-real-argument-trap"),
    pytest.param({"mailkit/__init__.py": '"""Mail kit."""\n', "mailkit/send.py": '''
        """Sending."""


        def send_all(datatuple, fail_silently=False):
            """Send each of a datatuple of (subject, message, from_email, recipients).

            If from_email is None, use the default sender.
            """
            return [(s, m, f or "root", r, fail_silently) for s, m, f, r in datatuple]
        '''}, "mailkit/send.py", [], id="condition-on-part-of-a-tuple-trap"),
    pytest.param(_grid("If make_grid is set, the grid lines come last.", "\n\nmake_grid = True\n"),
                 "gridkit/plot.py", [], id="condition-on-module-setting-trap"),
    # ---- the doc's own **kwargs entry takes only keywords with a prefix --------------------------
    pytest.param(_router(":param ignore_body: Whether the handler ignores the body."), "routekit/routes.py",
                 ["C1.unknown-param"], id="keyword-outside-the-stated-prefix-planted"),
    pytest.param(_router(":param ctx_label: A label for the context."), "routekit/routes.py", [],
                 id="keyword-with-the-stated-prefix-trap"),
    pytest.param(_router(":param ignore_body: Whether the handler ignores the body.",
                         "flag = ctx_kwargs.pop('ignore_body', False)\n"
                         "                return self.route(uri, name=name, ignore_body=flag, **ctx_kwargs)"),
                 "routekit/routes.py", [], id="keyword-read-by-name-despite-prefix-trap"),
    # ---- a function annotated to return an awaitable (or a function returning one) ---------------
    pytest.param(_converter("Callable[..., Awaitable[int]]"), "webkit/convert.py", [],
                 id="returns-awaitable-callable-trap"),
    pytest.param(_converter("Callable[..., int]"), "webkit/convert.py", ["C3.not-async"],
                 id="returns-plain-callable-planted"),
    # ---- a documented type wider than the annotation, for an argument handed on unchanged -------
    pytest.param(_corr("return frame.corr(method=method)"), "corrkit/corr.py", [], id="wider-doc-passed-on-trap"),
    pytest.param(_corr("frame.method = method\n            return frame"), "corrkit/corr.py", ["C2.param-type"],
                 id="wider-doc-only-stored-planted"),
    pytest.param(_corr("if not isinstance(method, str):\n                raise TypeError(method)\n"
                       "            return frame"), "corrkit/corr.py", ["C2.param-type"],
                 id="wider-doc-only-given-to-builtins-planted"),
    pytest.param({**_corr("return rank_columns(frame, method)"), "corrkit/rank.py": '''
        """Ranking."""


        def rank_columns(frame, how: str):
            """Rank the columns."""
            return sorted(frame, key=how)
        '''}, "corrkit/corr.py", ["C2.param-type"], id="wider-doc-passed-to-narrow-project-function-planted"),
    pytest.param(_corr("if method == 'pearson':\n                return frame.corr()\n            return None"),
                 "corrkit/corr.py", ["C2.param-type"], id="wider-doc-read-here-planted"),
    # ---- an unmarked CamelCase word one edit from a project class: the class misspelled ---------
    pytest.param(_stats("Return TreatmentEffectsResults with the estimates."), "statkit/model.py",
                 ["C1.unknown-name"], id="prose-class-name-one-edit-planted"),
    pytest.param(_stats("Return estimates, as NumPy and PostgreSQL users expect them."), "statkit/model.py",
                 [], id="prose-camelcase-words-trap"),
    pytest.param(_stats("Return TreatmentEffectResults with the estimates."), "statkit/model.py",
                 [], id="prose-class-name-right-trap"),
    # ---- "optional" for an argument the body tests against None: it may be None ----------------
    pytest.param(_painter("if colors is None:\n                colors = ['black'] * len(points)\n"
                          "            return list(zip(points, colors))"),
                 "paintkit/paint.py", [], id="optional-means-may-be-none-trap"),
    pytest.param(_painter("return list(zip(points, colors))"), "paintkit/paint.py",
                 ["C3.required-documented-optional"], id="optional-but-required-planted"),
    # ---- "backward recursion": a recurrence relation, computed here by a loop -------------------
    pytest.param(_stepper("Sum the tail of each value by backward recursion."), "numkit/steps.py", [],
                 id="backward-recursion-is-a-recurrence-trap"),
    pytest.param(_stepper("Sum the tail of each value with a three-term recursion formula."), "numkit/steps.py", [],
                 id="recursion-formula-trap"),
    pytest.param(_stepper("Sum the tail of each value recursively."), "numkit/steps.py", ["C3.not-recursive"],
                 id="recursively-planted"),
    # ---- a tuple the doc spells with named parts: later mentions of a part name no code ---------
    pytest.param(_window("An integer, or a ``(minimum_span, maximum_span)`` tuple padded up to ``maximum_span``."),
                 "seqkit/window.py", [], id="tuple-part-names-trap"),
    pytest.param(_window("A ``(minimum_span, maximum_span)`` tuple; see ``window_limt`` for the count."),
                 "seqkit/window.py", ["C1.unknown-name"], id="slip-beside-tuple-part-names-planted"),
    # ---- a method called on what a call returns (``current().registry.get``) may be any ``get`` --
    pytest.param(_conn("return self._build(alias)\n\n            def _build(self, alias):\n"
                       "                if alias not in self.known:\n                    raise MissingError(alias)\n"
                       "                return self.known[alias]"),
                 "dbkit/api.py", [], id="raise-through-method-of-returned-value-trap"),
    pytest.param(_conn("return self.known.get(alias)"), "dbkit/api.py", ["C3.raises-not-raised"],
                 id="no-get-raises-it-planted"),
    # ---- isinstance with a call inside its tuple still names the kinds the code takes -----------
    pytest.param(_split("str or int, default=None"), "splitkit/split.py", [], id="isinstance-type-none-tuple-trap"),
    pytest.param(_split("str or float, default=None"), "splitkit/split.py", ["C2.param-type"],
                 id="isinstance-tuple-lacks-documented-kind-planted"),
    # ---- "a list of X per key" with a dotted name in X: a dict of lists ---------------------------
    pytest.param(_status("Query the frames.\n\n            If many keys are given, returns a list of pd.DataFrames per key.",
                         returns="dict[str, list]", body="return {key: []}"),
                 "termkit/query.py", [], id="list-of-dotted-per-key-is-a-dict-trap"),
    pytest.param(_status("Query the frames.\n\n            Returns a list of pd.DataFrames.",
                         returns="dict[str, list]", body="return {key: []}"),
                 "termkit/query.py", ["C2.return-type"], id="list-of-dotted-against-dict-planted"),
    # ---- one entry states the default twice: the value the code has, and a gloss of it ----------
    pytest.param(_marker("marker : str, default: ','\n                The marker. The default is \"pixel\", "
                         "a dot."), "plotkit/stems.py", [], id="default-and-its-gloss-trap"),
    pytest.param(_marker("marker : str, default: 'o'\n                The marker. The default is \"circle\"."),
                 "plotkit/stems.py", ["C3.wrong-default"], id="default-and-gloss-both-wrong-planted"),
    pytest.param(_marker("marker : str, default: 'o'\n                The marker."),
                 "plotkit/stems.py", ["C3.wrong-default"], id="default-wrong-planted"),
    # ---- an alternative type after "or" is a whole word: "the setting" offers no set -----------
    pytest.param(_status("Query a status.\n\n            Returns the value on success.  Returns ``None`` "
                         "when the terminal lacks it or the setting is invalid."),
                 "termkit/query.py", [], id="or-the-setting-is-no-set-trap"),
    pytest.param(_status("Query a status.\n\n            Returns ``None`` when missing, or a set of keys.",
                         returns="Optional[int]", body="return len(key) or None"),
                 "termkit/query.py", ["C2.return-type"], id="or-a-set-still-an-alternative-planted"),
    # ---- a module-qualified name whose last part is an English type word is that module's thing --
    pytest.param(_flags("re.flags, optional"), "scan/match.py", [], id="re-flags-not-a-bool-trap"),
    pytest.param(_flags("enum.Flag"), "scan/match.py", [], id="enum-flag-not-a-bool-trap"),
    pytest.param(_flags("list of str"), "scan/match.py", ["C2.param-type"], id="flags-typed-as-list-planted"),
    # ---- a See Also entry described as a same-named function of another library ----------------
    pytest.param(_see_also("is_sorter\n                The library version, ``otherlib.is_sorter()``."),
                 "probe/kinds.py", [], id="see-also-other-library-same-name-trap"),
    pytest.param(_see_also("is_sorter\n                The same check for lists."),
                 "probe/kinds.py", ["C1.self-reference"], id="see-also-itself-planted"),
    pytest.param(_see_also("is_sorter\n                Described in ``probe.kinds.is_sorter``."),
                 "probe/kinds.py", ["C1.self-reference"], id="see-also-own-module-qualified-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh5_late_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
