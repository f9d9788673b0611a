"""Pathological docs: time per doc and per file on the inputs that stalled docfact (issue 27).

    python benchmarks/pathological.py                  # every form at 4 KB, 39 KB and ~1 MB
    python benchmarks/pathological.py --sizes 4000     # only one size
    python benchmarks/pathological.py --only meth      # forms whose name contains "meth"
    python benchmarks/pathological.py --no-deadline    # the raw cost, without the time bounds

Each case is one source file (Python, Java or TypeScript/JavaScript) holding one doc made of a
pathological form (``:param`` + spaces + ``x``, one long token, ````a```` repeated, ``:meth:``
repeated, Javadoc ``{@code`` and JSDoc ``{@link`` repeated, deep nesting, ...) and one normal doc
with a planted error. Every case is indexed and judged in a process of its own, forked from this
one (killed after ``--timeout`` seconds). Reported per case: the time to index the file, the
slowest doc's judging time, the file's time (index + judging every doc), as CPU time of the
judging thread (what the engine's bounds count; a busy machine does not inflate it) and wall
time, whether the planted
error was still found, and the reason a doc was skipped, if any. Exits 1 when a doc took more
than 0.5 s, a file more than 2 s, a case timed out or the planted error was lost.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server"))

DOC_LIMIT_S = 0.5
FILE_LIMIT_S = 2.0
MAX_FILE = 990_000  # under the default maxFileSize (1,000,000 bytes)


def _repeat(unit: str, size: int, head: str = "", tail: str = "") -> str:
    return head + unit * max(1, (size - len(head) - len(tail)) // len(unit)) + tail


# name -> (languages, body of the doc for a size in characters)
FORMS: dict[str, tuple[tuple[str, ...], Callable[[int], str]]] = {
    "param-spaces": (("python",), lambda n: _repeat(" ", n, ":param", "x")),
    "param-spaces-nl": (("python",), lambda n: _repeat(" ", n, "Summary.\n\n:param", "x\n")),
    "type-spaces": (("python",), lambda n: _repeat(" ", n, ":type x", "int")),
    "long-token": (("python", "java", "typescript"), lambda n: _repeat("a", n, "Returns ", ".")),
    "long-snake": (("python",), lambda n: _repeat("a_", n, "Returns ", ".")),
    "long-dotted": (("python", "java"), lambda n: _repeat("a.", n, "Uses ", "b.")),
    "long-camel": (("python",), lambda n: _repeat("aB", n, "Uses ", " here.")),
    "long-call": (("python",), lambda n: _repeat("a.", n, "Calls ", "b() now.")),
    "long-number": (("python",), lambda n: _repeat("1.", n, "Version ", "2 here.")),
    "double-ticks": (("python",), lambda n: _repeat("``a``", n)),
    "double-ticks-spaced": (("python",), lambda n: _repeat("``a`` ", n)),
    "single-ticks": (("python",), lambda n: _repeat("`", n)),
    "meth-roles": (("python",), lambda n: _repeat(":meth:", n)),
    "meth-roles-ticked": (("python",), lambda n: _repeat(":meth:`a", n)),
    "role-colons": (("python",), lambda n: _repeat(":a", n, "See ", "`x`")),
    "epytext": (("python",), lambda n: _repeat("L{", n)),
    "params-many": (("python",), lambda n: _repeat(":param x: y\n", n)),
    "google-args": (("python",), lambda n: _repeat("    x (int): y\n", n, "Args:\n")),
    "bullets": (("python",), lambda n: _repeat("- a\n", n)),
    "sentences": (("python", "java", "typescript"), lambda n: _repeat("Returns the value. ", n)),
    "parens-nested": (("python", "java", "typescript"), lambda n: _repeat("(", n, "Calls f")),
    "brackets-nested": (("python",), lambda n: _repeat("[", n, "x (", "): y")),
    "html-p": (("java",), lambda n: _repeat("<p>", n)),
    "html-pre-open": (("java",), lambda n: _repeat("<pre>", n)),
    "code-open": (("java", "python"), lambda n: _repeat("{@code ", n)),
    "link-open": (("typescript", "java"), lambda n: _repeat("{@link ", n)),
    "link-closed": (("typescript",), lambda n: _repeat("{@link a} ", n)),
    "jsdoc-params": (("typescript",), lambda n: _repeat("@param x y\n", n)),
    "jsdoc-type-open": (("typescript",), lambda n: _repeat("{", n, "@param ", " x")),
    "urls": (("python",), lambda n: _repeat("a://", n)),
    "ellipses": (("python",), lambda n: _repeat("...", n)),
}

# the planted error: a documented parameter the signature does not have
PLANTED_RULE = "C1"


def _py(doc: str) -> str:
    body = doc.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    return (f'def patho(x):\n    """{body}"""\n    return x\n\n\n'
            'def planted(a):\n    """Add one to the value.\n\n    :param b: the value.\n    """\n    return a + 1\n')


def _java(doc: str) -> str:
    body = doc.replace("*/", "* /")
    return ("public class P {\n"
            f"    /** {body} */\n    public int patho(int x) {{ return x; }}\n\n"
            "    /**\n     * Adds one to the value.\n     * @param b the value\n     */\n"
            "    public int planted(int a) { return a + 1; }\n}\n")


def _ts(doc: str) -> str:
    body = doc.replace("*/", "* /")
    return (f"/** {body} */\nexport function patho(x: number): number {{ return x; }}\n\n"
            "/**\n * Adds one to the value.\n * @param b the value\n */\n"
            "export function planted(a: number): number { return a + 1; }\n")


SOURCES = {"python": ("p.py", _py), "java": ("P.java", _java), "typescript": ("p.ts", _ts)}


def source_for(form: str, language: str, size: int) -> tuple[str, str]:
    """The file name and text of one case (also used by tests/security/test_time_bounds.py)."""
    name, wrap = SOURCES[language]
    text = wrap(FORMS[form][1](size))
    if len(text.encode()) > MAX_FILE:
        text = wrap(FORMS[form][1](size - (len(text.encode()) - MAX_FILE)))
    return name, text


@dataclass
class Outcome:
    index_s: float = 0.0
    worst_doc_s: float = 0.0  # CPU time of the judging thread (what the bounds count)
    file_s: float = 0.0
    worst_doc_wall: float = 0.0  # wall-clock time (includes the waits of a busy machine)
    file_wall: float = 0.0
    docs: int = 0
    planted: bool = False
    note: str = ""


def _run_case(form: str, language: str, size: int, deadline: bool, conn: object) -> None:
    from docfact.config import Settings
    from docfact.engine import Engine

    logging.getLogger("docfact").setLevel(logging.ERROR)  # a skipped doc is in the note column

    out = Outcome()
    with tempfile.TemporaryDirectory() as tmp:
        name, text = source_for(form, language, size)
        path = Path(tmp) / name
        path.write_text(text, encoding="utf-8")
        engine = Engine(Path(tmp), Settings(preview=True))  # every rule, preview ones too
        if not deadline:
            _disable_deadline()
        t0, c0 = time.perf_counter(), time.thread_time()
        index = engine.update_file(str(path), text)
        out.index_s = time.thread_time() - c0
        index_wall = time.perf_counter() - t0
        if index is None:
            out.note = "not indexed"
        else:
            judge_doc = engine.judge_doc
            times: list[tuple[float, float]] = []

            def timed(*args: object, **kwargs: object) -> object:
                t, c = time.perf_counter(), time.thread_time()
                try:
                    return judge_doc(*args, **kwargs)  # type: ignore[arg-type]
                finally:
                    times.append((time.thread_time() - c, time.perf_counter() - t))

            engine.judge_doc = timed  # type: ignore[method-assign]
            t1, c1 = time.perf_counter(), time.thread_time()
            result = engine.judge_index(index)
            out.file_s = out.index_s + time.thread_time() - c1
            out.file_wall = index_wall + time.perf_counter() - t1
            out.worst_doc_s = max((c for c, _ in times), default=0.0)
            out.worst_doc_wall = max((w for _, w in times), default=0.0)
            out.docs = len(result.docs)
            out.planted = any(f.criterion == PLANTED_RULE and d.symbol.endswith("planted")
                              for d in result.docs for f in d.findings)
            out.note = result.error or ""
    conn.send(out)  # type: ignore[attr-defined]


def _disable_deadline() -> None:
    try:
        from docfact import engine

        engine.DOC_SECONDS = engine.FILE_SECONDS = float("inf")  # type: ignore[attr-defined]
        engine.MAX_DOC_CHARS = 10**9  # type: ignore[attr-defined]
    except Exception:
        pass


def run_case(form: str, language: str, size: int, timeout: float, deadline: bool = True) -> Outcome | None:
    """One case in a forked process; None when it was killed after ``timeout`` seconds."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_run_case, args=(form, language, size, deadline, child))
    proc.start()
    child.close()
    got = parent.poll(timeout)
    out = parent.recv() if got else None
    proc.kill() if out is None else None
    proc.join()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="4000,39000,990000", help="doc sizes in characters (comma-separated)")
    ap.add_argument("--only", default="", help="run the forms whose name contains this text")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds before a case is killed")
    ap.add_argument("--no-deadline", action="store_true", help="turn the per-doc and per-file time bounds off")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    from docfact.docs.sentences import sentence_tokenizer
    from docfact.judges import static  # noqa: F401  (compiled once, before forking)

    sentence_tokenizer()
    print("times: CPU seconds of the judging thread (what the bounds count); (wall): wall-clock seconds")
    print(f"{'form':<22} {'lang':<10} {'size':>8} {'index s':>8} {'doc s':>7} {'(wall)':>7} {'file s':>7} "
          f"{'(wall)':>7} {'docs':>4} planted  note")
    bad = 0
    started = time.monotonic()
    for form, (languages, _) in FORMS.items():
        if args.only not in form:
            continue
        for language in languages:
            timed_out = False
            for size in sizes:
                if timed_out:
                    print(f"{form:<22} {language:<10} {size:>8} {'':>8} {'':>7} {'':>7} {'':>4} {'':7}  "
                          "not run: a smaller size timed out")
                    bad += 1
                    continue
                out = run_case(form, language, size, args.timeout, deadline=not args.no_deadline)
                if out is None:
                    timed_out = True
                    bad += 1
                    print(f"{form:<22} {language:<10} {size:>8} {'':>8} {'':>7} {'>' + str(args.timeout):>7} "
                          f"{'':>4} {'':7}  TIMEOUT", flush=True)
                    continue
                slow = out.worst_doc_s > DOC_LIMIT_S or out.file_s > FILE_LIMIT_S
                bad += slow or not out.planted
                flag = " SLOW" if slow else ""
                print(f"{form:<22} {language:<10} {size:>8} {out.index_s:>8.3f} {out.worst_doc_s:>7.3f} "
                      f"{out.worst_doc_wall:>7.3f} {out.file_s:>7.3f} {out.file_wall:>7.3f} {out.docs:>4} {'yes' if out.planted else 'NO':7}  "
                      f"{out.note[:70]}{flag}", flush=True)
    print(f"{bad} case(s) over the bounds (doc > {DOC_LIMIT_S} s, file > {FILE_LIMIT_S} s, timeout or planted "
          f"error lost); {time.monotonic() - started:.0f} s in all")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
