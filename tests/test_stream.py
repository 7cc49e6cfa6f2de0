"""Live mode: incidents are reported as soon as they are complete, not at EOF."""
from __future__ import annotations

from oomdoc.stream import FileFollower, LiveSession

OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity "
       "of 79.15 GiB of which 1.19 GiB is free. Of the allocated memory 70.00 GiB is allocated by PyTorch, and "
       "5.00 GiB is reserved by PyTorch but unallocated.")


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def session(clock, seen):
    return LiveSession("live", lambda a: seen.append(a), clock=clock, flush_after=0.5, grace=0.2,
                       incident_gap=10.0)


def test_incident_closed_only_by_idle_interval_is_reported_before_eof():
    clock, seen = Clock(), []
    s = session(clock, seen)
    s.feed(b"step 1 ok\n[rank0]: Traceback (most recent call last):\n[rank0]:   File \"t.py\", line 1, in f\n")
    s.feed(f"[rank0]: {OOM}\n".encode())
    clock.t = 0.3
    s.tick()
    assert seen == []                     # not idle long enough: the traceback may go on
    clock.t = 0.6
    s.tick()                              # idle flush closes the record -> event
    clock.t = 0.9
    s.tick()                              # grace passed -> reported, stream still open
    assert len(seen) == 1
    ev = [e for e in seen[0].events if e.kind == "gpu_oom"][0]
    assert ev.facts["requested_bytes"] == 2 * 2**30


def test_eight_ranks_are_one_incident_and_an_hour_later_is_another():
    clock, seen = Clock(), []
    s = session(clock, seen)
    s.feed("".join(f"[rank{r}]: {OOM}\n" for r in range(8)).encode() + b"next line\n")
    clock.t = 1.0
    s.tick()
    clock.t = 2.0
    s.tick()
    assert len(seen) == 1
    oom = [e for e in seen[0].events if e.kind == "gpu_oom"]
    assert len(oom) == 1 and oom[0].count == 8
    assert oom[0].to_json()["ranks"] == list(range(8))
    clock.t = 3600.0
    s.feed(f"[rank0]: {OOM}\nafter\n".encode())
    clock.t = 3601.0
    s.tick()
    clock.t = 3602.0
    s.tick()
    assert len(seen) == 2


def test_chained_exception_is_not_split():
    clock, seen = Clock(), []
    s = session(clock, seen)
    s.feed(b"Traceback (most recent call last):\n  File \"a.py\", line 1, in f\nValueError: x\n\n"
           b"During handling of the above exception, another exception occurred:\n\n"
           b"Traceback (most recent call last):\n  File \"b.py\", line 2, in g\n" + OOM.encode() + b"\n")
    clock.t = 1.0
    s.tick()
    clock.t = 2.0
    s.tick()
    assert len(seen) == 1
    ev = [e for e in seen[0].events if e.kind == "gpu_oom"][0]
    assert ev.line == 1 and ev.frames == ["a.py:f", "b.py:g"]


def test_file_follower_truncation_rotation_and_late_file(tmp_path):
    path = tmp_path / "train.log"
    f = FileFollower(str(path), from_start=False)
    assert f.read() == b""               # does not exist yet
    path.write_bytes(b"one\n")
    assert f.read() == b"one\n"          # a file that appears later is read whole
    with open(path, "ab") as fh:
        fh.write(b"two\n")
    assert f.read() == b"two\n"
    path.write_bytes(b"")                # truncated in place
    assert f.read() == b""
    path.write_bytes(b"three\n")
    assert f.read() == b"three\n"
    with open(path, "ab") as fh:
        fh.write(b"tail-of-old\n")
    path.rename(tmp_path / "train.log.1")   # rotated
    path.write_bytes(b"new-file\n")
    got = f.read() + f.read() + f.read()
    assert got == b"tail-of-old\nnew-file\n"
