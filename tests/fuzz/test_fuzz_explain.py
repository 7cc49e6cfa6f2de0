"""`explain` end to end on mutated logs: a report always comes back, well formed."""
from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from oomdoc.diagnose import explain
from oomdoc.rules_engine.loader import load_rules

from . import FUZZ_SLOW
from .seeds import corpus_logs, sample_lines

RULES = load_rules().rules


@FUZZ_SLOW
@given(st.integers(0, len(corpus_logs()) - 1), st.integers(0, 100), st.integers(0, 100),
       st.lists(st.one_of(st.sampled_from(sample_lines()), st.text(max_size=80)), max_size=4))
def test_explain_on_cut_and_spiced_logs(i, a, b, extra):
    log = corpus_logs()[i]
    lo, hi = sorted((len(log) * a // 100, len(log) * b // 100))
    data = log[lo:hi] + "\n".join(extra).encode("utf-8", "surrogatepass") + b"\n"
    report = explain(data, rules=RULES)
    out = report.to_json()
    json.dumps(out, default=str)
    for d in out["diagnoses"]:
        assert 0.0 <= d["confidence"] <= 1.0, d
    assert not [w for w in out["warnings"] if "failed" in w and "parser" not in w], out["warnings"]


@FUZZ_SLOW
@given(st.binary(max_size=2000))
def test_explain_on_arbitrary_bytes(data):
    report = explain(data + b"\n", rules=RULES)
    json.dumps(report.to_json(), default=str)
