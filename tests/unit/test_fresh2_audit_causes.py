"""Causes of false findings that the blind review of unseen packages found (set fresh2,
2026-11-28): ``C1.unknown-param``, ``C2.return-type`` and ``C2.return-on-void``. Each has a trap
written anew (invented code) that must stay quiet and a planted case, the same shape with a real
slip, that is still found. Each case is (files, target, expected rule ids among C1-C3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files

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


@pytest.mark.parametrize(("files", "target", "expected"), CASES)
def test_unknown_param_cause(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    result = judge_files(tmp_path, files, target)
    got = sorted(f.rule for f in result.findings if f.rule[:2] in ("C1", "C2", "C3"))
    assert got == expected, [(f.rule, f.message) for f in result.findings]


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


@pytest.mark.parametrize(("files", "target", "expected"), BYTES_CASES)
def test_bytes_return_kind(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    result = judge_files(tmp_path, files, target)
    got = sorted(f.rule for f in result.findings if f.rule[:2] in ("C1", "C2", "C3"))
    assert got == expected, [(f.rule, f.message) for f in result.findings]


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


@pytest.mark.parametrize(("files", "target", "expected"), SUMMARY_CASES)
def test_summary_return_claim(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    result = judge_files(tmp_path, files, target)
    got = sorted(f.rule for f in result.findings if f.rule[:2] in ("C1", "C2", "C3"))
    assert got == expected, [(f.rule, f.message) for f in result.findings]


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


@pytest.mark.parametrize(("files", "target", "expected"), INIT_CASES)
def test_init_return_claim(tmp_path: Path, files: dict[str, str], target: str, expected: list[str]) -> None:
    result = judge_files(tmp_path, files, target)
    got = sorted(f.rule for f in result.findings if f.rule[:2] in ("C1", "C2", "C3"))
    assert got == expected, [(f.rule, f.message) for f in result.findings]
