"""`conditions.required_literals`: the substring prefilter of `log_regex` conditions.

It may only ever say "cannot match" when no line matches: every real match must
contain one of the literals it names (checked on every packaged log_regex against
every line of the corpus), and it gives up (None) where it cannot be sure.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from oomdoc.rules_engine.conditions import required_literals
from oomdoc.rules_engine.loader import load_rules

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@pytest.mark.parametrize("pattern, literals", [
    (r"\bexp_avg(?:_sq)?\b|\boptimizer\.step\(", {"exp_avg", "optimizer.step("}),
    (r"(?:ab|ac)", {"a"}),                 # re factors the common prefix out of the branch
    (r"[ab]cd", {"cd"}),
    (r"x{0,3}yzz+", {"yz"}),           # a repeat cuts the run; z+ alone is shorter
    (r"(ab)+c", {"ab"}),
    (r"abc(?!d)", {"abc"}),
])
def test_the_literals_every_match_holds(pattern, literals):
    assert required_literals(pattern) == frozenset(literals)


@pytest.mark.parametrize("pattern", [r"(?i)foo", r"x*", r"foo|.*", r"[ab]+", r"(?i:ab)", r"(unclosed"])
def test_unsure_patterns_give_none(pattern):
    assert required_literals(pattern) is None


def _log_regexes(node):
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "log_regex":
                yield v
            else:
                yield from _log_regexes(v)
    elif isinstance(node, list):
        for v in node:
            yield from _log_regexes(v)


def test_every_packaged_log_regex_match_holds_one_of_its_literals():
    patterns = sorted({p for r in load_rules(()).rules for p in _log_regexes(r.get("when", {}))})
    assert patterns, "the packaged rules have log_regex conditions"
    lines = [ln for log in sorted(CORPUS.glob("*/train.log")) for ln in log.read_text(errors="replace").splitlines()]
    matched = 0
    for p in patterns:
        lits = required_literals(p)
        assert lits, p
        for ln in lines:
            if re.search(p, ln):
                matched += 1
                assert any(lit in ln for lit in lits), (p, ln)
    assert matched > 0   # the property was exercised, not vacuous
