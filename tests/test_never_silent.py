"""Every recognised out-of-memory failure gets a ranked OOM cause with a fix,
and a kill with no memory report reads as "probably out of host memory"
unless the log shows another failure.

The logs here are built from message shapes, not taken from any one report:
a failure line, optionally behind the frames of a phase, optionally with a
crash next to it.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from oomdoc.diagnose import explain

CUDA = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 594.00 MiB. GPU 0 has a total "
        "capacity of 22.03 GiB of which 182.00 MiB is free. Including non-PyTorch memory, this process "
        "has 21.84 GiB memory in use. Of the allocated memory 21.10 GiB is allocated by PyTorch, and "
        "120.00 MiB is reserved by PyTorch but unallocated.")
RUNTIME = "RuntimeError: CUDA error: out of memory"
XLA = ("E1023 00:10:32.928098      30 pjrt_stream_executor_client.cc:2809] Execution of replica 0 failed: "
       "RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1049100288 bytes.\n"
       "BufferAssignment OOM Debugging.\nBufferAssignment stats:\n"
       "             parameter allocation: {param}\n              constant allocation:         0B\n"
       "     preallocated temp allocation: {temp}\n")
HOST = "RuntimeError: [enforce fail at alloc_cpu.cpp:75] DefaultCPUAllocator: can't allocate memory: you tried to allocate 34359738368 bytes."


def frames(*funcs: tuple[str, str]) -> str:
    out = ["Traceback (most recent call last):"]
    for path, func in funcs:
        out.append(f'  File "/opt/conda/lib/python3.10/site-packages/{path}", line 10, in {func}')
        out.append("    x = y()")
    return "\n".join(out) + "\n"


def top(log: str, **kw):
    rep = explain(log.encode(), similar=False, **kw)
    return rep, [d.cause for d in rep.diagnoses]


OOM_CAUSES_GPU = {"micro-batch-too-large", "sequence-too-long", "model-states-exceed-gpu",
                  "vllm-gpu-memory-utilization", "allocator-fragmentation", "gpu-shared-with-other-process"}


@pytest.mark.parametrize("log, want", [
    # no phase, no config: a modest request on a card live tensors fill reads as what stays resident
    (CUDA + "\n", "model-states-exceed-gpu"),
    (CUDA.replace("21.10 GiB is allocated", "14.10 GiB is allocated") + "\n", "micro-batch-too-large"),
    (RUNTIME + "\n", "micro-batch-too-large"),        # no numbers at all: activations first
    # XLA's report: the inputs alone (weights) overflow with no temporaries, or the temporaries do
    (XLA.format(param="1000.50MiB", temp="0B"), "model-states-exceed-gpu"),
    (XLA.format(param="310.00MiB", temp="6.20GiB"), "micro-batch-too-large"),
    (frames(("transformers/modeling_utils.py", "from_pretrained"),
            ("torch/nn/modules/module.py", "to")) + RUNTIME + "\n", "model-states-exceed-gpu"),
    (frames(("torch/_tensor.py", "backward"), ("torch/autograd/__init__.py", "backward")) + CUDA + "\n",
     "micro-batch-too-large"),
    (frames(("vllm/worker/worker.py", "determine_num_available_blocks")) + RUNTIME + "\n",
     "vllm-gpu-memory-utilization"),
])
def test_a_gpu_oom_no_rule_explains_still_gets_a_cause_and_a_fix(log, want):
    rep, causes = top(log)
    assert causes and causes[0] == want, causes
    assert rep.diagnoses[0].fixes, "the first diagnosis offers no fix"
    first = rep.diagnoses[0]
    if first.rule.startswith("fallback-"):
        assert first.confidence < 0.5                  # honestly low
    assert first.confirm                               # and says how to make sure


def test_fallback_gives_way_to_a_specific_rule():
    frag = CUDA.replace("120.00 MiB is reserved by PyTorch but unallocated", "6.20 GiB is reserved by PyTorch but unallocated")
    rep, causes = top(frag + "\n")
    assert causes[0] == "allocator-fragmentation"
    assert not any(r.startswith("fallback-") for d in rep.diagnoses for r in d.rules)


def test_a_reading_from_a_framework_default_alone_does_not_silence_the_fallback():
    """HF model frames make `gradient_checkpointing = False` a default; with no number
    and no phase that is a guess about the run: the fallback ranks beside it."""
    log = frames(("transformers/models/qwen2/modeling_qwen2.py", "forward"),
                 ("torch/nn/modules/linear.py", "forward")) + RUNTIME + "\n"
    rep, causes = top(log)
    assert causes[0] == "micro-batch-too-large", causes
    assert "no-gradient-checkpointing" in causes
    guess = next(d for d in rep.diagnoses if d.cause == "no-gradient-checkpointing")
    assert guess.from_defaults and guess.confidence < rep.diagnoses[0].confidence


SLACK = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {req}. GPU 0 has a total capacity "
         "of 23.68 GiB of which 1.31 GiB is free. Including non-PyTorch memory, this process has 22.03 GiB memory "
         "in use. Of the allocated memory {alloc} is allocated by PyTorch, and {ru} is reserved by PyTorch but "
         "unallocated.\n")


@pytest.mark.parametrize("req, alloc, ru, first", [
    # stranded 2x the request and 13 % of the card: ordinary slack, the live tensors are the limit
    ("1.45 GiB", "18.98 GiB", "3.05 GiB", "model-states-exceed-gpu"),
    # stranded 5x the request: the pool could have served it, had it not been cut up
    ("1.45 GiB", "14.80 GiB", "7.23 GiB", "allocator-fragmentation"),
])
def test_allocator_slack_is_not_fragmentation(req, alloc, ru, first):
    rep, causes = top(SLACK.format(req=req, alloc=alloc, ru=ru))
    assert causes[0] == first, causes
    assert "allocator-fragmentation" in causes[:3]


def test_a_last_source_line_pasted_above_the_exception_names_the_operation():
    """People paste a traceback's tail from its last source line: the frame's code
    (an attention call) stays with the exception and says what grew."""
    oom = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 8.11 GiB. GPU 0 has a total capacity of "
           "31.36 GiB of which 5.76 GiB is free. Including non-PyTorch memory, this process has 25.58 GiB memory in "
           "use. Of the allocated memory 24.73 GiB is allocated by PyTorch, and 260.07 MiB is reserved by PyTorch "
           "but unallocated.\n")
    src = "    attn_output = F.scaled_dot_product_attention(q, k, v, attention_mask, dropout_p=0.0)\n"
    rep, causes = top("- GPU type: NVIDIA GeForce RTX 5090\n\n" + src + oom)
    ev = next(e for e in rep.analysis.events if e.kind == "gpu_oom")
    assert ev.facts.get("op") == "attention"
    assert causes[0] == "sequence-too-long", causes
    rep, causes = top("  batch_size: 8\n" + oom)        # a config line above is not a frame
    assert "op" not in next(e for e in rep.analysis.events if e.kind == "gpu_oom").facts


def test_a_plain_script_batch_flag_is_read_and_fixed_in_its_own_spelling():
    """A plain PyTorch script's `--batch-size 16` is the micro batch: several sequences asked for
    tip a small request on a full card to the batch, and the fix keeps the dashes argparse needs."""
    oom = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 MiB. GPU 0 has a total capacity "
           "of 7.79 GiB of which 9.12 MiB is free. Including non-PyTorch memory, this process has 7.58 GiB memory "
           "in use. Of the allocated memory 5.51 GiB is allocated by PyTorch, and 10.20 MiB is reserved by "
           "PyTorch but unallocated.\n")
    for flag, shown in (("--batch-size 16", "--batch-size 8"), ("--batch_size 16", "--batch_size 8")):
        rep, causes = top(f"$ python3 train.py --img 512 {flag} --epochs 50\n" + oom)
        assert causes[0] == "micro-batch-too-large", (flag, causes)
        assert any(fx.change.startswith(shown) for fx in rep.fixes), [fx.change for fx in rep.fixes]


def test_a_host_allocation_failure_is_host_memory():
    rep, causes = top(HOST + "\n")
    assert causes[0] in {"host-ram-pressure", "cpu-offload-host-ram"}
    assert rep.diagnoses[0].fixes


@pytest.mark.parametrize("death", [
    "Loading checkpoint shards:  68%|######8   | 2/3 [00:41<00:20, 20.5s/it]\nKilled\n",
    ("(raylet) A worker died or was killed while executing a task by an unexpected system error. To "
     "troubleshoot the problem, check the logs for the dead worker. Worker exit type: SYSTEM_ERROR Worker "
     "exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some "
     "potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. "
     "(2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other "
     "unexpected errors.\n"),
    ("torch.distributed.elastic.multiprocessing.api:[ERROR] failed (exitcode: -9) local_rank: 0 "
     "(pid: 4242) of binary: /usr/bin/python3\n"),
])
def test_a_kill_with_no_memory_report_is_probably_host_ram(death):
    rep, causes = top(death)
    assert causes and causes[0] == "host-ram-pressure", causes
    d = rep.diagnoses[0]
    assert "probably" in d.title and "dmesg" in d.confirm
    assert d.fixes


def test_a_kill_next_to_another_failure_stays_not_oom():
    crash = ("RuntimeError: CUDA error: an illegal memory access was encountered\n"
             "torch.distributed.elastic.multiprocessing.api:[ERROR] failed (exitcode: -9) local_rank: 0 "
             "(pid: 4242) of binary: /usr/bin/python3\n")
    _, causes = top(crash)
    assert causes == ["not-oom"] or (causes and causes[0] == "not-oom"), causes


def test_a_kill_under_offload_is_the_offload(tmp_path):
    ds = tmp_path / "ds_config.json"
    ds.write_text('{"zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu"}}}')
    death = ("(raylet) A worker died or was killed while executing a task by an unexpected system error. "
             "Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection "
             "error code 2. End of file. There are some potential root causes. (1) The process is killed by "
             "SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker "
             "is crashed unexpectedly due to SIGSEGV or other unexpected errors.\n")
    _, with_offload = top(death, config_paths=[str(ds)])
    _, without = top(death)
    assert with_offload[0] == "cpu-offload-host-ram", with_offload
    assert without[0] == "host-ram-pressure", without


def test_every_corpus_oom_gets_a_cause_with_a_fix():
    """Across the bundled corpus: an OOM event never leaves the report without an OOM cause."""
    from oomdoc.rules_engine.vocab import OOM_KINDS

    corpus = Path(__file__).resolve().parent.parent / "corpus"
    silent = []
    for case in sorted(p for p in corpus.iterdir() if (p / "train.log").is_file()):
        rep = explain(str(case / "train.log"), similar=False)
        if not any(e.kind in OOM_KINDS for e in rep.analysis.events):
            continue
        if yaml.safe_load((case / "expected.yaml").read_text()).get("first_cause") == "not-oom":
            continue          # a lookalike shaped like an OOM (an impossible size): not-oom is right
        first = rep.diagnoses[0] if rep.diagnoses else None
        if first is None or first.cause == "not-oom" or not (first.fixes or rep.fixes):
            silent.append(case.name)
    assert not silent, silent


def test_an_impossible_size_is_a_bug_not_a_lack_of_memory():
    _, causes = top("RuntimeError: NPU out of memory. Tried to allocate more than 1EB memory.\n")
    assert causes and causes[0] == "not-oom", causes


def test_a_ray_report_wrapped_behind_its_prefix_is_one_kill():
    """A terminal hard-wrapped the report and every piece kept the worker's prefix."""
    p = "(TaskRunner pid=98765, ip=10.0.0.1) "
    pieces = ["ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on", "memory.",
              "Memory on the node (IP: 10.0.0.1, ID: 5d4c6e8f0a) where the task (actor ID:",
              "a1b2c3, name=WorkerDict.__init__, pid=77001, memory used=14.87GB) was running was",
              "212.88GB / 224.00GB (0.950349), which exceeds the memory usage threshold of 0.95.",
              "Ray killed this worker (ID: 9f8e7d) because it was the most recently scheduled task"]
    rep, causes = top("".join(p + x + "\n" for x in pieces))
    kills = [e for e in rep.analysis.events if e.kind == "ray_oom_kill"]
    assert len(kills) == 1 and kills[0].facts["task_memory_bytes"] == round(14.87 * 2**30)
    assert causes[0] == "host-ram-pressure", causes


@pytest.mark.parametrize("line", [
    "RuntimeError: DataLoader worker (pid 19597) is killed by signal: Killed.",
    "torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGKILL",
])
def test_an_exception_that_only_reports_a_kill_is_the_kill_not_a_crash(line):
    rep, causes = top(line + "\n")
    assert not [e for e in rep.analysis.events if e.kind == "crash"]
    assert causes[0] == "host-ram-pressure", causes


def test_a_request_too_large_to_be_a_size_is_an_overflow():
    msg = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 17179869184.00 GiB. GPU 0 has a total "
           "capacity of 79.15 GiB of which 62.10 GiB is free.\n")
    rep, causes = top(msg)
    assert rep.analysis.events[0].facts.get("size_overflow") is True
    assert causes[0] == "not-oom"
