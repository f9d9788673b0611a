"""Fuzz: the long profile of the fuzz suite (tests/fuzz), with a fresh seed.

    python benchmarks/fuzz.py              # 10x the CI cases (>= 200,000), ~15-30 min on 2 cores
    python benchmarks/fuzz.py --scale 2    # shorter
    python benchmarks/fuzz.py --seed 123   # replay a run (its seed is printed and saved)

Runs ``pytest tests/fuzz`` with ``DOCFACT_FUZZ_PROFILE=long``: every generator draws
``--scale`` times the CI number of cases from a seed taken from the clock (or ``--seed``), and
Hypothesis tests run without ``derandomize``. Reports cases per test, failing tests and wall
time, and writes them as JSON to ``benchmarks/.cache/fuzz_results.json``. A failure prints the
case id (``seed:test:index``) and its input; replay it with ``--seed`` and turn it into a
regression test (tests/unit/test_fuzz_regressions.py, tests/e2e/test_lsp_abuse.py).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / ".cache" / "fuzz_results.json"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scale", type=float, default=10.0, help="cases relative to the CI profile (default 10)")
    ap.add_argument("--seed", default=str(time.time_ns()), help="the seed of every generator")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        report, junit = Path(tmp) / "cases.json", Path(tmp) / "junit.xml"
        env = {**os.environ, "DOCFACT_FUZZ_PROFILE": "long", "DOCFACT_FUZZ_SCALE": str(args.scale),
               "DOCFACT_FUZZ_SEED": args.seed, "DOCFACT_FUZZ_REPORT": str(report),
               "PYTHONPATH": str(ROOT / "server")}
        print(f"fuzz: long profile, scale {args.scale:g}, seed {args.seed}", file=sys.stderr)
        t0 = time.monotonic()
        proc = subprocess.run([sys.executable, "-m", "pytest", "tests/fuzz", "-q", "-p", "no:cacheprovider",
                               f"--junitxml={junit}"], cwd=ROOT, env=env, check=False)
        took = time.monotonic() - t0
        cases = json.loads(report.read_text()) if report.exists() else {"cases": {}, "total": 0}
        failed = []
        if junit.exists():
            for case in ET.parse(junit).getroot().iter("testcase"):
                if case.find("failure") is not None or case.find("error") is not None:
                    failed.append(f"{case.get('classname')}::{case.get('name')}")
    result = {"seed": args.seed, "scale": args.scale, "cases": cases["total"], "per_test": cases["cases"],
              "failing_tests": failed, "seconds": round(took, 1), "pytest_exit": proc.returncode}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=1) + "\n")
    print(f"\nfuzz: {result['cases']:,} cases, {len(failed)} failing tests, {took / 60:.1f} min (seed {args.seed})")
    for name in failed:
        print(f"  FAILED {name}")
    print(f"results: {OUT.relative_to(ROOT)}")
    return 0 if proc.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
