"""Recall and false flags on documentation errors nobody planted: docstrings fixed between releases.

    python benchmarks/realerrors.py                  # measure (default): downloads the labelled releases
    python benchmarks/realerrors.py --part test      # the held-out test part (TEST_PACKAGES), measured alike
    python benchmarks/realerrors.py --part test2     # the second held-out part (TEST2_PACKAGES), measured alike
    python benchmarks/realerrors.py --misses --json out.json
    python benchmarks/realerrors.py mine             # mine candidate pairs (cached) from PACKAGES
    python benchmarks/realerrors.py --full           # whole releases instead of the labelled files (slow)
    python benchmarks/realerrors.py --rules stable   # only the stable rules (docfact's default); default: all rules
    python benchmarks/realerrors.py candidates --top 40 [--package NAME] [--all]
    python benchmarks/realerrors.py review --top 40 [--stray | --unknown | --claims]   # unlabelled, compact
    python benchmarks/realerrors.py show KEY         # the unchanged code and both docstring hunks
    python benchmarks/realerrors.py label-batch < verdicts.txt  # "KEY error C1 note" / "KEY not-error note"
        # / "KEY kept note": the rewrite kept this error / "KEY still-wrong C2 note": the fix kept another

Every command takes ``--part dev|test|test2`` (default dev): ``dev`` is the development corpus
(PACKAGES, labels in the two files above), on which rules may be tuned; ``test`` and ``test2`` are
held-out parts (TEST_PACKAGES, labels in ``realerrors_labels_test.jsonl``; TEST2_PACKAGES, labels in
``realerrors_labels_test2.jsonl``), each mined and labelled the same way by a labeller who did not
write the rules and never ran docfact on it before labelling. Rule work must not look at a held-out
part's packages, candidates, labels or per-case misses; only its figures and the family-level
summary (``realerrors_misses_test.md``, ``realerrors_misses_test2.md``) are reported. ``test`` has
since been studied; ``test2`` is the untouched one.

KEY is a case id or its tail (``qualname:L<line>:<sha1 prefix>``, as ``review`` prints it).

Corpus: for each package below, the newest release of each of its last minor versions (uploaded
before CUTOFF) is downloaded from PyPI (a wheel when there is one, else the sdist; cached under
benchmarks/.cache/realerrors/). Consecutive releases of that series are compared with ``ast``
(parsed only, never imported): a function, method or class whose code with every docstring
removed is identical in both releases but whose docstring changed gives one candidate per
changed hunk of docstring lines (re-wrapping, markup and case changes are dropped). The
candidates were read by hand; ``realerrors_labels.jsonl`` keeps, per case, an id (package,
versions, file, qualname, sha1 of the old hunk's stripped source lines), the line ranges, the
verdict ("error" when the old sentence is wrong about the unchanged code of the old release),
the criterion and a note in our own words. No third-party text is committed.

Measuring: docfact runs (CLI, JSON, no cache) on the unpacked old and new release of every
labelled pair. An error is caught when a finding of its criterion overlaps the old hunk's lines
(also counted: by any criterion); a fixed text is flagged when a C1-C3 finding overlaps the new
hunk's lines, and that flag is false unless the label says the fixed text is still wrong by the
code (``fixed_still_wrong``: a fix that kept another mistake, checked by hand). Findings per 100
docstrings are counted on each measured release.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import copy
import difflib
import hashlib
import io
import itertools
import json
import re
import subprocess
import sys
import tarfile
import threading
import time
import urllib.parse
import urllib.request
import zipfile
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache" / "realerrors"
LABELS = HERE / "realerrors_labels.jsonl"
# a second labeller walked the candidates in a seeded random order (random.Random(20261124)),
# skipping none but those already labelled: errors not chosen by rule-like filters
LABELS_RANDOM = HERE / "realerrors_labels_random.jsonl"
# the held-out test part's labels (TEST_PACKAGES): one labeller, candidates read in score order
LABELS_TEST = HERE / "realerrors_labels_test.jsonl"
# the second held-out part's labels (TEST2_PACKAGES): one labeller, candidates read across the score order
LABELS_TEST2 = HERE / "realerrors_labels_test2.jsonl"
CUTOFF = "2026-10-01"  # releases uploaded before this date, so the corpus does not move
MINORS = 7  # newest release of each of the last MINORS minor versions -> MINORS - 1 pairs
CRITS = ("C1", "C2", "C3", "C4")

# Pure-Python (or Python-documented) packages, none of them in /work/shared/reserved-projects.txt.
PACKAGES = [
    "django", "werkzeug", "jinja2", "itsdangerous", "marshmallow", "tornado", "twisted", "sympy",
    "more-itertools", "boltons", "toolz", "arrow", "python-dateutil", "babel", "docutils", "pygments",
    "sqlparse", "alembic", "bottle", "starlette", "uvicorn", "websockets", "trio", "anyio", "structlog",
    "tqdm", "typer", "cattrs", "tomlkit", "jsonschema", "pyparsing", "lark", "hypothesis", "faker",
    "factory-boy", "xarray", "dask", "distributed", "fsspec", "celery", "kombu", "paramiko", "invoke",
    "fabric", "black", "isort", "pylint", "astroid", "setuptools", "virtualenv", "tox", "nox",
    "pandas", "statsmodels", "scikit-learn", "matplotlib", "ipython", "traitlets",
    "prompt-toolkit", "pyyaml", "mypy", "coverage",
]
# HELD OUT: the test part of the corpus. No rule work may look at these packages (their code,
# candidates, labels or misses): they measure whether recall carries over to code nobody tuned on.
# None of them is in PACKAGES, another benchmark, README.md or /work/shared/reserved-projects.txt.
# A later test part must pick fresh packages once these have been looked at.
TEST_PACKAGES = [
    "urllib3", "arviz", "mpmath", "pydicom", "nibabel", "loguru", "sqlglot", "geopy", "mkdocs",
    "jupyter-client", "sanic", "psycopg", "authlib", "apscheduler", "simpy", "dill", "mako", "rq",
    "python-docx", "tenacity", "cachetools", "humanize", "markdown-it-py", "pexpect", "optuna", "pymc",
    "lifelines", "geopandas", "librosa", "xlsxwriter", "astropy", "numpyro", "pyro-ppl", "holoviews",
    "pyqtgraph", "peewee", "djangorestframework", "graphene", "python-telegram-bot", "wtforms",
    "voluptuous", "trimesh", "folium", "mne", "nilearn",
]
# HELD OUT, second test part (chosen 2026-11-28, fifth session, once the first test part had been
# studied): no rule work may look at these packages (their code, candidates, labels or misses).
# None of them is in PACKAGES, TEST_PACKAGES, another benchmark, README.md, docs/, tests/ or
# /work/shared/reserved-projects.txt. A later test part must again pick fresh packages.
TEST2_PACKAGES = [
    "hvplot", "pymongo", "jsonpickle", "pyjwt", "wrapt", "pendulum", "prettytable", "croniter",
    "nbformat", "ipywidgets", "sunpy", "obspy", "biopython", "pywavelets", "music21", "sktime",
    "imbalanced-learn", "mlxtend", "pymatgen", "deap", "gwpy", "photutils", "mir-eval", "pooch",
    "hyperopt", "category-encoders", "tsfresh", "textblob", "gensim", "pyomo", "cvxpy", "pydub",
    "asyncssh", "cookiecutter", "pdfplumber", "qrcode", "zeep", "colander", "sqlobject", "scapy",
]
HELD_OUT = {"test": TEST_PACKAGES, "test2": TEST2_PACKAGES}  # part -> its packages
HELD_OUT_LABELS = {"test": LABELS_TEST, "test2": LABELS_TEST2}  # part -> its one labels file
PARTS = {"dev": PACKAGES, **HELD_OUT}
SKIP_DIRS = {"tests", "test", "testing", "_vendor", "vendor", "vendored", "extern", "_distutils", "docs",
             "doc", "examples", "benchmarks", "asv_bench"}


# ---------------------------------------------------------------------------------------------
# releases: choose, download, unpack
# ---------------------------------------------------------------------------------------------

def _get_json(url: str) -> dict:
    return json.loads(urllib.request.urlopen(url, timeout=60).read().decode())


def _project(name: str) -> dict:
    """PyPI's JSON description of a project, fetched once (file URLs made absolute)."""
    path = CACHE / "releases" / f"{name}.json"
    if path.exists():
        return json.loads(path.read_text())
    url = f"https://pypi.org/pypi/{name}/json"
    data = _get_json(url)
    keep = {"releases": {v: [{**{k: f[k] for k in ("filename", "packagetype", "upload_time", "digests")},
                              "yanked": f.get("yanked", False), "url": urllib.parse.urljoin(url, f["url"])}
                             for f in files] for v, files in data["releases"].items()}}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{threading.get_ident()}.tmp")
    tmp.write_text(json.dumps(keep))
    tmp.replace(path)  # atomic: a thread reading the same project never sees half a file
    return keep


def releases(name: str) -> list[str]:
    """The newest final release of each of the last MINORS minor versions."""
    data = _project(name)
    tips: dict[tuple[int, ...], tuple[tuple[int, ...], str]] = {}
    for ver, files in data["releases"].items():
        m = re.fullmatch(r"(\d+(?:\.\d+)*)(?:\.post(\d+))?", ver)  # final releases only
        good = [f for f in files if not f.get("yanked") and f["upload_time"] < CUTOFF]
        if m is None or not good:
            continue
        nums = tuple(int(x) for x in m.group(1).split("."))
        key = (*nums, 0)[:2]
        rank = (*(*nums, 0, 0, 0)[:4], int(m.group(2)) + 1 if m.group(2) else 0)
        if key not in tips or rank > tips[key][0]:
            tips[key] = (rank, ver)
    return [ver for _, (_, ver) in sorted(tips.items())][-MINORS:]


def _pick(files: list[dict]) -> dict:
    wheels = [f for f in files if f["filename"].endswith(".whl")]
    pure = [f for f in wheels if f["filename"].endswith("-none-any.whl")]
    sdists = [f for f in files if f["packagetype"] == "sdist"]
    linux = [f for f in wheels if "manylinux" in f["filename"] and "x86_64" in f["filename"]]
    for group in (pure, linux, sdists, wheels):
        if group:
            return sorted(group, key=lambda f: f["filename"])[-1]
    raise RuntimeError("no distribution file")


def release_dir(name: str, version: str) -> Path:
    """The unpacked release (wheel contents, or the sdist's top folder), downloaded once."""
    dest = CACHE / "dist" / f"{name}-{version}"
    if (dest / ".done").exists():
        return _root(dest)
    f = _pick([f for f in _project(name)["releases"][version] if not f["yanked"]])
    print(f"downloading {f['filename']}", file=sys.stderr)
    data = urllib.request.urlopen(f["url"], timeout=600).read()
    if hashlib.sha256(data).hexdigest() != f["digests"]["sha256"]:
        raise RuntimeError(f"{f['filename']}: sha256 mismatch")
    dest.mkdir(parents=True, exist_ok=True)
    fname = f["filename"]
    if fname.endswith((".whl", ".zip")):
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            z.extractall(dest, members=[m for m in z.namelist() if m.endswith(".py")])
    else:
        with tarfile.open(fileobj=io.BytesIO(data)) as t:
            t.extractall(dest, members=[m for m in t.getmembers() if m.isfile() and m.name.endswith(".py")],
                         filter="data")
    (dest / ".done").write_text(fname)
    return _root(dest)


def _root(dest: Path) -> Path:
    kids = [p for p in dest.iterdir() if not p.name.startswith(".")]
    if (dest / ".done").read_text().endswith(".whl"):
        return dest
    return kids[0] if len(kids) == 1 and kids[0].is_dir() else dest


def py_files(root: Path) -> dict[str, Path]:
    """Source files keyed by a path that is the same for a wheel and an sdist (no ``src/``)."""
    out = {}
    for p in sorted(root.rglob("*.py")):
        rel = p.relative_to(root).as_posix()
        parts = rel.split("/")
        if any(part in SKIP_DIRS or part.endswith(".dist-info") for part in parts[:-1]):
            continue
        if parts[-1].startswith("test_") or parts[-1] == "conftest.py":
            continue
        out[rel.removeprefix("src/")] = p
    return out


# ---------------------------------------------------------------------------------------------
# mining
# ---------------------------------------------------------------------------------------------

DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _doc_node(node: ast.AST) -> ast.Constant | None:
    body = getattr(node, "body", None)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[0].value
    return None


def _docless(node: ast.AST) -> str:
    node = copy.deepcopy(node)
    for sub in ast.walk(node):
        if isinstance(sub, (*DEFS, ast.Module)) and _doc_node(sub) is not None:
            sub.body = sub.body[1:] or [ast.Pass()]
    return ast.dump(node, include_attributes=False)


def definitions(path: Path) -> dict[str, ast.AST]:
    try:
        tree = ast.parse(path.read_bytes())
    except (SyntaxError, ValueError):
        return {}
    out: dict[str, ast.AST] = {}

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for st in body:
            if isinstance(st, DEFS):
                qual = prefix + st.name
                out.setdefault(qual, st)
                walk(st.body, qual + ".")
            elif isinstance(st, (ast.If, ast.Try, ast.With)):
                walk(st.body, prefix)
                walk(getattr(st, "orelse", []), prefix)

    walk(tree.body, "")
    return out


def _norm(lines: list[str]) -> str:
    text = " ".join(" ".join(lines).split())
    return re.sub(r"[`*:'\"]|\.\.", "", text).lower()


def _hunk_key(lines: list[str]) -> str:
    return hashlib.sha1("\n".join(line.strip() for line in lines).encode()).hexdigest()


def hunks(old: ast.Constant, new: ast.Constant, old_src: list[str], new_src: list[str]):
    """Changed hunks of docstring lines as (old line range, new line range), 1-based inclusive.

    Lines are the source lines of the string literal, so ranges match docfact's line numbers.
    """
    a = old_src[old.lineno - 1:old.end_lineno]
    b = new_src[new.lineno - 1:new.end_lineno]
    sm = difflib.SequenceMatcher(None, [x.strip() for x in a], [x.strip() for x in b], autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal" or i1 == i2:
            continue  # pure additions say nothing wrong about the old text
        if j1 == j2:
            j1, j2 = max(j1 - 1, 0), min(j1 + 1, len(b))  # deleted: the neighbours of the gap
        olds, news = a[i1:i2], b[j1:j2]
        if _norm(olds) == _norm(news) or not "".join(olds).strip():
            continue
        yield (old.lineno + i1, old.lineno + i2 - 1), (new.lineno + j1, new.lineno + j2 - 1), olds, news


IDENT = re.compile(r"`{1,2}[^`]+`{1,2}|\b[A-Za-z_][\w.]*(?:\(\))?")
TYPE_WORDS = {"int", "str", "string", "bool", "boolean", "float", "list", "dict", "tuple", "set", "none", "bytes",
              "callable", "iterable", "iterator", "sequence", "mapping", "generator", "integer", "array",
              "dataframe", "series", "ndarray", "object", "type", "class", "instance", "path", "optional"}


def _tokens(lines: list[str]) -> set[str]:
    text = re.sub(r"\S*(?:://|www\.)\S*", " ", " ".join(lines))  # links are not code
    return {t.strip("`").rstrip(".") for t in IDENT.findall(text)} - {"", "e.g", "i.e", "etc"}


def _codeish(tok: str) -> bool:
    return bool(re.search(r"_|\.|\(\)|[a-z][A-Z]", tok)) or tok.lower() in {"true", "false", "none"}


def code_names(node: ast.AST) -> set[str]:
    """Every identifier the code of ``node`` spells (names, attributes, parameters, definitions)."""
    out = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out.add(sub.id)
        elif isinstance(sub, ast.Attribute):
            out.add(sub.attr)
        elif isinstance(sub, ast.arg):
            out.add(sub.arg)
        elif isinstance(sub, DEFS):
            out.add(sub.name)
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str) and sub.value.isidentifier():
            out.add(sub.value)
    return out


def release_code_names(name: str, version: str) -> set[str]:
    """Every identifier the code of a release spells (docstrings aside), cached on disk."""
    path = CACHE / "names" / f"{name}-{version}.json"
    if path.exists():
        return set(json.loads(path.read_text()))
    out = set(dir(builtins))
    for p in py_files(release_dir(name, version)).values():
        try:
            tree = ast.parse(p.read_bytes())
        except (SyntaxError, ValueError):
            continue
        out |= code_names(tree)
        out |= {a.asname or a.name for sub in ast.walk(tree) if isinstance(sub, (ast.Import, ast.ImportFrom))
                for a in sub.names}
        out |= {part for sub in ast.walk(tree) if isinstance(sub, (ast.Import, ast.ImportFrom))
                for a in sub.names for part in a.name.split(".")}
        out |= set(p.relative_to(release_dir(name, version)).with_suffix("").parts)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(sorted(out)))
    return out


def _last(tok: str) -> str:
    parts = [x for x in re.split(r"\W+", tok) if x]
    return parts[-1] if parts else tok


def score(olds: list[str], news: list[str], params: set[str], names: set[str] = frozenset(),
          release: set[str] | None = None) -> tuple[int, list[str]]:
    """How likely the rewrite fixes a provable error; 0 for what looks like a prose edit."""
    ot, nt = _tokens(olds), _tokens(news)
    gone, came = ot - nt, nt - ot
    why: list[str] = []
    if release is not None:
        unknown = {g for g in gone if (_codeish(g) or "`" in g) and _last(g) not in release and " " not in g}
        if unknown:
            why.append("unknown in release: " + ",".join(sorted(unknown))[:60])
    last = {t.rsplit(".", 1)[-1].removesuffix("()") for t in came}
    fixed_to_code = {t for t in last if t in names and len(t) > 2}
    if fixed_to_code and any(g.rsplit(".", 1)[-1].removesuffix("()") not in names and _codeish(g) for g in gone):
        s0 = 5
        why.append("now names code: " + ",".join(sorted(fixed_to_code))[:60])
    else:
        s0 = 0
    if release is not None and unknown:
        s0 += 4
    if not gone and not came:
        return 0, ["no token changed"]
    close = all(difflib.get_close_matches(g, came, 1, 0.8) and not _codeish(g) for g in gone) and gone
    if close and all(not _codeish(c) for c in came):
        return 0, ["typo"]
    s = s0
    code_gone = {g for g in gone if _codeish(g) or g in params or g.startswith("`")}
    if code_gone:
        s += 3
        why.append("code-like token gone: " + ",".join(sorted(code_gone))[:80])
    if any(g in params for g in came) or any(g in params for g in code_gone):
        s += 2
        why.append("parameter name")
    if any(g not in params and re.fullmatch(r"[a-z_][a-z0-9_]*", g) and "_" in g for g in gone):
        s += 1
    if {g.lower() for g in gone} & TYPE_WORDS or {c.lower() for c in came} & TYPE_WORDS:
        s += 2
        why.append("type word")
    if any(re.search(r"(Error|Exception|Warning)$", t) for t in gone | came):
        s += 2
        why.append("exception")
    joined = " ".join(olds + news).lower()
    if re.search(r"\bdefaults?\b|\breturns?\b|\byields?\b|\braises?\b", joined):
        s += 1
        why.append("default/return/raise")
    if any(x.strip().startswith(">>>") for x in olds):
        s += 2
        why.append("example")
    if re.search(r"\d", " ".join(gone | came)):
        s += 1
    return s, why


def mine_pair(name: str, old: str, new: str) -> list[dict]:
    out_path = CACHE / "mined" / f"{name}-{old}-{new}.json"
    if out_path.exists():
        return json.loads(out_path.read_text())
    a, b = py_files(release_dir(name, old)), py_files(release_dir(name, new))
    found = []
    for rel in sorted(a.keys() & b.keys()):
        ta, tb = a[rel].read_bytes(), b[rel].read_bytes()
        if ta == tb:
            continue
        da, db = definitions(a[rel]), definitions(b[rel])
        src_a = ta.decode("utf-8", "replace").splitlines()
        src_b = tb.decode("utf-8", "replace").splitlines()
        for qual in sorted(da.keys() & db.keys()):
            na, nb = da[qual], db[qual]
            doc_a, doc_b = _doc_node(na), _doc_node(nb)
            if doc_a is None or doc_b is None or doc_a.value == doc_b.value:
                continue
            if _docless(na) != _docless(nb):
                continue
            params = set()
            if isinstance(na, (ast.FunctionDef, ast.AsyncFunctionDef)):
                params = {x.arg for x in ast.walk(na.args) if isinstance(x, ast.arg)}
            names = code_names(na)
            for (o1, o2), (n1, n2), olds, news in hunks(doc_a, doc_b, src_a, src_b):
                sc, why = score(olds, news, params, names, release_code_names(name, old))
                if sc == 0:
                    continue
                sha = _hunk_key(olds)
                found.append({
                    "id": f"{name}@{old}..{new}:{rel}:{qual}:L{o1}:{sha[:10]}", "package": name, "old": old,
                    "new": new, "path": rel, "qualname": qual, "old_lines": [o1, o2], "new_lines": [n1, n2],
                    "sha1": sha, "score": sc, "why": why, "old_text": olds, "new_text": news,
                    "def_lines": [na.lineno, na.end_lineno], "new_def_lines": [nb.lineno, nb.end_lineno]})
    out_path.parent.mkdir(parents=True, exist_ok=True)
    out_path.write_text(json.dumps(found))
    return found


def mine(names: list[str]) -> list[dict]:
    def one(name: str) -> list[dict]:
        try:
            vers = releases(name)
            with ThreadPoolExecutor(3) as pool:
                list(pool.map(lambda v: release_dir(name, v), vers))
            rows = []
            for old, new in itertools.pairwise(vers):
                rows += mine_pair(name, old, new)
            return rows
        except Exception as exc:  # a package that cannot be fetched is skipped, and said so
            print(f"{name}: skipped ({exc})", file=sys.stderr)
            return []

    allrows = []
    with ThreadPoolExecutor(2) as pool:
        for name, rows in zip(names, pool.map(one, names)):
            print(f"{name}: {len(rows)} candidates", file=sys.stderr)
            allrows += rows
    allrows.sort(key=lambda r: (-r["score"], r["id"]))
    return allrows


# ---------------------------------------------------------------------------------------------
# labels and inspection
# ---------------------------------------------------------------------------------------------

def load_labels(random_too: bool = False, part: str = "dev") -> dict[str, dict]:
    """The hand labels by id: the picked cases (``sample`` "picked") and, with ``random_too``,
    the random sample (``sample`` "random"; a case in both files keeps its picked label).
    A held-out part has one file (``sample`` "picked")."""
    out: dict[str, dict] = {}
    if part in HELD_OUT_LABELS:
        files = [(HELD_OUT_LABELS[part], "picked")]
    else:
        files = [(LABELS, "picked")] + ([(LABELS_RANDOM, "random")] if random_too else [])
    for path, sample in files:
        if path.exists():
            for d in map(json.loads, filter(None, path.read_text().splitlines())):
                out.setdefault(d["id"], {**d, "sample": d.get("sample", sample)})
    return out


def _in_part(package: str, part: str) -> bool:
    """Whether a package belongs to the part: a held-out part is its packages (TEST_PACKAGES,
    TEST2_PACKAGES), dev is everything in no held-out part."""
    if part in HELD_OUT:
        return package in HELD_OUT[part]
    return not any(package in packages for packages in HELD_OUT.values())


def load_candidates(part: str = "dev") -> list[dict]:
    """Every mined candidate of the part so far (also while ``mine`` is still running), best score first."""
    rows = [r for p in sorted((CACHE / "mined").glob("*.json")) for r in json.loads(p.read_text())]
    rows = [r for r in rows if _in_part(r["package"], part)]
    for r in rows:  # ids of caches written before the line number was part of the id
        r["id"] = f"{r['package']}@{r['old']}..{r['new']}:{r['path']}:{r['qualname']}:L{r['old_lines'][0]}:{r['sha1'][:10]}"
    if not rows:
        sys.exit("no candidates yet: run `python benchmarks/realerrors.py mine` first")
    return sorted(rows, key=lambda r: (-r["score"], r["id"]))


def find(cands: list[dict], key: str) -> dict:
    """The candidate whose id is ``key`` or ends with ``:key`` (e.g. ``qualname:L12:sha1prefix``)."""
    hits = [c for c in cands if c["id"] == key or c["id"].endswith(":" + key)]
    if len(hits) != 1:
        raise SystemExit(f"{key}: {len(hits)} candidates match")
    return hits[0]


def _lines(name: str, version: str, rel: str) -> list[str]:
    return py_files(release_dir(name, version))[rel].read_text("utf-8", "replace").splitlines()


def show(case: dict) -> None:
    old = _lines(case["package"], case["old"], case["path"])
    new = _lines(case["package"], case["new"], case["path"])
    d1, d2 = case["def_lines"]
    o1, o2 = case["old_lines"]
    n1, n2 = case["new_lines"]
    print(f"== {case['id']}  score {case.get('score')} {case.get('why')}")
    for i in range(d1, d2 + 1):
        mark = ">" if o1 <= i <= o2 else " "
        print(f"{mark}{i:5} {old[i - 1]}")
    print("-- new:")
    for i in range(n1, n2 + 1):
        print(f"+{i:5} {new[i - 1]}")


def _docless_source(node: ast.AST, lines: list[str]) -> str:
    """The source of ``node`` without the lines of any docstring in it."""
    drop = set()
    for sub in ast.walk(node):
        doc = _doc_node(sub) if isinstance(sub, DEFS) else None
        if doc is not None:
            drop |= set(range(doc.lineno, doc.end_lineno + 1))
    return "\n".join(lines[i - 1] for i in range(node.lineno, node.end_lineno + 1) if i not in drop)


ENTRY = [re.compile(r"^\s*\*{0,2}([A-Za-z_]\w*)\s*:(?:\s|$)"), re.compile(r"^\s*\*{0,2}([A-Za-z_]\w*)\s*\([^)]*\)\s*:"),
         re.compile(r"[:@](?:param|type|keyword|ivar)\s+(?:[^:]*\s)?\*{0,2}([A-Za-z_]\w*)\s*:")]


def signature_params(case: dict) -> set[str]:
    """The parameter names of the documented function (of ``__init__`` for a class)."""
    node = definitions(py_files(release_dir(case["package"], case["old"]))[case["path"]])[case["qualname"]]
    if isinstance(node, ast.ClassDef):
        node = next((n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
    if node is None:
        return set()
    return {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}


def _section(case: dict) -> str | None:
    """The docstring section (numpy or Google heading) that the old hunk starts in."""
    lines = _lines(case["package"], case["old"], case["path"])[case["def_lines"][0] - 1:case["old_lines"][0] - 1]
    current = None
    for i, line in enumerate(lines):
        head = line.strip().rstrip(":")
        underlined = i + 1 < len(lines) and set(lines[i + 1].strip()) == {"-"}
        if head and (underlined or line.strip().endswith(":")) and head in SECTIONS:
            current = head
    return current


SECTIONS = {"Parameters", "Other Parameters", "Args", "Arguments", "Keyword Arguments", "Attributes", "Returns",
            "Return", "Yields", "Raises", "See Also", "Notes", "Examples", "References", "Warns", "Methods"}


def stray_entries(case: dict) -> set[str]:
    """Names of parameter-list entries in the old hunk that the signature does not have."""
    params = signature_params(case)
    if not params - {"self", "cls"} or _section(case) not in (None, "Parameters", "Other Parameters", "Args",
                                                              "Arguments", "Keyword Arguments"):
        return set()
    names = {m.group(1) for line in case["old_text"] if not line.lstrip().startswith(">>>")
             for rx in ENTRY for m in [rx.search(line)] if m}
    skip = {"Returns", "Return", "Raises", "Yields", "Example", "Examples", "Note", "Notes", "Args", "Arguments",
            "Parameters", "Attributes", "See", "Warning", "References", "Keyword", "Other", "Usage", "Default", "e",
            "i", "Type", "rtype", "returns", "raises", "return", "note", "param", "type"}
    return {n for n in names - params - skip if not (n[0].isupper() and n.isalpha())}


def claim_change(case: dict) -> bool:
    """Whether the rewrite changes an exception name, a default or a literal the text claims."""
    ot, nt = _tokens(case["old_text"]), _tokens(case["new_text"])
    changed = ot ^ nt
    if any(re.search(r"(Error|Exception|Warning)$", t) for t in changed):
        return True
    old = " ".join(case["old_text"]).lower()
    literal = {t for t in changed if t in ("True", "False", "None") or re.fullmatch(r"\d+(\.\d+)?", t)}
    return bool(literal) and bool(re.search(r"default|return|raise|if |when ", old))


def review(case: dict, index: int) -> None:
    """A compact view: the signature, the old hunk and the new hunk."""
    old = _lines(case["package"], case["old"], case["path"])
    names = release_code_names(case["package"], case["old"])
    node = definitions(py_files(release_dir(case["package"], case["old"]))[case["path"]])[case["qualname"]]
    deftext = _docless_source(node, old)
    gone = sorted(_tokens(case["old_text"]) - _tokens(case["new_text"]))
    where = []
    for g in gone:
        if not _codeish(g):
            continue
        last = _last(g)
        place = "def" if re.search(rf"\b{re.escape(last)}\b", deftext) else "release" if last in names else "NOWHERE"
        where.append(f"{g}[{place}]")
    d1 = case["def_lines"][0]
    o1, o2 = case["old_lines"]
    head = []
    for i in range(d1, o1):
        head.append(old[i - 1])
        if '"""' in old[i - 1] or "'''" in old[i - 1]:
            break
    print(f"#{case['qualname']}:L{case['old_lines'][0]}:{case['sha1'][:10]} {case['id']} [{case['score']}] {'; '.join(case['why'])[:100]}")
    print("   " + "\n   ".join(head[:6]))
    if where:
        print("   gone: " + " ".join(where)[:200])
    print("  - " + "\n  - ".join(old[o1 - 1:o2]))
    print("  + " + "\n  + ".join(case["new_text"]))


def label(case: dict, verdict: str, criterion: str | None, note: str, part: str = "dev") -> None:
    """Record a verdict; "unfixed" is an error whose rewrite kept the mistake (no fixed text to measure)."""
    keep = {k: case[k] for k in ("id", "package", "old", "new", "path", "qualname", "old_lines", "new_lines", "sha1")}
    keep.update(verdict="error" if verdict in ("error", "unfixed") else "not-error", criterion=criterion, note=note)
    if verdict == "unfixed":
        keep["fixed"] = False
    labels = load_labels(part=part)
    labels[case["id"]] = keep
    HELD_OUT_LABELS.get(part, LABELS).write_text("".join(json.dumps(v, sort_keys=True) + "\n" for v in labels.values()))


def amend(key: str, part: str = "dev", **fields: object) -> None:
    """Add to the label of an error case, in whichever labels file holds it: ``fixed=False``
    when its rewrite kept this very mistake (there is no fixed text to measure), or
    ``fixed_still_wrong`` when the fixed text is wrong by the code in another way (a fix that
    kept another mistake, checked by hand: a finding there is no false flag)."""
    for path in (HELD_OUT_LABELS[part],) if part in HELD_OUT_LABELS else (LABELS, LABELS_RANDOM):
        rows = [json.loads(x) for x in path.read_text().splitlines() if x] if path.exists() else []
        hits = [d for d in rows if d["id"] == key or d["id"].endswith(":" + key)]
        if len(hits) == 1 and hits[0]["verdict"] == "error":
            hits[0].update(fields)
            path.write_text("".join(json.dumps(d, sort_keys=True) + "\n" for d in rows))
            return
    print(f"{key}: no single error case of that id", file=sys.stderr)


# ---------------------------------------------------------------------------------------------
# measuring
# ---------------------------------------------------------------------------------------------

def run_docfact(root: Path, files: list[str] | None, rules: str = "all") -> dict:
    """docfact's JSON report on a release: the given files of it (docfact indexes the project
    modules they import), or the whole unpacked release when ``files`` is None. ``rules``: "all"
    runs the preview rules too (``--preview``, the figures' history), "stable" only the default ones."""
    rels = py_files(root)
    targets = [str(rels[f]) for f in files] if files is not None else [str(root)]
    proc = subprocess.run(
        [sys.executable, "-m", "docfact", "check", *targets, "--format", "json", "--no-cache", "--fail-on", "never",
         "--no-progress", "--preview" if rules == "all" else "--no-preview"], capture_output=True, text=True,
        check=False)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"docfact failed on {root}: {proc.stderr[-2000:]}")
    data = json.loads(proc.stdout)
    by_file: dict[str, list[dict]] = defaultdict(list)
    back = {p.resolve(): rel for rel, p in rels.items()}
    for f in data["findings"]:
        rel = back.get(Path(f["path"]).resolve())
        if rel is not None:
            by_file[rel].append(f)
    docstrings = sum(1 for d in data["docs"] if d["kind"] != "comment")
    return {"docstrings": docstrings, "findings": Counter(f["criterion"] for f in data["findings"]),
            "by_file": by_file, "files": data["files"]}


def _overlap(f: dict, lines: list[int]) -> bool:
    return f["line"] <= lines[1] and f["end_line"] >= lines[0]


def measure(args: argparse.Namespace) -> int:
    labels = [d for d in load_labels(random_too=args.sample != "picked", part=args.part).values()
              if (not args.package or d["package"] in args.package)
              and args.sample in ("all", d["sample"])]
    errors = [d for d in labels if d["verdict"] == "error"]
    files: dict[tuple[str, str], set[str]] = defaultdict(set)
    for d in labels:
        files[(d["package"], d["old"])].add(d["path"])
    for d in errors:
        if d.get("fixed", True):
            files[(d["package"], d["new"])].add(d["path"])
    need = sorted(files)
    t0 = time.monotonic()
    with ThreadPoolExecutor(3) as pool:
        list(pool.map(lambda pv: release_dir(*pv), need))
    runs = {}
    for name, ver in need:
        t = time.monotonic()
        runs[(name, ver)] = run_docfact(release_dir(name, ver), None if args.full else sorted(files[(name, ver)]),
                                        args.rules)
        print(f"  {name} {ver}: {time.monotonic() - t:.1f} s", file=sys.stderr)
    bad_hash = []
    for d in labels:
        src = _lines(d["package"], d["old"], d["path"])
        if _hunk_key(src[d["old_lines"][0] - 1:d["old_lines"][1]]) != d["sha1"]:
            bad_hash.append(d["id"])
    results = []
    for d in errors:
        old_f = [f for f in runs[(d["package"], d["old"])]["by_file"].get(d["path"], []) if _overlap(f, d["old_lines"])]
        new_run = runs.get((d["package"], d["new"]), {"by_file": {}})
        new_f = [f for f in new_run["by_file"].get(d["path"], []) if _overlap(f, d["new_lines"])] \
            if d.get("fixed", True) else []
        results.append({**d, "caught": any(f["criterion"] == d["criterion"] for f in old_f),
                        "caught_any": bool(old_f), "old_findings": [(f["criterion"], f["rule"]) for f in old_f],
                        "fixed_flags": sorted({f["criterion"] for f in new_f if f["criterion"] != "C4"}),
                        "new_findings": [(f["criterion"], f["rule"]) for f in new_f]})
    noterr_flagged = []
    for d in labels:
        if d["verdict"] != "error":
            fs = [f for f in runs[(d["package"], d["old"])]["by_file"].get(d["path"], []) if _overlap(f, d["old_lines"])]
            if any(f["criterion"] != "C4" for f in fs):
                noterr_flagged.append({"id": d["id"], "findings": [(f["criterion"], f["rule"]) for f in fs]})
    elapsed = time.monotonic() - t0
    report = summarize(labels, results, runs, noterr_flagged, bad_hash, elapsed, args.misses)
    report["scope"] = "whole releases" if args.full else "files holding labelled cases"
    if args.json:
        Path(args.json).write_text(json.dumps({**report, "cases": results, "flagged_not_errors": noterr_flagged},
                                              indent=1, default=list))
    return 0


def summarize(labels, results, runs, noterr_flagged, bad_hash, elapsed, misses) -> dict:
    pkgs = sorted({d["package"] for d in labels})
    print(f"labelled cases {len(labels)} ({len(results)} errors, {len(labels) - len(results)} not errors) "
          f"from {len(pkgs)} packages; {len(runs)} releases checked in {elapsed:.0f} s")
    if bad_hash:
        print(f"WARNING: {len(bad_hash)} labels whose old hunk no longer matches: {bad_hash[:5]}")
    print(f"\n{'criterion':<10} {'cases':>6} {'caught':>7} {'recall':>7} {'any crit':>9} {'fixed texts flagged':>20}")
    per: dict[str, dict] = {}
    groups = [(c, [r for r in results if r["criterion"] == c]) for c in CRITS]
    groups += [("C1+C2", [r for r in results if r["criterion"] in ("C1", "C2")]), ("all", results)]
    for crit, rs in groups:
        n = len(rs)
        caught = sum(r["caught"] for r in rs)
        anyc = sum(r["caught_any"] for r in rs)
        fixed = sum(bool(r["fixed_flags"]) for r in rs if r.get("fixed", True))
        nf = sum(1 for r in rs if r.get("fixed", True))
        per[crit] = {"cases": n, "caught": caught, "recall": caught / n if n else None, "caught_any": anyc,
                     "fixed_texts": nf, "fixed_flagged": fixed, "fixed_flag_rate": fixed / nf if nf else None}
        rec = f"{caught / n:.2f}" if n else "-"
        print(f"{crit:<10} {n:>6} {caught:>7} {rec:>7} {anyc:>9} {fixed:>5}/{nf:<4} ({fixed / nf if nf else 0:.1%})")
    for sample in sorted({r["sample"] for r in results}):
        rs = [r for r in results if r["sample"] == sample]
        cells = []
        for crit, sub in [(c, [r for r in rs if r["criterion"] == c]) for c in CRITS] + [
                ("C1+C2", [r for r in rs if r["criterion"] in ("C1", "C2")]), ("all", rs)]:
            got = sum(r["caught"] for r in sub)
            cells.append(f"{crit} {got}/{len(sub)}" + (f" ({got / len(sub):.2f})" if sub else ""))
            per[f"{sample}:{crit}"] = {"cases": len(sub), "caught": got, "recall": got / len(sub) if sub else None}
        print(f"  {sample} sample: " + ", ".join(cells))
    fixed_by_crit = Counter(c for r in results for c in r["fixed_flags"])
    print(f"fixed texts flagged, by criterion of the finding: {dict(sorted(fixed_by_crit.items())) or 'none'}")
    fixed_all = [r for r in results if r.get("fixed", True)]
    flagged = [r for r in fixed_all if r["fixed_flags"]]
    still = [r for r in flagged if r.get("fixed_still_wrong")]
    false_flags = len(flagged) - len(still)
    per["fixed"] = {"texts": len(fixed_all), "flagged": len(flagged), "still_wrong": len(still),
                    "false_flags": false_flags, "false_flag_rate": false_flags / len(fixed_all) if fixed_all else None}
    print(f"fixed texts flagged: {len(flagged)} of {len(fixed_all)}; of them still wrong by the code (checked by hand): "
          f"{len(still)}; false flags: {false_flags} ({false_flags / len(fixed_all) if fixed_all else 0:.1%})")
    print(f"not-error old sentences with a C1-C3 finding: {len(noterr_flagged)} of {len(labels) - len(results)}")
    print(f"\n{'package':<16} {'errors':>6} {'caught':>7} {'not-err':>8}")
    per_pkg = {}
    for p in pkgs:
        rs = [r for r in results if r["package"] == p]
        ne = sum(1 for d in labels if d["package"] == p and d["verdict"] != "error")
        per_pkg[p] = {"errors": len(rs), "caught": sum(r["caught"] for r in rs), "not_errors": ne}
        print(f"{p:<16} {len(rs):>6} {per_pkg[p]['caught']:>7} {ne:>8}")
    print(f"\n{'release (checked files)':<28} {'docstrings':>10} " + " ".join(f"{c:>5}" for c in CRITS) + "  per 100 docstrings")
    density = {}
    tot_docs, tot = 0, Counter()
    for (name, ver), run in sorted(runs.items()):
        ds, fs = run["docstrings"], run["findings"]
        tot_docs += ds
        tot += fs
        density[f"{name} {ver}"] = {"docstrings": ds, **{c: fs[c] for c in CRITS}}
        per100 = sum(fs[c] for c in CRITS) * 100 / ds if ds else 0
        print(f"{name + ' ' + ver:<28} {ds:>10} " + " ".join(f"{fs[c]:>5}" for c in CRITS) + f"  {per100:.2f}")
    per100 = {c: tot[c] * 100 / tot_docs if tot_docs else 0 for c in CRITS}
    print(f"{'all':<28} {tot_docs:>10} " + " ".join(f"{tot[c]:>5}" for c in CRITS)
          + "  " + " ".join(f"{c} {per100[c]:.2f}" for c in CRITS))
    if misses:
        print("\nmisses (criterion, id, what docfact said there, note):")
        for r in results:
            if not r["caught"]:
                print(f"  {r['criterion']} {r['id']}  {r['old_findings'] or ''}\n      {r['note']}")
        print("\nfixed texts flagged:")
        for r in results:
            if r["fixed_flags"] and r.get("fixed", True):
                why = r.get("fixed_still_wrong")
                print(f"  {r['id']}  {r['new_findings']}" + (f"\n      still wrong: {why['note']}" if why else ""))
        print("\nnot-errors flagged:")
        for d in noterr_flagged:
            print(f"  {d['id']}  {d['findings']}")
    return {"per_criterion": per, "per_package": per_pkg, "density": density, "per100": per100,
            "docstrings": tot_docs, "elapsed_s": elapsed, "labels": len(labels), "errors": len(results),
            "bad_hash": bad_hash}


# ---------------------------------------------------------------------------------------------

def _shortlist(cands: list[dict], labels: dict, args: argparse.Namespace, review_filters: bool):
    """(index, candidate) for at most ``--top`` candidates of the chosen packages and score,
    unlabelled unless ``--all``; ``review`` also applies ``--claims``, ``--stray``, ``--unknown``."""
    shown = 0
    for i, c in enumerate(cands):
        if shown >= args.top:
            return
        if (args.package and c["package"] not in args.package) or c["score"] < args.min_score:
            continue
        if c["id"] in labels and not args.all:
            continue
        if review_filters and not _passes_review_filters(c, args):
            continue
        yield i, c
        shown += 1


def _passes_review_filters(c: dict, args: argparse.Namespace) -> bool:
    if args.claims and not claim_change(c):
        return False
    if args.stray and not stray_entries(c):
        return False
    return not (args.unknown and not any("unknown in release" in w for w in score(
        c["old_text"], c["new_text"], set(), set(), release_code_names(c["package"], c["old"]))[1]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="measure", choices=["measure", "mine", "candidates", "show", "review", "label", "label-batch"])
    ap.add_argument("rest", nargs="*")
    ap.add_argument("--misses", action="store_true", help="list the errors docfact missed")
    ap.add_argument("--json", metavar="FILE", help="write every number and case to FILE")
    ap.add_argument("--rules", choices=("all", "stable"), default="all",
                    help="all: the preview rules too (default; the history's figures); stable: docfact's default rules")
    ap.add_argument("--full", action="store_true",
                    help="check whole releases instead of the files that hold labelled cases (slow)")
    ap.add_argument("--part", choices=sorted(PARTS), default="dev",
                    help="dev: the development corpus (PACKAGES, default); test, test2: the held-out "
                         "TEST_PACKAGES, TEST2_PACKAGES")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--package", action="append")
    ap.add_argument("--sample", choices=["all", "picked", "random"], default="all",
                    help="measure: the hand-picked cases, the random sample, or both (default)")
    ap.add_argument("--all", action="store_true", help="candidates: include labelled ones")
    ap.add_argument("--min-score", type=int, default=1)
    ap.add_argument("--claims", action="store_true",
                    help="review: only hunks that change an exception name or a claimed default/literal")
    ap.add_argument("--stray", action="store_true",
                    help="review: only hunks whose old text has a parameter entry the signature lacks")
    ap.add_argument("--unknown", action="store_true",
                    help="review: only hunks whose old text names something the old release's code never spells")
    args = ap.parse_args()
    if args.command == "measure":
        return measure(args)
    if args.command == "mine":
        rows = mine(args.package or list(dict.fromkeys(PARTS[args.part])))
        print(f"{len(rows)} candidates from {len({r['package'] for r in rows})} packages")
        return 0
    if args.command == "label-batch":  # lines "KEY error CRIT note", "KEY not-error note", "KEY kept note", "KEY still-wrong CRIT note"
        cands = None
        for line in sys.stdin:
            if line.strip():
                key, verdict, rest = line.split(None, 2)
                if verdict == "still-wrong":  # a labelled error whose fix kept another mistake
                    crit, note = rest.split(None, 1)
                    amend(key, part=args.part, fixed_still_wrong={"criterion": crit, "note": note.strip()})
                    continue
                if verdict == "kept":  # a labelled error whose rewrite kept this very mistake
                    amend(key, part=args.part, fixed=False, kept_note=rest.strip())
                    continue
                crit, note = rest.split(None, 1) if verdict in ("error", "unfixed") else ("-", rest)
                cands = cands if cands is not None else load_candidates(args.part)
                try:
                    case = find(cands, key)
                except SystemExit as exc:
                    print(exc, file=sys.stderr)
                    continue
                label(case, verdict, None if crit == "-" else crit, note.strip(), args.part)
        return 0
    cands = load_candidates(args.part)
    labels = load_labels(part=args.part)
    if args.command == "review":
        for i, c in _shortlist(cands, labels, args, review_filters=True):
            review(c, i)
        return 0
    if args.command == "candidates":
        for i, c in _shortlist(cands, labels, args, review_filters=False):
            print(f"{i:5} {c['score']:2} {c['id']}  {'; '.join(c['why'])}")
        return 0
    key = args.rest[0]
    case = find(cands, key)
    if args.command == "show":
        show(case)
        return 0
    verdict, crit, note = args.rest[1], args.rest[2], " ".join(args.rest[3:])
    label(case, "error" if verdict == "error" else "not-error", None if crit == "-" else crit, note, args.part)
    return 0


if __name__ == "__main__":
    sys.exit(main())
