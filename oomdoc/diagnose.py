"""`oomdoc.explain`: log (+ config files, + team rules) -> ranked diagnoses.

    from oomdoc.diagnose import explain
    report = explain("train.log", config_paths=["run.sh"], rules_dirs=["team-rules/"])
    report.diagnoses[0].cause, report.fixes[0].change
    report.to_json()      # the versioned `explain --format json` contract

Raises `reader.InputError` for unreadable input and `rules_engine.loader.RuleError`
when rule files do not validate.
"""
from __future__ import annotations

from . import JSON_SCHEMA_VERSION as SCHEMA_VERSION  # one constant: oomdoc/__init__.py
from .records import dataclass, field


@dataclass
class Report:
    analysis: object
    cfg: object
    diagnoses: list = field(default_factory=list)
    fixes: list = field(default_factory=list)
    shortfall_bytes: int | None = None
    similar: list = field(default_factory=list)     # [(case name, score, cause)]
    warnings: list[str] = field(default_factory=list)
    top: int | None = None

    @property
    def failure(self):
        """The event that best describes the failure: first OOM, else first crash."""
        from .rules_engine.vocab import OOM_KINDS, SYMPTOM_KINDS

        evs = self.analysis.events
        for pick in (lambda e: e.kind in OOM_KINDS, lambda e: e.kind == "crash",
                     lambda e: e.kind in SYMPTOM_KINDS):
            for ev in evs:
                if pick(ev):
                    return ev
        return None

    def shown(self) -> list:
        return self.diagnoses[: self.top] if self.top else self.diagnoses

    def to_json(self) -> dict:
        from . import __version__

        out = self.analysis.facts_json(__version__)
        out["schema_version"] = SCHEMA_VERSION
        fw = self.cfg.framework.to_json()
        out["framework"] = fw
        out["config"] = self.cfg.to_json()
        out["diagnoses"] = [d.to_json() for d in self.shown()]
        out["fixes"] = [f.to_json() for f in self.fixes]
        out["shortfall_bytes"] = self.shortfall_bytes
        out["similar_cases"] = [{"case": n, "score": round(s, 1), "cause": c} for n, s, c in self.similar]
        out["warnings"] = list(out.get("warnings") or []) + [w for w in self.warnings
                                                               if w not in (out.get("warnings") or [])]
        return out


def explain_incidents(log, config_paths=(), rules_dirs=(), *, top: int | None = None,
                      rules=None, similar: bool = True) -> list[Report]:
    """One report per incident, grouped as live mode groups them (`grouping.incident_views`).

    A log with one incident or none gives one report of the whole log; an
    incident nothing explains and that is no out-of-memory failure is left out
    (as live mode leaves it out), unless nothing else is left.
    """
    from .pipeline import read_events
    from .rules_engine import loader
    from .grouping import incident_views

    if rules is None:
        rs = loader.load_rules(rules_dirs)
        if rs.errors:
            raise loader.RuleError(rs.errors)
        rules = rs.rules
    analysis = read_events(log)
    views = incident_views(analysis)
    off: dict[str, str] = {}
    reports = [explain(None, config_paths, rules=rules, analysis=v, top=top, similar=similar, switched_off=off)
               for v in views]
    shown = [r for r in reports if reportable(r)]
    return shown or reports[:1] if len(reports) > 1 else reports


def reportable(report: Report) -> bool:
    """An incident worth a report: a rule explains it, or it is an out-of-memory failure."""
    from .rules_engine.vocab import OOM_KINDS

    failure = report.failure
    return bool(report.diagnoses) or (failure is not None and failure.kind in OOM_KINDS)


def explain(log, config_paths=(), rules_dirs=(), *, top: int | None = None,
            rules=None, analysis=None, similar: bool = True, switched_off: dict | None = None) -> Report:
    """Diagnose a log: a path, '-' for stdin, or the log's bytes.

    `switched_off` remembers rules whose patterns ran too long (see `scoring.run`):
    pass one dict to every call that diagnoses the same stream."""
    from .config import load_run_config
    from .pipeline import read_events
    from .rules_engine import conditions, loader, scoring

    if rules is None:
        rs = loader.load_rules(rules_dirs)
        if rs.errors:
            raise loader.RuleError(rs.errors)
        rules = rs.rules
    if analysis is None:
        analysis = read_events(log)
    cfg = load_run_config(analysis, config_paths=list(config_paths))
    ctx = conditions.Context(events=analysis.events,
                             facts=[conditions.derive(e, cfg) for e in analysis.events],
                             cfg=cfg, metrics=analysis.metrics, lines=analysis.lines)
    outcome = scoring.run(rules, ctx, switched_off)
    report = Report(analysis=analysis, cfg=cfg, diagnoses=outcome.diagnoses, fixes=outcome.fixes,
                    shortfall_bytes=outcome.shortfall_bytes,
                    warnings=[*outcome.warnings, *getattr(cfg, "warnings", [])], top=top)
    if similar and not outcome.confident:
        from . import similarity

        try:
            report.similar = similarity.closest(analysis)
        except OSError as exc:   # an unreadable corpus or cache dir: the hint is dropped, not the report
            report.warnings.append(f"closest corpus cases unavailable: {type(exc).__name__}")
    return report
