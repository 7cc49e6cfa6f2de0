#!/usr/bin/env python3
"""What a Hyperscan pass over log text costs, against the number and length of literals.

In memory (no reading), CPU seconds a GiB, medians of REPEAT passes over
MIB MiB of LOG in 1 MiB pieces, no work in the callbacks:

* the scanner's real sets: rare + one-line triggers (the main pass), rare
  alone (the sparse pass), rare without the literals that contain another,
  case-folded with HS_FLAG_CASELESS, each without and with the shaping
  literal (`scan_hs.SHAPER`, a 3-byte literal no UTF-8 text holds);
* N real rare literals drawn at random (N = 10 ... all), without and with it;
* the real literals cut to their first or last L bytes (L = 4 ... 16).

`grep -c -E` on the whole file is printed in the same units for scale.

usage: bench_literals.py LOG [--mib 32] [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from bench_facts import GREP_PATTERN  # noqa: E402

PIECE = 1 << 20


def database(hs, lits, single=(), shaped=False, flags=0):
    from oomdoc.scan_hs import SHAPER

    exprs = list(lits) + list(single) + ([SHAPER] if shaped else [])
    fl = [flags] * len(lits) + [flags | hs.HS_FLAG_SINGLEMATCH] * len(single) + [hs.HS_FLAG_SINGLEMATCH] * shaped
    db = hs.Database(mode=hs.HS_MODE_BLOCK)
    db.compile(expressions=exprs, ids=list(range(len(exprs))), elements=len(exprs), flags=fl, literal=True)
    return db


def per_gib(db, data: bytes, repeat: int) -> float:
    mv = memoryview(data)
    calls = []

    def on_match(pid, start, end, flags, ctx):
        calls.append(pid)

    runs = []
    for _ in range(repeat):
        t = time.process_time()
        for a in range(0, len(data), PIECE):
            db.scan(mv[a:a + PIECE + 64], match_event_handler=on_match)
        runs.append(time.process_time() - t)
    return statistics.median(runs) * (1 << 30) / len(data)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--mib", type=int, default=32)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    import hyperscan as hs

    from oomdoc.pipeline import Pipeline
    from oomdoc.scan import cover_set

    size = os.path.getsize(args.log)
    with open(args.log, "rb") as fh:
        fh.seek(max(0, size // 2 - (args.mib << 19)))     # the middle: past the head's banners
        data = fh.read(args.mib << 20)
    scanner = Pipeline("literals").scanner
    rare = sorted(v.encode("latin-1") for v in scanner.variants())
    line = list(scanner.line_literals)
    cover = [x.encode("latin-1") for x in cover_set([r.decode("latin-1") for r in rare])]
    folded = [x.encode("latin-1") for x in cover_set(sorted({r.decode("latin-1").lower() for r in rare}))]
    t = time.perf_counter()
    # to a pipe: GNU grep writing to /dev/null stops at the first match
    subprocess.run(["grep", "-c", "-E", GREP_PATTERN, args.log], stdout=subprocess.PIPE)
    grep = (time.perf_counter() - t) * (1 << 30) / size
    print(f"{args.log}: {args.mib} MiB from the middle, {args.repeat} runs, load {os.getloadavg()[0]:.1f}; "
          f"grep -c -E on the whole file {grep:.3f} s a GiB (wall)")
    print(f"{'CPU s a GiB':<44} {'plain':>7} {'shaped':>7}")
    sets = [(f"rare + one-line ({len(rare)} + {len(line)})", rare, line, 0),
            (f"rare alone ({len(rare)})", rare, (), 0),
            (f"rare, none containing another ({len(cover)})", cover, (), 0),
            (f"rare folded, caseless ({len(folded)})", folded, (), hs.HS_FLAG_CASELESS)]
    rnd = random.Random(1)
    for n in (10, 30, 60, 120, 240):
        if n < len(rare):
            sets.append((f"{n} real rare literals at random", rnd.sample(rare, n), (), 0))
    for cut in (4, 6, 8, 12, 16):
        sets.append((f"real rare, first {cut} bytes", sorted({x[:cut] for x in rare}), (), 0))
        sets.append((f"real rare, last {cut} bytes", sorted({x[-cut:] for x in rare}), (), 0))
    for name, lits, single, flags in sets:
        plain = per_gib(database(hs, lits, single, False, flags), data, args.repeat)
        shaped = per_gib(database(hs, lits, single, True, flags), data, args.repeat)
        print(f"{name:<44} {plain:7.3f} {shaped:7.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
