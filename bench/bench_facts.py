#!/usr/bin/env python3
"""Time `oomdoc facts` against `grep -c -E` for the same triggers, in one run.

Runs each command REPEAT times alternately on the same (page-cached) file and
prints medians, the ratio oomdoc/grep, and oomdoc's peak RSS. grep's output
goes to a pipe (GNU grep stops at the first match when it writes /dev/null).

usage: bench_facts.py [LOG] [--size BYTES] [--repeat N]
       (without LOG, generates bench/verl-1g.log with gen_verl_log.py)
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The literal triggers oomdoc's scanner looks for (rare ones and metric lines).
GREP_PATTERN = ("out of memory|OutOfMemoryError|Tried to allocate|running low on memory|Killed process|"
                "oom-kill|MemoryError|Unable to allocate|cache blocks|KV cache|RESOURCE_EXHAUSTED|"
                "ALLOC_FAILED|SIGKILL|exitcode: -9|Traceback \\(most recent|illegal memory access|"
                "device-side assert|Watchdog caught|see_memory_usage|step:")


def run(cmd: list[str]) -> tuple[float, int, str]:
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate()
    dt = time.perf_counter() - t
    _, status, ru = os.wait4(proc.pid, 0) if False else (0, proc.returncode, None)
    return dt, proc.returncode, out.decode(errors="replace")[-300:] + err.decode(errors="replace")[-300:]


def peak_rss_mib(cmd: list[str]) -> float:
    pid = os.fork()
    if pid == 0:  # child: exec with stdout to /dev/null
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1)
        os.execvp(cmd[0], cmd)
    _, _, ru = os.wait4(pid, 0)
    return ru.ru_maxrss / 1024  # Linux: KiB


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("log", nargs="?")
    ap.add_argument("--size", type=int, default=1 << 30)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    log = Path(args.log) if args.log else HERE / "verl-1g.log"
    if not log.exists():
        print(f"generating {log} ({args.size} bytes)...", flush=True)
        subprocess.run([sys.executable, str(HERE / "gen_verl_log.py"), str(log), "--size", str(args.size)], check=True)
    oomdoc = [sys.executable, "-m", "oomdoc", "facts", str(log), "--format", "json"]
    grep = ["grep", "-c", "-E", GREP_PATTERN, str(log)]
    if not shutil.which("grep"):
        print("grep not found", file=sys.stderr)
        return 2
    subprocess.run(["cat", str(log)], stdout=subprocess.DEVNULL)  # warm the page cache
    t_o, t_g = [], []
    for _ in range(args.repeat):
        dt, rc, tail = run(grep)
        t_g.append(dt)
        dt, rc, tail = run(oomdoc)
        if rc != 0:
            print("oomdoc failed:", tail, file=sys.stderr)
            return 1
        t_o.append(dt)
    rss = peak_rss_mib(oomdoc)
    mo, mg = statistics.median(t_o), statistics.median(t_g)
    size_mib = log.stat().st_size / 2**20
    print(f"file: {log} ({size_mib:.0f} MiB), runs: {args.repeat}")
    print(f"grep -c -E  median {mg:.3f} s  ({size_mib / mg:.0f} MiB/s)")
    print(f"oomdoc facts median {mo:.3f} s  ({size_mib / mo:.0f} MiB/s)")
    print(f"ratio oomdoc/grep: {mo / mg:.2f}x   (target <= 3x)")
    print(f"oomdoc peak RSS: {rss:.0f} MiB   (target <= 150 MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
