#!/usr/bin/env python3
"""`oomdoc facts` / `explain` vs `grep -c -E` on four 1 GiB log shapes, both scan engines.

Shapes (generated once, cached under /tmp/oomdoc-bench/): sparse verl (a
metric line every ~25 lines), dense verl (a metric line every other line),
Hugging Face Trainer (a loss dict on every line after tqdm `\\r` redraws),
Megatron-DeepSpeed (iteration lines). For each shape the commands run
REPEAT times interleaved on the page-cached file (load drifts hit all
alike); printed: wall medians, the ratio to grep's median in the same run,
CPU (user+sys) with its ratio, and peak RSS (wait4). The fallback engine is
forced with OOMDOC_SCAN_ENGINE=fallback. The load average is printed per
shape: the ratios move with it.

`--before TREE` (repeatable) adds the same commands run from another source
tree (say `git archive COMMIT | tar -x -C TREE`), interleaved in the same run,
for a before/after comparison on the hyperscan engine; rows are named by the
tree's folder.

usage: bench_shapes.py [--size BYTES] [--repeat N] [--only SHAPE,...] [--verbs facts,explain]
                       [--engines hyperscan,fallback] [--dir DIR] [--before TREE]...
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
from bench_facts import GREP_PATTERN  # noqa: E402  (one grep pattern for every bench)

SHAPES = {
    "verl-sparse": ["gen_verl_log.py"],
    "verl-dense": ["gen_verl_log.py", "--workers", "1"],
    "hf-trainer": ["gen_hf_log.py"],
    "megatron": ["gen_megatron_log.py"],
}


def shape_file(shape: str, size: int, folder: Path) -> Path:
    path = folder / f"{shape}-{size}.log"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        print(f"generating {path} ...", flush=True)
        gen = SHAPES[shape]
        tmp = path.with_suffix(".part")
        subprocess.run([sys.executable, str(HERE / gen[0]), str(tmp), "--size", str(size), *gen[1:]], check=True)
        tmp.rename(path)
    return path


def timed(cmd: list[str], env: dict, cwd: str | None = None) -> tuple[float, float, float, int]:
    """(wall seconds, CPU seconds, peak RSS MiB, exit status) of one run, stdout to a pipe."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
    assert proc.stdout is not None
    while proc.stdout.read(1 << 16):
        pass
    _, status, ru = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - t, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, proc.returncode


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=1 << 30)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default=",".join(SHAPES))
    ap.add_argument("--verbs", default="facts,explain")
    ap.add_argument("--engines", default="hyperscan,fallback")
    ap.add_argument("--dir", default="/tmp/oomdoc-bench")
    ap.add_argument("--before", action="append", default=[],
                    help="another source tree, run alike (hyperscan) for before/after (repeatable)")
    args = ap.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    rows = []
    for shape in args.only.split(","):
        log = shape_file(shape, args.size, Path(args.dir))
        subprocess.run(["cat", str(log)], stdout=subprocess.DEVNULL)  # warm the page cache
        # each tree's own cache dir (others' runs neither cool nor warm it), warmed on a small
        # head of the log before timing: compiled databases and regexes are not what is measured
        caches = Path(args.dir) / "cache"
        warm = Path(args.dir) / f"{shape}-warmup.log"
        if not warm.exists():
            with open(log, "rb") as fh:
                head = fh.read(6 << 20)
            warm.write_bytes(head[:head.rfind(b"\n") + 1])
        cmds = {"grep": (["grep", "-c", "-E", GREP_PATTERN, str(log)], env, None)}
        for verb in args.verbs.split(","):
            extra = ["--format", "json"] if verb == "facts" else []
            for engine in args.engines.split(","):
                cmds[f"{verb}/{engine}"] = ([sys.executable, "-m", "oomdoc", verb, str(log), *extra],
                                            {**env, "OOMDOC_SCAN_ENGINE": engine,
                                             "OOMDOC_CACHE_DIR": str(caches / "now")}, None)
            for before in args.before:
                # run from the tree itself: `-m` puts the working directory first on sys.path
                tree = str(Path(before).resolve())
                cmds[f"{verb}/hyperscan@{Path(tree).name}"] = (
                    [sys.executable, "-m", "oomdoc", verb, str(log), *extra],
                    {**env, "OOMDOC_SCAN_ENGINE": "hyperscan", "PYTHONPATH": tree,
                     "OOMDOC_CACHE_DIR": str(caches / f"before-{Path(tree).name}")}, tree)
        for name, (cmd, cenv, cwd) in cmds.items():
            if name != "grep":
                subprocess.run([*cmd[:4], str(warm), *cmd[5:]], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=cenv, cwd=cwd)
        times: dict[str, list[float]] = {k: [] for k in cmds}
        cpus: dict[str, list[float]] = {k: [] for k in cmds}
        rss: dict[str, float] = {k: 0.0 for k in cmds}
        for _ in range(args.repeat):
            for name, (cmd, cenv, cwd) in cmds.items():
                dt, cpu, peak, rc = timed(cmd, cenv, cwd)
                if rc not in (0, 1):
                    print(f"{shape}: {name} exited {rc}", file=sys.stderr)
                    return 1
                times[name].append(dt)
                cpus[name].append(cpu)
                rss[name] = max(rss[name], peak)
        g = statistics.median(times["grep"])
        gc = statistics.median(cpus["grep"])
        size_mib = log.stat().st_size / 2**20
        print(f"\n{shape}: {log} ({size_mib:.0f} MiB), {args.repeat} runs, grep -c -E median {g:.2f} s"
              f" (CPU {gc:.2f} s), load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        for name in cmds:
            if name == "grep":
                continue
            m = statistics.median(times[name])
            c = statistics.median(cpus[name])
            print(f"  {name:<20} median {m:6.2f} s  ratio {m / g:5.2f}x   CPU {c:5.2f} s  ratio {c / gc:5.2f}x"
                  f"  peak RSS {rss[name]:4.0f} MiB  (wall min {min(times[name]):.2f}, max {max(times[name]):.2f})",
                  flush=True)
            rows.append((shape, name, m, m / g, c, c / gc, rss[name]))
    print("\n| shape | command / engine | wall (median) | vs grep | CPU (median) | vs grep | peak RSS |\n"
          "|---|---|---|---|---|---|---|")
    for shape, name, m, r, c, rc, peak in rows:
        print(f"| {shape} | {name} | {m:.2f} s | **{r:.2f}x** | {c:.2f} s | {rc:.2f}x | {peak:.0f} MiB |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
