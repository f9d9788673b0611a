"""The engine's data model: plain dataclasses shared by index, graph, docs, judges and adapters.

Conventions used everywhere in the engine:

- ``line`` is 0-based; ``col`` is a UTF-16 code-unit column (what LSP speaks), 0-based.
- ``offset`` is an index into the decoded file text (a Python ``str`` index).
- A qualified name (``qualname``) is ``module.Class.method``; ``local_name`` is the part inside
  the file (``Class.method``), which is what users type in ``FILE::QUALNAME``.
"""

from __future__ import annotations

import bisect
import pickle
import struct
import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from docfact.private_db import safe_loads

Criterion = Literal["C1", "C2", "C3", "C4"]
CRITERIA: tuple[Criterion, ...] = ("C1", "C2", "C3", "C4")

CRITERION_NAMES: dict[str, str] = {
    "C1": "name inconsistency",
    "C2": "type inconsistency",
    "C3": "functionality inconsistency",
    "C4": "irrelevant context",
}

CRITERION_MEANINGS: dict[str, str] = {
    "C1": "the sentence names a function, class, variable or parameter that is not the one "
    "the code uses, or that means a different entity of the same name",
    "C2": "the sentence states a parameter, variable or return type that differs from the "
    "type in the code or in a function the code directly uses",
    "C3": "the sentence describes behaviour the code (or a function it directly calls) does "
    "not implement",
    "C4": "the sentence says something that cannot be checked against the code or its direct "
    "dependencies, such as speculative uses or general lectures",
}

EntityKind = Literal["module", "class", "function", "method", "variable", "field"]
DocKind = Literal["docstring", "javadoc", "jsdoc", "comment"]


@dataclass(frozen=True, order=True, slots=True)
class Pos:
    """A position in a file: 0-based line and 0-based UTF-16 column."""

    line: int
    col: int


@dataclass(frozen=True, slots=True)
class Range:
    start: Pos
    end: Pos


@dataclass(slots=True)
class Param:
    name: str
    annotation: str | None = None
    default: str | None = None
    # "positional" | "vararg" (*args) | "kwarg" (**kw) | "keyword" (after *) | "self"
    kind: str = "positional"
    optional: bool = False  # TypeScript ``x?: T``


@dataclass(slots=True)
class Import:
    """One imported name as the file binds it.

    ``import a.b as c`` -> module="a.b", name=None, alias="c";
    ``from ..x import y as z`` -> module="x", name="y", alias="z", level=2;
    Java ``import a.b.C;`` -> module="a.b", name="C"; ``import a.b.*;`` -> name="*".
    """

    module: str
    name: str | None
    alias: str | None
    level: int = 0
    line: int = 0

    @property
    def bound_name(self) -> str:
        """The local name this import binds in the file."""
        if self.alias:
            return self.alias
        if self.name:
            return self.name
        return self.module.split(".")[0]


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
                    value = _read_list(value, name in names)
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
                        value = _read_list(value, name in names)
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
            new = _read_list(value, name in names)
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
        """Whether some fields are read from elsewhere when unset (see :class:`_EntityBase`)."""
        return False

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


def _read_list(value: Any, names: bool) -> Any:
    """A list field's value read back: the shared empty list for an empty one, and with
    ``names`` its strings interned (in place); a list of :class:`Param` gets its parameters'
    names, annotations and short defaults interned (``self`` and ``None`` in every method were a
    string each: 10 MB of a 3,000-file check)."""
    if value.__class__ is not list:
        return value
    if not value:
        return _NO_ITEMS
    if names:
        try:
            value[:] = map(sys.intern, value)
        except TypeError:  # not all strings: left as they are
            pass
    elif value[0].__class__ is Param:
        intern = sys.intern
        for p in value:
            p.name = intern(p.name)
            if p.annotation is not None and len(p.annotation) <= _SHORT:
                p.annotation = intern(p.annotation)
            if p.default is not None and len(p.default) <= _SHORT:
                p.default = intern(p.default)
    return value


_SHORT = 40  # annotations and defaults up to this long are interned (longer ones rarely repeat)


def _packed_fields(cls: type[Packs]) -> type[Packs]:
    """Record the field names :class:`Packs` pickles by (after @dataclass made the class)."""
    from dataclasses import fields

    cls._fields = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    cls._kept = tuple(n for n in cls._fields if n not in cls._packed_set)
    assert set(cls.PACKED) <= set(cls._fields), cls
    return cls


@dataclass(frozen=True, slots=True, eq=False)
class Pieces(Sequence[tuple[int, int]]):
    """Where a doc's cleaned text lies in its file: a sorted sequence of ``(text_offset,
    file_offset)`` pairs, one per cleaned line start, packed in one ``bytes`` as 32-bit
    integers (the ``n`` text offsets, then the ``n`` file offsets). A large project's docs have
    a million lines: as a list of tuples of ints each line cost about 110 bytes, packed it
    costs 8. Equal to a list of the same pairs (what tests and older callers compare with)."""

    data: bytes = b""

    @classmethod
    def of(cls, pairs: Iterable[tuple[int, int]]) -> Pieces:
        """The pieces of these ``(text_offset, file_offset)`` pairs."""
        pairs = list(pairs)
        return cls.split([t for t, _ in pairs], [f for _, f in pairs])

    @classmethod
    def one(cls, file_offset: int) -> Pieces:
        """The pieces of a one-line text that starts at ``file_offset``."""
        return cls(_ONE(0, file_offset))

    @classmethod
    def split(cls, texts: Iterable[int], files: Iterable[int]) -> Pieces:
        """The pieces whose text offsets are ``texts`` and file offsets ``files`` (as many)."""
        ints = array("i", texts)
        ints.extend(files)
        return cls(ints.tobytes()) if ints else NO_PIECES

    def _ints(self) -> tuple[memoryview, int]:
        ints = memoryview(self.data).cast("i")
        return ints, len(ints) >> 1

    def __len__(self) -> int:
        return len(self.data) >> 3

    def __getitem__(self, i: int) -> tuple[int, int]:  # type: ignore[override]
        ints, n = self._ints()
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("piece index out of range")
        return ints[i], ints[n + i]

    def __iter__(self) -> Iterator[tuple[int, int]]:
        ints, n = self._ints()
        return zip(ints[:n].tolist(), ints[n:].tolist())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Pieces):
            return self.data == other.data
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.data)

    def __repr__(self) -> str:
        return f"Pieces({list(self)!r})"

    def file_offset(self, text_offset: int) -> int:
        """Map an offset in the cleaned text to an offset in the file text."""
        return _file_offset(self.data, text_offset)

    def shifted(self, delta: int) -> Pieces:
        """The same pieces with every file offset moved by ``delta``."""
        ints, n = self._ints()
        return Pieces.split(ints[:n].tolist(), [f + delta for f in ints[n:].tolist()])


NO_PIECES = Pieces()  # shared by every doc with no text
_ONE = struct.Struct("2i").pack  # the layout of array("i", [0, offset]).tobytes()
_READ_ONE = struct.Struct("2i").unpack


def _file_offset(data: bytes, text_offset: int) -> int:
    """:meth:`Pieces.file_offset` of the pieces packed in ``data``."""
    if len(data) == 8:  # one piece (most docs)
        t0, f0 = _READ_ONE(data)
        return int(f0) + (text_offset - int(t0))
    if not data:
        return text_offset
    ints = memoryview(data).cast("i")
    n = len(ints) >> 1
    i = max(bisect.bisect_right(ints, text_offset, 0, n) - 1, 0)
    return ints[n + i] + (text_offset - ints[i])


@_packed_fields
@dataclass(slots=True)
class DocBlock(Packs):
    """A docstring, Javadoc or comment block, with its text cleaned of delimiters and prefixes.

    ``text`` is what a reader sees: quotes, ``/** */``, leading ``*`` and ``#`` removed, lines
    joined with ``\\n``, common indentation removed. ``pieces`` maps it back to the file (see
    :class:`Pieces`; a list of pairs given here becomes one); within a piece characters map one
    to one.
    """

    kind: DocKind
    text: str
    owner: str  # local_name of the documented entity ("" for the module)
    path: str
    range: Range  # the whole block in the file, delimiters included
    pieces: Pieces = NO_PIECES
    # 0-based lines of the block (for suppression comments)
    start_line: int = 0
    end_line: int = 0
    # for comments: the code lines the comment talks about (0-based, inclusive)
    target_lines: tuple[int, int] | None = None

    PACKED: ClassVar[tuple[str, ...]] = ("range", "pieces", "target_lines")

    def __post_init__(self) -> None:
        if self.pieces.__class__ is not Pieces:
            self.pieces = Pieces.of(self.pieces)

    def file_offset(self, text_offset: int) -> int:
        """Map an offset in ``text`` to an offset in the file text."""
        return _file_offset(self.pieces.data, text_offset)


class _EntityBase(Packs):
    """What an entity keeps beside its fields: the digest :func:`docfact.deps.entity_digest`
    computes once (an unset slot until then), its qualified name once made, and where its code
    lies in its file's text when ``code`` and ``docless_code`` are read from there
    (:meth:`Entity.code_in`)."""

    __slots__ = ("_digest", "_qualname", "_source")
    _digest: str
    _qualname: str  # Entity.qualname, made once: graph nodes, edges and lookups share the string
    # the file's text, and the code's start and end and the cut's in one int (see _spans)
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
                start, end, cut_start, cut_end = _spans(spans)
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


def _spans(spans: int) -> tuple[int, int, int, int]:
    """An entity's code start and end and its cut's, from the one int :meth:`Entity.code_in`
    keeps them in (four ints and a longer tuple were 7 MB of a 3,000-file check)."""
    return spans & _OFFSET, spans >> 32 & _OFFSET, spans >> 64 & _OFFSET, spans >> 96


@_packed_fields
@dataclass(slots=True)
class Entity(_EntityBase):
    """A module, class, function/method or variable/field found by the index."""

    kind: EntityKind
    name: str  # simple name: "prune"
    local_name: str  # name inside the file: "Store.prune" ("" for the module)
    module: str  # dotted module (Python) or package.Class file module (Java)
    path: str
    language: str  # "python" | "java" | "typescript" | "javascript"
    range: Range
    code: str = ""  # the full source text of the definition
    signature: str = ""  # header line(s): "def prune(self, n: int = 3) -> list[str]"
    params: list[Param] = field(default_factory=list)
    returns: str | None = None  # return annotation / Java return type as written
    annotation: str | None = None  # variables/fields: declared type
    value_kind: str | None = None  # variables: kind of the assigned expression
    decorators: list[str] = field(default_factory=list)
    is_async: bool = False
    is_generator: bool = False
    is_abstract: bool = False  # abstract method, Protocol/interface member, `...` body, overload
    bases: list[str] = field(default_factory=list)  # classes: as written
    members: list[str] = field(default_factory=list)  # classes: local_names of members
    calls: list[str] = field(default_factory=list)  # callee expressions as written: "self.save"
    refs: list[str] = field(default_factory=list)  # identifiers and dotted names referenced
    attributes: list[str] = field(default_factory=list)  # attribute names accessed (x.attr -> attr)
    raises: list[str] = field(default_factory=list)  # exception names raised / thrown / declared
    catches: list[str] = field(default_factory=list)  # exception names caught
    assigns: list[str] = field(default_factory=list)  # names assigned in the body
    return_kinds: list[str] = field(default_factory=list)  # see RETURN_KINDS
    has_subscript: bool = False  # body indexes something (d[k]) -> implicit KeyError/IndexError
    has_bare_raise: bool = False  # `raise` (re-raise) or raise of a variable
    locals: list[str] = field(default_factory=list)  # local variable names
    doc: DocBlock | None = None
    parent: str | None = None  # local_name of the enclosing class/function
    docless_code: str = ""  # code with its own docstring removed (what an LLM judge reads)

    # what only judging this entity, or an entity that uses it, reads; the graph is built from
    # the rest (names, kind, parent, bases, members, doc)
    PACKED: ClassVar[tuple[str, ...]] = (
        "range", "code", "signature", "params", "returns", "annotation", "value_kind", "decorators",
        "calls", "refs", "attributes", "raises", "catches", "assigns", "return_kinds", "has_subscript",
        "has_bare_raise", "locals", "docless_code")
    NAMES: ClassVar[frozenset[str]] = frozenset((
        "decorators", "bases", "members", "calls", "refs", "attributes", "raises", "catches", "assigns",
        "return_kinds", "locals"))
    LISTS: ClassVar[frozenset[str]] = NAMES | {"params"}
    WORDS: ClassVar[frozenset[str]] = frozenset(("name", "returns", "annotation", "value_kind"))

    @property
    def qualname(self) -> str:
        try:
            return self._qualname
        except AttributeError:  # an unset slot: not made yet
            pass
        if not self.local_name:
            q = self.module
        else:
            q = f"{self.module}.{self.local_name}" if self.module else self.local_name
        object.__setattr__(self, "_qualname", q)  # a slot of the base class, unseen by mypy here
        return q


# Kinds of return expressions the index infers (Entity.return_kinds):
# "none" (bare return / return None / falls off the end), "str", "bytes", "int", "float", "bool",
# "list", "dict", "set", "tuple", "fstring", "comparison" (-> bool), "lambda", "await",
# "call:<callee>" (e.g. "call:dict", "call:self.helper"), "name:<identifier>", "other".
RETURN_KINDS = (
    "none", "str", "bytes", "int", "float", "bool", "list", "dict", "set", "tuple",
    "fstring", "comparison", "lambda", "await", "other",
)


@dataclass
class FileIndex:
    """Everything the index extracts from one file."""

    path: str
    module: str
    language: str
    text: str
    entities: list[Entity] = field(default_factory=list)
    imports: list[Import] = field(default_factory=list)
    docs: list[DocBlock] = field(default_factory=list)
    # 0-based line -> list of suppressed criteria ("*" = all) from `docfact: ignore` comments
    suppressions: dict[int, set[str]] = field(default_factory=dict)
    ignore_file: bool = False
    syntax_error_lines: list[int] = field(default_factory=list)
    package: str = ""  # Java package name
    # TypeScript/JavaScript: a digest of the workspace's packages when resolving the file's import
    # specifiers looked among them ("" when it did not; see lang.typescript.modules.packages_read)
    packages: str = ""
    # Python: fields for ``self.x = ...`` in methods (graph.names.instance_fields; computed once,
    # kept with the index in the store)
    instance_fields: list[Entity] | None = field(default=None, repr=False, compare=False)
    _by_name: tuple[int, dict[str, Entity]] | None = field(default=None, repr=False, compare=False)
    words: set[str] | None = field(default=None, repr=False, compare=False)  # engine.file_words
    _by_doc: dict[int, Entity] | None = field(default=None, repr=False, compare=False)

    def __setstate__(self, state: dict[str, Any]) -> None:
        # the words of an index read back (from an index worker or the store) are strings of their
        # own, one copy per file: interned, they are the strings the entities' lists of names hold
        # (interned too, see Packs.NAMES; 30 MB of a 3,000-file check indexed in processes)
        words = state.get("words")
        if words:
            state["words"] = set(map(sys.intern, words))
        self.__dict__.update(state)

    def entity(self, local_name: str) -> Entity | None:
        """The entity with this local name (the first one: an implementation before overloads)."""
        table = self._by_name
        if table is None or table[0] != len(self.entities):
            names: dict[str, Entity] = {}
            for e in self.entities:
                names.setdefault(e.local_name, e)
            table = self._by_name = (len(self.entities), names)
        return table[1].get(local_name)

    def documented(self, doc: DocBlock) -> Entity | None:
        """The entity whose ``doc`` is this DocBlock (built once per index)."""
        if self._by_doc is None:
            self._by_doc = {id(e.doc): e for e in self.entities if e.doc is not None}
        owner = self._by_doc.get(id(doc))
        return owner if owner is not None and owner.doc is doc else None


@dataclass
class FieldItem:
    """A field-list item: ``Args: x (int): ...``, ``:param x:``, ``@param x``, ``Returns: ...``."""

    section: str  # "param" | "returns" | "yields" | "raises" | "attribute" | "rtype" | "type" | "other"
    name: str | None = None  # param/attribute name, or exception name for raises
    type: str | None = None  # the type as written, if any
    description: str = ""
    # offsets into the DocBlock text of name and type, for targeted fixes
    name_span: tuple[int, int] | None = None
    type_span: tuple[int, int] | None = None
    # the keyword as written: Google/NumPy section title ("Args", "See Also"), Sphinx field
    # ("param", "ytype") or Javadoc tag ("param", "since", "author"); tells "other" items apart
    tag: str = ""


@dataclass
class Segment:
    """One sentence (or one field-list item) of a DocBlock, with its exact place in the file."""

    index: int
    text: str
    start: int  # offset in DocBlock.text
    end: int
    range: Range  # in the file (line, UTF-16 col)
    field: FieldItem | None = None
    # "prose": a sentence or field item (judged on every criterion, counted in the score);
    # "code": one line of example code (only the example rules judge it; see DocResult.score)
    kind: Literal["prose", "code"] = "prose"


@dataclass
class Evidence:
    """What the code really says, and where."""

    description: str  # "prune is declared as `def prune(self, n: int = 3)`"
    path: str | None = None
    range: Range | None = None
    excerpt: str | None = None  # short code excerpt


@dataclass
class Fix:
    """A text replacement inside the file that removes the finding."""

    title: str  # "Replace `shold_remove` with `should_remove`"
    start: int  # file offsets
    end: int
    new_text: str


@dataclass
class Finding:
    criterion: Criterion
    rule: str  # "C1.unknown-name"
    judge: str  # "static" | "llm:<model>"
    message: str
    segment: Segment
    evidence: Evidence | None = None
    fix: Fix | None = None
    reason: str | None = None  # longer explanation for hover (LLM second look)


@dataclass
class DocResult:
    """The verdicts for one DocBlock."""

    doc: DocBlock
    entity: Entity | None
    segments: list[Segment]  # the sentences and field items: what the score and LLM judge see
    findings: list[Finding]
    criteria: tuple[str, ...] = CRITERIA
    examples: list[Segment] = field(default_factory=list)  # example code lines (kind "code")

    @property
    def symbol(self) -> str:
        """The documented entity's name inside its file (``Class.method``), ``<module>`` for the module."""
        if self.entity is not None:
            return self.entity.local_name or self.entity.module or "<module>"
        return self.doc.owner or "<module>"

    @property
    def pairs(self) -> int:
        """The (segment, criterion) pairs the score counts: every sentence on every criterion,
        and each example line a finding makes wrong (example code is not a sentence: it counts
        only when it is wrong, so docs with correct examples keep the score of their prose)."""
        return len(self.segments) * len(self.criteria) + len(self._bad(code=True))

    @property
    def score(self) -> float:
        """Share of (segment, criterion) pairs judged consistent; 1.0 when there is nothing to judge."""
        if not self.findings:
            return 1.0
        pairs = self.pairs
        if pairs == 0:
            return 1.0
        return (pairs - len(self._bad(code=False)) - len(self._bad(code=True))) / pairs

    def _bad(self, code: bool) -> set[tuple[int, str]]:
        return {(f.segment.index, f.criterion) for f in self.findings
                if f.criterion in self.criteria and (f.segment.kind == "code") == code}


@dataclass
class FileResult:
    path: str
    docs: list[DocResult] = field(default_factory=list)
    error: str | None = None  # a one-line reason the file was skipped or only partly judged

    @property
    def findings(self) -> list[Finding]:
        return [f for d in self.docs for f in d.findings]

    @property
    def score(self) -> float:
        """Pair-weighted score over all docs of the file."""
        return aggregate_score(self.docs)


def aggregate_score(docs: list[DocResult]) -> float:
    """The ReFEree score over many docs: consistent pairs / all pairs (1.0 when empty)."""
    pairs = 0
    good = 0.0
    for d in docs:
        n = d.pairs
        pairs += n
        good += d.score * n
    return good / pairs if pairs else 1.0


def attach_text(index: FileIndex, text: str) -> None:
    """Make ``text`` (equal to the text ``index`` was read back with from a store) the text of
    the index and of its entities' code, so one copy of it is kept, the caller's."""
    stored, index.text = index.text, text
    if stored is text or not stored:
        return
    for e in (*index.entities, *(index.instance_fields or ())):
        try:
            source = object.__getattribute__(e, "_source")
        except AttributeError:
            continue
        if source[0] is stored:
            e._source = (text, source[1])


def settle_index(index: FileIndex) -> None:
    """:meth:`Packs.settle` every entity of a file's index just extracted (its extraction is over)."""
    for e in index.entities:
        e.settle()
