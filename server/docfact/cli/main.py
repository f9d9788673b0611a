"""``docfact``: check, merge, llm-batch, context, docs, rules and serve."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from docfact import __version__
from docfact.cli.errors import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError

if TYPE_CHECKING:
    from docfact.engine import Engine

__all__ = ["EXIT_FINDINGS", "EXIT_OK", "EXIT_USAGE", "UsageError", "main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"docfact: error: {message}\n")


def _positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="docfact", description="Find the sentences of docstrings and comments that are "
                                            "no longer true of the code.")
    p.add_argument("--version", action="version", version=f"docfact {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    c = sub.add_parser("check", help="judge the docs of files or folders (default: the current folder)")
    c.add_argument("paths", nargs="*", help="files or folders to check")
    c.add_argument("--format", choices=["text", "json", "sarif", "github", "html"], default="text")
    c.add_argument("--output", "-o", metavar="FILE", help="write the report to FILE instead of stdout")
    c.add_argument("--select", metavar="C1,C3.wrong-default", help="only these criteria or rule ids (a rule "
                   "selected by id runs even when it is a preview rule)")
    c.add_argument("--ignore", metavar="C4,C1.unknown-name", help="skip these criteria or rule ids")
    c.add_argument("--preview", action=argparse.BooleanOptionalAction, default=None,
                   help="run the preview rules too (--no-preview: only the stable rules); see docfact rules")
    c.add_argument("--fail-on", choices=["info", "warning", "error", "never"], default="warning",
                   help="exit 1 when a finding has at least this severity (default: warning)")
    c.add_argument("--no-cache", action="store_true", help="judge every file again, ignoring cached results")
    c.add_argument("--jobs", "-j", type=_positive, default=0, metavar="N",
                   help="parallel indexing processes, 1 or more (default: 1 for small runs, CPU count for large ones)")
    c.add_argument("--baseline", metavar="FILE", help="hide findings recorded in this baseline file")
    c.add_argument("--write-baseline", metavar="FILE", help="record all current findings in FILE and exit 0")
    c.add_argument("--config", metavar="FILE", help="pyproject.toml or docfact.toml to read settings from")
    c.add_argument("--trust-workspace-config", action="store_true",
                   help="honour the repository's LLM endpoint, API key variable and cache folder settings "
                        "(ignored by default: a repository must not choose where your code or keys go)")
    c.add_argument("--no-progress", action="store_true", help="never show the progress bar")
    c.add_argument("--llm", action="store_true", help="also ask the LLM judge (sends code to the endpoint)")
    c.add_argument("--llm-base-url", metavar="URL")
    c.add_argument("--llm-model", metavar="NAME")
    c.add_argument("--llm-mode", choices=["batched", "referee"])
    c.add_argument("--llm-api-key-env", metavar="NAME", help="NAME of the environment variable holding the API key")
    c.add_argument("--llm-max-requests", type=int, metavar="N")
    c.add_argument("--cache-dir", metavar="DIR")
    c.add_argument("--shard", metavar="I/N",
                   help="judge only shard I of N (1-based; files split by a hash of their path); "
                        "combine the shards' reports with docfact merge")
    c.add_argument("--profile", action="store_true",
                   help="print to stderr the CPU seconds of each stage (scan, store read, index, imports, replay, "
                        "judge, store write, report) and of each rule, summed over the worker processes")
    c.add_argument("--verbose", "-v", action="store_true")

    x = sub.add_parser("context", help="print the 1-hop related information a judge sees for FILE::QUALNAME")
    x.add_argument("target", metavar="FILE::QUALNAME")
    x.add_argument("--hops", type=int, default=1, choices=[0, 1, 2])
    x.add_argument("--budget", type=int, default=6000, help="size budget in characters")

    d = sub.add_parser("docs", help="list the docstrings and comments docfact judges in FILE, with their sentences")
    d.add_argument("file")

    m = sub.add_parser("merge", help="combine the JSON or SARIF reports of docfact check --shard runs into one")
    m.add_argument("reports", nargs="+", metavar="REPORT", help="the reports of all shards")
    m.add_argument("--output", "-o", metavar="FILE", help="write the merged report to FILE instead of stdout")
    m.add_argument("--format", choices=["json", "sarif"], default="json")
    m.add_argument("--fail-on", choices=["info", "warning", "error", "never"], default="warning",
                   help="exit 1 when a finding has at least this severity (default: warning)")

    from docfact.cli.llm_batch_args import add_parser as add_llm_batch

    add_llm_batch(sub)

    r = sub.add_parser("rules", help="list the rules (id, criterion, maturity, languages), or explain one")
    r.add_argument("rule", nargs="?", metavar="ID", help="a rule id, e.g. C1.unknown-name")
    r.add_argument("--markdown", action="store_true", help="print every rule as Markdown (docs/rules.md)")

    sub.add_parser("serve", help="run the language server on stdio")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    logging.basicConfig(level=logging.DEBUG if getattr(args, "verbose", False) else logging.WARNING,
                        format="%(message)s", stream=sys.stderr)
    try:
        if args.command == "check":
            from docfact.cli.check import run_check

            return run_check(args)
        if args.command == "merge":
            from docfact.cli.merge import run_merge

            return run_merge(args)
        if args.command == "llm-batch":
            from docfact.cli.llm_batch import run_llm_batch

            return run_llm_batch(args)
        if args.command == "context":
            return _context(args)
        if args.command == "docs":
            return _docs(args)
        if args.command == "rules":
            return _rules(args.rule, args.markdown)
        if args.command == "serve":
            from docfact.lsp.app import main as serve

            serve([])
            return EXIT_OK
    except UsageError as exc:
        print(f"docfact: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("docfact: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except Exception as exc:  # a bug: say so plainly, with the exit code of an input error
        logging.getLogger("docfact").debug("internal error", exc_info=True)
        print(f"docfact: internal error: {type(exc).__name__}: {exc} (run with -v for the traceback; "
              "please report it)", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_USAGE


def run() -> NoReturn:
    """The ``docfact`` program: :func:`main`, then an exit that skips freeing the project graph
    object by object (a fifth of a second on a large project, after the report is out). Output
    is flushed and logging shut down first; nothing else of docfact runs at exit (under a
    profiler, debugger or coverage tool, the exit is the usual one)."""
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = EXIT_OK  # the reader went away (``docfact check | head``): as main() treats it
    except ValueError:
        pass  # already closed (the language server closes its transport on ``exit``)
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    logging.shutdown()
    if sys.getprofile() is not None or sys.gettrace() is not None or "coverage" in sys.modules:
        sys.exit(code)  # a profiler, debugger or coverage tool writes its results at exit
    os._exit(code)


def _engine_for(path: Path, trust: bool = False) -> Engine:
    """An engine for the project around ``path`` with the settings a check there would use."""
    from docfact.cli.check import load_settings
    from docfact.config import project_root
    from docfact.engine import Engine

    if not path.exists():
        raise UsageError(f"{path}: no such file or folder")

    ns = argparse.Namespace(config=None, trust_workspace_config=trust, select=None, ignore=None,
                            preview=None, llm=False, llm_base_url=None, llm_model=None,
                            llm_mode=None, llm_api_key_env=None, llm_max_requests=None,
                            cache_dir=None)
    settings, _ = load_settings(ns, path)
    return Engine(project_root(path), settings)


def _split_target(target: str) -> tuple[Path, str]:
    if "::" not in target:
        raise UsageError(f"expected FILE::QUALNAME (e.g. store.py::Store.prune), got {target!r}")
    file, qual = target.split("::", 1)
    return Path(file), qual


def _context(args: argparse.Namespace) -> int:
    path, qual = _split_target(args.target)
    engine = _engine_for(path)
    engine.load([engine.root])
    index = engine.graph.file(str(path.resolve()))
    if index is None:
        from docfact.lang import not_a_source

        raise UsageError(f"{path}: {not_a_source()} docfact can read")
    try:
        text = engine.context(str(path), qual, hops=args.hops, budget=args.budget)
    except KeyError:
        names = sorted(e.local_name for e in index.entities
                       if e.local_name and e.kind in ("class", "function", "method"))
        from difflib import get_close_matches

        close = get_close_matches(qual, names, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise UsageError(f"{path}: no function, method or class named {qual!r}{hint}") from None
    sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
    return EXIT_OK


def _docs(args: argparse.Namespace) -> int:
    from docfact.docs.segments import example_segments, segment_doc
    from docfact.positions import LineIndex

    path = Path(args.file)
    engine = _engine_for(path)
    if path.is_dir():
        raise UsageError(f"{path}: expected a file")
    engine.load([path])
    index = engine.graph.file(str(path.resolve()))
    if index is None:
        from docfact.lang import not_a_source

        reason = dict(engine.skipped).get(str(path.resolve()), not_a_source())
        raise UsageError(f"{path}: {reason}")
    lines = LineIndex(index.text)
    out: list[str] = []
    if index.ignore_file:
        out.append(f"{path}: `docfact: ignore-file` — nothing in this file is judged")
    for doc in index.docs:
        entity = engine.documented_entity(index, doc)
        what = f"{entity.kind} {entity.local_name or entity.module}" if entity else (doc.owner or "module")
        r = doc.range
        off = doc.kind == "comment" and not engine.settings.check_comments
        skipped = " (not judged: check_comments is off)" if off else ""
        out.append(f"{r.start.line + 1}:{r.start.col + 1}-{r.end.line + 1}:{r.end.col + 1} "
                   f"{doc.kind} of {what}{skipped}")
        sentences = segment_doc(doc, lines)
        examples = example_segments(doc, lines, len(sentences))
        for seg in sorted([*sentences, *examples], key=lambda sg: sg.start):
            sr = seg.range
            label = "[example] " if seg.kind == "code" else ""
            if seg.field is not None:
                label = f"[{seg.field.section}{' ' + seg.field.name if seg.field.name else ''}] "
            text = " ".join(seg.text.split())
            out.append(f"  {sr.start.line + 1}:{sr.start.col + 1}-{sr.end.line + 1}:{sr.end.col + 1}  {label}{text}")
    if index.syntax_error_lines:
        where = ", ".join(str(n + 1) for n in index.syntax_error_lines[:5])
        out.append(f"note: syntax errors near line(s) {where}; docs inside broken code are not listed")
    if not index.docs:
        out.append(f"{path}: no docstrings or comments to judge")
    sys.stdout.write("\n".join(out) + "\n")
    return EXIT_OK


def _rules(rule_id: str | None, markdown: bool = False) -> int:
    """``docfact rules``: one line per rule id; ``docfact rules ID``: the rule explained, with a
    doc it flags and a true one; ``--markdown``: docs/rules.md. All from the rule registry."""
    from docfact.judges import registry
    from docfact.judges.maturity import normalize, unknown_selector_message

    if markdown:
        if rule_id is not None:
            raise UsageError("--markdown prints every rule; give no rule id with it")
        sys.stdout.write(registry.markdown())
        return EXIT_OK
    if rule_id is None:
        sys.stdout.write(registry.listing())
        return EXIT_OK
    rule = registry.BY_ID.get(normalize(rule_id))
    if rule is None:
        raise UsageError(unknown_selector_message(rule_id)
                         or f"{rule_id!r} is a criterion; list its rules with docfact rules")
    sys.stdout.write(registry.explain(rule))
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
