"""Live mode with real processes and real pipes/files (no mocked pipe).

The test process writes into `oomdoc explain -`'s stdin pipe (or into the file
`oomdoc watch` follows) and reads its `--format jsonl` output as it comes:
interleaved ranks, a chained exception written in pieces, an incident closed
only by the idle interval (also while another source keeps talking), watch
across late creation / truncation / rotation, --exit-on-oom, Ctrl-C.
"""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time

import pytest

from oomdoc.stream import FileFollower, LiveSession

FLUSH = 0.3
OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {gib:.2f} GiB. GPU 0 has a total capacity "
       "of 79.15 GiB of which 1.19 GiB is free. Of the allocated memory 70.00 GiB is allocated by PyTorch, and "
       "5.00 GiB is reserved by PyTorch but unallocated.")


def oom(gib: float) -> str:
    return OOM.format(gib=gib)


def traceback(prefix: str, gib: float, fn: str = "step") -> list[str]:
    return [f"{prefix}Traceback (most recent call last):",
            f'{prefix}  File "/job/train.py", line 88, in {fn}',
            f"{prefix}    loss.backward()",
            f"{prefix}{oom(gib)}"]


class Doc:
    """A running oomdoc process whose JSON lines are read with a deadline."""

    def __init__(self, args: list[str], cwd, stdin=subprocess.PIPE, flush: float = FLUSH):
        self.proc = subprocess.Popen([sys.executable, "-m", "oomdoc", *args, "--format", "jsonl",
                                      "--flush-after", str(flush)],
                                     stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
        self.buf = b""

    def write(self, lines: list[str]) -> float:
        self.proc.stdin.write("".join(ln + "\n" for ln in lines).encode())
        self.proc.stdin.flush()
        return time.monotonic()

    def report(self, timeout: float = 30.0) -> dict | None:
        deadline = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            data = os.read(fd, 1 << 20)
            if not data:
                return None
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        return self.proc.stderr.read().decode(errors="replace")


@pytest.fixture
def doc(tmp_path):
    procs = []

    def start(*args, **kw):
        d = Doc(list(args), tmp_path, **kw)
        procs.append(d)
        return d

    yield start
    for d in procs:
        d.stop()


def ooms(report: dict) -> list[dict]:
    return [e for e in report["events"] if e["kind"] == "gpu_oom"]


def test_interleaved_tracebacks_of_two_ranks_are_one_incident(doc):
    d = doc("explain", "-")
    a, b = traceback("[rank0]: ", 2.0), traceback("[rank1]: ", 2.0)
    d.write(["step 41 done"])
    for x, y in zip(a, b):                 # line by line, as two processes print
        d.write([x, y])
        time.sleep(0.02)
    rep = d.report()
    assert rep is not None, "no diagnosis while the pipe is still open"
    [ev] = ooms(rep)
    assert ev["ranks"] == [0, 1] and ev["count"] == 2
    assert (ev["line"], ev["end_line"]) == (2, 9)      # first header .. last exception line
    assert ev["facts"]["requested_bytes"] == 2 * 2**30
    assert d.report(timeout=1.0) is None               # one incident, not two


def test_chained_exception_written_in_pieces_is_not_split(doc):
    d = doc("explain", "-", flush=5.0)      # pieces written back to back, far inside the idle interval
    d.write(["epoch 3", "Traceback (most recent call last):", '  File "/job/data.py", line 12, in load',
             "KeyError: 'input_ids'"])
    d.write(["", "During handling of the above exception, another exception occurred:", ""])
    d.write(traceback("", 1.5, fn="retry"))
    rep = d.report()
    assert rep is not None
    [ev] = ooms(rep)
    assert ev["line"] == 2                  # starts at the first traceback: one record
    assert ev["end_line"] == 11
    assert ev["facts"]["requested_bytes"] == int(1.5 * 2**30)


def test_incident_closed_only_by_the_idle_interval(doc):
    d = doc("explain", "-")
    written = d.write(["step 7 loss=0.3", *traceback("", 2.0)])   # nothing follows; the pipe stays open
    rep = d.report()
    got = time.monotonic()
    assert rep is not None and d.proc.poll() is None
    assert ooms(rep)[0]["facts"]["requested_bytes"] == 2 * 2**30
    assert FLUSH <= got - written < FLUSH + 3.0


def test_quiet_source_closes_while_another_source_keeps_talking(doc):
    """The OOM's source falls silent; a vLLM engine keeps printing. The record
    must close on its own source's idle interval, not on the stream's."""
    d = doc("explain", "-")
    written = d.write(traceback("[rank3]: ", 3.0))
    got = None
    for i in range(200):                    # ~4 s of chatter from another source
        d.write([f"(vLLMEngine pid=900) INFO metrics.py:351 Avg prompt throughput: {i}.0 tokens/s"])
        if select.select([d.proc.stdout.fileno()], [], [], 0.02)[0]:
            got = time.monotonic()
            break
    assert got is not None, "the incident waited for the whole stream to go quiet"
    rep = d.report()
    assert ooms(rep)[0]["ranks"] == [3]
    assert got - written < FLUSH + 2.0


def test_watch_late_file_truncation_and_rotation(tmp_path, doc):
    """No sleeps: --from-start reads the file whole whether it appears before or after the
    watcher starts (a late file without it: test_stream.py), and the truncated file is
    refilled with less than it held, so the truncation shows whenever the watcher looks."""
    path = tmp_path / "train.log"
    d = doc("watch", str(path), "--from-start", stdin=subprocess.DEVNULL)
    first = ["boot", *[f"step {i} loss 0.5" for i in range(1, 40)], *traceback("", 1.0)]
    path.write_text("\n".join(first) + "\n")
    rep = d.report()
    assert rep is not None and ooms(rep)[0]["facts"]["requested_bytes"] == 1 * 2**30
    assert rep["stats"]["lines"] == len(first)          # read whole, from its start

    with open(path, "r+") as fh:            # copytruncate: emptied in place ...
        fh.truncate(0)
    with open(path, "a") as fh:             # ... and the job goes on writing
        fh.write("\n".join(traceback("", 2.0)) + "\n")
    rep = d.report()
    assert rep is not None and ooms(rep)[0]["facts"]["requested_bytes"] == 2 * 2**30
    assert rep["stats"]["lines"] == len(first) + 4       # nothing lost, nothing read twice

    with open(path, "a") as fh:             # the last words of the old file ...
        fh.write("flushing logs\n")
    path.rename(tmp_path / "train.log.1")   # ... rotated away, a new file takes the name
    path.write_text("\n".join(traceback("", 3.0)) + "\n")
    rep = d.report()
    assert rep is not None and ooms(rep)[0]["facts"]["requested_bytes"] == 3 * 2**30
    assert rep["stats"]["lines"] == len(first) + 4 + 1 + 4
    assert d.report(timeout=0.5) is None


def test_follower_ends_a_cut_last_line_before_the_next_file(tmp_path):
    path = tmp_path / "train.log"
    path.write_bytes(b"")
    f = FileFollower(str(path), from_start=True)
    path.write_bytes(b"one\npartial")
    assert f.read() == b"one\npartial"
    path.rename(tmp_path / "train.log.1")
    path.write_bytes(b"two\n")
    got = b"".join(f.read() for _ in range(4))
    assert got == b"\ntwo\n"               # 'partial' is not glued to 'two'
    with open(path, "ab") as fh:
        fh.write(b"cut")                    # a cut line, then truncation in place
    assert f.read() == b"cut"
    path.write_bytes(b"")
    assert f.read() == b"\n"
    path.write_bytes(b"three\n")
    assert f.read() == b"three\n"


class Clock:
    t = 0.0

    def __call__(self):
        return self.t


def test_precursors_and_startup_config_are_remembered_with_bounded_lines():
    """Config at start-up and an early cache-flush warning reach a diagnosis made
    ~100k lines later; the lines handed over stay bounded."""
    from oomdoc.diagnose import explain
    from oomdoc.stream import HEAD_LINES, LATER_LINES, RECENT_LINES, RECENT_SOURCES

    clock, seen = Clock(), []
    s = LiveSession("live", seen.append, clock=clock)
    s.feed(b"+ python3 -m verl.trainer.main_ppo actor_rollout_ref.rollout.gpu_memory_utilization=0.7 "
           b"data.max_response_length=8192\n")
    s.feed(b"[2023-05-04 10:11:12,345] [WARNING] [stage3.py:1850:step] 4 pytorch allocator cache flushes since "
           b"last step. this happens when there is high memory pressure and is detrimental to performance.\n")
    filler = b"".join(b"[rank%d]: Traceback (most recent call last):\n[rank%d]:   File \"x.py\", line 1, in f\n"
                      b"[rank%d]: ValueError: retry %d\n" % (i % 8, i % 8, i % 8, i) for i in range(200))
    for _ in range(15):                     # ~100k lines; 9k of them tracebacks, emitted and assembled
        s.feed(filler + b"ok\n" * 6000)
        clock.t += 0.05
    s.feed(f"{oom(2.0)}\n".encode())
    clock.t += 1.0
    s.tick()
    view = seen[-1]                         # earlier views: the ValueError tracebacks
    assert not any(e.kind == "gpu_oom" for v in seen[:-1] for e in v.events)
    kinds = [e.kind for e in view.events]
    assert "deepspeed_cache_flush" in kinds and "gpu_oom" in kinds
    assert view.lines[0].no == 1 and "gpu_memory_utilization=0.7" in view.lines[0].raw
    assert len(view.lines) <= HEAD_LINES + LATER_LINES + RECENT_LINES * RECENT_SOURCES
    assert view.lines_read > 90_000
    cfg = explain(None, analysis=view, similar=False).to_json()["config"]
    assert cfg["rollout.gpu_memory_utilization"]["value"] == 0.7
    assert cfg["rollout.gpu_memory_utilization"]["source"] == "log:1"


def test_exit_on_oom_exits_1_after_the_first_incident(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "oomdoc", "explain", "-", "--format", "jsonl",
                             "--flush-after", str(FLUSH), "--exit-on-oom"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    try:
        proc.stdin.write(("\n".join(traceback("", 2.0)) + "\n").encode())
        proc.stdin.flush()                  # and the pipe stays open
        assert proc.wait(timeout=15) == 1
        out, err = proc.communicate()
        assert len(out.decode().splitlines()) == 1 and json.loads(out)["diagnoses"]
        assert b"Traceback" not in err
    finally:
        proc.kill()
        proc.wait()


def test_ctrl_c_ends_quietly(tmp_path):
    from conftest import sigint_default, wait_blocked

    proc = subprocess.Popen([sys.executable, "-m", "oomdoc", "explain", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
                            preexec_fn=sigint_default)
    try:
        proc.stdin.write(b"step 1 ok\n")
        proc.stdin.flush()
        wait_blocked(proc, "select")        # inside the read loop, not still importing
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=15)
        assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
        assert proc.returncode == 130
    finally:
        proc.kill()
        proc.wait()


def test_watch_the_same_oom_again_after_copytruncate_is_a_new_incident(tmp_path, doc):
    """A job restarted by its scheduler fails the same way seconds after logrotate's
    copytruncate emptied the file: the identical message is a new incident, reported."""
    path = tmp_path / "train.log"
    d = doc("watch", str(path), "--from-start", stdin=subprocess.DEVNULL)
    path.write_text("\n".join(["boot", *[f"step {i} loss 0.5" for i in range(1, 40)], *traceback("", 1.0)]) + "\n")
    rep = d.report()
    assert rep is not None and ooms(rep)[0]["facts"]["requested_bytes"] == 1 * 2**30
    with open(path, "r+") as fh:            # emptied in place, then the restarted job's output:
        fh.truncate(0)                      # shorter than what was read, so the watcher sees the cut
    with open(path, "a") as fh:             # whenever it looks (no sleep needed)
        fh.write("\n".join(traceback("", 1.0)) + "\n")
    rep = d.report()
    assert rep is not None and ooms(rep)[0]["facts"]["requested_bytes"] == 1 * 2**30
