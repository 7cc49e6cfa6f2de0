"""Every labelled corpus case (`corpus/*/expected.yaml`) through `oomdoc explain`.

One generic test: the first cause ranks first (for not-oom cases no other cause
appears), must_not causes are absent, the listed facts are extracted and the
listed fix knobs are offered. A case with `xfail: reason` is a known gap.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from oomdoc.corpus_check import case_dirs, check_case
from oomdoc.rules_engine.loader import load_rules

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
CASES = case_dirs(CORPUS) if CORPUS.is_dir() else []


@pytest.fixture(scope="module")
def rules():
    rs = load_rules(use_cache=False)
    assert not rs.errors, rs.errors
    return rs.rules


def _xfail_marks(case: Path):
    import yaml

    try:
        exp = yaml.safe_load((case / "expected.yaml").read_text(encoding="utf-8")) or {}
    except yaml.YAMLError:
        return []          # reported by the test itself
    reason = exp.get("xfail") if isinstance(exp, dict) else None
    return [pytest.mark.xfail(reason=str(reason), strict=False)] if reason else []


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name, marks=_xfail_marks(c)) for c in CASES])
def test_corpus_case(case, rules):
    res = check_case(case, rules=rules)
    assert res.ok, f"{case.name}: said {res.causes[:3]}\n  " + "\n  ".join(res.failures)


def test_corpus_is_not_empty():
    assert CASES, "no corpus cases found"
