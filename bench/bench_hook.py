#!/usr/bin/env python3
"""The pre-commit hook's cost: `oomdoc check` on 10 small incident reports vs
`python3 -c pass`, medians of several runs in the same session.

The reports are the two shipped examples (`examples/incidents/`, one with a
linked log and config) and eight variants of a small verl report, so every
check runs: front matter, evidence gathering, one diagnosis per report,
completeness, secrets. All reports go through one process with the rules
loaded once (that is how the hook runs). Target: well under a second.

usage: bench_hook.py [--repeat N]
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOG = """\
+ python3 -m verl.trainer.main_ppo actor_rollout_ref.rollout.name=vllm actor_rollout_ref.rollout.gpu_memory_utilization=0.8 actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu={mb}
(WorkerDict pid=89033, ip=10.24.1.15) Traceback (most recent call last):
(WorkerDict pid=89033, ip=10.24.1.15)   File "/usr/local/lib/python3.10/dist-packages/vllm/device_allocator/cumem.py", line 76, in create_and_map
(WorkerDict pid=89033, ip=10.24.1.15)     python_create_and_map(*allocation_handle)
(WorkerDict pid=89033, ip=10.24.1.15) RuntimeError: CUDA Error: out of memory at /workspace/csrc/cumem_allocator.cpp:62
"""
REPORT = """\
---
title: rollout OOM {i}
date: 2025-04-0{i}
status: resolved
cause: vllm-gpu-memory-utilization
framework: verl
---

# Rollout OOM {i}

```text
{log}```
"""


def median_time(cmd: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def make_reports(dst: Path) -> list[str]:
    inc = dst / "incidents"
    shutil.copytree(ROOT / "examples" / "incidents", inc)
    for i in range(1, 9):
        (inc / f"r{i}.md").write_text(REPORT.format(i=i, log=LOG.format(mb=2 * i)))
    return sorted(str(p) for p in inc.glob("*.md"))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=11)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        reports = make_reports(Path(tmp))
        assert len(reports) == 10
        cmd = [sys.executable, "-m", "oomdoc", "check", *reports]
        rc = subprocess.run(cmd, capture_output=True, text=True)   # warm caches; must pass
        if rc.returncode != 0:
            print(rc.stdout + rc.stderr)
            return 1
        base = median_time([sys.executable, "-c", "pass"], args.repeat)
        ours = median_time(cmd, args.repeat)
    print(f"python -c pass              median {base * 1000:.1f} ms")
    print(f"oomdoc check (10 reports)   median {ours * 1000:.1f} ms")
    print(f"ratio: {ours / base:.2f}x   (target: well under 1 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
