"""``python -m docfact``: the command line (``python -m docfact serve`` starts the language server).

``python -m`` puts the current directory first on ``sys.path`` before any docfact code runs, and
editors start the server in the workspace folder: a workspace file named like a module imported
later (``collections.py``, ``re.py``, ``regex.py``) would be imported and run in its place. This
module drops that entry before it imports anything, which covers every import made from here on
(every supported Python). It cannot cover what the interpreter imports before this module runs (the
``docfact`` package itself, and ``importlib`` when no ``.pth`` file imported it first): start
docfact with ``python -P -m docfact`` or ``PYTHONSAFEPATH=1``, or with the
``docfact`` / ``docfact-ls`` commands, whose first ``sys.path`` entry is their own directory.
"""

import os
import sys

# no ``from __future__`` import above: it is a module import, made from the current directory
if sys.path and sys.path[0] in ("", os.getcwd()) and not getattr(sys.flags, "safe_path", False):
    del sys.path[0]

from docfact.cli.main import run

run()
