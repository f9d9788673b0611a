"""Reporters: text (like ruff), json (design.md contract), sarif 2.1.0, github annotations, html."""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import quote

from docfact import __version__
from docfact.cli.report import DOCS_URL, Report, visible
from docfact.model import CRITERION_MEANINGS, CRITERION_NAMES


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def text(rep: Report, color: bool = False) -> str:
    """The terminal report. Every string from the checked files (paths, sentences, messages that
    quote them) goes through :func:`~docfact.cli.report.visible`: a control character in a
    docstring or a file name is shown as ``\\x1b``, never sent to the terminal."""
    def c(code: str, s: str) -> str:
        return f"\x1b[{code}m{s}\x1b[0m" if color else s

    v = visible
    out: list[str] = []
    for f in rep.findings:
        head = (f"{c('1', v(f.path))}:{f.line}:{f.column}: "
                f"{c('31;1' if f.severity in ('error', 'warning') else '36', v(f.criterion))} "
                f"{v(f.message)} [{v(f.rule)}]")
        out.append(head)
        out.append(f"    {c('2', v(f.sentence))}")
        if f.fix_title:
            out.append(f"    {c('32', 'fix:')} {v(f.fix_title)}")
    for path, reason in rep.skipped:
        out.append(f"{v(path)}: skipped: {v(reason)}")
    for fr in rep.files:
        if fr.error:
            out.append(f"{v(fr.path)}: note: {v(fr.error)}")
    n = len(rep.findings)
    out.append(
        f"{'Found' if n else 'No findings:'} {n if n else ''}"
        f"{' finding' + ('s' if n != 1 else '') + ' in' if n else ''} "
        f"{_count(len(rep.docs), 'docstring/comment', 'docstrings/comments')} across "
        f"{_count(len(rep.files), 'file', 'files')}; score {rep.score:.3f}".replace("  ", " ")
        + (f"; {_count(len(late), 'doc', 'docs')} not judged: skipped by a time bound (see the notes above)"
           if (late := rep.skipped_docs) else "")
    )
    return "\n".join(out) + "\n"


def as_json(rep: Report) -> str:
    return "".join(json_parts(rep))


_DOCS_AT_ONCE = 1000  # doc records per piece of json_parts


def json_parts(rep: Report) -> Iterator[str]:
    """The JSON report's text (:func:`as_json`) in pieces, its docs a thousand at a time, for
    writing a large report without building it whole (70,000 docs made 30 MB at once)."""
    head = json.dumps({"version": 1, "files": len(rep.files), "docstrings": len(rep.docs), "score": rep.score},
                      indent=2)
    # the same text json.dumps(indent=2) gives for the whole object; the docs, one flat record
    # per docstring (ten thousand on Django), are written directly: the encoder json uses with
    # an indent is pure Python and took most of an unchanged re-run's report time
    esc = json.encoder.encode_basestring_ascii
    yield f'{head[:-2]},\n  "docs": '
    docs = rep.docs
    yield "[\n" if docs else "[]"
    for n in range(0, len(docs), _DOCS_AT_ONCE):
        yield (",\n" if n else "") + ",\n".join(
            f'    {{\n      "path": {esc(d.path)},\n      "symbol": {esc(d.symbol)},\n      "line": {int(d.line)},'
            f'\n      "kind": {esc(d.kind)},\n      "sentences": {int(d.sentences)},'
            f'\n      "score": {json.dumps(d.score)}\n    }}'
            for d in docs[n:n + _DOCS_AT_ONCE])
    if docs:
        yield "\n  ]"
    tail = json.dumps({"findings": [f.as_json() for f in rep.findings],
                       "skipped": [{"path": p, "reason": r} for p, r in rep.skipped],
                       "skipped_docs": [{"path": p, "line": n, "symbol": s, "reason": r}
                                        for p, n, s, r in rep.skipped_docs]}, indent=2)
    yield f",\n{tail[2:]}\n"


_SARIF_LEVEL = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}


RULES_URL = "https://github.com/docfact/docfact/blob/main/docs/rules.md#{anchor}"


def sarif_rules(extra: dict[str, str]) -> list[dict[str, object]]:
    """SARIF reporting descriptors: one per registered rule (from the rule registry, criterion by
    criterion, each before the rules it supersedes), then one per other rule id in ``extra``
    (such as an LLM judge's ``C1.llm``, with the text to describe it)."""
    from docfact.judges.registry import RULES, maturity_of

    level = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}
    rules: list[dict[str, object]] = [
        {
            "id": r.id,
            "name": r.name,
            "shortDescription": {"text": r.summary},
            "fullDescription": {"text": r.explanation},
            "helpUri": RULES_URL.format(anchor=r.id.lower().replace(".", "")),
            "help": {"text": r.explanation},
            "defaultConfiguration": {"level": level[r.default_severity]},
            "properties": {"criterion": r.criterion, "maturity": maturity_of(r).maturity,
                           "languages": list(r.languages) or ["all"]},
        }
        for r in RULES
    ]
    known = {r.id for r in RULES}
    rules += [
        {
            "id": rid,
            "name": "".join(p.title() for p in rid.split(".", 1)[-1].split("-")),
            "shortDescription": {"text": text},
            "fullDescription": {"text": f"{CRITERION_NAMES.get(rid[:2], rid[:2])}: {text}"},
            "helpUri": f"{DOCS_URL}",
            "defaultConfiguration": {"level": "note" if rid.startswith("C4") else "warning"},
            "properties": {"criterion": rid[:2], "maturity": "preview"},
        }
        for rid, text in extra.items() if rid not in known
    ]
    return rules


def sarif(rep: Report) -> str:
    """SARIF 2.1.0: one reporting descriptor per rule id (the registry's rules, then any other
    rule a finding names, such as an LLM judge's ``C1.llm``); each result points at its rule by
    ``ruleId`` and ``ruleIndex``."""
    extra: dict[str, str] = {}
    for f in rep.findings:
        extra.setdefault(f.rule, f"A sentence is flagged when {CRITERION_MEANINGS.get(f.criterion, f.criterion)}.")
    rules = sarif_rules(extra)
    index = {r["id"]: i for i, r in enumerate(rules)}
    results = []
    for f in rep.findings:
        res: dict[str, object] = {
            "ruleId": f.rule,
            "ruleIndex": index[f.rule],
            "level": _SARIF_LEVEL.get(f.severity, "warning"),
            "message": {"text": f"{f.message} ({f.rule})"},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": {"uri": sarif_uri(f.path)},
                    "region": {"startLine": f.line, "startColumn": f.column,
                               "endLine": f.end_line, "endColumn": f.end_column,
                               "snippet": {"text": f.sentence}},
                }
            }],
            "properties": {"criterion": f.criterion, "rule": f.rule, "judge": f.judge, "symbol": f.symbol},
        }
        results.append(res)
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "docfact", "version": __version__,
                                "informationUri": DOCS_URL, "rules": rules}},
            "columnKind": "utf16CodeUnits",
            "results": results,
            "invocations": [{"executionSuccessful": True, "toolExecutionNotifications": sarif_notifications(rep)}],
        }],
    }
    return json.dumps(doc, indent=2) + "\n"


def sarif_notifications(rep: Report) -> list[dict[str, object]]:
    """What the run left unjudged, as SARIF notifications: each skipped file (``skipped``) and
    each doc a time bound skipped (``skipped_docs``), with its reason and place."""
    out: list[dict[str, object]] = []
    for path, reason in rep.skipped:
        out.append({"level": "note", "message": {"text": f"skipped: {reason}"},
                    "locations": [{"physicalLocation": {"artifactLocation": {"uri": sarif_uri(path)}}}]})
    for path, line, symbol, reason in rep.skipped_docs:
        out.append({"level": "warning", "message": {"text": f"the doc of `{symbol}` was not judged: {reason}"},
                    "locations": [{"physicalLocation": {"artifactLocation": {"uri": sarif_uri(path)},
                                                        "region": {"startLine": line}}}]})
    return out


def sarif_uri(path: str) -> str:
    """A report path as a SARIF artifact URI: a relative reference (RFC 3986) with ``/``
    separators, every other reserved or non-ASCII character percent-encoded (``a b#1.py`` is
    ``a%20b%231.py``)."""
    return quote(path.replace("\\", "/"), safe="/")


_GH_LEVEL = {"error": "error", "warning": "warning", "information": "notice", "hint": "notice"}


def _gh_data(s: str) -> str:
    """A workflow command's message, encoded as GitHub's runner decodes it."""
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(s: str) -> str:
    """A workflow command's property value: ``:`` and ``,`` also encoded, so that a file named
    ``a,line=99,title=X.py`` stays one ``file`` value."""
    return _gh_data(s).replace(":", "%3A").replace(",", "%2C")


def github(rep: Report) -> str:
    lines = []
    for f in rep.findings:
        title = f"{f.criterion} {CRITERION_NAMES.get(f.criterion, '')}".strip()
        props = (f"file={_gh_property(f.path)},line={f.line},col={f.column},endLine={f.end_line},"
                 f"endColumn={f.end_column},title={_gh_property(title)}")
        # the message is shown in the job log, a terminal: its control characters are escaped
        # as in the text report; the file is kept exact, for the annotation to find its file
        lines.append(f"::{_GH_LEVEL.get(f.severity, 'warning')} {props}::{_gh_data(visible(f.message))}")
    return "\n".join(lines) + ("\n" if lines else "")


def html_report(rep: Report) -> str:
    """A self-contained page a person reads: a summary, then each finding beside its sentence
    (see :mod:`docfact.cli.html_report`)."""
    from docfact.cli.html_report import render

    return render(rep)


FORMATS = {"text": text, "json": as_json, "sarif": sarif, "github": github, "html": html_report}
