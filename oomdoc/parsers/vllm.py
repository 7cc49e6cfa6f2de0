"""vLLM engine start-up and KV-cache messages, V0 and V1 (FORMATS.md §3).

Fatal kinds: the KV cache cannot hold one max-length request, there are no
cache blocks at all, the GPU is already too full at start-up, or V0 ran out
of CPU swap space. Everything the engine prints about its memory budget
(profiling report, block counts, KV tokens, weight size, sleep mode) becomes
a non-fatal `vllm_profile` event, so rules can compare the budget with what
the trainer needed. Each anchor is matched on its own because the wording
moved between versions (GB -> GiB, `%.2f` -> `format_gib`, `# GPU blocks` ->
`# cuda blocks` -> `GPU KV cache size`) and the V0 report is three records.
"""
from __future__ import annotations

from .base import lazy as _lazy

from .. import re_cache
from ..model import Event, Record
from .. import signatures
from ..scan import LOG_CHAR_ORDER, TriggerGroup
from ..units import number, to_bytes
from .base import event, joined_variants

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: a warm run never imports re (re_cache)
    import re

NAME = "vllm"
# Few, short keys: every record of the log is tested against every key
# ("gib" covers the profile, weights, sleep, graph and start-up lines).
KEYS = ("kv cache", "cache blocks", " blocks: ", "gib", "weights took", "model loading took",
        "swap space", "maximum concurrency", "llm engine", "engine core initialization failed",
        "enginecore failed to start", "to wake up")
TRIGGERS = signatures.trigger_groups(NAME) + (   # error literals: oomdoc/signatures/catalogue.yaml
    TriggerGroup("vllm-info", (
        "total_gpu_memory", "model weights take", "CPU blocks:", "GPU blocks:", "GPU KV cache size",
        "Maximum concurrency for", "Available KV cache memory", "Loading model weights took",
        "Model loading took", "Sleep mode freed", "LLM engine (v", "LLM engine with config",
        "Graph capturing finished", "Estimated CUDA graph memory", "Memory profiling results",
        "Total non KV cache memory", "Initial free memory", "Desired GPU memory utilization is",
        "not enough KV cache space", "seconds to wake up",
    )),
    # V1's start-up failure wrappers (FORMATS.md: vLLM V1 EngineCore failure): the error above them
    # happened while the engine was starting (weights, profile run, KV cache, CUDA graphs)
    TriggerGroup("vllm-engine-start", ("Engine core initialization failed", "EngineCore failed to start")),
)
LINE_TRIGGERS = ()

# Failures of one family at one moment are one incident (parsers/__init__.py).
FAILURE_FAMILY = "engine"
# What each kind is to an incident (parsers/__init__.py ROLES); unlisted kinds are precursors.
ROLES = {"vllm_kv_cache_insufficient": "failure", "vllm_no_cache_blocks": "failure",
         "vllm_free_memory_startup": "failure", "vllm_swap_space": "failure",
         "vllm_engine_start_failed": "context"}
# Facts that differ between copies of one failure (each rank prints its own).
PER_COPY_FACTS = {"free_bytes", "device"}
KINDS = {
    "vllm_kv_cache_insufficient": "vLLM's KV cache cannot hold one request of max_model_len tokens",
    "vllm_no_cache_blocks": "vLLM had no memory left for KV cache blocks after weights and activations",
    "vllm_free_memory_startup": "free GPU memory at vLLM start-up is below gpu_memory_utilization x total",
    "vllm_swap_space": "vLLM (V0) aborted a request because CPU swap space for preempted KV blocks ran out",
    "vllm_preemption": "vLLM preempted sequences because the KV cache was full (slow, not fatal)",
    "vllm_profile": "vLLM's memory budget report: profile, weights, KV blocks/tokens, sleep mode (not fatal)",
    "vllm_engine_config": "engine arguments from vLLM's 'Initializing an LLM engine ... with config:' line",
    "vllm_engine_start_failed": "vLLM V1 says its engine core failed to start (the error it wraps is reported above it)",
}
FACTS = {
    "max_model_len": "max tokens per request (max_model_len / max_seq_len)",
    "kv_cache_tokens": "tokens the KV cache holds (V0 error's '(K)', V1 'GPU KV cache size')",
    "gpu_blocks": "KV cache blocks on the device ('# GPU blocks', '# cuda blocks')",
    "cpu_blocks": "swap blocks in host RAM ('# CPU blocks')",
    "block_size": "tokens per KV block, when printed in the engine config",
    "kv_cache_bytes": "memory given to the KV cache by the profile (may be negative)",
    "kv_needed_bytes": "KV cache needed for one max-length request (V1 error)",
    "kv_available_bytes": "KV cache memory available when the V1 error was raised",
    "estimated_max_model_len": "max_model_len that would fit the available KV memory (V1 >= 0.9)",
    "free_bytes": "free device memory when vLLM started",
    "total_bytes": "device total memory as vLLM sees it",
    "gpu_memory_utilization": "the fraction of total device memory vLLM may use",
    "requested_bytes": "gpu_memory_utilization x total: the memory vLLM wants",
    "weights_bytes": "model weights on the device",
    "activation_peak_bytes": "peak activation (torch) memory during profiling",
    "non_torch_bytes": "memory outside PyTorch (NCCL, CUDA context, cumem)",
    "non_kv_cache_bytes": "everything except the KV cache (V1 debug profile)",
    "cudagraph_bytes": "memory taken by CUDA graph capture",
    "max_concurrency": "requests of max length the KV cache can serve at once",
    "sleep_freed_bytes": "memory released by sleep mode",
    "woke_up": "the engine woke from sleep mode (`It took N seconds to wake up`): a sleep/wake cycle completed",
    "sleep_in_use_bytes": "memory still held after sleep mode",
    "preemption_mode": "RECOMPUTE or SWAP",
    "cumulative_preemptions": "total preemptions so far",
    "device": "device index of the start-up check (cuda:N), vLLM >= 0.15",
    "device_name": "device word in '# <device> blocks' (GPU, CUDA, cuda, rocm)",
    "backend": "cpu when the message is the CPU backend's",
    "vllm_version": "vLLM version from the engine banner",
    "tensor_parallel_size": "tensor parallel size",
    "pipeline_parallel_size": "pipeline parallel size",
    "enforce_eager": "CUDA graphs disabled",
    "dtype": "model dtype (float16, bfloat16, auto, ...)",
    "kv_cache_dtype": "KV cache dtype",
    "enable_prefix_caching": "prefix caching on",
    "quantization": "quantization method or None",
}
FACTS.update(signatures.tag_facts(KINDS))   # signature, memory, certainty and catalogue facts

_G = r"(?P<{0}>[-+]?\d+(?:\.\d*)?)\s*(?P<{0}_u>GiB|Gib|GB)"


_FIELD = re_cache.lazy(r"\{(\w+)\}")


def _rx(pattern: str) -> re.Pattern:
    """`{name}` stands for a captured 'number GiB/GB' pair."""
    return _lazy(_FIELD.sub(lambda m: _G.format(m.group(1)), pattern))


_V0_KV = _lazy(r"max seq len \((?P<len>[\d,]+)\) is larger than the maximum number of tokens "
                    r"that can be stored in KV cache \((?P<tok>[\d,]+)\)")
_V1_LEN = _lazy(r"max seq len \((?P<len>[\d,]+)\)")
_V1_NEED = _rx(r"{need} KV cache is needed")
_V1_AVAIL = _rx(r"available KV cache memory \({avail}\)")
_V1_EST = _lazy(r"estimated maximum model length is (?P<n>[\d,]+)")
_FREE_START = _rx(r"Free memory on device(?: (?P<dev>\S+))? \((?P<free>[\d.]+)/(?P<total>[\d.]+)\s*GiB\) on startup"
                  r"(?: is less than desired GPU memory utilization|\. Desired GPU memory utilization is)"
                  r" \((?P<util>[\d.]+), {req}\)")
_ACTUAL = _rx(r"Actual usage is {w} for weight, {act} for peak activation, {nt} for non-torch memory"
              r"(?:, and {cg} for CUDAGraph memory)?")
_BUDGET = _rx(r"total_gpu_memory \({total}\) x gpu_memory_utilization \((?P<util>[\d.]+)\) = {budget}")
_WEIGHTS_TAKE = _rx(r"model weights take {w}")
_NON_TORCH = _rx(r"non_torch_memory takes {nt}")
_ACT_PEAK = _rx(r"activation peak memory takes {act}")
_KV_REST = _rx(r"reserved for KV Cache is {kv}")
_V064 = _rx(r"total_gpu_memory={total}.*?non_torch_memory={nt}\s+kv_cache_size={kv}\s+"
            r"gpu_memory_utilization=(?P<util>[\d.]+)")
_V1_DEBUG = _rx(r"Total non KV cache memory: {nonkv}; torch peak memory increase: {act}; "
                r"non-torch forward increase memory: {nt}; weights memory: {w}")
_INIT_FREE = _rx(r"Initial free memory:? {free}[;,] Requested memory: (?P<util>[\d.]+) \(util\), {req}")
_BLOCKS = _lazy(r"# (?P<dev>\w+) blocks: (?P<gpu>\d+)(?:, # CPU blocks: (?P<cpu>\d+))?")
_KV_TOKENS = _lazy(r"GPU KV cache size: (?P<n>[\d,]+) tokens")
_CONCURRENCY = _lazy(r"Maximum concurrency for (?P<len>[\d,]+) tokens per request: (?P<x>[\d.]+)x")
_AVAILABLE = _rx(r"Available KV cache memory: {kv}")
_LOADED = _rx(r"(?:Loading model weights|Model loading) took {w}")
_SLEEP = _rx(r"Sleep mode freed {freed} memory, {used} memory is still in use")
_GRAPH = _rx(r"Graph capturing finished in \d+ secs?, took {cg}")
_GRAPH_EST = _rx(r"Estimated CUDA graph memory: {cg} total")
_PREEMPT = _lazy(r"preempted by PreemptionMode\.(?P<mode>\w+) mode because there is not enough KV cache space"
                      r"(?:.*?total_num_cumulative_preemption=(?P<n>\d+))?")
_ENGINE = _lazy(r"Initializing an? (?:V1 )?LLM engine(?: \(v(?P<ver>[^)\s]+)\))? with config: (?P<cfg>.*)")
_CFG_ITEM = _lazy(r"(?:^|, )(?P<k>\w+)=(?P<v>'[^']*'|[^,]*)")
_CFG_KEYS = {
    "max_seq_len": "max_model_len", "max_model_len": "max_model_len",
    "tensor_parallel_size": "tensor_parallel_size", "pipeline_parallel_size": "pipeline_parallel_size",
    "enforce_eager": "enforce_eager", "dtype": "dtype", "gpu_memory_utilization": "gpu_memory_utilization",
    "kv_cache_dtype": "kv_cache_dtype", "enable_prefix_caching": "enable_prefix_caching",
    "block_size": "block_size", "quantization": "quantization",
}


def _int(text: str | None) -> int | None:
    v = number(text) if text is not None else None
    return int(v) if v is not None else None


def _gib(m: re.Match | None, name: str) -> int | None:
    if m is None or m.group(name) is None:
        return None
    return to_bytes(m.group(name), m.group(name + "_u"))


def _util(text: str | None) -> float | None:
    return number(text) if text is not None else None


def _requested(total: int | None, util: float | None) -> int | None:
    return int(round(total * util)) if total is not None and util is not None else None


def _errors(text: str) -> list[tuple[str, dict, str]]:
    out: list[tuple[str, dict, str]] = []
    m = _V0_KV.search(text)
    if m:
        out.append(("vllm_kv_cache_insufficient",
                    {"max_model_len": _int(m["len"]), "kv_cache_tokens": _int(m["tok"])}, "stored in KV cache"))
    elif "KV cache is needed" in text:
        m_len = _V1_LEN.search(text)
        m_est = _V1_EST.search(text)
        out.append(("vllm_kv_cache_insufficient", {
            "max_model_len": _int(m_len["len"]) if m_len else None,
            "kv_needed_bytes": _gib(_V1_NEED.search(text), "need"),
            "kv_available_bytes": _gib(_V1_AVAIL.search(text), "avail"),
            "estimated_max_model_len": _int(m_est["n"]) if m_est else None,
        }, "KV cache is needed"))
    if "No available memory for the cache blocks" in text:
        facts = {"backend": "cpu"} if "VLLM_CPU_KVCACHE_SPACE" in text else {}
        out.append(("vllm_no_cache_blocks", facts, "No available memory for the cache blocks"))
    if "on startup is less than desired" in text:
        m = _FREE_START.search(text)
        facts = {}
        if m:
            facts = {"free_bytes": to_bytes(m["free"], "GiB"), "total_bytes": to_bytes(m["total"], "GiB"),
                     "gpu_memory_utilization": _util(m["util"]), "requested_bytes": _gib(m, "req")}
            if m["dev"] and m["dev"].rpartition(":")[2].isdigit():
                facts["device"] = int(m["dev"].rpartition(":")[2])
        out.append(("vllm_free_memory_startup", facts, "on startup is less than desired"))
    if "lack of CPU swap space" in text:
        out.append(("vllm_swap_space", {}, "lack of CPU swap space"))
    return out


def _profile(text: str) -> dict:
    """Facts of every budget line in the record (usually one)."""
    f: dict = {}
    if "total_gpu_memory (" in text:
        m = _BUDGET.search(text)
        if m:
            f["total_bytes"] = _gib(m, "total")
            f["gpu_memory_utilization"] = _util(m["util"])
            f["requested_bytes"] = _gib(m, "budget")
    if "take" in text:
        f["weights_bytes"] = _gib(_WEIGHTS_TAKE.search(text), "w")
        f["non_torch_bytes"] = _gib(_NON_TORCH.search(text), "nt")
        f["activation_peak_bytes"] = _gib(_ACT_PEAK.search(text), "act")
        f["kv_cache_bytes"] = _gib(_KV_REST.search(text), "kv")
    if "total_gpu_memory=" in text:
        m = _V064.search(text)
        if m:
            f["total_bytes"] = _gib(m, "total")
            f["non_torch_bytes"] = _gib(m, "nt")
            f["kv_cache_bytes"] = _gib(m, "kv")
            f["gpu_memory_utilization"] = _util(m["util"])
            f["requested_bytes"] = _requested(f["total_bytes"], f["gpu_memory_utilization"])
    if "Total non KV cache memory" in text:
        m = _V1_DEBUG.search(text)
        if m:
            f.update(non_kv_cache_bytes=_gib(m, "nonkv"), activation_peak_bytes=_gib(m, "act"),
                     non_torch_bytes=_gib(m, "nt"), weights_bytes=_gib(m, "w"))
    if "Initial free memory" in text:
        m = _INIT_FREE.search(text)
        if m:
            f.update(free_bytes=_gib(m, "free"), gpu_memory_utilization=_util(m["util"]),
                     requested_bytes=_gib(m, "req"))
    if "Desired GPU memory utilization is" in text:
        m = _FREE_START.search(text)
        if m:
            f.update(free_bytes=to_bytes(m["free"], "GiB"), total_bytes=to_bytes(m["total"], "GiB"),
                     gpu_memory_utilization=_util(m["util"]), requested_bytes=_gib(m, "req"))
        m = _ACTUAL.search(text)
        if m:
            f.update(weights_bytes=_gib(m, "w"), activation_peak_bytes=_gib(m, "act"),
                     non_torch_bytes=_gib(m, "nt"), cudagraph_bytes=_gib(m, "cg"))
    if " blocks: " in text:
        m = _BLOCKS.search(text)
        if m:
            f["device_name"] = m["dev"]
            f["gpu_blocks"] = int(m["gpu"])
            if m["cpu"]:
                f["cpu_blocks"] = int(m["cpu"])
    if "KV cache size:" in text:
        m = _KV_TOKENS.search(text)
        if m:
            f["kv_cache_tokens"] = _int(m["n"])
    if "Maximum concurrency" in text:
        m = _CONCURRENCY.search(text)
        if m:
            f["max_model_len"] = _int(m["len"])
            f["max_concurrency"] = _util(m["x"])
    if "Available KV cache memory" in text:
        f["kv_cache_bytes"] = _gib(_AVAILABLE.search(text), "kv")
    if "took" in text:
        f["weights_bytes"] = f.get("weights_bytes") or _gib(_LOADED.search(text), "w")
        f["cudagraph_bytes"] = _gib(_GRAPH.search(text), "cg")
    if "Estimated CUDA graph memory" in text:
        f["cudagraph_bytes"] = _gib(_GRAPH_EST.search(text), "cg")
    if "seconds to wake up" in text:      # vllm/executor/executor_base.py (v0.7+), every wake_up()
        f["woke_up"] = True
    if "Sleep mode freed" in text:
        m = _SLEEP.search(text)
        if m:
            f["sleep_freed_bytes"] = _gib(m, "freed")
            f["sleep_in_use_bytes"] = _gib(m, "used")
    return {k: v for k, v in f.items() if v is not None}


def _engine_config(text: str) -> dict | None:
    m = _ENGINE.search(text)
    if not m:
        return None
    f: dict = {"vllm_version": m["ver"]}
    for item in _CFG_ITEM.finditer(m["cfg"]):
        name = _CFG_KEYS.get(item["k"])
        if not name or name in f:
            continue
        raw = item["v"].strip().rstrip(")").strip("'")
        if raw == "None":
            continue
        if raw in ("True", "False"):
            f[name] = raw == "True"
        elif name == "dtype":
            f[name] = raw.removeprefix("torch.")
        elif name in ("kv_cache_dtype", "quantization"):
            f[name] = raw
        else:
            v = number(raw)
            if v is not None:
                f[name] = v if name == "gpu_memory_utilization" else int(v)
    return f


def _line_with(record: Record, anchor: str) -> str:
    for ln in record.lines:
        if anchor in ln.text:
            return ln.text.strip()[:2000]
    return record.text[:2000]


# vLLM's fatal messages; a terminal or an editor may wrap them over lines
_ERROR_STARTS = ("max seq len", "KV cache is needed", "Free memory on device", "No available memory for the cache",
                 "lack of CPU swap space")
_MAX_WRAP = 4
# each start with its character rarest in log text (one not in LOG_CHAR_ORDER, such as a capital, first):
# a 1-character `in` (memchr, ~0.04 us) rules most lines out before the start's own search (~1 us)
_ERROR_PROBES = tuple((max(s, key=lambda c: (c not in LOG_CHAR_ORDER, LOG_CHAR_ORDER.find(c))), s)
                      for s in _ERROR_STARTS)


def continues(text: str, nxt: str) -> bool:
    """A wrapped vLLM error: the message started and has not reached its end yet."""
    if ("\n" in text and text.count("\n") >= _MAX_WRAP) or not nxt.strip() \
            or nxt.lstrip().startswith(("Traceback", 'File "')):
        return False
    for ch, start in _ERROR_PROBES:     # every line after an open record
        if ch in text and start in text:
            break
    else:
        return False
    return not any(_errors(v) for v in joined_variants(text)) or text.rstrip().endswith(("(", ",", "/"))


_START_FAILED = _lazy(r"Engine core initialization failed|EngineCore failed to start")


def parse(record: Record) -> list[Event]:
    text = record.text
    best: list = []
    score = lambda found: (len(found), sum(len(f) for _, f, _ in found))  # noqa: E731
    for joined in joined_variants(text):  # spaced and tight joins of a wrapped message
        found = _errors(joined.replace("\n", " "))
        if score(found) > score(best):
            best = found
    out = [event(kind, record, facts, text=_line_with(record, anchor)) for kind, facts, anchor in best]
    if out:
        return out
    start = _START_FAILED.search(text)
    if start:
        out.append(event("vllm_engine_start_failed", record, {}, text=_line_with(record, start.group(0))))
    cfg = _engine_config(text) if "LLM engine" in text else None
    if cfg is not None:
        out.append(event("vllm_engine_config", record, cfg, text=_line_with(record, "LLM engine")))
    if "preempted by" in text:
        m = _PREEMPT.search(text)
        if m:
            out.append(event("vllm_preemption", record,
                             {"preemption_mode": m["mode"], "cumulative_preemptions": _int(m["n"])},
                             text=_line_with(record, "preempted by")))
    prof = _profile(text)
    if prof:
        out.append(event("vllm_profile", record, prof))
    return out


# The V0 worker wrapper's line (`Error executing method determine_num_available_blocks. This might cause deadlock
# ...`) stands for an error cut off from the paste (catalogue `vllm-kv-cache-init-error`). When the worker's own
# out-of-memory error follows it, that error is the failure: the wrapper names the step it failed in, not a KV cache
# that was too small.
_WRAPPER_SIGNATURE = "vllm-kv-cache-init-error"
_WRAPPED_ERROR_KINDS = ("gpu_oom", "accelerator_oom")
_WRAPPED_WITHIN = 40     # lines: the worker's traceback follows its wrapper's line


def after_read(analysis) -> None:
    """Drop a wrapper's stand-in failure when the error it wraps was printed after it."""
    events = analysis.events
    wrappers = [e for e in events if e.facts.get("signature") == _WRAPPER_SIGNATURE]
    if not wrappers:
        return
    errors = [e.line for e in events if e.kind in _WRAPPED_ERROR_KINDS]
    stale = {id(w) for w in wrappers if any(w.line < n <= w.line + _WRAPPED_WITHIN for n in errors)}
    if stale:
        events[:] = [e for e in events if id(e) not in stale]
