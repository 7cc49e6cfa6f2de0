"""Principles read from messages-f's misses (bench/evalsets/messages-f, the device side), each tested on
wordings other than the set's own: an allocating call reported failed by its name, a GPU kernel's shared
memory per block (not /dev/shm), a compiled frame's exception line (never a wrapped piece of the frame),
and a device allocator's report raised as Python's MemoryError."""
from __future__ import annotations

import pytest

from oomdoc.diagnose import explain
from oomdoc.pipeline import read_events

TB = 'Traceback (most recent call last):\n  File "t.py", line 1, in <module>\n    f()\n'


def _failures(text: str):
    return [e for e in read_events(text.encode()).events if e.facts.get("memory")]


def _first_cause(tmp_path, text: str) -> str:
    p = tmp_path / "train.log"
    p.write_text(text)
    return explain(str(p), similar=False).diagnoses[0].cause


@pytest.mark.parametrize("line", [
    "vkAllocateMemory failed -2",
    "ERROR: hipMalloc failed for the KV block table (4294967296 bytes)",
    "[E] clSVMAlloc failed for a 512 MB staging buffer on device 1",
])
def test_an_allocating_call_reported_failed_is_a_device_oom(line):
    evs = _failures(line + "\n")
    assert [(e.kind, e.facts["memory"], e.facts["certainty"]) for e in evs] == [("accelerator_oom", "gpu", "likely")]


@pytest.mark.parametrize("line", [
    "RuntimeError: vkAllocateMemory succeeded after the pool was trimmed",     # no failure
    "INFO: if cudaMalloc failed, lower the batch size",                        # advice
])
def test_an_allocating_call_that_did_not_fail_is_no_oom(line):
    assert _failures(line + "\n") == []


@pytest.mark.parametrize("line", [
    "jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Shared memory size limit exceeded: requested 131072, available: 101376",
    "RuntimeError: kernel needs 120 KiB of shared memory per block, more than the 99 KiB available: out of memory on chip",
])
def test_a_kernels_shared_memory_per_block_is_no_oom(tmp_path, line):
    assert _failures(TB + line + "\n") == []
    assert _first_cause(tmp_path, TB + line + "\n") == "not-oom"


def test_dev_shm_running_out_is_still_shared_memory():
    evs = _failures(TB + "RuntimeError: unable to write to file </torch_812_2210_0>: No space left on device (28)\n"
                         "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient "
                         "shared memory (shm).\n")
    assert evs and evs[0].facts["memory"] == "shm"


def test_a_compiled_frames_exception_line_is_read_whole(tmp_path):
    # a Cython frame prints no source line: the exception line follows the frame line, shorter than it
    text = ('Traceback (most recent call last):\n'
            '  File "/srv/app/run.py", line 12, in <module>\n'
            '    y = x @ w\n'
            '  File "fastops/_kernels/device_runtime_bindings.pyx", line 88, in fastops._kernels.runtime.check\n'
            'fastops._kernels.runtime.DeviceRuntimeError: cudaErrorMemoryAllocation: out of memory\n')
    evs = _failures(text)
    assert [(e.facts["memory"], e.line) for e in evs] == [("gpu", 1)]
    assert "cudaErrorMemoryAllocation: out of memory" in evs[0].text
    assert _first_cause(tmp_path, text) in ("micro-batch-too-large", "model-states-exceed-gpu", "sequence-too-long")


def test_a_device_allocators_report_raised_as_memoryerror_is_the_devices(tmp_path):
    text = (TB + "MemoryError: \n\n----------------------\nError Message Summary:\n----------------------\n"
            "ResourceExhaustedError: \n\nOut of memory error on npu 3. Cannot allocate 2.000000GB memory on npu 3.\n")
    evs = _failures(text)
    assert [e.facts["memory"] for e in evs] == ["gpu"]
    assert _first_cause(tmp_path, text) != "host-ram-pressure"


@pytest.mark.parametrize("line, memory", [
    ("RuntimeError: HBM capacity exceeded: program needs 17.2G, device has 16.0G", "gpu"),
    ("RuntimeError: allocation of 8.00 GiB exceeds the available 6.21 GiB on cuda:0", "gpu"),
    ("ValueError: The model requires 38.4 GiB of GPU memory but only 22.1 GiB is free", "gpu"),
    ("ERROR: job needs 12 GB but only 8 GB are available on the node", "host"),
])
def test_a_need_set_against_less_that_is_there_is_an_oom(line, memory):
    evs = _failures(line + "\n")
    assert [(e.facts["memory"], e.facts["certainty"]) for e in evs] == [(memory, "likely")]


@pytest.mark.parametrize("line", [
    "INFO: the model requires 38.4 GiB but only 22.1 GiB is free, so layers 30-39 are offloaded to the CPU",
    "Model requires 38.4 GiB but only 22.1 GiB is free; offloading 12 layers to CPU",
    "WARNING: request of 2.0 GiB exceeds the available 1.2 GiB; retrying with a smaller batch",
])
def test_a_need_over_what_is_there_that_the_program_works_around_is_no_oom(line):
    assert _failures(line + "\n") == []


@pytest.mark.parametrize("line", [
    "RuntimeError: Insufficient VRAM: 6.0 GB required, 4.0 GB available",
    "RuntimeError: out of VRAM while loading the UNet",
    "ERROR: not enough HBM to place the expert weights",
    "RuntimeError: Device memory is full, cannot place tensor of 2.00 GiB",
    "E0712 12:00:01.000 se_gpu_pjrt_client.cc:1020] Failed to preallocate 70.52GiB of device memory",
    "error: failed to reserve 2147483648 bytes of device memory",
    "RuntimeError: rocBLAS error: rocblas_status_memory_error",
    "RuntimeError: nvjpeg error: NVJPEG_STATUS_ALLOCATOR_FAILURE",
    "RuntimeException: DML failed with E_OUTOFMEMORY",
    "Exception: OutOfMemory: GPU heap limit reached",
])
def test_device_memory_by_other_names_running_out_is_a_device_oom(line):
    evs = _failures(TB + line + "\n")
    assert [(e.kind, e.facts["memory"]) for e in evs] == [("accelerator_oom", "gpu")]


@pytest.mark.parametrize("line", [
    "WARNING: VRAM is low (1.2 GB free); enabling attention slicing",
    "WARNING: not enough VRAM for full offload; 20 of 40 layers on GPU",
    "INFO: Using 8.0 GiB of VRAM for the KV cache",
    "RuntimeError: cuLaunchKernel failed: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
    "WARNING: failed to reserve 2 GiB of pinned memory, using pageable memory instead",
])
def test_device_memory_notes_that_are_no_failure_stay_quiet(line):
    assert _failures(line + "\n") == []
