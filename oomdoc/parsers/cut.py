"""Tracebacks cut off inside a memory-allocating call (a paste shape, never certain).

People paste the top of a traceback and cut it (`...`) before the exception
line. When the innermost frames are a call whose job is to map device memory
back in — a sleeping rollout engine's `wake_up` (vLLM `CuMemAllocator`
`create_and_map`, SGLang / torch_memory_saver `resume_memory_occupation`) —
the failure that ended it is, far more often than not, that memory not being
there. Such a record becomes a `gpu_oom` with `certainty: possible`,
`truncated: true` and the phase its frames show, so the rules rank the
engine's causes with a low confidence and say how to confirm.

A traceback that reaches its exception line is never read here: what it says
(an OOM, an illegal memory access) is read by the family that knows it.
"""
from __future__ import annotations

from .. import re_cache
from ..model import Event, Record
from ..scan import TriggerGroup
from .pytorch import phase_of

NAME = "cut"
FAILURE_FAMILY = "device"
# frame lines `  File ".../llm.py", line 1244, in wake_up`
KEYS = ("in wake_up", "in create_and_map", "in resume_memory_occupation")
TRIGGERS = (TriggerGroup("cut-allocation-frames", ("in wake_up", "in create_and_map", "in resume_memory_occupation"),
                         before=80, after=8),)
LINE_TRIGGERS = ()
KINDS: dict[str, str] = {}
FACTS = {"signature": "catalogue entry id, or traceback-cut-in-allocation for a cut traceback"}

SIGNATURE = "traceback-cut-in-allocation"
ALLOCATING = ("wake_up",)           # phases whose calls exist to map device memory back in
_FRAME = re_cache.lazy(r'^\s*File "')
_EXCEPTION = re_cache.lazy(r"^\s*(?:[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt)|[\w.]+\.[A-Z]\w*)\b[:(]?")
_NOISE = re_cache.lazy(r"^\s*(?:\^+|~+|\.{3}|\u2026|\[?\.\.\.\]?)?\s*$")


def parse(record: Record) -> list[Event]:
    if not _is_cut(record):
        return []
    facts = phase_of(record)
    if facts.get("phase") not in ALLOCATING:
        return []
    facts.update(memory="gpu", certainty="possible", truncated=True, signature=SIGNATURE)
    last = next(ln.text.strip() for ln in reversed(record.lines) if _FRAME.match(ln.text))
    return [Event(kind="gpu_oom", source=record.source, line=record.line, end_line=record.end_line,
                  facts=facts, text=last[:500], count=record.repeat, sources=[record.source],
                  frames=record.frames())]


def _is_cut(record: Record) -> bool:
    """Frames, then nothing but code lines, carets or `...`: no exception line was pasted."""
    seen_frame = False
    after_last_frame: list[str] = []
    for ln in record.lines:
        if _FRAME.match(ln.text):
            seen_frame = True
            after_last_frame = []
        elif seen_frame:
            after_last_frame.append(ln.text)
    if not seen_frame:
        return False
    # the code line under the last frame, carets and an ellipsis may follow; an exception may not
    rest = [t for t in after_last_frame if not _NOISE.match(t)]
    return len(rest) <= 1 and not any(_EXCEPTION.match(t) and ":" in t for t in rest)
