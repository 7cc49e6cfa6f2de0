"""Build bench/evalsets/messages-i: one OOM message format per case (device, host, cluster, data stores, runtimes).

Written blind (before running oomdoc on it); each case names the source it was read from.
Run from the repository root: python bench/evalsets/messages-i/_build/build.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
from _build_messages import build  # noqa: E402  (one builder for every messages-* set)

# Cases the suite's evalset test fails, kept with their labels and marked `xfail: reason` (never deleted).
# The blind run's misses (README.md) are marked here until fixed by family.
XFAIL: dict[str, str] = {
    "24-fsdp2-oom-tail-c-paste-cut-at-start": "blind miss: an allocator message cut before `CUDA out of memory` is not read",
    "26-torch-windows-dataloader-shared-file-mapping-1455": "blind miss: Windows error 1455 (commit limit) in torch's shared file mapping error is not read",
    "L01-composer-microbatch-decreased-then-trains-on": "blind false alarm: an OOM caught and recovered (microbatch halved, run finished) is called an OOM",
    "L12-transformers-help-torch-empty-cache-steps": "blind false alarm: argparse help text saying a flag can `help avoid CUDA out-of-memory errors` is called an OOM",
}

if __name__ == "__main__":
    build(HERE, XFAIL)
