"""The last net (parsers/generic.py): a sentence saying memory ran out, in a wording no family
knows, is still an out-of-memory failure; advice, hedges and caught errors are not."""
from __future__ import annotations

import pytest

from oomdoc.pipeline import read_events


def _generic(text: str):
    return [e for e in read_events(text.encode()).events if e.facts.get("signature") == "generic-out-of-memory"]


@pytest.mark.parametrize("text, memory, kind", [
    ("RuntimeError: workspace memory isn't enough for kernel FusedAttention on device 3",
     "gpu", "accelerator_oom"),
    ("[XLib][ERROR] 1: [allocator.cpp::allocate::31] Error Code 1: Cuda Runtime (out of memory)",
     "gpu", "accelerator_oom"),
    ("RuntimeError: cuRAND error: CURAND_STATUS_ALLOC_FAILED", "gpu", "accelerator_oom"),
    ("ERROR: heap exhausted while building the index (requested 12 GB)", "host", "host_alloc_failed"),
    ("=>> SCHED: job 881 killed: mem 270532608kb exceeded limit 268435456kb", "host", "host_oom_kill"),
    ("ERROR: task 7 was terminated: its container exceeded the memory quota", "host", "host_oom_kill"),
])
def test_an_unknown_wording_that_memory_ran_out_is_a_likely_failure(text, memory, kind):
    evs = _generic("Traceback (most recent call last):\n  File \"t.py\", line 1, in <module>\n    f()\n" + text + "\n")
    assert len(evs) == 1
    ev = evs[0]
    assert (ev.kind, ev.facts["memory"], ev.facts["certainty"]) == (kind, memory, "likely")


def test_the_size_of_the_failed_allocation_is_read():
    ev = _generic("RuntimeError: FATAL ERROR :: Allocation failed for size 896 MB on device 0\n")
    assert ev and ev[0].facts["requested_bytes"] == 896 * 2**20


@pytest.mark.parametrize("text", [
    "--auto-batch          halve the batch size and retry on torch.cuda.OutOfMemoryError",
    "[2025-05-06 10:01:02] WARNING caught torch.cuda.OutOfMemoryError at batch_size=64, retrying with 32",
    "INFO: set max_split_size_mb to avoid running out of memory",
    "If you see out of memory errors, you may lower gpu_memory_utilization.",
    "0 Workers (tasks / actors) killed due to memory pressure (OOM), 1 Workers crashed due to other reasons",
    "Error: training finished without an OOM error",
    "oom_score_adj: 0 ; memory_limit: 16 (error budget)",
    "Unable to allocate resources: Requested node configuration is not available",
    "[2025-07-21 10:07:33 TP0] Decode out of memory happened. #retracted_reqs: 29, #new_token_ratio: 0.70",
    "or enable --gradient_checkpointing; see docs/faq.md#out-of-memory.",
    # a generality (a tips box, a FAQ), even logged at error level
    "2025-01-01 12:00:00,123 - train - ERROR -   * OOM at startup usually means another job holds the GPU",
    "ERROR: out of memory errors are often caused by long prompts in the batch",
    # a TPU kernel's on-chip scratch (Pallas / Mosaic block shapes): a compiler limit, not device memory
    "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Ran out of memory in memory space vmem. "
    "Used 33.00M of 16.00M vmem. Exceeded vmem capacity by 17.00M.",
    "RESOURCE_EXHAUSTED: Ran out of memory in memory space smem while allocating on stack for %fusion.3",
])
def test_advice_hedges_caught_errors_and_other_resources_are_no_failure(text):
    assert _generic(text + "\n") == []


def test_a_failure_another_family_reported_is_not_reported_again():
    oom = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
           "79.15 GiB of which 1.10 GiB is free.\n")
    evs = read_events(oom.encode()).events
    assert [e.facts.get("signature") for e in evs if e.kind == "gpu_oom"] != []
    assert _generic(oom) == []


_AUTOTUNE = ("[rank0]:E0611 14:03:22.118000 51230 torch/_inductor/select_algorithm.py:1859] [0/0] "
             "Runtime error during autotuning: \n[rank0]:{oom}. \n[rank0]:Ignoring this choice.\n"
             "AUTOTUNE mm(8192x4096, 4096x14336)\n  triton_mm_41 0.4107 ms 100.0%\n")


@pytest.mark.parametrize("oom", [
    # the allocator's message as the autotuner logs it (str(e)), and its exception line cut short
    "CUDA out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.21 GiB is free",
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB",
])
def test_an_oom_the_autotuner_logged_and_dropped_is_no_failure(oom):
    """Inductor's max-autotune benchmarks candidates, logs one's error and ignores that choice: the run goes on."""
    assert read_events(_AUTOTUNE.format(oom=oom).encode()).events == []
    # the same message without the autotuner's verdict is a failure
    assert [e.kind for e in read_events((oom + "\n").encode()).events]


@pytest.mark.parametrize("text, memory, kind, size", [
    ("Error: the model needs more GPU memory (24.1 GiB) than is available (22.0 GiB)",
     "gpu", "accelerator_oom", 24.1 * 2**30),
    ("RuntimeError: this job requires more system memory than is available on the node",
     "host", "host_alloc_failed", None),
])
def test_a_need_for_more_memory_than_is_available_is_a_failure(text, memory, kind, size):
    evs = _generic(text + "\n")
    assert [(e.kind, e.facts["memory"]) for e in evs] == [(kind, memory)]
    assert evs[0].facts.get("requested_bytes") == (pytest.approx(size) if size else None)


def test_a_hedged_need_for_more_memory_is_no_failure():
    assert _generic("Note: long prompts may require more memory than is available on 24 GB cards.\n") == []


@pytest.mark.parametrize("text", [
    "ERROR: allocation failed: out of memory (free memory: 120 MB, requested: 2 GB)",
    "RuntimeError: device out of memory - Free memory: 1.31GB",
    "FATAL: could not allocate 2.00 GiB, available memory: 0.12 GiB",
])
def test_a_memory_report_printed_with_the_failure_is_no_config_key(text):
    """`free memory: 120 MB` reports the failure; `memory_limit: 16` (a config key) still hedges."""
    assert [e.kind for e in _generic(text + "\n")] == ["accelerator_oom"]


@pytest.mark.parametrize("text, memory, kind", [
    # allocation-failure status names, in each API's own style
    ("vkAllocateMemory returned VK_ERROR_OUT_OF_DEVICE_MEMORY", "gpu", "accelerator_oom"),
    ("clEnqueueWriteBuffer: CL_MEM_OBJECT_ALLOCATION_FAILURE", "gpu", "accelerator_oom"),
    ("ggml_metal_graph_compute: command buffer 0 failed: MTLCommandBufferErrorOutOfMemory", "gpu", "accelerator_oom"),
    ("cub::DeviceRadixSort: cudaErrorMemoryAllocation", "gpu", "accelerator_oom"),
    ("RuntimeError: rocdnnStatusAllocFailed", "gpu", "accelerator_oom"),
    ("zeMemAllocHost: ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY", "host", "host_alloc_failed"),
    # a memory limit gone over, a process restarted for its memory: their enforcer stopped it
    ("task 12: memory limit exceeded (rss 31.9 GiB)", "host", "host_oom_kill"),
    ("supervisor: worker 3 exceeded its memory budget, restarting", "host", "host_oom_kill"),
])
def test_status_names_limits_and_restarts_say_memory_ran_out(text, memory, kind):
    evs = _generic(text + "\n")
    assert [(e.kind, e.facts["memory"]) for e in evs] == [(kind, memory)]


@pytest.mark.parametrize("text", [
    "Tip: if the memory limit is exceeded, restart with a larger --mem",
    "HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources.",
    "INFO restarting worker 3 (memory usage 41%)",
])
def test_advice_other_resources_and_plain_restarts_are_no_failure(text):
    assert _generic(text + "\n") == []


# messages-e (session 7): wordings of allocators and runtimes the net read wrong

@pytest.mark.parametrize("text, memory, kind", [
    # `trying to allocate` is how an allocator reports the request that failed, not advice
    ("ERROR: Out of device memory trying to allocate 3.20 GiB", "gpu", "accelerator_oom"),
    # a retry that failed too is the failure
    ("FATAL: staging arena: alloc retry failed: out of memory", "gpu", "accelerator_oom"),
    # host allocators and the OS name the host
    ("<mylib>: Error in calloc(): out of memory", "host", "host_alloc_failed"),
    ("fatal: unable to allocate OS memory (error: 12, size: 1073741824 bytes)", "host", "host_alloc_failed"),
    ("Error R99 (memory quota exceeded): process stopped", "host", "host_oom_kill"),
    # pinned memory that failed as an error (raised) is a failure
    ("RuntimeError: failed to allocate 2.00 GiB of pinned memory: out of memory", "gpu", "accelerator_oom"),
    # one buffer over the device's per-allocation cap
    ("RuntimeError: tried to allocate 17179869184 bytes which is greater than the maximum buffer length of this device",
     "gpu", "accelerator_oom"),
])
def test_allocator_wordings_retries_and_host_words(text, memory, kind):
    evs = _generic(text + "\n")
    assert len(evs) == 1
    assert (evs[0].kind, evs[0].facts["memory"]) == (kind, memory)


@pytest.mark.parametrize("text", [
    # an optional pinned staging buffer the library falls back from (logged, not raised)
    "ggml_cuda_host_malloc: failed to allocate 5120.00 MiB of pinned memory: out of memory",
    # a kubelet admission reason: the pod was refused before it ran
    "Reason:           OutOfmemory",
    "Status: Failed\nReason: OutOfmemory\nMessage: Pod was rejected: Node didn't have enough resource: memory",
    # the line says of itself that it is no failure
    "W bfc_allocator.cc:271] Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.55GiB with "
    "freed_by_count=0. The caller indicates that this is not a failure, but may mean that there could be "
    "performance gains if more memory were available.",
])
def test_fallbacks_admission_refusals_and_self_declared_non_failures_are_no_failure(text):
    assert _generic(text + "\n") == []


def _kills(text: str):
    return [e for e in read_events(text.encode()).events if e.facts.get("signature") == "generic-sigkill"]


@pytest.mark.parametrize("text", [
    "[ERROR] runner exited abnormally: killed by signal 9",
    "FAILED: step embed: worker pid 4312 exited with SIGKILL",
    "error: build step failed: process terminated by Kill signal",
])
def test_a_supervisor_reporting_a_sigkill_is_a_possible_host_kill(text):
    evs = _kills(text + "\n")
    assert len(evs) == 1
    ev = evs[0]
    assert (ev.kind, ev.facts["memory"], ev.facts["certainty"], ev.facts["signal"]) == \
        ("process_killed", "host", "possible", 9)


@pytest.mark.parametrize("text", [
    "ERROR: task timed out after 3600 s; sent SIGKILL to pid 4312",
    "INFO: shutting down workers with SIGKILL",
    "If the process hangs, send it SIGKILL (kill -9).",
    "ERROR: job step 88.0 cancelled: SIGKILL",
    "ERROR: worker 3 died of signal 11 (SIGSEGV), core dumped",
])
def test_timeouts_shutdowns_advice_and_other_signals_are_no_kill(text):
    assert _kills(text + "\n") == []
