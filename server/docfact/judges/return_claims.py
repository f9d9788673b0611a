"""The return type a docstring sentence claims, in the shapes docstrings use.

"Returns a dict of ...", "Return the X as a list", "It returns a tuple", "A list of names is
returned", "..., returning a set", "Returns ``True`` if ...", "``None`` is returned when ...",
and the items of Returns sections (``Returns: dict``, ``:rtype: str``, ``@return``). A claim is a
type spelling the kinds of :mod:`docfact.judges.types` understand; a sentence whose type word is
only part of a longer phrase ("a list-like object", "the dictionary key") claims nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from docfact.judges.types import PER_KEY_TAIL
from docfact.model import Segment


@dataclass(frozen=True)
class Claim:
    type: str  # "list", "dict | tuple", "bool"
    written: str = ""  # as the sentence words it: "True", "dictionary", "list or tuple"
    span: tuple[int, int] | None = None  # the type as written in the segment text (for a fix)
    prose: bool = True  # read from words, not from the type slot of a Returns/rtype item
    # "A list is returned", "the return value is a list": what is returned is the subject (a
    # generator's docs say so of each item)
    passive: bool = False


# not "mapping": "the mapping of indices" is often a list or a function in prose
# marked up or not: ``None``, :class:`list`, C{True} (epytext)
_TYPE = (r"(?::(?:py:)?(?:class|obj|data):|[CL]\{)?`{0,2}(?P<t>list|dict|dictionary|set|tuple|string|str|integer|int|"
         r"float|boolean|bool|bytes|generator|iterator|none|nothing|true|false)`{0,2}\}?")
_ARTICLE = r"(?:(?:a|an|the)\s+)?"
_ADJECTIVES = (r"(?:(?:new|sorted|single|empty|python|plain|flat|shallow|deep|unicode|native|ordered|"
               r"lazy|unique|possibly\s+empty|copy\s+of\s+(?:the\s+)?)\s+)*")
# what may follow the type word for it to be the head of the phrase: "a dict mapping names to
# values", "a list of", "a string." -- not "a list-like object", "the dictionary key" nor a
# call ("Return bool(value)" builds the call)
# ("a string keyed dictionary" and "a string for each run" are no string: a dictionary, and one
# string per run)
_AFTER = (r"(?=\s*$|\s*[.,;:)]|\s+\(|\s+(?:of|that|which|if|when|for(?!\s+(?:each|every)\b)|with|from|"
          r"containing|indicating|describing|representing|representation|where|whose|to|in|or|and|on|unless|"
          r"otherwise|object|instance|value|mapping|keyed\s+(?:by|on|with|to)|over|holding|listing|iff|else|"
          r"(?!keyed\b)\w+ed)\b)")
_PHRASE = _ARTICLE + _ADJECTIVES + _TYPE + _AFTER
_WHEN = (r"(?:(?:if|when|whenever|unless|given|in\s+that\s+case|on\s+\w+)\b[^;]*?,\s*(?:then\s+)?"
         r"|(?:otherwise|else|instead),?\s+)?")

_SHAPES = (
    # "Returns a dict ...", "Builds and returns ...", "If x, returns None."
    re.compile(r"^\s*" + _WHEN + r"(?:@return\s+|Returns?:?\s+|Gets?\s+|(?:Builds?|Creates?|Computes?)\s+"
               r"and\s+returns?\s+)" + _PHRASE, re.I),
    # "It returns a tuple ...", "This function returns ..."
    re.compile(r"^\s*" + _WHEN + r"(?:it|this(?:\s+(?:function|method|property|API|routine|helper))?"
               r"|the\s+(?:function|method|property))"
               r"\s+(?:then\s+|always\s+|simply\s+|just\s+|now\s+)?returns\s+" + _PHRASE, re.I),
    # "If the key is missing, the return value will be an empty list."
    re.compile(r"^\s*" + _WHEN + r"(?:the\s+|its\s+)?return(?:ed)?\s+value\s+(?:is|will\s+be)\s+"
               r"(?:always\s+|then\s+)?" + _PHRASE, re.I),
    # "A list of names is returned.", "If nothing matches, ``None`` is returned."
    re.compile(r"^\s*" + _WHEN + _ARTICLE + _ADJECTIVES + _TYPE
               + r"(?:\s+(?:of|mapping|containing|with|keyed|holding|representation)\b[^.;]{0,80}?)?"
               + r"\s+(?:is|will\s+be|gets)\s+returned\b(?!\s+(?:by|from|to)\b)", re.I),
)
# "Parses the header, returning a dict" and "Reads the file and returns a list"
_TRAILING = (re.compile(r",\s*(?:and\s+)?returning\s+" + _PHRASE, re.I),
             re.compile(r"^[^,;]*?\b(?:and|then)\s+returns?\s+" + _PHRASE, re.I))
# "The version is returned as int." (in the main clause: not "If it is returned as a str, ...")
# with the whole result as its subject: "A partition is returned as a tuple" may be one item
_RETURNED_AS = re.compile(r"^\s*" + _WHEN + r"(?:it|this|(?:the\s+)?(?:result|return\s+value|output))"
                          r"\s+(?:is|will\s+be)\s+"
                          r"returned\s+as\s+(?:a\s+|an\s+)?(?:new\s+)?" + _TYPE + _AFTER, re.I)
# "Because URLs cannot hold non-ASCII data you will always get bytes back" (not after code or a
# call: "If you call ``load()`` you get a dict back" is about ``load``)
_GET_BACK = re.compile(r"\byou(?:'ll|\s+will)?\s+(?:always\s+)?get\s+" + _ARTICLE + _ADJECTIVES + _TYPE
                       + r"\s+back\b", re.I)
# "Return the headers as a list", not "the same type as a list" nor "such as a dict"
_AS_TYPE = re.compile(r"(?<!\bsuch\s)(?<!\bsame\s)(?<!\bwell\s)\bas\s+(?:a|an)\s+" + _ADJECTIVES + _TYPE
                      + r"(?!\s*(?:-|_|\w*\())" + _AFTER, re.I)
# an aside that states the form of the whole result: "Return the encoded payload (as text)",
# "Returns the rows (as a list)"; not "(stored as text in the log)"
_ASIDE_AS = re.compile(r"\(\s*as\s+(?:a\s+|an\s+)?`{0,2}"
                       r"(?P<t>text|list|dict|dictionary|set|tuple|string|str|integer|int|"
                       r"float|boolean|bool|bytes)`{0,2}\s*\)\s*[.;]?\s*$", re.I)
_RETURNS_HEAD = re.compile(r"^\s*(?:Returns?|Gets?)\b(?!\s+whether\b)", re.I)
_PROSE_BOOL = re.compile(r"^\s*(?:@return\s+|Returns?:?\s+)(?:C\{)?`{0,2}(True|False|true|false)`{0,2}\}?"
                         r"(?:\s+(?:if|when|iff|unless|on|for)\b|\s*$)")
_WHETHER = re.compile(r"^\s*Returns?\s+whether\b", re.I)
# "a function/callable that ... returns a string", "debugprint() has a bug where it ... and
# returns": the verb has another subject
RELATIVE = re.compile(r"\b(?:that|which|who|whose|function|callable|callback|decorator|wrapper|"
                       r"hook|handler|factory|where|but|because|while|note)\b|\w\(\)", re.I)
# "L{parse} accepts a string and returns a tuple", "When ``f`` is called ..., it returns": the
# sentence is about another function
_ANOTHER_SUBJECT = re.compile(r"\s*(?:[LCI]\{(?!(?:True|False|None)\})|:\w+:`|`{1,2}[\w.]+(?:\(\))?`{1,2}\s+(?!is\b)\w|"
                              r"[^,;]*\bis\s+called\b)")
# "If you would like to ..., return a tuple", "Subclasses should return a dict": what an
# implementation may do, not what this one does
_PRESCRIPTIVE = re.compile(r"\b(?:you|your|should|must|subclass(?:es)?|overrid\w*|implement\w*)\b", re.I)
_IMPLEMENTER = re.compile(r"\b(?:should|must|subclass(?:es)?|overrid\w*|implement\w*)\b", re.I)
# a second alternative: "Returns a list if ..., otherwise a tuple", "a dict or None"
# a whole word: "or the setting is invalid" offers no set; nor does a subject of a verb: "None if
# pyproj is missing or the string can't be parsed" (the string is the input, in the condition)
_ALTERNATIVE = re.compile(r"\b(?:or|else|otherwise|instead)\b,?\s+(?:(?:it\s+)?returns?\s+)?"
                          + _ARTICLE + _ADJECTIVES + _TYPE + r"(?![\w-])"
                          r"(?!\s+(?:can(?:not|'t)?|could(?:n't)?|is(?:n't)?|are(?:n't)?|was(?:n't)?|were(?:n't)?|"
                          r"does(?:n't)?|did(?:n't)?|has(?:n't)?|have|fails?|will|won't|may|might|must|should|"
                          r"would)\b)", re.I)


def _spelling(word: str) -> str:
    w = word.lower()
    return "bool" if w in ("true", "false") else w


# "a string of bytes" is bytes; "a set and a dict" are two values, a tuple
_OF_BYTES = re.compile(r"\s+of\s+(?:raw\s+)?(?:L\{|C\{|:class:)?`{0,2}bytes\b", re.I)
# "a list of frames per feature", "a list of scores for each fold": one collection per key
_PER_KEY = re.compile(r"`{0,2}" + PER_KEY_TAIL, re.I)
# "a set of values" written in plain words (a marked ``set`` is the type)
_A_SET_OF = re.compile(r"\b(?:a|an)\s+(?:[\w-]+\s+){0,2}?set$", re.I)
_OF_WORD = re.compile(r"\s+of\s+[a-z]")
_AND_ANOTHER = re.compile(r"[^.;]*?\band\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}?" + _TYPE + r"(?![\w-])", re.I)


def _claim(text: str, m: re.Match[str], own_subject: bool = False, passive: bool = False,
           to_reader: bool = False) -> Claim | None:
    """The type a match claims, with every alternative the rest of the sentence offers
    (``to_reader``: the sentence tells the caller what it gets: "you get bytes back")."""
    prescriptive = _PRESCRIPTIVE.search(text, 0, m.start("t"))
    if to_reader:  # "you" is the caller here; "should", "subclasses" still prescribe
        prescriptive = _IMPLEMENTER.search(text, 0, m.start("t"))
    if prescriptive or (not own_subject and _ANOTHER_SUBJECT.match(text)):
        return None
    types, words = [_spelling(m.group("t"))], [m.group("t")]
    if types[0] == "set" and _A_SET_OF.search(text, 0, m.end("t")) and _OF_WORD.match(text, m.end("t")):
        types = ["iterable"]  # "a set of indexes": English for a collection, not Python's set
    if types[0] in ("list", "tuple", "iterable") and _PER_KEY.match(text, m.end("t")):
        types.append("dict")  # "a list of frames per feature": grouped by a key, as a dict is
    if types[0] in ("string", "str") and _OF_BYTES.match(text, m.end("t")):
        types, words = ["bytes"], [f"{m.group('t')} of bytes"]
    if _AND_ANOTHER.match(text, m.end("t")):
        types.append("tuple")
    for alt in _ALTERNATIVE.finditer(text, m.end("t")):
        t = _spelling(alt.group("t"))
        if t not in types:
            types.append(t)
            words.append(alt.group("t"))
    return Claim(" | ".join(types), " or ".join(words), passive=passive)


# "``same()`` returns ``True`` for ...": a sentence whose subject may be the function itself
# (one pattern for every name: compiling one per function cost more than all other rules)
_OWN_SUBJECT = re.compile(r"^\s*(?:`{1,2}|\*{1,2})?(?P<subject>[A-Za-z_][\w.]*)(?:\(\))?(?:`{1,2}|\*{1,2})?\s+"
                          r"(?:always\s+|then\s+)?returns\s+" + _PHRASE, re.I)


def prose_claim(text: str, name: str = "") -> Claim | None:
    """The return type a prose sentence claims, or None when it states none; ``name``: the
    documented function's, which may be the subject ("``same()`` returns ``True``")."""
    m = _PROSE_BOOL.match(text) or _WHETHER.match(text)
    if m is not None:
        return Claim("bool", m.group(1) if m.lastindex else "bool")
    if name:
        m = _OWN_SUBJECT.match(text)
        if m is not None and m.group("subject").lower() == name.lower():
            return _claim(text, m, own_subject=True, to_reader=True)
    for i, shape in enumerate(_SHAPES):
        m = shape.match(text)
        if m is not None:
            form = _AS_TYPE.search(text, m.end("t")) if i == 0 else None
            if form is not None and not re.search(r"[.;]\s", text[m.end("t"):form.start()]):
                # "Returns the list of lines ``text`` as a single string": the list is the input, the
                # string what comes back
                return _claim(text, form)
            return _claim(text, m, passive=i >= 2)
    for trailing in _TRAILING:
        m = trailing.search(text)
        if m is not None and not RELATIVE.search(text[: m.start("t")]):
            return _claim(text, m)
    m = _RETURNED_AS.match(text)
    if m is not None:
        return _claim(text, m, passive=True)
    m = _GET_BACK.search(text)
    if m is not None and not re.search(r"[`(]|\b(?:call|pass|give)\w*\b", text[: m.start()], re.I):
        return _claim(text, m, own_subject=True, to_reader=True)
    if _RETURNS_HEAD.match(text):
        m = _AS_TYPE.search(text) or _ASIDE_AS.search(text)
        if m is not None and not RELATIVE.search(text[: m.start()]):
            return _claim(text, m)
    return None


def claimed_return(seg: Segment, name: str = "") -> Claim | None:
    """The return type a segment claims: a Returns/rtype item's type or the type its prose
    states, or a prose sentence of the description (``name``: the documented function's)."""
    item = seg.field
    if item is None:
        return prose_claim(seg.text, name)
    if item.section not in ("returns", "rtype"):
        return None
    if item.type:
        span = None
        if item.type_span:
            span = (item.type_span[0] - seg.start, item.type_span[1] - seg.start)
        return Claim(item.type, item.type.strip(), span, prose=False)
    if item.section != "returns":
        return None
    return prose_claim("Returns " + (item.description or "").strip())
