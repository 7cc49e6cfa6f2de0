"""Generic runner for the parser sample tables in tests/samples/*.yaml.

Each file is a list of cases (fail2ban-style: the expected facts sit beside
the real-format log lines):

    - name: torch-2.4-private-pools
      log: |
        [rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ...
      expect:                      # events in order (only the listed facts are compared)
        - kind: gpu_oom
          count: 1                 # optional
          ranks: [0]               # optional
          facts:
            requested_bytes: 1.43 GiB    # sizes may be written with a unit
            device: 0
      absent: [gpu_oom]            # optional: kinds that must NOT be produced
      metrics:                     # optional: metric name -> list of values in order
        response_length_mean: [100, 200]

Sizes written as "<number> <unit>" are converted exactly as the parsers do;
floats are compared within 1e-6 relative.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from oomdoc import read_events
from oomdoc.units import SIZE_RE, to_bytes

SAMPLES = Path(__file__).parent / "samples"


def _cases():
    for path in sorted(SAMPLES.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text()) or []:
            marks = [pytest.mark.xfail(reason=case["xfail"], strict=True)] if case.get("xfail") else []
            yield pytest.param(case, id=f"{path.stem}:{case['name']}", marks=marks)


def _want(value):
    if isinstance(value, str):
        m = SIZE_RE.fullmatch(value.strip())
        if m:
            return to_bytes(m["num"], m["unit"])
    if isinstance(value, dict):
        return {str(k): _want(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_want(v) for v in value]
    return value


def _same(got, want) -> bool:
    if isinstance(want, float) and isinstance(got, (int, float)) and not isinstance(got, bool):
        return abs(got - want) <= 1e-6 * max(abs(want), 1)
    if isinstance(want, dict) and isinstance(got, dict):
        return set(got) == set(want) and all(_same(got[k], want[k]) for k in want)
    if isinstance(want, list) and isinstance(got, list):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want))
    return got == want


@pytest.mark.parametrize("case", list(_cases()))
def test_sample(case):
    analysis = read_events(case["log"].encode("utf-8"))
    events = [e for e in analysis.events]
    expected = case.get("expect") or []
    kinds = [e.kind for e in events]
    for kind in case.get("absent") or []:
        assert kind not in kinds, f"{kind} must not be produced; got {kinds}"
    assert len(events) >= len(expected), f"expected {len(expected)} events, got {kinds}"
    remaining = list(events)
    for want in expected:
        match = next((e for e in remaining if e.kind == want["kind"]), None)
        assert match is not None, f"no {want['kind']} event; got {kinds}"
        remaining.remove(match)
        for name, value in (want.get("facts") or {}).items():
            assert name in match.facts, f"{want['kind']}: fact {name} missing; got {match.facts}"
            assert _same(match.facts[name], _want(value)), (
                f"{want['kind']}.{name}: got {match.facts[name]!r}, want {_want(value)!r}")
        if "count" in want:
            assert match.count == want["count"]
        if "ranks" in want:
            assert match.to_json()["ranks"] == want["ranks"]
    if case.get("exact"):
        assert len(events) == len(expected), f"unexpected extra events: {kinds}"
    for name, values in (case.get("metrics") or {}).items():
        got = analysis.metrics.values(name)
        assert _same(got, [float(v) for v in values]), f"metric {name}: got {got}, want {values}"
