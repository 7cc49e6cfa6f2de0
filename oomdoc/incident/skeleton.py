"""`oomdoc new-incident`: a filled-in report skeleton for a log.

The front matter takes cause and framework from the diagnosis of the whole
log; the excerpt keeps the lines around the failure plus the lines the top
diagnosis cites (the launch command, the config dump). `oomdoc check` later
sees only the excerpt, so the skeleton is checked here the same way: when the
excerpt alone does not reproduce the cause, it grows (wider context, then the
whole log when small); when it still does not, the report says so with an
explained override instead of silently recording a weaker cause.
"""
from __future__ import annotations

import datetime as _dt
import os

from ..prefixes import clean
from ..secrets import mask_secrets
from .report_parse import END, START

BEFORE, AFTER = 25, 5
WHOLE_LOG_LINES = 400
CLOSE_LOOKAHEAD = 400
MAX_CONFIG_LINES = 300
CONFIG_LANG = {".yaml": "yaml", ".yml": "yaml", ".json": "json", ".toml": "toml", ".sh": "bash"}


TREND_POINTS = 30   # metric lines kept to show a trend in an excerpt


def log_lines(path: str, wanted: set[int]) -> dict[int, str]:
    """The wanted 1-based lines of a log (gzip-aware), ANSI/\\r cleaned."""
    from ..reader import chunks, open_input

    label, fh = open_input(path)
    out: dict[int, str] = {}
    no, rest = 0, b""
    try:
        for chunk in chunks(label, fh):
            parts = (rest + chunk).split(b"\n")
            rest = parts.pop()
            for raw in parts:
                no += 1
                if no in wanted:
                    out[no] = raw.decode("utf-8", "replace")
        if rest:
            no += 1
            if no in wanted:
                out[no] = rest.decode("utf-8", "replace")
    finally:
        if label != "<stdin>":
            fh.close()
    return {k: (clean(v) or [""])[-1].rstrip() for k, v in out.items()}


def _ranges(report, before: int, after: int, total: int) -> set[int]:
    want: set[int] = set()
    fail = report.failure
    if fail is not None:
        want.update(range(max(1, fail.line - before), min(total, fail.end_line + after) + 1))
    series_at = _metric_series_by_line(report)
    ends = getattr(getattr(report.analysis, "metrics", None), "ends", {})
    for d in report.diagnoses[:1]:
        for ln, _ in d.evidence:
            if isinstance(ln, int):
                want.update(range(max(1, ln - after // 5), min(total, ln + after // 5) + 1))
                # a trend is evidence only with its points: keep a spread of them
                for pts in series_at.get(ln, ()):
                    step = max(1, len(pts) // TREND_POINTS)
                    for _, _, line in [*pts[::step], *pts[-5:]]:
                        want.update(range(line, ends.get(line, line) + 1))   # the point's whole record
    return want


def _metric_series_by_line(report) -> dict[int, list]:
    """Line of a series' last point -> the series' points (a trend's evidence line)."""
    metrics = getattr(report.analysis, "metrics", None)
    out: dict[int, list] = {}
    for pts in (getattr(metrics, "series", None) or {}).values():
        if pts:
            out.setdefault(pts[-1][2], []).append(pts)
    return out


def _excerpt(path: str, want: set[int], total: int) -> tuple[str, str, bool]:
    from .complete import Tracker

    last = max(want, default=0)
    lines = log_lines(path, want | set(range(last + 1, min(total, last + CLOSE_LOOKAHEAD) + 1)))
    t = Tracker()
    out, prev = [], None
    for no in sorted(lines):
        if no > last and not t.open:
            break   # past the window, keep going only to close a traceback it opened
        if prev is not None and no != prev + 1:
            out.append("...")
        out.append(lines[no])
        t.feed(no, lines[no])
        prev = no
    span = f"lines {min(lines)}–{prev}" if lines else "no lines"
    ends_open = t.open and prev is not None and prev >= total   # the log itself stops mid-traceback
    return mask_secrets("\n".join(out)), span, ends_open


def _config_blocks(configs) -> list[str]:
    out = []
    for c in configs:
        lang = CONFIG_LANG.get(os.path.splitext(c)[1].lower())
        try:
            with open(c, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except OSError:
            continue
        if lang is None or text.count("\n") > MAX_CONFIG_LINES:
            out.append(f"Config: `{os.path.basename(c)}` (not embedded: link it from the repo).")
            continue
        out.append(f"Config (`{os.path.basename(c)}`):\n\n```{lang}\n{mask_secrets(text).rstrip()}\n```")
    return out


def render(log: str, report, excerpt: str, span: str, configs, override: str | None = None,
           ends_open: bool = False) -> str:
    from ..rules_engine.vocab import CAUSES

    head = report.diagnoses[0] if report.diagnoses else None
    cause = head.cause if head else "unknown"
    fw = report.cfg.framework.id
    title = f"{head.title}" if head else "out-of-memory failure"
    fm = ["---", f"title: {_yaml_str(title)}", f"date: {_dt.date.today().isoformat()}", "status: open",
          f"cause: {cause}"]
    fm += [f"framework: {fw}"] if fw else []
    fm += ["hardware:", "run:", "owner:", "---"]
    body = [f"# {title}", "", "## Summary", "",
            "TODO: what failed, when, what it cost (GPU hours, a missed deadline).", "",
            "## Evidence", "", f"Excerpt of `{os.path.basename(log)}` around the failure ({span}):", "",
            "```text log-ends-here" if ends_open else "```text", excerpt, "```", ""]
    for blk in _config_blocks(configs):
        body += [blk, ""]
    body += ["## Root cause", "", f"{CAUSES.get(cause, 'Not known yet.')}. TODO: confirm, or change "
             "`cause:` in the front matter (`oomdoc rules list` names every cause).", ""]
    if override:
        body += [f"<!-- oomdoc: disagree — {override} -->", ""]
    body += ["## Fix that worked", "", "TODO: the change, and how you checked it held.", "",
             START, END, ""]
    return "\n".join(fm + [""] + body)


def _yaml_str(s: str) -> str:
    import json

    return json.dumps(s, ensure_ascii=False)


def build(log: str, configs, ctx) -> str:
    """The finished report text (diagnosis section filled, secrets masked)."""
    from ..diagnose import explain
    from ..pipeline import read_events
    from .fix import fix_text

    analysis = read_events(log)
    report = explain(log, config_paths=list(configs), rules=ctx.rules, analysis=analysis,
                     top=ctx.top, similar=False)
    total = analysis.lines_read
    head = report.diagnoses[0].cause if report.diagnoses else None
    attempts = [(BEFORE, AFTER), (BEFORE * 4, AFTER * 4)]
    if total <= WHOLE_LOG_LINES:
        attempts.append((total, total))
    for before, after in attempts:
        excerpt, span, ends = _excerpt(log, _ranges(report, before, after, total), total)
        text, res = fix_text("incident.md", render(log, report, excerpt, span, configs, ends_open=ends), ctx)
        if not any(f.level == "error" for f in res.findings):
            return text
    if head is None or not any(f.check == "cause-disagrees" for f in res.findings):
        return text
    seen = ", ".join(d.cause for d in res.report.diagnoses[: ctx.top]) if res.report else "nothing"
    reason = (f"the whole log ({os.path.basename(log)}) ranks {head} first; the excerpt alone "
              f"suggests {seen}")
    text, _ = fix_text("incident.md", render(log, report, excerpt, span, configs, override=reason,
                                             ends_open=ends), ctx)
    return text
