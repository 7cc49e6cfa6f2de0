"""Named Python helpers that compute fix values and what a fix frees.

Rules refer to these by name (`value: {helper: halve}`, `frees: utilization_delta`);
the registry is a plain dict, so nothing from a rule file is ever evaluated.
A value helper returns the proposed value, or None when no sensible change
exists (already at the floor, nothing known to compute from): the fix is then
not offered. A frees helper returns bytes, or None when it cannot estimate.

Every helper receives a `FixContext`: the knob's current value, the run config,
the facts of the failure event(s), the shortfall, and the helper's `args`.
"""
from __future__ import annotations

from collections.abc import Callable

from ..records import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: importing typing costs start-up time (issue 12)
    from typing import Any


@dataclass
class FixContext:
    knob: str
    current: Any
    facts: dict = field(default_factory=dict)   # merged facts of the diagnosis's events
    shortfall: int | None = None
    cfg: Any = None
    args: dict = field(default_factory=dict)
    proposed: Any = None                         # set before frees helpers run
    last_step: float | None = None               # the last training step the log shows

    def knob_value(self, name: str, default: Any = None) -> Any:
        return self.cfg.value(name, default) if self.cfg is not None else default

    def total_gpu_bytes(self) -> int | None:
        return self.facts.get("total_bytes")


def _num(x) -> float | None:
    if isinstance(x, bool) or x is None:
        return None
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


def _round_down(x: float, step: float) -> float:
    import math   # here: loading the extension costs every run's start-up ~0.2 ms (issue 12), few need it

    return round(math.floor(x / step + 1e-9) * step, 4)


# -- value helpers --------------------------------------------------------------

def utilization_with_headroom(c: FixContext):
    """Lower a memory fraction so the shortfall plus `headroom` bytes fit.

    Without numbers to compute from, propose `fallback` (if it is lower).
    """
    cur = _num(c.current)
    floor = float(c.args.get("floor", 0.3))
    fallback = c.args.get("fallback", 0.5)
    total = c.total_gpu_bytes()
    headroom = float(c.args.get("headroom", 2 * 2**30))
    if cur is not None and total and c.shortfall is not None and c.shortfall > 0:
        new = _round_down(cur - (c.shortfall + headroom) / total, 0.05)
    elif cur is not None:
        new = min(float(fallback), _round_down(cur - 0.1, 0.05))
    else:
        return fallback
    new = max(floor, new)
    return new if cur is None or new < cur else None


def at_most(c: FixContext):
    """`value` when the current setting is higher or unknown."""
    target = c.args.get("value")
    cur = _num(c.current)
    if cur is not None and target is not None and cur <= float(target):
        return None
    return target


def at_least(c: FixContext):
    target = c.args.get("value")
    cur = _num(c.current)
    if cur is not None and target is not None and cur >= float(target):
        return None
    return target


def halve(c: FixContext):
    """Half the current integer setting (not below `min`); `fallback` when unknown."""
    cur = _num(c.current)
    lo = int(c.args.get("min", 1))
    if cur is None:
        return c.args.get("fallback")
    if cur <= lo:
        return None
    return max(lo, int(cur) // 2)


def before_failure(c: FixContext):
    """A checkpoint interval well inside the steps the run survived (at most half
    of them), so a resume after the same failure loses little: the current
    interval halved, or half the steps run when that is shorter."""
    lo = int(c.args.get("min", 1))
    steps = _num(c.last_step)
    halved = halve(c)
    if steps is None or steps < 2 * lo:
        return halved
    target = max(lo, int(steps) // 2)
    if _num(c.current) is None:
        return target
    return None if halved is None else min(halved, target)


def double(c: FixContext):
    cur = _num(c.current)
    hi = c.args.get("max")
    if cur is None:
        return c.args.get("fallback")
    new = int(cur) * 2
    if hi is not None and new > hi:
        return None if cur >= hi else int(hi)
    return new


def raise_fraction(c: FixContext):
    """Raise a memory fraction by `step`, capped at `max` (KV cache needs room)."""
    cur = _num(c.current)
    cap = float(c.args.get("max", 0.95))
    if cur is None:
        return c.args.get("fallback")
    new = min(cap, round(cur + float(c.args.get("step", 0.1)), 2))
    return new if new > cur else None


def kv_capacity_len(c: FixContext):
    """The largest max_model_len the KV cache can hold (from vLLM's own numbers)."""
    cur = _num(c.current) or _num(c.facts.get("max_model_len"))
    tokens = _num(c.facts.get("kv_cache_tokens")) or _num(c.facts.get("estimated_max_model_len"))
    need, have = _num(c.facts.get("kv_needed_bytes")), _num(c.facts.get("kv_available_bytes"))
    if not tokens and cur and need and have:
        tokens = cur * have / need           # KV bytes scale linearly with length
    if not tokens:
        return int(cur) // 2 if cur else c.args.get("fallback")
    step = int(c.args.get("step", 256))
    new = int(tokens) // step * step or int(tokens)
    return new if cur is None or new < cur else None


def token_budget(c: FixContext):
    """A token budget per micro batch of `factor` x (prompt + response) length."""
    p = _num(c.knob_value("data.max_prompt_length"))
    r = _num(c.knob_value("data.max_response_length"))
    if p is None or r is None:
        return c.args.get("fallback")
    return int(c.args.get("factor", 2) * (p + r))


def fewer_processes(c: FixContext):
    """Training processes minus those whose GPUs another process occupies."""
    cur = _num(c.current)
    if cur is None:
        return c.args.get("fallback")
    others = c.facts.get("other_process_count") or 0
    new = int(cur) - max(1, int(others)) if others and others < cur else int(cur) // 2
    return new if 0 < new < cur else None


VALUE_HELPERS: dict[str, Callable[[FixContext], Any]] = {
    "utilization_with_headroom": utilization_with_headroom,
    "at_most": at_most,
    "at_least": at_least,
    "halve": halve,
    "before_failure": before_failure,
    "double": double,
    "raise_fraction": raise_fraction,
    "kv_capacity_len": kv_capacity_len,
    "token_budget": token_budget,
    "fewer_processes": fewer_processes,
}


# -- frees helpers ---------------------------------------------------------------

def utilization_delta(c: FixContext):
    """(old - new) x GPU total: lowering 0.9 -> 0.5 on 80 GiB frees 32 GiB."""
    old, new = _num(c.current), _num(c.proposed)
    if old is None:
        old = _num(c.args.get("default"))
    total = c.total_gpu_bytes()
    if old is None or new is None or not total or new >= old:
        return None
    return int(round((old - new) * total))


def reserved_unallocated(c: FixContext):
    """What the caching allocator holds but does not use (what expandable segments reclaim)."""
    return c.facts.get("reserved_unallocated_bytes")


def other_processes(c: FixContext):
    return c.facts.get("other_processes_bytes")


def per_parameter(c: FixContext):
    """`bytes_per_param` x model parameters (e.g. 12 for fp32 Adam states + master weights)."""
    params = _num(c.knob_value("model.params"))
    if not params:
        return None
    return int(params * float(c.args.get("bytes_per_param", 12)))


def fact(c: FixContext):
    """A fact of the failure event, named by `name`, scaled by `scale`."""
    v = _num(c.facts.get(c.args.get("name", "")))
    return None if v is None else int(v * float(c.args.get("scale", 1.0)))


FREES_HELPERS: dict[str, Callable[[FixContext], int | None]] = {
    "utilization_delta": utilization_delta,
    "reserved_unallocated": reserved_unallocated,
    "other_processes": other_processes,
    "per_parameter": per_parameter,
    "fact": fact,
}

