#!/usr/bin/env python3
"""Write a verl-like training log of about SIZE bytes (default 1 GiB).

Per step: a ~3 KB console metric line from the driver, worker chatter from
eight interleaved `(WorkerDict pid=…, ip=…)` actors (vLLM INFO lines, progress
bars with carriage returns, ANSI-coloured prefixes), and every ~20k steps a
two-rank CUDA OOM traceback re-raised through Ray. Deterministic (seeded).

`--workers 1` gives the dense shape: a metric line every other line.

usage: gen_verl_log.py OUT [--size BYTES] [--ooms N] [--workers N]
"""
from __future__ import annotations

import argparse
import random

OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.43 GiB. GPU 0 has a total capacity of "
       "79.10 GiB of which 38.81 MiB is free. Process 40211 has 40.02 GiB memory in use. Including non-PyTorch "
       "memory, this process has 39.04 GiB memory in use. Of the allocated memory 36.12 GiB is allocated by "
       "PyTorch, and 1.42 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large "
       "try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation "
       "for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")

KEYS = [f"timing_s/{k}" for k in ("gen", "reward", "old_log_prob", "ref", "adv", "update_actor", "step", "testing")] + \
       [f"actor/{k}" for k in ("entropy", "pg_loss", "pg_clipfrac", "ppo_kl", "grad_norm", "lr", "kl_loss")] + \
       [f"critic/{k}/{s}" for k in ("score", "rewards", "advantages", "returns") for s in ("mean", "max", "min")] + \
       [f"global_seqlen/{k}" for k in ("min", "max", "minmax_diff", "balanced_min", "balanced_max", "mean")] + \
       [f"prompt_length/{k}" for k in ("mean", "max", "min", "clip_ratio")] + \
       [f"timing_per_token_ms/{k}" for k in ("gen", "ref", "adv", "update_actor")]


def metric_line(step: int, rnd: random.Random) -> str:
    resp = 600 + step * 0.01 + rnd.random() * 50
    parts = [f"step:{step}"]
    parts += [f"{k}:{rnd.random() * 100:.3f}" for k in KEYS[:20]]
    parts += [f"perf/max_memory_allocated_gb:{50 + rnd.random():.3f}",
              f"perf/max_memory_reserved_gb:{60 + rnd.random():.3f}",
              f"perf/cpu_memory_used_gb:{400 + rnd.random():.3f}",
              f"response_length/mean:{resp:.3f}", f"response_length/max:{resp * 2:.3f}",
              f"response_length/clip_ratio:{rnd.random() * 0.1:.3f}"]
    parts += [f"{k}:{rnd.random() * 100:.3f}" for k in KEYS[20:]]
    return "\x1b[36m(TaskRunner pid=39211)\x1b[0m " + " - ".join(parts) + "\n"


def worker_lines(step: int, rnd: random.Random, count: int = 24) -> list[str]:
    out = []
    for i in range(count):
        pid = 284700 + i % 8
        ip = f"10.128.3.{17 + i % 2}"
        pre = f"\x1b[36m(WorkerDict pid={pid}, ip={ip})\x1b[0m "
        kind = i % 4
        if kind == 0:
            out.append(pre + f"INFO 06-30 13:{i:02d}:19 [scheduler.py:1557] Running: {rnd.randint(1, 256)} reqs, "
                       f"Swapped: 0 reqs, Pending: {rnd.randint(0, 64)} reqs, GPU KV cache usage: {rnd.random() * 100:.1f}%\n")
        elif kind == 1:
            out.append(pre + f"Processed prompts:  {i * 4}%|##  | {i}/{24} [00:{i:02d}<00:10, 3.2it/s]\r"
                       f"Processed prompts: {i * 4 + 4}%|###  | {i + 1}/{24} [00:{i:02d}<00:09, 3.3it/s]\n")
        elif kind == 2:
            out.append(pre + f"[2025-06-30 13:53:{i:02d},123] [INFO] [loader.py:{i}:collate] batch {step} shard {i} "
                       f"tokens={rnd.randint(1000, 90000)} elapsed={rnd.random():.3f}s\n")
        else:
            out.append(pre + f"WARNING 06-30 13:53:{i:02d} [utils.py:42] tokenizer padding side is left; "
                       f"seq {rnd.randint(0, 10**6)} truncated to max length\n")
    return out


def oom_block(step: int) -> list[str]:
    lines = []
    for r in (0, 1):
        lines.append(f"(WorkerDict pid={284700 + r}, ip=10.128.3.17) Traceback (most recent call last):\n")
    for r in (0, 1):
        lines.append(f'(WorkerDict pid={284700 + r}, ip=10.128.3.17)   File "/verl/workers/fsdp_workers.py", line 512, in update_actor\n')
    for r in (0, 1):
        lines.append(f"(WorkerDict pid={284700 + r}, ip=10.128.3.17)     loss.backward()\n")
    for r in (0, 1):
        lines.append(f"(WorkerDict pid={284700 + r}, ip=10.128.3.17) {OOM}\n")
    lines.append(f"(TaskRunner pid=39211) ray.exceptions.RayTaskError(OutOfMemoryError): "
                 f"ray::WorkerDict.actor_rollout_update_actor() (pid=284700, ip=10.128.3.17) step {step}\n")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--size", type=int, default=1 << 30)
    ap.add_argument("--ooms", type=int, default=5)
    ap.add_argument("--workers", type=int, default=24, help="worker lines per metric line")
    args = ap.parse_args()
    rnd = random.Random(1234)
    written = 0
    step = 0
    every = max(1, args.size // (args.ooms + 1))
    next_oom = every
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write("+ python3 -m verl.trainer.main_ppo actor_rollout_ref.rollout.gpu_memory_utilization=0.6 "
                 "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=4 data.max_response_length=4096\n")
        while written < args.size:
            step += 1
            chunk = worker_lines(step, rnd, args.workers)
            chunk.append(metric_line(step, rnd))
            if written >= next_oom:
                chunk += oom_block(step)
                next_oom += every
            s = "".join(chunk)
            fh.write(s)
            written += len(s)


if __name__ == "__main__":
    main()
