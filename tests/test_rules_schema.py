"""Rule validation: errors name the file, the rule id and the field, with near misses."""
from __future__ import annotations

import textwrap

import pytest

from oomdoc.rules_engine.loader import RuleError, load_rules, validate_file, validate_files, rule_files

GOOD = """
id: test-frag
cause: allocator-fragmentation
title: test rule
what: w
why: y
when:
  all:
    - event: gpu_oom
      where: [{fact: reserved_unallocated_bytes, gte_fact: requested_bytes}, {fact: free_bytes, lt: 1 GiB}]
      weight: 0.6
fixes:
  - knob: alloc.expandable_segments
    value: true
    why: because
"""


def _write(tmp_path, text, name="r.yaml"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def test_good_rule_validates_and_sizes_become_bytes(tmp_path):
    rules, errors = validate_file(_write(tmp_path, GOOD))
    assert errors == []
    cond = rules[0]["when"]["all"][0]
    assert cond["where"][1]["lt"] == 2**30
    assert cond["where"][0]["gte_fact"] == "requested_bytes"


@pytest.mark.parametrize("old, new, field, hint", [
    ("fact: free_bytes", "fact: free_byte", "where.1.fact", "free_bytes"),
    ("event: gpu_oom", "event: gpu_oomm", "event", "gpu_oom"),
    ("knob: alloc.expandable_segments", "knob: alloc.expandable_segment", "fixes.0.knob", "alloc.expandable_segments"),
    ("cause: allocator-fragmentation", "cause: allocator-fragmentaton", "cause", "allocator-fragmentation"),
])
def test_unknown_names_are_errors_with_near_miss(tmp_path, old, new, field, hint):
    p = _write(tmp_path, GOOD.replace(old, new))
    rules, errors = validate_file(p)
    assert rules == []
    assert errors, "expected a validation error"
    msg = errors[0]
    assert str(p) in msg and "'test-frag'" in msg and field in msg
    assert f"did you mean {hint!r}" in msg


def test_bad_id_and_missing_field(tmp_path):
    p = _write(tmp_path, GOOD.replace("id: test-frag", "id: Test_Frag").replace("title: test rule\n", ""))
    _, errors = validate_file(p)
    text = "\n".join(errors)
    assert "kebab-case" in text and "title" in text


def test_condition_needs_one_subject(tmp_path):
    p = _write(tmp_path, GOOD.replace("    - event: gpu_oom\n", "    - event: gpu_oom\n      knob: zero.stage\n"))
    _, errors = validate_file(p)
    assert any("exactly one of" in e for e in errors)


def test_broken_yaml_names_the_file(tmp_path):
    p = _write(tmp_path, "id: [unclosed\n")
    _, errors = validate_file(p)
    assert errors and str(p) in errors[0] and "YAML" in errors[0]


def test_unknown_helper_and_bad_regex(tmp_path):
    text = GOOD.replace("value: true", "value: {helper: halv}") + "    unless: [{knob: zero.stage, regex: '(unclosed'}]\n"
    _, errors = validate_file(_write(tmp_path, text))
    joined = "\n".join(errors)
    assert "did you mean 'halve'" in joined
    assert "bad regex" in joined


def test_packaged_rules_all_valid_and_cover_every_cause():
    from oomdoc.rules_engine.vocab import CAUSES

    rs = load_rules(use_cache=False)
    assert rs.errors == []
    assert {r["cause"] for r in rs.rules} >= set(CAUSES)
    assert len({r["id"] for r in rs.rules}) == len(rs.rules)


def test_user_rules_dir_overrides_and_env(tmp_path, monkeypatch):
    _write(tmp_path, GOOD)
    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path / "cache"))
    rs = load_rules([tmp_path])
    assert rs.by_id("test-frag") is not None
    monkeypatch.setenv("OOMDOC_RULES", str(tmp_path))
    assert load_rules().by_id("test-frag") is not None
    # second load comes from the cache, same content
    assert load_rules().by_id("test-frag") == rs.by_id("test-frag")


def test_missing_rules_dir_is_an_error(tmp_path):
    with pytest.raises(RuleError):
        rule_files([tmp_path / "nope"])


def test_cache_falls_back_when_unwritable(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(blocker / "sub"))   # cannot mkdir under a file
    rs = load_rules()
    assert rs.rules and not rs.errors


def test_validate_files_reports_every_file(tmp_path):
    a = _write(tmp_path, GOOD, "a.yaml")
    b = _write(tmp_path, GOOD.replace("test-frag", "other").replace("free_bytes", "fre_bytes"), "b.yaml")
    rs = validate_files([a, b])
    assert [r["id"] for r in rs.rules] == ["test-frag"]
    assert any(str(b) in e and "'other'" in e for e in rs.errors)


def test_a_value_helper_as_frees_is_refused_by_rules_check_with_file_and_line(tmp_path, capsys):
    from oomdoc.cli import main

    text = GOOD.replace("    value: true\n", "    value: {helper: halve}\n    frees: halve\n")
    p = _write(tmp_path, text)
    with pytest.raises(SystemExit) as exc:
        main(["rules", "check", str(p)])
    assert exc.value.code == 1
    out = capsys.readouterr().out
    line = text.splitlines().index("    frees: halve") + 1
    assert f"{p}:{line}: rule 'test-frag': fixes.0.frees.helper: unknown frees helper 'halve'" in out, out
    # and a frees helper cannot compute a value
    _, errors = validate_file(_write(tmp_path, GOOD.replace("value: true", "value: {helper: utilization_delta}")))
    assert any("unknown value helper 'utilization_delta'" in e for e in errors), errors


def test_errors_carry_the_line_of_the_field(tmp_path):
    p = _write(tmp_path, GOOD.replace("fact: free_bytes", "fact: free_byte"))
    (err,) = validate_file(p)[1]
    assert err.startswith(f"{p}:10: ")          # the `where:` line holding the bad fact


@pytest.mark.parametrize("fact", ["rss_bytes", "free_memory_bytes", "utilization"])
def test_a_fact_no_parser_emits_and_none_is_planned_is_refused(tmp_path, fact):
    p = _write(tmp_path, GOOD.replace("fact: free_bytes", f"fact: {fact}"))
    _, errors = validate_file(p)
    assert any(f"unknown fact {fact!r}" in e for e in errors), errors


def test_every_kind_has_a_role_and_role_sets_come_from_the_parsers():
    from oomdoc import parsers, stream
    from oomdoc.rules_engine import vocab

    roles = parsers.roles()
    assert set(roles) == set(parsers.all_kinds())
    assert set(roles.values()) <= set(parsers.ROLE_DOCS)
    assert vocab.OOM_KINDS == stream.OOM_KINDS == {k for k, r in roles.items() if r == "failure"}
    assert {"gpu_oom", "ray_oom_kill", "host_oom_kill", "vllm_kv_cache_insufficient"} <= vocab.OOM_KINDS
    assert vocab.SYMPTOM_KINDS == {"process_killed", "ray_worker_died"}
    assert "metrics" in stream.PRECURSOR_KINDS and "crash" not in stream.PRECURSOR_KINDS
    assert {"free_bytes", "allocated_bytes", "pid"} <= parsers.per_copy_facts()
