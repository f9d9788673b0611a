"""The JSON report: the same text as ``json.dumps(..., indent=2)`` of the design.md contract."""

from __future__ import annotations

import json

import pytest

from docfact.cli.report import DocRow, FileRow, FindingRow, Report
from docfact.cli.reporters import as_json


def _contract(rep: Report) -> str:
    obj = {
        "version": 1, "files": len(rep.files), "docstrings": len(rep.docs), "score": rep.score,
        "docs": [{"path": d.path, "symbol": d.symbol, "line": d.line, "kind": d.kind,
                  "sentences": d.sentences, "score": d.score} for d in rep.docs],
        "findings": [f.as_json() for f in rep.findings],
        "skipped": [{"path": p, "reason": r} for p, r in rep.skipped],
        "skipped_docs": [{"path": f.path, "line": line, "symbol": symbol, "reason": reason}
                         for f in rep.files for line, symbol, reason in f.skipped_docs],
    }
    return json.dumps(obj, indent=2) + "\n"


DOCS = [
    DocRow("a.py", "f", 1, "docstring", 2, 1.0),
    DocRow('dir "q"/b\\c.py', "Cls.méth\u2028😀", 10, "comment", 0, 0.3333),
    DocRow("tab\there.py", "g\n", 3, "docstring", 7, 0.0),
]
FINDING = FindingRow("a.py", 1, 2, 1, 9, "C1", "unknown-param", "static", "no «x»", "Use x.", "f",
                     "warning", fix="y")


@pytest.mark.parametrize("docs", [[], DOCS[:1], DOCS])
@pytest.mark.parametrize("findings", [[], [FINDING]])
@pytest.mark.parametrize("skipped", [[], [("bin.py", "binary file")]])
@pytest.mark.parametrize("files", [[], [FileRow("a.py", 0.5, 1, 1, "note", skipped_docs=((7, "g", "too slow"),))]])
def test_json_report_is_the_contract_text(docs: list[DocRow], findings: list[FindingRow],
                                          skipped: list[tuple[str, str]], files: list[FileRow]) -> None:
    rep = Report(files=list(files), docs=list(docs), findings=list(findings), skipped=list(skipped), score=0.875)
    out = as_json(rep)
    assert out == _contract(rep)
    assert json.loads(out)["docs"][-1:] == [{"path": d.path, "symbol": d.symbol, "line": d.line, "kind": d.kind,
                                              "sentences": d.sentences, "score": d.score} for d in docs[-1:]]
