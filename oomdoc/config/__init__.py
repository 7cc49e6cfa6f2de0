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

Sources, lowest precedence first (a later rank overrides an earlier one;
within a rank the later source wins, so a relaunch printed further down the
log beats the first launch):

0. framework defaults (frameworks/<id>.json), marked `default=True`;
1. config files given with `--config` (YAML, JSON, TOML), in the order given;
2. launch scripts given with `--config` (`run.sh`: its launch command and `export`s);
3. config printed in the log (verl's resolved dump, Namespace/TrainingArguments
   prints, DeepSpeed's `json = {...}` and `DeepSpeedEngine configuration`
   print, HF Trainer's training banner, accelerate's state, Megatron's
   arguments table, vLLM's engine config, ...): it shows what the run really
   used, so it beats files that may have been edited since;
4. the command line echoed in the log (`+ python3 -m ... k=v`, `+ export`,
   DeepSpeed's launcher `cmd = ...`, Hydra's `Error executing job with
   overrides`), the user's explicit overrides.

A `null` never overrides a concrete value from another source (in a resolved
dump it means "auto"); two concrete values that disagree across sources are
kept as the higher-precedence one with a warning naming both sources.

Modules: values (Entry, coercion, literal-only repr parsing), shell (commands
and scripts), files (--config files), logsrc (config printed in the log),
banners (config printed in library banners: HF Trainer, DeepSpeed), detect
(framework), mapping (frameworks/*.json data), triggers (the scanner's config
literals), loader (precedence), spelling (a fix written the way the user's
framework spells it), edit (apply such a fix to source text).
"""
from __future__ import annotations

import os
from functools import lru_cache

from ..records import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: importing typing costs start-up time (issue 12)
    from typing import Any


@dataclass
class Setting:
    knob: str                 # neutral knob name (or the raw key when unknown)
    value: Any
    source: str               # "run.sh:12", "log:345", "default"
    raw_key: str | None = None  # the framework's own key as written
    default: bool = False
    raw_value: Any = None     # the value as written, when it differs from `value` ("cpu" -> True)

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
    origins: dict[str, Any] = field(default_factory=dict, repr=False)   # knob -> winning Entry
    commands: list[Any] = field(default_factory=list, repr=False)       # launch commands seen

    def get(self, knob: str) -> Setting | None:
        return self.settings.get(knob)

    def value(self, knob: str, default: Any = None) -> Any:
        s = self.settings.get(knob)
        return default if s is None else s.value

    def render_fix(self, knob: str, value: Any) -> str:
        return self.fix(knob, value).render()

    def fix(self, knob: str, value: Any):
        """The structured fix (`spelling.Fix`): style, key, own value, file:line."""
        from .spelling import fix_for

        return fix_for(self, knob, value)

    def to_json(self) -> dict:
        return {k: s.to_json() for k, s in sorted(self.settings.items())}

    def report_json(self) -> dict:
        """Everything `oomdoc config --format json` prints."""
        return {"framework": self.framework.to_json(), "config": self.to_json(),
                "raw": {k: s.to_json() for k, s in sorted(self.raw.items())},
                "warnings": self.warnings}


@lru_cache(maxsize=1)
def known_knobs() -> dict[str, dict]:
    import yaml

    with open(os.path.join(os.path.dirname(__file__), "knobs.yaml"), encoding="utf-8") as fh:
        return yaml.safe_load(fh.read()) or {}


def load_run_config(analysis=None, config_paths=()) -> RunConfig:
    """Merge every config source of a run (see the precedence above); never raises on bad input."""
    from .. import strict
    from .loader import load

    try:
        return load(analysis, config_paths)
    except ImportError:       # a missing dependency is never a config problem
        raise
    except Exception as exc:  # a config-layer bug must not cost the diagnosis (tests: strict.py)
        if strict.on():
            raise
        rc = RunConfig()
        rc.warnings.append(f"config layer failed: {type(exc).__name__}: {exc}")
        return rc
