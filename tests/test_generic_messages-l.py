"""Principles read from messages-l's misses (bench/evalsets/messages-l: serving, inference and rollout engines across
versions and wrappers), each tested on wordings other than the set's own: a KV cache said full (with advice after a
dash), memory short for a KV cache, a child's exit code -9, the parent's pipe read from a dead child, and a status
name that merely contains Slurm's `OUT_OF_MEMORY`; a full KV cache that was preempted or retried, and a pool that fell
back, stay no failure."""
from __future__ import annotations

import pytest

from oomdoc.diagnose import explain
from oomdoc.pipeline import read_events


def _events(text: str):
    return read_events(text.encode()).events


def _generic(text: str, signature: str = "generic-out-of-memory"):
    return [e for e in _events(text) if e.facts.get("signature") == signature]


def _causes(text: str) -> list[str]:
    return [d.cause for d in explain(text.encode(), similar=False).diagnoses]


@pytest.mark.parametrize("text", [
    # a KV cache said full, as an engine's failure (advice after a dash hedges only itself)
    "ERROR scheduler: cannot admit request 41: KV cache is full - try lowering max_num_seqs",
    "RuntimeError: paged KV cache pool is full (0 free blocks of 8192)",
    "llama_decode: failed to decode: KV cache is full \u2014 consider a larger --ctx-size",
])
def test_a_kv_cache_said_full_is_a_kv_cache_event(text):
    evs = _generic(text + "\n")
    assert len(evs) == 1 and evs[0].facts["memory"] == "kv-cache"


def test_a_full_kv_cache_ranks_the_kv_causes():
    causes = _causes("srv  update_slots: failed to decode the batch: KV cache is full - try increasing it via the "
                     "context size, i = 0, n_batch = 1, ret = 1\n")
    assert causes and causes[0] in ("vllm-kv-cache-too-small", "vllm-gpu-memory-utilization")


@pytest.mark.parametrize("text", [
    # memory short for a KV cache, in any exception class (a ValueError is no host allocator's)
    "ValueError: Insufficient memory to allocate KV-caches. Required: 52428800, Available: -20971520",
    "RuntimeError: not enough GPU memory for the KV cache (need 12.0 GiB, have 3.1 GiB)",
    "AssertionError: No memory left to hold any KV cache after loading the weights",
])
def test_memory_short_for_a_kv_cache_is_the_engines_kv_cache(text):
    evs = _generic(text + "\n")
    assert len(evs) == 1 and evs[0].facts["memory"] == "kv-cache"


@pytest.mark.parametrize("text", [
    # a KV cache full that the scheduler recovered from, advice, a metric: no failure
    "WARNING scheduler: KV cache is full, preempting request 17 (recompute)",
    "srv  update_slots: failed to find free space in the KV cache, retrying with smaller batch size - try increasing "
    "it via the context size or enable defragmentation, i = 0, n_batch = 256, ret = 1",
    "INFO: if the KV cache is full, requests wait in the queue until blocks are freed",
    "kv_cache_full_ratio=0.12 running=31 waiting=0",
])
def test_a_kv_cache_full_that_recovered_or_is_advice_is_no_failure(text):
    assert _generic(text + "\n") == []


@pytest.mark.parametrize("text", [
    # a child reported with exit code -9 (Python's way to say SIGKILL), in words no family reads
    "[2025-02-01 10:00:00] worker proc 3 returncode=-9",
    "ERROR:root:tokenizer subprocess exited, exitcode=-9",
])
def test_an_exit_code_of_minus_9_is_a_possible_kill(text):
    evs = _generic(text + "\n", signature="generic-sigkill")
    assert len(evs) == 1 and evs[0].facts["certainty"] == "possible"


@pytest.mark.parametrize("text", [
    "worker proc 3 returncode=-90",         # not -9
    "step 1200 exit code: 0 (-9 ms drift)",  # no -9 exit code
    "subprocess timed out after 600 s, exit code -9",     # a timeout sent it
])
def test_other_exit_codes_and_timeouts_are_no_kill(text):
    assert _generic(text + "\n", signature="generic-sigkill") == []


def test_the_parents_eoferror_after_a_killed_child_is_no_crash_of_its_own():
    log = ("[2025-06-02 08:00:01] Rank 1 detokenizer is dead. Please check if there are relevant logs.\n"
           "[2025-06-02 08:00:02] Exit code: -9\n"
           "Traceback (most recent call last):\n"
           '  File "/srv/app.py", line 40, in <module>\n'
           "    msg = reader.recv()\n"
           '  File "/usr/lib/python3.11/multiprocessing/connection.py", line 430, in _recv_bytes\n'
           "    raise EOFError\n"
           "EOFError\n")
    assert _causes(log)[:1] == ["host-ram-pressure"]
    assert not [e for e in _events(log) if e.kind == "crash"]


def test_an_eoferror_elsewhere_is_still_a_crash():
    log = ("Traceback (most recent call last):\n"
           '  File "/srv/load.py", line 12, in <module>\n'
           "    obj = pickle.load(fh)\n"
           "EOFError: Ran out of input\n")
    assert [e for e in _events(log) if e.kind == "crash"]


def test_a_status_name_holding_out_of_memory_is_not_slurms_state():
    # Triton's CUDA pool ran short once and the buffer went to pinned host memory: no failure, no Slurm
    log = ('W0611 12:31:09.847722 1 memory.cc:212] "Failed to allocate CUDA memory with byte size 78643200 on GPU 0: '
           'CNMEM_STATUS_OUT_OF_MEMORY, falling back to pinned system memory"\n')
    assert [e.kind for e in _events(log)] == []
    # ... while the same pool failing as an error is the device's
    err = ('E0611 12:31:09.847722 1 infer_response.cc:91] "Failed to allocate CUDA memory with byte size 78643200 on '
           'GPU 0: CNMEM_STATUS_OUT_OF_MEMORY"\n')
    evs = _events(err)
    assert evs and all(e.kind != "slurm_oom" for e in evs) and evs[0].facts.get("memory") == "gpu"
    # ... and Slurm's own state still is Slurm's
    sacct = "4412873       train_sft        gpu    project         32 OUT_OF_MEMORY    0:125\n"
    assert [e.kind for e in _events(sacct)] == ["slurm_oom"]


@pytest.mark.parametrize("line", [
    # a controller's JSON record names the termination in fields of its own, beside its message
    '{"level":"info","ts":"2025-03-01T10:00:00Z","logger":"controllers.RayCluster","msg":"Pod container terminated",'
    '"pod":"rc-head-x","container":"ray-head","reason":"OOMKilled","exitCode":137}',
    '{"time":"2025-05-02T08:00:00Z","level":"WARN","msg":"worker container stopped","reason":"OOMKilled"}',
])
def test_a_structured_records_reason_field_is_read(line):
    assert _causes(line + "\n")[:1] == ["host-ram-pressure"]


def test_a_structured_records_ordinary_reason_is_no_failure():
    line = ('{"level":"info","msg":"Pod container terminated","pod":"job-x","reason":"Completed","exitCode":0}\n'
            '{"level":"info","msg":"Pod scheduled","reason":"Scheduled"}\n')
    assert _causes(line)[:1] in ([], ["not-oom"])


def test_advice_after_a_dash_hedges_a_bare_condition_still():
    # the kernel's socket-buffer hint names no failure before its advice: it stays a hint
    assert _generic("[Tue Mar 18 02:11:40 2025] TCP: out of memory -- consider tuning tcp_mem\n") == []
