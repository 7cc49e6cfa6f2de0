#!/usr/bin/env python3
"""Run the fuzz suite (tests/fuzz) with the `long` profile: 100 000 examples per target.

Prints, per target, the examples hypothesis ran, how many failed, and the time.
Targets run one pytest process each so one slow target does not hide the rest.

usage: bench/fuzz_long.py [-k EXPR] [--examples N] [--list]
       (the same as `OOMDOC_FUZZ_PROFILE=long python3 -m pytest tests/fuzz`, with a summary)
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def targets(expr: str | None) -> list[str]:
    cmd = [sys.executable, "-m", "pytest", "tests/fuzz", "--collect-only", "-q", "-o", "addopts=", "-p", "no:warnings"]
    if expr:
        cmd += ["-k", expr]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True).stdout
    return [ln.strip() for ln in out.splitlines() if "::" in ln]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-k", dest="expr", help="pytest -k expression selecting targets")
    ap.add_argument("--examples", type=int, help="override max_examples (default: the long profile's 100000)")
    ap.add_argument("--list", action="store_true", help="list the targets and exit")
    args = ap.parse_args()
    names = targets(args.expr)
    if args.list:
        print("\n".join(names))
        return 0
    env = dict(os.environ, OOMDOC_FUZZ_PROFILE="long")
    if args.examples:
        env["OOMDOC_FUZZ_EXAMPLES"] = str(args.examples)
    worst = 0
    print(f"{'target':70} {'examples':>9} {'failing':>8} {'seconds':>8}  result", flush=True)
    for name in names:
        t0 = time.monotonic()
        r = subprocess.run([sys.executable, "-m", "pytest", name, "-q", "-p", "no:warnings", "-p", "no:cacheprovider",
                            "--hypothesis-show-statistics", "--tb=short"], cwd=ROOT, env=env,
                           capture_output=True, text=True)
        passing = sum(int(x) for x in re.findall(r"(\d+) passing examples", r.stdout))
        failing = sum(int(x) for x in re.findall(r"(\d+) failing examples", r.stdout))
        result = "xfail" if "xfailed" in r.stdout else ("ok" if r.returncode == 0 else "FAILED")
        if result == "FAILED":
            worst = 1
            tail = "\n".join(r.stdout.splitlines()[-40:])
            print(tail, file=sys.stderr)
        print(f"{name.split('::', 1)[1][:70]:70} {passing + failing:>9} {failing:>8} "
              f"{time.monotonic() - t0:>8.0f}  {result}", flush=True)
    return worst


if __name__ == "__main__":
    sys.exit(main())
