"""Per-step training metrics -> `metrics` events (the pipeline stores them as
time series; fact `step` is the x axis, every other numeric fact a series).

Formats (FORMATS.md §7): verl's console line `step:N - key:value - ...`,
EasyR1's `Step N` + YAML block, Hugging Face Trainer / TRL log dicts,
OpenRLHF tqdm postfixes, Open-Reasoner-Zero's per-rollout
`avg_raw_rewards: …, avg_response_length: …` line, Megatron `report_memory`,
verl's `log_gpu_memory_usage`.

Hot path: verl prints a ~3 KB line every step of a multi-GB log, so that
line is read with a handful of `str.find` calls for the keys we want rather
than a regex over the whole line. Nothing here ever emits an OOM kind.
"""
from __future__ import annotations


from .base import lazy as _lazy

from ..model import Event, Record
from ..scan import TriggerGroup
from ..units import number

NAME = "metrics"
KEYS = ("step:", "'loss': ", "len=", "memory (mb)", "memory allocated (gb)", "_gb: ", "avg_response_length: ")
# verl's line is the frequent one: found with bytes.find, emitted alone.
LINE_TRIGGERS = (b"step:",)
TRIGGERS = (
    # Rarer one-line formats go through the scanner's one-pass Rust prefilter
    # instead of one bytes.find pass over the whole log each.
    TriggerGroup("metric-lines", ("'loss': ", "gen_len=", "glen=", "memory (MB) | allocated:",
                                  "memory allocated (GB):", "avg_response_length: ")),
    # EasyR1 prints a YAML block per step; its memory key (a space after the
    # colon, unlike verl's line) is rare: keep the block around it.
    TriggerGroup("easyr1-step", ("max_memory_allocated_gb: ",), before=80, after=40),
)

KINDS = {
    "metrics": "per-step training metrics (stored as time series, never an incident)",
}
FACTS = {
    "step": "training step / iteration (the x axis of every series)",
    "gpu_allocated_peak_bytes": "peak memory allocated by PyTorch tensors since the last report (verl perf/max_memory_allocated_gb, Megatron max allocated)",
    "gpu_reserved_peak_bytes": "peak memory reserved by the caching allocator (verl perf/max_memory_reserved_gb, Megatron max reserved)",
    "gpu_allocated_bytes": "memory allocated by tensors now (verl log_gpu_memory_usage, Megatron allocated)",
    "gpu_reserved_bytes": "memory reserved by the caching allocator now",
    "device_used_bytes": "device memory used by all processes (verl device memory used, Megatron total device memory used)",
    "device_total_bytes": "device total memory (verl device memory total)",
    "host_used_bytes": "node RAM in use (verl perf/cpu_memory_used_gb is psutil used: the node, not the process; user-logged cpu/ram/rss keys)",
    "host_used_fraction": "node RAM in use as a fraction (user-logged ram/cpu memory percent keys)",
    "response_length_mean": "mean generated response length, tokens (verl response_length/mean, TRL completion length, OpenRLHF gen_len)",
    "response_length_max": "longest generated response, tokens",
    "response_clip_ratio": "fraction of responses cut at the response-length limit",
    "prompt_length_mean": "mean prompt length, tokens",
    "total_length_mean": "mean prompt + response length, tokens (OpenRLHF tot_len/tlen)",
    "global_seqlen_mean": "verl global_seqlen/mean: tokens per data-parallel rank in one step",
    "loss": "training loss (HF Trainer / TRL 'loss')",
    "epoch": "HF Trainer epoch (fractional)",
    "label": "what a memory report was printed for (not a series)",
}

_GIB = float(2**30)
_MIB = float(2**20)
_INF = float("inf")

# verl / EasyR1 key -> (series, scale to bytes or None, keep the max of repeats)
_VERL_KEYS = (
    ("perf/max_memory_allocated_gb", "gpu_allocated_peak_bytes", _GIB),
    ("perf/max_memory_reserved_gb", "gpu_reserved_peak_bytes", _GIB),
    ("perf/cpu_memory_used_gb", "host_used_bytes", _GIB),
    ("response_length/mean", "response_length_mean", None),
    ("response_length/max", "response_length_max", None),
    ("response_length/clip_ratio", "response_clip_ratio", None),
    ("prompt_length/mean", "prompt_length_mean", None),
    ("global_seqlen/mean", "global_seqlen_mean", None),
)
_VERL_FIND = tuple((k + ":", name, scale) for k, name, scale in _VERL_KEYS)
_HF_KEYS = {
    "loss": "loss", "epoch": "epoch",
    "completion_length": "response_length_mean",          # TRL 0.14-0.16
    "completions/mean_length": "response_length_mean",    # TRL 0.17+
    "completions/max_length": "response_length_max",
    "completions/clipped_ratio": "response_clip_ratio",
}
_OPENRLHF_KEYS = {"gen_len": "response_length_mean", "glen": "response_length_mean",
                  "tot_len": "total_length_mean", "tlen": "total_length_mean"}

_HF_ITEM = _lazy(r"'([^']+)': '?([^,'}]+)")
_TQDM_ITEM = _lazy(r"\b(gen_len|tot_len|glen|tlen)=([-+]?[\d.]+(?:e[-+]?\d+)?)")
_MEGATRON = _lazy(
    r"\((?P<name>[^)]*)\) memory \(MB\) \| allocated: (?P<a>[\d.eE+-]+) \| max allocated: (?P<ma>[\d.eE+-]+)"
    r" \| reserved: (?P<r>[\d.eE+-]+) \| max reserved: (?P<mr>[\d.eE+-]+)"
    r"(?: \| total device memory used: (?P<u>[\d.eE+-]+))?")
_LAST_INT = _lazy(r"(\d+)\D*$")
_VERL_MEM = _lazy(
    r"memory allocated \(GB\): (?P<a>[\d.eE+-]+), memory reserved \(GB\): (?P<r>[\d.eE+-]+)"
    r"(?:, device memory used/total \(GB\): (?P<u>[\d.]+)/(?P<t>[\d.]+))?")
_STEP_HEAD = _lazy(r"Step (\d+)\s*$")
_YAML_ITEM = _lazy(r"^(\s*)([\w/@.\-]+):(?:\s+(\S.*?))?\s*$")


def _num(raw: str) -> float | None:
    try:
        v = float(raw)
    except ValueError:
        v = number(raw)
    return v if v is not None and abs(v) < _INF else None     # drop nan / inf


def _scaled(value: float, scale: float | None) -> float | int:
    return int(round(value * scale)) if scale else value


def _verl(text: str) -> dict | None:
    """`step:N - key:value - ...`; None when the line is not verl's."""
    i = text.find("step:")
    if i < 0 or (i and (text[i - 1].isalnum() or text[i - 1] == "_")):   # not global_step:
        return None
    end = text.find(" - ", i)
    if end < 0 or not text[i + 5:end].isdigit():
        return None
    facts: dict = {"step": int(text[i + 5:end])}
    find = text.find
    for key, name, scale in _VERL_FIND:
        p = find(key, end)
        while p >= 0:
            if text[p - 1] in " /":
                q = p + len(key)
                stop = find(" - ", q)
                v = _num(text[q:stop] if stop >= 0 else text[q:])
                if v is not None:
                    v = _scaled(v, scale)
                    prev = facts.get(name)
                    facts[name] = v if prev is None else max(prev, v)
            # only the perf keys repeat (actor/perf/..., critic/perf/...): keep their max
            p = find(key, p + len(key)) if scale else -1
    return facts


def _easyr1(lines: list[str]) -> dict:
    """`Step N` then yaml.dump of the nested metrics dict (sorted keys)."""
    facts: dict = {}
    head = _STEP_HEAD.search(lines[0])
    if head:
        facts["step"] = int(head.group(1))
    stack: list[tuple[int, str]] = []
    wanted = {k: (name, scale) for k, name, scale in _VERL_KEYS}
    leaf = {k.rsplit("/", 1)[1]: v for k, v in wanted.items() if k.startswith("perf/")}
    for ln in lines[1 if head else 0:]:
        m = _YAML_ITEM.match(ln)
        if not m:
            continue
        indent, key, value = len(m.group(1)), m.group(2), m.group(3)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if value is None:
            stack.append((indent, key))
            continue
        path = "/".join([k for _, k in stack] + [key])
        target = wanted.get(path) or (leaf.get(key) if not stack else None) \
            or wanted.get(path.split("/", 1)[-1])
        if target:
            v = _num(value)
            if v is not None:
                name, scale = target
                v = _scaled(v, scale)
                facts[name] = max(facts.get(name, v), v)
    return facts


# Memory numbers users add to the log dict from a TrainerCallback, spelled many
# ways (`memory_allocated_gb`, `max_memory_allocated_gb`, `gpu_mem`,
# `memory/allocated`, `torch_mem`, `cpu_mem_gb`, `ram_used_mb`, `rss_gb`...):
# read by their words, not by a fixed list. Units come from a suffix token
# (gb/gib, mb/mib, kb/kib, bytes); GB is binary like every ML library's.
_KEY_SPLIT = _lazy(r"[/_.\-\s]+")
_UNIT_TOKENS = {"gb": _GIB, "gib": _GIB, "g": _GIB, "mb": _MIB, "mib": _MIB,
                "kb": 1024.0, "kib": 1024.0, "bytes": 1.0}
_MEM_TOKENS = {"mem", "memory", "vram", "ram", "rss"}
_HOST_TOKENS = {"cpu", "ram", "rss", "host", "sys", "system", "node", "vms"}
_GPU_TOKENS = {"gpu", "cuda", "vram", "torch", "device", "dev", "allocated", "alloc", "reserved", "cached"}
# not a usage level: HF TrainerMemoryTracker deltas, limits, free memory, shares of a GPU
_NOT_USAGE = {"delta", "free", "total", "avail", "available", "limit", "capacity", "util",
              "utilization", "frac", "fraction", "ratio", "efficient", "saved"}
_PERCENT = {"percent", "pct", "perc"}
_MEM_KEY_CACHE: dict[str, tuple[str, float | None] | None] = {}


def memory_key(key: str) -> tuple[str, float | None] | None:
    """(series, bytes per unit or None when the key names no unit) for a
    user-logged memory key, or None. Percent keys of host RAM map to
    `host_used_fraction` with scale 0.01."""
    hit = _MEM_KEY_CACHE.get(key)
    if hit is not None or key in _MEM_KEY_CACHE:
        return hit
    toks = [t for t in _KEY_SPLIT.split(key.lower()) if t]
    words = set(toks)
    out = None
    memish = bool(words & _MEM_TOKENS) or any(t.endswith("mem") and t.isalpha() for t in toks)   # gpumem
    if not memish and words & {"allocated", "reserved"} and (words & _UNIT_TOKENS.keys() or words & _GPU_TOKENS - {"allocated", "reserved"}):
        memish = True          # `allocated_gb`, `cuda/reserved`
    if not memish and words & _UNIT_TOKENS.keys() and words & (_GPU_TOKENS | _HOST_TOKENS):
        memish = True          # `cuda_peak_mib`, `gpu_gb`, `rss_mb`
    if memish and not words & _NOT_USAGE:
        host = bool(words & _HOST_TOKENS) and not words & {"gpu", "cuda", "vram"}
        unit = next((_UNIT_TOKENS[t] for t in reversed(toks) if t in _UNIT_TOKENS), None)
        if words & _PERCENT:
            out = ("host_used_fraction", 0.01) if host else None
        elif host:
            out = ("host_used_bytes", unit)
        elif "used" in words and not words & {"allocated", "alloc", "reserved", "cached"}:
            out = ("device_used_bytes", unit)           # nvidia-smi style: all processes
        else:
            kind = "reserved" if words & {"reserved", "cached"} else "allocated"
            peak = "_peak" if words & {"max", "peak"} else ""
            out = (f"gpu_{kind}{peak}_bytes", unit)
    if len(_MEM_KEY_CACHE) < 4096:
        _MEM_KEY_CACHE[key] = out
    return out


def _guess_bytes(value: float) -> float:
    """A memory number whose key names no unit: bytes when huge, MiB when in the
    thousands (nvidia-smi), else GiB (`torch.cuda.memory_allocated() / 1024**3`)."""
    if value >= 2**20:
        return value
    return value * (_MIB if value >= 4096 else _GIB)


def _hf(text: str) -> dict | None:
    b = text.find("{'")
    if b < 0:
        return None
    facts: dict = {}
    for key, raw in _HF_ITEM.findall(text, b):
        name = _HF_KEYS.get(key)
        if name:
            v = _num(raw.strip())
            if v is not None:
                facts[name] = v
            continue
        mem = memory_key(key)
        if mem is not None:
            v = _num(raw.strip().rstrip("GMBiKb "))
            if v is None or v < 0:
                continue
            series, scale = mem
            if series == "host_used_fraction":
                v = v * scale if v > 1 else v
            else:
                v = int(round(v * scale)) if scale else int(round(_guess_bytes(v)))
            facts[series] = max(facts.get(series, v), v)
    if "loss" in facts or "response_length_mean" in facts or len(facts) > ("epoch" in facts):
        return facts
    return None


def _openrlhf(text: str) -> dict | None:
    facts: dict = {}
    for key, raw in _TQDM_ITEM.findall(text):   # later bar states overwrite earlier ones
        v = _num(raw)
        if v is not None:
            facts[_OPENRLHF_KEYS[key]] = v
    return facts or None


_ORZ_KEY = "avg_response_length: "


def _orz(text: str) -> dict | None:
    """ORZ trainer.make_experience: `avg_raw_rewards: …, avg_response_length: N, …` (no step)."""
    i = text.find(_ORZ_KEY)
    if i < 0:
        return None
    q = i + len(_ORZ_KEY)
    stop = text.find(",", q)
    v = _num((text[q:stop] if stop >= 0 else text[q:]).strip())
    return {"response_length_mean": v} if v is not None else None


def _megatron(text: str) -> dict | None:
    m = _MEGATRON.search(text)
    if not m:
        return None
    facts: dict = {}
    step = _LAST_INT.search(m["name"])
    if step:
        facts["step"] = int(step.group(1))
    for group, name in (("a", "gpu_allocated_bytes"), ("ma", "gpu_allocated_peak_bytes"),
                        ("r", "gpu_reserved_bytes"), ("mr", "gpu_reserved_peak_bytes"),
                        ("u", "device_used_bytes")):
        if m[group] is not None:
            v = _num(m[group])
            if v is not None:
                facts[name] = _scaled(v, _MIB)
    facts["label"] = m["name"]
    return facts


def _verl_memory(text: str) -> dict | None:
    m = _VERL_MEM.search(text)
    if not m:
        return None
    facts: dict = {"label": text[:m.start()].rstrip(" ,:")[-200:]}
    for group, name in (("a", "gpu_allocated_bytes"), ("r", "gpu_reserved_bytes"),
                        ("u", "device_used_bytes"), ("t", "device_total_bytes")):
        if m[group] is not None:
            v = _num(m[group])
            if v is not None:
                facts[name] = _scaled(v, _GIB)
    return facts


def continues(text: str, nxt: str) -> bool:
    """EasyR1's per-step YAML block belongs to its `Step N` line."""
    if not text.startswith("Step ") or not _STEP_HEAD.match(text.partition("\n")[0]):
        return False
    return _YAML_ITEM.match(nxt) is not None


def parse(record: Record) -> list[Event]:
    text = record.text
    facts = None
    if "step:" in text:
        facts = _verl(text)
    if facts is None and (text.startswith("Step ") or "_gb: " in text):
        facts = _easyr1([ln.text for ln in record.lines])
    if not facts and "'loss': " in text:
        facts = _hf(text)
    if not facts and "len=" in text:
        facts = _openrlhf(text)
    if not facts and _ORZ_KEY in text:
        facts = _orz(text)
    if not facts and "memory (MB)" in text:
        facts = _megatron(text)
    if not facts and "memory allocated (GB)" in text:
        facts = _verl_memory(text)
    if not facts or len(facts) == ("step" in facts) + ("label" in facts):
        return []
    # built directly: this runs once per training step of a multi-GB log
    return [Event("metrics", record.source, record.line, record.end_line, facts)]
