"""Scoring every rule from its evidence, ranking diagnoses, merging fixes.

Never first-match-wins: every rule is evaluated and scored. A rule's
confidence combines the weights of the evidence that held like independent
signals (noisy-OR: 1 - prod(1 - w)), then `against` evidence scales it down.
Rules of the same cause collapse into one diagnosis (the best-scored rule
leads, the others add evidence and fixes). Symptom rules (a launcher's
"child killed", a Ray worker-death notice) rank below every cause diagnosis.

Fixes are resolved against the run config (helpers compute values and what
they free), dropped when `unless` holds or the value is already set, and
merged across diagnoses by knob: a knob is offered once, by the best-ranked
diagnosis, and fixes that cover the shortfall rank ahead.
"""
from __future__ import annotations

from ..records import dataclass, field
from . import conditions as C
from . import fallback
from .helpers import FREES_HELPERS, VALUE_HELPERS, FixContext
from .vocab import OOM_KINDS

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: importing typing costs start-up time (issue 12)
    from typing import Any

MIN_CONFIDENCE = 0.2       # below this a rule is not reported at all
CONFIDENT = 0.5            # below this, the closest corpus cases are shown too
RELATIVE_MIN = 0.45        # runners-up under ~half the best are noise, not candidates
COMPETE_MARGIN = 0.2       # diagnoses this close to the best compete on covering the shortfall


@dataclass
class FixOut:
    knob: str
    value: Any
    change: str
    frees_bytes: int | None
    why: str
    cost: str
    covers: bool = False
    causes: list[str] = field(default_factory=list)
    same_as: list[str] = field(default_factory=list)  # other knobs whose fix is this very change
    where: str = ""        # where `change` goes and what it replaces; `change` is only the text to paste
    also: list[str] = field(default_factory=list)     # companion changes that keep the effective batch

    def to_json(self) -> dict:
        return {"knob": self.knob, "value": self.value, "change": self.change, "where": self.where,
                "also": self.also, "frees_bytes": self.frees_bytes, "why": self.why, "cost": self.cost,
                "covers_shortfall": self.covers, "causes": self.causes, "same_as": self.same_as}


@dataclass
class Diagnosis:
    rule: str
    cause: str
    title: str
    confidence: float
    symptom: bool = False
    evidence: list[tuple[int | None, str]] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    events: list[int] = field(default_factory=list)
    fixes: list[FixOut] = field(default_factory=list)
    shortfall_bytes: int | None = None
    rules: list[str] = field(default_factory=list)
    facts: dict = field(default_factory=dict)
    confirm: str = ""          # how to make sure (the rule's `confirm`), shown for weak readings
    # every condition beyond the rule's `all` held only through a framework's default
    # value: a guess about the run, not a reading of the failure
    from_defaults: bool = False

    def to_json(self) -> dict:
        out = {"rule": self.rule, "cause": self.cause, "confidence": round(self.confidence, 3),
               "title": self.title,
               "evidence": [_evidence_json(e) for e in self.evidence],
               "fixes": [f.to_json() for f in self.fixes]}
        if self.shortfall_bytes is not None:
            out["shortfall_bytes"] = self.shortfall_bytes
        if self.symptom:
            out["symptom"] = True
        if len(self.rules) > 1:
            out["also_matched"] = self.rules[1:]
        if self.confirm:
            out["confirm"] = self.confirm
        return out


def _evidence_json(e) -> dict:
    out = {"line": e[0], "text": e[1]}
    if getattr(e, "start", None) is not None:     # conditions.Cited: the record's whole range
        out["start_line"], out["end_line"] = e.start, e.end
    return out


def noisy_or(weights) -> float:
    p = 1.0
    for w in weights:
        p *= 1.0 - max(0.0, min(1.0, w))
    return 1.0 - p


def score_rule(rule: dict, ctx: C.Context) -> Diagnosis | None:
    """The rule's diagnosis if its required conditions hold, else None."""
    ctx = ctx.for_rule(rule)
    when = rule["when"]
    hits: list[C.Hit] = []
    for cond in when.get("all", []):
        h = C.evaluate(cond, ctx)
        if h is None:
            return None
        hits.append(h)
    n_all = len(hits)
    if when.get("any"):
        got = [h for h in (C.evaluate(c, ctx) for c in when["any"]) if h is not None]
        if not got:
            return None
        hits += got
    for cond in when.get("none", []):
        if C.evaluate(cond, ctx) is not None:
            return None
    hits += [h for h in (C.evaluate(c, ctx) for c in when.get("support", [])) if h is not None]
    conf = noisy_or(h.weight for h in hits)
    for cond in when.get("against", []):
        h = C.evaluate(cond, ctx)
        if h is not None:
            conf *= 1.0 - h.weight
    beyond = [h for h in hits[n_all:] if h.weight > 0]
    d = Diagnosis(rule=rule["id"], cause=rule["cause"], title=rule["title"], confidence=conf,
                  symptom=bool(rule.get("symptom")), rules=[rule["id"]],
                  confirm=" ".join((rule.get("confirm") or "").split()),
                  from_defaults=bool(beyond) and all(h.factor < 1.0 for h in beyond))
    seen = set()
    for h in hits:
        for ev in h.evidence:
            if ev not in seen:
                seen.add(ev)
                d.evidence.append(ev)
        d.labels += [x for x in h.labels if x not in d.labels]
        d.events += [i for i in h.events if i not in d.events]
    d.evidence.sort(key=lambda e: (e[0] is None, e[0] or 0))
    d.confidence = min(d.confidence, _certainty_cap(d.events, ctx))
    d.facts = _merged_facts(d.events, ctx)
    sf = d.facts.get("shortfall_bytes")
    d.shortfall_bytes = int(sf) if isinstance(sf, (int, float)) and sf > 0 else None
    return d


POSSIBLE_CAP = 0.5     # a reading that rests only on failures the log does not show for sure


def _certainty_cap(idx: list[int], ctx: C.Context) -> float:
    """At most POSSIBLE_CAP when every out-of-memory event the diagnosis cites is
    only `possible` (a kill with no memory report, a traceback cut before its
    exception): however well the rest fits, the failure itself is a guess."""
    oom = [ctx.events[i] for i in idx if ctx.events[i].kind in OOM_KINDS]
    if oom and all(ev.facts.get("certainty") == "possible" for ev in oom):
        return POSSIBLE_CAP
    return 1.0


def _merged_facts(idx: list[int], ctx: C.Context) -> dict:
    """Facts of the diagnosis's events; OOM events win over context events."""
    out: dict = {}
    ordered = sorted(idx, key=lambda i: ctx.events[i].kind in OOM_KINDS)
    for i in ordered:
        out.update(ctx.facts[i])
    return out


def resolve_fixes(rule: dict, d: Diagnosis, ctx: C.Context, shortfall: int | None,
                  neutral: bool = False) -> list[FixOut]:
    """The rule's fixes in the run's own words. With `neutral`, a fix the framework
    has no setting for is still offered, by its neutral knob name (used when a
    diagnosis would otherwise be left with no fix at all)."""
    out = []
    cfg = ctx.cfg
    last_step = _last_step(ctx)
    ctx = ctx.for_rule(rule)
    for fix in rule.get("fixes", []):
        if any(C.evaluate(c, ctx) is not None for c in fix.get("unless", [])):
            continue
        knob = fix["knob"]
        current = cfg.value(knob) if cfg is not None else None
        fc = FixContext(knob=knob, current=current, facts=d.facts, shortfall=shortfall, cfg=cfg,
                        last_step=last_step)
        raw = fix["value"]
        if isinstance(raw, dict) and "helper" in raw:
            fc.args = raw.get("args") or {}
            value = VALUE_HELPERS[raw["helper"]](fc)
        else:
            value = raw
        if value is None or (current is not None and current == value):
            continue          # nothing sensible to change, or already applied
        absent = _unsupported(cfg, knob, value)
        if absent and not neutral:
            continue          # the framework has no such setting: nothing to paste
        fc.proposed = value
        frees = None
        if fix.get("frees"):
            fc.args = fix["frees"].get("args") or {}
            frees = FREES_HELPERS[fix["frees"]["helper"]](fc)
        fx = cfg.fix(knob, value) if cfg is not None and not absent else None
        change, where = (fx.text, fx.explanation()) if fx is not None else (f"{knob} = {value}", "")
        if absent:
            where = (f"neutral knob name: {_framework_name(cfg)} has no setting of its own for it; "
                     "change it where the run sets it up")
        out.append(FixOut(knob=knob, value=value, change=change, where=where, frees_bytes=frees,
                          why=fix["why"].strip(), cost=(fix.get("cost") or "").strip(),
                          covers=bool(frees and shortfall and frees >= shortfall),
                          causes=[d.cause], also=_keep_product(cfg, knob, current, value)))
    return out


def _framework_name(cfg) -> str:
    from ..config.mapping import mapping

    fw = getattr(getattr(cfg, "framework", None), "id", None)
    return mapping(fw).get("name", fw) if fw else "the framework"


def _last_step(ctx: C.Context) -> float | None:
    """The highest step number any metric series reached."""
    return ctx.metrics.last_step() if ctx.metrics is not None else None


# A smaller micro batch keeps the effective batch only when the framework derives the
# accumulation itself (verl, OpenRLHF, Megatron); where accumulation is a setting of its
# own (HF Trainer/TRL/LLaMA-Factory, DeepSpeed, accelerate) it has to grow by the same factor.
KEEP_PRODUCT = {"actor.micro_batch_size": "actor.gradient_accumulation_steps"}


def _keep_product(cfg, knob: str, current, value) -> list[str]:
    """The companion change that keeps knob x partner constant, in the run's own words."""
    partner = KEEP_PRODUCT.get(knob)
    if partner is None or cfg is None or getattr(cfg, "fix", None) is None:
        return []
    steps = cfg.value(partner)
    nums = (current, value, steps)
    if not all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in nums) or current % value:
        return []       # unknown or "auto": no factor to carry over
    fx = cfg.fix(partner, steps * (current // value))
    return [] if fx.style in ("absent", "neutral") else [fx.text]


def _unsupported(cfg, knob: str, value) -> bool:
    fix = getattr(cfg, "fix", None)
    if fix is None:
        return False
    return getattr(fix(knob, value), "style", "") == "absent"


@dataclass
class Outcome:
    diagnoses: list[Diagnosis]
    fixes: list[FixOut]
    shortfall_bytes: int | None
    warnings: list[str]

    @property
    def confident(self) -> bool:
        return bool(self.diagnoses) and self.diagnoses[0].confidence >= CONFIDENT


def run(rules: list[dict], ctx: C.Context, switched_off: dict[str, str] | None = None) -> Outcome:
    """Score every rule. `switched_off` (rule id -> why) is the caller's memory of rules
    whose patterns ran too long: live mode passes one dict for the whole stream, so a
    rule that timed out on one incident stays off; it is filled here."""
    warnings: list[str] = []
    scored: list[tuple[Diagnosis, dict]] = []
    off = switched_off if switched_off is not None else {}
    for rule in rules:
        if rule["id"] in off:       # timed out on an earlier incident: stays off
            warnings.append(off[rule["id"]])
            continue
        try:
            d = score_rule(rule, ctx)
        except C.RegexTimeout as exc:
            warnings.append(_skip(rule, exc, off))
            continue
        if d is not None and d.confidence >= MIN_CONFIDENCE:
            scored.append((d, rule))
    scored = fallback.keep(scored)
    causes = [d.confidence for d, _ in scored if not d.symptom]
    if causes:   # a symptom's strength never prunes the causes it reports
        best = max(causes)
        scored = [(d, r) for d, r in scored if d.symptom or d.confidence >= RELATIVE_MIN * best]
    # one diagnosis per cause: the best rule leads, the rest add evidence and fixes
    scored.sort(key=lambda dr: (dr[0].symptom, -dr[0].confidence, dr[0].rule))
    by_cause: dict[str, tuple[Diagnosis, list[dict]]] = {}
    for d, rule in scored:
        if d.cause in by_cause:
            lead, rs = by_cause[d.cause]
            lead.rules.append(d.rule)
            lead.evidence += [e for e in d.evidence if e not in lead.evidence]
            rs.append(rule)
        else:
            by_cause[d.cause] = (d, [rule])
    ranked = sorted(by_cause.values(), key=lambda x: (x[0].symptom, -x[0].confidence, x[0].rule))
    shortfall = next((d.shortfall_bytes for d, _ in ranked if d.shortfall_bytes), None)
    if shortfall is None:
        shortfall = _log_shortfall(ctx)
    merged: dict[str, FixOut] = {}
    order: list[tuple[int, FixOut]] = []
    top = ranked[0][0].confidence if ranked else 0.0
    for d, rs in ranked:
        # fixes of diagnoses close to the best one compete on covering the shortfall;
        # a far weaker diagnosis's fixes come after them whatever they free
        bucket = 0 if d.confidence >= top - COMPETE_MARGIN else 1
        d.shortfall_bytes = d.shortfall_bytes or None
        # when nothing the framework can take was offered yet, the cause still gets its fixes by neutral name
        passes = [(rule, False) for rule in rs] + [(rule, True) for rule in rs]
        for rule, neutral in passes:
            if neutral and (d.fixes or order or d.cause == "not-oom"):
                break
            try:
                fixes = resolve_fixes(rule, d, ctx, d.shortfall_bytes or shortfall, neutral=neutral)
            except C.RegexTimeout as exc:
                warnings.append(_skip(rule, exc, off, "its fixes are"))
                continue
            for f in fixes:
                # two neutral knobs can name one setting (actor.optimizer_offload and
                # zero.offload_optimizer are both DeepSpeed's offload_optimizer.device)
                keys = [f.knob] + ([f.change] if f.change else [])
                seen = next((merged[k] for k in keys if k in merged), None)
                if seen is not None:
                    if d.cause not in seen.causes:
                        seen.causes.append(d.cause)
                    if f.knob != seen.knob and f.knob not in seen.same_as:
                        seen.same_as.append(f.knob)
                    continue
                for k in keys:
                    merged[k] = f
                d.fixes.append(f)
                order.append((bucket, f))
    order.sort(key=lambda bf: (bf[0], not bf[1].covers))     # stable: covering fixes first
    return Outcome([d for d, _ in ranked], [f for _, f in order], shortfall, warnings)


def _skip(rule: dict, exc: Exception, off: dict[str, str], what: str = "rule") -> str:
    """Turn a user regex that ran too long into a warning (stderr once) and switch it off."""
    from .safe_regex import warn_once

    msg = f"rule {rule['id']}: {exc}; {what} skipped"
    off[rule["id"]] = msg
    warn_once(msg)
    return msg


def _log_shortfall(ctx: C.Context) -> int | None:
    for i, ev in enumerate(ctx.events):
        if ev.kind in OOM_KINDS:
            sf = ctx.facts[i].get("shortfall_bytes")
            if isinstance(sf, (int, float)) and sf > 0:
                return int(sf)
    return None
