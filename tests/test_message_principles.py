"""Principles read from messages-b's misses (bench/evalsets/messages-b), each tested on
text of its own: how a message is printed or pasted, not one library's wording (the
catalogue's property test covers every family's wording)."""
from __future__ import annotations

from oomdoc import read_events
from oomdoc.diagnose import explain


def _events(text: str):
    return read_events(text.encode()).events


def test_a_loggers_unprefixed_next_line_belongs_to_its_message():
    """Ray's C++ logger (like glog) prefixes only the first line of a message holding newlines."""
    text = (
        "[2024-02-01 08:00:00,001 E 4411 4411] (raylet) node_manager.cc:3120: Reporting worker exit, "
        "exit_type = NODE_OUT_OF_MEMORY, exit_detail = Task was killed due to the node running low on memory.\n"
        "Memory on the node (IP: 10.1.2.3, ID: abc123) where the task (task ID: NIL_ID, name=shard_loader, "
        "pid=5151, memory used=7.50GB) was running was 120.00GB / 125.00GB (0.96), which exceeds the memory "
        "usage threshold of 0.95. Ray killed this worker (ID: def456) because it was the most recently "
        "scheduled task.\n")
    ev = next(e for e in _events(text) if e.kind == "ray_oom_kill")
    assert ev.facts["node_total_bytes"] == 125 * 2**30
    assert ev.facts["task_memory_bytes"] == int(7.5 * 2**30)
    assert ev.facts["threshold"] == 0.95


def test_an_unrelated_bare_line_after_a_prefixed_one_stays_apart():
    text = ("[2024-02-01 08:00:00,001 I 4411 4411] (raylet) worker_pool.cc:500: Started worker 12\n"
            "step 10 loss 1.23\n")
    evs = _events(text)
    assert not any(e.kind == "ray_oom_kill" for e in evs)


def test_a_terminal_cut_after_a_space_following_a_parenthesis_is_still_a_wrap():
    line = ("RuntimeError: CUDA out of memory occurred when warming up pooler (task='classify') "
            "with 64 dummy requests. Please try lowering `max_num_seqs` or `gpu_memory_utilization` "
            "when initializing the engine.")
    width = line.index("with 64")        # a terminal this wide cuts right after the space
    text = "\n".join(line[i:i + width] for i in range(0, len(line), width)) + "\n"
    ev = next(e for e in _events(text) if e.facts.get("signature") == "vllm-sampler-warmup-oom")
    assert ev.facts["max_num_seqs"] == 64


def test_bad_alloc_carrying_a_device_error_is_device_memory():
    text = ("terminate called after throwing an instance of 'rmm::out_of_memory'\n"
            "  what():  std::bad_alloc: out_of_memory: CUDA error at: /usr/include/rmm/mr/device/"
            "cuda_memory_resource.hpp:60: cudaErrorMemoryAllocation out of memory\n")
    evs = _events(text)
    assert [e.facts.get("memory") for e in evs if e.facts.get("certainty")] == ["gpu"]
    assert not any(e.kind == "host_alloc_failed" for e in evs)


def test_a_plain_bad_alloc_stays_host_memory():
    text = "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n"
    assert any(e.kind == "host_alloc_failed" and e.facts["memory"] == "host" for e in _events(text))


def test_the_bfc_allocators_soft_warning_is_no_failure():
    soft = ("2022-01-01 10:00:00.000001: W tensorflow/core/common_runtime/bfc_allocator.cc:275] Allocator "
            "(GPU_0_bfc) ran out of memory trying to allocate 1.10GiB with freed_by_count=0. The caller "
            "indicates that this is not a failure, but may mean that there could be performance gains if "
            "more memory were available.\nEpoch 1/3\n")
    rep = explain(soft.encode(), similar=False)
    assert all(d.cause == "not-oom" for d in rep.diagnoses)
    hard = ("2022-01-01 10:00:00.000001: W tensorflow/core/common_runtime/bfc_allocator.cc:479] Allocator "
            "(GPU_0_bfc) ran out of memory trying to allocate 1.10GiB (rounded to 1181116006)requested by op "
            "MatMul\n")
    assert any(e.facts.get("signature") == "xla-bfc-oom" for e in _events(hard))


def test_a_collective_librarys_pinned_host_buffer_is_no_device_model_state():
    text = ("node2:711:790 [1] include/alloc.h:51 NCCL WARN Failed to CUDA host alloc 8388608 bytes\n"
            "node2:711:790 [1] NCCL INFO transport/net.cc:741 -> 1\n")
    rep = explain(text.encode(), similar=False)
    assert rep.diagnoses and rep.diagnoses[0].cause == "host-ram-pressure"
    assert "model-states-exceed-gpu" not in [d.cause for d in rep.diagnoses]


def test_a_batch_finder_that_reached_zero_is_not_told_to_shrink_the_batch(tmp_path):
    """accelerate's find_executable_batch_size raises only after batch size 1 ran out of memory
    too (read from unseen-i's misses): the micro batch cannot be the lever left."""
    log = tmp_path / "train.log"
    log.write_text("RuntimeError: No executable batch size found, reached zero.\n")
    rep = explain(str(log), similar=False)
    causes = [d.cause for d in rep.diagnoses]
    assert causes and causes[0] not in ("micro-batch-too-large", "not-oom")


def _progress(text: str):
    return next((e for e in _events(text) if e.kind == "progress"), None)


_OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.07 GiB. GPU 0 has a total capacity of "
        "23.68 GiB of which 609.81 MiB is free. Of the allocated memory 20.90 GiB is allocated by PyTorch, and "
        "1.87 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
        "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n")


def test_the_bar_tqdm_closes_after_the_traceback_is_where_the_run_stopped():
    """tqdm draws the bar an exception interrupted once more when the interpreter exits: pasted
    after the error, it still says how far training got (read from unseen-i's misses)."""
    ev = _progress(_OOM + "Train:  18%|████      | 88/494 [04:04<18:48,  2.78s/it]\n")
    assert ev is not None and ev.facts["bar"] == "training" and ev.facts["steps_done"] == 88


def test_a_bar_drawn_before_the_failure_still_wins_and_a_distant_later_one_is_ignored():
    before = "Train:   2%|▏         | 9/494 [00:25<22:30,  2.78s/it]\n"
    after = "Train:  18%|████      | 88/494 [04:04<18:48,  2.78s/it]\n"
    assert _progress(before + _OOM + after).facts["steps_done"] == 9
    far = _OOM + "".join(f"cleanup line {i}\n" for i in range(5)) + after
    assert _progress(far) is None


def test_xlas_report_under_its_oom_splits_inputs_from_temporaries():
    """XLA prints what the program's inputs take and what its temporaries take under the OOM
    (GPU BufferAssignment debugging, the TPU compiler's hbm table): read from unseen-i's misses,
    where the inputs alone (an embedding table) overflowed with no temporaries at all."""
    gpu = ("E1023 00:10:32.928098      30 pjrt_stream_executor_client.cc:2809] Execution of replica 0 failed: "
           "RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1049100288 bytes.\n"
           "BufferAssignment OOM Debugging.\nBufferAssignment stats:\n"
           "             parameter allocation: 1000.50MiB\n"
           "              constant allocation:         0B\n"
           "     preallocated temp allocation:         0B\n"
           "                 total allocation:    1.95GiB\n")
    ev = next(e for e in _events(gpu) if e.kind == "accelerator_oom")
    assert ev.facts["argument_bytes"] == int(round(1000.5 * 2**20)) and ev.facts["temp_bytes"] == 0
    tpu = ("XlaRuntimeError: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of memory in memory "
           "space hbm. Used 30.21G of 15.48G hbm. Exceeded hbm capacity by 14.73G.\n\n"
           "Total hbm usage >= 30.73G:\n    reserved        530.00M \n    program          14.31G \n"
           "    arguments        15.90G \n")
    ev = next(e for e in _events(tpu) if e.kind == "accelerator_oom")
    assert ev.facts["argument_bytes"] == int(round(15.90 * 2**30))
    assert ev.facts["temp_bytes"] == int(round(14.31 * 2**30))
