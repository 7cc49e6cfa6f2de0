"""DeepSpeed's own memory lines (FORMATS.md §4). None of them is an OOM.

* `see_memory_usage`: a label, `MA x GB  Max_MA y GB  CA z GB  Max_CA w GB`
  and `CPU Virtual Memory:  used = U GB, percent = P%`. Up to 0.18.2 each is
  its own logger record (`[ts] [INFO] [utils.py:N:see_memory_usage] ...`),
  from 0.18.3 a plain print; either way `continues` joins the label and both
  lines into one record (the assembler offers a logger record to the open one
  when both come from the same logging function). A healthy ZeRO run prints
  dozens of them.
* ZeRO-3 `N pytorch allocator cache flushes since last step`: the allocator
  is freeing its cache and retrying cudaMalloc, i.e. the run is at the edge.
* the ZeRO model-states estimator table, when a user prints it.
* `DeepSpeedCPUAdam` / `cpu_adam`: the optimizer lives in host RAM.
* ZeRO-3's `Parameter Offload: Total persistent parameters: N in M params`
  (`DeepSpeedZeRoOffload.__init__`, printed by every stage-3 engine at
  `deepspeed.initialize`, 0.6-0.18): the model is partitioned and the
  optimizer's partitions and states are built next (`deepspeed_zero3_init`).

GPU OOMs in DeepSpeed are PyTorch's text (pytorch.py); the launcher's
`exits with return code = -9` belongs to the host family.
"""
from __future__ import annotations

from .base import lazy as _lazy

from ..model import Event, Record
from ..scan import TriggerGroup
from ..units import number, to_bytes
from .base import event
from .. import re_cache

NAME = "deepspeed"
KEYS = ("max_ma", "cpu virtual memory", "cache flushes", "cpu_adam", "cpuadam",
        "estimated memory needed", "gigabytes", "total persistent parameters")
TRIGGERS = (
    # before=1: the plain-print label line (DeepSpeed >= 0.18.3) precedes the numbers
    TriggerGroup("deepspeed-memory", ("Max_MA", "CPU Virtual Memory", "GigaBytes"), before=1),
    TriggerGroup("deepspeed-hints", ("allocator cache flushes", "DeepSpeedCPUAdam", "cpu_adam")),
    TriggerGroup("deepspeed-estimate", ("Estimated memory needed for params",), after=12),
    TriggerGroup("deepspeed-zero3-init", ("Total persistent parameters",)),
)
LINE_TRIGGERS = ()

KINDS = {
    "deepspeed_memory": "see_memory_usage report: allocated/reserved GPU memory and host RAM (not an OOM)",
    "deepspeed_cache_flush": "ZeRO-3 warning: the caching allocator flushed and retried (high memory pressure)",
    "deepspeed_estimate": "DeepSpeed's ZeRO model-states memory estimate table",
    "deepspeed_offload_hint": "the optimizer runs on the CPU (DeepSpeedCPUAdam): optimizer states in host RAM",
    "deepspeed_zero3_init": "ZeRO-3 partitioned the model (Parameter Offload: Total persistent parameters); the optimizer is built next",
}
FACTS = {
    "label": "the see_memory_usage message, when it could be paired",
    "ma_bytes": "memory allocated by tensors (torch.cuda.memory_allocated)",
    "max_ma_bytes": "peak allocated since the previous report",
    "ca_bytes": "memory reserved by the caching allocator (torch.cuda.memory_reserved)",
    "max_ca_bytes": "peak reserved since the previous report (printed as an integer GiB)",
    "cpu_used_bytes": "node RAM in use (total - available)",
    "cpu_percent": "node RAM in use, percent",
    "cache_flushes": "allocator retries (cache flushes) since the previous step",
    "total_params_m": "model parameters, millions (estimator)",
    "largest_layer_params_m": "parameters of the largest layer, millions (estimator)",
    "nodes": "nodes in the estimated setup",
    "gpus_per_node": "GPUs per node in the estimated setup",
    "options": "estimator rows: per_cpu_bytes, per_gpu_bytes, offload_param, offload_optimizer, zero_init",
    "optimizer_offload": "optimizer states are offloaded to the CPU",
    "persistent_parameters": "ZeRO-3 persistent (never partitioned) parameters, elements",
    "persistent_param_tensors": "ZeRO-3 persistent parameter tensors",
}

_NUM = r"([-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)"
_MA = _lazy(rf"MA {_NUM} GB\s+Max_MA {_NUM} GB\s+CA {_NUM} GB\s+Max_CA {_NUM} GB")
_CPU = _lazy(rf"CPU Virtual Memory:\s+used = {_NUM} GB, percent = {_NUM}%")
_LEGACY = _lazy(rf"(Max Memory Allocated|Memory Allocated|Max cache Allocated|Cache Allocated) {_NUM}\s*GigaBytes")
_LEGACY_NAMES = {"Memory Allocated": "ma_bytes", "Max Memory Allocated": "max_ma_bytes",
                 "Cache Allocated": "ca_bytes", "Max cache Allocated": "max_ca_bytes"}
_FLUSH = _lazy(r"(\d+) pytorch allocator cache flushes since last step")
_PERSIST = _lazy(r"Total persistent parameters: (\d+) in (\d+) params")
_HW = _lazy(r"HW: Setup with (\d+) nodes?, (\d+) GPUs? per node")
_SW = _lazy(r"SW: Model with (\d+)M total params, (\d+)M largest layer params")
_ROW = _lazy(rf"^\s*{_NUM}GB \|\s*{_NUM}GB \| (?:offload_param=(\S+?)\s*, )?offload_optimizer=(\S+?)\s*"
                  r"(?:, zero_init=(\d))?\s*$", re_cache.M)
_ESTIMATE_HEAD = "Estimated memory needed for params"


def _gib(text: str) -> int | None:
    return to_bytes(text, "GiB")


def _device(raw: str | None) -> str | None:
    # 'cpu ' / 'none' / 'OffloadDeviceEnum.cpu' (DeepSpeed >= 0.7 on Python >= 3.11)
    return raw.rsplit(".", 1)[-1].strip() if raw else None


def continues(text: str, nxt: str) -> bool:
    """Join a plain-print see_memory_usage report, or the estimator table."""
    if nxt.startswith("MA ") and "Max_MA" in nxt:
        return "\n" not in text and "Max_MA" not in text     # the label, then the numbers
    if nxt.startswith("CPU Virtual Memory"):
        return text.rpartition("\n")[2].startswith("MA ")
    if text.startswith(_ESTIMATE_HEAD):
        return text.count("\n") < 12 and ("GB |" in nxt or nxt.lstrip().startswith(("HW:", "SW:", "per CPU")))
    return False


def _memory(record: Record, text: str) -> Event | None:
    f: dict = {}
    m = _MA.search(text)
    if m:
        f.update(ma_bytes=_gib(m[1]), max_ma_bytes=_gib(m[2]), ca_bytes=_gib(m[3]), max_ca_bytes=_gib(m[4]))
    else:
        for lm in _LEGACY.finditer(text):
            f.setdefault(_LEGACY_NAMES[lm[1]], _gib(lm[2]))
    m = _CPU.search(text)
    if m:
        f["cpu_used_bytes"] = _gib(m[1])
        f["cpu_percent"] = number(m[2])
    if not f:
        return None
    first = record.lines[0].text.strip()
    if len(record.lines) > 1 and not first.startswith(("MA ", "CPU Virtual Memory")):
        f["label"] = first[:200]
    evidence = next((ln.text.strip() for ln in record.lines if "MA " in ln.text or "Virtual" in ln.text), text)
    return event("deepspeed_memory", record, f, text=evidence)


def _estimate(record: Record, text: str) -> Event | None:
    f: dict = {}
    m = _HW.search(text)
    if m:
        f.update(nodes=int(m[1]), gpus_per_node=int(m[2]))
    m = _SW.search(text)
    if m:
        f.update(total_params_m=int(m[1]), largest_layer_params_m=int(m[2]))
    rows = []
    for r in _ROW.finditer(text):
        row = {"per_cpu_bytes": _gib(r[1]), "per_gpu_bytes": _gib(r[2]),
               "offload_param": _device(r[3]), "offload_optimizer": _device(r[4]),
               "zero_init": int(r[5]) if r[5] else None}
        rows.append({k: v for k, v in row.items() if v is not None})
    if rows:
        f["options"] = rows
    return event("deepspeed_estimate", record, f, text=record.lines[0].text.strip()) if f else None


def parse(record: Record) -> list[Event]:
    text = record.text
    out: list[Event] = []
    if "Max_MA" in text or "CPU Virtual Memory" in text or "GigaBytes" in text:
        ev = _memory(record, text)
        if ev:
            out.append(ev)
    if "cache flushes" in text:
        m = _FLUSH.search(text)
        if m:
            out.append(event("deepspeed_cache_flush", record, {"cache_flushes": int(m[1])}))
    if _ESTIMATE_HEAD in text:
        ev = _estimate(record, text)
        if ev:
            out.append(ev)
    if "DeepSpeedCPUAdam" in text or "cpu_adam" in text:
        line = next(ln.text.strip() for ln in record.lines if "CPUAdam" in ln.text or "cpu_adam" in ln.text)
        out.append(event("deepspeed_offload_hint", record, {"optimizer_offload": True}, text=line[:500]))
    if "persistent parameters" in text:
        m = _PERSIST.search(text)
        if m:
            out.append(event("deepspeed_zero3_init", record,
                             {"persistent_parameters": int(m[1]), "persistent_param_tensors": int(m[2])},
                             text=m.group(0)))
    return out

