"""Run the static judge on real TypeScript and JavaScript packages and list every finding for
auditing (the TypeScript/JavaScript counterpart of realcode.py).

    python benchmarks/realcode_ts.py     # summary table + findings in benchmarks/.cache/realcode_ts.txt

The packages are fetched with ``npm pack`` at pinned versions into benchmarks/.cache (the
tarballs are only unpacked, never installed or run). Five ship their TypeScript sources (zod,
rxjs, immer, mobx, @reduxjs/toolkit), six are JavaScript with JSDoc (date-fns' published build,
express, lodash-es, axios, preact, commander).
Real, maintained code is mostly right, so every C1-C3 finding here is a candidate false
positive; the README reports the audited numbers.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
from collections import Counter
from pathlib import Path

CACHE = Path(__file__).resolve().parent / ".cache"

# (npm name, version, folder inside the package, exclude globs: duplicate builds, tests, bundles)
PACKAGES: list[tuple[str, str, str, tuple[str, ...]]] = [
    ("zod", "4.1.12", "src", ("**/tests/**", "**/*.test.ts", "**/benchmarks/**", "locales/")),
    ("rxjs", "7.8.1", "src", ("testing/", "**/*.spec.ts")),
    ("date-fns", "4.1.0", ".", ("*.cjs", "*.d.ts", "*.d.cts", "locale/", "fp/", "*.min.js", "cdn*")),
    ("express", "4.21.1", "lib", ()),
    ("lodash-es", "4.17.21", ".", ()),
    ("axios", "1.7.7", "lib", ()),
    ("immer", "10.1.1", "src", ()),
    ("mobx", "6.13.5", "src", ()),
    ("@reduxjs/toolkit", "2.3.0", "src", ("**/tests/**", "**/*.test.ts", "**/*.test-d.ts")),
    ("preact", "10.24.3", "src", ()),
    ("commander", "12.1.0", "lib", ()),
]


def fetch(name: str, version: str) -> Path:
    """The unpacked ``package/`` folder of ``name@version`` (fetched once with ``npm pack``)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    safe = name.lstrip("@").replace("/", "-")  # npm names a scoped package's tarball so
    dest = CACHE / f"npm-{safe}-{version}"
    if (dest / "package").is_dir():
        return dest / "package"
    tgz = CACHE / f"{safe}-{version}.tgz"
    if not tgz.is_file():
        print(f"npm pack {name}@{version}", file=sys.stderr)
        proc = subprocess.run(["npm", "pack", f"{name}@{version}", "--silent", "--pack-destination", str(CACHE)],
                              capture_output=True, text=True, check=False, timeout=300)
        if proc.returncode != 0:
            raise SystemExit(f"npm pack {name}@{version} failed: {proc.stderr.strip()}")
        made = CACHE / proc.stdout.strip().splitlines()[-1]
        if made != tgz:
            shutil.move(made, tgz)
    dest.mkdir(exist_ok=True)
    with tarfile.open(tgz) as t:
        t.extractall(dest, filter="data")
    return dest / "package"


def main() -> int:
    out_lines: list[str] = []
    rows = []
    for name, version, sub, exclude in PACKAGES:
        target = fetch(name, version) / sub
        config = target / "docfact.toml"
        # eslint.config.mjs: written there by speed_ts.py
        config.write_text("exclude = " + json.dumps([*exclude, "eslint.config.mjs"]) + "\n", encoding="utf-8")
        proc = subprocess.run(
            [sys.executable, "-m", "docfact", "check", ".", "--preview", "--format", "json", "--no-cache",
             "--fail-on", "never", "--no-progress", "--config", str(config)],
            capture_output=True, text=True, check=False, cwd=target)
        if proc.returncode != 0:
            print(proc.stderr, file=sys.stderr)
            return 2
        data = json.loads(proc.stdout)
        by = Counter(f["criterion"] for f in data["findings"])
        blocks = sum(1 for d in data["docs"] if d["kind"] != "comment")
        rows.append((f"{name} {version}", data["files"], blocks, len(data["docs"]) - blocks, by))
        for f in data["findings"]:
            out_lines.append(f"{name}/{f['path']}:{f['line']}: {f['criterion']} {f['rule']} {f['message']}\n"
                             f"    {f['sentence']}")
    print(f"{'package':<24} {'files':>6} {'doc blocks':>10} {'comments':>9} {'C1':>4} {'C2':>4} {'C3':>4} {'C4':>4}")
    for pkg, files, blocks, comments, by in rows:
        print(f"{pkg:<24} {files:>6} {blocks:>10} {comments:>9} {by['C1']:>4} {by['C2']:>4} {by['C3']:>4} {by['C4']:>4}")
    report = CACHE / "realcode_ts.txt"
    report.write_text("\n".join(out_lines) + "\n", encoding="utf-8")
    print(f"findings listed in {report}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
