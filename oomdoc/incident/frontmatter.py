"""The front-matter schema of an incident report, and its findings.

    ---
    title: GRPO rollout OOM on wake-up          # free text
    date: 2025-04-02                            # YYYY-MM-DD
    status: resolved                            # open | investigating | mitigated | resolved | closed | wontfix
    cause: vllm-gpu-memory-utilization          # a cause id (`oomdoc rules list`) or `unknown`
    framework: verl                             # verl, openrlhf, trl, deepspeed, easyr1, ...
    hardware: 8x A100-80GB
    run: https://wandb.example/run/abc123        # run id or link
    owner: alice                                # or authors: [alice, bob]
    tags: [grpo, vllm]
    logs: [logs/run-17.log.gz]                  # log files, relative to the report
    config: [configs/run-17.yaml]               # config files, relative to the report
    fix: gpu_memory_utilization 0.8 -> 0.45     # the fix that worked, one line
    oomdoc: disagree — the ECC error came first  # override (also allowed in the body)
    ---

`cause` is checked strictly (an error when it is not a cause id or
`unknown`); every other key only warns. Unknown keys warn with a near-miss
hint, since a typo (`casue:`) would otherwise silently drop the cause.
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from pathlib import Path

from . import Finding
from .report_parse import OVERRIDE, Doc

STATUSES = ("open", "investigating", "mitigated", "resolved", "closed", "wontfix")
FIELDS = {
    "title": "free text",
    "date": "YYYY-MM-DD",
    "status": " | ".join(STATUSES),
    "cause": "a cause id or `unknown`",
    "framework": "framework id",
    "hardware": "free text, e.g. 8x A100-80GB",
    "run": "run id or link",
    "owner": "who owns the follow-up",
    "authors": "list of names",
    "tags": "list of words",
    "logs": "log files, relative to the report",
    "config": "config files, relative to the report",
    "fix": "the fix that worked, one line",
    "oomdoc": "`disagree — <reason>`: keep a cause oomdoc does not rank in its top 3",
}
LISTS = ("authors", "tags", "logs", "config")
OTHER_FRAMEWORKS = ("pytorch", "ray", "vllm", "deepspeed", "accelerate", "other")


@dataclass
class FrontMatter:
    data: dict = field(default_factory=dict)
    lines: dict = field(default_factory=dict)     # key -> report line
    present: bool = False
    findings: list[Finding] = field(default_factory=list)

    def line(self, key: str, default: int = 1) -> int:
        return self.lines.get(key, default)

    def paths(self, key: str) -> list[str]:
        v = self.data.get(key)
        v = [v] if isinstance(v, str) else v
        return [str(x) for x in v if isinstance(x, (str, int, float))] if isinstance(v, list) else []


def causes() -> dict[str, str]:
    from ..rules_engine.vocab import CAUSES

    return CAUSES


def frameworks() -> list[str]:
    here = Path(__file__).resolve().parent.parent / "config" / "frameworks"
    ids = {p.stem for p in here.glob("*.json")} - {"env", "launcher"}
    return sorted(ids | set(OTHER_FRAMEWORKS))


def hint(word: str, choices) -> str:
    from rapidfuzz import process

    best = process.extractOne(str(word), list(choices), score_cutoff=70)
    return f" (did you mean {best[0]!r}?)" if best else ""


def read(doc: Doc, path: str) -> FrontMatter:
    fm = FrontMatter(present=doc.front is not None)
    if doc.front is None:
        return fm
    err = lambda ln, msg, check="front-matter", level="error": fm.findings.append(  # noqa: E731
        Finding(path, ln, level, check, msg))
    if not doc.front_closed:
        err(1, "front matter opened on line 1 is never closed by a '---' line")
        return fm
    import yaml

    try:
        from ..safe_yaml import LimitError, compose_yaml, construct_yaml

        node = compose_yaml(doc.front)   # bounded: a pasted YAML bomb must not hang the hook
        data = construct_yaml(node)
    except LimitError as exc:
        err(doc.front_line + 1, f"front matter is not valid YAML: {exc}")
        return fm
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        ln = doc.front_line + 1 + (mark.line if mark is not None else 0)
        err(ln, f"front matter is not valid YAML: {getattr(exc, 'problem', None) or exc}")
        return fm
    if data is None:
        return fm
    if not isinstance(data, dict):
        err(2, f"front matter must be a mapping of keys (cause: ..., status: ...), got {type(data).__name__}")
        return fm
    for k, _ in node.value:
        fm.lines[str(k.value)] = doc.front_line + 1 + k.start_mark.line
    fm.data = {str(k): v for k, v in data.items()}
    _validate(fm, err)
    return fm


def _validate(fm: FrontMatter, err) -> None:
    d = fm.data
    for key in d:
        if key not in FIELDS:
            err(fm.line(key), f"unknown front-matter key {key!r}{hint(key, FIELDS)}",
                "front-matter-key", "warning")
    warn = lambda key, msg: err(fm.line(key), msg, "front-matter-value", "warning")  # noqa: E731
    if "cause" in d and d["cause"] is not None:
        c = d["cause"]
        if not isinstance(c, str):
            err(fm.line("cause"), f"cause must be one cause id, got {type(c).__name__}")
        elif c != "unknown" and c not in causes():
            err(fm.line("cause"), f"cause {c!r} is not a cause id{hint(c, [*causes(), 'unknown'])}; "
                                  "see `oomdoc rules list` or use `unknown`")
    st = d.get("status")
    if st is not None and (not isinstance(st, str) or st.lower() not in STATUSES):
        warn("status", f"status {st!r} is not one of {', '.join(STATUSES)}{hint(st, STATUSES)}")
    fw = d.get("framework")
    if fw is not None and (not isinstance(fw, str) or fw.lower() not in frameworks()):
        warn("framework", f"framework {fw!r} is not a known framework id{hint(fw, frameworks())}")
    dt = d.get("date")
    if dt is not None and not isinstance(dt, _dt.date):
        try:
            _dt.date.fromisoformat(str(dt))
        except ValueError:
            warn("date", f"date {dt!r} is not YYYY-MM-DD")
    for key in LISTS:
        v = d.get(key)
        if v is not None and not isinstance(v, (list, str)):
            warn(key, f"{key} should be a list, got {type(v).__name__}")
    for key in ("title", "hardware", "run", "owner", "fix"):
        v = d.get(key)
        if isinstance(v, (dict, list)):
            warn(key, f"{key} should be one line of text, got a {type(v).__name__}")
    ov = d.get("oomdoc")
    if ov is not None and not OVERRIDE.search(f"oomdoc: {ov}"):
        warn("oomdoc", "the `oomdoc` key only takes `disagree — <reason>`")


def override(fm: FrontMatter):
    """(line, reason) of a front-matter override, else None."""
    ov = fm.data.get("oomdoc")
    if not isinstance(ov, str):
        return None
    m = OVERRIDE.search(f"oomdoc: {ov}")
    return (fm.line("oomdoc"), m.group(1).strip()) if m else None
