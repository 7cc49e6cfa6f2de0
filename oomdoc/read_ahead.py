"""Read and pre-process the next chunk in a thread while the caller works on this one.

Reading a file and Hyperscan's search release the GIL: on a second core they
run beside the caller's Python work (line numbering, parsing) instead of
before it. `ahead(items, work)` yields `(item, work(item))` in order, at most
`depth` items ahead (memory stays bounded); an exception from the iterable or
from `work` is raised in the caller, and closing the generator stops the
thread (a daemon: a read blocked on a quiet pipe never holds up the exit).

Only worth it with a core to spare: on a machine already busy the helper
threads add ~5% CPU (GIL hand-overs) and overlap nothing, so `spare_core()`
asks the 1-minute load average first.
"""
from __future__ import annotations

import os
import queue
import threading
from typing import Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")
R = TypeVar("R")
_DONE = object()


class _Failed:
    def __init__(self, exc: BaseException):
        self.exc = exc


def spare_core() -> bool:
    """Whether this process may use a second core: more than one, and on average
    over the last minute fewer runnable tasks than cores (no load average: yes)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:      # not on Linux
        cores = os.cpu_count() or 1
    if cores < 2:
        return False
    try:
        return os.getloadavg()[0] < cores
    except (AttributeError, OSError):   # no load average (Windows)
        return True


def ahead(items: Iterable[T], work: Callable[[T], R], depth: int = 1) -> Iterator[tuple[T, R]]:
    q: queue.Queue = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def put(x) -> bool:
        while not stop.is_set():
            try:
                q.put(x, timeout=0.05)
                return True
            except queue.Full:
                continue
        return False

    def run() -> None:
        try:
            for item in items:
                if not put((item, work(item))):
                    return
            put(_DONE)
        except BaseException as exc:   # handed to the caller, raised there
            put(_Failed(exc))

    thread = threading.Thread(target=run, name="oomdoc-read-ahead", daemon=True)
    thread.start()
    try:
        while True:
            got = q.get()
            if got is _DONE:
                return
            if isinstance(got, _Failed):
                raise got.exc
            yield got
    finally:
        stop.set()
