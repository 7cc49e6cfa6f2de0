#!/usr/bin/env python3
"""Live mode benchmarks: incident latency, and memory/throughput on an endless stream.

(a) latency — a writer process prints a verl-like prelude, pauses, prints an OOM
    block (two ranks' tracebacks and Ray's re-raise), records time.monotonic()
    right after writing+flushing its last line and keeps the pipe open.
    `oomdoc explain - --format jsonl` reads the pipe; the time to its first JSON
    line on stdout is the latency. Two scenarios: the writer goes quiet after
    the OOM (a dead job under `tail -f`), or other sources keep chattering (the
    OOM's source goes quiet, the stream does not). Median of --runs, for the
    default flush interval and for --flush-after 0.2.
(b) stream — SIZE bytes of ordinary training lines with a few OOMs spread
    through them, generated on the fly and written into oomdoc's stdin. Peak
    RSS (VmHWM, and wait4's ru_maxrss), VmRSS sampled through the first and the
    last quarter, MB/s, and `grep -c -E` (the triggers) and `cat` over the same
    generated stream in the same run as baselines.

usage: bench_live.py [--quick] [--size 1G] [--runs 5] [--only latency|stream]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from gen_verl_log import metric_line, oom_block, worker_lines  # noqa: E402

GREP_PATTERN = ("out of memory|OutOfMemoryError|Tried to allocate|running low on memory|Killed process|"
                "oom-kill|MemoryError|Unable to allocate|cache blocks|KV cache|RESOURCE_EXHAUSTED|"
                "ALLOC_FAILED|SIGKILL|exitcode: -9|Traceback \\(most recent|illegal memory access|"
                "device-side assert|Watchdog caught|see_memory_usage|step:")
LAUNCH = ("+ python3 -m verl.trainer.main_ppo actor_rollout_ref.rollout.gpu_memory_utilization=0.6 "
          "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=4 data.max_response_length=4096\n")
TIMEOUT = 20.0  # seconds without a diagnosis: counted as never (inf)
OOMDOC = [sys.executable, "-m", "oomdoc", "explain", "-", "--format", "jsonl"]


def parse_size(s: str) -> int:
    """1G, 1GiB, 200M, 64MB, or plain bytes."""
    s = s.strip().lower().removesuffix("ib").removesuffix("b")
    mult = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
    return int(float(s[:-1]) * mult[s[-1]]) if s[-1:] in mult else int(s)


# -- (a) latency --------------------------------------------------------------
WRITER = r"""
import os, random, sys, time
sys.path.insert(0, sys.argv[1])
from gen_verl_log import metric_line, oom_block, worker_lines
marker, steps, chatter = sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1"
rnd = random.Random(7)
out = sys.stdout
def run():
    out.write(sys.argv[5])
    for step in range(1, steps + 1):
        out.write("".join(worker_lines(step, rnd)) + metric_line(step, rnd))
    out.flush()
    time.sleep(1.5)                   # the prelude has been read and digested
    out.write("".join(oom_block(steps + 1)))
    out.flush()
    t = time.monotonic()
    open(marker, "w").write(repr(t))
    # the job is dead but the pipe stays open (tail -f); maybe other sources chatter on
    pre = "\x1b[36m(vLLMEngine pid=99001, ip=10.128.3.20)\x1b[0m "
    n = 0
    while True:
        if chatter:
            n += 1
            out.write(pre + f"INFO 06-30 13:59:00 [metrics.py:351] Avg prompt throughput: {n}.0 tokens/s\n")
            out.flush()
            time.sleep(0.02)
        else:
            time.sleep(1)
try:
    run()
except BrokenPipeError:               # oomdoc was stopped: the measurement is over
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
"""


def one_latency(flush_after: float | None, chatter: bool, steps: int) -> tuple[float, dict]:
    with tempfile.TemporaryDirectory() as tmp:
        marker = Path(tmp) / "written"
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(HERE), str(marker), str(steps),
                                   "1" if chatter else "0", LAUNCH], stdout=subprocess.PIPE)
        cmd = OOMDOC + (["--flush-after", str(flush_after)] if flush_after is not None else [])
        doc = subprocess.Popen(cmd, stdin=writer.stdout, stdout=subprocess.PIPE, cwd=tmp)
        writer.stdout.close()
        try:
            ready, _, _ = select.select([doc.stdout], [], [], TIMEOUT)
            if not ready:
                return float("inf"), {}
            line = doc.stdout.readline()
            got = time.monotonic()
            if not line or not marker.exists():
                raise RuntimeError("no diagnosis (or it came before the OOM was written)")
            return got - float(marker.read_text()), json.loads(line)
        finally:
            for p in (doc, writer):
                p.kill()
                p.wait()


def bench_latency(runs: int, steps: int) -> dict:
    res = {}
    for label, fa in (("default (0.5 s)", None), ("--flush-after 0.2", 0.2)):
        for chatter in (False, True):
            lat = []
            for _ in range(runs):
                dt, report = one_latency(fa, chatter, steps)
                lat.append(dt)
            cause = (report.get("diagnoses") or [{}])[0].get("cause")
            key = f"{label}, {'other sources chatter' if chatter else 'stream quiet'}"
            res[key] = statistics.median(lat)  # inf when most runs never reported
            print(f"latency {key:48s} median {statistics.median(lat) * 1000:6.0f} ms  "
                  f"(min {min(lat) * 1000:.0f}, max {max(lat) * 1000:.0f}, n={runs}; cause {cause})",
                  flush=True)
    return res


# -- (b) stream ---------------------------------------------------------------
class Stream:
    """Ordinary verl-like lines, fast: pre-rendered step blocks, fresh step numbers."""

    def __init__(self, size: int, ooms: int, seed: int = 1234):
        rnd = random.Random(seed)
        self.blocks = []
        for i in range(64):
            metric = metric_line(i + 1, rnd)
            head, rest = metric.split("step:", 1)
            rest = rest.split(" - ", 1)[1]
            self.blocks.append(("".join(worker_lines(i + 1, rnd)) + head + "step:", " - " + rest))
        self.size, self.every = size, max(1, size // (ooms + 1))

    def chunks(self, chunk: int = 1 << 20):
        yield LAUNCH.encode()
        written, step, next_oom, buf, n = 0, 0, self.every, [], 0
        while written < self.size:
            step += 1
            a, b = self.blocks[step % 64]
            s = f"{a}{step}{b}"
            if written >= next_oom:
                s += "".join(oom_block(step))
                next_oom += self.every
            buf.append(s)
            n += len(s)
            if n >= chunk:
                data = "".join(buf).encode()
                buf, n = [], 0
                written += len(data)
                yield data
        if buf:
            yield "".join(buf).encode()


def _status(pid: int) -> dict[str, int]:
    out = {}
    try:
        with open(f"/proc/{pid}/status") as fh:
            for ln in fh:
                if ln.startswith(("VmRSS:", "VmHWM:")):
                    k, v = ln.split(":")
                    out[k] = int(v.split()[0]) * 1024
    except OSError:
        pass
    return out


def feed(cmd: list[str], stream: Stream, sample: bool, keep_out: bool = True) -> dict:
    out = tempfile.TemporaryFile() if keep_out else subprocess.DEVNULL
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=out, stderr=subprocess.PIPE)
    samples, written, hwm = [], 0, 0
    next_sample = 0
    for data in stream.chunks():
        proc.stdin.write(data)
        written += len(data)
        if sample and written >= next_sample:
            st = _status(proc.pid)
            if st:
                samples.append((written, st["VmRSS"], time.perf_counter() - t0))
                hwm = max(hwm, st["VmHWM"])
            next_sample = written + (4 << 20)
    proc.stdin.close()
    if sample:
        st = _status(proc.pid)
        hwm = max(hwm, st.get("VmHWM", 0))
    _, status, ru = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    dt = time.perf_counter() - t0
    err = proc.stderr.read().decode(errors="replace")
    text = ""
    if keep_out:
        out.seek(0)
        text = out.read().decode(errors="replace")
    return {"seconds": dt, "bytes": written, "rc": proc.returncode, "stderr": err, "stdout": text,
            "samples": samples, "vmhwm": hwm, "maxrss": ru.ru_maxrss * 1024}


def bench_stream(size: int, ooms: int) -> dict:
    stream = Stream(size, ooms)
    mib = 2**20
    cat = feed(["cat"], stream, False, keep_out=False)
    grep = feed(["grep", "-c", "-E", GREP_PATTERN], stream, False)
    doc = feed(OOMDOC, stream, True)
    if doc["rc"] != 0:
        print("oomdoc failed:", doc["stderr"][-2000:], file=sys.stderr)
    total = doc["bytes"]
    q1 = [r for b, r, _ in doc["samples"] if b <= total / 4]
    q4 = [r for b, r, _ in doc["samples"] if b >= total * 3 / 4]
    # steady state: from the end of the first quarter to the last sample (no start-up)
    mid = [(b, s) for b, _, s in doc["samples"] if b >= total / 4]
    steady = (mid[-1][0] - mid[0][0]) / 1e6 / (mid[-1][1] - mid[0][1]) if len(mid) > 1 else None
    incidents = [json.loads(ln) for ln in doc["stdout"].splitlines() if ln.startswith("{")]
    causes = [(i.get("diagnoses") or [{}])[0].get("cause") for i in incidents]
    res = {
        "size_mib": total / mib,
        "cat_s": cat["seconds"], "grep_s": grep["seconds"], "oomdoc_s": doc["seconds"],
        "oomdoc_mb_s": total / 1e6 / doc["seconds"], "oomdoc_steady_mb_s": steady, "grep_mb_s": total / 1e6 / grep["seconds"],
        "cat_mb_s": total / 1e6 / cat["seconds"],
        "ratio_grep": doc["seconds"] / grep["seconds"], "ratio_cat": doc["seconds"] / cat["seconds"],
        "rss_q1_mib": max(q1) / mib if q1 else None, "rss_q4_mib": max(q4) / mib if q4 else None,
        "rss_q1_median_mib": statistics.median(q1) / mib if q1 else None,
        "rss_q4_median_mib": statistics.median(q4) / mib if q4 else None,
        "peak_vmhwm_mib": doc["vmhwm"] / mib, "peak_maxrss_mib": doc["maxrss"] / mib,
        "incidents": len(incidents), "ooms_written": ooms, "causes": causes,
        "rss_trace_mib": [(round(b / mib), round(r / mib, 1)) for b, r, _ in doc["samples"][::8]],
    }
    print(f"stream {res['size_mib']:.0f} MiB, {ooms} OOMs written, {len(incidents)} incidents reported "
          f"({', '.join(str(c) for c in causes)})")
    print(f"  cat          {cat['seconds']:6.2f} s  {res['cat_mb_s']:7.1f} MB/s  (the writer's ceiling)")
    print(f"  grep -c -E   {grep['seconds']:6.2f} s  {res['grep_mb_s']:7.1f} MB/s")
    print(f"  oomdoc       {doc['seconds']:6.2f} s  {res['oomdoc_mb_s']:7.1f} MB/s   (target >= 50 MB/s; "
          f"after the first quarter {steady or 0:.1f} MB/s)")
    print(f"  ratio oomdoc/grep {res['ratio_grep']:.2f}x, oomdoc/cat {res['ratio_cat']:.2f}x")
    if q1 and q4:
        print(f"  VmRSS first quarter max {res['rss_q1_mib']:.1f} MiB (median {res['rss_q1_median_mib']:.1f}), "
              f"last quarter max {res['rss_q4_mib']:.1f} MiB (median {res['rss_q4_median_mib']:.1f})")
    print(f"  peak RSS VmHWM {res['peak_vmhwm_mib']:.1f} MiB, ru_maxrss {res['peak_maxrss_mib']:.1f} MiB "
          f"(target <= 150 MiB)", flush=True)
    return res


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default=None, help="stream size (1G, 200M, bytes); default 1G, 64M with --quick")
    ap.add_argument("--runs", type=int, default=None, help="latency runs per setting (default 5, 2 with --quick)")
    ap.add_argument("--ooms", type=int, default=5)
    ap.add_argument("--steps", type=int, default=400, help="prelude steps before the OOM (latency)")
    ap.add_argument("--only", choices=["latency", "stream"])
    ap.add_argument("--quick", action="store_true", help="small sizes for a smoke run")
    ap.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    args = ap.parse_args()
    size = parse_size(args.size) if args.size else (64 << 20 if args.quick else 1 << 30)
    runs = args.runs or (2 if args.quick else 5)
    res = {}
    if args.only in (None, "latency"):
        res["latency"] = bench_latency(runs, args.steps)
    if args.only in (None, "stream"):
        res["stream"] = bench_stream(size, args.ooms)
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
