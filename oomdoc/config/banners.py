"""Config that libraries print in their own start-up banners, read as facts of the run.

* HF Trainer's `***** Running training *****` block (transformers trainer.py,
  `_inner_training_loop`): `  Instantaneous batch size per device = 16`,
  `  Gradient Accumulation steps = 8`, `  Total train batch size (w. parallel,
  distributed & accumulation) = 128`, ... (numbers with `{:,}` separators in
  4.x; accelerate / diffusers `*_no_trainer` scripts print the same lines),
  usually behind transformers' explicit logger format `[INFO|trainer.py:2131]
  2024-05-17 16:39:58,114 >> ` or LLaMA-Factory's;
* DeepSpeed's launcher: runner.py `cmd = <the command it runs>` (local, pdsh
  or mpirun) and launch.py `process N spawned with command: [argv]`;
* accelerate's `AcceleratorState` repr (state.py `__repr__`, printed by
  `logger.info(accelerator.state)`): `Distributed environment: DEEPSPEED
  Backend: nccl`, `Num processes: 8`, ..., `Mixed precision type: bf16`,
  `ds_config: {...}` (the DeepSpeed config accelerate passes, a dict repr);
* Megatron-LM's `------------------------ arguments ------------------------`
  table (training/arguments.py `_print_args`: `  name ....... value`, dots
  to 48 columns, until `end of arguments`), a shape other trainers copy;
* torch elastic's `Starting elastic_operator with launch configs:` block
  (torch/distributed/launcher/api.py): `  nproc_per_node   : 8`, `  max_nodes : 2`;
* vLLM's `non-default args: {...}` (entrypoints/utils.py `log_non_default_args`,
  v0.10+, for `vllm serve` and `LLM(...)` alike): the engine arguments a run changed;
* accelerate's `find_executable_batch_size` (utils/memory.py, behind HF Trainer's
  `auto_find_batch_size`): it halves the batch after each OOM and raises
  `No executable batch size found, reached zero.` only after batch size 1 failed too,
  so the line says the per-device batch was already 1 when the run gave up;
* `DeepSpeedEngine configuration:` (runtime/config.py `DeepSpeedConfig.print`):
  `  name .......... value` lines, one per attribute (dots fill to 29
  columns, none for long names); `zero_config` is the pydantic
  DeepSpeedZeroConfig, printed `stage=3 ... offload_optimizer=
  DeepSpeedZeroOffloadOptimizerConfig(device='cpu', ...)` (JSON in old
  releases); the same `DeepSpeedZero...Config(...)` reprs printed elsewhere.
"""
from __future__ import annotations

import os

from .. import re_cache
from . import shell
from .values import DUMP, Entry, flatten, literal, parse_kv, split_top

# Logger headers in front of the message (the prefix peeler leaves these to their readers):
# transformers' enable_explicit_format, LLaMA-Factory's, `date - LEVEL - name - ` (HF examples, TRL),
# DeepSpeed's `[LEVEL] [file.py:n:func] ` when a paste dropped the date in front of it, and torch
# elastic's `[date] torch.distributed.run: [WARNING] ` (torch 2.1-2.3).
_HEADERS = re_cache.lazy(
    r"^(?:\[(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)\|[^\]]*\](?: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:,\d+)?)?"
    r"(?: [\w.]+:\d+)? >> "
    r"|\[(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)\] \[[\w.]+\.py:\d+:\w+\] "
    r"|\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+\] [\w.]+: \[(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)\] ?"
    r"|(?:\d\d/\d\d/\d{4}|\d{4}-\d\d-\d\d) \d\d:\d\d:\d\d(?:,\d+)? - (?:DEBUG|INFO|WARNING|ERROR|CRITICAL) - [\w.]+ - )")
_HF = re_cache.lazy(r"^(Instantaneous batch size per device|Gradient Accumulation steps|"
                 r"Total train batch size \(w\. parallel, distributed & accumulation\)|Total optimization steps|"
                 r"Num examples|Num Epochs|Number of trainable parameters|"
                 r"Training with DataParallel so batch size has been adjusted to:)\s*=?\s*([\d,]+)\s*$")
# banner line -> (key, namespace): TrainingArguments names map to knobs; the rest is kept raw
_HF_KEYS = {
    "Instantaneous batch size per device": "per_device_train_batch_size",
    "Gradient Accumulation steps": "gradient_accumulation_steps",
    "Total train batch size (w. parallel, distributed & accumulation)": "total_train_batch_size",
    "Total optimization steps": "max_steps",
    "Num examples": "num_examples",
    "Num Epochs": "num_train_epochs",
    "Number of trainable parameters": "trainable_parameters",
    "Training with DataParallel so batch size has been adjusted to:": "dataparallel_train_batch_size",
}
_DS_LINE = re_cache.lazy(r"^([a-z_][a-z0-9_]*) (?:\.+ | )(\S.*)$")
# DeepSpeedConfig attributes -> the DeepSpeed JSON keys they come from
_DS_KEYS = {
    "train_batch_size": "train_batch_size",
    "train_micro_batch_size_per_gpu": "train_micro_batch_size_per_gpu",
    "gradient_accumulation_steps": "gradient_accumulation_steps",
    "zero_optimization_stage": "zero_optimization.stage",
    "fp16_enabled": "fp16.enabled",
    "bfloat16_enabled": "bf16.enabled",
    "bf16_enabled": "bf16.enabled",
}
_ZERO_ATTRS = ("zero_config", "zero_optimization")
ARGS_TABLE = re_cache.lazy(r"^-{8,} (?!end of )(?:[\w ]+ )?arguments -{8,}$")
_ARGS_END = re_cache.lazy(r"^-{8,} end of ")
_ARGS_LINE = re_cache.lazy(r"^([A-Za-z_]\w*) \.+ (.*)$")
_THOUSANDS = re_cache.lazy(r"(?<![\w.])(\d{1,3}(?:,\d{3})+)(?![\w.])")
_OFFLOAD = re_cache.lazy(r"\b(offload_optimizer|offload_param)=DeepSpeedZeroOffload\w*Config\((.*?)\)")
_ZERO_REPR = re_cache.lazy(r"\bDeepSpeedZeroConfig\(")
_SPAWNED = re_cache.lazy(r"process \d+ spawned with command: (\[.*\])\s*$")


def message(text: str) -> str:
    """The message of a line, without a logger header the prefix peeler leaves in place."""
    if text[:1] in "[0123456789":
        m = _HEADERS.match(text)
        if m:
            return text[m.end():]
    return text


def hf_banner(s: str, no: int) -> list[Entry]:
    m = _HF.match(s)
    if not m:
        return []
    value = int(m.group(2).replace(",", ""))
    return [Entry(_HF_KEYS[m.group(1)], value, f"log:{no}", DUMP, ns="transformers", style="dump")]


BATCH_EXHAUSTED = "No executable batch size found, reached zero"


def batch_exhausted(no: int) -> list[Entry]:
    """The batch finder's last try was one sample per device (`batch_size //= 2` from 1 gave 0)."""
    return [Entry("per_device_train_batch_size", 1, f"log:{no}", DUMP, ns="transformers", style="dump")]


def is_deepspeed_print(raw: str, s: str) -> bool:
    """A `name ..... value` line of DeepSpeedConfig.print (its logger names the function `print`)."""
    return ":print]" in raw and bool(_DS_LINE.match(s))


def deepspeed_print(s: str, no: int) -> tuple[list[Entry], str | None]:
    """Entries of one `name ..... value` line; (entries, JSON text to read when the value is a JSON block)."""
    m = _DS_LINE.match(s)
    if not m:
        return [], None
    name, value = m.group(1), m.group(2).strip()
    src = f"log:{no}"
    if name in _ZERO_ATTRS:
        if value.startswith("{"):
            return [], value
        return zero_entries(value, src), None
    key = _DS_KEYS.get(name)
    if key is None:
        return [], None
    return [Entry(key, literal(_plain_numbers(value)), src, DUMP, ns="deepspeed", style="dump")], None


ELASTIC_CONFIGS = "elastic_operator with launch configs:"
_ELASTIC_LINE = re_cache.lazy(r"^(\w+)\s*:\s*(\S.*)$")
# torch elastic's launch config -> the torchrun flags they come from
_ELASTIC_KEYS = {"nproc_per_node": "nproc_per_node", "max_nodes": "nnodes"}
_VLLM_ARG = re_cache.lazy(r"'(\w+)': ('[^']*'|-?[\d.]+(?:e-?\d+)?|True|False|None)(?=[,}])")


def elastic_launch_configs(texts, nos) -> list[Entry]:
    """`  nproc_per_node   : 8` lines after torch elastic's `launch configs:` line."""
    out = []
    for text, no in zip(texts[:16], nos):
        m = _ELASTIC_LINE.match(message(text.strip()).strip())
        if not m:
            break
        key = _ELASTIC_KEYS.get(m.group(1))
        if key:
            out.append(Entry(key, literal(m.group(2)), f"log:{no}", DUMP, ns="launcher", style="dump"))
    return out


def vllm_non_default_args(body: str, no: int) -> list[Entry]:
    """vLLM's `{'model': 'Qwen/..', 'gpu_memory_utilization': 0.6, ...}`: a dict repr whose values
    may be objects (`CompilationConfig(...)`), so the plain values are read one by one when the
    whole is no Python literal."""
    from .pyliteral import literal_eval   # not ast's: start-up time (issue 12)

    src = f"log:{no}"
    try:
        obj = literal_eval(body.strip())
    except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
        obj = {k: literal(v) for k, v in _VLLM_ARG.findall(body)}
    if not isinstance(obj, dict):
        return []
    return [Entry(k, v, src, DUMP, ns="vllm", style="dump") for k, v in flatten(obj)]


ACCELERATE_STATE = "Distributed environment: "
_STATE_LINE = re_cache.lazy(r"^(Num processes|Mixed precision type|ds_config): (.+)$")


def accelerate_state(texts, nos) -> list[Entry]:
    """The lines of an AcceleratorState repr after its `Distributed environment:` line."""
    out = []
    for text, no in zip(texts[:10], nos):
        m = _STATE_LINE.match(text.strip())
        if not m:
            continue
        key, value, src = m.group(1), m.group(2).strip(), f"log:{no}"
        if key == "ds_config":
            try:
                from .pyliteral import literal_eval   # not ast's: start-up time (issue 12)
                obj = literal_eval(value)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                continue
            if isinstance(obj, dict):
                out.extend(Entry(k, v, src, DUMP, ns="deepspeed", style="dump") for k, v in flatten(obj))
        else:
            name = "num_processes" if key == "Num processes" else "mixed_precision"
            out.append(Entry(name, literal(value), src, DUMP, ns="accelerate", style="dump"))
    return out


def args_table(texts, nos) -> list[Entry]:
    """The `name ....... value` lines after an arguments-table header, until its end line."""
    out = []
    for text, no in zip(texts, nos):
        s = text.strip()
        if _ARGS_END.match(s):
            break
        m = _ARGS_LINE.match(s)
        if m:
            out.append(Entry(m.group(1), literal(m.group(2)), f"log:{no}", DUMP, style="dump"))
        elif s:
            break
    return out


def zero_entries(body: str, src: str) -> list[Entry]:
    """`stage=3 ... offload_param=DeepSpeedZeroOffloadParamConfig(device='cpu', ...)` (space- or
    comma-separated) -> zero_optimization.* entries."""
    obj = {}
    body = _plain_numbers(body)
    pieces = split_top(body, ",\n")   # a repr: `Name(a=1, b=2)`
    if len(pieces) < 2:
        pieces = split_top(body, " \n")   # DeepSpeedConfig.print: `a=1 b=2`
    for piece in pieces:
        key, eq, val = piece.strip().partition("=")
        if not eq or not key.isidentifier():
            continue
        val = val.strip()
        head = val.split("(", 1)[0]
        if head.isidentifier() and val.endswith(")") and "=" in val:
            obj[key] = parse_kv(val[len(head) + 1:-1])
        else:
            obj[key] = literal(val)
    return [Entry(k, v, src, DUMP, ns="deepspeed", style="dump") for k, v in flatten({"zero_optimization": obj})]


def zero_reprs(s: str, no: int) -> list[Entry]:
    """`DeepSpeedZeroConfig(...)` or `offload_x=DeepSpeedZeroOffload...Config(device=...)` printed anywhere."""
    src = f"log:{no}"
    m = _ZERO_REPR.search(s)
    if m:
        body = s[m.end():]
        return zero_entries(body[:body.rfind(")")] if ")" in body else body, src)
    out = []
    for m in _OFFLOAD.finditer(_plain_numbers(s)):
        for k, v in flatten({"zero_optimization": {m.group(1): parse_kv(m.group(2))}}):
            out.append(Entry(k, v, src, DUMP, ns="deepspeed", style="dump"))
    return out


def launch_tokens(s: str, split) -> tuple[list[str], list[tuple[str, str]]] | None:
    """DeepSpeed launcher lines -> (argv of the training command, [(NAME, value) exported]) or None.

    `split(text)` is the shell splitter (shell.split with its warnings)."""
    if s.startswith("cmd = "):
        body = s[6:].strip()
        exports = re_cache.compile(r"\bexport (\w+)=(\S+?);").findall(body)
        segments = [seg.strip() for seg in body.split(";") if seg.strip()]
        for seg in reversed(segments):
            tokens = _from_program(split(seg))
            if tokens:
                return tokens, exports
        return None
    m = _SPAWNED.search(s)
    if m:
        try:
            from .pyliteral import literal_eval   # not ast's: start-up time (issue 12)
            argv = literal_eval(m.group(1))
        except (ValueError, SyntaxError):
            return None
        if isinstance(argv, list) and all(isinstance(a, str) for a in argv):
            return _from_program(argv), []
    return None


def world_info(value) -> tuple[int, int] | None:
    """DeepSpeed's base64 `--world_info` ({host: [gpu ids]}) -> (nodes, GPUs on the first node)."""
    try:
        import base64   # here, not at the top: start-up time (issue 12)
        import json

        info = json.loads(base64.urlsafe_b64decode(str(value) + "=" * (-len(str(value)) % 4)))
    except (ValueError, TypeError):
        return None
    if isinstance(info, dict) and info and all(isinstance(v, list) for v in info.values()):
        return len(info), len(next(iter(info.values())))
    return None


def _from_program(tokens: list[str]) -> list[str]:
    """Drop what runs the program (pdsh/mpirun options, `cd`, env): argv from the python / launcher on."""
    for i, t in enumerate(tokens):
        base = os.path.basename(t)
        if shell.PYTHONS.match(base) or base in shell.all_launchers():
            return tokens[i:]
    return []


def _plain_numbers(text: str) -> str:
    """`500,000,000` (DeepSpeed's pretty ints) -> `500000000`."""
    return _THOUSANDS.sub(lambda m: m.group(1).replace(",", ""), text) if "," in text else text
