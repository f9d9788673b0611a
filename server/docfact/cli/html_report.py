"""The HTML report: one self-contained page (no script, no external asset) that a person reads.

A summary comes first (findings by criterion and by rule, the files with findings ranked, the
score by folder), then each file with findings: its flagged docstrings as source lines, every
finding's message, rule and fix placed right after the lines of its sentence. The filters are
checkboxes and a select that hide findings through CSS ``:has()``, so they work with JavaScript
off; where ``:has()`` is missing every finding stays shown. Every string from the checked files
is escaped, and the page's Content-Security-Policy allows no script at all.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from docfact.cli.html_source import Span, escape, prose, source_line, span_of
from docfact.cli.html_style import STYLE
from docfact.cli.report import DocRow, FileRow, FindingRow, Report
from docfact.model import CRITERION_NAMES


def render(rep: Report) -> str:
    """The whole page for ``rep``: head, summary, filters, then the details of every file with
    findings (files without findings appear only in the summary's table of all files)."""
    ctx = _Context(rep)
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; style-src 'unsafe-inline'\">",
        f"<title>docfact report — score {rep.score:.3f}</title>",
        f"<style>{STYLE}{ctx.filter_css()}</style></head><body>",
        "<header><h1>docfact report</h1>",
        "<nav class='top'><a href='#summary'>Summary</a><a href='#findings'>Findings</a>"
        "<a href='#all-files'>All files</a></nav></header>",
        ctx.summary(),
        ctx.findings(),
        "</body></html>",
    ]
    return "".join(parts)


def _bar(score: float) -> str:
    level = "" if score >= 0.95 else " mid" if score >= 0.85 else " low"
    return f"<div class='bar{level}'><span style='width:{max(0.0, min(score, 1.0)) * 100:.1f}%'></span></div>"


def _count_bar(share: float, crit: str) -> str:
    return f"<div class='bar'><span class='{crit}' style='width:{share * 100:.1f}%'></span></div>"


class _Context:
    """The report's data grouped once: files with findings (and their anchor ids), docs and
    findings per file, rule indices for the filters."""

    def __init__(self, rep: Report) -> None:
        self.rep = rep
        self.by_path: dict[str, list[FindingRow]] = defaultdict(list)
        for f in rep.findings:
            self.by_path[f.path].append(f)
        self.docs_by_path: dict[str, list[DocRow]] = defaultdict(list)
        for d in rep.docs:
            self.docs_by_path[d.path].append(d)
        self.with_findings = [fr for fr in rep.files if self.by_path.get(fr.path)]
        self.anchor = {fr.path: f"file-{i}" for i, fr in enumerate(self.with_findings)}
        # findings whose file has no row (should not happen) still get a section
        for path in self.by_path:
            if path not in self.anchor:
                self.anchor[path] = f"file-{len(self.anchor)}"
                self.with_findings.append(FileRow(path, 0.0, 0, len(self.by_path[path]), None))
        self.rules = Counter(f.rule for f in rep.findings)
        self.rule_index = {r: i for i, r in enumerate(sorted(self.rules))}
        self.criteria = Counter(f.criterion for f in rep.findings)

    # ---- summary ---------------------------------------------------------------------------

    def summary(self) -> str:
        rep = self.rep
        n = len(rep.findings)
        out = ["<section id='summary'><h2>Summary</h2><div class='cards'>",
               "<div class='card'><h3>Project</h3>"
               f"<div class='big'><span class='score' id='project-score'>{rep.score:.3f}</span></div>",
               _bar(rep.score),
               f"<p>{n} finding{'s' if n != 1 else ''} in {len(self.with_findings)} of {len(rep.files)} "
               f"file{'s' if len(rep.files) != 1 else ''}; {len(rep.docs)} docstrings/comments checked.</p>"]
        if rep.skipped:
            out.append(f"<p class='muted'>{len(rep.skipped)} file(s) skipped (listed under All files).</p>")
        out.append("</div>")
        out.append(self._by_criterion())
        out.append(self._folder_chart())
        out.append("</div>")
        if self.rules:
            out.append(self._ranked_files())
            out.append(self._by_rule())
        out.append(self._all_files())
        out.append("</section>")
        return "".join(out)

    def _by_criterion(self) -> str:
        rows = []
        top = max(self.criteria.values(), default=0)
        for crit, name in CRITERION_NAMES.items():
            k = self.criteria.get(crit, 0)
            rows.append(f"<tr><td><span class='badge {crit}'>{crit}</span> {escape(name)}</td><td class='n'>{k}</td>"
                        f"<td style='width:35%'>{_count_bar(k / top, crit) if top and k else ''}</td></tr>")
        for crit in sorted(set(self.criteria) - set(CRITERION_NAMES)):  # e.g. a model's own label
            rows.append(f"<tr><td>{escape(crit)}</td><td class='n'>{self.criteria[crit]}</td><td></td></tr>")
        return ("<div class='card' id='by-criterion'><h3>Findings by criterion</h3><table>"
                + "".join(rows) + "</table></div>")

    def _folder_chart(self) -> str:
        weight: dict[str, float] = defaultdict(float)
        good: dict[str, float] = defaultdict(float)
        files: Counter[str] = Counter()
        found: Counter[str] = Counter()
        for fr in self.rep.files:
            folder = _folder(fr.path)
            files[folder] += 1
            found[folder] += len(self.by_path.get(fr.path, ()))
        for d in self.rep.docs:
            folder = _folder(d.path)
            weight[folder] += d.sentences
            good[folder] += d.score * d.sentences
        scores = {f: (good[f] / weight[f] if weight[f] else 1.0) for f in files}
        ranked = sorted(scores, key=lambda f: (scores[f], f))
        shown = ranked[:25]
        items = "".join(
            f"<li><span class='path'>{escape(f)}/ <small>{files[f]} file{'s' if files[f] != 1 else ''}"
            f"{f', {found[f]} finding' + ('s' if found[f] != 1 else '') if found[f] else ''}</small></span>"
            f"{_bar(scores[f])}<span class='v'>{scores[f]:.3f}</span></li>"
            for f in shown)
        more = (f"<p class='muted'>{len(ranked) - len(shown)} more folders, each scoring at least "
                f"{scores[shown[-1]]:.3f}.</p>" if len(ranked) > len(shown) else "")
        return ("<div class='card' id='by-folder'><h3>Score by folder</h3>"
                "<p class='muted'>lowest first; the share of (sentence, criterion) pairs without a finding</p>"
                f"<ul class='chart'>{items}</ul>{more}</div>")

    def _by_rule(self) -> str:
        items = "".join(
            f"<li><span class='badge {escape(r[:2])}'>{escape(r[:2])}</span> <code>{escape(r)}</code> <b>{k}</b></li>"
            for r, k in sorted(self.rules.items(), key=lambda rk: (-rk[1], rk[0])))
        return ("<h3 id='by-rule'>Findings by rule</h3><p class='muted'>most frequent first</p>"
                f"<ul class='rules'>{items}</ul>")

    def _ranked_files(self) -> str:
        ranked = sorted(self.with_findings, key=lambda fr: (-len(self.by_path[fr.path]), fr.score, fr.path))
        rows = "".join(
            f"<tr><td><a class='path' href='#{self.anchor[fr.path]}'>{escape(fr.path)}</a></td>"
            f"<td class='n'>{len(self.by_path[fr.path])}</td><td class='n'>{fr.score:.3f}</td>"
            f"<td class='n hide-narrow'>{int(fr.docs)}</td></tr>" for fr in ranked)
        return ("<h3 id='ranked-files'>Files with findings</h3><p class='muted'>most findings first, then lowest "
                "score</p><table><tr><th>file</th><th class='n'>findings</th><th class='n'>score</th>"
                f"<th class='n hide-narrow'>docs</th></tr>{rows}</table>")

    def _all_files(self) -> str:
        rows = []
        for fr in sorted(self.rep.files, key=lambda fr: fr.path):
            name = escape(fr.path)
            if fr.path in self.anchor:
                name = f"<a href='#{self.anchor[fr.path]}'>{name}</a>"
            note = f"<br><small>note: {escape(fr.error)}</small>" if fr.error else ""
            rows.append(f"<tr><td class='path'>{name}{note}</td><td class='n file-score'>{fr.score:.3f}</td>"
                        f"<td class='n'>{int(fr.docs)}</td>"
                        f"<td class='n'>{len(self.by_path.get(fr.path, ()))}</td></tr>")
        skipped = "".join(f"<tr><td class='path'>{escape(p)}</td><td colspan='3'>skipped: {escape(r)}</td></tr>"
                          for p, r in self.rep.skipped)
        return (f"<details id='all-files'><summary><h3 style='display:inline'>All files ({len(self.rep.files)})"
                "</h3> <small>score, docstrings/comments and findings of every checked file</small></summary>"
                "<table id='files'><tr><th>file</th><th class='n'>score</th><th class='n'>docs</th>"
                f"<th class='n'>findings</th></tr>{''.join(rows)}{skipped}</table></details>")

    # ---- filters and details -----------------------------------------------------------------

    def filter_css(self) -> str:
        """One rule per control: an unchecked criterion or rule hides its findings; a chosen
        file hides the other files' sections. Indices only: no file's text reaches the CSS."""
        out = [f"body:has(#fc-{c}:not(:checked)) .finding.c-{c}{{display:none}}" for c in CRITERION_NAMES]
        out += [f"body:has(#fr-{i}:not(:checked)) .finding.r-{i}{{display:none}}" for i in self.rule_index.values()]
        out += [f"body:has(#ff option[value='{a}']:checked) .file:not(#{a}){{display:none}}"
                for a in self.anchor.values()]
        return "\n".join(out)

    def _filters(self) -> str:
        crit = "".join(
            f"<label><input type='checkbox' id='fc-{c}' checked> <span class='badge {c}'>{c}</span> "
            f"{escape(CRITERION_NAMES[c])} ({self.criteria[c]})</label>"
            for c in CRITERION_NAMES if self.criteria.get(c))
        rules = "".join(
            f"<label><input type='checkbox' id='fr-{i}' checked> <code>{escape(r)}</code> ({self.rules[r]})</label>"
            for r, i in self.rule_index.items())
        files = "".join(f"<option value='{self.anchor[fr.path]}'>{escape(fr.path)}</option>"
                        for fr in self.with_findings)
        return ("<form id='filters' class='filters' action='#'><fieldset><legend>Criteria</legend>"
                f"{crit}</fieldset><details><summary>Rules ({len(self.rule_index)})</summary><fieldset>"
                f"<legend>Rules</legend>{rules}</fieldset></details><fieldset><legend>File</legend>"
                f"<select id='ff' aria-label='show one file'><option value='' selected>"
                f"all files with findings ({len(self.with_findings)})</option>{files}</select></fieldset>"
                "<p class='muted'>Unchecking hides findings; every finding is shown when the browser cannot "
                "filter.</p></form>")

    def findings(self) -> str:
        if not self.rep.findings:
            return "<section id='findings'><h2>Findings</h2><p>No findings.</p></section>"
        out = [f"<section id='findings'><h2>Findings ({len(self.rep.findings)})</h2>", self._filters()]
        counter = _Counter()
        for fr in sorted(self.with_findings, key=lambda fr: fr.path):
            out.append(self._file(fr, counter))
        out.append("</section>")
        return "".join(out)

    def _file(self, fr: FileRow, counter: _Counter) -> str:
        mine = self.by_path[fr.path]
        out = [f"<section class='file' id='{self.anchor[fr.path]}'><h2 class='path'>{escape(fr.path)}</h2>"
               f"<p class='muted'>score {fr.score:.3f} · {int(fr.docs)} docstrings/comments · "
               f"{len(mine)} finding{'s' if len(mine) != 1 else ''}</p>"]
        src = fr.text.split("\n") if fr.text else []
        placed: set[int] = set()
        for d in sorted(self.docs_by_path.get(fr.path, ()), key=lambda d: d.line):
            spans = list(dict.fromkeys(d.sentence_spans))
            keys = {s[:4] for s in spans}
            here = [f for f in mine if id(f) not in placed and span_of(f) in keys]
            if not here or not src:
                continue
            placed.update(id(f) for f in here)
            out.append(self._doc(d, spans, here, src, counter))
        rest = [f for f in mine if id(f) not in placed]
        if rest:
            out.append("<div class='doc'><h3>Other findings</h3>")
            for f in rest:
                out.append(f"<p class='quote'>line {int(f.line)}: “{escape(f.sentence)}”</p>")
                out.append(self._card(f, counter.next(), None))
            out.append("</div>")
        out.append("</section>")
        return "".join(out)

    def _doc(self, d: DocRow, spans: list[Span], here: list[FindingRow], src: list[str], counter: _Counter) -> str:
        """The doc's lines (one line of context either side) in blocks that end where a flagged
        sentence ends; each block is followed by the findings of the sentences it closes."""
        flagged = [s for s in spans if s[4]]
        sid = {s[:4]: counter.sentence() for s in flagged}
        lo = max(0, min([d.line - 1, *(s[0] for s in spans)]) - 1)
        hi = min(len(src) - 1, max(s[2] for s in spans) + 1)
        after: dict[int, list[FindingRow]] = defaultdict(list)
        for f in here:
            after[f.end_line - 1].append(f)
        out = [f"<article class='doc'><h3><span class='sym'>{escape(d.symbol)}</span> <small>line {int(d.line)}, "
               f"score {d.score:.3f}</small></h3>"]
        block: list[str] = []
        for ln in range(lo, hi + 1):
            block.append(source_line(src[ln], ln, flagged, sid))
            if ln in after or ln == hi:
                out.append("<pre class='src'>" + "".join(block) + "</pre>")
                block = []
                for f in after.pop(ln, []):
                    out.append(self._card(f, counter.next(), sid.get(span_of(f))))
        for fs in after.values():  # a finding past the shown lines (not expected)
            for f in fs:
                out.append(self._card(f, counter.next(), sid.get(span_of(f))))
        out.append("</article>")
        return "".join(out)

    def _card(self, f: FindingRow, n: int, sentence: str | None) -> str:
        crit = escape(f.criterion)
        fix = ""
        if f.fix_title or f.fix is not None:
            if f.fix is None:
                replacement = ""
            elif f.fix == "":
                replacement = " <small>(removes the text)</small>"
            elif "\n" in f.fix:
                replacement = f"<pre><code>{escape(f.fix)}</code></pre>"
            else:
                replacement = f" → <code>{escape(f.fix)}</code>"
            fix = f"<p class='fix'><b>fix:</b> {prose(f.fix_title or 'replace')}{replacement}</p>"
        evidence = f"<p class='muted'>evidence: <code>{escape(f.evidence)}</code></p>" if f.evidence else ""
        data_s = f" data-s='{sentence}'" if sentence else ""
        return (f"<div class='finding c-{crit} r-{self.rule_index[f.rule]}' id='finding-{n}' "
                f"data-path=\"{escape(f.path)}\" "
                f"data-line='{int(f.line)}' data-rule=\"{escape(f.rule)}\" data-criterion=\"{crit}\"{data_s}>"
                f"<p><span class='badge {crit}'>{crit}</span> <span class='msg'>{prose(f.message)}</span></p>"
                f"<p><code>{escape(f.rule)}</code> · {escape(CRITERION_NAMES.get(f.criterion, f.criterion))} · "
                f"{escape(f.severity)} · <a href='#finding-{n}'>line {int(f.line)}:{int(f.column)}</a></p>"
                f"{fix}{evidence}</div>")


class _Counter:
    """Page-wide numbering of finding cards and flagged sentences (their ids)."""

    def __init__(self) -> None:
        self.findings = 0
        self.sentences = 0

    def next(self) -> int:
        self.findings += 1
        return self.findings

    def sentence(self) -> str:
        self.sentences += 1
        return f"s{self.sentences}"


def _folder(path: str) -> str:
    path = path.replace("\\", "/")
    return path.rsplit("/", 1)[0] if "/" in path else "."
