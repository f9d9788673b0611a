"""The causes of false findings the fresh15 audit found (the set is studied now, so spent), each
with invented code: a trap written anew that stays quiet and a planted case that is still found.
Each case is (files, target, expected C1-C3 ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _clock(written: str) -> dict[str, str]:
    return one_module("tides/clock.py", f'''
        """Clocks."""


        def reading(station, timeformat="unix"):
            """The time of the last reading.

            :param station: the station
            :param timeformat: the format of the time. May be: {written} (default) for UNIX time,
                '*iso*' for an ISO 8601 string
            """
            return station, timeformat
        ''')


def _events(init_body: str, reference: str) -> dict[str, str]:
    return one_module("relay/events.py", f'''
        """Events."""


        class Event:
            """Something that happened."""

            def __init__(self, name, attrs=None):
{init_body}


        def on_echo(event):
            """Answer an echo request.

            The :attr:`relay.events.Event.{reference}` attribute tells where it came from.
            """
            return event
        ''')


_DECLARED = '''
                self.name = name
                self.origin: "tuple[str, int]"
                for key, value in (attrs or {}).items():
                    setattr(self, key, value)
'''

_CLOSED = '''
                self.name = name
                self.origin = attrs
'''


def _epsg(sentence: str) -> dict[str, str]:
    return one_module("geodesy/crs.py", f'''
        """Reference systems."""


        def to_epsg(text) -> int | None:
            """The EPSG code of a WKT text.

            {sentence}
            """
            return None if not text else 4326
        ''')


def _forms(entry: str, read: str) -> dict[str, str]:
    return {
        "hep/__init__.py": '"""A package."""\n',
        "hep/model.py": f'''
            """Models."""


            class Model:
                """A model of a stored class."""

                @classmethod
                def form(cls, file, context):
                    """
                    Args:
                        file (str): The file.
                        context (dict): How to build the form; the keys are the arguments below.
                        {entry} (str): The integer type of the offsets.
                    """
                    raise NotImplementedError(cls.__name__)
            ''',
        "hep/containers.py": f'''
            """Containers."""
            from hep.model import Model


            class Vector(Model):
                """A vector."""

                @classmethod
                def form(cls, file, context):
                    """The form of a vector."""
                    return ("list", context{read}, file)
            ''',
    }


def _views(sentence: str) -> dict[str, str]:
    return one_module("solar/views.py", f'''
        """View factors."""


        def view_matrix(n_surfaces, n_timestamps):
            """The view factor matrix.

            Parameters
            ----------
            n_surfaces : int
                How many surfaces.
            n_timestamps : int
                How many time stamps.

            Returns
            -------
            list
                {sentence}
            """
            return [[0.0] * n_timestamps for _ in range(n_surfaces)]
        ''')


def _tiepoints(message: str) -> dict[str, str]:
    return one_module("rasters/tags.py", f'''
        """Raster tags."""

        TAG_MODEL_TIEPOINT = 33922


        def check_tiepoints(values):
            """Check the tie points of a raster.

            A ``ModelTiepointTag`` may hold several ``(I, J, K, X, Y, Z)`` tuples.
            """
            if len(values) % 6:
                raise ValueError("{message}")
            return values
        ''')


def _backend(sentence: str) -> dict[str, str]:
    return one_module("rasters/backend.py", f'''
        """A reading backend."""
        import xarray as xr


        def open_dataset(path):
            """Read ``path``."""
            return xr.Dataset({{"path": path}})


        def guess_can_open(path):
            """Whether this backend reads ``path``.

            {sentence}
            """
            return str(path).endswith(".tif")
        ''')


def _yogi(*others: str) -> dict[str, str]:
    def method(name: str) -> str:
        return f'''
            def {name}(self, key):
                """Call the API.

                :return: Decoded Requirement Acme REST response.
                """
                return self.get("/{name}/" + key)
'''
    return one_module("acme/cloud.py", '''
        """Requirement Acme cloud REST methods."""


        class AcmeCloud:
            """The REST methods of Requirement Acme."""

            def get(self, url):
                """Get ``url``."""
                return url
''' + "".join(method(n) for n in ("get_requirement", "get_organization", *others)))


def _client(last_entry: str, default: str = " Default is None.") -> dict[str, str]:
    return one_module("chat/rtm.py", f'''
        """A chat client."""


        class Client:
            """A client of the chat's real-time API.

            Attributes:
                token (str): The token.{default}
                timeout (int): Seconds to wait before giving up.{default}
                auto_reconnect (bool): Whether to reconnect.{default}
                {last_entry} (AbstractEventLoop): The event loop.{default}
            """

            def __init__(self, *, token=None, timeout=30, auto_reconnect=True, loop=None):
                self.token = token
                self.timeout = timeout
                self.auto_reconnect = auto_reconnect
                self._event_loop = loop
        ''')


CASES = [
    pytest.param(_clock("'*unix*'"), "tides/clock.py", [], id="emphasised-default-trap"),
    pytest.param(_clock("'*iso8601*'"), "tides/clock.py", ["C3.wrong-default"], id="emphasised-default-planted"),
    pytest.param(_events(_DECLARED, "origin"), "relay/events.py", [], id="declared-attribute-trap"),
    pytest.param(_events(_DECLARED, "priority"), "relay/events.py", [], id="attributes-by-name-trap"),
    pytest.param(_events(_CLOSED, "priority"), "relay/events.py", ["C1.unknown-reference"],
                 id="attribute-of-closed-class-planted"),
    pytest.param(_epsg("Returns None if pyproj is missing or the string can't be parsed."), "geodesy/crs.py", [],
                 id="subject-in-condition-trap"),
    pytest.param(_epsg("Returns None if the text is empty, or the string itself otherwise."), "geodesy/crs.py",
                 ["C2.return-type"], id="string-alternative-planted"),
    pytest.param(_forms("offset_type", '["offset_type"]'), "hep/model.py", [], id="key-read-by-override-trap"),
    pytest.param(_forms("offset_type", '["index_type"]'), "hep/model.py", ["C1.unknown-param"],
                 id="key-read-by-no-one-planted"),
    pytest.param(_views("Three dimensions as follows: [n_surfaces, n_surfaces, n_timesteps]."), "solar/views.py",
                 [], id="dimension-notation-trap"),
    pytest.param(_views("One row per surface; see ``n_timestemps`` for the columns."), "solar/views.py",
                 ["C1.unknown-name"], id="dimension-name-slip-planted"),
    pytest.param(_tiepoints("ModelTiepointTag holds six numbers per tie point"), "rasters/tags.py", [],
                 id="format-term-in-messages-trap"),
    pytest.param(_backend("``xr.open_dataset`` / ``open_mfdataset`` pick this backend by itself."),
                 "rasters/backend.py", [], id="name-of-the-cited-library-trap"),
    pytest.param(_backend("``open_mfdataset`` picks this backend by itself."), "rasters/backend.py",
                 ["C1.unknown-name"], id="near-miss-of-a-project-name-planted"),
    pytest.param(_client("loop"), "chat/rtm.py", [], id="arguments-under-attributes-trap"),
    pytest.param(_client("event_loop"), "chat/rtm.py", ["C1.unknown-attribute"], id="no-such-attribute-planted"),
    pytest.param(_client("loop", default=""), "chat/rtm.py", ["C1.unknown-attribute"],
                 id="argument-names-as-attributes-planted"),
    pytest.param(_yogi("update_user", "get_dashboard"), "acme/cloud.py", [], id="api-wide-return-line-trap"),
    pytest.param(_yogi(), "acme/cloud.py", ["C3.copied-from-sibling"], id="return-line-of-one-sibling-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_fresh15_causes(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
