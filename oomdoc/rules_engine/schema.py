"""The rule file format, validated with pydantic v2 (imported only to (re)validate).

A rule file holds one rule::

    id: allocator-fragmentation-reserved-unallocated   # kebab-case, stable
    cause: allocator-fragmentation                      # a cause id
    title: Reserved-but-unallocated memory exceeds the failed request
    status: stable                                      # or experimental
    symptom: false            # true: reports a death whose cause is elsewhere
    fallback: false           # true: offered only when no specific rule names an OOM cause
    what: / why: / confirm: / false_positives:  text   # docs, ruff style
    references: [https://...]
    when:
      all:     [condition, ...]   # every one must hold (their weights count)
      any:     [condition, ...]   # at least one must hold (matched weights count)
      none:    [condition, ...]   # none may hold
      support: [condition, ...]   # optional evidence: matched weights count
      against: [condition, ...]   # matched weights lower the confidence
    fixes: [fix, ...]

A condition names one subject: `event` (kind or list of kinds, with `where`
fact tests, `min_count`, `text` regex), `knob`, `framework`, `metric` (with
`trend`), `log_regex`, or a nested `all`/`any`/`none` group; plus `weight`
(0-1, how strongly the evidence counts) and an optional `label`. A knob whose
value is only the framework's default counts `default_weight` (0.5) of its weight;
with `explicit: true` a default value does not match at all.
Comparisons: eq ne gt gte lt lte in is exists contains regex; sizes may be
written "1 GiB"; `of: other_fact` compares the ratio fact/other_fact;
`gte_fact: other_fact` (and gt/lt/lte) compares two facts of one event.

A fix: `knob`, `value` (plain, or `{helper: name, args: {...}}` — a registered
Python helper, never evaluated text), `frees` (optional estimator helper),
`why`, `cost`, `unless` (conditions under which the fix must not be offered).
"""
from __future__ import annotations

import re
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def suggest(name: str, choices) -> str:
    """' (did you mean 'x'?)' from a near miss, or ''."""
    from rapidfuzz import process

    choices = list(choices)
    if not choices:
        return ""
    best = process.extractOne(name, choices, score_cutoff=70)
    return f" (did you mean {best[0]!r}?)" if best else ""


def _vocab(info: ValidationInfo, key: str):
    ctx = info.context or {}
    return ctx.get(key)


def _check(name: str, info: ValidationInfo, key: str, what: str) -> str:
    known = _vocab(info, key)
    if known is not None and name not in known:
        raise ValueError(f"unknown {what} {name!r}{suggest(name, known)}")
    return name


def number_or_size(v: Any) -> Any:
    """'1 GiB' -> bytes, '80%' -> 0.8; numbers and everything else unchanged."""
    if isinstance(v, str):
        from ..units import SIZE_RE, number, to_bytes

        t = v.strip()
        m = SIZE_RE.fullmatch(t)
        if m:
            b = to_bytes(m["num"], m["unit"])
            if b is not None:
                return b
        if t.endswith("%"):
            n = number(t)
            if n is not None:
                return n / 100
        raise ValueError(f"not a number or size: {v!r}")
    return v


class Compare(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    eq: Any = None
    ne: Any = None
    gt: float | None = None
    gte: float | None = None
    lt: float | None = None
    lte: float | None = None
    in_: list[Any] | None = Field(None, alias="in")
    is_: bool | None = Field(None, alias="is")
    exists: bool | None = None
    contains: str | None = None
    regex: str | None = None

    @field_validator("gt", "gte", "lt", "lte", mode="before")
    @classmethod
    def _sizes(cls, v):
        return number_or_size(v)

    @field_validator("regex")
    @classmethod
    def _regex(cls, v):
        if v is not None:
            import regex

            from .safe_regex import compile_bomb

            bomb = compile_bomb(v)      # checked first: compiling it would hang the loader
            if bomb:
                raise ValueError(f"regex {v!r}: {bomb}")
            try:
                regex.compile(v)
            except regex.error as exc:
                raise ValueError(f"bad regex {v!r}: {exc}") from None
        return v


class FactTest(Compare):
    fact: str
    of: str | None = None
    gt_fact: str | None = None
    gte_fact: str | None = None
    lt_fact: str | None = None
    lte_fact: str | None = None

    @field_validator("fact", "of", "gt_fact", "gte_fact", "lt_fact", "lte_fact")
    @classmethod
    def _known(cls, v, info: ValidationInfo):
        return v if v is None else _check(v, info, "facts", "fact")


class Condition(Compare):
    weight: float = Field(0.0, ge=0.0, le=1.0)
    label: str | None = None
    # subjects
    event: str | list[str] | None = None
    where: list[FactTest] = Field(default_factory=list)
    min_count: int | None = None
    text: str | None = None
    knob: str | None = None
    missing_ok: bool = False
    explicit: bool = False
    default_weight: float | None = Field(None, ge=0.0, le=1.0)
    framework: str | list[str] | None = None
    metric: str | list[str] | None = None
    trend: Literal["rising", "steady_rise", "falling", "flat", "spike"] | None = None
    min_ratio: float | None = None
    min_points: int | None = None
    log_regex: str | None = None
    all: list["Condition"] | None = None
    any: list["Condition"] | None = None
    none: list["Condition"] | None = None

    @field_validator("event")
    @classmethod
    def _kinds(cls, v, info: ValidationInfo):
        for k in [v] if isinstance(v, str) else (v or []):
            _check(k, info, "kinds", "event kind")
        return v

    @field_validator("knob")
    @classmethod
    def _knob(cls, v, info: ValidationInfo):
        return v if v is None else _check(v, info, "knobs", "knob")

    @field_validator("metric")
    @classmethod
    def _metric(cls, v, info: ValidationInfo):
        for k in [v] if isinstance(v, str) else (v or []):
            _check(k, info, "metrics", "metric")
        return v

    @field_validator("text", "log_regex")
    @classmethod
    def _rx(cls, v):
        return Compare._regex(v)

    @model_validator(mode="after")
    def _one_subject(self):
        subjects = [n for n in ("event", "knob", "framework", "metric", "log_regex")
                    if getattr(self, n) is not None]
        grouped = [n for n in ("all", "any", "none") if getattr(self, n) is not None]
        if len(subjects) + bool(grouped) != 1:
            got = ", ".join(subjects + grouped) or "none"
            raise ValueError("a condition needs exactly one of event, knob, framework, metric, "
                             f"log_regex, or an all/any/none group (got {got})")
        if self.where and self.event is None:
            raise ValueError("'where' belongs to an 'event' condition")
        if self.trend is not None and self.metric is None:
            raise ValueError("'trend' belongs to a 'metric' condition")
        return self


class When(BaseModel):
    model_config = ConfigDict(extra="forbid")

    all: list[Condition] = Field(default_factory=list)
    any: list[Condition] = Field(default_factory=list)
    none: list[Condition] = Field(default_factory=list)
    support: list[Condition] = Field(default_factory=list)
    against: list[Condition] = Field(default_factory=list)

    @model_validator(mode="after")
    def _something(self):
        if not (self.all or self.any):
            raise ValueError("'when' needs at least one 'all' or 'any' condition")
        return self


class HelperCall(BaseModel):
    """A named Python helper; each kind is checked against its own registry
    (helpers.VALUE_HELPERS / FREES_HELPERS): a value helper cannot estimate bytes."""
    model_config = ConfigDict(extra="forbid")
    registry: ClassVar[str] = "value_helpers"
    what: ClassVar[str] = "value helper"

    helper: str
    args: dict[str, Any] = Field(default_factory=dict)

    @field_validator("helper")
    @classmethod
    def _known(cls, v, info: ValidationInfo):
        return _check(v, info, cls.registry, cls.what)

    @field_validator("args", mode="before")
    @classmethod
    def _sizes(cls, v):
        if isinstance(v, dict):
            out = {}
            for k, x in v.items():
                try:
                    out[k] = number_or_size(x) if isinstance(x, str) else x
                except ValueError:
                    out[k] = x
            return out
        return v


class FreesCall(HelperCall):
    registry: ClassVar[str] = "frees_helpers"
    what: ClassVar[str] = "frees helper"


class Fix(BaseModel):
    model_config = ConfigDict(extra="forbid")

    knob: str
    value: Any
    frees: FreesCall | None = None
    why: str
    cost: str = ""
    unless: list[Condition] = Field(default_factory=list)

    @field_validator("knob")
    @classmethod
    def _knob(cls, v, info: ValidationInfo):
        return _check(v, info, "knobs", "knob")

    @field_validator("value", mode="before")
    @classmethod
    def _value(cls, v, info: ValidationInfo):
        if isinstance(v, dict):
            return HelperCall.model_validate(v, context=info.context).model_dump(by_alias=True)
        return v

    @field_validator("frees", mode="before")
    @classmethod
    def _frees(cls, v):
        return {"helper": v} if isinstance(v, str) else v


class Rule(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    new_cause: bool = False
    cause: str
    title: str
    status: Literal["experimental", "stable"] = "experimental"
    symptom: bool = False
    fallback: bool = False    # scored only when no specific rule names an OOM cause
    what: str
    why: str
    confirm: str = ""
    false_positives: str = ""
    references: list[str] = Field(default_factory=list)
    when: When
    fixes: list[Fix] = Field(default_factory=list)

    @field_validator("id")
    @classmethod
    def _id(cls, v):
        if not ID_RE.match(v):
            raise ValueError(f"id {v!r} is not kebab-case (lowercase words joined by '-')")
        return v

    @field_validator("references")
    @classmethod
    def _urls(cls, v):
        for u in v:
            if not re.match(r"^https?://\S+$", u):
                raise ValueError(f"reference {u!r} is not a URL")
        return v

    @field_validator("cause")
    @classmethod
    def _cause(cls, v, info: ValidationInfo):
        known = _vocab(info, "causes")
        if known is not None and v not in known and not info.data.get("new_cause"):
            raise ValueError(f"unknown cause {v!r}{suggest(v, known)} (set new_cause: true to add one)")
        return v


def json_ready(rule: Rule) -> dict:
    """The validated rule as plain JSON data (what the engine and cache use)."""
    return rule.model_dump(mode="json", by_alias=True, exclude_none=True,
                           exclude_defaults=False)
