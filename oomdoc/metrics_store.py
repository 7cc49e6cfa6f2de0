"""Per-step training metrics as bounded time series.

An endless run prints a metric line every step; keep every point until a
series holds `MAX_POINTS`, then halve the older part (keep every other point)
while the most recent `RECENT` points stay exact, so trends over the whole run
and the last steps before a crash are both visible in bounded memory.
"""
from __future__ import annotations

from .model import Event

MAX_POINTS = 2048
RECENT = 256


class MetricStore:
    def __init__(self) -> None:
        # name -> list of (step or None, value, line)
        self.series: dict[str, list[tuple[float | None, float, int]]] = {}
        self.count: dict[str, int] = {}
        self.first_line: int | None = None
        self.last_line: int | None = None
        # first line -> last line of a metric record spanning several lines
        # (EasyR1's `Step N` header and its YAML block), for excerpts
        self.ends: dict[int, int] = {}

    def add(self, ev: Event) -> None:
        facts = ev.facts
        step = facts.get("step")
        line = ev.line
        if self.first_line is None:
            self.first_line = line
        self.last_line = line
        if ev.end_line > line:
            self.ends[line] = ev.end_line
        series, count = self.series, self.count
        # once per metric line of a run (thousands a GiB): plain floats and ints take the short way
        for name, value in facts.items():
            kind = type(value)
            if kind is float or kind is int:
                if name == "step":
                    continue
            elif name == "step" or isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            pts = series.get(name)
            if pts is None:
                pts = series[name] = []
                count[name] = 0
            pts.append((step, value if kind is float else float(value), line))
            count[name] += 1
            if len(pts) > MAX_POINTS:
                old, recent = pts[:-RECENT], pts[-RECENT:]
                pts[:] = old[::2] + recent

    def sort(self) -> None:
        """Points added out of order (the exact tail) back in log order."""
        for pts in self.series.values():
            pts.sort(key=lambda p: p[2])

    def values(self, name: str) -> list[float]:
        return [v for _, v, _ in self.series.get(name, [])]

    def points(self, name: str) -> list[tuple[float | None, float, int]]:
        return list(self.series.get(name, []))

    def names(self) -> list[str]:
        return sorted(self.series)

    def last(self, name: str) -> float | None:
        pts = self.series.get(name)
        return pts[-1][1] if pts else None

    def last_step(self) -> float | None:
        """The highest step number any series reached (None: no series names steps)."""
        steps = [pts[-1][0] for pts in self.series.values() if pts and pts[-1][0] is not None]
        return max(steps) if steps else None

    def count_between(self, lo: int, hi: int, enough: int) -> int:
        """Metric lines printed strictly between lines `lo` and `hi` (counting stops at `enough`)."""
        seen: set[int] = set()
        for pts in self.series.values():
            for _, _, ln in reversed(pts):
                if ln <= lo:
                    break
                if ln < hi:
                    seen.add(ln)
                    if len(seen) >= enough:
                        return len(seen)
        return len(seen)

    def until(self, line: int) -> "MetricStore":
        """A copy holding only the points printed before `line`."""
        out = MetricStore()
        for name, pts in self.series.items():
            kept = [p for p in pts if p[2] < line]
            if kept:
                out.series[name] = kept
                out.count[name] = len(kept)
        out.first_line = self.first_line if self.first_line is not None and self.first_line < line else None
        out.last_line = max((p[2] for pts in out.series.values() for p in pts), default=None)
        out.ends = {k: v for k, v in self.ends.items() if k < line}
        return out

    def to_json(self) -> dict:
        return {name: {"count": self.count[name],
                       "points": [[s, v] for s, v, _ in pts]}
                for name, pts in sorted(self.series.items())}
