"""``docfact merge``: one report from the reports of ``docfact check --shard I/N`` runs.

Inputs are JSON reports or SARIF logs written with ``--shard`` (each carries its shard record,
see :mod:`docfact.cli.shard`). Files, docs and findings are put back in the order of the whole
run, and the project score is computed from the docs as ``docfact check`` computes it, so the
merged report equals the report of an unsharded run. The shards must come from one split (same
N, same number of files and criteria) and be complete: a missing or repeated shard is an error.
SARIF output can be made from JSON or SARIF inputs; JSON output needs JSON inputs (a SARIF log
has no docs or scores).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docfact.cli.errors import UsageError
from docfact.cli.report import DocRow, FileRow, FindingRow, Report, emit

_FROM_SARIF_LEVEL = {"error": "error", "warning": "warning", "note": "information", "none": "hint"}
_MAX_REPORT_BYTES = 2_000_000_000


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


def _read(path: str) -> ShardReport:
    p = Path(path)
    try:
        if p.stat().st_size > _MAX_REPORT_BYTES:
            raise UsageError(f"{path}: larger than 2 GB; not a docfact report")
        doc = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read it: {exc}") from None
    except ValueError as exc:
        raise UsageError(f"{path}: not JSON ({exc})") from None
    if not isinstance(doc, dict):
        raise UsageError(f"{path}: not a docfact JSON report or SARIF log")
    if isinstance(doc.get("runs"), list):
        kind = "sarif"
        runs = doc["runs"]
        if len(runs) != 1 or not isinstance(runs[0], dict):
            raise UsageError(f"{path}: expected a SARIF log with one run (written by docfact check --format sarif)")
        record = (runs[0].get("properties") or {}).get("docfact.shard")
    elif doc.get("version") == 1 and isinstance(doc.get("findings"), list):
        kind = "json"
        record = doc.get("shard")
    else:
        raise UsageError(f"{path}: not a docfact JSON report or SARIF log")
    if record is None:
        raise UsageError(f"{path}: not a shard report (write it with docfact check --shard I/N)")
    try:
        files = [(int(pos), str(disp)) for pos, disp in record["files"]]
        rep = ShardReport(path, kind, int(record["index"]), int(record["count"]), int(record["total_files"]),
                          int(record["criteria"]), files, doc)
    except (KeyError, TypeError, ValueError):
        raise UsageError(f"{path}: its shard record is damaged") from None
    if any(not 0 <= pos < rep.total for pos, _ in files):
        raise UsageError(f"{path}: its shard record is damaged (a file position out of range)")
    return rep


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
    missing = [i for i in range(1, first.count + 1) if i not in by_index]
    if missing:
        raise UsageError(f"shard(s) {', '.join(f'{i}/{first.count}' for i in missing)} missing: "
                         "merge needs the reports of all shards")
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
            raise UsageError(f"{s.source}: reports on {next(iter(groups))}, which its shard record does not list")
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
        rep.files = [FileRow(disp, 1.0, 0, 0, None) for _, disp in sorted(p for s in shards for p in s.files)]
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
    base = json.loads(json.dumps(shards[0].doc))
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
        lambda p: p.replace("\\", "/"))
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
