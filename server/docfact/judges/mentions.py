"""Find the code-like mentions in a sentence: the words a reader takes for identifiers.

Plain English words are never mentions. A word counts as code when it is marked as code
(backticks, double backticks, a Sphinx role, ``{@code}``/``{@link}``, epytext's
``C{}``/``L{}``), when it is written as a
call (``save()``), or when its spelling cannot be an English word: snake_case with an
underscore (capitals in its words too: ``_modified_Newton``), CamelCase with an inner capital,
or a dotted name whose parts are identifiers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# a class-like name that stands in for the reader's own or for any name: ``SomeVisitor``,
# ``MyModel``, ``ClassName`` (``from pkg import ClassName``)
_STAND_IN = (r"^_?(?:Some|My|Your|Example|Dummy|Fake|Sample)[A-Z]"
             r"|^(?:Class|Function|Method|Module|Package|Object|Type)Name$")
STAND_IN_NAME = re.compile(_STAND_IN)
# a stand-in name: a stand-in class (above), a conventional metasyntactic word, or one letter
# standing for any name of a family (``_add_x``, ``get_X``)
PLACEHOLDER_NAME = re.compile(
    _STAND_IN
    + r"|(?:^|_)(?i:foo|bar|baz|qux|quux|spam|eggs|xyz)(?:_|$)"
    r"|^_*[A-Za-z]\w+_[A-Za-z]$"
    r"|^[a-z]+_\d+_[a-z]+$"  # ``sig_1_name``: one of a numbered series the doc lays out (``sig_2_name``, ...)
)

# How strongly the text marks a word as code: "marked" (backticks, roles, {@code}) or
# "shape" (only its spelling says so). Rules demand more proof for "shape" mentions.
MARKED = "marked"
SHAPE = "shape"

# a dotted run of more parts is not taken for a name: nobody writes one, and name lookups try
# each of its prefixes (quadratic in the parts)
MAX_PARTS = 32
# a longer sentence has no mentions: its thousands of them made each rule that reads them slow
# (linear, but about 0.1 s per 10,000 characters of code spans, more than a doc's time bound)
MAX_SENTENCE = 10_000

_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_DOTTED = rf"{_IDENT}(?:\.{_IDENT})*"

# possessive prefixes: the same matches, in linear time on a backtick that never closes
_ROLE = re.compile(r":(?:py:)?(?:func|meth|class|attr|obj|data|exc|mod|const|paramref):`"
                   rf"[~!.]*+(?:[^`<]*+<[~!.]*+)?({_DOTTED})(?:\(\))?>?`")
# a project's own cross-reference role (``:xy-const:`pkg.limits.MAX```, ``:any:``), read only when
# its target is a dotted path: roles that hold text, files, labels, maths or other languages' names
# are not references to Python names
_OTHER_ROLE = re.compile(r":(?:(?:py|[a-z][\w-]*):)?(?P<role>[a-z][\w-]*):`"
                         rf"[~!.]*+(?:[^`<]*+<[~!.]*+)?({_IDENT}(?:\.{_IDENT})+)(?:\(\))?>?`")
_NOT_REFERENCE_ROLES = frozenset({
    "func", "meth", "class", "attr", "obj", "data", "exc", "mod", "const", "paramref",  # _ROLE's
    "ref", "doc", "download", "numref", "term", "abbr", "file", "samp", "command", "program", "option",
    "envvar", "kbd", "guilabel", "menuselection", "math", "eq", "cite", "footcite",
    "code", "literal", "dfn", "sub", "sup", "keyword", "token", "regexp", "manpage", "mailheader",
    "mimetype", "newsgroup", "index", "rfc", "pep", "pypi", "issue", "pr", "user", "gh", "ghissue",
    "commit", "source", "bdg", "octicon", "fa", "strong", "emphasis", "title-reference", "raw",
    "sphinx_autodoc_typehints_type", "external", "ext", "wiki", "wikipedia", "doi", "arxiv",
})
# domains whose roles name things of other languages, documents or citations (``:c:func:``, ``:cite:p:``)
_OTHER_DOMAINS = frozenset({"c", "cpp", "js", "rst", "std", "math", "cite"})
_DOUBLE_TICK = re.compile(r"``([^`]+?)``")
_SINGLE_TICK = re.compile(r"(?<![`:\w])`([^`]+?)`(?!`)")
_JAVADOC_INLINE = re.compile(r"\{@(?:code|link|linkplain|value|literal)\s+([^}]+)\}")
# epytext (Twisted, pydoctor): ``L{name}`` / ``L{label <name>}`` links, ``C{code}`` code
_EPYTEXT = re.compile(r"(?<![A-Za-z])(?P<kind>[LC])\{(?:[^{}<]*<)?(?P<target>[^{}<>]+)>?\}")
_CALL = re.compile(rf"(?<![\w.`])({_DOTTED})\(\)")
# a word that may be a name: a dotted run with a capital letter, an underscore or a dot in it (the
# look-ahead skips plain lower-case words, which are prose, without moving where the others start)
_CODE_WORD = re.compile(rf"(?<![\w.`@#/\\-])(?=[\w.]*[A-Z_.])({_DOTTED})(?![\w`])")

_SNAKE = re.compile(r"^_*[a-z][a-z0-9]*(?:_[a-z0-9]+)+_*$|^_{1,2}[a-z][a-z0-9]*$")
# (``PHregResults``, ``XMLHttpRequest``: a capitalized acronym, then a word and another hump)
_CAMEL = re.compile(r"^[a-z]+[A-Z][A-Za-z0-9]*$|^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$"
                    r"|^[A-Z]{2,}[a-z0-9]+[A-Z][A-Za-z0-9]*$")
_UPPER_SNAKE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
# snake_case with capitals in its words (``_modified_Newton``, ``fit_OLS``): not all capitals
_MIXED_SNAKE = re.compile(r"^_*(?=[A-Za-z0-9_]*[a-z])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+_*$")
# every kind of mention needs one of these: a cheap test that skips most prose
_MAYBE_CODE = re.compile(r"[`_({]|\w\.\w|[a-z][A-Z]|[A-Z]{2}[a-z]")
_URLISH = re.compile(r"(?:https?://|www\.)\S+")
FILEISH = re.compile(r"\.(?:py|pyi|java|txt|md|rst|json|toml|yaml|yml|cfg|ini|html|csv|xml|js|ts|sh|c|h|so|dll|exe|"
                     r"zip|gz|tar|whl)$", re.I)


@dataclass(frozen=True)
class Mention:
    """An identifier-like token of a sentence."""

    name: str  # as written without markup: "os.path.join", "Store.prune", "save"
    start: int  # offsets into the sentence text
    end: int
    strength: str  # MARKED or SHAPE
    is_call: bool = False  # written as name()
    explicit: bool = False  # an explicit cross-reference: a Sphinx role or {@link ...}


def _clean(token: str) -> tuple[str, bool] | None:
    """Reduce a marked-up token to a dotted name; None when it is not a plain identifier."""
    t = token.strip()
    if t.startswith((".", "/", "-")) or "/" in t or "\\" in t:
        return None  # file names, paths and command-line options
    t = t.replace("#", ".")  # Javadoc Foo#bar
    if t.startswith("."):
        t = t[1:]
    is_call = False
    if t.endswith("()"):
        t = t[:-2]
        is_call = True
    elif "(" in t:
        head = t.split("(", 1)[0]
        if re.fullmatch(_DOTTED, head):
            t, is_call = head, True
    t = t.lstrip("~!*").rstrip(".,;:")
    if not t or t.count(".") >= MAX_PARTS or not re.fullmatch(_DOTTED, t):
        return None
    return t, is_call


@lru_cache(maxsize=4096)
def find_mentions(sentence: str) -> tuple[Mention, ...]:
    """All code-like mentions of a sentence, in order, without overlaps (cached: several rules
    read the same sentence)."""
    if not _MAYBE_CODE.search(sentence) or len(sentence) > MAX_SENTENCE:
        # no backtick, brace, parenthesis, underscore, inner dot or inner capital; or a
        # "sentence" longer than anyone writes: rules that need mentions stay silent on it
        return ()
    return _MentionFinder(sentence).run()


class _MentionFinder:
    """One sentence's reading by :func:`find_mentions`: the mentions found so far, and the
    characters of the spans taken so far (URLs, marked code, mentions). A span overlaps them
    when one of its characters is taken (comparing with each span taken was quadratic in the
    mentions of a sentence)."""

    def __init__(self, sentence: str) -> None:
        self.sentence = sentence
        self.out: list[Mention] = []
        self.covered = bytearray(len(sentence))

    def overlaps(self, a: int, b: int) -> bool:
        return self.covered.find(1, a, b) != -1

    def take(self, a: int, b: int) -> None:
        self.covered[a:b] = b"\x01" * (b - a)

    def add(self, m: re.Match[str], group: int, strength: str, explicit: bool = False) -> None:
        """Take the span of ``m`` and add the name in its ``group``, unless the span overlaps
        one taken before."""
        if self.overlaps(m.start(), m.end()):
            return
        cleaned = _clean(m.group(group))
        self.take(m.start(), m.end())
        if cleaned is None:
            return
        name, is_call = cleaned
        self.out.append(Mention(name, m.start(group), m.end(group), strength,
                                is_call or m.group(0).endswith("()"), explicit))

    def run(self) -> tuple[Mention, ...]:
        """The mentions, the most explicitly marked read first; each pattern is run only when
        the sentence holds a character its matches need."""
        sentence = self.sentence
        if "http" in sentence or "www." in sentence:
            for url in _URLISH.finditer(sentence):
                self.take(url.start(), url.end())
        if "{" in sentence:
            self._epytext()
        ticks = "`" in sentence
        if ticks and ":`" in sentence:
            self._other_roles()
        self._marked(ticks)
        if "()" in sentence:
            for m in _CALL.finditer(sentence):
                self.add(m, 1, SHAPE)
        for m in _CODE_WORD.finditer(sentence):
            self._code_word(m)
        self.out.sort(key=lambda x: x.start)
        return tuple(self.out)

    def _epytext(self) -> None:
        """Epytext's ``L{...}`` links and ``C{...}`` code."""
        for m in _EPYTEXT.finditer(self.sentence):
            self.take(m.start(), m.end())
            cleaned = _clean(m.group("target"))
            if cleaned:
                s = m.start("target") + len(m.group("target")) - len(m.group("target").lstrip())
                # ``C{}`` also marks values and example expressions: as loose as a name's shape
                link = m.group("kind") == "L"
                self.out.append(Mention(cleaned[0], s, s + len(m.group("target").strip()),
                                        MARKED if link else SHAPE, cleaned[1], link))

    def _other_roles(self) -> None:
        """Sphinx roles other than the Python domain's references, but those that name no code
        (:data:`_NOT_REFERENCE_ROLES`) and other languages' domains."""
        for m in _OTHER_ROLE.finditer(self.sentence):
            role = m.group("role")
            domain = m.group(0)[1:].split(":", 1)[0]  # the role itself when it has no domain
            if role in _NOT_REFERENCE_ROLES or (domain != role and domain in _OTHER_DOMAINS):
                continue
            if not self.overlaps(m.start(), m.end()):
                self.add(m, 2, MARKED, explicit=True)

    def _marked(self, ticks: bool) -> None:
        """Code marked as code: Sphinx roles, double and single backticks, Javadoc's inline tags."""
        sentence = self.sentence
        for rx in (_ROLE, _DOUBLE_TICK, _JAVADOC_INLINE, _SINGLE_TICK):
            if not (ticks if rx is not _JAVADOC_INLINE else "{@" in sentence):
                continue
            # no {@...} ends after the last "}": stopping there spares a scan to the end from each
            # "{@code" after it
            for m in rx.finditer(sentence, 0, sentence.rfind("}") + 1 if rx is _JAVADOC_INLINE else len(sentence)):
                if rx is _JAVADOC_INLINE:
                    self._javadoc_inline(m)
                elif rx is _ROLE and m.group(0).startswith(":paramref:"):
                    self._paramref(m)
                else:
                    self.add(m, 1, MARKED, explicit=rx is _ROLE)

    def _javadoc_inline(self, m: re.Match[str]) -> None:
        """{@link Foo#bar(int) label}: the reference is the first word."""
        inner = m.group(1).split()[0] if m.group(1).split() else ""
        if self.overlaps(m.start(), m.end()):
            return
        self.take(m.start(), m.end())
        cleaned = _clean(inner)
        if cleaned:
            s = m.start(1)
            link = m.group(0).startswith(("{@link", "{@linkplain"))
            self.out.append(Mention(cleaned[0], s, s + len(inner), MARKED, cleaned[1], link))

    def _paramref(self, m: re.Match[str]) -> None:
        """``:paramref:`.Class.method.param```: the owner is the reference, the last part one of
        its parameters."""
        owner = m.group(1).rsplit(".", 1)[0]
        if "." in m.group(1) and not self.overlaps(m.start(), m.end()):
            self.take(m.start(), m.end())
            self.out.append(Mention(owner, m.start(1), m.start(1) + len(owner), MARKED, False, True))
        elif not self.overlaps(m.start(), m.end()):
            self.take(m.start(), m.end())

    def _code_word(self, m: re.Match[str]) -> None:
        """A word shaped like code in plain prose: dotted, snake_case or CamelCase."""
        word = m.group(1)
        if word.islower() and "_" not in word and "." not in word:
            return  # a plain word ("returns"): neither dotted, snake_case nor CamelCase
        if self.overlaps(m.start(), m.end()):
            return
        if FILEISH.search(word):
            return
        if "." in word:
            parts = word.split(".")
            # "e.g", "i.e" and "a.m" are abbreviations, not names
            if any(len(p) < 2 for p in parts) or all(p.isalpha() and len(p) <= 3 for p in parts):
                return
            self.add(m, 1, SHAPE)
            return
        if _SNAKE.match(word) or _CAMEL.match(word) or ("_" in word and _MIXED_SNAKE.match(word)):
            self.add(m, 1, SHAPE)


@lru_cache(maxsize=2048)
def strip_code(sentence: str) -> str:
    """The sentence with marked code spans blanked out (same length), for prose patterns
    (cached: several rules read the same sentence)."""
    def blank(m: re.Match[str]) -> str:
        return " " * len(m.group(0))

    if "`" not in sentence and "{" not in sentence:
        return sentence  # every marked span has a backtick or a brace
    s = _ROLE.sub(blank, sentence)
    s = _OTHER_ROLE.sub(blank, s)
    s = _EPYTEXT.sub(blank, s)
    s = _DOUBLE_TICK.sub(blank, s)
    end = s.rfind("}") + 1  # no {@...} ends after the last "}" (see find_mentions)
    s = _JAVADOC_INLINE.sub(blank, s[:end]) + s[end:]
    return _SINGLE_TICK.sub(blank, s)


def is_constant_like(name: str) -> bool:
    """UPPER_SNAKE and all-capital words are settings keys, environment variables or acronyms
    (``POSIX``, ``LANG``), not checked."""
    return bool(_UPPER_SNAKE.match(name)) or (name.isupper() and name.replace("_", "").isalnum())
