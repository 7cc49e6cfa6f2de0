"""Settings the failure messages themselves print (data, not code).

vLLM's start-up check prints the `gpu_memory_utilization` it was given, SGLang
its `mem_fraction_static`, vLLM's KV-cache error its `max_model_len`. Where no
config source set the knob (or only a framework default did), the value the
message printed is the run's: a fix then starts from it, not from a default.
"""
from __future__ import annotations

from . import RunConfig, Setting

# (event kind, fact) -> neutral knob
PRINTED = {
    ("vllm_free_memory_startup", "gpu_memory_utilization"): "rollout.gpu_memory_utilization",
    ("vllm_profile", "gpu_memory_utilization"): "rollout.gpu_memory_utilization",
    ("vllm_kv_cache_insufficient", "max_model_len"): "rollout.max_model_len",
    ("vllm_no_cache_blocks", "mem_fraction_static"): "rollout.gpu_memory_utilization",   # SGLang's pool sizing
    ("llamacpp_context", "max_model_len"): "rollout.max_model_len",   # llama.cpp n_ctx
}


def apply(rc: RunConfig, events) -> None:
    """Fill knobs that only a default set from the values failure/profile events printed."""
    for ev in events or ():
        for fact, value in ev.facts.items():
            knob = PRINTED.get((ev.kind, fact))
            if knob is None or value is None or isinstance(value, bool):
                continue
            cur = rc.settings.get(knob)
            if cur is not None and not cur.default:
                continue       # the run's own config says it; the message repeats it
            rc.settings[knob] = Setting(knob=knob, value=value, source=f"log:{ev.line}",
                                        raw_key=cur.raw_key if cur is not None else None)
