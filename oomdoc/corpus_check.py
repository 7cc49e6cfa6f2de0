"""Checking a labelled corpus case (`corpus/<case>/expected.yaml`) against explain.

The case is diagnosed as `oomdoc explain` does (one report per incident): the
first cause is the first incident's; facts, fired rules and fixes may come
from any incident.

Shared by `tests/test_corpus.py` and `oomdoc rules test DIR`. A case passes when
its first cause ranks first (for `not-oom`: no diagnosis names another cause),
no `must_not` cause appears, every expected fact was extracted (numbers within
1.5 %, sizes may carry units), every rule named in `rules:` fired, and every
expected fix knob is offered.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

CONFIG_SUFFIXES = (".yaml", ".yml", ".json", ".sh", ".toml")


@dataclass
class CaseResult:
    name: str
    failures: list[str] = field(default_factory=list)
    xfail: str | None = None
    causes: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)     # every rule that fired

    @property
    def ok(self) -> bool:
        return not self.failures


def case_dirs(corpus: Path) -> list[Path]:
    return sorted(p for p in Path(corpus).iterdir() if (p / "expected.yaml").is_file())


def config_files(case: Path) -> list[str]:
    return [str(p) for p in sorted(case.iterdir())
            if p.suffix in CONFIG_SUFFIXES and p.name != "expected.yaml"]


def _want_value(v):
    from .rules_engine.schema import number_or_size

    if isinstance(v, str):
        try:
            return number_or_size(v)
        except ValueError:
            return v
    return v


def _matches(got, want) -> bool:
    want = _want_value(want)
    if isinstance(want, bool) or isinstance(got, bool):
        return got == want
    if isinstance(want, (int, float)) and isinstance(got, (int, float)):
        return abs(got - want) <= max(0.015 * max(abs(got), abs(want)), 1e-9)
    if isinstance(want, dict) and isinstance(got, dict):
        return all(str(k) in {str(x) for x in got} and
                   _matches({str(x): y for x, y in got.items()}[str(k)], v) for k, v in want.items())
    if isinstance(want, list) and isinstance(got, list):
        return len(want) == len(got) and all(_matches(g, w) for g, w in zip(got, want))
    if isinstance(want, str) and isinstance(got, str):
        return got.lower() == want.lower()
    return got == want


def check_case(case: Path, rules=None, extra_rules=()) -> CaseResult:
    import yaml

    from .diagnose import explain_incidents
    from .reader import InputError
    from .rules_engine.loader import RuleError

    try:
        from .safe_yaml import load_yaml  # a team's corpus is untrusted input

        exp = load_yaml((case / "expected.yaml").read_text(encoding="utf-8")) or {}
    except (yaml.YAMLError, ValueError) as exc:
        return CaseResult(name=case.name, failures=[f"expected.yaml is broken YAML: {' '.join(str(exc).split())}"])
    res = CaseResult(name=case.name, xfail=exp.get("xfail"))
    try:
        reports = explain_incidents(case / "train.log", config_paths=config_files(case),
                                    rules_dirs=extra_rules, rules=rules, similar=False)
    except (InputError, RuleError) as exc:   # a team's case with a bad log or rules: that case fails
        res.failures.append(f"explain failed: {type(exc).__name__}: {exc}")
        return res
    report = reports[0]                  # what `oomdoc explain` answers first
    causes = [d.cause for d in report.diagnoses]
    res.causes = causes
    first = exp.get("first_cause")
    first = set(first) if isinstance(first, list) else {first}
    if first == {"not-oom"}:
        wrong = [c for c in causes if c != "not-oom"]
        if wrong:
            res.failures.append(f"not-oom case, but diagnosed {wrong}")
    elif not causes or causes[0] not in first:
        res.failures.append(f"first cause {causes[:3]} not in {sorted(first)}")
    for bad in exp.get("must_not") or []:
        if bad in causes:
            res.failures.append(f"must_not cause {bad} diagnosed (rank {causes.index(bad) + 1})")
    for want in exp.get("facts") or []:
        kind = want.get("kind")
        facts = want.get("facts") or {}
        evs = [e for r in reports for e in r.analysis.events if kind is None or e.kind == kind]
        if not any(all(k in e.facts and _matches(e.facts[k], v) for k, v in facts.items()) for e in evs):
            got = [e.facts for e in evs][:2]
            res.failures.append(f"facts {kind} {facts} not extracted (got {got})")
    fired = {rid for r in reports for d in r.diagnoses for rid in d.rules}
    for rule in exp.get("rules") or []:
        if rule not in fired:
            res.failures.append(f"rule {rule} did not fire (fired {sorted(fired)})")
    res.rules = sorted(fired)
    offered = {k for r in reports for f in [*r.fixes, *(f for d in r.diagnoses for f in d.fixes)]
               for k in [f.knob, *f.same_as]}
    for knob in exp.get("fixes") or []:
        if knob not in offered:
            res.failures.append(f"fix {knob} not offered (offered {sorted(offered)})")
    return res
