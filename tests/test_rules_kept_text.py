"""A log regex's literal pre-test (`conditions._may_match_a_line`) reads the kept lines once per
log: every incident of one log shares them; a grown list or another list is read again."""
from __future__ import annotations

from oomdoc.rules_engine import conditions as C
from oomdoc.model import Line
from oomdoc import re_cache


def _ctx(lines):
    return C.Context(events=[], facts=[], cfg=None, metrics=None, lines=lines, search=re_cache.search)


def _lines(*texts):
    return [Line(no=i + 1, text=t, raw=t) for i, t in enumerate(texts)]


def test_incidents_of_one_log_share_the_answer_and_a_changed_list_is_read_again():
    lines = _lines("step:1 - loss:0.5", "torch.OutOfMemoryError: CUDA out of memory.")
    a, b = _ctx(lines), _ctx(lines)         # two incidents of one log
    assert C._may_match_a_line(r"CUDA out of memory", a)
    assert not C._may_match_a_line(r"NCCL timeout", b)
    lines.append(Line(no=3, text="watchdog: NCCL timeout after 600 s", raw="x"))
    assert C._may_match_a_line(r"NCCL timeout", _ctx(lines))          # the list grew
    other = _lines("nothing here")
    assert not C._may_match_a_line(r"CUDA out of memory", _ctx(other))  # another log
    assert C._may_match_a_line(r"CUDA out of memory", _ctx(lines))


def test_line_numbers_are_shared_by_each_rules_copy():
    lines = _lines("a", "b", "c")
    ctx = _ctx(lines)
    copy = ctx.for_rule({"packaged": True})
    assert copy.line_numbers() == [1, 2, 3]
    assert ctx.line_numbers() is copy.line_numbers()
