"""Exit codes and the usage error every command raises (a module of its own, so that the
commands and ``cli.main``, which dispatches to them, do not import each other)."""

from __future__ import annotations

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
# `check --llm` asked for the LLM judge and it could not finish (a dead endpoint, a refused key,
# a spent budget): the static findings are complete, but CI must not pass as if it had judged
EXIT_LLM_INCOMPLETE = 3


class UsageError(Exception):
    """Bad options, paths or configuration: reported on stderr with exit code 2."""
