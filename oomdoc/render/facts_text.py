"""Human-readable listing of extracted events (secrets masked, `redact`)."""
from __future__ import annotations

from ..units import human
from . import redact


def fmt_fact(name: str, value) -> str:
    if name.endswith("_bytes") and isinstance(value, (int, float)):
        return f"{name}={human(value)}"
    if name == "processes" and isinstance(value, dict):
        return "processes={" + ", ".join(f"{k}: {human(v)}" for k, v in value.items()) + "}"
    return f"{name}={redact.value(value, name)}"


def render(analysis) -> str:
    out = [f"{analysis.name}: {analysis.lines_read} lines, {len(analysis.events)} events"]
    for ev in analysis.events:
        where = f"line {ev.line}" if ev.line == ev.end_line else f"lines {ev.line}-{ev.end_line}"
        extra = f" x{ev.count}" if ev.count > 1 else ""
        src = ev.source.label()
        out.append(f"- {ev.kind} ({where}, {src}{extra})")
        for k, v in ev.facts.items():
            out.append(f"    {fmt_fact(k, v)}")
    for name in analysis.metrics.names():
        vals = analysis.metrics.values(name)
        out.append(f"~ metric {name}: {analysis.metrics.count[name]} points, "
                   f"first {vals[0]:g}, last {vals[-1]:g}, max {max(vals):g}")
    for w in analysis.warnings:
        out.append(f"! {w}")
    return redact.text("\n".join(out) + "\n")
