"""`oomdoc explain --format json`: the versioned contract and its JSON Schema.

The report keeps the facts JSON (`oomdoc_version`, `source`, `events`,
`metrics`, `stats`, `warnings`) and adds `schema_version`, `framework` (an
object with `id`), `config`, `diagnoses` (best first), `fixes` (merged across
diagnoses, best first), `shortfall_bytes` and `similar_cases`.
Additive changes keep `schema_version`; removals or renames bump it. Fixes
gained `where` and `also` (`change` is only the text to paste), evidence
items `start_line`/`end_line`: additive, version unchanged.
Every string is passed through `redact.obj`: tokens and credentials in echoed
log text (event texts, evidence, config values, warnings) are masked.
"""
from __future__ import annotations

from ..diagnose import SCHEMA_VERSION
from .scan_schema import SCAN
from . import redact


def render(report) -> dict:
    return redact.obj(report.to_json())


_FIX = {
    "type": "object",
    "required": ["knob", "value", "change", "frees_bytes", "why", "cost"],
    "properties": {
        "knob": {"type": "string", "description": "neutral knob name (oomdoc/config/knobs.yaml)"},
        "value": {"description": "proposed value"},
        "change": {"type": "string",
                   "description": "only the text to paste or type, in the run's own words (a flag, an override, "
                                  "`key: old → new` for a file edit)"},
        "where": {"type": "string",
                  "description": "where `change` goes, the value it replaces and notes, in words"},
        "also": {"type": "array", "items": {"type": "string"},
                 "description": "companion changes to paste with it, e.g. the gradient_accumulation_steps that "
                                "keeps the effective batch when the micro batch shrinks"},
        "frees_bytes": {"type": ["integer", "null"], "description": "memory the change frees, when estimable"},
        "why": {"type": "string"},
        "cost": {"type": "string", "description": "what the change costs (speed, quality)"},
        "covers_shortfall": {"type": "boolean"},
        "causes": {"type": "array", "items": {"type": "string"}},
        "same_as": {"type": "array", "items": {"type": "string"},
                    "description": "other neutral knobs whose fix is this same change (merged)"},
    },
}

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "urn:oomdoc:explain:v%d" % SCHEMA_VERSION,
    "title": "oomdoc explain report",
    "type": "object",
    "required": ["schema_version", "oomdoc_version", "source", "events", "framework", "config",
                 "diagnoses"],
    "properties": {
        "schema_version": {"const": SCHEMA_VERSION},
        "oomdoc_version": {"type": "string"},
        "source": {"type": "string", "description": "the log's name"},
        "events": {"type": "array", "items": {
            "type": "object", "required": ["kind", "line", "facts"],
            "properties": {
                "kind": {"type": "string"}, "line": {"type": "integer"},
                "end_line": {"type": "integer"}, "facts": {"type": "object"},
                "count": {"type": "integer"}, "ranks": {"type": "array", "items": {"type": "integer"}},
                "text": {"type": "string"}, "source": {"type": "object"}}}},
        "metrics": {"type": "object", "additionalProperties": {
            "type": "object", "properties": {"count": {"type": "integer"},
                                             "points": {"type": "array"}}}},
        "stats": {"type": "object"},
        "warnings": {"type": "array", "items": {"type": "string"}},
        "framework": {"type": "object", "required": ["id"], "properties": {
            "id": {"type": ["string", "null"]}, "confidence": {"type": "number"},
            "evidence": {"type": "array", "items": {"type": "string"}},
            "fork": {"type": ["string", "null"]}, "version": {"type": ["string", "null"]}}},
        "config": {"type": "object", "description": "neutral knob -> {value, source, key, default}"},
        "diagnoses": {"type": "array", "items": {
            "type": "object",
            "required": ["rule", "cause", "confidence", "title", "evidence", "fixes"],
            "properties": {
                "rule": {"type": "string"},
                "cause": {"type": "string", "description": "a cause id"},
                "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                "title": {"type": "string"},
                "evidence": {"type": "array", "items": {
                    "type": "object", "required": ["line", "text"],
                    "properties": {
                        "line": {"type": ["integer", "null"],
                                 "description": "the line that holds `text` (the exception line of a traceback)"},
                        "text": {"type": "string"},
                        "start_line": {"type": "integer", "description": "first line of the whole record"},
                        "end_line": {"type": "integer", "description": "last line of the whole record"}}}},
                "fixes": {"type": "array", "items": _FIX},
                "shortfall_bytes": {"type": "integer"},
                "symptom": {"type": "boolean"},
                "also_matched": {"type": "array", "items": {"type": "string"}},
                "confirm": {"type": "string", "description": "how to make sure of this reading"}}}},
        "fixes": {"type": "array", "items": _FIX},
        "shortfall_bytes": {"type": ["integer", "null"]},
        "similar_cases": {"type": "array", "items": {
            "type": "object", "properties": {"case": {"type": "string"}, "score": {"type": "number"},
                                             "cause": {"type": "string"}}}},
        "more_incidents": {"type": "array", "items": {"type": "object"},
                           "description": "later incidents of the same log, each a report object like this one "
                                          "(present only when the log holds several; --format jsonl prints one "
                                          "per line instead)"},
    },
    # `oomdoc scan --format json`: one document over many logs, runs[*].report as above.
    "$defs": {"scan": SCAN},
}
