"""What the index extracts from one file: its entities, docs and imports, where they lie, and
the :class:`FileIndex` that holds them (conventions: see :mod:`docfact.model`, which every
caller imports these from).

The entities and docs pickle through :class:`docfact.packs.Packs`: a store's indexes are read
back with most of their fields still packed.
"""

from __future__ import annotations

import bisect
import struct
import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from docfact.packs import EntityBase, Packs, packed_fields

EntityKind = Literal["module", "class", "function", "method", "variable", "field"]
DocKind = Literal["docstring", "javadoc", "jsdoc", "comment"]


@dataclass(frozen=True, order=True, slots=True)
class Pos:
    """A position in a file: 0-based line and 0-based UTF-16 column."""

    line: int
    col: int

    def __reduce__(self) -> tuple[type[Pos], tuple[int, int]]:
        # pickled as the call ``Pos(line, col)``: the state methods dataclasses gives a frozen
        # slotted class call ``dataclasses.fields`` for each object, and an index worker's
        # results hold three positions and ranges per entity (half the pickling of Django's)
        return Pos, (self.line, self.col)


@dataclass(frozen=True, slots=True)
class Range:
    start: Pos
    end: Pos

    def __reduce__(self) -> tuple[type[Range], tuple[Pos, Pos]]:
        return Range, (self.start, self.end)  # as Pos.__reduce__


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



@dataclass(frozen=True, slots=True, eq=False)
class Pieces(Sequence[tuple[int, int]]):
    """Where a doc's cleaned text lies in its file: a sorted sequence of ``(text_offset,
    file_offset)`` pairs, one per cleaned line start, packed in one ``bytes`` as 32-bit
    integers (the ``n`` text offsets, then the ``n`` file offsets). A large project's docs have
    a million lines: as a list of tuples of ints each line cost about 110 bytes, packed it
    costs 8. Equal to a list of the same pairs (what tests and older callers compare with)."""

    data: bytes = b""

    def __reduce__(self) -> tuple[type[Pieces], tuple[bytes]]:
        return Pieces, (self.data,)  # as Pos.__reduce__

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


@packed_fields
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

@packed_fields
@dataclass(slots=True)
class Entity(EntityBase):
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

    def _read_items(self, items: list[Any]) -> None:
        """A list of :class:`Param` read back gets its parameters' names, annotations and short
        defaults interned (``self`` and ``None`` in every method were a string each: 10 MB of a
        3,000-file check)."""
        if items[0].__class__ is Param:
            intern = sys.intern
            for p in items:
                p.name = intern(p.name)
                if p.annotation is not None and len(p.annotation) <= _SHORT:
                    p.annotation = intern(p.annotation)
                if p.default is not None and len(p.default) <= _SHORT:
                    p.default = intern(p.default)


_SHORT = 40  # annotations and defaults up to this long are interned (longer ones rarely repeat)


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
