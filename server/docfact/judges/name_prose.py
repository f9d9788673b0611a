"""What a sentence says around a name it mentions, read from the text alone, for the C1 name
rules: that it speaks of history or spelling, of a hypothetical name, of another language or
a grammar, that it lists example names or values, that it claims the code uses the name; and
the shapes of names no English word has."""

from __future__ import annotations

import re

from docfact.judges.base import JudgeContext
from docfact.judges.gates import Gated
from docfact.judges.mentions import MARKED, Mention
from docfact.model import Segment


def field_name_span(seg: Segment) -> tuple[int, int] | None:
    item = seg.field
    if item is None or item.name_span is None:
        return None
    return item.name_span[0] - seg.start, item.name_span[1] - seg.start


# a sentence about a name that does not exist on purpose
HYPOTHETICAL = Gated(re.compile(
    r"\b(?:could|would|might)\s+(?:also\s+|easily\s+)?be\s+(?:implemented|added|written|created|provided|introduced)\b"
    r"|\b(?:does|do)\s+not\s+(?:yet\s+)?exist\b|\bdoesn't\s+(?:yet\s+)?exist\b|\bnot\s+yet\s+(?:implemented|available|written)\b"
    r"|\bhypothetical\b|\bimaginary\b",
    re.I,
), ("could", "would", "might", "exist", "yet", "hypothetical", "imaginary"))

# "of shape (n_samples, n_features)", "3 dimensions as follows: [n_rows, n_cols]", "dimension is [n_steps]"
SHAPE_TUPLE = re.compile(r"\b(?:shape|dimensions?|dims)\b(?:\s*[=:]|\s+(?:is|are|of|as\s+follows:?|being))?\s*"
                         r"(\([^)]*\)|\[[^\]]*\])", re.I)
# a name of another language or tool right before a name: "the R ``diffinv`` function"
OTHER_LANGUAGE = re.compile(r"\b(?:R|MATLAB|Matlab|Octave|Julia|Stata|SAS|SPSS|Excel|Fortran|Mathematica|Maple|"
                             r"Perl|Ruby|Java|JavaScript|C\+\+|C#|Go|Rust|Haskell|SQL|Bash)\s+[`*:\w]*$")
# "see op_kernel_driver_active() in libusb/os/linux_usbfs.c": a name in a file of another language
FOREIGN_FILE_AFTER = re.compile(r"(?:\(\))?`*\s+(?:in|from|of)\s+[\w./-]{0,200}\.(?:c|h|cc|cpp|cxx|hpp|hh|m|mm|java|"
                                 r"js|ts|go|rs|rb|swift|kt|cs|f90|f|pyx|pxd)\b")
# a grammar in the doc (BNF/EBNF: "Page : PAGE_SYM S* IDENT? pseudo_page? S* ;"): its rule
# names are symbols of the grammar, not of the code
GRAMMAR_LINE = re.compile(r"::=|^[ \t]*[:|][ \t]+[^\n]{0,80}?\b[A-Z_]{2,}[*?+]?[ \t]", re.M)

HISTORY = Gated(re.compile(
    r"\b(?:renamed?|(?:was|were|been|now)\s+removed|removed\s+(?:in|since)\s+(?:v(?:ersion)?\s*)?\d|deprecated|"
    # a change note: "Removed alias ``is_num``.", "Removed the ``strict`` parameter"
    r"^\W*removed\s+(?:the\s+)?(?:deprecated\s+)?(?:`+[\w.]+`+\s+)?"
    r"(?:alias|param|arg|option|keyword|function|method|class|attribute|support)|"
    r"formerly|previously|no\s+longer|instead\s+of|\buse\b[^.;]*\binstead|"
    # "it used to return", "``x`` used to be": not "the procedure used to find" (a participle)
    r"(?:(?:it|this|they|which|who|that)\s+|`+\s*)used\s+to|used\s+to\s+(?:be|exist|live|have|default)\b|"
    r"older\s+versions?|legacy|backwards?[-\s]compat\w*|was\s+(?:called|named)|"
    r"versionchanged|seealso|see\s+also|"
    # a version-history note: "New in version 2.0:", "Changed in 1.3", "Version 2.0: removed ..."
    r"(?:new|changed|added)\s+in\s+(?:version\s+)?v?\d|version\s+v?\d[\w.]*\s*:)",
    re.I,
), ("rename", "removed", "deprecated", "formerly", "previously", "longer", "instead", "used", "older", "legacy",
    "backward", "called", "named", "versionchanged", "see", "version", "new", "changed", "added"))
# a sentence about spelling: "the misspelling in the name (`FileToLarge`, not `FileTooLarge`)"
SPELLING = Gated(re.compile(r"\b(?:misspel\w*|typos?|spelling|spelt|spelled)\b", re.I), ("spel", "typo"))


# a sentence that sets the documented code beside something else: a near name there is not its own
COMPARES = re.compile(r"\b(?:analogous|similar|simil[ae]rly|like|unlike|other|others|counterpart|equivalent|"
                       r"same\s+as|mirrors?|corresponds?)\b", re.I)


def family_notation(written: str, real: str) -> bool:
    """Whether ``written`` stands for a numbered family ``real`` belongs to: its number replaced
    by an index letter (``ATTACHMENTi``, ``xn``, ``sensor_k`` for ``ATTACHMENT0``, ``x1``)."""
    stem = real.rstrip("0123456789")
    return stem != real and len(written) == len(stem) + 1 and written.startswith(stem) \
        and written[-1] in "ijknmxNMKX"


# a code span spelling a tuple of names: ``(min_length, max_length)``
_TUPLE_SPAN = re.compile(r"(?<!`)`{1,2}\(\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+)\s*,?\s*\)`{1,2}(?!`)")


def tuple_names(ctx: JudgeContext) -> frozenset[str]:
    """The names the doc gives the parts of a tuple it describes (once per doc)."""
    key = ("tuple-names", id(ctx.doc))
    got = ctx.memo.get(key)
    if got is None:
        text = ctx.doc.text
        got = ctx.memo[key] = frozenset(
            n.strip() for m in _TUPLE_SPAN.finditer(text) for n in m.group(1).split(",")) \
            if "(" in text else frozenset()
    return got


# names a sentence lists as examples of a kind: "such as ``on_connect``, ``on_disconnect``"
EXAMPLE_LIST = re.compile(r"\b(?:such\s+as|e\.g\.|for\s+example|for\s+instance)\s*[:,]?\s*"
                           r"(?:[`*]*[\w.]+(?:\(\))?[`*]*\s*,\s*)*[`*]*$", re.I)
# a code span (those with brackets are expressions: ``clip[t_start:t_end]``, ``f(a, b)``); the
# bracket is looked for in the span's text, not by the pattern, which would make it quadratic
_CODE_SPAN = re.compile(r"(?<!`)`{1,2}([^`\n]+)`{1,2}(?!`)")
_ARGUMENT = re.compile(r"(?<![\w.])([A-Za-z_]\w*)(?=\s*[,:)\]])")


def doc_placeholders(ctx: JudgeContext) -> frozenset[str]:
    """The names a doc's own example expressions pass as values (``clip[t_start:t_end]``,
    ``clip.subclipped(t_start, t_end)``): placeholders the doc introduces, not names of the code
    (keyword names, ``mode=``, are the callee's and stay out). Read once per doc."""
    key = ("doc-placeholders", id(ctx.doc))
    got = ctx.memo.get(key)
    if got is None:
        text = ctx.doc.text
        got = ctx.memo[key] = frozenset(
            n for span in _CODE_SPAN.finditer(text) if "(" in span.group(1) or "[" in span.group(1)
            for n in _ARGUMENT.findall(span.group(1)) if n not in ("self", "cls")) if "[" in text or "(" in text \
            else frozenset()
    return got


SEE_BEFORE = re.compile(r"\b[Ss]ee\s+$")
TWO_HUMPS = re.compile(r"^_?[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*){1,}$")
# the same after a capitalized acronym (``PHregResults``, ``HTTPRequestHandler`` is not: one hump)
ACRONYM_HUMPS = re.compile(r"^_?[A-Z]{2,}[a-z0-9]+[A-Z][A-Za-z0-9]*$")
_SNAKE_NAME = re.compile(r"^_{0,2}[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
# the code (not the reader) calls, uses, returns, raises or hands over to the name that follows
_USE_VERB = re.compile(
    r"\b(?:calls|calling|invokes|invoking|uses|using|delegates\s+to|delegating\s+to|forwards\s+to|"
    r"dispatches\s+to|returns|returning|raises|raising|wraps|wrapping|is\s+passed\s+to|by\s+calling)"
    r"\s+(?:the\s+|a\s+|an\s+|its\s+)?(?:\w+\s+)?$",
    re.I,
)
NOT_THE_CODE = re.compile(r"\b(?:you|your|user|users|e\.g|for\s+example|such\s+as|like|subclass(?:es)?|override|"
                           r"overridden|can|could|may|might|should|must|consider|prefer|recommended|instead)\b", re.I)


# what follows the name says it is not a Python/Java name: "the `AddGeometryColumn` stored procedure"
OUTSIDE_THING = re.compile(
    r"`*\s+(?:stored\s+procedure|procedure|command|option|setting|environment\s+variable|header|"
    r"table|column|key|flag|event|extension|library|package|module|program|tool|binary|executable|"
    r"endpoint|url|file|directory|field|property|element|tag|keyword|argument|parameter|"
    # a concept named after a thing: "the AtomicFile approach"
    r"approach|pattern|idiom|technique|strategy|paradigm|concept|scheme|mechanism|semantics)s?\b",
    re.I,
)


def identifier_shaped(name: str) -> bool:
    """A name no English word looks like: snake_case with an underscore, or CamelCase with two
    or more humps."""
    return bool(_SNAKE_NAME.match(name) or TWO_HUMPS.match(name))


def claims_use(text: str, m: Mention) -> bool:
    """Whether the sentence says that the documented code calls, uses, returns, raises or
    delegates to the mentioned name (and is not about the reader or a subclass)."""
    before = _TICKED.sub(lambda t: "x" * len(t.group(0)), text[: m.start].rstrip("`:"))
    before = re.sub(r":[\w:]+:$", "", before)
    if not _USE_VERB.search(before) or OUTSIDE_THING.match(text, m.end):
        return False
    return not NOT_THE_CODE.search(text)


_TICKED = re.compile(r"`+[^`]+`+")
_LIST_LEFT = re.compile(r"""`[^`]+`+[\s'"]*(?:,|/|\bor|\band)[\s'"]*(?:(?:or|and)\s+)?`*$""")
_LIST_RIGHT = re.compile(r"""`*[\s'"]*(?:,|/|or\b|and\b)[\s'"]*(?:(?:or|and)\s+)?`""")


def in_value_list(text: str, m: Mention) -> bool:
    """Whether ``m`` is a plain lower-case word marked as code in an enumeration of marked
    values ("either ``not-running``, ``next-exit`` or ``removed``")."""
    if m.strength != MARKED or not re.fullmatch(r"[a-z]+", m.name) or len(_TICKED.findall(text)) < 3:
        return False  # "with `rquest` and `response` objects" names two things: not a list of values
    return bool(_LIST_LEFT.search(text, 0, m.start) or _LIST_RIGHT.match(text, m.end))


def same_in_other_case_style(a: str, b: str) -> bool:
    """Whether one name is the camelCase spelling of the other's snake_case (``filterText``,
    ``filter_text``)."""
    camel, snake = (a, b) if "_" in b.strip("_") else (b, a)
    if "_" in camel or camel.islower() or "_" not in snake.strip("_"):
        return False
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", camel).lower() == snake.lower()
