"""Hostile and odd inputs through the real CLI: bounded memory and time, one clear line.

Every case runs `python -m oomdoc ...` in a child process and checks the exit
status, that stderr is at most one line and never a traceback, and - where
size is the point - the child's peak RSS (from `wait4`) and wall time. The
numbers quoted in README `## Limits` come from these cases (and from
bench/bench_stdin_10g.py for the 10 GB stream).
"""
from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
OOM_CASE = CORPUS / "micro-batch-too-large-verl-v04-update-actor"
OOM_LINE = (b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
            b"capacity of 79.15 GiB of which 1.00 GiB is free. Of the allocated memory 70.00 GiB is "
            b"allocated by PyTorch, and 3.00 GiB is reserved by PyTorch but unallocated.\n")
RSS_MB = 300          # peak RSS allowed for any of these runs (an idle oomdoc is ~30-60 MB)

# A writer process: SIZE bytes of ordinary worker chatter, then the file TAIL (if any).
WRITER = r"""
import sys
size, tail = int(sys.argv[1]), sys.argv[2]
line = b"(WorkerDict pid=1234, ip=10.0.0.1) INFO 12-01 10:00:00 worker.py:88] step ok 0.123 tok/s 4567\n"
blk = line * ((4 << 20) // len(line))
out = sys.stdout.buffer
n = 0
while n < size:
    out.write(blk)
    n += len(blk)
if tail:
    out.write(open(tail, "rb").read())
out.flush()
"""


# Runs oomdoc as its child and writes the child's peak RSS (KiB) to argv[1]. A small
# parent: a child forked straight from pytest would count pytest's pages in ru_maxrss.
MEASURE = r"""
import resource, subprocess, sys
rc = subprocess.call(sys.argv[2:])
with open(sys.argv[1], "w") as f:
    f.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
sys.exit(rc if rc >= 0 else 128 - rc)
"""


class Run:
    def __init__(self, rc, out, err, rss_mb, seconds):
        self.rc, self.out, self.err, self.rss_mb, self.seconds = rc, out, err, rss_mb, seconds


def oomdoc(*args, stdin=None, timeout=120, cwd=None) -> Run:
    """Run the CLI in a child; its exit status, output, peak RSS (MiB) and wall time."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        rss_file = Path(tmp) / "rss"
        out, err = open(Path(tmp) / "out", "w+b"), open(Path(tmp) / "err", "w+b")
        t0 = time.monotonic()
        p = subprocess.Popen([sys.executable, "-c", MEASURE, str(rss_file), sys.executable, "-m", "oomdoc",
                              *args], stdin=stdin if stdin is not None else subprocess.DEVNULL,
                             stdout=out, stderr=err, cwd=cwd or ROOT, start_new_session=True)
        try:
            rc = p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            pytest.fail(f"oomdoc {' '.join(args)[:200]} ran longer than {timeout}s")
        seconds = time.monotonic() - t0
        out.seek(0)
        err.seek(0)
        r = Run(rc, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"),
                int(rss_file.read_text()) / 1024, seconds)
        out.close()
        err.close()
        return r


def assert_clean_error(r: Run, *words: str) -> None:
    """Exit 2 and exactly one line on stderr naming the problem."""
    assert r.rc == 2, (r.rc, r.err)
    assert "Traceback" not in r.err
    lines = r.err.strip().splitlines()
    assert len(lines) == 1, r.err
    assert lines[0].startswith("oomdoc: ")
    for w in words:
        assert w in lines[0], lines[0]


def assert_no_traceback(r: Run) -> None:
    assert "Traceback" not in r.err and "Traceback" not in r.out, r.err[-2000:]


# -- sizes --------------------------------------------------------------------------

def test_100mb_line_is_cut_and_the_oom_after_it_is_read(tmp_path):
    log = tmp_path / "long.log"
    with open(log, "wb") as f:
        f.write(b"x" * (100 << 20) + b"\n")
        f.write(OOM_LINE)
    r = oomdoc("facts", str(log), "--format", "json")
    assert r.rc == 0, r.err
    assert_no_traceback(r)
    data = json.loads(r.out)
    assert data["stats"]["cut_lines"] == 1 and data["stats"]["lines"] == 2
    oom = [e for e in data["events"] if e["kind"] == "gpu_oom"]
    assert oom and oom[0]["facts"]["requested_bytes"] == 2 << 30
    assert r.rss_mb < RSS_MB, r.rss_mb


def _stream(size: int, tail: Path | None):
    return subprocess.Popen([sys.executable, "-c", WRITER, str(size), str(tail or "")], stdout=subprocess.PIPE)


def _streamed(size: int, *args):
    """oomdoc ARGS reading `size` bytes of chatter, then an OOM case, from a writer's pipe."""
    writer = _stream(size, OOM_CASE / "train.log")
    try:
        return oomdoc(*args, stdin=writer.stdout, timeout=180)
    finally:
        writer.stdout.close()
        writer.wait()


def test_200mb_stdin_stream_bounded_rss_and_finds_the_oom_at_the_end():
    r = _streamed(200_000_000, "facts", "-", "--format", "json")
    assert r.rc == 0, r.err
    assert_no_traceback(r)
    data = json.loads(r.out)
    assert data["stats"]["bytes"] > 200_000_000
    assert any(e["kind"] == "gpu_oom" for e in data["events"])
    assert r.rss_mb < RSS_MB, r.rss_mb


def test_64mb_stream_in_live_mode_bounded_rss_and_diagnosed():
    r = _streamed(64_000_000, "explain", "-", "--format", "jsonl")
    assert r.rc == 0, r.err
    assert_no_traceback(r)
    reports = [json.loads(ln) for ln in r.out.splitlines() if ln.strip()]
    assert reports and reports[0]["diagnoses"][0]["cause"] == "micro-batch-too-large"
    assert r.rss_mb < RSS_MB, r.rss_mb


# -- compressed -----------------------------------------------------------------------

def test_gzip_bomb_is_refused_fast_with_bounded_memory(tmp_path):
    bomb = tmp_path / "bomb.log.gz"
    c = zlib.compressobj(9, zlib.DEFLATED, 31)     # 31: gzip container
    block = b"a" * (16 << 20)
    with open(bomb, "wb") as f:
        for _ in range(64):                          # 1 GiB of output from ~1 MB
            f.write(c.compress(block))
        f.write(c.flush())
    assert bomb.stat().st_size < (2 << 20)
    r = oomdoc("facts", str(bomb), timeout=60)
    assert_clean_error(r, "gzip", "refusing")
    assert r.rss_mb < RSS_MB and r.seconds < 30, (r.rss_mb, r.seconds)


def test_gzip_bomb_through_stdin_is_refused_too(tmp_path):
    data = gzip.compress(b"b" * (256 << 20), 9)
    bomb = tmp_path / "bomb.gz"
    bomb.write_bytes(data)
    with open(bomb, "rb") as fh:
        r = oomdoc("facts", "-", stdin=fh, timeout=60)
    assert_clean_error(r, "<stdin>", "gzip")


def test_corrupt_and_truncated_gzip(tmp_path):
    good = gzip.compress((OOM_CASE / "train.log").read_bytes())
    bad = tmp_path / "bad.log.gz"
    bad.write_bytes(good[:20] + b"\xff" * 200 + good[220:])
    assert_clean_error(oomdoc("facts", str(bad)), "corrupt gzip")
    cut = tmp_path / "cut.log.gz"                   # a log still being written: read what is there
    cut.write_bytes(good[: len(good) * 3 // 4])
    r = oomdoc("facts", str(cut))
    assert r.rc == 0 and r.err == "", r.err


def test_gzip_of_a_binary_file(tmp_path):
    p = tmp_path / "weights.bin.gz"
    p.write_bytes(gzip.compress(os.urandom(200_000)))
    assert_clean_error(oomdoc("facts", str(p)), "binary")


# -- config bombs -----------------------------------------------------------------------

def _laughs_yaml(levels=9, width=10) -> str:
    lines = ["a0: &a0 {" + ", ".join(f"k{i}: lol" for i in range(width)) + "}"]
    for j in range(1, levels):
        lines.append(f"a{j}: &a{j} {{" + ", ".join(f"k{i}: *a{j - 1}" for i in range(width)) + "}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name,text,words", [
    ("laughs.yaml", _laughs_yaml(), "aliases expand"),
    ("list_laughs.yaml", "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"b{i}: &b{i} [{', '.join([f'*{p}'] * 10)}]\n" for i, p in
        enumerate(["a"] + [f"b{k}" for k in range(8)])), "aliases expand"),
    ("recursive.yaml", "a: &a {b: *a}\n", "refers to itself"),
    ("deep.yaml", "a: " + "[" * 50_000 + "]" * 50_000 + "\n", "nested deeper"),
    ("deep_block.yaml", "".join("  " * i + f"k{i}:\n" for i in range(300)) + "  " * 300 + "v: 1\n",
     "nested deeper"),
    ("deep.json", "[" * 100_000 + "]" * 100_000, "nested"),
    ("deep_obj.json", '{"a":' * 50_000 + "1" + "}" * 50_000, "nested"),
    ("deep_ok_then_deeper.json", '{"a":' * 500 + "1" + "}" * 500, "nested deeper"),
    ("deep.toml", "a = " + "[" * 50_000 + "]" * 50_000 + "\n", "TOML"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 40 else "")
def test_config_file_bombs_are_skipped_with_a_warning(tmp_path, name, text, words):
    cfg = tmp_path / name
    cfg.write_text(text)
    r = oomdoc("explain", str(OOM_CASE / "train.log"), "--config", str(cfg), "--format", "json", timeout=60)
    assert r.rc == 0, r.err
    assert_no_traceback(r)
    assert r.err == ""
    rep = json.loads(r.out)
    assert any(name in w and words in w for w in rep["warnings"]), rep["warnings"]
    assert rep["diagnoses"][0]["cause"] == "micro-batch-too-large"   # the log is still diagnosed
    assert r.rss_mb < RSS_MB and r.seconds < 30, (r.rss_mb, r.seconds)


def test_config_bombs_printed_inside_the_log(tmp_path):
    """A YAML dump with a billion laughs, a 50 000-deep JSON and dict dump, in the log itself."""
    laughs = "\n".join("  " + ln for ln in _laughs_yaml().splitlines())
    log = tmp_path / "train.log"
    log.write_bytes(
        b"actor_rollout_ref:\n" + laughs.encode() + b"\n"
        + b"json = {" + b'"a": ' * 0 + b"[" * 50_000 + b"]" * 50_000 + b"}\n"
        + b"{'actor_rollout_ref': " + b"{'a': " * 50_000 + b"1" + b"}" * 50_001 + b"\n"
        + (OOM_CASE / "train.log").read_bytes())
    r = oomdoc("explain", str(log), "--format", "json", timeout=60)
    assert r.rc == 0, r.err
    assert_no_traceback(r)
    rep = json.loads(r.out)
    assert any("aliases expand" in w for w in rep["warnings"]), rep["warnings"]
    assert rep["diagnoses"][0]["cause"] == "micro-batch-too-large"
    assert r.rss_mb < RSS_MB and r.seconds < 30, (r.rss_mb, r.seconds)


def test_huge_and_binary_config_files(tmp_path):
    big = tmp_path / "big.yaml"
    with open(big, "w") as f:
        for i in range(700_000):                     # ~10 MB, beyond the 8 MiB read
            f.write(f"key_{i}: {i}\n")
    binary = tmp_path / "blob.yaml"
    binary.write_bytes(os.urandom(100_000))
    r = oomdoc("explain", str(OOM_CASE / "train.log"), "--config", str(big), "--format", "json", timeout=120)
    assert r.rc == 0, r.err
    assert_no_traceback(r)
    rep = json.loads(r.out)
    assert any("big.yaml" in w and "larger than 8 MiB" in w for w in rep["warnings"]), rep["warnings"]
    assert r.rss_mb < 1000, r.rss_mb
    # a binary file given as --config is a usage error, like a binary log
    assert_clean_error(oomdoc("explain", str(OOM_CASE / "train.log"), "--config", str(binary)),
                       "blob.yaml", "binary")


def test_config_that_is_not_a_regular_file(tmp_path):
    r = oomdoc("explain", str(OOM_CASE / "train.log"), "--config", str(tmp_path))
    assert_clean_error(r, str(tmp_path), "config")


# -- odd files --------------------------------------------------------------------------

def test_binary_file(tmp_path):
    p = tmp_path / "model.safetensors"
    p.write_bytes(os.urandom(1 << 20))
    assert_clean_error(oomdoc("explain", str(p)), "binary")


def test_dev_zero_is_refused_as_binary_at_once():
    r = oomdoc("facts", "/dev/zero", timeout=30)
    assert_clean_error(r, "/dev/zero", "binary")
    assert r.seconds < 15 and r.rss_mb < RSS_MB


def test_empty_and_dev_null(tmp_path):
    (tmp_path / "empty.log").write_bytes(b"")
    assert_clean_error(oomdoc("explain", str(tmp_path / "empty.log")), "empty")
    assert_clean_error(oomdoc("facts", "/dev/null"), "empty")


def test_directory(tmp_path):
    assert_clean_error(oomdoc("explain", str(tmp_path)), "directory")


def test_missing_file(tmp_path):
    assert_clean_error(oomdoc("explain", str(tmp_path / "nope.log")), "no such file")


def test_symlink_loop(tmp_path):
    a, b = tmp_path / "a.log", tmp_path / "b.log"
    a.symlink_to(b)
    b.symlink_to(a)
    assert_clean_error(oomdoc("facts", str(a)), "a.log", "symbolic links")


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads any file")
def test_file_without_read_permission(tmp_path):
    p = tmp_path / "secret.log"
    p.write_bytes(OOM_LINE)
    p.chmod(0)
    assert_clean_error(oomdoc("facts", str(p)), "permission denied")


def test_fifo_is_read_like_a_stream(tmp_path):
    fifo = tmp_path / "pipe.log"
    os.mkfifo(fifo)
    writer = subprocess.Popen([sys.executable, "-c",
                               "import sys,time; f=open(sys.argv[1],'wb'); f.write(b'hello\\n'); f.flush();"
                               "time.sleep(0.5); f.write(open(sys.argv[2],'rb').read()); f.close()",
                               str(fifo), str(OOM_CASE / "train.log")])
    r = oomdoc("explain", str(fifo), "--format", "json", timeout=60)
    writer.wait(timeout=30)
    assert r.rc == 0, r.err
    assert json.loads(r.out)["diagnoses"][0]["cause"] == "micro-batch-too-large"


def test_fifo_without_writer_waits_and_ctrl_c_ends_it_quietly(tmp_path):
    fifo = tmp_path / "pipe.log"
    os.mkfifo(fifo)
    from conftest import sigint_default, wait_blocked

    p = subprocess.Popen([sys.executable, "-m", "oomdoc", "facts", str(fifo)], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=sigint_default)
    wait_blocked(p, "open")            # like `cat FIFO`: it waits for a writer
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=20)
    assert p.returncode == 130
    assert b"Traceback" not in err and len(err.strip().splitlines()) <= 1


def test_nul_bytes_and_invalid_utf8_inside_a_text_log(tmp_path):
    p = tmp_path / "odd.log"
    p.write_bytes(b"ok line\n" * 1000 + b"\x00\x00bad\xff\xfe utf8\n" + b"\xc3\x28\n" + OOM_LINE)
    r = oomdoc("facts", str(p), "--format", "json")
    assert r.rc == 0, r.err
    assert any(e["kind"] == "gpu_oom" for e in json.loads(r.out)["events"])
