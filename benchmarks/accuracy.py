"""Accuracy of the static judge: pydoclint's fixtures, seeded mutations of real docstrings, ReFEree Java.

    python benchmarks/accuracy.py                 # all three parts, about 5 minutes here
    python benchmarks/accuracy.py --part mutation --examples 5   # one part, show misses

(a) pydoclint: its own test fixtures (tests/test_data/{google,numpy,sphinx} of the pinned sdist).
    The expected violations are what pydoclint reports on them with its default options for the
    fixture's style (the configuration its test-suite asserts). Only factual contradictions are
    kept (see MAPPING); "missing documentation" codes are a non-goal of docfact and dropped.
(b) mutation: one mutated copy of a real docstring per applicable mutation (benchmarks/_mutate.py),
    judged with the engine (Engine.update_file + judge the mutated doc), scored per sentence.
(c) referee: the ReFEree Java summaries (../shared/eval_data, read at run time, never copied),
    each written as the Javadoc of its method; Spearman correlation of docfact's score with the
    LLM majority label.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _fetch import sdist  # noqa: E402
from _mutate import Mutation, apply, candidates, simple_kinds, text_offset  # noqa: E402

from docfact.config import Settings  # noqa: E402
from docfact.engine import Engine  # noqa: E402
from docfact.positions import LineIndex  # noqa: E402

PYDOCLINT = "0.12.0"
# rich is the one of the four whose docstrings carry types (Google style) next to annotated
# signatures: without it no C2 parameter-type mutation would be checkable.
PACKAGES = [("requests", "2.32.3", "src/requests"), ("click", "8.1.7", "src/click"), ("attrs", "24.2.0", "src"),
            ("rich", "13.9.4", "rich")]
EVAL = HERE.parent.parent / "shared" / "eval_data"
CRITS = ("C1", "C2", "C3", "C4")

# The maintainer's audit of the static judge on requests/click/attrs/rich: these findings on the
# unmodified code are true (file name, criterion, text in the message or sentence).
AUDITED_TRUE = [
    ("adapters.py", "C1", "PreparedReqest"), ("cookies.py", "C1", "__get_item__"),
    ("cookies.py", "C1", "urllib.addinfourl"), ("core.py", "C1", "Command.show_default"),
    ("_funcs.py", "C1", "typing.get_hints"), ("_funcs.py", "C3", "`TypeError`"),
    ("_next_gen.py", "C1", "`cmp`"), ("_next_gen.py", "C1", "`collect_by_mro`"),
    ("validators.py", "C3", "operator.ge"),
    # rich 13.9.4, audited by hand: every finding is a real error (Column's docstring lists
    # Table's arguments; renamed or removed parameters; defaults the signature contradicts)
    ('_inspect.py', 'C3', 'default of `all`'),
    # audited in session 4: the Column dataclass keeps Table's copied defaults, and Syntax
    # documents "emacs" while its signature default DEFAULT_THEME is "monokai"
    ('table.py', 'C3', 'default of `style`'), ('table.py', 'C3', 'default of `header_style`'),
    ('table.py', 'C3', 'default of `footer_style`'), ('syntax.py', 'C3', 'default of `theme`'),
    ('ansi.py', 'C1', '`lines`'),
    ('box.py', 'C1', '`width`'),
    ('console.py', 'C1', '`control_codes`'),
    ('console.py', 'C1', '`renderable`'),
    ('console.py', 'C1', '`x`'),
    ('console.py', 'C1', '`y`'),
    ('console.py', 'C3', 'default of `hide_cursor`'),
    ('emoji.py', 'C3', 'default of `style`'),
    ('filesize.py', 'C1', '`int`'),
    ('filesize.py', 'C1', '`str`'),
    ('logging.py', 'C3', 'default of `tracebacks_extra_lines`'),
    ('pretty.py', 'C1', '`max_frames`'),
    ('progress.py', 'C1', '`path`'),
    ('progress.py', 'C1', '`task`'),
    ('progress.py', 'C3', 'default of `description`'),
    ('progress.py', 'C3', 'default of `refresh_per_second`'),
    ('screen.py', 'C1', '`renderable`'),
    ('segment.py', 'C1', '`segments`'),
    ('syntax.py', 'C3', 'default of `dedent`'),
    ('table.py', 'C1', '`border_style`'),
    ('table.py', 'C1', '`box`'),
    ('table.py', 'C1', '`caption_justify`'),
    ('table.py', 'C1', '`caption_style`'),
    ('table.py', 'C1', '`caption`'),
    ('table.py', 'C1', '`collapse_padding`'),
    ('table.py', 'C1', '`expand`'),
    ('table.py', 'C1', '`leading`'),
    ('table.py', 'C1', '`pad_edge`'),
    ('table.py', 'C1', '`padding`'),
    ('table.py', 'C1', '`row_styles`'),
    ('table.py', 'C1', '`safe_box`'),
    ('table.py', 'C1', '`show_edge`'),
    ('table.py', 'C1', '`show_footer`'),
    ('table.py', 'C1', '`show_header`'),
    ('table.py', 'C1', '`show_lines`'),
    ('table.py', 'C1', '`title_justify`'),
    ('table.py', 'C1', '`title_style`'),
    ('table.py', 'C1', '`title`'),
    ('text.py', 'C3', 'default of `tab_size`'),
]


def norm(s: str) -> str:
    return " ".join(s.split())


# =============================================================================================
# (a) pydoclint fixtures
# =============================================================================================

# pydoclint code -> (criterion docfact should report, criteria accepted as a hit, what it is)
MAPPING = {
    "DOC102/103": ("C1", {"C1"}, "argument documented but not in the signature (per name)"),
    "DOC603": ("C1", {"C1"}, "class attribute documented but not defined (per name)"),
    "DOC105": ("C2", {"C2"}, "argument type in the docstring contradicts the annotation (per argument, incompatible kinds only)"),
    "DOC203": ("C2", {"C2"}, "return type in the docstring contradicts the return annotation (incompatible kinds only)"),
    "DOC404": ("C2", {"C2"}, "yield type in the docstring contradicts the annotation (incompatible kinds only)"),
    "DOC202": ("C3", {"C2", "C3"}, "Returns section on a function that returns nothing"),
    "DOC403": ("C3", {"C3"}, "Yields section on a function without yield"),
    "DOC502": ("C3", {"C3"}, "Raises section on a function that raises nothing (per exception)"),
    "DOC503": ("C3", {"C3"}, "documented exception the body does not raise (per exception, documented-only side)"),
}
DROPPED = ("DOC101 (missing args), DOC104 (order), DOC106-111 (type-hint presence), DOC201/DOC402/DOC501/DOC504/DOC601 "
           "(missing sections), DOC3xx (placement), DOC405, DOC604-607 (style), DOC0xx; DOC203/DOC404 count mismatches "
           "(a type missing on one side) and DOC105/203/404 pairs of compatible spellings (`List[int]` vs `list[int]`)")


def _list(s: str) -> list[str]:
    return [x.strip().strip("'\"") for x in s.split(",") if x.strip().strip("'\"")]


def _top_split(s: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in s:
        depth += ch in "[(<"
        depth -= ch in "])>"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [x for x in [*out, cur.strip()] if x]


def _compatible(a: str, b: str) -> bool | None:
    """Whether two type spellings can describe the same values (None: cannot tell)."""
    ka, kb = simple_kinds(a), simple_kinds(b)
    if ka is None or kb is None:
        return None
    ka2, kb2 = ka - {"none"} or ka, kb - {"none"} or kb
    num = {"int", "float", "bool"}
    return bool(ka2 & kb2) or (bool(ka2 & num) and bool(kb2 & num)) or "iterable" in ka2 | kb2


def _signature_info(path: Path) -> dict[str, tuple[int, dict[str, str | None], str | None, ast.AST]]:
    """qualname -> (def line, {arg: annotation}, docstring) for every function and class."""
    src = path.read_text(encoding="utf-8")
    tree = ast.parse(src)
    out: dict[str, list] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for ch in ast.iter_child_nodes(node):
            if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                q = f"{prefix}{ch.name}"
                anns: dict[str, str | None] = {}
                if not isinstance(ch, ast.ClassDef):
                    for a in [*ch.args.posonlyargs, *ch.args.args, *ch.args.kwonlyargs]:
                        anns[a.arg] = ast.unparse(a.annotation) if a.annotation else None
                out.setdefault(q, []).append((ch.lineno, anns, ast.get_docstring(ch), ch))
                walk(ch, q + ".")
    walk(tree, "")
    return out  # type: ignore[return-value]


def _node(infos: dict, path: Path, qual: str, lineno: int) -> ast.AST | None:
    if path not in infos:
        infos[path] = _signature_info(path)
    cands = infos[path].get(qual, [])
    return min(cands, key=lambda c: abs(c[0] - lineno))[3] if cands else None


def _raised_in(node: ast.AST) -> set[str]:
    """Last components of the names raised in a body (``raise a.b.E(...)`` -> E), plus
    AssertionError for ``assert``: the independent check that a documented exception is raised."""
    out: set[str] = set()
    stack = list(ast.iter_child_nodes(node))
    nodes = []
    while stack:  # the body itself, not nested functions or classes
        n = stack.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        nodes.append(n)
        stack.extend(ast.iter_child_nodes(n))
    for n in nodes:
        if isinstance(n, ast.Raise) and n.exc is not None:
            out.update(x for x in re.findall(r"[A-Za-z_]\w*", ast.unparse(n.exc)))
        elif isinstance(n, ast.Assert):
            out.add("AssertionError")
    return out


def _attributes_of(node: ast.AST) -> set[str]:
    """Class-level names and ``self.x = ...`` targets of a class."""
    out: set[str] = set()
    for n in ast.walk(node):
        if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                if isinstance(t, ast.Name):
                    out.add(t.id)
                elif isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                    out.add(t.attr)
    return out


def pydoclint_expected(style_dir: Path, style: str) -> tuple[list[dict], Counter[str]]:
    """The factual-contradiction violations pydoclint reports on one style folder."""
    from pydoclint.utils.doc import Doc

    exe = Path(sys.executable).with_name("pydoclint")
    proc = subprocess.run([str(exe), f"--style={style}", "--quiet", "--exclude=", str(style_dir)],
                          capture_output=True, text=True, check=False, cwd=tempfile.gettempdir())
    items: list[dict] = []
    dropped: Counter[str] = Counter()
    cur: Path | None = None
    infos: dict[Path, dict] = {}
    for line in (proc.stdout + proc.stderr).splitlines():
        if line and not line.startswith(" ") and line.endswith(".py"):
            cur = Path(line.strip())
            continue
        m = re.match(r"\s+(\d+): (DOC\d+): (?:Method|Function|Class) `([^`]+)`:? (.*)", line)
        if not m or cur is None:
            continue
        lineno, code, qual, msg = int(m.group(1)), m.group(2), m.group(3), m.group(4)
        base = {"path": str(cur), "line": lineno, "qual": qual, "code": code, "style": style}
        if code == "DOC103" or code == "DOC603":
            mm = re.search(r"in the docstring but not in the (?:function signature|actual class attributes): \[(.*)\]\.", msg)
            if not mm:
                dropped[code] += 1
                continue
            node = _node(infos, cur, qual, lineno)
            for entry in _top_split(mm.group(1)):
                name = entry.split(":")[0].strip().lstrip("*")
                key = "DOC102/103" if code == "DOC103" else code
                if code == "DOC103" and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    a = node.args
                    real = {x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs, *(v for v in (a.vararg, a.kwarg) if v)]}
                    if name in real:
                        dropped["DOC103 same name, other spelling (*args/**kwargs)"] += 1
                        continue
                if code == "DOC603" and node is not None and name in _attributes_of(node):
                    dropped["DOC603 instance/class attribute exists"] += 1
                    continue
                items.append({**base, "code": key, "name": name, "crit": MAPPING[key][0]})
        elif code == "DOC105":
            if cur not in infos:
                infos[cur] = _signature_info(cur)
            cands = infos[cur].get(qual, [])
            if not cands:
                dropped[code] += 1
                continue
            _, anns, docstring, _n = min(cands, key=lambda c: abs(c[0] - lineno))
            try:
                doc_args = {a.name.lstrip("*"): a.typeHint for a in Doc(docstring or "", style).argList.infoList}
            except Exception:
                doc_args = {}
            for name in _list(msg.split("do not match:", 1)[-1]):
                ok = _compatible(doc_args.get(name, "") or "", anns.get(name) or "")
                if ok is False:
                    items.append({**base, "name": name, "crit": "C2", "detail": f"{doc_args.get(name)} vs {anns.get(name)}"})
                else:
                    dropped["DOC105 compatible/unknown"] += 1
        elif code in ("DOC203", "DOC404"):
            mm = re.search(r"(?:Return annotation types|yield type \(.*?\)|Return annotation type): \[?(.*?)\]?; docstring \"?(?:return|yields)\"? section types?: \[?(.*?)\]?\.?$", msg)
            if not mm:
                dropped[f"{code} count mismatch"] += 1
                continue
            code_t, doc_t = mm.group(1), mm.group(2)
            code_t, doc_t = ", ".join(_list(code_t)), ", ".join(_list(doc_t))
            if not code_t or not doc_t:
                dropped[f"{code} type missing on one side"] += 1
                continue
            ok = _compatible(doc_t, code_t)
            if ok is False:
                items.append({**base, "name": None, "crit": "C2", "detail": f"{doc_t} vs {code_t}"})
            else:
                dropped[f"{code} compatible/unknown"] += 1
        elif code in ("DOC202", "DOC403"):
            if code == "DOC403":
                node = _node(infos, cur, qual, lineno)
                ret = ast.unparse(node.returns) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns else ""
                if node is None or any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(node)) \
                        or re.search(r"Iter|Generator", ret):
                    dropped["DOC403 has yield (annotation issue)"] += 1
                    continue
            items.append({**base, "name": None, "crit": MAPPING[code][0]})
        elif code in ("DOC502", "DOC503"):
            node = _node(infos, cur, qual, lineno)
            raised = _raised_in(node) if node is not None else set()
            if code == "DOC502":
                docstring = (ast.get_docstring(node) or "") if node is not None else ""
                section = re.split(r"(?im)^\s*raises\s*:?\s*$|:raises?\b", docstring, maxsplit=1)[-1]
                documented = re.findall(r"\b([A-Z]\w*(?:Error|Exception|Warning|Exit))\b", section)
                if any(t in raised for t in documented):
                    dropped["DOC502 documented exception is raised"] += 1
                    continue
            if code == "DOC503":
                mm = re.search(r"in the docstring: \[(.*?)\]\. Raised exceptions in the body: \[(.*?)\]", msg)
                if not mm:
                    dropped[code] += 1
                    continue
                body = set(_list(mm.group(2)))
                extra = [x for x in _list(mm.group(1)) if x not in body and x.split(".")[-1] not in raised]
                if not extra:
                    dropped["DOC503 undocumented only"] += 1
                for name in extra:
                    items.append({**base, "name": name, "crit": "C3"})
            else:
                items.append({**base, "name": None, "crit": "C3"})
        else:
            dropped[code] += 1
    return items, dropped


def part_pydoclint(verbose: int) -> dict:
    root = sdist("pydoclint", PYDOCLINT) / "tests" / "test_data"
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    per_crit: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    misses: list[str] = []
    dropped_all: Counter[str] = Counter()
    extra_findings = Counter()
    for style in ("google", "numpy", "sphinx"):
        d = root / style
        items, dropped = pydoclint_expected(d, style)
        dropped_all.update(dropped)
        engine = Engine(d, Settings(preview=True))  # every rule, preview ones too
        engine.load([d])
        results = {}
        for p in sorted(d.rglob("*.py")):
            results[str(p.resolve())] = engine.check_file(str(p))
        for it in items:
            fr = results.get(str(Path(it["path"]).resolve()))
            hit = False
            if fr is not None:
                # the docstring of the entity pydoclint names, nearest to its line
                docs = [dr for dr in fr.docs if dr.entity is not None and dr.entity.local_name == it["qual"]
                        and dr.doc.kind == "docstring"]
                if it["code"] == "DOC603" or (it["qual"].endswith("__init__") and not docs):
                    cls = it["qual"].rsplit(".", 1)[0] if it["qual"].endswith("__init__") else it["qual"]
                    docs += [dr for dr in fr.docs if dr.entity is not None and dr.entity.local_name == cls]
                if docs:
                    dr = min(docs, key=lambda r: abs(r.entity.range.start.line + 1 - it["line"]))
                    accept = MAPPING[it["code"]][1]
                    for f in dr.findings:
                        if f.criterion in accept and (not it["name"] or re.search(rf"\b{re.escape(it['name'])}\b", f.segment.text)):
                            hit = True
            rows[it["code"]][0] += 1
            rows[it["code"]][1] += hit
            per_crit[it["crit"]][0] += 1
            per_crit[it["crit"]][1] += hit
            if not hit:
                misses.append(f"{style} {Path(it['path']).relative_to(root)}:{it['line']} {it['code']} {it['qual']}"
                              f" {it.get('name') or ''} {it.get('detail', '')}".rstrip())
        for fr in results.values():
            for f in fr.findings:
                extra_findings[f.criterion] += 1
    total = sum(v[0] for v in per_crit.values())
    hits = sum(v[1] for v in per_crit.values())
    out = {"by_code": {k: v for k, v in sorted(rows.items())}, "by_criterion": dict(sorted(per_crit.items())),
           "recall": hits / total if total else None, "items": total, "dropped": dict(dropped_all),
           "misses": misses, "docfact_findings_on_fixtures": dict(extra_findings)}
    return out


# =============================================================================================
# (b) mutations
# =============================================================================================


PHRASED = {"c3_async", "c3_recursive", "c3_generator", "c3_default_inserted", "c4_speculative"}


def _audited(path: str, crit: str, text: str) -> bool:
    return any(path.endswith("/" + f) and crit == c and s in text for f, c, s in AUDITED_TRUE)


def part_mutation(seed: int, per_kind: int, verbose: int) -> dict:
    tp: Counter[str] = Counter()
    n: Counter[str] = Counter()
    fp: Counter[str] = Counter()
    wrong_on_label: Counter[tuple[str, str]] = Counter()
    kinds: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # n, tp, checkable n, checkable tp
    misses: dict[str, list[str]] = defaultdict(list)
    fp_examples: list[str] = []
    baseline_docstrings = 0
    baseline: Counter[str] = Counter()
    baseline_true: Counter[str] = Counter()
    baseline_list: list[str] = []
    t_judge = 0.0
    phrases: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    skipped_pkgs: list[str] = []
    for pkg, version, sub in PACKAGES:
        rng = random.Random(f"{seed}:{pkg}")
        target = sdist(pkg, version) / sub
        engine = Engine(target, Settings(preview=True))  # every rule, preview ones too
        try:
            engine.load([target])
        except RecursionError as exc:  # a docfact bug: report it and measure the other packages
            print(f"accuracy.py: docfact crashed loading {pkg} {version} ({exc!r}); package skipped", file=sys.stderr)
            skipped_pkgs.append(f"{pkg} {version}: {exc!r}")
            continue
        known = engine.known_words
        files = sorted(str(p.resolve()) for p in target.rglob("*.py"))
        cands: dict[str, list[Mutation]] = defaultdict(list)
        base_keys: dict[tuple[str, str], set[tuple[str, str]]] = {}
        for path in files:
            index = engine.graph.file(path)
            if index is None:
                continue
            fr = engine.check_file(path)
            class_members = {e.name: {m.rsplit(".", 1)[-1] for m in e.members} for e in index.entities if e.kind == "class"}
            sibling = sorted({p.name.lstrip("*") for e in index.entities if e.kind in ("function", "method") for p in e.params})
            for dr in fr.docs:
                if dr.doc.kind != "docstring":
                    continue
                baseline_docstrings += 1
                for f in dr.findings:
                    true = f.criterion != "C4" and _audited(path, f.criterion, f.message + " " + f.segment.text)
                    (baseline_true if true else baseline)[f.criterion] += 1
                    baseline_list.append(f"{'TRUE ' if true else 'FALSE'} {Path(path).name}:{f.segment.range.start.line + 1} "
                                         f"{f.criterion} {f.rule}: {norm(f.segment.text)[:140]}")
                # a finding the unmutated doc already had: same sentence, or same rule and message
                # (the mutated sentence's text changes, the finding about another name in it does not)
                base_keys[(path, dr.doc.owner)] = {(norm(f.segment.text), f.criterion) for f in dr.findings} | \
                    {(f.rule, f.message) for f in dr.findings}
                e = dr.entity
                if e is None or e.kind not in ("function", "method", "class"):
                    continue
                c1_segs = {f.segment.index for f in dr.findings if f.criterion == "C1"}
                for m in candidates(dr.doc, e, dr.segments, sibling, class_members, known, rng, c1_segs):
                    m.path, m.owner = path, dr.doc.owner
                    cands[m.kind].append(m)
        for kind in sorted(cands):
            pool = cands[kind]
            rng.shuffle(pool)
            for m in pool[:per_kind]:
                original = engine.graph.file(m.path).text
                mutated = apply(original, m)
                t0 = time.perf_counter()
                try:
                    index = engine.update_file(m.path, mutated)
                    doc = next((d for d in index.docs if d.kind == "docstring" and d.owner == m.owner
                                and text_offset(d, m.label) is not None
                                and d.range.start <= LineIndex(mutated).pos(m.label) <= d.range.end), None) if index else None
                    if doc is None:
                        continue
                    lines = LineIndex(mutated)
                    dr = engine.judge_doc(index, doc, lines, CRITS)
                finally:
                    engine.update_file(m.path, original)
                t_judge += time.perf_counter() - t0
                t_off = text_offset(doc, m.label)
                label = next((s for s in dr.segments if s.start <= t_off < s.end), None)
                if label is None:
                    continue
                base = base_keys.get((m.path, m.owner), set())
                hit = False
                for f in dr.findings:
                    if f.segment.index == label.index and f.criterion == m.criterion:
                        hit = True
                        continue
                    if (norm(f.segment.text), f.criterion) in base or (f.rule, f.message) in base:
                        continue
                    fp[f.criterion] += 1
                    if f.segment.index == label.index:
                        wrong_on_label[(m.criterion, f.criterion)] += 1
                    if len(fp_examples) < 40:
                        fp_examples.append(f"{m.kind} {Path(m.path).name}::{m.owner} [{m.note}] -> {f.criterion} {f.rule} on: {norm(f.segment.text)[:120]}")
                n[m.criterion] += 1
                tp[m.criterion] += hit
                k = kinds[kind]
                k[0] += 1
                k[1] += hit
                if m.checkable:
                    k[2] += 1
                    k[3] += hit
                if kind in PHRASED:
                    ph = phrases[(kind, m.note.split(" (signature")[0] if kind != "c3_default_inserted" else re.sub(r"``?[^`]*``?|\b(?:True|False|\d+|'[^']*')", "V", m.note.split(" (signature")[0]))]
                    ph[0] += 1
                    ph[1] += hit
                if not hit:
                    misses[kind].append(f"{pkg} {Path(m.path).name}::{m.owner} [{m.note}] {'(checkable)' if m.checkable else '(not checkable)'}: {norm(label.text)[:160]}")
    crit = {}
    for c in CRITS:
        p = tp[c] / (tp[c] + fp[c]) if tp[c] + fp[c] else None
        r = tp[c] / n[c] if n[c] else None
        f1 = 2 * p * r / (p + r) if p and r else None
        ck = [v for k, v in kinds.items() if k.startswith(c.lower())]
        cn, ct = sum(v[2] for v in ck), sum(v[3] for v in ck)
        crit[c] = {"n": n[c], "tp": tp[c], "fp": fp[c], "precision": p, "recall": r, "f1": f1,
                   "checkable_n": cn, "checkable_recall": ct / cn if cn else None,
                   "baseline_false": baseline[c], "baseline_true": baseline_true[c],
                   "false_per_100": 100 * baseline[c] / baseline_docstrings if baseline_docstrings else None}
    return {"criteria": crit, "kinds": {k: v for k, v in sorted(kinds.items())}, "docstrings": baseline_docstrings,
            "baseline_findings": baseline_list, "wrong_criterion_on_mutated_sentence": {f"{a}->{b}": v for (a, b), v in wrong_on_label.items()},
            "fp_examples": fp_examples, "misses": {k: v[:verbose] for k, v in misses.items()},
            "all_misses": dict(misses), "phrases": {f"{k} | {p}": v for (k, p), v in sorted(phrases.items())},
            "judge_seconds": t_judge, "seed": seed, "per_kind": per_kind, "skipped_packages": skipped_pkgs}


# =============================================================================================
# (c) ReFEree Java
# =============================================================================================


def spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(v: list[float]) -> list[float]:
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2 + 1
            i = j + 1
        return r
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else float("nan")


def _javadoc(summary: str) -> str:
    body = summary.replace("*/", "* /").strip()
    return "/**\n" + "\n".join(f" * {ln}" if ln.strip() else " *" for ln in body.splitlines()) + "\n */\n"


def _context_classes(info: str, package: str, own: str) -> dict[str, str]:
    """Other classes from the ReFEree related information (``# Name #`` blocks whose content is code)."""
    out: dict[str, str] = {}
    for m in re.finditer(r"^# (.+?) #\n(.*?)(?=^# .+? #\n|\Z)", info, re.S | re.M):
        content = m.group(2).strip()
        head = re.match(r"(?:(?:public|final|abstract|static|protected|private)\s+)*(class|interface|enum)\s+(\w+)[^\n{]*", content)
        if not head or head.group(2) == own or head.group(2) in out:
            continue
        rest = content[head.end():].lstrip(" {\n")
        if not rest.rstrip().endswith("}"):
            rest += "\n}"
        out[head.group(2)] = f"package {package};\n\n{head.group(0)} {{\n{rest}\n"
    return out


def part_referee(limit: int | None) -> dict:
    path = EVAL / "referee" / "java" / "metadata_with_summary.jsonl"
    if not path.is_file():
        return {"error": f"{path} not found"}
    recs = [json.loads(ln) for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
    if limit:
        recs = recs[:limit]
    scores, labels, scores_123 = [], [], []
    examples: list[str] = []
    crit_counts: Counter[str] = Counter()
    sentences = 0
    with tempfile.TemporaryDirectory(prefix="docfact-referee-") as tmp:
        for i, r in enumerate(recs):
            pkg = r.get("package") or "p"
            cls = r.get("class_name") or "C"
            d = Path(tmp) / f"r{i}" / Path(*pkg.split("."))
            d.mkdir(parents=True)
            imports = r.get("import_info") or ""
            method = _javadoc(r["hallucinated_summary"]) + r["input"]
            src = f"package {pkg};\n\n{imports}\n\npublic class {cls} {{\n\n{method}\n}}\n"
            (d / f"{cls}.java").write_text(src, encoding="utf-8")
            for name, text in _context_classes(r.get("input_information") or "", pkg, cls).items():
                (d / f"{name}.java").write_text(text, encoding="utf-8")
            engine = Engine(Path(tmp) / f"r{i}", Settings(preview=True))  # every rule, preview ones too
            engine.load([Path(tmp) / f"r{i}"])
            fr = engine.check_file(str(d / f"{cls}.java"))
            docs = [dr for dr in fr.docs if dr.doc.kind == "javadoc"]
            if not docs:
                continue
            dr = max(docs, key=lambda x: len(x.segments))
            scores.append(dr.score)
            bad = {(f.segment.index, f.criterion) for f in dr.findings if f.criterion != "C4"}
            scores_123.append(1 - len(bad) / (3 * len(dr.segments)) if dr.segments else 1.0)
            labels.append(float(r["overall_majority_llm_label"]))
            for f in dr.findings:
                if sum(1 for x in examples if x.startswith(f.criterion)) < 4:
                    examples.append(f"{f.criterion} {f.rule} [{cls}.{r.get('method_name')}] {norm(f.segment.text)[:150]}")
            sentences += len(dr.segments)
            for f in dr.findings:
                crit_counts[f.criterion] += 1
    rho = spearman(scores, labels) if len(scores) > 2 else float("nan")
    flagged = sum(1 for s in scores if s < 1)
    return {"records": len(recs), "judged": len(scores), "sentences": sentences, "spearman": rho,
            "spearman_c1_c3_only": spearman(scores_123, labels) if len(scores) > 2 else None,
            "examples": examples,
            "findings": dict(crit_counts), "summaries_with_findings": flagged,
            "mean_score": sum(scores) / len(scores) if scores else None,
            "label_hist": dict(sorted(Counter(int(x) for x in labels).items()))}


# =============================================================================================


def fmt(x: object, nd: int = 2) -> str:
    return "n/a" if x is None else (f"{x:.{nd}f}" if isinstance(x, float) else str(x))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", choices=["all", "pydoclint", "mutation", "referee"], default="all")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--per-kind", type=int, default=60, help="mutations per kind and package (default 60)")
    ap.add_argument("--examples", type=int, default=8, help="misses to list per mutation kind")
    ap.add_argument("--json", metavar="FILE", help="also write everything as JSON")
    args = ap.parse_args()
    res: dict[str, object] = {}
    t0 = time.perf_counter()
    if args.part in ("all", "pydoclint"):
        a = part_pydoclint(args.examples)
        res["pydoclint"] = a
        print(f"\n## (a) pydoclint {PYDOCLINT} fixtures: recall of factual contradictions\n")
        print("| pydoclint code | mapped to | items | docfact hits | recall |\n|---|---|---:|---:|---:|")
        for code, (tot, hit) in a["by_code"].items():
            print(f"| {code} | {MAPPING[code][0]} ({MAPPING[code][2]}) | {tot} | {hit} | {fmt(hit / tot if tot else None)} |")
        for c, (tot, hit) in a["by_criterion"].items():
            print(f"| **all {c}** | | {tot} | {hit} | {fmt(hit / tot if tot else None)} |")
        print(f"| **all** | | {a['items']} | | **{fmt(a['recall'])}** |")
        print(f"\nnot counted: {json.dumps(a['dropped'])}")
        print("misses:\n  " + "\n  ".join(a["misses"][:60]))
    if args.part in ("all", "mutation"):
        b = part_mutation(args.seed, args.per_kind, args.examples)
        res["mutation"] = b
        print(f"\n## (b) mutations of requests/click/attrs docstrings (seed {args.seed}, <= {args.per_kind} per kind and package)\n")
        print("| criterion | mutations | TP | FP | precision | recall | F1 | recall (checkable) | false findings / 100 docstrings (unmutated) |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for c, v in b["criteria"].items():
            print(f"| {c} | {v['n']} | {v['tp']} | {v['fp']} | {fmt(v['precision'])} | {fmt(v['recall'])} | {fmt(v['f1'])} | "
                  f"{fmt(v['checkable_recall'])} ({v['checkable_n']}) | {fmt(v['false_per_100'])} ({v['baseline_false']} false, {v['baseline_true']} audited true) |")
        print(f"\nunmutated docstrings: {b['docstrings']}; judge time {b['judge_seconds']:.1f} s; "
              f"packages skipped: {b['skipped_packages'] or 'none'}")
        print("\n| mutation kind | n | recall | checkable n | recall (checkable) |\n|---|---:|---:|---:|---:|")
        for k, (nn, t, cn, ct) in b["kinds"].items():
            print(f"| {k} | {nn} | {fmt(t / nn if nn else None)} | {cn} | {fmt(ct / cn if cn else None)} |")
        print("\n| inserted claim (wording) | n | recall |\n|---|---:|---:|")
        for k, (nn, t) in b["phrases"].items():
            print(f"| {k} | {nn} | {fmt(t / nn if nn else None)} |")
        print(f"\nwrong criterion on the mutated sentence: {b['wrong_criterion_on_mutated_sentence']}")
        print("new findings not on the label (false positives), examples:\n  " + "\n  ".join(b["fp_examples"][:20]))
        print("findings on the unmutated code:\n  " + "\n  ".join(b["baseline_findings"]))
        for k, v in b["misses"].items():
            print(f"misses of {k}:\n  " + "\n  ".join(v))
    if args.part in ("all", "referee"):
        c = part_referee(None)
        res["referee"] = c
        print("\n## (c) ReFEree Java summaries vs LLM majority labels\n")
        print(json.dumps(c, indent=1))
    print(f"\ntotal time {time.perf_counter() - t0:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
