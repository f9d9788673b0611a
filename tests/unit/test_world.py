"""The closed-world answers (:mod:`docfact.judges.world`) on small invented projects: which
modules, classes and functions docfact can list in full, and which it cannot."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from docfact.engine import Engine
from docfact.judges import world
from docfact.judges.base import JudgeContext
from docfact.model import Entity


def load(root: Path, files: dict[str, str], target: str = "pkg/mod.py") -> JudgeContext:
    for rel, text in {"pkg/__init__.py": "", **files}.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    engine = Engine(root)
    engine.load()
    fi = engine.graph.file(str(root / target))
    assert fi is not None
    return JudgeContext(doc=None, entity=fi.entity(""), file=fi, graph=engine.graph,  # type: ignore[arg-type]
                        lines=None, segments=[])  # type: ignore[arg-type]


def entity(ctx: JudgeContext, local_name: str) -> Entity:
    e = ctx.file.entity(local_name)
    assert e is not None
    return e


LAZY = "import lazy_loader as lazy\n__getattr__, __dir__, __all__ = lazy.attach_stub(__name__, __file__)\n"


@pytest.mark.parametrize("files, module, closed", [
    ({"pkg/plain.py": "from pkg.mod import *\nX = 1\n"}, "pkg.plain", True),
    ({"pkg/lazy/__init__.py": LAZY, "pkg/lazy/__init__.pyi": "from .a import f\n"}, "pkg.lazy", False),
    ({"pkg/dyn.py": "def __getattr__(name):\n    return name\n"}, "pkg.dyn", False),
    ({"pkg/comp.py": "from ._speedups import *\n"}, "pkg.comp", False),  # no source: compiled
    ({"pkg/ext/__init__.py": "X = 1\n", "pkg/ext/_core.pyx": "def f():\n    pass\n"}, "pkg.ext", False),
    ({"pkg/chain.py": "from pkg.dyn import *\n", "pkg/dyn.py": "def __getattr__(name):\n    return name\n"},
     "pkg.chain", False),
    ({}, "json", True),
])
def test_module_names_closed(tmp_path: Path, files: dict[str, str], module: str, closed: bool) -> None:
    ctx = load(tmp_path, {"pkg/mod.py": "X = 1\n", **files})
    assert world.module_names_closed(ctx, module) is closed


def test_module_binds_reads_the_stub_as_the_interface(tmp_path: Path) -> None:
    ctx = load(tmp_path, {"pkg/mod.py": "X = 1\n", "pkg/lazy/__init__.py": LAZY,
                          "pkg/lazy/__init__.pyi": "from .a import sharpen\n", "pkg/lazy/a.py": "def sharpen():\n    pass\n",
                          "pkg/closed.py": "def sharpen():\n    pass\n"})
    assert world.module_binds(ctx, "pkg.lazy", "sharpen") is True
    assert world.module_binds(ctx, "pkg.lazy", "blunt") is None  # open: cannot tell
    assert world.module_binds(ctx, "pkg.closed", "sharpen") is True
    assert world.module_binds(ctx, "pkg.closed", "blunt") is False


CLASSES = '''
from elsewhere import Base


class Meta(type):
    def __new__(mcs, name, bases, dct):
        return super().__new__(mcs, name, bases, dct)


class Plain:
    size = 1


class Child(Plain):
    pass


class Outside(Base):
    pass


class Measured(metaclass=Meta):
    pass


class Abstract(metaclass=ABCMeta):
    pass


class Lookup:
    def __getattr__(self, name):
        return name


class Patched:
    pass


class Hooked:
    pass


class Hook(Hooked):
    colour = "red"


setattr(Patched, "extra", 1)
'''


@pytest.mark.parametrize("name, closed", [
    ("Plain", True), ("Child", True), ("Outside", False), ("Measured", False), ("Abstract", True),
    ("Lookup", False), ("Patched", False),
])
def test_class_attributes_closed(tmp_path: Path, name: str, closed: bool) -> None:
    ctx = load(tmp_path, {"pkg/mod.py": CLASSES})
    assert world.class_attributes_closed(ctx, entity(ctx, name)) is closed


def test_a_name_a_subclass_defines_opens_the_base(tmp_path: Path) -> None:
    ctx = load(tmp_path, {"pkg/mod.py": CLASSES})
    hooked = entity(ctx, "Hooked")
    assert world.class_attributes_closed(ctx, hooked)
    assert not world.class_attributes_closed(ctx, hooked, "colour")
    assert world.class_attributes_closed(ctx, hooked, "weight")


FUNCTIONS = '''
import functools
from contextlib import contextmanager
from elsewhere import magic


def passing(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)
    return inner


def renaming(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        kwargs["new"] = kwargs.pop("old", None)
        return fn(*args, **kwargs)
    return inner


@functools.lru_cache
def cached(x):
    return x + 1


@contextmanager
def managed():
    yield 1


@magic
def replaced(x):
    return x + 1


@passing
def followed(x):
    return x + 1


@renaming
def aliased(new=None):
    return new + 1


def dispatcher(x, y):
    """Replaced by the compiled implementation."""
    return x, y


def hook(self):
    return None


def real(x):
    return x * 2
'''


@pytest.mark.parametrize("name, signature, behaviour", [
    ("cached", True, True), ("managed", True, True), ("replaced", False, False), ("followed", True, True),
    ("aliased", False, False), ("dispatcher", True, False), ("hook", True, False), ("real", True, True),
])
def test_signature_and_behaviour_closed(tmp_path: Path, name: str, signature: bool, behaviour: bool) -> None:
    ctx = load(tmp_path, {"pkg/mod.py": FUNCTIONS})
    fn = entity(ctx, name)
    assert world.signature_closed(ctx, fn) is signature
    assert world.behaviour_closed(ctx, fn) is behaviour


def test_a_stub_file_is_no_behaviour(tmp_path: Path) -> None:
    ctx = load(tmp_path, {"pkg/mod.py": "X = 1\n", "pkg/fast.pyi": "def run(x: int) -> int: ...\n"},
               target="pkg/fast.pyi")
    assert not world.behaviour_closed(ctx, entity(ctx, "run"))


def test_constructor_fields_include_dataclass_bases(tmp_path: Path) -> None:
    ctx = load(tmp_path, {"pkg/mod.py": '''
from dataclasses import dataclass
from elsewhere import Loose


@dataclass
class Base:
    width: int = 0


@dataclass
class Child(Base):
    depth: int = 0


@dataclass
class Unknown(Loose):
    depth: int = 0
'''})
    assert world.constructor_fields(ctx, entity(ctx, "Child")) == ["width", "depth"]
    assert world.constructor_fields(ctx, entity(ctx, "Unknown")) is None


def test_overload_params_are_the_interface(tmp_path: Path) -> None:
    ctx = load(tmp_path, {"pkg/mod.py": '''
from typing import overload


@overload
def size(item: str, *, encoding: str) -> int: ...
@overload
def size(item: bytes) -> int: ...
def size(item, **kw):
    return len(item)
'''})
    impl = [e for e in ctx.file.entities if e.name == "size" and "overload" not in " ".join(e.decorators)]
    assert "encoding" in world.overload_params(ctx, impl[0])
