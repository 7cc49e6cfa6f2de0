"""oomdoc: an out-of-memory doctor for large-model training logs.

Python API (stable):

    from oomdoc import read_events
    analysis = read_events("train.log")        # a path, "-" for stdin, or bytes
    for ev in analysis.events:                  # typed events, sizes in bytes
        print(ev.kind, ev.line, ev.facts)
    analysis.metrics.values("response_length_mean")

`oomdoc.explain(...)` adds the run config, the framework and ranked diagnoses:

    report = oomdoc.explain("train.log", config_paths=["run.sh"])
    report.diagnoses[0].cause, report.fixes[0].change, report.to_json()
"""
from __future__ import annotations

__version__ = "0.1.0"
JSON_SCHEMA_VERSION = 1


def read_events(src, **kw):
    from .pipeline import read_events as _read

    return _read(src, **kw)


def explain(log, config_paths=(), rules_dirs=(), **kw):
    from .diagnose import explain as _explain

    return _explain(log, config_paths=config_paths, rules_dirs=rules_dirs, **kw)


__all__ = ["__version__", "read_events", "explain", "JSON_SCHEMA_VERSION"]
