"""The engine on hand-built events: conditions, derived facts, scoring, ranking,
fix resolution, merging and frees_bytes arithmetic."""
from __future__ import annotations

import pytest

from oomdoc.config import RunConfig, Setting
from oomdoc.metrics_store import MetricStore
from oomdoc.model import MAIN, Event
from oomdoc.rules_engine import conditions as C
from oomdoc.rules_engine import helpers, scoring

GiB = 2**30


def ev(kind, line=1, **facts):
    return Event(kind=kind, source=MAIN, line=line, end_line=line, facts=facts, text=f"{kind} at {line}")


def cfg(**knobs):
    rc = RunConfig()
    for k, v in knobs.items():
        default = isinstance(v, tuple)
        val = v[0] if default else v
        rc.settings[k.replace("__", ".")] = Setting(knob=k.replace("__", "."), value=val,
                                                   source="default" if default else "run.sh:3", default=default)
    return rc


def ctx(events, rc=None, metrics=None):
    return C.Context(events=events, facts=[C.derive(e) for e in events], cfg=rc or RunConfig(),
                     metrics=metrics or MetricStore(), lines=[])


OOM = dict(requested_bytes=7 * GiB, total_bytes=40 * GiB, free_bytes=3 * GiB,
           reserved_bytes=30 * GiB, reserved_unallocated_bytes=9 * GiB, allocated_bytes=21 * GiB)


def test_derived_facts():
    f = C.derive(ev("gpu_oom", **OOM, processes={"12": 5 * GiB}, process_bytes=31 * GiB))
    assert f["shortfall_bytes"] == 4 * GiB
    assert f["used_bytes"] == 37 * GiB
    assert f["other_processes_bytes"] == 5 * GiB and f["other_process_count"] == 1
    ray = C.derive(ev("ray_oom_kill", node_used_bytes=246 * GiB, node_total_bytes=250 * GiB, threshold=0.95))
    assert ray["shortfall_bytes"] == int(246 * GiB - 0.95 * 250 * GiB)


def test_old_message_lists_own_process_among_processes():
    # G2/G3 messages list every process; ours holds at least what PyTorch reserved
    f = C.derive(ev("gpu_oom", total_bytes=80 * GiB, reserved_bytes=75 * GiB,
                    processes={"1": 78 * GiB, "2": 1 * GiB}))
    assert f["other_processes_bytes"] == 1 * GiB


def test_fact_predicates_sizes_ratios_and_fact_comparison():
    c = ctx([ev("gpu_oom", **OOM)])
    yes = {"event": "gpu_oom", "where": [{"fact": "reserved_unallocated_bytes", "gte_fact": "requested_bytes"},
                                          {"fact": "free_bytes", "lt": 4 * GiB},
                                          {"fact": "requested_bytes", "of": "total_bytes", "gte": 0.1}]}
    assert C.evaluate(yes, c) is not None
    no = {"event": "gpu_oom", "where": [{"fact": "free_bytes", "lt": 1 * GiB}]}
    assert C.evaluate(no, c) is None
    missing = {"event": "gpu_oom", "where": [{"fact": "phase", "eq": "backward"}]}
    assert C.evaluate(missing, c) is None


def test_knob_conditions_defaults_explicit_and_missing():
    rc = cfg(rollout__gpu_memory_utilization=(0.9,), actor__param_offload=True)
    c = ctx([], rc)
    h = C.evaluate({"knob": "rollout.gpu_memory_utilization", "gte": 0.7, "weight": 0.4}, c)
    assert h is not None and h.weight == pytest.approx(0.2)          # a default counts half
    assert C.evaluate({"knob": "rollout.gpu_memory_utilization", "gte": 0.7, "explicit": True}, c) is None
    assert C.evaluate({"knob": "actor.param_offload", "is": True, "weight": 0.4}, c).weight == 0.4
    assert C.evaluate({"knob": "zero.stage", "lte": 2}, c) is None
    assert C.evaluate({"knob": "zero.stage", "exists": False}, c) is not None
    assert C.evaluate({"knob": "zero.stage", "lte": 2, "missing_ok": True}, c) is not None


def test_groups_and_framework():
    rc = cfg(actor__param_offload=True)
    rc.framework.id = "verl"
    c = ctx([ev("gpu_oom", **OOM)], rc)
    assert C.evaluate({"all": [{"framework": ["verl"]}, {"event": "gpu_oom"}]}, c) is not None
    assert C.evaluate({"any": [{"framework": "trl"}, {"knob": "actor.param_offload", "is": True}]}, c) is not None
    assert C.evaluate({"none": [{"event": "gpu_oom"}]}, c) is None
    assert C.evaluate({"none": [{"event": "crash"}]}, c) is not None


def test_metric_trends():
    m = MetricStore()
    for step, (length, mem) in enumerate(zip([300, 320, 350, 420, 500, 640, 800, 950],
                                             [10, 11, 12, 13, 14, 15, 16, 17])):
        m.add(ev("metrics", line=step + 1, step=step, response_length_mean=length,
                 gpu_allocated_peak_bytes=mem * GiB))
    c = ctx([], metrics=m)
    assert C.evaluate({"metric": "response_length_mean", "trend": "rising", "min_ratio": 1.5}, c) is not None
    assert C.evaluate({"metric": "gpu_allocated_peak_bytes", "trend": "steady_rise", "min_points": 8}, c) is not None
    assert C.evaluate({"metric": "response_length_mean", "trend": "falling"}, c) is None
    assert C.evaluate({"metric": "host_used_bytes", "trend": "rising"}, c) is None
    ok, _ = C.trend([1, 1, 1], "rising")
    assert not ok                                                     # too few points


def test_user_regex_runs_under_a_timeout():
    c = ctx([Event("crash", MAIN, 1, 1, {}, text="a" * 40 + "!")])
    with pytest.raises(C.RegexTimeout):
        C.evaluate({"event": "crash", "text": r"(a|aa)+$"}, c.for_rule({"id": "team"}))


def test_timeout_rule_is_skipped_and_reported():
    rule = {"id": "slow", "cause": "not-oom", "title": "t",
            "when": {"all": [{"event": "crash", "text": r"(a|aa)+$", "weight": 0.9}]}, "fixes": []}
    good = _rule("ok", "not-oom", [{"event": "crash", "weight": 0.5}])
    out = scoring.run([rule, good], ctx([Event("crash", MAIN, 1, 1, {}, text="a" * 40 + "!")]))
    assert [d.rule for d in out.diagnoses] == ["ok"]
    assert any("slow" in w for w in out.warnings)


def _rule(rid, cause, all_=(), any_=(), support=(), against=(), fixes=(), symptom=False):
    return {"id": rid, "cause": cause, "title": rid, "symptom": symptom, "packaged": True,
            "when": {"all": list(all_), "any": list(any_), "none": [], "support": list(support),
                     "against": list(against)}, "fixes": list(fixes)}


def test_scoring_is_noisy_or_and_against_scales_down():
    r = _rule("r", "allocator-fragmentation", all_=[{"event": "gpu_oom", "weight": 0.5}],
              support=[{"event": "gpu_oom", "weight": 0.5}, {"event": "crash", "weight": 0.9}],
              against=[{"event": "gpu_oom", "weight": 0.5}])
    d = scoring.score_rule(r, ctx([ev("gpu_oom", **OOM)]))
    assert d.confidence == pytest.approx((1 - 0.5 * 0.5) * 0.5)


def test_every_rule_scored_and_symptom_ranks_below_cause():
    events = [ev("process_killed", line=9, exit_code=-9), ev("ray_oom_kill", line=5, node_used_bytes=95 * GiB,
                                                              node_total_bytes=100 * GiB, threshold=0.9)]
    symptom = _rule("killed", "host-ram-pressure", all_=[{"event": "process_killed", "weight": 0.95}], symptom=True)
    cause = _rule("offload", "cpu-offload-host-ram", all_=[{"event": "ray_oom_kill", "weight": 0.4}])
    weak = _rule("weak", "memory-leak", all_=[{"event": "ray_oom_kill", "weight": 0.3}])
    out = scoring.run([symptom, weak, cause], ctx(events))
    assert [d.rule for d in out.diagnoses][:2] == ["offload", "weak"]
    assert out.diagnoses[-1].rule == "killed" and out.diagnoses[-1].symptom
    assert out.shortfall_bytes == 5 * GiB


def test_same_cause_rules_collapse_into_one_diagnosis():
    a = _rule("a", "allocator-fragmentation", all_=[{"event": "gpu_oom", "weight": 0.6}])
    b = _rule("b", "allocator-fragmentation", all_=[{"event": "gpu_oom", "weight": 0.4}])
    out = scoring.run([a, b], ctx([ev("gpu_oom", **OOM)]))
    assert len(out.diagnoses) == 1 and out.diagnoses[0].rules == ["a", "b"]


def test_fixes_merge_across_diagnoses_and_covering_fixes_rank_first():
    util_fix = {"knob": "rollout.gpu_memory_utilization",
                "value": {"helper": "utilization_with_headroom", "args": {"headroom": 1 * GiB}},
                "frees": {"helper": "utilization_delta", "args": {}}, "why": "w", "cost": "c", "unless": []}
    mb_fix = {"knob": "actor.micro_batch_size", "value": {"helper": "halve", "args": {}}, "why": "w",
              "cost": "", "unless": []}
    first = _rule("first", "micro-batch-too-large", all_=[{"event": "gpu_oom", "weight": 0.7}], fixes=[mb_fix])
    second = _rule("second", "vllm-gpu-memory-utilization", all_=[{"event": "gpu_oom", "weight": 0.6}],
                   fixes=[util_fix, mb_fix])
    rc = cfg(rollout__gpu_memory_utilization=0.9, actor__micro_batch_size=8)
    out = scoring.run([first, second], ctx([ev("gpu_oom", **OOM)], rc))
    knobs = [f.knob for f in out.fixes]
    assert knobs == ["rollout.gpu_memory_utilization", "actor.micro_batch_size"]   # covering first, no repeat
    util = out.fixes[0]
    assert util.value == 0.75          # 0.9 - (4 GiB shortfall + 1 GiB headroom) / 40 GiB, rounded down to 0.05
    assert util.frees_bytes == int(round(0.15 * 40 * GiB)) and util.covers
    mb = out.fixes[1]
    assert mb.value == 4 and set(mb.causes) == {"micro-batch-too-large", "vllm-gpu-memory-utilization"}
    assert [f.knob for f in out.diagnoses[1].fixes] == ["rollout.gpu_memory_utilization"]


def test_unless_and_already_applied_drop_fixes():
    fixes = [{"knob": "alloc.expandable_segments", "value": True, "why": "w", "cost": "",
              "unless": [{"knob": "rollout.enable_sleep", "is": True}]},
             {"knob": "actor.gradient_checkpointing", "value": True, "why": "w", "cost": "", "unless": []}]
    r = _rule("r", "allocator-fragmentation", all_=[{"event": "gpu_oom", "weight": 0.6}], fixes=fixes)
    out = scoring.run([r], ctx([ev("gpu_oom", **OOM)], cfg(rollout__enable_sleep=True,
                                                          actor__gradient_checkpointing=True)))
    assert out.fixes == []
    out = scoring.run([r], ctx([ev("gpu_oom", **OOM)], cfg(rollout__enable_sleep=False)))
    assert [f.knob for f in out.fixes] == ["alloc.expandable_segments", "actor.gradient_checkpointing"]


def test_frees_bytes_examples_from_the_issue():
    fc = helpers.FixContext(knob="rollout.gpu_memory_utilization", current=0.9, facts={"total_bytes": 80 * GiB},
                            proposed=0.5)
    assert helpers.utilization_delta(fc) == 32 * GiB
    rc = cfg(model__params=7_000_000_000)
    fc = helpers.FixContext(knob="actor.optimizer_offload", current=True, cfg=rc, args={"bytes_per_param": 12})
    assert helpers.per_parameter(fc) == 84_000_000_000


@pytest.mark.parametrize("name, current, args, facts, want", [
    ("halve", 8, {}, {}, 4),
    ("halve", 1, {}, {}, None),
    ("halve", None, {"fallback": 1}, {}, 1),
    ("double", 2, {"max": 8}, {}, 4),
    ("double", 8, {"max": 8}, {}, None),
    ("at_most", 0.9, {"value": 0.5}, {}, 0.5),
    ("at_most", 0.4, {"value": 0.5}, {}, None),
    ("at_least", 2, {"value": 3}, {}, 3),
    ("raise_fraction", 0.9, {"step": 0.1, "max": 0.95}, {}, 0.95),
    ("kv_capacity_len", 4096, {}, {"kv_cache_tokens": 3664}, 3584),
    ("kv_capacity_len", None, {}, {"max_model_len": 32768, "kv_needed_bytes": 4 * GiB,
                                   "kv_available_bytes": 2 * GiB}, 16384),
    ("utilization_with_headroom", None, {"fallback": 0.5}, {}, 0.5),
    ("utilization_with_headroom", 0.4, {"fallback": 0.5}, {}, 0.3),
])
def test_value_helpers(name, current, args, facts, want):
    fc = helpers.FixContext(knob="k", current=current, facts=facts, args=args)
    assert helpers.VALUE_HELPERS[name](fc) == want


def test_token_budget_uses_config_lengths():
    fc = helpers.FixContext(knob="actor.max_token_len_per_gpu", current=None,
                            cfg=cfg(data__max_prompt_length=1024, data__max_response_length=3072),
                            args={"factor": 2})
    assert helpers.token_budget(fc) == 8192


def test_a_run_never_writes_into_the_rules_it_evaluates():
    """Validated rules are data shared by every incident of a live stream: scoring
    reads them, state (a rule switched off after a slow regex) lives with the caller."""
    import copy
    import json
    from pathlib import Path

    from oomdoc.corpus_check import config_files
    from oomdoc.diagnose import explain
    from oomdoc.rules_engine.loader import load_rules

    rules = load_rules(use_cache=False).rules
    before = copy.deepcopy(rules)
    corpus = Path(__file__).resolve().parent.parent / "corpus"
    for name in ("seed-001-orz-vllm-utilization", "allocator-fragmentation-verl-v05-midrun",
                 "host-ram-pressure-verl-taskrunner-driver-ray-kill"):
        explain(corpus / name / "train.log", config_paths=config_files(corpus / name), rules=rules, similar=False)
    assert json.dumps(rules, sort_keys=True) == json.dumps(before, sort_keys=True)
