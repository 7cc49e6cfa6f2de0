"""Closest corpus cases without rapidfuzz when enough cases score 100 by word containment:
the same ranking rapidfuzz gives, on every corpus signature and on hand-made edge cases."""
from __future__ import annotations

import pytest
from rapidfuzz import fuzz

from oomdoc import similarity
from oomdoc.datafiles import data_path


def _by_rapidfuzz(sig, cases, limit=3, min_score=55.0):
    scored = [(name, fuzz.token_set_ratio(sig, other), cause) for name, other, cause in cases]
    scored = [s for s in scored if s[1] >= min_score]
    scored.sort(key=lambda s: -s[1])
    return scored[:limit]


@pytest.fixture(scope="module")
def cases():
    corpus = data_path("corpus")
    if corpus is None:
        pytest.skip("no corpus in this install")
    got = similarity._corpus_signatures(corpus)
    assert len(got) > 50
    return got


def test_containment_is_exactly_rapidfuzz_100_on_every_corpus_pair(cases):
    sigs = [s for _, s, _ in cases]
    both = 0
    for a in sigs:
        wa = set(a.split())
        for b in sigs:
            wb = set(b.split())
            contained = bool(wa and wb and (wa <= wb or wb <= wa))
            assert contained == (fuzz.token_set_ratio(a, b) == 100), (a, b)
            both += contained
    assert both > len(sigs)     # not only each signature with itself


@pytest.mark.parametrize("limit", [1, 3, 5])
def test_every_corpus_signature_ranks_as_rapidfuzz_ranks_it(cases, limit, monkeypatch):
    skipped = 0
    for _, sig, _ in cases:
        want = _by_rapidfuzz(sig, cases, limit)
        got = similarity.rank(sig, cases, limit)
        assert got == want, sig
        assert [type(s) for _, s, _ in got] == [type(s) for _, s, _ in want]   # 100.0, not 100
        skipped += similarity._contained(sig, cases, limit) is not None
    assert skipped     # the shortcut is taken on real signatures


def test_edge_cases_fall_back_or_agree():
    cases = [("a", "gpu_oom CUDA out of memory", "x"), ("b", "gpu_oom CUDA out of memory N GiB", "y"),
             ("c", "gpu_oom\x1cCUDA out", "z"), ("d", "gpu_oom\u00a0CUDA out", "w"), ("e", "", "v"),
             ("f", "gpu_oom CUDA\tout\x0bof\x0cmemory\r", "u")]
    for sig in ("gpu_oom CUDA out of memory", "gpu_oom CUDA out", "gpu_oom\u00a0CUDA", "  \n ", "gpu_oom"):
        for limit in (1, 2, 3, 4):
            for min_score in (0.0, 55.0, 100.0, 101.0):
                assert similarity.rank(sig, cases, limit, min_score) == \
                    _by_rapidfuzz(sig, cases, limit, min_score), (sig, limit, min_score)
    # a non-ASCII signature before the answer is complete: rapidfuzz decides
    assert similarity._contained("gpu_oom CUDA out", cases, 4) is None
    assert similarity._contained("gpu_oom CUDA out", cases, 3) == [("a", 100.0, "x"), ("b", 100.0, "y"),
                                                                    ("c", 100.0, "z")]   # \x1c splits in both
