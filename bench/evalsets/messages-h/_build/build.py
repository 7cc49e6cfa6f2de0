"""Build bench/evalsets/messages-h: one OOM message format per case (device, host, cluster, data stores, runtimes).

Written blind (before running oomdoc on it); each case names the source it was read from.
Run from the repository root: python bench/evalsets/messages-h/_build/build.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
from _build_messages import build  # noqa: E402  (one builder for every messages-* set)

# Cases the suite's evalset test fails, kept with their labels and marked `xfail: reason` (never deleted).
XFAIL: dict[str, str] = {
    "01-dali-cuda-bad-alloc-pipeline": "blind miss: DALI's `CUDA allocation failed` not read as a device OOM",
    "02-wgpu-device-out-of-memory-not-enough-memory-left": "blind miss: wgpu's `Not enough memory left.` not read as an OOM",
    "03-jetson-nvmap-mem-alloc-error-12": "blind miss: Jetson nvmap `error 12` not read as an OOM",
    "04-radv-amdgpu-not-enough-memory-for-command-submission": "blind miss: RADV `Not enough memory for command submission` not read",
    "08-redis-py-outofmemoryerror-maxmemory": "blind miss: Redis maxmemory OOM called a device OOM",
    "09-clickhouse-memory-limit-exceeded-241": "blind miss: ClickHouse `Memory limit (total) exceeded` not read",
    "14-bazel-ran-out-of-memory-and-crashed": "blind miss: Bazel's JVM OOM called a device OOM",
    "16-pm2-max-memory-restart": "blind miss: PM2's memory-limit restart not read",
    "18-aws-lambda-runtime-exited-signal-killed": "blind miss: Lambda `signal: killed` with Max Memory Used = Memory Size not read",
    "20-octave-out-of-memory-or-dimension-too-large": "blind miss: Octave's bad-alloc called a device OOM",
    "21-php-allowed-memory-size-exhausted": "blind miss: PHP memory_limit exhausted not read / called a device OOM",
    "22-fluentd-ruby-nomemoryerror": "blind miss: Ruby NoMemoryError called a device OOM",
}

if __name__ == "__main__":
    build(HERE, XFAIL)
