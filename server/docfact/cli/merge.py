"""``docfact merge``: one report from the reports of ``docfact check --shard I/N`` runs.

Inputs are JSON reports or SARIF logs written with ``--shard`` (each carries its shard record,
see :mod:`docfact.cli.shard`). Files, docs and findings are put back in the order of the whole
run, and the project score is computed from the docs as ``docfact check`` computes it, so the
merged report equals the report of an unsharded run. The shards must come from one split (same
N, same number of files and criteria) and be complete: a missing or repeated shard is an error.
SARIF output can be made from JSON or SARIF inputs; JSON output needs JSON inputs (a SARIF log
has no docs or scores).

Reports are input like any file: each is checked before it is used (at most 256 MB; the shard
record's numbers whole and in range; every doc, finding and result with the fields and types
docfact writes). Nothing is sized by a number a report states, only by the entries it holds, so
a 300-byte report claiming a billion shards is refused in a moment, with a one-line error.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docfact.cli.errors import UsageError
from docfact.cli.report import DocRow, FileRow, FindingRow, Report, emit, visible
from docfact.cli.reporters import sarif_uri

_FROM_SARIF_LEVEL = {"error": "error", "warning": "warning", "note": "information", "none": "hint"}
_MAX_REPORT_BYTES = 256 * 1024 * 1024
_CRITERIA = ("C1", "C2", "C3", "C4")


@dataclass
class ShardReport:
    """One input: its shard record and its parsed document."""

    source: str
    kind: str  # "json" or "sarif"
    index: int
    count: int
    total: int
    criteria: int
    files: list[tuple[int, str]]
    doc: dict[str, Any] = field(repr=False)


class _Damaged(Exception):
    """A report field that is not what docfact writes (its message names the field)."""


def _int(value: Any, what: str, low: int = 0, high: float = math.inf) -> int:
    if type(value) is not int or not low <= value <= high:  # bool and 1e9 (a float) are refused
        raise _Damaged(f"{what} is not a whole number from {low}" + ("" if high == math.inf else f" to {int(high)}"))
    return value


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise _Damaged(f"{what} is not a string")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise _Damaged(f"{what} is not a list")
    return value


def _dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Damaged(f"{what} is not an object")
    return value


def _score(value: Any, what: str) -> float:
    if type(value) not in (int, float) or not 0.0 <= value <= 1.0:  # NaN fails both comparisons
        raise _Damaged(f"{what} is not a score from 0 to 1")
    return float(value)


def _check_json(doc: dict[str, Any]) -> None:
    """The docs, findings and skipped files of a JSON report have docfact's fields and types."""
    for i, d in enumerate(_list(doc.get("docs", []), "docs")):
        d = _dict(d, f"docs[{i}]")
        for key in ("path", "symbol", "kind"):
            _str(d.get(key), f"docs[{i}].{key}")
        _int(d.get("line"), f"docs[{i}].line", 1)
        _int(d.get("sentences"), f"docs[{i}].sentences")
        _score(d.get("score"), f"docs[{i}].score")
    for i, f in enumerate(_list(doc["findings"], "findings")):
        f = _dict(f, f"findings[{i}]")
        for key in ("path", "rule", "judge", "message", "sentence", "symbol"):
            _str(f.get(key), f"findings[{i}].{key}")
        for key in ("line", "column", "end_line", "end_column"):
            _int(f.get(key), f"findings[{i}].{key}", 1)
        if f.get("criterion") not in _CRITERIA:
            raise _Damaged(f"findings[{i}].criterion is not one of {', '.join(_CRITERIA)}")
        _str(f.get("severity", "warning"), f"findings[{i}].severity")
        if f.get("fix") is not None:
            _str(f["fix"], f"findings[{i}].fix")
    for i, x in enumerate(_list(doc.get("skipped", []), "skipped")):
        x = _dict(x, f"skipped[{i}]")
        _str(x.get("path"), f"skipped[{i}].path")
        _str(x.get("reason"), f"skipped[{i}].reason")
    for i, x in enumerate(_list(doc.get("skipped_docs", []), "skipped_docs")):
        x = _dict(x, f"skipped_docs[{i}]")
        for key in ("path", "symbol", "reason"):
            _str(x.get(key), f"skipped_docs[{i}].{key}")
        _int(x.get("line"), f"skipped_docs[{i}].line", 1)


def _check_sarif(run: dict[str, Any]) -> None:
    """The rules and results of a SARIF run have the fields the merge reads."""
    driver = _dict(_dict(run.get("tool", {}), "tool").get("driver", {}), "tool.driver")
    for i, rule in enumerate(_list(driver.get("rules", []), "tool.driver.rules")):
        _str(_dict(rule, f"rules[{i}]").get("id"), f"rules[{i}].id")
    for i, r in enumerate(_list(run.get("results", []), "results")):
        r = _dict(r, f"results[{i}]")
        locations = _list(r.get("locations"), f"results[{i}].locations")
        if not locations:
            raise _Damaged(f"results[{i}].locations is empty")
        physical = _dict(_dict(locations[0], f"results[{i}].locations[0]").get("physicalLocation"),
                         f"results[{i}].physicalLocation")
        _str(_dict(physical.get("artifactLocation"), f"results[{i}].artifactLocation").get("uri"),
             f"results[{i}].artifactLocation.uri")
        _str(r.get("level", "warning"), f"results[{i}].level")
    _dict(run.get("properties", {}), "properties")


def _read(path: str) -> ShardReport:
    p = Path(path)
    shown = visible(path)
    try:
        if not p.is_file():
            raise UsageError(f"{shown}: no such file" if not p.exists() else f"{shown}: not a regular file")
        if p.stat().st_size > _MAX_REPORT_BYTES:
            raise UsageError(f"{shown}: larger than 256 MB; not a docfact report")
        doc = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{shown}: cannot read it: {visible(str(exc))}") from None
    except ValueError as exc:
        raise UsageError(f"{shown}: not JSON ({visible(str(exc))})") from None
    except RecursionError:
        raise UsageError(f"{shown}: not a docfact report (nested too deeply)") from None
    if not isinstance(doc, dict):
        raise UsageError(f"{shown}: not a docfact JSON report or SARIF log")
    try:
        if isinstance(doc.get("runs"), list):
            kind = "sarif"
            runs = doc["runs"]
            if len(runs) != 1 or not isinstance(runs[0], dict):
                raise UsageError(f"{shown}: expected a SARIF log with one run "
                                 "(written by docfact check --format sarif)")
            _check_sarif(runs[0])
            record = runs[0].get("properties", {}).get("docfact.shard")
        elif doc.get("version") == 1 and isinstance(doc.get("findings"), list):
            kind = "json"
            _check_json(doc)
            record = doc.get("shard")
        else:
            raise UsageError(f"{shown}: not a docfact JSON report or SARIF log")
    except _Damaged as exc:
        raise UsageError(f"{shown}: damaged: {exc}; was it edited?") from None
    if record is None:
        raise UsageError(f"{shown}: not a shard report (write it with docfact check --shard I/N)")
    try:
        record = _dict(record, "the shard record")
        count = _int(record.get("count"), "count", 1)
        index = _int(record.get("index"), "index", 1, count)
        total = _int(record.get("total_files"), "total_files")
        criteria = _int(record.get("criteria"), "criteria", 1, len(_CRITERIA))
        files = []
        for i, pair in enumerate(_list(record.get("files"), "files")):
            if not isinstance(pair, list) or len(pair) != 2:
                raise _Damaged(f"files[{i}] is not a [position, path] pair")
            files.append((_int(pair[0], f"files[{i}] position", 0, total - 1), _str(pair[1], f"files[{i}] path")))
    except _Damaged as exc:
        raise UsageError(f"{shown}: its shard record is damaged ({exc})") from None
    return ShardReport(path, kind, index, count, total, criteria, files, doc)


def _check_complete(shards: list[ShardReport]) -> None:
    first = shards[0]
    for s in shards[1:]:
        for what, a, b in (("number of shards", first.count, s.count), ("number of files", first.total, s.total),
                           ("number of criteria", first.criteria, s.criteria)):
            if a != b:
                raise UsageError(f"{s.source} and {first.source} come from different runs ({what}: {b} and {a})")
    by_index: dict[int, str] = {}
    for s in shards:
        if s.index in by_index:
            raise UsageError(f"shard {s.index}/{s.count} given twice ({by_index[s.index]} and {s.source})")
        by_index[s.index] = s.source
    if len(by_index) != first.count:  # the count is the reports' word: list a few, never all
        missing = list(itertools.islice((i for i in range(1, first.count + 1) if i not in by_index), 5))
        more = first.count - len(by_index) - len(missing)
        raise UsageError(f"shard(s) {', '.join(f'{i}/{first.count}' for i in missing)}"
                         f"{f' and {more} more' if more else ''} missing: merge needs the reports of all shards")
    seen: dict[int, str] = {}
    for s in shards:
        for pos, _ in s.files:
            if pos in seen:
                raise UsageError(f"{s.source} and {seen[pos]} both report file number {pos + 1}")
            seen[pos] = s.source
    if len(seen) != first.total:
        raise UsageError(f"the shards report {len(seen)} of the run's {first.total} files")


def _by_path(items: list[Any], path_of: Any) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for item in items:
        out.setdefault(path_of(item), []).append(item)
    return out


def _ordered(shards: list[ShardReport], items_of: Any, path_of: Any, disp_key: Any) -> list[Any]:
    """Every shard's items (docs, findings, results) in the order of the whole run's files."""
    placed: list[tuple[int, list[Any]]] = []
    for s in shards:
        groups = _by_path(items_of(s), path_of)
        for pos, disp in s.files:
            placed.append((pos, groups.pop(disp_key(disp), [])))
        if groups:
            raise UsageError(f"{visible(s.source)}: reports on {visible(str(next(iter(groups))))}, "
                             "which its shard record does not list")
    placed.sort(key=lambda x: x[0])
    return [item for _, group in placed for item in group]


def _finding(f: dict[str, Any]) -> FindingRow:
    return FindingRow(
        path=f["path"], line=f["line"], column=f["column"], end_line=f["end_line"], end_column=f["end_column"],
        criterion=f["criterion"], rule=f["rule"], judge=f["judge"], message=f["message"], sentence=f["sentence"],
        symbol=f["symbol"], severity=f.get("severity", "warning"), fix=f.get("fix"))


def merge_json(shards: list[ShardReport]) -> Report:
    """The whole run's report from complete JSON shard reports."""
    first = shards[0]
    try:
        docs = _ordered(shards, lambda s: s.doc["docs"], lambda d: d["path"], lambda p: p)
        findings = _ordered(shards, lambda s: s.doc["findings"], lambda f: f["path"], lambda p: p)
        rep = Report(skipped=[(x["path"], x["reason"]) for x in first.doc.get("skipped", [])])
        late: dict[str, list[tuple[int, str, str]]] = {}  # the docs each shard skipped for time
        for s in shards:
            for x in s.doc.get("skipped_docs", []):
                late.setdefault(x["path"], []).append((x["line"], x["symbol"], x["reason"]))
        rep.files = [FileRow(disp, 1.0, 0, 0, None, skipped_docs=tuple(late.get(disp, ())))
                     for _, disp in sorted(p for s in shards for p in s.files)]
        rep.docs = [DocRow(d["path"], d["symbol"], d["line"], d["kind"], d["sentences"], d["score"]) for d in docs]
        rep.findings = [_finding(f) for f in findings]
    except (KeyError, TypeError) as exc:
        raise UsageError(f"a shard report lacks a field docfact writes ({exc}); was it edited?") from None
    pairs = good = 0.0  # as docfact check computes the project score
    for d in rep.docs:
        n = d.sentences * first.criteria
        pairs += n
        good += d.score * n
    rep.score = round(good / pairs, 4) if pairs else 1.0
    return rep


def merge_sarif(shards: list[ShardReport]) -> dict[str, Any]:
    """One SARIF log (one run) from complete SARIF shard logs: results in run order, rules merged."""
    base: dict[str, Any] = json.loads(json.dumps(shards[0].doc))
    run = base["runs"][0]
    rules: list[Any] = []
    ids: set[str] = set()
    for s in shards:
        for rule in s.doc["runs"][0].get("tool", {}).get("driver", {}).get("rules", []):
            if rule.get("id") not in ids:
                ids.add(rule.get("id"))
                rules.append(rule)
    run.setdefault("tool", {}).setdefault("driver", {})["rules"] = rules
    run["results"] = _ordered(
        shards, lambda s: s.doc["runs"][0].get("results", []),
        lambda r: r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        sarif_uri)
    notes: dict[str, Any] = {}  # every shard lists the files the scan skipped: keep each once
    for s in shards:
        for inv in s.doc["runs"][0].get("invocations", []):
            for n in inv.get("toolExecutionNotifications", []):
                notes.setdefault(json.dumps(n, sort_keys=True), n)
    run["invocations"] = [{"executionSuccessful": True, "toolExecutionNotifications": list(notes.values())}]
    props = run.get("properties", {})
    props.pop("docfact.shard", None)
    if not props:
        run.pop("properties", None)
    return base


def run_merge(args: argparse.Namespace) -> int:
    from docfact.cli import reporters

    shards = [_read(p) for p in args.reports]
    _check_complete(shards)
    kinds = {s.kind for s in shards}
    if len(kinds) > 1:
        raise UsageError("give either JSON reports or SARIF logs, not both")
    if args.format == "json":
        if kinds != {"json"}:
            raise UsageError("--format json needs JSON shard reports (SARIF logs have no docs or scores)")
        report = merge_json(shards)
        out = reporters.as_json(report)
        severities = [f.severity for f in report.findings]
    elif kinds == {"json"}:
        report = merge_json(shards)
        out = reporters.sarif(report)
        severities = [f.severity for f in report.findings]
    else:
        log = merge_sarif(shards)
        out = json.dumps(log, indent=2) + "\n"
        severities = [_FROM_SARIF_LEVEL.get(r.get("level", "warning"), "warning") for r in log["runs"][0]["results"]]
    return emit(out, args.output, severities, args.fail_on)
