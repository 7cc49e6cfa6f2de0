"""Both scan engines find the same things.

The Hyperscan engine (one pass, match offsets) is used when its wheel loads;
the pydantic-core prefilter path is the fallback (no wheel, or the database
does not compile), forced here with OOMDOC_SCAN_ENGINE=fallback. Every corpus
case is read through the big-input path (windows around hits, not the whole
file) by both, and so are >8 MiB logs of the four benchmark shapes.
"""
from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest

from oomdoc import scan_hs
from oomdoc.pipeline import METRIC_EXACT, METRIC_PERIOD, METRIC_RING, Pipeline, _triggers, read_events
from oomdoc.corpus_check import case_dirs
from oomdoc.scan import Scanner

ROOT = Path(__file__).resolve().parent.parent
CASES = case_dirs(ROOT / "corpus")
HAVE_HS = importlib.util.find_spec("hyperscan") is not None
needs_hs = pytest.mark.skipif(not HAVE_HS, reason="no hyperscan wheel on this platform (fallback only)")


def _facts(src, engine: str, monkeypatch, emit_all=False) -> dict:
    monkeypatch.setenv(scan_hs.ENGINE_ENV, engine)
    a = read_events(src, emit_all=emit_all)
    out = a.facts_json("test")
    out.pop("source")
    return json.loads(json.dumps(out))


def _engine_used(data: bytes, engine: str, monkeypatch) -> str:
    monkeypatch.setenv(scan_hs.ENGINE_ENV, engine)
    p = Pipeline("t")
    p.feed(data)
    p.finish()
    return p.scanner.engine


def test_fallback_is_forced_by_the_environment(monkeypatch):
    data = b"x" * 100 + b"\nTraceback (most recent call last):\n" + b"y\n" * 5000
    assert _engine_used(data, "fallback", monkeypatch) == "prefilter"
    if HAVE_HS:
        assert _engine_used(data, "auto", monkeypatch) == "hyperscan"


def test_a_database_that_does_not_compile_falls_back(monkeypatch):
    def broken(rare, line):
        raise RuntimeError("no database")
    monkeypatch.setattr(scan_hs, "Matcher", broken)
    scan_hs._build.cache_clear()
    try:
        assert scan_hs.matcher((b"abc",), ()) is None
        oom = (b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
               b"capacity of 79.10 GiB of which 1.06 GiB is free.\n")
        data = b"chatter\n" * 6000 + oom + b"more chatter\n" * 6000
        monkeypatch.setenv(scan_hs.ENGINE_ENV, "auto")
        p = Pipeline("t")
        p.feed(data)
        p.finish()
        assert p.scanner.engine == "prefilter"
        assert [e.kind for e in p.analysis.events] == ["gpu_oom"]
    finally:
        scan_hs._build.cache_clear()


@needs_hs
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_corpus_case_same_events_from_both_engines(case, monkeypatch):
    log = case / "train.log"
    fast = _facts(str(log), "hyperscan", monkeypatch)
    slow = _facts(str(log), "fallback", monkeypatch)
    assert fast == slow
    # and the big-input path finds the OOM events reading the whole file finds
    whole = _facts(str(log), "fallback", monkeypatch, emit_all=True)
    oom = lambda f: sorted((e["kind"], e["line"]) for e in f["events"] if "oom" in e["kind"])  # noqa: E731
    assert oom(fast) == oom(whole)


@needs_hs
def test_matches_are_the_leftmost_longest_like_the_trie_regex(monkeypatch):
    """Overlapping and nested literals: the same hits (offset, context) from both engines."""
    groups, lits = _triggers()
    rnd = random.Random(5)
    words = [lit for g in groups for lit in g.literals] + ["out of", "memory", "Error", "Killed"]
    lines = []
    for _ in range(40000):
        k = rnd.random()
        if k < 0.02:
            a, b = rnd.choice(words), rnd.choice(words)
            lines.append(f"x {a[: rnd.randint(1, len(a))]}{b} {a}{a} y")
        elif k < 0.05:
            lines.append(f"step:{rnd.randint(0, 99)} - loss:{rnd.random():.3f}")
        else:
            lines.append(f"INFO chatter {rnd.random():.6f} nothing to see")
    data = ("\n".join(lines) + "\n").encode()
    hits = {}
    for engine in ("hyperscan", "fallback"):
        monkeypatch.setenv(scan_hs.ENGINE_ENV, engine)
        s = Scanner(groups, lits)
        hits[engine] = (s._hits(data, 0, len(data)), s._line_blocks)
        assert s.engine == ("hyperscan" if engine == "hyperscan" else "prefilter")
    assert hits["hyperscan"][0] == hits["fallback"][0]
    assert len(hits["hyperscan"][0]) > 500
    # the blocks known to hold metric lines: Hyperscan also knows which literals
    assert [b[:2] for b in hits["hyperscan"][1]] == [b[:2] for b in hits["fallback"][1]]


# -- >8 MiB logs of the benchmark shapes ------------------------------------

def _generator(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


SHAPES = {
    "verl-sparse": ("gen_verl_log", ["--ooms", "3"]),
    "verl-dense": ("gen_verl_log", ["--ooms", "3", "--workers", "1"]),
    "hf-trainer": ("gen_hf_log", ["--ooms", "3"]),
    "megatron": ("gen_megatron_log", ["--ooms", "3"]),
}
METRIC_LINE = {
    "verl-sparse": b"step:", "verl-dense": b"step:", "hf-trainer": b"'loss': ", "megatron": b"memory (MB) | allocated:",
}
SIZE = 9 << 20


@pytest.fixture(scope="module")
def shape_logs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shapes")
    out = {}
    for shape, (gen, args) in SHAPES.items():
        path = folder / f"{shape}.log"
        argv = sys.argv
        try:
            sys.argv = [gen, str(path), "--size", str(SIZE), *args]
            _generator(gen).main()
        finally:
            sys.argv = argv
        out[shape] = path
    return out


@needs_hs
@pytest.mark.parametrize("shape", list(SHAPES))
def test_generated_shape_same_events_and_facts_from_both_engines(shape, shape_logs, monkeypatch):
    path = shape_logs[shape]
    assert path.stat().st_size > 8 << 20
    fast = _facts(str(path), "hyperscan", monkeypatch)
    slow = _facts(str(path), "fallback", monkeypatch)
    assert fast == slow
    kind = "host_oom_kill" if shape == "megatron" else "gpu_oom"
    # three OOMs written (copies close together merge into one event with a count)
    assert sum(e["count"] for e in fast["events"] if e["kind"] == kind) >= 3, fast["events"]
    assert fast["stats"]["lines"] == path.read_bytes().count(b"\n")


@pytest.mark.parametrize("engine", ["hyperscan", "fallback"])
@pytest.mark.parametrize("shape", list(SHAPES))
def test_memory_mapped_read_gives_what_the_copying_read_gives(shape, engine, shape_logs, monkeypatch):
    """A big plain-text file is read as mapped chunks (reader.file_chunks); the same facts as
    read into memory, on both engines."""
    from oomdoc import reader

    if engine == "hyperscan" and not HAVE_HS:
        pytest.skip("no hyperscan wheel")
    path = shape_logs[shape]
    kinds = []
    real = reader.file_chunks

    def spy(name, fh, size=reader.CHUNK):
        for chunk in real(name, fh, size):
            kinds.append(type(chunk).__name__)
            yield chunk

    monkeypatch.setattr("oomdoc.pipeline.file_chunks", spy)
    mapped = _facts(str(path), engine, monkeypatch)
    assert set(kinds) == {"mmap"} and len(kinds) == 2, kinds
    monkeypatch.setenv(reader.MAP_ENV, "copy")
    kinds.clear()
    copied = _facts(str(path), engine, monkeypatch)
    assert set(kinds) == {"bytes"}, kinds
    assert mapped == copied
    assert mapped["stats"]["lines"] == path.read_bytes().count(b"\n")


@pytest.mark.parametrize("engine", ["hyperscan", "fallback"])
@pytest.mark.parametrize("shape", list(SHAPES))
def test_metric_sampling_is_exact_where_promised(shape, engine, shape_logs, monkeypatch):
    """The first 1024 metric lines and the last 256 are read exactly; the rest spans the run."""
    if engine == "hyperscan" and not HAVE_HS:
        pytest.skip("no hyperscan wheel")
    monkeypatch.setenv(scan_hs.ENGINE_ENV, engine)
    data = shape_logs[shape].read_bytes()
    lit = METRIC_LINE[shape]
    want = [i + 1 for i, ln in enumerate(data.split(b"\n")[:-1]) if lit in ln]
    groups, lits = _triggers()
    s = Scanner(groups, lits, sample_exact=METRIC_EXACT, sample_period=METRIC_PERIOD, ring=METRIC_RING)
    reported = []
    for i in range(0, len(data), 8 << 20):
        s.feed(data[i:i + (8 << 20)])
        reported += [no for no, _ in s.line_hits]
        s.line_hits = []
    s.finish()
    reported += [no for no, _ in s.line_hits]
    ring = [no for no, _ in s.drain_ring()]
    head = min(len(want), METRIC_EXACT)
    assert reported[:head] == want[:head]
    assert set(reported) <= set(want)
    if len(want) > METRIC_EXACT + METRIC_RING:
        # the exact tail: the last 256 metric lines, each reported once (sampled or from the ring)
        assert sorted(set(reported[head:]) | set(ring))[-METRIC_RING:] == want[-METRIC_RING:]
        assert not set(ring) & set(reported)
        assert max(reported) > want[len(want) // 2]      # the sample spans the run
        assert len(reported) - head < (len(want) - head) // 2   # and is a sample
    else:
        assert sorted(set(reported) | set(ring)) == want


@pytest.mark.parametrize("engine", ["hyperscan", "fallback"])
def test_literals_given_at_run_time_are_searched_as_given(engine, monkeypatch):
    """The literal set comes from the parser modules (a catalogue may add to it): any set works,
    non-ASCII literals included, and each set gets its own database."""
    if engine == "hyperscan" and not HAVE_HS:
        pytest.skip("no hyperscan wheel")
    from oomdoc.scan import TriggerGroup

    monkeypatch.setenv(scan_hs.ENGINE_ENV, engine)
    filler = b"INFO ordinary line of chatter\n" * 3000
    data = filler + "GPU ran out of host memory ‘oops’\n".encode() + filler + b"sTePpEd: Killed\n" + filler
    for lits, want in ((("out of host memory",), [3001]), (("‘oops’",), [3001]), (("Killed",), [6002])):
        s = Scanner([TriggerGroup("t", lits)], [], head_lines=0, head_bytes=0)
        got = [no for no, _ in s.feed(data) + s.finish()]
        assert got == want, (lits, got)
        assert s.engine == ("hyperscan" if engine == "hyperscan" else "prefilter")


# -- leftmost-longest at every seam ---------------------------------------------

NESTED = (("mem_fail_alpha_beta", 1, 1), ("mem_fail", 4, 0), ("alpha_beta_gamma", 0, 5),
          ("fail_alpha", 2, 2), ("beta_gamma_mem_fail", 3, 3))


def _leftmost_longest(data: bytes, words: list[bytes]) -> list[int]:
    """The reference, by brute force: the leftmost start of any literal, the longest there, resume after it."""
    out, pos = [], 0
    while True:
        starts = [p for p in (data.find(w, pos) for w in words) if p >= 0]
        if not starts:
            return out
        p = min(starts)
        pos = p + max(len(w) for w in words if data.startswith(w, p))
        out.append(p)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_leftmost_longest_at_block_and_piece_seams(seed, monkeypatch):
    """Nested, overlapping and prefix literals straddling every 64 KiB sub-block, 1 MiB block and
    Hyperscan piece seam: both engines give exactly the matches one left-to-right pass gives."""
    from oomdoc.scan import SUBBLOCK, TriggerGroup

    rnd = random.Random(seed)
    groups = [TriggerGroup(f"g{i}", (w,), before=b, after=a) for i, (w, b, a) in enumerate(NESTED)]
    words = [w.encode() for w, _, _ in NESTED]
    combos = [b"mem_fail_alpha_beta_gamma_mem_fail", b"beta_gamma_mem_fail_alpha_beta", b"mem_fail_alpha",
              b"alpha_beta_gamma_mem_fail_alpha_beta_gamma", b"fail_alpha_beta_gamma", b"mem_mem_fail"]
    data = bytearray(b"INFO ordinary chatter of a long training run, nothing to see\n" * 45000)
    for seam in range(SUBBLOCK, len(data) - 200, SUBBLOCK):
        for _ in range(2):
            combo = rnd.choice(combos)
            at = seam - rnd.randint(0, len(combo))
            data[at:at + len(combo)] = combo
            combo = rnd.choice(combos)     # and one a few bytes after, inside the overlap
            at = seam + rnd.randint(1, 60)
            data[at:at + len(combo)] = combo
    data = bytes(data)
    want = _leftmost_longest(data, words)
    assert len(want) > 100
    got = {}
    for engine in ("hyperscan", "fallback") if HAVE_HS else ("fallback",):
        monkeypatch.setenv(scan_hs.ENGINE_ENV, engine)
        s = Scanner(groups, [])
        got[engine] = s._hits(data, 0, len(data))
        assert [p for p, _, _ in got[engine]] == want, engine
    ctx = {w.encode(): (b, a) for w, b, a in NESTED}
    longest = {p: max((w for w in words if data.startswith(w, p)), key=len) for p in want}
    assert got["fallback"] == [(p, *ctx[longest[p]]) for p in want]
    if HAVE_HS:
        assert got["hyperscan"] == got["fallback"]


@needs_hs
def test_compiled_database_is_cached_and_a_bad_cache_file_is_only_a_miss(tmp_path, monkeypatch):
    import hyperscan as hs

    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path))
    rare, line = (b"out of memory", b"out of memory error", b"Killed"), (b"step:",)
    data = b"x step:1 out of memory error y\nKilled step:2\n" * 3

    def starts(db) -> list[tuple[int, int]]:
        found = []

        def on_match(pid, start, end, flags, ctx):
            found.append((pid, end))
        db.scan(data, match_event_handler=on_match)
        return sorted(found)

    fresh = starts(scan_hs._database(hs, rare, line))
    files = list(tmp_path.glob("hyperscan-*.db"))
    assert len(files) == 1
    assert starts(scan_hs._database(hs, rare, line)) == fresh          # loaded from the file
    assert (1, 28) in fresh and sum(1 for pid, _ in fresh if pid == 3) == 1   # every rare match; step: once
    assert starts(scan_hs._database(hs, rare[:2], line)) != fresh       # another literal set, another file
    assert len(list(tmp_path.glob("hyperscan-*.db"))) == 2
    files[0].write_bytes(files[0].read_bytes()[:-100])                  # truncated: compiled again
    assert starts(scan_hs._database(hs, rare, line)) == fresh
    files[0].write_bytes(b"garbage")
    assert starts(scan_hs._database(hs, rare, line)) == fresh


@pytest.mark.parametrize("engine", ["hyperscan", "fallback"])
def test_exact_tail_spans_the_head_and_a_thin_probed_rest(engine, monkeypatch):
    """Metric lines on every line of the head, then few: the first region is read exactly up to the
    1024th hit and the head, probed after; the last 256 still come out exactly (from the probed
    rest and the head's unsampled lines together)."""
    if engine == "hyperscan" and not HAVE_HS:
        pytest.skip("no hyperscan wheel")
    monkeypatch.setenv(scan_hs.ENGINE_ENV, engine)
    lines = [f"{{'loss': {i / 7:.4f}, 'grad_norm': 1.0, 'learning_rate': 1e-05, 'epoch': 0.01}}" for i in range(5000)]
    lines += [f"INFO chatter line {i} with nothing in it at all, padding padding padding" for i in range(60000)]
    for i in range(100):
        lines.insert(len(lines) - 50 * i, f"{{'loss': {i / 3:.4f}, 'epoch': 1.0}}")
    data = ("\n".join(lines) + "\n").encode()
    assert 4 << 20 < len(data) < 8 << 20
    want = [i + 1 for i, ln in enumerate(lines) if "'loss': " in ln]
    groups, lits = _triggers()
    s = Scanner(groups, lits, sample_exact=METRIC_EXACT, sample_period=METRIC_PERIOD, ring=METRIC_RING)
    emitted = s.feed(data) + s.finish()
    reported = [no for no, _ in s.line_hits]
    ring = [no for no, _ in s.drain_ring()]
    assert reported[:METRIC_EXACT] == want[:METRIC_EXACT]
    assert set(reported) <= set(want) and not set(ring) & set(reported)
    assert sorted(set(reported) | set(ring))[-METRIC_RING:] == want[-METRIC_RING:]
    assert len(reported) < len(want) // 2
    # the head's unsampled metric lines stay out of the head's emission
    assert not {no for no, _ in emitted} & (set(want) - set(reported))


@needs_hs
def test_parser_keys_offered_alike_by_presence_test_and_trie_search(monkeypatch):
    """The parsers a record is offered to: Hyperscan's presence test of every key (big inputs)
    gives what the restarted trie search gives, on every corpus line and on texts packed with
    nested, prefix and overlapping keys."""
    from oomdoc import parsers
    from oomdoc.pipeline import _key_index

    monkeypatch.setenv(scan_hs.ENGINE_ENV, "hyperscan")
    index = _key_index(tuple(parsers.modules()))
    keys = sorted({k.lower() for m in parsers.modules() for k in getattr(m, "KEYS", ()) if k})
    texts = []
    for case in CASES:
        text = (case / "train.log").read_text("utf-8", "replace").lower()
        texts += text.splitlines()[:400]
    rnd = random.Random(11)
    for _ in range(400):
        parts = [rnd.choice(keys) for _ in range(rnd.randint(0, 6))]
        # glued, cut short, overlapping: a key's tail may start another key
        texts.append("".join(p[: rnd.randint(1, len(p))] if rnd.random() < 0.3 else p for p in parts)
                     + rnd.choice(["", " ", "é", "\x00"]))
    offered_some = 0
    for t in texts:
        fast, slow = index.offered(t, fast=True), index.offered(t)
        assert fast == slow, t
        offered_some += fast != index.always
    assert offered_some > 300


# -- the sparse pass: rare triggers only, one-line triggers found from each probe ---------

@needs_hs
def test_first_line_is_the_leftmost_start_like_find(monkeypatch):
    """A longer one-line literal may start before a shorter one and end after it: the scan stops
    at the first match to end, the answer is still the leftmost start (brute force)."""
    monkeypatch.setenv(scan_hs.ENGINE_ENV, "hyperscan")
    line = (b"alloc", b"memory (MB) | allocated:", b"step:", b"ep:")
    m = scan_hs.matcher((b"out of memory",), line)
    rnd = random.Random(3)
    parts = [b"memory (MB) | allocated:", b"alloc", b"step:", b"ep:", b"memory (MB) | ", b"x" * 50, b"\n", b"st"]
    for _ in range(300):
        data = b"".join(rnd.choice(parts) for _ in range(rnd.randint(0, 12)))
        q = rnd.randint(0, len(data))
        b = rnd.randint(q, len(data))
        starts = [p for p in (data.find(x, q, b) for x in line) if p >= 0]
        assert m.first_line(data, q, b) == (min(starts) if starts else -1), (data, q, b)
        assert m.lines_in(data, q, b) == tuple(x for x in line if x in data[q:b])


@needs_hs
@pytest.mark.parametrize("shape", ["verl-dense", "hf-trainer"])
def test_sparse_pass_is_used_and_changes_nothing(shape, shape_logs, monkeypatch, tmp_path):
    """Past the exact first metric lines and the head, a log with metric lines nearly everywhere
    is searched for rare triggers only (probes find the next metric line themselves): the same
    events, metric points and exact tail as the fallback's full search."""
    data = shape_logs[shape].read_bytes()
    data = data + data[data.index(b"\n", len(data) // 2) + 1:]     # > 2 chunks: sparse regions follow
    path = tmp_path / "long.log"
    path.write_bytes(data)
    monkeypatch.setenv(scan_hs.ENGINE_ENV, "hyperscan")
    p = Pipeline("t")
    for i in range(0, len(data), 8 << 20):
        p.feed(data[i:i + (8 << 20)])
    p.finish()
    assert p.scanner.sparse_regions >= 1
    assert _facts(str(path), "hyperscan", monkeypatch) == _facts(str(path), "fallback", monkeypatch)


@needs_hs
def test_metric_hits_from_one_scan_are_the_find_loops(monkeypatch, tmp_path):
    """The exact first metric lines: Hyperscan's occurrences, each literal once per line, give
    what the `find` loop gives, for literal subsets, ranges and limits."""
    monkeypatch.setenv(scan_hs.ENGINE_ENV, "hyperscan")
    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path))     # the subsets' databases
    groups, lits = _triggers()
    s = Scanner(groups, lits)
    assert s._fast_matcher() is not None
    line = tuple(s.line_literals)
    rnd = random.Random(9)
    parts = [*line, b"step:1 - step:2", b"x" * 40, b"\n", b"\n\n", b"'loss'", b"ste"]
    for _ in range(200):
        data = b"".join(rnd.choice(parts) for _ in range(rnd.randint(0, 60)))
        a = rnd.randint(0, len(data))
        b = rnd.randint(a, len(data))
        sub = rnd.choice([line[:1], line[1:2], line[:2], line])
        limit = rnd.choice([1, 2, 5, 1 << 62])
        assert s._found_hits(data, a, b, sub, limit) == s._line_hits(data, a, b, sub, limit), (data, a, b, sub)


# -- the shaping literal: big literal sets get a 3-byte literal no UTF-8 text holds ---------

@needs_hs
def test_shaping_literal_changes_no_match(monkeypatch, tmp_path):
    """A set of SHAPE_MIN literals or more is compiled with scan_hs.SHAPER (it makes Hyperscan pick
    a cheaper model on log text); its matches, in a latin-1 or binary log, reach no caller: rare hits,
    one-line blocks, first_line, lines_in and the presence test answer as brute force does."""
    monkeypatch.setenv(scan_hs.ENGINE_ENV, "hyperscan")
    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path))
    rnd = random.Random(7)
    words = [w.encode() for w, _, _ in NESTED] + [f"trigger number {i:03d} failed".encode()
                                                  for i in range(scan_hs.SHAPE_MIN)]
    line = tuple(f"metric_{i:02d}=".encode() for i in range(scan_hs.SHAPE_MIN))
    parts = words[:5] + [words[-1], line[3], line[40], scan_hs.SHAPER, scan_hs.SHAPER * 3,
                         b"\xff\xfe", b" ordinary text ", b"\n"]
    data = b"".join(rnd.choice(parts) for _ in range(20000))
    assert data.count(scan_hs.SHAPER) > 1000
    m = scan_hs.matcher(tuple(words), line)
    assert m is not None and len(words) + len(line) >= scan_hs.SHAPE_MIN
    found, blocks, _ = m.scan(data, 0, len(data), True)
    assert [s for s, _ in found] == _leftmost_longest(data, words)
    assert [lits for _, _, lits in blocks] == [
        tuple(x for x in line if x in data[a:b]) for a, b, _ in blocks]
    rare_only = m.scan(data, 0, len(data), False, rare_only=True)[0]
    assert rare_only == found
    many_lines = scan_hs.Matcher((), line)
    for _ in range(200):
        q = rnd.randint(0, len(data))
        b = rnd.randint(q, min(len(data), q + 4000))
        starts = [p for p in (data.find(x, q, b) for x in line) if p >= 0]
        assert many_lines.first_line(data, q, b) == (min(starts) if starts else -1)
        assert many_lines.lines_in(data, q, b) == tuple(x for x in line if x in data[q:b])
    present = scan_hs.presence(line)
    chunk = scan_hs.SHAPER + line[5] + scan_hs.SHAPER + line[9]
    assert sorted(present(chunk)) == [5, 9]
    assert present(scan_hs.SHAPER * 10) == []


def test_pass_searches_only_literals_containing_no_other():
    """The pass's literals (scan_hs.cover): a line with any rare literal holds one of them; the
    full set then decides each candidate line (the seam and corpus tests above check the hits)."""
    rare = (b"mem_fail", b"mem_fail_alpha", b"alpha_beta", b"fail_alpha_beta", b"zeta")
    assert scan_hs.cover(rare) == (b"alpha_beta", b"mem_fail", b"zeta")
    # a literal holding a newline spans lines: a line alone would not decide it, so nothing is left out
    assert scan_hs.cover(rare + (b"zeta\neta",)) == rare + (b"zeta\neta",)


@needs_hs
def test_candidate_lines_at_region_edges_are_decided_by_the_full_set(monkeypatch):
    """Regions not starting at offset 0 and lines without a final newline: the same hits as the fallback."""
    from oomdoc.scan import TriggerGroup

    groups = [TriggerGroup(f"g{i}", (w,), before=b, after=a) for i, (w, b, a) in enumerate(NESTED)]
    body = (b"chatter\n" * 700 + b"x mem_fail_alpha_beta_gamma_mem_fail y\n" + b"chatter\n" * 700
            + b"alpha_beta_gamma mem_fail_alpha")
    data = b"prefix line mem_fail\n" + body
    got = {}
    for engine in ("hyperscan", "fallback"):
        monkeypatch.setenv(scan_hs.ENGINE_ENV, engine)
        got[engine] = Scanner(groups, [])._hits(data, 21, len(data))
    assert got["hyperscan"] == got["fallback"]
    want = [21 + p for p in _leftmost_longest(data[21:], [w.encode() for w, _, _ in NESTED])]
    assert [p for p, _, _ in got["hyperscan"]] == want and len(want) == 4
