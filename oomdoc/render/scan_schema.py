"""JSON Schema of `oomdoc scan --format json`, published by `oomdoc schema`
under `$defs.scan` of the explain schema (each run's `report` is an explain
report, `{"$ref": "#"}`). Validate a scan document against
`{"$ref": "urn:oomdoc:explain:v1#/$defs/scan"}` with the explain schema loaded.
Fields are only added within a version; a breaking change bumps it.
"""
from __future__ import annotations

SCAN_VERSION = 1

_NULLABLE_STR = {"type": ["string", "null"]}
_SETTINGS = {"type": "object", "description": "neutral knob -> the run's current value",
             "additionalProperties": {"type": "object", "required": ["key", "value"],
                                      "properties": {"key": {"type": "string"}, "value": {}}}}
_FIX = {"type": ["object", "null"], "required": ["knob", "value", "change"],
        "properties": {"knob": {"type": "string"}, "value": {}, "change": {"type": "string"}}}
_OUTCOME = {"enum": ["oom", "not-oom", "clean", None],
            "description": "oom; not-oom (a failure that is not an OOM); clean (no failure); null for errors"}

RUN = {
    "type": "object",
    "required": ["path", "status", "error", "outcome", "cause", "framework", "settings", "fix", "report"],
    "properties": {
        "path": {"type": "string"},
        "configs": {"type": "array", "items": {"type": "string"},
                    "description": "config files beside the log, used as `explain --config`"},
        "status": {"enum": ["ok", "error"]},
        "error": {**_NULLABLE_STR, "description": "why the log could not be diagnosed"},
        "outcome": _OUTCOME,
        "cause": {**_NULLABLE_STR, "description": "the top diagnosis's cause id"},
        "confidence": {"type": ["number", "null"]},
        "framework": _NULLABLE_STR,
        "settings": _SETTINGS,
        "fix": _FIX,
        "report": {"anyOf": [{"$ref": "#"}, {"type": "null"}],
                   "description": "exactly `oomdoc explain --format json` for this log"},
        "seconds": {"type": ["number", "null"]},
        "peak_rss_bytes": {"type": ["integer", "null"], "description": "the worker's peak RSS so far"},
        "cached": {"type": "boolean"},
    },
}

SCAN = {
    "title": "oomdoc scan document",
    "type": "object",
    "required": ["scan_version", "oomdoc_version", "complete", "counts", "groups", "errors", "runs"],
    "properties": {
        "scan_version": {"const": SCAN_VERSION},
        "oomdoc_version": {"type": "string"},
        "complete": {"type": "boolean", "description": "false when the scan was interrupted"},
        "not_scanned": {"type": "integer", "description": "logs left when interrupted"},
        "counts": {"type": "object", "required": ["runs", "oom", "not_oom", "clean", "error"],
                   "additionalProperties": {"type": "integer"}},
        "by_cause": {"type": "object", "additionalProperties": {"type": "integer"}},
        "by_framework": {"type": "object", "additionalProperties": {"type": "integer"}},
        "by_cause_framework": {"type": "array", "items": {
            "type": "object", "required": ["cause", "framework", "runs"],
            "properties": {"cause": {"type": "string"}, "framework": {"type": "string"},
                           "runs": {"type": "integer"}}}},
        "groups": {"type": "array", "items": {
            "type": "object", "required": ["cause", "framework", "settings", "count", "fix", "runs"],
            "properties": {"cause": _NULLABLE_STR, "framework": _NULLABLE_STR, "settings": _SETTINGS,
                           "count": {"type": "integer"}, "fix": _FIX,
                           "fix_runs": {"type": "integer", "description": "runs whose first fix is this one"},
                           "runs": {"type": "array", "items": {"type": "string"}}}}},
        "errors": {"type": "array", "items": {
            "type": "object", "required": ["path", "error"],
            "properties": {"path": {"type": "string"}, "error": {"type": "string"}}}},
        "runs": {"type": "array", "items": RUN},
    },
}
