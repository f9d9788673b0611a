"""Exit codes and the usage error every command raises (a module of its own, so that the
commands and ``cli.main``, which dispatches to them, do not import each other)."""

from __future__ import annotations

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad options, paths or configuration: reported on stderr with exit code 2."""
