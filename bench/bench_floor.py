#!/usr/bin/env python3
"""What one pass over a big log costs at least: reading it, and one Hyperscan pass.

In one process, on a page-cached file, each measured REPEAT times (medians,
CPU seconds of this process): reading it in 8 MiB chunks; reading plus a
Hyperscan pass with the scanner's real literal sets (rare and one-line
triggers together, with and without the shaping literal, rare alone,
one-line alone, one literal), no work in the callbacks; reading plus the newline count. Then `grep -c -E` on it for the
ratio. The pass's cost is the literal matcher confirming false candidates on
log text: the same database runs ~5x faster on bytes no literal resembles,
which is printed too.

usage: bench_floor.py LOG [--repeat N]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from bench_facts import GREP_PATTERN  # noqa: E402

CHUNK = 8 << 20
PIECE = 1 << 20


def database(hs, rare: list[bytes], line: list[bytes], shaped: bool = True):
    """As the scanner compiles it: a big set with scan_hs.SHAPER (see there), unless not `shaped`."""
    from oomdoc.scan_hs import SHAPE_MIN, SHAPER

    db = hs.Database(mode=hs.HS_MODE_BLOCK)
    exprs = rare + line
    flags = [0] * len(rare) + [hs.HS_FLAG_SINGLEMATCH] * len(line)
    if shaped and len(exprs) >= SHAPE_MIN:
        exprs, flags = exprs + [SHAPER], flags + [hs.HS_FLAG_SINGLEMATCH]
    db.compile(expressions=exprs, ids=list(range(len(exprs))), elements=len(exprs), flags=flags, literal=True)
    return db


class Count:
    def __init__(self):
        self.n = 0

    def __call__(self, pid, start, end, flags, ctx):
        self.n += 1


def one_pass(path: str, db=None, newlines: bool = False) -> tuple[float, int]:
    """(CPU seconds, callbacks) of reading the file, scanning each 1 MiB piece with db."""
    from oomdoc.scan_lines import step_counts

    cb = Count()
    t = time.process_time()
    with open(path, "rb", buffering=0) as fh:
        while True:
            data = fh.read(CHUNK)
            if not data:
                break
            mv = memoryview(data)
            for a in range(0, len(data), PIECE):
                if db is not None:
                    db.scan(mv[a:a + PIECE + 64], match_event_handler=cb)
                if newlines:
                    step_counts(data, a, min(len(data), a + PIECE))
    return time.process_time() - t, cb.n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    import hyperscan as hs

    from oomdoc.pipeline import Pipeline

    scanner = Pipeline("floor").scanner      # the scanner a real run builds, with its literals
    rare = sorted(v.encode("latin-1") for v in scanner.variants())
    line = list(scanner.line_literals)
    runs = {
        "read": None,
        "read + newline count": "nl",
        f"read + rare and one-line ({len(rare)} + {len(line)} literals)": database(hs, rare, line),
        "  the same without the shaping literal": database(hs, rare, line, shaped=False),
        f"read + rare alone ({len(rare)})": database(hs, rare, []),
        f"read + one-line alone ({len(line)})": database(hs, [], line),
        "read + one rare literal": database(hs, rare[:1], []),
    }
    subprocess.run(["cat", args.log], stdout=subprocess.DEVNULL)
    cpu: dict[str, list[float]] = {k: [] for k in runs}
    calls: dict[str, int] = {}
    grep: list[float] = []
    for _ in range(args.repeat):
        for name, db in runs.items():
            dt, n = one_pass(args.log, None if db in (None, "nl") else db, newlines=db == "nl")
            cpu[name].append(dt)
            calls[name] = n
        t = time.perf_counter()
        proc = subprocess.Popen(["grep", "-c", "-E", GREP_PATTERN, args.log], stdout=subprocess.PIPE)
        proc.communicate()
        grep.append(time.perf_counter() - t)
    g = statistics.median(grep)
    size = os.path.getsize(args.log) / 2**30
    print(f"{args.log}: {size:.2f} GiB, {args.repeat} runs, load {os.getloadavg()[0]:.1f}; "
          f"grep -c -E wall {g:.3f} s")
    for name in runs:
        m = statistics.median(cpu[name])
        print(f"  {name:<48} CPU {m:6.3f} s  {m / g:5.2f}x grep   callbacks {calls[name]}")
    junk = bytes(range(128, 256)) * (PIECE // 128)
    db = runs[f"read + rare alone ({len(rare)})"]
    t = time.process_time()
    for _ in range(64):
        db.scan(junk, match_event_handler=Count())
    print(f"  rare alone on 64 MiB of bytes >= 0x80: {(time.process_time() - t) * 16:.3f} s a GiB (no false candidates)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
