"""Never silent: what is offered when no specific rule explains a memory failure.

Rules marked `fallback: true` (rules/fallback-*.yaml) rank causes from what is
always known about a failure — which memory ran out, the phase it happened in,
the run config — with honestly low confidence. They are kept only when no
specific rule names an out-of-memory cause, so they never dilute a real
diagnosis, and every recognised out-of-memory event still gets a cause and a fix.

`memory` is the memory class an event reports on (`gpu`, `host`, `shm`,
`kv-cache`, `object-store`). A parser (or the signature catalogue) may set it
on the event; otherwise it follows from the event kind.
"""
from __future__ import annotations

MEMORY_BY_KIND = {
    "gpu_oom": "gpu",
    "accelerator_oom": "gpu",
    "vllm_free_memory_startup": "gpu",
    "vllm_kv_cache_insufficient": "kv-cache",
    "vllm_no_cache_blocks": "kv-cache",
    "vllm_swap_space": "kv-cache",
    "ray_oom_kill": "host",
    "host_oom_kill": "host",
    "slurm_oom": "host",
    "host_alloc_failed": "host",
}


def memory_of(kind: str, facts: dict) -> str | None:
    """The memory class of an event: its own `memory` fact, else its kind's."""
    return facts.get("memory") or MEMORY_BY_KIND.get(kind)


WEAK = 0.36   # a specific reading weaker than this is one candidate among the fallbacks


def keep(scored: list) -> list:
    """Drop fallback diagnoses when a specific rule already names an OOM cause.

    `scored` holds (Diagnosis, rule) pairs; a specific explanation is a
    non-symptom diagnosis from a rule that is not a fallback (a specific
    `not-oom` reading, e.g. numbers that say the request fitted, counts too).
    A diagnosis that rests only on a framework's default values
    (`from_defaults`) is a guess about the run, not a reading of the failure: it
    does not silence the fallbacks, and both are ranked by confidence.
    """
    specific = any(not rule.get("fallback") and not d.symptom
                   and not d.from_defaults and d.confidence >= WEAK for d, rule in scored)
    if not specific:
        return scored
    return [(d, rule) for d, rule in scored if not rule.get("fallback")]
