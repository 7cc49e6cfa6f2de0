"""Host-side memory failures: kernel/cgroup OOM killer, launcher exits, Slurm,
Kubernetes, host allocation errors (FORMATS.md §1.5, §4.5, §5.2–§5.6).

A launcher exit (`exitcode: -9`, `exit status 137`, bash `Killed`) is only a
*symptom*: something sent SIGKILL, usually the kernel or a cgroup OOM killer.
It is reported plainly as `process_killed` and only for SIGKILL / 137 /
OOMKilled; other exit codes (-6 abort, -15 SIGTERM of survivors, 1 Python
error) are not memory evidence and produce nothing here.

Kernel sizes are KiB labelled `kB`. Every field after `total-vm` is optional
because the `Killed process` line grew fields across kernel versions.
"""
from __future__ import annotations

from .base import lazy as _lazy

from ..model import Event, Record
from .. import signatures
from ..units import NUMBER, to_bytes
from .base import event
from .. import re_cache

NAME = "host"
# Few, broad keys: the pipeline tests every record (every metric line too)
# against every key, so each key costs on the hot path; parse() is exact.
KEYS = ("kill", "exit", "out of memory", "out_of_me", "allocate memory", "unable to allocate", "not enough memory",
        "memoryerror", "bad_alloc", "low on resource")
TRIGGERS = signatures.trigger_groups(NAME)   # literals: oomdoc/signatures/catalogue.yaml
LINE_TRIGGERS = ()

# Failures of one family at one moment are one incident (parsers/__init__.py).
FAILURE_FAMILY = "host"
# What each kind is to an incident (parsers/__init__.py ROLES); unlisted kinds are precursors.
ROLES = {"host_oom_kill": "failure", "slurm_oom": "failure", "host_alloc_failed": "failure",
         "process_killed": "symptom"}
# Facts that differ between copies of one failure (each rank prints its own).
PER_COPY_FACTS = {"pid"}
KINDS = {
    "host_oom_kill": "the Linux kernel / cgroup OOM killer (or a kubelet memory eviction) killed a process",
    "process_killed": "a launcher/shell/container reports a child killed by SIGKILL (-9 / 137) or "
                      "OOMKilled: a symptom, usually of a host or cgroup OOM",
    "slurm_oom": "Slurm reports oom-kill events / Out Of Memory for a job step",
    "host_alloc_failed": "a host (CPU RAM) allocation failed: torch CPU allocator, numpy, "
                         "MemoryError, std::bad_alloc, ENOMEM",
}
FACTS = {
    "process_name": "kernel comm of the killed process (max 15 chars, e.g. python, pt_main_thread)",
    "anon_rss_bytes": "anonymous RSS of the killed process (the number that matters)",
    "total_vm_bytes": "virtual address space of the killed process (not memory use)",
    "file_rss_bytes": "file-backed RSS of the killed process",
    "shmem_rss_bytes": "shared-memory RSS of the killed process",
    "memcg": "the kill was a memory-cgroup (container / Slurm / k8s limit) OOM",
    "cgroup": "cgroup path of the OOM (oom_memcg or task_memcg)",
    "constraint": "kernel OOM constraint (CONSTRAINT_NONE, CONSTRAINT_MEMCG, ...)",
    "oom_reason": "kernel reason text before 'Killed process'",
    "invoker": "process whose allocation invoked the OOM killer",
    "killer": "what killed: kernel, kubelet_eviction, or the user-space killer, scheduler or platform a catalogue entry names",
    "exit_code": "exit code as the launcher printed it (-9 or 137)",
    "signal": "signal number (9 = SIGKILL)",
    "launcher": "who reported the exit: torchrun, deepspeed, subprocess, shell, slurm, kubernetes, dataloader",
    "oom_killed": "the container runtime says OOMKilled",
    "oom_events": "number of oom-kill events Slurm detected",
    "job_step": "Slurm job step (jobid.step)",
    "job_id": "Slurm job id",
    "job_state": "Slurm job state (OUT_OF_MEMORY from sacct/squeue)",
    "pid": "pid of the killed process",
    "node": "node name reported by Slurm",
    "requested_bytes": "size of the failed host allocation",
    "api": "which host allocator failed: torch_cpu, numpy, python, cpp, os",
    "shape": "array shape of a failed numpy allocation",
    "dtype": "array dtype of a failed numpy allocation",
    "usage_bytes": "container memory usage at a kubelet eviction",
    "request_bytes": "container memory request at a kubelet eviction",
    "memcg_limit_bytes": "memory limit of the cgroup whose OOM killed the process (kernel `memory: usage …, limit …`)",
    "memcg_usage_bytes": "memory usage of that cgroup when its OOM fired",
}
FACTS.update(signatures.tag_facts(KINDS))   # signature, memory, certainty and catalogue facts

# -- kernel -----------------------------------------------------------------
_KILLED = _lazy(
    r"(?:(?P<reason>Out of memory(?: \(oom_kill_allocating_task\))?|Memory cgroup out of memory):\s+)?"
    r"Killed process (?P<pid>\d+) \((?P<comm>.*?)\)(?= total-vm|,|\s*$)"
    r"(?: total-vm:(?P<vm>\d+)kB)?(?:, anon-rss:(?P<anon>\d+)kB)?(?:, file-rss:(?P<file>\d+)kB)?"
    r"(?:, shmem-rss:(?P<shmem>\d+)kB)?")
# the same kernel line pasted with its pid elided (`Out of memory: Killed process (VLLM::Worker_TP)`), the
# memory fields often wrapped onto the next line; only with the kernel's reason head, never bare prose
_KILLED_NOPID = _lazy(r"(?P<reason>Out of memory(?: \(oom_kill_allocating_task\))?|Memory cgroup out of memory):"
                      r"\s+Killed process \((?P<comm>[^()\n]{1,64})\)")
_VM_FIELDS = _lazy(r"total-vm:(?P<vm>\d+)kB,?\s+anon-rss:(?P<anon>\d+)kB(?:,?\s+file-rss:(?P<file>\d+)kB)?"
                   r"(?:,?\s+shmem-rss:(?P<shmem>\d+)kB)?")
_KILL_OLD = _lazy(r"(?P<reason>Out of memory|Memory cgroup out of memory): Kill process (?P<pid>\d+) "
                       r"\((?P<comm>.*?)\) score \d+ or sacrifice child")
_INVOKED = _lazy(r"(?P<comm>\S+) invoked oom-killer: gfp_mask=(?P<gfp>0x[0-9a-fA-F]+)")
_OOMKILL = _lazy(r"oom-kill:constraint=(?P<c>\w+),")
_MEMCG = _lazy(r"\boom_memcg=(?P<oom>[^,\s]+)|\btask_memcg=(?P<task>[^,\s]+)")
_TASK = _lazy(r",task=(?P<comm>[^,]+),pid=\s*(?P<pid>\d+)")
_EVICT = _lazy(r"The node was low on resource: memory\.")
_EVICT_USE = _lazy(r"Container (?P<c>\S+) was using (?P<use>[\d.]+)(?P<u1>[KMGT]i?)?, "
                        r"(?:request is|which exceeds its request of) (?P<req>[\d.]+)(?P<u2>[KMGT]i?)?")

# -- launchers --------------------------------------------------------------
_TORCHRUN_AGENT = _lazy(r"failed \(exitcode: (?P<code>-?\d+)\) local_rank: \d+ \(pid: (?P<pid>\d+)\)")
_TORCHRUN_BOX = _lazy(r"\bexitcode\s*: (?P<code>-?\d+) \(pid: (?P<pid>\d+)\)")
_SIGNAL_9 = _lazy(r"Signal 9 \(SIGKILL\) received by PID (?P<pid>\d+)")
_DEEPSPEED = _lazy(r"exits with return code = (?P<code>-?\d+)")
_SUBPROC_SIG = _lazy(r"died with <Signals\.SIGKILL: 9>")
_EXIT_137 = _lazy(r"(?:exit(?:ed)?(?: with)? (?:status|code)|return code|Exit Code|exit_code)\s*[:=]?\s*"
                       r"(?P<code>137|-9)\b", re_cache.I)
# also right after a progress bar the kill interrupted: `… 17/25 [00:41<00:19,  2.41s/it]Killed`;
# on macOS the shells name the signal with strsignal(), which Darwin's libc ends with the number: `Killed: 9`
# (a wrap may leave the script's name on the line before: `line 142: 175323 Killed  python ...`)
# (or a tqdm bar never ended with a newline before it: `8.08s/it]./run.sh: line 14: 3103923 Killed`)
# (with its `line N: PID`, the command may follow after one blank: a wrap joined back)
_BASH_KILLED = _lazy(r"^(?:.*\])?(?:(?:(?:\S+: )?line \d+:\s+(?P<pid>\d+)\s+)Killed(?:: 9)?(?:\s+\S.*?)?"
                     r"|Killed(?:: 9)?(?:\s{2,}\S.*?)?)\s*$")
# zsh names the signal in lower case: `zsh: killed     python train.py` (a foreground job), or a job
# line `[1]  + 55263 killed     python train.py` / `[1]    55263 killed     cmd` (Src/jobs.c printjob,
# Src/signames2.awk: SIGKILL is "killed"); the pid only with long job listing
_ZSH_KILLED = _lazy(r"^(?:zsh: |\[\d+\]\s+[+-]?\s*(?:(?P<pid>\d+)\s+)?)killed(?:\s{2,}(?P<cmd>\S.*?))?\s*$")
_SRUN_KILLED = _lazy(r"srun: error: (?P<node>\S+): tasks? (?P<tasks>[\d,\-\[\]]+): Killed")
_OOMKILLED = _lazy(r"\bOOMKilled\b")
_DATALOADER = _lazy(r"DataLoader worker \(pid (?P<pid>\d+)\) is killed by signal: Killed")

# -- Slurm ------------------------------------------------------------------
_SLURM_DETECTED = _lazy(r"Detected (?P<n>\d+) oom[-_]kill event(?:\(s\)|s)? in (?:step |StepId=)"
                             r"(?P<step>(?P<job>\d+)(?:\.[\w+]+)?)")
_SRUN_OOM = _lazy(r"srun: error: (?P<node>\S+): tasks? (?P<tasks>[\d,\-\[\]]+): Out Of Memory")
_SLURM_TASK_OOM = _lazy(r"task \d+ \((?P<pid>\d+)\) Out Of Memory \(OOM\)")
_SLURM_STATE = _lazy(r"\bOUT_OF_ME(?:MORY\b|\+)")

# -- host allocation --------------------------------------------------------
_CPU_ALLOC = _lazy(r"DefaultCPUAllocator: (?:can't allocate memory|not enough memory): "
                        r"you tried to allocate (?P<n>\d+) bytes")
_NUMPY = _lazy(rf"Unable to allocate (?P<num>{NUMBER})\s*(?P<unit>[KMGTP]?i?B|bytes) for an array with "
                    r"shape (?P<shape>\(.*?\)) and data type (?P<dtype>[\w\[\]<>|:.]+)")
_MEMERR = _lazy(r"^ {0,2}(?:builtins\.)?MemoryError(?::\s*(?P<msg>.*))?\s*$")
_BAD_ALLOC = _lazy(r"std::bad_alloc")
# a MemoryError for a mapping the OS refused by policy, not for lack of memory (cffi's `Cannot allocate
# write+execute memory for ffi.callback()` under SELinux / W^X)
_REFUSED_MAPPING = _lazy(r"(?i)write\s*\+\s*execute\s+memory|executable\s+memory")
# a bad_alloc / MemoryError that carries a device error is a device allocation (RAPIDS RMM's
# out_of_memory, thrust; PaddlePaddle raises its GPU allocator's BadAlloc as MemoryError): the
# catalogue's device entries report it, not host memory
_DEVICE_ERR = _lazy(r"\bCUDA error\b|\bcudaError\w+|\bhipError\w+|Out of memory error on [A-Za-z]")   # Paddle: GPU, XPU, custom devices
_ENOMEM = _lazy(r"\[Errno 12\] Cannot allocate memory")


def _kb(v: str | None) -> int | None:
    return int(v) * 1024 if v is not None else None


def _k8s_qty(num: str, unit: str | None) -> int | None:
    scale = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40,
             "K": 10**3, "M": 10**6, "G": 10**9, "T": 10**12, None: 1}.get(unit)
    try:
        return int(float(num) * scale) if scale else None
    except ValueError:
        return None


def _kernel(text: str) -> dict | None:
    m = _KILLED.search(text) or _KILL_OLD.search(text) or _KILLED_NOPID.search(text)
    inv = _INVOKED.search(text)
    ok = _OOMKILL.search(text)
    if not (m or inv or ok):
        return None
    f: dict = {"killer": "kernel"}
    if m:
        if m.re is not _KILLED_NOPID.compiled():
            f["pid"] = int(m["pid"])
        f["process_name"] = m["comm"]
        if m["reason"]:
            f["oom_reason"] = m["reason"]
        vm = m if m.re is _KILLED.compiled() else (_VM_FIELDS.search(text) if m.re is _KILLED_NOPID.compiled() else None)
        if vm:
            f["total_vm_bytes"] = _kb(vm["vm"])
            f["anon_rss_bytes"] = _kb(vm["anon"])
            f["file_rss_bytes"] = _kb(vm["file"])
            f["shmem_rss_bytes"] = _kb(vm["shmem"])
        if (m["reason"] or "").startswith("Memory cgroup"):
            f["memcg"] = True
    if ok:
        f["constraint"] = ok["c"]
        if ok["c"] == "CONSTRAINT_MEMCG":
            f["memcg"] = True
        paths = {k: v for mm in _MEMCG.finditer(text) for k, v in mm.groupdict().items() if v}
        if paths.get("oom") or paths.get("task"):
            f["cgroup"] = paths.get("oom") or paths.get("task")
        t = _TASK.search(text)
        if t and "pid" not in f:
            f["pid"], f["process_name"] = int(t["pid"]), t["comm"]
    if inv and not m and not ok:
        f["invoker"] = inv["comm"]
    return f


def _eviction(text: str) -> dict | None:
    if not _EVICT.search(text):
        return None
    f: dict = {"killer": "kubelet_eviction"}
    m = _EVICT_USE.search(text)
    if m:
        f["process_name"] = m["c"]
        f["usage_bytes"] = _k8s_qty(m["use"], m["u1"])
        f["request_bytes"] = _k8s_qty(m["req"], m["u2"])
    return f


def _killed(record: Record, text: str) -> dict | None:
    """SIGKILL reported by a launcher, shell or container runtime."""
    for rx, launcher in ((_TORCHRUN_AGENT, "torchrun"), (_TORCHRUN_BOX, "torchrun")):
        m = rx.search(text)
        if m and m["code"] == "-9":
            return {"exit_code": -9, "signal": 9, "pid": int(m["pid"]), "launcher": launcher}
    m = _SIGNAL_9.search(text)
    if m:
        return {"exit_code": -9, "signal": 9, "pid": int(m["pid"]), "launcher": "torchrun"}
    m = _DEEPSPEED.search(text)
    if m and m["code"] in ("-9", "137"):
        return {"exit_code": int(m["code"]), "signal": 9, "launcher": "deepspeed"}
    m = _DATALOADER.search(text)
    if m:
        return {"signal": 9, "pid": int(m["pid"]), "launcher": "dataloader"}
    if _SUBPROC_SIG.search(text):
        return {"exit_code": -9, "signal": 9, "launcher": "subprocess"}
    if _OOMKILLED.search(text):
        f = {"signal": 9, "oom_killed": True, "launcher": "kubernetes"}
        m = _EXIT_137.search(text)
        if m:
            f["exit_code"] = int(m["code"])
        return f
    m = _SRUN_KILLED.search(text)
    if m:
        return {"signal": 9, "launcher": "slurm", "node": m["node"]}
    m = _EXIT_137.search(text)
    if m:
        launcher = "subprocess" if "CalledProcessError" in text or "non-zero exit status" in text else "shell"
        return {"exit_code": int(m["code"]), "signal": 9, "launcher": launcher}
    for ln in record.lines:
        if "illed" in ln.text:
            b = _BASH_KILLED.match(ln.text.strip()) or _ZSH_KILLED.match(ln.text.strip())
            if b:
                f = {"signal": 9, "exit_code": 137, "launcher": "shell"}
                if b["pid"]:
                    f["pid"] = int(b["pid"])
                return f
    return None


def _slurm(text: str) -> dict | None:
    m = _SLURM_DETECTED.search(text)
    if m:
        return {"oom_events": int(m["n"]), "job_step": m["step"], "job_id": int(m["job"])}
    m = _SRUN_OOM.search(text)
    if m:
        return {"node": m["node"]}
    m = _SLURM_TASK_OOM.search(text)
    if m:
        return {"pid": int(m["pid"])}
    if _SLURM_STATE.search(text):
        return {"job_state": "OUT_OF_MEMORY"}
    return None


def _alloc(record: Record, text: str) -> dict | None:
    m = _CPU_ALLOC.search(text)
    if m:
        return {"api": "torch_cpu", "requested_bytes": int(m["n"])}
    m = _NUMPY.search(text)
    if m:
        return {"api": "numpy", "requested_bytes": to_bytes(m["num"], m["unit"]),
                "shape": m["shape"], "dtype": m["dtype"]}
    if ("bad_alloc" in text or "MemoryError" in text) and _DEVICE_ERR.search(text):
        return None
    for ln in record.lines:
        if "MemoryError" in ln.text and _MEMERR.match(ln.text) and not _REFUSED_MAPPING.search(ln.text):
            return {"api": "cpp" if "bad_alloc" in ln.text else "python"}
    if _BAD_ALLOC.search(text):
        return {"api": "cpp"}
    if _ENOMEM.search(text):
        return {"api": "os"}
    return None


def _line_with(record: Record, needles: tuple[str, ...]) -> str:
    for ln in record.lines:
        if any(n in ln.text for n in needles):
            return ln.text.strip()[:2000]
    return record.lines[-1].text.strip()[:2000]


def parse(record: Record) -> list[Event]:
    text = record.text
    out: list[Event] = []
    f = _kernel(text) if ("process" in text or "oom-kill" in text) else None
    f = f or _eviction(text)
    if f:
        out.append(event("host_oom_kill", record, f, text=_line_with(
            record, ("Killed process", "Kill process", "oom-kill:", "invoked oom-killer", "low on resource"))))
    elif "Out Of Memory" in text or "oom" in text.lower() or "OUT_OF_ME" in text:
        s = _slurm(text)
        if s:
            out.append(event("slurm_oom", record, s, text=_line_with(
                record, ("oom", "Out Of Memory", "OUT_OF_ME"))))
    if not f and not out:
        k = _killed(record, text)
        if k:
            out.append(event("process_killed", record, k, text=_line_with(
                record, ("exitcode", "SIGKILL", "return code", "137", "OOMKilled", "Killed"))))
    a = _alloc(record, text)
    if a:
        out.append(event("host_alloc_failed", record, a, text=_line_with(
            record, ("allocate", "MemoryError", "bad_alloc", "Errno 12"))))
    return out


# a memory cgroup's OOM report: `memory: usage …kB, limit …kB`, then memory+swap / kmem lines
_MEMCG_USAGE = _lazy(r"\s*(?:memory|memory\+swap|kmem|swap): usage \d+kB, limit \d+kB")
_BOX_FIELD = _lazy(r"^\s+(?:time|host|rank|exitcode|error_file|traceback)\s*:")


def continues(text: str, nxt: str) -> bool:
    """Join lines that report one kill: the kernel's summary and its `Killed
    process` line, the fields of one torchrun failure box, a Kubernetes
    `Reason: OOMKilled` and its `Exit Code:`, C++ `terminate` and `what()`."""
    last = text[text.rfind("\n") + 1:]
    # a capital first (memchr, ~0.04 us): the words' own searches cost ~1 us each on a 1.4 KB metric line
    if "K" in last and "Killing subprocess" in last \
            and ("Killing subprocess" in nxt or "exits with return code" in nxt):
        return True     # DeepSpeed's sigkill_handler: the children it kills, then the exit code
    if ("K" in nxt and "Killed process" in nxt) or "oom-kill:constraint=" in nxt:
        return "oom-kill:constraint=" in last or "or sacrifice child" in last or _MEMCG_USAGE.search(last) is not None
    if _MEMCG_USAGE.match(nxt):
        return _MEMCG_USAGE.search(last) is not None
    if "C" in nxt and "Exit Code:" in nxt:
        return "OOMKilled" in last
    if "what():" in nxt:
        return "terminate called after throwing" in last
    if nxt[:1] == " " and _BOX_FIELD.match(nxt):
        return bool(_BOX_FIELD.match(last))
    return False


# -- a worker that died silently while the model loaded ----------------------
# torch elastic's agent stops the surviving workers when one dies (`Sending process N closing signal
# SIGTERM`, torch/distributed/elastic/multiprocessing/api.py). With no error, kill or OOM report anywhere
# in the log and a checkpoint-loading bar cut short just before, the dead worker left no word of its own:
# shards pass through host RAM, once per rank, and the OOM killer's SIGKILL is the usual silent death.
_PEERS_STOPPED = "closing signal SIGTERM"
_LOADING_BAR = _lazy(r"(?P<desc>[^|%\r\n]{0,80}?)[:\s]*(?P<pct>\d{1,3})%\|")
LOOK_BACK = 40      # lines before the agent's first notice where the loading bar may be
SILENT_DEATH = "elastic-silent-death-while-loading"
FACTS["peers_terminated"] = "torch elastic stopped the other workers after one died with no error of its own"


def after_read(analysis) -> None:
    from . import roles
    from .bars import classify

    role = roles()
    if any(role.get(e.kind) in ("failure", "crash", "symptom") for e in analysis.events):
        return
    lines = analysis.lines
    at = next((i for i, ln in enumerate(lines) if _PEERS_STOPPED in ln.text), None)
    if at is None:
        return
    stop = lines[at]
    # (a bar tqdm never ended with a newline runs into the agent's notice on one line)
    before = [stop.text[:stop.text.index(_PEERS_STOPPED)]] + [ln.text for ln in reversed(lines[max(0, at - LOOK_BACK):at])]
    for text in before:
        bars = list(_LOADING_BAR.finditer(text))
        if not bars:
            continue
        last = bars[-1]
        if int(last["pct"]) >= 100 or classify(last["desc"].strip(" :\t"), None) != "loading":
            return      # the last bar before the notice finished, or counts something else
        analysis.events.append(Event(
            kind="process_killed", source=stop.source, line=stop.no, end_line=stop.no, text=stop.text[:300],
            facts={"launcher": "torchrun", "peers_terminated": True, "phase": "model_load",
                   "signature": SILENT_DEATH, "memory": "host", "certainty": "possible"}))
        return
