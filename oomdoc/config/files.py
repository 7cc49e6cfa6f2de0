"""Config files given with `--config` (repeatable): YAML, JSON, TOML, shell scripts.

The format is chosen by extension, else sniffed. YAML is read with
`yaml.safe_load` semantics (SafeLoader node tree, so each key keeps its
line); JSON keys are located by a forward text search; TOML uses `tomllib`
when the interpreter has it (3.11+) and a small safe subset reader otherwise.
Shell scripts yield their launch commands and `export`s. Nothing here ever
raises on content: problems become warnings naming the file and line.
"""
from __future__ import annotations

import os

from . import shell
from .values import FILE, SCRIPT, Entry, flatten, literal
from .. import re_cache

MAX_BYTES = 8 << 20
ACCELERATE_KEYS = {"compute_environment", "distributed_type", "num_processes", "mixed_precision",
                   "deepspeed_config", "fsdp_config", "num_machines", "machine_rank"}
DEEPSPEED_KEYS = {"zero_optimization", "train_micro_batch_size_per_gpu", "train_batch_size",
                  "gradient_accumulation_steps", "fp16", "bf16", "zero_allow_untested_optimizer"}


def read(path: str, warn) -> tuple[list[Entry], list[shell.Command], str]:
    """(entries, commands, kind) of one file; kind: yaml | json | toml | script | unreadable."""
    label = path
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        warn(f"{label}: cannot read config file ({exc.strerror or exc})")
        return [], [], "unreadable"
    if len(data) > MAX_BYTES:
        warn(f"{label}: config file larger than {MAX_BYTES >> 20} MiB; read the first part only")
        data = data[:MAX_BYTES]
    text = data.decode("utf-8", "replace")
    kind = _kind(path, text)
    if kind == "json":
        return _json(text, label, warn), [], kind
    if kind == "toml":
        return _toml(text, label, warn), [], kind
    if kind == "script":
        commands, exports = shell.read_script(text, label, SCRIPT, warn)
        if not commands and not exports:
            warn(f"{label}:1: no launch command or exported variable found (not a launch script?)")
        entries = list(exports)
        for c in commands:
            entries.extend(c.entries)
        return entries, commands, kind
    return _yaml(text, label, warn), [], kind


def _kind(path: str, text: str) -> str:
    ext = os.path.splitext(path)[1].lower()
    if ext == ".json":
        return "json"
    if ext in (".yaml", ".yml"):
        return "yaml"
    if ext == ".toml":
        return "toml"
    if ext in (".sh", ".bash", ".zsh", ".slurm", ".sbatch"):
        return "script"
    head = text.lstrip()[:2000]
    if head.startswith("{"):
        return "json"
    if head.startswith("#!") or re_cache.search(r"^\s*(export |python|torchrun|accelerate |deepspeed |set -x)", head, re_cache.M):
        return "script"
    if re_cache.search(r"^\s*\[[\w.]+\]\s*$", head, re_cache.M) and re_cache.search(r"^\s*\w+\s*=\s*", head, re_cache.M):
        return "toml"
    return "yaml"


def namespace_of(keys) -> str:
    top = {k.split(".", 1)[0] for k in keys}
    if len(top & ACCELERATE_KEYS) >= 2 and ("compute_environment" in top or "distributed_type" in top):
        return "accelerate"
    if "zero_optimization" in top or len(top & DEEPSPEED_KEYS) >= 3:
        return "deepspeed"
    return "main"


def _entries(pairs_with_lines, label, style) -> list[Entry]:
    ns = namespace_of([k for k, _, _ in pairs_with_lines])
    return [Entry(k, v, f"{label}:{no}", FILE, ns=ns, style=style, path=label, line=no)
            for k, v, no in pairs_with_lines]


def _yaml(text: str, label: str, warn) -> list[Entry]:
    import yaml

    from ..safe_yaml import LimitError, compose_yaml, construct_yaml

    try:
        node = compose_yaml(text)
        obj = construct_yaml(node)
    except LimitError as exc:
        warn(f"{label}: YAML {exc}; file skipped")
        return []
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        warn(f"{label}{line}: broken YAML ({getattr(exc, 'problem', None) or 'parse error'}); file skipped")
        return []
    except (RecursionError, MemoryError):
        warn(f"{label}: YAML too deep or too large; file skipped")
        return []
    if not isinstance(obj, dict):
        warn(f"{label}:1: not a YAML mapping of settings; file skipped")
        return []
    lines: dict[str, int] = {}
    _node_lines(node, "", lines)
    pairs = [(k, v, lines.get(k, 1)) for k, v in flatten(obj)]
    return _entries(pairs, label, "yaml")


def _node_lines(node, prefix, out):
    import yaml

    if isinstance(node, yaml.MappingNode):
        for knode, vnode in node.value:
            key = f"{prefix}.{knode.value}" if prefix else str(knode.value)
            out[key] = knode.start_mark.line + 1
            _node_lines(vnode, key, out)


def _json(text: str, label: str, warn) -> list[Entry]:
    from ..safe_json import LimitError, load_json

    try:
        obj = load_json(text)
    except LimitError as exc:
        warn(f"{label}: JSON {exc}; file skipped")
        return []
    except ValueError as exc:
        line = getattr(exc, "lineno", None)
        warn(f"{label}{':' + str(line) if line else ''}: broken JSON ({getattr(exc, 'msg', exc)}); file skipped")
        return []
    if not isinstance(obj, dict):
        warn(f"{label}:1: not a JSON object of settings; file skipped")
        return []
    src_lines = text.splitlines()
    found: dict[str, int] = {"": 0}

    def locate(path: str) -> int:
        """0-based line of `path`'s key: its leaf name, searched below its parent's line."""
        if path not in found:
            parent, _, leaf = path.rpartition(".")
            start = locate(parent)
            found[path] = next((j for j in range(start, len(src_lines)) if f'"{leaf}"' in src_lines[j]), start)
        return found[path]

    out = [(k, v, locate(k) + 1) for k, v in flatten(obj)]
    return _entries(out, label, "json")


def _toml(text: str, label: str, warn) -> list[Entry]:
    try:
        import tomllib  # type: ignore[import-not-found]
    except ModuleNotFoundError:
        tomllib = None
    lines_of: dict[str, int] = {}
    section = ""
    for no, line in enumerate(text.splitlines(), 1):
        s = line.split("#", 1)[0].strip()
        m = re_cache.compile(r"^\[+\s*([\w.\-\"]+)\s*\]+$").match(s)
        if m:
            section = m.group(1).replace('"', "")
            continue
        m = re_cache.compile(r"^([\w.\-\"]+)\s*=").match(s)
        if m:
            key = m.group(1).replace('"', "")
            lines_of[f"{section}.{key}" if section else key] = no
    if tomllib is not None:
        try:
            obj = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, RecursionError) as exc:
            warn(f"{label}: broken TOML ({exc}); file skipped")
            return []
        pairs = [(k, v, lines_of.get(k, 1)) for k, v in flatten(obj)]
        return _entries(pairs, label, "toml")
    # Python 3.10: the subset config files use: [section], key = scalar | [list] | "string".
    out, section = [], ""
    for no, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        m = re_cache.compile(r"^\[\s*([\w.\-]+)\s*\]$").match(s)
        if m:
            section = m.group(1)
            continue
        m = re_cache.compile(r"^([\w.\-]+)\s*=\s*(.+?)\s*(#.*)?$").match(s)
        if not m:
            warn(f"{label}:{no}: TOML line not understood (no tomllib on this Python); skipped")
            continue
        raw = m.group(2)
        val = {"true": True, "false": False}.get(raw, None)
        if val is None:
            val = literal(raw)
        key = f"{section}.{m.group(1)}" if section else m.group(1)
        out.append((key, val, no))
    return _entries(out, label, "toml")
