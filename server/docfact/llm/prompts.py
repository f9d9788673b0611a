"""Prompt templates: loading from the packaged ``prompts/`` folder, versions, and rendering.

A template file starts with a version line (``<!-- version: N -->``) followed by a
``<!-- system -->`` part and a ``<!-- user -->`` part; rendering turns it into chat messages.
Placeholders are ``{{name}}``. Rendering is a single pass, so a value that itself contains
``{{code}}`` is inserted literally and never expanded. Values are untrusted text (docstrings,
code): any ``<data`` / ``</data`` inside them is escaped so they cannot close or open the
delimited data blocks the templates put them in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

TEMPLATE_NAMES = ("judge_criterion", "judge_batched", "second_look", "generate_docstring")

_VERSION_RE = re.compile(r"\A<!--\s*version:\s*([\w.-]+)\s*-->\s*\n")
_PART_RE = re.compile(r"^<!--\s*(system|user)\s*-->\s*$", re.MULTILINE)
_VAR_RE = re.compile(r"\{\{\s*([a-z_]+)\s*\}\}")
_DATA_TAG_RE = re.compile(r"<(/?)(data)\b", re.IGNORECASE)

Message = dict[str, str]


class TemplateError(ValueError):
    """A template file is malformed, or rendering lacks a variable the template uses."""


@dataclass(frozen=True)
class Template:
    """One parsed template: its name, version and the text of each chat role."""

    name: str
    version: str
    parts: tuple[tuple[str, str], ...]  # (role, text) in order

    @property
    def variables(self) -> set[str]:
        """The placeholder names the template uses."""
        return {m.group(1) for _, text in self.parts for m in _VAR_RE.finditer(text)}

    def render(self, **values: str) -> list[Message]:
        """Fill the placeholders and return chat messages; a missing variable is an error."""
        missing = self.variables - values.keys()
        if missing:
            raise TemplateError(f"template {self.name!r} needs {', '.join(sorted(missing))}")
        safe = {k: escape_data(v) for k, v in values.items()}
        return [
            {"role": role, "content": _VAR_RE.sub(lambda m: safe[m.group(1)], text)}
            for role, text in self.parts
        ]


def escape_data(value: str) -> str:
    """Neutralise ``<data``/``</data`` so untrusted text cannot break out of its data block."""
    return _DATA_TAG_RE.sub(lambda m: f"&lt;{m.group(1)}{m.group(2)}", value)


def parse_template(name: str, text: str) -> Template:
    """Parse the text of a template file (see the module docstring for the format)."""
    m = _VERSION_RE.match(text)
    if not m:
        raise TemplateError(f"template {name!r} must start with '<!-- version: N -->'")
    body = text[m.end():]
    marks = list(_PART_RE.finditer(body))
    if not marks or body[: marks[0].start()].strip():
        raise TemplateError(f"template {name!r} needs '<!-- system -->' / '<!-- user -->' parts")
    parts: list[tuple[str, str]] = []
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(body)
        parts.append((mark.group(1), body[mark.end():end].strip("\n")))
    return Template(name=name, version=m.group(1), parts=tuple(parts))


@cache
def load_template(name: str) -> Template:
    """Load a packaged template (``docfact/prompts/<name>.md``); cached per process."""
    if name not in TEMPLATE_NAMES:
        raise TemplateError(f"unknown template {name!r}")
    text = resources.files("docfact").joinpath("prompts").joinpath(f"{name}.md").read_text(encoding="utf-8")
    return parse_template(name, text)


def template_versions() -> dict[str, str]:
    """``{template name: version}`` for every packaged template."""
    return {n: load_template(n).version for n in TEMPLATE_NAMES}
