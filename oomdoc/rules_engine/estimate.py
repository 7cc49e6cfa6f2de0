"""The arithmetic a person does first: do the model states fit on one GPU?

From the model's name (`Qwen2.5-7B-Instruct` -> 7e9 parameters), the training
method (full fine-tune, LoRA, QLoRA) and the sharding (ZeRO stage / FSDP over
N GPUs, optimizer offload), estimate the bytes of parameters, gradients and
optimizer states each GPU holds, and compare them with the device's capacity
from the failure message. The estimate is a floor (no activations, no
buffers, no gathered ZeRO-3 layers), so a share near or above 1 settles the
question; a small share rules model states out.

Bytes per trained parameter with mixed-precision Adam: 2 (bf16 weights) + 2
(gradients) + 12 (fp32 master weights and two moments) = 16, as in the ZeRO
paper (https://arxiv.org/abs/1910.02054). LoRA keeps only the frozen
weights (2 bytes, 0.5 for 4-bit QLoRA) plus a few % for the adapter.
"""
from __future__ import annotations

from .. import re_cache

# `7B`, `1.5b`, `0.5B`, `350M`, `8x7B` inside a model name or path
_SIZE = re_cache.lazy(r"(?<![A-Za-z0-9.])(?:(?P<experts>\d+)x)?(?P<n>\d+(?:\.\d+)?)(?P<unit>[bBmM])(?![A-Za-z0-9])")
# well-known names that carry no size
_KNOWN = {
    "gpt2-xl": 1.5e9, "gpt2-large": 774e6, "gpt2-medium": 355e6, "gpt2": 124e6,
    "starcoder": 15.5e9, "starcoderbase": 15.5e9, "bert-large": 340e6, "bert-base": 110e6,
    "t5-11b": 11e9, "t5-3b": 3e9, "t5-large": 770e6, "t5-base": 220e6,
}
_QUANT4 = re_cache.lazy(r"(?i)(?:\b|_|-)(?:gptq|awq|int4|4bit|bnb-4bit|nf4)(?:\b|_|-|$)")


def model_params(name: str | None) -> float | None:
    """Parameters implied by a model name or path, or None."""
    if not name or not isinstance(name, str):
        return None
    base = name.rstrip("/").rsplit("/", 1)[-1]
    best = None
    for m in _SIZE.finditer(base):
        n = float(m["n"]) * (1e9 if m["unit"] in "bB" else 1e6)
        if m["experts"]:
            n *= int(m["experts"]) * 0.8     # MoE experts share attention: ~80 % of the product
        best = n if best is None else max(best, n)
    if best is not None:
        return best
    low = base.lower()
    for key in sorted(_KNOWN, key=len, reverse=True):
        if low.startswith(key):
            return _KNOWN[key]
    return None


def _num(v):
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def shards(cfg) -> int:
    """GPUs the states are spread over (1 when nothing says more)."""
    n = _num(cfg.value("trainer.num_processes"))
    if n and n >= 1:
        return int(n)
    per, nodes = _num(cfg.value("trainer.n_gpus_per_node")), _num(cfg.value("trainer.nnodes")) or 1
    if per and per >= 1:
        return int(per * nodes)
    return 1


FSDP_BY_DEFAULT = {"verl", "easyr1", "search-r1", "nemo-rl"}


def _explicit(cfg, knob: str) -> bool:
    s = cfg.get(knob)
    return s is not None and not s.default and s.value is not None


def states_per_gpu(cfg) -> int | None:
    """Estimated bytes of model states on each training GPU, or None when the
    model size, the training method (LoRA or full) or the sharding is not
    known: a guessed estimate would be worse than none."""
    if cfg is None:
        return None
    fw = getattr(getattr(cfg, "framework", None), "id", None)
    if fw not in FSDP_BY_DEFAULT and not (_explicit(cfg, "actor.lora_rank") and _explicit(cfg, "zero.stage")):
        return None
    params = _num(cfg.value("model.params")) or model_params(cfg.value("model.name"))
    if not params:
        return None
    name = str(cfg.value("model.name") or "")
    weight_bytes = 0.5 if _QUANT4.search(name) else 2.0
    lora = (_num(cfg.value("actor.lora_rank")) or 0) >= 1
    n = shards(cfg)
    stage = _num(cfg.value("zero.stage"))
    full_shard = stage == 3 or (fw in FSDP_BY_DEFAULT and not _explicit(cfg, "zero.stage"))
    offload_opt = bool(cfg.value("zero.offload_optimizer") or cfg.value("actor.optimizer_offload"))
    offload_param = bool(cfg.value("zero.offload_param") or cfg.value("actor.param_offload"))
    if lora:
        weights, grads, optim = weight_bytes, 0.0, 0.0
    else:
        weights, grads, optim = weight_bytes, 2.0, 0.0 if offload_opt else 12.0
    if full_shard:
        per = (weights + grads + optim) / n
    elif stage == 2:
        per = weights + (grads + optim) / n
    elif stage == 1:
        per = weights + grads + optim / n
    else:
        per = weights + grads + optim
    if offload_param and full_shard:
        per -= weights / n
    return int(params * max(per, 0.0))


def annotate(facts: dict, cfg) -> None:
    """Add `model_states_bytes` / `model_states_share` to a device failure's facts."""
    total = facts.get("total_bytes")
    if facts.get("memory") not in (None, "gpu") or not isinstance(total, int) or total <= 0:
        return
    est = states_per_gpu(cfg)
    if est is None:
        return
    facts.setdefault("model_states_bytes", est)
    facts.setdefault("model_states_share", round(est / total, 3))
