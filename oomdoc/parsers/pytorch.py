"""PyTorch caching-allocator OOM, every wording since 1.x (FORMATS.md §1.1).

Stable anchors are matched independently instead of one long regex, because
the message changed shape six times (cached -> reserved in total -> 'capacty'
typo -> expandable-segments hint -> private pools -> new docs URL), may carry
zero or many `Process N has` fragments, and is often wrapped or truncated.
"""
from __future__ import annotations

import re

from ..model import Event, Record
from ..scan import TriggerGroup
from ..units import SIZE, to_bytes
from .base import event, joined_variants

NAME = "pytorch"
KEYS = ("out of memory",)
TRIGGERS = (
    TriggerGroup("gpu-oom", ("out of memory", "OutOfMemoryError"), before=200, after=30),
)
LINE_TRIGGERS = ()

KINDS = {
    "gpu_oom": "the PyTorch caching allocator (CUDA/HIP/XPU/NPU/MPS/...) failed to allocate device memory",
}
FACTS = {
    "device": "device index printed in the message (inside the process, after CUDA_VISIBLE_DEVICES)",
    "backend": "allocator backend: cuda, hip, xpu, npu, mps, mlu, ...",
    "requested_bytes": "size of the failed allocation (rounded segment size)",
    "total_bytes": "device total capacity as seen by the runtime",
    "free_bytes": "free device memory for the whole GPU at the time of the failure",
    "allocated_bytes": "memory allocated by PyTorch tensors (incl. private pools)",
    "reserved_bytes": "memory reserved by the caching allocator (allocated + cached)",
    "reserved_unallocated_bytes": "reserved by PyTorch but not allocated: fragmentation / cache",
    "private_pool_bytes": "memory in private pools (CUDA graphs, MemPool)",
    "process_bytes": "this process's total device memory incl. non-PyTorch memory",
    "processes": "pid -> bytes for each 'Process N has X memory in use' fragment",
    "allowed_bytes": "per-process memory fraction limit, when set",
    "generation": "message wording generation (G0..G5, async)",
    "exception": "exception class that carried the message",
    "truncated": "the message was cut before its numbers",
}

_HEAD = re.compile(r"(?P<backend>\b[A-Z]{2,5}) out of memory\. Tried to allocate\s*(?P<num>[-+\d.,]+)\s*(?P<unit>\w+)")
_EXC = re.compile(r"((?:torch\.)?(?:cuda\.)?OutOfMemoryError|RuntimeError|torch\.AcceleratorError)\s*:")
_DEV_NEW = re.compile(r"\b(?:GPU|Device|NPU|MLU|XPU)\s*(?P<dev>[\x00-\x09]|\d+)?\s*has a total (?:capacity|capacty) of\s*" + SIZE)
_FREE_NEW = re.compile(r"of which\s*" + SIZE + r"\s*is\s*free")
_PROC = re.compile(r"Process\s+(?P<pid>\d+)\s+has\s+" + SIZE + r"\s+memory in use")
_THIS = re.compile(r"this process has\s+" + SIZE + r"\s+memory in use")
_ALLOC_NEW = re.compile(r"Of the allocated memory\s+" + SIZE + r"\s+is allocated by PyTorch")
_POOL = re.compile(r"with\s+" + SIZE + r"\s+allocated in private pools")
_UNALLOC = re.compile(SIZE + r"\s+is reserved by PyTorch but unallocated")
_ALLOWED = re.compile(SIZE + r"\s+allowed;")
# legacy: (GPU 0; 11.93 GiB total capacity; 4.00 GiB already allocated; 7.33 GiB free; ...)
_LEGACY_DEV = re.compile(r"\((?:GPU|NPU|MLU)\s*(?P<dev>\d+);\s*" + SIZE + r"\s+total capacity")
_LEG_ALLOC = re.compile(SIZE + r"\s+already allocated")
_LEG_FREE = re.compile(SIZE + r"\s+free[;)]")
_LEG_RES = re.compile(SIZE + r"\s+reserved in total by PyTorch")
_LEG_CACHED = re.compile(SIZE + r"\s+cached\)")
_MPS = re.compile(r"MPS backend out of memory \(MPS allocated:\s*" + SIZE)
_MPS_OTHER = re.compile(r"other allocations:\s*" + SIZE)
_MPS_MAX = re.compile(r"max allowed:\s*" + SIZE)
_MPS_REQ = re.compile(r"Tried to allocate\s*" + SIZE + r"\s+on\s+(?:shared|private)\s+pool")


def _b(m: re.Match | None) -> int | None:
    return to_bytes(m["num"], m["unit"]) if m else None


def _facts(text: str) -> dict:
    f: dict = {}
    m = _HEAD.search(text)
    if m:
        f["backend"] = m["backend"].lower()
        f["requested_bytes"] = to_bytes(m["num"], m["unit"])
    if "MPS backend out of memory" in text:
        f["backend"] = "mps"
        f["allocated_bytes"] = _b(_MPS.search(text))
        f["other_bytes"] = _b(_MPS_OTHER.search(text))
        f["allowed_bytes"] = _b(_MPS_MAX.search(text))
        f["requested_bytes"] = _b(_MPS_REQ.search(text))
        f["generation"] = "mps"
        return {k: v for k, v in f.items() if v is not None}
    m = _DEV_NEW.search(text)
    if m:
        dev = m["dev"]
        if dev is not None:
            f["device"] = ord(dev) if len(dev) == 1 and dev < " " else int(dev)
        f["total_bytes"] = to_bytes(m["num"], m["unit"])
        f["generation"] = "G2" if "capacty" in text else "G3+"
        f["free_bytes"] = _b(_FREE_NEW.search(text))
        procs = {}
        for pm in _PROC.finditer(text):
            b = to_bytes(pm["num"], pm["unit"])
            if b is not None:
                procs[pm["pid"]] = b
        if procs:
            f["processes"] = procs
        f["process_bytes"] = _b(_THIS.search(text))
        f["allowed_bytes"] = _b(_ALLOWED.search(text))
        alloc = _b(_ALLOC_NEW.search(text))
        unalloc = _b(_UNALLOC.search(text))
        pool = _b(_POOL.search(text))
        f["allocated_bytes"] = alloc
        f["reserved_unallocated_bytes"] = unalloc
        f["private_pool_bytes"] = pool
        if alloc is not None and unalloc is not None:
            f["reserved_bytes"] = alloc + unalloc
        if pool:
            f["generation"] = "G4+"
    else:
        m = _LEGACY_DEV.search(text)
        if m:
            f["device"] = int(m["dev"])
            f["total_bytes"] = to_bytes(m["num"], m["unit"])
            f["allocated_bytes"] = _b(_LEG_ALLOC.search(text))
            f["free_bytes"] = _b(_LEG_FREE.search(text))
            res = _b(_LEG_RES.search(text))
            cached = _b(_LEG_CACHED.search(text))
            f["allowed_bytes"] = _b(_ALLOWED.search(text))
            if res is not None:
                f["reserved_bytes"] = res
                f["generation"] = "G1"
            elif cached is not None and f.get("allocated_bytes") is not None:
                f["reserved_bytes"] = f["allocated_bytes"] + cached
                f["generation"] = "G0"
            if f.get("reserved_bytes") is not None and f.get("allocated_bytes") is not None:
                f["reserved_unallocated_bytes"] = max(0, f["reserved_bytes"] - f["allocated_bytes"])
    if "requested_bytes" in f and "total_bytes" not in f:
        f["truncated"] = True
    return {k: v for k, v in f.items() if v is not None}


def continues(text: str, nxt: str) -> bool:
    """A wrapped allocator message: keep joining until its last clause."""
    if "out of memory. Tried to allocate" not in text.replace("\n", " "):
        return False
    tail = text.replace("\n", " ")
    done = ("reserved by PyTorch but unallocated" in tail and ("PYTORCH" in tail or "documentation" in tail)) \
        or "reserved in total by PyTorch)" in tail or "cached)" in tail
    return not done and bool(nxt.strip())


def parse(record: Record) -> list[Event]:
    text = record.text
    if " out of memory" not in text:
        return []
    if "Tried to allocate" not in text.replace("\n", "") and "MPS backend out of memory" not in text:
        return []
    best: dict = {}
    for variant in joined_variants(text):
        f = _facts(variant)
        if len(f) > len(best):
            best = f
    if not best:
        return []
    exc = _EXC.search(text)
    if exc:
        best["exception"] = exc.group(1)
    evidence = next((ln.text.strip() for ln in record.lines if "out of memory" in ln.text), text)
    return [event("gpu_oom", record, best, text=evidence[:2000])]
