#!/usr/bin/env python3
"""Start-up cost: `oomdoc explain` on a small log vs `python3 -c pass`, same run.

Both use this interpreter; the ratio of medians is what matters on a shared,
noisy machine. Target: <= 2.5x (issue 12) (the pre-commit hook and `tail -f` users pay it).
Also timed, for scale: importing the standard modules (`re`, `json`, `os`,
`pathlib`) an earlier oomdoc needed on every run (a warm run now imports none of
`re`, `json` or `pathlib`: its caches are marshal files, its patterns rebuilt by
`_sre`), and the console script pip installs next to this interpreter, which is
what a user types (pip's wrapper imports `re` before oomdoc starts).

usage: bench_startup.py [--repeat N] [--verb explain|facts] [--before TREE] [-- EXTRA ARGS]

Wall-time medians, and CPU-time medians beside them: on a shared machine under load the
wall time mostly measures waiting for a core.

--before TREE: also run the oomdoc of another source tree (a `git archive` of an older
commit, say), interleaved, each tree by PYTHONPATH with its own cache dir, after checking
that both print the same bytes; EXTRA ARGS (e.g. `--format json`) go to both.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# 300 metric lines then an OOM: the small log of a short run (the case of issue 12)
METRICS = "".join(f"(TaskRunner pid=2117) step:{i} - perf/max_memory_allocated_gb:{61 + i / 1000:.3f} - "
                  f"response_length/mean:{512 + i % 50}.0 - actor/pg_loss:0.{i:04d}\n" for i in range(1, 301))
SMALL = METRICS + """\
[rank0]: Traceback (most recent call last):
[rank0]:   File "train.py", line 10, in <module>
[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.19 GiB is free. Including non-PyTorch memory, this process has 77.9 GiB memory in use. Of the allocated memory 70.00 GiB is allocated by PyTorch, and 5.00 GiB is reserved by PyTorch but unallocated.
"""


FLOOR = "import json, os, pathlib, re"


def _env() -> dict:
    # pip compiles .pyc files when it installs the wheel; a checkout run with
    # PYTHONDONTWRITEBYTECODE=1 would instead recompile every module each time
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


CPU: list[float] = []     # the last `medians` call's CPU medians (user + system), same order


def medians(cmds: list[list[str]], repeat: int, envs: list[dict] | None = None, cwd: str | None = None) -> list[float]:
    """Median wall time of each command, run interleaved so load drifts hit all alike; the
    median CPU time of each (what a loaded machine's waiting leaves out) goes to `CPU`."""
    import resource

    times: list[list[float]] = [[] for _ in cmds]
    cpu: list[list[float]] = [[] for _ in cmds]
    envs = envs or [_env()] * len(cmds)
    for _ in range(repeat):
        for i, cmd in enumerate(cmds):
            r = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=envs[i], cwd=cwd)
            times[i].append(time.perf_counter() - t)
            r2 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[i].append(r2.ru_utime - r.ru_utime + r2.ru_stime - r.ru_stime)
    CPU[:] = [statistics.median(c) for c in cpu]
    return [statistics.median(t) for t in times]


def _tree_env(tree: str, cache: str) -> dict:
    env = _env()
    env["PYTHONPATH"] = tree
    env["OOMDOC_CACHE_DIR"] = cache
    return env


def compare(before: str, verb: str, extra: list[str], repeat: int) -> int:
    """This tree's oomdoc against another tree's, interleaved with `python -c pass`."""
    here = str(Path(__file__).resolve().parent.parent)
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "small.log"
        log.write_text(SMALL)
        cmd = [sys.executable, "-m", "oomdoc", verb, str(log), *extra]
        envs = [_env(), _tree_env(before, f"{tmp}/cache-before"), _tree_env(here, f"{tmp}/cache-now")]
        for tree, env in zip((before, here), envs[1:]):   # each run imports its own tree's oomdoc
            where = subprocess.run([sys.executable, "-c", "import oomdoc; print(oomdoc.__file__)"],
                                   capture_output=True, text=True, env=env, cwd=tmp).stdout.strip()
            if not where.startswith(str(Path(tree).resolve())):
                print(f"{tree}: runs import {where or 'no oomdoc'}: not comparable", file=sys.stderr)
                return 1
        outs = []
        for env in envs[1:]:
            for _ in range(2):      # the first run fills the cache dir
                got = subprocess.run(cmd, capture_output=True, env=env, cwd=tmp)
            outs.append(got.stdout)
        if outs[0] != outs[1]:
            print("the two trees print different output: not comparable", file=sys.stderr)
            return 1
        # run from the temporary dir: `python -m` puts the working directory first on
        # sys.path, so from a checkout both runs would import the checkout's oomdoc
        base, old, new = medians([[sys.executable, "-c", "pass"], cmd, cmd], repeat, envs, cwd=tmp)
    cbase, cold, cnew = CPU
    print(f"python -c pass  median {base * 1000:.1f} ms   (load {os.getloadavg()[0]:.1f}; CPU {cbase * 1000:.1f} ms)")
    print(f"before          median {old * 1000:.1f} ms   {old / base:.2f}x   "
          f"(CPU {cold * 1000:.1f} ms, {cold / cbase:.2f}x)   ({before})")
    print(f"now             median {new * 1000:.1f} ms   {new / base:.2f}x   "
          f"(CPU {cnew * 1000:.1f} ms, {cnew / cbase:.2f}x)   ({here})")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=21)
    ap.add_argument("--verb", default="explain")
    ap.add_argument("--before", metavar="TREE", help="another source tree to compare with, interleaved")
    ap.add_argument("extra", nargs="*", help="more arguments for both runs (after --)")
    args = ap.parse_args()
    if args.before:
        return compare(args.before, args.verb, args.extra, args.repeat)
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "small.log"
        log.write_text(SMALL)
        oomdoc = [sys.executable, "-m", "oomdoc", args.verb, str(log)]
        subprocess.run(oomdoc, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_env())  # warm caches
        script = os.path.join(os.path.dirname(sys.executable), "oomdoc")
        cmds = [[sys.executable, "-c", "pass"], [sys.executable, "-c", FLOOR], oomdoc]
        if os.access(script, os.X_OK):
            cmds.append([script, args.verb, str(log)])
        base, floor, ours, *console = medians(cmds, args.repeat)
    cpu = CPU
    print(f"python -c pass     median {base * 1000:.1f} ms   (load {os.getloadavg()[0]:.1f}; CPU {cpu[0] * 1000:.1f} ms)")
    print(f"stdlib imports     median {floor * 1000:.1f} ms   ({floor / base:.2f}x: python -c '{FLOOR}')")
    print(f"oomdoc {args.verb:<11} median {ours * 1000:.1f} ms   (python -m oomdoc)")
    if console:
        print(f"console script     median {console[0] * 1000:.1f} ms   ({console[0] / base:.2f}x: {script})")
    print(f"ratio: {ours / base:.2f}x   (target <= 2.5x; by CPU time {cpu[2] / cpu[0]:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
