"""Live runs: diagnose each incident the moment it is complete.

A training job dies at 3 a.m. and `tail -f train.log | oomdoc explain -` must
print the diagnosis then, not when the pipe closes. The same incremental
`Pipeline` as for files is fed whatever bytes arrive; events come out as their
records close (a traceback's exception line followed by something else, a Ray
report whose table ended) or when *their source* goes quiet (`flush_after`),
even while other sources keep the stream busy.

Events are grouped into incidents by `IncidentGrouper` (grouping.py), the same rules that
split a whole file (`incident_views`), so `explain FILE` and `cat FILE |
explain -` give the same incidents; live mode only adds time (`incident_gap`,
a rotated file). An incident is reported once no new event has joined it for
`grace` seconds -- `settle` seconds while it holds no out-of-memory failure in
full (Ray's raylet report announces a kill a moment before the driver's
exception gives its numbers) -- at once when the whole stream is quiet or a
new incident begins. Precursors seen earlier
(cache-flush warnings, metric trends, the config dump at start-up) are
remembered in bounded form and handed to the diagnosis.

Memory stays flat on an endless stream: lines are kept for the diagnosis
only as the start-up, a ring of later config windows and a small ring per
source; metric series are downsampled by the pipeline; old events are dropped.
Pipes are read through one reused buffer, gathered to ~1 MiB when a fast
writer has more waiting (the scanner is several times faster on big blocks).
"""
from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable

from .assemble import Assembler
from .grouping import (OOM_KINDS, PRECURSOR_KINDS, Incident, IncidentGrouper, incident_view,  # noqa: F401
                       incident_views)   # incident_views: also `oomdoc.stream`'s, as before
from .model import Event, Line, Record
from .pipeline import CONFIG_TRIGGERS, Analysis, Pipeline
from . import re_cache

KEEP_EVENTS = 200
KEEP_PRECURSORS = 64
KEEP_WARNINGS = 100
# Lines kept for the config layer and the rules: the start-up (launch command,
# config dump), later config windows, and the recent lines of each source --
# never the whole log, nor the context of every past incident.
START_LINES = 4000     # the scanner emits these whole
HEAD_LINES = 8000
LATER_LINES = 500
CONFIG_WINDOW = CONFIG_TRIGGERS.after
RECENT_LINES = 200
RECENT_BYTES = 256 << 10
RECENT_SOURCES = 64
GATHER = 1 << 20      # bytes read from a pipe at once when they are there


class _Recent:
    """The last lines of each source, bounded in lines and bytes per source and
    in the number of sources (the least recently heard one is forgotten)."""

    def __init__(self, lines: int = RECENT_LINES, nbytes: int = RECENT_BYTES, sources: int = RECENT_SOURCES):
        self.max_lines, self.max_bytes, self.max_sources = lines, nbytes, sources
        self.rings: dict[tuple, deque[Line]] = {}   # least recently heard first
        self.sizes: dict[tuple, int] = {}

    def add(self, key: tuple, line: Line) -> None:
        ring = self.rings.pop(key, None)
        if ring is None:
            ring, self.sizes[key] = deque(), 0
        self.rings[key] = ring
        ring.append(line)
        self.sizes[key] += len(line.raw)
        while len(ring) > self.max_lines or (self.sizes[key] > self.max_bytes and len(ring) > 1):
            self.sizes[key] -= len(ring.popleft().raw)
        if len(self.rings) > self.max_sources:
            oldest = next(iter(self.rings))
            del self.rings[oldest], self.sizes[oldest]

    def after(self, no: int) -> list[Line]:
        return [ln for ring in self.rings.values() for ln in ring if ln.no > no]


class _Kept:
    """Lines for the config layer: the start-up (launch command, config dump),
    and a ring of later config windows (a relaunch prints its config again)."""

    def __init__(self):
        self.head: list[Line] = []
        self.later: deque[Line] = deque(maxlen=LATER_LINES)
        self.config_until = 0
        # live mode only: built here, not when `explain FILE` imports this module
        self.config_re = re_cache.compile("|".join(re_cache.escape(lit) for lit in CONFIG_TRIGGERS.literals))

    def add(self, line: Line) -> None:
        if self.config_re.search(line.raw):
            self.config_until = line.no + CONFIG_WINDOW
        if line.no <= START_LINES and len(self.head) < HEAD_LINES:
            self.head.append(line)
        elif line.no <= self.config_until:
            self.later.append(line)


class LiveLines:
    """Line retention for an endless stream (the pipeline's `retain` seam): the
    start-up, later config windows, and the recent lines of each source."""

    def __init__(self):
        self.kept = _Kept()
        self.recent = _Recent()

    def add(self, line: Line) -> None:
        self.kept.add(line)
        self.recent.add(line.source.key, line)

    def lines(self) -> list[Line]:
        kept = self.kept
        head_end = kept.head[-1].no if kept.head else 0
        later = {ln.no: ln for ln in kept.later}
        later.update((ln.no, ln) for ln in self.recent.after(head_end))
        return kept.head + sorted(later.values(), key=lambda ln: ln.no)


class TimedAssembler(Assembler):
    """Remembers when each source last pushed a line: a record closes when *its*
    source goes quiet, even while other sources keep the stream busy."""

    def __init__(self, continues):
        super().__init__(continues)
        self.now = 0.0
        self.touched: dict[tuple, float] = {}

    def push(self, line: Line) -> list[Record]:
        self.touched[line.source.key] = self.now
        return super().push(line)

    def quiet_sources(self, now: float, after: float) -> list[tuple]:
        open_now = self.open_sources()
        quiet = [k for k in open_now if now - self.touched.get(k, now) >= after]
        if len(self.touched) > 4 * len(open_now) + 256:   # forget closed sources
            self.touched = {k: self.touched.get(k, now) for k in open_now}
        return quiet

    def next_quiet(self, after: float) -> float | None:
        """When the earliest open record will have been quiet for `after` seconds."""
        times = [self.touched[k] for k in self.open_sources() if k in self.touched]
        return min(times) + after if times else None


class LiveSession:
    """Feed bytes (and clock ticks); `on_incident(analysis_view)` fires per incident.

    Composes the file pipeline with live seams: a timed assembler, bounded line
    retention, merging only of copies close in time, and the grouper file mode
    uses (`incident_views`). An incident is reported once nothing joined it for
    `grace` seconds -- `settle` seconds while it is not yet settled (see
    `Incident.settled`) -- at once when a new incident begins, and at close.
    """

    def __init__(self, name: str, on_incident: Callable[[Analysis], None], *,
                 flush_after: float = 0.5, grace: float = 0.2, incident_gap: float = 10.0,
                 settle: float = 3.0, clock: Callable[[], float] = time.monotonic):
        self.lines = LiveLines()
        self.pipe = Pipeline(name, emit_all=False, assembler=TimedAssembler, retain=self.lines,
                             may_merge=self._may_merge)
        self.asm: TimedAssembler = self.pipe.assembler
        self.grouper = IncidentGrouper(self.pipe.analysis.metrics)
        self.on_incident = on_incident
        self.flush_after = flush_after
        self.grace = grace
        self.settle = settle
        self.incident_gap = incident_gap
        self.clock = clock
        self.precursors: deque[Event] = deque(maxlen=KEEP_PRECURSORS)
        self.first_precursor: dict[str, Event] = {}   # e.g. the engine config at start-up
        self.seen_at: dict[int, float] = {}
        self.last_data = clock()
        self.reported = 0
        self.restarted_at = float("-inf")   # the last rotation / truncation of the input

    @property
    def current(self) -> Incident | None:
        return self.grouper.current

    # -- inputs ---------------------------------------------------------------
    def feed(self, data: bytes) -> None:
        now = self.clock()
        self.last_data = self.asm.now = now
        self._take(self.pipe.feed(data), now)
        self._close_quiet(now)
        self._report_ready(now)

    def tick(self) -> None:
        """Called when no data arrived for a while."""
        now = self.clock()
        self._close_quiet(now)
        self._report_ready(now)

    def close(self) -> None:
        now = self.clock()
        self._take(self.pipe.finish(), now)
        if self.current and not self.current.reported:
            self._report(self.current)
        if not self.reported:
            self._judge_whole_stream(now)

    def _judge_whole_stream(self, now: float) -> None:
        """A stream that ended with no incident: the families that judge the whole read may
        still find one (torch elastic stopping workers while the model loaded, no error)."""
        a = self.pipe.analysis
        view = Analysis(name=a.name, events=list(a.events), metrics=a.metrics, lines=self.lines.lines())
        self.pipe.after_read(view)
        found = [e for e in view.events[len(a.events):] if e.kind not in PRECURSOR_KINDS]
        if found:
            self._take(found, now)
            if self.current and not self.current.reported:
                self._report(self.current)

    def boundary(self) -> None:
        """The input restarted (log rotation, truncation): close every record and
        the current incident; whatever follows starts a new one."""
        now = self.clock()
        self._take(self.pipe.flush(), now)
        cur = self.current
        if cur is not None and not cur.reported:
            self._report(cur)
        self.grouper.current = None
        self.restarted_at = now

    def next_deadline(self) -> float | None:
        """The clock time at which `tick()` may have something to do."""
        times = [self.asm.next_quiet(self.flush_after)]
        cur = self.current
        if cur and not cur.reported:
            times.append(cur.last_seen + self._wait(cur))
        times = [t for t in times if t is not None]
        return min(times) if times else None

    def summary(self) -> Analysis:
        """Everything seen, as one analysis (the report of a stream without incidents)."""
        a = self.pipe.analysis
        self.pipe.sync_metrics()
        self.pipe.refresh_stats()
        return Analysis(name=a.name, events=list(a.events), metrics=a.metrics, lines=self.lines.lines(),
                        lines_read=a.lines_read, bytes_read=a.bytes_read, cut_lines=a.cut_lines,
                        warnings=list(a.warnings))

    # -- internals ------------------------------------------------------------
    def _wait(self, incident: Incident) -> float:
        return self.grace if incident.settled() else max(self.grace, self.settle)

    def _close_quiet(self, now: float) -> None:
        quiet = self.asm.quiet_sources(now, self.flush_after)
        if not quiet:
            return
        records = [r for k in quiet for r in self.asm.close_source(k)]
        records.sort(key=lambda r: r.line)
        self._take(self.pipe.parse(records), now)

    def _may_merge(self, prev: Event, ev: Event) -> bool:
        """Copies merge only while they arrive close together in time, and never across a
        restart of the input: the same message after a rotation is the job failing again."""
        seen = self.seen_at.get(id(prev))
        if seen is not None and seen <= self.restarted_at:
            return False
        return seen is None or self.clock() - seen <= self.incident_gap

    def _take(self, events: list[Event], now: float) -> None:
        for ev in events:
            self.seen_at[id(ev)] = now
            if ev.kind in PRECURSOR_KINDS:
                self.precursors.append(ev)
                self.first_precursor.setdefault(ev.kind, ev)
                continue
            if ev.kind in OOM_KINDS:
                self.pipe.sync_metrics()   # the exact metric tail: did the run go on before this?
            cur = self.current
            if cur is not None and cur.reported and self.grouper.joins(ev, now, self.incident_gap):
                cur.last_seen, cur.last_line = now, max(cur.last_line, ev.end_line)
                continue                   # a late copy or symptom of what was reported
            closed = self.grouper.take(ev, now, self.incident_gap)
            if closed is not None and not closed.reported:
                self._report(closed, until=ev.line)   # a new incident began before the grace ran out
        a = self.pipe.analysis
        if len(a.events) > 2 * KEEP_EVENTS:   # an endless stream: forget old events
            del a.events[: len(a.events) - KEEP_EVENTS]
        if len(a.warnings) > 2 * KEEP_WARNINGS:
            del a.warnings[KEEP_WARNINGS // 2: len(a.warnings) - KEEP_WARNINGS // 2]
        if len(self.seen_at) > 4 * KEEP_EVENTS:
            keep = {id(e) for e in a.events[-KEEP_EVENTS:]}
            self.seen_at = {k: v for k, v in self.seen_at.items() if k in keep}

    def _report_ready(self, now: float) -> None:
        cur = self.current
        if cur is None or cur.reported:
            return
        # the whole stream is quiet: nothing more can join a settled incident before new data
        quiet = not self.asm.open_sources() and now - self.last_data >= self.flush_after
        if now - cur.last_seen >= self._wait(cur) or (quiet and cur.settled()):
            self._report(cur)

    def _report(self, incident: Incident, until: int | None = None) -> None:
        incident.reported = True
        a = self.pipe.analysis
        self.pipe.sync_metrics()
        self.pipe.refresh_stats()
        lines = self.lines.lines()
        # families that judge an event by what followed it (a crash the run survived)
        self.pipe.after_read(Analysis(name=a.name, events=incident.events, metrics=a.metrics, lines=lines))
        # precursors a family made from the whole read (bars: how far the run got)
        made = [e for e in incident.events if e.kind in PRECURSOR_KINDS]
        incident.events = [e for e in incident.events if e.kind not in PRECURSOR_KINDS]
        if not incident.events:
            return
        precursors = list({id(e): e for e in [*self.first_precursor.values(), *self.precursors, *made]}.values())
        self.reported += 1
        self.on_incident(incident_view(a, incident, precursors, lines, until))


def follow_fd(session: LiveSession, fd: int, *, poll: float = 0.25,
              stop: Callable[[], bool] = lambda: False) -> None:
    """Read `fd` until EOF, feeding the session; tick at its deadlines while it is quiet."""
    import select   # live mode only (start-up time of `explain FILE`, issue 12)

    _widen_pipe(fd)
    gather = _Gatherer(fd)
    first = True
    while not stop():
        timeout = _until(session, poll)
        try:
            ready, _, _ = select.select([fd], [], [], timeout)
        except InterruptedError:
            continue
        if ready:
            data, eof = gather()
            if data:
                # the whole input at once (a paste piped in: `pbpaste | oomdoc explain -`) is
                # read as a file is, its terminal or editor wraps joined
                whole = first and eof and getattr(session, "feed_whole", None)
                (whole or session.feed)(data)
                first = False
            if eof:
                break
        else:
            session.tick()
    session.close()


class _Gatherer:
    """What the pipe holds now, up to GATHER bytes, and whether it hit EOF.

    A pipe hands out at most its buffer (64 KiB) per read; the scanner is
    several times faster on ~1 MiB blocks, so a fast writer's bytes are
    gathered. A slow writer's lines go on at once (nothing more is waiting).
    One reused buffer: `os.read(fd, 1 MiB)` allocates 1 MiB and shrinks it to
    what came, which fragments the heap until RSS creeps up on an endless stream.
    """

    def __init__(self, fd: int):
        self.fd = fd
        self.view = memoryview(bytearray(GATHER))

    def __call__(self) -> tuple[bytes, bool]:
        import select

        size = 0
        while size < GATHER:
            n = os.readv(self.fd, [self.view[size:]])
            if n == 0:
                return bytes(self.view[:size]), True
            size += n
            if not select.select([self.fd], [], [], 0)[0]:
                break
        return bytes(self.view[:size]), False


def _widen_pipe(fd: int) -> None:
    """Ask for a 1 MiB pipe buffer (fewer wake-ups behind a fast writer)."""
    try:
        import fcntl

        fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), GATHER)
    except (OSError, ImportError, ValueError):
        pass


def _until(session: LiveSession, poll: float) -> float:
    deadline = session.next_deadline()
    if deadline is None:
        return poll
    return min(poll, max(0.0, deadline - session.clock()) + 0.005)


class FileFollower:
    """`tail -F` by name: survives truncation and rotation, waits for the file.

    Rotation (a new inode under the name): the old file is read to its end
    first, then the new one from its start. Truncation in place: read again
    from the start. A last line without its newline is ended before the
    switch, so it is not glued to the next file's first line.
    """

    def __init__(self, path: str, from_start: bool = False):
        self.path = path
        self.from_start = from_start
        self.fh = None
        self.inode = None
        self.pos = 0
        self.view = memoryview(bytearray(GATHER))   # reused: see _Gatherer
        self._ended = True                           # the last byte handed out was a newline
        self.restarts = 0                            # rotations and truncations seen

    def _open(self, at_end: bool) -> bool:
        try:
            fh = open(self.path, "rb", buffering=0)
        except OSError:
            return False
        st = os.fstat(fh.fileno())
        if self.fh:
            self.fh.close()
        self.fh, self.inode = fh, st.st_ino
        self.pos = st.st_size if at_end else 0
        fh.seek(self.pos)
        return True

    def _chunk(self) -> bytes:
        n = self.fh.readinto(self.view) or 0
        self.pos += n
        if n:
            self._ended = self.view[n - 1] == 10
        return bytes(self.view[:n])

    def _restart(self) -> bytes:
        """Bytes to hand out before another file (or the same one from 0) starts."""
        self.restarts += 1
        sep, self._ended = (b"" if self._ended else b"\n"), True
        return sep

    def read(self) -> bytes:
        """New bytes since the last call (b'' when nothing new)."""
        if self.fh is None:
            if not self._open(at_end=not self.from_start):
                self.from_start = True  # a file that appears later is read whole
                return b""
        out = self._chunk()
        if out:
            return out
        try:
            st = os.stat(self.path)
        except OSError:
            return b""  # rotated away, new file not there yet
        if st.st_ino != self.inode:
            late = self._chunk()      # written to the old file since the read above
            if late:
                return late
            if self._open(at_end=False):
                return self._restart()
            return b""
        if st.st_size < self.pos:  # truncated in place
            self.fh.seek(0)
            self.pos = 0
            return self._restart()
        return b""


def follow_file(session: LiveSession, follower: FileFollower, *, poll: float = 0.1,
                stop: Callable[[], bool] = lambda: False) -> None:
    restarts = follower.restarts
    while not stop():
        data = follower.read()
        if follower.restarts != restarts:   # rotated or truncated: what follows is a new story
            restarts = follower.restarts
            if data:
                session.feed(data)
            session.boundary()
            continue
        if data:
            session.feed(data)
            continue
        session.tick()
        time.sleep(min(poll, _until(session, poll)))
