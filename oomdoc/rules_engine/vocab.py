"""Names rules may use besides what the parser registry declares.

Parsers declare their event kinds and facts (`parsers.all_kinds()` /
`all_facts()`); the rule validator accepts those plus:

* `EXPECTED_KINDS` / `EXPECTED_FACTS` — the planned vocabulary of parser
  families, so a rule may name an event a family has not shipped yet (it just
  never matches until it does); a name neither emitted nor planned is refused
  (tests/test_rules_schema.py);
* `DERIVED_FACTS` — facts the engine computes from an event's own facts
  before rules see it (see `conditions.derive`);
* `METRICS` — per-step metric series names (`analysis.metrics`).
"""
from __future__ import annotations

EXPECTED_KINDS = {
    "gpu_oom": "PyTorch caching allocator failed to allocate device memory",
    "accelerator_oom": "a device runtime outside PyTorch's allocator ran out of memory (api: cuda, cumem, cublas, nccl, xla, ...)",
    "crash": "a non-OOM failure (reason: illegal_memory_access, nccl_timeout, segfault, ...)",
    "ray_oom_kill": "Ray's memory monitor killed a task/actor because node RAM crossed the threshold",
    "ray_worker_died": "Ray reports a worker died (symptom; not by itself an OOM)",
    "host_oom_kill": "the kernel OOM killer or a cgroup limit killed a process",
    "process_killed": "a launcher saw a child die by a signal (exit -9 / 137): a symptom",
    "slurm_oom": "Slurm reports the job step hit its memory limit (oom_kill event)",
    "host_alloc_failed": "host (CPU) memory allocation failed (DefaultCPUAllocator, std::bad_alloc)",
    "vllm_kv_cache_insufficient": "vLLM: max model len larger than what the KV cache can hold",
    "vllm_no_cache_blocks": "vLLM: no available memory for the cache blocks",
    "vllm_free_memory_startup": "vLLM: free memory on device is less than desired utilization at start-up",
    "vllm_profile": "vLLM memory profiling report (weights, activations, KV cache)",
    "deepspeed_memory": "DeepSpeed see_memory_usage report (MA / CA / CPU)",
    "nvidia_smi": "an nvidia-smi table (per-GPU memory, processes) in the log: evidence, not a failure",
    "deepspeed_cache_flush": "DeepSpeed warning: pytorch allocator cache flushes under memory pressure",
}

EXPECTED_FACTS = {
    "phase": "what the run was doing when it failed (init, load, rollout, wake_up, forward, backward, optimizer, log_prob, checkpoint, ...)",
    "api": "the runtime API that failed (cuda, cumem, cublas, nccl, xla, ...)",
    "reason": "why a non-OOM crash happened (illegal_memory_access, nccl_timeout, ...)",
    "node_used_bytes": "node RAM in use when the monitor fired",
    "node_total_bytes": "node RAM total",
    "node_fraction": "node_used / node_total",
    "threshold": "Ray memory monitor kill threshold",
    "task_memory_bytes": "memory of the killed task/actor",
    "task_name": "name of the killed task/actor",
    "top_memory_users": "the memory monitor's top users table: [{pid, bytes, command}]",
    "workers_killed": "workers killed by the memory monitor",
    "exit_code": "exit status / signal of a killed process",
    "signal": "signal that killed a process",
    "kv_cache_tokens": "tokens the vLLM KV cache can hold",
    "max_model_len": "vLLM max model len",
    "gpu_blocks": "vLLM GPU KV cache blocks",
    "step": "training step",
}

# Computed by the engine from each event's facts (never printed by a library).
DERIVED_FACTS = {
    "used_bytes": "total_bytes - free_bytes",
    "shortfall_bytes": "requested_bytes - free_bytes (GPU) or node_used_bytes - threshold * node_total_bytes (Ray)",
    "process_count": "number of 'Process N has X memory in use' entries",
    "other_processes_bytes": "memory held by processes other than the failing one",
    "process_sizes_unreadable": "every listed process shows 0 bytes (NVML cannot read them); other_processes_bytes is then the used memory beyond this process's PyTorch reserve",
    "other_process_count": "number of processes other than the failing one on the device",
    "outside_reserve_bytes": "used_bytes - reserved_bytes when the message names no process (torch < 2.1): this process's CUDA context and buffers plus other processes",
    "non_pytorch_bytes": "this process's memory outside PyTorch's allocator (process_bytes - reserved_bytes)",
    "top_user_count": "rows in a memory monitor's top users table",
    "top_user_bytes": "memory of the largest row in the top users table",
    "top_users_sum_bytes": "sum of the top users table",
    "top_user_command": "command line of the largest row in the top users table",
    "top_user_share": "largest top user / node used (or / table sum)",
    "foreign_process_bytes": "nvidia_smi: the most memory notebook kernels / desktop processes (ipykernel, jupyter, Xorg, gnome-shell, ...) hold on one GPU",
    "oom_count": "how many copies of this failure were merged (ranks, repeats)",
    "model_states_bytes": "estimated parameters + gradients + optimizer states per GPU (model size from its name, method, sharding)",
    "model_states_share": "model_states_bytes / the device's total capacity",
}

METRICS = {
    "gpu_allocated_peak_bytes": "peak allocated GPU memory per step",
    "gpu_reserved_peak_bytes": "peak reserved GPU memory per step",
    "gpu_allocated_bytes": "allocated GPU memory per step",
    "gpu_reserved_bytes": "reserved GPU memory per step",
    "device_used_bytes": "device memory used by all processes per step (nvidia-smi style)",
    "host_used_bytes": "host RAM in use per step",
    "host_used_fraction": "host RAM in use per step, as a fraction",
    "response_length_mean": "mean generated response length per step",
    "response_length_max": "max generated response length per step",
    "response_clip_ratio": "share of responses cut at the max length",
    "sequence_length_mean": "mean total (prompt + response) length",
    "step_time_s": "seconds per step",
}

# Kind sets by role are derived from the parsers' declarations (parsers/__init__.py
# ROLES): OOM_KINDS report an out-of-memory failure, SYMPTOM_KINDS a death whose
# cause is elsewhere, CRASH_KINDS any other failure.
_ROLE_SETS = {"OOM_KINDS": ("failure",), "SYMPTOM_KINDS": ("symptom",), "CRASH_KINDS": ("crash",),
              "PRECURSOR_KINDS": ("precursor", "context")}


def __getattr__(name: str):
    if name in _ROLE_SETS:
        from .. import parsers

        value = parsers.kinds_with_role(*_ROLE_SETS[name])
        globals()[name] = value
        return value
    raise AttributeError(name)


def kinds() -> dict[str, str]:
    from .. import parsers

    return {**EXPECTED_KINDS, **parsers.all_kinds()}


def facts() -> dict[str, str]:
    from .. import parsers

    return {**EXPECTED_FACTS, **DERIVED_FACTS, **parsers.all_facts()}


def metrics() -> dict[str, str]:
    from .. import parsers

    out = dict(METRICS)
    for m in parsers.modules():
        out.update(getattr(m, "METRICS", {}))
    return out

# The cause ids: every diagnosis names one (`oomdoc rules list` shows the rules of each).
CAUSES = {
    "vllm-gpu-memory-utilization": "the rollout engine pre-reserves too large a share of GPU memory",
    "vllm-kv-cache-too-small": "vLLM cannot fit the KV cache for max_model_len / max_num_seqs",
    "cpu-offload-host-ram": "parameter / optimizer offload pushes the node over its RAM limit",
    "gpu-retriever": "a retrieval server, dense index or embedding model sits on the training GPUs",
    "response-length-blowup": "generated responses grow over training and memory spikes late",
    "micro-batch-too-large": "activation memory of one micro batch is too large",
    "sequence-too-long": "sequence length too long for the memory at hand, even at micro batch 1",
    "no-gradient-checkpointing": "activations are kept because gradient checkpointing is off",
    "model-states-exceed-gpu": "parameters + gradients + optimizer states do not fit",
    "too-many-colocated-models": "actor, critic, reference, reward and rollout all on the same GPUs",
    "gpu-shared-with-other-process": "another process holds memory on the GPU",
    "allocator-fragmentation": "reserved-but-unallocated memory is large (caching allocator)",
    "memory-leak": "memory grows steadily step after step until it fails",
    "host-ram-pressure": "node RAM exhausted for reasons other than offload",
    "not-oom": "the log holds no out-of-memory failure",
}
