"""``python -m docfact``: the command line (``python -m docfact serve`` starts the language server)."""

from __future__ import annotations

import sys

from docfact.cli.main import main

sys.exit(main())
