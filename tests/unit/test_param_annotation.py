"""A documented parameter type against its annotation (C2.param-type): a documented alternative
the annotation admits nowhere, and annotations that name classes of the project.

Each planted case documents a type the annotation rules out (wholly, or in one alternative of a
union) and must be flagged on the parameter's item, naming both types; each trap is a true item
real code writes (a loose word for a compatible kind, an implicit Optional, a class that is
callable or not the project's) and stays quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files


def c2(tmp_path: Path, source: str) -> list:
    return [f for f in judge_files(tmp_path, {"mod.py": source}, "mod.py").findings if f.criterion == "C2"]


PLANTED = [
    pytest.param('''
        class SessionRunner:
            def __init__(self, name: str) -> None:
                self.name = name

            def __repr__(self) -> str:
                return f"<SessionRunner {self.name}>"

            def __str__(self) -> str:
                return self.name


        class Session:
            def notify(self, target: str | SessionRunner) -> None:
                """Queue another session.

                Args:
                    target (Union[str, Callable]): The session, by name or as the function object.
                """
                self.queue = [target]
        ''', "target (Union[str, Callable])", ["`str | SessionRunner`", "no `callable`"],
        id="union-alternative-the-annotation-excludes"),
    pytest.param('''
        def encode(text: str) -> bytes:
            """Encode.

            Args:
                text (str or int): What to encode.
            """
            return text.encode()
        ''', "text (str or int)", ["annotated `str`", "no `int`"], id="extra-builtin-alternative"),
    pytest.param('''
        class Report:
            pass


        def render(report: Report) -> str:
            """Render.

            Args:
                report (str): The report.
            """
            return repr(report)
        ''', "report (str)", ["`str`", "annotated `Report`"], id="str-documented-project-class-annotated"),
]


@pytest.mark.parametrize(("source", "item", "words"), PLANTED)
def test_planted_excluded_type_is_flagged(tmp_path: Path, source: str, item: str, words: list[str]) -> None:
    [f] = c2(tmp_path, source)
    assert f.rule == "C2.param-type"
    assert f.segment.text.startswith(item)
    for w in words:
        assert w in f.message, (w, f.message)


TRAPS = [
    pytest.param('''
        def head(count: int = None) -> int:
            """Head.

            Args:
                count (int or None): How many; an implicit Optional.
            """
            return count or 0
        ''', id="implicit-optional"),
    pytest.param('''
        import os


        def read(path: str | os.PathLike) -> str:
            """Read.

            Args:
                path (str or Path): The file.
            """
            return str(path)
        ''', id="path-like-admits-Path"),
    pytest.param('''
        class Runner:
            def __call__(self) -> None:
                pass


        def notify(target: str | Runner) -> None:
            """Notify.

            Args:
                target (str or callable): The session.
            """
            print(target)
        ''', id="project-class-that-is-callable"),
    pytest.param('''
        def scale(x: float) -> float:
            """Scale.

            Args:
                x (int or float): The factor.
            """
            return x * 2
        ''', id="int-is-a-float"),
    pytest.param('''
        from collections import UserList


        class Rows(UserList):
            pass


        def first(rows: Rows) -> object:
            """First.

            Args:
                rows (list): The rows.
            """
            return rows[0]
        ''', id="project-class-with-an-external-base"),
    pytest.param('''
        class Rows:
            def __iter__(self):
                return iter(())


        def first(rows: Rows) -> object:
            """First.

            Args:
                rows (list or tuple): The rows.
            """
            return next(iter(rows))
        ''', id="project-class-that-iterates"),
]


@pytest.mark.parametrize("source", TRAPS)
def test_true_type_item_is_quiet(tmp_path: Path, source: str) -> None:
    assert c2(tmp_path, source) == []
