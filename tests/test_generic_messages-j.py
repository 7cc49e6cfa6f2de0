"""Principles read from messages-j's misses (bench/evalsets/messages-j: serving, inference and rollout engines), each
tested on wordings other than the set's own: something that cannot fit in a memory or a KV cache, a request refused as
too large for the system, a need printed beside a smaller amount there, a memory pool that could not grow, a
supervisor's `signaled to shutdown with signal 9`, a JSON record's `exc_text`; an mlock refused by RLIMIT_MEMLOCK,
placements elsewhere and healthy estimates stay no failure."""
from __future__ import annotations

import pytest

from oomdoc.diagnose import explain
from oomdoc.pipeline import read_events


def _generic(text: str, signature: str = "generic-out-of-memory"):
    return [e for e in read_events(text.encode()).events if e.facts.get("signature") == signature]


def _causes(text: str) -> list[str]:
    return [d.cause for d in explain(text.encode(), similar=False).diagnoses]


@pytest.mark.parametrize("text, memory", [
    # a KV cache too small for one sequence, in an engine's own words
    ("AssertionError: cannot fit a single request of 32768 tokens into the KV cache", "kv-cache"),
    ("RuntimeError: max_seq_len 65536 does not fit in kv-cache (only 4096 tokens of blocks left)", "kv-cache"),
    # a model or a batch that does not fit in a device's or the host's memory
    ("ValueError: The model (70B, bf16) does not fit into GPU memory on this device", "gpu"),
    ("RuntimeError: shard 3 could not fit in host memory while loading the checkpoint", "host"),
])
def test_something_that_cannot_fit_in_memory(text, memory):
    evs = _generic(text + "\n")
    assert len(evs) == 1 and evs[0].facts["memory"] == memory and evs[0].facts["certainty"] == "likely"


def test_a_kv_cache_that_cannot_fit_ranks_the_kv_causes():
    causes = _causes("Traceback (most recent call last):\n  File \"serve.py\", line 3, in <module>\n"
                     "AssertionError: cannot fit a single request of 32768 tokens into the KV cache\n")
    assert causes and causes[0] in ("vllm-kv-cache-too-small", "vllm-gpu-memory-utilization")


@pytest.mark.parametrize("text", [
    # a request refused as too large for what holds it, also when logged as a warning
    'time=2025-05-01T10:00:00Z level=WARN source=server.go:800 msg="model request too large for system" '
    'requested="41.2 GiB" available="30.1 GiB"',
    "WARNING llm_engine: request too large for the device memory, refusing to load",
    # a need printed beside a smaller amount there, with a failure said
    'level=ERROR msg="cannot load model" requested="12.0 GiB" available="7.5 GiB"',
    "ERROR loader: model load aborted (required=18.5 GB, free=11.25 GB)",
])
def test_a_request_larger_than_what_is_there(text):
    evs = _generic(text + "\n")
    assert len(evs) == 1


@pytest.mark.parametrize("text", [
    # placed elsewhere: not a failure
    "WARNING model too large for GPU, offloading 12 layers to CPU",
    "INFO model too large for the device, using a partial split across 2 GPUs",
    # a need smaller than what is there, or estimates with no failure
    'level=INFO msg="loading model" requested="5.3 GiB" available="20.8 GiB"',
    'level=INFO source=memory.go:356 msg="offload to cuda" memory.available="[23.1 GiB]" memory.required.full="6.2 GiB"',
])
def test_placed_elsewhere_or_fitting_is_no_failure(text):
    assert _generic(text + "\n") == []


@pytest.mark.parametrize("text, memory", [
    # a memory pool or region that could not grow
    ("RuntimeError: Failed to grow the shared memory arena to 268435456 bytes: No space left on device", "shm"),
    ("ERROR pool: unable to extend the device memory pool by 2.00 GiB", "gpu"),
    ("fatal: could not resize the host memory buffer to 8 GiB", "host"),
])
def test_a_memory_pool_that_could_not_grow(text, memory):
    evs = _generic(text + "\n")
    assert len(evs) == 1 and evs[0].facts["memory"] == memory


@pytest.mark.parametrize("text", [
    "ERROR supervisor: worker 2 was signaled to shutdown with signal 9 rank=2",
    "2025-01-20T11:02:17Z ERROR launcher: Process model-shard-1 was signalled to terminate with signal 9",
])
def test_a_process_signaled_to_shut_down_with_signal_9_is_a_possible_kill(text):
    evs = _generic(text + "\n", "generic-sigkill")
    assert len(evs) == 1 and evs[0].facts["memory"] == "host" and evs[0].facts["certainty"] == "possible"


@pytest.mark.parametrize("text", [
    # the sender named: a shutdown asked for, a timeout, signal 15
    "INFO launcher: shutting down on request; shard 0 was signaled to shutdown with signal 9",
    "ERROR supervisor: worker 2 timed out and was signaled to shutdown with signal 9",
    "ERROR supervisor: worker 2 was signaled to shutdown with signal 15",
])
def test_a_signal_with_its_sender_named_is_no_kill(text):
    assert _generic(text + "\n", "generic-sigkill") == []


def test_a_json_records_exc_text_is_read():
    line = ('{"asctime": "2025-04-02 11:58:03,551", "levelname": "ERROR", "message": "Task failed", '
            '"exc_text": "MemoryError: Unable to allocate 12.0 GiB for an array with shape (40000, 40000)"}\n')
    evs = read_events(line.encode()).events
    assert evs and evs[0].kind in ("host_alloc_failed", "host_oom_kill")


@pytest.mark.parametrize("text", [
    # mlock(2)'s ENOMEM is RLIMIT_MEMLOCK refusing to pin pages, not memory running out
    "warning: failed to mlock 1073741824-byte buffer (after previously locking 0 bytes): Cannot allocate memory\n"
    "Try increasing RLIMIT_MEMLOCK ('ulimit -l' as root).",
    "WARN pinned-arena: mlockall(MCL_CURRENT) failed: Cannot allocate memory; continuing unlocked",
    "error: could not lock 512 MiB of model memory with mlock: Cannot allocate memory (memlock limit 64 KiB)",
])
def test_an_mlock_refused_by_its_rlimit_is_no_oom(text):
    assert _generic(text + "\n") == []
    assert all(c == "not-oom" for c in _causes(text + "\n"))


_WRAPPER = ("ERROR 03-11 09:40:12 worker_base.py:145] Error executing method initialize_cache. "
            "This might cause deadlock in distributed execution.\n")


def test_a_vllm_worker_wrapper_defers_to_the_error_it_wraps():
    log = (_WRAPPER + "Traceback (most recent call last):\n"
           '  File "/opt/vllm/worker/model_runner.py", line 1400, in capture_model\n'
           "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 1.02 GiB. GPU 1 has a total capacity of "
           "191.98 GiB of which 812.00 MiB is free.\n")
    kinds = [e.kind for e in read_events(log.encode()).events]
    assert "vllm_no_cache_blocks" not in kinds and "gpu_oom" in kinds


def test_a_vllm_worker_wrapper_alone_still_says_the_kv_cache_step_failed():
    kinds = [e.kind for e in read_events(_WRAPPER.encode()).events]
    assert "vllm_no_cache_blocks" in kinds


@pytest.mark.parametrize("text", [
    # a KV cache short, used up or asked for more blocks than it has, in an engine's own words
    "RuntimeError: Not enough KV cache blocks to allocate a sequence of 131072 tokens (have 812 blocks of 16)",
    "ERROR scheduler: KV cache pool is exhausted and no request can be retracted",
    "[TensorRT-LLM][ERROR] Assertion failed: Requested number of KV cache blocks (5120) exceeds the available "
    "number of blocks (1811)",
    "ValueError: insufficient KV cache for max_model_len=65536 at this gpu_memory_utilization",
])
def test_a_kv_cache_short_is_a_kv_cache_failure(text):
    evs = _generic(text + "\n")
    assert len(evs) == 1 and evs[0].facts["memory"] == "kv-cache"
    assert _causes(text + "\n")[0] in ("vllm-kv-cache-too-small", "vllm-gpu-memory-utilization")


@pytest.mark.parametrize("text", [
    # a scheduler that preempts or retracts on a full KV cache recovers
    "WARNING scheduler: not enough KV cache space for sequence group 12; preempted by RECOMPUTE",
    "[2025-06-03 08:30:01 TP0] KV cache pool is exhausted. Retract requests. #retracted_reqs: 3",
])
def test_a_kv_cache_short_that_the_scheduler_recovers_from_is_no_failure(text):
    assert _generic(text + "\n") == []


@pytest.mark.parametrize("text", [
    # OOM as a verb
    "ERROR rollout worker 7 OOMed during generate_sequences",
    "RuntimeError: replica llm-2 OOM'd while decoding a batch of 256",
    # a need beside a smaller amount, joined by a comma; a memory budget exceeded next to its setting
    'Error: model "qwen3:235b" requires 142.5 GiB of memory, only 96.0 GiB available',
    "RuntimeError: weights take 38.2 GiB, which exceeds the memory budget of 35.6 GiB (gpu_memory_utilization=0.45)",
])
def test_more_wordings_of_running_out(text):
    assert len(_generic(text + "\n")) == 1


@pytest.mark.parametrize("text", [
    "INFO  to avoid getting OOMed, lower --max-num-seqs",
    "INFO model requires 12.0 GiB of memory, 40.0 GiB available",
])
def test_advice_and_fitting_needs_stay_quiet(text):
    assert _generic(text + "\n") == []


@pytest.mark.parametrize("text, found", [
    # the need and what is left, in words
    ("ValueError: Insufficient space in device allocation for layer 61 (needs 1.27 GB, 0.84 GB left on cuda:1)", 1),
    ("RuntimeError: not enough device memory for the KV pages (needs 6.00 GiB, 1.25 GiB free)", 1),
    ("INFO loader: placed layer 12: needs 2.0 GiB, 9.5 GiB free on device 0", 0),
])
def test_a_need_beside_what_is_left(text, found):
    assert len(_generic(text + "\n")) == found
