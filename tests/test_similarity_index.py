"""Closest corpus cases come from a precomputed index shipped in the package; a case the
index does not hold (or holds for other file contents) is read, so the hint stays right."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from oomdoc.pipeline import read_events
from oomdoc import similarity

ROOT = Path(__file__).resolve().parent.parent
PICK = ["notoom-verl-fsdp-illegal-memory-access", "notoom-trl-ppo-uncorrectable-ecc",
        "allocator-fragmentation-deepspeed-zero3-cache-flushes"]


@pytest.fixture()
def corpus(tmp_path, monkeypatch):
    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path / "cache"))   # no user cache from other runs
    root = tmp_path / "corpus"
    for name in PICK:
        src = ROOT / "corpus" / name
        if not src.is_dir():
            pytest.skip(f"corpus case {name} is gone")
        shutil.copytree(src, root / name)
    return root


def _query(tmp_path):
    log = tmp_path / "odd.log"
    log.write_text("step 1\nRuntimeError: CUDA error: an illegal memory access was encountered\n")
    return read_events(str(log))


def test_the_index_gives_what_reading_the_cases_gives(corpus, tmp_path, monkeypatch):
    analysis = _query(tmp_path)
    index = tmp_path / "index.json"
    index.write_text(json.dumps(similarity.build_index(corpus)))
    fresh = similarity.closest(analysis, corpus=corpus)
    assert fresh and fresh[0][2] == "not-oom"
    shutil.rmtree(tmp_path / "cache")
    monkeypatch.setattr(similarity, "INDEX", index)
    monkeypatch.setattr(similarity, "_case_signature", lambda case: pytest.fail(f"read {case.name}"))
    assert similarity.closest(analysis, corpus=corpus) == fresh


def test_a_changed_case_is_read_again(corpus, tmp_path, monkeypatch):
    index = tmp_path / "index.json"
    index.write_text(json.dumps(similarity.build_index(corpus)))
    shutil.rmtree(tmp_path / "cache", ignore_errors=True)
    changed = corpus / PICK[0] / "train.log"
    changed.write_text(changed.read_text() + "\n")
    read = []
    real = similarity._case_signature
    monkeypatch.setattr(similarity, "INDEX", index)
    monkeypatch.setattr(similarity, "_case_signature", lambda case: read.append(case.name) or real(case))
    sigs = similarity._corpus_signatures(corpus)
    assert read == [PICK[0]]
    assert {name for name, _, _ in sigs} == set(PICK)


def test_the_shipped_index_lives_in_the_package_and_covers_the_corpus():
    data = json.loads(similarity.INDEX.read_text(encoding="utf-8"))
    assert similarity.INDEX.parent.name == "oomdoc"          # inside the package: in the wheel
    assert data["format"] == similarity.INDEX_FORMAT
    assert len(data["cases"]) >= 50 and all("fp" in e and "sig" in e for e in data["cases"].values())


def test_the_user_cache_is_read_while_the_cases_stand_and_not_once_one_changed(corpus, tmp_path, monkeypatch):
    """The user cache (one stat per case file, a marshal file) serves a second process as
    long as no case file changed; an edited case misses it and is read again."""
    import os

    index = tmp_path / "index.json"
    index.write_text(json.dumps(similarity.build_index(corpus)))
    monkeypatch.setattr(similarity, "INDEX", index)
    first = similarity._read_corpus_signatures(corpus)           # fills the user cache
    assert list((tmp_path / "cache").glob("corpus-*.marshal"))
    monkeypatch.setattr(similarity, "_load_index", lambda path: pytest.fail("the cache was not used"))
    assert similarity._read_corpus_signatures(corpus) == first
    changed = corpus / PICK[1] / "expected.yaml"
    changed.write_text(changed.read_text() + "\n# edited\n")
    st = changed.stat()
    os.utime(changed, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    monkeypatch.setattr(similarity, "_load_index", lambda path: {})
    read = []
    real = similarity._case_signature
    monkeypatch.setattr(similarity, "_case_signature", lambda case: read.append(case.name) or real(case))
    assert similarity._read_corpus_signatures(corpus) == first
    assert sorted(read) == sorted(PICK)      # the cache missed: with no index, every case is read
