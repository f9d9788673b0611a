"""``python -m docfact``: the command line (``python -m docfact serve`` starts the language server)."""

from __future__ import annotations

import os
import sys

# ``python -m`` puts the current directory first on sys.path, and editors start the server in
# the workspace folder: a workspace file named like a dependency (``regex.py``, ``networkx.py``)
# would be imported and run in place of it. docfact never imports workspace code, so that entry
# goes before anything else is imported (docfact's own modules are found through its package).
if sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from docfact.cli.main import run

run()
