"""MetricStore.add keeps numbers only (not the step, not booleans), as floats, per series."""
from __future__ import annotations

from oomdoc.metrics_store import MAX_POINTS, RECENT, MetricStore
from oomdoc.model import Event


class Flt(float):
    pass


def _ev(line: int, **facts) -> Event:
    return Event("metrics", None, line, line, facts)


def test_only_numbers_are_series_and_the_step_is_each_points_step():
    s = MetricStore()
    s.add(_ev(3, step=7, loss=0.5, tokens=1200, done=True, label="x", lr=Flt(1e-5), gpu=None))
    s.add(_ev(5, step=8.0, loss=0.25, tokens=1300))
    assert s.names() == ["loss", "lr", "tokens"]
    assert s.points("loss") == [(7, 0.5, 3), (8.0, 0.25, 5)]
    assert s.points("tokens") == [(7, 1200.0, 3), (8.0, 1300.0, 5)]
    assert all(type(v) is float for _, v, _ in s.points("tokens") + s.points("lr"))
    assert s.count == {"loss": 2, "tokens": 2, "lr": 1}
    assert (s.first_line, s.last_line) == (3, 5)


def test_a_long_series_keeps_the_recent_points_exact_and_thins_the_rest():
    s = MetricStore()
    n = MAX_POINTS + 1
    for i in range(n):
        s.add(_ev(i, step=i, loss=float(i)))
    pts = s.points("loss")
    assert s.count["loss"] == n
    assert [p[2] for p in pts[-RECENT:]] == list(range(n - RECENT, n))
    assert [p[2] for p in pts[:-RECENT]] == list(range(0, n - RECENT, 2))
