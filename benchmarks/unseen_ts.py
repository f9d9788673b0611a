"""Precision of the static judge on TypeScript/JavaScript packages this project was not tuned on.

    python benchmarks/unseen_ts.py            # fetch, check, print C1-C3 findings per rule and package
    python benchmarks/unseen_ts.py --list     # also print every C1-C3 finding with its label key

Nine npm packages never used elsewhere in this project, chosen to be varied: a compiled CommonJS
library (tsc output: .js + .d.ts, examples importing its own subpaths), an ESM TypeScript source
package, a React hooks library (compiled), a JavaScript utility library with JSDoc, a CLI framework
(compiled CommonJS), a server framework (CommonJS JavaScript) and a compiled CommonJS library
at the package root (graphql); koa (a second server framework) and pino (a logger) were added
after a first probe. They are fetched with ``npm pack`` (unpacked, never
installed or run), checked with ``docfact check <folder>``, and each C1-C3 finding is matched
against ``unseen_ts_labels.jsonl`` (key = sha1 of package, path, line, rule and sentence).

These packages were studied while the TypeScript/JavaScript rules were fixed (a development
set): the precision printed here is not a blind measurement.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from realcode_ts import fetch

LABELS = Path(__file__).resolve().parent / "unseen_ts_labels.jsonl"

# (npm name, version, folder inside the package, exclude globs): each package is checked from its
# root, as a new user would, without its duplicate builds (ESM copies, bundles) and tests
PACKAGES: list[tuple[str, str, str, tuple[str, ...]]] = [
    ("fp-ts", "2.16.9", ".", ("es6/",)),
    ("@tanstack/query-core", "5.59.0", ".", ("build/", "**/__tests__/**", "**/*.test.ts", "**/*.test-d.ts")),
    ("react-use", "17.5.1", ".", ("esm/",)),
    ("ramda", "0.30.1", ".", ("es/", "dist/")),
    ("@oclif/core", "4.0.30", ".", ()),
    ("fastify", "4.28.1", ".", ("test/", "docs/", "examples/", "types/", "integration/", "build/", "*.d.ts",
                                "eslint.config.mjs")),
    ("graphql", "16.9.0", ".", ("*.mjs", "**/*.mjs")),
    ("koa", "2.15.3", ".", ("test/", "docs/")),
    ("pino", "9.5.0", ".", ("test/", "docs/", "benchmarks/", "**/*.mjs")),
]


def label_key(package: str, finding: dict) -> str:
    """The stable key of one finding: package, path, line, rule and sentence."""
    raw = "\x1f".join([package, finding["path"], str(finding["line"]), finding["rule"], finding["sentence"]])
    return hashlib.sha1(raw.encode("utf-8")).hexdigest()


def check(name: str, version: str, sub: str, exclude: tuple[str, ...], preview: bool = True) -> dict:
    """The JSON report of ``docfact check`` on one package folder."""
    target = fetch(name, version) / sub
    config = target / "docfact.toml"
    # preview = true: every rule runs (the precision here decides which rules may become stable);
    # --no-preview for a docfact that has no such setting (every rule ran before it)
    head = "preview = true\n" if preview else ""
    config.write_text(head + "exclude = " + json.dumps(list(exclude)) + "\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "docfact", "check", ".", "--format", "json", "--no-cache",
         "--fail-on", "never", "--no-progress", "--config", str(config)],
        capture_output=True, text=True, check=False, cwd=target)
    if proc.returncode != 0:
        raise SystemExit(f"docfact check failed on {name}: {proc.stderr.strip()}")
    return json.loads(proc.stdout)


def load_labels() -> dict[str, dict]:
    if not LABELS.is_file():
        return {}
    rows = (json.loads(line) for line in LABELS.read_text(encoding="utf-8").splitlines() if line.strip())
    return {row["key"]: row for row in rows}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print every C1-C3 finding with its key and label")
    parser.add_argument("--no-preview", action="store_true", help="do not write `preview = true` (older docfact)")
    args = parser.parse_args()
    labels = load_labels()
    per_rule: Counter[str] = Counter()
    true_rule: Counter[str] = Counter()
    unlabelled = 0
    print(f"{'package':<28} {'files':>5} {'docs':>5} {'C1':>4} {'C2':>4} {'C3':>4} {'true':>5} {'false':>5}")
    for name, version, sub, exclude in PACKAGES:
        data = check(name, version, sub, exclude, preview=not args.no_preview)
        found = [f for f in data["findings"] if f["criterion"] in ("C1", "C2", "C3")]
        by = Counter(f["criterion"] for f in found)
        verdicts: Counter[str] = Counter()
        for f in found:
            key = label_key(name, f)
            row = labels.get(key)
            verdict = row["label"] if row else "unlabelled"
            verdicts[verdict] += 1
            per_rule[f["rule"]] += 1
            true_rule[f["rule"]] += verdict == "true"
            unlabelled += row is None
            if args.list:
                print(f"  {key[:12]} [{verdict}] {f['path']}:{f['line']}: {f['rule']} {f['message']}\n"
                      f"      {f['sentence']}")
        print(f"{name + ' ' + version:<28} {data['files']:>5} {len(data['docs']):>5} {by['C1']:>4} {by['C2']:>4} "
              f"{by['C3']:>4} {verdicts['true']:>5} {verdicts['false']:>5}")
    print("\nper rule (findings, labelled true):")
    for rule, n in sorted(per_rule.items()):
        print(f"  {rule:<32} {n:>4} {true_rule[rule]:>4}")
    total = sum(per_rule.values())
    print(f"total C1-C3 findings {total}, true {sum(true_rule.values())}, unlabelled {unlabelled}")
    print("(development packages: studied while fixing, not a blind measurement)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
