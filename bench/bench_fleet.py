#!/usr/bin/env python3
"""`oomdoc scan` at fleet scale, each number against a baseline measured in the same run.

small  N small logs (10-200 KiB: corpus cases padded with ordinary worker chatter,
       each in a run dir with its config files): `oomdoc scan` with all cores vs a
       shell loop of `oomdoc explain` (the loop is timed on a sample and scaled).
       Target: >= 10x.
big    K logs of M MiB (bench/gen_verl_log.py, one generated, hard-linked K times):
       scan wall vs (sum of single-file `explain` walls) / cores. Target: <= 1.3x.
rss    peak RSS of the workers (each row's peak_rss_bytes is its worker's ru_maxrss),
       in both scans above. Target: <= 150 MiB per worker.
ray    per-log overhead of `--engine ray` vs the local engine on the same logs,
       both in-process on a Ray started once here (ray.init cost printed apart).

usage: bench_fleet.py [--small 2000] [--loop-sample 200] [--big 20] [--big-mib 256]
                      [--ray 200] [--only small,big,ray]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
OOMDOC = [sys.executable, "-m", "oomdoc"]
# Ordinary worker chatter (no trigger of any parser), as most of a real log is.
CHATTER = ("(WorkerDict pid={pid}, ip=10.0.0.{ip}) [2026-11-24 05:{m:02d}:{s:02d}] dataloader: prefetched batch "
           "{n} from shard {k}/16, queue depth 4\n")
CONFIG_SUFFIXES = (".yaml", ".yml", ".json", ".sh", ".toml")


def env() -> dict:
    e = dict(os.environ)
    e.pop("PYTHONDONTWRITEBYTECODE", None)
    return e


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def configs_of(case: Path) -> list[Path]:
    return [p for p in sorted(case.iterdir()) if p.suffix in CONFIG_SUFFIXES and p.name != "expected.yaml"]


def make_small(root: Path, n: int) -> list[Path]:
    """n run dirs; each log is a corpus case padded at its head to 10-200 KiB."""
    rnd = random.Random(15)
    cases = [c for c in sorted(CORPUS.iterdir())
             if (c / "train.log").is_file() and (c / "train.log").stat().st_size <= 200 << 10]
    runs = []
    for i in range(n):
        case = cases[i % len(cases)]
        body = (case / "train.log").read_bytes()
        target = int(10 * 1024 * (20 ** rnd.random()))          # log-uniform 10..200 KiB
        pad, k = [], 0
        while len(body) + sum(map(len, pad)) < target:
            pad.append(CHATTER.format(pid=1000 + k % 8, ip=k % 4, m=k // 60 % 60, s=k % 60, n=k, k=k % 16).encode())
            k += 1
        run = root / f"run-{i:05d}"
        run.mkdir(parents=True)
        (run / "train.log").write_bytes(b"".join(pad) + body)
        for cfg in configs_of(case):
            shutil.copy(cfg, run / cfg.name)
        runs.append(run)
    return runs


CPU = {"last": 0.0}      # CPU seconds (user+sys) of the last timed command and all its processes


def children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def timed(cmd: list[str], **kw) -> tuple[float, subprocess.CompletedProcess]:
    """Wall time; CPU["last"] gets the CPU time of the command's whole process tree
    (pool workers are waited for, so they count): on a shared machine the wall
    ratio of a parallel run depends on the neighbours' load, the CPU ratio does not."""
    cpu0, t = children_cpu(), time.perf_counter()
    res = subprocess.run(cmd, capture_output=True, env=env(), **kw)
    took = time.perf_counter() - t
    CPU["last"] = children_cpu() - cpu0
    if res.returncode != 0:
        raise SystemExit(f"failed ({res.returncode}): {' '.join(cmd[:6])}...\n{res.stderr.decode()[-2000:]}")
    return took, res


def scan_rows(root: Path) -> tuple[float, list[dict]]:
    took, res = timed([*OOMDOC, "scan", "--format", "jsonl", str(root)])
    return took, [json.loads(line) for line in res.stdout.splitlines()]


def explain_loop(runs: list[Path]) -> float:
    """A real shell loop: one `oomdoc explain` process per run, its configs passed."""
    exe = shutil.which("oomdoc", path=str(Path(sys.executable).parent)) or "oomdoc"
    lines = ["set -e"]
    for run in runs:
        cfgs = " ".join(f"--config '{c}'" for c in configs_of(run))
        lines.append(f"'{exe}' explain '{run / 'train.log'}' {cfgs} > /dev/null")
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write("\n".join(lines) + "\n")
    try:
        took, _ = timed(["bash", fh.name])
    finally:
        os.unlink(fh.name)
    return took


def mib(n) -> str:
    return f"{(n or 0) / 2**20:.0f} MiB"


def bench_small(tmp: Path, n: int, sample: int) -> None:
    runs = make_small(tmp / "small", n)
    size = sum((r / "train.log").stat().st_size for r in runs)
    print(f"small: {n} logs, {size / 2**20:.0f} MiB in all, {cores()} cores")
    scan_rows(tmp / "small")                      # warm the page cache and the rule cache
    took, rows = scan_rows(tmp / "small")
    scan_cpu = CPU["last"]
    assert len(rows) == n and not [r for r in rows if r["status"] != "ok"], "scan had errors"
    picked = random.Random(1).sample(runs, min(sample, n))
    scale = n / len(picked)
    loop = explain_loop(picked) * scale
    loop_cpu = CPU["last"] * scale
    print(f"  oomdoc scan (all cores)   wall {took:7.1f} s  cpu {scan_cpu:7.1f} s  ({took / n * 1000:.1f} ms/log)")
    print(f"  shell loop of explain     wall {loop:7.1f} s  cpu {loop_cpu:7.1f} s  "
          f"(timed on {len(picked)} logs, scaled x{scale:g})")
    print(f"  speed-up: {loop / took:.1f}x wall   (target >= 10x); by CPU time {loop_cpu / scan_cpu:.1f}x, "
          f"i.e. {loop_cpu / scan_cpu * cores():.1f}x on {cores()} idle cores")
    print(f"  peak RSS per worker: max {mib(max(r['peak_rss_bytes'] or 0 for r in rows))}   (target <= 150 MiB)")


def bench_big(tmp: Path, count: int, size_mib: int) -> None:
    big = tmp / "big"
    big.mkdir()
    src = big / "source.log"
    subprocess.run([sys.executable, str(ROOT / "bench" / "gen_verl_log.py"), str(src), "--size",
                    str(size_mib << 20)], check=True)
    for i in range(count):
        (big / f"run-{i:02d}").mkdir()
        os.link(src, big / f"run-{i:02d}" / "train.log")
    src.rename(big / "source.data")              # not a log name: the scan skips it
    print(f"big: {count} logs of {size_mib} MiB (one generated log hard-linked {count} times), {cores()} cores")
    singles, singles_cpu = [], 0.0
    for i in range(count):
        singles.append(timed([*OOMDOC, "explain", str(big / f"run-{i:02d}" / "train.log")])[0])
        singles_cpu += CPU["last"]
    took, rows = scan_rows(big)
    scan_cpu = CPU["last"]
    assert len(rows) == count and all(r["status"] == "ok" for r in rows)
    ideal = sum(singles) / cores()
    print(f"  single explains: sum {sum(singles):.1f} s (median {sorted(singles)[count // 2]:.2f} s); / cores = {ideal:.1f} s")
    print(f"  oomdoc scan wall {took:.1f} s")
    print(f"  ratio: {took / ideal:.2f}x   (target <= 1.3x); cpu: scan {scan_cpu:.1f} s vs singles {singles_cpu:.1f} s")
    print(f"  peak RSS per worker: max {mib(max(r['peak_rss_bytes'] or 0 for r in rows))}   (target <= 150 MiB)")


def bench_ray(tmp: Path, n: int) -> None:
    try:
        import ray
    except ImportError:
        print("ray: skipped (pip install 'oomdoc[ray]')")
        return
    import contextlib
    import io

    from oomdoc.cli import main

    root = tmp / "ray"
    make_small(root, n)
    t = time.perf_counter()
    ray.init(num_cpus=cores(), include_dashboard=False, log_to_driver=False)
    start = time.perf_counter() - t

    def scan(*extra) -> float:
        buf = io.StringIO()
        t0 = time.perf_counter()
        with contextlib.redirect_stdout(buf):
            assert main(["scan", "--format", "json", *extra, str(root)]) == 0
        took = time.perf_counter() - t0
        assert json.loads(buf.getvalue())["counts"]["runs"] == n
        return took

    scan("--engine", "ray")                       # warm Ray's worker pool
    local = sorted(scan() for _ in range(3))[1]
    on_ray = sorted(scan("--engine", "ray") for _ in range(3))[1]
    ray.shutdown()
    print(f"ray: {n} small logs, ray.init {start:.1f} s (paid once per scan when the CLI starts Ray itself)")
    print(f"  local engine {local:.2f} s, ray engine {on_ray:.2f} s (medians of 3)")
    print(f"  overhead per log: {(on_ray - local) / n * 1000:+.1f} ms ({on_ray / local:.2f}x the local engine)")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--small", type=int, default=2000)
    ap.add_argument("--loop-sample", type=int, default=200)
    ap.add_argument("--big", type=int, default=20)
    ap.add_argument("--big-mib", type=int, default=256)
    ap.add_argument("--ray", type=int, default=200)
    ap.add_argument("--only", default="small,big,ray")
    args = ap.parse_args()
    only = set(args.only.split(","))
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {cores()} cores (a shared machine: compare the CPU ratios)")
    with tempfile.TemporaryDirectory(prefix="bench-fleet-") as tmp:
        if "small" in only:
            bench_small(Path(tmp), args.small, args.loop_sample)
        if "big" in only:
            bench_big(Path(tmp), args.big, args.big_mib)
        if "ray" in only:
            bench_ray(Path(tmp), args.ray)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
