"""Is the pasted evidence whole enough to diagnose?

Two ways an excerpt loses what the diagnosis needs:

* a traceback that never reaches its exception line (the paste stopped in the
  frames, or at an elision like `...`): the exception names the failure;
* an allocator OOM message cut before its numbers (`CUDA out of memory.` and
  nothing after, or the parser's `truncated` fact): the numbers say how short
  the GPU was and who held the memory.

Tracebacks are followed per source (ranks and Ray actors interleave).
Excerpts pasted in the report are errors (paste more); linked log files are
warnings (a job killed mid-print cannot be made whole).
"""
from __future__ import annotations

import re

from ..prefixes import clean, peel
from . import Finding
from .evidence import Evidence

TB_HEADER = "Traceback (most recent call last)"
_ELISION = re.compile(r"(?i)^\s*(?:\.{3,}|…|\[\.{3}\]|<snip[^>]*>|\[?snip\]?|\(?truncated\)?|\[truncated\]|"
                      r"\[?\s*\d+ (?:more )?lines? (?:omitted|truncated|skipped|elided)\s*\]?)\s*$")
# an exception glued onto the last frame line when a paste lost the newline
_GLUED = re.compile(r"\S[A-Za-z_]\w*(?:Error|Exception):\s")
# info-string flag: the log itself stops inside this block's last traceback
LOG_ENDS = "log-ends-here"
# the allocator's message stopping right after its first sentence
_CUT_OOM = re.compile(r"(?i)(?:OutOfMemoryError|RuntimeError)\s*:\s*[A-Za-z]+ out of memory\.?\s*"
                      r"(?:Tried to allocate\s*)?$")


def _is_frame(text: str) -> bool:
    return text[:1] in (" ", "\t") or text.lstrip().startswith('File "')


class Tracker:
    """Follows tracebacks line by line, per source; `open` while one lacks its exception line."""

    def __init__(self) -> None:
        self.open_at: dict[tuple, int] = {}
        self.cut: list[int] = []

    def feed(self, i: int, raw: str) -> None:
        for part in clean(raw)[-1:]:
            ln = peel(i + 1, part)
            key = ln.source.key
            stripped = ln.text.strip()
            if stripped.startswith(TB_HEADER):
                if key in self.open_at:
                    self.cut.append(self.open_at[key])
                self.open_at[key] = i
            elif key in self.open_at and stripped and not _ELISION.match(stripped) and (
                    not _is_frame(ln.text) or _GLUED.search(stripped)):
                del self.open_at[key]

    @property
    def open(self) -> bool:
        return bool(self.open_at)


def tracebacks(lines: list[str]) -> list[int]:
    """0-based indexes of traceback headers in `lines` that never reach an exception line."""
    t = Tracker()
    for i, raw in enumerate(lines):
        t.feed(i, raw)
    return sorted(t.cut + list(t.open_at.values()))


def findings(ev: Evidence, analysis, report_path: str) -> list[Finding]:
    out: list[Finding] = []
    for b in ev.log_blocks:
        t = Tracker()
        for i, raw in enumerate(b.lines):
            t.feed(i, raw)
        for i in sorted(t.cut + list(t.open_at.values())):
            if LOG_ENDS in b.info and i in t.open_at.values():
                out.append(Finding(report_path, b.body_line + i, "note", "evidence-truncated",
                                   "the log itself stops inside this traceback (`log-ends-here`)"))
                continue
            out.append(Finding(report_path, b.body_line + i, "error", "evidence-truncated",
                               "traceback never reaches its exception line: paste the excerpt down to "
                               "the `...Error: ...` line (or mark the block ```text log-ends-here if "
                               "the log itself stops there)"))
    for lk in ev.linked:
        for i in tracebacks(lk.text.splitlines()):
            out.append(Finding(lk.path, i + 1, "warning", "evidence-truncated",
                               "traceback never reaches its exception line (the log stops in the frames)"))
    covered = set()
    for e in analysis.events if analysis is not None else ():
        if e.kind == "gpu_oom":
            covered.update(range(e.line, e.end_line + 1))
            # a traceback cut before its exception (parsers/cut.py) is reported as such above
            if e.facts.get("truncated") and e.facts.get("certainty") != "possible":
                whole = e.facts.get("requested_bytes") is not None and e.facts.get("total_bytes") is not None
                out.append(_cut(ev, e.line, report_path, breakdown_only=whole))
    buf = ev.data.decode("utf-8", "surrogateescape").splitlines()
    for i, raw in enumerate(buf):
        if i + 1 not in covered and "out of memory" in raw.lower() and _CUT_OOM.search(peel(i + 1, raw).text):
            out.append(_cut(ev, i + 1, report_path))
    return out


def _cut(ev: Evidence, buffer_line: int, report_path: str, breakdown_only: bool = False) -> Finding:
    origin, ln = ev.where(buffer_line)
    if breakdown_only:   # request and capacity are there: diagnosable, but weaker
        msg = ("the out-of-memory message is cut before its breakdown (allocated by PyTorch, reserved but "
               "unallocated, other processes)")
        return Finding(origin or report_path, ln, "warning", "evidence-truncated",
                       msg + ("" if origin else ": paste the whole message if you have it"))
    msg = ("the out-of-memory message is cut before its numbers (Tried to allocate …, total capacity, "
           "free, allocated by PyTorch)")
    if origin is None:
        return Finding(report_path, ln, "error", "evidence-truncated", msg + ": paste the whole message")
    return Finding(origin, ln, "warning", "evidence-truncated", msg)
