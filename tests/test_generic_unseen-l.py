"""Shapes read from the misses of bench/evalsets/unseen-l: a c10 assert wrapped before its quoted
source path is one message; a shell's kill notice quoted alone as an inline code span is a kill."""
from __future__ import annotations

import pytest

from oomdoc.pipeline import read_events


def _events(text: str):
    return read_events(text.encode()).events


def test_c10_assert_wrapped_before_its_source_path_is_one_message():
    # the caching allocator's NVML assert (reportProcessMemoryInfo runs only after an allocation failed),
    # hard-wrapped by a forum editor before the quoted path
    text = ('RuntimeError: NVML_SUCCESS == r INTERNAL ASSERT FAILED at\n'
            '"/usr/src/pytorch/c10/cuda/CUDACachingAllocator.cpp":1154, please report a bug to PyTorch.\n')
    evs = [e for e in _events(text) if e.kind == "accelerator_oom"]
    assert len(evs) == 1
    assert evs[0].facts.get("signature") == "torch-nvml-assert-oom-report"
    assert (evs[0].line, evs[0].end_line) == (1, 2)


def test_other_c10_asserts_wrapped_the_same_way_stay_no_oom():
    text = ('RuntimeError: t.is_cuda() INTERNAL ASSERT FAILED at\n'
            '"../aten/src/ATen/native/cuda/Indexing.cu":412, please report a bug to PyTorch.\n')
    assert not [e for e in _events(text) if e.kind == "accelerator_oom"]


def test_a_line_ending_failed_at_does_not_claim_a_line_that_is_no_path():
    from oomdoc.parsers import runtime
    assert runtime.continues("RuntimeError: x INTERNAL ASSERT FAILED at", '"/a/b/CUDACachingAllocator.cpp":838')
    assert not runtime.continues("RuntimeError: x INTERNAL ASSERT FAILED at", "Traceback (most recent call last):")
    assert not runtime.continues("epoch 3 done", '"/a/b/c.cpp":12')


@pytest.mark.parametrize("text", [
    "Generation stops at `Loading checkpoint shards: 40%` and the terminal prints `Killed`.\n",
    "train.py exits right after the dataset is tokenized with message `killed`.\n",
])
def test_a_kill_notice_quoted_as_inline_code_is_a_kill(text):
    evs = [e for e in _events(text) if e.kind == "process_killed"]
    assert len(evs) == 1 and evs[0].facts.get("launcher") == "shell"


@pytest.mark.parametrize("text", [
    "The scheduler marks the task with the `killed` state when the user cancels it.\n",
    "If the job status is `killed`, resubmit it with --resume.\n",
    "The process was killed by the user with Ctrl-C.\n",
])
def test_a_killed_state_named_in_prose_is_no_kill(text):
    assert not [e for e in _events(text) if e.kind == "process_killed"]


def test_ray_summary_wrapped_after_its_first_clause_with_the_node_elided_keeps_its_counts():
    text = ("[2025-03-02 11:04:10,551 E 812 812] (raylet) node_manager.cc:3069:\n"
            "3 Workers (tasks / actors) killed due to memory pressure (OOM),\n"
            "0 Workers crashed due to other reasons at node (ID: ..., IP: ...)\n")
    evs = [e for e in _events(text) if e.kind == "ray_oom_kill"]
    assert len(evs) == 1
    assert evs[0].facts["workers_killed"] == 3 and evs[0].facts["workers_crashed_other"] == 0
    assert (evs[0].line, evs[0].end_line) == (2, 3)


def test_ray_summary_cut_inside_its_node_clause_keeps_its_counts():
    text = ("(raylet) 2 Workers (tasks / actors) killed due to memory pressure (OOM), 0 Workers crashed due to "
            "other reasons at node (ID: 5f0c\n")
    evs = [e for e in _events(text) if e.kind == "ray_oom_kill"]
    assert len(evs) == 1 and evs[0].facts["workers_killed"] == 2


@pytest.mark.parametrize("text, want", [
    # torch >= 2.1 wording, all lower-cased
    ("torch.outofmemoryerror: cuda out of memory. tried to allocate 2.00 gib. gpu 1 has a total capacity of 23.65 gib "
     "of which 1.02 gib is free. including non-pytorch memory, this process has 22.61 gib memory in use. of the "
     "allocated memory 20.11 gib is allocated by pytorch, and 1.90 gib is reserved by pytorch but unallocated.",
     {"device": 1, "requested_bytes": 2 * 2**30, "allocated_bytes": round(20.11 * 2**30),
      "free_bytes": round(1.02 * 2**30)}),
    # the legacy (GPU N; ...) wording, quoted and lower-cased
    ('"cuda out of memory. tried to allocate 64.00 mib (gpu 0; 11.00 gib total capacity; 9.87 gib already allocated; '
     '12.50 mib free; 10.02 gib reserved in total by pytorch)"',
     {"device": 0, "requested_bytes": 64 * 2**20, "reserved_bytes": round(10.02 * 2**30)}),
])
def test_the_allocator_message_pasted_lower_cased_is_read_as_printed(text, want):
    evs = [e for e in _events(text + "\n") if e.kind == "gpu_oom"]
    assert len(evs) == 1
    for k, v in want.items():
        assert abs(evs[0].facts[k] - v) <= max(1, v * 0.001), k


def test_a_lower_cased_sentence_that_only_names_cuda_oom_is_not_read_as_the_allocator_message():
    text = "if you get cuda out of memory, try a smaller batch size.\n"
    assert not [e for e in _events(text) if e.kind == "gpu_oom"]


def test_the_mps_message_pasted_lower_cased_is_read_as_printed():
    text = ("runtimeerror: mps backend out of memory (mps allocated: 6.10 gib, other allocations: 11.52 gib, max allowed: "
            "18.13 gib). tried to allocate 768.00 mib on private pool.\n")
    evs = [e for e in _events(text) if e.kind == "gpu_oom"]
    assert len(evs) == 1
    assert evs[0].facts["backend"] == "mps"
    assert abs(evs[0].facts["other_bytes"] - 11.52 * 2**30) < 2**20
