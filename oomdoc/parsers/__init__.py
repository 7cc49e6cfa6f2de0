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
* `ROLES` — what a kind is to an incident (see `ROLE_DOCS`); a kind not
  listed is a precursor, so a family that only describes the run declares none;
* `FAILURE_FAMILY` — what its failures exhaust ("device", "host", "engine";
  default: its name): out-of-memory failures of one family close together are
  one incident (a rank's OOM and another's NCCL OOM), of two families two
  (a vLLM engine's failure, then the trainer's OOM);
* `ANNOUNCES` — {kind: {fact: value}}: events that announce a failure whose
  details follow in another record (live mode waits a moment for them);
* `PER_COPY_FACTS` — facts that differ between the copies of one failure
  (each rank prints its own free/allocated numbers): left out when copies are
  matched, so eight ranks' OOMs merge into one event;
* `parse(record) -> list[Event]` (a family that only judges events after the
  read, like `bars`, has none and is offered no record);
* optionally `continues(text_so_far, next_line) -> bool`, to claim the next
  lines of the same source (wrapped messages, tables);
* optionally `after_read(analysis)`, run once the whole log is read, to judge
  an event by what followed it (e.g. crash: an exception the run survived).
"""
from __future__ import annotations

from importlib import import_module

# Order matters only for display and for the judges after the read (`recovered` re-kinds an OOM its
# program went on from before `bars` looks for the first failure); every module sees every matching record.
# `signature` reports the catalogue hits the others did not; `generic`, last, a failure
# that says memory ran out in a wording nobody catalogued.
FAMILIES = ("pytorch", "runtime", "ray", "vllm", "llamacpp", "deepspeed", "host", "metrics", "crash", "nvsmi", "cut",
            "recovered", "bars", "signature", "generic")

_loaded: list | None = None


def start_log() -> None:
    """A new log starts: the failure events the fallback family recalls start afresh."""
    from .base import forget_recent

    forget_recent()


def modules() -> list:
    """The parser modules, in FAMILIES order."""
    global _loaded
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


ROLE_DOCS = {
    "failure": "an out-of-memory failure: starts an incident",
    "crash": "a failure that is not an out-of-memory (reason says which): starts an incident",
    "symptom": "a death whose cause is reported elsewhere (launcher, Ray): joins an incident or starts one",
    "precursor": "describes the run before a failure (metrics, profiles, warnings): handed to the diagnosis",
    "context": "evidence printed near a failure (an nvidia-smi table, a caught exception): like a precursor",
}
INCIDENT_ROLES = ("failure", "crash", "symptom")


def roles() -> dict[str, str]:
    """Every declared kind -> its role ("precursor" unless its family says otherwise)."""
    out: dict[str, str] = {}
    for m in modules():
        declared = getattr(m, "ROLES", {})
        for kind in getattr(m, "KINDS", {}):
            out[kind] = declared.get(kind, "precursor")
    return out


def kinds_with_role(*wanted: str) -> frozenset[str]:
    return frozenset(k for k, r in roles().items() if r in wanted)


def failure_families() -> dict[str, str]:
    """Every declared kind -> the family of failures it belongs to."""
    return {kind: getattr(m, "FAILURE_FAMILY", m.NAME) for m in modules() for kind in getattr(m, "KINDS", {})}


def announcements() -> dict[str, dict]:
    """kind -> the facts that mark an event of it as an announcement (details follow)."""
    out: dict[str, dict] = {}
    for m in modules():
        out.update(getattr(m, "ANNOUNCES", {}))
    return out


def per_copy_facts() -> frozenset[str]:
    out: set[str] = set()
    for m in modules():
        out |= set(getattr(m, "PER_COPY_FACTS", ()))
    return frozenset(out)


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
