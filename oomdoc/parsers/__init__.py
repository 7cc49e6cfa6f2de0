"""Parser families, behind an explicit registry (no entry-point magic).

Each module exposes:

* `NAME` — the family name;
* `KEYS` — lowercase substrings; a record is offered to the module only when
  its lowercased text contains one of them (the slow-path prefilter);
* `TRIGGERS` — `TriggerGroup`s for the hot-path scanner: rare literals and how
  many context lines to keep around a hit;
* `LINE_TRIGGERS` — frequent one-line literals (bytes), e.g. metric lines;
* `KINDS` / `FACTS` — the event kinds and fact names it emits, with a one-line
  description each (the rule validator checks rules against these);
* `parse(record) -> list[Event]`;
* optionally `continues(text_so_far, next_line) -> bool`, to claim the next
  lines of the same source (wrapped messages, tables);
* optionally `after_read(analysis)`, run once the whole log is read, to judge
  an event by what followed it (e.g. crash: an exception the run survived).
"""
from __future__ import annotations

from importlib import import_module

# Order matters only for display; every module sees every matching record.
# `signature` runs last: it reports the catalogue hits the others did not.
FAMILIES = ("pytorch", "runtime", "ray", "vllm", "deepspeed", "host", "metrics", "crash", "nvsmi", "signature")

_loaded: list | None = None


def modules() -> list:
    """The parser modules, in FAMILIES order. Each Pipeline asks once, as it starts:
    the failure events recalled for the fallback family start afresh then."""
    global _loaded
    from .base import forget_recent

    forget_recent()
    if _loaded is None:
        mods = []
        for name in FAMILIES:
            try:
                mods.append(import_module(f"{__name__}.{name}"))
            except ModuleNotFoundError as exc:  # a family not written yet
                if exc.name != f"{__name__}.{name}":
                    raise
        _loaded = mods
    return _loaded


def all_kinds() -> dict[str, str]:
    out: dict[str, str] = {}
    for m in modules():
        out.update(getattr(m, "KINDS", {}))
    return out


def all_facts() -> dict[str, str]:
    out: dict[str, str] = {}
    for m in modules():
        out.update(getattr(m, "FACTS", {}))
    return out
