"""Writing a doc's new text back into the file: the cleaned text with the doc's own delimiters and
indentation (:func:`render_doc`), and the guard that refuses a new text which would change code
outside the doc (:func:`breakout`): model output is data. Plain Python; no LSP import."""

from __future__ import annotations

import re

from docfact.model import DocBlock
from docfact.positions import LineIndex

_OPEN_QUOTE = re.compile(r"[rRuUbBfF]{0,2}(\"\"\"|'''|\"|')")


def render_doc(doc: DocBlock, body: str, lines: LineIndex) -> str | None:
    """``body`` (cleaned docstring text) written back with the doc's delimiters and indentation;
    None when that text would not stay one docstring or comment (see :func:`breakout`)."""
    new = _render(doc, body, lines)
    if new is None or breakout(doc, new) is not None:
        return None
    return new


# characters that end a line for some language's lexer although Python's str.split("\n") keeps them
_OTHER_LINE_ENDS = ("\r", "\u2028", "\u2029", "\x85", "\x0b", "\x0c")
_JAVA_UNICODE_ESCAPE = re.compile(r"\\u+([0-9a-fA-F]{4})")


def breakout(doc: DocBlock, new_text: str) -> str | None:
    """Why replacing ``doc`` by ``new_text`` could change code outside it, or None when it
    cannot: the text must be exactly one string literal (a docstring), one block comment, or
    lines that each are a comment. Model output is data: a docstring whose text closes the
    quotes (or the comment) and writes code after them is refused here."""
    path = doc.path
    if doc.kind in ("javadoc", "jsdoc"):
        text = new_text
        if path.endswith(".java"):  # Java reads \uXXXX escapes before it sees comments
            text = _JAVA_UNICODE_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)
        if not text.startswith("/*") or not text.endswith("*/") or text.find("*/", 2) != len(text) - 2:
            return "the new text closes the comment before its end"
        return None
    if doc.kind == "comment":
        if any(c in new_text for c in _OTHER_LINE_ENDS):
            return "the new text holds a line break that the language reads as the end of the comment"
        markers = "//" if path.endswith((".java", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")) \
            else "#"
        for row in new_text.split("\n"):
            if not row.lstrip().startswith(markers):
                return "a line of the new text is not a comment"
        return None
    return _not_one_string(new_text)


def _not_one_string(text: str) -> str | None:
    """Why ``text`` is not exactly one Python string literal, or None."""
    import ast
    import io
    import tokenize

    try:
        toks = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
                if t.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER)]
    except (tokenize.TokenError, SyntaxError, ValueError):
        return "the new text is not a complete string literal"
    if len(toks) != 1 or toks[0].type != tokenize.STRING or toks[0].start != (1, 0) or \
            toks[0].string != text:
        return "the new text closes the docstring's quotes before its end"
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return "the new text is not a valid string literal"
    return None if isinstance(value, str) else "the new text is not a text string"


def _render(doc: DocBlock, body: str, lines: LineIndex) -> str | None:
    start = lines.offset(doc.range.start)
    end = lines.offset(doc.range.end)
    raw = lines.text[start:end]
    first_line = lines.line_text(doc.range.start.line)
    indent = first_line[: len(first_line) - len(first_line.lstrip())]
    rows = body.split("\n") if body else [""]
    if doc.kind in ("javadoc", "jsdoc"):
        if len(rows) == 1 and "\n" not in raw:
            return f"/** {rows[0]} */"
        inner = "\n".join(f"{indent} * {r}" if r else f"{indent} *" for r in rows)
        return f"/**\n{inner}\n{indent} */"
    if doc.kind == "comment":
        marker = "//" if raw.lstrip().startswith("//") else "#"
        return f"\n{indent}".join(f"{marker} {r}" if r else marker for r in rows)
    m = _OPEN_QUOTE.match(raw)
    if m is None:
        return None
    prefix, quote = raw[: m.start(1)], m.group(1)
    if len(rows) > 1 and len(quote) == 1:
        quote = quote * 3
    newline_first = raw[m.end() :].startswith(("\n", "\r\n"))
    if len(rows) == 1 and not newline_first:
        return f"{prefix}{quote}{rows[0]}{quote}"
    tail = [f"{indent}{r}" if r else "" for r in rows[1:]]
    head = f"{prefix}{quote}\n{indent}{rows[0]}" if newline_first else f"{prefix}{quote}{rows[0]}"
    return "\n".join([head, *tail, f"{indent}{quote}"])
