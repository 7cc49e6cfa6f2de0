#!/usr/bin/env python3
"""Write a Megatron-DeepSpeed pre-training log of about SIZE bytes (default 1 GiB).

Per iteration: Megatron's ` iteration N/ M | consumed samples: … | lm loss: …`
line, DeepSpeed's `[Rank 0] step=N, skipped=0, lr=…` logger line and a timers
line; Megatron's `memory (MB) | allocated: …` report every 1000 iterations;
a host OOM kill (dmesg) and torchrun's ChildFailedError SIZE/(OOMS+1) bytes
apart. Deterministic (seeded).

usage: gen_megatron_log.py OUT [--size BYTES] [--ooms N]
"""
from __future__ import annotations

import argparse
import random

HEAD = """\
+ deepspeed --num_gpus 8 pretrain_gpt.py --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 --micro-batch-size 4 --global-batch-size 1024 --seq-length 4096 --deepspeed --deepspeed_config ds_config.json
[2025-06-30 13:50:01,123] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cuda (auto detect)
using world size: 8, data-parallel size: 2, tensor-model-parallel size: 2, pipeline-model-parallel size: 2
"""

OOM = """\
[Wed Jun 30 14:02:11 2025] Out of memory: Killed process 40211 (python) total-vm:912345678kB, anon-rss:401234567kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:812345kB oom_score_adj:0
[2025-06-30 14:02:12,001] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'pretrain_gpt.py', '--local_rank=3'] exits with return code = -9
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--size", type=int, default=1 << 30)
    ap.add_argument("--ooms", type=int, default=5)
    args = ap.parse_args()
    rnd = random.Random(777)
    total = 500_000_000
    every = max(1, args.size // (args.ooms + 1))
    next_oom = every
    written = 0
    it = 0
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(HEAD)
        while written < args.size:
            parts = []
            for _ in range(128):
                it += 1
                parts.append(
                    f" iteration {it:>8d}/{total:>10d} | consumed samples: {it * 1024:>12d} | "
                    f"consumed tokens: {it * 1024 * 4096:>15d} | elapsed time per iteration (ms): {1200 + rnd.random() * 100:.1f} | "
                    f"learning rate: {1.5e-4 * (1 - it / total):.3E} | global batch size:  1024 | "
                    f"lm loss: {2.5 + rnd.random():.6E} | loss scale: 65536.0 | grad norm: {rnd.random() * 2:.3f} | "
                    f"number of skipped iterations:   0 | number of nan iterations:   0 |\n")
                parts.append(f"[2025-06-30 13:53:{it % 60:02d},123] [INFO] [logging.py:96:log_dist] [Rank 0] step={it}, "
                             f"skipped=0, lr=[{1.5e-4 * (1 - it / total):.6e}], mom=[(0.9, 0.95)]\n")
                parts.append(f"time (ms) | forward-compute: {400 + rnd.random() * 20:.2f} | backward-compute: "
                             f"{700 + rnd.random() * 20:.2f} | optimizer: {30 + rnd.random():.2f} | batch-generator: {rnd.random():.2f}\n")
                if it % 1000 == 1:
                    parts.append(f"[Rank 0] (after {it} iterations) memory (MB) | allocated: {20000 + rnd.random() * 100:.1f} | "
                                 f"max allocated: {41000 + rnd.random() * 100:.1f} | reserved: 46000.0 | max reserved: 46000.0\n")
            s = "".join(parts)
            if written >= next_oom:
                s += OOM
                next_oom += every
            fh.write(s)
            written += len(s)


if __name__ == "__main__":
    main()
