"""Accelerator OOMs that bypass the caching allocator's message (FORMATS.md §1.4, §1.9, §5.1, §6).

These carry no allocator breakdown, often no numbers at all, and come from
many layers: the CUDA runtime via `C10_CUDA_CHECK` (`CUDA error: out of
memory`, `RuntimeError` up to torch 2.7, `torch.AcceleratorError` after),
vLLM's sleep-mode allocator (`CUDA Error: out of memory at …/cumem_allocator.cpp`),
cuBLAS/cuDNN handles, faiss GPU indexes (`StandardGpuResources: alloc fail
type … dev N … size N bytes (cudaMalloc error out of memory [2])`), NCCL (`Cuda failure 2 'out of memory'`, often only as
`Last error:` of an `unhandled cuda error`), HIP, XLA/JAX
(`RESOURCE_EXHAUSTED`), torch_memory_saver (`CUresult error … 2`), Ascend
(`rtMalloc fail`, op-level `NPU out of memory. device id:`), Intel Level Zero
(`UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY`) and the CUDA driver API
(`CUDA_ERROR_OUT_OF_MEMORY`). A record that holds the allocator's own message
is left to the pytorch family, so one failure is never reported twice.

One `accelerator_oom` event per record; `api` names the origin, the first
matching origin in `_ORIGINS` order wins (most specific first).
"""
from __future__ import annotations

from .base import lazy as _lazy

from ..model import Event, Record
from .. import signatures
from ..units import to_bytes
from .base import event
from .pytorch import is_allocator_oom, phase_of
from .. import re_cache

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: a warm run never imports re (re_cache)
    import re

NAME = "runtime"
# Few keys on purpose: each costs a substring scan of every record.
KEYS = ("out of mem", "_status_", "out_of_", "resource_exhausted", "rtmalloc", "result=2", "host alloc",
        "cuda calloc")
TRIGGERS = signatures.trigger_groups(NAME)   # literals: oomdoc/signatures/catalogue.yaml
LINE_TRIGGERS = ()

# Failures of one family at one moment are one incident (parsers/__init__.py).
FAILURE_FAMILY = "device"
# What each kind is to an incident (parsers/__init__.py ROLES); unlisted kinds are precursors.
ROLES = {"accelerator_oom": "failure"}
# Facts that differ between copies of one failure (each rank prints its own).
PER_COPY_FACTS = {"device", "exception", "phase", "phases"}
KINDS = {
    "accelerator_oom": "a CUDA/HIP/NCCL/XLA/NPU/XPU runtime or library call failed for lack of device "
                       "(or pinned host) memory, outside the caching allocator's OOM message",
}
FACTS = {
    "api": "origin: cuda_runtime, hip_runtime, cumem, cublas, cudnn, nccl, xla, torch_memory_saver, "
           "npu_runtime, level_zero, cuda_driver, faiss",
    "alloc_type": "faiss GPU allocation type (FlatData, IVFLists, TemporaryMemoryBuffer, ...)",
    "requested_bytes": "size of the failed allocation, when the message prints one",
    "device": "device index printed by the message",
    "nccl_version": "NCCL version printed with an NCCL error, e.g. '2.19.3'",
    "error_code": "numeric error code of the failing call (2 = CUDA out of memory)",
    "space": "'host' when the failed allocation was pinned/host memory (XLA host space, NCCL host alloc)",
    "ambiguous": "the status usually, but not always, means OOM (e.g. cublasCreate NOT_INITIALIZED)",
    "recoverable": "the library reports it will retry (torch_memory_saver cuMemCreate warning)",
    "exception": "exception class that carried the message (RuntimeError, torch.AcceleratorError, ...)",
    "phase": "training phase from frames / Ray method / failing function (see pytorch.PHASES)",
    "phases": "every phase recognised, outermost first",
    "argument_bytes": "XLA: memory of the program's inputs (BufferAssignment `parameter allocation`, the TPU "
                      "report's `arguments`): weights, optimizer state and the batch arrays passed in",
    "temp_bytes": "XLA: the program's own temporaries (BufferAssignment `preallocated temp allocation`, the "
                  "TPU report's `program` / HLO temp): activations and intermediates",
}
FACTS.update(signatures.tag_facts(KINDS))   # signature, memory, certainty and catalogue facts

_INT_BYTES = r"(?P<bytes>\d+)\s*(?:bytes|B)\b"
# (api, pattern, extra facts). Order: most specific first.
_ORIGINS: tuple[tuple[str, re.Pattern, dict], ...] = (
    # faiss GPU (dense retrieval indexes): StandardGpuResources (1.7+) prints the
    # AllocRequest ("type FlatData dev 3 space Device stream 0x.. size N bytes"),
    # older MemorySpace.cpp only the size and CUDA error code.
    ("faiss", _lazy(r"StandardGpuResources: (?:alloc|Faiss device allocator) fail type (?P<atype>\w+) "
                    r"dev (?P<dev>\d+) space \w+(?: stream \S+)? size (?P<bytes>\d+)"
                    r"(?:[^\n]*?\(cudaMalloc(?:Managed)? error out of memory \[(?P<code>\d+)\])?"), {}),
    ("faiss", _lazy(r"failed to cudaMalloc (?P<bytes>\d+) bytes \(error (?P<code>2) out of memory\)"), {}),
    ("cumem", _lazy(r"CUDA Error: out of memory at \S*cumem_allocator\.cpp"), {}),
    ("torch_memory_saver", _lazy(
        r"(?:CUresult|cudaError) error(?::\s*|\s+result=)(?P<code>2)\b(?:[^\n]*?func=(?P<func>\w+))?"), {}),
    ("torch_memory_saver", _lazy(r"torch_memory_saver\.cpp\] cuMemCreate CUDA_ERROR_OUT_OF_MEMORY"),
     {"recoverable": True}),
    ("nccl", _lazy(r"Failed to CUDA calloc(?: async)? " + _INT_BYTES), {}),
    ("nccl", _lazy(r"Cuda failure (?:(?P<code>\d+) )?'out of memory'"), {}),
    ("nccl", _lazy(r"NCCL WARN Failed to CUDA host alloc " + _INT_BYTES), {"space": "host"}),
    ("cublas", _lazy(r"CUBLAS_STATUS_ALLOC_FAILED"), {}),
    ("cublas", _lazy(r"CUBLAS_STATUS_NOT_INITIALIZED when calling `?cublasCreate"), {"ambiguous": True}),
    ("cudnn", _lazy(r"CUDNN_STATUS_ALLOC_FAILED"), {}),
    ("cuda_runtime", _lazy(r"CUDA error: out of memory"), {}),
    ("hip_runtime", _lazy(r"HIP error: out of memory"), {}),
    ("cuda_runtime", _lazy(r"cuda runtime error \((?P<code>2)\) : out of memory|"
                                r"THCudaCheck FAIL [^\n]*error=(?P<code2>2) : out of memory"), {}),
    ("xla", _lazy(r"RESOURCE_EXHAUSTED: Out of memory while trying to allocate (?:" + _INT_BYTES
                       + r"|(?P<num>[\d.]+)\s*(?P<unit>[KMGT]iB))"), {}),
    ("xla", _lazy(r"RESOURCE_EXHAUSTED: Out of host memory while trying to allocate " + _INT_BYTES),
     {"space": "host"}),
    ("xla", _lazy(r"RESOURCE_EXHAUSTED: Failed to allocate request for \S+ \((?P<bytes>\d+)B\) "
                       r"on device ordinal (?P<dev>\d+)"), {}),
    ("xla", _lazy(r"Allocator \(\w+\) ran out of memory trying to allocate \S+ \(rounded to "
                       r"(?P<bytes>\d+)\)"), {}),
    ("npu_runtime", _lazy(r"rtMalloc fail[^\n]*?size:\s*(?P<bytes>\d+)(?:, device_id:\s*(?P<dev>\d+))?"), {}),
    ("npu_runtime", _lazy(r"NPU out of memory\. device id: (?P<dev>\d+)"), {}),
    ("npu_runtime", _lazy(r"NPU out of memory\. NPUWorkspaceAllocator tried to allocate "
                               r"(?P<num>[\d.]+)\s*(?P<unit>[KMGT]iB|bytes)"), {}),
    ("level_zero", _lazy(r"(?:(?P<code>\d+)\s*\()?UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY"), {}),
    # XLA / TF's cudaMallocAsync allocator: `cuMemAllocAsync failed to allocate N bytes: ...`
    ("cuda_driver", _lazy(r"cuMemAllocAsync failed to allocate (?P<bytes>\d+) bytes"), {}),
    ("cuda_driver", _lazy(r"failed to allocate \S+ \((?P<bytes>\d+) bytes\) from device: "
                               r"CUDA_ERROR_OUT_OF_MEMORY|CUDA_ERROR_OUT_OF_MEMORY"), {}),
)
# printed under the async allocator's failure: `Reported by CUDA: Free memory/Total memory: F/T`
_CUDA_FREE_TOTAL = _lazy(r"Free memory/Total memory: (?P<free>\d+)/(?P<total>\d+)")
_NCCL_VERSION = _lazy(r"NCCL version (\d+\.\d+\.\d+)")
_NCCL_WARN_DEV = _lazy(r"\S+:\d+:\d+ \[(\d+)\] \S+:\d+ (?:\(\w+\) )?NCCL WARN")
_NCCL_EXC = _lazy(r"(?P<exc>[\w.]*(?:DistBackendError|RuntimeError))\s*:\s*NCCL error")


def _exception(text: str, start: int) -> str | None:
    """Class on the line that holds the message (or the NCCL error line)."""
    ls = text.rfind("\n", 0, start) + 1
    head = text[ls:start]
    m = re_cache.compile(r"\s*(?P<exc>[A-Za-z_][\w.]*(?:Error|Exception))\s*:").match(head)
    if m:
        return m["exc"]
    m = _NCCL_EXC.search(text)
    if m:
        return m["exc"]
    if "what():" in head or "c10::Error" in text:
        return "c10::Error"
    return None


def _match(text: str) -> tuple[str, re.Match, dict] | None:
    for api, rx, extra in _ORIGINS:
        m = rx.search(text)
        if m:
            return api, m, extra
    return None


def parse(record: Record) -> list[Event]:
    text = record.text
    if is_allocator_oom(text):
        return []  # the pytorch family reports it, with its numbers (tested first: one search, not ~20)
    found = _match(text)
    if found is None:
        return []
    api, m, extra = found
    gd = m.groupdict()
    f: dict = {"api": api, **extra}
    if gd.get("bytes"):
        f["requested_bytes"] = int(gd["bytes"])
    elif gd.get("num") and gd.get("unit"):
        f["requested_bytes"] = to_bytes(gd["num"], gd["unit"])
    if gd.get("dev"):
        f["device"] = int(gd["dev"])
    if api == "cuda_driver" and (ft := _CUDA_FREE_TOTAL.search(text)) is not None:
        f["free_bytes"], f["total_bytes"] = int(ft["free"]), int(ft["total"])
    if gd.get("atype"):
        f["alloc_type"] = gd["atype"]
    code = gd.get("code") or gd.get("code2")
    if code:
        f["error_code"] = int(code)
    if api == "nccl":
        v = _NCCL_VERSION.search(text)
        if v:
            f["nccl_version"] = v.group(1)
        f.setdefault("error_code", 2)
        d = _NCCL_WARN_DEV.search(text)
        if d and "device" not in f:
            f["device"] = int(d.group(1))
    exc = _exception(text, m.start())
    if exc:
        f["exception"] = exc
    f.update(phase_of(record))
    if "phase" not in f and gd.get("func") == "resume":  # torch_memory_saver resume = engine wake-up
        f.update({"phase": "wake_up", "phases": ["wake_up"]})
    line = next((ln.text.strip() for ln in record.lines if m.group(0)[:20] in ln.text), m.group(0))
    return [event("accelerator_oom", record, f, text=line[:2000])]


# CUDA/HIP error trailers and NCCL's 'Last error:' block belong to the line before them.
_CUDA_ERR = _lazy(r"(?:CUDA|HIP|cuDNN|CUBLAS|CUDNN) (?:e|E)rror|NCCL error|what\(\):|"
                       r"terminate called after throwing")
_TRAILER = _lazy(
    r"\s*(?:CUDA kernel errors might be asynchronously reported|HIP kernel errors might be|"
    r"For debugging consider passing (?:CUDA|HIP|AMD)_LAUNCH_BLOCKING|"
    r"Compile with `TORCH_USE_(?:CUDA|HIP)_DSA`|ncclUnhandledCudaError|ncclSystemError|ncclInternalError|"
    r"ncclInvalidUsage|ncclRemoteError|Last error:|Cuda failure|Failed to CUDA|NCCL WARN|"
    r"Exception raised from \w+ at |frame #\d+:|what\(\):)")


# c10's TORCH_INTERNAL_ASSERT / TORCH_CHECK message wrapped before its quoted source path
_C10_ASSERT_END = _lazy(r"(?:INTERNAL ASSERT|CHECK) FAILED at\s*$")
_C10_ASSERT_PATH = _lazy(r'\s*"[^"\s]+\.(?:cpp|cu|cuh|h|hpp)":\d+')


def continues(text: str, nxt: str) -> bool:
    if text.count("\n") >= 40:
        return False
    if _C10_ASSERT_PATH.match(nxt) and _C10_ASSERT_END.search(text.rsplit("\n", 1)[-1]):
        return True
    if _TRAILER.match(nxt) is None:
        return False
    last = text.rsplit("\n", 1)[-1]
    if _CUDA_ERR.search(text) or _TRAILER.match(last):
        return True
    return False


# XLA's report printed under its OOM (BufferAssignment OOM Debugging on GPU, the TPU compiler's
# `Total hbm usage` table): what is the program's inputs and what its temporaries, the split a
# person reads first (inputs alone overflowing is model states; temporaries are activations)
_XLA_REPORT = _lazy(r"^\s*(parameter allocation|preallocated temp allocation|arguments|program)\s*:?\s+"
                    r"([\d.]+)\s*([KMGT]?i?B|[KMGT])\s*$")
_XLA_FACT = {"parameter allocation": "argument_bytes", "arguments": "argument_bytes",
             "preallocated temp allocation": "temp_bytes", "program": "temp_bytes"}
REPORT_LINES = 40


def after_read(analysis) -> None:
    """Attach XLA's memory report (the lines printed under the failure) to its event."""
    xla = [e for e in analysis.events if e.kind == "accelerator_oom" and e.facts.get("api") == "xla"]
    if not xla or not analysis.lines:
        return
    from bisect import bisect_right
    lines = analysis.lines
    for ev in xla[:8]:
        start = bisect_right(lines, ev.end_line, key=lambda ln: ln.no)
        for ln in lines[start:start + REPORT_LINES]:
            if "ocation" not in ln.text and "rguments" not in ln.text and "rogram" not in ln.text:
                continue
            m = _XLA_REPORT.match(ln.text)
            if m:
                key = _XLA_FACT[m.group(1)]
                value = to_bytes(m.group(2), m.group(3))
                if value is not None and key not in ev.facts:
                    ev.facts[key] = value

