"""The progress line: on a terminal for inputs over 64 MiB, cleared before the answer;
never on a pipe, never with --quiet, never for small inputs."""
from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys

import pytest

from oomdoc import progress

OOM = (b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
       b"79.10 GiB of which 1.06 GiB is free.\n")


@pytest.fixture(scope="module")
def big_log(tmp_path_factory):
    path = tmp_path_factory.mktemp("progress") / "big.log"
    line = b"(WorkerDict pid=1, ip=10.0.0.1) INFO 06-30 13:00:19 [scheduler.py:1557] Running: 12 reqs\n"
    block = line * ((1 << 20) // len(line))
    with open(path, "wb") as fh:
        for _ in range(66):
            fh.write(block)
        fh.write(OOM)
    assert path.stat().st_size > progress.MIN_SIZE
    return path


def _run_with_tty_stderr(args: list[str]) -> tuple[int, bytes, bytes]:
    """Run oomdoc with stderr on a pseudo-terminal; (status, stdout, what the terminal saw)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "oomdoc", *args], stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    seen = b""
    out = b""
    while True:
        r, _, _ = select.select([master, proc.stdout], [], [], 60)
        if not r:
            proc.kill()
            raise AssertionError("oomdoc did not finish within 60 s")
        if proc.stdout in r:
            chunk = proc.stdout.read1(1 << 16)
            out += chunk
            if not chunk:
                break
        if master in r:
            try:
                seen += os.read(master, 1 << 16)
            except OSError:   # the child closed the terminal
                pass
    proc.wait(timeout=60)
    try:
        while select.select([master], [], [], 0.2)[0]:
            data = os.read(master, 1 << 16)
            if not data:
                break
            seen += data
    except OSError:
        pass
    os.close(master)
    return proc.returncode, out, seen


def test_progress_on_a_terminal_is_drawn_then_cleared(big_log):
    rc, out, seen = _run_with_tty_stderr(["facts", str(big_log)])
    assert rc == 0
    assert b"gpu_oom" in out
    assert b"oomdoc: reading big.log" in seen and b"MiB/s" in seen and b"ETA" in seen
    # the last thing on the terminal is the clearing: spaces over the line, cursor back at column 0
    last = seen.rstrip(b"\r").rsplit(b"\r", 1)[-1]
    assert last.strip(b" ") == b"", seen[-200:]


def test_quiet_draws_nothing(big_log):
    rc, out, seen = _run_with_tty_stderr(["explain", "--quiet", str(big_log)])
    assert rc == 0 and b"CUDA out of memory" in out
    assert b"reading" not in seen


def test_no_progress_on_a_pipe(big_log):
    proc = subprocess.run([sys.executable, "-m", "oomdoc", "facts", str(big_log)], capture_output=True, timeout=120)
    assert proc.returncode == 0 and b"gpu_oom" in proc.stdout
    assert proc.stderr == b""


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_small_inputs_and_unknown_sizes_get_no_progress(tmp_path):
    small = tmp_path / "small.log"
    small.write_bytes(OOM)
    with open(small, "rb") as fh:
        assert progress.for_input(str(small), fh, _Tty()) is None
    assert progress.for_input("<stdin>", io.BytesIO(b"x"), _Tty()) is None   # no file size: no ETA to give


def test_progress_line_reports_bytes_rate_and_eta():
    tty = _Tty()
    bar = progress.Progress("train.log", 200 << 20, tty)
    bar.update(100 << 20)
    text = tty.getvalue()
    assert "train.log" in text and "100.0 MiB / 200.0 MiB (50%)" in text and "/s" in text and "ETA" in text
    bar.clear()
    assert tty.getvalue().endswith("\r" + " " * (len(text) - 1) + "\r")
