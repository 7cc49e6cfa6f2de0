"""`oomdoc explain --format html`: one self-contained page.

Everything is in the file: CSS in a <style> element, charts as inline SVG drawn
here, no script, no font, no image and no URL fetched when it is viewed (a test
checks the page holds no `http` reference and no <script>). The page shows the
failure, the cause, the trend charts, the evidence with line numbers and the
ranked fixes. Inline SVG rather than a charting library: the charts are a line,
a threshold and a few labels; a library would have to be embedded whole (tens to
hundreds of KiB of JavaScript) to work offline, would run code in the reader's
browser, and would be one more dependency to keep current. Echoed log text is
masked (`redact`) and escaped.
"""
from __future__ import annotations

from html import escape

from ..units import human
from . import redact
from .explain_text import checked, describe, evidence_where, fix_notes, no_oom
from .trends import Trend, resample, trends

W, H = 640, 200
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 16, 36

CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:60rem;
     padding:0 1rem;color:#1f2328;background:#fff}
h1{font-size:1.35rem;margin:0 0 .25rem} h2{font-size:1.1rem;margin:1.6rem 0 .5rem;border-bottom:1px solid #d0d7de}
.muted{color:#59636e} .cause{color:#b42318;font-weight:600} .ok{color:#1a7f37;font-weight:600}
code,pre{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
code{background:#f6f8fa;padding:.1em .3em;border-radius:4px}
table{border-collapse:collapse;width:100%} td,th{border-bottom:1px solid #eaeef2;padding:.3rem .5rem;
     vertical-align:top;text-align:left} td.ln{text-align:right;white-space:nowrap;color:#59636e}
td.tx{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-word}
ol li{margin:.5rem 0} .chart{margin:.5rem 0 1rem} .warn{color:#9a6700}
svg text{font:11px system-ui,sans-serif;fill:#59636e}
"""


def chart(t: Trend) -> str:
    """One trend as inline SVG: the series, its line (dashed), the peak and the crossing."""
    pts = resample(t.points, 400)
    xs = [s for s, _ in pts]
    x0, x1 = min(xs), max(xs)
    top = max([v for _, v in pts] + ([t.line] if t.line is not None else [])) * 1.08 or 1.0
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def X(s):
        return LEFT + (pw * (s - x0) / (x1 - x0) if x1 > x0 else pw / 2)

    def Y(v):
        return TOP + ph * (1 - v / top)

    poly = " ".join(f"{X(s):.1f},{Y(v):.1f}" for s, v in pts)
    ps, pv = t.peak
    out = [f'<svg class="chart" viewBox="0 0 {W} {H}" width="100%" role="img" '
           f'aria-label="{escape(t.label)}: {escape(t.summary())}">',   # inline SVG in HTML needs no xmlns
           f'<line x1="{LEFT}" y1="{TOP + ph}" x2="{W - RIGHT}" y2="{TOP + ph}" stroke="#d0d7de"/>',
           f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + ph}" stroke="#d0d7de"/>',
           f'<text x="{LEFT - 6}" y="{TOP + ph}" text-anchor="end">0</text>',
           f'<text x="{LEFT - 6}" y="{Y(pv) + 4:.1f}" text-anchor="end">{escape(t.fmt(pv))}</text>',
           f'<text x="{LEFT}" y="{H - 14}" text-anchor="start">{escape(t.step(x0))}</text>',
           f'<text x="{W - RIGHT}" y="{H - 14}" text-anchor="end">{escape(t.step(x1))}</text>']
    if t.line is not None:
        out.append(f'<line x1="{LEFT}" y1="{Y(t.line):.1f}" x2="{W - RIGHT}" y2="{Y(t.line):.1f}" '
                   f'stroke="#b42318" stroke-dasharray="5 4"/>')
        out.append(f'<text x="{W - RIGHT}" y="{Y(t.line) - 4:.1f}" text-anchor="end" style="fill:#b42318">'
                   f'{escape(t.line_label)}</text>')
        c = t.crossed
        if c is not None:
            out.append(f'<line x1="{X(c[0]):.1f}" y1="{TOP}" x2="{X(c[0]):.1f}" y2="{TOP + ph}" '
                       f'stroke="#b42318" stroke-opacity=".35"/>')
            out.append(f'<text x="{X(c[0]) - 4:.1f}" y="{TOP + 10}" text-anchor="end" style="fill:#b42318">'
                       f'crossed at {escape(t.step(c[0]))}</text>')
    out.append(f'<polyline fill="none" stroke="#0969da" stroke-width="2" points="{poly}"/>')
    out.append(f'<circle cx="{X(ps):.1f}" cy="{Y(pv):.1f}" r="3.5" fill="#0969da"/>')
    out.append("</svg>")
    return "".join(out)


def _t(text) -> str:
    """Echoed text: masked, then escaped."""
    return escape(redact.text(str(text)))


def render(report) -> str:
    from .. import __version__

    a = report.analysis
    shown = report.shown()
    head = shown[0] if shown else None
    title = "no out-of-memory failure" if no_oom(report) else (head.cause if head else "no rule matched")
    body = [f"<h1>Out-of-memory diagnosis: {_t(title)}</h1>",
            f'<p class="muted">log <code>{_t(a.name)}</code> · {a.lines_read:,} lines'
            + (f" · framework {_t(report.cfg.framework.id)}" if report.cfg.framework.id else "") + "</p>"]
    if no_oom(report):
        body.append('<p class="ok">No out-of-memory failure in this log.</p><ul>')
        body += [f"<li>{_t(line)}</li>" for line in checked(report)]
        body.append("</ul>")
    else:
        body.append(f"<p><strong>Failure:</strong> {_t(describe(report.failure))}</p>")
        if report.shortfall_bytes:
            body.append(f"<p><strong>Short by:</strong> {_t(human(report.shortfall_bytes))}</p>")
        if head:
            body.append(f'<p><strong>Cause:</strong> <span class="cause">{_t(head.cause)}</span> — '
                        f"{_t(head.title)} <span class=\"muted\">(confidence {head.confidence:.2f}, "
                        f"rule <code>{_t(head.rule)}</code>)</span></p>")
        else:
            body.append('<p class="warn">No rule matched this log.</p>')
    ts = trends(report)
    if ts:
        body.append("<h2>Trend before the failure</h2>")
        for t in ts:
            body.append(f"<p><strong>{_t(t.label)}</strong>: {_t(t.summary())}</p>{chart(t)}")
    if head and head.evidence and not no_oom(report):
        body.append("<h2>Evidence</h2><table><tr><th>line</th><th>text</th></tr>")
        for e in head.evidence[:12]:
            body.append(f'<tr><td class="ln">{_t(evidence_where(e))}</td><td class="tx">{_t(e[1])}</td></tr>')
        body.append("</table>")
    if report.fixes:
        body.append("<h2>Fixes <span class=\"muted\">(best first)</span></h2><ol>")
        fixes = report.fixes[:8]
        for f, note in zip(fixes, fix_notes(fixes)):
            tags = ([f"frees ~{human(f.frees_bytes)}"] if f.frees_bytes else []) \
                + (["covers the shortfall"] if f.covers else [])
            also = "".join(f" and <code>{_t(x)}</code>" for x in getattr(f, "also", None) or [])
            body.append(f"<li><code>{_t(f.change)}</code>{also}"
                        + (f' <span class="muted">[{_t(", ".join(tags))}]</span>' if tags else "")
                        + (f'<br><span class="muted">where: {_t(note)}</span>' if note else "")
                        + f"<br>why: {_t(f.why)}" + (f"<br>cost: {_t(f.cost)}" if f.cost else "") + "</li>")
        body.append("</ol>")
    if len(shown) > 1:
        body.append("<h2>Other candidates</h2><ul>")
        body += [f"<li><code>{_t(d.cause)}</code> ({d.confidence:.2f}) — {_t(d.title)}</li>" for d in shown[1:]]
        body.append("</ul>")
    if report.similar:
        body.append("<h2>Closest known cases</h2><ul>")
        body += [f"<li><code>{_t(c)}</code> ({s:.0f}) — <code>{_t(k)}</code></li>" for c, s, k in report.similar]
        body.append("</ul>")
    if report.warnings:
        body.append("<h2>Warnings</h2><ul>")
        body += [f'<li class="warn">{_t(w)}</li>' for w in report.warnings]
        body.append("</ul>")
    body.append(f'<p class="muted"><small>generated by oomdoc {escape(__version__)}</small></p>')
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>oomdoc: {_t(title)}</title><style>{CSS}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")
