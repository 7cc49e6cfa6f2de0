#!/usr/bin/env python3
"""Write a Hugging Face Trainer log of about SIZE bytes (default 1 GiB).

Every physical line is a Trainer log dict (`logging_steps=1`) after the tqdm
redraws that preceded it (`\\r`, no newline: what `2>&1 | tee` captures), with
a DeepSpeed ZeRO-3 start-up banner, the TrainingArguments dump, and a CUDA OOM
traceback from rank 0 every SIZE/(OOMS+1) bytes. Deterministic (seeded).

usage: gen_hf_log.py OUT [--size BYTES] [--ooms N]
"""
from __future__ import annotations

import argparse
import random

HEAD = """\
+ torchrun --nproc_per_node 8 train.py --deepspeed ds_z3.json --per_device_train_batch_size 8 --gradient_checkpointing
[2025-06-30 13:50:01,123] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cuda (auto detect)
[2025-06-30 13:50:04,456] [INFO] [config.py:1000:print] DeepSpeedEngine configuration:
[2025-06-30 13:50:04,457] [INFO] [config.py:1004:print]   zero_optimization_stage ...... 3
TrainingArguments(
_n_gpu=1,
gradient_accumulation_steps=4,
gradient_checkpointing=True,
learning_rate=2e-05,
per_device_train_batch_size=8,
)
"""

OOM = """\
[rank0]: Traceback (most recent call last):
[rank0]:   File "/app/train.py", line 88, in <module>
[rank0]:     trainer.train()
[rank0]:   File "/usr/lib/python3/site-packages/transformers/trainer.py", line 2241, in train
[rank0]:     return inner_training_loop(
[rank0]:   File "/usr/lib/python3/site-packages/deepspeed/runtime/engine.py", line 2011, in backward
[rank0]:     self.optimizer.backward(loss, retain_graph=retain_graph)
[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.88 GiB. GPU 0 has a total capacity of 79.15 GiB of which 2.06 GiB is free. Including non-PyTorch memory, this process has 77.08 GiB memory in use. Of the allocated memory 71.50 GiB is allocated by PyTorch, and 3.91 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
"""


def bar(i: int, total: int, rnd: random.Random) -> str:
    pct = i * 100 // total
    fill = "█" * (pct // 10)
    return f"\r{pct:3d}%|{fill:<10}| {i}/{total} [{i // 60:02d}:{i % 60:02d}<10:00, {1 + rnd.random():.2f}s/it]"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--size", type=int, default=1 << 30)
    ap.add_argument("--ooms", type=int, default=5)
    args = ap.parse_args()
    rnd = random.Random(4321)
    total = 10_000_000
    every = max(1, args.size // (args.ooms + 1))
    next_oom = every
    written = 0
    step = 0
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(HEAD)
        while written < args.size:
            parts = []
            for _ in range(256):
                step += 1
                parts.append(bar(step, total, rnd) + bar(step, total, rnd))
                parts.append(f"{{'loss': {2.5 - step * 1e-7 + rnd.random() * 0.1:.4f}, "
                             f"'grad_norm': {rnd.random() * 3:.7f}, 'learning_rate': {2e-5 * (1 - step / total):.6g}, "
                             f"'epoch': {step / 100000:.2f}}}\n")
            s = "".join(parts)
            if written >= next_oom:
                s += OOM
                next_oom += every
            fh.write(s)
            written += len(s.encode())


if __name__ == "__main__":
    main()
