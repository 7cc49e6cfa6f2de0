"""The scanner's fast paths must not change what is found.

Big inputs go through the two-tier prefilter (anchors, then every trigger)
and byte-spaced sampling of metric lines; small inputs are read whole. Both
must give the same events, the exact last metric lines, and a sample that
spans the whole run.
"""
from __future__ import annotations

import random

from oomdoc.pipeline import METRIC_RING, Pipeline, _triggers
from oomdoc.scan import Scanner, anchor_set, case_variants, cover_set, trie_pattern
from oomdoc.scan_anchors import ANCHORS

OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
       "79.10 GiB of which 1.06 GiB is free. Process 1 has 78.03 GiB memory in use. Of the allocated memory "
       "70.12 GiB is allocated by PyTorch, and 6.42 GiB is reserved by PyTorch but unallocated.")


def _log(steps: int, chatter: int, seed: int = 7) -> bytes:
    rnd = random.Random(seed)
    out = []
    for step in range(1, steps + 1):
        for i in range(chatter):
            out.append(f"(WorkerDict pid={100 + i}, ip=10.0.0.1) INFO 06-30 13:00:19 [scheduler.py:1557] "
                       f"Running: {rnd.randint(1, 300)} reqs, GPU KV cache usage: {rnd.random():.1%}")
        out.append(f"(TaskRunner pid=9) step:{step} - perf/max_memory_allocated_gb:{40 + step / 1000:.3f} - "
                   f"response_length/mean:{500 + step % 97} - actor/pg_loss:{rnd.random():.4f}")
        if step == steps // 2:
            out += ["Traceback (most recent call last):", '  File "train.py", line 1, in <module>', OOM]
    out += ["Traceback (most recent call last):", '  File "train.py", line 9, in step', OOM]
    return ("\n".join(out) + "\n").encode()


def _run(data: bytes, emit_all: bool, chunk: int = 8 << 20):
    p = Pipeline("t", emit_all=emit_all)
    for i in range(0, len(data), chunk):
        p.feed(data[i:i + chunk])
    p.finish()
    return p.analysis


def test_big_input_finds_the_same_events_as_reading_it_whole():
    data = _log(steps=6000, chatter=12)
    assert len(data) > 8 << 20  # exercises the block prefilter and probing
    fast, whole = _run(data, emit_all=False), _run(data, emit_all=True)
    key = lambda a: [(e.kind, e.line, e.end_line, e.facts) for e in a.events]  # noqa: E731
    assert key(fast) == key(whole)
    assert [e.kind for e in fast.events].count("gpu_oom") == 2
    assert fast.lines_read == whole.lines_read == data.count(b"\n")


def test_metric_sample_spans_the_run_and_keeps_the_exact_tail():
    steps = 30000
    data = _log(steps=steps, chatter=2)
    a = _run(data, emit_all=False, chunk=4 << 20)
    pts = a.metrics.series["gpu_allocated_peak_bytes"]
    got = [int(s) for s, _, _ in pts]
    assert got[0] <= 2 and got[:5] == sorted(got[:5])      # from the first steps on
    assert got[-METRIC_RING:] == list(range(steps - METRIC_RING + 1, steps + 1))  # exact tail
    middle = [s for s in got if steps * 0.3 < s < steps * 0.7]
    assert len(middle) >= 20                               # the middle is sampled, not skipped
    assert len(got) < steps / 4                            # ... and sampled, not read whole
    # line numbers of sampled points are right
    lines = data.split(b"\n")
    for step, _, line in pts[:: max(1, len(pts) // 50)]:
        assert f"step:{int(step)} ".encode() in lines[line - 1]


def test_anchors_cover_every_trigger_variant():
    """Fails after adding trigger literals until `python3 bench/make_anchors.py` is run."""
    groups, lits = _triggers()
    variants = cover_set(Scanner(groups, lits).variants())
    missed = [v for v in variants if not any(a in v for a in ANCHORS)]
    assert missed == [], "run python3 bench/make_anchors.py"
    # and the scanner stays correct meanwhile: uncovered variants become anchors
    assert set(anchor_set(variants + ["brand new trigger"])) >= {"brand new trigger"}


def test_case_variants_only_for_prose():
    assert case_variants("out of memory") == {"out of memory", "Out of memory"}
    assert case_variants("Killed process") == {"Killed process", "killed process"}
    assert case_variants("CUBLAS_STATUS_ALLOC_FAILED") == {"CUBLAS_STATUS_ALLOC_FAILED"}
    assert case_variants("OutOfMemoryError") == {"OutOfMemoryError"}


def test_trie_pattern_prefers_the_longest_literal():
    import re

    words = ["out of", "out of memory", "oom-kill:", "oom-kill event", "OOMKilled"]
    rx = re.compile(trie_pattern(words))
    assert [m.group(0) for m in rx.finditer("x out of memory; oom-kill event OOMKilled out of")] == \
        ["out of memory", "oom-kill event", "OOMKilled", "out of"]
