"""Events -> incidents: the grouping `explain FILE` and live mode share.

Split from `stream` (live mode) so that explaining a file does not load the
live-mode machinery (followers, rings, timed assembly): start-up time, issue 12.
`stream` imports these names and adds time (`incident_gap`, quiet sources).
"""
from __future__ import annotations

from .records import dataclass, field
from . import parsers
from .pipeline import MERGE_WINDOW, Analysis

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only
    from .metrics_store import MetricStore
    from .model import Event, Line

# Kinds by role, from the parsers' declarations (parsers/__init__.py ROLES).
PRECURSOR_KINDS = parsers.kinds_with_role("precursor", "context")
# A new OOM after a reported incident is a new incident even within incident_gap
# (a replayed log compresses hours into seconds); symptoms still join.
OOM_KINDS = parsers.kinds_with_role("failure")
FAMILY = parsers.failure_families()
ANNOUNCES = parsers.announcements()
# Metric lines after an incident that show the run went on (ranks die one by one:
# the others may print a step or two before they follow).
RUN_WENT_ON = 3


@dataclass
class Incident:
    events: list[Event] = field(default_factory=list)
    first_seen: float = 0.0
    last_seen: float = 0.0
    last_line: int = 0
    reported: bool = False

    @property
    def first_line(self) -> int:
        return min(e.line for e in self.events)

    def failures(self) -> list[Event]:
        return [e for e in self.events if e.kind in OOM_KINDS]

    def settled(self) -> bool:
        """Whether the incident already holds an out-of-memory failure in full.

        An announcement is followed by its details (parsers' ANNOUNCES: Ray's raylet
        prints "N workers killed due to memory pressure" a moment before the driver
        re-raises the kill with the node's memory); a crash may yet turn out
        survived when training steps follow it; a symptom's cause may follow.
        """
        return any(e.kind in OOM_KINDS and not _announces(e) for e in self.events)


def _announces(ev: Event) -> bool:
    marks = ANNOUNCES.get(ev.kind)
    return bool(marks) and all(ev.facts.get(k) == v for k, v in marks.items())


class IncidentGrouper:
    """Events in arrival order -> incidents; the same rules in file and live mode.

    Precursors (metrics, profiles, warnings) belong to no incident. Any other
    event joins the open incident unless
      * it is more than MERGE_WINDOW lines away from it,
      * training steps were printed in between (the run went on after it), or
      * it is an out-of-memory failure of another family than the incident's
        (parsers' FAILURE_FAMILY: a vLLM engine's failure, then a trainer's OOM).
    Copies from other ranks, a re-raise of the same kill, a launcher's or Ray's
    report of the death (symptoms) and crashes it caused join. Live mode adds
    time: nothing joins an incident quiet for more than `incident_gap` seconds.
    """

    def __init__(self, metrics: MetricStore):
        self.metrics = metrics
        self.current: Incident | None = None

    def joins(self, ev: Event, now: float = 0.0, gap_s: float | None = None) -> bool:
        cur = self.current
        if cur is None:
            return False
        if gap_s is not None and now - cur.last_seen > gap_s:
            return False
        if abs(ev.line - cur.last_line) > MERGE_WINDOW:
            return False
        if ev.kind in OOM_KINDS:
            families = {FAMILY.get(e.kind) for e in cur.failures()}
            if families and FAMILY.get(ev.kind) not in families:
                return False
        # the run went on in between: training steps printed after the incident's last line
        return not (ev.line > cur.last_line and self.metrics.count_between(cur.last_line, ev.line, RUN_WENT_ON)
                    >= RUN_WENT_ON)

    def take(self, ev: Event, now: float = 0.0, gap_s: float | None = None) -> Incident | None:
        """Group `ev`; returns the incident it closed by starting a new one, if any."""
        cur = self.current
        if self.joins(ev, now, gap_s):
            cur.events.append(ev)
            cur.last_seen = now
            cur.last_line = max(cur.last_line, ev.end_line)
            return None
        self.current = Incident(events=[ev], first_seen=now, last_seen=now, last_line=ev.end_line)
        return cur


def incident_views(analysis: Analysis) -> list[Analysis]:
    """A whole log's analysis split into one view per incident (as live mode reports them).

    With one incident or none the view is the analysis itself. Otherwise each
    incident sees its own events, the precursors and metrics printed before
    the next incident began, and the lines of the whole log.
    """
    grouper = IncidentGrouper(analysis.metrics)
    incidents: list[Incident] = []
    for ev in analysis.events:
        if ev.kind in PRECURSOR_KINDS:
            continue
        closed = grouper.take(ev)
        if closed is not None:
            incidents.append(closed)
    if grouper.current is not None:
        incidents.append(grouper.current)
    if len(incidents) <= 1:
        return [analysis]
    views = []
    for i, inc in enumerate(incidents):
        until = incidents[i + 1].first_line if i + 1 < len(incidents) else None
        views.append(incident_view(analysis, inc, [e for e in analysis.events if e.kind in PRECURSOR_KINDS],
                           analysis.lines, until))
    return views


def incident_view(a: Analysis, incident: Incident, precursors: list[Event], lines: list[Line],
          until: int | None) -> Analysis:
    """What one incident's diagnosis sees: nothing printed after the next incident began."""
    pre = [e for e in precursors if until is None or e.line < until]
    view = Analysis(name=a.name, events=sorted([*pre, *incident.events], key=lambda e: e.line),
                    metrics=a.metrics if until is None else a.metrics.until(until),
                    lines=lines, lines_read=a.lines_read, bytes_read=a.bytes_read,
                    cut_lines=a.cut_lines, warnings=list(a.warnings))
    return view
