"""Every test run gets its own cache folder and its own user configuration: servers and CLI
runs started by the tests keep their store and caches there, never in the user's cache, and
read the test run's configuration file, never the user's.

That configuration turns preview rules on (``preview = true``): the tests judge every rule's
behaviour, stable or preview. The tests of the maturity gate itself (tests/unit/test_rule_config.py,
tests/e2e/test_cli_rule_config.py) say ``--no-preview`` / ``--preview`` explicitly.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="docfact-test-cache-")
_config = Path(tempfile.mkdtemp(prefix="docfact-test-config-"))
(_config / "docfact").mkdir()
(_config / "docfact" / "config.toml").write_text("preview = true\n")
os.environ["XDG_CONFIG_HOME"] = str(_config)
