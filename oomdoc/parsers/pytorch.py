"""PyTorch caching-allocator OOM, every wording since 1.x (FORMATS.md §1.1–1.11).

Stable anchors are matched independently instead of one long regex, because
the message changed shape six times (cached -> reserved in total -> 'capacty'
typo -> expandable-segments hint -> private pools -> new docs URL), may carry
zero or many `Process N has` fragments, and is often wrapped or truncated.

Covered: CUDA G0–G5, the cudaMallocAsync multi-line form, `more than 1EB`,
the per-process-fraction pre-emptive rejection, HIP/XPU/NPU/MLU/MUSA/... forks
(`<BACKEND> out of memory. Tried to allocate`), Apple MPS (KB/MB/GB are
binary), the message inside an exception repr or a `RayTaskError(...)`
re-raise, and copies wrapped by a terminal (mid-word) or an editor (at
spaces). Every anchor tolerates missing or extra whitespace, so the
"tight" join of a wrapped message (lines glued without a space) parses too.

`phase_of(record)` (also used by the runtime and crash families) names the
training phase from traceback frames and Ray method names; see `PHASES`.
"""
from __future__ import annotations

from .base import lazy as _lazy

from ..model import Event, Record
from .. import signatures
from ..units import NUMBER, to_bytes
from .base import discarded_choice, event, joined_variants
from .. import re_cache

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: a warm run never imports re (re_cache)
    import re

NAME = "pytorch"
KEYS = ("out of mem", "tried to alloc")  # few keys: each costs a scan of every record
TRIGGERS = signatures.trigger_groups(NAME)   # literals: oomdoc/signatures/catalogue.yaml
LINE_TRIGGERS = ()

# Failures of one family at one moment are one incident (parsers/__init__.py).
FAILURE_FAMILY = "device"
# What each kind is to an incident (parsers/__init__.py ROLES); unlisted kinds are precursors.
ROLES = {"gpu_oom": "failure"}
# Facts that differ between copies of one failure (each rank prints its own).
PER_COPY_FACTS = {"processes", "process_bytes", "pid", "free_bytes", "device", "exception", "allocated_bytes",
                  "reserved_bytes", "reserved_unallocated_bytes", "private_pool_bytes", "truncated",
                  "generation", "phase", "phases", "wrapper", "dropped"}
KINDS = {
    "gpu_oom": "the PyTorch caching allocator (CUDA/HIP/XPU/NPU/MPS/...) failed to allocate device memory",
}
FACTS = {
    "device": "device index printed in the message (inside the process, after CUDA_VISIBLE_DEVICES)",
    "backend": "allocator backend: cuda, hip, xpu, npu, mps, mlu, musa, ... (lowercase)",
    "requested_bytes": "size of the failed allocation (rounded segment size)",
    "total_bytes": "device total capacity as seen by the runtime",
    "free_bytes": "free device memory for the whole GPU at the time of the failure",
    "allocated_bytes": "memory allocated by PyTorch tensors (incl. private pools)",
    "reserved_bytes": "memory reserved by the caching allocator (allocated + cached)",
    "reserved_unallocated_bytes": "reserved by PyTorch but not allocated: fragmentation / cache",
    "private_pool_bytes": "memory in private pools (CUDA graphs, MemPool)",
    "process_bytes": "this process's total device memory incl. non-PyTorch memory (NVML)",
    "processes": "pid (string) -> bytes for each 'Process N has X memory in use' fragment",
    "allowed_bytes": "per-process memory limit (memory fraction, MPS max allowed), when printed",
    "other_bytes": "MPS only: other (non-PyTorch) allocations on the unified memory",
    "generation": "message wording: G0, G1, G2, G3+, G4+, async, mps, overflow, rejected",
    "exception": "exception class that carried the message (innermost, e.g. torch.OutOfMemoryError)",
    "wrapper": "outer re-raise that embedded the message, e.g. RayTaskError",
    "truncated": "the message was cut before its allocation breakdown (partial paste, 2.2/2.3 NUL-device defect)",
    "size_overflow": "'Tried to allocate more than 1EB memory': a size overflow, no numbers",
    "rejected_by": "limit that pre-emptively rejected the allocation (per_process_memory_fraction)",
    "phase": "training phase the failure happened in, derived from frames / Ray method (see PHASES)",
    "phases": "every phase recognised in the frames, outermost first",
    "op": "the failing operation when its memory grows with sequence length: logits (loss, log-probs) or attention (eager scores)",
    "dropped": "facts dropped because their values were impossible (e.g. free > total)",
}
FACTS.update(signatures.tag_facts(KINDS))   # signature, memory, certainty and catalogue facts

# A size as the allocator prints it. No `\b` after the unit: in a message
# wrapped by a terminal and joined tightly, "1.21 GiB" + "is free" -> "GiBis".
_SZ = rf"(?P<num>{NUMBER})\s*(?P<unit>KiB|MiB|GiB|TiB|PiB|bytes|byte|KB|MB|GB|TB|B)"


def _rx(pattern: str) -> re.Pattern:
    """Words separated by one space in `pattern` may be glued or spread in the log."""
    return _lazy(pattern.replace(" ", r"\s*").replace("{size}", _SZ))


# (also the abridged paste that keeps only the class: `torch.OutOfMemoryError: Tried to allocate 12.60 GiB ...`)
# The backend is not preceded by a capital, rather than at a word boundary: ranks printing into
# one stream glue words together (`OutOfMemoryErrorCUDA out of memory. Tried ...`).
_HEAD = _rx(r"(?:(?:(?P<backend>(?<![A-Z])[A-Z]{2,5}) out|\bOut) of memory\.|OutOfMemoryError:) Tried to allocate {size}")
# The exception line alone, cut before "Tried to allocate" (issue titles, partial pastes)
_BARE = _lazy(r"(?:RuntimeError|(?:torch\.(?:cuda\.)?)?OutOfMemoryError):\s*(?P<backend>CUDA|HIP|XPU|NPU|MLU|MUSA) "
              r"out of memory\.?\s*(?:$|\n)")
_OVERFLOW = _rx(r"(?P<backend>(?<![A-Z])[A-Z]{2,5}) out of memory\. Tried to allocate more than 1 ?EB")
_REJECTED = _rx(r"(?P<backend>(?<![A-Z])[A-Z]{2,5}) out of memory\. Allocation was preemptively rejected because it "
                r"would exceed (?P<limit>[a-z_]+) limit\. Requested size: {size}")
_ASYNC = _rx(r"Allocation on device (?P<dev>\d+) would exceed allowed memory\. \(out of memory\)")
_ASYNC_FIELDS = {
    "allocated_bytes": _rx(r"Currently allocated :\s*{size}"),
    "requested_bytes": _rx(r"Requested :\s*{size}"),
    "total_bytes": _rx(r"Device limit :\s*{size}"),
    "free_bytes": _rx(r"Free \(according to CUDA\) :\s*{size}"),
    "allowed_bytes": _rx(r"PyTorch limit \(set by user-supplied memory fraction\) :\s*{size}"),
}
# G2+: "GPU 0 has a total capacity of" — the index may be a NUL/control char (2.2/2.3 defect).
_DEV_NEW = _lazy(r"\b(?:GPU|Device|NPU|MLU|XPU|MUSA|GCU)\s?(?P<dev>[\x00-\x08\x0b\x0c\x0e-\x1f]|\s*\d+)?"
                      r"\s*has\s*a\s*total\s*(?:capacity|capacty)\s*of\s*" + _SZ)
_FREE_NEW = _rx(r"of which {size} ?is free")
_PROC = _rx(r"Process (?P<pid>\d+) has {size} memory in use")
_THIS = _rx(r"this process has {size} (?:memory )?in use")
_ALLOC_NEW = _rx(r"Of the allocated memory {size} is allocated by PyTorch")
_POOL = _rx(r"with {size} allocated in private pools")
_UNALLOC = _rx(r"{size} is reserved by PyTorch but unallocated")
_ALLOWED = _rx(r"{size} allowed;")
_TRUNC_GPU = _lazy(r"\.\s*GPU\s*[\x00-\x1f]?\s*$")
# legacy: (GPU 0; 11.93 GiB total capacity; 4.00 GiB already allocated; 7.33 GiB free; ...)
_LEGACY_DEV = _rx(r"\((?:GPU|NPU|MLU|XPU|MUSA) (?P<dev>\d+); {size} total capacity")
_LEG_ALLOC = _rx(r"{size} already allocated")
_LEG_FREE = _rx(r"{size} free ?[;)]")
_LEG_RES = _rx(r"{size} reserved in total by PyTorch")
_LEG_CACHED = _rx(r"{size} cached ?\)")
_MPS = _rx(r"MPS backend out of memory \(MPS allocated: {size}")
_MPS_OTHER = _rx(r"other allocations: {size}")
_MPS_MAX = _rx(r"max allowed: {size}")
_MPS_REQ = _rx(r"Tried to allocate {size} on (?:shared|private) pool")

# The exception class right before the message, or a repr: `X: CUDA out…`, `X('CUDA out…`.
_EXC_BEFORE = _lazy(r"(?P<exc>[A-Za-z_][\w.]*(?:Error|Exception))\s*(?::|\(\s*['\"])\s*$")
_RAY_WRAP = _lazy(r"\b(?P<wrapper>RayTaskError|RayActorError|ActorDiedError)\((?P<inner>[\w.]+)\)")
_WS = _lazy(r"\s+")
_MSG_START = _lazy(r"(?<![A-Z])[A-Z]{2,5} out of memory|\bOut of memory\. Tried|MPS backend out of memory|"
                        r"Allocation on device \d+ would exceed")


def _b(m: re.Match | None) -> int | None:
    return to_bytes(m["num"], m["unit"]) if m else None


def is_allocator_oom(text: str) -> bool:
    """True when `text` holds a caching-allocator OOM message (any wording, even wrapped)."""
    tight = _WS.sub("", text)
    return ("ofmemory.Triedtoallocate" in tight or "MPSbackendoutofmemory" in tight
            or "OutOfMemoryError:Triedtoallocate" in tight
            or "wouldexceedallowedmemory.(outofmemory)" in tight
            or "outofmemory.Allocationwaspreemptivelyrejected" in tight
            or ("outofmemory" in tight and _BARE.search(text) is not None))


def _facts(text: str) -> dict:
    f: dict = {}
    m = _HEAD.search(text)
    if m:
        if m["backend"]:
            f["backend"] = m["backend"].lower()
        f["requested_bytes"] = to_bytes(m["num"], m["unit"])
        if f["requested_bytes"] is None and m["num"][:1].isdigit():
            f["size_overflow"] = True    # a size no device holds (an overflowed shape product)
    elif (m := _OVERFLOW.search(text)):
        return {"backend": m["backend"].lower(), "size_overflow": True, "generation": "overflow"}
    elif (m := _REJECTED.search(text)):
        return {"backend": m["backend"].lower(), "requested_bytes": to_bytes(m["num"], m["unit"]),
                "rejected_by": m["limit"], "generation": "rejected"}
    elif (m := _ASYNC.search(text)):
        f = {"backend": "cuda", "device": int(m["dev"]), "generation": "async"}
        for name, rx in _ASYNC_FIELDS.items():
            f[name] = _b(rx.search(text, m.end()))
        return f
    elif (m := _BARE.search(text)) and not _HEAD.search(text):
        return {"backend": m["backend"].lower(), "truncated": True}
    elif "MPS" in text and (m := _MPS.search(text)):
        return {"backend": "mps", "generation": "mps", "allocated_bytes": _b(m),
                "other_bytes": _b(_MPS_OTHER.search(text)), "allowed_bytes": _b(_MPS_MAX.search(text)),
                "requested_bytes": _b(_MPS_REQ.search(text))}
    else:
        return f
    rest = text[m.end():]
    m = _DEV_NEW.search(rest)
    if m:
        dev = (m["dev"] or "").strip()
        if dev:
            f["device"] = ord(dev) if len(dev) == 1 and dev < " " else int(dev)
        f["total_bytes"] = _b(m)
        f["generation"] = "G2" if "capacty" in m.group(0) else "G3+"
        f["free_bytes"] = _b(_FREE_NEW.search(rest))
        procs = {}
        for pm in _PROC.finditer(rest):
            b = _b(pm)
            if b is not None:  # NVML's 'not available' (2**64 bytes) is missing, not huge
                procs[pm["pid"]] = b
        if procs:
            f["processes"] = procs
        f["process_bytes"] = _b(_THIS.search(rest))
        f["allowed_bytes"] = _b(_ALLOWED.search(rest))
        alloc = _b(_ALLOC_NEW.search(rest))
        unalloc = _b(_UNALLOC.search(rest))
        pool = _b(_POOL.search(rest))
        f["allocated_bytes"] = alloc
        f["reserved_unallocated_bytes"] = unalloc
        f["private_pool_bytes"] = pool
        if alloc is not None and unalloc is not None:
            f["reserved_bytes"] = alloc + unalloc
        if pool is not None and f["generation"] != "G2":  # (the comma before 'and' is no tell: 2.1 had it)
            f["generation"] = "G4+"
    elif (m := _LEGACY_DEV.search(rest)):
        f["device"] = int(m["dev"])
        f["total_bytes"] = _b(m)
        f["allocated_bytes"] = _b(_LEG_ALLOC.search(rest))
        f["free_bytes"] = _b(_LEG_FREE.search(rest))
        f["allowed_bytes"] = _b(_ALLOWED.search(rest))
        res = _b(_LEG_RES.search(rest))
        cached = _b(_LEG_CACHED.search(rest))
        if res is not None:
            f["reserved_bytes"] = res
            f["generation"] = "G1"
        elif cached is not None and f.get("allocated_bytes") is not None:
            f["reserved_bytes"] = f["allocated_bytes"] + cached  # G0 'cached' = reserved - allocated
            f["generation"] = "G0"
        if f.get("reserved_bytes") is not None and f.get("allocated_bytes") is not None:
            f["reserved_unallocated_bytes"] = max(0, f["reserved_bytes"] - f["allocated_bytes"])
    elif _TRUNC_GPU.search(rest) or not rest.strip(" .\x00"):
        f["truncated"] = True
    if "requested_bytes" in f and ("total_bytes" not in f or f.get("allocated_bytes") is None):
        f["truncated"] = True  # the allocation breakdown is missing (cut message or partial paste)
    return f


def _drop_impossible(f: dict) -> dict:
    """Values no device can produce are dropped (and named in `dropped`)."""
    f = {k: v for k, v in f.items() if v is not None}
    dropped = [k for k, v in f.items() if k.endswith("_bytes") and isinstance(v, int) and v < 0]
    total = f.get("total_bytes")
    if total:
        slack = total * 1.01
        for k in ("free_bytes", "process_bytes"):
            if f.get(k) is not None and f[k] > slack:
                dropped.append(k)
        procs = f.get("processes")
        if procs:
            bad = [p for p, v in procs.items() if v > slack]
            for p in bad:
                del procs[p]
            if bad:
                dropped.append("processes")
            if not procs:
                del f["processes"]
    for k in dropped:
        if k != "processes":
            f.pop(k, None)
    if dropped:
        f["dropped"] = sorted(set(dropped))
    return f


def _exception(text: str) -> tuple[str | None, str | None]:
    """(innermost exception class, outer wrapper) around the first message."""
    exc = None
    for variant in _variants(text):  # the class may sit on the line before (wrapped)
        m = _MSG_START.search(variant)
        em = _EXC_BEFORE.search(variant, max(0, m.start() - 200), m.start()) if m else None
        if em:
            exc = em["exc"]
            break
    wm = _RAY_WRAP.search(text)
    if wm and exc is None:
        exc = wm["inner"]
    return exc, (wm["wrapper"] if wm else None)


# ---------------------------------------------------------------------------
# Phase: which part of training failed. Function names (last part of a frame)
# and Ray method names (`ray::WorkerDict.actor_rollout_update_actor()`) map to
# a small vocabulary; `phase` is the most telling one by PHASES order.
PHASES = (
    "context_init",         # creating the CUDA context (cuInit, cuCtxCreate, torch's lazy init): nothing allocated yet
    "wake_up",              # vLLM/SGLang sleep-mode resume, torch_memory_saver resume
    "cuda_graph_capture",   # vLLM capture_model
    "kv_cache_init",        # vLLM profile run / KV-cache sizing at start-up
    "weight_sync",          # trainer -> rollout engine weight broadcast
    "update_actor", "update_critic", "compute_ref_log_prob", "compute_log_prob",
    "compute_values", "compute_reward", "generate_sequences", "make_experience",
    "model_load",           # from_pretrained, load_state_dict, worker init_model, deepspeed.initialize
    "checkpoint_save",      # gathering a full state dict / saving a checkpoint
    "optimizer_step", "backward",
)
_FUNC_PHASE = {
    "wake_up": "wake_up", "resume_memory_occupation": "wake_up", "create_and_map": "wake_up",
    "backload_to_gpu": "wake_up",   # Open-Reasoner-Zero loads its offloaded vLLM engine back
    "capture_model": "cuda_graph_capture",
    "profile_run": "kv_cache_init", "determine_num_available_blocks": "kv_cache_init",
    "determine_available_memory": "kv_cache_init", "initialize_cache": "kv_cache_init",
    "_initialize_kv_caches": "kv_cache_init", "initialize_kv_cache": "kv_cache_init",
    "_init_cache_engine": "kv_cache_init",
    "broadcast_to_vllm": "weight_sync", "_broadcast_to_vllm": "weight_sync", "sync_weights": "weight_sync",
    "_sync_weights": "weight_sync", "update_weights_from_tensor": "weight_sync",
    "update_actor": "update_actor", "update_policy": "update_actor", "training_step_actor": "update_actor",
    "update_critic": "update_critic", "training_step_critic": "update_critic",
    "compute_ref_log_prob": "compute_ref_log_prob",
    "compute_log_prob": "compute_log_prob", "compute_old_log_prob": "compute_log_prob",
    "compute_values": "compute_values", "compute_rm_score": "compute_reward",
    "generate_sequences": "generate_sequences", "generate_samples": "make_experience",
    "make_experience_list": "make_experience", "make_experience": "make_experience",
    "from_pretrained": "model_load", "_load_pretrained_model": "model_load", "load_state_dict": "model_load",
    "init_model": "model_load", "_configure_distributed_model": "model_load",
    # wrapping / sharding a model (FSDP1, FSDP2, accelerate, DeepSpeed), before any step
    "_init_param_handle_from_module": "model_load", "_init_param_handle_from_params": "model_load",
    "_move_module_to_device": "model_load", "_sync_module_params_and_buffers": "model_load",
    "_init_flat_param_and_metadata": "model_load", "_init_sharded_param": "model_load",
    "fully_shard": "model_load", "prepare_model": "model_load", "_materialize_meta_module": "model_load",
    "_broadcast_model": "model_load", "_move_model_to_device": "model_load",
    # DistributedDataParallel(...) broadcasting the parameters and building its buckets
    "_sync_module_states": "model_load", "_sync_params_and_buffers": "model_load",
    "_verify_param_shape_across_processes": "model_load",
    # saving: HF Trainer, DeepSpeed / verl / OpenRLHF checkpointing, FSDP full state dicts
    "_save_checkpoint": "checkpoint_save", "save_checkpoint": "checkpoint_save", "save_model": "checkpoint_save",
    "safe_save_model_for_hf_trainer": "checkpoint_save", "_full_post_state_dict_hook": "checkpoint_save",
    "_full_pre_state_dict_hook": "checkpoint_save", "get_model_state_dict": "checkpoint_save",
    "_save_to_state_dict": "checkpoint_save",
    # exporting a LoRA run: the adapter merged into dequantised 16-bit weights layer by layer, no batch
    # (unsloth save_pretrained_merged / GGUF export, PEFT merge_and_unload)
    "unsloth_save_model": "checkpoint_save", "unsloth_save_pretrained_merged": "checkpoint_save",
    "unsloth_push_to_hub_merged": "checkpoint_save", "unsloth_generic_save": "checkpoint_save",
    "unsloth_generic_save_pretrained_merged": "checkpoint_save", "unsloth_save_pretrained_gguf": "checkpoint_save",
    "unsloth_push_to_hub_gguf": "checkpoint_save", "merge_and_overwrite_lora": "checkpoint_save",
    "_merge_lora": "checkpoint_save", "merge_and_unload": "checkpoint_save",
    "_unload_and_optionally_merge": "checkpoint_save",
    "_take_model_step": "optimizer_step", "optimizer_step": "optimizer_step", "_optimizer_step": "optimizer_step",
    "backward": "backward", "_engine_run_backward": "backward", "run_backward": "backward",
}
_RAY_METHOD = _lazy(r"ray::(\w+)\.(\w+)\(")
# vLLM's multiprocessing executor names the method its worker failed in
# (vllm/executor/multiproc_worker_utils.py: "Exception in worker ... while processing method ...")
_WORKER_METHOD = _lazy(r"while processing method (\w+)")
# OpenRLHF / Open-Reasoner-Zero actors share one `ppo_train` method name: the class says which model.
_PPO_TRAIN = {"ppo_train", "fit"}
_RANK = {p: i for i, p in enumerate(PHASES)}
# the driver / runtime calls that create a context (TF's and XLA's "failed call to
# cuDevicePrimaryCtxRetain", JCuda's cuCtxCreate, torch's `torch._C._cuda_init()` line)
_CONTEXT_CALL = _lazy(r"\b(?:cuInit|cuCtxCreate(?:_v\d)?|cuDevicePrimaryCtxRetain|cudaSetDevice|hipSetDevice|"
                      r"hipCtxCreate)\b|\b_C\._cuda_init\(|(?i:failed to create (?:a )?(?:cuda|gpu|device) context)")


def func_phase(path: str, func: str) -> str | None:
    if func in _FUNC_PHASE:
        return _FUNC_PHASE[func]
    if func == "step" and ("optim" in path or "deepspeed" in path):
        return "optimizer_step"
    if func == "__enter__" and "sharding_manager" in path:
        return "weight_sync"
    if func in ("_lazy_init", "set_device", "init") and "torch/cuda/" in path:
        return "context_init"   # torch._C._cuda_init() / cudaSetDevice: the context, before any tensor
    if func in ("convert", "_apply", "cuda", "to") and path.endswith("torch/nn/modules/module.py"):
        return "model_load"    # Module.to() / .cuda() / .half(): the model being placed on the device
    if (func == "__init__" and ("/fsdp/" in path or path.endswith(("parallel/distributed.py",
                                                                     "wrappers/distributed.py")))) \
            or (func == "initialize" and "deepspeed" in path) or (func == "prepare" and "accelerate" in path):
        return "model_load"    # FSDP(...) / DDP(...) wrapping, deepspeed.initialize, accelerator.prepare
    if "torch_memory_saver" in path and func == "resume":
        return "wake_up"
    if func in ("generate", "_generate") and "hybrid_engine" in path:
        return "generate_sequences"   # DeepSpeed's hybrid engine: the actor generating rollouts (DeepSpeed-Chat)
    for suffix in ("update_actor", "generate_sequences", "compute_ref_log_prob", "compute_log_prob",
                   "update_critic", "compute_values", "init_model"):
        if func.endswith(suffix):  # fused Ray methods: actor_rollout_update_actor, ...
            return _FUNC_PHASE[suffix]
    return None


def phase_of(record: Record, text: str | None = None) -> dict:
    """{'phase': ..., 'phases': [...]} from frames and Ray method names, or {}."""
    found: list[str] = []
    for m in _RAY_METHOD.finditer(text if text is not None else record.text):
        cls, meth = m.group(1), m.group(2)
        if meth in _PPO_TRAIN and ("Actor" in cls or "Critic" in cls):
            p = "update_critic" if "Critic" in cls else "update_actor"
        else:
            p = func_phase("", meth)
        if p and p not in found:
            found.append(p)
    body = text if text is not None else record.text
    if "while processing method" in body:
        for meth in _WORKER_METHOD.findall(body):
            p = func_phase("", meth)
            if p and p not in found:
                found.append(p)
    for fr in record.frames():
        path, _, func = fr.rpartition(":")
        p = func_phase(path, func)
        if p and p not in found:
            found.append(p)
    if "context_init" not in found and _CONTEXT_CALL.search(body):
        found.append("context_init")
    # FSDP state_dict(): the full copy did not fit (_state_dict_utils.py's clone warning; its head is often cut)
    if ("Failed to clone() tensor with name" in body or "state_dict entry could point to invalid" in body
            or "Please check clone implementation of" in body) and "checkpoint_save" not in found:
        found.append("checkpoint_save")
    op = op_of(body)
    if not found:
        return {"op": op} if op else {}
    out = {"phase": min(found, key=_RANK.__getitem__), "phases": found}
    if op:
        out["op"] = op
    return out


# The operation that failed, when the traceback names one whose memory grows with the
# sequence length: the B×L×V logits (loss, log-probs, entropy) or the B×H×L² attention
# scores of an eager (non-flash) attention, or the dense B×1×L×L mask transformers builds for a
# non-flash attention (`_prepare_4d_causal_attention_mask`, `_update_causal_mask`, the Qwen-VL /
# audio towers' `_prepare_attention_mask` over every patch). The innermost mention wins.
_OPS = _lazy(r"(?P<logits>cross_entropy|log_softmax|logprobs_from_logits|entropy_from_logits|"
             r"selective_log_softmax|logits\.float\(\)|compute_logits|lm_head)|"
             r"(?P<attention>_softmax_backward_data|scaled_dot_product_attention|eager_attention_forward|"
             r"attn_weights|torch\.softmax\(|\bsoftmax\(|\bbaddbmm\(|"
             r"\b_prepare_(?:4d_(?:causal_)?)?attention_mask|\b_update_causal_mask\b|\b_make_causal_mask\b|"
             r"\b_expand_mask\b)")


def op_of(text: str) -> str | None:
    last = None
    for m in _OPS.finditer(text):
        last = m
    if last is None:
        return None
    return "logits" if last["logits"] else "attention"


# ---------------------------------------------------------------------------
_ENDS = ("environment-variables)", "alloc-conf)", "cachedmemory.", "tofragmentation.",
         "(maycausesystemfailure).", "pool.", "cached)", "byPyTorch)", "1EBmemory.")
_ASYNC_CONT = _lazy(r"\s*(?:Currently allocated|Requested|Device limit|Free \(according|PyTorch limit|:\s*[\d.]+)")
_G12_END = _lazy(r"ManagementandPYTORCH_\w*ALLOC_CONF")  # G1b/G2 end ('ALLOC_CONF=' is G3+ mid-hint)
# The allocator message's own sentences (a paragraph of a pasted message starts with one)
_PIECE = _lazy(r"\s*(?:Tried to allocate|(?:GPU|Device|NPU|XPU|MLU|MUSA)\s?\d+ has a total|Including non-PyTorch|"
               r"Of the allocated memory|Process \d+ has \S+ \S+ memory in use|If reserved but unallocated)")
_OPEN_HEAD = _lazy(r"(?:Error|Exception):(?:[A-Z]{2,5})?outofmem")
_NEW_MESSAGE = _lazy(r"\s*(?:Traceback|File \"|During handling|The above exception|[\w.]+(?:Error|Exception)\s*:)")


def continues(text: str, nxt: str) -> bool:
    """Claim the lines of a wrapped allocator message (and the cudaMallocAsync table)."""
    blank = not nxt.strip()
    # one-character tests (memchr, ~0.04 us) before the longer ones (~1-2 us on a 1.4 KB metric line)
    if ("\n" in text and text.count("\n") >= 64) or (blank and not text[text.rfind("\n") + 1:].strip()):
        return False
    start = text[:600]
    if "would exceed allowed memory" in start:
        return bool(_ASYNC_CONT.match(nxt))
    # cheap gate first: this runs for every line of every open one-line record
    if blank and "out of mem" not in start:
        return False
    if "out of mem" not in start and ("\n" not in start or "out of mem" not in start.replace("\n", " ")
                                      and "out of mem" not in start.replace("\n", "")):
        # wrapped right after the class or inside 'CUDA out of memory'
        last = text[text.rfind("\n") + 1:]
        return "E" in last and ("Error" in last or "Exception" in last) and \
            _OPEN_HEAD.search(_WS.sub("", last[-40:] + nxt[:40])) is not None
    head = _WS.sub("", start)
    body = head[head.find("outofmem"):]
    if not ("outofmemory.".startswith(body[:12]) or body.startswith("outofmemory(")):
        return False  # e.g. 'CUDA error: out of memory' (runtime family)
    tail = _WS.sub("", text[-300:])
    if any(e in tail for e in _ENDS) or _G12_END.search(tail):
        return False  # complete
    last = text.rsplit("\n", 1)[-1]
    if blank or not last.strip():
        # a paste that sets the message's sentences apart by blank lines (a blog's or a forum's
        # paragraphs): one blank is held while the message is open, and only the message's own
        # next sentence follows it
        return blank or _PIECE.match(nxt) is not None
    if _TRUNC_GPU.search(last):  # 2.2/2.3 NUL defect: only a wrap continues with the digit
        return bool(re_cache.compile(r"\s*[\d\x00-\x1f]*\s*has\b").match(nxt))
    return not _NEW_MESSAGE.match(nxt) and "out of memory" not in nxt


def _variants(text: str) -> list[str]:
    """Joined readings, the likelier first (it wins ties in fact count).

    Several lines cut at the same length are a terminal wrap (join tight,
    '3.' + '01 GiB'); ragged lines are an editor wrap (join with a space).
    """
    variants = joined_variants(text)
    if len(variants) == 2:
        lens = [len(ln) for ln in text.split("\n")[:-1]]
        widest = max(lens, default=0)
        if widest >= 20 and lens.count(widest) >= 2:
            variants.reverse()
    return variants


# The allocator's message pasted all lower-cased (an issue title, a forum editor, a chat paste):
# its own words and units get their printed case back, so the same readings apply.
_LOWER_HEAD = _lazy(r"\b(?:cuda|hip|xpu|npu) out of memory\. ?tried to allocate|\bmps backend out of memory \(mps allocated")
_RECASE = (
    (_lazy(r"\b(cuda|hip|xpu|npu|mps)(?= out of memory| backend out of memory)"), lambda m: m[1].upper()),
    (_lazy(r"\btried to allocate\b"), lambda m: "Tried to allocate"),
    (_lazy(r"(?<=\d)(\s*)(kib|mib|gib|tib|pib|kb|mb|gb|tb)\b"),
     lambda m: m[1] + {"kib": "KiB", "mib": "MiB", "gib": "GiB", "tib": "TiB", "pib": "PiB"}.get(m[2], m[2].upper())),
    (_lazy(r"\b(gpu|npu|xpu|mlu|musa)(?=\s?\d)"), lambda m: m[1].upper()),
    (_lazy(r"\bpytorch\b"), lambda m: "PyTorch"),
    (_lazy(r"\bprocess(?= \d+ has)"), lambda m: "Process"),
    (_lazy(r"\bof the allocated memory\b"), lambda m: "Of the allocated memory"),
    (_lazy(r"\bmps allocated\b"), lambda m: "MPS allocated"),
)


def _recased(text: str) -> str | None:
    if _LOWER_HEAD.search(text) is None:
        return None
    for rx, fix in _RECASE:
        text = rx.sub(fix, text)
    return text


def parse(record: Record) -> list[Event]:
    text = record.text
    if "\\n" in text:  # message inside a repr: escaped newlines
        text = text.replace("\\n", "\n")
    if not is_allocator_oom(text) and "out of memory" in text and (low := _recased(text)) is not None:
        text = low
    if not is_allocator_oom(text) or discarded_choice(record):
        return []
    best: dict = {}
    for variant in _variants(text):
        f = {k: v for k, v in _facts(variant).items() if v is not None}
        if len(f) > len(best):
            best = f
    if not best:
        return []
    best = _drop_impossible(best)
    exc, wrapper = _exception(text)
    if exc:
        best["exception"] = exc
    if wrapper:
        best["wrapper"] = wrapper
    best.update(phase_of(record, text))
    evidence = next((ln.text.strip() for ln in record.lines
                     if "out of memory" in ln.text or "would exceed allowed" in ln.text), text)
    return [event("gpu_oom", record, best, text=evidence[:2000])]
