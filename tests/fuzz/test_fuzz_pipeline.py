"""The pipeline (scanner, prefixes, assembly, every parser) on hostile and mutated logs.

Properties: no exception escapes; facts are non-negative and consistent; how the
bytes are chunked does not change the events; two ranks' lines interleaved in
any order give the same events as each rank's lines alone (per-source assembly).
"""
from __future__ import annotations

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from oomdoc.pipeline import Pipeline, read_events

from . import FUZZ
from .seeds import ROOT, check_event_facts, corpus_logs, event_key, sample_lines

logs = st.sampled_from(range(len(corpus_logs()))).map(lambda i: corpus_logs()[i])
samples = st.sampled_from(sample_lines())


def _events(data: bytes, cuts=(), emit_all=False):
    p = Pipeline("<fuzz>", emit_all=emit_all)
    pos = 0
    for c in sorted(set(cuts)):
        p.feed(data[pos:c])
        pos = c
    p.feed(data[pos:])
    p.finish()
    return p.analysis


def _assert_sane(analysis):
    for ev in analysis.events:
        assert not check_event_facts(ev), (ev.kind, check_event_facts(ev), ev.text[:300])
    assert not [w for w in analysis.warnings if w.startswith("parser ")], analysis.warnings


@FUZZ
@given(st.binary(max_size=3000))
def test_arbitrary_bytes(data):
    _assert_sane(read_events(data))


@FUZZ
@given(st.lists(st.one_of(samples, st.text(max_size=200)), max_size=8))
def test_sample_lines_mixed_with_garbage(parts):
    _assert_sane(read_events("\n".join(parts).encode("utf-8", "surrogatepass") + b"\n"))


@FUZZ
@given(logs, st.integers(0, 100), st.integers(0, 100))
def test_logs_cut_at_random_points(log, a, b):
    lo, hi = sorted((len(log) * a // 100, len(log) * b // 100))
    _assert_sane(read_events(log[lo:hi] or b"\n"))


@FUZZ
@given(logs, st.lists(st.integers(0, 1 << 20), max_size=12), st.booleans())
def test_chunking_does_not_change_events(log, cuts, emit_all):
    cuts = [c % (len(log) + 1) for c in cuts]
    whole = _events(log, emit_all=emit_all)
    chunked = _events(log, cuts, emit_all=emit_all)
    assert [event_key(e) for e in chunked.events] == [event_key(e) for e in whole.events]
    assert chunked.lines_read == whole.lines_read


CORPUS_NAMES = [p.parent.name for p in sorted((ROOT / "corpus").glob("*/train.log"))]


@FUZZ
@given(logs, st.lists(st.integers(0, 1 << 20), max_size=12), st.booleans())
@example(corpus_logs()[CORPUS_NAMES.index("allocator-fragmentation-verl-v05-midrun")], [720], False)
def test_chunking_does_not_change_metrics(log, cuts, emit_all):
    cuts = [c % (len(log) + 1) for c in cuts]
    whole = _events(log, emit_all=emit_all)
    chunked = _events(log, cuts, emit_all=emit_all)
    assert chunked.metrics.to_json() == whole.metrics.to_json()


_PREFIXES = ("[rank0]: ", "[rank1]: ")


def _ranked(text: str, prefix: str) -> list[str]:
    return [prefix + ln for ln in text.splitlines() if ln.strip()]


def _unprefixed() -> list[str]:
    """Sample texts whose lines carry no source prefix of their own (ours goes in front)."""
    from oomdoc.prefixes import peel

    return [t for t in sample_lines()
            if all(peel(1, ln).source.key == peel(1, "x").source.key for ln in t.splitlines())]


@FUZZ
@given(st.sampled_from(_unprefixed()), st.sampled_from(_unprefixed()), st.randoms(use_true_random=False))
def test_two_ranks_interleaved_in_any_order(a, b, rnd):
    """Each rank's records are assembled apart: the shuffle of two ranks' lines
    (each rank's own order kept) yields the events of each rank alone."""
    la, lb = _ranked(a, _PREFIXES[0]), _ranked(b, _PREFIXES[1])
    assume(la and lb)
    merged, i, j = [], 0, 0
    while i < len(la) or j < len(lb):
        if j >= len(lb) or (i < len(la) and rnd.random() < 0.5):
            merged.append(la[i])
            i += 1
        else:
            merged.append(lb[j])
            j += 1
    got = read_events(("\n".join(merged) + "\n").encode())
    _assert_sane(got)
    alone = [read_events(("\n".join(x) + "\n").encode()) for x in (la, lb)]

    def kinds(an):
        # `progress` describes the whole log (the bar before its first failure), not one rank's records
        return sorted(e.kind for e in an.events if e.kind != "progress")

    want = sorted(k for an in alone for k in kinds(an))
    # copies of one failure from two ranks may merge into one event: compare kinds as sets
    assert set(kinds(got)) == set(want), (kinds(got), want)


SIZE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "KB", "MB", "GB", "bytes", ""]


@FUZZ
@given(st.floats(0, 1e7, allow_nan=False), st.floats(0, 1e7, allow_nan=False),
       st.floats(0, 1, allow_nan=False), st.sampled_from(SIZE_UNITS), st.sampled_from(SIZE_UNITS),
       st.booleans(), st.integers(0, 1023))
@example(1e7, 1e7, 1.0, "TiB", "TiB", True, 7)       # huge numbers
@example(2.0, 80.0, 0.5, "", "", False, 0)             # unit-less numbers
def test_pytorch_oom_numbers(req, total, free_frac, u1, u2, negative, dev):
    """Huge, unit-less and negative sizes in the CUDA OOM message: sane facts, never a crash."""
    free = total * free_frac
    sign = "-" if negative else ""
    line = (f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {sign}{req:.2f} {u1}. "
            f"GPU {dev} has a total capacity of {total:.2f} {u2} of which {free:.2f} {u2} is free. "
            f"Of the allocated memory {sign}{total * 0.5:.2f} {u2} is allocated by PyTorch, and "
            f"{total * 0.1:.2f} {u2} is reserved by PyTorch but unallocated.\n")
    an = read_events(line.encode())
    _assert_sane(an)
    for ev in an.events:
        if ev.kind == "gpu_oom" and "free_bytes" in ev.facts and "total_bytes" in ev.facts:
            assert ev.facts["free_bytes"] <= ev.facts["total_bytes"]


@FUZZ
@given(st.integers(-(10 ** 30), 10 ** 30), st.sampled_from(["kB", "KB", ""]), st.integers(-5, 1 << 40))
def test_kernel_oom_killer_numbers(rss, unit, pid):
    line = (f"[12345.678] Out of memory: Killed process {pid} (python3) total-vm:{rss}{unit}, "
            f"anon-rss:{rss}{unit}, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:1kB oom_score_adj:0\n")
    _assert_sane(read_events(line.encode()))
