"""Every catalogue hit becomes an event (the fallback family; runs last).

The strict families read a message's facts when they know its wording. A
memory-failure message they do not turn into an event — a family only the
catalogue knows (TPU memory spaces, Rust and Arrow allocators, shared
memory, the Ray object store, SGLang's pool sizing), or a known family cut
short, wrapped oddly or abridged — still becomes one here: the entry's event
kind with the facts its patterns could read, `signature`, `memory`,
`certainty`, and `truncated: true` when an entry's strict parser could not
read it (or the text was visibly cut, `...`).

A hit is already reported when a strict family made an event from lines of
the same record with the same kind, or one at least as certain; a hit that is
not certain (a re-raise, a kill) also when a failure of its memory class ended
at most `NEAR` lines before: one failure is never reported twice. At most one
fallback event per memory class and record.

Terminal-wrapped messages reach every family joined (see `assemble`).
"""
from __future__ import annotations

from .. import re_cache, signatures
from ..model import Event, Record
from .base import discarded_choice, event, reported, reported_near

NAME = "signature"
KEYS = signatures.anchor_keys()    # derived once, not by every run: the entries are made on first parse
TRIGGERS = signatures.trigger_groups(NAME)
LINE_TRIGGERS = ()

KINDS = {
    "shm_exhausted": "shared memory (/dev/shm) ran out: a DataLoader worker's bus error, "
                     "'No space left on device' for a torch shared-memory file",
    "object_store_full": "Ray's object store (plasma, shared memory) is full and cannot take an object",
}
# What each kind is to an incident (parsers/__init__.py ROLES).
ROLES = {"shm_exhausted": "failure", "object_store_full": "failure"}
FACTS = {
    **signatures.TAG_FACTS,
    "truncated": "the message was cut short or abridged: its strict parser could not read all its facts",
    "max_num_seqs": "vLLM sampler warm-up: the number of dummy requests (max_num_seqs) it failed with",
    "mem_fraction_static": "SGLang mem_fraction_static printed with its 'Not enough memory' error",
    "engine": "the inference engine whose message it is, when not vLLM (sglang)",
    "exceeded_bytes": "XLA:TPU: how far the program's need exceeds the memory space's capacity",
    "device_used_bytes": "XLA:TPU: memory the program needs in the memory space",
    "space": "memory space named by the message (hbm, vmem, smem, host)",
    "process_index": "torch.multiprocessing: index of the process that was killed",
    "launcher": "who reported the kill (torch.multiprocessing, deepspeed, ...)",
    "shape": "TensorFlow: shape of the tensor that could not be allocated",
    "requested_bytes": "size of the failed allocation",
}
FACTS.update(signatures.tag_facts(signatures.kinds()))
FACTS["phase"] = "training phase from frames (see pytorch.PHASES)"
FACTS["phases"] = "every phase recognised, outermost first"

_RANK = {"possible": 0, "likely": 1, "certain": 2}
NEAR = 400     # lines: a Ray driver re-raises a worker's failure soon after the worker prints it
ADJACENT = 12  # lines: a kill this close under a failure follows from it (a word wrap spreads one record)
_WS = re_cache.lazy(r"\s+")
_SQUEEZED: list = []     # (entry, its anchors without whitespace), made on first parse


def _squeezed() -> list:
    if not _SQUEEZED:
        _SQUEEZED.extend(zip(signatures.catalogue().entries, signatures.squeezed_anchors()))
    return _SQUEEZED


def _covered(entry, done: list[Event]) -> bool:
    want = _RANK[entry.certainty]
    for ev in done:
        if ev.kind == entry.kind or _RANK.get(ev.facts.get("certainty"), -1) >= want:
            return True
    return False


def _evidence(record: Record, entry) -> str:
    for ln in record.lines:
        if any(a in ln.text for a in entry.anchors):
            return ln.text.strip()[:2000]
    return record.lines[-1].text.strip()[:2000]


def parse(record: Record) -> list[Event]:
    text = record.text
    squeezed = _WS.sub("", text)
    hits = [e for e, anchors in _squeezed() if any(a in squeezed for a in anchors)]
    if not hits or discarded_choice(record):
        return []
    vs = signatures.variants(text)
    spaced = record.spaced_text
    if spaced is not None:      # a wrapped line joined: its words maybe glued (`Ran out|of memory`)
        vs += [v for v in signatures.variants(spaced) if v not in vs]
    done = reported(record)
    near = None
    cut = text.rstrip().endswith(("...", "\u2026"))
    out: list[Event] = []
    memories: set[str] = set()
    # whole messages first; a message cut short inside its pattern (`Out of memory while trying
    # to al`) only when no family's whole message is there
    order = [(e, False) for e in hits] + [(e, True) for e in hits]
    for e, cut_here in order:
        if e.memory in memories or _covered(e, done) or (cut_here and out):
            continue
        if (e.search(vs) is None) != cut_here or \
                (cut_here and (e.unless_text or not e.search_cut(_pieces(record)))):
            continue
        if e.certainty != "certain":    # a re-raise or a symptom of a failure printed just before
            near = reported_near(record, NEAR) if near is None else near
            same = next((ev for ev in near if ev.facts.get("memory") == e.memory), None)
            if same is not None:
                for k, v in e.read_facts(vs).items():   # its facts join the failure it repeats
                    same.facts.setdefault(k, v)
                continue

        facts = e.read_facts(vs)
        if e.parser is not None or cut or cut_here:
            facts["truncated"] = True
        facts.update(signature=e.id, memory=e.memory, certainty=e.certainty)
        if e.memory == "gpu" and "phase" not in facts:
            from .pytorch import phase_of

            facts.update(phase_of(record))
        ev = event(e.kind, record, facts, text=_evidence(record, e))
        out.append(ev)
        done.append(ev)
        memories.add(e.memory)
    return out


def _pieces(record: Record) -> list[str]:
    """The record's lines as pasted: a line joined from a wrap's pieces (`Line.cuts`) split
    back, since a message cut mid-word looks like a terminal's cut to the assembler."""
    out = []
    for ln in record.lines:
        at = 0
        for c in ln.cuts:
            out.append(ln.text[at:c])
            at = c
        out.append(ln.text[at:])
    return out


def after_read(analysis) -> None:
    """A bare kill printed right under a failure reported in full is the launcher cleaning up
    after it (DeepSpeed's sigkill_handler kills the other ranks): unwrapped, the kill joins the
    failure's record and is covered there; a word wrap (or another writer's lines) can close
    that record late, so the kill is judged here by lines instead of by record."""
    # (a kill beside a host failure is more of the same failure: kept, it carries the signal)
    failures = [(ev.line, ev.end_line) for ev in analysis.events
                if ev.facts.get("certainty") == "certain" and ev.facts.get("memory") not in (None, "host")]
    if not failures:
        return
    analysis.events[:] = [ev for ev in analysis.events if not (
        ev.kind == "process_killed" and ev.facts.get("certainty") == "possible"
        and any(start <= ev.line and 0 <= ev.line - end <= ADJACENT for start, end in failures))]
