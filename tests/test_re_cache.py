"""re_cache: patterns rebuilt from the cached engine code are the patterns `re.compile`
makes; a missing, foreign, corrupt or unwritable cache only means compiling afresh."""
from __future__ import annotations

import marshal
import os
import re
import subprocess
import sys

import pytest

from oomdoc import re_cache

PATTERNS = [
    (r"\[rank(\d+)\]:\s?", 0),
    (r"(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL)(?:\s*[-:|]\s*|\s+)", 0),
    (r"(?i)tried to allocate (?P<n>[\d.]+) ?(?P<u>[KMG]i?B)", 0),
    (r"^\s*step:(\d+)$", re.M | re.I),
    (rb"out of memory|OutOfMemory", 0),
    (r"x{2,}?y*(?=z)(?!w)", 0),
    ("caf\u00e9 \ud800 (?P<w>\\w+)", 0),
]


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(re_cache, "_loaded", None)
    monkeypatch.setattr(re_cache, "_new", {})
    monkeypatch.setattr(re_cache, "_made", {})
    return tmp_path


def _reload(monkeypatch):
    """As a new process finds it: the file not read yet, nothing made or added."""
    monkeypatch.setattr(re_cache, "_loaded", None)
    monkeypatch.setattr(re_cache, "_new", {})
    monkeypatch.setattr(re_cache, "_made", {})


def test_cached_patterns_equal_fresh_ones(fresh, monkeypatch):
    first = [re_cache.compile(p, f) for p, f in PATTERNS]
    assert first == [re.compile(p, f) for p, f in PATTERNS]
    re_cache.save()
    assert os.path.isfile(re_cache.cache_file())
    _reload(monkeypatch)
    again = [re_cache.compile(p, f) for p, f in PATTERNS]
    assert not re_cache._new, "every pattern came from the cache"
    assert again == first
    rx = again[2]
    m = rx.search("CUDA OOM. Tried to allocate 2.00 GiB")
    assert (m.group("n"), m.group("u"), rx.groupindex["n"], rx.flags & re.I) == ("2.00", "GiB", 1, re.I)


def test_a_corrupt_or_foreign_cache_is_compiled_afresh(fresh, monkeypatch):
    path = re_cache.cache_file()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(b"\x00garbage")
    assert re_cache.compile(*PATTERNS[0]) == re.compile(*PATTERNS[0])
    re_cache.save()
    with open(path, "rb") as fh:
        tag, entries = marshal.load(fh)     # (format and Python build, {key: packed entry})
    assert all(type(v) is bytes for v in entries.values())
    bad_entries = [marshal.dumps(x) for x in ((0, [1, 2, 3], 0, {}, (None,)), (0, b"\x01\x00", 0, {}, (None,)),
                                              "text", (1, 2))]
    for bad in (*bad_entries, bad_entries[0][:-2], b"", (0, [1], 0, {}, (None,))):
        # a code the engine refuses, cut bytes, another shape, a damaged or an unpacked entry
        with open(path, "wb") as fh:
            marshal.dump((tag, {key: bad for key in entries}), fh)
        _reload(monkeypatch)
        assert re_cache.compile(*PATTERNS[0]) == re.compile(*PATTERNS[0])
        assert re_cache._new, "the bad entry is compiled afresh and replaced"
    with open(path, "wb") as fh:
        fh.write(marshal.dumps((tag, entries))[:-3])        # a file cut short
    _reload(monkeypatch)
    assert re_cache.compile(*PATTERNS[0]) == re.compile(*PATTERNS[0])
    assert re_cache._new
    with open(path, "wb") as fh:
        fh.write(marshal.dumps(("another build", entries)))  # written by another Python
    _reload(monkeypatch)
    assert re_cache.compile(*PATTERNS[0]) == re.compile(*PATTERNS[0])
    assert re_cache._new


def test_an_unwritable_cache_dir_is_only_slower(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(blocker / "sub"))
    _reload(monkeypatch)
    assert re_cache.compile(*PATTERNS[1]) == re.compile(*PATTERNS[1])
    re_cache.save()
    assert blocker.read_text() == "not a directory"


def test_the_cache_is_written_at_exit(tmp_path):
    env = dict(os.environ, OOMDOC_CACHE_DIR=str(tmp_path))
    code = "from oomdoc import re_cache; re_cache.compile(r'a(b+)c'); print(re_cache.cache_file())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    path = out.stdout.strip()
    assert os.path.isfile(path) and path.startswith(str(tmp_path))
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_built_pattern_text_is_cached_under_its_key(fresh, monkeypatch):
    calls = []

    def build(words=("out of memory", "oom")):
        calls.append(words)
        return "|".join(re.escape(w) for w in words)

    first = re_cache.compile_built("k1", build)
    re_cache.save()
    _reload(monkeypatch)
    again = re_cache.compile_built("k1", build)
    assert again == first and again.search("CUDA out of memory") and len(calls) == 1
    other = re_cache.compile_built("k2", lambda: build(("killed",)))
    assert other.pattern == "killed" and len(calls) == 2


def test_escape_flags_and_search_are_re_s_own():
    """What modules use instead of importing `re` (a warm run never does) behaves as `re`."""
    text = "".join(chr(i) for i in range(600)) + "caf\u00e9 [a-z]+ (x|y)? $HOME"
    assert re_cache.escape(text) == re.escape(text)
    assert re_cache.escape(text.encode("utf-8", "surrogatepass")) == re.escape(text.encode("utf-8", "surrogatepass"))
    assert (re_cache.I, re_cache.M, re_cache.S, re_cache.X, re_cache.A) == (re.I, re.M, re.S, re.X, re.A)
    assert re_cache.IGNORECASE == re.IGNORECASE and re_cache.MULTILINE == re.MULTILINE
    assert re_cache.search(r"^b\w", "a\nBc", re_cache.M | re_cache.I).group() == "Bc"
    assert re_cache.compile(r"a(b)") is re_cache.compile(r"a(b)")       # kept per process, as re keeps them


def test_derived_data_is_kept_under_its_kind_and_text(fresh, monkeypatch):
    calls = []

    def build():
        calls.append(1)
        return frozenset({"out of memory"}), {"k": (1, 2)}

    first = re_cache.derived("test1", "pattern text", build)
    re_cache.save()
    _reload(monkeypatch)
    assert re_cache.derived("test1", "pattern text", build) == first and len(calls) == 1
    assert not re_cache._new, "read back from the file"
    re_cache.derived("test2", "pattern text", build)        # another builder version: built again
    re_cache.derived("test1", "other text", build)
    assert len(calls) == 3



def test_a_file_grown_too_big_starts_over_with_what_a_run_used(fresh, monkeypatch):
    """Derived tables are keyed by the code's mtime: every upgrade leaves old ones behind. A
    file past MAX_BYTES is rewritten (even by a run that added nothing) with what that run
    read, so reading it stays cheap (issue 12)."""
    from oomdoc.datafiles import cache_bytes, pack, write_cache

    stale = {f"dold{i}:" + "x" * 200: pack((i,)) for i in range(50)}
    first = [re_cache.compile(p, f) for p, f in PATTERNS]
    re_cache.save()
    _reload(monkeypatch)
    store = re_cache._read(re_cache.cache_file())
    store.update(stale)
    write_cache(re_cache.cache_file(), cache_bytes(re_cache._file_key(), store))
    monkeypatch.setattr(re_cache, "MAX_BYTES", re_cache._size(store) - 1)
    monkeypatch.setattr(re_cache, "_used", set())
    monkeypatch.setattr(re_cache, "_oversized", [])
    used = [re_cache.compile(p, f) for p, f in PATTERNS[:3]]
    assert used == first[:3] and not re_cache._new, "read from the cache"
    re_cache.save()
    kept = re_cache._read(re_cache.cache_file())
    assert set(kept) == set(re_cache._used) and len(kept) == 3
    _reload(monkeypatch)
    assert [re_cache.compile(p, f) for p, f in PATTERNS] == first     # the rest compiled afresh
