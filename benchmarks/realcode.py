"""Run the static judge on well-maintained real packages and list every finding for auditing.

    python benchmarks/realcode.py            # summary table + findings to benchmarks/.cache/realcode.txt

Real, maintained code is mostly right, so every C1-C3 finding here is a candidate false
positive; the README reports the audited numbers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _fetch import CACHE, sdist

PACKAGES = [("requests", "2.32.3", "src/requests"), ("click", "8.1.7", "src/click"), ("attrs", "24.2.0", "src"),
            ("rich", "13.9.4", "rich")]


def main() -> int:
    out_lines: list[str] = []
    rows = []
    for name, version, sub in PACKAGES:
        root = sdist(name, version)
        target = root / sub
        proc = subprocess.run(
            [sys.executable, "-m", "docfact", "check", str(target), "--preview", "--format", "json", "--no-cache",
             "--fail-on", "never"],
            capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            print(proc.stderr, file=sys.stderr)
            return 2
        data = json.loads(proc.stdout)
        by = Counter(f["criterion"] for f in data["findings"])
        docstrings = sum(1 for d in data["docs"] if d["kind"] != "comment")
        rows.append((f"{name} {version}", docstrings, len(data["docs"]) - docstrings, by))
        for f in data["findings"]:
            out_lines.append(f"{f['path']}:{f['line']}: {f['criterion']} {f['rule']} {f['message']}\n    {f['sentence']}")
    print(f"{'package':<18} {'docstrings':>10} {'comments':>9} {'C1':>4} {'C2':>4} {'C3':>4} {'C4':>4}")
    for pkg, ds, cs, by in rows:
        print(f"{pkg:<18} {ds:>10} {cs:>9} {by['C1']:>4} {by['C2']:>4} {by['C3']:>4} {by['C4']:>4}")
    report = CACHE / "realcode.txt"
    report.write_text("\n".join(out_lines) + "\n", encoding="utf-8")
    print(f"findings listed in {report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
