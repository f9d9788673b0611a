"""Causes of false findings that the blind review of unseen packages found (set fresh2,
2026-11-28): ``C1.unknown-param``, ``C2.return-type`` and ``C2.return-on-void``. Each has a trap
written anew (invented code) that must stay quiet and a planted case, the same shape with a real
slip, that is still found. Each case is (files, target, expected rule ids among C1-C3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules

CASES = [
    # ---- NumPy items that give a default in place of a type: "name = default:" -----------------
    pytest.param({"geo/body.py": '''
        class Body:
            def turn(self, a, v, center=(0, 0, 0), rotate_cell=False):
                """Turn the body.

                Parameters
                ----------

                a = None:
                    Angle of the turn.

                center = (0, 0, 0):
                    The point kept fixed.

                rotate_cell = False:
                    If true the cell turns too.
                """
                return a, v, center, rotate_cell
        '''}, "geo/body.py", [], id="name-equals-default-items-trap"),
    pytest.param({"geo/body.py": '''
        class Body:
            def turn(self, a, v, center=(0, 0, 0)):
                """Turn the body.

                Parameters
                ----------
                a = None:
                    Angle of the turn.
                centre = (0, 0, 0):
                    The point kept fixed.
                """
                return a, v, center
        '''}, "geo/body.py", ["C1.unknown-param"], id="name-equals-default-slip-planted"),
    # ---- a Returns section whose title sits one column right of the Parameters title ---------
    pytest.param({"stats/draw.py": '''
        def draw(weights):
            """ Draw picks at random.

           Parameters
           ----------

            weights : list of float
                Weights of the picks.

            Returns
            -------

            picks : list of int
                Positions drawn.
            """
            return [i for i, w in enumerate(weights) if w]
        '''}, "stats/draw.py", [], id="returns-title-indented-trap"),
    pytest.param({"stats/draw.py": '''
        def draw(weights):
            """ Draw picks at random.

           Parameters
           ----------

            weight : list of float
                Weights of the picks.

            Returns
            -------

            picks : list of int
                Positions drawn.
            """
            return [i for i, w in enumerate(weights) if w]
        '''}, "stats/draw.py", ["C1.unknown-param"], id="returns-title-indented-slip-planted"),
    # ---- "Returns (a, b, c)" written as a line after the parameter items -----------------------
    pytest.param({"stats/shape.py": '''
        def ellipse(cov, scale=1.0):
            """Axes of the ellipse of a covariance.

            Parameters
            ----------
            cov : array
                Covariance matrix.
            scale : float
                How many sigmas.

            Returns (tilt, major, minor)
            """
            return cov, scale, scale
        '''}, "stats/shape.py", [], id="returns-line-after-items-trap"),
    pytest.param({"stats/shape.py": '''
        def ellipse(cov, scale=1.0):
            """Axes of the ellipse of a covariance.

            Parameters
            ----------
            covariance : array
                Covariance matrix.
            scale : float
                How many sigmas.

            Returns (tilt, major, minor)
            """
            return cov, scale, scale
        '''}, "stats/shape.py", ["C1.unknown-param"], id="returns-line-after-items-slip-planted"),
    # ---- a comment block right above a method documents that method, not its class -----------
    pytest.param({"io/stream.py": '''
        class Stream:
            def __init__(self, source):
                self.source = source

            # Move to the given position.
            #
            # @param pos The target position.
            # @return the new position
            def seek(self, pos):
                return pos

            # @param size How many bytes to read.
            @staticmethod
            def chunk(size):
                return size

            # Adjust a seek target.
            #
            # @param target The wanted position.
            # @return The position to seek to.

            def adjust(self, target):
                return target
        '''}, "io/stream.py", [], id="comment-above-method-trap"),
    pytest.param({"io/stream.py": '''
        class Stream:
            def __init__(self, source):
                self.source = source

            # Move to the given position.
            #
            # @param position The target position.
            def seek(self, pos):
                return pos
        '''}, "io/stream.py", ["C1.unknown-param"], id="comment-above-method-slip-planted"),
]



# ---- C2.return-type: bytes built by b"".join are bytes, one hop away too (fresh2 audit) ---------
BYTES_CASES = [
    pytest.param({"keys/pem.py": '''
        def armour(blob, name):
            lines = [("-----BEGIN %s-----" % name).encode()]
            lines.append(blob)
            return b"\\n".join(lines)
        ''', "keys/key.py": '''
        from keys import pem


        class Key:
            def __init__(self, blob):
                self.blob = blob

            def to_pem(self):
                """Encode the key as PEM.

                :rtype: bytes
                """
                return pem.armour(self.blob, "KEY")
        '''}, "keys/key.py", [], id="bytes-join-one-hop-trap"),
    pytest.param({"keys/pem.py": '''
        def armour(blob, name):
            lines = [("-----BEGIN %s-----" % name).encode()]
            lines.append(blob)
            return b"\\n".join(lines)
        ''', "keys/key.py": '''
        from keys import pem


        class Key:
            def __init__(self, blob):
                self.blob = blob

            def to_pem(self):
                """Encode the key as PEM.

                :rtype: str
                """
                return pem.armour(self.blob, "KEY")
        '''}, "keys/key.py", ["C2.return-type"], id="bytes-join-one-hop-documented-str-planted"),
]



SUMMARY_CASES = [
    pytest.param({"ctl/handlers.py": '''
        class Handlers:
            def __init__(self, pool):
                self.pool = pool

            def show_workers(self) -> dict:
                """Return list of workers.

                Returns:
                    Dictionary with the "workers" list and their "count".
                """
                workers = list(self.pool)
                return {"workers": workers, "count": len(workers)}
        '''}, "ctl/handlers.py", [], id="summary-above-returns-section-trap"),
    pytest.param({"ctl/handlers.py": '''
        class Handlers:
            def __init__(self, pool):
                self.pool = pool

            def show_workers(self) -> dict:
                """Return list of workers."""
                workers = list(self.pool)
                return {"workers": workers, "count": len(workers)}
        '''}, "ctl/handlers.py", ["C2.return-type"], id="summary-alone-planted"),
]



INIT_CASES = [
    pytest.param({"vcs/commit.py": '''
        class Commit:
            def __init__(self, repo, sha):
                """Instantiate a new Commit.

                :param repo: the repository
                :param sha: the commit id
                :return: :class:`Commit`
                """
                self.repo = repo
                self.sha = sha
        '''}, "vcs/commit.py", [], id="init-returns-its-class-trap"),
    pytest.param({"vcs/commit.py": '''
        class Commit:
            def __init__(self, repo, sha):
                """Instantiate a new Commit.

                :param repo: the repository
                :param sha: the commit id
                :return: the number of parents
                """
                self.repo = repo
                self.sha = sha
        '''}, "vcs/commit.py", ["C2.return-on-void"], id="init-returns-a-value-planted"),
]



NAME_CASES = [
    pytest.param({"gfx/gl.py": '''
        GL_COLOR_ATTACHMENT0 = 0x8CE0
        GL_COLOR_ATTACHMENT1 = 0x8CE1
        GL_DEPTH_ATTACHMENT = 0x8D00
        ''', "gfx/buffer.py": '''
        from gfx.gl import GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT


        class Framebuffer:
            def attach(self, texture, attachment=GL_COLOR_ATTACHMENT0):
                """Attach a texture.

                Args:
                    texture: The texture to attach.
                    attachment: The attachment point: ``GL_COLOR_ATTACHMENTi`` or ``GL_DEPTH_ATTACHMENT``.
                """
                return texture, attachment
        '''}, "gfx/buffer.py", [], id="numbered-family-notation-trap"),
    pytest.param({"gfx/slots.py": """
        def color_slot0():
            return 0


        def color_slot1():
            return 1
        """, "gfx/buffer.py": """
        from gfx.slots import color_slot0


        class Framebuffer:
            def attach(self, texture, slot=None):
                \"\"\"Attach a texture.

                Args:
                    texture: The texture to attach.
                    slot: The slot; ``colour_slot0()`` when None.
                \"\"\"
                return texture, slot or color_slot0()
        """}, "gfx/buffer.py", ["C1.unknown-name"], id="numbered-family-typo-planted"),
    pytest.param({"web/__init__.py": '''
        from web.tools import SessionTool
        ''', "web/sessions.py": '''
        import web


        class Session:
            def acquire_lock(self):
                return True


        def init():
            web.session = Session()
        ''', "web/tools.py": '''
        class SessionTool:
            def run(self, locking="implicit"):
                """Run the tool.

                When ``locking`` is "explicit", call :func:`web.session.acquire_lock` before using the data.
                """
                return locking
        '''}, "web/tools.py", [], id="module-attribute-set-at-run-time-trap"),
    pytest.param({"web/__init__.py": '''
        from web.tools import SessionTool
        ''', "web/tools.py": '''
        class SessionTool:
            def run(self, locking="implicit"):
                """Run the tool.

                When ``locking`` is "explicit", call :func:`web.tools.aquire_lock` before using the data.
                """
                return locking


        def acquire_lock():
            return True
        '''}, "web/tools.py", ["C1.unknown-reference"], id="module-member-typo-planted"),
]



DEFAULT_CASES = [
    pytest.param({"track/filter.py": '''
        class Filter:
            def __init__(self, B):
                self.B = B
                self.x = 0.0

            def predict(self, u=0):
                """Predict the next state.

                Parameters
                ----------
                u : ndarray
                    Optional control vector. If non-zero, it is multiplied by ``B``.
                """
                self.x = self.x + self.B * u
        '''}, "track/filter.py", [], id="zero-default-means-not-given-trap"),
    pytest.param({"track/filter.py": '''
        class Filter:
            def __init__(self, B):
                self.B = B
                self.x = 0.0

            def predict(self, u=1):
                """Predict the next state.

                Parameters
                ----------
                u : ndarray
                    Control vector, multiplied by ``B``.
                """
                self.x = self.x + self.B * u
        '''}, "track/filter.py", ["C2.param-type-default"], id="scalar-default-for-array-planted"),
]



LAZY_CASES = [
    pytest.param({"spec/__init__.py": "", "spec/api.py": '''
        import importlib

        _SUBMODULES = {"signals": "spec._signals"}


        def __getattr__(name):
            if name in _SUBMODULES:
                return importlib.import_module(_SUBMODULES[name])
            raise AttributeError(name)
        ''', "spec/_signals.py": '''
        class Signal1D:
            pass
        ''', "spec/tools.py": '''
        def smooth(signal, width=3):
            """Smooth a signal.

            The signal is a :class:`spec.api.signals.Signal1D`.
            """
            return signal, width
        '''}, "spec/tools.py", [], id="member-of-a-lazy-module-trap"),
    pytest.param({"spec/__init__.py": "", "spec/api.py": '''
        from spec._signals import Signal1D
        ''', "spec/_signals.py": '''
        class Signal1D:
            pass
        ''', "spec/tools.py": '''
        def smooth(signal, width=3):
            """Smooth a signal.

            The signal is a :class:`spec.api.signal.Signal1D`.
            """
            return signal, width
        '''}, "spec/tools.py", ["C1.unknown-reference"], id="member-of-a-closed-module-planted"),
]



RETURN_CASES = [
    pytest.param({"routes/walk.py": '''
        def shortest(graph: dict, a: int, b: int) -> list[int]:
            """Find the shortest path.

            Returns
            -------
            path
                The node ids from ``a`` to ``b``.
            """
            return [a, b] if b in graph.get(a, ()) else [a]
        '''}, "routes/walk.py", [], id="returns-name-only-trap"),
    pytest.param({"routes/walk.py": '''
        def shortest(graph: dict, a: int, b: int) -> list[int]:
            """Find the shortest path.

            Returns
            -------
            dict
                The node ids from ``a`` to ``b``.
            """
            return [a, b] if b in graph.get(a, ()) else [a]
        '''}, "routes/walk.py", ["C2.return-type"], id="returns-wrong-type-planted"),
    pytest.param({"lc/mask.py": '''
        import numpy as np


        def transit_mask(flux, model):
            """Flag the transits.

            Returns
            -------
            mask : np.array of bool
                True where there are transits.
            """
            return model != np.median(flux)
        '''}, "lc/mask.py", [], id="array-comparison-trap"),
]



ATTRIBUTE_CASES = [
    pytest.param({"radar/level3.py": '''
        class Level3:
            """A product file.

            Attributes
            ----------
            name : str
                Product name.
            max_range : float
                Maximum range of the product.
            """

            specs = {1: ("base", 230.0)}

            def __init__(self, code):
                self.code = code
                self._unpack()

            def _unpack(self):
                self.name, self.max_range = self.specs.get(self.code, ("?", 0.0))
        '''}, "radar/level3.py", [], id="attributes-set-by-tuple-unpacking-trap"),
    pytest.param({"radar/level3.py": '''
        class Level3:
            """A product file.

            Attributes
            ----------
            name : str
                Product name.
            max_rnage : float
                Maximum range of the product.
            """

            specs = {1: ("base", 230.0)}

            def __init__(self, code):
                self.code = code
                self._unpack()

            def _unpack(self):
                self.name, self.max_range = self.specs.get(self.code, ("?", 0.0))
        '''}, "radar/level3.py", ["C1.unknown-attribute"], id="attribute-slip-beside-tuple-planted"),
]



DEV_KEPT_CASES = [
    pytest.param({"cfg/loader.py": '''
        class Config(dict):
            pass


        class ArgLoader:
            def __init__(self, argv=None):
                """Load options from the command line.

                Returns
                -------
                config : Config
                    The resulting Config object.
                """
                self.argv = argv
        '''}, "cfg/loader.py", ["C2.return-on-void"], id="init-returns-another-class-object-planted"),
    pytest.param({"fonts/find.py": '''
        def find_fonts(names) -> list:
            """Find the font files for some names.

            Returns
            -------
            list[str]
                The paths.

            Notes
            -----
            This returns a dict of the fonts and their paths.
            """
            return [n + ".ttf" for n in names]
        '''}, "fonts/find.py", ["C2.return-type"], id="wrong-return-in-notes-planted"),
]


@pytest.mark.parametrize(("files", "target", "expected"), CASES + BYTES_CASES + SUMMARY_CASES + INIT_CASES + NAME_CASES + DEFAULT_CASES + LAZY_CASES + RETURN_CASES + ATTRIBUTE_CASES + DEV_KEPT_CASES)
def test_fresh2_audit_cause(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    assert_rules(tmp_path, files, target, expected)
