from __future__ import annotations

import os
from pathlib import Path

import pytest

# Bugs are loud in the tests: a parser that raises fails the test instead of
# becoming a warning (oomdoc/strict.py); subprocesses inherit it.
os.environ["OOMDOC_STRICT"] = "1"

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture
def events_of():
    """Run the whole pipeline on literal log text; return the events."""
    from oomdoc import read_events

    def run(text: str, **kw):
        return read_events(text.encode() if isinstance(text, str) else text, **kw).events

    return run


# Blocking system calls on x86-64 / aarch64 Linux, as /proc/PID/syscall numbers them.
WAITING = {"select": {"23", "270", "7", "271", "72", "73"},    # select, pselect6, poll, ppoll (x86-64, aarch64)
           "open": {"257", "2", "56"}}                          # openat, open (x86-64), openat (aarch64)


def wait_blocked(proc, call: str, timeout: float = 60.0, settle: int = 10) -> None:
    """Wait (with a generous deadline) until `proc` sits in a blocking `call`
    ("select" for a read loop, "open" for a FIFO without a writer) for `settle`
    polls in a row: the condition a test needs before it signals the process,
    instead of a fixed sleep that a busy machine outlasts."""
    import time

    deadline = time.monotonic() + timeout
    path = f"/proc/{proc.pid}/syscall"
    streak = 0
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"process exited ({proc.returncode}) before blocking in {call}")
        try:
            with open(path) as fh:
                nr = fh.read().split(" ", 1)[0].strip()
        except OSError:
            pytest.skip("/proc/PID/syscall is not readable here")
        streak = streak + 1 if nr in WAITING[call] else 0
        if streak >= settle:
            return
        time.sleep(0.05)
    raise AssertionError(f"process never blocked in {call} within {timeout} s")


def sigint_default() -> None:
    """`preexec_fn` for a child that must see Ctrl-C: a shell's background job (`pytest &`)
    ignores SIGINT, and a child would inherit that and never see the test's signal."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def fold(text: str, width: int) -> str:
    """`fold -s -w width` as a paste gets it: a break after the last blank that fits (the
    blank stays at the line's end), a word longer than the width cut."""
    out = []
    for ln in text.split("\n"):
        while len(ln) > width:
            cut = ln.rfind(" ", 0, width)
            cut = width if cut <= 0 else cut + 1
            out.append(ln[:cut])
            ln = ln[cut:]
        out.append(ln)
    return "\n".join(out)
