"""GPU allocator, accelerator-runtime and crash parsers: properties a table cannot express."""
from __future__ import annotations

import textwrap

from hypothesis import given, settings, example
from hypothesis import strategies as st

from oomdoc import read_events
from oomdoc.parsers import crash, pytorch, runtime
from oomdoc.units import to_bytes

G5 = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 25.96 GiB. GPU 4 has a total capacity of "
      "79.18 GiB of which 23.04 GiB is free. Process 7478 has 4.08 GiB memory in use. Including non-PyTorch "
      "memory, this process has 52.02 GiB memory in use. Of the allocated memory 45.89 GiB is allocated by "
      "PyTorch, with 1.38 MiB allocated in private pools (e.g., CUDA Graphs), and 3.01 GiB is reserved by "
      "PyTorch but unallocated. If reserved but unallocated memory is large try setting "
      "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
      "Management  (https://docs.pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-"
      "cuda-alloc-conf)")
G1 = ("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 79.15 GiB total "
      "capacity; 75.12 GiB already allocated; 1.19 GiB free; 76.83 GiB reserved in total by PyTorch) If reserved "
      "memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation "
      "for Memory Management and PYTORCH_CUDA_ALLOC_CONF")
NEXT = "wandb: Waiting for W&B process to finish... (failed 1)."


def _gib(x: str) -> int:
    return to_bytes(x, "GiB")


def _oom(text: str):
    evs = [e for e in read_events(text.encode()).events if e.kind == "gpu_oom"]
    assert len(evs) == 1, [e.kind for e in read_events(text.encode()).events]
    return evs[0]


def _core(facts: dict) -> dict:
    keep = ("device", "requested_bytes", "total_bytes", "free_bytes", "allocated_bytes", "reserved_bytes",
            "reserved_unallocated_bytes", "private_pool_bytes", "process_bytes", "processes", "exception")
    return {k: facts[k] for k in keep if k in facts}


WANT_G5 = _core(_oom(G5 + "\n").facts)


def test_g5_reference_facts():
    assert WANT_G5 == {
        "device": 4, "requested_bytes": _gib("25.96"), "total_bytes": _gib("79.18"), "free_bytes": _gib("23.04"),
        "allocated_bytes": _gib("45.89"), "reserved_bytes": _gib("45.89") + _gib("3.01"),
        "reserved_unallocated_bytes": _gib("3.01"), "private_pool_bytes": to_bytes("1.38", "MiB"),
        "process_bytes": _gib("52.02"), "processes": {"7478": _gib("4.08")}, "exception": "torch.OutOfMemoryError",
    }


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=24, max_value=240))
@example(124)   # every cut falls before a point, a space or a bracket: no letter|letter cut to tell a terminal by
def test_terminal_wrap_at_any_column_keeps_every_fact(width):
    wrapped = "\n".join(G5[i:i + width] for i in range(0, len(G5), width))
    ev = _oom("step 3 done\n" + wrapped + "\n" + NEXT + "\n")
    assert _core(ev.facts) == WANT_G5
    pieces = len(range(0, len(G5), width))
    # the next line is not swallowed; a paste the terminal wrapped is rejoined (unwrap.py) and
    # the joined line is numbered by its first piece
    assert ev.line == 2 and ev.end_line in (2, 1 + pieces) and NEXT not in ev.text


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=30, max_value=160))
def test_editor_wrap_at_spaces_keeps_every_fact(width):
    ev = _oom("\n".join(textwrap.wrap(G1, width)) + "\n" + NEXT + "\n")
    assert ev.facts["reserved_bytes"] == _gib("76.83")
    assert ev.facts["free_bytes"] == _gib("1.19")
    assert ev.facts["requested_bytes"] == _gib("2.00")
    assert ev.facts["generation"] == "G1"


def test_rank_and_ansi_ray_prefixes_give_the_same_facts_and_the_source():
    plain = _core(_oom(G5 + "\n").facts)
    ranked = _oom(f"[rank3]: {G5}\n")
    assert _core(ranked.facts) == plain and ranked.source.rank == 3
    ray = _oom(f"\x1b[36m(WorkerDict pid=2817, ip=10.0.0.5)\x1b[0m {G5}\n")
    assert _core(ray.facts) == plain and ray.source.pid == 2817 and ray.source.ip == "10.0.0.5"


def test_complete_one_line_message_does_not_claim_the_next_line():
    ev = _oom(G1 + "\n" + "Epoch 2 finished, loss 0.1\n")
    assert ev.line == ev.end_line == 1


def test_phase_mapping_prefers_the_most_telling_phase():
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/verl/workers/fsdp_workers.py", line 1, in update_actor\n'
          "    x\n"
          '  File "/v/torch/_tensor.py", line 2, in backward\n'
          "    y\n" + G5 + "\n")
    ev = _oom(tb)
    assert ev.facts["phase"] == "update_actor"
    assert ev.facts["phases"] == ["update_actor", "backward"]
    assert set(ev.facts["phases"]) <= set(pytorch.PHASES)


def test_windows_frame_paths_give_the_phase_as_posix_ones_do():
    tb = ("Traceback (most recent call last):\n"
          '  File "C:\\Users\\u\\train.py", line 88, in <module>\n'
          '    model = model.to("cuda")\n'
          '  File "C:\\envs\\ft\\lib\\site-packages\\torch\\nn\\modules\\module.py", line 1160, in to\n'
          "    return self._apply(convert)\n"
          '  File "C:\\envs\\ft\\lib\\site-packages\\torch\\nn\\modules\\module.py", line 833, in _apply\n'
          "    param_applied = fn(param)\n" + G5 + "\n")
    assert _oom(tb).facts["phase"] == "model_load"


def test_the_method_a_vllm_worker_failed_in_gives_the_phase():
    # vllm/executor/multiproc_worker_utils.py logs the method with the error, before any frame
    text = ("(VllmWorkerProcess pid=67) ERROR 11-05 03:21:52 multiproc_worker_utils.py:233] Exception in worker "
            "VllmWorkerProcess while processing method determine_num_available_blocks: " + G5 + "\n")
    assert _oom(text).facts["phase"] == "kv_cache_init"


def test_allocator_oom_is_reported_once_not_also_as_accelerator_oom():
    text = ("Traceback (most recent call last):\n  File \"a.py\", line 1, in f\n    g()\n" + G5 + "\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace "
            "below might be incorrect.\n")
    kinds = [e.kind for e in read_events(text.encode()).events]
    assert kinds == ["gpu_oom"]


def test_triggers_fire_in_scanner_mode_inside_a_big_log():
    noise = "".join(f"(WorkerDict pid=7) INFO processed batch {i} tokens=123\n" for i in range(40_000))
    buried = ("[rank2]:[E1206 18:44:12.715298746 ProcessGroupNCCL.cpp:607] [Rank 2] Watchdog caught collective "
              "operation timeout: WorkNCCL(SeqNum=7753, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, "
              "Timeout(ms)=600000) ran for 600061 milliseconds before timing out.\n"
              "(LLMRayActor pid=347862) CUDA Error: out of memory at /workspace/csrc/cumem_allocator.cpp:62\n")
    a = read_events((noise + buried + noise).encode(), emit_all=False)
    got = {(e.kind, e.facts.get("reason") or e.facts.get("api")) for e in a.events}
    assert got == {("crash", "nccl_timeout"), ("accelerator_oom", "cumem")}
    nccl = next(e for e in a.events if e.kind == "crash")
    assert nccl.line == 40_001 and nccl.source.rank == 2


def test_modules_declare_their_contract_and_emit_only_declared_facts():
    samples = {
        "gpu_oom": G5 + "\n",
        "accelerator_oom": "torch.distributed.DistBackendError: NCCL error in: x.cpp:1, unhandled cuda error "
                           "(run with NCCL_DEBUG=INFO for details), NCCL version 2.19.3\nncclUnhandledCudaError: "
                           "Call to CUDA function failed.\nLast error:\nCuda failure 2 'out of memory'\n",
        "crash": "Traceback (most recent call last):\n  File \"a.py\", line 1, in f\n    g()\nKeyError: 'x'\n",
        "survived_crash": "Traceback (most recent call last):\n  File \"a.py\", line 1, in f\n    g()\nKeyError: 'x'\n"
                          "{'loss': 1.2, 'epoch': 0.1}\n{'loss': 1.1, 'epoch': 0.2}\n",
    }
    for mod in (pytorch, runtime, crash):
        assert mod.NAME and mod.KEYS and mod.TRIGGERS and mod.KINDS and mod.FACTS
        assert all(k == k.lower() for k in mod.KEYS)
        for kind in mod.KINDS:
            evs = [e for e in read_events(samples[kind].encode()).events if e.kind == kind]
            assert evs, kind
            undeclared = set(evs[0].facts) - set(mod.FACTS)
            assert not undeclared, (kind, undeclared)
    assert set(crash.REASONS) >= {"illegal_memory_access", "device_side_assert", "nccl_timeout", "segfault",
                                  "ecc_error", "cuda_launch_failure", "nan_loss", "python_exception"}


def test_a_logged_oom_message_takes_the_traceback_printed_after_it():
    """`logger.exception(...)` / `exc_info=True` print the message first, then its
    traceback: the frames say where the OOM happened (here: loading the model)."""
    log = ("[2023-12-28 10:04:57,187] [ERROR] [axolotl.load_model:453] [PID:34] [RANK:1] CUDA out of memory. "
           "Tried to allocate 28.00 MiB (GPU 1; 15.71 GiB total capacity; 15.39 GiB already allocated; "
           "24.31 MiB free; 15.46 GiB reserved in total by PyTorch)\n"
           "Traceback (most recent call last):\n"
           '  File "/workspace/axolotl/src/axolotl/utils/models.py", line 444, in load_model\n'
           "    model = AutoModelForCausalLM.from_pretrained(\n"
           '  File "/usr/lib/python3.10/site-packages/transformers/modeling_utils.py", line 3706, in from_pretrained\n'
           "    ) = cls._load_pretrained_model(\n")
    ev = _oom(log)
    assert ev.facts["phase"] == "model_load" and ev.facts["requested_bytes"] == to_bytes("28.00", "MiB")
    assert (ev.line, ev.end_line) == (1, 6)


def test_ranks_printing_into_one_stream_glue_words_and_the_facts_stay():
    log = ("OutOfMemoryErrorOutOfMemoryError.: : OutOfMemoryErrorCUDA out of memory. Tried to allocate 2.11 GiB "
           "(GPU 6; 39.45 GiB total capacity; 37.14 GiB already allocated; 1.60 GiB free; 37.30 GiB reserved in "
           "total by PyTorch)\n")
    ev = _oom(log)
    assert (ev.facts["device"], ev.facts["total_bytes"], ev.facts["free_bytes"]) == (
        6, to_bytes("39.45", "GiB"), to_bytes("1.60", "GiB"))


def test_wrapping_a_model_in_ddp_is_model_load():
    assert pytorch.func_phase("/usr/lib/python3.10/site-packages/torch/nn/parallel/distributed.py", "__init__") \
        == "model_load"
    assert pytorch.func_phase("/x/mmengine/model/wrappers/distributed.py", "__init__") == "model_load"
    assert pytorch.func_phase("/x/torch/distributed/utils.py", "_sync_module_states") == "model_load"
    assert pytorch.func_phase("/x/torch/nn/modules/linear.py", "__init__") is None
