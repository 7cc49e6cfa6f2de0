"""Failures that are not out-of-memory, so that they are never taken for one.

Many crashes carry memory words: `an illegal memory access was encountered`,
`misaligned address`, `uncorrectable ECC error`, Ray's "worker died" text
(owned by the ray family) listing the OOM killer among *possible* causes.
Each becomes a `crash` event with a `reason` from a small fixed vocabulary
(`REASONS`), found by the literal texts below (CUDA runtime strings as torch
prints them via `C10_CUDA_CHECK`, NCCL watchdog lines from ProcessGroupNCCL).

A traceback is not always a death: `logging.exception` prints one for an
error the code caught (a failed reward call, a retried request) and training
goes on. After the whole log is read (`after_read`), a crash followed by
`SURVIVED_MIN` metric lines or new progress-bar states of its own source
becomes `survived_crash`: shown, but neither the failure nor not-oom evidence
(another rank's steps do not count; a Ray driver's steps after a worker's
traceback do).

A generic catch closes the gap: the final exception of a Python traceback
that is neither an OOM nor one of the specific reasons becomes
`reason: python_exception` with its `exception` class, so a rule can say
"the run died of something else". Wrappers that only re-raise a failure
printed elsewhere (torchrun `ChildFailedError`, Ray `RayTaskError`,
`ActorDiedError`, ...) are skipped: their own families or the inner
traceback report the cause. Generic reasons (`python_exception`,
`cuda_error`, `nccl_error`, `abort`) are suppressed when the record also
holds OOM words: the OOM families report those.
"""
from __future__ import annotations

from bisect import bisect_right

from .base import lazy as _lazy

from ..model import Event, Record
from ..scan import TriggerGroup
from .base import event
from .pytorch import phase_of
from .. import re_cache

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: a warm run never imports re (re_cache)
    import re

NAME = "crash"
# Few, broad keys: every key costs a substring scan of every record (metric
# lines included); parse() gates its regexes with cheap literal checks.
KEYS = ("error", "traceback (most", "watchdog", "timed out", "fault", "sigsegv", "sigabrt",
        "fallen off", "loss is nan", "liveness probe", "startup probe")
TRIGGERS = (
    TriggerGroup("crash-cuda", (
        "illegal memory access", "device-side assert", "unspecified launch failure",
        "illegal instruction was encountered", "misaligned address", "uncorrectable ECC error",
        "fallen off the bus", "CUDA error:", "HIP error:",
    ), before=40, after=12),
    TriggerGroup("crash-process", (
        "Watchdog caught collective operation timeout", "timed out in blocking wait", "NCCL error",
        "Segmentation fault", "SIGSEGV", "SIGABRT", "Fatal Python error", "Unexpected segmentation fault",
        "Loss is NaN", "Loss became infinite or NaN", "returned nan values", "FloatingPointError",
        "Liveness probe failed", "failed liveness probe", "Startup probe failed", "failed startup probe",
    ), before=10, after=8),
    # The final line of any traceback, possibly far below its header.
    TriggerGroup("traceback", ("Traceback (most recent call last)",), before=0, after=250),
)
LINE_TRIGGERS = ()

REASONS = {
    "illegal_memory_access": "CUDA/HIP 'an illegal memory access was encountered' (a kernel bug, not OOM)",
    "device_side_assert": "'device-side assert triggered' (e.g. an index out of range in a kernel)",
    "cuda_launch_failure": "unspecified launch failure, illegal instruction, misaligned address",
    "ecc_error": "uncorrectable ECC error: failing GPU memory hardware",
    "gpu_lost": "the GPU fell off the bus / Xid 79: hardware or driver failure",
    "nccl_timeout": "NCCL watchdog: a collective timed out (usually a hung or dead peer)",
    "nccl_error": "NCCL error other than a CUDA OOM (network, system, internal)",
    "segfault": "segmentation fault / SIGSEGV in a process",
    "abort": "SIGABRT / 'Fatal Python error: Aborted'",
    "nan_loss": "the loss became NaN/inf and training stopped",
    "probe_kill": "a Kubernetes liveness / startup probe failed and the kubelet killed the container (its 137 is no OOM)",
    "cuda_error": "another CUDA/HIP runtime error (no kernel image, unknown error, ...)",
    "python_exception": "the final exception of a traceback that is not an OOM",
}
# What each kind is to an incident (parsers/__init__.py ROLES); unlisted kinds are precursors.
ROLES = {"crash": "crash", "survived_crash": "context"}
# Facts that differ between copies of one failure (each rank prints its own).
PER_COPY_FACTS = {"exception"}
KINDS = {
    "crash": "a failure that is not out-of-memory; `reason` says which (see crash.REASONS)",
    "survived_crash": "a crash-shaped exception the run went on from (later training steps or "
                      "progress from the same source): a caught and logged error, never the failure",
}
FACTS = {
    "reason": "what failed: " + ", ".join(REASONS),
    "exception": "exception class of the final exception line, when there is one",
    "message": "python_exception only: the final exception message (first 200 characters)",
    "collective": "nccl_timeout: the collective that timed out (OpType), e.g. ALLREDUCE",
    "timeout_ms": "nccl_timeout: the watchdog timeout in milliseconds",
    "later_steps": "survived_crash: metric lines or new progress-bar states logged after it",
}

# (reason, lowercase gate literals, pattern) — first match wins; specific before
# generic. The regex runs (and is compiled) only when a gate literal is in the lowercased record.
_SPECIFIC = (
    ("illegal_memory_access", ("illegal memory access",), _lazy(r"illegal memory access", re_cache.I)),
    ("device_side_assert", ("device-side assert",),
     _lazy(r"device-side assert(?:ion)? triggered|device-side assertions? (?:was|were) triggered")),
    ("ecc_error", ("ecc error",), _lazy(r"uncorrectable ECC error", re_cache.I)),
    ("gpu_lost", ("fallen off", "xid"), _lazy(r"fallen off the bus|Xid \(PCI:[^)]*\): 79\b")),
    ("cuda_launch_failure", ("launch failure", "illegal instruction", "misaligned address"),
     _lazy(r"unspecified launch failure|an illegal instruction was encountered|misaligned address")),
    ("nccl_timeout", ("watchdog", "blocking wait", "timed out"),
     _lazy(r"Watchdog caught collective operation timeout|timed out in blocking wait|"
                r"Some NCCL operations have failed or timed out")),
    ("segfault", ("segmentation fault", "sigsegv"),
     _lazy(r"Segmentation fault|SIGSEGV|Unexpected segmentation fault")),     # (a DataLoader worker's, lower case)
    ("probe_kill", ("liveness probe", "startup probe"),
     _lazy(r"(?:Liveness|Startup) probe failed|failed (?:liveness|startup) probe, will be restarted")),
    ("nan_loss", ("nan", "floatingpointerror"),
     _lazy(r"Loss is NaN|loss is nan|Loss became infinite or NaN|returned nan values in its|"
                r"FloatingPointError")),
)
_GENERIC = (
    ("abort", ("aborted", "sigabrt"), _lazy(r"Fatal Python error: Aborted|SIGABRT")),
    ("nccl_error", ("nccl",), _lazy(r"NCCL error|ncclSystemError|ncclInternalError|ncclRemoteError|"
                                         r"NCCL communicator was aborted")),
    ("cuda_error", ("cuda error:", "hip error:"), _lazy(r"(?:CUDA|HIP) error: (?!out of memory)")),
)
_OOM_WORDS = _lazy(
    r"out of memory|OutOfMemory|MemoryError|RESOURCE_EXHAUSTED|ALLOC_FAILED|OUT_OF_MEMORY|"
    r"OUT_OF_DEVICE_MEMORY|[Cc]annot allocate memory|can't allocate memory|not enough memory|"
    r"running low on memory|\bOOM\b|oom-kill|oom_kill|rtMalloc fail|"
    # capacity failures reported by other families (vLLM KV cache, DeepSpeed buffers)
    r"KV cache|cache blocks|gpu_memory_utilization|[Ii]nsufficient memory|Not enough memory in buffer|"
    # families of the signature catalogue that carry no 'out of memory' words
    r"CUDA calloc|memory allocation of \d+ bytes failed|ArrowMemoryError|mlock failed|No executable batch size|"
    r"Ran out of memory|OOM when allocating|mem-fraction-static|ObjectStoreFullError|insufficient shared memory|"
    r"No space left on device|Bus error|Failed to CUDA host alloc|"
    r"resource allocation failed|isn't enough and alloc failed|PT_DEVMEM Allocation failed|"
    r"Failed to allocate memory for requested buffer|[Nn]o enough memory|memory capacity is unbalanced|"
    r"NVML_SUCCESS == r INTERNAL ASSERT FAILED at \S*CUDACachingAllocator|"
    # an exception that only reports a kill (DataLoader, torch.multiprocessing): the kill family's
    r"killed by signal: Killed|terminated with signal SIGKILL|Signals\.SIGKILL|Signal 9 \(SIGKILL\)|"
    r"excessive memory usage causing|abruptly died during map|Raylet is terminated|"
    # a worker that died with no error of its own (the generic net's possible kill)
    r"terminated abruptly|exited unexpectedly|stopped unexpectedly|died unexpectedly|workers died while", re_cache.I)
_OP = _lazy(r"OpType=(\w+)")
_TIMEOUT = _lazy(r"Timeout\(ms\)=(\d+)")
_EXC_LINE = _lazy(r"(?P<exc>[A-Za-z_][\w.]*(?:\([\w.]+\))?)(?::\s?(?P<msg>.*))?$")
_ERRORISH = _lazy(r"(?:Error|Exception|Interrupt|Exit|Failure|Timeout|Warning)(?:\([\w.]+\))?$")
# Ray's "worker died" and "raylet is terminated" texts list SIGSEGV and the OOM killer as
# *possible* causes (ray family, catalogue ray-raylet-terminated).
_NOT_MINE = ("potential root causes", "common causes include", "Possible reasons include",
             "potentialrootcauses", "commoncausesinclude", "Possiblereasonsinclude")
_WRAPPERS = ("ChildFailedError", "RayTaskError", "RayActorError", "ActorDiedError", "WorkerCrashedError",
             "CalledProcessError", "ActorUnschedulableError")
# a pipe read from a child process that is gone (SGLang's `scheduler_pipe_readers[i].recv()` -> EOFError)
_PEER_GONE = ("EOFError", "BrokenPipeError", "ConnectionResetError")
_EXC_AT_START = _lazy(r"\s*(?P<exc>[A-Za-z_][\w.]*(?:Error|Exception))\s*:")


def _final_exception(record: Record) -> tuple[str, str] | None:
    """(class, message) of the last exception line of a traceback record."""
    last = None
    in_exc = False
    for ln in record.lines:
        t = ln.text
        s = t.strip()
        if not s:
            continue
        if t[:1] in (" ", "\t") or s.startswith(("File \"", "Traceback (most recent", "During handling",
                                                 "The above exception")):
            in_exc = False
            continue
        if not in_exc:
            last = s
            in_exc = True
    if last is None:
        return None
    m = _EXC_LINE.match(last)
    if not m:
        return None
    exc = m["exc"]
    if not _ERRORISH.search(exc) and not (m["msg"] is not None and "." in exc):
        return None  # not shaped like an exception class
    return exc, (m["msg"] or "").strip()


def _first(table, text: str, lower: str) -> tuple[str, re.Match] | None:
    for reason, gates, rx in table:
        if any(g in lower for g in gates):
            m = rx.search(text)
            if m:
                return reason, m
    return None


def parse(record: Record) -> list[Event]:
    text = record.text
    if any(n in text for n in _NOT_MINE) or (("causes" in text or "reasons" in text) and any(n in text.replace("\n", "") for n in _NOT_MINE)):
        return []
    lower = text.lower()
    facts: dict | None = None
    hit = _first(_SPECIFIC, text, lower)
    if hit:
        facts = {"reason": hit[0]}
    has_oom = _OOM_WORDS.search(text) is not None
    if facts is None and not has_oom:
        hit = _first(_GENERIC, text, lower)
        if hit:
            facts = {"reason": hit[0]}
    hit = hit[1] if hit else None
    final = _final_exception(record) if record.kind == "traceback" else None
    if facts is None:
        if final is None or has_oom:
            return []
        exc, msg = final
        if any(w in exc for w in _WRAPPERS):
            return []  # a launcher/actor wrapper: the failure itself is reported by its own record
        if exc in _PEER_GONE and ("multiprocessing/connection.py" in text or "multiprocessing\\connection.py" in text):
            return []  # the parent's read of a pipe whose child died: the death is reported by its own record
        facts = {"reason": "python_exception", "exception": exc, "message": msg[:200]}
    else:
        if final is not None:
            facts["exception"] = final[0]
        elif hit is not None:
            ls = text.rfind("\n", 0, hit.start()) + 1
            em = _EXC_AT_START.match(text, ls, hit.start())
            if em:
                facts["exception"] = em["exc"]
        if facts["reason"] == "nccl_timeout":
            op, to = _OP.search(text), _TIMEOUT.search(text)
            if op:
                facts["collective"] = op.group(1)
            if to:
                facts["timeout_ms"] = int(to.group(1))
    facts.update(phase_of(record))
    where = hit.group(0) if hit is not None else facts.get("exception", "")
    line = next((ln.text.strip() for ln in record.lines if where and where in ln.text), record.lines[-1].text)
    return [event("crash", record, facts, text=line.strip()[:2000])]


# -- crashes the run survived ----------------------------------------------------
SURVIVED_MIN = 2          # later metric lines / new progress states that prove the run went on
_PROGRESS = _lazy(r"\|\s*(\d+)/(\d+) \[")     # tqdm: ' 12%|█▏   | 60/500 [01:00<07:20'


def after_read(analysis) -> None:
    """Re-kind crashes that later training steps or progress followed."""
    crashes = [e for e in analysis.events if e.kind == "crash"]
    if not crashes:
        return
    store = analysis.metrics
    metric_lines = sorted({ln for name in store.names() for _, _, ln in store.points(name)})
    source_of = {ln.no: ln.source for ln in analysis.lines}
    for ev in crashes[:64]:
        # from the first copy's start: copies from other ranks merge into one event
        later = sum(1 for no in metric_lines[bisect_right(metric_lines, ev.line):]
                    if _goes_on(ev.source, source_of.get(no)))
        if later < SURVIVED_MIN:
            later = max(later, _progress_after(analysis.lines, ev))
        if later >= SURVIVED_MIN:
            ev.kind = "survived_crash"
            ev.facts["later_steps"] = later


def _goes_on(crashed, printer) -> bool:
    """Whether a metric line printed by `printer` shows the crashed writer's run
    went on: its own lines, or (Ray) the driver's step lines after a worker's
    traceback. Another rank's steps do not: ranks die one by one. A metric line
    that was not kept (sampled big log) counts."""
    if printer is None or printer.key == crashed.key:
        return True
    return crashed.kind in ("ray", "vllm") and printer.kind == "ray"


def _progress_after(lines, ev) -> int:
    """Distinct progress-bar states the crash's source printed after it, other
    than its last state before it (a dying bar is redrawn once at exit)."""
    key = ev.source.key
    last_before = None
    seen: set[tuple[int, int]] = set()
    for ln in lines:
        if ln.source.key != key or "/" not in ln.text:
            continue
        m = _PROGRESS.search(ln.text)
        if m is None:
            continue
        state = (int(m.group(1)), int(m.group(2)))
        if ln.no <= ev.line:
            last_before = state
        elif state != last_before:
            seen.add(state)
    return len(seen)
