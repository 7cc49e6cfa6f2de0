"""read_ahead.ahead: the next item is prepared in a thread, in order, errors raised in the caller."""
from __future__ import annotations

import threading

import pytest

from oomdoc.read_ahead import ahead


def test_items_and_results_in_order():
    threads = set()

    def work(x):
        threads.add(threading.current_thread().name)
        return x * x
    assert list(ahead(range(50), work)) == [(i, i * i) for i in range(50)]
    assert threads == {"oomdoc-read-ahead"}      # the work ran beside the caller


def test_an_error_from_the_items_or_the_work_is_raised_in_the_caller_after_the_good_ones():
    def items():
        yield 1
        yield 2
        raise ValueError("unreadable")
    got = []
    with pytest.raises(ValueError, match="unreadable"):
        for item, _ in ahead(items(), lambda x: x):
            got.append(item)
    assert got == [1, 2]

    def work(x):
        if x == 3:
            raise KeyError("bad chunk")
        return x
    with pytest.raises(KeyError):
        list(ahead(range(10), work))


def test_stopping_early_stops_the_thread():
    produced = []

    def items():
        for i in range(10_000):
            produced.append(i)
            yield i
    gen = ahead(items(), lambda x: x, depth=1)
    assert next(gen) == (0, 0)
    gen.close()
    before = len(produced)
    deadline = threading.Event()
    for _ in range(100):                      # the thread notices within its put timeout
        if not any(t.name == "oomdoc-read-ahead" and t.is_alive() for t in threading.enumerate()):
            break
        deadline.wait(0.05)
    assert not any(t.name == "oomdoc-read-ahead" and t.is_alive() for t in threading.enumerate())
    assert len(produced) <= before + 1 and len(produced) < 10


def test_a_spare_core_means_more_than_one_and_a_load_below_their_number(monkeypatch):
    import os

    from oomdoc import read_ahead

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(os, "getloadavg", lambda: (1.4, 1.0, 1.0))
    assert read_ahead.spare_core()
    monkeypatch.setattr(os, "getloadavg", lambda: (2.6, 1.0, 1.0))    # others keep both cores busy
    assert not read_ahead.spare_core()
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    assert not read_ahead.spare_core()                                # one core: nothing to overlap on

    def no_load():
        raise OSError("no load average")
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    monkeypatch.setattr(os, "getloadavg", no_load)
    assert read_ahead.spare_core()
