"""Small helpers shared by the parser families."""
from __future__ import annotations

from collections import deque

from .. import re_cache, signatures
from ..re_cache import LazyPattern, lazy  # noqa: F401 - the parser families' names for them
from ..assemble import current_run
from ..model import Event, Record

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: a warm run never imports re (re_cache)
    import re

WS_RE = re_cache.lazy(r"\s+")


def joined_variants(text: str) -> list[str]:
    """A message wrapped over several lines, joined two ways.

    An editor re-wraps at spaces (join with a space); a terminal cuts at the
    column, even mid-word (join with nothing). Parsers try both and keep the
    reading with more facts.
    """
    if "\n" not in text:
        return [text]
    spaced = WS_RE.sub(" ", text.replace("\n", " "))
    tight = WS_RE.sub(" ", "".join(text.split("\n")))
    return [spaced] if spaced == tight else [spaced, tight]


# The failure events made most recently, with the Line they start at and the
# log (assembly run) they belong to: the signature family (run last on each
# record) asks which of a record's catalogue hits were already reported.
_RECENT: deque = deque(maxlen=64)


# Inductor's max-autotune benchmarks candidate kernels, logs a candidate's error (an OOM among
# them) and drops that choice: compilation and the run go on (torch/_inductor/select_algorithm.py)
_DISCARDED = re_cache.lazy(r"Runtime error during autotuning|Ignoring this choice")
_DISCARD_NEAR = 3     # lines: the logger's heading before the message, its verdict after


def discarded_choice(record: Record) -> bool:
    """Whether a memory failure in `record` is one an autotuner logged for a candidate and went on without."""
    text = record.text
    if "during autotuning" not in text and "Ignoring this choice" not in text:
        return False      # a substring test first: every record a family reads passes here
    lines = record.lines
    for i, ln in enumerate(lines):
        if "memory" in ln.text.lower():
            near = lines[max(0, i - _DISCARD_NEAR):i + _DISCARD_NEAR + 1]
            if any(_DISCARDED.search(n.text) for n in near):
                return True
    return False


def event(kind: str, record: Record, facts: dict, text: str | None = None) -> Event:
    """An event of `record`. A failure kind is tagged with its catalogue entry
    (`signature`, `memory`, `certainty`) and the facts that entry reads."""
    facts = {k: v for k, v in facts.items() if v is not None}
    if kind in signatures.kinds():
        signatures.tag(kind, facts, record.text)
    ev = Event(kind=kind, source=record.source, line=record.line,
               end_line=record.end_line, facts=facts,
               text=text if text is not None else _evidence(record),
               count=record.repeat, sources=[record.source], frames=record.frames())
    if "signature" in facts:
        _RECENT.append((record.lines[0], ev, current_run()))
    return ev


def read_joined(parse, record: Record, spaced: Record | None) -> list[Event]:
    """`parse(record)`, and when a line of `record` was joined from a wrap's pieces, also
    `parse(spaced)`, the record with a space put back at each join (`Record.spaced`, made
    once by the caller for all the parsers it offers the record to): a terminal's cut
    dropped no space (`12.6|0 GiB`), an editor's word wrap did (`allocate|2.00 GiB`), and
    which of the two cut a line is not always known. The reading with more facts is kept
    (the joined one on a tie), completed with the facts only the other read; the other
    reading's events are forgotten. Every family's facts thus survive a
    word wrap through this one seam, not a patch per parser."""
    evs = parse(record)
    if spaced is None:
        return evs
    alt = parse(spaced)
    if _facts_read(alt) > _facts_read(evs):
        keep, drop = alt, evs
    else:
        keep, drop = evs, alt
    if [ev.kind for ev in keep] == [ev.kind for ev in drop]:
        # one message may hold both kinds of join (a terminal's cut in `23|.04 GiB`, a dropped
        # space in `in|use`): what the other reading read and this one did not is added
        for ev, other in zip(keep, drop):
            for k, v in other.facts.items():
                ev.facts.setdefault(k, v)
    if drop:
        dropped = {id(ev) for ev in drop}
        recent = [entry for entry in _RECENT if id(entry[1]) not in dropped]
        _RECENT.clear()
        _RECENT.extend(recent)
    return keep


def _facts_read(evs: list[Event]) -> int:
    return sum(len(ev.facts) for ev in evs)


def forget_recent() -> None:
    """A new log starts: events of the last one are no evidence about it."""
    _RECENT.clear()


def reported_near(record: Record, window: int) -> list[Event]:
    """Tagged failure events of this log that end at most `window` lines before
    `record` starts (a re-raise of a failure another source printed just before)."""
    run = current_run()
    return [ev for _, ev, r in _RECENT if r == run and 0 <= record.line - ev.end_line <= window]


def reported(record: Record) -> list[Event]:
    """Tagged failure events already made from lines of `record` (by any family)."""
    if not _RECENT:
        return []
    # by line number and source, not identity: a word wrap's spaced reading (`read_joined`)
    # holds copies of the lines it joined
    at = {(ln.no, ln.source.key) for ln in record.lines}
    run = current_run()
    return [ev for first, ev, r in _RECENT if r == run and (first.no, first.source.key) in at]


def _evidence(record: Record, limit: int = 2000) -> str:
    """The most telling line of a record: its last non-frame line."""
    for ln in reversed(record.lines):
        t = ln.text.strip()
        if t and not t.startswith(("File \"", "^", "~")):
            return t[:limit]
    return record.lines[0].text[:limit]
