"""Pickling the engine's many small objects cheaply: :class:`Packs` pickles the fields most
readers never read as one blob, unpacked when one of them is first read, and
:class:`EntityBase` lets an entity read its code from its file's text instead of keeping a copy.

The data classes built on them (:class:`docfact.indexed.DocBlock`,
:class:`docfact.indexed.Entity`) are in :mod:`docfact.indexed`; :func:`packing` and
:func:`code_spans` choose how they pickle within a block.
"""

from __future__ import annotations

import pickle
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

from docfact.private_db import safe_loads

# whether pickling packs (see :func:`packing`)
_PACKING = [True]


@contextmanager
def packing(enabled: bool) -> Iterator[None]:
    """Pickle :class:`Packs` objects packed (the default) or whole within this block. Packing
    pays when most of the objects read back are never read (a store's indexes); objects sent to
    a process that reads them all (an index worker's results) go whole."""
    before = _PACKING[0]
    set_packing(enabled)
    try:
        yield
    finally:
        set_packing(before)


def set_packing(enabled: bool) -> None:
    """Make packing the default of this process (``True``) or not (see :func:`packing`)."""
    _PACKING[0] = enabled


# whether packed entities keep where their code lies in their file's text instead of a copy of it
_SPANS = [False]


@contextmanager
def code_spans() -> Iterator[None]:
    """Within this block, a packed entity whose code is read from its file's text
    (:meth:`Entity.code_in`) pickles that text (one object, which the pickle of the file's index
    shares with the index's own ``text``) and where its code lies in it, not copies of its code:
    a class's code holds its methods' and a module's all of them. For a store's indexes; other
    packed rows keep their code."""
    before = _SPANS[0]
    _SPANS[0] = True
    try:
        yield
    finally:
        _SPANS[0] = before


class Packs:
    """Pickles the fields named in ``PACKED`` as one blob, unpickled only when one of them is
    first read. A run that loads a project's stored indexes builds the graph from names and
    judges few entities: most entities' code, calls and ranges are never read, and creating
    their objects was most of the load time. An object that was never unpacked pickles its
    blob as it came.

    Subclasses are dataclasses with ``slots=True`` (a project holds hundreds of thousands of
    them; an instance ``__dict__`` of an entity's 30-odd fields cost 1.6 KB): the packed fields
    of an object read back packed are unset slots, and reading one reaches ``__getattr__``,
    which unpacks them all. The pickled state is ``(values, blob, extra)``: every field's value
    in ``_fields`` order when ``blob`` is None, else the fields outside ``PACKED``; and the
    values of the ``EXTRA`` slots that are set, by name (None when none is)."""

    __slots__ = ("_packed",)
    _packed: bytes | None

    PACKED: ClassVar[tuple[str, ...]] = ()
    EXTRA: ClassVar[tuple[str, ...]] = ()  # slots beside the fields that pickling keeps
    WHOLE_ONLY: ClassVar[tuple[str, ...]] = ()  # of EXTRA, those kept only when not packing
    LAZY: ClassVar[tuple[str, ...]] = ()  # fields that may be unset slots computed when read
    # fields holding lists of names: their strings are interned when read back (each object is
    # its own pickle, so the same name in a thousand entities came back as a thousand strings)
    NAMES: ClassVar[frozenset[str]] = frozenset()
    # list fields (NAMES among them) that, read back empty, all become one shared empty list
    LISTS: ClassVar[frozenset[str]] = frozenset()
    # fields holding one short string that many objects share (a name, a type): interned once
    # made and when read back
    WORDS: ClassVar[frozenset[str]] = frozenset()
    _packed_set: ClassVar[frozenset[str]] = frozenset()
    _fields: ClassVar[tuple[str, ...]] = ()  # every field, in declaration order
    _kept: ClassVar[tuple[str, ...]] = ()  # the fields outside PACKED

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._packed_set = frozenset(cls.PACKED)

    def __getattr__(self, name: str) -> Any:
        # reached only when normal lookup fails: an unset slot, or no such attribute
        if name in self._packed_set and self._unpack():
            return object.__getattribute__(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> tuple[tuple[Any, ...], bytes | None, dict[str, Any] | None]:
        get = object.__getattribute__
        whole = not _PACKING[0]
        extra: dict[str, Any] | None = None
        for name in self.EXTRA:
            if name in self.WHOLE_ONLY and not whole:
                continue
            try:
                value = get(self, name)
            except AttributeError:
                continue
            if extra is None:
                extra = {}
            extra[name] = value
        try:
            blob: bytes | None = get(self, "_packed")
        except AttributeError:
            blob = None
        if blob is not None:
            return tuple([get(self, k) for k in self._kept]), blob, extra
        if whole:  # a LAZY field read from its source when read goes as None, its source in extra
            values: list[Any] = []
            for k in self._fields:
                try:
                    values.append(get(self, k))
                except AttributeError:
                    values.append(None)
            return tuple(values), None, extra
        packed = pickle.dumps(tuple([getattr(self, k) for k in self.PACKED]), protocol=pickle.HIGHEST_PROTOCOL)
        return tuple([get(self, k) for k in self._kept]), packed, extra

    def __setstate__(self, state: tuple[tuple[Any, ...], bytes | None, dict[str, Any] | None]) -> None:
        values, blob, extra = state
        put = object.__setattr__
        lazy = self.LAZY if extra and any(name in extra for name in self.WHOLE_ONLY) else ()
        names, lists, words = self.NAMES, self.LISTS, self.WORDS
        for name, value in zip(self._fields if blob is None else self._kept, values, strict=True):
            if value is not None or name not in lazy:
                if name in lists:
                    value = _read_list(value, name in names, self)
                elif name in words and value.__class__ is str:
                    value = sys.intern(value)
                put(self, name, value)
        if blob is not None:
            put(self, "_packed", blob)
        if extra:
            for name in self.EXTRA:
                if name in extra:
                    put(self, name, extra[name])

    def _unpack(self) -> bool:
        """Set the packed fields from the blob (the blob goes last: a thread that reads a field
        meanwhile, the language server's event loop beside its engine thread, finds either the
        blob or every field). False when there is no blob and a packed field is unset."""
        get, put = object.__getattribute__, object.__setattr__
        try:
            blob = get(self, "_packed")
        except AttributeError:
            blob = None
        if blob is None:
            try:
                for name in self.PACKED:
                    get(self, name)
            except AttributeError:
                return False
            return True
        lazy = self.LAZY if self._reads_source() else ()
        names, lists, words = self.NAMES, self.LISTS, self.WORDS
        for name, value in zip(self.PACKED, safe_loads(blob), strict=True):
            try:
                get(self, name)
            except AttributeError:
                if value is not None or name not in lazy:  # None: read from the file's text
                    if name in lists:
                        value = _read_list(value, name in names, self)
                    elif name in words and value.__class__ is str:
                        value = sys.intern(value)
                    put(self, name, value)
        try:
            object.__delattr__(self, "_packed")
        except AttributeError:
            pass  # another thread got there first
        return True

    def settle(self) -> None:
        """Once made: its empty list fields become the shared empty list and its lists of names
        and ``WORDS`` hold interned strings, as when read back (see ``LISTS``); packed fields are
        left as they are."""
        get, put = object.__getattribute__, object.__setattr__
        names = self.NAMES
        for name in self.LISTS:
            try:
                value = get(self, name)
            except AttributeError:
                continue
            new = _read_list(value, name in names, self)
            if new is not value:
                put(self, name, new)
        for name in self.WORDS:
            try:
                value = get(self, name)
            except AttributeError:
                continue
            if value.__class__ is str:
                put(self, name, sys.intern(value))

    def _reads_source(self) -> bool:
        """Whether some fields are read from elsewhere when unset (see :class:`EntityBase`)."""
        return False

    def _read_items(self, items: list[Any]) -> None:
        """Settle the items of a non-empty list field read back that is not one of ``NAMES``
        (nothing here; an entity interns its parameters' strings)."""

    def copied(self) -> Packs:
        """A shallow copy with every field set (a packed object is unpacked first), without
        the values computed from the old fields and kept on the object (``_digest``)."""
        self._unpack()
        n = object.__new__(type(self))
        for name in self._fields:
            object.__setattr__(n, name, getattr(self, name))
        return n


# the one empty list of every list field read back empty (see Packs.LISTS). Entities are never
# changed once indexed (their digest, docfact.deps.entity_digest, relies on it too): only the
# extraction that makes an entity appends to its lists, and it never reads one back
_NO_ITEMS: list[Any] = []


def _read_list(value: Any, names: bool, owner: Packs) -> Any:
    """A list field's value read back: the shared empty list for an empty one, and with
    ``names`` its strings interned (in place); the items of any other list are the owner's
    to settle (:meth:`Packs._read_items`)."""
    if value.__class__ is not list:
        return value
    if not value:
        return _NO_ITEMS
    if names:
        try:
            value[:] = map(sys.intern, value)
        except TypeError:  # not all strings: left as they are
            pass
    else:
        owner._read_items(value)
    return value



def packed_fields(cls: type[Packs]) -> type[Packs]:
    """Record the field names :class:`Packs` pickles by (after @dataclass made the class)."""
    from dataclasses import fields

    cls._fields = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    cls._kept = tuple(n for n in cls._fields if n not in cls._packed_set)
    assert set(cls.PACKED) <= set(cls._fields), cls
    return cls


class EntityBase(Packs):
    """What an entity keeps beside its fields: the digest :func:`docfact.deps.entity_digest`
    computes once (an unset slot until then), its qualified name once made, and where its code
    lies in its file's text when ``code`` and ``docless_code`` are read from there
    (:meth:`Entity.code_in`)."""

    __slots__ = ("_digest", "_qualname", "_source")
    _digest: str
    _qualname: str  # Entity.qualname, made once: graph nodes, edges and lookups share the string
    # the file's text, and the code's start and end and the cut's in one int (see spans_of)
    _source: tuple[str, int]
    EXTRA: ClassVar[tuple[str, ...]] = ("_digest", "_source")
    # packed rows keep the code instead (their readers have no text), but a store's indexes,
    # which hold their text (see code_spans)
    WHOLE_ONLY: ClassVar[tuple[str, ...]] = ("_source",)
    LAZY: ClassVar[tuple[str, ...]] = ("code", "docless_code")

    def __getattr__(self, name: str) -> Any:
        if name == "code" or name == "docless_code":
            try:
                text, spans = object.__getattribute__(self, "_source")
            except AttributeError:
                pass
            else:
                start, end, cut_start, cut_end = spans_of(spans)
                if name == "code" or cut_start == cut_end:
                    return text[start:end]
                return text[start:cut_start] + text[cut_end:end]
        return Packs.__getattr__(self, name)

    def _reads_source(self) -> bool:
        try:
            object.__getattribute__(self, "_source")
        except AttributeError:
            return False
        return True

    def __getstate__(self) -> tuple[tuple[Any, ...], bytes | None, dict[str, Any] | None]:
        if not (_PACKING[0] and self._reads_source()):
            return Packs.__getstate__(self)
        if not _SPANS[0]:
            # packed with copies of its code (their reader has no text): a blob read back from
            # a store's index has None for them, so it is unpacked and packed again
            self._unpack()
            return Packs.__getstate__(self)
        # packed within code_spans(): the text and where the code lies, the code fields None
        get = object.__getattribute__
        extra: dict[str, Any] = {"_source": get(self, "_source")}
        try:
            extra["_digest"] = get(self, "_digest")
        except AttributeError:
            pass
        try:
            blob: bytes | None = get(self, "_packed")  # never unpacked: its code fields are None
        except AttributeError:
            blob = None
        if blob is None:
            values: list[Any] = []
            for k in self.PACKED:
                try:
                    values.append(get(self, k))
                except AttributeError:  # an unset slot: a LAZY field read from the text
                    values.append(None)
            blob = pickle.dumps(tuple(values), protocol=pickle.HIGHEST_PROTOCOL)
        return tuple([get(self, k) for k in self._kept]), blob, extra

    def code_in(self, text: str, start: int, end: int, cut: tuple[int, int] | None = None) -> None:
        """Read ``code`` as ``text[start:end]``, and ``docless_code`` as that without
        ``text[cut[0]:cut[1]]`` (its docstring; all of it when ``cut`` is None), sliced from the
        file's text each time they are read instead of kept: a class's code holds its methods'
        and a module's all of them, and those copies were a fifth of a large check's memory. A
        value assigned to either later is kept as usual."""
        cut_start, cut_end = cut if cut is not None else (start, start)
        if max(end, cut_end) > _OFFSET:
            raise ValueError("an entity's code ends past 4G characters")
        self._source = (text, start | end << 32 | cut_start << 64 | cut_end << 96)
        for name in self.LAZY:
            try:
                object.__delattr__(self, name)
            except AttributeError:
                pass


_OFFSET = (1 << 32) - 1


def spans_of(spans: int) -> tuple[int, int, int, int]:
    """An entity's code start and end and its cut's, from the one int :meth:`Entity.code_in`
    keeps them in (four ints and a longer tuple were 7 MB of a 3,000-file check)."""
    return spans & _OFFSET, spans >> 32 & _OFFSET, spans >> 64 & _OFFSET, spans >> 96
