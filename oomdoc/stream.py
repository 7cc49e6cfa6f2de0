"""Live runs: diagnose each incident the moment it is complete.

A training job dies at 3 a.m. and `tail -f train.log | oomdoc explain -` must
print the diagnosis then, not when the pipe closes. The same incremental
`Pipeline` as for files is fed whatever bytes arrive; events come out as their
records close (a traceback's exception line followed by something else, a Ray
report whose table ended) or when the source goes quiet (`flush_after`).

Events are grouped into incidents: the copies eight ranks print of one OOM,
and the symptoms that follow it (the launcher's ChildFailedError, Ray's worker
death) within `incident_gap` seconds, are one incident. An incident is
reported once no new event has joined it for `grace` seconds. Precursors seen
earlier (cache-flush warnings, metric trends, the config dump at start-up) are
remembered in bounded form and handed to the diagnosis.

Memory stays flat on an endless stream: the pipeline keeps a bounded head of
lines for the config layer, metric series are downsampled, and events of
reported incidents are dropped.
"""
from __future__ import annotations

import os
import select
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable

from .model import Event
from .pipeline import Analysis, Pipeline

# Event kinds that describe the run rather than a failure.
PRECURSOR_KINDS = frozenset({
    "metrics", "deepspeed_memory", "deepspeed_cache_flush", "deepspeed_offload_hint",
    "vllm_profile", "vllm_engine_config",
})
KEEP_EVENTS = 200
KEEP_PRECURSORS = 64


@dataclass
class Incident:
    events: list[Event] = field(default_factory=list)
    first_seen: float = 0.0
    last_seen: float = 0.0
    reported: bool = False

    @property
    def first_line(self) -> int:
        return min(e.line for e in self.events)


class LiveSession:
    """Feed bytes (and clock ticks); `on_incident(analysis_view)` fires per incident."""

    def __init__(self, name: str, on_incident: Callable[[Analysis], None], *,
                 flush_after: float = 0.5, grace: float = 0.2, incident_gap: float = 10.0,
                 clock: Callable[[], float] = time.monotonic):
        self.pipe = Pipeline(name, emit_all=False)
        self.pipe.merge_filter = self._may_merge
        self.on_incident = on_incident
        self.flush_after = flush_after
        self.grace = grace
        self.incident_gap = incident_gap
        self.clock = clock
        self.current: Incident | None = None
        self.precursors: deque[Event] = deque(maxlen=KEEP_PRECURSORS)
        self.seen_at: dict[int, float] = {}
        self.last_data = clock()
        self.reported = 0

    # -- inputs ---------------------------------------------------------------
    def feed(self, data: bytes) -> None:
        now = self.clock()
        self.last_data = now
        self._take(self.pipe.feed(data), now)
        self._report_ready(now)

    def tick(self) -> None:
        """Called when no data arrived for a while."""
        now = self.clock()
        if now - self.last_data >= self.flush_after:
            self._take(self.pipe.flush_idle(), now)
        self._report_ready(now)

    def close(self) -> None:
        now = self.clock()
        self._take(self.pipe.finish(), now)
        if self.current and not self.current.reported:
            self._report(self.current)

    # -- internals ------------------------------------------------------------
    def _may_merge(self, prev: Event, ev: Event) -> bool:
        """Copies merge only while they arrive close together in time."""
        seen = self.seen_at.get(id(prev))
        return seen is None or self.clock() - seen <= self.incident_gap

    def _take(self, events: list[Event], now: float) -> None:
        for ev in events:
            self.seen_at[id(ev)] = now
            if ev.kind in PRECURSOR_KINDS:
                self.precursors.append(ev)
                continue
            cur = self.current
            if cur is not None and now - cur.last_seen <= self.incident_gap:
                cur.events.append(ev)
                cur.last_seen = now
            else:
                self.current = Incident(events=[ev], first_seen=now, last_seen=now)
        if len(self.seen_at) > 4 * KEEP_EVENTS:
            keep = {id(e) for e in self.pipe.analysis.events[-KEEP_EVENTS:]}
            self.seen_at = {k: v for k, v in self.seen_at.items() if k in keep}

    def _report_ready(self, now: float) -> None:
        cur = self.current
        if cur and not cur.reported and now - cur.last_seen >= self.grace:
            self._report(cur)

    def _report(self, incident: Incident) -> None:
        incident.reported = True
        a = self.pipe.analysis
        self.pipe.sync_metrics()
        self.pipe._stats()
        view = Analysis(name=a.name, events=list(self.precursors) + incident.events, metrics=a.metrics,
                        lines=a.lines, lines_read=a.lines_read, bytes_read=a.bytes_read,
                        cut_lines=a.cut_lines, warnings=list(a.warnings))
        view.events.sort(key=lambda e: e.line)
        self.reported += 1
        self.on_incident(view)
        # bounded memory: forget events of reported incidents
        if len(a.events) > KEEP_EVENTS:
            del a.events[: len(a.events) - KEEP_EVENTS]


def follow_fd(session: LiveSession, fd: int, *, poll: float = 0.1,
              stop: Callable[[], bool] = lambda: False) -> None:
    """Read `fd` until EOF, feeding the session; tick while it is quiet."""
    while not stop():
        try:
            ready, _, _ = select.select([fd], [], [], poll)
        except InterruptedError:
            continue
        if ready:
            data = os.read(fd, 1 << 20)
            if not data:
                break
            session.feed(data)
        else:
            session.tick()
    session.close()


class FileFollower:
    """`tail -F` by name: survives truncation and rotation, waits for the file."""

    def __init__(self, path: str, from_start: bool = False):
        self.path = path
        self.from_start = from_start
        self.fh = None
        self.inode = None
        self.pos = 0

    def _open(self, at_end: bool) -> bool:
        try:
            fh = open(self.path, "rb")
        except OSError:
            return False
        st = os.fstat(fh.fileno())
        if self.fh:
            self.fh.close()
        self.fh, self.inode = fh, st.st_ino
        self.pos = st.st_size if at_end else 0
        fh.seek(self.pos)
        return True

    def read(self) -> bytes:
        """New bytes since the last call (b'' when nothing new)."""
        if self.fh is None:
            if not self._open(at_end=not self.from_start):
                self.from_start = True  # a file that appears later is read whole
                return b""
        out = self.fh.read(1 << 20)
        self.pos += len(out)
        if out:
            return out
        try:
            st = os.stat(self.path)
        except OSError:
            return b""  # rotated away, new file not there yet
        if st.st_ino != self.inode:
            rest = self.fh.read()  # finish the old file, then switch
            self._open(at_end=False)
            return rest
        if st.st_size < self.pos:  # truncated in place
            self.fh.seek(0)
            self.pos = 0
        return b""


def follow_file(session: LiveSession, follower: FileFollower, *, poll: float = 0.1,
                stop: Callable[[], bool] = lambda: False) -> None:
    while not stop():
        data = follower.read()
        if data:
            session.feed(data)
            continue
        session.tick()
        time.sleep(poll)
