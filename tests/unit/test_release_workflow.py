"""The release workflow is valid YAML and what it runs exists: the version check reads
``__version__``, the npm scripts it calls are defined, and the package versions agree."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_release_workflow_runs_what_exists() -> None:
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text())
    steps = [s.get("run", "") for job in flow["jobs"].values() for s in job["steps"]]
    text = "\n".join(steps)
    version = re.search(r'__version__ = "(.+?)"', (ROOT / "server" / "docfact" / "__init__.py").read_text())
    assert version is not None and 'GITHUB_REF_NAME' in text
    scripts = json.loads((ROOT / "client-vscode" / "package.json").read_text())["scripts"]
    for name in re.findall(r"npm run ([\w:-]+)", text):
        assert name in scripts, name
    assert (ROOT / "scripts" / "test-all").is_file() and "./scripts/test-all" in text
    assert json.loads((ROOT / "client-vscode" / "package.json").read_text())["version"] == version.group(1)
    assert "id-token: write" in (ROOT / ".github" / "workflows" / "release.yml").read_text()
