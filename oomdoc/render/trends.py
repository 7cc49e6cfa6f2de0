"""Trends that led to the failure, for pictures: which series, and the line they crossed.

A series is drawn when it climbed toward the failure: at least `MIN_POINTS`
points, its last quarter at least `MIN_RISE` above its first, and its peak in
the second half of the run. The *line* is a capacity the failure itself (or the
run's config) states, never a guess: 90 % of the GPU's total for GPU memory
series, Ray's kill threshold (or 90 %) of node RAM for host memory, the
configured maximum response length for response lengths. Without one, a
picture shows first, peak and last and no crossing.

Every renderer (text sparkline, Markdown Mermaid chart, HTML SVG) draws
`Trend`s from `trends(report)`, so the three show the same series.
"""
from __future__ import annotations

from ..records import dataclass
from ..units import human

MIN_POINTS = 4
MIN_RISE = 1.10
MAX_TRENDS = 3
GPU_LINE = 0.9

# series name -> (label, unit); in the order they are preferred
SERIES = {
    "gpu_reserved_peak_bytes": ("GPU memory reserved (peak per step)", "bytes"),
    "gpu_allocated_peak_bytes": ("GPU memory allocated (peak per step)", "bytes"),
    "gpu_reserved_bytes": ("GPU memory reserved", "bytes"),
    "gpu_allocated_bytes": ("GPU memory allocated", "bytes"),
    "device_used_bytes": ("GPU memory used (all processes)", "bytes"),
    "host_used_bytes": ("host RAM used", "bytes"),
    "host_used_fraction": ("host RAM used", "fraction"),
    "response_length_mean": ("response length (mean, tokens)", "tokens"),
    "response_length_max": ("response length (max, tokens)", "tokens"),
    "total_length_mean": ("prompt + response length (mean, tokens)", "tokens"),
    "global_seqlen_mean": ("tokens per rank per step", "tokens"),
}


@dataclass
class Trend:
    name: str
    label: str
    unit: str                                  # bytes | fraction | tokens
    points: list[tuple[float, float]]          # (step, value), in log order
    line: float | None = None                  # the capacity the series approached
    line_label: str = ""
    steps_are_indexes: bool = False            # the log printed no step numbers

    @property
    def values(self) -> list[float]:
        return [v for _, v in self.points]

    @property
    def first(self) -> tuple[float, float]:
        return self.points[0]

    @property
    def last(self) -> tuple[float, float]:
        return self.points[-1]

    @property
    def peak(self) -> tuple[float, float]:
        return max(self.points, key=lambda p: p[1])

    @property
    def crossed(self) -> tuple[float, float] | None:
        """The first point at or above the line (step, value), if the series got there."""
        if self.line is None:
            return None
        return next((p for p in self.points if p[1] >= self.line), None)

    def fmt(self, v: float) -> str:
        if self.unit == "bytes":
            return human(int(v))
        if self.unit == "fraction":
            return f"{v:.0%}"
        return f"{v:,.0f}"

    def step(self, s: float) -> str:
        return f"{'point' if self.steps_are_indexes else 'step'} {s:g}"

    def summary(self) -> str:
        """first, peak, last and the crossing, in words."""
        (fs, fv), (ps, pv), (ls, lv) = self.first, self.peak, self.last
        parts = [f"first {self.fmt(fv)}", f"peak {self.fmt(pv)} at {self.step(ps)}", f"last {self.fmt(lv)}"]
        c = self.crossed
        if c is not None:
            parts.append(f"crossed {self.line_label} at {self.step(c[0])}")
        elif self.line is not None:
            parts.append(f"stayed below {self.line_label}")
        return ", ".join(parts)


def trends(report) -> list[Trend]:
    """The series that climbed toward the failure, best first (at most MAX_TRENDS)."""
    metrics = getattr(report.analysis, "metrics", None)
    if metrics is None:
        return []
    out = []
    for name, (label, unit) in SERIES.items():
        pts = metrics.points(name) if name in metrics.series else []
        if len(pts) < MIN_POINTS:
            continue
        no_steps = any(s is None for s, _, _ in pts)
        points = [(float(i + 1) if no_steps else float(s), float(v)) for i, (s, v, _) in enumerate(pts)]
        points = _one_per_step(points)
        if len(points) < MIN_POINTS:
            continue
        if not _climbed([v for _, v in points]):
            continue
        t = Trend(name, label, unit, points, steps_are_indexes=no_steps)
        t.line, t.line_label = _line(name, unit, report)
        out.append(t)
    # one picture per quantity: reserved and allocated both, but not peak and current of one
    seen, picked = set(), []
    for t in out:
        key = t.name.replace("_peak", "")
        if key in seen:
            continue
        seen.add(key)
        picked.append(t)
    return picked[:MAX_TRENDS]


def _one_per_step(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Several ranks print the same step: keep its highest value, once."""
    out: list[tuple[float, float]] = []
    for s, v in points:
        if out and out[-1][0] == s:
            out[-1] = (s, max(out[-1][1], v))
        else:
            out.append((s, v))
    return out


def _climbed(values: list[float]) -> bool:
    n = len(values)
    q = max(1, n // 4)
    first = sum(values[:q]) / q
    last = sum(values[-q:]) / q
    peak_at = max(range(n), key=lambda i: values[i])
    # it climbed, peaked late, and was still near its peak when the log ended
    # (a per-phase report that rises and falls every step is not a trend)
    return first > 0 and last >= first * MIN_RISE and peak_at >= n // 2 and values[-1] >= 0.8 * values[peak_at]


def _line(name: str, unit: str, report) -> tuple[float | None, str]:
    facts = _failure_facts(report)
    if name.startswith(("gpu_", "device_")):
        total = facts.get("total_bytes") or _last(report, "device_total_bytes")
        if isinstance(total, (int, float)) and total > 0:
            return GPU_LINE * total, f"{GPU_LINE:.0%} of the GPU's {human(int(total))}"
    elif name.startswith("host_"):
        total = facts.get("node_total_bytes")
        thr = facts.get("threshold")
        frac = thr if isinstance(thr, (int, float)) and 0 < thr <= 1 else GPU_LINE
        what = "Ray's kill threshold" if frac is thr else f"{frac:.0%}"
        if unit == "fraction":
            return frac, f"{what} ({frac:.0%} of node RAM)"
        if isinstance(total, (int, float)) and total > 0:
            return frac * total, f"{what} ({human(int(frac * total))} of {human(int(total))} node RAM)"
    elif name == "response_length_mean":   # the longest response reaches the limit by design
        limit = _knob(report, "data.max_response_length")
        if isinstance(limit, (int, float)) and limit > 0:
            return float(limit), f"the response limit {int(limit):,}"
    return None, ""


def _failure_facts(report) -> dict:
    ev = getattr(report, "failure", None)
    return dict(ev.facts) if ev is not None else {}


def _last(report, name: str):
    metrics = report.analysis.metrics
    return metrics.last(name) if name in metrics.series else None


def _knob(report, knob: str):
    cfg = getattr(report, "cfg", None)
    try:
        return cfg.value(knob) if cfg is not None else None
    except AttributeError:
        return None


def resample(points: list[tuple[float, float]], width: int) -> list[tuple[float, float]]:
    """At most `width` points; each bucket keeps its highest point (a peak is never averaged away)."""
    n = len(points)
    if n <= width:
        return list(points)
    out = []
    for b in range(width):
        lo, hi = b * n // width, max(b * n // width + 1, (b + 1) * n // width)
        out.append(max(points[lo:hi], key=lambda p: p[1]))
    return out


BARS = "▁▂▃▄▅▆▇█"


def sparkline(t: Trend, width: int = 32) -> str:
    vals = [v for _, v in resample(t.points, width)]
    lo, hi = min(vals), max(vals)
    span = hi - lo or 1.0
    return "".join(BARS[min(len(BARS) - 1, int((v - lo) / span * (len(BARS) - 1) + 0.5))] for v in vals)
