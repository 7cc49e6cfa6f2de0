"""Run configuration: what the run was configured with, in neutral knobs.

THIS IS THE CONTRACT the rules engine relies on (keep it stable):

    cfg = load_run_config(analysis, config_paths=[...])   # never raises on bad input
    cfg.framework.id            # 'verl', 'openrlhf', ... or None
    cfg.framework.confidence    # 0..1
    cfg.framework.evidence      # list[str]
    cfg.get("rollout.gpu_memory_utilization")   # -> Setting | None
    cfg.value("actor.param_offload", default)    # -> plain value
    cfg.render_fix("rollout.gpu_memory_utilization", 0.5)  # -> str, the user's own words
    cfg.to_json()
    cfg.warnings                # list[str], e.g. "run.yaml:3: broken YAML ..."

`known_knobs()` returns the neutral vocabulary (knobs.yaml): name -> {type, doc}.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any


@dataclass
class Setting:
    knob: str                 # neutral knob name (or the raw key when unknown)
    value: Any
    source: str               # "run.sh:12", "log:345", "default"
    raw_key: str | None = None  # the framework's own key as written
    default: bool = False

    def to_json(self) -> dict:
        return {"value": self.value, "source": self.source, "key": self.raw_key,
                "default": self.default}


@dataclass
class Framework:
    id: str | None = None
    confidence: float = 0.0
    evidence: list[str] = field(default_factory=list)
    fork: str | None = None
    version: str | None = None

    def to_json(self) -> dict:
        return {"id": self.id, "confidence": round(self.confidence, 2), "evidence": self.evidence,
                "fork": self.fork, "version": self.version}


@dataclass
class RunConfig:
    framework: Framework = field(default_factory=Framework)
    settings: dict[str, Setting] = field(default_factory=dict)
    raw: dict[str, Setting] = field(default_factory=dict)   # unknown keys, by raw name
    warnings: list[str] = field(default_factory=list)

    def get(self, knob: str) -> Setting | None:
        return self.settings.get(knob)

    def value(self, knob: str, default: Any = None) -> Any:
        s = self.settings.get(knob)
        return default if s is None else s.value

    def render_fix(self, knob: str, value: Any) -> str:
        cur = self.settings.get(knob)
        if cur is not None and cur.value is not None:
            return f"{knob}: {cur.value} → {value}"
        return f"{knob} = {value}  (neutral knob name; framework unknown)"

    def to_json(self) -> dict:
        return {k: s.to_json() for k, s in sorted(self.settings.items())}


@lru_cache(maxsize=1)
def known_knobs() -> dict[str, dict]:
    import yaml

    path = Path(__file__).with_name("knobs.yaml")
    return yaml.safe_load(path.read_text(encoding="utf-8")) or {}


def load_run_config(analysis=None, config_paths=()) -> RunConfig:
    """Placeholder until the config layer lands: no knobs, no framework."""
    return RunConfig()
