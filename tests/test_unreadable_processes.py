"""Processes NVML cannot read (`Process N has 0 bytes memory in use`, inside a container)
are unknown, not empty: several of them on one GPU is the GPU being shared."""
from __future__ import annotations

from oomdoc.diagnose import explain
from oomdoc.units import to_bytes

MSG = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 130.00 MiB. GPU 0 has a total capacity of "
       "79.10 GiB of which 12.81 MiB is free. {procs}Of the allocated memory 10.47 GiB is allocated by PyTorch, and "
       "93.52 MiB is reserved by PyTorch but unallocated.\n")


def test_several_unreadable_processes_on_one_gpu_are_other_processes():
    procs = "".join(f"Process {pid} has 0 bytes memory in use. " for pid in range(3423, 3430))
    rep = explain(MSG.format(procs=procs).encode(), similar=False)
    assert rep.diagnoses[0].cause == "gpu-shared-with-other-process"


def test_one_unreadable_process_says_nothing_about_others():
    rep = explain(MSG.format(procs="Process 3423 has 0 bytes memory in use. ").encode(), similar=False)
    assert rep.diagnoses[0].cause != "gpu-shared-with-other-process"


def test_the_derived_share_is_the_used_memory_beyond_this_reserve():
    from oomdoc.pipeline import read_events
    from oomdoc.rules_engine.conditions import derive

    procs = "".join(f"Process {pid} has 0 bytes memory in use. " for pid in (1, 2, 3))
    ev = next(e for e in read_events(MSG.format(procs=procs).encode()).events if e.kind == "gpu_oom")
    f = derive(ev)
    used = to_bytes("79.10", "GiB") - to_bytes("12.81", "MiB")
    assert f["process_sizes_unreadable"] is True
    assert f["other_processes_bytes"] == used - (to_bytes("10.47", "GiB") + to_bytes("93.52", "MiB"))


def test_a_message_naming_no_process_with_most_memory_outside_this_allocator():
    """ROCm's message (and a build without NVML) lists no process: when PyTorch holds under a
    third of what the device has in use, the rest is held elsewhere."""
    hip = ("torch.OutOfMemoryError: HIP out of memory. Tried to allocate 4.50 GiB. GPU 0 has a total capacity of "
           "15.98 GiB of which 1.40 GiB is free. Of the allocated memory 1.26 GiB is allocated by PyTorch, and "
           "152.50 MiB is reserved by PyTorch but unallocated.\n")
    assert explain(hip.encode(), similar=False).diagnoses[0].cause == "gpu-shared-with-other-process"
    mostly_mine = hip.replace("1.26 GiB is allocated", "13.26 GiB is allocated")
    assert explain(mostly_mine.encode(), similar=False).diagnoses[0].cause != "gpu-shared-with-other-process"
