"""Shapes, families and readings from the misses of bench/evalsets/unseen-r."""
from __future__ import annotations

import pytest

from oomdoc.diagnose import explain
from oomdoc.pipeline import read_events


def _events(text: str):
    return read_events(text.encode()).events


def _first_cause(tmp_path, text: str) -> str | None:
    log = tmp_path / "train.log"
    log.write_text(text, encoding="utf-8")
    rep = explain(str(log), similar=False)
    return rep.diagnoses[0].cause if rep.diagnoses else None


# -- the kernel's OOM-kill line pasted with its pid elided ---------------------------------------
@pytest.mark.parametrize("text,name", [
    ("Out of memory: Killed process (VLLM::Worker_TP)\n", "VLLM::Worker_TP"),
    ("[81234.5] Memory cgroup out of memory: Killed process (python3) total-vm:2048kB, anon-rss:1024kB, "
     "file-rss:0kB, shmem-rss:0kB\n", "python3"),
])
def test_a_kernel_kill_line_without_its_pid_is_a_host_oom_kill(text, name):
    kills = [e for e in _events(text) if e.kind == "host_oom_kill"]
    assert len(kills) == 1
    f = kills[0].facts
    assert f["process_name"] == name and f["killer"] == "kernel" and "pid" not in f
    if "cgroup" in text:
        assert f["memcg"] is True and f["anon_rss_bytes"] == 1024 * 1024 and f["total_vm_bytes"] == 2048 * 1024


def test_a_pidless_kill_line_is_not_read_as_device_memory(tmp_path):
    text = "RuntimeError: Engine core initialization failed.\nOut of memory: Killed process (VLLM::Worker_TP)\n"
    assert not [e for e in _events(text) if e.kind in ("gpu_oom", "accelerator_oom")]
    assert _first_cause(tmp_path, text) != "vllm-gpu-memory-utilization"


# -- a serving engine that offloads weights to host RAM, then a host kill ------------------------
@pytest.mark.parametrize("offload", [
    "INFO 01-02 03:04:05 [uva.py:65] Total CPU offloaded parameters: 73.55\n",
    "$ vllm serve Qwen/Qwen3-235B-A22B --tensor-parallel-size 4 --cpu-offload-gb 48\n",
    "python -m sglang.launch_server --model-path m --cpu-offload-gb 32 --tp 2\n",
])
def test_a_host_kill_after_engine_weight_offload_is_the_offload(tmp_path, offload):
    text = offload + "Out of memory: Killed process 4242 (python3) total-vm:231892748kB, anon-rss:1117884kB, " \
                     "file-rss:0kB, shmem-rss:90272184kB\n"
    assert _first_cause(tmp_path, text) == "cpu-offload-host-ram"


@pytest.mark.parametrize("offload", [
    "INFO 01-02 03:04:05 [uva.py:65] Total CPU offloaded parameters: 0.00\n",
    "$ vllm serve Qwen/Qwen3-8B --cpu-offload-gb 0\n",
])
def test_no_offloaded_weights_no_offload_cause(tmp_path, offload):
    text = offload + "Out of memory: Killed process 4242 (python3) total-vm:231892748kB, anon-rss:91117884kB, " \
                     "file-rss:0kB, shmem-rss:0kB\n"
    assert _first_cause(tmp_path, text) == "host-ram-pressure"


# -- TensorFlow's allocation report, pasted without the ResourceExhaustedError -------------------
def test_a_tf_allocation_report_alone_is_a_device_oom():
    text = ("Current usage from device: /job:localhost/replica:0/task:0/device:GPU:1, allocator: GPU_1_bfc\n"
            "  900.00MiB from model/conv3/Conv2D\n  450.00MiB from model/conv2/BiasAdd\n"
            "  Remaining 31 nodes with 1.20GiB\n")
    evs = [e for e in _events(text) if e.kind == "accelerator_oom"]
    assert len(evs) == 1 and evs[0].facts["api"] == "tensorflow" and evs[0].facts["device"] == 1


@pytest.mark.parametrize("text", [
    # the CPU allocator's report is host RAM, not this family
    "Current usage from device: /job:localhost/replica:0/task:0/device:CPU:0, allocator: cpu\n  1.2GiB from x\n",
    # prose about the report
    "Is there a way to print the current usage from device memory in TF?\n",
])
def test_not_a_device_allocation_report(text):
    assert not [e for e in _events(text) if e.kind == "accelerator_oom"]


# -- FSDP's clone warning during state_dict(), its head cut by the paste -------------------------
@pytest.mark.parametrize("head", [
    "/usr/lib/python3.10/site-packages/torch/distributed/fsdp/_state_dict_utils.py:312: UserWarning: "
    "Failed to clone() tensor with name model.layers.3.mlp.up_proj.weight on rank 0. ",
    "ers.3.mlp.up_proj.weight on rank 0. ",   # the paste starts inside the tensor's name
])
def test_an_oom_inside_fsdps_state_dict_clone_warning_is_at_checkpoint_save(head):
    text = head + ("This may mean that this state_dict entry could point to invalid memory regions after returning "
                   "from state_dict() call if this parameter is managed by FSDP. Please check clone implementation "
                   "of model.layers.3.mlp.up_proj.weight. Error: CUDA out of memory. Tried to allocate 172.00 MiB "
                   "(GPU 0; 79.35 GiB total capacity; 77.01 GiB already allocated; 60.19 MiB free; 77.52 GiB "
                   "reserved in total by PyTorch)\n")
    ooms = [e for e in _events(text) if e.kind == "gpu_oom"]
    assert len(ooms) == 1 and ooms[0].facts.get("phase") == "checkpoint_save"
