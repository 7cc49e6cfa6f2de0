"""The start-up caches (issue 12) change nothing but time: a run whose caches are
warm prints byte for byte what a run that filled them printed, on every corpus
case; a cache is invalidated by the file it stands for changing; a damaged,
foreign or unwritable cache is only a slower run."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from oomdoc import datafiles
from oomdoc.config import mapping

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(p for p in (ROOT / "corpus").iterdir() if (p / "train.log").is_file())
CONFIG_SUFFIXES = (".yaml", ".yml", ".json", ".sh", ".toml")

# Every case, text and JSON, in one process: the first process fills the caches from
# the sources (rules validated, YAML and JSON parsed, regexes compiled), the second
# reads all of it from them.
RUN_ALL = """
import io, sys
from oomdoc.cli import main
out = []
for case in sys.argv[1:]:
    import os
    args = [os.path.join(case, "train.log")]
    for name in sorted(os.listdir(case)):
        if name.endswith({suffixes!r}) and name != "expected.yaml":
            args += ["--config", os.path.join(case, name)]
    for fmt in ("text", "json"):
        buf, err = io.StringIO(), io.StringIO()
        sys.stdout, sys.stderr = buf, err
        try:
            rc = main(["explain", *args, "--format", fmt])
        except SystemExit as exc:
            rc = exc.code
        finally:
            sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        out.append(f"\\x00== {{case}} {{fmt}} rc={{rc}}\\n{{buf.getvalue()}}\\n-- stderr\\n{{err.getvalue()}}")
sys.stdout.write("".join(out))
""".format(suffixes=CONFIG_SUFFIXES)


def _run_all(cache: Path) -> tuple[str, list[str]]:
    env = dict(os.environ, NO_COLOR="1", OOMDOC_CACHE_DIR=str(cache))
    env.pop("OOMDOC_NO_REGEX_CACHE", None)
    res = subprocess.run([sys.executable, "-c", RUN_ALL, *map(str, CASES)], capture_output=True, text=True,
                         env=env, timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    return res.stdout, sorted(os.listdir(cache))


def test_warm_runs_print_what_cold_runs_print_on_every_corpus_case(tmp_path):
    cache = tmp_path / "cache"
    cold, written = _run_all(cache)
    assert {n.split("-", 1)[0] for n in written} >= {"rules", "signatures", "frameworks", "regex"}, written
    warm, again = _run_all(cache)
    assert again == written, "the warm run found every cache it needed"
    assert cold.count("\x00== ") == 2 * len(CASES)
    assert warm == cold


def test_cache_files_round_trip_and_refuse_what_is_not_theirs(tmp_path):
    path = str(tmp_path / "c" / "x.marshal")
    payload = {"a": [1, 2.5, None, True, "caf\u00e9 \ud800"], "b": (b"\x00\xff", {"k": -3})}
    datafiles.write_cache(path, datafiles.cache_bytes("key-1", payload))
    assert datafiles.read_cache(path, "key-1") == payload
    assert datafiles.read_cache(path, "key-2") is None                      # written for another key
    assert datafiles.read_cache(str(tmp_path / "missing"), "key-1") is None
    data = open(path, "rb").read()
    for damaged in (data[:-4], b"", b"\x00garbage", b'{"json": 1}'):
        with open(path, "wb") as fh:
            fh.write(damaged)
        assert datafiles.read_cache(path, "key-1") is None
    assert datafiles.cache_bytes("k", {"not plain data": object()}) is None
    datafiles.write_cache(path, None)             # nothing to write: the file is left as it is
    assert open(path, "rb").read() == b'{"json": 1}'


def test_the_framework_files_cache_follows_the_files(tmp_path, monkeypatch):
    import shutil

    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path / "cache"))
    d = tmp_path / "frameworks"
    shutil.copytree(mapping.FRAMEWORK_DIR, d)
    mapping._framework_files.cache_clear()
    first = mapping._framework_files(str(d))
    assert first["verl"]["id"] == "verl" and list(first) == sorted(first)
    mapping._framework_files.cache_clear()
    assert mapping._framework_files(str(d)) == first                       # read back from the cache
    text = (d / "verl.json").read_text(encoding="utf-8").replace('"id": "verl"', '"id": "verl", "x": 1', 1)
    (d / "verl.json").write_text(text, encoding="utf-8")
    (d / "broken.json").write_text("{not json", encoding="utf-8")
    mapping._framework_files.cache_clear()
    changed = mapping._framework_files(str(d))
    assert changed["verl"]["x"] == 1 and changed["broken"] is None
    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(d / "verl.json" / "sub"))  # unwritable: read afresh
    mapping._framework_files.cache_clear()
    assert mapping._framework_files(str(d)) == changed
    mapping._framework_files.cache_clear()


def test_tables_kept_in_the_regex_cache_equal_fresh_ones(tmp_path, monkeypatch):
    """The parsers' key tables and the scanner's trigger windows, read back from the
    cache (re_cache.derived), are what building them afresh gives."""
    from oomdoc import parsers, pipeline, re_cache, scan

    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path))
    mods = tuple(parsers.modules())
    groups = tuple(pipeline._triggers()[0])
    keys = tuple(tuple(getattr(m, "KEYS", ())) for m in mods)
    fresh = (pipeline._key_tables(keys), scan._variant_windows(groups))
    for _ in range(2):       # filled, saved, then read back as a new process would
        monkeypatch.setattr(re_cache, "_loaded", None)
        monkeypatch.setattr(re_cache, "_new", {})
        index = pipeline.KeyIndex(mods)
        assert index._candidates == fresh[0][1]
        assert scan._contexts.__wrapped__(groups) == fresh[1]
        re_cache.save()
    assert not re_cache._new


def test_catalogue_facts_kept_in_the_cache_equal_fresh_ones(tmp_path, monkeypatch):
    """The facts each family declares from the catalogue (`signatures.tag_facts`), read back
    from the cache, are what walking the catalogue gives, in the same order."""
    from oomdoc import re_cache, signatures

    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path))
    kinds = signatures.kinds()
    for _ in range(2):       # filled, saved, then read back as a new process would
        monkeypatch.setattr(re_cache, "_loaded", None)
        monkeypatch.setattr(re_cache, "_new", {})
        for wanted in (kinds, {"oom"}, set()):
            got = signatures.tag_facts(wanted)
            fresh = signatures._tag_facts(sorted(wanted))
            assert got == fresh and list(got) == list(fresh)
        re_cache.save()
    assert not re_cache._new


def test_catalogue_read_back_from_its_rows_equals_the_yaml(tmp_path, monkeypatch):
    """The signature catalogue made from the cached rows is the one made from the YAML."""
    from oomdoc import signatures

    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path))
    cold = signatures.catalogue.__wrapped__()
    assert list(tmp_path.glob("signatures-*.marshal"))
    warm = signatures.catalogue.__wrapped__()
    assert warm == cold and len(warm.entries) > 100
    assert [vars(e) for e in warm.entries] == [vars(e) for e in cold.entries]
