"""The per-log function every engine runs: a Job in, a JSON-ready row out.

It is `oomdoc.diagnose.explain` and the `explain --format json` renderer, no
other path; a row never raises: unreadable input or a crashing parser becomes
an error row with its reason, so one bad log never stops a scan.
"""
from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass

# Rules validated once per worker process (a pool worker or a Ray worker).
_RULES: dict[tuple, list] = {}


@dataclass(frozen=True)
class Job:
    path: str
    configs: tuple[str, ...] = ()
    rules_dirs: tuple[str, ...] = ()
    top: int = 5


def rules_for(rules_dirs: tuple) -> list:
    """Raises RuleError like `explain`. Called once in the parent before the pool
    forks, so workers inherit the validated rules and the imported modules."""
    key = (rules_dirs, os.environ.get("OOMDOC_RULES", ""))
    if key not in _RULES:
        from ..rules_engine.loader import RuleError, load_rules

        rs = load_rules(rules_dirs)
        if rs.errors:
            raise RuleError(rs.errors)
        _RULES[key] = rs.rules
    return _RULES[key]


def diagnose(job: Job) -> dict:
    """One log -> one row (see `schema.RUN`)."""
    from ..reader import InputError

    started = time.perf_counter()
    row = {"path": job.path, "configs": list(job.configs), "status": "ok", "error": None}
    try:
        row.update(_summary(_explain(job)))
    except InputError as exc:
        row.update(status="error", error=str(exc))
    except MemoryError:
        row.update(status="error", error=f"{job.path}: ran out of memory reading the log")
    except RecursionError:
        row.update(status="error", error=f"{job.path}: oomdoc crashed: RecursionError")
    except Exception as exc:   # a parser bug on one log must not stop the scan
        row.update(status="error", error=f"{job.path}: oomdoc crashed: {type(exc).__name__}: {exc}")
    if row["status"] == "error":
        row.update(outcome=None, cause=None, confidence=None, framework=None, settings={}, fix=None,
                   report=None)
    row["seconds"] = round(time.perf_counter() - started, 4)
    row["peak_rss_bytes"] = peak_rss_bytes()
    return row


def _explain(job: Job):
    from ..diagnose import explain

    return explain(job.path, config_paths=list(job.configs), rules=rules_for(job.rules_dirs), top=job.top)


def _summary(report) -> dict:
    from ..render.explain_json import render
    from ..rules_engine.vocab import OOM_KINDS

    data = render(report)
    shown = data["diagnoses"]
    top = shown[0] if shown else None
    has_oom = any(ev.kind in OOM_KINDS for ev in report.analysis.events)
    if top is not None and top["cause"] != "not-oom":
        outcome = "oom"
    elif top is None and has_oom:
        outcome = "oom"            # an OOM no rule could name: counted, cause unknown
    elif report.failure is not None:
        outcome = "not-oom"        # a failure, but not an out-of-memory one
    else:
        outcome = "clean"
    return {"outcome": outcome, "cause": top["cause"] if top else None,
            "confidence": top["confidence"] if top else None,
            "framework": data["framework"].get("id"),
            "settings": key_settings(top, data["config"]),
            "fix": _first_fix(top), "report": data}


KEY_FIXES = 2     # the knobs of the first fixes make an incident; later ones split groups needlessly


def key_settings(diagnosis: dict | None, config: dict) -> dict:
    """The run's current values of the knobs its top diagnosis would change
    first: what makes two runs with the same cause the same incident."""
    out = {}
    for fix in (diagnosis or {}).get("fixes", [])[:KEY_FIXES]:
        entry = config.get(fix["knob"])
        if isinstance(entry, dict) and entry.get("value") is not None:
            out[fix["knob"]] = {"key": entry.get("key") or fix["knob"], "value": entry["value"]}
    return out


def _first_fix(diagnosis: dict | None) -> dict | None:
    fixes = (diagnosis or {}).get("fixes") or []
    if not fixes:
        return None
    f = fixes[0]
    return {"knob": f["knob"], "value": f["value"], "change": f["change"]}


def peak_rss_bytes() -> int | None:
    try:
        import resource

        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return rss if sys.platform == "darwin" else rss * 1024      # bytes on macOS, KiB elsewhere
    except (ImportError, OSError):
        return None


def quiet_worker() -> None:
    """Pool initializer: Ctrl-C is the parent's to handle (it prints what finished)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
