"""The arguments of ``docfact llm-batch`` (apart from its code, which imports the LLM client:
every ``docfact`` command builds this parser)."""

from __future__ import annotations

import argparse
from typing import Any

MAX_BATCH_REQUESTS = 50_000  # OpenAI's limit per batch


def add_parser(sub: Any) -> None:
    """The ``llm-batch`` subcommand and its actions."""
    b = sub.add_parser("llm-batch", help="send the LLM judge's requests as Batch API jobs (OpenAI, Azure, vLLM)")
    acts = b.add_subparsers(dest="action", metavar="ACTION", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--config", metavar="FILE", help="pyproject.toml or docfact.toml to read settings from")
        p.add_argument("--llm-base-url", metavar="URL")
        p.add_argument("--llm-model", metavar="NAME")
        p.add_argument("--llm-mode", choices=["batched", "referee"])
        p.add_argument("--llm-api-key-env", metavar="NAME", help="NAME of the environment variable holding the API key")
        p.add_argument("--cache-dir", metavar="DIR")
        p.add_argument("--trust-workspace-config", action="store_true",
                       help="honour the repository's LLM endpoint, API key variable and cache folder settings")
        p.set_defaults(select=None, ignore=None)

    s = acts.add_parser("submit", help="write every request the LLM cache cannot answer as a batch and send it")
    s.add_argument("paths", nargs="*", help="files or folders (default: the current folder)")
    common(s)
    s.add_argument("--select", metavar="C1,C2", help="only these criteria")
    s.add_argument("--ignore", metavar="C4", help="skip these criteria")
    s.add_argument("--shard", metavar="I/N", help="only the files of shard I of N (as docfact check --shard)")
    s.add_argument("--jobs", "-j", type=int, default=0, help="parallel indexing processes")
    s.add_argument("--regenerate", action="store_true",
                   help="also ask for a rewritten docstring for every docstring with a finding "
                        "(the editors' LLM quick fix)")
    s.add_argument("--export", metavar="FILE", help="only write the request lines to FILE (for vllm run-batch)")
    s.add_argument("--max-batch-requests", type=int, default=MAX_BATCH_REQUESTS, metavar="N",
                   help=f"requests per batch at most (default {MAX_BATCH_REQUESTS})")
    st = acts.add_parser("status", help="show the progress of the batches not collected yet")
    common(st)
    st.add_argument("--batch", action="append", metavar="ID", help="only this batch (repeatable)")
    c = acts.add_parser("collect", help="store the answers of finished batches in the LLM cache")
    common(c)
    c.add_argument("--batch", action="append", metavar="ID", help="only this batch (repeatable)")
    c.add_argument("--wait", type=float, default=0.0, metavar="SECONDS", help="wait up to SECONDS for running batches")
    c.add_argument("--poll", type=float, default=30.0, metavar="SECONDS", help="seconds between polls with --wait")
    i = acts.add_parser("import", help="store the answers of a result file (vllm run-batch output) in the LLM cache")
    i.add_argument("file", metavar="FILE")
    common(i)
