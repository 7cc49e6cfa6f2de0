#!/usr/bin/env python3
"""Where the CPU of one `oomdoc facts|explain LOG` run goes, stage by stage.

Runs the command in this process REPEAT times (the first run warms the caches and is
not counted) with the pipeline's stage functions wrapped by CPU timers; each stage is
counted without the stages it calls (exclusive), so the shares add up to the run.
Printed per stage: the median CPU seconds and the share of the run; then what no
stage holds (argument parsing, rendering, and the interpreter start-up measured apart
by `python -c pass` and a bare `import oomdoc.cli`).

usage: bench_stages.py LOG [--verb facts|explain] [--repeat N] [-- extra arguments]
"""
from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# (module, owner attribute or "", function, stage name), outermost last: exclusive times
STAGES = [
    ("oomdoc.reader", "", "_read", "read (copying)"),
    ("oomdoc.scan_hs", "Matcher", "scan", "search pass (hyperscan, incl. callbacks)"),
    ("oomdoc.scan_hs", "", "step_counts", "newline count"),
    ("oomdoc.scan", "Scanner", "_line_events", "metric-line sampling (probes)"),
    ("oomdoc.scan", "Scanner", "_hits", "search pass (rest; fallback engine's whole pass)"),
    ("oomdoc.scan", "Scanner", "_keep_tail", "backward context"),
    ("oomdoc.scan_lines", "LineIndex", "line_at", "hit line numbers"),
    ("oomdoc.scan", "Scanner", "drain_ring", "exact tail (search)"),
    ("oomdoc.scan", "Scanner", "feed", "scanner (windows, emission)"),
    ("oomdoc.pipeline", "Pipeline", "_line_hits", "metric lines parsed"),
    ("oomdoc.pipeline", "Pipeline", "sync_metrics", "exact tail parsed"),
    ("oomdoc.pipeline", "Pipeline", "_lines", "per-line pipeline (head, windows)"),
    ("oomdoc.pipeline", "Pipeline", "finish", "end of input (flush, after_read)"),
    ("oomdoc.pipeline", "", "read_events", "read_events (rest)"),
    ("oomdoc.config", "", "load_run_config", "run config + framework"),
    ("oomdoc.rules_engine.scoring", "", "run", "rules"),
    ("oomdoc.diagnose", "", "explain", "diagnose (rest)"),
    ("oomdoc.commands._common", "", "dump_json", "JSON out"),
]


def _wrap(acc: dict, stack: list, owner, name: str, label: str) -> None:
    fn = getattr(owner, name)
    clock = time.process_time

    def timed(*a, **k):
        t = clock()
        stack.append(0.0)
        try:
            return fn(*a, **k)
        finally:
            dt = clock() - t
            inner = stack.pop()
            acc[label] = acc.get(label, 0.0) + dt - inner
            if stack:
                stack[-1] += dt

    setattr(owner, name, timed)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--verb", default="facts", choices=["facts", "explain"])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("extra", nargs="*")
    args = ap.parse_args()
    import importlib

    from oomdoc.cli import main as oomdoc_main

    acc: dict[str, float] = {}
    stack: list[float] = []
    for mod, owner, fn, label in STAGES:
        m = importlib.import_module(mod)
        _wrap(acc, stack, getattr(m, owner) if owner else m, fn, label)
    argv = [args.verb, args.log, *(args.extra or (["--format", "json"] if args.verb == "facts" else []))]
    runs: list[dict[str, float]] = []
    totals: list[float] = []
    for i in range(args.repeat + 1):
        acc.clear()
        out, sys.stdout = sys.stdout, io.StringIO()
        t = time.process_time()
        try:
            oomdoc_main(argv)
        finally:
            sys.stdout = out
        if i:
            totals.append(time.process_time() - t)
            runs.append(dict(acc))
    total = statistics.median(totals)
    names = [label for *_, label in STAGES]
    print(f"{args.verb} {args.log} ({os.path.getsize(args.log) / 2**20:.0f} MiB): median CPU {total:.3f} s over "
          f"{args.repeat} runs in one process (load {os.getloadavg()[0]:.1f})")
    shown = 0.0
    for label in sorted(names, key=lambda n: -statistics.median(r.get(n, 0.0) for r in runs)):
        v = statistics.median(r.get(label, 0.0) for r in runs)
        shown += v
        if v >= 0.0005:
            print(f"  {label:<50} {v:6.3f} s  {v / total:5.1%}")
    print(f"  {'in no stage (arguments, rendering, imports)':<50} {total - shown:6.3f} s  {(total - shown) / total:5.1%}")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for what, code in (("python -c pass", "pass"), ("import oomdoc.cli", "import oomdoc.cli")):
        cpu = []
        for _ in range(5):
            t = os.times()
            subprocess.run([sys.executable, "-c", code], env=env, check=True)
            u = os.times()
            cpu.append(u.children_user + u.children_system - t.children_user - t.children_system)
        print(f"  start-up, apart: {what:<33} {statistics.median(cpu):6.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
