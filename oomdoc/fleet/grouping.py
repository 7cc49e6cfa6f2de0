"""Rows -> what a platform team reads: counts, and incidents grouped.

Runs with the same cause, framework and key settings (the current values of
the knobs the top diagnosis would change) are one group; a group's fix is
the first fix most of its runs got. Not-OOM failures, clean runs and errors
are counted, never dropped.
"""
from __future__ import annotations

import json
from collections import Counter

OUTCOMES = ("oom", "not-oom", "clean", "error")


def group_key(row: dict) -> tuple:
    settings = tuple(sorted((k, json.dumps(v["value"], sort_keys=True, default=str))
                            for k, v in (row.get("settings") or {}).items()))
    return row.get("cause"), row.get("framework"), settings


def summarise(rows: list[dict]) -> dict:
    counts = Counter(r["outcome"] if r["status"] == "ok" else "error" for r in rows)
    by_cause: Counter = Counter()
    by_framework: Counter = Counter()
    by_cause_framework: Counter = Counter()
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        if r["status"] != "ok" or r["outcome"] == "clean":     # clean runs are only counted
            continue
        cause = r["cause"] or "unknown"
        fw = r["framework"] or "unknown"
        by_cause[cause] += 1
        by_framework[fw] += 1
        by_cause_framework[(cause, fw)] += 1
        if r["outcome"] == "oom":
            groups.setdefault(group_key(r), []).append(r)
    return {
        "counts": {"runs": len(rows), **{o.replace("-", "_"): counts.get(o, 0) for o in OUTCOMES},
                   "cached": sum(1 for r in rows if r.get("cached"))},
        "by_cause": dict(_ranked(by_cause)),
        "by_framework": dict(_ranked(by_framework)),
        "by_cause_framework": [{"cause": c, "framework": f, "runs": n}
                               for (c, f), n in _ranked(by_cause_framework)],
        "groups": sorted((_group(members) for members in groups.values()),
                         key=lambda g: (-g["count"], g["cause"] or "", g["framework"] or "", g["runs"][0])),
        "errors": [{"path": r["path"], "error": r["error"]} for r in rows if r["status"] != "ok"],
    }


def _ranked(counter: Counter) -> list:
    return sorted(counter.items(), key=lambda kv: (-kv[1], str(kv[0])))


def _group(members: list[dict]) -> dict:
    """The group's fix is the (knob, value) most runs got; its wording is the
    first such run's (the wording cites each run's own config lines)."""
    members = sorted(members, key=lambda r: r["path"])
    first = members[0]
    votes = Counter((r["fix"]["knob"], json.dumps(r["fix"]["value"], sort_keys=True, default=str))
                    for r in members if r.get("fix"))
    fix, fix_runs = None, 0
    if votes:
        (knob, value), fix_runs = _ranked(votes)[0]
        fix = next(r["fix"] for r in members if r.get("fix") and r["fix"]["knob"] == knob
                   and json.dumps(r["fix"]["value"], sort_keys=True, default=str) == value)
    return {"cause": first["cause"], "framework": first["framework"], "settings": first["settings"],
            "count": len(members), "fix": fix, "fix_runs": fix_runs,
            "runs": [r["path"] for r in members]}


def describe_settings(settings: dict) -> str:
    """Neutral knob names: the run's own key may be an env var holding several settings."""
    return ", ".join(f"{knob}={_show(v['value'])}" for knob, v in settings.items())


def _show(value) -> str:
    return json.dumps(value) if isinstance(value, (dict, list)) else str(value)
