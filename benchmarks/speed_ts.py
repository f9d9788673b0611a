"""Speed on TypeScript/JavaScript: docfact's static judge beside ESLint with eslint-plugin-jsdoc.

    python benchmarks/speed_ts.py            # about 2 minutes on a 2-core machine
    python benchmarks/speed_ts.py --reps 5

On the npm packages of realcode_ts.py (rxjs' TypeScript sources, lodash-es and date-fns'
JavaScript), run alternately A B A B, ``--reps`` times each:

- ``docfact check . --no-cache --format json --fail-on never`` (static judge, cold);
- ``eslint`` 9 with eslint-plugin-jsdoc's ``flat/recommended`` (JavaScript) and
  ``flat/recommended-typescript`` (TypeScript, with @typescript-eslint/parser) configurations.

Prints the median wall time of each, the MB of source per second, the number of reports, and
the one rule both have: docfact's ``C1.unknown-param`` beside eslint-plugin-jsdoc's
``check-param-names``. ESLint and the plugin are benchmark-only: installed with npm at pinned
versions into benchmarks/.cache/eslint on first use.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from realcode_ts import CACHE, PACKAGES, fetch

ESLINT = {"eslint": "9.14.0", "eslint-plugin-jsdoc": "50.5.0", "@typescript-eslint/parser": "8.14.0",
          "typescript": "5.6.3"}
TARGETS = ("rxjs", "lodash-es", "date-fns")
SUFFIXES = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")


def ensure_eslint() -> Path:
    """The folder holding the pinned ESLint install (npm install on first use)."""
    home = CACHE / "eslint"
    if not (home / "node_modules" / ".bin" / "eslint").exists():
        home.mkdir(parents=True, exist_ok=True)
        (home / "package.json").write_text('{"private": true}\n', encoding="utf-8")
        print("speed_ts.py: installing " + ", ".join(f"{k}@{v}" for k, v in ESLINT.items())
              + " (benchmark-only) with npm", file=sys.stderr)
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund",
                        *(f"{k}@{v}" for k, v in ESLINT.items())], cwd=home, check=True, timeout=900)
    return home


def eslint_config(home: Path, target: Path, exclude: tuple[str, ...]) -> Path:
    """An eslint.config.mjs in ``target`` (flat configs only lint files below their folder)."""
    ignores = [("" if g.startswith("**/") else "**/") + g.rstrip("/") + ("/**" if g.endswith("/") else "")
               for g in exclude]
    cfg = target / "eslint.config.mjs"
    cfg.write_text(
        'import { createRequire } from "node:module";\n'
        f"const require = createRequire({json.dumps(str(home / 'package.json'))});\n"
        'const jsdoc = require("eslint-plugin-jsdoc");\n'
        'const tsParser = require("@typescript-eslint/parser");\n'
        "export default [\n"
        f"  {{ ignores: {json.dumps([*ignores, 'eslint.config.mjs'])} }},\n"
        '  { ...jsdoc.configs["flat/recommended"], files: ["**/*.{js,mjs,cjs,jsx}"] },\n'
        '  { ...jsdoc.configs["flat/recommended-typescript"], files: ["**/*.{ts,tsx,mts,cts}"],\n'
        "    languageOptions: { parser: tsParser } },\n"
        "];\n", encoding="utf-8")
    return cfg


def timed(cmd: list[str], cwd: Path) -> tuple[float, str]:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    if not proc.stdout.strip():
        raise SystemExit(f"{cmd[0]} failed in {cwd}: {proc.stderr[-2000:]}")
    return wall, proc.stdout


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    home = ensure_eslint()
    eslint = str(home / "node_modules" / ".bin" / "eslint")
    rows = []
    for name, version, sub, exclude in PACKAGES:
        if name not in TARGETS:
            continue
        target = fetch(name, version) / sub
        (target / "docfact.toml").write_text("exclude = " + json.dumps([*exclude, "eslint.config.mjs"]) + "\n",
                                             encoding="utf-8")
        eslint_config(home, target, exclude)
        docfact_cmd = [sys.executable, "-m", "docfact", "check", ".", "--preview", "--no-cache", "--format", "json",
                       "--fail-on", "never", "--no-progress", "--config", "docfact.toml"]
        eslint_cmd = [eslint, "--no-config-lookup", "-c", "eslint.config.mjs", "--format", "json", "."]
        d_times: list[float] = []
        e_times: list[float] = []
        d_out = e_out = ""
        for _ in range(args.reps):
            w, d_out = timed(docfact_cmd, target)
            d_times.append(w)
            w, e_out = timed(eslint_cmd, target)
            e_times.append(w)
        data = json.loads(d_out)
        linted = json.loads(e_out)
        size = sum(Path(f["filePath"]).stat().st_size for f in linted) / 1e6
        e_rules = Counter(m.get("ruleId") for f in linted for m in f["messages"])
        d_rules = Counter(f["rule"] for f in data["findings"])
        rows.append((f"{name} {version}", len(linted), data["files"], size, statistics.median(d_times),
                     statistics.median(e_times), sum(d_rules.values()), sum(e_rules.values()),
                     d_rules["C1.unknown-param"], e_rules["jsdoc/check-param-names"]))
    print(f"{'package':<18} {'files':>6} {'MB':>6} {'docfact s':>9} {'MB/s':>6} {'eslint s':>9} {'MB/s':>6} "
          f"{'docfact':>8} {'eslint':>7} {'unknown-param':>13} {'check-param-names':>17}")
    for pkg, files, _, mb, dt, et, dn, en, dp, ep in rows:
        print(f"{pkg:<18} {files:>6} {mb:>6.2f} {dt:>9.2f} {mb / dt:>6.2f} {et:>9.2f} {mb / et:>6.2f} "
              f"{dn:>8} {en:>7} {dp:>13} {ep:>17}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
