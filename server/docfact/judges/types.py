"""Normalise type spellings from docs and code into comparable kinds, and compare them.

A documented type and a code type are *contradictory* only when both normalise to known kinds
and no kind on one side can be the other: ``int`` vs ``str`` contradict; ``iterable`` vs
``list`` do not (every list is iterable); anything unknown (a class we cannot see, a TypeVar,
``Any``) never contradicts. Precision first.
"""

from __future__ import annotations

import re

from docfact.docs.fields import top_level

# Canonical kinds and their spellings (lower-cased, in docs and in code, Python and Java).
_SPELLINGS: dict[str, str] = {}
for kind, words in {
    "str": "str string strings text unicode basestring charsequence char character",
    "bytes": "bytes bytearray bytestring byte[]",
    "int": "int integer integers long short byte biginteger",
    "float": "float floats double real decimal bigdecimal",
    "bool": "bool boolean booleans flag",
    "none": "none nonetype void null nothing",
    "list": "list lists arraylist linkedlist array",
    "tuple": "tuple tuples pair",
    "dict": "dict dictionary dictionaries hashmap treemap linkedhashmap ordereddict defaultdict",
    "set": "set sets frozenset hashset treeset",
    "mapping": "mapping map mutablemapping",
    "sequence": "sequence mutablesequence",
    "iterable": "iterable iterables collection collections",
    "iterator": "iterator stream",
    "generator": "generator generators asyncgenerator",
    "callable": "callable function callback runnable supplier consumer",
    "number": "number numeric",
    "path": "path pathlike",
    "ndarray": "ndarray ndarrays",
    "any": "any object t typevar",
}.items():
    for w in words.split():
        _SPELLINGS[w] = kind

# kind -> kinds it accepts as values (a value of any listed kind "is" that kind).
_ACCEPTS: dict[str, set[str]] = {
    "iterable": {"list", "tuple", "set", "dict", "str", "bytes", "generator", "iterator",
                 "sequence", "mapping", "iterable", "ndarray"},
    "iterator": {"generator", "iterator"},
    "generator": {"generator", "iterator"},
    "sequence": {"list", "tuple", "str", "bytes", "sequence", "ndarray"},
    "mapping": {"dict", "mapping"},
    "dict": {"dict", "mapping"},
    # "a list of ..." is loose English for any collection: a tuple or a set is not a contradiction
    "list": {"list", "sequence", "tuple", "set"},
    # a NumPy array: not a list, a tuple, a dict, a string or a plain number
    "ndarray": {"ndarray", "bool"},  # ``a < b`` of arrays is an array, not a bool
    "number": {"int", "float", "bool", "number"},
    "float": {"float", "int", "number"},
    "int": {"int", "bool"},
    "set": {"set"},
    "path": {"path", "str", "Path"},
    # a ``pathlib.Path`` object is a path, not a string (a "path" may be either)
    "Path": {"Path"},
}

_PATH_CLASSES = frozenset({"Path", "PurePath", "PosixPath", "WindowsPath", "PurePosixPath", "PureWindowsPath"})
KNOWN_KINDS = frozenset(_SPELLINGS.values()) | {"Path"}

_OPTIONAL = re.compile(r",?\s*\boptional\b(?!\s*\[)|\bor none\b|\|\s*none\b|\bnone\s*\|", re.I)


def split_union(t: str) -> list[str]:
    """Top-level alternatives of a type: ``int | None`` and ``Union[int, str]`` and ``int or str``."""
    t = t.strip()
    m = re.fullmatch(r"(?:typing\.)?(Optional|Union)\[(.*)\]", t)
    if m:
        parts = split_top(m.group(2), ",")
        if m.group(1) == "Optional":
            parts.append("None")
        return [p for part in parts for p in split_union(part)]
    for sep in ("|", " or "):
        parts = split_top(t, sep)
        if sep == " or ":
            parts = _element_alternatives_joined(parts)
        if len(parts) > 1:
            return [p for part in parts for p in split_union(part)]
    return [t]


# the kinds of one element: "array of float or complex" is an array of (float or complex)
_ELEMENT_WORDS = re.compile(r"^(?:int|integer|float|complex|str|string|bool|boolean|bytes|number|scalar|"
                            r"real|numeric)s?$", re.I)


def _element_alternatives_joined(parts: list[str]) -> list[str]:
    """``X of A`` followed by `` or B`` where B is a scalar kind: B is another kind of the
    elements, not another alternative (``array of float or complex``, ``list of int or str``)."""
    out: list[str] = []
    for part in parts:
        if out and re.search(r"\bof\b", out[-1]) and _ELEMENT_WORDS.match(part.strip("`")):
            out[-1] = f"{out[-1]} or {part}"
        else:
            out.append(part)
    return out


def split_top(t: str, sep: str) -> list[str]:
    """``t`` split at ``sep`` outside brackets, parts stripped, empty parts dropped."""
    out: list[str] = []
    depth = 0
    cur = ""
    i = 0
    while i < len(t):
        ch = t[i]
        if ch in "[(<{":
            depth += 1
        elif ch in "])>}":
            depth -= 1
        if depth == 0 and t.startswith(sep, i):
            out.append(cur.strip())
            cur = ""
            i += len(sep)
            continue
        cur += ch
        i += 1
    out.append(cur.strip())
    return [p for p in out if p]


_NUMPY_ARRAY_WORDS = re.compile(r"(?:\d[- ]?d(?:imensional)?\s+)?(?:numpy|np)[ .](?:nd)?arrays?\b", re.I)


# spellings that are English words rather than a class's name: after a module's name
# (``re.flags``, ``enum.Flag``) they name that module's own thing
_PROSE_WORDS = frozenset({"flag", "text", "string", "integer", "character", "char", "pair", "stream",
                          "callback", "function", "object", "t", "typevar", "nothing", "null", "void",
                          "collection", "numeric"})

_LOOSE_SET = re.compile(r"(?:a|an)\s+set\s+of\s+[a-z]", re.I)
# "of X per key" after a collection word (a dot inside a name, ``pd.DataFrames``, is no sentence end)
PER_KEY_TAIL = r"\s+of\s+(?:[^.;:]|\.(?=\w)){1,60}?\s(?:per|for\s+each|for\s+every|keyed\s+by)\s+\w"
_PER_KEY = re.compile(r"(?:(?:a|an)\s+)?(?:list|tuple|sequence)s?" + PER_KEY_TAIL, re.I)


# a Cython typed memoryview: a type, then slices of colons only (``float[:]``, ``int[:, :]``,
# ``double[::1]``); no two runs of spaces side by side, which a long run would split quadratically
MEMORYVIEW = re.compile(r"^\w+\s*\[\s*:{1,2}(?:\s*1)?(?:\s*,\s*:{1,2}(?:\s*1)?)*\s*\]$")


def base_kind(t: str) -> str | None:
    """The kind of one (non-union) type spelling, or None when unknown (a class, a TypeVar)."""
    s = t.strip().strip("`'\"").strip()
    if _LOOSE_SET.match(s) or _PER_KEY.match(s):
        # "a set of indexes", "a list of frames per feature": English for a collection (grouped
        # by a key, as a dict is), not Python's set or list
        return "iterable"
    s = re.sub(r"^(?:a|an|the)\s+", "", s, flags=re.I)
    s = re.sub(r"^(?:typing|collections\.abc|collections|builtins|java\.util|java\.lang|pathlib|os)\.", "", s)
    if _NUMPY_ARRAY_WORDS.match(s):
        return "ndarray"  # "numpy array", "2D NumPy array of float": NumPy's ndarray, not a list
    if s.endswith("[]"):
        return "bytes" if s.lower() == "byte[]" else "list"
    if MEMORYVIEW.search(s):
        return "ndarray"  # ``float[:]``, ``double[:, ::1]``: Cython's typed memoryview, an array of that type
    m = re.match(r"([A-Za-z_][\w.]*)\s*(?:\[|<|\(|\bof\b)", s)
    head = m.group(1) if m else s
    qualified = "." in head.strip()
    head = head.split(".")[-1].strip()
    if head in _PATH_CLASSES:
        return "Path"
    head = head.lower()
    if head in ("optional",) or (qualified and head in _PROSE_WORDS):
        return None  # ``re.flags``, ``enum.Flag``, ``pkg.Text``: some module's own name, not English
    if head.endswith("s") and head[:-1] in _SPELLINGS and head not in _SPELLINGS and not qualified:
        head = head[:-1]
    return _SPELLINGS.get(head)


_ANNOTATED = re.compile(r"(?:typing\.|typing_extensions\.)?Annotated\[(?P<inner>.*)\]", re.S)


_DEFAULT_AFTER_COMMA = re.compile(r",\s*default\b", re.I)


def _without_default(t: str) -> str:
    """The type of "``int, default=3``": what comes before a ``default`` after a comma outside
    brackets and quotes (``Literal['a, default=b']`` keeps its quoted text)."""
    if "default" not in t:
        return t
    cut = next((i for i, ch in top_level(t) if ch == "," and _DEFAULT_AFTER_COMMA.match(t, i)), None)
    return t if cut is None else t[:cut].strip()


def _unannotated(t: str) -> str:
    """``Annotated[int, "units"]`` is an ``int`` (its first argument, up to the first comma
    outside brackets)."""
    t = _without_default(t)
    m = _ANNOTATED.fullmatch(t)
    if m is None:
        return t
    inner, depth = m.group("inner"), 0
    for i, ch in enumerate(inner):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            return inner[:i].strip()
    return inner.strip()


def kinds(t: str | None) -> set[str] | None:
    """The set of kinds a type spelling allows; None when any alternative is unknown."""
    if not t:
        return None
    t = _unannotated(t.strip())
    optional = bool(_OPTIONAL.search(t))
    t = _OPTIONAL.sub("", t).strip().rstrip(",").strip()
    if "->" in t:
        # "Callable -> float or np.ndarray": the arrow starts the callable's own return type
        t = t[: t.index("->")].strip()
    out: set[str] = set()
    for alt in split_union(t):
        k = base_kind(alt)
        if k is None or k == "any":
            return None
        out.add(k)
    if optional:
        out.add("none")
    return out or None


# an object of a project class whose ancestry docfact sees in full and that is none of the
# builtin kinds: it can be a list or a mapping by duck typing, never a str, a number or None
INSTANCE = "instance"
_NEVER_AN_INSTANCE = frozenset({"str", "bytes", "int", "float", "bool", "none"})
# an instance of such a class that defines none of the methods that let an object pass for a
# container, a function, a path or a number (``__iter__``, ``__getitem__``, ``__call__``, ...):
# no builtin kind describes it
PLAIN_INSTANCE = "plain-instance"


def accepts(doc_kind: str, code_kind: str) -> bool:
    """Whether a value of ``code_kind`` can honestly be described as ``doc_kind``."""
    if doc_kind == code_kind:
        return True
    if code_kind == PLAIN_INSTANCE:
        return doc_kind == INSTANCE
    if code_kind == INSTANCE:
        return doc_kind not in _NEVER_AN_INSTANCE
    if code_kind in _ACCEPTS.get(doc_kind, set()):
        return True
    if doc_kind in ("list", "set") and code_kind == "ndarray":
        return True  # "an array", "a set of indexers": loose words for a NumPy array; not the reverse
    # the reverse direction: docs may be more specific than a loose annotation
    return doc_kind in _ACCEPTS.get(code_kind, set())


def contradicts(doc_type: str, code_type: str) -> bool:
    """True only when both spellings are understood and no documented kind fits the code."""
    return contradicts_kinds(kinds(doc_type), kinds(code_type))


def contradicts_kinds(doc: set[str] | None, code: set[str] | None) -> bool:
    """:func:`contradicts` on kinds already known (None: unknown, never a contradiction)."""
    if doc is None or code is None:
        return False
    if doc == {"none"}:
        return "none" not in code  # "returns None when ..." is true of an Optional
    doc_main = doc - {"none"} or doc
    code_main = code - {"none"} or code
    return not any(accepts(d, c) for d in doc_main for c in code_main)


SCALARS = frozenset({"int", "float", "bool"})


def scalar_mismatch(doc: set[str] | None, code: set[str] | None, tower: bool = True) -> list[str]:
    """The documented scalar kinds (``int``, ``float``, ``bool``) an annotation does not name:
    a docstring that writes ``bool`` for ``-> int``, ``float`` for ``x: int`` or ``str | float``
    for ``str | None`` names another type, though a value of one may pass for the other (``float``
    for ``int | float`` is one of its members; "number" is no scalar spelling and stays lenient).
    ``tower``: a documented ``int`` passes for a ``float`` annotation (PEP 484's numeric tower),
    as for a parameter, which accepts ints too."""
    if doc is None or code is None:
        return []
    code_main = code - {"none"}
    if not code_main:
        return []
    if tower and "float" in code_main:  # a float annotation accepts an int
        code_main = code_main | {"int"}
    return sorted(d for d in doc - {"none"}
                  if d in SCALARS and d not in code_main
                  and not any(c not in SCALARS and accepts(d, c) for c in code_main))


# Return-expression kinds from the index (model.RETURN_KINDS) -> type kinds
_RETURN_KIND_TO_KIND = {
    "str": "str", "fstring": "str", "bytes": "bytes", "int": "int", "float": "float",
    "bool": "bool", "comparison": "bool", "list": "list", "dict": "dict", "set": "set",
    "tuple": "tuple", "none": "none", "lambda": "callable", "generator": "generator",
}
_CONSTRUCTORS = {
    "str": "str", "repr": "str", "format": "str", "ascii": "str", "chr": "str", "hex": "str",
    "oct": "str", "bin": "str", "int": "int", "len": "int", "hash": "int", "id": "int", "ord": "int",
    "float": "float", "bool": "bool", "isinstance": "bool", "issubclass": "bool", "callable": "bool",
    "hasattr": "bool", "all": "bool", "any": "bool", "list": "list", "sorted": "list",
    "dict": "dict", "set": "set", "frozenset": "set", "tuple": "tuple", "divmod": "tuple",
    "bytes": "bytes", "bytearray": "bytes", "iter": "iterator", "map": "iterator",
    "filter": "iterator", "zip": "iterator", "enumerate": "iterator", "reversed": "iterator",
    "json.dumps": "str", "pickle.dumps": "bytes", "textwrap.dedent": "str", "textwrap.indent": "str",
    "textwrap.fill": "str", "os.getcwd": "str", "os.listdir": "list", "os.fsencode": "bytes",
    "os.fsdecode": "str", "str.maketrans": "dict",
    # the standard library's byte codecs: bytes in, bytes out (``b64encode`` does not give text)
    **{f"base64.{f}": "bytes" for f in ("b64encode", "b64decode", "urlsafe_b64encode", "urlsafe_b64decode",
                                         "standard_b64encode", "standard_b64decode", "b32encode", "b32decode",
                                         "b16encode", "b16decode", "a85encode", "a85decode", "b85encode",
                                         "b85decode", "encodebytes", "decodebytes")},
    **{f"binascii.{f}": "bytes" for f in ("hexlify", "unhexlify", "b2a_hex", "a2b_hex", "b2a_base64",
                                           "a2b_base64")},
    **{f"{m}.{f}": "bytes" for m in ("zlib", "gzip", "bz2", "lzma") for f in ("compress", "decompress")},
    "String.valueOf": "str", "String.format": "str", "Integer.parseInt": "int",
    "Boolean.parseBoolean": "bool", "Double.parseDouble": "float",
}
# methods of str (and bytes, where the kind is the same), by what they return
_STR_METHODS = {name: kind for kind, names in {
    "str": "join format format_map upper lower title capitalize casefold swapcase strip lstrip "
           "rstrip replace center ljust rjust zfill expandtabs translate removeprefix removesuffix",
    "list": "split rsplit splitlines",
    "tuple": "partition rpartition",
    "int": "count find rfind index rindex",
    "bool": "startswith endswith isdigit isalpha isalnum isspace isupper islower istitle "
            "isidentifier isdecimal isnumeric isascii isprintable",
}.items() for name in names.split()}
_OS_PATH = {
    "join": "str", "abspath": "str", "realpath": "str", "normpath": "str", "normcase": "str",
    "basename": "str", "dirname": "str", "expanduser": "str", "expandvars": "str", "relpath": "str",
    "commonpath": "str", "exists": "bool", "lexists": "bool", "isfile": "bool", "isdir": "bool",
    "islink": "bool", "isabs": "bool", "ismount": "bool", "samefile": "bool", "split": "tuple",
    "splitext": "tuple", "splitdrive": "tuple", "getsize": "int", "getmtime": "float",
    "getatime": "float", "getctime": "float",
}
# what a method returns whatever it is called on: the str predicates and a few spellings no
# other common type uses (a project method of the name is looked up before this)
_ANY_RECEIVER = {name: "bool" for name, kind in _STR_METHODS.items() if kind == "bool"} | {
    "hexdigest": "str", "isoformat": "str", "strftime": "str", "isdisjoint": "bool",
    "issubset": "bool", "issuperset": "bool",
}


def return_kind_to_kind(rk: str) -> str | None:
    """Map one index return kind to a type kind, or None when it tells nothing."""
    if rk in _RETURN_KIND_TO_KIND:
        return _RETURN_KIND_TO_KIND[rk]
    if rk.startswith("call:"):
        callee = rk[5:]
        if callee in _CONSTRUCTORS:
            return _CONSTRUCTORS[callee]
        receiver, _, method = callee.rpartition(".")
        if re.match(r"""[bB][rR]?['"]|[rR][bB]['"]""", receiver) or receiver == "bytes":
            kind = _STR_METHODS.get(method)  # b"".join(...) is bytes, b"a,b".split(b",") a list
            return "bytes" if kind == "str" else kind
        if receiver[:1] in ("'", '"') or receiver[:2].lower() in ("f'", 'f"', "r'", 'r"') or receiver == "str":
            return _STR_METHODS.get(method)  # "-".join(...), "a,b".split(","), str.upper(s)
        if receiver in ("os.path", "posixpath", "ntpath"):
            return _OS_PATH.get(method)
        # constructors: Path(...) -> path, Java's new ArrayList<>() -> list; not a method called
        # on one (``Path(p).exists()`` is a bool) nor a method of a class (``Config.load()``)
        if "(" in callee or not method[:1].isupper():
            return None
        return base_kind(callee)
    return None


def method_kind(callee: str) -> str | None:
    """What ``receiver.method(...)`` returns by the method's name alone, for a receiver docfact
    cannot follow (``name.startswith(p)`` is a bool); None for any other method."""
    receiver, _, method = callee.rpartition(".")
    if not receiver or receiver.split(".", 1)[0] in ("self", "cls", "super()"):
        return None
    return _ANY_RECEIVER.get(method)
