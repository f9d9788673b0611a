"""Every test run gets its own cache folder: servers and CLI runs started by the tests keep
their store and caches there, never in the user's cache."""

from __future__ import annotations

import os
import tempfile

os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="docfact-test-cache-")
