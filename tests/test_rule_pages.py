"""Rule pages (docs/rules/) are current, and every rule is fired by some corpus case."""
from __future__ import annotations

from pathlib import Path

import pytest

from oomdoc.rule_pages import fired_by_case, render_all, stale
from oomdoc.rules_engine.loader import rule_files, validate_files

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def rules():
    return validate_files(rule_files([ROOT / "rules"])).rules


def test_rule_pages_are_current(rules):
    pages = render_all(rules, ROOT / "corpus")
    bad = stale(pages, ROOT / "docs" / "rules")
    assert not bad, f"stale rule pages {bad}: run `oomdoc rules docs`"


def test_every_page_has_the_sections_and_an_example(rules):
    pages = render_all(rules, ROOT / "corpus")
    assert set(pages) == {f"{r['id']}.md" for r in rules} | {"README.md"}
    for r in rules:
        text = pages[f"{r['id']}.md"]
        for head in ("## What it detects", "## Why it happens", "## How to confirm", "## False positives",
                     "## Fixes", "## Example"):
            assert head in text, (r["id"], head)
        assert "What the rule cited on the corpus case" in text, r["id"]
        assert "/work/" not in text and "/home/" not in text       # no machine's paths


def test_every_rule_is_fired_by_at_least_one_corpus_case(rules):
    fired = fired_by_case(ROOT / "corpus", rules)
    assert sorted(r["id"] for r in rules if r["id"] not in fired) == []


def test_rules_check_names_unknown_rules_in_expected_yaml(tmp_path):
    from oomdoc.corpus_check import check_case

    case = tmp_path / "case"
    src = ROOT / "corpus" / "model-states-exceed-gpu-deepspeed-nccl-broadcast-init"
    case.mkdir()
    for f in src.iterdir():
        (case / f.name).write_bytes(f.read_bytes())
    assert check_case(case).ok
    text = (case / "expected.yaml").read_text().replace("rules: [model-states-collective-init-oom]",
                                                         "rules: [vllm-free-memory-at-startup]")
    (case / "expected.yaml").write_text(text)
    res = check_case(case)
    assert res.failures == [f"rule vllm-free-memory-at-startup did not fire (fired {res.rules})"]
    assert "model-states-collective-init-oom" in res.rules
