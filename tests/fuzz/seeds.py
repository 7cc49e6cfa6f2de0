"""Valid log material to mutate: corpus logs and the lines of the sample tables."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def corpus_logs() -> list[bytes]:
    return [p.read_bytes() for p in sorted((ROOT / "corpus").glob("*/train.log"))]


@lru_cache(maxsize=1)
def sample_lines() -> list[str]:
    """Every log text of tests/samples/*.yaml (the real-format lines with known facts)."""
    out: list[str] = []
    for p in sorted((ROOT / "tests" / "samples").glob("*.yaml")):
        doc = yaml.safe_load(p.read_text(encoding="utf-8"))
        for case in _cases(doc):
            text = case.get("log") or case.get("text") or case.get("lines")
            if isinstance(text, list):
                text = "\n".join(map(str, text))
            if isinstance(text, str) and text.strip():
                out.append(text)
    return out


def _cases(doc):
    if isinstance(doc, list):
        for c in doc:
            if isinstance(c, dict):
                yield c
    elif isinstance(doc, dict):
        for v in doc.values():
            if isinstance(v, list):
                yield from _cases(v)


SIZE_SUFFIXES = ("_bytes",)
# Sizes a library prints as a difference and which may be negative by design:
# vLLM's "the rest of the memory reserved for KV Cache is -0.59GiB" is the
# very symptom of a KV cache with no room (tests/samples/vllm.yaml keeps it).
SIGNED = {"kv_cache_bytes"}
FRACTION_KEYS = ("_fraction", "gpu_memory_utilization", "_ratio", "_util")


def check_event_facts(ev) -> list[str]:
    """Invariants every event must satisfy; returns the violations (empty = fine)."""
    bad = []
    f = ev.facts
    for k, v in f.items():
        if k.endswith(SIZE_SUFFIXES) and v is not None:
            if isinstance(v, bool) or not isinstance(v, int):
                bad.append(f"{k}={v!r} is not an int of bytes")
            elif v < 0 and k not in SIGNED:
                bad.append(f"{k}={v} is negative")
        if any(k.endswith(s) for s in FRACTION_KEYS) and isinstance(v, float):
            if not (0.0 <= v <= 1.5):
                bad.append(f"{k}={v} outside [0, 1.5]")
    total = f.get("total_bytes")
    if isinstance(total, int) and isinstance(f.get("free_bytes"), int) and f["free_bytes"] > total:
        bad.append(f"free {f['free_bytes']} > total {total}")
    if isinstance(f.get("allocated_bytes"), int) and isinstance(f.get("reserved_bytes"), int) \
            and f["allocated_bytes"] > f["reserved_bytes"]:
        bad.append(f"allocated {f['allocated_bytes']} > reserved {f['reserved_bytes']}")
    if ev.line < 1 or ev.end_line < ev.line:
        bad.append(f"lines {ev.line}..{ev.end_line}")
    return bad


def event_key(ev) -> tuple:
    return (ev.kind, ev.line, tuple(sorted((k, repr(v)) for k, v in ev.facts.items())))
