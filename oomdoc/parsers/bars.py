"""tqdm progress bars: how far the run got before it failed (evidence, never a failure).

Almost every trainer draws tqdm bars (`Training Progress:  10%|█ | 116/1155
[7:54:43<67:30:48, 233.93s/it]`, HF Trainer's bare ` 50%|█████ | 50/100
[01:23<01:23, 1.65s/it]`, EasyR1's `Running step 0:   7%| | 4.00/60.0 [2:11:12<...`).
How far the run got says what kind of failure it was: a run that survived
twenty training steps did not fail on a footprint that is the same every step.

After the log is read, one `progress` event describes the last bar drawn
before the first failure (or, when none was, the bar tqdm closed right after the
traceback when the interpreter exited): its description, `done` / `total`, `elapsed_s`, and
what it counts (`bar`: `training` steps, `loading` a model or data, or a
`phase` inside a step such as log-prob or generation). `steps_done` is the
training steps completed: that bar's count, or the last step number in the
per-step metric lines when that is higher.

Bars are read only from kept lines and the failure's own lines, never on the
hot path: the family has no triggers and no `parse` (no record is offered to it).
"""
from __future__ import annotations

from bisect import bisect_right

from ..model import Event
from .base import lazy as _lazy

NAME = "bars"
KEYS = ()
TRIGGERS = ()
LINE_TRIGGERS = ()
ROLES: dict[str, str] = {}
KINDS = {
    "progress": "the last tqdm bar drawn before the first failure (and training steps completed): evidence, not a failure",
}
FACTS = {
    "bar": "what the bar counts: training (steps), loading (model/data), phase (inside a step: log-prob, generation, eval)",
    "desc": "the bar's description as printed (may be empty: HF Trainer)",
    "done": "the bar's count when it was last drawn before the failure",
    "total": "the bar's total",
    "elapsed_s": "seconds elapsed on that bar",
    "finished": "the bar had reached its total (an end-of-epoch job such as a checkpoint save or evaluation came next)",
    "steps_done": "training steps completed before the failure (training bar or per-step metric lines)",
}

# {desc}: {pct}%|{bar}| {n}/{total} [{elapsed}<{remaining}, {rate}] ; n/total may be unit-scaled (4.00, 1.2k)
_BAR = _lazy(r"(?P<desc>[^|%\r\n]{0,80}?)[:\s]*(?P<pct>\d{1,3})%\|[^|\r\n]{0,200}\|\s*"
             r"(?P<n>\d+(?:\.\d+)?[kMG]?)/(?P<tot>\d+(?:\.\d+)?[kMG]?)"
             r"(?:\s*\[(?P<el>(?:\d+:)?\d+:\d\d)(?:<[\d:?]*)?(?:,\s*(?P<rate>[\d.]+[kMG]?(?P<unit>s/it|it/s)))?)?")
_LOAD = _lazy(r"(?i)load|shard|download|fetch|\bmap\b|token|convert|build|preprocess|filter|read|saving|upload")
_PHASE = _lazy(r"(?i)log.?prob|prompt|generat|rollout|captur|sampl|eval|valid|test|infer|reward|scor|ref\b|critic|values")
_TRAIN = _lazy(r"(?i)train|step|epoch|episode|iter|progress|global|\bppo\b|grpo|update")
_SCALE = {"k": 1e3, "M": 1e6, "G": 1e9}
FAILURE_ROLES = ("failure", "symptom")


def after_read(analysis) -> None:
    """Describe the last bar before the first failure (once per log)."""
    from . import roles

    role = roles()
    failures = [e for e in analysis.events if role.get(e.kind) in FAILURE_ROLES]
    if not failures or any(e.kind == "progress" for e in analysis.events):
        return
    first = min(failures, key=lambda e: e.line)
    last = None
    lines = analysis.lines
    # the last bar at or before the failure: walk back from it (a Trainer log draws a bar
    # on every line; reading them all forward would cost a regex per line)
    end = bisect_right(lines, first.end_line, key=lambda ln: ln.no) if lines else 0
    for i in range(end - 1, -1, -1):
        ln = lines[i]
        if "%|" in ln.text:
            found = None
            for found in _BAR.finditer(ln.text):
                pass
            if found is not None:
                last = (ln, found)
                break
    if last is None and "%|" in first.text:     # a bar glued to the failure's own line
        m = None
        for m in _BAR.finditer(first.text):
            pass
        last = (None, m) if m else None
    if last is None:
        last = _bar_closed_after(lines, end)
    facts: dict = {}
    line, source = first.line, first.source
    if last is not None:
        ln, m = last
        facts = _facts(m)
        if ln is not None:
            line, source = ln.no, ln.source
    step = analysis.metrics.last_step() if analysis.metrics is not None else None
    train = facts.get("done") if facts.get("bar") == "training" else None
    steps = max((s for s in (train, step) if s is not None), default=None)
    if steps is not None:
        facts["steps_done"] = int(steps)
    if facts:
        analysis.events.append(Event(kind="progress", source=source, line=line, end_line=line, facts=facts,
                                     text=(ln.text if last and last[0] is not None else first.text)[:300]))


# tqdm closes a bar the exception interrupted when the interpreter exits, so its last state is
# drawn right after the traceback: a bar among the first lines after the failure is where it stopped
AFTER_LINES = 3


def _bar_closed_after(lines, end):
    for ln in lines[end:end + AFTER_LINES]:
        if "%|" in ln.text:
            found = None
            for found in _BAR.finditer(ln.text):
                pass
            if found is not None:
                return ln, found
    return None


def _facts(m) -> dict:
    desc = m["desc"].strip(" :\t")
    out = {"bar": classify(desc, m["unit"]), "desc": desc, "done": _num(m["n"]), "total": _num(m["tot"])}
    if out["total"] and out["done"] >= out["total"]:
        out["finished"] = True
    if m["el"]:
        out["elapsed_s"] = _seconds(m["el"])
    return out


def classify(desc: str, unit: str | None) -> str:
    """What a bar counts, from its description (and rate: a bare HF Trainer bar
    runs at seconds per iteration; a bare data bar at iterations per second)."""
    if not desc:
        return "training" if unit == "s/it" else "unknown"
    if _LOAD.search(desc):
        return "loading"
    if _PHASE.search(desc):
        return "phase"
    if _TRAIN.search(desc):
        return "training"
    return "unknown"


def _num(s: str) -> float:
    if s[-1] in _SCALE:
        return float(s[:-1]) * _SCALE[s[-1]]
    v = float(s)
    return int(v) if v.is_integer() else v


def _seconds(s: str) -> int:
    total = 0
    for part in s.split(":"):
        total = total * 60 + int(part)
    return total
