"""`nvidia-smi` tables pasted into a log or an issue (evidence, never a failure).

Users run `nvidia-smi` after an OOM and paste it: the table says who else held
memory on each GPU (a Jupyter kernel, Xorg, a stale job). One event
`nvidia_smi` per table, with per-GPU used/total memory and the `Processes:`
rows. Handled layouts:

* header `| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2 |`
  (`CUDA Version` is absent on old drivers);
* per-GPU rows `|   0  NVIDIA A100-SXM4-80GB   On | 00000000:07:00.0 Off | ... |`
  then `| N/A 34C P0 60W / 400W |  35000MiB / 81920MiB | ... |` (drivers ≥ 545
  pad: `35000MiB /  81920MiB`);
* process rows with MIG columns `|    0   N/A  N/A     12345      C   python   15000MiB |`
  or without (drivers < 450) `|    0     12345      C   python   15000MiB |`;
  `N/A` usage (WDDM, some containers) keeps the row without `used_bytes`.

MiB is 2**20 bytes. The table's lines join into one record (`continues`).
"""
from __future__ import annotations

from .base import lazy as _lazy

from ..model import Event, Record
from ..scan import TriggerGroup
from .base import event

NAME = "nvsmi"
KEYS = ("nvidia-smi",)
# 8 GPUs x 4 lines + headers + a process table: 120 lines cover a full node
TRIGGERS = (TriggerGroup("nvidia-smi", ("| NVIDIA-SMI ",), before=1, after=120),)
LINE_TRIGGERS = ()

# What each kind is to an incident (parsers/__init__.py ROLES); unlisted kinds are precursors.
ROLES = {"nvidia_smi": "context"}
# Facts that differ between copies of one failure (each rank prints its own).
PER_COPY_FACTS = {"pid"}
KINDS = {
    "nvidia_smi": "an nvidia-smi table (GPU memory and processes) printed or pasted in the log: evidence, not a failure",
}
FACTS = {
    "gpus": "nvidia-smi per-GPU memory: {index: {used_bytes, total_bytes}} (index as a string)",
    "gpu_processes": "nvidia-smi Processes rows: [{gpu, pid, name, used_bytes}] (used_bytes absent when N/A)",
    "driver_version": "NVIDIA driver version from the nvidia-smi header",
    "cuda_version": "highest CUDA version the driver supports, from the nvidia-smi header",
}

_HEADER = _lazy(r"NVIDIA-SMI\s+(?P<smi>[\d.]+)\s+Driver Version:\s*(?P<drv>[\d.]+)"
                r"(?:\s+CUDA Version:\s*(?P<cuda>[\d.]+|N/A))?")
_GPU_ROW = _lazy(r"^\|\s+(?P<idx>\d+)\s+\S.*?\|\s*[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f]\s")
_MEM = _lazy(r"\|\s*(?P<used>\d+)MiB\s*/\s*(?P<total>\d+)MiB\s*\|")
_PROC = _lazy(r"^\|\s+(?P<gpu>\d+)\s+(?:(?:N/A|\d+)\s+(?:N/A|\d+)\s+)?(?P<pid>\d+)\s+(?P<type>C\+G|M\+C|[CGM])\s+"
              r"(?P<name>\S.*?)\s+(?:(?P<mem>\d+)MiB|N/A)\s*\|\s*$")

_MIB = 2**20


def parse(record: Record) -> list[Event]:
    text = record.text
    head = _HEADER.search(text)
    if not head:
        return []
    gpus: dict[str, dict] = {}
    procs: list[dict] = []
    current: str | None = None
    in_procs = False
    for ln in record.lines:
        t = ln.text.strip()
        if not t.startswith("|"):
            continue
        if "Processes:" in t:
            in_procs = True
            continue
        if in_procs:
            m = _PROC.match(t)
            if m:
                p = {"gpu": int(m["gpu"]), "pid": int(m["pid"]), "name": m["name"]}
                if m["mem"]:
                    p["used_bytes"] = int(m["mem"]) * _MIB
                procs.append(p)
            continue
        m = _GPU_ROW.match(t)
        if m:
            current = m["idx"]
            continue
        m = _MEM.search(t)
        if m and current is not None and current not in gpus:
            gpus[current] = {"used_bytes": int(m["used"]) * _MIB, "total_bytes": int(m["total"]) * _MIB}
    cuda = head["cuda"] if head["cuda"] and head["cuda"] != "N/A" else None
    facts = {"gpus": gpus, "gpu_processes": procs, "driver_version": head["drv"], "cuda_version": cuda}
    return [event("nvidia_smi", record, facts, text=head.group(0))]


def continues(text: str, nxt: str) -> bool:
    """Join the table: the border above the header, the header, every `|`/`+`
    line, and the blank line between the GPU box and the Processes box."""
    s = nxt.strip()
    c = s[:1]
    if c == "|" or c == "+":
        if "NVIDIA-SMI" in text:
            return True
        return "NVIDIA-SMI" in s and text[text.rfind("\n") + 1:].strip().startswith("+-")
    if not s and "NVIDIA-SMI" in text and "Processes:" not in text:
        return text[text.rfind("\n") + 1:].strip().startswith("+-")
    return False
