#!/usr/bin/env python3
"""Stream SIZE bytes (default 10 GB) of log through a pipe into `oomdoc facts -` (or
`explain -`, live mode) and report wall time, throughput and oomdoc's peak RSS.

A writer process produces ordinary worker chatter and ends with a real CUDA OOM
traceback (a corpus case), so the run also checks the failure at the very end of
an endless-looking stream is still found. Memory must stay flat: the CI test
(tests/test_limits.py) does the same with 200 MB.

usage: bench/bench_stdin_10g.py [--size BYTES] [--mode facts|explain]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TAIL = ROOT / "corpus" / "micro-batch-too-large-verl-v04-update-actor" / "train.log"
WRITER = r"""
import sys
size, tail = int(sys.argv[1]), sys.argv[2]
lines = [b"(WorkerDict pid=%d, ip=10.0.0.%d) INFO 12-01 10:00:%02d worker.py:88] step ok %d tok/s 4567\n"
         % (1000 + i, i % 8, i % 60, i) for i in range(64)]
blk = b"".join(lines) * ((8 << 20) // sum(map(len, lines)))
out = sys.stdout.buffer
n = 0
while n < size:
    out.write(blk)
    n += len(blk)
out.write(open(tail, "rb").read())
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=float, default=10e9, help="bytes to stream (default 10e9)")
    ap.add_argument("--mode", choices=["facts", "explain"], default="facts")
    args = ap.parse_args()
    size = int(args.size)
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(size), str(TAIL)], stdout=subprocess.PIPE)
    cmd = [sys.executable, "-m", "oomdoc", args.mode, "-", "--format", "json" if args.mode == "facts" else "jsonl"]
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=writer.stdout, stdout=subprocess.PIPE, cwd=ROOT)
    writer.stdout.close()
    out, _ = proc.communicate()
    secs = time.monotonic() - t0
    writer.wait()
    # this script's only other child (the writer) is small; ru_maxrss is the max over children
    rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if args.mode == "facts":
        data = json.loads(out)
        found = [e["kind"] for e in data["events"]]
        got = data["stats"]["bytes"]
    else:
        reports = [json.loads(x) for x in out.decode().splitlines() if x.strip()]
        found = [r["diagnoses"][0]["cause"] for r in reports if r.get("diagnoses")]
        got = size
    print(f"streamed {got / 1e9:.2f} GB in {secs:.1f} s ({got / secs / 1e6:.0f} MB/s), "
          f"peak RSS {rss_mb:.0f} MiB, exit {proc.returncode}, found: {sorted(set(found))}")
    ok = proc.returncode == 0 and found and rss_mb < 500
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
